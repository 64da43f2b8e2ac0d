#!/usr/bin/env python3
"""Throw generated hostile files at every loader and count what is refused cleanly (not in CI).

    python3 tools/hostile_corpus.py                  # ~1,500 cases, a few minutes
    python3 tools/hostile_corpus.py --cases 200 --seed 3
    python3 tools/hostile_corpus.py --cases 12 --only settings,progress,positions,map-refs   # seconds (the tests)

For saves (read_save), scenarios (scenario.load + start + run), data files (load_catalog on a
copy of data/ with one file replaced) and the map (load_board): mutations of real files (a value
swapped for a hostile one: a million-character string, a lone surrogate, NaN, a 5,000-digit
number, deep nesting, a list, a mapping; a key dropped; the text truncated; a byte flipped), plus
special files (a folder, a FIFO, a link to /dev/zero) and alias bombs. A case is *clean* when the
loader raises its own error type (SaveError, ScenarioError, CatalogError, MapError) with a message
naming the file and shorter than 2,000 characters, or accepts the file; anything else (another
exception, a message without the file) is listed. Files are written in a temporary folder.

Issue 23 added four classes, each with its own idea of clean:
  settings   a hostile settings.json (wrong kinds, junk, a link, a pipe): Settings.load gives valid
             values, keeps the original bytes (in place or as settings.json.bad), and a save never
             writes through a link;
  progress   a hostile puzzles.json / seats.idx: a win or a seat note is merged, and whatever was
             there is kept (merged, or set aside as *.bad), never lost, never a hang;
  positions  scenario positions with impossible ids and counts: refused with file, line and field
             (ScenarioError), or a table whose invariants hold and whose player has a move;
  map-refs   a map naming a pipe, a device, a huge file or a giant PNG as its tileset or image:
             MapError naming the file, at once.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

HOSTILE_VALUES = ["R" * 1_000_000, "bear\ud800forest", float("nan"), float("inf"), 10 ** 5000 if False else None,
                  "9" * 5000, [[[[[]]]]], {"a": {"b": 1}}, True, -1, 1.5, "", "x\x00y", 2 ** 70, [], {}]
BOMB = "a: &a [" + ", ".join(["lol"] * 9) + "]\n" + "".join(
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))


def nodes(value, path=()):
    """Every (path, value) inside a JSON-like value."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from nodes(v, path + (k,))
    elif isinstance(value, list):
        for k, v in enumerate(value):
            yield from nodes(v, path + (k,))


def set_at(root, path, value):
    if not path:
        return value
    cur = root
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value
    return root


def drop_at(root, path):
    if not path:
        return root
    cur = root
    for p in path[:-1]:
        cur = cur[p]
    if isinstance(cur, dict):
        cur.pop(path[-1], None)
    elif isinstance(cur, list) and cur:
        cur.pop(path[-1])
    return root


def mutate_data(rnd, data):
    d = copy.deepcopy(data)
    all_nodes = list(nodes(d))
    path, _ = rnd.choice(all_nodes)
    how = rnd.random()
    if how < 0.7:
        v = rnd.choice(HOSTILE_VALUES)
        if v == "deep":
            v = json.loads("[" * 3000 + "]" * 3000) if False else [[[]]]
        return set_at(d, path, v)
    return drop_at(d, path)


def text_variants(rnd, text: str) -> str:
    how = rnd.random()
    if how < 0.4:
        return text[: rnd.randrange(len(text))]                       # truncated
    b = bytearray(text.encode("utf-8", "surrogatepass"))
    for _ in range(rnd.randint(1, 4)):
        b[rnd.randrange(len(b))] = rnd.randrange(256)                 # bytes flipped
    return b.decode("utf-8", "surrogateescape")


def dump_json(d) -> str:
    s = json.dumps(d, ensure_ascii=False)
    return s.replace('"DEEP"', "[" * 20000 + "]" * 20000)


POSITION_VALUES = [99, -5, 0, 1000, 10 ** 6, 9, "nowhere", ["nowhere"], {"nowhere": "red"}, [], {}, None,
                   True, "9" * 50, 2 ** 70, -1]
POSITION_FIELDS = [("board", "doom"), ("board", "first_player"), ("board", "totem"), ("board", "winter_gems"),
                   ("turn", "lap"), ("turn", "round"), ("turn", "player"), ("tribes", "corruption"),
                   ("tribes", "settlements"), ("tribes", "beacons"), ("tribes", "solved"),
                   ("tribes", "achievements"), ("tribes", "designated"), ("tribes", "sower")]


class Tally:
    def __init__(self):
        self.counts: dict[str, list[int]] = {}
        self.bad: list[str] = []
        self.checked: set[str] = set()     # kinds counted by check() (no error type of their own)

    def case(self, kind: str, name: str, fn, path, own_error) -> None:
        c = self.counts.setdefault(kind, [0, 0, 0])
        c[0] += 1
        try:
            fn()
        except own_error as e:
            msg = str(e)
            if str(path) not in msg and os.path.basename(str(path)) not in msg:
                self.bad.append(f"{kind} {name}: message does not name the file: {msg[:200]}")
            elif len(msg) > 2000:
                self.bad.append(f"{kind} {name}: message of {len(msg)} characters")
            else:
                c[1] += 1
            return
        except BaseException as e:        # noqa: BLE001 - exactly what we count
            self.bad.append(f"{kind} {name}: {type(e).__name__}: {str(e)[:200]}")
            return
        c[2] += 1                          # accepted: a mutation that is still valid


    def check(self, kind: str, name: str, fn) -> None:
        """`fn()` returns None when the case was handled cleanly, else what went wrong."""
        self.checked.add(kind)
        c = self.counts.setdefault(kind, [0, 0, 0])
        c[0] += 1
        try:
            problem = fn()
        except BaseException as e:        # noqa: BLE001 - exactly what we count
            self.bad.append(f"{kind} {name}: {type(e).__name__}: {str(e)[:200]}")
            return
        if problem:
            self.bad.append(f"{kind} {name}: {problem}")
        else:
            c[1] += 1


def special(tmp: Path, suffix: str) -> dict[str, Path]:
    out = {"folder": tmp / f"folder{suffix}", "dev-zero": tmp / f"zero{suffix}", "fifo": tmp / f"fifo{suffix}"}
    out["folder"].mkdir()
    out["dev-zero"].symlink_to("/dev/zero")
    os.mkfifo(out["fifo"])
    return out


def report(t: Tally, seed: int, t0: float) -> None:
    """The counts per class and the cases that were not clean."""
    total = sum(c[0] for c in t.counts.values())
    clean = sum(c[1] + c[2] for c in t.counts.values())
    print(f"hostile corpus, seed {seed}: {total} cases in {time.monotonic() - t0:.0f} s")
    for kind, (n, refused, accepted) in t.counts.items():
        if kind in t.checked:              # issue 23's classes: survived with nothing lost, or refused
            print(f"  {kind:9s} {n:5d} cases: {refused} handled cleanly, {n - refused} not clean")
            continue
        print(f"  {kind:9s} {n:5d} cases: {refused} refused cleanly, {accepted} accepted (still valid), "
              f"{n - refused - accepted} not clean")
    for line in t.bad[:40]:
        print("NOT CLEAN", line)
    print(f"{clean} of {total} clean")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=500, help="save and scenario mutations (default 500; "
                   "a quarter as many data files, an eighth as many maps)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", default="", help="comma-separated classes: save, scenario, data, map, settings, "
                   "progress, positions, map-refs (default: all)")
    args = p.parse_args(argv)
    only = {x.strip() for x in args.only.split(",") if x.strip()}

    def want(kind: str) -> bool:
        return not only or kind in only
    rnd = random.Random(args.seed)
    HOSTILE_VALUES[HOSTILE_VALUES.index(None)] = "DEEP"
    tmp = Path(tempfile.mkdtemp(prefix="faeriell-hostile-"))
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.engine.saves import SaveError, dumps, read_save
    from faeriell import scenario
    from faeriell.content.catalog_loader import CatalogError, load_catalog
    from faeriell.content.map_loader import MapError, load_board
    rules = default_rules()
    t = Tally()
    t0 = time.monotonic()

    # ---- saves
    g = new_game(rules, 3, "competitive", "medium", ["shadows", "drifter"], 4)
    save_cases = args.cases if want("save") else 0
    scenario_cases = args.cases if want("scenario") else 0
    rg = random.Random(4)
    for _ in range(60):
        g.apply(rg.choice(g.legal_actions()))
    good = dumps(g)
    data = json.loads(good)
    for k in range(save_cases):
        f = tmp / f"save{k}.json"
        text = dump_json(mutate_data(rnd, data)) if k % 3 else text_variants(rnd, good)
        f.write_text(text, encoding="utf-8", errors="surrogatepass")
        t.case("save", f.name, lambda f=f: read_save(rules, f), f, SaveError)
        f.unlink()
    for name, f in (special(tmp, ".json").items() if want("save") else ()):
        t.case("save", name, lambda f=f: read_save(rules, f), f, SaveError)

    # ---- scenarios
    shipped = scenario.files([str(ROOT / "tests" / "scenarios"), str(ROOT / "data" / "puzzles")])
    for k in range(scenario_cases):
        src = rnd.choice(shipped)
        f = tmp / f"scenario{k}.yaml"
        if k % 3:
            d = yaml.safe_load(src.read_text())
            f.write_text(yaml.safe_dump(mutate_data(rnd, d), allow_unicode=True).replace("DEEP", "[" * 3000 + "]" * 3000),
                         encoding="utf-8", errors="surrogatepass")
        else:
            f.write_text(text_variants(rnd, src.read_text()), encoding="utf-8", errors="surrogateescape")

        def run(f=f):
            sc = scenario.load(f)
            scenario.run(sc, rules)
        t.case("scenario", f"{f.name} (from {src.name})", run, f, scenario.ScenarioError)
        f.unlink()
    for name, f in (list(special(tmp, ".yaml").items()) + [("alias-bomb", tmp / "bomb.yaml")]
                    if want("scenario") else ()):
        if name == "alias-bomb":
            f.write_text(BOMB)
        t.case("scenario", name, lambda f=f: scenario.load(f), f, scenario.ScenarioError)

    # ---- data files (a copy of data/, one file replaced)
    dcopy = tmp / "data"
    shutil.copytree(ROOT / "data", dcopy)
    names = sorted(p.name for p in (ROOT / "data").glob("*.yaml"))
    for k in range(args.cases // 4 if want("data") else 0):
        name = rnd.choice(names)
        orig = (ROOT / "data" / name).read_text()
        f = dcopy / name
        if k % 3:
            f.write_text(yaml.safe_dump(mutate_data(rnd, yaml.safe_load(orig)), allow_unicode=True)
                         .replace("DEEP", "[" * 3000 + "]" * 3000), encoding="utf-8", errors="surrogatepass")
        else:
            f.write_text(text_variants(rnd, orig), encoding="utf-8", errors="surrogateescape")
        # a broken file may surface as an error in a file that refers to it: any data file named
        t.case("data", f"{name} #{k}", lambda: load_catalog(dcopy), dcopy, CatalogError)
        f.write_text(orig)
    if want("data"):
        f = dcopy / "bag.yaml"
        f.write_text(BOMB)
        t.case("data", "alias-bomb", lambda: load_catalog(dcopy), dcopy, CatalogError)

    # ---- the map
    tmx = (ROOT / "maps" / "faeriell.tmx").read_text()
    for k in range(args.cases // 8 if want("map") else 0):
        f = tmp / f"map{k}.tmx"
        f.write_text(text_variants(rnd, tmx), encoding="utf-8", errors="surrogateescape")
        t.case("map", f.name, lambda f=f: load_board(str(f)), f, MapError)
    for name, f in (special(tmp, ".tmx").items() if want("map") else ()):
        t.case("map", name, lambda f=f: load_board(str(f)), f, MapError)

    if want("settings"):
        settings_cases(t, rnd, tmp, args.cases)
    if want("progress"):
        progress_cases(t, rnd, tmp, args.cases)
    if want("positions"):
        position_cases(t, rnd, tmp, args.cases, rules, shipped)
    if want("map-refs"):
        map_ref_cases(t, tmp, tmx, MapError, load_board)

    report(t, args.seed, t0)
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if t.bad else 0


# ------------------------------------------------------------------------------ issue 23's classes
def _hostile_text(rnd, good: dict) -> str:
    how = rnd.random()
    if how < 0.6:
        return dump_json(mutate_data(rnd, good))
    if how < 0.8:
        return text_variants(rnd, json.dumps(good))
    return rnd.choice(["", "[]", "null", "{", "{\"solved\": [1, 2,]}", "\ufeff{}", " " * 300_000,
                       json.dumps({"solved": ["a"] * 2000, "x": "y" * 300_000})])


def _originals(folder: Path, name: str) -> list[bytes]:
    """The bytes of `name` and of every NAME.bad* beside it (what was kept)."""
    out = []
    for p in sorted(folder.iterdir()):
        if (p.name == name or p.name.startswith(name + ".bad")) and p.is_file() and not p.is_symlink():
            out.append(p.read_bytes())
    return out


def settings_cases(t, rnd, tmp: Path, n: int) -> None:
    from faeriell.ui.settings import ANIM_FACTORS, BOT_DELAYS, UI_SCALES, Settings
    good = Settings().to_dict()
    for k in range(n):
        folder = tmp / f"settings{k}"
        folder.mkdir()
        f = folder / "settings.json"
        raw = _hostile_text(rnd, good).encode("utf-8", "surrogatepass")
        f.write_bytes(raw)

        def run(f=f, raw=raw, folder=folder):
            s = Settings.load(f)
            flags = (s.curtain, s.mute, s.colour_blind)
            if s.bot_speed not in BOT_DELAYS or s.anim_speed not in ANIM_FACTORS or s.ui_scale not in UI_SCALES \
                    or not 0 <= s.volume <= 1 or not all(isinstance(v, bool) for v in flags):
                return f"a value left invalid: {s.to_dict()}"
            if raw not in _originals(folder, "settings.json"):
                return "the original file is gone"
            damaged = bool(s.notice)
            s.save()
            if damaged and raw not in _originals(folder, "settings.json"):
                return "the damaged file was overwritten by a save"    # a valid one is simply rewritten
            return None
        t.check("settings", f"settings #{k}", run)
    # a link planted as the settings file or the old fixed temporary name; a pipe
    folder = tmp / "settings-links"
    folder.mkdir()
    target = tmp / "victim.txt"
    target.write_text("not yours")
    (folder / "settings.tmp").symlink_to(target)
    (folder / "settings.json").symlink_to(target)
    fifo_dir = tmp / "settings-fifo"
    fifo_dir.mkdir()
    os.mkfifo(fifo_dir / "settings.json")

    def links():
        from faeriell.storage.tempfiles import remove_stale_temp_files
        s = Settings.load(folder / "settings.json")
        s.volume = 0.1
        s.save()
        remove_stale_temp_files(folder)
        if target.read_text() != "not yours":
            return "the link's target was written"
        if (folder / "settings.tmp").is_symlink():
            return "the planted settings.tmp link was left"
        return None

    def fifo():
        s = Settings.load(fifo_dir / "settings.json")
        s.save()
        return None
    t.check("settings", "links", links)
    t.check("settings", "fifo", fifo)


def progress_cases(t, rnd, tmp: Path, n: int) -> None:
    from faeriell.puzzles.path import Progress
    from faeriell.storage.folders import SEATS_FILE
    from faeriell.storage.locks import update_json
    for k in range(n):
        folder = tmp / f"progress{k}"
        folder.mkdir()
        f = folder / "puzzles.json"
        base = {"solved": ["first-steps", "beacon-race", "totem-dance"]}
        raw = _hostile_text(rnd, base).encode("utf-8", "surrogatepass")
        f.write_bytes(raw)

        def run(f=f, raw=raw, folder=folder):
            from faeriell.puzzles.path import _progress_ok
            try:
                data = json.loads(raw)
                before = set(data["solved"]) if _progress_ok(data) else None
            except Exception:             # noqa: BLE001 - a damaged file: it must be kept aside
                before = None
            pr = Progress(folder)
            if not pr.mark_solved("new-win"):
                return f"the win was not kept: {pr.error}"
            after = pr.solved()
            if "new-win" not in after:
                return "the win is not in the file"
            if before is not None and not (before <= after) and raw not in _originals(folder, "puzzles.json"):
                return f"earlier wins lost: {sorted(before - after)[:3]}"
            if before is None and raw not in _originals(folder, "puzzles.json"):
                return "the damaged file was not kept"
            return None
        t.check("progress", f"puzzles #{k}", run)
    for k in range(max(1, n // 4)):
        folder = tmp / f"seats{k}"
        folder.mkdir()
        f = folder / SEATS_FILE
        raw = _hostile_text(rnd, {'{"kind": "new"}': ["human", "hard"]}).encode("utf-8", "surrogatepass")
        f.write_bytes(raw)

        def run(f=f, raw=raw, folder=folder):
            new, notice = update_json(f, lambda old: dict(old) if isinstance(old, dict) else {},
                                              valid=lambda d: isinstance(d, dict) and all(
                                                  isinstance(v, list) for v in d.values()))
            if not isinstance(new, dict):
                return "not merged into a mapping"
            try:
                data = json.loads(raw)
                ok = isinstance(data, dict) and all(isinstance(v, list) for v in data.values())
            except Exception:             # noqa: BLE001
                ok = False
            if not ok and raw not in _originals(folder, SEATS_FILE):
                return "the damaged seats file was not kept"
            return None
        t.check("progress", f"seats #{k}", run)
    fifo_dir = tmp / "progress-fifo"
    fifo_dir.mkdir()
    os.mkfifo(fifo_dir / "puzzles.json")
    t.check("progress", "fifo", lambda: None if Progress(fifo_dir).mark_solved("x") in (True, False) else "?")


def position_cases(t, rnd, tmp: Path, n: int, rules, shipped) -> None:
    from faeriell import scenario
    from faeriell.engine import invariants
    for k in range(n):
        src = rnd.choice(shipped)
        d = yaml.safe_load(src.read_text())
        section, key = rnd.choice(POSITION_FIELDS)
        value = rnd.choice(POSITION_VALUES)
        if section == "tribes":
            tribes = d.setdefault("tribes", [{}])
            if not tribes:
                tribes.append({})
            tribes[rnd.randrange(len(tribes))] = dict(tribes[0] or {}, **{key: value})
        else:
            d.setdefault(section, {})
            if not isinstance(d[section], dict):
                d[section] = {}
            d[section][key] = value
        d.pop("steps", None)
        d.pop("solution", None)
        d.pop("wrong", None)
        f = tmp / f"position{k}.yaml"
        f.write_text(yaml.safe_dump(d, allow_unicode=True))

        def run(f=f):
            try:
                g = scenario.start(scenario.load(f), rules)
            except scenario.ScenarioError as e:
                msg = str(e)
                return None if f.name in msg and ":" in msg else f"refusal without file and line: {msg[:200]}"
            broken = [b for b in invariants.check(g) if not b.endswith("without meeting it")
                      and not b.endswith("Achievement tokens")]
            if broken:
                return f"accepted but broken: {broken[0]}"
            if not g.state.game_over and len(g.legal_actions()) == 0:
                return "accepted with no legal move"
            return None
        t.check("positions", f"{f.name} ({section}.{key}={str(value)[:20]}, from {src.name})", run)


def _png_header(w: int, h: int) -> bytes:
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
            + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))


def map_ref_cases(t, tmp: Path, tmx: str, MapError, load_board) -> None:
    folder = tmp / "maprefs"
    folder.mkdir()
    os.mkfifo(folder / "pipe.tsx")
    os.mkfifo(folder / "pipe.png")
    (folder / "zero.tsx").symlink_to("/dev/zero")
    with open(folder / "huge.tsx", "wb") as fh:
        fh.truncate(300 * 1024 * 1024)                 # sparse: 300 MB on paper, nothing on disk
    (folder / "giant.png").write_bytes(_png_header(30000, 30000) + b"\0" * 64)
    (folder / "notimage.png").write_text("hello")
    tsx = ('<?xml version="1.0"?><tileset version="1.10" name="t" tilewidth="32" tileheight="32" '
           'tilecount="1" columns="1"><image source="{img}" width="32" height="32"/></tileset>')
    (folder / "giant.tsx").write_text(tsx.format(img="giant.png"))
    (folder / "pipeimg.tsx").write_text(tsx.format(img="pipe.png"))
    import re as _re
    for name, source in (("tileset-fifo", "pipe.tsx"), ("tileset-dev-zero", "zero.tsx"),
                         ("tileset-300MB", "huge.tsx"), ("tileset-folder", "."),
                         ("tile-image-30000x30000", "giant.tsx"), ("tile-image-fifo", "pipeimg.tsx")):
        f = folder / f"{name}.tmx"
        f.write_text(_re.sub(r'<tileset [^>]*>.*?</tileset>', f'<tileset firstgid="1" source="{source}"/>',
                             tmx, count=1, flags=_re.DOTALL))
        t.case("map-refs", name, lambda f=f: load_board(str(f)), f, MapError)
    for name, img in (("image-30000x30000", "giant.png"), ("image-fifo", "pipe.png"),
                      ("image-not-png", "notimage.png")):
        f = folder / f"{name}.tmx"
        f.write_text(_re.sub(r'<image [^>]*source="[^"]*"', f'<image source="{img}"', tmx, count=1))
        t.case("map-refs", name, lambda f=f: load_board(str(f)), f, MapError)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Throw generated hostile files at every loader and count what is refused cleanly (not in CI).

    python3 tools/hostile_corpus.py                  # ~1,200 cases, a few minutes
    python3 tools/hostile_corpus.py --cases 200 --seed 3

For saves (read_save), scenarios (scenario.load + start + run), data files (load_catalog on a
copy of data/ with one file replaced) and the map (load_board): mutations of real files (a value
swapped for a hostile one: a million-character string, a lone surrogate, NaN, a 5,000-digit
number, deep nesting, a list, a mapping; a key dropped; the text truncated; a byte flipped), plus
special files (a folder, a FIFO, a link to /dev/zero) and alias bombs. A case is *clean* when the
loader raises its own error type (SaveError, ScenarioError, CatalogError, MapError) with a message
naming the file and shorter than 2,000 characters, or accepts the file; anything else (another
exception, a message without the file) is listed. Files are written in a temporary folder.
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
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))


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


class Tally:
    def __init__(self):
        self.counts: dict[str, list[int]] = {}
        self.bad: list[str] = []

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


def special(tmp: Path, suffix: str) -> dict[str, Path]:
    out = {"folder": tmp / f"folder{suffix}", "dev-zero": tmp / f"zero{suffix}", "fifo": tmp / f"fifo{suffix}"}
    out["folder"].mkdir()
    out["dev-zero"].symlink_to("/dev/zero")
    os.mkfifo(out["fifo"])
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cases", type=int, default=500, help="save and scenario mutations (default 500; "
                   "a quarter as many data files, an eighth as many maps)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
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
    rg = random.Random(4)
    for _ in range(60):
        g.apply(rg.choice(g.legal_actions()))
    good = dumps(g)
    data = json.loads(good)
    for k in range(args.cases):
        f = tmp / f"save{k}.json"
        text = dump_json(mutate_data(rnd, data)) if k % 3 else text_variants(rnd, good)
        f.write_text(text, encoding="utf-8", errors="surrogatepass")
        t.case("save", f.name, lambda f=f: read_save(rules, f), f, SaveError)
        f.unlink()
    for name, f in special(tmp, ".json").items():
        t.case("save", name, lambda f=f: read_save(rules, f), f, SaveError)

    # ---- scenarios
    shipped = scenario.files([str(ROOT / "tests" / "scenarios"), str(ROOT / "data" / "puzzles")])
    for k in range(args.cases):
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
    for name, f in list(special(tmp, ".yaml").items()) + [("alias-bomb", tmp / "bomb.yaml")]:
        if name == "alias-bomb":
            f.write_text(BOMB)
        t.case("scenario", name, lambda f=f: scenario.load(f), f, scenario.ScenarioError)

    # ---- data files (a copy of data/, one file replaced)
    dcopy = tmp / "data"
    shutil.copytree(ROOT / "data", dcopy)
    names = sorted(p.name for p in (ROOT / "data").glob("*.yaml"))
    for k in range(args.cases // 4):
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
    f = dcopy / "bag.yaml"
    f.write_text(BOMB)
    t.case("data", "alias-bomb", lambda: load_catalog(dcopy), dcopy, CatalogError)

    # ---- the map
    tmx = (ROOT / "maps" / "faeriell.tmx").read_text()
    for k in range(args.cases // 8):
        f = tmp / f"map{k}.tmx"
        f.write_text(text_variants(rnd, tmx), encoding="utf-8", errors="surrogateescape")
        t.case("map", f.name, lambda f=f: load_board(str(f)), f, MapError)
    for name, f in special(tmp, ".tmx").items():
        t.case("map", name, lambda f=f: load_board(str(f)), f, MapError)

    total = sum(c[0] for c in t.counts.values())
    clean = sum(c[1] + c[2] for c in t.counts.values())
    print(f"hostile corpus, seed {args.seed}: {total} cases in {time.monotonic() - t0:.0f} s")
    for kind, (n, refused, accepted) in t.counts.items():
        print(f"  {kind:9s} {n:5d} cases: {refused} refused cleanly, {accepted} accepted (still valid), "
              f"{n - refused - accepted} not clean")
    for line in t.bad[:40]:
        print("NOT CLEAN", line)
    print(f"{clean} of {total} clean")
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if t.bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""Hostile files never crash, hang or eat memory (issue 15, failures 1-11).

Every input here is small and generated in tmp_path: special files (a FIFO, a folder, a link to
/dev/zero), size limits lowered with monkeypatch instead of writing huge files, alias bombs and
deep nesting written in a few lines. Each refusal must be the loader's own error type, name the
file, and stay short enough to show.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from faeriell import safe_read  # noqa: E402
from faeriell.content.catalog_loader import CatalogError, load_catalog  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.content.yaml_lines import YamlError, read_yaml  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine.action_schema import action_problem  # noqa: E402
from faeriell.engine.saves import SaveError, dumps, read_save, save  # noqa: E402

R = default_rules()
FIFO_OK = hasattr(os, "mkfifo")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data-folder"
    d.mkdir()
    monkeypatch.setenv("FAERIELL_DATA", str(d))
    return d


@pytest.fixture(scope="module")
def played():
    g = new_game(R, 2, "competitive", "medium", [], 5)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    return g


def _special_files(tmp_path) -> dict[str, Path]:
    """name -> a path that is no regular file."""
    out = {}
    folder = tmp_path / "a-folder.json"
    folder.mkdir()
    out["a folder"] = folder
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    out["a device"] = zero
    if FIFO_OK:
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        out["a named pipe (FIFO)"] = fifo
    return out


# ------------------------------------------------------------------------------ the safe reader
def test_special_files_are_refused_unread_and_named(tmp_path):
    for what, path in _special_files(tmp_path).items():
        for kind in ("save", "scenario", "data", "map"):
            with pytest.raises(safe_read.UnsafeFile) as e:
                safe_read.read_bytes(path, kind)            # a FIFO would hang a plain open()
            assert str(path) in str(e.value) and what in str(e.value)
            assert what in safe_read.why_not_readable(path, kind)


def test_size_limit_per_kind(tmp_path, monkeypatch):
    f = tmp_path / "big.json"
    f.write_bytes(b" " * 5000)
    monkeypatch.setitem(safe_read.LIMITS, "save", 4096)
    with pytest.raises(safe_read.UnsafeFile, match="too large for a save file"):
        safe_read.read_bytes(f, "save")
    assert "too large" in safe_read.why_not_readable(f, "save")
    assert safe_read.read_bytes(f, "scenario") == b" " * 5000       # another kind, another limit


def test_non_utf8_names_the_line(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_bytes(b"name: ok\nsecond: \xff\xfe\n")
    with pytest.raises(safe_read.UnsafeFile, match=r"x\.yaml:2: not UTF-8 text"):
        safe_read.read_text(f, "scenario")


def test_clip_cuts_and_makes_text_safe():
    assert safe_read.clip("x" * 10_000_000, 50) == "x" * 49 + "…"
    s = safe_read.clip("a\ud800b\x00c")
    s.encode("utf-8")                                  # no lone surrogate left
    assert "\x00" not in s and s.startswith("a") and s.endswith("c")


@pytest.mark.parametrize("text,match", ids=["deep", "digits", "Infinity", "NaN", "1e999"], argvalues=[
    ("[" * 5000 + "]" * 5000, "nested more than"),
    ('{"a": ' + "9" * 5000 + "}", "5000 digits"),
    ('{"a": Infinity}', "Infinity is not a number"),
    ('{"a": NaN}', "NaN is not a number"),
    ('{"a": 1e999}', "out of range"),
])
def test_json_nesting_and_numbers_are_bounded(text, match):
    with pytest.raises(safe_read.UnsafeFile, match=match):
        safe_read.parse_json(text, "f.json")


# ------------------------------------------------------------------------------ YAML
BOMB = "a: &a [" + ", ".join(["lol"] * 9) + "]\n" + "".join(     # 9^9 strings once expanded
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))

HOSTILE_YAML = {
    "alias-bomb": (BOMB, "aliases expand to more than"),
    "recursive-alias": ("a: &a [*a]\n", "refers to the value that contains it"),
    "deep": ("[" * 3000 + "]" * 3000 + "\n", "nested more than"),
    "big-int": ("x: " + "9" * 5000 + "\n", "a number of 5000 characters"),
    "list-key": ("? [1, 2]\n: 3\n", "a key must be a name or a number"),
    "python-tag": ("x: !!python/object/apply:os.system ['true']\n", "(yaml)"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_YAML))
def test_hostile_yaml_is_refused_quickly_with_file_and_line(tmp_path, name):
    text, match = HOSTILE_YAML[name]
    f = tmp_path / f"{name}.yaml"
    f.write_text(text)
    with pytest.raises(YamlError) as e:
        read_yaml(f, str(f))
    msg = str(e.value)
    assert msg.startswith(f"{f}:") and match in msg, msg


def test_yaml_special_files_and_bad_bytes(tmp_path):
    for what, path in _special_files(tmp_path).items():
        with pytest.raises(YamlError, match=what.split(" (")[0]):
            read_yaml(path, str(path))
    f = tmp_path / "latin1.yaml"
    f.write_bytes(b"name: caf\xe9\n")
    with pytest.raises(YamlError, match=r"latin1\.yaml:1: not UTF-8"):
        read_yaml(f, str(f))


@pytest.fixture
def data_copy(tmp_path):
    d = tmp_path / "data"
    shutil.copytree(ROOT / "data", d)
    return d


@pytest.mark.parametrize("content", [BOMB, b"colors: \xff\n", "[" * 3000 + "]" * 3000,
                                     "x: " + "1" * 5000], ids=["bomb", "latin1", "deep", "digits"])
def test_catalog_loader_reports_hostile_data_in_one_line(data_copy, content):
    (data_copy / "bag.yaml").write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(CatalogError, match="bag.yaml:"):
        load_catalog(data_copy)


def test_catalog_loader_command_prints_one_line(data_copy):
    (data_copy / "bag.yaml").write_text(BOMB)
    p = subprocess.run([sys.executable, "-m", "faeriell.content.catalog_loader", str(data_copy)],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 1 and "Traceback" not in p.stderr and "bag.yaml" in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1


# ------------------------------------------------------------------------------ saves
def _save_dict(g):
    return json.loads(dumps(g))


def _hostile_saves(g) -> dict[str, str]:
    good = _save_dict(g)

    def with_(fn):
        d = json.loads(json.dumps(good))
        fn(d)
        return json.dumps(d)

    def first_action(**fields):
        return with_(lambda d: d["actions"][0].update(fields))

    def origin(**fields):
        return with_(lambda d: d["origin"].update(fields))
    text = json.dumps(good)
    return {
        "deep nesting": '{"format": "faeriell-save", "x": ' + "[" * 20000 + "]" * 20000 + "}",
        "5000-digit seed": text.replace('"seed": 5', '"seed": ' + "7" * 5000),
        "player x": first_action(player="x"),
        "Infinity": text.replace('"doom": ', '"doom": Infinity, "d": '),
        "huge region name": first_action(region="R" * 200_000),
        "lone surrogate": first_action(region="\ud800bear"),
        "unknown field": first_action(colour="red"),
        "string seed": origin(seed="5"),
        "float seed": origin(seed=5.0),
        "bool seed": origin(seed=True),
        "negative seed": origin(seed=-1),
        "nested action value": first_action(region=[["bear-forest"]]),
        "action not an object": with_(lambda d: d["actions"].__setitem__(0, 5)),
        "origin kind junk": origin(kind={"a": 1}),
        "position origin junk": with_(lambda d: d.__setitem__(
            "origin", {"kind": "position", "setup": {"players": "x"}, "board": 5})),
        "snapshot junk": with_(lambda d: d.__setitem__("snapshot", {"hash": 1, "round": [],
                                                                     "doom": {}, "active_player": None})),
        "NUL in format": text.replace('"faeriell-save"', '"faeriell-save\\u0000"'),
        "truncated": text[: len(text) // 2],
    }


def test_read_save_raises_only_save_error_naming_the_file(tmp_path, played):
    cases = _hostile_saves(played)
    assert len(cases) >= 18
    for name, text in cases.items():
        f = tmp_path / "hostile.json"
        f.write_text(text, encoding="utf-8", errors="surrogatepass")
        with pytest.raises(SaveError) as e:
            read_save(R, f)
        msg = str(e.value)
        assert str(f) in msg, (name, msg)
        assert len(msg) < 1500, (name, len(msg))
        msg.encode("utf-8")            # printable and drawable (no lone surrogate)


def test_saves_that_are_no_regular_file(tmp_path, monkeypatch):
    for what, path in _special_files(tmp_path).items():
        with pytest.raises(SaveError, match=what.split(" (")[0]):
            read_save(R, path)
    f = tmp_path / "big.json"
    f.write_text(" " * 3000)
    monkeypatch.setitem(safe_read.LIMITS, "save", 2048)
    with pytest.raises(SaveError, match="too large"):
        read_save(R, f)


def test_json_depth_skips_brackets_in_strings():
    assert safe_read.json_depth('["[[[[", {"a": "]] \\" [["}]') == 2
    assert safe_read.json_depth("[" * 70 + "]" * 70) == 70


def test_a_save_with_too_many_moves_is_refused_before_replaying(played, monkeypatch):
    from faeriell.engine import saves
    monkeypatch.setattr(saves, "MAX_ACTIONS", 10)
    with pytest.raises(SaveError, match="lists 30 moves"):
        saves.load(R, save(played))


def test_junk_in_saved_actions_is_refused_not_replayed(played):
    from faeriell.engine.saves import load
    d = save(played)
    d["actions"][2] = dict(d["actions"][2], note="kept forever?")
    with pytest.raises(SaveError, match="action 3 of .* unknown field 'note'"):
        load(R, d)


def test_every_listed_action_fits_the_action_schema():
    """The schema is the engine's own vocabulary: every move listed in games of every variant
    fits it (so a real save is never refused by it)."""
    import random
    from faeriell.engine.setup import VARIANTS
    configs = [(2, "competitive", ["twins"]), (3, "competitive", ["shadows", "drifter"]),
               (4, "coop", ["winters_grasp", "kickstarter", "advanced_menace_rule"]),
               (1, "solo", ["starting_scenario", "no_doom_end_after_five"])]
    assert {v for _, _, vs in configs for v in vs} == set(VARIANTS)
    kinds = set()
    for k, (players, mode, variants) in enumerate(configs):
        g = new_game(R, players, mode, "medium", variants, k)
        rnd = random.Random(k)
        for _ in range(600):
            if g.state.game_over:
                break
            legal = g.legal_actions()
            for a in legal:
                assert action_problem(a.to_dict()) is None, a
                kinds.add(a.kind)
            g.apply(rnd.choice(legal))
    assert len(kinds) >= 20


# ------------------------------------------------------------------------------ scenarios
SETUP = "name: t\nsetup: {players: 2, mode: competitive, seed: 3}\n"
HOSTILE_SCENARIOS = {
    "seed-string": ("name: t\nsetup: {players: 2, seed: x}\n", 2, "setup.seed"),
    "seed-float": ("name: t\nsetup: {players: 2, seed: 1.5}\n", 2, "setup.seed"),
    "players-string": ("name: t\nsetup: {players: x}\n", 2, "setup.players"),
    "variants-int": ("name: t\nsetup: {players: 2, variants: 5}\n", 2, "setup.variants"),
    "board-int": ("name: t\nsetup: {players: 2}\nboard: {guardians: 5}\n", 3, "board"),
    "bag-int": ("name: t\nsetup: {players: 2}\nboard: {bag: 3}\n", 3, "board"),
    "doom-string": ("name: t\nsetup: {players: 2}\nboard: {doom: x}\n", 3, "board"),
    "tribe-int": ("name: t\nsetup: {players: 2}\ntribes: [5]\n", 3, "tribes"),
    "essences-int": ("name: t\nsetup: {players: 2}\ntribes: [{essences: 5}]\n", 3, "tribes"),
    "player-string": (SETUP + "steps:\n  - legal: {action: place_settlement, player: x}\n", 4, "steps[0]"),
    "reject-player": (SETUP + "steps:\n  - reject: {action: place_settlement, player: x}\n", 4, "steps[0]"),
    "unknown-field": (SETUP + "steps:\n  - do: {action: place_settlement, region: bear-forest, "
                              "colour: red}\n", 4, "unknown field 'colour'"),
    "dict-value": (SETUP + "steps:\n  - do: {action: place_settlement, region: {a: 1}}\n", 4, "steps[0]"),
    "draw-unknown": (SETUP + "steps:\n  - draw: [red@owl, zzz]\n", 4, "'zzz' is no token or card"),
    "draw-number": (SETUP + "steps:\n  - draw: [12]\n", 4, "steps[0].draw"),
    "draw-bad-side": (SETUP + "steps:\n  - draw: [red@moon]\n", 4, "'red@moon'"),
    "alias-bomb": (BOMB, 5, "aliases expand"),
    "list-key": (SETUP + "steps:\n  - expect: {[1, 2]: 3}\n", 4, "a key must be"),
}


def test_invalid_scenarios_are_errors_with_file_and_line_exit_2(tmp_path):
    from faeriell import scenario
    files = []
    for name, (text, line, what) in HOSTILE_SCENARIOS.items():
        f = tmp_path / f"{name}.yaml"
        f.write_text(text)
        files.append((f, line, what))
    p = subprocess.run([sys.executable, "-m", "faeriell.scenario", str(tmp_path)], capture_output=True,
                       text=True, cwd=ROOT, timeout=120)
    assert p.returncode == 2, p.stdout + p.stderr
    assert "crashed" not in p.stdout and "Traceback" not in p.stderr
    for f, line, what in files:
        with pytest.raises(scenario.ScenarioError) as e:
            scenario.start(scenario.load(f), R)
        assert str(e.value).startswith(f"{f}:{line}:") and what in str(e.value), str(e.value)
        assert f"ERROR {f}:{line}:" in p.stderr


def test_shipped_scenarios_and_puzzles_fit_the_checks():
    """The schema and the draw vocabulary refuse junk only: every shipped file loads and sets up
    (tests/test_scenarios.py runs them)."""
    from faeriell import scenario
    files = scenario.files([str(ROOT / "tests" / "scenarios"), str(ROOT / "data" / "puzzles")])
    assert len(files) > 50
    for f in files:
        scenario.start(scenario.load(f), R)


# ------------------------------------------------------------------------------ the map
def test_map_special_files_and_unknown_object_type(tmp_path):
    from faeriell.content.map_loader import MapError, load_board
    for what, path in _special_files(tmp_path).items():
        with pytest.raises(MapError, match=what.split(" (")[0]):
            load_board(str(path))
    text = (ROOT / "maps" / "faeriell.tmx").read_text()
    bad = tmp_path / "odd.tmx"
    bad.write_text(text.replace('type="region"', 'type="volcano"', 1))
    shutil.copy(ROOT / "maps" / "tileset.tsx", tmp_path) if (ROOT / "maps" / "tileset.tsx").exists() else None
    with pytest.raises(MapError, match="type must be 'region'.*'volcano'"):
        load_board(str(bad))

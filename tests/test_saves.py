"""Saved games: origin + actions replayed through the rules and checked against a snapshot (R36);
every broken save is refused with a message that says what is wrong; files are written atomically
and the last good save is never lost."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import build_position, new_game  # noqa: E402
from faeriell.engine import saves  # noqa: E402
from faeriell.engine.randomplay import play_random  # noqa: E402
from faeriell.engine.saves import SaveError, dumps, load, read_save, save, state_hash  # noqa: E402
from faeriell.storage.saves import write_save  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402

R = default_rules()


@pytest.fixture(scope="module")
def played():
    """A 3-player game stopped part-way (round 2 or later, so it has real turns in it)."""
    g, _ = play_random(R, 3, "competitive", "medium", (), 8, check_every=False)
    actions = [h["action"] for h in g.history]
    part = new_game(R, 3, "competitive", "medium", (), 8)
    for a in actions[:len(actions) * 2 // 3]:
        part.apply(a)
    assert not part.state.game_over and part.state.round >= 2
    return part


def _same(a, b):
    assert to_dict(a.state) == to_dict(b.state)
    assert [(h["action"], h["player"], h["revealed"]) for h in a.history] == \
           [(h["action"], h["player"], h["revealed"]) for h in b.history]
    assert a.origin == b.origin


# ---------------------------------------------------------------- round trip
def test_save_has_the_documented_shape(played):
    d = save(played)
    assert d["format"] == "faeriell-save" and d["version"] == 2
    assert d["origin"] == {"kind": "new", "players": 3, "mode": "competitive", "difficulty": "medium",
                           "variants": [], "seed": 8}
    assert len(d["actions"]) == len(d["players_of_actions"]) == len(played.history)
    assert d["actions"][0] == played.history[0]["action"].to_dict()
    assert d["players_of_actions"] == [h["player"] + 1 for h in played.history]
    s = played.state
    assert d["snapshot"] == {"hash": state_hash(s), "round": s.round, "doom": s.doom,
                             "active_player": s.active + 1}
    assert len(d["snapshot"]["hash"]) == 64
    json.dumps(d)                                       # plain JSON


def test_round_trip_dict_text_and_file(played, tmp_path):
    _same(load(R, save(played)), played)
    _same(load(R, dumps(played)), played)
    _same(load(R, dumps(played).encode("utf-8")), played)
    p = tmp_path / "game.json"
    write_save(played, p)
    _same(read_save(R, p), played)
    written = json.loads(p.read_text())
    assert written["snapshot"].pop("saved_at").endswith("Z")   # the game's own record of when (UTC)
    assert written == save(played)                       # the file is the save, one action a line
    assert p.read_text().count("\n") > len(played.history)


def test_loaded_game_goes_on(played):
    g = load(R, dumps(played))
    a = g.legal_actions()[0]
    g.apply(a)
    played2 = load(R, dumps(played))
    played2.apply(a)
    assert to_dict(g.state) == to_dict(played2.state)


def test_round_trip_of_a_fresh_game_and_of_a_finished_game():
    g = new_game(R, 2, "coop", "hard", ["drifter"], 5)
    _same(load(R, dumps(g)), g)
    done, _ = play_random(R, 1, "solo", "easy", (), 3, check_every=False)
    back = load(R, dumps(done))
    _same(back, done)
    assert back.state.game_over


def test_round_trip_of_a_game_from_a_position():
    g = build_position(R, {"players": 2, "seed": 4, "position": "standard"},
                       {"doom": 5}, [{"corruption": 2}], {"player": 1})
    for _ in range(6):
        g.apply(g.legal_actions()[-1])
    d = save(g)
    assert d["origin"]["kind"] == "position"
    _same(load(R, json.dumps(d)), g)


def test_a_game_without_origin_cannot_be_saved():
    from faeriell.engine.core import Game
    g = new_game(R, 2, seed=1)
    bare = Game(g.rules, g.state)
    with pytest.raises(SaveError, match="no recorded origin"):
        save(bare)


# ---------------------------------------------------------------- refusals, each with its reason
def _refused(data, *fragments):
    with pytest.raises(SaveError) as e:
        load(R, data)
    msg = str(e.value)
    for f in fragments:
        assert f in msg, f"{f!r} not in {msg!r}"
    return msg


def test_not_json_says_line_and_column():
    _refused("{\n \"format\": \"faeriell-save\",\n oops\n}", "invalid JSON at line 3, column 2")
    _refused("", "empty")
    _refused(b"\xff\xfe\x00garbage", "not UTF-8")


def test_truncated_text_is_refused(played):
    text = dumps(played)
    cut = text[:len(text) // 2]
    line = cut.count("\n") + 1
    _refused(cut, "invalid JSON", f"line {line}", "truncated")


def test_wrong_format_or_version(played):
    d = save(played)
    _refused([1, 2], "expected a JSON object, found list")
    _refused(dict(d, format="chess-pgn"), "format is 'chess-pgn'", "faeriell-save")
    _refused(dict(d, version=3), "unsupported save version 3", "versions 1, 2")
    _refused(dict(d, version=0), "unsupported save version 0")
    _refused(dict(d, version="1"), "unsupported save version '1'")


@pytest.mark.parametrize("field", ["format", "version", "origin", "actions", "players_of_actions",
                                   "snapshot"])
def test_missing_field(played, field):
    d = save(played)
    del d[field]
    _refused(d, f"missing field '{field}'")


def test_missing_snapshot_or_origin_parts(played):
    d = save(played)
    del d["snapshot"]["hash"]
    _refused(d, "missing field 'hash' in snapshot")
    d = save(played)
    del d["origin"]["seed"]
    _refused(d, "missing field 'seed' in origin")
    d = save(played)
    d["origin"]["kind"] = "dream"
    _refused(d, "origin.kind must be 'new' or 'position'")
    d = save(played)
    d["origin"]["players"] = 9
    _refused(d, "origin: the game cannot be set up again", "players must be 1 to 4")
    d = save(played)
    d["players_of_actions"].pop()
    _refused(d, "one player per action")


def test_tampered_action_names_its_number_and_the_engine_reason(played):
    d = save(played)
    # The second Settlement of set-up placed on the Region the first one took.
    first = d["actions"][0]
    assert first["action"] == "place_settlement"
    d["actions"][1] = {"action": "place_settlement", "region": first["region"]}
    n = len(d["actions"])
    _refused(d, f"action 2 of {n}", "place_settlement(region=", "is not legal at its point",
             "That Region already has a Settlement.")


def test_tampered_action_later_in_the_game(played):
    d = save(played)
    k = next(i for i, a in enumerate(d["actions"]) if a["action"] == "choose_phase" and i > 20)
    d["actions"][k] = {"action": "draft"}          # an Event step before any Phase is chosen
    msg = _refused(d, f"action {k + 1} of {len(d['actions'])}", "draft()", "not legal")
    assert "Choose a Phase tile first." in msg


def test_unknown_or_malformed_action(played):
    d = save(played)
    d["actions"][3] = {"action": "teleport", "to": "moon"}
    _refused(d, "action 4 of", "'teleport' is not a move of this game.")
    d = save(played)
    d["actions"][3] = ["place_settlement"]
    _refused(d, "action 4 of", "malformed")


def test_action_recorded_for_the_wrong_player(played):
    d = save(played)
    k = 0
    d["players_of_actions"][k] = d["players_of_actions"][k] % 3 + 1
    _refused(d, "action 1 of", f"recorded as player {d['players_of_actions'][0]}'s", "must act")


def test_tampered_snapshot(played):
    d = save(played)
    d["snapshot"]["hash"] = "0" * 64
    _refused(d, "snapshot mismatch", "state hash 000000000000...")
    d = save(played)
    d["snapshot"]["doom"] += 1
    _refused(d, "snapshot mismatch", f"doom {d['snapshot']['doom']!r} in the save but "
                                     f"{played.state.doom!r} after replay")
    d = save(played)
    d["actions"].pop()                             # a legal but shorter game: the snapshot catches it
    d["players_of_actions"].pop()
    _refused(d, "snapshot mismatch")


def test_tampered_origin_seed_is_caught(played):
    d = save(played)
    d["origin"]["seed"] = 9
    with pytest.raises(SaveError):                 # an action no longer fits, or the snapshot differs
        load(R, d)


# ---------------------------------------------------------------- files: atomic, with a backup
def _start_of_played():
    """The game `played` before its first move: the same game (same origin), an older save of it."""
    return new_game(R, 3, "competitive", "medium", (), 8)


def test_write_keeps_previous_as_bak(tmp_path, played):
    p = tmp_path / "slot1.json"
    g = _start_of_played()
    write_save(g, p)
    assert not (tmp_path / "slot1.json.bak").exists()
    first = p.read_bytes()
    write_save(played, p)
    assert (tmp_path / "slot1.json.bak").read_bytes() == first
    _same(read_save(R, p), played)
    _same(read_save(R, str(p) + ".bak"), g)
    assert sorted(x.name for x in tmp_path.iterdir()) == ["slot1.json", "slot1.json.bak"]


def test_failed_write_leaves_the_good_file(tmp_path, played, monkeypatch):
    p = tmp_path / "slot.json"
    g = new_game(R, 2, seed=3)
    write_save(g, p)
    good = p.read_bytes()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        write_save(played, p)
    monkeypatch.undo()
    assert p.read_bytes() == good
    assert sorted(x.name for x in tmp_path.iterdir()) == ["slot.json"]     # no temp file left
    _same(read_save(R, p), g)


def test_failed_replace_leaves_the_good_file(tmp_path, played, monkeypatch):
    p = tmp_path / "slot.json"
    write_save(new_game(R, 2, seed=3), p)
    good = p.read_bytes()
    real = os.replace

    def fail_on_main(src, dst):
        if os.fspath(dst) == os.fspath(p):
            raise OSError(5, "Input/output error")
        return real(src, dst)

    monkeypatch.setattr(saves.os, "replace", fail_on_main)
    with pytest.raises(OSError):
        write_save(played, p)
    monkeypatch.undo()
    assert p.read_bytes() == good
    assert not [x for x in tmp_path.iterdir() if x.name.endswith(".tmp")]


def test_unsaveable_game_touches_nothing(tmp_path):
    p = tmp_path / "slot.json"
    g = new_game(R, 2, seed=3)
    write_save(g, p)
    good = p.read_bytes()
    g.origin = dict(g.origin, note=object())            # not JSON
    with pytest.raises(SaveError, match="not plain JSON"):
        write_save(g, p)
    assert p.read_bytes() == good
    assert sorted(x.name for x in tmp_path.iterdir()) == ["slot.json"]


def test_corrupt_file_is_refused_and_nothing_is_touched(tmp_path, played):
    p = tmp_path / "slot.json"
    g = _start_of_played()
    write_save(g, p)
    write_save(played, p)
    bak = (tmp_path / "slot.json.bak").read_bytes()
    data = p.read_bytes()
    p.write_bytes(data[:len(data) // 3])                 # truncated later (crash, bad copy...)
    broken = p.read_bytes()
    with pytest.raises(SaveError) as e:
        read_save(R, p)
    assert str(p) in str(e.value) and "invalid JSON" in str(e.value)
    assert "slot.json.bak" in str(e.value)               # tells where the previous save is
    assert p.read_bytes() == broken and (tmp_path / "slot.json.bak").read_bytes() == bak
    _same(read_save(R, str(p) + ".bak"), g)


def test_a_save_of_another_game_is_kept_under_a_new_name_never_as_the_bak(tmp_path, played):
    """issue 23 case 1: the .bak holds this game's previous save only; another game's save that
    the player agreed to replace stays beside it under its own name, and later saves keep it."""
    p = tmp_path / "slot.json"
    other = new_game(R, 2, seed=3)
    write_save(other, p)
    write_save(played, p)
    write_save(played, p)                              # two turns later: still there
    kept = tmp_path / "slot (replaced).json"
    _same(read_save(R, kept), other)
    _same(read_save(R, str(p) + ".bak"), played)


def test_a_corrupt_file_never_replaces_a_good_backup(tmp_path, played):
    p = tmp_path / "slot.json"
    g = _start_of_played()
    write_save(g, p)
    write_save(played, p)                              # .bak = g
    p.write_text("{ garbage")
    write_save(played, p)                              # the garbage is not kept as a backup
    _same(read_save(R, str(p) + ".bak"), g)
    _same(read_save(R, p), played)


def test_missing_file():
    with pytest.raises(SaveError, match="no such file"):
        read_save(R, "/nonexistent/slot.json")


def test_rng_shuffle_is_below_step_for_step():
    """below() and shuffle() write next_u64 out for speed; saved games replay only if they draw
    exactly what next_u64 and Fisher-Yates over below() draw."""
    from faeriell.engine.rng import Rng, seed_state

    class Holder:
        def __init__(self, seed):
            self.rng, self.rng_draws = seed_state(seed), 0

    def reference(rng, seq):
        for i in range(len(seq) - 1, 0, -1):
            j = rng.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    from faeriell.engine.rng import next_u64
    h = Holder(3)
    for n in (1, 2, 6, 80, 2 ** 40):
        state, out = next_u64(h.rng)
        assert Rng(h).below(n) == out % n and h.rng == state

    for seed in range(50):
        for size in (0, 1, 2, 7, 80):
            a, b = Holder(seed), Holder(seed)
            xs, ys = list(range(size)), list(range(size))
            Rng(a).shuffle(xs)
            reference(Rng(b), ys)
            assert xs == ys and (a.rng, a.rng_draws) == (b.rng, b.rng_draws)


def test_the_hash_leaves_the_log_out_so_its_words_may_change():
    # version 2: the log is told from the actions (describe.narrate); a different wording of
    # the same game is the same state, anything else in the state is not
    g = new_game(R, 2, "competitive", "medium", (), 3)
    before = state_hash(g.state)
    g.state.log.append("A line in other words.")
    assert state_hash(g.state) == before
    g.state.doom += 1
    assert state_hash(g.state) != before

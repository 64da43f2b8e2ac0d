"""The learned win chance (faeriell/bots/win_chance.py, features.py; issue 25 items 3-4): the
contract other modules code against, the shipped model file, the training script and the
calibration bench on tiny runs."""
from __future__ import annotations

import json
import random
import sys
import threading
from pathlib import Path

import pytest

from faeriell.bots.features import mode_features, named
from faeriell.bots.heuristic import playout_move
from faeriell.bots.observe import observe
from faeriell.bots.win_chance import (WinChanceModelError, chance_after, default_path, model_book,
                                      read_model_book, win_chance)
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.endgame import end_game

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "tools", ROOT / "bench"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


@pytest.fixture(scope="module")
def rules():
    return default_rules()


def _position(rules, players, mode, seed, moves, difficulty="medium"):
    g = new_game(rules, players, mode, difficulty, [], seed)
    n = 0
    while not g.state.game_over and (g.state.stage != "play" or n < moves):
        g.apply(playout_move(g), trusted=True)
        n += g.state.stage == "play"
    assert not g.state.game_over
    return g


def test_a_finished_game_is_won_or_lost(rules):
    g = _position(rules, 2, "competitive", 3, 10)
    end_game(g, [1], "The test ended the game.")
    assert (win_chance(g, 0), win_chance(g, 1)) == (0.0, 1.0)
    solo = _position(rules, 1, "solo", 3, 10)
    end_game(solo, [], "The test ended the game.")
    assert win_chance(solo, 0) == 0.0
    coop = _position(rules, 3, "coop", 3, 10)
    end_game(coop, [0, 1, 2], "The test ended the game.")
    assert [win_chance(coop, i) for i in range(3)] == [1.0, 1.0, 1.0]


def test_chances_lie_in_0_1_and_coop_is_the_teams(rules):
    for players, mode in ((1, "solo"), (2, "coop"), (4, "coop"), (2, "competitive"), (3, "competitive")):
        g = _position(rules, players, mode, 11, 40)
        chances = [win_chance(g, i) for i in range(players)]
        assert all(0.0 < c < 1.0 for c in chances), (mode, chances)
        if mode == "coop":
            assert len(set(chances)) == 1                 # the team's: any seat gives the same
    with pytest.raises(ValueError, match="seat 2"):
        win_chance(_position(rules, 2, "competitive", 11, 5), 2)


def test_the_features_read_only_what_the_seat_can_see(rules):
    """A world imagined from the seat's view (others' cards, decks, bag order redrawn) gives the
    same features as the real game: nothing hidden leaks into the chance."""
    for players, mode in ((1, "solo"), (3, "coop"), (3, "competitive")):
        g = _position(rules, players, mode, 5, 60, "hard")
        seat = players - 1
        truth = named(g, seat)
        assert list(truth) == list(mode_features(mode, rules))
        for k in range(3):
            assert named(observe(g, seat, random.Random(k)), seat) == truth
            assert win_chance(observe(g, seat, random.Random(k)), seat) == win_chance(g, seat)


def _give_achievement(g, seat: int) -> str:
    """One more Achievement for `seat` (an id the side does not hold), as the claim leaves it."""
    s = g.state
    aid = next(a for a in g.rules.conditions if not s.achievements.get(a))
    s.tribes[seat].achievements.append(aid)
    s.achievements.setdefault(aid, []).append(seat)
    return aid


@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "coop"), (2, "competitive")])
def test_one_more_achievement_raises_the_chance(rules, players, mode):
    for seed in (21, 22, 23):
        g = _position(rules, players, mode, seed, 50)
        before = win_chance(g, 0)
        _give_achievement(g, 0)
        assert win_chance(g, 0) > before, (mode, seed)


def test_a_later_doom_lowers_the_chance(rules):
    g = _position(rules, 1, "solo", 31, 40)
    before = win_chance(g, 0)
    g.state.doom += 4
    assert win_chance(g, 0) < before


def test_chance_after_is_seeded_paired_and_checks_its_seat(rules):
    g = _position(rules, 1, "solo", 41, 20)
    acts = list(g.legal_actions())[:3]
    a = chance_after(g, 0, acts, worlds=2, seed=5)
    assert len(a) == len(acts) and all(0.0 <= c <= 1.0 for c in a)
    assert chance_after(g, 0, acts, worlds=2, seed=5) == a                  # deterministic for a seed
    assert chance_after(g, 0, acts[:1], worlds=2, seed=5) == a[:1]          # each action meets the same worlds
    with pytest.raises(ValueError, match="not the one to act"):
        chance_after(_position(rules, 2, "competitive", 41, 3), 1 - _position(rules, 2, "competitive", 41, 3).acting,
                     [], worlds=1)


def test_win_chance_is_thread_safe(rules):
    games = [_position(rules, 2, "coop", 50 + k, 30) for k in range(4)]
    want = [win_chance(g, 0) for g in games]
    got: dict = {}

    def work(k):
        got[k] = [win_chance(g, 0) for g in games for _ in range(5)][::5]
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(v == want for v in got.values())


def test_the_shipped_file_says_how_it_was_made():
    doc = json.loads(default_path().read_text())
    assert doc["command"].startswith("python tools/train_win_chance.py")
    lo, hi = doc["seeds"]["training"]
    assert 50000 <= lo <= hi <= 59999
    lo, hi = doc["seeds"]["validation"]
    assert 60000 <= lo <= hi <= 64999
    assert set(model_book().models) == {"solo", "coop", "competitive"}


def _bad(tmp_path, change) -> Path:
    doc = json.loads(default_path().read_text())
    change(doc)
    p = tmp_path / "wc.json"
    p.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    return p


@pytest.mark.parametrize("change,field", [
    (lambda d: d["models"].pop("coop"), "models.coop: missing"),
    (lambda d: d["models"]["solo"].pop("weights"), "models.solo.weights: missing"),
    (lambda d: d["models"]["solo"]["mean"].pop(), "models.solo.mean: expected"),
    (lambda d: d["models"]["competitive"]["features"].__setitem__(0, "luck"), "models.competitive.features[0]"),
    (lambda d: d["models"]["solo"]["scale"].__setitem__(2, 0), "models.solo.scale[2]"),
    (lambda d: d["models"]["coop"]["weights"].__setitem__(1, "big"), "models.coop.weights[1]"),
    (lambda d: d.__setitem__("format", 9), "format: expected 1"),
])
def test_a_bad_model_file_names_the_file_and_the_field(tmp_path, change, field):
    p = _bad(tmp_path, change)
    with pytest.raises(WinChanceModelError) as e:
        read_model_book(p)
    assert str(p) in str(e.value) and field in str(e.value)


def test_a_model_file_that_is_not_json_is_refused_with_its_name(tmp_path):
    p = tmp_path / "wc.json"
    p.write_text("{not json")
    with pytest.raises(WinChanceModelError, match="wc.json"):
        read_model_book(p)
    with pytest.raises(WinChanceModelError, match="missing.json"):
        read_model_book(tmp_path / "missing.json")


def test_training_reproduces_its_weights_for_a_seed(tmp_path):
    import train_win_chance as T
    args = ["--games", "12", "--expert-games", "0", "--val-games", "3", "--val-expert-games", "0",
            "--epochs", "60", "--workers", "1", "--quiet", "--hidden", "3"]
    T.main(args + ["--out", str(tmp_path / "a.json")])
    T.main(args + ["--out", str(tmp_path / "b.json")])
    a, b = (json.loads((tmp_path / f).read_text()) for f in ("a.json", "b.json"))
    assert a["models"] == b["models"]
    assert a["dataset"]["heuristic_games"] == 12 and a["seeds"]["training"] == [50000, 50011]
    book = read_model_book(tmp_path / "a.json")                   # what it writes, the game reads
    assert len(book.of("solo").hidden) == 3
    T.main(args + ["--seed", "50001", "--out", str(tmp_path / "c.json")])
    assert json.loads((tmp_path / "c.json").read_text())["models"] != a["models"]
    with pytest.raises(SystemExit, match="outside 50000-59999"):
        T.main(["--seed", "20000", "--games", "1", "--quiet", "--out", str(tmp_path / "d.json")])


def test_the_calibration_bench_prints_its_table(capsys):
    import calibration
    assert calibration.main(["--games", "6", "--expert-games", "0", "--workers", "1", "--keep", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "| predicted | positions | games |" in out and "Brier score" in out
    assert "seeds 62000-62005" in out
    with pytest.raises(SystemExit, match="calibration range"):
        calibration.main(["--seed", "60000", "--games", "2"])


def test_the_calibration_bench_checks_another_model_file(capsys, tmp_path):
    """--model asks that file's chance on the same games: a solo model made sure of winning puts
    every solo position in the top bin; a broken file is refused by name before any game."""
    import calibration
    doc = json.loads(default_path().read_text())
    doc["models"]["solo"]["bias"] = 40.0
    sure = tmp_path / "sure.json"
    sure.write_text(json.dumps(doc))
    assert calibration.main(["--games", "2", "--expert-games", "0", "--workers", "1", "--keep", "0.3",
                             "--model", str(sure)]) == 0
    out = capsys.readouterr().out
    assert f"Calibration of {sure}" in out
    solo = out.split("### Solo:")[1].split("###")[0]
    n = int(solo.split(" positions")[0].rsplit(", ", 1)[1])
    assert n > 0 and f"| 0.9-1.0 | {n} |" in solo
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1, "models": {"solo": {}}}')
    with pytest.raises(SystemExit, match="broken.json: models.solo"):
        calibration.main(["--games", "1", "--model", str(broken)])


def test_a_model_that_reads_other_features_than_the_game_has_is_refused(rules, tmp_path):
    doc = json.loads(default_path().read_text())
    m = doc["models"]["competitive"]
    for key in ("features", "mean", "scale", "weights"):
        m[key] = m[key][:-1]                    # the last tribe's feature dropped
    p = tmp_path / "wc.json"
    p.write_text(json.dumps(doc))
    book = read_model_book(p)
    g = _position(rules, 2, "competitive", 3, 5)
    with pytest.raises(WinChanceModelError, match="models.competitive.features: do not match"):
        win_chance(g, 0, book)
    assert 0.0 < win_chance(_position(rules, 1, "solo", 3, 5), 0, book) < 1.0   # the other modes still read

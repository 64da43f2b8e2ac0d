"""The chance the game shows is the expert's (issue 41, item 1): the learned model re-scaled per
mode to how the expert's own games ended (tools/fit_expert_chance.py, data/bots/expert_chance.json),
and bench/calibration.py --expert-saves checks it on saved games of another seed range."""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

import pytest

from faeriell import sim
from faeriell.bots import win_chance as W
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.saves import read_save, replay

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import fit_expert_chance as F  # noqa: E402


@pytest.fixture(scope="module")
def rules():
    return default_rules()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Two short seeded solo games saved by the simulator (the heuristic plays: quick; the fit's
    code reads any finished save the same way)."""
    folder = tmp_path_factory.mktemp("expert-saves")
    assert sim.main(["--players", "1", "--mode", "solo", "--bots", "heuristic", "--games", "2",
                     "--seed", "31", "--workers", "1", "--quiet", "--save-dir", str(folder)]) == 0
    return folder


def _sigmoid(t: float) -> float:
    return 1.0 / (1.0 + math.exp(-t))


def test_the_fit_finds_the_scaling_that_made_the_outcomes():
    rng = random.Random(5)
    rows = []
    for _ in range(6000):
        x = rng.uniform(-4, 3)
        rows.append((x, 1 if rng.random() < _sigmoid(0.7 * x + 1.5) else 0))
    a, b = F.fit_platt(rows, l2=0.0)
    assert abs(a - 0.7) < 0.08 and abs(b - 1.5) < 0.15
    # with a round term
    rows = []
    for _ in range(8000):
        x, r = rng.uniform(-4, 3), rng.uniform(-2, 2)
        rows.append(((x, r), 1 if rng.random() < _sigmoid(0.7 * x - 0.5 * r + 1.0) else 0))
    a, b, c = F.fit_platt(rows, l2=0.0)
    assert abs(a - 0.7) < 0.1 and abs(b - 1.0) < 0.2 and abs(c + 0.5) < 0.15


def test_a_scaled_book_reads_a_times_the_logit_plus_b(rules):
    g = new_game(rules, 1, "solo", "medium", [], 7)
    book = W.model_book()
    logit, _z = F.learned_logit(g, 0)
    scaled = W.scaled_book(book, {"solo": (0.5, 2.0)})
    assert W.win_chance(g, 0, scaled) == pytest.approx(_sigmoid(0.5 * logit + 2.0))
    assert W.win_chance(g, 0, book) == pytest.approx(_sigmoid(logit))
    # a mode without a scaling keeps the learned chance
    c = new_game(rules, 2, "coop", "medium", [], 7)
    assert W.win_chance(c, 0, scaled) == W.win_chance(c, 0, book)


@pytest.fixture
def shown_with(monkeypatch, tmp_path):
    """The shown chance read with a scaling file of the test's own (the game reads
    data/bots/expert_chance.json once: the test sets its own, whatever is shipped)."""
    def use(modes: dict | None):
        path = tmp_path / "expert_chance.json"
        if modes is None:
            path = tmp_path / "absent.json"
        else:
            path.write_text(json.dumps({"format": 1, "modes": modes}))
        monkeypatch.setattr(W, "expert_path", lambda: path)
        monkeypatch.setattr(W, "_SHOWN", None)
    yield use
    W._SHOWN = None


def test_without_a_scaling_file_the_shown_chance_is_the_learned_one_and_says_so(rules, shown_with):
    from faeriell.review.text import FAIR_LABEL, value_label
    shown_with(None)
    g = new_game(rules, 1, "solo", "medium", [], 7)
    assert W.shown_chance(g, 0) == W.win_chance(g, 0)
    assert not W.shows_expert("solo") and value_label("solo") == FAIR_LABEL


def test_a_scaling_file_makes_the_shown_chance_the_experts_and_the_review_says_whose(rules, shown_with):
    from faeriell.review.text import VALUE_LABEL, value_label
    shown_with({"solo": {"a": 0.8, "b": 1.2, "round": -0.3}})
    g = new_game(rules, 1, "solo", "medium", [], 7)
    logit, z_round = F.learned_logit(g, 0)
    assert W.shown_chance(g, 0) == pytest.approx(_sigmoid(0.8 * logit - 0.3 * z_round + 1.2))
    assert W.shows_expert("solo") and not W.shows_expert("coop")
    assert value_label("solo") == VALUE_LABEL and "the coach" in VALUE_LABEL


def test_the_fit_tool_writes_a_file_the_game_reads(saved, tmp_path, monkeypatch):
    monkeypatch.setattr(F, "TRAIN_RANGE", (0, 99999))       # the test's games are not the training range's
    out = tmp_path / "expert_chance.json"
    won = {bool(read_save(default_rules(), p).state.winners) for p in saved.glob("*.json")}
    if len(won) < 2:
        with pytest.raises(SystemExit, match="teach no scaling"):
            F.main(["--saves", str(saved), "--out", str(out)])
        return
    assert F.main(["--saves", str(saved), "--out", str(out)]) == 0
    scaling = W.read_scaling(out)
    assert set(scaling) == {"solo"} and scaling["solo"][0] > 0


@pytest.mark.parametrize("entry,field", [
    ({"a": 0, "b": 1}, "modes.solo.a"),
    ({"a": 1}, "modes.solo.b"),
    ({"a": "x", "b": 1}, "modes.solo.a"),
])
def test_a_bad_scaling_file_names_the_file_and_the_field(tmp_path, entry, field):
    path = tmp_path / "expert_chance.json"
    path.write_text(json.dumps({"format": 1, "modes": {"solo": entry}}))
    with pytest.raises(W.WinChanceModelError) as exc:
        W.read_scaling(path)
    assert str(path) in str(exc.value) and field in str(exc.value)


def test_a_full_coop_table_is_scaled_for_its_players_only(rules, shown_with):
    """coop2 scales the Full Coop model at a table of two; three players keep the learned chance
    and the review says whose chance each one is."""
    from faeriell.review.text import FAIR_LABEL, VALUE_LABEL, value_label
    shown_with({"coop2": {"a": 0.7, "b": 0.9, "round": 0.2}})
    two = new_game(rules, 2, "coop", "medium", [], 7)
    logit, z_round = F.learned_logit(two, 0)
    assert W.shown_chance(two, 0) == pytest.approx(_sigmoid(0.7 * logit + 0.2 * z_round + 0.9))
    three = new_game(rules, 3, "coop", "medium", [], 7)
    assert W.shown_chance(three, 0) == W.win_chance(three, 0)
    assert W.shows_expert("coop", 2) and not W.shows_expert("coop", 3) and not W.shows_expert("coop")
    assert value_label("coop", 2) == VALUE_LABEL and value_label("coop", 3) == FAIR_LABEL


def test_a_competitive_scaling_says_every_seat_plays_on_as_the_coach(rules, shown_with):
    """Competitive's chance is fitted on games with the expert in every seat (each seat's outcome),
    so the review's label says so rather than "the coach, playing on" for one side."""
    from faeriell.review.text import FAIR_LABEL, VALUE_LABEL_COMPETITIVE, value_label
    shown_with(None)            # no expert-chance file: every table's chance is a fair player's
    assert value_label("competitive", 2) == FAIR_LABEL
    shown_with({"competitive2": {"a": 0.9, "b": 0.1}})
    two = new_game(rules, 2, "competitive", "medium", [], 7)
    logit, _ = F.learned_logit(two, 1)
    assert W.shown_chance(two, 1) == pytest.approx(_sigmoid(0.9 * logit + 0.1))
    assert value_label("competitive", 2) == VALUE_LABEL_COMPETITIVE and "every seat" in VALUE_LABEL_COMPETITIVE
    # a table is the coach's only where its own games were measured: 3 players keep the fair chance
    three = new_game(rules, 3, "competitive", "medium", [], 7)
    assert W.shown_chance(three, 1) == W.win_chance(three, 1)
    assert value_label("competitive", 3) == FAIR_LABEL and not W.shows_expert("competitive")
    assert value_label("solo") == FAIR_LABEL


def test_a_competitive_table_reads_the_strongest_rival(rules, shown_with):
    """The learned model values each seat alone, so both seats of a 2-player game can read 90%;
    competitive's expert chance weighs the strongest other seat's learned logit too (rival)."""
    shown_with({"competitive2": {"a": 0.8, "b": 0.05, "round": -0.1, "rival": -0.4}})
    three_scaled = {"competitive3": {"a": 0.8, "b": 0.05, "rival": -0.4}}
    two = new_game(rules, 2, "competitive", "medium", [], 7)
    mine, z_round = F.learned_logit(two, 0)
    theirs, _ = F.learned_logit(two, 1)
    assert W.shown_chance(two, 0) == pytest.approx(_sigmoid(0.8 * mine - 0.1 * z_round - 0.4 * theirs + 0.05))
    assert W.shown_chance(two, 1) == pytest.approx(_sigmoid(0.8 * theirs - 0.1 * z_round - 0.4 * mine + 0.05))
    # at a table of three, the stronger of the two others is the rival
    shown_with(three_scaled)
    three = new_game(rules, 3, "competitive", "medium", [], 7)
    logits = [F.learned_logit(three, k)[0] for k in range(3)]
    assert W.shown_chance(three, 2) == pytest.approx(_sigmoid(0.8 * logits[2] - 0.4 * max(logits[:2]) + 0.05))


def test_a_rival_term_outside_competitive_is_refused_by_name(tmp_path):
    path = tmp_path / "expert_chance.json"
    path.write_text(json.dumps({"format": 1, "modes": {"coop2": {"a": 1, "b": 0, "rival": -0.3}}}))
    with pytest.raises(W.WinChanceModelError, match="modes.coop2.rival"):
        W.read_scaling(path)


def test_the_fit_finds_a_rival_term_and_leaving_one_out_prefers_it():
    """Outcomes that depend on the other seat's logit as well as one's own: the fit recovers the
    rival weight, and with each game left out the rival form beats the one without it."""
    rng = random.Random(11)
    games = []
    for _g in range(30):
        rows = []
        for _t in range(12):
            mine, theirs, r = rng.uniform(-2, 2), rng.uniform(-2, 2), rng.uniform(-1, 1)
            group = [((mine, r), 0), ((theirs, r), 0)]
            both = F.with_rival(group, 2)
            assert [x[2] for x, _y in both] == [theirs, mine]
            won = 1 if rng.random() < _sigmoid(0.9 * mine - 0.8 * theirs) else 0
            rows.append((both[0][0], won))
        games.append(rows)
    a, b, c, d = F.fit_platt([r for g in games for r in g], l2=0.0)
    assert abs(a - 0.9) < 0.2 and abs(d + 0.8) < 0.2
    assert F.leave_one_out(games, with_round=False, rival=True) < F.leave_one_out(games, with_round=False)


def test_at_three_seats_each_rival_is_the_strongest_of_the_other_two():
    """with_rival reads a game's rows a decision (one row a seat) at a time: at 3 players each
    seat's rival is the higher of the other two logits, and groups never mix decisions."""
    rows = [((0.5, 0.1), 1), ((-1.0, 0.1), 0), ((2.0, 0.1), 0),
            ((3.0, 0.2), 1), ((0.0, 0.2), 0), ((-2.0, 0.2), 0)]
    out = F.with_rival(rows, 3)
    assert [x[2] for x, _y in out] == [2.0, 2.0, 0.5, 0.0, 3.0, 3.0]
    assert [y for _x, y in out] == [1, 0, 0, 1, 0, 0] and all(x[:2] == r[0] for (x, _y), r in zip(out, rows, strict=True))


def test_an_unknown_mode_is_refused(tmp_path):
    path = tmp_path / "expert_chance.json"
    path.write_text(json.dumps({"format": 1, "modes": {"duel": {"a": 1, "b": 0}}}))
    with pytest.raises(W.WinChanceModelError, match="modes.duel"):
        W.read_scaling(path)


def test_positions_are_every_decision_in_play_with_the_games_outcome(rules, saved):
    path = sorted(saved.glob("*.json"))[0]
    g = read_save(rules, path)
    origin, rows = F.positions(path, rules)
    assert origin["seed"] == g.origin["seed"]
    won = 1 if g.state.winners else 0
    assert rows and all(y == won for _x, y in rows)
    # one row a decision after set-up: fewer than all the actions, more than the rounds
    assert g.state.round < len(rows) < len(g.history)


def test_a_competitive_game_gives_every_seat_a_row_with_its_own_outcome(rules, tmp_path):
    """A competitive game has a side per seat (issue 41 item 1: its chance is each seat's), so each
    decision is a row for every seat, and only the winners' rows say won."""
    assert sim.main(["--players", "2", "--mode", "competitive", "--bots", "heuristic", "--games", "1",
                     "--seed", "33", "--workers", "1", "--quiet", "--save-dir", str(tmp_path)]) == 0
    path = next(tmp_path.glob("*.json"))
    g = read_save(rules, path)
    seen = []
    origin, rows = F.positions(path, rules, lambda game, seat: seen.append(seat) or seat)
    assert origin["mode"] == "competitive" and seen[:4] == [0, 1, 0, 1] and len(rows) == len(seen)
    assert all(y == (1 if seat in g.state.winners else 0) for seat, y in rows)


def test_the_fit_refuses_games_of_another_seed_range(saved, tmp_path):
    with pytest.raises(SystemExit, match="outside the training range"):
        F.main(["--saves", str(saved), "--out", str(tmp_path / "x.json")])


def test_the_calibration_bench_reads_saved_expert_games(saved, capsys, monkeypatch):
    import calibration
    monkeypatch.setattr(calibration, "RANGE", (0, 99999))   # the test's games are not the calibration range's
    assert calibration.main(["--expert-saves", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "Solo, medium, the expert's games: 2 games" in out
    assert "Start of a solo Medium game: the chance shown is" in out


def _log(tmp_path, records, name="log.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def _record(seed, won, mode="solo", difficulty="medium", helpers=1, clock="cpu", bots=("expert",), players=1):
    return {"cfg": {"players": players, "mode": mode, "difficulty": difficulty, "variants": [], "seed": seed},
            "bots": list(bots), "winners": [0] if won else [], "clock": clock,
            "level_opts": {"expert": {"budget": 1.0, "iterations": None, "helpers": helpers}}}


def test_the_anchor_moves_the_start_to_the_measured_rate_and_keeps_the_slope():
    rng = random.Random(3)
    starts = [(rng.uniform(-3, -1), rng.uniform(-1.5, -1.2)) for _ in range(17)]
    a, c = 0.67, -0.39
    b = F.anchored_b(a, c, starts, 0.6)
    mean = sum(_sigmoid(a * x + c * r + b) for x, r in starts) / len(starts)
    assert mean == pytest.approx(0.6, abs=1e-6)
    assert F.anchored_b(a, c, starts, 0.3) < b          # a lower rate, a lower intercept


def test_the_anchor_counts_the_table_experts_games_and_refuses_others(tmp_path):
    log = _log(tmp_path, [_record(28200, True), _record(28201, False), _record(28202, True),
                          _record(28203, True, mode="coop")])        # another mode: not counted
    assert F.anchor_rate([str(log)], "solo") == (2, 3, [28200, 28201, 28202])
    weak = _log(tmp_path, [_record(28200, True), _record(28201, True, helpers=0)], "weak.jsonl")
    with pytest.raises(SystemExit, match=r"weak.jsonl:2: seed 28201: not the table's expert"):
        F.anchor_rate([str(weak)], "solo")
    held = _log(tmp_path, [_record(64150, True)], "held.jsonl")
    with pytest.raises(SystemExit, match="held.jsonl:1: seed 64150 is in the calibration range"):
        F.anchor_rate([str(held)], "solo")
    players = _log(tmp_path, [_record(28200, True, players=None)], "players.jsonl")
    with pytest.raises(SystemExit, match="players.jsonl:1: not a bench/bots.py game record"):
        F.anchor_rate([str(players)], "solo")
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"cfg": {}}\n')
    with pytest.raises(SystemExit, match="broken.jsonl:1: not a bench/bots.py game record"):
        F.anchor_rate([str(broken)], "solo")


def _fake_saves(tmp_path, monkeypatch, games: list[tuple[dict, list]]):
    """A folder of placeholder saves that fit_expert_chance reads as these (origin, rows), in order."""
    folder = tmp_path / "saves"
    folder.mkdir()
    by_name = {}
    for k, game in enumerate(games):
        path = folder / f"game{k}.json"
        path.write_text("{}")
        by_name[path.name] = game
    monkeypatch.setattr(F, "positions", lambda path, rules: by_name[path.name])
    return folder


def test_the_fit_tool_scales_full_coop_per_table(tmp_path, monkeypatch, capsys):
    """Full Coop games are fitted by their number of players, each table apart (issue 41 item 1),
    and an anchor counts only its own table's games."""
    rng = random.Random(4)
    games = []
    for k in range(8):
        won, players = k % 2, 2 + (k // 4)
        rows = [((rng.uniform(-2, 2) + won, -1.0 + 0.2 * t), won) for t in range(10)]
        games.append(({"seed": 57500 + k, "mode": "coop", "players": players, "difficulty": "medium"}, rows))
    folder = _fake_saves(tmp_path, monkeypatch, games)
    out = tmp_path / "expert_chance.json"
    assert F.main(["--saves", str(folder), "--out", str(out)]) == 0
    raw = json.loads(out.read_text())["modes"]
    assert set(raw) == {"coop2", "coop3"} and raw["coop2"]["games"] == raw["coop3"]["games"] == 4
    assert set(W.read_scaling(out)) == {"coop2", "coop3"}
    log = _log(tmp_path, [_record(28300, True, mode="coop", players=2), _record(28301, False)])
    assert F.anchor_rate([str(log)], "coop2") == (1, 1, [28300])
    assert F.anchor_rate([str(log)], "coop3") == (0, 0, [])
    # leaving one game out reports per table and writes nothing
    out.unlink()
    assert F.main(["--saves", str(folder), "--out", str(out), "--leave-one-out"]) == 0
    printed = capsys.readouterr().out
    assert "coop2: 4 games (2 won)" in printed and "coop3: 4 games (2 won)" in printed and not out.exists()
    # the learned chance as it is, the Brier every form is read against: these rows' own, by hand
    same = sum((_sigmoid(x) - y) ** 2 for _o, rows in games[:4] for (x, _r), y in rows) / 40
    assert f"(the learned chance as it is): {same:.4f}" in printed.split("coop2: 4 games")[1].split("coop3:")[0]


def test_leaving_one_game_out_prefers_the_form_that_made_the_outcomes():
    """Games whose outcomes depend on the round as well as the logit: with each game left out in
    turn, the round term predicts them better than the plain scaling, and both beat a coin."""
    rng = random.Random(0)
    games = []
    for _g in range(40):
        x0, r0 = rng.uniform(-2, 2), rng.uniform(-1.5, 1.5)
        won = 1 if rng.random() < _sigmoid(x0 + 2.0 * r0) else 0
        games.append([((x0 + rng.gauss(0, 0.3), r0), won) for _t in range(10)])
    plain = F.leave_one_out(games, with_round=False)
    with_round = F.leave_one_out(games, with_round=True)
    assert with_round < plain and with_round < 0.2


def test_the_fit_tool_anchors_the_start_when_given_a_log(tmp_path, monkeypatch):
    # four games read as rows of (learned logit, round) and outcome: two won, two lost
    rng = random.Random(9)
    games = []
    for k in range(4):
        won = k % 2
        rows = [((rng.uniform(-3, 1) + won, -1.4 + 0.3 * t), won) for t in range(12)]
        games.append(({"seed": 57000 + k, "mode": "solo", "players": 1, "difficulty": "medium"}, rows))
    folder = _fake_saves(tmp_path, monkeypatch, games)
    log = _log(tmp_path, [_record(28200 + k, k < 9) for k in range(10)])      # 9 of 10 won
    out = tmp_path / "expert_chance.json"
    assert F.main(["--saves", str(folder), "--out", str(out), "--anchor", str(log)]) == 0
    entry = json.loads(out.read_text())["modes"]["solo"]
    assert entry["anchor"]["log_games"] == 10 and entry["b"] != entry["fitted_b"]
    assert entry["anchor"]["rate"] == pytest.approx((9 + 2) / 14, abs=1e-4)        # the four games' two wins pooled in
    a, b, c, _rival = W.read_scaling(out)["solo"]
    starts = [rows[0][0] for _origin, rows in games]
    mean = sum(_sigmoid(a * x + c * r + b) for x, r in starts) / len(starts)
    assert mean == pytest.approx(11 / 14, abs=1e-4)
    # without the log, the fitted intercept stays
    assert F.main(["--saves", str(folder), "--out", str(out)]) == 0
    assert "anchor" not in json.loads(out.read_text())["modes"]["solo"]


def test_the_shipped_file_scales_from_its_training_range_only():
    """data/bots/expert_chance.json: every table it scales was fitted on games of the training
    range, and an anchor, where one placed the start, outside the calibration range (bench/README.md)."""
    raw = json.loads(W.expert_path().read_text())
    scaling = W.read_scaling(W.expert_path())
    assert "solo" in scaling and set(scaling) <= set(W.MODES + W.TABLES)
    for entry in raw["modes"].values():
        assert F.TRAIN_RANGE[0] <= entry["seeds"][0] <= entry["seeds"][1] <= F.TRAIN_RANGE[1]
        if "anchor" in entry:
            lo, hi = entry["anchor"]["log_seeds"]
            assert hi < F.CALIBRATION_RANGE[0] or lo > F.CALIBRATION_RANGE[1]


def test_a_game_played_on_from_anothers_opening_gives_positions_from_the_handover(rules, tmp_path, monkeypatch):
    """`sim --opening easy:2-3`: every seat plays the Easy bot until round 2 or 3 (by seed), then its
    own bot; the save says where beside it, and the fit and the calibration read positions from
    there on only (the chance means: the expert, playing on from here, wins), and never count the
    game's first position as a game's start."""
    assert sim.main(["--players", "1", "--mode", "solo", "--bots", "heuristic", "--opening", "easy:2-3",
                     "--games", "2", "--seed", "31", "--workers", "1", "--quiet", "--save-dir", str(tmp_path)]) == 0
    saves = sorted(tmp_path.glob("*.json"))
    assert [p.name for p in saves] == ["solo-1p-medium-easy-then-heuristic-seed31.json",
                                       "solo-1p-medium-easy-then-heuristic-seed32.json"]
    for path, seed in zip(saves, (31, 32), strict=True):
        side = json.loads(sim.handover_path(path).read_text())
        g = read_save(rules, path)
        k = side["handover"]
        assert side["round"] == sim.opening_round({"rounds": [2, 3]}, seed) == 2 + seed % 2
        assert side["opening"] == "easy" and k == F.handover(path)
        # the handover is the first action of that round
        assert replay(rules, g.origin, [h["action"] for h in g.history[:k]]).state.round == side["round"]
        assert replay(rules, g.origin, [h["action"] for h in g.history[:k - 1]]).state.round < side["round"]
        seen: list = []
        _origin, rows = F.positions(path, rules, lambda game, seat, seen=seen: seen.append(game.state.round) or 0.0)
        assert rows and min(seen) == side["round"]
    # the calibration reads them from the handover too, and takes none for a game's start
    import calibration
    monkeypatch.setattr(calibration, "RANGE", (0, 99999))
    by_table, starts = calibration.expert_rows([str(tmp_path)])
    assert sum(len(r) for r in by_table.values()) > 0 and starts == []
    # a handover file that cannot be read names itself
    sim.handover_path(saves[0]).write_text('{"handover": "soon"}')
    with pytest.raises(SystemExit, match=r"seed31\.handover.*whole number"):
        F.handover(saves[0])
    assert sim.parse_opening("easy:2-6") == {"level": "easy", "rounds": [2, 6]}
    for bad in ("easy", "easy:0-3", "easy:4-2", ":2-3"):
        with pytest.raises(argparse.ArgumentTypeError):
            sim.parse_opening(bad)


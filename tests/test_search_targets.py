"""tools/search_targets.py: the heuristic taught by the search (expert iteration). `collect` records
the search's paired values of the candidates with their move features; `fit` moves the mode's move
feature weights towards what the search found, never the position value's (the leaf reads those)."""
from __future__ import annotations

import json

from script_support import load_script

from faeriell.bots.heuristic_meanings import FEATURES
from faeriell.bots.weights import default_path, weight_book


def test_collect_records_the_searchs_values_of_every_candidate():
    mod = load_script("tools/search_targets.py")
    rows = mod.collect_game((86999, "solo", 1, "medium", 2, 0.3, None))
    assert rows, "a solo game has decisions the expert searches"
    for r in rows:
        n = len(r["kinds"])
        assert n >= 2 and len(r["features"]) == n == len(r["vals"]) == len(r["scores"])
        assert all(set(f) <= set(FEATURES) for f in r["features"])
        # no pruning: every candidate played in both worlds (unless the engine refused one)
        assert sum(len(v) for v in r["vals"]) >= 2 * n - 1
    # the features are the heuristic's: their weighted sum is the candidate's score
    w = weight_book().of("solo").feature_weights
    for r in rows[:10]:
        for f, s in zip(r["features"], r["scores"], strict=True):
            assert abs(sum(w[k] * v for k, v in f.items()) - s) < 1e-6


def _row(seed, gains_by_step):
    """A decision whose candidate j has hero_step j and price 1, and whose search found `gains`."""
    feats = [{"hero_step": float(j), "price": 1.0, "own_value": 1.0} for j in range(len(gains_by_step))]
    vals = [{"0": 10.0 + g, "1": 20.0 + g} for g in gains_by_step]
    return {"seed": seed, "round": 1, "kinds": ["move_hero"] * len(feats), "scores": [0.0] * len(feats),
            "features": feats, "vals": vals}


def test_fit_moves_a_move_weight_towards_the_search_and_keeps_the_rest(tmp_path, capsys):
    mod = load_script("tools/search_targets.py")
    data = tmp_path / "targets.jsonl"
    # the search finds each step of a Hero worth 2 cards; the shipped weight says -0.05
    rows = [_row(s, [0.0, 2.0, 4.0]) for s in range(60)]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "weights.yaml"
    shipped = default_path().read_text(encoding="utf-8")
    assert mod.main(["fit", str(data), "--mode", "solo", "--min-count", "10", "--lams", "0.001",
                     "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "hero_step: -0.05 ->" in said
    book, before = weight_book(out), weight_book()
    assert abs(book.of("solo").feature_weights["hero_step"] - 2.0) < 0.05
    # a position feature (evaluate.py, read by the leaf) is never fitted; other modes are kept
    assert book.of("solo").feature_weights["own_value"] == before.of("solo").feature_weights["own_value"]
    assert book.of("coop") == before.of("coop") and book.of("competitive") == before.of("competitive")
    assert "solo move features fitted to the search by `python tools/search_targets.py fit" in out.read_text()
    assert default_path().read_text(encoding="utf-8") == shipped


def test_fit_refuses_to_write_what_does_not_beat_the_current_weights(tmp_path, capsys):
    mod = load_script("tools/search_targets.py")
    data = tmp_path / "targets.jsonl"
    # the search agrees with the shipped weight (each step costs 0.05): nothing to gain
    rows = [_row(s, [0.0, -0.05, -0.10]) for s in range(60)]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "weights.yaml"
    assert mod.main(["fit", str(data), "--mode", "solo", "--min-count", "10", "--out", str(out)]) == 1
    assert "no fit beats the current weights" in capsys.readouterr().out
    assert not out.exists()


def test_collect_can_look_past_the_experts_clear_margin():
    """By default only the decisions the expert searches are recorded (the heuristic leads by less
    than its clear_margin); --min-margin/--max-margin look at the ones it plays without a search."""
    mod = load_script("tools/search_targets.py")
    rows = mod.collect_game((86998, "solo", 1, "medium", 2, 1.0, None, (8.0, 1000.0)))
    assert rows
    assert all(r["scores"][0] - r["scores"][1] >= 8.0 for r in rows)
    from faeriell.bots.expert import ExpertBot
    usual = mod.collect_game((86998, "solo", 1, "medium", 2, 1.0, None))
    margin = ExpertBot().margin_for("solo")
    assert usual and all(r["scores"][0] - r["scores"][1] < margin for r in usual)


def test_fit_names_the_file_line_and_field_of_a_broken_input(tmp_path):
    import pytest
    mod = load_script("tools/search_targets.py")
    with pytest.raises(SystemExit, match="nothere.jsonl: cannot read it"):
        mod.main(["fit", str(tmp_path / "nothere.jsonl")])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(_row(1, [0.0, 1.0])) + "\n{not json\n")
    with pytest.raises(SystemExit, match=r"bad.jsonl:2: not a JSON line"):
        mod.main(["fit", str(bad)])
    row = _row(1, [0.0, 1.0])
    del row["vals"]
    bad.write_text(json.dumps(row) + "\n")
    with pytest.raises(SystemExit, match=r"bad.jsonl:1: a decision needs the field 'vals'"):
        mod.main(["fit", str(bad)])


def test_outcomes_plays_both_moves_to_the_end_in_the_same_worlds(tmp_path, capsys):
    """`outcomes`: where the search prefers another move, the heuristic's move and the search's
    are played to the game's end in the same imagined worlds; each line counts both sides' wins."""
    mod = load_script("tools/search_targets.py")
    rows = mod.outcomes_game((86997, "solo", 1, "medium", 4, 2, (0.0, 1e9)))
    for r in rows:
        assert r["worlds"] == 2 and all(0 <= w <= 2 for w in r["wins"])
        assert r["gain"] > 0 and r["kinds"][0] and r["kinds"][1]
    # the search's preference: only a lead of more than two paired standard errors counts
    assert mod.search_preference([{"0": 0.0, "1": 0.0}, {"0": 5.0, "1": 5.1}]) == (1, 5.05)
    assert mod.search_preference([{"0": 0.0, "1": 0.0}, {"0": 9.0, "1": -8.0}]) == (0, 0.0)
    out = tmp_path / "oc.jsonl"
    assert mod.main(["outcomes", "--games", "1", "--seed", "86997", "--worlds", "4", "--rollouts", "2",
                     "--workers", "1", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "decisions where the search prefers another move" in said
    assert len(out.read_text().splitlines()) == len(rows)


def test_leaves_compares_two_leaves_on_the_same_worlds_and_plays_out_where_they_differ(tmp_path, capsys):
    """`leaves`: the expert's search with leaf A and with leaf B over the same worlds; where their
    picks differ, both moves are played to the end in the same worlds. A leaf against itself never
    differs."""
    mod = load_script("tools/search_targets.py")
    same = mod.leaves_game((86996, "solo", 1, "medium", 2, 2, 0.3, "race", "race"))
    assert same and all(r.get("same") for r in same)
    rows = mod.leaves_game((86996, "solo", 1, "medium", 2, 2, 0.3, "race", "position"))
    assert len(rows) == len(same)                      # the same decisions were looked at
    for r in rows:
        if not r.get("same"):
            assert r["leaves"] == ["race", "position"] and len(r["wins"]) == 2 and r["worlds"] == 2
    out = tmp_path / "lv.jsonl"
    assert mod.main(["leaves", "--games", "1", "--seed", "86996", "--worlds", "2", "--rollouts", "2",
                     "--leaf-b", "position", "--workers", "1", "--out", str(out)]) == 0
    assert "decisions searched with both leaves; they chose different moves in" in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == len(rows)


def test_configs_lets_two_experts_decide_the_same_positions_and_plays_out_where_they_differ(tmp_path, capsys):
    """`configs`: two sets of ExpertBot settings decide each position from the same generator
    state; the same settings never differ (so a difference is the settings', not the luck's), and
    where other settings pick another move both moves are played to the end in the same worlds."""
    mod = load_script("tools/search_targets.py")
    a = {"iterations": 2}
    same = mod.configs_game((85990, "solo", 1, "medium", 0.1, 2, 0.2, a, a))
    assert same and all(r.get("same") and r["worlds"][0] == r["worlds"][1] for r in same)
    rows = mod.configs_game((85990, "solo", 1, "medium", 0.1, 2, 0.2, a, {"iterations": 2, "width": 2, "z": 0.0}))
    assert len(rows) == len(same)                      # the same positions were decided
    assert any(not r.get("same") for r in rows)        # two candidates and no caution: some differ
    for r in rows:
        if not r.get("same"):
            assert r["rollouts"] == 2 and len(r["wins"]) == 2 and all(0 <= w <= 2 for w in r["wins"])
    out = tmp_path / "cf.jsonl"
    assert mod.main(["configs", "--games", "1", "--seed", "85990", "--share", "0.2", "--rollouts", "2",
                     "--a", '{"iterations": 2}', "--b", '{"iterations": 2, "width": 2, "z": 0.0}',
                     "--workers", "1", "--out", str(out)]) == 0
    assert "decisions decided both ways; they chose different moves in" in capsys.readouterr().out
    assert len(out.read_text().splitlines()) == len(rows)

"""The review as text and the simulator's saves: a seeded bot game is written by
`faeriell.sim --save-dir`, loads and replays in the game, and `faeriell.review SAVE --text`
reads it back in the game's words (issue 25, item 4)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from faeriell import sim
from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action
from faeriell.engine.saves import read_save, replay, snapshot
from faeriell.review.moments import Moment
from faeriell.review.text import review_text, round_values, value_label
from faeriell.storage.saves import load_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rules():
    return default_rules()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Two seeded heuristic solo games written by the simulator."""
    folder = tmp_path_factory.mktemp("sim-saves")
    rc = sim.main(["--players", "1", "--mode", "solo", "--bots", "heuristic", "--games", "2",
                   "--seed", "31", "--workers", "1", "--quiet", "--save-dir", str(folder)])
    assert rc == 0
    return folder


def _ids(rules) -> set[str]:
    """Catalog and board ids that differ from the names printed for them (those must not show)."""
    cat = rules.catalog
    ids = set(rules.board.regions)
    for table in ("heroes", "perks", "herbs", "attunements", "achievements", "guardians", "tribes"):
        for k, v in (getattr(cat, table, None) or {}).items():
            if str((v or {}).get("name")) != k:
                ids.add(k)
    return {i for i in ids if len(i) > 3}


def test_every_game_played_is_written_as_a_save_that_loads_and_replays(rules, saved):
    files = sorted(saved.glob("*.json"))
    assert [f.name for f in files] == ["solo-1p-medium-heuristic-seed31.json",
                                       "solo-1p-medium-heuristic-seed32.json"]
    for f, seed in zip(files, (31, 32), strict=True):
        game = load_game(rules, f)          # what the game's Load does
        assert game.origin["seed"] == seed and game.state.game_over
        again = replay(rules, game.origin, [h["action"] for h in game.history])
        assert snapshot(again) == snapshot(game)
    # the simulator's result for the same seed is the game that was saved
    r = sim.play_one({"players": 1, "mode": "solo", "difficulty": "medium", "variants": [], "seed": 31,
                      "bots": ["heuristic"]})
    g = read_save(rules, files[0])
    assert (r["rounds"], r["doom"], r["actions"]) == (g.state.round, g.state.doom, len(g.history))


def test_the_win_chance_curve_has_one_row_a_round(rules, saved):
    g = read_save(rules, sorted(saved.glob("*.json"))[0])
    rows = round_values(rules, g.origin, [h["action"] for h in g.history])
    assert [r for r, _ in rows] == list(range(1, g.state.round + 1))
    assert all(len(v) == 1 for _, v in rows)           # solo: one side, the tribe
    assert all(0.0 <= v[0] <= 1.0 for _, v in rows)    # chances, not card units
    final = rows[-1][1][0]
    assert final == (1.0 if g.state.winners else 0.0)  # the finished game: won or lost
    text = review_text(rules, g.origin, [h["action"] for h in g.history], moments=[])
    assert f"{round(100 * rows[0][1][0])}%" in text and "Win chance after each round" in text


def test_the_text_names_moves_in_the_games_words_and_no_ids(rules, saved):
    g = read_save(rules, sorted(saved.glob("*.json"))[0])
    acts = [h["action"] for h in g.history]
    k = next(i for i, h in enumerate(g.history) if h["action"].kind == "move_hero")
    best = Action("build_beacon", color="red", region="bear-forest")
    # a reason as the engine words it (ids quoted, a ruling cited) is said in the game's words
    fake = Moment(k, 0, 2, acts[k], best, 0.21, 0.43, "Claims 'adventurer' at 'bear-forest' (R17).")
    text = review_text(rules, g.origin, acts, moments=[fake])
    assert value_label("solo") in text and "card units" not in text
    assert "Round 2, move" in text and "Blunder" in text
    assert "(win chance 21%)" in text and "(win chance 43%, 22 points more)" in text
    assert "played: Move the" in text and "Better: Build a Red Beacon in the Bear's Forest" in text
    assert "Why: Claims Adventurer at the Bear's Forest." in text
    # a strong move (issue 41, what won it): what was played, the next best and its chance, why
    strong = Moment(k, 0, 2, best, best, 0.62, 0.62, "Claims 'adventurer' (R17).", acts[k], 0.41)
    text += review_text(rules, g.origin, acts, moments=[], strong=[strong])
    assert "Strong moves (at least 10 points ahead of every other move compared):" in text
    assert "Round 2, move" in text and "- 21 points ahead" in text
    assert "played: Build a Red Beacon in the Bear's Forest (win chance 62%)" in text
    assert "The next best: Move the" in text and "(win chance 41%)" in text
    for i in _ids(rules):
        assert not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text), f"id {i!r} in the text review"
    assert not re.search(r"\bR\d+\b", text)


def test_the_command_reviews_a_save_the_simulator_wrote(rules, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # a short coop game (the action cap stops it): the review thinks about every move of it
    rc = sim.main(["--players", "2", "--mode", "coop", "--bots", "heuristic,easy", "--games", "1",
                   "--seed", "8", "--workers", "1", "--quiet", "--max-actions", "60",
                   "--save-dir", str(tmp_path)])
    assert rc == 0
    (save,) = tmp_path.glob("*.json")
    out = subprocess.run([sys.executable, "-m", "faeriell.review", str(save), "--text", "--quiet"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.startswith("Faeriell game review: Full Coop, 2 players")
    assert "The game is not over yet." in text
    assert "The team" in text and "Key moments" in text
    for i in _ids(rules):
        assert not re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text), f"id {i!r} in the text review"
    # bad input: a clear reason, nothing written, no traceback
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    out = subprocess.run([sys.executable, "-m", "faeriell.review", str(junk), "--text"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "cannot review this file" in out.stderr and "Traceback" not in out.stderr

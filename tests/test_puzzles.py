"""Practice puzzles (data/puzzles): each opens, starts unsolved, and its shipped solution wins."""
from pathlib import Path

import pytest

from faeriell import scenario
from faeriell.engine import Action
from faeriell.puzzle import Goal, GoalError, PuzzleTracker

PUZZLES = sorted((Path(__file__).parents[1] / "data" / "puzzles").glob("*.yaml"))


def test_there_are_puzzles():
    assert len(PUZZLES) >= 3


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_solution_wins(path):
    sc = scenario.load(path)
    assert sc.goal and sc.solution, "a puzzle ships a goal and a solution"
    g = scenario.start(sc)
    tracker = PuzzleTracker(Goal.from_dict(sc.goal), g)
    assert tracker.result == "open"
    assert scenario.play_steps(g, sc.solution) is None
    assert tracker.update(g) == "won"


def test_giving_up_loses():
    sc = scenario.load(next(p for p in PUZZLES if p.stem == "three-menaces"))
    g = scenario.start(sc)
    tracker = PuzzleTracker(Goal.from_dict(sc.goal), g)
    g.apply(Action("solve_menace", hero="druid", guardian="bear"))
    assert tracker.update(g) == "open"
    g.apply(Action("end_phase"))
    assert tracker.update(g) == "lost"


def test_bad_goal_is_refused_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nsetup: {players: 2}\ngoal: {text: hi, expect: {doom: 0}, before: never}\n")
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.load(bad)
    assert "bad.yaml:3: goal" in str(e.value)
    with pytest.raises(GoalError):
        Goal.from_dict({"text": "no expect"})

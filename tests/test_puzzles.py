"""Practice puzzles (data/puzzles): each opens, starts unsolved, and its shipped solution wins."""
from pathlib import Path

import pytest

from faeriell import scenario
from faeriell.engine import Action
from faeriell.puzzles.goal import Goal, GoalError, PuzzleTracker

PUZZLES = sorted((Path(__file__).parents[1] / "data" / "puzzles").glob("*.yaml"))


def test_there_are_puzzles_on_every_theme_of_the_path():
    """At least 24 puzzles, every theme with at least three, easy to hard; each has a goal, a
    one-line story, a hint and a tempting wrong first move."""
    from faeriell.puzzles.goal import THEMES, PuzzleMeta
    assert len(PUZZLES) >= 24
    themes, levels = {}, set()
    for path in PUZZLES:
        sc = scenario.load(path)
        meta = PuzzleMeta.from_dict(sc.puzzle)
        assert meta.theme in THEMES and meta.hint, path.name
        themes[meta.theme] = themes.get(meta.theme, 0) + 1
        levels.add(meta.level)
        assert sc.goal.get("text") and sc.description and "\n" not in sc.description.strip(), path.name
        assert sc.wrong, f"{path.name}: no wrong first move"
    assert set(themes) == set(THEMES) and min(themes.values()) >= 3, themes
    assert levels == {1, 2, 3}


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_a_wrong_first_move_does_not_reach_the_goal(path):
    """`wrong:` is a line that leaves the solution at its last move (most often the first move).
    Played, then the solution's later moves while they stay legal, then the Phases run out: the
    goal is lost. (tools/puzzle_finder.py --check searches every line after it, within a budget.)"""
    sc = scenario.load(path)
    g = scenario.start(sc)
    tracker = PuzzleTracker(Goal.from_dict(sc.goal), g)
    wrong = [Action.from_dict(v) for _, v, _ in sc.wrong]
    sol = [Action.from_dict(v) for _, v, _ in sc.solution]
    k = len(wrong) - 1
    assert wrong and wrong[:k] == sol[:k] and wrong[k] != sol[k], "the wrong line must leave the solution"
    for a in wrong:
        assert g.why_not(a) is None, f"the wrong move {a} is not even legal"
        g.apply(a)
        assert tracker.update(g) != "won"
    for a in sol[k + 1:]:
        if tracker.result != "open" or g.why_not(a) is not None:
            break
        g.apply(a)
        tracker.update(g)
    for _ in range(300):
        if tracker.result != "open" or g.state.game_over:
            break
        legal = g.legal_actions()
        g.apply(next((a for a in legal if a.kind == "end_phase"), legal[0]))
        tracker.update(g)
    assert tracker.result == "lost", f"{path.name}: {wrong[-1]} still reaches the goal"


def test_puzzle_meta_is_checked_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nsetup: {players: 1, mode: solo}\npuzzle: {theme: fishing, level: 1}\n")
    with pytest.raises(scenario.ScenarioError) as e:
        scenario.load(bad)
    assert "bad.yaml:3: puzzle" in str(e.value) and "fishing" in str(e.value)
    bad.write_text("name: x\nsetup: {players: 1, mode: solo}\npuzzle: {theme: harvest, level: 9}\n")
    with pytest.raises(scenario.ScenarioError):
        scenario.load(bad)
    old = tmp_path / "old.yaml"                # a puzzle file of the first format still loads
    old.write_text("name: x\nsetup: {players: 1, mode: solo}\ngoal: {text: hi, expect: {doom: 1}}\n")
    assert scenario.load(old).puzzle == {}


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

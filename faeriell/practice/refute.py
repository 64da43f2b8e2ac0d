"""Why a tempting move fails: the puzzle's recorded `wrong:` line played out.

The wrong moves, then the solution's later moves while they stay legal, then the Phases run out
(ending a Phase where the rules allow it) until the goal is lost. tests/test_puzzles.py and
tools/puzzle_finder.py prove every puzzle this way; the table plays the same line to show a player
why the move fails.

    line = refutation(sc, rules)       # [Action, ...] from the puzzle's start, or [] when none
No pygame here.
"""
from __future__ import annotations

MAX_STEPS = 300


def refutation(sc, rules=None) -> list:
    from faeriell import scenario
    from faeriell.engine import Action
    from faeriell.puzzle import Goal, PuzzleTracker
    if not getattr(sc, "wrong", None) or not getattr(sc, "goal", None):
        return []
    g = scenario.start(sc, rules)
    tracker = PuzzleTracker(Goal.from_dict(sc.goal), g)
    wrong = [Action.from_dict(v) for _, v, _ in sc.wrong]
    sol = [Action.from_dict(v) for _, v, _ in sc.solution]
    line = []

    def play(a) -> bool:
        if tracker.result != "open" or g.state.game_over or g.why_not(a) is not None:
            return False
        g.apply(a)
        line.append(a)
        tracker.update(g)
        return True

    for a in wrong:
        if not play(a):
            return line
    for a in sol[len(wrong):]:
        if not play(a):
            break
    for _ in range(MAX_STEPS):
        if tracker.result != "open" or g.state.game_over:
            break
        legal = g.legal_actions()
        play(next((a for a in legal if a.kind == "end_phase"), legal[0]))
    return line

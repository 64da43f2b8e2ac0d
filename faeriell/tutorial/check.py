"""`python -m faeriell.tutorial --check`: play every chapter headlessly through the same
TutorialSession the table uses. For each move step: the expected move is legal (the engine
lists it), the step accepts it, and it refuses a wrong move (the step's `wrong:` or any other
legal move) with its own reason, leaving the game unchanged. One line per chapter; exit 1 when
one fails, 2 when a chapter file is not valid.
"""
from __future__ import annotations

import sys

from faeriell.engine import Action, matches
from faeriell.engine.state import to_dict
from faeriell.tutorial.chapters import Chapter, ChapterError, load_all
from faeriell.tutorial.lesson import Lesson, LessonError
from faeriell.tutorial.session import TutorialSession


def _wrong_move(session, step, pattern) -> Action | None:
    if step.wrong is not None:
        return Action.from_dict(step.wrong)
    return next((a for a in session.game.legal_actions() if not matches(pattern, a)), None)


def check_chapter(chapter: Chapter, rules, chapters) -> tuple[str | None, int]:
    """(None or what failed, how many moves were checked)."""
    lesson = Lesson(chapter, rules, chapters)
    try:
        game = lesson.begin(0)
    except (LessonError, ValueError) as e:
        return f"the start cannot be built: {e}", 0
    s = TutorialSession(lesson, game)
    moves = 0
    while not lesson.finished:
        st = lesson.step
        where = f"step {lesson.number()[0]} (line {st.line})"
        if st.kind == "read":
            if s.legal() or s.apply(next(iter(s.game.legal_actions()), Action("end_phase"))) is None:
                return f"{where}: a move went through while the player should be reading", moves
            s.next_step()
            continue
        pattern = lesson.pattern()
        expected = lesson.expected(s.game)
        if expected is None:
            return f"{where}: {pattern} is not legal here ({s.game.why_not(pattern) or 'not listed'})", moves
        if expected not in s.legal() or any(not matches(pattern, a) for a in s.legal()):
            return f"{where}: the session lists moves other than the step's", moves
        wrong = _wrong_move(s, st, pattern)
        if wrong is not None:
            if matches(pattern, wrong):
                return f"{where}: the wrong move {wrong} is the step's own move", moves
            before = to_dict(s.state)
            why = s.apply(wrong)
            if why != st.refuse:
                return f"{where}: the wrong move {wrong} was not refused with the step's reason (got {why!r})", moves
            if to_dict(s.state) != before:
                return f"{where}: refusing {wrong} changed the game", moves
        at = lesson.index
        why = s.apply(expected)
        if why is not None:
            return f"{where}: the step refused its own move {expected}: {why}", moves
        if lesson.index == at:
            return f"{where}: the step did not move on after {expected}", moves
        moves += 1
    return None, moves


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv not in (["--check"], []):
        print("usage: python -m faeriell.tutorial --check", file=sys.stderr)
        return 2
    if not argv:
        print("python -m faeriell.tutorial --check plays every chapter's moves; "
              "python main.py --tutorial opens the guided game.")
        return 0
    try:
        chapters = load_all()
    except ChapterError as e:
        print(e, file=sys.stderr)
        return 2
    from faeriell.content.rules_loader import default_rules
    rules = default_rules()
    failed = 0
    for c in chapters:
        problem, moves = check_chapter(c, rules, chapters)
        if problem:
            failed += 1
            print(f"FAIL {c.id} {c.title}: {problem}")
        else:
            print(f"PASS {c.id} {c.title}: {len(c.shown_steps)} steps, {moves} moves accepted, wrong ones refused")
    if not chapters:
        print("no chapters found", file=sys.stderr)
        return 1
    return 1 if failed else 0

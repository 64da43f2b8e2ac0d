"""`python -m faeriell.tutorial --check`: play every chapter headlessly through the same
TutorialSession the table uses. For each move step: the expected move is legal (the engine
lists it), the step accepts it, and it refuses a wrong move (the step's `wrong:` or any other
legal move) with its own reason, leaving the game unchanged. For each choose step: every option
is legal, its grade agrees with the bots' evaluation (grading.grade_problems), a move that is none
of the options is refused, each other option is played, graded as the chapter says and taken back
(Try again) to the very same game, and the best goes on. One line per chapter; exit 1 when one
fails, 2 when a chapter file is not valid.
"""
from __future__ import annotations

import sys

from faeriell.engine import Action, matches
from faeriell.engine.state import to_dict
from faeriell.tutorial.chapters import Chapter, ChapterError, load_all
from faeriell.tutorial.grading import grade_problems, legal_option
from faeriell.tutorial.lesson import Lesson, LessonError
from faeriell.tutorial.session import TutorialSession
from faeriell.content.rules_loader import default_rules


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
        assert st is not None               # the chapter is not finished: a step is open
        where = f"step {lesson.number()[0]} (line {st.line})"
        if st.kind == "read":
            if s.legal() or s.apply(next(iter(s.game.legal_actions()), Action("end_phase"))) is None:
                return f"{where}: a move went through while the player should be reading", moves
            s.next_step()
            continue
        if st.kind == "choose":
            problem = _check_choice(s, lesson, st, where)
            if problem:
                return problem, moves
            moves += 1
            continue
        pattern = lesson.pattern()
        if pattern is None:                 # a draw step is played by the lesson, never left open
            return f"{where}: a {st.kind} step was left open", moves
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


def _check_choice(s, lesson, st, where) -> str | None:
    problems = grade_problems(s.game, st)
    if problems:
        return f"{where}: {problems[0]}"
    pats = lesson.patterns()
    if any(not any(matches(p, a) for p in pats) for a in s.legal()):
        return f"{where}: the session lists moves that are none of the step's options"
    wrong = next((a for a in s.game.legal_actions() if not any(matches(p, a) for p in pats)), None)
    if wrong is not None:
        before = to_dict(s.state)
        why = s.apply(wrong)
        if why != st.refuse:
            return f"{where}: the move {wrong}, none of the options, was not refused with the step's reason (got {why!r})"
        if to_dict(s.state) != before:
            return f"{where}: refusing {wrong} changed the game"
    for o in st.options:
        if o.grade == "best":
            continue
        a = legal_option(s.game, o.move)
        before = to_dict(s.state)
        why = s.apply(a) if a is not None else "not legal"
        if why is not None:
            return f"{where}: the option {o.move} was refused: {why}"
        v = lesson.graded
        if v is None or v.grade != o.grade or not v.text:
            return f"{where}: the option {o.move} was not graded {o.grade} (got {v and v.grade})"
        if o.grade == "costly" and s.go_on():
            return f"{where}: a costly pick went on instead of being tried again"
        if not s.try_again() or to_dict(s.state) != before or lesson.graded is not None:
            return f"{where}: Try again after {o.move} did not give back the game as it was"
    at = lesson.index
    best = lesson.expected(s.game)
    if best is None or s.apply(best) is not None:
        return f"{where}: the best option is not accepted"
    if lesson.graded is None or lesson.graded.grade != "best":
        return f"{where}: the best option was not graded best"
    if not s.go_on() or lesson.index == at:
        return f"{where}: the step did not move on after its best option"
    return None


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
    rules = default_rules()
    failed = 0
    for c in chapters:
        problem, moves = check_chapter(c, rules, chapters)
        if problem:
            failed += 1
            print(f"FAIL {c.id} {c.title}: {problem}")
        else:
            chosen = sum(1 for st in c.steps if st.kind == "choose")
            print(f"PASS {c.id} {c.title}: {len(c.shown_steps)} steps, {moves} moves accepted, wrong ones refused"
                  + (f", {chosen} choices graded as the bots grade them" if chosen else ""))
    if not chapters:
        print("no chapters found", file=sys.stderr)
        return 1
    return 1 if failed else 0

"""One chapter being played: which step the player is at, what the step lets through, and the
game at any step (for resuming). No pygame here: the table, the tests and --check share it.

    lesson = Lesson(chapter, rules, chapters)    # chapters: the list (for `start.after`)
    game = lesson.begin(at=3)                    # the game at step 3 (steps before it replayed)
    lesson.refusal(game, action)                 # None: this step's move; else the step's reason
    lesson.moved(game, action)                   # after the engine applied it: on to the next step
    lesson.next(game)                            # past a read step (the Next button)
    lesson.expected(game)                        # the legal Action this step wants (for the highlight)
    lesson.graded                                # a choose step's Verdict on the pick, until Try again / Go on

Legality stays with the engine: a step only narrows the engine's legal moves to its own; the
TutorialSession below asks the step first and the engine for everything else.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Callable

from faeriell.engine import Action, build_position, matches, new_game
from faeriell.tutorial.chapters import Chapter, Step

if TYPE_CHECKING:                            # the type only: grading brings in the bots
    from faeriell.tutorial.grading import Verdict

READ_FIRST = "Read this step first, then press Next."
CHAPTER_OVER = "This chapter is finished: open the next one from the chapter list."
GRADED = "The coach has graded your move: press Try again or Go on on the card."


class LessonError(ValueError):
    """A chapter that cannot be played as written (its move is not legal where it comes)."""


def start_game(chapter: Chapter, rules, chapters: list[Chapter] | None = None):
    """The game at the chapter's start, before its first step."""
    st = chapter.start
    if "new" in st:
        n = dict(st["new"])
        g = new_game(rules, players=int(n.get("players", 1)), mode=n.get("mode", "solo"),
                     difficulty=n.get("difficulty", "easy"), variants=list(n.get("variants") or ()),
                     seed=int(n.get("seed", 0)))
    elif "position" in st:
        p = st["position"]
        g = build_position(rules, p.get("setup") or {}, p.get("board") or {}, p.get("tribes") or [],
                           p.get("turn") or {})
    else:
        before = next((c for c in chapters or () if c.id == st["after"]), None)
        if before is None:
            raise LessonError(f"{chapter.path}: start.after: no chapter {st['after']!r}")
        g = Lesson(before, rules, chapters).begin(at=len(before.steps))
    for m in st.get("moves") or ():
        apply_expected(g, Action.from_dict(m), f"{chapter.path}: start.moves")
    return g


def legal_match(game, pattern: Action) -> Action | None:
    """The first legal action the pattern matches (None: the engine would not allow it now)."""
    player = pattern.get("player")
    if player is not None and game.acting != player:        # a seat (Action.from_dict)
        return None
    return next((a for a in game.legal_actions() if matches(pattern, a)), None)


def apply_expected(game, pattern: Action, where: str) -> Action:
    a = legal_match(game, pattern)
    if a is None:
        why = game.why_not(pattern)
        raise LessonError(f"{where}: {pattern} is not legal here ({why or 'not among the legal moves'})")
    game.apply(a)
    return a


class Lesson:
    def __init__(self, chapter: Chapter, rules, chapters: list[Chapter] | None = None,
                 on_step: Callable[[Lesson], None] | None = None):
        self.chapter = chapter
        self.rules = rules
        self.chapters = chapters or [chapter]
        self.index = 0                       # the step the player is at (len(steps): finished)
        self.on_step = on_step               # told after every step taken (progress is kept)
        self.graded: Verdict | None = None   # a choose step's grading.Verdict, while it is shown

    # ---- where we are ------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        steps = self.chapter.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.chapter.steps)

    def number(self) -> tuple[int, int]:
        """(this step's number among the steps shown, how many are shown), counting from 1."""
        shown = self.chapter.shown_steps
        done = sum(1 for k in shown if k < self.index)
        return min(done + 1, len(shown)), len(shown)

    def pattern(self) -> Action | None:
        """The one move a do step asks for (a choose step has none: the player chooses)."""
        st = self.step
        return Action.from_dict(st.action) if st is not None and st.kind == "do" else None

    def patterns(self) -> list[Action]:
        """Every move this step lets through: a do step's, or a choose step's options."""
        st = self.step
        if st is None:
            return []
        if st.kind == "choose":
            return [Action.from_dict(o.move) for o in st.options]
        p = self.pattern()
        return [p] if p is not None else []

    def expected(self, game) -> Action | None:
        """The legal move this step wants: a do step's, or a choose step's best option (what
        --check, resuming and 'Go on' play; the table never rings it, that would tell)."""
        st = self.step
        if st is not None and st.kind == "choose":
            best = st.best
            return legal_match(game, Action.from_dict(best.move)) if best is not None else None
        p = self.pattern()
        return legal_match(game, p) if p is not None else None

    # ---- the gate ------------------------------------------------------------------------------
    def refusal(self, game, action: Action) -> str | None:
        """None when `action` is this step's move (the engine still checks it), else the reason."""
        st = self.step
        if st is None:
            return CHAPTER_OVER
        if st.kind == "read":
            return READ_FIRST
        if st.kind == "choose":
            if self.graded is not None:
                return GRADED
            return None if any(matches(p, action) for p in self.patterns()) else st.refuse
        if matches(Action.from_dict(st.action), action):
            return None
        return st.refuse

    # ---- moving on -------------------------------------------------------------------------------
    def moved(self, game, action: Action) -> None:
        """The engine applied `action`, this step's move: go on."""
        if self.step is not None and self.step.kind == "do":
            self.advance(game)

    def advance(self, game) -> None:
        """On past this step (a do step's move, a choose step's pick let go on)."""
        self.graded = None
        self.index += 1
        self._silent(game)
        self._told()

    def next(self, game) -> bool:
        """Past a read step (True when it was one)."""
        if self.step is None or self.step.kind != "read":
            return False
        self.index += 1
        self._silent(game)
        self._told()
        return True

    def _silent(self, game) -> None:
        while self.step is not None and self.step.kind == "draw":
            game.state.forced.extend(self.step.draws)
            self.index += 1

    def _told(self) -> None:
        if self.on_step is not None:
            self.on_step(self)

    # ---- building the game at a step -------------------------------------------------------------
    def begin(self, at: int = 0):
        """The game at step `at` (0: the start): the steps before it are played as written."""
        game = start_game(self.chapter, self.rules, self.chapters)
        self.index = 0
        self.graded = None
        self._silent(game)
        at = max(0, min(int(at), len(self.chapter.steps)))
        while self.index < at:
            st = self.step
            assert st is not None           # index < at <= the number of steps
            if st.kind == "do":
                apply_expected(game, Action.from_dict(st.action), f"{self.chapter.path}:{st.line}")
            elif st.kind == "choose" and st.best is not None:   # a chapter goes on from the best
                apply_expected(game, Action.from_dict(st.best.move), f"{self.chapter.path}:{st.line}")
            self.index += 1
            self._silent(game)
        return game

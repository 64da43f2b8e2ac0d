"""A table Session for a tutorial chapter: every move is asked of the chapter's step first (the
step's own reason for any other move), then of the engine. No pygame here.

The table needs nothing special: `legal()` lists only the moves this step accepts (the engine's
legal moves, narrowed: only the step's piece glows, and what the Session lists it accepts), it
applies moves through the Session as always, and a refusal's words come back from `apply` /
`why_not` / `step_reason()` (a piece the table cannot pick up now). `refusal(action)` lets the
table refuse a drop before it opens the payment tray. Autosave is off (the chapter's progress is kept instead) and undo is
refused: a step is taken back by opening the chapter again at that step.

A choose step lets any of its options through; the pick is played (the board shows what it did)
and graded (`tutorial.graded`, tutorial/grading.py). `try_again()` puts the game back as it was
before the pick; `go_on()` after a best or good pick goes on (from the best option: a good pick
is replaced by it, so the chapter's next steps and a resume meet the same position).
"""
from __future__ import annotations

from faeriell.engine import Action, Game
from faeriell.tutorial.grading import verdict
from faeriell.tutorial.lesson import Lesson
from faeriell.tutorial.progress import Progress
from faeriell.session import Session

_NO_MOVE = Action("no_move")          # matches no step: asks a step for its refusal words
NO_UNDO = "In the guided game every move stays; to try a step again, leave and reopen the chapter."


class TutorialSession(Session):
    offers_undo = False               # a step is retried by reopening the chapter there
    tutorial: Lesson                  # always one here (a Session's may be None)
    def __init__(self, lesson: Lesson, game, progress: Progress | None = None):
        super().__init__(game, ["human"] * game.state.players, autosave=False)
        self.tutorial = lesson
        self.progress = progress
        self._narrowed: tuple = (None, [])   # ((version, step), the moves this step accepts)
        self._before: Game | None = None      # a choose step: the game before the pick (Try again)
        lesson.on_step = self._stepped

    def refusal(self, action) -> str | None:
        return self.tutorial.refusal(self.game, action)

    def legal(self):
        key = (self.version, self.tutorial.index)
        if self._narrowed[0] != key:
            self._narrowed = (key, [a for a in super().legal() if self.refusal(a) is None])
        return self._narrowed[1]

    def engine_legal(self):
        """Every move the engine allows now (a decision bar shows all its choices)."""
        return super().legal()

    def step_reason(self) -> str | None:
        """What this step says to any move but its own (None once the chapter is over)."""
        st = self.tutorial.step
        if st is None:
            return None
        return self.tutorial.refusal(self.game, _NO_MOVE)

    def why_not(self, action) -> str | None:
        return self.refusal(action) or super().why_not(action)

    def apply(self, action, person: bool = True) -> str | None:
        why = self.refusal(action)
        if why:
            self.last_error = why
            return why
        st = self.tutorial.step
        before = self.game.copy() if st is not None and st.kind == "choose" else None
        why = super().apply(action, person)
        if why is None:
            if before is not None:
                self._before = before
                self.tutorial.graded = verdict(before, st, action)
            else:
                self.tutorial.moved(self.game, action)
            self.version += 1
        return why

    def try_again(self) -> bool:
        """A graded pick taken back: the game as it was before it, the step open again."""
        if self.tutorial.graded is None or self._before is None:
            return False
        self.game, self._before = self._before, None
        self.tutorial.graded = None
        self.version += 1
        self._notify("undo", None)
        return True

    def go_on(self) -> bool:
        """Past a choose step whose pick was graded best or good (a costly one is tried again).
        A good pick makes way for the best, the move the chapter goes on from."""
        v = self.tutorial.graded
        if v is None or v.grade == "costly" or self._before is None:
            return False
        if v.grade != "best":
            self.game, self._before = self._before, None
            best = self.tutorial.expected(self.game)
            if best is None or Session.apply(self, best) is not None:
                self.tutorial.graded = None     # cannot happen with a checked chapter: choose again
                self.version += 1
                self._notify("undo", None)
                return False
        self._before = None
        self.tutorial.advance(self.game)
        self.version += 1
        self._notify("step", None)
        return True

    def next_step(self) -> bool:
        """The Next button of a read step."""
        if self.tutorial.next(self.game):
            self.version += 1
            self._notify("step", None)
            return True
        return False

    def undo_available(self) -> bool:
        return False

    def undo(self) -> str | None:
        return NO_UNDO

    def _stepped(self, lesson: Lesson) -> None:
        if self.progress is None:
            return
        if lesson.finished:
            self.progress.finish(lesson.chapter.id)
        else:
            self.progress.at(lesson.chapter.id, lesson.index)

"""The table screen's hints (H, T, the hint card's Think longer): the expert's hint thought out in a
background thread (bot_driver.Job running faeriell.bots.plan_hint), the turn's plan it follows, and
a puzzle's or a drill's own hint. What it finds goes on the coach's hint card (hint_card.py)."""
from __future__ import annotations

from collections.abc import Callable

from faeriell import bots
from faeriell.ui.bot_driver import Job

HINT_BUDGET = 1.0           # handed to faeriell.bots.plan_hint(game, plan, budget)


class TableHints:
    """One table's hint: its background job, the turn's plan and the move shown before a longer look.
    `flash` says a line on the table's message line; `report` hands a failed thought to the app."""

    def __init__(self, session, table, flash: Callable[[str], None], report: Callable[[str, BaseException], None]):
        self.session = session
        self.table = table
        self.flash = flash
        self.report = report
        self.job: Job[tuple] | None = None    # its answer: (action, reason, plan)
        self._before = None                   # the move the card showed before thinking longer
        # the hint's plan for the turn (bots.plan): the hint's own state, never the game's, so it
        # changes no move and nothing saved; the hints of the turn follow it (H again too)
        self.plan = None

    def thinking(self) -> bool:
        return self.job is not None and not self.job.done.is_set()

    def shown(self):
        """The hint card on the table for this very position, or None."""
        card = self.table.coach.hint
        if card is not None and card.shown and card.version == self.session.version:
            return card
        return None

    def ask(self, longer: bool = False) -> None:
        """H: a hint; T (`longer`, or the card's Think longer button): think a few seconds more and
        say whether the expert still agrees. H while the hint shows says where the longer look is,
        rather than meaning it (nobody guesses that a second press thinks longer)."""
        if self.session.tutorial is not None:
            self.flash("In the guided game the step card is your hint: the pink rings show the move.")
            return
        if self.table.puzzle is not None:
            self._puzzle_hint(self.table.puzzle)
            return
        if self.session.state.game_over:
            self.flash("The game is over.")
            return
        if not self.session.is_human_turn():
            self.flash("Hints are for your own turn.")
            return
        if self.thinking():
            return                            # already thinking
        card = self.shown()
        if card is not None and not longer:
            self.flash("The hint is on the table. To have the coach think a few seconds more, "
                       "press T or its Think longer button.")
            return
        game = self.session.game.copy()
        if longer:
            if card is not None:
                card.thinking = True
            self._before = card.action if card is not None else None
            work = lambda: bots.plan_hint(game, None, HINT_BUDGET, think_harder=True,  # noqa: E731
                                          helpers=bots.TABLE_HELPERS)
        else:
            self._before = None
            plan = self.plan
            work = lambda: bots.plan_hint(game, plan, HINT_BUDGET, helpers=bots.TABLE_HELPERS)  # noqa: E731
        self.job = Job(work, tag=(self.session.version, longer, False), name="hint")
        self.job.start()

    def _puzzle_hint(self, puzzle) -> None:
        """A puzzle's or a drill's hint is its own (the file's words about its goal), never the
        expert's move: a solve after it is no clean solve (the rating counts it as a miss, as
        lichess does), and the result panel says so."""
        if puzzle.result == "open":
            puzzle.hinted = True
        puzzle.show_hint = True
        note = (" A solve after a hint counts as a miss for your puzzle rating."
                if getattr(puzzle, "trainer", None) is not None else "")
        self.flash(f"Hint: {puzzle.hint} (Goal: {puzzle.goal.text}){note}")

    def update(self) -> bool:
        """Each frame: a finished thought goes on the card (True: something changed), then the plan
        goes on: its next step is asked."""
        changed = self._done()
        self._next_step()
        return changed

    def _next_step(self) -> None:
        """The hinted move was played and the turn goes on: ask the expert for the plan's next
        step, in the background as H does (the card says it is thinking meanwhile)."""
        card = self.table.coach.hint
        if card is None or not card.wants_next or self.job is not None:
            return
        if card.version != self.session.version or self.session.state.game_over or not self.session.is_human_turn():
            card.clear()
            return
        self._before = None
        game = self.session.game.copy()
        plan = self.plan
        self.job = Job(lambda: bots.plan_hint(game, plan, HINT_BUDGET, helpers=bots.TABLE_HELPERS),
                       tag=(self.session.version, False, True), name="hint")
        self.job.start()

    def _done(self) -> bool:
        job = self.job
        if job is None or not job.done.is_set():
            return False
        self.job = None
        version, longer, next_step = job.tag
        if version != self.session.version:
            return False                      # the position changed meanwhile: the hint is stale
        if next_step and not self.table.coach.hint.wants_next:
            return False                      # the plan was put away meanwhile (Close, Esc)
        if job.error is not None:
            self.table.coach.hint.clear()     # no next step is coming
            self.report("thinking about a hint", job.error)
            return True
        if job.result is None:                # (done without an error: the job's answer is there)
            return False
        action, reason, plan = job.result     # bots.plan_hint: (action, reason, plan)
        self.plan = plan
        if action is None:
            self.table.coach.hint.clear()     # a plan waiting for its next step ends here
            self.flash(f"Hint: {reason}")
            return True
        note = ""
        before = self._before
        if longer:
            secs = round(bots.THINK_HARDER_BUDGET)
            note = (f"I looked longer (about {secs} seconds) and still suggest this move." if before == action
                    else f"I looked longer (about {secs} seconds) and now suggest this move instead."
                    if before is not None else f"I looked longer (about {secs} seconds).")
        self.table.coach.show_hint(action, reason or "", note)
        return True

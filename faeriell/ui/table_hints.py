"""The table screen's hints (H, T and the hint card's next step): the expert's move thought out in
a background thread (bot_driver.Job), shown on the table by the coach layer (coach_layer.py); a
puzzle's or a drill's hint is its own words, a guided chapter's is its step card."""
from __future__ import annotations

from faeriell import bots
from faeriell.ui.bot_driver import Job

HINT_BUDGET = 1.0           # handed to faeriell.bots.hint(game, budget)


class TableHints:
    def __init__(self, screen):
        self.screen = screen                 # the TableScreen: its session, table, flash, host
        self.job: Job | None = None
        self.before = None                   # the move the card showed before thinking longer

    def thinking(self) -> bool:
        return self.job is not None and not self.job.done.is_set()

    def shown_card(self):
        """The hint card on the table for this very position, or None."""
        card = self.screen.table.coach.hint
        if card is not None and card.shown and card.version == self.screen.session.version:
            return card
        return None

    def ask(self, longer: bool = False) -> None:
        """H: a hint; T (`longer`, or the card's Think longer button): think a few seconds more and
        say whether the expert still agrees. H while the hint shows says where the longer look is,
        rather than meaning it (nobody guesses that a second press thinks longer). The thinking
        runs in a background thread (bot_driver.Job)."""
        if self.screen.tutorial() is not None:
            self.screen.flash("In the guided game the step card is your hint: the pink rings show the move.")
            return
        if self.screen.table.puzzle is not None:
            self._puzzle_hint(self.screen.table.puzzle)
            return
        if self.screen.session.state.game_over:
            self.screen.flash("The game is over.")
            return
        if not self.screen.session.is_human_turn():
            self.screen.flash("Hints are for your own turn.")
            return
        if self.job is not None and not self.job.done.is_set():
            return                            # already thinking
        card = self.shown_card()
        if card is not None and not longer:
            self.screen.flash("The hint is on the table. To have the coach think a few seconds more, "
                              "press T or its Think longer button.")
            return
        game = self.screen.session.game.copy()
        if longer:
            if card is not None:
                card.thinking = True
            self.before = card.action if card is not None else None
            work = lambda: bots.hint(game, HINT_BUDGET, think_harder=True, helpers=bots.TABLE_HELPERS)  # noqa: E731
        else:
            self.before = None
            work = lambda: bots.hint(game, HINT_BUDGET, helpers=bots.TABLE_HELPERS)  # noqa: E731
        self.job = Job(work, tag=(self.screen.session.version, longer, False), name="hint")
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
        self.screen.flash(f"Hint: {puzzle.hint} (Goal: {puzzle.goal.text}){note}")

    def next_step(self) -> None:
        """The hinted move was played and the turn goes on: ask the expert for the plan's next
        step, in the background as H does (the card says it is thinking meanwhile)."""
        card = self.screen.table.coach.hint
        if card is None or not card.wants_next or self.job is not None:
            return
        if card.version != self.screen.session.version or self.screen.session.state.game_over or not self.screen.session.is_human_turn():
            card.clear()
            return
        self.before = None
        game = self.screen.session.game.copy()
        self.job = Job(lambda: bots.hint(game, HINT_BUDGET, helpers=bots.TABLE_HELPERS),
                       tag=(self.screen.session.version, False, True), name="hint")
        self.job.start()

    def done(self) -> bool:
        job = self.job
        if job is None or not job.done.is_set():
            return False
        self.job = None
        version, longer, next_step = job.tag
        if version != self.screen.session.version:
            return False                      # the position changed meanwhile: the hint is stale
        if next_step and not self.screen.table.coach.hint.wants_next:
            return False                      # the plan was put away meanwhile (Close, Esc)
        if job.error is not None:
            self.screen.table.coach.hint.clear()           # no next step is coming
            self.screen.host.report("thinking about a hint", job.error)
            return True
        action, reason = job.result               # bots.hint: (action, reason)
        if action is None:
            self.screen.table.coach.hint.clear()           # a plan waiting for its next step ends here
            self.screen.flash(f"Hint: {reason}")
            return True
        note = ""
        before = self.before
        if longer:
            secs = self._think_longer_seconds()
            note = (f"I looked longer (about {secs} seconds) and still suggest this move." if before == action
                    else f"I looked longer (about {secs} seconds) and now suggest this move instead."
                    if before is not None else f"I looked longer (about {secs} seconds).")
        self.screen.table.coach.show_hint(action, reason or "", note)
        return True

    @staticmethod
    def _think_longer_seconds() -> int:
        return round(bots.THINK_HARDER_BUDGET)

"""A drill at the table ("find a better move"): the position of one of the player's key moments.

It stands where a practice puzzle stands (table.puzzle: the goal strip and the result panel read
the same attributes), but its goal is a move, not a state: the first move made from the position
is judged by faeriell.practice.drills.judge (the engine plays it on, the review's measure values
it against a wider search). Three tries; after the third the answer is shown with its reason.
The result goes on the drill's spaced schedule once per opening.

    coach = DrillCoach.from_session(session)      # None unless session.drill is set
"""
from __future__ import annotations

from dataclasses import dataclass
from faeriell.practice.drills import judge, position, TRIES
from faeriell.engine import Action, IllegalAction
from faeriell.engine.saves import SaveError


@dataclass
class _Goal:
    text: str
    before: str = "phase_end"


class DrillCoach:
    # what the result panel reads of a puzzle (guide.Puzzle) and a drill has not: no recorded
    # wrong line to play out, no rating
    can_refute = False
    refuted = False
    rating_change: tuple | None = None

    def __init__(self, session, book=None):
        self.drill = session.drill
        self.book = book if book is not None else session.drill_book
        self.start_len = len(session.game.history)
        self.tries = int(session.drill_tries)
        self.max_tries = TRIES
        self.goal = _Goal("Find a better move than the one played in your game.")
        self.result = "open"
        self.verdict = None
        self.decided_at: int | None = None
        self.overlay = False
        self.show_hint = False
        self.hinted = False             # the hint was asked before the drill was found
        self.kept: bool | None = None
        self.progress = self            # the result panel reads progress.error when a win was not kept
        self.error = ""
        self.recorded = bool(session.drill_recorded)
        self.next_path: str | None = None       # the id of the next drill due
        self.next_label = "Next drill"
        self.badge = "DRILL"
        self.words = None
        self.session = session

    @classmethod
    def from_session(cls, session) -> DrillCoach | None:
        if session.drill is None:
            return None
        return cls(session)

    # ---- what the panels read ---------------------------------------------------------------
    @property
    def name(self) -> str:
        d = self.drill
        return f"Drill · round {d.round}" + (f" · {d.label}" if d.label else "")

    @property
    def path(self) -> str:
        return ""

    @property
    def description(self) -> str:
        return "A position from your own game: find a better move than the one you played."

    def _say(self, action_dict) -> str:
        a = Action.from_dict(action_dict) if isinstance(action_dict, dict) else action_dict
        if self.words is not None:
            return self.words.action(a)
        return str(a)

    @property
    def hint(self) -> str:
        return f"In your game you chose: {self._say(self.drill.played)}. Look for a move that gains more."

    def status(self) -> str:
        if self.result == "won":
            return "Found!"
        if self.result == "lost":
            return "Answer shown" if self.tries >= self.max_tries else f"Try {self.tries + 1} of {self.max_tries}"
        return f"Try {self.tries + 1} of {self.max_tries}"

    def why_lost(self, game, words=None) -> str:
        v = self.verdict
        if v is None:
            return ("That move could not be judged (" + self.error + "). Retry: it does not count."
                    if self.error else "That was not a move of the drill's seat.")
        if self.tries >= self.max_tries:     # the review's move and its reason for this moment: one source
            return f"The better move: {self._say(self.drill.best)}. {self.reason(v)} It comes back tomorrow."
        left = self.max_tries - self.tries
        return (f"Not quite: it leaves you about {v.loss:.0f} card{'s' if round(v.loss) != 1 else ''} worse off "
                f"than the best move. {left} {'tries' if left > 1 else 'try'} left: Retry.")

    def reason(self, v=None) -> str:
        """Why the better move is better: the review's words for this very moment (kept with the
        drill), so the drill and the review never tell two stories; the judge's own for an old drill
        without them."""
        return self.drill.reason or (v.reason if v is not None else "")

    def won_text(self) -> str:
        why = self.reason(self.verdict)
        return f"A good move. What the review said of this moment: {why}" if why else "A good move."

    def practice_note(self) -> str:
        """What comes next on the drills' schedule (read from the drill book)."""
        if self.book is None:
            return ""
        due = [d for d in self.book.due() if d.id != self.drill.id]
        if not due:
            return "No other drill is due today."
        return f"{len(due)} more drill{'s' if len(due) != 1 else ''} due today."

    # ---- following the game -----------------------------------------------------------------
    def follow(self, game) -> bool:
        before = self.result
        if self.result != "open" and self.decided_at is not None and len(game.history) < self.decided_at:
            self.result, self.decided_at, self.overlay = "open", None, False
        if self.result == "open" and len(game.history) > self.start_len:
            entry = game.history[self.start_len]
            action = entry["action"] if isinstance(entry, dict) else entry
            self._judge(action)
            self.decided_at = len(game.history)
            self.overlay = True
        return self.result != before

    def _judge(self, action) -> None:
        rules = self.session.game.rules
        try:
            self.verdict = judge(rules, self.drill, action, position(rules, self.drill))
        except (IllegalAction, ValueError) as exc:   # a drill the rules no longer replay (SaveError) or a
            # move refused in its imagined worlds: it counts for nothing, the coach says why
            self.verdict, self.result = None, "lost"
            self.error = f"{type(exc).__name__}: {exc}"
            return
        if self.verdict.ok:
            self.result = "won"
        else:
            self.result = "lost"
            self.tries += 1
            self.session.drill_tries = self.tries
        if self.book is not None and not self.recorded and (self.verdict.ok or self.tries >= self.max_tries):
            # the schedule counts the opening: found within three tries, or not
            self.book.record(self.drill.id, self.verdict.ok and self.tries == 0 and not self.hinted)
            self.recorded = self.session.drill_recorded = True
            self.kept = not self.book.doc.error
            self.error = self.book.doc.error
        if self.book is not None:
            nxt = [d for d in self.book.due() if d.id != self.drill.id]
            self.next_path = nxt[0].id if nxt else None

    def restart(self, session, target: str | None = None) -> str | None:
        """The drill's position again (or the drill `target`); None when done, else why not."""
        if target:
            d = self.book.get(target) if self.book is not None else None
            if d is None:
                return "That drill is no longer in your list."
            session.drill, session.drill_tries, session.drill_recorded = d, 0, False
        try:
            game = position(session.game.rules, session.drill)
        except SaveError as e:
            return f"This drill no longer fits the rules: {e}"
        session.replace_game(game)
        return None

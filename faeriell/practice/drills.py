"""Learn from your mistakes: each key moment of a human seat becomes a drill.

A drill is the position before the move (the game's origin and the actions up to it), whose seat
played, what was played and the review's better move with its reason. On the real table the
player is asked to find a better move; the move is judged by the same measure the review uses
(faeriell.review.moments: each move played in worlds imagined from the player's view to the end of
the round, every move meeting the same worlds, then valued by the learned win chance), against the
best move of a wider
search than the review's (DEEP_WIDTH candidates instead of its 4). A move counts when its win
chance is within MARGIN of that best; the expert (bots.expert, a fixed number of imagined worlds, so the same
verdict every time) adds its own choice to the moves that search compares. Three tries, then the answer with the reason. The drill then goes on
the spaced schedule (faeriell.practice.schedule).

    book = DrillBook(folder, clock=time.time)
    book.add_from_review(origin, actions, moments, humans, label="Solo, Medium, seed 7")
    book.due()                                 # drills to do now, oldest first
    verdict = judge(rules, drill, action)      # Verdict(ok, value, best_value, best, reason)
    book.record(drill.id, success)             # up a step, or back to the first
No pygame here.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass, field

from faeriell.engine import IllegalAction
from faeriell.practice.schedule import WAITS_DAYS, next_review
from faeriell.practice.store import Book, is_int, is_num, is_text, is_time, records, shed_first, writable
from faeriell.engine import Action
from faeriell.engine.names import Names
from faeriell.engine.saves import replay

FILE = "drills.json"
MARGIN = 0.04         # win chance; below the review's smallest grade (an inaccuracy gives away 0.05)
DEEP_WIDTH = 12       # candidates of the judging search (the review looks at 4)
EXPERT_WORLDS = 8     # the expert's search when it proposes its move (fixed: the verdict repeats)
TRIES = 3
MAX_DRILLS = 400      # the oldest mastered drills go first beyond this


@dataclass
class Drill:
    id: str
    origin: dict
    actions: list                  # action dicts before the moment
    player: int
    round: int
    played: dict
    best: dict
    reason: str
    fall: float
    label: str = ""                # which game, in words
    created: float = 0.0
    step: int = 0                  # successes in a row
    due: float = 0.0
    attempts: int = 0
    solved: int = 0
    last: str = ""                 # "", "solved", "failed"

    @classmethod
    def from_dict(cls, d: dict) -> Drill | None:
        """A drill read from drills.json, every value checked (of its type, finite, in range, text
        that can be written back); None for one that is not."""
        try:
            fields = {k: d[k] for k in ("id", "origin", "actions", "player", "round", "played", "best", "reason",
                                        "fall")}
        except KeyError:
            return None
        extra = {k: d[k] for k in ("label", "created", "step", "due", "attempts", "solved", "last") if k in d}
        dr = cls(**fields, **extra)
        ok = (isinstance(dr.origin, dict) and isinstance(dr.actions, list) and isinstance(dr.played, dict)
              and isinstance(dr.best, dict) and is_text(dr.id, 64) and dr.id != ""
              and is_int(dr.player, 0, 7) and is_int(dr.round, 0, 10_000) and is_num(dr.fall, -1.0, 1.0)
              and is_text(dr.reason, 2000) and is_text(dr.label) and is_time(dr.created) and is_time(dr.due)
              and is_int(dr.step, 0, len(WAITS_DAYS)) and is_int(dr.attempts) and is_int(dr.solved, 0, dr.attempts)
              and dr.last in ("", "solved", "failed") and writable([dr.origin, dr.actions, dr.played, dr.best]))
        if not ok:
            return None
        dr.fall, dr.created, dr.due = float(dr.fall), float(dr.created), float(dr.due)
        return dr


def drill_id(origin: dict, actions: list, player: int) -> str:
    blob = json.dumps([origin, actions, player], sort_keys=True, default=str)
    return hashlib.sha1(blob.encode()).hexdigest()[:16]


@dataclass
class Verdict:
    ok: bool
    value: float
    best_value: float
    best: object                   # the engine Action judged best
    reason: str                    # why the best is better, in the game's words
    loss: float = field(default=0.0)


def position(rules, drill: Drill):
    """The game at the drill's moment (SaveError if the record no longer fits the rules)."""
    return replay(rules, drill.origin, drill.actions)


def judge(rules, drill: Drill, action, game=None) -> Verdict:
    """Is `action` (an engine Action, legal at the drill's position) within MARGIN of the best?
    The reason says what the best move is for and what it gains by the round's end over `action`,
    in the review's words."""
    from faeriell.bots.expert import gain_and_risk, why_kind  # lazy: the bots stay off the drill list's path
    from faeriell.review.moments import _candidates, _figures, _played_out, figure_words  # lazy: loads the bots
    g = game if game is not None else position(rules, drill)
    player = drill.player
    value, tried_end = _played_out(g, action, player, 400)
    recorded = Action.from_dict(drill.best)
    best, (best_value, best_end) = recorded, _played_out(g, recorded, player, 400)
    moves = [a for a, _why in _candidates(g, player, g.legal_actions(), DEEP_WIDTH)]
    expert = _expert_move(g, player)
    if expert is not None:
        moves.append(expert)
    for a in moves:
        v, end = _played_out(g, a, player, 400)
        if v > best_value:
            best, best_value, best_end = a, v, end
    if value >= best_value:
        best, best_value, best_end = action, value, tried_end
    gains, risks = gain_and_risk(g, player, best, Names.of(g.rules))
    words = "; ".join(gains + risks) or why_kind(g, player, best)
    reason = figure_words(_figures(best_end, player), _figures(tried_end, player), g.state.mode == "coop")
    if words and best != action:
        reason = f"{words[0].upper()}{words[1:]}. {reason}"
    elif words:
        reason = f"{words[0].upper()}{words[1:]}."
    loss = best_value - value
    return Verdict(loss <= MARGIN, value, best_value, best, reason, loss)


def _expert_move(game, player: int):
    """The expert's choice at the position, or None if it cannot think here."""
    from faeriell.bots.expert import ExpertBot  # lazy: the bots stay off the drill list's path
    try:
        return ExpertBot(seed=0, iterations=EXPERT_WORLDS).decide(game, player)[0]
    except IllegalAction:                  # an imagined world that refuses: the wider search still judges
        return None


class DrillBook(Book):
    """The player's drills in `folder`/drills.json."""
    FILE = FILE

    def __init__(self, folder, clock=time.time):
        super().__init__(folder)
        self.clock = clock
        self.drills: list[Drill] = []
        self.done = 0                      # drills answered, ever (the statistics show it)
        self.reload()

    def _read(self, data: dict) -> None:
        drills, self.refused = records(data, "drills", Drill.from_dict)
        first: dict[str, Drill] = {}
        for d in drills:
            first.setdefault(d.id, d)      # one drill an id: the first file entry wins
        self.drills = list(first.values())
        self.refused += len(drills) - len(self.drills)
        done = data.get("done", 0)
        self.done = done if is_int(done, 0, 10 ** 12) else 0
        self.refused += 0 if done is self.done else 1

    def _data(self) -> dict:
        return {"version": 1, "done": self.done, "drills": [asdict(d) for d in self.drills]}

    def _forget_order(self) -> None:
        """The longest-mastered drills first, then the oldest: the first to be left out."""
        self.drills.sort(key=lambda d: (-d.step, d.created))

    def shed(self, excess: int) -> bool:
        if not self.drills:
            return False
        self._forget_order()
        self.drills = shed_first(self.drills, excess, asdict)
        return True

    def save(self) -> bool:
        """Write the drills as they are now in this book (no merge: `record` and `add_from_review`
        merge under the lock)."""
        return self.update(lambda: True)

    def _trim(self) -> None:
        if len(self.drills) > MAX_DRILLS:                  # forget the longest-mastered first
            self._forget_order()
            self.drills = self.drills[len(self.drills) - MAX_DRILLS:]

    def get(self, did: str) -> Drill | None:
        return next((d for d in self.drills if d.id == did), None)

    def add_from_review(self, origin: dict, actions: list, moments, humans, label: str = "") -> int:
        """A drill for every key moment of a seat in `humans`; returns how many were new."""
        now = self.clock()
        acts = [a if isinstance(a, dict) else a.to_dict() for a in actions]
        made = []
        for m in moments:
            if m.player not in humans:
                continue
            before = acts[: m.index]
            made.append(Drill(drill_id(origin, before, m.player), origin, before, m.player, m.round,
                              m.played.to_dict(), m.best.to_dict(), m.reason, round(m.fall, 2), label, now, 0, now))
        new = 0

        def add() -> bool:
            nonlocal new
            known = {d.id for d in self.drills}
            for d in made:
                if d.id not in known:
                    known.add(d.id)
                    self.drills.append(d)
                    new += 1
            self._trim()
            return new > 0
        if made:
            self.update(add)
        return new

    def due(self, now: float | None = None) -> list[Drill]:
        now = self.clock() if now is None else now
        return sorted((d for d in self.drills if d.due <= now), key=lambda d: (d.due, d.created))

    def upcoming(self, now: float | None = None) -> list[Drill]:
        now = self.clock() if now is None else now
        return sorted((d for d in self.drills if d.due > now), key=lambda d: d.due)

    def record(self, did: str, success: bool) -> Drill | None:
        """One answer: under the lock, on the drills as they are on disk now (another window's
        answers kept), the drill steps up or back and `done` counts it."""
        found: list[Drill] = []

        def answer() -> bool:
            d = self.get(did)
            if d is None:
                return False
            d.step, d.due = next_review(d.step, success, self.clock())
            d.attempts += 1
            d.solved += 1 if success else 0
            d.last = "solved" if success else "failed"
            self.done += 1
            found.append(d)
            return True
        self.update(answer)
        return found[0] if found else None

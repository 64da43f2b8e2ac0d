"""The coach at your elbow (Settings: "Ask before a costly move", off by default; issue 24, item 6).

While a person thinks, a worker thread (like the hint's) measures what each of their moves leaves
of their side's win chance (faeriell.bots.win_chance.chance_after: the move played on to the end of
the round in a few imagined worlds, then valued). When they make a move that gives away more than
GIVE_AWAY (a share) of what the best move measured keeps, and at least FLOOR, the table asks "Are you sure?" before the move is
applied, with the reason in the game's words; the player keeps the move or takes it back. Values
that are not ready when the player moves are never waited for: the move is simply made.

    coach = ElbowCoach(session)
    coach.update(enabled)          # every frame: start measuring a new position (never blocks)
    q = coach.judge(action)        # None: make the move; else a Question (its .text, .action)

No rule is decided here: the moves are the engine's legal list, their names engine.describe's.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from faeriell.bots.win_chance import chance_after, shown_book
from faeriell.engine.actions import Action
from faeriell.bots.expert import ExpertBot, gain_and_risk
from faeriell.bots.observe import observe
from faeriell.engine.names import Names
from faeriell.bots.base import HeuristicBot
from faeriell.bots.heuristic import score_actions

# A share, not points: when the side's chance is small (an early solo game is often below 10%) a
# move that halves it matters as much as one that throws away 20 points of a 60% game.
GIVE_AWAY = 0.4         # a move that leaves less than 60% of the best move's win chance is questioned
FLOOR = 0.03            # ... and costs at least 3 points (below that six worlds cannot tell moves apart)
WORLDS = 6              # imagined worlds per move (the contract's default is 8: the player is waiting)
CHUNK = 6               # moves measured per call, so a stale position is dropped soon
MAX_MOVES = 80          # moves measured in one position (the heuristic's order)


def move_key(action) -> tuple:
    """A move without its payment: the tray's choice of cards does not change what it is."""
    d = action.to_dict()
    d.pop("pay", None)
    return tuple(sorted((k, repr(v)) for k, v in d.items()))


@dataclass
class Question:
    action: object
    value: float          # the side's win chance after the move
    best: float           # after the best move measured
    best_action: object
    text: str = ""


class _Measure(threading.Thread):
    """Measure the moves of one position, the heuristic's favourites first; `values` fills in."""

    def __init__(self, game, seat: int, tag):
        super().__init__(name="faeriell-elbow-coach", daemon=True)
        self.game, self.seat, self.tag = game, seat, tag
        self.values: dict[tuple, float] = {}
        self.moves: dict[tuple, object] = {}
        self.cancelled = threading.Event()
        self.done = threading.Event()
        self.error: str | None = None

    def order(self) -> list:
        reps: dict[tuple, Action] = {}
        for a in self.game.legal_actions():
            reps.setdefault(move_key(a), a)
        acts = list(reps.values())
        world = observe(self.game, self.seat, random.Random(0))
        scores = score_actions(world, self.seat, acts, HeuristicBot(0).ctx(world, self.seat))
        ranked = [acts[k] for _, k in sorted(zip((s[0] for s in scores), range(len(acts)), strict=False), reverse=True)]
        ends = [a for a in ranked[MAX_MOVES:] if a.kind == "end_phase"]      # ending the Phase: always in view
        return ranked[:MAX_MOVES] + ends

    def run(self) -> None:
        try:
            acts = self.order()
            for i in range(0, len(acts), CHUNK):
                if self.cancelled.is_set():
                    return
                part = acts[i:i + CHUNK]
                got = chance_after(self.game.copy(), self.seat, part, worlds=WORLDS, seed=0, book=shown_book())
                for a, v in zip(part, got, strict=False):
                    self.moves[move_key(a)] = a
                    self.values[move_key(a)] = float(v)
        except Exception as e:          # noqa: BLE001 - a worker's edge: no model, or a failed world, and the coach stays quiet
            self.error = f"{type(e).__name__}: {e}"
        finally:
            self.done.set()


class ElbowCoach:
    def __init__(self, session, give_away: float = GIVE_AWAY, floor: float = FLOOR):
        self.session = session
        self.give_away = give_away
        self.floor = floor
        self.job: _Measure | None = None

    def _tag(self):
        s = self.session
        return (s.version, s.acting)

    def wanted(self) -> bool:
        """A person is to move in a game in play (not set-up), with a choice to make."""
        s = self.session
        seat = s.acting
        return (not s.state.game_over and seat is not None and 0 <= seat < len(s.seats)
                and s.seats[seat] == "human" and s.state.stage == "play" and len(s.legal()) > 1)

    def update(self, enabled: bool) -> None:
        """Start measuring the position now on the table (a thread; nothing here waits)."""
        job = self.job
        if not enabled or not self.wanted():
            if job is not None:
                job.cancelled.set()
                self.job = None
            return
        tag = self._tag()
        if job is not None and job.tag == tag:
            return
        if job is not None:
            job.cancelled.set()
        self.job = _Measure(self.session.game.copy(), self.session.acting, tag)
        self.job.start()

    def ready(self) -> bool:
        job = self.job
        return job is not None and job.tag == self._tag() and job.done.is_set() and job.error is None

    def judge(self, action) -> Question | None:
        """The question to ask before `action`, or None: it keeps at least (1 - `give_away`) of
        the best measured move's chance, or costs under `floor`, or a value is not known yet."""
        job = self.job
        if job is None or job.tag != self._tag():
            return None
        values = dict(job.values)             # the thread may be adding to it
        mine = values.get(move_key(action))
        if mine is None or len(values) < 2:
            return None
        best_key = max(values, key=lambda k: values[k])
        best = values[best_key]
        if best - mine < self.floor or best - mine <= self.give_away * best:
            return None
        return Question(action, mine, best, job.moves[best_key])

    def stop(self) -> None:
        if self.job is not None:
            self.job.cancelled.set()
            self.job = None


def question_text(q: Question, game, seat: int, words) -> str:
    """Why the coach asks, in the game's words: the move, what it leaves of the side's chance,
    what it risks, and the better move with its reason (the expert's words, engine.describe)."""
    mode = game.state.mode
    side = {"solo": "your chance of saving Faeriell", "coop": "the team's chance of saving Faeriell"}.get(
        mode, "your chance to win")
    world = observe(game, seat, random.Random(0))
    played = words.action(q.action)
    text = (f"{played} leaves {side} at about {round(100 * q.value)}%, against {round(100 * q.best)}% "
            "for the best move found.")
    _gains, risks = gain_and_risk(world, seat, q.action, Names.of(game.rules))
    if risks:                         # the expert's own way of saying a cost or a risk
        text += " " + ("It " if risks[0].startswith(("spends", "pays")) else "Risk: ") + "; ".join(risks) + "."
    better = ExpertBot(0).reason(world, seat, q.best_action)
    return words.say(f"{text} Better: {better}")

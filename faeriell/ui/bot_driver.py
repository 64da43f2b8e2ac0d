"""Bots at the table: each bot seat's move is thought out in a background thread (input never
waits), then applied through the Session on the main thread at a pace a person can follow.

    driver = BotDriver(session, delay=0.6)
    # every frame, on the main thread:
    moved = driver.update()          # (action, player) when a bot just moved, else None

The thread works on a copy of the game, so the table may keep reading (and the player may undo or
load) while a bot thinks; an answer for a position that no longer exists is dropped.
When faeriell.bots is missing (or a bot fails), a seat falls back to a random legal move, and
`messages` says so once.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

from faeriell import bots
from faeriell.engine import Action
import random
from faeriell.bots.expert import ExpertBot
from faeriell.bots.observe import observe
from faeriell.engine.describe import describe
from faeriell.engine.names import Names

log = logging.getLogger(__name__)

BOT_LEVELS = bots.LEVELS
PARTNER_SAYS_S = 2.0        # a Full Coop partner's line stays this long on the table before its move
SEAT_CHOICES = ("human",) + BOT_LEVELS
DEFAULT_DELAY = 0.6

# What each level is called at the table, and what it does, in a player's words.
BOT_LABELS = {"random": "Random", "easy": "Easy", "normal": "Normal", "hard": "Hard", "expert": "Expert (thinks)"}
BOT_DESCRIPTIONS = {
    "random": "Random: any move the rules allow, for a first look at the table.",
    "easy": "Easy: plays on instinct and makes the odd slip.",
    "normal": "Normal: weighs its best moves for a moment (about 0.3 s).",
    "hard": "Hard: tries its best moves to the end of the round (about 1 s).",
    "expert": "Expert: plans beyond the round, racing the Doom track (a second or two a move).",
}


def make_level_bot(level: str, seed):
    """A bot of this level (faeriell.bots.make_bot: random, easy, normal, hard, expert); the expert
    with the table's helper processes (bots.TABLE_HELPERS)."""
    return bots.make_bot(level, seed, helpers=bots.TABLE_HELPERS)


T = TypeVar("T")


class Job(threading.Thread, Generic[T]):
    """Run fn() once in a daemon thread; `result`/`error` when `done`."""

    def __init__(self, fn: Callable[[], T], tag=None, name="faeriell-job"):
        super().__init__(name=name, daemon=True)
        self.fn = fn
        self.tag = tag
        self.result: T | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.started_at = time.monotonic()

    def run(self) -> None:
        try:
            self.result = self.fn()
        except BaseException as e:        # reported by the main thread
            self.error = e
        finally:
            self.done.set()


class BotDriver:
    def __init__(self, session, delay: float = DEFAULT_DELAY, clock: Callable[[], float] = time.monotonic):
        self.session = session
        self.delay = max(0.0, float(delay))
        self.clock = clock
        self.paused = False
        self.messages: list[str] = []          # for the table's flash / the error panel
        self._bots: dict[tuple[int, str], object] = {}
        self._job: Job | None = None
        self._last_move = clock()
        self._said: set[str] = set()
        self._fallback = bots.RandomBot(self._seed(99))    # plays for a bot that failed
        # Full Coop partners say their move before they make it (the coach setting): seconds it shows
        self.announce = 0.0
        self.said: tuple | None = None          # (job tag, line, until) while a partner's line shows

    # ---- seats -------------------------------------------------------------------------------
    def is_bot(self, player: int | None) -> bool:
        seats = self.session.seats
        return player is not None and 0 <= player < len(seats) and seats[player] != "human"

    def has_bots(self) -> bool:
        return any(s != "human" for s in self.session.seats)

    def _seed(self, k: int) -> int:
        return int(self.session.state.seed) * 10 + k

    def _say_once(self, text: str) -> None:
        if text not in self._said:
            self._said.add(text)
            self.messages.append(text)

    def bot_for(self, player: int):
        level = self.session.seats[player]
        key = (player, level)
        bot = self._bots.get(key)
        if bot is None:
            try:
                bot = make_level_bot(level, self._seed(player))
            except ValueError as e:            # a seat of a level this version does not know
                self._say_once(f"Bot '{level}' could not start ({e}); it plays random moves.")
                bot = bots.RandomBot(self._seed(player))
            self._bots[key] = bot
        return bot

    # ---- the frame hook ------------------------------------------------------------------------
    def thinking(self) -> bool:
        return self._job is not None and not self._job.done.is_set()

    def thinking_text(self, after: float = 0.4) -> str:
        """'Berrywort is thinking…' while a bot's search has run longer than `after` s, else ''."""
        job = self._job
        if job is None or job.done.is_set() or time.monotonic() - job.started_at <= after:
            return ""
        player = job.tag[1] if isinstance(job.tag, tuple) else self.session.acting
        game = self.session.game
        tid = game.state.tribes[player].id
        name = str(game.rules.catalog.tribes[tid].get("name") or tid.capitalize())
        return f"{name} is thinking…"

    def update(self) -> tuple[Action, int] | None:
        """Start thinking, or apply a finished move when its time has come. Main thread only."""
        s = self.session
        if s.state.game_over or self.paused:
            return None
        player = s.acting
        if not self.is_bot(player):
            self._job = None
            self._last_move = self.clock()        # a bot answers a person's move after `delay`
            return None
        version = s.version
        job = self._job
        level = s.seats[player]
        if job is None or job.tag != (version, player, level):     # a seat handed to another level thinks anew
            bot = self.bot_for(player)
            game = s.game.copy()
            # a partner that says its move first words it in the same thread (never on a frame)
            if self._announces():
                def think():
                    a = bot.choose(game, player)
                    return a, self.partner_line(game, player, a)
            else:
                def think():
                    return bot.choose(game, player)
            self._job = job = Job(think, tag=(version, player, level), name=f"bot-p{player + 1}")
            self.said = None
            job.start()
            return None
        if not job.done.is_set() or self.clock() < self._last_move + self.delay:
            return None
        result = job.result
        action, line = result if isinstance(result, tuple) and len(result) == 2 else (result, "")
        if line and isinstance(action, Action) and job.error is None:
            if self.said is None or self.said[0] != job.tag:       # say it first, move a moment later
                self.said = (job.tag, line, self.clock() + self.announce)
                return None
            if self.clock() < self.said[2]:
                return None
        self.said = None
        self._job = None
        if job.error is not None or not isinstance(action, Action):
            why = f"{type(job.error).__name__}: {job.error}" if job.error else f"it returned {action!r}"
            log.warning("bot for player %d failed: %s", player + 1, why)
            self.messages.append(f"The bot of player {player + 1} failed ({why}); it plays a random move.")
            action = self._fallback.choose(s.game, player)
        reason = s.apply(action, person=False)
        if reason is not None:
            self.messages.append(f"The bot of player {player + 1} chose a move the rules refuse ({reason}); "
                                 "it plays a random move.")
            action = self._fallback.choose(s.game, player)
            reason = s.apply(action, person=False)
            if reason is not None:
                return None
        self._last_move = self.clock()
        return action, player

    def _announces(self) -> bool:
        """A Full Coop partner beside a person, in play, with the coach on: it says its move first."""
        s = self.session
        return (self.announce > 0 and s.state.mode == "coop" and s.state.stage == "play"
                and "human" in s.seats)

    @staticmethod
    def partner_line(game, player: int, action: Action) -> str:
        """One line: who, what it is about to do and why, in the game's words: the move's label
        (engine.describe) and what it achieves, worded by the expert from the partner's own view
        (whatever the partner's level, so every partner explains itself the same way)."""
        tid = game.state.tribes[player].id
        who = str(game.rules.catalog.tribes[tid].get("name") or tid.capitalize())
        names = Names.of(game.rules)
        move = describe(action, names, [t.id for t in game.state.tribes])
        # what the move achieves, as the expert's reason says it after the move's label
        because, _risks = ExpertBot.aim_and_risks(observe(game, player, random.Random(0)), player, action, names)
        return f"{who} (your partner) next: {move}" + (f" — {because}" if because else "") + "."

    def announcement(self) -> str:
        """The partner's line while it shows (before its move), else ''."""
        return self.said[1] if self.said is not None else ""

    def pop_messages(self) -> list[str]:
        out, self.messages = self.messages, []
        return out

    def stop(self) -> None:
        self._job = None          # daemon threads end with the process; their answer is dropped

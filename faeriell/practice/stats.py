"""Your progress: every finished game at the table, kept in the data folder (stats.json).

    book = StatsBook(folder, clock=time.time)
    book.record(summary)                 # a GameSummary (from_game) once per game (same key: kept once)
    book.set_accuracy(key, 0.83)         # the review's share of moves within the margin of the best
    book.table(by="mode")                # [(value, games, wins, avg Achievements, avg Doom)]
    book.compare(days=30)                # (last 30 days, all time): games, win rate, averages
    book.daily_series(days=30)           # [(date, games, wins)] for the chart
No pygame here.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import time
from dataclasses import asdict, dataclass, field

from faeriell.practice.store import Book, is_int, is_num, is_text, is_time, records, shed_first

FILE = "stats.json"
MAX_GAMES = 5000
DAY = 86400.0


@dataclass
class GameSummary:
    key: str                 # the game's origin and length, hashed: one record per game
    time: float
    mode: str
    difficulty: str
    players: int
    variants: list
    seed: int
    won: bool                # a human seat won (solo and coop: the island was saved)
    achievements: int        # held by the humans' side at the end (coop: held together)
    doom: int
    rounds: int
    humans: int = 1
    accuracy: float | None = None
    extra: dict = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: dict) -> GameSummary | None:
        """A game read from stats.json, every value checked (of its type, finite, in range, text
        that can be written back); None for one that is not."""
        try:
            key, t, mode, diff, players, won = (d[k] for k in ("key", "time", "mode", "difficulty", "players", "won"))
            ach, doom = d["achievements"], d["doom"]
        except KeyError:
            return None
        variants, seed, rounds = d.get("variants") or [], d.get("seed") or 0, d.get("rounds") or 0
        humans, acc = d.get("humans", 1), d.get("accuracy")
        ok = (is_text(key, 64) and is_time(t) and is_text(mode, 40) and is_text(diff, 40)
              and is_int(players, 1, 8) and isinstance(won, bool) and is_int(ach, 0, 1000)
              and is_int(doom, -1000, 1000) and is_int(rounds, 0, 10_000) and is_int(humans, 0, 8)
              and is_int(seed, -(1 << 64), 1 << 64) and isinstance(variants, list) and len(variants) <= 16
              and all(is_text(v, 60) for v in variants) and (acc is None or is_num(acc, 0.0, 1.0)))
        if not ok:
            return None
        return cls(key, float(t), mode, diff, players, list(variants), seed, won, ach, doom, rounds, humans,
                   None if acc is None else float(acc))


def game_key(origin: dict, n_actions: int) -> str:
    blob = json.dumps(origin, sort_keys=True, default=str) + f"#{n_actions}"
    return hashlib.sha1(blob.encode()).hexdigest()[:16]


def from_game(game, seats, now: float) -> GameSummary | None:
    """A finished engine game seen by its human seats; None when no person played a seat (it is
    not the player's game)."""
    s = game.state
    humans = [i for i, kind in enumerate(list(seats)[: s.players]) if kind == "human"]
    if not humans:
        return None
    if s.mode in ("coop", "solo"):
        won = bool(s.winners)
        held = sum(1 for holders in s.achievements.values() if holders)
    else:
        won = any(i in s.winners for i in humans)
        held = max(len(s.tribes[i].achievements) for i in humans)
    return GameSummary(game_key(game.origin, len(game.history)), now, s.mode, s.difficulty, s.players,
                       list(s.variants), int(s.seed), won, held, int(s.doom), int(s.round), len(humans))


def _avg(xs) -> float | None:
    xs = list(xs)
    return sum(xs) / len(xs) if xs else None


@dataclass
class Figures:
    games: int
    wins: int
    achievements: float | None
    doom: float | None
    accuracy: float | None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


def figures(games) -> Figures:
    games = list(games)
    return Figures(len(games), sum(1 for g in games if g.won), _avg(g.achievements for g in games),
                   _avg(g.doom for g in games), _avg(g.accuracy for g in games if g.accuracy is not None))


class StatsBook(Book):
    FILE = FILE

    def __init__(self, folder, clock=time.time):
        super().__init__(folder)
        self.clock = clock
        self.games: list[GameSummary] = []
        self.reload()

    def _read(self, data: dict) -> None:
        self.games, self.refused = records(data, "games", GameSummary.from_dict)

    def _data(self) -> dict:
        return {"version": 1, "games": [asdict(g) for g in self.games]}

    def shed(self, excess: int) -> bool:
        """The oldest games are left out first."""
        if not self.games:
            return False
        self.games = shed_first(self.games, excess, asdict)
        return True

    def save(self) -> bool:
        """Write the games as they are now in this book (`record` and `set_accuracy` merge)."""
        return self.update(lambda: True)

    def record(self, summary: GameSummary) -> bool:
        """Keep a finished game once; False when it was known already (or could not be written).
        Under the lock, with the games on disk now (another window's games kept)."""
        new = []

        def add() -> bool:
            if any(g.key == summary.key for g in self.games):
                return False
            self.games.append(summary)
            self.games = self.games[-MAX_GAMES:]
            new.append(summary)
            return True
        return self.update(add) and bool(new)

    def set_accuracy(self, key: str, accuracy: float) -> bool:
        found = []

        def change() -> bool:
            for g in self.games:
                if g.key == key:
                    g.accuracy = max(0.0, min(1.0, float(accuracy)))
                    found.append(g)
                    return True
            return False
        return self.update(change) and bool(found)

    def table(self, by: str) -> list[tuple[str, Figures]]:
        """Figures per value of `by`: mode, difficulty, players or variants (each variant counts its games)."""
        groups: dict[str, list] = {}
        for g in self.games:
            keys = (g.variants or ["none"]) if by == "variants" else [str(getattr(g, by))]
            for k in keys:
                groups.setdefault(k, []).append(g)
        return sorted(((k, figures(v)) for k, v in groups.items()), key=lambda kv: (-kv[1].games, kv[0]))

    def compare(self, days: int = 30) -> tuple[Figures, Figures]:
        since = self.clock() - days * DAY
        return figures(g for g in self.games if g.time >= since), figures(self.games)

    def daily_series(self, days: int = 30) -> list[tuple[dt.date, int, int]]:
        today = dt.datetime.fromtimestamp(self.clock(), dt.UTC).date()
        first = today - dt.timedelta(days=days - 1)
        counts = {first + dt.timedelta(days=k): [0, 0] for k in range(days)}
        for g in self.games:
            d = dt.datetime.fromtimestamp(g.time, dt.UTC).date()
            if d in counts:
                counts[d][0] += 1
                counts[d][1] += 1 if g.won else 0
        return [(d, c[0], c[1]) for d, c in sorted(counts.items())]

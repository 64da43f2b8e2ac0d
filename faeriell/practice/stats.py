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

from faeriell.practice.store import Book, records

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
    def from_dict(cls, d: dict) -> "GameSummary | None":
        try:
            g = cls(str(d["key"]), float(d["time"]), str(d["mode"]), str(d["difficulty"]), int(d["players"]),
                    [str(v) for v in d.get("variants") or []], int(d.get("seed") or 0), bool(d["won"]),
                    int(d["achievements"]), int(d["doom"]), int(d.get("rounds") or 0), int(d.get("humans", 1)))
            acc = d.get("accuracy")
            g.accuracy = float(acc) if isinstance(acc, (int, float)) and 0 <= acc <= 1 else None
            return g
        except (KeyError, TypeError, ValueError):
            return None


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

    def reload(self) -> None:
        data = self.doc.load()
        self.games = records(data, "games", GameSummary.from_dict)

    def save(self) -> bool:
        self.games = self.games[-MAX_GAMES:]
        return self.doc.save({"version": 1, "games": [asdict(g) for g in self.games]})

    def record(self, summary: GameSummary) -> bool:
        """Keep a finished game once; False when it was known already (or could not be written)."""
        if any(g.key == summary.key for g in self.games):
            return False
        self.games.append(summary)
        return self.save()

    def set_accuracy(self, key: str, accuracy: float) -> bool:
        for g in self.games:
            if g.key == key:
                g.accuracy = max(0.0, min(1.0, float(accuracy)))
                return self.save()
        return False

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
        today = dt.datetime.fromtimestamp(self.clock(), dt.timezone.utc).date()
        first = today - dt.timedelta(days=days - 1)
        counts = {first + dt.timedelta(days=k): [0, 0] for k in range(days)}
        for g in self.games:
            d = dt.datetime.fromtimestamp(g.time, dt.timezone.utc).date()
            if d in counts:
                counts[d][0] += 1
                counts[d][1] += 1 if g.won else 0
        return [(d, c[0], c[1]) for d, c in sorted(counts.items())]

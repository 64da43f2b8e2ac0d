"""The daily game: a solo game whose seed comes from the date (UTC), so every player on every
machine meets the same island that day; the personal best of each day and its record (to replay).

    cfg = daily_config(date)            # {"players": 1, "mode": "solo", "difficulty": ..., "seed": ...}
    book = DailyBook(folder)
    book.record(summary, origin, actions)     # a finished game that is a daily game: kept if better
    book.best(date)                     # {"won", "achievements", "doom", "rounds", "origin", "actions"}
No pygame here.
"""
from __future__ import annotations

import datetime as dt
import hashlib

from faeriell.practice.store import Book

FILE = "daily.json"
# the day of the week sets the difficulty: a gentle Monday, a hard weekend
WEEKDAY_DIFFICULTY = ("easy", "medium", "medium", "hard", "medium", "hard", "very_hard")
KEEP_DAYS = 60


def daily_seed(date: dt.date) -> int:
    """The same number for a date everywhere: SHA-256 of the ISO date, cut to the start screen's 9 digits."""
    digest = hashlib.sha256(f"faeriell-daily-{date.isoformat()}".encode()).hexdigest()
    return int(digest[:12], 16) % 1_000_000_000


def today(clock_time: float) -> dt.date:
    return dt.datetime.fromtimestamp(clock_time, dt.timezone.utc).date()


def daily_config(date: dt.date) -> dict:
    return {"players": 1, "mode": "solo", "difficulty": WEEKDAY_DIFFICULTY[date.weekday()], "variants": [],
            "seed": daily_seed(date)}


def daily_date_of(summary, around: dt.date) -> dt.date | None:
    """The date whose daily game this is (today or yesterday: a game may cross midnight), or None."""
    for d in (around, around - dt.timedelta(days=1)):
        c = daily_config(d)
        if (summary.mode, summary.players, summary.difficulty, sorted(summary.variants), summary.seed) == \
                (c["mode"], c["players"], c["difficulty"], c["variants"], c["seed"]):
            return d
    return None


def _score(r: dict) -> tuple:
    """Better first: a win, then more Achievements, then lower Doom, then fewer rounds."""
    return (bool(r.get("won")), int(r.get("achievements", 0)), -int(r.get("doom", 99)), -int(r.get("rounds", 99)))


class DailyBook(Book):
    FILE = FILE

    def __init__(self, folder):
        super().__init__(folder)
        data = self.doc.load()
        days = data.get("days") if isinstance(data.get("days"), dict) else {}
        self.days = {k: v for k, v in days.items() if isinstance(v, dict) and isinstance(v.get("origin"), dict)
                     and isinstance(v.get("actions"), list)}

    def best(self, date: dt.date) -> dict | None:
        return self.days.get(date.isoformat())

    def record(self, summary, origin: dict, actions: list, around: dt.date) -> bool:
        """Keep a finished daily game when it beats the day's best; True when it became the best."""
        d = daily_date_of(summary, around)
        if d is None:
            return False
        rec = {"won": summary.won, "achievements": summary.achievements, "doom": summary.doom,
               "rounds": summary.rounds, "origin": origin,
               "actions": [a if isinstance(a, dict) else a.to_dict() for a in actions]}
        old = self.days.get(d.isoformat())
        if old is not None and _score(old) >= _score(rec):
            return False
        self.days[d.isoformat()] = rec
        keep = sorted(self.days)[-KEEP_DAYS:]
        self.days = {k: self.days[k] for k in keep}
        self.doc.save({"version": 1, "days": self.days})
        return True

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

from faeriell.practice.store import Book, is_int, text_of, writable

FILE = "daily.json"
# the day of the week sets the difficulty: a gentle Monday, a hard weekend
WEEKDAY_DIFFICULTY = ("easy", "medium", "medium", "hard", "medium", "hard", "very_hard")
KEEP_DAYS = 60


def daily_seed(date: dt.date) -> int:
    """The same number for a date everywhere: SHA-256 of the ISO date, cut to the start screen's 9 digits."""
    digest = hashlib.sha256(f"faeriell-daily-{date.isoformat()}".encode()).hexdigest()
    return int(digest[:12], 16) % 1_000_000_000


def today(clock_time: float) -> dt.date:
    return dt.datetime.fromtimestamp(clock_time, dt.UTC).date()


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
    return (bool(r["won"]), r["achievements"], -r["doom"], -r["rounds"])


def _day_ok(day, r) -> bool:
    """A day's best as daily.json keeps it: an ISO date, then a record of the right types."""
    if not isinstance(day, str):
        return False
    try:
        if dt.date.fromisoformat(day).isoformat() != day:      # one spelling a day: 2026-12-01
            return False
    except ValueError:                      # datetime: not a date
        return False
    return (isinstance(r, dict) and isinstance(r.get("won"), bool) and is_int(r.get("achievements"), 0, 1000)
            and is_int(r.get("doom"), -1000, 1000) and is_int(r.get("rounds"), 0, 10_000)
            and isinstance(r.get("origin"), dict) and isinstance(r.get("actions"), list) and writable(r))


class DailyBook(Book):
    FILE = FILE

    def __init__(self, folder):
        super().__init__(folder)
        self.days: dict = {}
        self.reload()

    def _read(self, data: dict) -> None:
        days = data.get("days", {})
        if not isinstance(days, dict):
            days, self.refused = {}, 1
        self.days = {k: v for k, v in days.items() if _day_ok(k, v)}
        self.refused += len(days) - len(self.days)

    def _data(self) -> dict:
        return {"version": 1, "days": self.days}

    def shed(self, excess: int) -> bool:
        """The oldest days are left out first (never the last one: it is the one just played)."""
        if len(self.days) < 2:
            return False
        cut = 0
        for k in sorted(self.days)[:-1]:
            cut += len(text_of({k: self.days.pop(k)}))
            if cut >= excess:
                break
        return True

    def best(self, date: dt.date) -> dict | None:
        return self.days.get(date.isoformat())

    def record(self, summary, origin: dict, actions: list, around: dt.date) -> bool:
        """Keep a finished daily game when it beats the day's best; True when it became the best.
        Under the lock, against the best on disk now (another window's game too)."""
        d = daily_date_of(summary, around)
        if d is None:
            return False
        rec = {"won": summary.won, "achievements": summary.achievements, "doom": summary.doom,
               "rounds": summary.rounds, "origin": origin,
               "actions": [a if isinstance(a, dict) else a.to_dict() for a in actions]}
        better = []

        def keep() -> bool:
            old = self.days.get(d.isoformat())
            if old is not None and _score(old) >= _score(rec):
                return False
            self.days[d.isoformat()] = rec
            keep = sorted(self.days)[-KEEP_DAYS:]
            self.days = {k: self.days[k] for k in keep}
            better.append(rec)
            return True
        return self.update(keep) and bool(better)

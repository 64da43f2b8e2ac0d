"""The rated puzzle trainer: the player and every puzzle carry a Glicko-2 rating.

A puzzle starts at the rating of its level (Easy 1200, Medium 1500, Hard 1800) and moves with every
first try: a solved puzzle "loses" to the player, a failed one "wins". The trainer serves an open
puzzle near the player's rating, not one served in the last few turns. Kept in ratings.json.

    t = Trainer(folder, entries, clock=time.time)   # entries: puzzles.path.Entry list
    t.start_at(2)                    # a new player chooses a level: their rating starts there
    e = t.next_puzzle()              # the Entry to play
    t.record(e.id, solved=True)      # both ratings move; the player's history grows
    t.player, t.history              # Rating, [(time, rating)]
No pygame here.
"""
from __future__ import annotations

import time

from faeriell.practice.glicko2 import Rating, game
from faeriell.practice.store import Book, is_int, is_num, is_text, is_time, shed_first
from faeriell.puzzles.path import PuzzlePath
from faeriell.resources import resource_dir

FILE = "ratings.json"
LEVEL_RATING = {1: 1200.0, 2: 1500.0, 3: 1800.0}
PUZZLE_RD = 200.0           # a puzzle's first deviation: its level is a fair first guess
START_RD = 250.0            # a player who chose a level
RECENT = 5                  # not served again within this many puzzles
MAX_HISTORY = 1000
MAX_PUZZLES = 2000          # ratings kept (the sets hold 415): with ids of 200 characters it still reads back
MAX_ID = 200
_REFUSED = Rating(0.0, 0.0, 0.0)      # what Rating.from_list gives back for a value it refuses (never a rating)


def all_entries() -> list:
    """The trainer's puzzles: the themed path (data/puzzles/) and the found set (data/puzzles/rated/)."""
    base = resource_dir("data") / "puzzles"
    return PuzzlePath.load(base).entries + PuzzlePath.load(base / "rated").entries


class Trainer(Book):
    FILE = FILE

    def __init__(self, folder, entries, clock=time.time):
        super().__init__(folder)
        self.clock = clock
        self.entries = [e for e in entries if e.goal]         # a puzzle has a goal; a plain scenario has none
        self.player, self.started, self.history = Rating(), False, []
        self.puzzles: dict[str, Rating] = {}
        self.recent: list[str] = []
        self.solved = self.tried = 0
        self.reload()

    def _read(self, data: dict) -> None:
        bad = 0
        raw = data.get("player")
        self.player = Rating.from_list(raw, _REFUSED) if raw is not None else Rating()
        if self.player is _REFUSED:
            self.player, bad = Rating(), bad + 1
        self.started = data.get("started") is True
        hist = data.get("history", [])
        hist = hist if isinstance(hist, list) else [None]
        self.history = [(float(h[0]), float(h[1])) for h in hist
                        if isinstance(h, list) and len(h) == 2 and is_time(h[0]) and is_num(h[1], -5000, 10000)]
        bad += len(hist) - len(self.history)
        raw = data.get("puzzles", {})
        raw = raw if isinstance(raw, dict) else {None: None}
        self.puzzles = {}
        for k, v in raw.items():
            r = Rating.from_list(v, _REFUSED) if is_text(k, MAX_ID) else _REFUSED
            if r is _REFUSED:
                bad += 1
            else:
                self.puzzles[k] = r
        recent = data.get("recent", [])
        recent = recent if isinstance(recent, list) else [None]
        self.recent = [x for x in recent if is_text(x, MAX_ID)][-RECENT:]
        bad += sum(1 for x in recent if not is_text(x, MAX_ID))
        tried, solved = data.get("tried", 0), data.get("solved", 0)
        self.tried = tried if is_int(tried, 0, 10 ** 12) else 0
        self.solved = solved if is_int(solved, 0, self.tried) else 0
        bad += (self.tried is not tried) + (self.solved is not solved)
        self.refused = bad

    def _data(self) -> dict:
        return {"version": 1, "player": self.player.to_list(), "started": self.started,
                "history": [[round(t, 1), round(r, 1)] for t, r in self.history[-MAX_HISTORY:]],
                "puzzles": {k: v.to_list() for k, v in sorted(self.puzzles.items())},
                "recent": self.recent[-RECENT:], "solved": self.solved, "tried": self.tried}

    def shed(self, excess: int) -> bool:
        """The oldest history first, then the ratings of puzzles no longer served."""
        if len(self.history) > 1:
            self.history = shed_first(self.history, excess)
            return True
        served = {e.id for e in self.entries}
        gone = [k for k in self.puzzles if k not in served]
        if not gone:
            return False
        for k in gone[: max(1, excess // 60)]:
            del self.puzzles[k]
        return True

    def save(self) -> bool:
        """Write the trainer as it is now in this object (the changes below merge under the lock)."""
        return self.update(lambda: True)

    def puzzle_rating(self, entry) -> Rating:
        r = self.puzzles.get(entry.id)
        return r if r is not None else Rating(LEVEL_RATING.get(entry.level, 1500.0), PUZZLE_RD, 0.06)

    def start_at(self, level: int) -> None:
        """Begin (or begin again) at a chosen level: the rating is set there with a wide deviation."""
        def start() -> bool:
            self.player = Rating(LEVEL_RATING.get(level, 1500.0), START_RD, 0.06)
            self.started = True
            self.history.append((self.clock(), self.player.rating))
            return True
        self.update(start)

    def next_puzzle(self, exclude=()):
        """The puzzle whose rating is nearest the player's, skipping the last few served."""
        pool = [e for e in self.entries if e.id not in self.recent and e.id not in exclude] or \
            [e for e in self.entries if e.id not in exclude] or self.entries
        if not pool:
            return None
        me = self.player.rating
        return min(pool, key=lambda e: (abs(self.puzzle_rating(e).rating - me), e.id))

    def by_id(self, pid: str):
        return next((e for e in self.entries if e.id == pid), None)

    def served(self, pid: str) -> None:
        def serve() -> bool:
            self.recent = [x for x in self.recent if x != pid][-(RECENT - 1):] + [pid]
            return True
        self.update(serve)

    def record(self, pid: str, solved: bool) -> tuple[float, float] | None:
        """One first try at puzzle `pid`: (player's rating before, after); None for a puzzle not on
        the list. Under the lock, from the ratings on disk now: another window's tries since this
        trainer was made are kept and move the rating first."""
        e = self.by_id(pid)
        if e is None:
            return None
        moved: list[tuple[float, float]] = []

        def rate() -> bool:
            before = self.player.rating
            self.player, self.puzzles[pid] = game(self.player, self.puzzle_rating(e), 1.0 if solved else 0.0)
            self.started = True
            self.tried += 1
            self.solved += 1 if solved else 0
            self.history = (self.history + [(self.clock(), self.player.rating)])[-MAX_HISTORY:]
            if pid not in self.recent:
                self.recent = (self.recent + [pid])[-RECENT:]
            if len(self.puzzles) > MAX_PUZZLES:          # the oldest-named ratings of puzzles no longer served
                served = {x.id for x in self.entries}
                for k in [k for k in self.puzzles if k not in served][: len(self.puzzles) - MAX_PUZZLES]:
                    del self.puzzles[k]
            moved.append((before, self.player.rating))
            return True
        self.update(rate)
        return moved[0] if moved else None

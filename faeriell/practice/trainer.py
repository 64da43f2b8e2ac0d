"""The rated puzzle trainer: the player and every puzzle carry a Glicko-2 rating.

A puzzle starts at the rating of its level (Easy 1200, Medium 1500, Hard 1800) and moves with every
first try: a solved puzzle "loses" to the player, a failed one "wins". The trainer serves an open
puzzle near the player's rating, not one served in the last few turns. Kept in ratings.json.

    t = Trainer(folder, entries, clock=time.time)   # entries: puzzle_progress.Entry list
    t.start_at(2)                    # a new player chooses a level: their rating starts there
    e = t.next_puzzle()              # the Entry to play
    t.record(e.id, solved=True)      # both ratings move; the player's history grows
    t.player, t.history              # Rating, [(time, rating)]
No pygame here.
"""
from __future__ import annotations

import time

from faeriell.practice.glicko2 import Rating, game
from faeriell.practice.store import Book

FILE = "ratings.json"
LEVEL_RATING = {1: 1200.0, 2: 1500.0, 3: 1800.0}
PUZZLE_RD = 200.0           # a puzzle's first deviation: its level is a fair first guess
START_RD = 250.0            # a player who chose a level
RECENT = 5                  # not served again within this many puzzles
MAX_HISTORY = 1000


def all_entries() -> list:
    """The trainer's puzzles: the themed path (data/puzzles/) and the found set (data/puzzles/rated/)."""
    from faeriell.puzzle_progress import PuzzlePath
    from faeriell.resources import resource_dir
    base = resource_dir("data") / "puzzles"
    return PuzzlePath.load(base).entries + PuzzlePath.load(base / "rated").entries


class Trainer(Book):
    FILE = FILE

    def __init__(self, folder, entries, clock=time.time):
        super().__init__(folder)
        self.clock = clock
        self.entries = [e for e in entries if e.goal]         # a puzzle has a goal; a plain scenario has none
        data = self.doc.load()
        self.player = Rating.from_list(data.get("player"), Rating())
        self.started = bool(data.get("started"))
        hist = data.get("history") if isinstance(data.get("history"), list) else []
        self.history = [(float(h[0]), float(h[1])) for h in hist
                        if isinstance(h, list) and len(h) == 2 and all(isinstance(x, (int, float)) for x in h)]
        raw = data.get("puzzles") if isinstance(data.get("puzzles"), dict) else {}
        self.puzzles = {k: Rating.from_list(v, None) for k, v in raw.items() if isinstance(k, str)}
        recent = data.get("recent") if isinstance(data.get("recent"), list) else []
        self.recent = [x for x in recent if isinstance(x, str)][-RECENT:]
        self.solved = int(data["solved"]) if isinstance(data.get("solved"), int) else 0
        self.tried = int(data["tried"]) if isinstance(data.get("tried"), int) else 0

    def save(self) -> bool:
        return self.doc.save({"version": 1, "player": self.player.to_list(), "started": self.started,
                              "history": [[round(t, 1), round(r, 1)] for t, r in self.history[-MAX_HISTORY:]],
                              "puzzles": {k: v.to_list() for k, v in sorted(self.puzzles.items())},
                              "recent": self.recent[-RECENT:], "solved": self.solved, "tried": self.tried})

    def puzzle_rating(self, entry) -> Rating:
        r = self.puzzles.get(entry.id)
        return r if r is not None else Rating(LEVEL_RATING.get(entry.level, 1500.0), PUZZLE_RD, 0.06)

    def start_at(self, level: int) -> None:
        """Begin (or begin again) at a chosen level: the rating is set there with a wide deviation."""
        self.player = Rating(LEVEL_RATING.get(level, 1500.0), START_RD, 0.06)
        self.started = True
        self.history.append((self.clock(), self.player.rating))
        self.save()

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
        self.recent = [x for x in self.recent if x != pid][-(RECENT - 1):] + [pid]
        self.save()

    def record(self, pid: str, solved: bool) -> tuple[float, float] | None:
        """One first try at puzzle `pid`: (player's rating before, after); None for a puzzle not on the list."""
        e = self.by_id(pid)
        if e is None:
            return None
        before = self.player.rating
        self.player, self.puzzles[pid] = game(self.player, self.puzzle_rating(e), 1.0 if solved else 0.0)
        self.started = True
        self.tried += 1
        self.solved += 1 if solved else 0
        self.history.append((self.clock(), self.player.rating))
        if pid not in self.recent:
            self.recent = (self.recent + [pid])[-RECENT:]
        self.save()
        return before, self.player.rating

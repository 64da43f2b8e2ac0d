"""The ladder: rising levels for Solo and for Full Coop, each unlocked by winning the one below.

The levels are the difficulties, then the hardest difficulty with variants the rules allow in that
mode (the engine's validate_config decides; a level it refuses is left out). Kept in ladder.json:
the highest level won per ladder.

    LADDERS["solo"]                 # [Level(number, title, difficulty, variants), ...]
    book = LadderBook(folder)
    book.unlocked("solo")           # the highest level the player may play (1-based)
    book.record(summary)            # a finished GameSummary: a win at an open level opens the next
No pygame here.
"""
from __future__ import annotations

from dataclasses import dataclass

from faeriell.practice.store import Book, is_int
from faeriell.engine.setup import SetupError, validate_config

FILE = "ladder.json"
DIFFICULTY_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "very_hard": "Very Hard"}
VARIANT_NAMES = {"advanced_menace_rule": "Advanced Menace Rule", "winters_grasp": "Winter's Grasp",
                 "shadows": "The Shadows"}
# after the difficulties: variants that make the game harder, one, then together
HANDICAPS = (("advanced_menace_rule",), ("winters_grasp",), ("advanced_menace_rule", "winters_grasp"),
             ("shadows", "advanced_menace_rule", "winters_grasp"))
COOP_PLAYERS = 2          # the Full Coop ladder is climbed at any table size; 2 is where it opens


@dataclass(frozen=True)
class Level:
    number: int
    title: str
    difficulty: str
    variants: tuple

    def matches(self, difficulty: str, variants) -> bool:
        return difficulty == self.difficulty and sorted(variants) == sorted(self.variants)


def _levels(mode: str) -> list[Level]:
    players = 1 if mode == "solo" else COOP_PLAYERS
    combos = [(d, ()) for d in DIFFICULTY_NAMES] + [("very_hard", v) for v in HANDICAPS]
    out: list[Level] = []
    for d, vs in combos:
        try:
            validate_config(players, mode, d, list(vs))
        except SetupError:
            continue
        title = DIFFICULTY_NAMES[d] + "".join(" + " + VARIANT_NAMES.get(v, v) for v in vs)
        out.append(Level(len(out) + 1, title, d, tuple(vs)))
    return out


LADDERS = {"solo": _levels("solo"), "coop": _levels("coop")}
LADDER_NAMES = {"solo": "Solo", "coop": "Full Coop"}


class LadderBook(Book):
    FILE = FILE

    def __init__(self, folder):
        super().__init__(folder)
        self.best = dict.fromkeys(LADDERS, 0)
        self.reload()

    def _read(self, data: dict) -> None:
        best = data.get("best", {})
        if not isinstance(best, dict):
            best, self.refused = {}, 1
        self.best = dict.fromkeys(LADDERS, 0)
        for m, v in best.items():
            if m in LADDERS and is_int(v, 0, len(LADDERS[m])):
                self.best[m] = v
            else:
                self.refused += 1

    def _data(self) -> dict:
        return {"version": 1, "best": self.best}

    def unlocked(self, mode: str) -> int:
        return min(len(LADDERS[mode]), self.best[mode] + 1)

    def level_of(self, mode: str, difficulty: str, variants) -> Level | None:
        return next((lv for lv in LADDERS.get(mode, []) if lv.matches(difficulty, variants)), None)

    def record(self, summary) -> Level | None:
        """A won game at an open ladder level raises the best; returns the level newly opened, if any."""
        if summary.mode not in LADDERS or not summary.won:
            return None
        lv = self.level_of(summary.mode, summary.difficulty, summary.variants)
        won = []

        def climb() -> bool:               # against the best on disk now (another window's wins too)
            if lv is None or lv.number > self.unlocked(summary.mode) or lv.number <= self.best[summary.mode]:
                return False
            self.best[summary.mode] = lv.number
            won.append(lv)
            return True
        self.update(climb)
        if lv is None or not won:
            return None
        ladder = LADDERS[summary.mode]
        return ladder[lv.number] if lv.number < len(ladder) else None

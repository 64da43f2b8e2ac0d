"""The next solo game to suggest (issue 41, item 7): a first game that can be won, then a step up
after each win. Read from the player's statistics (stats.json); no pygame here.

    s = suggest_solo(book.games)     # Suggestion(difficulty="easy", coach=True, why="...")

Easy until the player has won a solo game, then the level above the highest one won (Medium,
Hard, Very Hard). The coach at your elbow comes with the learning levels (Easy and Medium) and
leaves the choice to the Settings above them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from faeriell.practice.stats import FILE, GameSummary
from faeriell.practice.store import data_folder, records
from faeriell.safe_read import parse_json, read_text

LEVELS = ("easy", "medium", "hard", "very_hard")
COACHED = ("easy", "medium")          # the suggested game turns the coach at your elbow on
NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "very_hard": "Very Hard"}


@dataclass(frozen=True)
class Suggestion:
    difficulty: str
    coach: bool
    why: str

    @property
    def sub(self) -> str:
        """The Quick solo button's line: what it starts."""
        return f"1 player · {NAMES[self.difficulty]}" + (" · coach on" if self.coach else "") + " · new island"


def suggest_solo(games: Iterable) -> Suggestion:
    """From the finished games (practice.stats.GameSummary): solo games a person played and won."""
    won = {g.difficulty for g in games
           if g.mode == "solo" and g.won and g.humans > 0 and g.difficulty in LEVELS}
    if not won:
        return Suggestion("easy", True, "Your first solo game: Easy, with the coach at your elbow to warn "
                          "you before a costly move.")
    best = max(LEVELS.index(d) for d in won)
    if best + 1 >= len(LEVELS):
        return Suggestion("very_hard", False, "You have won at Very Hard: the island's hardest test.")
    nxt = LEVELS[best + 1]
    coach = nxt in COACHED
    return Suggestion(nxt, coach, f"You won a solo game at {NAMES[LEVELS[best]]}: try {NAMES[nxt]}"
                      + (", the coach still at your elbow." if coach else "."))


def read_games(folder=None) -> list:
    """The finished games in stats.json, read and never written ([] when there is none or it
    cannot be read: the Progress screen's own reading sets a damaged file aside and says so)."""
    folder = folder if folder is not None else data_folder()
    if folder is None:
        return []
    path = folder / FILE
    try:
        data = parse_json(read_text(path, "index"), shown=path) if path.is_file() else {}
    except (OSError, ValueError, RecursionError):
        return []
    return records(data, "games", GameSummary.from_dict)[0] if isinstance(data, dict) else []

"""The bots' measured win rates, read from docs/balance.md (the one place they are written, by
tools/balance_report.py), for the start screen's hover texts. No pygame here.

    rates = WinRates.load()
    rates.solo("medium", "expert")      # Rate(percent=52, won=42, games=80) or None: at one second a move
    rates.rate("coop", 2, "medium", "expert")   # the same for a mode and player count (None: not measured)
    rates.for_level("normal")           # the Solo, medium figure of the bot a seat level plays like

The Expert's figures at one second a move are measured once for each engine (the compiled one plays
about 1.7 times as fast, so its expert weighs more worlds in its second): the rates quote the rows of
the engine this process plays, and the compiled engine falls back on the pure engine's rows (an
understatement) where it has none of its own; never the other way round, which would overstate.

Which measured bot stands for which seat level (the report plays bots with fixed work):
  easy   -> "heuristic": the greedy bot Easy is made of, measured without Easy's slips;
  normal -> "search bot": fixed work of about what Normal's 0.3 s buys;
  expert -> "expert".
Hard (the search bot with a longer clock) and Random are not measured on their own.
A missing or unreadable file gives no figures (the texts then say so); nothing is invented.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from faeriell.engine import ENGINE_CHOICE
from faeriell.resources import resource_dir
from faeriell.safe_read import read_text

# docs/ of the checkout, of the frozen build, or faeriell/_files/docs/ of `pip install .` (setup.py)
BALANCE_FILE = resource_dir("docs") / "balance.md"
LEVEL_COLUMN = {"easy": "heuristic wins", "normal": "search bot wins", "expert": "expert wins"}
COMPILED = " compiled"      # the suffix of a section measured on the compiled engine ("table solo compiled")
_CELL = re.compile(r"(\d+)%\s*\((\d+)/(\d+)")


@dataclass(frozen=True)
class Rate:
    percent: int
    won: int
    games: int

    def say(self) -> str:
        return f"{self.percent}% ({self.won} of {self.games} games)"

    def short(self) -> str:
        return f"{self.percent}% ({self.games} games)"


class WinRates:
    def __init__(self, tables: dict[str, dict[str, dict[str, Rate]]], compiled: bool | None = None):
        self.tables = tables               # section -> difficulty -> column -> Rate
        # which engine's Expert rows to quote: by default the engine this process loaded
        self.compiled = ENGINE_CHOICE.folder is not None if compiled is None else compiled

    @classmethod
    def load(cls, path: Path | str = BALANCE_FILE, compiled: bool | None = None) -> WinRates:
        try:
            text = read_text(Path(path), "data")
        except (OSError, ValueError):
            return cls({}, compiled)
        return cls(parse(text), compiled)

    def solo(self, difficulty: str, column_or_level: str) -> Rate | None:
        return self.rate("solo", 1, difficulty, column_or_level)

    def rate(self, mode: str, players: int, difficulty: str, column_or_level: str) -> Rate | None:
        """The figure measured for this mode and player count (solo; Full Coop by its player
        count); None where the report has none (competitive; Full Coop with 4 players has only the
        Expert's at-table row). The Expert
        *level* is quoted as a seat plays it, at one second a move, from the report's "at the
        table" section; only a report without that section gives its fixed-work column, which
        understates a seat's strength (the column name "expert wins" always gives that column)."""
        section, diff = section_of(mode, players) or "", difficulty.replace("_", " ")
        if column_or_level == "expert" and any(k.startswith("table ") for k in self.tables):
            return self.at_table(mode, players, difficulty)
        col = LEVEL_COLUMN.get(column_or_level, column_or_level)
        return self.tables.get(section, {}).get(diff, {}).get(col)

    def at_table(self, mode: str, players: int, difficulty: str) -> Rate | None:
        """The expert's figure at one second a move (the report's "at the table" section) on this
        process's engine, or None."""
        section, diff = f"table {section_of(mode, players)}", difficulty.replace("_", " ")
        for where in ((section + COMPILED, section) if self.compiled else (section,)):
            r = self.tables.get(where, {}).get(diff, {}).get("expert wins")
            if r is not None:
                return r
        return None

    def for_level(self, level: str, difficulty: str = "medium") -> Rate | None:
        return self.solo(difficulty, level) if level in LEVEL_COLUMN else None


def section_of(mode: str, players: int) -> str | None:
    """The report's section that measures a mode with this many players ('solo', 'coop 2')."""
    if mode == "solo":
        return "solo"
    if mode == "coop":
        return f"coop {int(players)}"
    return None


def _game_key(name: str) -> str | None:
    """'solo' or 'coop N' for a game as the report names it (a section's title, a row's game)."""
    if name.startswith("solo"):
        return "solo"
    m = re.match(r"full coop, (\d) players", name)
    return f"coop {m.group(1)}" if m else None


def parse(text: str) -> dict:
    """The report's tables by section ('solo', 'coop 2', 'coop 3'): difficulty -> column -> Rate."""
    tables: dict = {}
    section = None
    header: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            title = line[3:].strip().lower()
            section = "table" if title.startswith("the expert at the table") else _game_key(title)
            header = None
            continue
        if section is None or not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = [c.lower() for c in cells]
            continue
        if set("".join(cells)) <= set("-: "):
            continue                       # the |---| row
        row = dict(zip(header, cells, strict=False))   # a hand-edited row may be short: its last columns are absent
        diff = row.get("difficulty", "").lower()
        where = section
        if section == "table":             # one row a game: "Solo", "Full Coop, 2 players"
            where = f"table {_game_key(row.get('game', '').lower())}"
            if row.get("engine", "").lower().startswith("compiled"):     # an older report: all pure
                where += COMPILED
        for col, cell in row.items():
            m = _CELL.search(cell)
            if m:
                tables.setdefault(where, {}).setdefault(diff, {})[col] = Rate(*map(int, m.groups()))
    return tables

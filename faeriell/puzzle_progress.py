"""The puzzle path: the practice puzzles of data/puzzles/ in theme and level order, and which ones
this player has solved (kept in the user's data folder, next to the saves). No pygame here.

    path = PuzzlePath.load()                 # every puzzle file, grouped by theme, easiest first
    path.groups()                            # [(theme title, [Entry, ...]), ...]
    progress = Progress(data_folder)         # puzzles.json in that folder
    progress.mark_solved(entry.id)           # after a win
    path.next_unsolved(entry.id, progress)   # what to offer next

A file that cannot be read still lists (opening it says why); a progress file that cannot be read
or written loses nothing else: the path then shows nothing solved, and a win says it was not kept.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from faeriell.puzzle import LEVELS, OTHER_THEME, THEMES
from faeriell.safe_read import parse_json, read_text

ROOT = Path(__file__).resolve().parents[1]
PUZZLE_DIR = ROOT / "data" / "puzzles"
PROGRESS_FILE = "puzzles.json"
MAX_PROGRESS_BYTES = 256 * 1024          # a few thousand puzzle ids; anything bigger is not ours


@dataclass(frozen=True)
class Entry:
    id: str                 # the file name without .yaml: stable across installs
    path: str
    name: str
    story: str              # the file's description, on one line
    goal: str
    theme: str              # a THEMES key, or "" for an older file without a `puzzle:` section
    level: int
    hint: str

    @property
    def theme_title(self) -> str:
        return THEMES.get(self.theme, OTHER_THEME)

    @property
    def level_name(self) -> str:
        return LEVELS.get(self.level, "")


def read_entry(path: Path) -> Entry:
    """One puzzle file's entry (an unreadable file gets its name and nothing else)."""
    from faeriell.content.yaml_lines import plain, read_yaml
    from faeriell.puzzle import PuzzleMeta
    name, story, goal, meta = path.stem, "", "", PuzzleMeta()
    try:
        data = plain(read_yaml(path, str(path)))
        if isinstance(data, dict):
            name = str(data.get("name") or name)
            story = " ".join(str(data.get("description") or "").split())
            g = data.get("goal")
            if isinstance(g, dict):
                goal = " ".join(str(g.get("text") or "").split())
            if isinstance(data.get("puzzle"), dict):
                meta = PuzzleMeta.from_dict(data["puzzle"])
    except Exception:                      # noqa: BLE001 - listed anyway; opening it will say why
        pass
    return Entry(path.stem, str(path), name, story, goal, meta.theme, meta.level, meta.hint)


class PuzzlePath:
    def __init__(self, entries: list[Entry]):
        order = list(THEMES)
        self.entries = sorted(entries, key=lambda e: (order.index(e.theme) if e.theme in order else len(order),
                                                     e.level, e.name.lower()))

    @classmethod
    def load(cls, folder: Path | str = PUZZLE_DIR) -> "PuzzlePath":
        folder = Path(folder)
        files = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        return cls([read_entry(p) for p in files if p.is_file()])

    def groups(self) -> list[tuple[str, list[Entry]]]:
        out: list[tuple[str, list[Entry]]] = []
        for e in self.entries:
            if not out or out[-1][0] != e.theme_title:
                out.append((e.theme_title, []))
            out[-1][1].append(e)
        return out

    def by_path(self, path) -> Entry | None:
        p = str(Path(str(path)).resolve()) if path else ""
        return next((e for e in self.entries if str(Path(e.path).resolve()) == p), None)

    def next_unsolved(self, after_id: str | None, progress: "Progress") -> Entry | None:
        """The first unsolved puzzle after `after_id` in path order (wrapping round), else None."""
        solved = progress.solved()
        ids = [e.id for e in self.entries]
        start = ids.index(after_id) + 1 if after_id in ids else 0
        for e in self.entries[start:] + self.entries[:start]:
            if e.id not in solved and e.id != after_id:
                return e
        return None


class Progress:
    """Which puzzle ids are solved, in `folder`/puzzles.json ({"solved": [ids]})."""

    def __init__(self, folder: Path | str | None):
        self.folder = Path(folder) if folder else None
        self.error = ""                    # why the last write failed, in words

    @property
    def file(self) -> Path | None:
        return self.folder / PROGRESS_FILE if self.folder else None

    def solved(self) -> set[str]:
        f = self.file
        try:
            if f is None or not f.is_file() or f.stat().st_size > MAX_PROGRESS_BYTES:
                return set()
            data = parse_json(read_text(f, "index"), shown=f)       # checked like every file we read
        except (OSError, ValueError, RecursionError):
            return set()
        ids = data.get("solved") if isinstance(data, dict) else None
        return {x for x in ids if isinstance(x, str)} if isinstance(ids, list) else set()

    def mark_solved(self, puzzle_id: str) -> bool:
        """Record a win (written whole to a temporary file, then renamed); False if not kept."""
        if self.folder is None:
            self.error = "there is no data folder"
            return False
        ids = self.solved() | {str(puzzle_id)}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".puzzles-", suffix=".tmp", dir=self.folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump({"solved": sorted(ids)}, fh, indent=1)
                os.replace(tmp, self.file)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except OSError as e:
            self.error = e.strerror or str(e)
            return False
        self.error = ""
        return True


def default_progress() -> Progress:
    """Progress in the folder the saves use ($FAERIELL_DATA or the usual place); none if it cannot
    be made."""
    try:
        from faeriell.ui.session import user_data_dir
        return Progress(user_data_dir())
    except Exception:                      # noqa: BLE001 - a folder that cannot be made: keep nothing
        return Progress(None)

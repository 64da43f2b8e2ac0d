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

from dataclasses import dataclass
from pathlib import Path

from faeriell.content.yaml_lines import plain, read_yaml
from faeriell.puzzles.goal import LEVELS, OTHER_THEME, THEMES, PuzzleMeta
from faeriell.resources import CHECKOUT
from faeriell.safe_read import parse_json, read_text
from faeriell.storage.folders import PROGRESS_FILE, user_data_dir
from faeriell.storage.locks import update_json

ROOT = CHECKOUT
PUZZLE_DIR = ROOT / "data" / "puzzles"
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


_ENTRIES: dict[tuple[str, int, int], Entry] = {}     # (path, mtime, size) -> its entry: 268 YAML files
                                                    # take seconds to parse, and do not change meanwhile


def read_entry(path: Path) -> Entry:
    """One puzzle file's entry (an unreadable file gets its name and nothing else), read once
    while the file is unchanged."""
    try:
        st = path.stat()
        key = (str(path), st.st_mtime_ns, st.st_size)
    except OSError:
        return _read_entry(path)
    e = _ENTRIES.get(key)
    if e is None:
        e = _ENTRIES[key] = _read_entry(path)
    return e


def _read_entry(path: Path) -> Entry:
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
    except (OSError, ValueError):          # YamlError, UnsafeFile, GoalError: listed anyway; opening it says why
        pass
    return Entry(path.stem, str(path), name, story, goal, meta.theme, meta.level, meta.hint)


class PuzzlePath:
    def __init__(self, entries: list[Entry]):
        order = list(THEMES)
        self.entries = sorted(entries, key=lambda e: (order.index(e.theme) if e.theme in order else len(order),
                                                     e.level, e.name.lower()))

    @classmethod
    def load(cls, folder: Path | str = PUZZLE_DIR) -> PuzzlePath:
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

    def next_unsolved(self, after_id: str | None, progress: Progress) -> Entry | None:
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
        self.notice = ""                   # after a write: a damaged file that was kept aside

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
        """Record a win: under the file's lock, the ids on disk now (another window's wins too)
        plus this one, written whole (storage.locks.update_json). A file that could not be read is kept
        as puzzles.json.bad first and `notice` says so; False (and `error`) if not kept."""
        if self.folder is None:
            self.error = "there is no data folder"
            return False

        def merge(old):
            ids = set(old["solved"]) if _progress_ok(old) else set()
            return {"solved": sorted(within(MAX_PROGRESS_BYTES, [str(puzzle_id)] + sorted(ids - {str(puzzle_id)})))}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _, self.notice = update_json(self.file, merge, valid=_progress_ok)
        except OSError as e:
            self.error = e.strerror or str(e)
            return False
        self.error = ""
        return True


MAX_ID = 200               # a puzzle id is a file name


def within(limit: int, ids: list) -> list:
    """The first of `ids` whose written list (one a line, UTF-8) stays under `limit` bytes, so the
    file the game writes is one its reader accepts (a hand-made list of thousands is cut)."""
    out, total = [], 64                    # the mapping around the list
    for x in ids:
        total += len(x.encode("utf-8", "replace")) + 8        # quotes, comma, indent, newline
        if total > limit:
            break
        out.append(x)
    return out


def _progress_ok(data) -> bool:
    """What puzzles.json holds: {"solved": [ids]}; anything else is kept aside, not merged."""
    ids = data.get("solved") if isinstance(data, dict) else None
    return isinstance(ids, list) and all(isinstance(x, str) and 0 < len(x) <= MAX_ID for x in ids)


def default_progress() -> Progress:
    """Progress in the folder the saves use ($FAERIELL_DATA or the usual place); none if it cannot
    be made."""
    try:
        return Progress(user_data_dir())
    except OSError:                        # DataDirError: a folder that cannot be made: keep nothing
        return Progress(None)


def practice_items(progress=None) -> list[tuple[str, str, str]]:
    """The Practice list: the puzzle path only (rule-test scenarios are not puzzles), a heading row
    per theme (key "") with how many are solved, then its puzzles, easiest first, solved marked."""
    solved = (progress or default_progress()).solved()
    items = []
    for title, entries in PuzzlePath.load(PUZZLE_DIR).groups():
        done = sum(1 for e in entries if e.id in solved)
        items.append(("", title.upper(), f"{done} of {len(entries)} solved"))
        for e in entries:
            about = " · ".join(x for x in (e.level_name, e.story or (e.goal and "Goal: " + e.goal)) if x)
            items.append((e.path, ("Solved · " if e.id in solved else "") + e.name, about))
    return items

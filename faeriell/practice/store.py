"""One JSON document per practice file in the data folder, written like the saves.

    doc = Document(folder, "drills.json")
    data = doc.load()          # {} for a missing file; a bad file is moved aside to drills.json.bad
    doc.note                   # what happened to a bad file, in words (shown by the screens), or ""
    doc.save(data)             # whole file to a temporary one, fsync, rename: never half written

write_atomic() is faeriell.storage.atomic_write; a bad file is moved aside by storage.set_aside
(never over an older .bad).
"""
from __future__ import annotations

import json
from pathlib import Path

from faeriell.safe_read import parse_json, read_text


def records(data: dict, key: str, from_dict) -> list:
    """The entries of data[key] that `from_dict` accepts (it returns None for a bad one): a file
    edited by hand loses only its bad entries; [] when data[key] is not a list."""
    raw = data.get(key)
    if not isinstance(raw, list):
        return []
    return [r for r in (from_dict(x) for x in raw if isinstance(x, dict)) if r is not None]


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all: faeriell.storage.atomic_write (mkstemp, fsync,
    os.replace; a link or pipe in its place is refused)."""
    from faeriell.storage import atomic_write
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)


def data_folder() -> Path | None:
    """The folder the saves use ($FAERIELL_DATA or the usual place); None if it cannot be made."""
    from faeriell.storage import user_data_dir
    try:
        return user_data_dir()
    except OSError:                                         # keep nothing, say so on write
        return None


class Document:
    def __init__(self, folder: Path | str | None, name: str):
        self.folder = Path(folder) if folder else None
        self.name = name
        self.note = ""           # a bad file set aside, in words
        self.error = ""          # why the last save failed, in words

    @property
    def file(self) -> Path | None:
        return self.folder / self.name if self.folder else None

    def load(self) -> dict:
        f = self.file
        if f is None or not f.exists():
            return {}
        try:
            data = parse_json(read_text(f, "index"), shown=f)
            if not isinstance(data, dict):
                raise ValueError("it does not hold a mapping")
            return data
        except (OSError, ValueError, RecursionError) as e:
            self._set_aside(f, e)
            return {}

    def _set_aside(self, f: Path, why: BaseException) -> None:
        from faeriell.storage import set_aside
        bad = set_aside(f) if f.is_file() else None
        if bad is not None:
            self.note = f"{f.name} could not be read ({why}); it was kept as {bad.name} and a fresh one started."
        else:
            self.note = f"{f.name} could not be read ({why}); a fresh one is used for now."

    def save(self, data: dict) -> bool:
        if self.file is None:
            self.error = "there is no data folder"
            return False
        try:
            write_atomic(self.file, json.dumps(data, indent=1, sort_keys=True))
        except (OSError, TypeError, ValueError) as e:
            self.error = getattr(e, "strerror", None) or str(e)
            return False
        self.error = ""
        return True


class Book:
    """A practice record kept in one file of the data folder (a Document); `note` says, in words,
    what became of a bad file. Each book sets its FILE and reads it in its own reload()."""
    FILE = ""

    def __init__(self, folder):
        self.doc = Document(folder, self.FILE)

    @property
    def note(self) -> str:
        return self.doc.note

"""One JSON document per practice file in the data folder, written like the saves.

    book.reload()              # the file read again: its entries checked one by one (`refused`)
    book.update(change)        # under the file's lock: read again, change(), written whole
    book.note                  # what became of a bad file or bad entries, in one line, or ""
    book.doc.error             # why the last write failed, in words, or ""

Every write of a practice file is a read-merge-write under the file's lock (storage.locks.FileLock),
as puzzles.json and tutorial.json are: a window that keeps a book open (the Practice screen's
trainer) reads what another window wrote since before it changes anything, so no result is lost.
A file the game writes always reads back: its text is fitted to the reader's limit
(safe_read.LIMITS["index"]) by leaving out the entries each book values least (`shed`).
A file that cannot be read at all is moved aside as NAME.bad; entries the checks refuse are left
out, and the next write keeps the file as it was in a NAME.bad copy first (storage.atomic.set_aside:
never over an older .bad).
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from collections.abc import Callable

from faeriell.safe_read import LIMITS, parse_json, read_text
from faeriell.storage.atomic import atomic_write, set_aside
from faeriell.storage.folders import user_data_dir
from faeriell.storage.locks import FileLock

MAX_TIME = 253_402_214_400.0      # 9999-12-31 UTC: the last day a date can show
MAX_TEXT = 400                    # a label, a reason, an id: nothing of ours is longer


# ------------------------------------------------------------------------------------ checks
def writable(value) -> bool:
    """`value` (JSON data) can be written as UTF-8 text: no lone surrogate in any string."""
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (UnicodeEncodeError, TypeError, ValueError, RecursionError):
        # json.dumps: a value JSON has no form for (TypeError), a loop or NaN (ValueError), deep
        # nesting; str.encode: a lone surrogate
        return False
    return True


def is_int(x, lo: int = 0, hi: int = 10 ** 9) -> bool:
    """A whole number in [lo, hi] (a bool is not a number here)."""
    return isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def is_num(x, lo: float = -1e9, hi: float = 1e9) -> bool:
    """A finite number in [lo, hi] (NaN, infinities and text refused)."""
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and lo <= x <= hi


def is_time(x) -> bool:
    """Seconds since 1970 that a date can be made of."""
    return is_num(x, 0.0, MAX_TIME)


def is_text(x, limit: int = MAX_TEXT) -> bool:
    return isinstance(x, str) and len(x) <= limit and writable(x)


def records(data: dict, key: str, from_dict) -> tuple[list, int]:
    """The entries of data[key] that `from_dict` accepts (it returns None for a bad one) and how
    many it refused: a file edited by hand loses only its bad entries."""
    raw = data.get(key)
    if raw is None:
        return [], 0
    if not isinstance(raw, list):
        return [], 1
    good = [r for r in (from_dict(x) if isinstance(x, dict) else None for x in raw) if r is not None]
    return good, len(raw) - len(good)


def text_of(data) -> str:
    """The file's text: compact JSON, ASCII only (so its length is its size in bytes)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def shed_first(items: list, excess: int, as_json: Callable = lambda x: x) -> list:
    """`items` without the first ones whose text (of `as_json(item)`) adds up to `excess`
    characters (at least one)."""
    cut, k = 0, 0
    while k < len(items) and (cut < excess or k == 0):
        cut += len(text_of(as_json(items[k]))) + 1
        k += 1
    return items[k:]


# ------------------------------------------------------------------------------------ files
def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all: faeriell.storage.atomic.atomic_write (mkstemp, fsync,
    os.replace; a link or pipe in its place is refused)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, text)


def data_folder() -> Path | None:
    """The folder the saves use ($FAERIELL_DATA or the usual place); None if it cannot be made."""
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
        bad = set_aside(f) if f.is_file() else None
        if bad is not None:
            self.note = f"{f.name} could not be read ({why}); it was kept as {bad.name} and a fresh one started."
        else:
            self.note = f"{f.name} could not be read ({why}); a fresh one is used for now."


class Book:
    """A practice record kept in one file of the data folder (a Document); `note` says, in words,
    what became of a bad file or of entries left out. Each book sets its FILE, reads the file's
    data in `_read` (counting what it refuses in `self.refused`), gives it back in `_data`, and
    leaves out what it values least in `shed` when the text would not read back."""
    FILE = ""

    def __init__(self, folder):
        self.doc = Document(folder, self.FILE)
        self.refused = 0         # entries of the file as last read that the checks left out

    @property
    def note(self) -> str:
        return self.doc.note

    def reload(self) -> None:
        self.refused = 0
        self._read(self.doc.load())
        if self.refused and not self.doc.note:
            n = self.refused
            self.doc.note = (f"{n} entr{'y' if n == 1 else 'ies'} of {self.FILE} could not be read and "
                             f"{'is' if n == 1 else 'are'} left out; the file as it was is kept as "
                             f"{self.FILE}.bad at the next change.")

    def _read(self, data: dict) -> None:
        raise NotImplementedError

    def _data(self) -> dict:
        raise NotImplementedError

    def shed(self, excess: int) -> bool:
        """Leave out entries worth about `excess` characters of text; False when none is left."""
        return False

    def fitted_text(self) -> str | None:
        """The file's text within the reader's limit, entries left out as `shed` decides; None when
        even that cannot fit."""
        limit = LIMITS["index"]
        while True:
            text = text_of(self._data())
            if len(text) <= limit:
                return text
            if not self.shed(len(text) - limit):
                return None

    def update(self, change: Callable[[], bool]) -> bool:
        """Under the file's lock: read the file again (what another window wrote since), apply
        `change` (it returns False when it changed nothing) and write the whole file, fitted.
        False when it could not be written (`doc.error` says why)."""
        f = self.doc.file
        applied = False
        try:
            if f is None:
                raise OSError("there is no data folder")
            f.parent.mkdir(parents=True, exist_ok=True)
            with FileLock(f.with_name("." + f.name + ".lock")):
                self.reload()
                applied = True
                if not change() and not self.refused:
                    self.doc.error = ""
                    return True
                text = self.fitted_text()
                if text is None:
                    raise ValueError("the record is too large to keep")
                kept = None
                if self.refused and f.is_file():
                    kept = set_aside(f)             # the refused entries, kept before the file is replaced
                    if kept is None:
                        raise OSError(f"{f.name} holds entries that could not be read and cannot be kept aside")
                write_atomic(f, text)
                if kept is not None:
                    n = self.refused
                    self.doc.note = (f"{n} entr{'y' if n == 1 else 'ies'} of {f.name} could not be read and "
                                     f"{'was' if n == 1 else 'were'} left out; the file as it was is kept as "
                                     f"{kept.name}.")
                    self.refused = 0
        except (OSError, ValueError) as e:           # TimeoutError (a lock held elsewhere) is an OSError
            self.doc.error = getattr(e, "strerror", None) or str(e)
            if not applied:                            # not kept, but this window goes on with it
                change()
            return False
        self.doc.error = ""
        return True

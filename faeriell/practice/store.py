"""One JSON document per practice file in the data folder, written like the saves.

    doc = Document(folder, "drills.json")
    data = doc.load()          # {} for a missing file; a bad file is moved aside to drills.json.bad
    doc.note                   # what happened to a bad file, in words (shown by the screens), or ""
    doc.save(data)             # whole file to a temporary one, fsync, rename: never half written

write_atomic() is the one write; when faeriell/storage.py (the shared atomic helper) lands, it
points there.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from faeriell.safe_read import parse_json, read_text


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (mkstemp in the same folder, fsync, os.replace)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + "-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def data_folder() -> Path | None:
    """The folder the saves use ($FAERIELL_DATA or the usual place); None if it cannot be made."""
    try:
        from faeriell.ui.session import user_data_dir      # no pygame there; one place decides the folder
        return user_data_dir()
    except Exception:                                       # noqa: BLE001 - keep nothing, say so on write
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
        bad = f.with_name(f.name + ".bad")
        try:
            if f.is_file():
                os.replace(f, bad)
                self.note = (f"{f.name} could not be read ({why}); it was kept as {bad.name} and a "
                             f"fresh one started.")
                return
        except OSError:
            pass
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

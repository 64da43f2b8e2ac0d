"""Which tutorial chapters this player has finished, and where they left off (chapter and step),
in tutorial.json in the user's data folder (next to the saves). No pygame here.

    p = Progress(folder)            # or default_progress()
    p.done()                        # {"01-setup", ...}
    p.resume_point()                # ("03-tribe-actions", 4) or None
    p.at(chapter_id, step)          # after every step
    p.finish(chapter_id)            # a chapter played to its end

Written whole to a temporary file, flushed to disk, then renamed over the old one, so a crash
mid-write leaves the last good file. (/work's harden branch brings faeriell/storage.py for
this; until main has it, the few lines below do the same.) A file that cannot be read counts as
no progress; one that cannot be written loses nothing but the record (`error` says why).
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from faeriell.safe_read import parse_json, read_text

PROGRESS_FILE = "tutorial.json"
MAX_BYTES = 64 * 1024


def write_atomically(path: Path, text: str) -> None:
    """`text` replaces `path` whole, or not at all."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class Progress:
    def __init__(self, folder: Path | str | None):
        self.folder = Path(folder) if folder else None
        self.error = ""

    @property
    def file(self) -> Path | None:
        return self.folder / PROGRESS_FILE if self.folder else None

    def _read(self) -> dict:
        f = self.file
        try:
            if f is None or not f.is_file() or f.stat().st_size > MAX_BYTES:
                return {}
            data = parse_json(read_text(f, "index"), shown=f)
        except (OSError, ValueError, RecursionError):
            return {}
        return data if isinstance(data, dict) else {}

    def done(self) -> set[str]:
        ids = self._read().get("done")
        return {x for x in ids if isinstance(x, str)} if isinstance(ids, list) else set()

    def resume_point(self) -> tuple[str, int] | None:
        at = self._read().get("at")
        if isinstance(at, dict) and isinstance(at.get("chapter"), str) and isinstance(at.get("step"), int) \
                and not isinstance(at.get("step"), bool) and at["step"] >= 0:
            return at["chapter"], at["step"]
        return None

    def step_of(self, chapter_id: str) -> int:
        """Where the player left this chapter (0: not started, or finished and not reopened)."""
        at = self.resume_point()
        return at[1] if at and at[0] == chapter_id else 0

    def at(self, chapter_id: str, step: int) -> bool:
        data = self._read()
        data["at"] = {"chapter": str(chapter_id), "step": int(step)}
        return self._write(data)

    def finish(self, chapter_id: str) -> bool:
        data = self._read()
        data["done"] = sorted(self.done() | {str(chapter_id)})
        if (data.get("at") or {}).get("chapter") == chapter_id:
            data.pop("at", None)
        return self._write(data)

    def _write(self, data: dict) -> bool:
        if self.folder is None:
            self.error = "there is no data folder"
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomically(self.file, json.dumps({"done": sorted(data.get("done") or []),
                                                    **({"at": data["at"]} if data.get("at") else {})},
                                                   indent=1))
        except OSError as e:
            self.error = e.strerror or str(e)
            return False
        self.error = ""
        return True


def default_progress() -> Progress:
    """Progress in the folder the saves use ($FAERIELL_DATA or the usual place)."""
    try:
        from faeriell.ui.session import user_data_dir
        return Progress(user_data_dir())
    except Exception:                      # noqa: BLE001 - a folder that cannot be made: keep nothing
        return Progress(None)

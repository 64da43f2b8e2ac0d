"""Which tutorial chapters this player has finished, and where they left off (chapter and step),
in tutorial.json in the user's data folder (next to the saves). No pygame here.

    p = Progress(folder)            # or default_progress()
    p.done()                        # {"01-setup", ...}
    p.resume_point()                # ("03-tribe-actions", 4) or None
    p.next_to_play(ids)             # where Start / Resume goes: in progress past step 0, else the first not done
    p.at(chapter_id, step)          # after every step
    p.finish(chapter_id)            # a chapter played to its end

Written through faeriell/storage/locks.py: under the file's lock, read again, changed and written whole
(a unique temporary file, fsync, rename), so a crash mid-write leaves the last good file and two
windows never drop each other's chapters. A file that cannot be read counts as no progress, and
the next write keeps it aside as tutorial.json.bad instead of replacing it; one that cannot be
written loses nothing but the record (`error` says why).
"""
from __future__ import annotations

from pathlib import Path

from faeriell.safe_read import parse_json, read_text
from faeriell.puzzles.path import within
from faeriell.storage.folders import user_data_dir
from faeriell.storage.locks import update_json

PROGRESS_FILE = "tutorial.json"
MAX_BYTES = 64 * 1024


def _ok(data) -> bool:
    """What tutorial.json holds: a mapping with a list of finished chapters (or none yet)."""
    return isinstance(data, dict) and isinstance(data.get("done", []), list)


class Progress:
    def __init__(self, folder: Path | str | None):
        self.folder = Path(folder) if folder else None
        self.error = ""
        self.notice = ""                   # after a write: a damaged file that was kept aside

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

    def next_to_play(self, chapter_ids) -> tuple[str, int] | None:
        """Where Learn to play's Start / Resume goes: the chapter left past its first step, else the
        first chapter not finished, from its start; None when every one is done. A chapter only
        opened (left at step 0) is no reason to skip an earlier one not finished."""
        ids = list(chapter_ids)
        at = self.resume_point()
        if at and at[0] in ids and at[1] > 0:
            return at
        done = self.done()
        first = next((c for c in ids if c not in done), None)
        return (first, 0) if first is not None else None

    def step_of(self, chapter_id: str) -> int:
        """Where the player left this chapter (0: not started, or finished and not reopened)."""
        at = self.resume_point()
        return at[1] if at and at[0] == chapter_id else 0

    def at(self, chapter_id: str, step: int) -> bool:
        def change(data):
            data["at"] = {"chapter": str(chapter_id), "step": int(step)}
            return data
        return self._update(change)

    def finish(self, chapter_id: str) -> bool:
        def change(data):
            done = {x for x in data.get("done") or [] if isinstance(x, str)}
            data["done"] = sorted(done | {str(chapter_id)})
            if (data.get("at") or {}).get("chapter") == chapter_id:
                data.pop("at", None)
            return data
        return self._update(change)

    def _update(self, change) -> bool:
        if self.folder is None:
            self.error = "there is no data folder"
            return False

        def merge(old):
            before = set(old.get("done") or []) if _ok(old) else set()
            data = change(dict(old) if _ok(old) else {})
            at = data.get("at")
            at = at if isinstance(at, dict) and isinstance(at.get("chapter"), str) and len(at["chapter"]) <= 200 \
                and isinstance(at.get("step"), int) else None
            ids = sorted(x for x in data.get("done") or [] if isinstance(x, str))
            # within the reader's limit, this change's chapter first (a hand-grown list is cut, never it)
            done = sorted(within(MAX_BYTES - 512, [x for x in ids if x not in before] + [x for x in ids if x in before]))
            return {"done": done, **({"at": at} if at else {})}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            _, self.notice = update_json(self.file, merge, valid=_ok)
        except OSError as e:
            self.error = e.strerror or str(e)
            return False
        self.error = ""
        return True


def default_progress() -> Progress:
    """Progress in the folder the saves use ($FAERIELL_DATA or the usual place)."""
    try:
        return Progress(user_data_dir())
    except OSError:                        # DataDirError: a folder that cannot be made: keep nothing
        return Progress(None)

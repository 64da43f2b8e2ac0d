"""Writing one file whole or not at all, and moving a damaged one aside. No pygame here.

Every file the game writes goes through `atomic_write` - a unique temporary file in the same
folder (mkstemp: O_EXCL, never a fixed name), flushed and fsync'ed, then renamed over the target.
A link, a named pipe or a device where the file should be is never followed or opened: the write
is refused and the thing is left as it is. A reader therefore sees the old file or the new one,
never a half-written or empty one. (Reading goes through faeriell/safe_read.py.)
"""
from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from faeriell.safe_read import clip, file_kind

NEW_FILE_MODE = 0o600             # the player's own files: readable by them alone (as mkstemp makes them)


class WriteRefused(OSError):
    """The target is a link, a pipe, a device or a folder: not written, not touched."""


def refuse_special(path: Path) -> None:
    """WriteRefused when something other than a regular file (or nothing) is at `path`."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise WriteRefused(errno.ELOOP, f"{clip(path)} is a link; it is not followed", str(path))
    what = file_kind(st.st_mode)
    if what:
        raise WriteRefused(errno.EINVAL, f"{clip(path)} is {what}, not a file", str(path))


def atomic_write(path, data: str | bytes) -> Path:
    """Write `data` (text is UTF-8) to `path` as a whole: a unique temporary file beside it,
    fsync, rename. Refuses (WriteRefused) a link, pipe, device or folder at `path`; any other
    failure (OSError) leaves `path` exactly as it was and no temporary file behind."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    refuse_special(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)       # a file replaced keeps its permissions
    except OSError:
        mode = NEW_FILE_MODE
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=folder)  # O_EXCL, 0600
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            view = memoryview(raw)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        refuse_special(path)               # swapped for a link meanwhile? rename would replace the
        os.replace(tmp, path)              # link itself (never its target), but say no all the same
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_dir(folder)
    return path


def _sync_dir(folder) -> None:
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path) -> Path | None:
    """Move a damaged file out of the way as NAME.bad (NAME.bad.2, ... when taken; nothing is
    overwritten). Returns the new name, None when there was nothing or it could not be moved."""
    path = Path(path)
    if not os.path.lexists(path):
        return None
    for n in range(1, 1000):
        bad = path.with_name(path.name + (".bad" if n == 1 else f".bad.{n}"))
        try:
            os.link(path, bad, follow_symlinks=False)    # fails when `bad` exists: never overwrites
        except FileExistsError:
            continue
        except OSError:                    # no hard links here: rename to a name that is free
            if os.path.lexists(bad):
                continue
            try:
                os.rename(path, bad)
                return bad
            except OSError:
                return None
        try:
            os.unlink(path)
        except OSError:
            pass
        return bad
    return None

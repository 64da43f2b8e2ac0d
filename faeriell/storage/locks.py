"""Files several windows share: an exclusive advisory lock (FileLock), and `update_json`, the
read-merge-write under it. No pygame here.

Files several windows share (puzzles.json, seats.idx) change through `update_json`: under an
exclusive lock the file is read again, merged with this window's change and written whole, so
two windows never drop each other's progress. A file that cannot be read or parsed is moved
aside as NAME.bad (a new name when one exists: nothing is ever overwritten) before a fresh one
is written, and the caller is told so it can say it.
"""
from __future__ import annotations

import errno
import json
import logging
import os
import time
from pathlib import Path
from collections.abc import Callable

from faeriell.safe_read import clip, file_kind, parse_json, read_text
from faeriell.storage.atomic import WriteRefused, atomic_write, refuse_special, set_aside

try:                                       # POSIX advisory locks; elsewhere a lock is a no-op
    import fcntl
except ImportError:                        # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]  # checked as `fcntl is None` where it matters

log = logging.getLogger(__name__)
LOCK_WAIT_S = 10.0                # how long a write waits for another window's lock


class FileLock:
    """An exclusive advisory lock on `path` (created if needed; a link or pipe there is refused,
    never opened). `with FileLock(p):` waits up to `wait` seconds, then raises TimeoutError."""

    def __init__(self, path, wait: float = LOCK_WAIT_S):
        self.path, self.wait = Path(path), wait
        self.fd: int | None = None

    def acquire(self, blocking: bool = True) -> bool:
        refuse_special(self.path)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(self.path, flags, 0o600)
        closed_or_kept = False             # then the finally below leaves fd alone
        try:
            if file_kind(os.fstat(fd).st_mode):
                raise WriteRefused(errno.EINVAL, f"{clip(self.path)} is not a file", str(self.path))
            if fcntl is None:
                self.fd, closed_or_kept = fd, True
                return True
            deadline = time.monotonic() + self.wait
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    if not still_named(fd, self.path):
                        # the file was tidied away (remove_stale_locks, a claim released) between our
                        # open and our lock: that lock guards nothing any more, take a fresh file
                        os.close(fd)
                        closed_or_kept = True
                        return self.acquire(blocking)
                    self.fd, closed_or_kept = fd, True
                    return True
                except BlockingIOError:
                    if not blocking:
                        return False
                    if time.monotonic() >= deadline:
                        raise TimeoutError(f"{clip(self.path)} is held by another window") from None
                    time.sleep(0.01)
        finally:
            if not closed_or_kept:
                os.close(fd)

    def release(self) -> None:
        if self.fd is not None:
            try:
                os.close(self.fd)          # closing drops the flock
            finally:
                self.fd = None

    @property
    def held(self) -> bool:
        return self.fd is not None

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def still_named(fd: int, path: Path) -> bool:
    """`path` still names the very file `fd` holds open (not unlinked, not replaced)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (held.st_dev, held.st_ino)


def _lock_of(path: Path) -> Path:
    return path.with_name("." + path.name + ".lock")


def update_json(path, merge: Callable[[object], object], kind: str = "index", lock: bool = True,
                valid: Callable[[object], bool] | None = None) -> tuple[object, str]:
    """Read `path` again under its lock, write `merge(old)` whole (old is None when the file is
    missing or damaged) and return (new value, notice). A damaged file - unreadable, not JSON, or
    JSON that `valid` refuses - is set aside first and the notice says where it went; a file
    that cannot be set aside is never replaced (OSError)."""
    path = Path(path)
    guard = FileLock(_lock_of(path)) if lock else None
    if guard is not None:
        guard.acquire()
    try:
        notice, old, dropped = "", None, 0
        if os.path.lexists(path):
            try:
                old, dropped = drop_unwritable(parse_json(read_text(path, kind), shown=path))
                if valid is not None and not valid(old):
                    old, dropped = None, 0
                    raise ValueError("it does not hold what this file holds")
            except (OSError, ValueError) as e:        # unreadable, malformed, too large, a pipe
                bad = set_aside(path)
                if bad is None:
                    raise OSError(errno.EIO, f"{clip(path)} cannot be read ({clip(e, 200)}) and "
                                  "cannot be moved aside, so it is left as it is") from None
                notice = f"{path.name} could not be read ({clip(e, 200)}); it is kept as {bad.name}"
                log.warning("%s", notice)
        if dropped:                   # text with a lone surrogate: the rest is kept, the file as it was too
            bad = set_aside(path)
            if bad is None:
                raise OSError(errno.EIO, f"{clip(path)} holds text that cannot be written back and "
                              "cannot be moved aside, so it is left as it is")
            notice = (f"{path.name} held {dropped} entr{'y' if dropped == 1 else 'ies'} of broken text, "
                      f"left out; the file as it was is kept as {bad.name}")
            log.warning("%s", notice)
        new = merge(old)
        try:
            text = json.dumps(new, indent=1, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise OSError(errno.EINVAL, f"{clip(path)}: the change holds text that cannot be written") from None
        atomic_write(path, text)
        return new, notice
    finally:
        if guard is not None:
            guard.release()


def drop_unwritable(value) -> tuple[object, int]:
    """JSON data without the strings that cannot be written as UTF-8 (a lone surrogate, which
    JSON text may spell as \\ud800): a list loses such an item, a mapping such a key or value;
    and how many were left out."""
    dropped = 0

    def ok(s: str) -> bool:
        try:
            s.encode("utf-8")
            return True
        except UnicodeEncodeError:
            return False

    def clean(v):
        nonlocal dropped
        if isinstance(v, str):
            return v if ok(v) else _DROP
        if isinstance(v, list):
            out = [clean(x) for x in v]
            kept = [x for x in out if x is not _DROP]
            dropped += len(out) - len(kept)
            return kept
        if isinstance(v, dict):
            res = {}
            for k, x in v.items():
                c = clean(x) if ok(k) else _DROP
                if c is _DROP:
                    dropped += 1
                else:
                    res[k] = c
            return res
        return v
    top = clean(value)
    if top is _DROP:
        return None, 1
    return top, dropped


_DROP = object()

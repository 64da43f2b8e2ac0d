"""One game, one window: a game being played holds a lock in the data folder's locks/. No pygame here.

A game's table holds its lock (`claim_game`) for as long as it is open: a second window that opens
the same game is told it is open elsewhere and plays a copy under its own name instead of silently
writing over the first one's turns. The locks of windows that are gone are tidied away
(`remove_stale_locks`).
"""
from __future__ import annotations

import hashlib
import logging
import os
import re
import stat
import time
from pathlib import Path

from faeriell.storage.folders import LOCKS, user_data_dir
from faeriell.storage.locks import FileLock, fcntl, still_named

log = logging.getLogger(__name__)


class GameClaim:
    """This window plays the game `key`: a lock held in locks/ until `release()` (or the end of
    the process, which drops it even after a kill)."""

    def __init__(self, key: str, lock: FileLock):
        self.key, self._lock = key, lock

    def release(self) -> None:
        """Let the game go; its lock file goes too (removed while still held, so a window that
        opened it meanwhile finds it gone once it holds it, and makes a fresh one)."""
        lock = self._lock
        if lock.held and fcntl is not None:
            try:
                os.unlink(lock.path)
            except OSError:
                pass                        # already gone, or a read-only folder: the lock still ends
        lock.release()


def _claim_name(key: str) -> str:
    safe = re.sub(r"[^\w\-]+", "_", key)[:80]
    return f"{safe}-{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()[:10]}.lock"


def claim_game(key: str) -> GameClaim | None:
    """Hold the lock of game `key` (its game id, or the file it autosaves to). None when another
    window holds it; a claim that cannot be made at all (no data folder) counts as held here."""
    try:
        folder = user_data_dir() / LOCKS
        folder.mkdir(exist_ok=True)
        lock = FileLock(folder / _claim_name(key), wait=0)
        if not lock.acquire(blocking=False):
            return None
    except OSError:
        log.debug("no lock for %s", key, exc_info=True)
        return GameClaim(key, FileLock(os.devnull))
    return GameClaim(key, lock)


def game_key_of(game_id: str, autosave_file=None) -> str:
    return f"file:{Path(autosave_file).resolve()}" if autosave_file else f"game:{game_id}"


def remove_stale_locks(folder: Path | None = None, older_than_s: float = 60.0) -> list[Path]:
    """Delete the game locks in `folder` (the data folder's locks/) whose owner is gone: a lock
    that can be taken now is held by no window (the system drops a flock when its process ends,
    even after a kill). A lock newer than `older_than_s` or not a regular file is left alone, and
    a lock is removed only while we hold it (FileLock.acquire makes a fresh file when it finds its
    own unlinked). Without fcntl nothing tells a live lock from a dead one: nothing is removed.
    Returns what was removed; never raises."""
    removed: list[Path] = []
    if fcntl is None:
        return removed
    try:
        where = Path(folder) if folder is not None else user_data_dir(create=False) / LOCKS
        entries = list(os.scandir(where))
    except OSError:
        return removed
    now = time.time()
    for e in entries:
        if not e.name.endswith(".lock"):
            continue
        path = Path(e.path)
        try:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than_s:
                continue
            fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if still_named(fd, path):
                os.unlink(path)
                removed.append(path)
        except OSError:                     # BlockingIOError: a window holds it, it stays
            pass
        finally:
            os.close(fd)
    return removed

"""The data folder's locks/ does not fill up: a released claim takes its file away, and at start
the app removes the locks whose window is gone, never one a live window holds (faeriell/storage/claims.py)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from faeriell.storage.claims import claim_game, remove_stale_locks
from faeriell.storage.folders import LOCKS
from faeriell.storage.locks import FileLock, still_named

fcntl = pytest.importorskip("fcntl")
ROOT = Path(__file__).resolve().parents[1]


def _age(path: Path, seconds: float = 3600) -> None:
    t = time.time() - seconds
    os.utime(path, (t, t))


@pytest.fixture
def locks(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    folder = tmp_path / LOCKS
    folder.mkdir()
    return folder


def test_a_released_claim_takes_its_lock_file_away(locks):
    claim = claim_game("game:one")
    assert claim is not None and len(list(locks.iterdir())) == 1
    assert claim_game("game:one") is None            # another window: refused
    claim.release()
    assert list(locks.iterdir()) == []
    again = claim_game("game:one")                   # and the game can be claimed again
    assert again is not None and claim_game("game:one") is None
    again.release()


def test_the_lock_of_a_process_that_died_is_removed_and_a_held_one_stays(locks):
    # a window that claimed a game and was killed: its flock went with it, its file stayed
    code = ("import os, sys\nfrom faeriell.storage.claims import claim_game\nc = claim_game('game:killed')\n"
            "assert c is not None\nos._exit(0)\n")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)))
    dead = list(locks.iterdir())
    assert len(dead) == 1
    held = claim_game("game:alive")                  # a live window's game
    assert held is not None
    live = [p for p in locks.iterdir() if p not in dead]
    fresh = locks / "just-made-1234567890.lock"             # a window creating its lock right now
    fresh.write_text("")
    for p in dead + live:
        _age(p)
    assert remove_stale_locks() == dead
    assert sorted(locks.iterdir()) == sorted(live + [fresh])
    assert claim_game("game:alive") is None          # still held: untouched
    held.release()


def test_a_link_or_a_folder_in_locks_is_left_alone(locks, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    (locks / "evil.lock").symlink_to(target)
    (locks / "dir.lock").mkdir()
    for p in locks.iterdir():
        os.utime(p, (0, 0), follow_symlinks=False)
    assert remove_stale_locks() == []
    assert target.read_text() == "keep me" and (locks / "dir.lock").is_dir()


def test_a_lock_tidied_away_between_open_and_flock_is_taken_afresh(locks, monkeypatch):
    """The race the cleaner opens: we opened the file, the cleaner took and unlinked it, then our
    flock succeeds on a file nobody can see. The lock must then be taken on a fresh file."""
    path = locks / "raced.lock"
    real = fcntl.flock
    calls = []

    def flock(fd, op):
        if not calls and os.path.exists(path):
            os.unlink(path)                  # the cleaner, in between
        calls.append(op)
        return real(fd, op)
    monkeypatch.setattr(fcntl, "flock", flock)
    lock = FileLock(path, wait=0)
    assert lock.acquire(blocking=False)
    assert len(calls) == 2 and path.exists()
    assert still_named(lock.fd, path)               # we hold the file that is there now
    other = FileLock(path, wait=0)
    monkeypatch.setattr(fcntl, "flock", real)
    assert not other.acquire(blocking=False)                 # so a second window is refused
    lock.release()

"""The game's child processes (the review's thinking, the expert's helpers) never outlive it.

    end(proc)          # terminate, wait a little, then kill: a stopped child (SIGSTOP) ignores
                       # SIGTERM until it is continued, SIGKILL ends it all the same
    track(proc)        # ended by end_all(): when the window closes (App.run) and at exit
    add_ender(fn)      # ... and fn() too (the helpers' pool ends its workers)
    watch_parent()     # in a child: leave as soon as the game's process is gone (kill -9, a crash)

At exit, multiprocessing joins its children without a timeout (and concurrent.futures joins a
pool's workers the same way): one stopped child would keep the game's process waiting for good.
end_all() runs first (registered with the threading module's exit hooks, which run before both).
A child that outlives a killed game would also keep multiprocessing's resource tracker alive: the
tracker ends when every holder of its pipe's write end (the game and each spawned child) is gone.
No pygame here.
"""
from __future__ import annotations

import atexit
import concurrent.futures.process  # noqa: F401  (see the exit hooks below)
import logging
import multiprocessing.util  # noqa: F401  (see the exit hooks below)
import os
import threading
import weakref
from collections.abc import Callable

log = logging.getLogger(__name__)

JOIN_S = 1.0                 # how long a child gets to end by itself before it is killed
PARENT_CHECK_S = 0.5         # how often a child looks whether the game's process still exists

_LIVE: weakref.WeakSet = weakref.WeakSet()
_ENDERS: list[Callable[[], None]] = []
_LOCK = threading.Lock()


def end(proc, timeout: float = JOIN_S) -> None:
    """End a multiprocessing Process: terminate, join `timeout`, kill, join `timeout`. Never raises."""
    if proc is None:
        return
    try:
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout)
        if proc.is_alive():          # stopped, or deaf to SIGTERM: SIGKILL is never ignored
            proc.kill()
            proc.join(timeout)
    except (OSError, ValueError, AssertionError):   # already closed, or not ours to join
        log.debug("could not end %r", proc, exc_info=True)


def track(proc) -> None:
    with _LOCK:
        _LIVE.add(proc)


def add_ender(fn: Callable[[], None]) -> None:
    with _LOCK:
        if fn not in _ENDERS:
            _ENDERS.append(fn)


def end_all() -> None:
    """End every tracked child and run the enders (the window closed; the interpreter exits)."""
    with _LOCK:
        procs, enders = list(_LIVE), list(_ENDERS)
    for fn in enders:
        try:
            fn()
        except Exception:            # noqa: BLE001 - the next child still gets ended
            log.debug("ending children", exc_info=True)
    for p in procs:
        end(p)


# threading's exit hooks run before the interpreter joins threads (concurrent.futures' pool
# manager joins its workers there) and before atexit (multiprocessing joins its children there);
# both modules are imported first, so their hooks are registered before ours and run after it.
atexit.register(end_all)
_register = getattr(threading, "_register_atexit", None)
if _register is not None:
    try:
        _register(end_all)
    except RuntimeError:             # the interpreter is already shutting down
        pass


def watch_parent(interval: float = PARENT_CHECK_S) -> None:
    """In a child: a daemon thread that ends this process once the game's process is gone. The
    spawn start's parent sentinel sees a kill -9; the parent pid changing (reparented) is the
    fallback where there is no sentinel."""
    import multiprocessing as mp
    import time
    parent = mp.parent_process()
    ppid = os.getppid()

    def watch() -> None:
        while True:
            if (parent is not None and not parent.is_alive()) or os.getppid() != ppid:
                os._exit(0)
            time.sleep(interval)
    threading.Thread(target=watch, daemon=True, name="faeriell-parent-watch").start()

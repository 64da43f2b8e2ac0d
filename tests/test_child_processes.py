"""Issue 40, items 5 and 6: no child process outlives the game. A stopped (SIGSTOP) review child
is gone after Back and after the window closes, and the game's process still exits; a stopped
helper does not hold the exit either; after a kill -9 of the game, the expert's helper, the
review child and multiprocessing's resource tracker all go.

Each case runs the game in a subprocess (its own session, killed whole if it hangs): the waits
are bounded, never measured."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXIT_WAIT_S = 90           # a game that has not exited by then waits for good (the bug)
GONE_WAIT_S = 60


def _gone(pid: int) -> bool:
    """No such process, or a zombie (dead, waiting to be reaped by whoever adopted it)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return True
    return state in ("Z", "X")


def _wait_gone(pids, limit=GONE_WAIT_S) -> list[int]:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        left = [p for p in pids if not _gone(p)]
        if not left:
            return []
        time.sleep(0.2)
    return [p for p in pids if not _gone(p)]


def _kill_left(pids) -> None:
    for p in pids:
        for sig in (signal.SIGKILL, signal.SIGCONT):
            try:
                os.kill(p, sig)
            except OSError:
                pass


def _kill_group(proc) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def _start(script: str, tmp_path) -> subprocess.Popen:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               FAERIELL_DATA=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _finish(proc: subprocess.Popen, children) -> tuple[str, str]:
    """The script's output once it exited; a script still running after EXIT_WAIT_S is the bug:
    it and its children are killed and the test fails."""
    try:
        out, err = proc.communicate(timeout=EXIT_WAIT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _kill_left(children())
        out, err = proc.communicate()
        pytest.fail(f"the game's process did not exit (a child held it):\n{out}\n{err[-2000:]}")
    return out, err


REVIEW_SCRIPT = """
    import os, signal, sys, time
    import pygame
    from faeriell.ui.app import App
    from faeriell.ui.launch import LaunchOptions
    from faeriell.ui.scenes.review import ReviewScene

    app = App((1280, 800), fps=240, options=LaunchOptions(players=1, mode="solo", seed=7, bot_delay=0.0,
                                                          end_delay=0.0))
    app.step()
    s = app.session
    for _ in range(40):                     # a few moves: the review has something to think about
        if not s.state.game_over:
            s.apply(s.legal()[0])
    app.scene.review()                      # the table's menu: Review the game so far
    review = app.scene
    assert isinstance(review, ReviewScene), app.errors
    child = review.job._proc

    def status(key):
        with open(f"/proc/{child.pid}/status") as f:
            return next(line.split()[1] for line in f if line.startswith(key + ":"))
    end = time.monotonic() + 60
    while int(status("Threads")) < 2 and time.monotonic() < end:    # it is thinking (its watchdog is up)
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGSTOP)
    while status("State") != "T" and time.monotonic() < end:
        time.sleep(0.05)
    print(child.pid, flush=True)
    if sys.argv[1] == "back":
        r = app.window_rect(review, review.screen_rect("back"))
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=r.center, button=1))
        app.step()
        assert not isinstance(app.scene, ReviewScene)
        print("after Back:", "alive" if child.is_alive() else "gone", flush=True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))     # the window's close button
    app.run()
    print("closed", flush=True)
"""


@pytest.mark.parametrize("how", ["back", "close"])
def test_a_stopped_review_child_is_ended_and_the_game_exits(tmp_path, how):
    proc = _start(REVIEW_SCRIPT.replace('sys.argv[1]', repr(how)), tmp_path)
    seen: list[int] = []

    def children():
        return seen

    try:
        first = proc.stdout.readline()
        assert first.strip().isdigit(), first + proc.stderr.read()[-2000:]
        seen.append(int(first))
        out, err = _finish(proc, children)
        assert proc.returncode == 0, err[-2000:]
        if how == "back":
            assert "after Back: gone" in out, out      # Back itself ended it, not only the exit
        assert "closed" in out
        assert not _wait_gone(seen), "the stopped review child outlived the game"
    finally:
        _kill_group(proc)
        _kill_left(seen)


HELPER_SCRIPT = """
    import json, os, signal, sys, time
    from multiprocessing import resource_tracker
    from faeriell.bots import helpers
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.review.background import ReviewJob

    helpers.warm(1)                          # the table does this when it opens
    pool = helpers._POOL
    pool.submit(helpers._ready).result(120)  # the helper is up
    g = new_game(default_rules(), 1, "solo", "medium", [], 7)
    job = ReviewJob(g.origin, [], [0])       # and a review thinking beside it
    job.start()
    pids = {"helpers": list(pool._processes), "review": job._proc.pid,
            "tracker": resource_tracker._resource_tracker._pid}
    print(json.dumps(pids), flush=True)
    if sys.argv[1] == "stop":
        for pid in pids["helpers"]:
            os.kill(pid, signal.SIGSTOP)
        print("stopped", flush=True)
    else:
        time.sleep(600)
"""


def _helper_pids(proc) -> dict:
    line = proc.stdout.readline()
    if not line.startswith("{"):
        _kill_group(proc)
        pytest.fail(line + proc.stderr.read()[-2000:])
    return json.loads(line)


def test_after_a_kill_9_of_the_game_its_helper_review_and_resource_tracker_go(tmp_path):
    proc = _start(HELPER_SCRIPT.replace('sys.argv[1]', '"sleep"'), tmp_path)
    pids = _helper_pids(proc)
    every = pids["helpers"] + [pids["review"], pids["tracker"]]
    try:
        assert pids["helpers"] and pids["tracker"]
        os.kill(proc.pid, signal.SIGKILL)
        proc.communicate(timeout=30)
        left = _wait_gone(every)
        assert not left, f"still running after the game was killed: {left} of {pids}"
    finally:
        _kill_group(proc)
        _kill_left(every)


def test_a_stopped_helper_does_not_hold_the_exit(tmp_path):
    proc = _start(HELPER_SCRIPT.replace('sys.argv[1]', '"stop"'), tmp_path)
    pids = _helper_pids(proc)
    every = pids["helpers"] + [pids["review"], pids["tracker"]]
    try:
        # read through the pipe's own buffer: communicate() would miss a line readline() took in
        assert proc.stdout.readline().strip() == "stopped"
        out, err = _finish(proc, lambda: every)
        assert proc.returncode == 0, err[-2000:]
        assert not _wait_gone(every), "a child outlived the game"
    finally:
        _kill_group(proc)
        _kill_left(every)

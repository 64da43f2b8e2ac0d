"""`faeriell --self-check`: does this copy of the game work? Made for the standalone build (issue
46), where nothing can be checked from outside with Python, and useful on any install.

One line per check, exit 0 when all pass, 1 when one fails:
  - the game's files: every folder faeriell/resources.py names is found and the rules load;
  - the guided game: every chapter's moves, headlessly (the same as python -m faeriell.tutorial --check);
  - a whole game: two bots play one to its end, and it is saved (in a temporary folder) and loaded back;
  - the expert's helper process (faeriell/bots/helpers.py) starts and answers;
  - the review's child process (faeriell/review/background.py) replays a few moves and reports.
The two processes are started with 'spawn', which re-runs this very program: in a frozen build
that only works when the entry point calls multiprocessing.freeze_support() (main.py does).
"""
from __future__ import annotations

import sys
import tempfile
import time

from faeriell import sim
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.resources import NAMES, resource_dir
from faeriell.storage.saves import load_game, save_game
from faeriell.win_rates import BALANCE_FILE, WinRates

PROCESS_WAIT_S = 120.0      # a cold start of a frozen child on a busy 2-core machine takes seconds


def check_files() -> str | None:
    for name in NAMES:
        folder = resource_dir(name)
        if not folder.is_dir() or not any(folder.iterdir()):
            return f"the folder {name}/ is missing (looked in {folder})"
    default_rules()
    if WinRates.load().solo("medium", "expert") is None:     # the start screen's win rates
        return f"the bots' win rates are missing (looked in {BALANCE_FILE})"
    return None


def check_tutorial() -> str | None:
    from faeriell.tutorial.check import main as tutorial_check  # lazy: the bots; a part that cannot load fails its own line
    code = tutorial_check(["--check"])
    return None if code == 0 else f"the guided game's check failed (exit code {code})"


def check_game() -> str | None:
    """A whole 2-player game between bots, then a save of it read back as the same game."""
    with tempfile.TemporaryDirectory(prefix="faeriell-self-check-") as folder:
        r = sim.play_one({"players": 2, "mode": "competitive", "difficulty": "medium", "variants": [],
                          "seed": 7, "bots": ["heuristic", "heuristic"], "save_dir": folder})
        if r.get("error"):
            return f"a game between bots failed: {r['error']}"
        if not r["actions"] or r["end"].startswith("unfinished"):
            return f"a game between bots did not end ({r['actions']} moves)"
        g = load_game(default_rules(), r["save"])
        if len(g.history) != r["actions"] or not g.state.game_over:
            return f"the saved game read back differs ({len(g.history)} of {r['actions']} moves)"
        save_game(g, path=f"{folder}/again.json")          # and it can be saved again
    return None


def check_helper() -> str | None:
    """A real helper-process task: the expert searches one decision with a helper, and the helper's
    worlds (searched in another process, started by re-running this program) reach the bot."""
    import os

    from faeriell.bots import ExpertBot, helpers  # lazy: the bots; a part that cannot load fails its own line
    pool = helpers._pool(1)
    if pool is None:
        return "no helper process could be started"
    try:
        pid = pool.submit(os.getpid).result(timeout=PROCESS_WAIT_S)
        if pid == os.getpid():
            return "the helper ran in this process, not in one of its own"
        pool.submit(helpers._ready).result(timeout=PROCESS_WAIT_S)     # warm: the game imported there
        # seed 85990: the expert searches its first decision (tests/test_expert_helpers.py)
        g = new_game(default_rules(), 1, "solo", "medium", [], 85990)
        stats: dict = {}
        seat = g.acting
        assert seat is not None             # a game just begun has a seat to act
        for _ in range(3):          # a busy machine may leave one helper late: it then adds nothing
            bot = ExpertBot(5, budget=0.4, clock="cpu", helpers=1)
            if bot.choose(g, seat) not in g.legal_actions():
                return "the expert chose a move the rules refuse"
            stats = bot.last_stats
            if stats.get("helper_worlds", 0) > 0:
                return None
        return f"the helper process searched no worlds for the expert ({stats})"
    finally:                        # an error (a broken pool, a timeout) is said by main() in one line
        helpers.shutdown()


def check_review() -> str | None:
    from faeriell.bots import HeuristicBot  # lazy: the bots; a part that cannot load fails its own line
    from faeriell.review.background import ReviewJob  # lazy: the bots; a part that cannot load fails its own line
    rules = default_rules()
    g = new_game(rules, 1, "solo", "medium", [], 7)
    bot = HeuristicBot(1)
    for _ in range(6):
        seat = g.acting
        assert seat is not None             # six moves into a solo game it is not over
        g.apply(bot.choose(g, seat))
    acts = [h["action"] for h in g.history]
    job = ReviewJob(g.origin, acts, [0], rules=rules)
    job.start()
    try:
        if job._proc is None:
            return "the review could not start its process (it would think in a thread)"
        job.wait(PROCESS_WAIT_S)
        if job.error is not None:
            return f"the review's process failed: {job.error}"
        if job.moments is None:
            return "the review's process did not finish in time"
        if job.progress != (len(acts), len(acts)):
            return f"the review's process stopped at {job.progress[0]} of {len(acts)} moves"
    finally:
        job.stop()
    return None


CHECKS = (("the game's files", check_files), ("the guided game", check_tutorial), ("a whole game", check_game),
          ("the expert's helper process", check_helper), ("the review's process", check_review))


def main() -> int:
    failed = 0
    for what, check in CHECKS:
        start = time.monotonic()
        try:
            problem = check()
        except Exception as e:      # noqa: BLE001 - the self-check's edge: one line, never a traceback
            problem = f"{type(e).__name__}: {e}"
        took = time.monotonic() - start
        if problem is None:
            print(f"ok    {what} ({took:.1f} s)")
        else:
            failed += 1
            print(f"FAIL  {what}: {problem}")
        sys.stdout.flush()
    print("self-check: all passed" if not failed else f"self-check: {failed} of {len(CHECKS)} failed")
    return 1 if failed else 0

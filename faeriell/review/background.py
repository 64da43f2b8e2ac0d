"""The key moments worked out in another process, so the window keeps its frame rate.

A thread would share the interpreter lock with the window's frame loop; a separate process uses
the machine's other core and leaves the window alone. The child rebuilds the rules and replays
the game from its origin and actions (plain data), and sends back its progress and the moments
as plain data. Where no process can be started, the same work runs in a thread.

    job = ReviewJob(origin, actions, players); job.start()
    job.poll()        # -> (done, total); job.moments is a list once finished (job.strong the
                      #    strong moves), job.error a text
    job.stop()
    job = TurningJob(origin, actions, players)   # the same, for "could we have won?" (review.turning)
"""
from __future__ import annotations

import multiprocessing as mp
import multiprocessing.process
import multiprocessing.queues
import queue
import threading

from faeriell import children
from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action

from .moments import Moment, key_moments
from .turning import Turn, could_we_have_won


def _pack(m: Moment) -> tuple:
    return (m.index, m.player, m.round, m.played.to_dict(), m.best.to_dict(), m.played_value, m.best_value,
            m.reason, m.runner_up.to_dict() if m.runner_up is not None else None, m.runner_up_value)


def _unpack(t) -> Moment:
    index, player, rnd, played, best, pv, bv, reason, runner, rv = t
    return Moment(index, player, rnd, Action.from_dict(played), Action.from_dict(best), pv, bv, reason,
                  Action.from_dict(runner) if runner is not None else None, rv)


def _work(origin, actions, players, out, stop=None, rules=None) -> None:
    try:
        if rules is None:
            rules = default_rules()

        def progress(done, total):
            if done == total or done % 4 == 0:
                out.put(("progress", done, total))
        tally: dict = {}
        strong: list = []
        found = key_moments(rules, origin, actions, players=players, progress=progress,
                            should_stop=(stop.is_set if stop is not None else None), tally=tally,
                            strong=strong)
        out.put(("done", [_pack(m) for m in found], tally, [_pack(m) for m in strong]))
    except Exception as exc:      # noqa: BLE001 - the window reports it
        out.put(("error", f"{type(exc).__name__}: {exc}"))


def _child(origin, actions, players, out, work=None) -> None:
    """The child process: the work, plus a watchdog that ends it once the window's process is
    gone (killed, crashed): a review never outlives its window."""
    children.watch_parent()
    (work or _work)(origin, actions, players, out)


def _turning_work(origin, actions, players, out, stop=None, rules=None) -> None:
    """The turning point and the expert's line from it (faeriell.review.turning)."""
    try:
        if rules is None:
            rules = default_rules()

        def progress(stage, done, total):
            out.put(("progress", stage, done, total))
        turn = could_we_have_won(rules, origin, actions, players, progress=progress,
                                 should_stop=(stop.is_set if stop is not None else None))
        out.put(("done", turn.to_dict() if turn is not None else None))
    except Exception as exc:      # noqa: BLE001 - the window says it (no model: the offer stays away)
        out.put(("error", f"{type(exc).__name__}: {exc}"))


class ReviewJob:
    work = staticmethod(_work)

    def __init__(self, origin: dict, actions: list, players=None, rules=None, use_process: bool = True):
        self.origin = origin
        self.actions = [a.to_dict() if isinstance(a, Action) else a for a in actions]
        self.players = list(players) if players is not None else None
        self.rules = rules                       # for the thread fallback (the child loads its own)
        self.use_process = use_process
        self.progress = (0, max(1, len(self.actions)))
        self.moments: list | None = None
        self.strong: list = []                   # the strong moves (Moment.lead), once finished
        self.tally: dict = {}                    # decisions assessed and graded (the accuracy)
        self.error: str | None = None
        self._proc: multiprocessing.process.BaseProcess | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        # the child's messages: a process's queue, or a thread's where no process can start
        self._q: multiprocessing.queues.Queue | queue.Queue | None = None

    def start(self) -> None:
        if self.use_process:
            try:
                ctx = mp.get_context("spawn")
                self._q = ctx.Queue()
                self._proc = ctx.Process(target=_child, args=(self.origin, self.actions, self.players, self._q,
                                                              self.work), daemon=True, name="faeriell-review")
                self._proc.start()
                children.track(self._proc)      # ended when the window closes, whatever its state
                return
            except (OSError, ValueError, RuntimeError):     # no processes here: think in a thread
                self._proc = None
        self._q = queue.Queue()
        self._thread = threading.Thread(target=self.work, args=(self.origin, self.actions, self.players, self._q,
                                                            self._stop, self.rules), daemon=True,
                                        name="faeriell-review")
        self._thread.start()

    @property
    def done(self) -> bool:
        return self.moments is not None or self.error is not None

    def poll(self) -> tuple[int, int]:
        while self._q is not None and not self.done:
            try:
                msg = self._q.get_nowait()
            except queue.Empty:
                break
            except (EOFError, OSError):
                self.error = "the review stopped unexpectedly"
                break
            if msg[0] == "progress":
                self._progress(msg)
            elif msg[0] == "done":
                self._finished(msg)
            else:
                self.error = msg[1]
        if not self.done and self._proc is not None and not self._proc.is_alive() \
                and self._q is not None and self._q.empty():
            self.error = f"the review stopped unexpectedly (exit code {self._proc.exitcode})"
        return self.progress

    def _progress(self, msg) -> None:
        self.progress = (msg[1], msg[2])

    def _finished(self, msg) -> None:
        self.moments = [_unpack(t) for t in msg[1]]
        self.tally = dict(msg[2]) if len(msg) > 2 and isinstance(msg[2], dict) else {}
        self.strong = [_unpack(t) for t in msg[3]] if len(msg) > 3 else []
        self.progress = (self.progress[1], self.progress[1])

    def wait(self, timeout: float = 120.0) -> None:
        """Block until finished (tests and benchmarks)."""
        import time
        end = time.monotonic() + timeout
        while not self.done and time.monotonic() < end:
            self.poll()
            time.sleep(0.02)

    def stop(self) -> None:
        """End the thinking (Back, the window closing): a child that does not end by itself is
        killed, a stopped one included (SIGTERM waits while it is stopped; SIGKILL does not)."""
        self._stop.set()
        children.end(self._proc)


class TurningJob(ReviewJob):
    """"Could we have won?" in another process: the turning point of a lost game and the expert's
    line from there (faeriell.review.turning). `stage` is "chances" (reading the game) then "line"
    (the expert playing on: `progress` = (moves, round)); `turn` is a Turn, or None once finished
    without one (a won game, or never one in three); `error` says why it could not be worked out
    (no win-chance model in this build, for one)."""

    work = staticmethod(_turning_work)

    def __init__(self, origin: dict, actions: list, players=None, rules=None, use_process: bool = True):
        super().__init__(origin, actions, players, rules, use_process)
        self.stage = "chances"
        self.turn: Turn | None = None
        self.finished = False

    @property
    def done(self) -> bool:
        return self.finished or self.error is not None

    def _progress(self, msg) -> None:
        self.stage, self.progress = msg[1], (msg[2], msg[3])

    def _finished(self, msg) -> None:
        self.turn = Turn.from_dict(msg[1]) if msg[1] is not None else None
        self.finished = True

"""A worker thread for the file services: the Load list reads file headers off the UI thread.
No pygame here."""
from __future__ import annotations

import threading
from collections.abc import Callable

from faeriell.safe_read import clip

LIST_WAIT_S = 0.25                # a screen waits this long for a listing before it says "Reading…"


class Background:
    """Run `fn()` in a daemon thread (the Load list reads file headers off the UI thread).
    `result()` is None until done; `error` holds why it failed."""

    def __init__(self, fn: Callable[[], object]):
        self.value: object = None
        self.error: str | None = None
        self.finished = False
        self._thread = threading.Thread(target=self._run, args=(fn,), daemon=True, name="faeriell-files")
        self._thread.start()

    def _run(self, fn) -> None:
        try:
            self.value = fn()
        except Exception as e:             # noqa: BLE001 - a worker's edge: said in the list, never a traceback
            self.error = f"{type(e).__name__}: {clip(e, 300)}"
        self.finished = True

    def result(self):
        return self.value if self.finished else None

    def join(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return self.finished

"""Test-wide settings."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import os  # noqa: E402
import tempfile  # noqa: E402

# The tests run the engine that loads, as the game does: compiled where requirements.txt built it
# from these sources, else pure Python (faeriell/engine/loader.py). FAERIELL_ENGINE=pure or
# =compiled chooses (.ci/run runs the whole suite compiled, then the engine's tests pure).

from faeriell.engine import core  # noqa: E402

# Saves, autosaves and solved puzzles of the tests go to a folder of their own, never the user's
# (a test that needs its own folder sets FAERIELL_DATA itself).
os.environ.setdefault("FAERIELL_DATA", tempfile.mkdtemp(prefix="faeriell-tests-"))

# A screen that lists saves reads them in a thread (storage.background.Background) and shows "Reading…" if
# that takes longer than storage.background.LIST_WAIT_S; the tests wait for the list (the test of the
# background listing sets it to 0).
import faeriell.storage.background  # noqa: E402
faeriell.storage.background.LIST_WAIT_S = 60.0

# Every test game verifies that the moves and tasks declared quiet (registry.Move.quiet: no
# Achievement check needs to follow them) really leave what the check reads unchanged.
core.VERIFY_QUIET = True


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _smallest_text_of_no_window():
    """The smallest text follows the window (text.set_window_size): each test starts as if no
    window were open, whatever window the test before it left."""
    from faeriell.ui import text as UT
    UT.set_window_size((0, 0))
    yield


@pytest.fixture
def drawn(monkeypatch):
    """Every string the table draws (theme.text, theme.outlined) from now on, in order: a test
    asserts what a player reads."""
    import pygame

    from faeriell.ui.table import theme as T
    seen: list[str] = []
    text, outlined = T.text, T.outlined

    def rec_text(s, *a, **k):
        seen.append(str(s))
        return text(s, *a, **k)

    def rec_outlined(s, *a, **k):
        seen.append(str(s))
        return outlined(s, *a, **k)

    monkeypatch.setattr(T, "text", rec_text)
    monkeypatch.setattr(T, "outlined", rec_outlined)
    yield seen
    pygame.display.quit()


@pytest.fixture
def marks():
    """Colour-blind marks on for one test (the Settings' switch), off again after it."""
    from test_table_support import assets      # the tables' own shared Assets
    a = assets()
    a.set_marks(True)
    yield a
    a.set_marks(False)

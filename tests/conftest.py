"""Test-wide settings."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import os  # noqa: E402
import tempfile  # noqa: E402

from faeriell.engine.core import Game  # noqa: E402

# Saves, autosaves and solved puzzles of the tests go to a folder of their own, never the user's
# (a test that needs its own folder sets FAERIELL_DATA itself).
os.environ.setdefault("FAERIELL_DATA", tempfile.mkdtemp(prefix="faeriell-tests-"))

# A screen that lists saves reads them in a thread (storage.Background) and shows "Reading…" if
# that takes longer than storage.LIST_WAIT_S; the tests wait for the list (the test of the
# background listing sets it to 0).
import faeriell.storage  # noqa: E402
faeriell.storage.LIST_WAIT_S = 60.0

# Every test game verifies that the moves and tasks declared quiet (registry.Move.quiet: no
# Achievement check needs to follow them) really leave what the check reads unchanged.
Game.verify_quiet = True

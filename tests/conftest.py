"""Test-wide settings."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.engine.core import Game  # noqa: E402

# Every test game verifies that the moves and tasks declared quiet (registry.Move.quiet: no
# Achievement check needs to follow them) really leave what the check reads unchanged.
Game.verify_quiet = True

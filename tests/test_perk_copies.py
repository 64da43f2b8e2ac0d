"""R43 on the table: each copy of a Perk tile has its own Special gem, and the tribe board crosses
out only the copies whose gem is spent (effects.spent_copies)."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell import scenario  # noqa: E402
from faeriell.engine import Action  # noqa: E402
from faeriell.engine.effects import spent_copies  # noqa: E402

FILE = ROOT / "tests" / "scenarios" / "rulings" / "r43-two-corruptor-tiles.yaml"


def test_spent_copies_counts_each_tile_used():
    g = scenario.start(scenario.load(FILE))
    t = g.state.tribes[0]
    use = Action("perk", hero="druid", perk="corruptor-blue-yellow", color="blue")
    assert spent_copies(t, "druid", "corruptor-blue-yellow") == 0
    for n in (1, 2):
        g.apply(use)
        g.apply(Action("corruption", choice="ignore"))
        assert spent_copies(t, "druid", "corruptor-blue-yellow") == n
    assert g.why_not(use) is not None

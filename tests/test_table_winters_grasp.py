"""Winter's Grasp at the table (real mouse events): a Green Herb pays the whole cost of Tribes
on the Move, so the Settlement is dragged, the Herb turned in the tray and no card paid."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

from faeriell.engine import Action  # noqa: E402

TRIBES = [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "owl-forest"}}},
           "essences": ["red", "green", "yellow", "blue"], "herbs": ["herb-green"]},
          {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]


def test_a_green_herb_moves_a_settlement_for_free_with_the_mouse():
    t = Table(position({"variants": ["winters_grasp"], "seed": 353}, {}, TRIBES, {"player": 1, "phase": "tribe"}))
    free = Action("move_settlement", **{"from": "bear-mountain", "to": "bear-forest"}, pay=[],
                  discounts=["herb-green"])
    assert free in t.session.legal()
    assert t.perform(free)
    s = t.state.tribes[0]
    assert sorted(s.settlements) == ["bear-forest", "bear-river"]
    assert len(s.essences) == 4 and s.rotated == ["herb-green"]      # no card paid, the Herb turned

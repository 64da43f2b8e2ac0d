"""The tooltips are one table of kinds (tooltips.KINDS, issue 44): each kind of key says its
tooltip and its rule's section once. Every piece and place drawn on a table of a game under way
finds its tooltip by its kind, and the F1 sections come from the same table."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402

from faeriell.ui.table import tooltips  # noqa: E402
from faeriell.ui.table.keys import DoomSpace, GuardianPiece, MenaceBag, NodeSpot, PhaseTile, PlayArea, RegionSpot, RoundLap, TribeSmall, WheelSpace  # noqa: E402
def test_every_kind_drawn_on_the_table_finds_its_tooltip_by_kind():
    t = Table(position({"players": 2}))
    try:
        t.frame()
        p = t.scene.painted
        drawn = {type(key): key for key in t.scene.spots.by_key}
        told = {k for k in drawn if k in tooltips.KINDS}
        assert {NodeSpot, GuardianPiece, WheelSpace, DoomSpace, RoundLap, MenaceBag, PhaseTile, TribeSmall} <= told, drawn
        drawn[RegionSpot] = RegionSpot("bear-river")      # the Regions are found on the island's raster
        told.add(RegionSpot)
        for kind in told:
            got = tooltips.tip(drawn[kind], p)
            if got is not None:                       # a key may stand for nothing to say (a Hero gone)
                title, lines = got
                assert isinstance(title, str) and title and isinstance(lines, list), kind
    finally:
        pygame.display.quit()


def test_the_rules_sections_f1_opens_come_from_the_kinds_table():
    assert {k: kind.topic for k, kind in tooltips.KINDS.items() if kind.topic} == tooltips.TERM_RULES
    assert tooltips.topic_of(DoomSpace(3)) == "menace-draft"
    assert tooltips.topic_of(RegionSpot("bear-river")) is None       # a Region has a tip, no term of its own
    assert tooltips.tip(PlayArea(), None) is None        # a kind with nothing to say

"""Previews before you commit (issue 13, item 4), with real mouse events: a Harvest stop tells
what each tribe would get (and why a Region gives nothing), the Achievement board and the tribe
board show progress, the Menace Draft tells how many tokens it draws and what the bag holds, and
a payment tray that a Herb turn made invalid re-balances itself. The numbers come from
faeriell.engine.preview, which the tests hold to what the rules then do."""
from __future__ import annotations

from collections import Counter

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402

from faeriell.engine import Action  # noqa: E402
from faeriell.engine.preview import achievement_progress, draft_preview, harvest_preview  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.ui.table.overlays import TIP_DELAY  # noqa: E402
from faeriell.ui.table.keys import AchievementTile, Button, HarvestToken, RegionSpot, SupplySettlement, WheelSpace  # noqa: E402
from faeriell.engine.card import colour_of  # noqa: E402
def harvest_game(phase="event"):
    return position(
        {"variants": []},
        {"harvest": "forest", "guardians": {"bear": "bear-river"}, "under": {"bear": "yellow"},
         "bag": ["red@owl"]},
        [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red", "blue"]},
         {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
        {"player": 1, "phase": phase})


def hover(t: Table, key) -> None:
    t.move(t.pos(key))
    t.frame()
    t.scene.update(TIP_DELAY + 10)
    t.frame()


def test_the_harvest_preview_is_pure_and_is_what_the_harvest_gives():
    g = harvest_game()
    before = to_dict(g.state)
    pv = harvest_preview(g, 1)                         # forest -> bear
    assert to_dict(g.state) == before
    assert pv["space"] == "bear" and not pv["frozen"]
    (row,) = pv["tribes"]                                 # only tribe 1 owns Regions of the Bear
    assert row["player"] == 0
    by_region = {x["region"]: x for x in row["regions"]}
    assert by_region["bear-river"]["status"] == "threatened" and by_region["bear-river"]["gives"] == []
    assert by_region["bear-mountain"]["gives"] == ["red"]
    g.apply(Action("draft"))
    have = Counter(colour_of(c) for c in g.state.tribes[0].essences)
    g.apply(Action("harvest", steps=1))
    got = Counter(colour_of(c) for c in g.state.tribes[0].essences) - have
    assert got == Counter({"red": 1})


def test_hovering_a_harvest_stop_tells_each_tribe_what_it_gets_and_why_not(drawn):
    t = Table(harvest_game())
    drawn.clear()
    hover(t, WheelSpace(t.game.rules.wheel.index("bear")))
    name = t.scene.words.tribe(t.state.tribes[0].id)
    said = " ".join(drawn)
    assert f"{name}: 1 Red from the Bear's Mountain" in said, said
    assert "the Bear's River (Threatened)" in said, said


def test_dragging_the_harvest_token_previews_the_stop_under_it(drawn):
    t = Table(harvest_game())
    t.click(Button("draft"))
    assert "harvest" in {a.kind for a in t.session.legal()}
    bear = WheelSpace(t.game.rules.wheel.index("bear"))
    a, b = t.pos(HarvestToken()), t.pos(bear)
    t.move(a)
    t.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    t.frame()
    for k in range(1, 7):
        t.move((round(a[0] + (b[0] - a[0]) * k / 6), round(a[1] + (b[1] - a[1]) * k / 6)), buttons=(1, 0, 0))
    drawn.clear()
    t.frame()
    assert t.scene.drag_layer.drag is not None and t.scene.drag_layer.drag.hover == bear
    assert any(s.startswith("Harvest after 1 step") for s in drawn), drawn[-20:]
    assert any("Threatened" in s for s in drawn)


def test_achievement_progress_shows_on_the_board_and_in_the_tooltip(drawn):
    g = position({}, {}, [
        {"settlements": ["bear-meadow", "stag-meadow"], "heroes": {"druid": {"node": {"near": "bear-forest"}}}},
        {"settlements": ["wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
        {"player": 1, "phase": "tribe"})
    meadows = next(e for e in achievement_progress(g) if e["id"] == "meadows")
    assert meadows["values"][:2] == [2, 1] and meadows["leaders"] == [0] and meadows["min"] == 4
    t = Table(g)
    drawn.clear()
    t.scene.redraw_base()
    t.frame()
    assert "2/4" in drawn                                     # the tag on the Meadows tile
    # the board's header says it in words, not '2/4' (Meadows counts owned Meadow Regions)
    assert any("Nearest: " in s and "Meadows: 2 of 4 Regions" in s for s in drawn), \
        [s for s in drawn if "Nearest" in s]
    drawn.clear()
    hover(t, AchievementTile("meadows"))
    said = " ".join(drawn)
    assert "Progress:" in said and "2/4" in said and "1/4" in said and "Leads:" in said, said


def test_the_menace_draft_tells_how_many_it_draws_and_what_the_bag_holds(drawn):
    t = Table(harvest_game())
    pv = draft_preview(t.game)
    assert pv["draws"] == t.game.rules.draft_count(t.state.doom) and pv["bag"] == {"red": 1}
    drawn.clear()
    hover(t, Button("draft"))
    said = " ".join(drawn)
    assert f"Draws {pv['draws']} token" in said and "In the bag: 1 Red Menace" in said, said


def test_a_tray_that_a_herb_turn_made_invalid_rebalances_itself():
    g = position({}, {}, [
        {"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}},
         "essences": ["red", "red", "blue"], "herbs": ["herb-red"]},
        {"settlements": ["wolf-mountain"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
        {"player": 1, "phase": "tribe"})
    t = Table(g)
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))
    tray = t.scene.tray_layer.tray
    assert tray is not None and tray.matched() is not None
    assert sorted(colour_of(c) for c in tray.tray) == ["red", "red"]
    herb = next(r for r, it in tray.rects if it[0] == "herb")
    t.click(herb.center)                                     # turn the Vigor Herb: one Red less
    assert tray.discounts == ["herb-red"]
    assert tray.matched() is not None, tray.reason()
    assert sorted(colour_of(c) for c in tray.tray) == ["red"]
    t.click(herb.center)                                     # turn it back: two again
    assert tray.matched() is not None and len(tray.tray) == 2


def forest_game():
    """Tribe 1 owns one Forest Region, tribe 2 three: a Harvest on the Forest space of the wheel."""
    return position(
        {"variants": []},
        {"harvest": "snake", "guardians": {"owl": "owl-river"}, "under": {"owl": "yellow"}},
        [{"settlements": ["bear-forest", "bear-mountain"], "heroes": {"druid": {"node": {"near": "bear-river"}}}},
         {"settlements": ["owl-forest", "stag-forest", "wolf-forest", "owl-river"],
          "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
        {"player": 1, "phase": "event"})


def test_a_terrain_stop_names_one_region_plainly_and_several_as_one_of(drawn):
    # the playtest read "1 Green from one of: the Bear's Forest" for a tribe with one Forest
    t = Table(forest_game())
    drawn.clear()
    hover(t, WheelSpace(t.game.rules.wheel.index("forest")))
    w = t.scene.words
    one, three = (w.tribe(t.state.tribes[k].id) for k in (0, 1))
    said = " ".join(drawn)
    assert f"{one}: 1 Green from the Bear's Forest" in said, said
    assert "one of: the Bear's Forest" not in said, said
    assert f"{three}: 1 Green from one of: the Owl's Forest, the Stag's Forest or the Wolf's Forest" in said, said


def test_a_regions_tooltip_says_threatened_and_corrupted_as_the_rulebook_does(drawn):
    g = position({"variants": []}, {"guardians": {"bear": "bear-river", "wolf": "wolf-meadow"},
                                    "under": {"bear": "yellow", "wolf": "corruption"}},
                 [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}}},
                  {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
                 {"player": 1, "phase": "tribe"})
    t = Table(g)
    for region, word in (("bear-river", "Threatened"), ("wolf-meadow", "Corrupted")):
        said = ""
        for p in _region_points(t, region):         # a part of the Region that no piece covers
            drawn.clear()
            hover(t, p)
            if t.scene.board.hover_key == RegionSpot(region):
                said = " ".join(drawn)
                break
        assert f"is here - {word}" in said, said
        assert word.lower() not in said and "troubl" not in said.lower(), said


def _region_points(t: Table, region: str):
    poly = t.game.rules.board.regions[region].polygon
    x0, x1 = min(p[0] for p in poly), max(p[0] for p in poly)
    y0, y1 = min(p[1] for p in poly), max(p[1] for p in poly)
    for j in range(1, 10):
        for i in range(1, 10):
            x, y = t.scene.map.map_to_screen((x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * j / 10))
            yield round(x), round(y)

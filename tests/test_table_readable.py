"""Readable and visible (issue 13, item 9), on a headless window with real mouse events: Area
borders on the island, a Beacon's colour over a Guardian on its Region, Menace tokens large
enough at 1280x800, Achievement tokens clear of the slot's name, the other tribes' boards in
words (and large on a click), no text under 11 px at 1024x700, and a decision bar that keeps
clear of the places it asks about."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import math  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import Action  # noqa: E402
from faeriell.ui import map_view  # noqa: E402
from faeriell.ui import text as UT  # noqa: E402
from faeriell.ui.table import theme as T  # noqa: E402
from faeriell.ui.table.keys import AchievementTile, BeaconPiece, Button, GuardianPiece, RegionSpot, SupplyBeacon, TribeSmall, UnderGuardian  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def tribes(p1=None, p2=None):
    t1 = {"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red", "yellow", "blue"]}
    t1.update(p1 or {})
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    t2.update(p2 or {})
    return [t1, t2]


def near_colour(surf, pos, rgb, r=2) -> bool:
    x0, y0 = pos
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            if tuple(surf.get_at((x0 + dx, y0 + dy)))[:3] == tuple(rgb):
                return True
    return False


def test_area_borders_are_drawn_in_their_own_colour_after_a_zoom():
    t = Table(position({}, {}, tribes(), {"player": 1, "phase": "tribe"}))
    m = t.scene.layout.map
    t.move(m.center)
    t.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)          # zoom in with the wheel, then look
    t.frame()
    mv = t.scene.map
    seen = total = 0
    for a, b in mv.borders["area"][::7]:
        mid = mv.map_to_screen(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        mid = (round(mid[0]), round(mid[1]))
        if not m.inflate(-20, -20).collidepoint(mid):
            continue
        total += 1
        seen += near_colour(t.screen, mid, map_view.AREA_LIGHT, 2)
    assert total >= 5 and seen >= total * 0.6, (seen, total)
    # and a border inside one Area is not drawn as an Area border
    inner = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in mv.borders["region"][::9]]
    marked = sum(near_colour(t.screen, tuple(round(v) for v in mv.map_to_screen(c)), map_view.AREA_LIGHT, 0)
                 for c in inner if m.inflate(-20, -20).collidepoint(mv.map_to_screen(c)))
    assert marked <= len(inner) * 0.2


def test_a_beacons_colour_shows_beside_a_guardian_on_its_region():
    g = position({}, {"guardians": {"bear": "bear-river"}}, tribes({"beacons": {"bear-river": "red"}}),
                 {"player": 1, "phase": "hero"})
    t = Table(g)
    t.scene.redraw_base()
    t.frame()
    bsp, gsp = t.scene.spot(BeaconPiece("bear-river")), t.scene.spot(GuardianPiece("bear"))
    # side by side in the Region, not one over the other (pieces.layout packs them)
    assert math.dist(bsp.center, gsp.center) >= bsp.radius + gsp.radius
    assert math.dist(bsp.center, gsp.center) < 3 * (bsp.radius + gsp.radius)
    red = t.scene.painted.ess_rgb("red")
    r = bsp.sprite.get_rect(center=bsp.center)
    hits = sum(all(abs(a - b) <= 24 for a, b in zip(t.screen.get_at((x, y))[:3], red, strict=False))
               for x in range(r.left, r.right) for y in range(r.top, r.bottom))
    assert hits >= 12


def test_menace_tokens_are_large_enough_at_1280x800():
    g = position({}, {"under": {"bear": "yellow", "owl": "corruption"}}, tribes(), {"player": 1, "phase": "hero"})
    t = Table(g, size=(1280, 800))
    for gd in ("bear", "owl"):
        sp = t.scene.spot(UnderGuardian(gd))
        assert sp.sprite.get_width() >= 22 and sp.sprite.get_height() >= 22, sp.sprite.get_size()


def test_achievement_tokens_leave_the_slots_name_readable():
    g = position({}, {}, tribes(), {"player": 1, "phase": "tribe"})
    t = Table(g)
    assert not g.state.achievements.get("meadows")
    r = pygame.Rect(t.scene.spot(AchievementTile("meadows")).rect)
    name_strip = pygame.Rect(r.x, r.y + r.h * 55 // 100, r.w, r.h - r.h * 55 // 100)
    before = t.screen.subsurface(name_strip).copy()
    top_strip = pygame.Rect(r.x, r.y, r.w, r.h // 3)
    top_before = t.screen.subsurface(top_strip).copy()
    g.state.achievements["meadows"] = [0, 1]                # both tribes hold it: two tokens on the tile
    g.state.tribes[0].achievements.append("meadows")
    g.state.tribes[1].achievements.append("meadows")
    t.session.version += 1
    t.frame()
    after = t.screen.subsurface(name_strip)
    assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB")
    top_after = t.screen.subsurface(top_strip)
    assert pygame.image.tobytes(top_before, "RGB") != pygame.image.tobytes(top_after, "RGB")   # tokens drawn


def test_other_tribes_boards_read_in_words_and_open_large_on_a_click(monkeypatch):
    seen: list[str] = []
    text = T.text
    monkeypatch.setattr(T, "text", lambda s, *a, **k: (seen.append(str(s)), text(s, *a, **k))[1])
    g = position({}, {}, tribes(p2={"herbs": ["herb-red"], "attunements": ["owl"]}), {"player": 1, "phase": "tribe"})
    t = Table(g, size=(1280, 800))
    t.scene.redraw_base()
    t.frame()
    import re
    assert not [s for s in seen if re.search(r"\bH\d+ ?A\d+\b", s)], "no H0A0 shorthand"
    assert any("Herbs 1" in s and "Attunements 1" in s for s in seen)
    assert any(s.startswith("Phases left") for s in seen)
    seen.clear()
    t.click(TribeSmall(1))                              # click to enlarge
    assert t.scene.board.peek == 1
    assert any("looking" in s for s in seen), "the large board shows the other tribe"


def test_no_text_under_11_px_at_1024x700(monkeypatch):
    sizes: list[int] = []
    real = UT.make_font             # every font of the UI is made here (a SafeFont)

    def rec(size, *a, **k):
        sizes.append(int(size))
        return real(size, *a, **k)

    T.text.cache_clear()
    T.outlined.cache_clear()
    T.wrap.cache_clear()
    UT._FONTS.clear()
    monkeypatch.setattr(UT, "make_font", rec)
    g = position({}, {"under": {"bear": "red"}}, tribes(), {"player": 1, "phase": "tribe"})
    t = Table(g, size=(1024, 700))
    t.move(t.pos(AchievementTile("meadows")))               # a tooltip too
    t.frame()
    t.scene.update(2000)
    t.frame()
    t.drag(SupplyBeacon("red"), RegionSpot("bear-river"))   # the payment tray
    t.frame()
    T.text.cache_clear()
    T.outlined.cache_clear()
    T.wrap.cache_clear()
    UT._FONTS.clear()
    assert sizes and min(sizes) >= 11, sorted(set(sizes))[:5]


def test_the_decision_bar_keeps_clear_of_the_places_it_asks_about():
    g = position({}, {"harvest": "wolf"},
                 tribes({"settlements": ["bear-meadow", "owl-meadow", "bear-mountain"]}),
                 {"player": 1, "phase": "event"})
    g.apply(Action("draft"))
    while g.state.pending is not None and g.state.pending["kind"] != "harvest_choice":
        g.apply(g.legal_actions()[0])
    if g.state.event_step == "beacons":
        g.apply(Action("harvest", steps=1))                 # wolf -> meadow: which Meadow of yours?
    assert g.state.pending and g.state.pending["kind"] == "harvest_choice", g.state.pending
    t = Table(g)
    t.frame()
    assert t.scene.decision.choice is not None
    asked = t.scene.decision.asked_rects()
    assert asked
    panel = t.scene.decision.choice.panel_rect
    assert not any(panel.colliderect(r) for r in asked), (panel, asked)
    # and a real click on one of those Regions answers the decision
    region = g.state.pending["regions"][0]
    version = t.session.version
    t.click(t.scene.spot_pos(RegionSpot(region)))
    assert t.session.version != version


def test_a_corruption_event_bar_leaves_its_guardian_in_sight():
    g = position({}, {"guardians": {"bear": "bear-meadow"}, "bag": ["corruption@bear"]}, tribes(),
                 {"player": 1, "phase": "event"})
    t = Table(g)
    t.click(Button("draft"))                              # the draft shows the Corruption token
    pend = t.state.pending
    assert pend and pend["kind"] == "corruption" and pend.get("guardian") == "bear", pend
    t.frame()
    panel = t.scene.decision.choice.panel_rect
    assert not panel.colliderect(t.scene.spot(GuardianPiece("bear")).rect)


def test_achievement_names_are_written_in_the_table_font_at_every_size(monkeypatch):
    seen: list[tuple] = []
    text = T.text
    monkeypatch.setattr(T, "text", lambda s, size, *a, **k: (seen.append((str(s), size)), text(s, size, *a, **k))[1])
    g = position({}, {}, tribes(), {"player": 1, "phase": "tribe"})
    t = Table(g, size=(1024, 700))
    t.scene.redraw_base()
    t.frame()
    names = {s for s, size in seen if size >= 11}
    assert {"Meadows", "Fellowship", "Beacons"} <= names
    seen.clear()
    t2 = Table(g, size=(1280, 800))          # at full size too: the game's font, over the sprite's
    t2.scene.redraw_base()
    t2.frame()
    assert "Fellowship" in {s for s, _ in seen}

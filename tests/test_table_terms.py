"""Words the table uses are explained where they stand (issue 42): the banner's "lap 1/3", the
designated area and the Doom track, whose spaces also show, as marks, the Menace tokens a Draft
draws there (a chapter speaks of numbers that the track only shaded). The mouse rests on each."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402

from faeriell.ui.table import tooltips  # noqa: E402
from faeriell.ui.table.keys import AchievementTile, DesignatedArea, DoomLabel, DoomSpace, RoundLap  # noqa: E402


def hover_tip(t, key):
    sp = t.scene.spot(key)
    assert sp is not None, key
    t.move(sp.rect.center)
    t.frame()
    assert t.scene.board.hover_key == key
    return tooltips.tip(key, t.scene.painted)


def test_the_round_lap_designated_area_and_doom_label_say_what_they_mean():
    t = Table(position({"players": 2}))
    try:
        title, lines = hover_tip(t, RoundLap())
        assert title.startswith("Round 1, lap 1 of 3") and "three laps" in lines[0]
        title, lines = hover_tip(t, DesignatedArea())
        assert title == "Designated area" and "for free" in lines[1]
        title, lines = hover_tip(t, DoomLabel())
        assert "Menace Draft" in lines[0]
    finally:
        pygame.display.quit()


def ink_marks(t, rect) -> int:
    """Light pixels in the lower third of a Doom space, right of nothing else: the marks."""
    box = pygame.Rect(rect.x + 1, rect.bottom - rect.h // 4 - 1, rect.w - 2, rect.h // 4)
    img = t.screen.subsurface(box)
    return sum(1 for x in range(box.w) for y in range(box.h) if sum(img.get_at((x, y))[:3]) > 330)


def test_each_doom_space_marks_the_tokens_a_draft_draws_there():
    t = Table(position({"players": 2}))
    try:
        t.frame()
        rules = t.game.rules
        by = {}
        for n in range(rules.doom_max):
            by.setdefault(rules.draft_count(n), []).append(ink_marks(t, t.scene.spot(DoomSpace(n)).rect))
        few, many = min(by), max(by)
        assert many > few
        assert min(by[many]) > max(by[few])      # more draws, more marks
    finally:
        pygame.display.quit()


def test_purity_and_the_terrain_achievements_say_why_they_count():
    """Why a tribe starts with one Achievement (Purity), and why a Settlement on a Meadow moved
    Mountains (its Heartland's Terrain token counts): said on the tile that is pointed at."""
    t = Table(position({"players": 2}))
    try:
        _title, lines = hover_tip(t, AchievementTile("purity"))
        assert "starts holding it" in lines[0]
        _title, lines = hover_tip(t, AchievementTile("mountains"))
        assert "Terrain token" in lines[0]
    finally:
        pygame.display.quit()

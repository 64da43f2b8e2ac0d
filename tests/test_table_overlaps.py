"""Lines over the table that must not cover its panels: a Full Coop partner's line (the coach at
your elbow says the partner's next move for 2 s, bot_driver.PARTNER_SAYS_S) stays over the island
at every window, Interface size and Text size; the review's win-chance chart keeps its goal label
clear of its axis labels. Drawn on a headless window (real frames, the pixels compared)."""
from __future__ import annotations

from test_app_support import make_app  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.canvas import ui_factor, virtual_size  # noqa: E402
from faeriell.ui import text as UT  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402
from faeriell.ui.settings import UI_SCALES  # noqa: E402
from faeriell.ui.settings_panel import LAYOUT_SIZES  # noqa: E402

# a partner's line as long as the expert words one
LINE = ("Berrywort (your partner) next: Build a Red Beacon in the Bear's River — it brings the Menaces your "
        "Heroes solve for Essences and Achievements (which tokens come out of the bag is luck).")


def coop(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, monkeypatch, size=size, players=2, mode="coop", seats=["human", "easy"], seed=5)
    app.settings.coach = True
    app.settings_changed()
    assert isinstance(app.scene, TableScreen), app.errors
    return app


def _frame(app, said):
    """The window after a frame with the partner's line showing (said) or not."""
    host = app.scene
    host.driver.said = (("test",), said, float("inf")) if said else None   # the human is to move: it stays
    app.dirty = True
    app.step()
    app.step()
    return pygame.display.get_surface().copy()


def _same(a, b, rect) -> bool:
    return pygame.image.tobytes(a.subsurface(rect), "RGB") == pygame.image.tobytes(b.subsurface(rect), "RGB")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("layout_scale", [v for v, _ in LAYOUT_SIZES])
def test_the_partner_line_stays_over_the_island(tmp_path, monkeypatch, size, layout_scale):
    app = coop(tmp_path, monkeypatch, size)
    try:
        for text_scale in (min(UI_SCALES), max(UI_SCALES)):
            app.settings.layout_scale = layout_scale
            app.settings.ui_scale = text_scale
            app.settings_changed()
            host = app.scene
            assert host.session.acting == 0 and host.session.is_human_turn()
            bare = _frame(app, "")
            shown = _frame(app, LINE)
            assert host._indicator == LINE
            layout = host.table.layout
            where = (size, layout_scale, text_scale)
            # the pixels the line changed are the island's only: no column or panel beside it is covered
            for name in ("side", "left", "banner", "bottom"):
                assert _same(bare, shown, getattr(layout, name)), f"the line covers the {name} panel {where}"
            assert not _same(bare, shown, layout.map), where          # (it was drawn, over the island)
            r = host.indicator_rect
            assert r is not None and layout.map.contains(r), (where, r, layout.map)
            # and it is said whole: wrapped, not cut
            _r, lines, _s = host.indicator_layout()
            assert " ".join(lines).split() == LINE.split(), where
    finally:
        UT.set_text_scale(1.0)
        pygame.display.quit()


# --------------------------------------------------------------------------- the review's chart
def _solo_timeline():
    from faeriell.bots import make_bot
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.review.timeline import record_game
    g = new_game(default_rules(), 1, "solo", "medium", [], 11)
    bot = make_bot("easy", seed=1)
    while not g.state.game_over and g.state.round < 4:
        g.apply(bot.choose(g, g.acting))
    tl = record_game(g)
    assert all(m.chances for m in tl.rounds)        # the win chance's 0-100% scale is drawn
    return tl


@pytest.fixture(scope="module")
def solo_timeline():
    return _solo_timeline()


@pytest.mark.parametrize("window", [(1024, 700), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("layout_scale", [v for v, _ in LAYOUT_SIZES])
def test_the_goal_label_keeps_clear_of_the_chance_scale(solo_timeline, window, layout_scale, monkeypatch):
    """Solo's goal (6 Achievements) is the chart's top, where the scale says 100%: the two labels
    (and every other label of the chart) stand apart at every Interface size and Text size; the
    figures under the charts stay inside their panel."""
    from faeriell.ui import review_charts as RC
    from faeriell.ui.scenes.review import chart_rects
    pygame.display.init()
    pygame.font.init()
    size = virtual_size(window, ui_factor(window, layout_scale))     # what the review lays out in
    doom, rect, fig = chart_rects(size)
    try:
        for text_scale in UI_SCALES:
            UT.set_text_scale(text_scale)
            labels: list = []
            monkeypatch.setattr(UT, "LABELS", labels)
            surf = pygame.Surface(size)
            RC.draw_doom_chart(surf, doom, solo_timeline)
            drawn = [(t, r) for t, _s, r, _w in labels]
            labels.clear()
            RC.draw_achievement_chart(surf, rect, solo_timeline, [(230, 140, 60)], ["Longfeather"], 6)
            rects = {text: r for text, _shown, r, _w in labels}
            goal, full = rects["goal 6"], rects["100%"]
            where = (window, layout_scale, text_scale)
            assert not goal.inflate(2 * RC.LABEL_GAP - 2, 2 * RC.LABEL_GAP - 2).colliderect(full), (where, goal, full)
            assert rect.contains(goal), where
            for chart in (drawn, [(t, r) for t, _s, r, _w in labels]):
                for k, (t, r) in enumerate(chart):          # no two labels of a chart touch
                    for t2, r2 in chart[k + 1:]:
                        assert not r.inflate(2, 2).colliderect(r2), (where, t, r, t2, r2)
            # the figures under the charts: every line drawn stays inside its panel, whatever the
            # lines (long ones wrap on two lines: a short one between lets the next one start low)
            long = "Longfeather: Essences gained: 14 (Menaces solved by Heroes 6, Harvest 6, Set-up 2, " * 2
            monkeypatch.setattr(RC, "figure_lines", lambda tl, names, long=long: [long, "Longfeather: short", long, long])
            labels.clear()
            RC.draw_figures(surf, fig, solo_timeline, ["Longfeather"])
            assert len(labels) >= 2, where                        # the title and at least one line
            for t, _s, r, _w in labels:
                assert fig.contains(r), (where, t, r, fig)
    finally:
        UT.set_text_scale(1.0)
        pygame.display.quit()

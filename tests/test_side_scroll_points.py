"""In a window too short for the shared boards' column (it scrolls: the wheel over it, its bar),
what the hint or the guided game points at there is scrolled into view: the learner was pointed
at nothing (a Sower Perk below the window at 800x520, a face-up Perk above it once the column
was wheeled down at 320x240). Once each time it points anew: the player's wheel may take the
column away again, and "Show me" (S) brings it back. Real events on a headless window."""
from __future__ import annotations

from test_app_support import make_app  # first: sets the dummy video driver
from test_table_support import Table, sower_serving_doom

import pygame  # noqa: E402
import pytest  # noqa: E402
from faeriell.ui.table.keys import AchievementTile, HerbUp, PerkUp, SowerPerk  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def in_view(scene, key) -> bool:
    """The spot `key` is drawn whole inside the column's part of the window."""
    view = scene.layout.side.clip(pygame.Rect((0, 0), scene.layout.size))
    return any(view.contains(sp.rect) for sp in scene.spots.by_key.get(key, ()))


def wheel(scene, steps: int, frame) -> None:
    """The wheel over the column's middle (the mouse resting there first)."""
    view = scene.layout.side.clip(pygame.Rect((0, 0), scene.layout.size))
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.center, rel=(0, 0), buttons=(0, 0, 0)))
    frame()
    post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False, precise_x=0.0, precise_y=float(steps)))
    frame()


def sower_levels_up() -> Table:
    """The Sower serving Doom at 800x520, its Perks below the window (test_table_support)."""
    return sower_serving_doom((800, 520))


def test_a_hinted_sower_perk_below_the_window_is_scrolled_into_view_at_800x520():
    t = sower_levels_up()
    sc = t.scene
    hinted = next(a for a in t.game.legal_actions() if a.kind == "level_up" and a["perk"].startswith("sow-"))
    grip = SowerPerk(hinted["perk"])
    assert sc.side_over > 0 and sc.side_scroll == 0
    assert not in_view(sc, grip)                      # at the column's foot, below the window
    sc.coach.show_hint(hinted, "The Sower grows stronger.")
    t.frame()
    assert in_view(sc, grip) and sc.side_scroll > 0
    start, end, _sprite = sc.coach.hint._points(sc)
    assert start == sc.spots.first(grip).center        # the hint's arrow starts at the Perk
    t.move(start)
    t.frame()
    assert sc.board.hover_key == grip                        # and the mouse finds it there
    # the player's wheel takes the column back up: it stays where they put it...
    for _ in range(5):
        wheel(sc, 1, t.frame)
    assert sc.side_scroll == 0 and not in_view(sc, grip)
    # ...until "Show me" (S) points at the Perk again
    t.key(pygame.K_s)
    assert in_view(sc, grip) and sc.coach.hint._points(sc)[0] is not None


def _frame(app) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    app.dirty = True
    app.step()


def test_the_guided_steps_perk_and_achievement_are_scrolled_into_view_in_the_smallest_window(tmp_path, monkeypatch):
    # chapter 4 at 320x240: the column wheeled down to its foot, then the step "take the Swift
    # Perk" comes and rings a Perk near its top; wheeled up to its head, then "claim the Totem's
    # Achievement" comes and rings a tile near its foot
    app = make_app(tmp_path, monkeypatch, size=(320, 240))
    assert app.open_tutorial("04-tribe-actions", 0) is None
    s = app.session
    table = app.scene.table
    away = {"level_up": -1, "gather_herb": -1, "claim": 1}    # the wheel's way from what the step will point at
    checked = []
    while s.tutorial.step is not None:
        _frame(app)
        steps, k = s.tutorial.chapter.steps, s.tutorial.index
        coming = steps[k + 1].action.get("action") if k + 1 < len(steps) else None
        if coming in away:                       # the player scrolls the column away first (real wheel events)
            for _ in range(8):
                wheel(table, away[coming], app.step)
        st = s.tutorial.step
        if st.kind == "read":
            s.next_step()
        else:
            assert s.apply(s.tutorial.expected(s.game)) is None
        _frame(app)
        a = s.tutorial.expected(s.game)
        if a is not None and a.kind in away:
            kind, field = {"level_up": (PerkUp, "perk"), "gather_herb": (HerbUp, "herb"),
                           "claim": (AchievementTile, "achievement")}[a.kind]
            key = kind(a[field])
            assert table.side_over > 0
            assert in_view(table, key), (a, table.side_scroll, table.side_over)
            assert table.tutorial._centre(table, key) == table.spots.first(key).center     # ringed there
            checked.append(a.kind)
    assert checked == ["level_up", "gather_herb", "claim"]

"""Text that is never lost (issue 21, item 5), with real events on a headless window: the message
line stays until the next move or a click (no timer takes it away), a long message is shown whole,
a click on a place that moves nothing says why, and the screen's toast stays until a click."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.dialogs import Toast  # noqa: E402
from faeriell.ui.table.keys import RegionSpot, SupplyBeacon  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def game(turn):
    t1 = {"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["blue", "blue", "green"]}
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    return position({}, {}, [t1, t2], turn)


def click_at(t, p):
    t.move(p)
    t.post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
    t.post(pygame.MOUSEBUTTONUP, pos=p, button=1)
    t.frame()


def idle(t, seconds: float) -> None:
    for _ in range(int(seconds * 1000 / 16)):
        t.scene.update(16)
    t.scene.draw(t.screen)


def test_a_refusal_stays_until_a_click_and_a_message_until_the_next_move():
    t = Table(game({"player": 1, "phase": "tribe"}))
    click_at(t, t.pos(SupplyBeacon("red")))             # no red Essence: refused, with the reason
    said = t.scene.message
    assert said and t.scene.message_bad
    idle(t, 30)
    assert t.scene.message == said                             # still there after 30 s of idle frames
    click_at(t, (t.scene.layout.side.centerx, t.scene.layout.side.bottom - 4))   # a click on nothing
    assert t.scene.message is None
    t.scene.flash("Saved.")
    idle(t, 30)
    assert t.scene.message == "Saved."
    ends = [a for a in t.session.legal() if a.kind == "end_phase"]
    assert ends and t.session.apply(ends[0]) is None            # a move
    t.frame()
    assert t.scene.message is None


def test_a_long_message_is_drawn_whole():
    t = Table(game({"player": 1, "phase": "tribe"}))
    words = " ".join(f"word{k}" for k in range(120))
    t.scene.flash(words)
    drawn = []
    real = t.scene.__class__.__module__
    from faeriell.ui.table import overlays, theme as T
    orig = T.text
    try:
        overlays.T.text = lambda s, *a, **k: (drawn.append(s), orig(s, *a, **k))[1]
        t.frame()
    finally:
        overlays.T.text = orig
    shown = " ".join(x for x in drawn if x.lower().startswith("word"))
    assert real and shown.lower().split() == words.split()


def test_a_click_on_a_region_that_moves_nothing_says_why():
    t = Table(game({"player": 1, "phase": "tribe"}))
    region = "stag-forest"
    t.scene.message = None
    click_at(t, t.pos(RegionSpot(region)))
    msg = t.scene.message or ""
    assert t.scene.message_bad and "Stag's Forest" in msg and "drag" in msg, msg
    # in the Hero Phase nothing goes onto a Region: the message says so and what the Phase is for
    t = Table(game({"player": 1, "phase": "hero"}))
    click_at(t, t.pos(RegionSpot(region)))
    msg = t.scene.message or ""
    assert msg.startswith("Nothing can go to the Stag's Forest now.") and "Hero Phase" in msg, msg


def test_a_pan_of_the_island_says_nothing():
    t = Table(game({"player": 1, "phase": "tribe"}))
    a = t.pos(RegionSpot("stag-forest"))
    t.move(a)
    t.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    t.frame()
    t.move((a[0] + 40, a[1] + 30), buttons=(1, 0, 0))
    t.frame()
    t.post(pygame.MOUSEBUTTONUP, pos=(a[0] + 40, a[1] + 30), button=1)
    t.frame()
    assert t.scene.message is None


def test_the_toast_stays_until_dismissed():
    toast = Toast()
    toast.show("Loaded a save.")
    assert toast.active() and not toast.update()
    assert toast.dismiss() and not toast.active()
    toast.show("For a moment", seconds=0.0)
    assert toast.update() and not toast.active()


def test_a_click_on_a_region_the_set_up_refuses_says_what_the_set_up_asks():
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    t = Table(new_game(default_rules(), 1, "solo", "medium", [], 5), seats=["human"])
    assert t.state.stage == "setup"
    allowed = {k.region for k in t.scene.index.clicks if isinstance(k, RegionSpot)}
    other = next(r for r in t.game.rules.board.regions if r not in allowed)
    click_at(t, t.pos(RegionSpot(other)))
    msg = t.scene.message or ""
    assert msg.startswith("Nothing can go to") and "Set-up" in msg and "Phase tile" not in msg, msg
    assert t.state.stage == "setup"


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_a_message_never_covers_the_goal_meter(size):
    from faeriell.ui.table import goal, overlays
    t = Table(game({"player": 1, "phase": "tribe"}), size=size)
    t.scene.flash(" ".join(["Nothing can go to the Stag's Mountain now."] * 6), bad=True)
    panels = []
    orig = overlays.T.panel
    try:
        overlays.T.panel = lambda surf, r, fill, *a, **k: (panels.append((pygame.Rect(r), fill)),
                                                            orig(surf, r, fill, *a, **k))[1]
        t.frame()
    finally:
        overlays.T.panel = orig
    meter = t.scene.spots.first(goal.METER_KEY)
    assert meter is not None
    said = [r for r, fill in panels if fill == (90, 34, 32)]
    assert said and not any(r.colliderect(meter.rect) for r in said)

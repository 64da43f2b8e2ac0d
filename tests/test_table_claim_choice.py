"""The claim a Cleanse brings (R32: Corruption Cleanser), chosen with the mouse on the decision bar:
every option must be told apart at a glance, not only by its words. Each slot's option shows the
tribe's token in the ring of that slot's colour (the tribe board's look), the designated token
stays plain, and the tile clicked is the claim made. At 1024x700 and 1280x800."""
from __future__ import annotations

from test_table_polish import decision_game  # first: sets the dummy video driver
from test_table_support import Table

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def icon_pixels(t, rect) -> bytes:
    """The picture at the left of an option tile (its first icon), as drawn on the window."""
    P = t.scene.layout.px
    box = pygame.Rect(rect.x + P(3), rect.y + P(4), P(40), rect.h - P(8))
    return pygame.image.tobytes(t.screen.subsurface(box), "RGB")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_the_claim_after_a_cleanse_shows_each_slot_apart(size):
    t = Table(decision_game("corruption"), size=size)
    cleanse = next(o for o in t.scene.decision.choice.options
                   if o.actions[0].get("choice") == "cleanse_corruption" and o.actions[0].get("target") == "doom")
    t.click(next(r for r, o in t.scene.decision.choice.rects if o is cleanse).center)
    assert t.state.pending and t.state.pending["kind"] == "claim"
    assert t.state.pending["achievements"] == ["cleanser"]
    t.move((2, size[1] - 2))                          # the mouse away: no tile is lit
    t.frame()
    ch = t.scene.decision.choice
    assert ch is not None and "Corruption Cleanser" in ch.title    # the question names the Achievement
    assert len(ch.options) >= 9
    # every option's pictures differ from every other's, and every one is drawn whole
    shown = [tuple(o.icons) for o in ch.options]
    assert len(set(shown)) == len(shown), shown
    assert len(ch.rects) == len(ch.options)
    screen = pygame.Rect((0, 0), size)
    for (r, _o), lines in zip(ch.rects, ch.said, strict=True):
        assert screen.contains(r) and not any("…" in ln for ln in lines), lines
        assert "+1" not in lines, lines                 # "Doom +1" is never split over two lines
    # the same payment (Doom +1) on two slots: their first pictures are not the same token
    by = {(o.actions[0]["token"], o.actions[0].get("pay")): r for r, o in ch.rects}
    red, blue, anyc = by[("red", "doom")], by[("blue", "doom")], by[("any", "doom")]
    assert len({icon_pixels(t, red), icon_pixels(t, blue), icon_pixels(t, anyc)}) == 3
    # the blue slot's tile is the blue slot's claim
    doom = t.state.doom
    t.click(blue.center)
    tribe = t.state.tribes[0]
    assert "cleanser" in tribe.achievements and "blue" not in tribe.slots and "red" in tribe.slots
    assert t.state.doom == doom + 1

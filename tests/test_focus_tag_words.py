"""The keyboard focus's "Enter" tag never hides the table's printed words: on a Sower's Perk at
the shared column's foot it went above the tile, over the "Corruption Sower" label, and now
takes the first place round the piece that covers no word. Real Tab presses on a headless
window, at 1024x700 and 800x520 (four players, one tribe serving Doom: R38)."""
from __future__ import annotations

from test_table_support import colour_mask, sower_serving_doom, words_under  # first: the dummy video driver
from keyboard_support import KeyPlayer

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.table import keyboard  # noqa: E402
from faeriell.ui.table import theme as T  # noqa: E402



@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1024, 700), (800, 520)])
def test_the_enter_tag_covers_no_printed_word_at_the_columns_foot(size):
    t = sower_serving_doom(size)
    sc = t.scene
    screen = pygame.display.get_surface()
    white_before = colour_mask(screen, (T.FOCUS,))
    kp = KeyPlayer(lambda: t.scene, t.frame, t.session)
    perks = [k for k in keyboard.pieces(sc) if k.tag == "sower_perk"]
    assert len(perks) >= 3, keyboard.pieces(sc)
    for key in perks:
        kp.focus_piece(key)
        t.frame()
        assert sc.board.focus == key
        # the tag's pixels: white that was not there before, outside the focus ring round the tile
        tag = colour_mask(screen, (T.FOCUS,))
        tag.erase(white_before, (0, 0))
        P = sc.layout.px
        for sp in sc.spots.by_key[key]:
            ring = sp.rect.inflate(P(16), P(16))
            tag.erase(pygame.mask.Mask(ring.size, fill=True), ring.topleft)
        assert tag.count() > 40, (size, key, "no tag drawn")
        under = words_under(sc, (), [], ink_of=tag)
        assert not under, (size, key, under)

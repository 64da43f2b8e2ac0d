"""At 800x520 the tribe board's third column (Settlements, Achievement tokens, Menaces solved):
the smallest text is taller than the design's 14 px label row, and the rows below covered each
label's lower half: each label's row now reaches its letters' foot. And the Achievement tiles'
one-word names too wide for a tile break with a hyphen ("Attune-" "ments") instead of being cut
("Attune…"). A real headless window at the game's own layout."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui import text as UT  # noqa: E402
from faeriell.ui.table import theme as T  # noqa: E402
from faeriell.ui.table.keys import MenaceTrack, SlotToken, SupplySettlement, TokenSlot  # noqa: E402

LABELS = ("Settlements", "Achievement tokens", "Menaces solved")


@pytest.fixture(autouse=True)
def _display():
    yield
    UT.LABELS = None
    pygame.display.quit()


def _gold(c) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(c[:3], T.GOLD, strict=True))


def _rows_top(t) -> list[int]:
    """The top of the first row under each label: the Settlement slots, the token slots, the
    Menace track's cells."""
    sc, P = t.scene, t.scene.layout.px
    settle = min(sp.rect.top for sp in sc.spots.by_key[SupplySettlement(0)])
    slots = min(sp.rect.top for key, sps in sc.spots.by_key.items() if isinstance(key, (TokenSlot, SlotToken)) and key.tribe == 0
                for sp in sps)
    track = sc.spots.first(MenaceTrack(0, "red")).rect.centery - P(15) // 2
    return [settle, slots, track]


@pytest.mark.parametrize("size", [(800, 520), (1024, 600), (1280, 800)])
def test_the_third_columns_labels_stand_whole_above_their_rows(size):
    t = Table(position({"players": 2}, turn={"player": 1, "phase": "tribe"}), size=size)
    sc, P = t.scene, t.scene.layout.px
    board = sc.layout.board
    cx = min(sp.rect.x for sp in sc.spots.by_key[SupplySettlement(0)])
    above = board.y + P(24) + 2                     # under the header band
    for label, row_top in zip(LABELS, _rows_top(t), strict=True):
        ink = T.fitted(label, sc.painted.fs(12), board.right - P(4) - cx, T.GOLD, True).get_bounding_rect()
        ys = [y for y in range(above, row_top) for x in range(cx, cx + ink.w)
              if _gold(t.screen.get_at((x, y)))]
        assert ys, (label, size)
        shown = max(ys) - min(ys) + 1                # the label's letters seen, top to foot
        assert shown >= ink.h - 1, (label, size, shown, ink.h)       # (a pixel of antialiasing)
        above = row_top + P(12)


@pytest.mark.parametrize("size", [(800, 520), (1024, 700)])
def test_the_attunements_tile_names_itself_whole(size):
    t = Table(position({"players": 2}), size=size)
    UT.LABELS = []
    t.scene.redraw_base()                         # draw the table again, every label noted
    t.frame()
    names = {t.scene.words.achievement(aid) for aid in t.game.rules.achievement_ids}
    parts = {w for n in names for w in n.split()}
    drawn = [(text, shown) for text, shown, _r, _box in UT.LABELS
             if text.rstrip("-") and (text in parts or any(text.rstrip("-") in w for w in parts))]
    assert drawn
    assert all(text == shown for text, shown in drawn), [d for d in drawn if d[0] != d[1]]
    said = "".join(text for text, _ in drawn)
    assert "Attunements" in said or "Attune-ments" in said, drawn

"""A small window (1024x700) shows the whole table, checked against the design size (1280x800):
the shared boards' column down to the Corruption Sower (it used to end at "Designated area:"),
and a Quest card large enough for the Guardian it is about. Real events on a headless window."""
from __future__ import annotations

from test_table_support import Table, cards_drawn, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402
from faeriell.ui.table.keys import QuestCard, WheelSpace  # noqa: E402
SIZES = [(1024, 700), (1280, 800)]


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def competitive_table(size, sower=None) -> Table:
    g = position({"players": 4}, tribes=[{"designated": 2}, {"designated": 1}, {}, {}],
                 turn={"player": 1, "phase": "tribe"})
    if sower is not None:                       # a tribe lost to Corruption serves Doom (R38)
        g.state.sower = sower
        g.state.tribes[sower].sower = True
    return Table(g, size=size)


def spots_of(t, kind) -> list:
    return [sp for key, sps in t.scene.spots.by_key.items() if key.tag == kind for sp in sps]


@pytest.mark.parametrize("size, sower", [(size, sower) for size in SIZES + [(1200, 700)] for sower in (None, 1)]
                         # wider tiles at 1200x700; shorter still, the Sower's Perks beside its label
                         + [((1152, 648), None), ((1024, 640), None)])
def test_the_shared_boards_column_shows_every_section_down_to_the_sower(size, sower):
    t = competitive_table(size, sower)
    L = t.scene.layout
    screen = pygame.Rect((0, 0), size)
    side = L.side.clip(screen)
    perks = spots_of(t, "sower_perk")
    designated = spots_of(t, "designated_token")
    assert len(perks) == len(set(t.state.sower_perks)) and len(designated) == 3
    tiles = [sp for sp in spots_of(t, "achievement") if sp.rect.centerx > L.side.x]   # not the band's
    assert len(tiles) == len(t.game.rules.achievement_ids)
    for sp in perks + designated + tiles + spots_of(t, "designated") + spots_of(t, "doom"):
        assert side.contains(sp.rect), (sp.key, sp.rect, side)
    # no section lies over another: the Sower's Perks below the last row of Achievements, the
    # designated tokens clear of every tile
    last_row = max(sp.rect.bottom for sp in tiles)
    assert all(sp.rect.top >= last_row for sp in perks)
    assert not [(a.key, b.key) for a in designated for b in tiles if a.rect.colliderect(b.rect)]
    # and each is reachable: the mouse over the last Sower Perk and a designated token finds them
    for sp in (perks[-1], designated[-1]):
        t.move(sp.rect.center)
        t.frame()
        assert t.scene.board.hover_key == sp.key, (sp.key, t.scene.board.hover_key)


@pytest.mark.parametrize("size", SIZES)
def test_a_quests_guardian_fits_inside_its_card_and_reads(size, monkeypatch):
    # at 1024x700 the Quest card was 17 px wide and its Guardian a 10 px disc over its corner
    drawn = cards_drawn(monkeypatch)
    g = position({"players": 1, "mode": "solo"},
                 tribes=[{"heroes": {"chieftain": {"node": "owl-forest+owl-river+wolf-meadow", "quests": ["yellow@wolf"]}}}],
                 turn={"player": 1, "phase": "hero"})
    t = Table(g, size=size)
    quest = t.scene.spot(QuestCard(0, "chieftain", "yellow@wolf"))
    assert quest is not None
    card_rect, icon = drawn["yellow@wolf"]
    assert card_rect == quest.rect and icon is not None
    assert card_rect.contains(icon), (card_rect, icon)
    wheel = t.scene.spot(WheelSpace(0))                 # as large as the Harvest wheel's Guardians
    assert icon.h >= round(wheel.radius / 0.62) - 1, (icon, wheel.radius)
    assert t.scene.layout.board.contains(card_rect)
    t.move(quest.rect.center)                         # and the card is where the mouse finds it
    t.frame()
    assert t.scene.board.hover_key == quest.key


@pytest.mark.parametrize("size", SIZES)
def test_the_other_tribes_small_boards_cut_no_line_through_their_edge(size, monkeypatch):
    # with four tribes at 1024x700 "Herbs 0 · Attunements 0" ran through each small board's bottom
    # edge (the last one through the window's): a line that does not fit is left out whole
    from test_label_fit import Recording, record_texts
    texts = record_texts(monkeypatch)
    t = competitive_table(size)
    scene = t.scene
    rec = Recording(t.screen.get_size(), texts)
    scene.base = rec
    scene.redraw_base()
    scene.draw(rec)
    boards = [sp.rect for sp in spots_of(t, "tribe_small")]
    assert len(boards) == 3
    P = scene.layout.px
    seen = 0
    for text, r in rec.blits:
        home = next((b for b in boards if b.collidepoint(r.inflate(-2, -2).topleft)), None)
        if home is None or not text.strip():
            continue
        seen += 1
        assert home.inflate(-P(4), -P(4)).contains(r.inflate(-2, -2)), (text, r, home)
    assert seen >= 3 * 7                     # each board's name, counts and Settlements are drawn


POOL = ["red@bear", "yellow@wolf", "blue@owl", "green@toad", "red@snake", "blue@stag", "green@boar",
        "yellow@turtle", "red@owl", "blue@bear", "green@wolf", "yellow@toad"]


@pytest.mark.parametrize("size, n", [(size, n) for size in SIZES for n in (4, 12)])
def test_the_guardians_on_the_pools_essence_cards_read(size, n, monkeypatch):
    # at 1024x700 a pool card's Guardian was a 15 px disc hanging off the card's corner: now it
    # fills the card's width while the card is seen whole, and the strip a crowded pool leaves
    drawn = cards_drawn(monkeypatch)
    g = position({"players": 2}, tribes=[{"essences": POOL[:n]}, {}], turn={"player": 1, "phase": "tribe"})
    t = Table(g, size=size)
    pool = sorted(spots_of(t, "pool_card"), key=lambda sp: sp.rect.x)
    assert len(pool) == n
    wheel = t.scene.spot(WheelSpace(0))
    for k, sp in enumerate(pool):
        card_rect, icon = drawn[sp.key.card]
        assert icon is not None and card_rect.contains(icon), (sp.key, card_rect, icon)
        assert t.scene.layout.board.contains(card_rect)
        if k + 1 < n:                    # the next card leaves the whole Guardian seen
            assert icon.right <= pool[k + 1].rect.x, (sp.key, icon, pool[k + 1].rect)
        if n == 4:                        # seen whole: as wide as the card, as large as the wheel's
            assert icon.w >= card_rect.w * 0.8 and icon.h >= round(wheel.radius / 0.62) - 1, (icon, card_rect)
        # the mouse over the Guardian finds its card
        t.move(icon.center)
        t.frame()
        assert t.scene.board.hover_key == sp.key, (sp.key, t.scene.board.hover_key)


def tile_names_drawn(monkeypatch, size) -> dict:
    """name -> (the table's surface, the tile's rect, the name drawn alone on magenta at the tile's
    size), for every Achievement tile of a solo table's frame."""
    from faeriell.ui.table import boards
    real = boards._tile_name
    seen = {}

    def tile_name(surf, p, r, name, img):
        real(surf, p, r, name, img)
        scratch = pygame.Surface(r.size)         # the same name drawn alone, on no picture
        scratch.fill(MAGENTA)
        real(scratch, p, pygame.Rect((0, 0), r.size), name, img)
        seen[name] = (surf, pygame.Rect(r), scratch)
    monkeypatch.setattr(boards, "_tile_name", tile_name)
    Table(position({"players": 1, "mode": "solo"}), size=size).frame()
    assert "Heirloom Herbs" in seen and "Spiritual Totem" in seen and "Fellowship" in seen, sorted(seen)
    return seen


MAGENTA = (255, 0, 255)


@pytest.mark.parametrize("size", SIZES)
def test_every_achievement_tiles_name_lies_whole_on_its_paper(size, monkeypatch):
    # at 1024x700 "Heirloom Herbs" and "Spiritual Totem" wrap to two lines as tall as the tile's
    # paper band: the letters touched its top and bottom (a pixel each) and read as cut off; the
    # band now grows up over the picture and leaves the lines a margin
    for name, (_, r, scratch) in tile_names_drawn(monkeypatch, size).items():
        paper = [y for y in range(r.h) if any(scratch.get_at((x, y))[:3] != MAGENTA for x in range(r.w))]
        ink = [y for y in range(r.h) for x in range(r.w) if sum(scratch.get_at((x, y))[:3]) < 250]
        top, bottom, ink_top, ink_bottom = min(paper), max(paper), min(ink), max(ink)
        assert ink_top - top >= 2 and bottom - ink_bottom >= 2, (name, size, (top, bottom, ink_top, ink_bottom))


@pytest.mark.parametrize("size", SIZES)
def test_nothing_of_a_tiles_printed_name_shows_below_its_paper_band(size, monkeypatch):
    # the tile pictures print their own name low on the tile; a two-line one ("Heirloom Herbs",
    # "Spiritual Totem") peeked out as a row of dark specks between our paper band and the frame.
    # Below the band only the tile's frame may show, and the frame is the same on every tile.
    below = {}
    for name, (surf, r, scratch) in tile_names_drawn(monkeypatch, size).items():
        foot = max(y for y in range(r.h) if any(scratch.get_at((x, y))[:3] != MAGENTA for x in range(r.w)))
        below[name] = tuple(min(sum(surf.get_at((r.x + x, r.y + y))[:3]) // 40 for x in range(4, r.w - 4))
                            for y in range(foot + 1, r.h))
    assert len(set(below.values())) == 1, (size, below)

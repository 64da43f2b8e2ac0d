"""The shared boards' column in the shortest windows the game opens (cli.parse_size and
layout.compute: 320x240), with a Corruption Sower in play: under about 1024x660 its Perks fell
below the window, and in smaller windows whole sections did. The column now scrolls once it
cannot fit even squeezed (boards.fit_side), by the wheel over it or its bar, and only what shows
is pointed at. Real events on a headless window."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import argparse  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.cli import parse_size  # noqa: E402
from faeriell.ui.table import boards, tooltips  # noqa: E402
from faeriell.ui.table.layout import compute  # noqa: E402
from faeriell.ui.table.keys import SowerTribe  # noqa: E402

SMALLEST = (320, 240)
SHORT = [SMALLEST, (640, 480), (800, 520), (1024, 600), (1024, 640), (1024, 655), (1280, 600)]
COLUMN = ("deck", "discard", "herb_deck", "herb_up", "herb_discard", "perk_up", "supply_beacon", "totem",
          "totem_slot", "totem_cards", "attune_free", "attune_taken", "doom", "corruption_track", "achievement",
          "achievement_token", "designated", "designated_token", "sower_perk", "sower_pile", "sower_tribe", "side_scroll")


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def test_the_smallest_window_the_game_opens_is_320x240():
    assert parse_size("320x240") == SMALLEST
    for small in ("319x240", "320x239"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_size(small)
    assert compute((200, 100)).size == SMALLEST          # a window dragged smaller is laid out at it


def sower_table(size) -> Table:
    g = position({"players": 4}, tribes=[{"designated": 2}, {"designated": 1}, {}, {}],
                 turn={"player": 1, "phase": "tribe"})
    g.state.sower = 1                               # a tribe lost to Corruption serves Doom (R38)
    g.state.tribes[1].sower = True
    return Table(g, size=size)


def column_spots(t) -> list:
    return [sp for sp in t.scene.spots.spots if sp.key.tag in COLUMN]


def seen(t, kind) -> list:
    view = t.scene.layout.side.clip(pygame.Rect((0, 0), t.screen.get_size()))
    return [sp for sp in t.scene.spots.spots if sp.key.tag == kind and view.contains(sp.rect)]


def wheel(t, steps: int) -> None:
    """The wheel over the column's middle (a real MOUSEWHEEL, the mouse resting there first)."""
    side = t.scene.layout.side
    t.move((side.centerx, side.y + min(side.h, t.screen.get_height() - side.y) // 2))
    t.frame()
    t.post(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False, precise_x=0.0, precise_y=float(steps))
    t.frame()


def the_column_stays_in_its_place(t) -> None:
    view = t.scene.layout.side.clip(pygame.Rect((0, 0), t.screen.get_size()))
    for sp in column_spots(t):
        if sp.key.tag == "achievement" and t.scene.layout.bottom.contains(sp.rect):
            continue                                 # a tile a tribe holds, on its board's band
        assert view.contains(sp.rect) or (sp.radius and view.collidepoint(sp.rect.center)), (sp.key, sp.rect, view)


@pytest.mark.parametrize("size", SHORT)
def test_the_sowers_perks_can_be_seen_and_pointed_at_in_a_short_window(size):
    t = sower_table(size)
    perks = sorted(set(t.state.sower_perks))
    assert perks
    for _ in range(40):                              # as far as the wheel takes it
        if len(seen(t, "sower_perk")) == len(perks):
            break
        wheel(t, -1)
    shown = seen(t, "sower_perk")
    assert sorted(sp.key.perk for sp in shown) == perks, (size, t.scene.side_over, [sp.rect for sp in shown])
    the_column_stays_in_its_place(t)
    for sp in shown:                                 # the mouse finds each Perk where it shows
        t.move(sp.rect.center)
        t.frame()
        assert t.scene.board.hover_key == sp.key, (sp.key, t.scene.board.hover_key)
    if t.scene.side_over:                            # and back up to the Essence decks
        for _ in range(40):
            wheel(t, 1)
        assert len(seen(t, "deck")) == 5 and t.scene.side_scroll == 0
        the_column_stays_in_its_place(t)


@pytest.mark.parametrize("size", [SMALLEST, (1024, 540)])
def test_the_columns_bar_shows_what_a_click_on_it_asks_for(size):
    t = sower_table(size)
    bar = t.scene.spot(boards.SCROLL_KEY)
    assert bar is not None and t.scene.side_over > 0
    t.click((bar.rect.centerx, bar.rect.bottom - 1))           # its foot: the Sower in view
    perks = sorted(set(t.state.sower_perks))
    assert sorted(sp.key.perk for sp in seen(t, "sower_perk")) == perks
    assert t.scene.side_scroll == t.scene.side_over
    top = t.scene.spot(boards.SCROLL_KEY).rect
    t.move((top.centerx, top.bottom - 1))                       # held and dragged to its top
    t.post(pygame.MOUSEBUTTONDOWN, pos=(top.centerx, top.bottom - 1), button=1)
    t.frame()
    t.move((top.centerx, top.top), buttons=(1, 0, 0))
    t.frame()
    t.post(pygame.MOUSEBUTTONUP, pos=(top.centerx, top.top), button=1)
    t.frame()
    assert t.scene.side_scroll == 0 and len(seen(t, "deck")) == 5


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800), (1152, 648), (1024, 640)])
def test_a_column_that_fits_does_not_scroll(size):
    t = sower_table(size)
    assert t.scene.side_over == 0 and t.scene.spot(boards.SCROLL_KEY) is None
    wheel(t, -3)
    assert t.scene.side_scroll == 0
    assert len(seen(t, "sower_perk")) == len(set(t.state.sower_perks))


def test_in_a_short_window_the_sowers_tribe_stands_before_its_perks_on_the_labels_row():
    # at 1024x640 the two rows (the tribe's name, then its Perks) would not fit: one row, the
    # tribe told by its token (as in the designated area), its words in the token's tooltip
    t = sower_table((1024, 640))
    token = t.scene.spot(SowerTribe(1))
    perks = seen(t, "sower_perk")
    assert token is not None and perks
    assert all(abs(sp.rect.centery - token.rect.centery) <= 2 and sp.rect.x > token.rect.right for sp in perks)
    t.move(token.rect.center)
    t.frame()
    assert t.scene.board.hover_key == token.key
    title, lines = tooltips.tip(token.key, t.scene.painted)
    assert title == "Corruption Sower" and f"{t.scene.words.tribe(t.state.tribes[1].id)} serves Doom" in lines[0]
    # a window tall enough for two rows keeps the words on the row
    t = sower_table((1024, 700))
    assert t.scene.spot(SowerTribe(1)) is None

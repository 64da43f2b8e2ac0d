"""The shared boards: Essence decks and discards, Heirloom Herbs, Perk piles, Beacon supply and the
Totem slot, free Attunements, the Doom and Tribe Corruption tracks, the 20 Achievement slots with
the designated area, the Corruption Sower section; and (left column) the Harvest wheel with the bag.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import pygame

from faeriell.engine.card import back_of
from faeriell.engine.words import COLORS, ESSENCE_COLOURS
from faeriell.ui.text import on_rescale
from faeriell.ui.table import theme as T
from faeriell.ui.table.keys import AchievementTile, AchievementToken, AttuneFree, AttuneTaken, CorruptionSpace, DesignatedArea, DesignatedToken, DoomLabel, DoomSpace, HarvestToken, HerbDeck, HerbDiscard, HerbUp, MenaceBag, PerkUp, QuestDeck, QuestDiscard, SetAside, SideScroll, SowerPerk, SowerPile, SowerTribe, SupplyBeacon, TotemCards, TotemPiece, TotemSlot, WheelSpace
from faeriell.engine.preview import achievement_progress
from collections import Counter

COLORS5 = ESSENCE_COLOURS


def _label(surf, p, x, y, s) -> int:
    img = T.text(s, p.fs(13), T.GOLD, True)
    surf.blit(img, (x, y))
    return img.get_height()


def _count(surf, p, center, n, small=False) -> None:
    T.badge(surf, center, str(n), p.fs(12 if small else 13))


def _grid(p, w, tile_w: int | None = None) -> tuple[int, int, int]:
    """The Achievement slots' grid: (columns, tile width, tile height). Five columns, or four
    with larger tiles where a name would not fit five (1024x700), or three where even four
    leave a name no room whole (theme.name_lines; 640x480: "Heirl…" "Herbs", "Inf-" "luence";
    the column then scrolls); `tile_w` narrows the tiles (a short window: fit_side keeps every name whole)."""
    P = p.P
    cols = 5
    tw = (w - (cols - 1) * P(4)) // cols
    if not all(T.fits(word, T.MIN_TEXT, tw - 6) for word in _words(p)):
        cols = 4
        tw = (w - (cols - 1) * P(4)) // cols
        if not _names_fit(_names(p), _name_size(p), tw - 6):
            cols = 3
            tw = (w - (cols - 1) * P(4)) // cols
    if tile_w is not None:
        tw = min(tw, tile_w)
    return cols, tw, round(tw * 48 / 60)


def _names(p) -> tuple[str, ...]:
    return tuple(p.words.achievement(aid) for aid in p.rules.achievement_ids)


def _name_size(p) -> int:
    """The Achievement tiles' names: their font size."""
    return max(T.MIN_TEXT, p.fs(12))


@lru_cache(maxsize=64)
def _names_fit(names: tuple[str, ...], size: int, width: int) -> bool:
    return all(T.name_lines(name, size, width) is not None for name in names)


on_rescale(_names_fit.cache_clear)


def _words(p) -> tuple[str, ...]:
    return tuple(word for aid in p.rules.achievement_ids for word in p.words.achievement(aid).split())


@lru_cache(maxsize=64)
def _narrowest(words: tuple[str, ...], tw: int) -> int:
    """The narrowest tile, from `tw` down, on which every name still fits whole."""
    while tw > 20 and all(T.fits(word, T.MIN_TEXT, tw - 7) for word in words):
        tw -= 1
    return tw


on_rescale(_narrowest.cache_clear)


def _sower_h(p, label_h: int, beside: bool) -> int:
    """The Corruption Sower's rows: its name and state on the label's row, its Perks below, or
    `beside` the label (_sower_beside)."""
    if p.g.coop_like():
        return label_h
    if beside:
        return max(label_h, p.P(26))
    return label_h + p.P(4) + p.P(26)


def _sower_beside(p, w: int, short: bool = False) -> bool:
    """Do the Sower's Perks stand beside its label? While nobody serves Doom, when they fit there
    (with the pile, when a tribe may take one); with a Sower in play only in a window too `short`
    for two rows, its tribe then told by its token before the Perks (the words in its tooltip)."""
    s = p.s
    if p.g.coop_like() or (s.sower is not None and not short):
        return False
    n = len(set(s.sower_perks)) + (1 if SowerPile() in p.index.drops else 0)
    label_w = T.font(p.fs(13), True).size("Corruption Sower")[0] + p.P(10)
    token_w = p.P(18) + p.P(6) if s.sower is not None else 0
    return label_w + token_w + n * (p.P(26) + p.P(3)) + p.P(4) <= w


def side_heights(p, w, k: float = 1.0, tile_w: int | None = None, beside: bool | None = None) -> list[int]:
    """Every section of the shared boards' column, top to bottom, without the gaps between them;
    `k` scales the pieces of the upper sections (decks, Herbs, Perks, Beacons, Attunements),
    `tile_w` narrows the Achievement tiles, `beside`: the Sower's Perks beside its label (by
    default as _sower_beside says for a window that is not short)."""
    if beside is None:
        beside = _sower_beside(p, w)
    P = p.P
    Q = _piece_px(p, k)
    lab = T.font(p.fs(13), True).get_height()
    cols, _tw, th = _grid(p, w, tile_w)
    rows = (len(p.rules.achievement_ids) + cols - 1) // cols
    return [lab + P(2) + Q(45) + _counts_h(p),   # Essence decks (their counts below)
            lab + P(2) + Q(50),                  # Heirloom Herbs
            lab + P(2) + Q(44),                  # Perk tiles
            lab + P(2) + _beacons_h(p, Q),       # Beacons and the Totem (its yellow count below)
            lab + P(2) + Q(48) + P(2),           # Attunements
            lab + P(1) + _doom_h(p) + P(2),      # Doom track
            lab + P(1) + P(22) + P(2),           # Tribe Corruption track
            lab + P(2) + rows * (th + P(4)),     # Achievements (the designated area on the label's row)
            _sower_h(p, lab, beside)]


def _doom_h(p) -> int:
    """A Doom space: its number over the marks of the tokens a Draft there draws; taller than the
    design's where the number's font is (Larger text: it ran into the marks)."""
    P = p.P
    rad = max(1, P(2))
    return max(P(22), T.font(p.fs(11)).get_ascent() + 2 * rad + 2 * max(1, P(2)) + P(3))


def _counts_h(p) -> int:
    """The row of counts under the Essence decks: as the design has it, or as tall as the
    smallest text where that is taller (at 640x480 the counts ran into "Heirloom Herbs")."""
    return max(p.P(13), T.font(p.fs(11), True).get_height() - 1)     # its last pixel row is empty


def _beacons_h(p, Q) -> int:
    """The Beacons' row: the pieces and what hangs below them, each Beacon's count and the
    Totem's "N Yellow", measured in the fonts they are drawn in (never under the smallest
    text: in a short window they reached the Attunements label)."""
    bh, badge = Q(34), T.font(p.fs(12), True).get_height() + 2
    return max(bh + p.P(8), bh // 2 + p.P(10) + badge - badge // 2,
               bh - p.P(3) + T.font(p.fs(11)).get_ascent())      # "N Yellow": no descender


def _piece_px(p, k: float):
    return lambda v: max(1, round(v * p.u * k))


MIN_PIECES = 0.65       # the upper sections' pieces shrink no further to make room below (11 px text
                        # from 1024x640: issue 42 left 30 px over at 0.8)


class SideFit(NamedTuple):
    k: float                 # the upper sections' pieces, scaled
    gap: int                 # between the sections
    tile_w: int | None       # the Achievement tiles narrowed to
    beside: bool             # the Sower's Perks beside its label
    over: int                # by how many px the sections are taller than the room (0: they fit)


def fit_side(p, w, h) -> SideFit:
    """How the whole column shows in `h` px: the gaps first give way (from the design's P(5) to
    P(3)), then the Achievement tiles narrow (never so far that a name would not fit whole:
    1200x700 has wider tiles than 1024x700 and less room for them), then the upper sections'
    pieces (not under MIN_PIECES), then a Sower in play puts its Perks beside its label (under
    about 1024x660 they fell below the window). At 1024x700 the designated area and the
    Corruption Sower used to fall off the bottom. What still does not fit scrolls (draw_side)."""
    fit = _fit(p, w, h, _sower_beside(p, w))
    if fit.over and not fit.beside and _sower_beside(p, w, short=True):
        fit = _fit(p, w, h, True)
    return fit


def _fit(p, w, h, beside: bool) -> SideFit:
    n = 8                                    # gaps between the nine sections
    least = n * p.P(3)                       # a label never touches the pieces above it
    full = sum(side_heights(p, w, 1.0, None, beside))
    k, tile_w = 1.0, None
    if full + least > h:
        cols, tw, _th = _grid(p, w)
        rows = (len(p.rules.achievement_ids) + cols - 1) // cols
        cut = min(tw - _narrowest(_words(p), tw), math.ceil((full + least - h) / (rows * 48 / 60)))
        if cut > 0:
            tile_w = tw - cut
            full = sum(side_heights(p, w, 1.0, tile_w, beside))
    if full + least > h:
        pieces = full - sum(side_heights(p, w, 0.0, tile_w, beside))
        k = max(MIN_PIECES, 1 - (full + least - h) / max(1, pieces))
    sections = sum(side_heights(p, w, k, tile_w, beside))
    room = (h - sections) // n
    # no room left even so (a window shorter still): the column scrolls, its labels clear of the pieces
    gap = min(p.P(5), room) if room >= 0 else p.P(3)
    return SideFit(k, gap, tile_w, beside, max(0, sections + n * gap - h))


SCROLL_KEY = SideScroll()        # the column's scroll bar, while the window is too short for it


def draw_side(surf, p, rect: pygame.Rect, scroll: int = 0) -> int:
    """The shared boards' column in `rect`. Returns by how many px its sections are taller than
    the window leaves them even squeezed (fit_side; 0: they fit): then the column is drawn
    `scroll` px up (clamped), only what shows is pointed at, and a bar at its right edge says
    where the view is (the wheel over the column and a click on the bar move it). Every piece's
    place in the whole column, unscrolled, goes in p.side_places."""
    T.panel(surf, rect, T.PANEL, T.PANEL_EDGE, 0, 0)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 1)
    P = p.P
    x0, w = rect.x + P(10), rect.w - P(20)
    # what the sections leave, shared between their gaps; in a short window smaller pieces above
    fit = fit_side(p, w, rect.h - P(9))
    over = fit.over
    scroll = min(max(0, scroll), over)
    first = len(p.spots.spots)
    clip = surf.get_clip()
    surf.set_clip(rect.clip(clip))
    try:
        _sections(surf, p, x0, rect.y + P(5) - scroll, w, fit)
    finally:
        surf.set_clip(clip)
    for sp in p.spots.spots[first:]:        # where each piece lies in the whole column (side_column.show)
        at = sp.rect.move(0, scroll)
        p.side_places[sp.key] = p.side_places[sp.key].union(at) if sp.key in p.side_places else at
    if over:
        p.keep_spots_within(first, rect)
        _scroll_bar(surf, p, rect, scroll, over)
    return over


def _scroll_bar(surf, p, rect: pygame.Rect, scroll: int, over: int) -> None:
    """A thin bar in the column's right margin: its thumb is the part in view."""
    P = p.P
    bar_w = max(3, P(4))
    track = pygame.Rect(rect.right - bar_w - max(1, P(3)), rect.y + P(3), bar_w, rect.h - P(6))
    pygame.draw.rect(surf, (58, 52, 62), track, border_radius=track.w // 2)
    span = track.h * rect.h // (rect.h + over)
    thumb = pygame.Rect(track.x, track.y + (track.h - span) * scroll // over, track.w, span)
    pygame.draw.rect(surf, T.GOLD, thumb, border_radius=track.w // 2)
    p.spots.add(SCROLL_KEY, track.inflate(P(6), 0).clip(rect))
    # a chevron at the edge where more of the column waits (the Sower's Perks at its foot)
    d = max(8, P(12))
    cx = rect.x + (track.x - rect.x) // 2
    for more, edge, sign in ((scroll < over, rect.bottom - P(3), 1), (scroll > 0, rect.y + P(3), -1)):
        if more:
            tip = (cx, edge)
            pts = [tip, (cx - d, edge - sign * d), (cx + d, edge - sign * d)]
            pygame.draw.polygon(surf, T.PANEL, [(x, y - sign) for x, y in pts])
            pygame.draw.polygon(surf, T.GOLD, pts)


def _sections(surf, p, x0: int, y: int, w: int, fit: SideFit) -> None:
    """The column's sections top to bottom (as side_heights measures them): each renderer draws
    its label and pieces from `y` and returns where the next one starts."""
    for section in SECTIONS:
        y = section(surf, p, x0, y, w, fit)


def _decks(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """Essence decks: top card colour side up, discards Guardian side up (rulebook)."""
    P = p.P
    s = p.s
    Q = _piece_px(p, fit.k)
    y += _label(surf, p, x0, y, "Essence decks") + P(2)
    cw, ch = Q(32), Q(45)
    col_w = w // 5
    for k, col in enumerate(COLORS5):
        cx = x0 + k * col_w + col_w // 2
        deck = s.decks.get(col, [])
        r = pygame.Rect(0, 0, cw, ch)
        r.midtop = (cx - P(12), y)
        if deck:
            for d in (4, 2):
                pygame.draw.rect(surf, (24, 20, 26), r.move(d // 2, d // 2), border_radius=4)
            p.card(surf, col, r, False)
        else:
            pygame.draw.rect(surf, (70, 64, 72), r, 1, border_radius=4)
        p.add(QuestDeck(col), r, sprite=p.spr(f"essence_{col}", ch))
        img = T.text(str(len(deck)), p.fs(11), T.INK, True)     # below: the card's name and letter stay clear
        surf.blit(img, img.get_rect(midtop=(r.centerx, r.bottom + 1)))
        disc = s.discards.get(col, [])
        dr = pygame.Rect(0, 0, Q(24), Q(34))
        dr.topleft = (r.right + P(3), y + Q(7))
        if disc:
            back = back_of(disc[-1])
            if back:
                p.card_back(surf, back, dr)
            else:
                img = p.spr(f"essence_{col}", dr.h)
                surf.blit(img, img.get_rect(center=dr.center))
        else:
            pygame.draw.rect(surf, (70, 64, 72), dr, 1, border_radius=3)
        p.add(QuestDiscard(col), dr)
        img = T.text(str(len(disc)), p.fs(11), T.INK_DIM)
        surf.blit(img, img.get_rect(midtop=(dr.centerx, r.bottom + 1)))
    return y + ch + _counts_h(p) + fit.gap


def _heirloom_herbs(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """Heirloom Herbs: deck, three face up, discard."""
    P = p.P
    s = p.s
    gap = fit.gap
    Q = _piece_px(p, fit.k)
    label_right = x0 + T.font(p.fs(13), True).size("Heirloom Herbs")[0]
    y += _label(surf, p, x0, y, "Heirloom Herbs") + P(2)
    hh = Q(50)
    hw = round(hh * 60 / 84)
    r = pygame.Rect(x0, y, hw, hh)
    p.hidden_card(surf, r, "herb_back")
    badge = T.font(p.fs(12), True).get_height() + 2          # a count's badge (_count), its height
    # the deck's count on its lower edge, or inside the card where it would reach the next label
    low = r.bottom - P(2) if badge - badge // 2 - P(2) <= gap + 1 else r.bottom - badge + badge // 2
    _count(surf, p, (r.centerx, low), len(s.herb_deck), True)
    p.spots.add(HerbDeck(), r)
    for k, h in enumerate(s.herbs_up):
        rr = pygame.Rect(x0 + (k + 1) * (hw + P(8)) + P(4), y, hw, hh)
        img = p.spr(f"herb_{h}", hh)
        key = HerbUp(h)
        p.piece(surf, key, img, rr)
    r = pygame.Rect(x0 + 4 * (hw + P(8)) + P(8), y, hw, hh)
    pygame.draw.rect(surf, (70, 64, 72), r, 1, border_radius=4)
    if s.herb_discard:
        surf.blit(T.greyed(p.spr(f"herb_{s.herb_discard[-1]}", hh)), r)
    # the discard's count on its upper edge (the name is at the bottom), inside the slot where it
    # would reach the label's words
    high = r.top + P(2) if label_right + P(4) <= r.centerx - badge else r.top + badge // 2
    _count(surf, p, (r.centerx, high), len(s.herb_discard), True)
    p.spots.add(HerbDiscard(), r)
    return y + hh + gap


def _perk_piles(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """Perk piles: four face-up piles (rulebook setup step 4)."""
    P = p.P
    Q = _piece_px(p, fit.k)
    y += _label(surf, p, x0, y, "Perk tiles") + P(2)
    pw = Q(44)
    for k, pile in enumerate(p.s.perk_piles[:4]):
        rr = pygame.Rect(x0 + k * (pw + P(34)), y, pw, pw)
        if pile:
            for d in (4, 2):
                if len(pile) > d // 2:
                    pygame.draw.rect(surf, (24, 20, 26), rr.move(d // 2, d // 2), border_radius=6)
            key = PerkUp(pile[0])
            img = p.spr(f"perk_{pile[0]}", pw)
            p.piece(surf, key, img, rr)
        else:
            pygame.draw.rect(surf, (70, 64, 72), rr, 1, border_radius=4)
        img = T.text(f"{len(pile)}", p.fs(12), T.INK_DIM)
        surf.blit(img, (rr.right + P(5), rr.bottom - img.get_height()))
    return y + pw + fit.gap


def _beacons(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """The Beacon supply and the Totem slot."""
    P = p.P
    s = p.s
    Q = _piece_px(p, fit.k)
    y += _label(surf, p, x0, y, "Beacons & Spiritual Totem") + P(2)
    bh = Q(34)
    for k, col in enumerate(COLORS):
        n = s.beacon_supply.get(col, 0)
        c = (x0 + P(18) + k * P(44), y + bh // 2)
        img = p.spr(f"beacon_{col}", bh)
        key = SupplyBeacon(col)
        if n > 0:
            if not (p.lifted == key and n == 1):
                T.blit_center(surf, img, c)
            p.add(key, c, bh * 0.45, sprite=img)
        else:
            T.blit_center(surf, T.greyed(img), c)
            p.spots.add_circle(key, c, bh * 0.45)
        _count(surf, p, (c[0] - P(14), c[1] + P(10)), n, True)     # the letter is at the lower right
    _totem(surf, p, pygame.Rect(x0 + P(190), y, P(40), bh), x0 + w)
    return y + _beacons_h(p, Q) + fit.gap


def _totem(surf, p, slot: pygame.Rect, right: int) -> None:
    """The Spiritual Totem's slot, the Yellow cards on it beside it."""
    P = p.P
    y, bh = slot.y, slot.h
    pygame.draw.rect(surf, (36, 32, 40), slot, border_radius=6)
    pygame.draw.rect(surf, T.PANEL_EDGE, slot, 1, border_radius=6)
    tot = p.s.totem
    if tot.get("region") is None:
        img = p.spr("totem", bh)
        if p.lifted != TotemPiece():
            T.blit_center(surf, img, slot.center)
        p.add(TotemPiece(), slot, sprite=img)
    else:
        p.spots.add(TotemSlot(), slot)
    yel = len(tot.get("cards", []))
    for k in range(min(yel, 6)):
        p.card(surf, "yellow", pygame.Rect(slot.right + P(6) + k * P(9), y + P(4), P(18), P(26)), False)
    room = right - slot.right - P(6)
    img = T.fitted(T.first_fitting([f"{yel} Yellow on the Totem", f"{yel} Yellow"], p.fs(11), room), p.fs(11),
                   room, T.INK_DIM)
    surf.blit(img, (slot.right + P(6), y + bh - P(3)))
    p.spots.add(TotemCards(), pygame.Rect(slot.right + P(4), y, min(P(100), right - slot.right), bh + P(8)))


def _attunements(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """The Attunements still on the board; a taken one's place shows its owner's colour."""
    P = p.P
    s = p.s
    Q = _piece_px(p, fit.k)
    y += _label(surf, p, x0, y, "Attunements") + P(2)
    ah = Q(48)
    aw = round(ah * 60 / 84)
    for k, gd in enumerate(p.rules.guardians):
        rr = pygame.Rect(x0 + k * (aw + P(6)), y, aw, ah)
        if gd in s.attunements_free:
            key = AttuneFree(gd)
            img = p.spr(f"attunement_{gd}", ah)
            p.piece(surf, key, img, rr)
        else:
            pygame.draw.rect(surf, (60, 56, 64), rr, 1, border_radius=4)
            owner = next((i for i, t in enumerate(s.tribes) if gd in t.attunements), None)
            if owner is not None:
                surf.blit(T.disc(P(5), p.tribe_rgb(owner)), T.disc(P(5), p.tribe_rgb(owner)).get_rect(center=rr.center))
            p.spots.add(AttuneTaken(gd), rr)
    return y + ah + fit.gap + P(2)


def _tracks(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """The Doom track 0-15 and the Tribe Corruption track 0-5."""
    P = p.P
    lab = _label(surf, p, x0, y, "Doom")
    p.spots.add(DoomLabel(), pygame.Rect(x0, y, T.font(p.fs(13), True).size("Doom")[0], lab))
    y += lab + P(1)
    y = _doom(surf, p, x0, y, w) + fit.gap
    y += _label(surf, p, x0, y, "Tribe Corruption") + P(1)
    return _corruption(surf, p, x0, y, w) + fit.gap


def _achievement_section(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """The Achievements, and the designated area on the label's row."""
    lab = _label(surf, p, x0, y, "Achievements")
    _designated(surf, p, x0 + T.font(p.fs(13), True).size("Achievements")[0] + p.P(12), y, x0 + w, lab)
    y += lab + p.P(2)
    return _achievements(surf, p, x0, y, w, fit.tile_w) + fit.gap


def _sower_section(surf, p, x0: int, y: int, w: int, fit: SideFit) -> int:
    """The Corruption Sower, at the column's foot."""
    _sower(surf, p, x0, y, w, fit.beside)
    return y


# the column's sections in order: side_heights lists their heights in the same order
SECTIONS = (_decks, _heirloom_herbs, _perk_piles, _beacons, _attunements, _tracks, _achievement_section,
            _sower_section)


def _doom(surf, p, x0, y, w) -> int:
    P = p.P
    s = p.s
    n = p.rules.doom_max + 1
    cw = w / n
    h = _doom_h(p)
    for k in range(n):
        r = pygame.Rect(round(x0 + k * cw), y, round(cw) - 1, h)
        draft = p.rules.draft_count(k)
        shade = {1: (70, 60, 58), 2: (96, 58, 50), 3: (124, 46, 40)}.get(draft, (30, 10, 14))
        pygame.draw.rect(surf, shade, r, border_radius=3)
        img = T.text(str(k), p.fs(11), T.INK_DIM)
        surf.blit(img, img.get_rect(center=(r.centerx, r.centery - P(2))))
        _draw_marks(surf, p, r, draft if k < p.rules.doom_max else 0)
        p.spots.add(DoomSpace(k), r)
    tok = p.spr("doom_token", h + P(4))
    T.blit_center(surf, tok, (x0 + (s.doom + 0.5) * cw, y + h / 2))
    return y + h + P(2)


def _draw_marks(surf, p, r: pygame.Rect, n: int) -> None:
    """n small marks along a Doom space's foot: the tokens a Menace Draft draws there (R7)."""
    P = p.P
    rad = max(1, P(2))
    gap = rad * 2 + max(1, P(2))
    x = r.centerx - (n - 1) * gap / 2
    for j in range(n):
        pygame.draw.circle(surf, T.INK_DIM, (round(x + j * gap), r.bottom - rad - max(1, P(2))), rad)


def _corruption(surf, p, x0, y, w) -> int:
    P = p.P
    n = p.rules.corruption_max + 1
    cw = w / n
    h = P(22)
    for k in range(n):
        r = pygame.Rect(round(x0 + k * cw), y, round(cw) - 2, h)
        v = 235 - k * 42
        pygame.draw.rect(surf, (v, v, v - 6 if v > 6 else 0), r, border_radius=3)
        ink = (30, 30, 30) if v > 120 else (220, 220, 220)
        img = T.text(str(k), p.fs(11), ink)
        surf.blit(img, (r.x + P(3), r.y + P(2)))
        here = [i for i, t in enumerate(p.s.tribes) if t.corruption == k]
        for j, i in enumerate(here):
            c = (r.x + P(20) + j * P(12), r.centery)
            surf.blit(T.disc(P(6), p.tribe_rgb(i)), T.disc(P(6), p.tribe_rgb(i)).get_rect(center=c))
        p.spots.add(CorruptionSpace(k), r)
    return y + h + P(2)


def _achievements(surf, p, x0, y, w, tile_w: int | None = None) -> int:
    P = p.P
    s = p.s
    ids = p.rules.achievement_ids
    progress = {e["id"]: e for e in achievement_progress(p.g)}
    me = p.viewer
    cols, tw, th = _grid(p, w, tile_w)
    step = max(tw + P(4), (w - tw) // max(1, cols - 1))      # narrowed tiles still span the column
    for k, aid in enumerate(ids):
        r = pygame.Rect(x0 + (k % cols) * step, y + (k // cols) * (th + P(4)), tw, th)
        img = p.spr(f"achievement_tile_{aid}", th)
        surf.blit(img, img.get_rect(center=r.center))
        # the name in the game's font at every size (over the one printed on the sprite)
        _tile_name(surf, p, img.get_rect(center=r.center), p.words.achievement(aid), img)
        holders = s.achievements.get(aid, [])
        # along the top edge (the name below stays readable), side by side: none hides another's letter
        size = min(P(15), (r.w - P(2)) // max(1, len(holders)) - 1)
        for j, i in enumerate(holders):
            tok = p.spr(f"achievement_{s.tribes[i].id}", size)
            at = surf.blit(tok, (r.x + P(1) + j * (size + 1), r.y + P(1)))
            p.spots.add(AchievementToken(aid, i), at, sprite=tok)    # under the tile's own spot
        e = progress.get(aid)
        if e is not None and e["kind"] == "most" and me < len(e["values"]) and e["values"][me] > 0 \
                and me not in holders:
            # the viewer's progress toward it, e.g. "2/4" (a gold edge when the viewer leads)
            lead = me in e["leaders"]
            tag = T.text(f"{e['values'][me]}/{e['min']}", p.fs(11), T.GOLD if lead else T.INK, True)
            tr = tag.get_rect(topright=(r.right - P(1), r.y + P(1))).inflate(P(4), 0)
            pygame.draw.rect(surf, (20, 18, 24), tr, border_radius=P(3))
            surf.blit(tag, tag.get_rect(center=tr.center))
        p.add(AchievementTile(aid), r)
    rows = (len(ids) + cols - 1) // cols
    return y + rows * (th + P(4))


def _designated(surf, p, x0, y, right, h) -> None:
    """The designated area: tokens that lost their Achievement, free for a next claim (R32),
    on the Achievements label's row from x0 to `right`."""
    P = p.P
    s = p.s
    tokens = [i for i, t in enumerate(s.tribes) for _ in range(t.designated)]
    size = min(P(18), h + P(2))
    room = right - x0 - len(tokens) * (size + P(2))
    # empty, it says so: "Designated area:" followed by nothing read as words cut off
    names = ["Designated area:", "Designated:"] if tokens else ["Designated area: empty", "Designated: empty",
                                                               "Designated area:", "Designated:"]
    label = T.first_fitting(names, p.fs(12), max(1, room))
    img = T.fitted(label, p.fs(12), max(1, room), T.INK_DIM)
    surf.blit(img, (x0, y + (h - img.get_height()) // 2))
    p.spots.add(DesignatedArea(), pygame.Rect(x0, y, right - x0, h))      # under its tokens: they come first
    x = x0 + img.get_width() + P(4)
    step = size + P(2)
    if tokens and x + len(tokens) * step > right:
        step = max(P(6), (right - x - size) // max(1, len(tokens) - 1))
    for k, i in enumerate(tokens):
        tok = p.spr(f"achievement_{s.tribes[i].id}", size)
        c = (x + k * step + size // 2, y + h // 2)
        surf.blit(tok, tok.get_rect(center=c))
        p.add(DesignatedToken(i), c, size / 2, sprite=tok)


TILE_NATIVE_H = 48        # the Achievement tile sprites' own height: their printed name reads there


_PAPER: dict = {}


def _paper(img) -> tuple:
    """The most common colour of a tile's lower half (its parchment), remembered per size."""
    key = (id(img), img.get_size())
    found = _PAPER.get(key)
    if found is None:
        w, h = img.get_size()
        counts = Counter(c for c in (tuple(img.get_at((x, y))) for x in range(w // 6, w - w // 6, 2)
                                     for y in range(h // 2, h - h // 8, 2))
                         if c[3] > 200 and sum(c[:3]) > 3 * 140)      # light and opaque: the parchment
        found = _PAPER[key] = counts.most_common(1)[0][0][:3] if counts else (226, 214, 184)
        if len(_PAPER) > 200:
            _PAPER.clear()
    return found


def _tile_name(surf, p, r: pygame.Rect, name: str, img) -> None:
    """The slot's name in the table's font over the tile's lower half: a tile scaled below its
    native size would shrink its printed name under the smallest readable text."""
    size = _name_size(p)
    band = pygame.Rect(r.x + 3, r.y + r.h * 52 // 100, r.w - 6, r.h - r.h * 52 // 100 - 1)
    lines = T.name_lines(name, size, band.w) or list(T.wrap(name, size, band.w))
    if len(lines) > 2:
        lines = [lines[0], T.fit_text(" ".join(lines[1:]), size, band.w)]
    lh = T.font(size).get_linesize()
    if len(lines) > 1:
        lh = lh * 4 // 5                    # two lines: the font's line gap is mostly accent room
    need = lh * len(lines) + (T.font(size).get_linesize() - lh) + 2
    if need > band.h:                       # a small tile: the band grows up over the picture,
        band.y, band.h = band.bottom - need, need     # so both lines stay on the paper, whole
    paper = _paper(img)
    pygame.draw.rect(surf, paper, band, border_radius=2)
    y = band.centery - lh * len(lines) // 2 - (T.font(size).get_linesize() - lh) // 2
    for line in lines:
        txt = T.fitted(line, size, band.w, (40, 32, 24))
        surf.blit(txt, txt.get_rect(midtop=(band.centerx, y)))
        y += lh


def _sower(surf, p, x0, y, w, beside: bool) -> None:
    """The Corruption Sower: its name and state on the label's row, then its Perks (and the pile
    a tribe lost to Corruption takes one from); `beside`: the Perks on the label's row (while
    nobody serves Doom, or in a short window, the serving tribe's token before them)."""
    P = p.P
    s = p.s
    sz = P(26)
    lab_h = T.font(p.fs(13), True).get_height()
    row = max(lab_h, sz) if beside else lab_h
    _label(surf, p, x0, y + (row - lab_h) // 2, "Corruption Sower")
    x = x0 + T.font(p.fs(13), True).size("Corruption Sower")[0] + P(10)
    if not beside:
        room = x0 + w - x
        if s.sower is not None:
            say = [f"{p.words.tribe(s.tribes[s.sower].id)} serves Doom", "in play"]
        elif p.g.coop_like():
            say = ["Not in play (coop / solo)", "not in play"]
        else:
            say = ["none yet"]
        img = T.fitted(T.first_fitting(say, p.fs(12), room), p.fs(12), room,
                       T.INK if s.sower is not None else T.INK_DIM)
        surf.blit(img, (x, y + (lab_h - img.get_height()) // 2))
        if p.g.coop_like():
            return
        y += lab_h + P(4)
        x = x0
    else:
        if s.sower is not None:                 # who serves Doom: its token, as in the designated area
            tok = p.spr(f"achievement_{s.tribes[s.sower].id}", P(18))
            c = (x + P(9), y + row // 2)
            surf.blit(tok, tok.get_rect(center=c))
            p.spots.add_circle(SowerTribe(s.sower), c, P(9), sprite=tok)
            x += P(18) + P(6)
        y += (row - sz) // 2
    for perk in sorted(set(s.sower_perks)):
        if x + sz > x0 + w:
            break
        r = pygame.Rect(x, y, sz, sz)
        key = SowerPerk(perk)
        img = p.spr(f"perk_{perk}", sz)
        p.piece(surf, key, img, r)
        x += sz + P(3)
    if SowerPile() in p.index.drops:
        r = pygame.Rect(x + P(4), y, sz, sz)
        p.hidden_card(surf, r, "sower_back")
        p.add(SowerPile(), r, sprite=p.spr("perk_sow-dread", sz))


# --------------------------------------------------------------------------- harvest wheel + bag

def draw_wheel(surf, p, rect: pygame.Rect) -> None:
    P = p.P
    s = p.s
    T.panel(surf, rect, T.PANEL, T.PANEL_EDGE, 0, 0)
    _label(surf, p, rect.x + P(8), rect.y + P(5), "Harvest")
    wheel = p.rules.wheel
    n = len(wheel)
    ww = rect.w - P(50)
    R = min(ww / 2 - P(16), (rect.h - P(30)) / 2 - P(14))
    cx, cy = rect.x + P(4) + ww / 2, rect.y + P(20) + (rect.h - P(20)) / 2
    pygame.draw.circle(surf, (60, 52, 44), (cx, cy), R + P(14))
    pygame.draw.circle(surf, T.PANEL_EDGE, (cx, cy), R + P(14), 2)
    pygame.draw.circle(surf, (40, 34, 30), (cx, cy), R - P(14))
    icon = P(22)
    gems = set(s.winter_gems)
    for k, space in enumerate(wheel):
        ang = -math.pi / 2 + 2 * math.pi * k / n          # clockwise from the top (R11)
        c = (cx + R * math.cos(ang), cy + R * math.sin(ang))
        name = f"guardian_{space}" if space in p.rules.guardians else f"terrain_{space}"
        T.blit_center(surf, p.spr(name, icon), c)
        p.spots.add_circle(WheelSpace(k), c, icon * 0.62)
        if k in gems:
            T.blit_center(surf, p.spr("action_gem", P(12)), (c[0] + icon * 0.4, c[1] - icon * 0.4))
        if k == s.harvest:
            key = HarvestToken()
            img = p.spr("harvest_token", P(22))
            ic = (cx + (R - P(24)) * math.cos(ang), cy + (R - P(24)) * math.sin(ang))
            pygame.draw.line(surf, T.GOLD, ic, c, 2)
            p.piece(surf, key, img, ic, P(12))
    # the bag and the tokens set aside beside it (R6)
    bx = rect.right - P(44)
    by = rect.y + P(26)
    bag = pygame.Rect(bx, by, P(36), P(40))
    T.blit_center(surf, p.spr("bag", P(44)), bag.center)
    t = T.outlined(str(len(s.bag)), p.fs(15), T.INK, bold=True)
    surf.blit(t, t.get_rect(center=(bag.centerx, bag.centery + P(5))))
    p.add(MenaceBag(), bag)
    label = T.text("bag", p.fs(11), T.INK_DIM)
    surf.blit(label, (bag.x + P(6), bag.bottom + P(1)))
    y = max(bag.bottom + P(16), bag.bottom + P(1) + label.get_height())     # under the word at any Text size
    x = bx - P(4)
    for k, tok in enumerate(s.set_aside[:12]):
        kind = p.rules.token_kind(tok)
        name = {"corruption": "corruption_token", "havoc": "havoc_token"}.get(kind, f"menace_{kind}")
        img = p.spr(name, P(15))
        surf.blit(img, (x + (k % 3) * P(14), y + (k // 3) * P(15)))
    p.spots.add(SetAside(), pygame.Rect(x, y - P(2), P(46), P(62)))

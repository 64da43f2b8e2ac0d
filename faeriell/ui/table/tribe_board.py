"""Player boards: the acting tribe's board large along the bottom, the others small beside it.

Large: Phase tiles; active Heroes with level, Action gems, Perks and Quest pool; inactive Heroes;
the Essence pool as cards (colour + symbol; the owner also sees the Guardian backs, R4);
Settlements left; Achievement token slots (R12); the Menace track (R9); Herbs and Attunements,
turned sideways while used this round.
"""
from __future__ import annotations

import pygame

from faeriell.engine.card import back_of, colour_of
from faeriell.engine.effects import spent_copies
from faeriell.engine.setup import cards_asked_now
from faeriell.engine.words import COLORS, ESSENCE_COLOURS, PHASES
from faeriell.ui.table import theme as T
from faeriell.ui.table.keys import AchievementTile, AttuneOwn, FirstPlayer, HerbOwn, HeroSlot, InactiveHero, MenaceTrack, PerkTile, PhaseTile, PoolCard, QuestCard, SetupCard, SlotToken, SupplySettlement, TokenSlot, TribeBoard, TribeSmall
from faeriell.engine.preview import achievement_progress

ORDER = {"red": 0, "yellow": 1, "blue": 2, "green": 3, "corruption": 4, "?": 5}


def _sorted_cards(cards):
    return sorted(cards, key=lambda c: (ORDER.get(colour_of(c), 9), c))


def draw_board(surf, p, rect: pygame.Rect, i: int, looking: bool = False) -> None:
    """Tribe i's board, large. `looking`: another tribe's, shown while the acting one waits in
    the small boards (its hidden cards stay hidden: `p.view` masks them). Its layout: the band on
    top; below it column A (the Phase tiles), column B (the Heroes, the Essence row under them)
    and column C (Settlements, Achievement slots, the Menace track)."""
    P = p.P
    T.panel(surf, rect, T.PANEL, T.PANEL_EDGE, 0, 0)
    p.spots.add(TribeBoard(i), rect)
    band = pygame.Rect(rect.x, rect.y, rect.w, P(24))
    _board_band(surf, p, band, i, looking)
    top = band.bottom + P(5)
    _phase_tiles(surf, p, rect.x + P(8), top, i)
    bx = rect.x + P(64)
    cw_total = rect.w - P(64) - P(200)
    hh = P(132)          # the board's height, less its band, the Essence row and margins: room for Quests
    _heroes_row(surf, p, pygame.Rect(bx, top, cw_total, hh), i)
    _essence_row(surf, p, rect, bx, cw_total, top + hh + P(6), i)
    _column_c(surf, p, rect, top, i)


def _board_band(surf, p, band: pygame.Rect, i: int, looking: bool) -> None:
    """The header band: the tribe's name and seat, the First Player token, the Tribe Corruption
    and the nearest Achievements, the claimed Achievements at the right."""
    P = p.P
    s = p.s
    t = s.tribes[i]
    trgb = p.tribe_rgb(i)
    pygame.draw.rect(surf, T.shade(trgb, -70), band)
    pygame.draw.line(surf, trgb, band.bottomleft, band.bottomright, 2)
    x = band.x + P(8)
    name = f"{p.words.tribe(t.id)}  ·  Player {i + 1}"
    if p.session.seats[i] != "human":
        name += f"  ·  bot ({p.session.seats[i]})"
    if looking:
        name += "  ·  looking (click your board to return)"
    img = T.text(name, p.fs(17), T.INK, True)
    surf.blit(img, (x, band.centery - img.get_height() // 2))
    x += img.get_width() + P(14)
    if s.first_player == i:
        fp = p.spr("first_player", P(20))
        surf.blit(fp, fp.get_rect(midleft=(x, band.centery)))
        p.spots.add(FirstPlayer(), fp.get_rect(midleft=(x, band.centery)))
        x += P(26)
    info = f"Tribe Corruption {t.corruption}   ·   {len(t.achievements)} Achievement{'s' if len(t.achievements) != 1 else ''}"
    if t.sower:
        info += "   ·   Corruption Sower"
    near = p.words.nearest_achievements(achievement_progress(p.g), i)
    tiles = len(t.achievements) * (P(20) + P(3))        # achievement_mark: P(20) square each
    room = band.right - P(10) - tiles - x
    # as many of the nearest Achievements as fit whole (each tile shows its progress too)
    options = [info + "   ·   Nearest: " + "; ".join(near[:k]) for k in range(len(near), 0, -1)]
    info = T.first_fitting(options + [info, info.replace("   ·   ", " · ")], p.fs(13), room)
    img = T.fitted(info, p.fs(13), room, T.INK_DIM)
    surf.blit(img, (x, band.centery - img.get_height() // 2))
    # claimed achievements, small, at the right of the band
    ax = band.right - P(6)
    for aid in reversed(t.achievements):
        tile = achievement_mark(p, aid, P(20))
        r = tile.get_rect(midright=(ax, band.centery))
        surf.blit(tile, r)
        p.spots.add(AchievementTile(aid), r)
        ax = r.left - P(3)


def _phase_tiles(surf, p, x: int, top: int, i: int) -> None:
    """Column A: the Phase tiles, turned once used this round, the one being played ringed."""
    P = p.P
    s = p.s
    t = s.tribes[i]
    ts = P(46)
    for k, ph in enumerate(PHASES):
        r = pygame.Rect(x, top + k * (ts + P(6)), ts, ts)
        done = ph in t.phases_done
        now = s.active == i and s.phase == ph
        img = p.spr(f"phase_{ph}_{'down' if (done or now) else 'up'}", ts)
        surf.blit(img, r)
        phase_word(surf, p, r, ph, done or now)
        if now:
            pygame.draw.rect(surf, T.GOLD, r.inflate(4, 4), 2, border_radius=6)
        p.add(PhaseTile(i, ph), r)


def _heroes_row(surf, p, row: pygame.Rect, i: int) -> None:
    """Column B's top: the active Heroes' panels, the coop/solo set-up cards while they are
    asked for, and the inactive Heroes in a narrow column at the row's end."""
    P = p.P
    t = p.s.tribes[i]
    tv = p.view["tribes"][i]
    own = p.viewer == i
    bx, top, cw_total, hh = row.x, row.y, row.w, row.h
    inw = P(40)
    hw = (cw_total - inw - 3 * P(5)) // 3
    for k, (h, hero) in enumerate(t.heroes.items()):
        r = pygame.Rect(bx + k * (hw + P(5)), top, hw, hh)
        _hero_panel(surf, p, r, i, h, hero, tv["heroes"][h], own)
    # inactive Heroes: a narrow column at the end of the Hero row
    ix = bx + cw_total - inw
    # coop / solo set-up: the revealed Essence cards whose Areas take the Settlement asked now
    # (the engine says which step that is; left-over cards wait unseen through the Hero's steps)
    setup_cards = (tv.get("setup_cards") or []) if cards_asked_now(p.g, i) else []
    if setup_cards:
        sx = bx + len(t.heroes) * (hw + P(5))
        _setup_cards(surf, p, pygame.Rect(sx, top, ix - P(6) - sx, hh), i, setup_cards, own)
    elif not t.heroes:
        img = T.text("No active Hero yet", p.fs(13), T.INK_FAINT)
        surf.blit(img, (bx + P(8), top + P(8)))
    _heroes_off(surf, p, pygame.Rect(ix, top, inw, hh), i)


def _heroes_off(surf, p, col: pygame.Rect, i: int) -> None:
    """The inactive and set-aside Heroes, in their narrow column."""
    P = p.P
    t = p.s.tribes[i]
    hh = col.h
    pygame.draw.rect(surf, (36, 32, 40), col, border_radius=6)
    img = T.text("off", p.fs(11), T.INK_FAINT)
    surf.blit(img, img.get_rect(midtop=(col.centerx, col.y + P(2))))
    isz = P(30)
    heroes_off = list(t.inactive) + list(t.set_aside)
    step = min(isz + P(4), (hh - P(16)) // max(1, len(heroes_off))) if heroes_off else 0
    for k, h in enumerate(heroes_off):
        c = (col.centerx, col.y + P(14) + isz // 2 + k * step)
        key = InactiveHero(i, h)
        img = p.spr(f"hero_{h}_{t.id}", isz)
        if h in t.set_aside:
            T.blit_center(surf, T.greyed(img), c)
            continue
        if p.lifted != key:
            T.blit_center(surf, img if p.active_key(key) else T.greyed(img), c)
        p.add(key, c, isz * 0.5, sprite=img)


def _essence_row(surf, p, rect: pygame.Rect, bx: int, cw_total: int, py: int, i: int) -> None:
    """The Essence pool, Herbs and Attunements (bottom of columns A and B).
    The row runs from the board's left edge (the Phase tiles end above the cards) to column C;
    the Herbs and Attunements take what their pieces need (at most what they always had), the
    pool the rest: a crowded pool's cards stay wide enough apart for their Guardians to read."""
    P = p.P
    t = p.s.tribes[i]
    tv = p.view["tribes"][i]
    own = p.viewer == i
    row_x, row_r = rect.x + P(8), bx + cw_total
    ess = T.text(f"Essences ({len(tv['essences'])})", p.fs(12), T.GOLD, True)
    surf.blit(ess, (bx, py))
    cards = _sorted_cards(tv["essences"])
    # under the labels' letters: in a small window the smallest text is taller than the design's row
    cy = py + max(P(15), ess.get_bounding_rect().bottom + 1)
    ch = min(P(56), rect.bottom - cy - P(5))
    cw = round(ch * 60 / 84)
    avail = row_r - row_x - P(6)
    herbs_w = min(_herbs_need(p, t, ch), max(avail - len(cards) * (cw + P(4)), P(144)))
    pool_w = avail - herbs_w
    step = cw + P(4)
    x0 = bx                                   # under its label while the cards fit there side by side
    if len(cards) * step > row_x + pool_w - bx:
        x0 = row_x
        if len(cards) * step > pool_w:
            step = max(P(8), (pool_w - cw) // max(1, len(cards) - 1))
    for k, c in enumerate(cards):
        r = pygame.Rect(x0 + k * step, cy, cw, ch)
        p.card(surf, c, r, own, seen_w=cw if k == len(cards) - 1 else min(cw, step))
        p.spots.add(PoolCard(i, c), r if k == len(cards) - 1 else pygame.Rect(r.x, r.y, step, r.h))
    hx = row_r - herbs_w
    room = row_r - (bx + ess.get_width() + P(12))
    label = T.fitted("Herbs & Attunements", p.fs(12), room, T.GOLD, True)
    surf.blit(label, (min(hx, row_r - label.get_width()), py))     # over its pieces, or ending where they end
    _herbs(surf, p, pygame.Rect(hx, cy, herbs_w, ch), i, t)


def _column_c(surf, p, rect: pygame.Rect, top: int, i: int) -> None:
    """Column C: Settlements left, Achievement token slots, the Menace track, each under its label."""
    cx = rect.right - p.P(196)
    room = rect.right - p.P(4) - cx
    y = _settlements(surf, p, cx, top, room, i)
    y = _slots(surf, p, cx, y, room, i)
    _menace_track(surf, p, cx, y, room, i)


def _settlements(surf, p, cx: int, y: int, room: int, i: int) -> int:
    """Settlements left; the top empty slot shows the Harvest reach (R10). Returns the y below."""
    P = p.P
    t = p.s.tribes[i]
    n_on = len(t.settlements)
    total = p.rules.settlements_per_tribe
    reach = n_on + p.rules.harvest_add
    said = T.first_fitting([f"Settlements  (Harvest up to {reach})", f"Settlements (Harvest up to {reach})",
                            "Settlements"],
                           p.fs(12), room, True)
    y += _label_row(surf, p, said, cx, y, room)
    ss = P(28)
    for k in range(total):
        r = pygame.Rect(cx + k * (ss + P(3)), y, ss, ss)
        pygame.draw.rect(surf, (34, 30, 38), r, border_radius=4)
        pygame.draw.rect(surf, (84, 74, 64), r, 1, border_radius=4)
        if k < n_on:
            img = T.text(str(k + 1 + p.rules.harvest_add), p.fs(12), T.INK_FAINT)
            surf.blit(img, img.get_rect(center=r.center))
        else:
            img = p.spr(f"settlement_{t.id}", ss - P(4))
            key = SupplySettlement(i)
            if k == n_on:
                if p.lifted != key:
                    T.blit_center(surf, img, r.center)
                p.add(key, r, sprite=img)
            else:
                # any Settlement of the supply picks up the next one: a newcomer grabs any of them
                T.blit_center(surf, img, r.center)
                p.spots.add_grip(key, r, sprite=img)
    return y + ss + P(5)


def _slots(surf, p, cx: int, y: int, room: int, i: int) -> int:
    """Achievement token slots (R12). Returns the y below."""
    P = p.P
    t = p.s.tribes[i]
    ss = P(28)
    y += _label_row(surf, p, "Achievement tokens", cx, y, room)
    covered = list(t.slots)
    for k, col in enumerate(p.rules.slots):
        c = (cx + ss // 2 + k * (ss + P(6)), y + ss // 2)
        ring_rgb = p.ess_rgb(col) if col != "any" else (200, 200, 200)
        pygame.draw.circle(surf, T.shade(ring_rgb, -60), c, ss // 2)
        pygame.draw.circle(surf, ring_rgb, c, ss // 2, max(2, P(3)))
        if col == "any":
            for j, cc in enumerate(COLORS):
                pygame.draw.circle(surf, p.ess_rgb(cc), (c[0] - P(6) + (j % 2) * P(12), c[1] - P(6) + (j // 2) * P(12)), P(3))
        if col in covered:
            covered.remove(col)
            key = SlotToken(i, col)
            img = p.spr(f"achievement_{t.id}", ss - P(4))
            p.piece(surf, key, img, c, ss * 0.5)
        else:
            p.spots.add_circle(TokenSlot(i, col), c, ss * 0.5)
    return y + ss + P(5)


def _menace_track(surf, p, cx: int, y: int, room: int, i: int) -> None:
    """The Menace track (R9): a row per colour, the disc on the Menaces solved."""
    P = p.P
    t = p.s.tribes[i]
    y += _label_row(surf, p, "Menaces solved", cx, y, room)
    cell = P(15)
    for row, col in enumerate(COLORS):
        for k in range(p.rules.menace_max + 1):
            r = pygame.Rect(cx + P(2) + k * (cell + P(12)), y + row * (cell + P(1)), cell + P(10), cell)
            pygame.draw.rect(surf, T.shade(p.ess_rgb(col), -90), r, border_radius=3)
        v = t.solved.get(col, 0)
        c = (cx + P(2) + v * (cell + P(12)) + (cell + P(10)) // 2, y + row * (cell + P(1)) + cell // 2)
        surf.blit(T.disc(cell // 2, p.ess_rgb(col)), T.disc(cell // 2, p.ess_rgb(col)).get_rect(center=c))
        p.add(MenaceTrack(i, col), c, cell * 0.6)


def _label_row(surf, p, text: str, x: int, y: int, room: int) -> int:
    """A column C label; returns the height of its row: the design's 14 px, or down to its
    letters' foot in a small window, where the smallest text is taller than that (at 800x520 the
    rows below covered the labels' lower half)."""
    img = T.fitted(text, p.fs(12), room, T.GOLD, True)
    surf.blit(img, (x, y))
    return max(p.P(14), img.get_bounding_rect().bottom + 1)


def _setup_cards(surf, p, r, i, cards, own) -> None:
    """The Essence cards a coop/solo tribe revealed to place its starting Settlements: their
    backs name the Areas (the owner sees them, R4); the Regions of those Areas glow on the island."""
    P = p.P
    pygame.draw.rect(surf, (40, 46, 56), r, border_radius=6)
    pygame.draw.rect(surf, T.AIM, r, 2, border_radius=6)
    x0 = r.x + P(8)
    surf.blit(T.text("Revealed Essence cards", p.fs(13), T.GOLD, True), (x0, r.y + P(5)))
    words = "Place a Settlement in the Area of one of these cards"
    # one line, condensed a little if need be, before two: a short window's box has height for
    # the cards only when the note takes one line
    one = T.font(p.fs(12)).size(words)[0] <= (r.w - P(16)) / T.SQUEEZE
    note = [words] if one else T.wrap(words, p.fs(12), r.w - P(16))[:2]
    lh = T.font(p.fs(12)).get_linesize()
    y = r.y + P(20)
    for line in note:
        surf.blit(T.fitted(line, p.fs(12), r.w - P(16), T.INK), (x0, y))
        y += lh
    y += P(3)
    # the names under the cards: as tall as their letters are drawn (never under the smallest
    # text) and each card's step as wide as the widest name and a gap, so at 800x520 "Owl",
    # "Turtle", "Stag", "Snake" neither ran together nor hung below the box
    size = p.fs(11)
    names = [p.words.region(b) if (b := back_of(c) if own else None) else "" for c in cards]
    label_h = max(P(13), T.font(size, True).get_height() + P(1))
    ch = max(P(20), min(P(58), r.bottom - y - label_h - P(4)))
    cw = round(ch * 60 / 84)
    gap = P(6)
    widest = max([T.font(size, True).size(n)[0] for n in names if n] or [0])
    room = r.w - P(16)
    step = max(cw, widest) + gap
    if len(cards) * step - gap > room:
        step = max(P(10), (room + gap) // max(1, len(cards)))
    x0 += max(0, (step - gap - cw) // 2)               # the first name starts at the box's margin
    for k, c in enumerate(cards):
        cr = pygame.Rect(x0 + k * step, y, cw, ch)
        back = back_of(c) if own else None
        if back:
            p.card_back(surf, back, cr)                # its Guardian as large as the card
            name = T.fitted(names[k], size, step - gap, T.INK, True)
            surf.blit(name, name.get_rect(midtop=(cr.centerx, cr.bottom + P(1))))
        else:
            p.hidden_card(surf, cr)
        p.spots.add(SetupCard(i, c), cr.inflate(P(4), label_h))


def _hero_panel(surf, p, r, i, h, hero, hv, own) -> None:
    P = p.P
    t = p.s.tribes[i]
    hcol = p.rules.hero_color.get(h, "corruption")
    edge = p.ess_rgb(hcol) if hcol in ESSENCE_COLOURS else T.PANEL_EDGE
    pygame.draw.rect(surf, T.PANEL_HI, r, border_radius=6)
    pygame.draw.rect(surf, edge, r, 2, border_radius=6)
    key = HeroSlot(i, h)
    # the header: the Hero's picture, its name, "Level N" and its Action gems, each row below the
    # one above as tall as its words are drawn (never under the smallest text: in a small window
    # the rows ran into one another). A name with no room beside the picture ("Corrup…" in a
    # Sower's panel at 800x520) runs across the panel's top, broken between words, or a word too
    # wide at a syllable (theme.name_lines), the picture below it.
    name, size = p.words.hero(h), p.fs(15)
    tx = r.x + P(48)
    name_h = T.font(size, True).get_height() - 1
    across = not T.fits(name, size, r.right - P(6) - tx, True)
    y, pic, ic = r.y + P(5), P(40), (r.x + P(24), r.y + P(24))
    if across:
        y = r.y + P(3)
        for line in T.name_lines(name, size, r.w - P(10), True) or [name]:
            surf.blit(T.fitted(line, size, r.w - P(10), T.INK, True), (r.x + P(5), y))
            y += name_h
        pic = min(pic, T.font(p.fs(12)).get_ascent() + P(15))      # beside "Level N" and the gems
        ic = (r.x + P(4) + pic // 2, y + pic // 2)
        tx = r.x + P(8) + pic
    img = p.spr(f"hero_{h}_{t.id}", pic)
    if p.lifted != key or hero.node:
        T.blit_center(surf, img, ic)
    p.add(key, r, sprite=img).piece = ic          # the figure, where a hint's arrow starts
    if not across:                       # the name beside the picture
        surf.blit(T.fitted(name, size, r.right - P(6) - tx, T.INK, True), (tx, y))
        y += name_h
    y = max(y, r.y + P(20))
    surf.blit(T.text(f"Level {hero.level}", p.fs(12), T.INK_DIM), (tx, y))
    y = max(y + T.font(p.fs(12)).get_ascent() + 1, r.y + P(33))        # "Level N" has no descender
    if not hero.node:
        surf.blit(T.text("not on the map", p.fs(11), T.GLOW), (tx, max(y - P(1), r.y + P(32))))
        y = max(y - P(1) + T.font(p.fs(11)).get_height() - 1, r.y + P(44))
    # Action gems left / lost
    gem = p.spr("action_gem", P(13))
    full = p.g.max_gems(hero)
    for k in range(max(full, hero.gems)):
        surf.blit(gem if k < hero.gems else T.greyed(gem), (tx + k * P(14), y))
    # Perks (four slots), below the header
    ps = min(P(30), (r.w - P(10)) // 4 - P(2))
    py = max(r.y + P(52), y + gem.get_height() + P(3), ic[1] + pic // 2 + P(2))
    _perks(surf, p, r, py, ps, i, h, hero)
    _quests(surf, p, r, py + ps + P(5), i, h, hero, hv["quests"], own)


def _perks(surf, p, r, py: int, ps: int, i: int, h: str, hero) -> None:
    """A Hero's four Perk slots, a used copy crossed out."""
    P = p.P
    t = p.s.tribes[i]
    for k in range(p.rules.max_level - 1):
        rr = pygame.Rect(r.x + P(5) + k * (ps + P(3)), py, ps, ps)
        if k < len(hero.perks):
            perk = hero.perks[k]
            surf.blit(p.spr(f"perk_{perk}", ps), rr)
            # R43: each copy of a tile has its own Special gem; cross out only the copies used
            if hero.perks[:k].count(perk) < spent_copies(t, h, perk):
                pygame.draw.line(surf, (40, 30, 30), rr.bottomleft, rr.topright, 2)
            p.add(PerkTile(i, h, perk), rr)
        else:
            pygame.draw.rect(surf, (70, 64, 72), rr, 1, border_radius=4)


def _quests(surf, p, r, qy: int, i: int, h: str, hero, quests, own: bool) -> None:
    """A Hero's Quest pool: the owner sees the cards, each with its Guardian large enough to
    tell at a glance (the Hero must stand next to it); others see a hidden back (R4)."""
    P = p.P
    qh = r.bottom - qy - P(4)
    qw = round(qh * 60 / 84)
    step = qw + P(3)
    if len(quests) > 1 and P(5) + len(quests) * step > r.w - P(3):
        step = max(P(8), (r.w - P(8) - qw) // (len(quests) - 1))     # a long Quest pool overlaps
    for k, c in enumerate(quests):
        rr = pygame.Rect(r.x + P(5) + k * step, qy, qw, qh)
        key = QuestCard(i, h, c)
        if p.lifted != key:
            p.card(surf, c, rr, own)
        sprite = p.spr(f"essence_{colour_of(c)}", qh) if c != "?" else None
        p.add(key, rr if k == len(quests) - 1 else pygame.Rect(rr.x, rr.y, step, rr.h), sprite=sprite)
    if quests:
        img = T.text(f"{len(quests)}/{hero.level} Quests", p.fs(11), T.INK_DIM)
        x = r.x + P(8) + (len(quests) - 1) * step + qw
        if x + img.get_width() <= r.right - P(3):
            at = (x, qy + qh // 2 - img.get_height() // 2)
            surf.blit(img, at)
            p.spots.add_caption(img, at, T.PANEL_HI)     # a ring round the card leaves it readable


def _herbs_need(p, t, h: int) -> int:
    """The width the tribe's Herbs and Attunements take side by side in a row `h` px tall (or
    their "none yet")."""
    n = len(t.herbs) + len(t.attunements)
    if not n:
        return T.text(NONE_YET, p.fs(11), T.INK_FAINT).get_width()
    ch = min(h, p.P(48))
    cw = round(ch * 60 / 84)
    turned = min(n, len(t.rotated))            # turned sideways while used this round: as wide as tall
    return n * (cw + p.P(4)) - p.P(4) + turned * (ch - cw)


NONE_YET = "none yet"


def _herbs(surf, p, r, i, t) -> None:
    P = p.P
    cards = [("herb", h) for h in t.herbs] + [("attunement", a) for a in t.attunements]
    if not cards:
        img = T.text(NONE_YET, p.fs(11), T.INK_FAINT)
        surf.blit(img, (r.right - img.get_width(), r.y + P(4)))
        return
    ch = min(r.h, P(48))
    step = None                  # side by side (a turned one as wide as it is tall), or fanned
    if _herbs_need(p, t, r.h) > r.w:
        step = max(P(6), (r.w - ch) // max(1, len(cards) - 1))
    rotated_left: dict[str, int] = {}
    for x in t.rotated:
        rotated_left[x] = rotated_left.get(x, 0) + 1
    x = r.x
    for k, (kind, cid) in enumerate(cards):
        img = p.spr(f"{kind}_{cid}", ch)
        turned = rotated_left.get(cid, 0) > 0
        if turned:
            rotated_left[cid] -= 1
            img = T.rotated(img, 90)
        rr = img.get_rect(topleft=(x if step is None else r.x + k * step, r.y + (ch - img.get_height()) // 2))
        x = rr.right + P(4)
        surf.blit(img, rr)
        key = HerbOwn(i, cid) if kind == "herb" else AttuneOwn(i, cid)
        p.add(key, rr, sprite=img)


def achievement_mark(p, aid: str, size: int) -> pygame.Surface:
    """An Achievement tile's picture alone, `size` px square (the band's claimed Achievements: the
    tile whole at that height left its picture a third of it; the tooltip names it)."""
    tile = p.spr(f"achievement_tile_{aid}", round(size * 48 / 28))
    k = tile.get_height() / 48                  # the tile's picture is centred at (30, 16) of 60x48
    box = pygame.Rect(0, 0, size, size)
    box.center = (round(30 * k), round(17 * k))
    return tile.subsurface(box.clip(tile.get_rect()))


def phase_word(surf, p, r: pygame.Rect, ph: str, used: bool) -> None:
    """A Phase tile's word ("Tribe") under its picture, in the table's font: the tile's sprite
    prints none (at the board's size a printed word shrank to 6 px, issue 42)."""
    k = r.h / 48                                 # the sprite's plate for it: (5, 31, 38, 13) of 48
    band = pygame.Rect(r.x + round(5 * k), r.y + round(31 * k), round(38 * k), round(13 * k))
    img = T.fitted(ph.capitalize(), T.MIN_TEXT, r.w - 4, (40, 32, 24) if not used else (200, 190, 220), True)
    at = img.get_rect(center=(band.centerx, band.centery))
    if at.h > band.h + 4:                        # a larger Text size: the plate grows round the word
        at.bottom = min(at.bottom, r.bottom - 1)
        plate = at.inflate(4, -max(0, at.h - T.font(T.MIN_TEXT, True).get_ascent() - 2)).clip(r)
        plate.centery = at.centery + 1
        pygame.draw.rect(surf, surf.get_at(band.center)[:3], plate.clip(r), border_radius=3)
    surf.blit(img, at)


def phase_mark(p, ph: str, used: bool, size: int) -> pygame.Surface:
    """A Phase tile's picture without its word, `size` px square: the small board's mark of a
    Phase still face up (or, `used`, turned this round) where "Phases left: ..." has no room."""
    tile = p.spr(f"phase_{ph}_{'down' if used else 'up'}", round(size * 48 / 30))
    k = tile.get_height() / 48                  # the tile's picture is centred at (24, 19) of 48
    box = pygame.Rect(0, 0, size, size)
    box.center = (round(24 * k), round(19 * k))
    return tile.subsurface(box.clip(tile.get_rect()))


def _small_rows(p) -> tuple[int, int, int, int, int]:
    """The small board's rows, each as tall as its words are drawn (never under the smallest
    text): the name's, the Heroes', the Essences', a line's, and a line's text."""
    P = p.P
    line_h = T.font(p.fs(12)).get_height() - 1        # its last pixel row is empty
    head = max(P(18), T.font(p.fs(14), True).get_height() + P(1))    # its words clear of the row below
    return (head, max(P(23), P(4) + line_h + P(2)), max(P(20), P(2) + line_h + P(1)), max(P(16), line_h),
            line_h)


def small_height(p) -> int:
    """What a small board needs to show its rows whole, down to the Menaces solved."""
    head, heroes, essences, line, line_h = _small_rows(p)
    return p.P(6) + head + heroes + essences + line + line_h + p.P(4)


def draw_small(surf, p, rect: pygame.Rect, i: int) -> None:
    """Another tribe's board, small. Each row stands under the one above as tall as its words
    are drawn (never under the smallest text), and what has no room whole where the design puts
    it goes where it has (the Tribe Corruption beside the name, else on the Heroes' row, else on
    a line of its own; the Phases left after the Menaces solved, else on a line of their own) or
    is left out, never cut: at 800x520 they read "Corr…" and "Phases left: …"."""
    P = p.P
    trgb = p.tribe_rgb(i)
    T.panel(surf, rect.inflate(-P(4), -P(4)), T.PANEL_HI, T.shade(trgb, -20), 5, 1)
    p.spots.add(TribeSmall(i), rect)
    x, y = rect.x + P(8), rect.y + P(6)
    corruption, achievements = _small_name(surf, p, rect, x, y, i)
    head_h, heroes_h, essences_h, line_step, line_h = _small_rows(p)
    y += head_h
    corruption = _small_heroes(surf, p, rect, x, y, i, corruption, achievements)
    y += heroes_h
    # a line that would run over the panel's edge is left out (at 1024x700 with four tribes the
    # last one was cut through): the board opens large on a click
    bottom = rect.bottom - P(2)                       # the panel's edge
    if y + max(P(17), P(2) + line_h) > bottom:
        return
    _small_essences(surf, p, x, y, i)
    y += essences_h
    _small_lines(surf, p, rect, x, y, i, corruption)


def _small_name(surf, p, rect: pygame.Rect, x: int, y: int, i: int) -> tuple[str | None, int | None]:
    """The small board's name row, with the Tribe Corruption and Achievements where they fit.
    Returns (the Tribe Corruption, the Achievements held), each None once shown here."""
    P = p.P
    t = p.s.tribes[i]
    pygame.draw.circle(surf, p.tribe_rgb(i), (x + P(5), y + P(7)), P(6))
    name = f"{p.words.tribe(t.id)} · P{i + 1}"
    if p.session.seats[i] != "human":
        name += " · bot"
    surf.blit(T.text(name, p.fs(14), T.INK, True), (x + P(15), y))
    name_w = T.font(p.fs(14), True).size(name)[0] + P(24)
    room = rect.w - P(16) - name_w
    n = len(t.achievements)
    options = [f"Corruption {t.corruption} · Achievements {n}", f"Corruption {t.corruption} · {n} Ach.",
               f"Corruption {t.corruption}"]
    corruption = None                    # the Tribe Corruption, when it has no room beside the name
    achievements: int | None = n         # the Achievements held, when they have no room there
    if T.fits(options[-1], p.fs(12), room):
        info = T.first_fitting(options, p.fs(12), room)
        if info != options[-1]:
            achievements = None
        img = T.fitted(info, p.fs(12), room, T.INK_DIM)
        surf.blit(img, (rect.right - P(8) - img.get_width(), y + P(1)))
    else:
        corruption = options[-1]
    return corruption, achievements


def _small_heroes(surf, p, rect: pygame.Rect, x: int, y: int, i: int, corruption: str | None,
                  achievements: int | None) -> str | None:
    """The Heroes with their levels and the Settlements placed; the Tribe Corruption and the
    Achievement token between them where they fit. Returns the Tribe Corruption still to show."""
    P = p.P
    t = p.s.tribes[i]
    hx = x
    digit_w = T.font(p.fs(12), True).size("4")[0]
    for h, hero in t.heroes.items():
        img = p.spr(f"hero_{h}_{t.id}", P(20))
        surf.blit(img, (hx, y))
        surf.blit(T.text(str(hero.level), p.fs(12), T.INK, True), (hx + P(21), y + P(5)))
        hx += max(P(34), P(21) + digit_w + P(4))
    st = p.spr(f"settlement_{t.id}", P(16))
    rect_st = pygame.Rect(rect.right - P(66), y, P(60), P(20))
    surf.blit(st, (rect.right - P(66), y + P(2)))
    surf.blit(T.text(f"{len(t.settlements)} of {p.rules.settlements_per_tribe}", p.fs(12), T.INK),
              (rect_st.x + P(19), y + P(4)))
    between = rect_st.x - P(6) - hx
    if corruption is not None and T.fits(corruption, p.fs(12), between):
        img = T.fitted(corruption, p.fs(12), between, T.INK_DIM)
        surf.blit(img, (hx, y + P(4)))
        hx += img.get_width() + P(2)
        corruption = None
    if achievements is not None and corruption is None:      # the tribe's Achievement token, and how many
        token = p.spr(f"achievement_{t.id}", P(16))
        held = T.text(str(achievements), p.fs(12), T.INK)
        ax = rect_st.x - P(4) - held.get_width() - P(2) - token.get_width()
        if ax >= hx:
            surf.blit(token, (ax, y + P(2)))
            surf.blit(held, (ax + token.get_width() + P(2), y + P(4)))
    return corruption


def _small_essences(surf, p, x: int, y: int, i: int) -> None:
    """Essences by colour (others see colours only, R4)."""
    P = p.P
    counts: dict[str, int] = {}
    for c in p.view["tribes"][i]["essences"]:
        col = colour_of(c)
        counts[col] = counts.get(col, 0) + 1
    ex = x
    for col in ESSENCE_COLOURS:
        r = pygame.Rect(ex, y, P(13), P(17))
        pygame.draw.rect(surf, p.ess_rgb(col), r, border_radius=3)
        count = T.text(str(counts.get(col, 0)), p.fs(12), T.INK)
        surf.blit(count, (r.right + P(3), y + P(2)))
        ex += max(P(30), r.w + P(3) + count.get_width() + P(4))     # the count before the next colour


def _small_lines(surf, p, rect: pygame.Rect, x: int, y: int, i: int, corruption: str | None) -> None:
    """The lines below: the Tribe Corruption if not shown yet, Herbs / Attunements, the Menaces
    solved and the Phases left, each only if it ends above the panel's edge."""
    P = p.P
    t = p.s.tribes[i]
    _, _, _, line_step, line_h = _small_rows(p)
    bottom = rect.bottom - P(2)                       # the panel's edge
    room = rect.w - P(16)
    lines: list[tuple[str, tuple]] = []               # the lines below, in order: (words, colour)
    if corruption is not None:
        lines.append((corruption, T.INK_DIM))
    lines.append((f"Herbs {len(t.herbs)} · Attunements {len(t.attunements)}", T.INK_DIM))
    for words, colour in lines:
        if y + line_h > bottom:
            return
        surf.blit(T.fitted(words, p.fs(12), room, colour), (x, y))
        y += line_step
    if y + line_h > bottom:
        return
    img = T.text("Solved", p.fs(12), T.INK_DIM)
    surf.blit(img, (x, y))
    tx = x + img.get_width() + P(5)
    digit_w = T.font(p.fs(12), True).size("4")[0]
    for col in COLORS:
        surf.blit(T.text(f"{t.solved[col]}", p.fs(12), p.ess_rgb(col), True), (tx, y))
        tx += max(P(14), digit_w + P(4))
    _small_phases(surf, p, x, y, tx, room, bottom, i)


def _small_phases(surf, p, x: int, y: int, tx: int, room: int, bottom: int, i: int) -> None:
    """The Phases left after the Menaces solved, else on a line of their own, else as marks."""
    P = p.P
    s = p.s
    t = s.tribes[i]
    _, _, _, line_step, line_h = _small_rows(p)
    left = [ph.capitalize() for ph in PHASES if ph not in t.phases_done]
    phases = "Phases left: " + (", ".join(left) if left else "none")
    if T.fits(phases, p.fs(12), x + room - tx - P(6)):
        surf.blit(T.fitted(phases, p.fs(12), x + room - tx - P(6), T.INK_FAINT), (tx + P(6), y))
    elif y + line_step + line_h <= bottom and T.fits(phases, p.fs(12), room):
        y += line_step
        surf.blit(T.fitted(phases, p.fs(12), room, T.INK_FAINT), (x, y))
    else:                                # the Phase tiles as marks at the line's end (the tooltip names them)
        size = max(9, min(line_h, P(16)))
        marks = [phase_mark(p, ph, ph in t.phases_done or (s.active == i and s.phase == ph), size) for ph in PHASES]
        mx = x + room - sum(m.get_width() + P(3) for m in marks) + P(3)
        if mx >= tx + P(4):              # all three or none: two would say the wrong thing
            for mark in marks:
                surf.blit(mark, (mx, y + (line_h - mark.get_height()) // 2 + 1))
                mx += mark.get_width() + P(3)


def draw_others(surf, p, rect: pygame.Rect, big: int) -> None:
    T.panel(surf, rect, T.PANEL, T.PANEL_EDGE, 0, 0)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.bottomleft, 1)
    others = [i for i in range(len(p.s.tribes)) if i != big]
    if not others:
        return
    h = rect.h // max(1, len(others))
    h = min(h, max(p.P(110), small_height(p)))      # taller where the smallest text needs it
    for k, i in enumerate(others):
        draw_small(surf, p, pygame.Rect(rect.x, rect.y + k * h, rect.w, h), i)

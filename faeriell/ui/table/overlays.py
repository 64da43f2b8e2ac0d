"""What is drawn over the base picture each frame: highlighted choice places,
the tooltip, the message line and the hot-seat curtain."""
from __future__ import annotations

import pygame

from faeriell.engine.card import back_of
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.table import explain, pieces, tooltips
from faeriell.ui.table.goal import METER_KEY
from faeriell.ui.table import theme as T
from faeriell.ui.table.keys import HarvestToken, RegionSpot, WheelSpace
from faeriell.engine.preview import harvest_preview

TIP_DELAY = 450          # ms the mouse rests before a tooltip shows


def ring(surf, sp, col, w, u: float) -> None:
    w = max(2, round(w * u))
    if sp.radius:
        pygame.draw.circle(surf, col, sp.rect.center, sp.radius + 4, w)
    else:
        pygame.draw.rect(surf, col, sp.rect.inflate(8, 8), w, border_radius=6)


def _outline_region(surf, scene, region: str, col) -> None:
    clip = surf.get_clip()
    surf.set_clip(scene.layout.map)
    pts = pieces.region_outline(scene.map, scene.session.game.rules.board, region)
    pygame.draw.lines(surf, col, True, pts, max(3, round(4 * scene.layout.u)))
    surf.set_clip(clip)


def _light(surf, scene, key, col, w) -> None:
    if isinstance(key, RegionSpot):
        _outline_region(surf, scene, key.region, col)
    else:
        for sp in scene.spots.by_key.get(key, ()):
            ring(surf, sp, col, w, scene.layout.u)


light = _light          # a spot or a Region lit in a colour


def focus_mark(surf, scene, key, point=None, tag: str = "Enter") -> None:
    """What the keyboard is on: a white ring edged in black (a white outline for a Region) and a
    small tag above it saying which key acts. Unlike any other ring on the table."""
    u = scene.layout.u
    P = scene.layout.px
    if isinstance(key, RegionSpot):
        clip = surf.get_clip()
        surf.set_clip(scene.layout.map)
        pts = pieces.region_outline(scene.map, scene.session.game.rules.board, key.region)
        pygame.draw.lines(surf, (0, 0, 0), True, pts, max(6, round(8 * u)))
        pygame.draw.lines(surf, T.FOCUS, True, pts, max(3, round(4 * u)))
        surf.set_clip(clip)
    else:
        for sp in scene.spots.by_key.get(key, ()):
            if sp.radius:
                pygame.draw.circle(surf, (0, 0, 0), sp.rect.center, sp.radius + P(8), max(5, P(7)))
                pygame.draw.circle(surf, T.FOCUS, sp.rect.center, sp.radius + P(7), max(3, P(4)))
            else:
                rr = sp.rect.inflate(P(12), P(12))
                pygame.draw.rect(surf, (0, 0, 0), rr.inflate(P(3), P(3)), max(5, P(7)), border_radius=P(8))
                pygame.draw.rect(surf, T.FOCUS, rr, max(3, P(4)), border_radius=P(7))
    if point is None:
        point = scene.target_point(key)
    if point is not None and tag:
        img = T.text(tag, max(10, P(12)), (16, 16, 20), True)
        ink = img.get_bounding_rect()          # the letters only: the font's line room stays out of the tag
        img = img.subsurface(ink) if ink.w and ink.h else img
        r = _tag_place(surf, scene, key, point, img.get_rect().inflate(P(6), P(5)).size)
        pygame.draw.rect(surf, (0, 0, 0), r.inflate(P(3), P(3)), border_radius=P(5))
        pygame.draw.rect(surf, T.FOCUS, r, border_radius=P(4))
        surf.blit(img, img.get_rect(center=r.center))


def _tag_place(surf, scene, key, point, size) -> pygame.Rect:
    """Where the focus's tag goes: above its piece, else under it, left or right of its ring:
    of those in the window, one that covers none of the table's printed words (a label at the
    shared column's foot, "Corruption Sower", lies just above the Sower's Perks), then the one
    over the fewest other pieces (a Perk beside it), in that order; when every one covers some
    words, the one covering the least of them."""
    P = scene.layout.px
    frame = surf.get_rect()
    x, y = round(point[0]), round(point[1])
    ring = pygame.Rect(x, y, 0, 0)
    for sp in scene.spots.by_key.get(key, ()):
        ring.union_ip(sp.rect.inflate(2 * sp.radius + P(16), 2 * sp.radius + P(16)) if sp.radius
                      else sp.rect.inflate(P(16), P(16)))
    above = pygame.Rect((0, 0), size)
    above.midbottom = (x, y - P(20))
    if above.top < 0:                        # a button along the top edge: the tag goes under it
        above.top = y + P(20)
    above.clamp_ip(frame)
    places = [above]
    for side in ("below", "left", "right"):
        r = pygame.Rect((0, 0), size)
        if side == "below":
            r.midtop = (x, max(y + P(20), ring.bottom + P(2)))
        elif side == "left":
            r.midright = (ring.left - P(2), y)
        else:
            r.midleft = (ring.right + P(2), y)
        if frame.contains(r.inflate(P(3), P(3))):
            places.append(r)
    words = scene.printed_words()
    others = [sp.rect for k, sps in scene.spots.by_key.items() if k != key for sp in sps]

    def covered(r: pygame.Rect) -> int:
        edge = r.inflate(P(3), P(3))
        return sum(edge.clip(w).w * edge.clip(w).h for w in words if edge.colliderect(w))

    def rank(r: pygame.Rect) -> tuple:            # no words hidden; then the fewest pieces
        hid = covered(r)
        return hid > 0, hid, len(r.inflate(P(3), P(3)).collidelistall(others)), places.index(r)
    return min(places, key=rank)


def choice_spots(surf, scene) -> None:
    """The table places that also pick an option of the open choice."""
    if scene.decision.choice.compact:
        return               # the island already shows its places (the decision's aims)
    for key in scene.decision.choice.spot_keys():
        _light(surf, scene, key, T.GLOW, 3)


def setup_area(surf, scene, key) -> None:
    """A revealed set-up card under the mouse: the free Regions of the Area on its back glow."""
    area = back_of(str(key.card))
    if not area:
        return
    g = scene.session.game
    for r in g.rules.board.regions:
        if g.rules.region_area.get(r) == area and g.owner_of(r) is None:
            _outline_region(surf, scene, r, T.GLOW)


def tip(surf, scene) -> None:
    if scene.board.hover_key is None or scene.drag_layer.drag is not None or scene.board.pressed is not None:
        return
    if scene.now - scene.board.hover_since < TIP_DELAY or scene.tray_layer.tray is not None \
            or scene.curtain_layer.tribe is not None:
        return
    try:
        t = tooltips.tip(scene.board.hover_key, scene.painted)
    except (KeyError, IndexError):
        t = None
    if t:
        t = tooltips.honest(t, explain.cannot_pick(scene, scene.board.hover_key))
    if t and (tooltips.topic_of(scene.board.hover_key) or explain.kind_of(scene, scene.board.hover_key)):
        t = (t[0], list(t[1]) + ["? F1: the rule for this"])
    if t:
        tooltips.draw_tip(surf, scene.painted, scene.mouse, t[0], t[1])


def drag_preview(surf, scene) -> None:
    """While the Harvest token is dragged over a stop: what each tribe would get there."""
    d = scene.drag_layer.drag
    if d is None or d.grip != HarvestToken() or d.hover is None or not isinstance(d.hover, WheelSpace) or not d.hover_ok:
        return
    g = scene.session.game
    steps = (d.hover.space - g.state.harvest) % len(g.rules.wheel)
    lines = scene.words.harvest_lines(harvest_preview(g, steps))
    tooltips.draw_tip(surf, scene.painted, scene.mouse, f"Harvest after {steps} step{'s' if steps != 1 else ''}", lines)


RULE_CUE = "F1: the rule behind this"


def message(surf, scene) -> None:
    if not scene.message:
        return
    L = scene.layout
    P = L.px
    size = max(10, P(16))
    lines = list(T.wrap(scene.message, size, L.map.w - P(60)))     # all of it: a message is never cut
    if scene.message_bad and scene.refused_kind:
        lines.append(RULE_CUE)             # the rule behind a refusal is one key away
    lh = T.font(size).get_linesize()
    w = max(T.font(size).size(x)[0] for x in lines) + P(28)
    r = pygame.Rect(0, 0, w, lh * len(lines) + P(12))
    r.midbottom = (L.map.centerx, L.map.bottom - P(10))
    if scene.tray_layer.tray is not None and scene.tray_layer.tray.panel_rect is not None:
        r.bottom = scene.tray_layer.tray.panel_rect.top - P(8)
    card = scene.dialogs.tips.rect if scene.dialogs.shown is not None else None
    if card is not None and r.colliderect(card):
        r.bottom = card.top - P(8)
    hint = scene.coach.hint
    if hint.shown and hint.rect is not None and r.colliderect(hint.rect):
        r.bottom = hint.rect.top - P(8)
    tutor = scene.tutorial                          # the guided step's card: its words stay readable
    step_card = tutor.card if tutor is not None else None
    if step_card is not None and r.colliderect(step_card):
        r.bottom = step_card.top - P(8)
        if r.top < L.map.top:                       # no room above it: under it, or beside it
            r.top = step_card.bottom + P(8)
    meter = scene.spots.first(METER_KEY)        # the goal meter stays in view beside the message
    if meter is not None and r.colliderect(meter.rect):
        r.bottom = min(r.bottom, meter.rect.top - P(8))
    scene.message_rect = r
    bad = scene.message_bad
    T.panel(surf, r, (90, 34, 32) if bad else (34, 44, 36), T.BAD if bad else T.GOOD, P(8), 1)
    y = r.y + P(6)
    for line in lines:
        img = T.text(line, size, T.INK_DIM if line is RULE_CUE else T.INK)
        surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
        y += lh


def curtain(surf, scene) -> None:
    """Hot seat: the whole table covered until the next player clicks (R4 hidden cards)."""
    i = scene.curtain_layer.tribe
    g = scene.session.game
    tid = g.state.tribes[i].id
    surf.fill((22, 20, 26))
    rgb = T.rgb((g.rules.catalog.tribes.get(tid) or {}).get("rgb"), (200, 200, 200))
    draw_backdrop(surf, "curtain", rgb)           # the island, in the colour of the tribe to come
    cx, cy = surf.get_width() // 2, surf.get_height() // 2
    P = scene.layout.px
    # the tribe's Settlement in a ring of its colour, above the words
    pygame.draw.circle(surf, T.shade(rgb, -70), (cx, cy - P(70)), P(46))
    pygame.draw.circle(surf, rgb, (cx, cy - P(70)), P(46), P(4))
    hut = scene.assets.scaled(f"settlement_{tid}", P(60))
    surf.blit(hut, hut.get_rect(center=(cx, cy - P(72))))
    band = pygame.Rect(0, 0, min(surf.get_width() - P(20), P(760)), P(96))
    band.center = (cx, cy + P(28))
    veil = pygame.Surface(band.size, pygame.SRCALPHA)
    veil.fill((14, 12, 20, 170))
    surf.blit(veil, band)
    img = T.text(f"Pass to {scene.words.tribe(tid)} (player {i + 1})", P(40), T.INK, True)
    surf.blit(img, img.get_rect(center=(cx, cy + P(8))))
    img = T.text("The cards of the other tribes are hidden. Click or press Enter when ready.", P(20), T.INK_DIM)
    surf.blit(img, img.get_rect(center=(cx, cy + P(48))))

"""Dragging a piece: what glows, what the mouse is over, and the dimmed table around the targets.

At pick-up the legal targets of the piece come from the MoveIndex (built once per session
version); the overlay (everything dimmed, the targets lit and outlined) is drawn once into a
surface. A mouse motion is then one hit test and a set look-up.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from faeriell.ui.table import theme as T
from faeriell.ui.table.keys import PlayArea, RegionSpot, TableKey
from faeriell.ui.table.pieces import region_outline
from faeriell.ui.table.spots import Spot

THRESHOLD = 4          # px before a press becomes a drag (a click stays a click)
PLAY_AREA = PlayArea()   # the island as a whole (a Phase tile is played by dropping it there)


@dataclass
class Drag:
    grip: TableKey
    sprite: pygame.Surface | None
    origin: tuple                 # where the piece was (screen)
    pos: tuple                    # where the mouse is
    targets: set                  # legal target keys
    target_kinds: set             # their types (RegionSpot, NodeSpot, ...)
    sticky: bool = False          # picked up by a click: the next click drops it
    hover: TableKey | None = None    # the target key under the mouse (legal or not)
    hover_ok: bool = False
    hover_rect: pygame.Rect | None = None
    hover_radius: float = 0.0
    overlay: pygame.Surface | None = None
    overlay_key: tuple = field(default_factory=tuple)
    aliases: dict = field(default_factory=dict)   # another place meaning a target (a Guardian's Region)
    keyed: bool = False           # picked up with the keyboard: the arrow keys choose the place


def pick_target(drag: Drag, hits) -> tuple:
    """(spot, legal) for the topmost spot under the mouse that means something for this piece."""
    for sp in hits:
        if sp.key in drag.targets:
            return sp, True
    for sp in hits:
        alias = drag.aliases.get(sp.key)
        if alias is not None:
            return Spot(alias, sp.rect, sp.radius), True
    for sp in hits:
        if type(sp.key) in drag.target_kinds and sp.key != drag.grip:
            return sp, False
    return None, False


def update_hover(drag: Drag, spots, pos) -> bool:
    """Follow the mouse; True when the highlighted target changed."""
    drag.pos = pos
    sp, ok = pick_target(drag, spots.hit_all(pos))
    if sp is None and PLAY_AREA in drag.targets and spots.map_rect is not None and spots.map_rect.collidepoint(pos):
        sp, ok = Spot(PLAY_AREA, pygame.Rect(spots.map_rect)), True
    key = sp.key if sp else None
    changed = key != drag.hover
    drag.hover, drag.hover_ok = key, ok
    if sp is not None:
        drag.hover_rect, drag.hover_radius = sp.rect, sp.radius
    else:
        drag.hover_rect, drag.hover_radius = None, 0.0
    return changed


def build_overlay(drag: Drag, size, spots, map_view, board, u: float) -> pygame.Surface:
    """The table dimmed, with every legal target cut out and outlined in gold."""
    ov = pygame.Surface(size, pygame.SRCALPHA)
    ov.fill(T.DIM)
    clear = (0, 0, 0, 0)
    w = max(2, round(3 * u))
    regions = [k.region for k in (*drag.targets, *drag.aliases) if isinstance(k, RegionSpot)]
    if regions:
        clip = ov.get_clip()
        ov.set_clip(spots.map_rect)
        for r in regions:
            pts = region_outline(map_view, board, r)
            pygame.draw.polygon(ov, (255, 230, 120, 40), pts)
        for r in regions:
            pts = region_outline(map_view, board, r)
            pygame.draw.lines(ov, (*T.GLOW, 255), True, pts, w)
        ov.set_clip(clip)
    if PLAY_AREA in drag.targets and spots.map_rect is not None:
        pygame.draw.rect(ov, clear, spots.map_rect)
        pygame.draw.rect(ov, (*T.GLOW, 255), spots.map_rect, w)
    for key in drag.targets:
        if isinstance(key, RegionSpot):
            continue
        for sp in spots.by_key.get(key, ()):
            if sp.radius:
                pygame.draw.circle(ov, clear, sp.rect.center, sp.radius + 3)
                pygame.draw.circle(ov, (*T.GLOW, 255), sp.rect.center, sp.radius + 3, w)
            else:
                rr = sp.rect.inflate(6, 6)
                pygame.draw.rect(ov, clear, rr, border_radius=6)
                pygame.draw.rect(ov, (*T.GLOW, 255), rr, w, border_radius=6)
    # the piece's own place stays visible
    o = pygame.Rect(0, 0, 8, 8)
    o.center = (round(drag.origin[0]), round(drag.origin[1]))
    pygame.draw.circle(ov, (0, 0, 0, 40), o.center, round(16 * u))
    return ov


def draw_drag(surf, drag: Drag, spots, map_view, board, u: float) -> None:
    size = surf.get_size()
    key = (size,)
    if drag.overlay is None or drag.overlay_key != key:
        drag.overlay = build_overlay(drag, size, spots, map_view, board, u)
        drag.overlay_key = key
    surf.blit(drag.overlay, (0, 0))
    w = max(3, round(4 * u))
    if drag.hover is not None:
        col = T.GLOW if drag.hover_ok else T.BAD
        region = drag.hover.region if isinstance(drag.hover, RegionSpot) else next(
            (k.region for k, v in drag.aliases.items() if v == drag.hover and isinstance(k, RegionSpot) and
             drag.hover_rect is not None and drag.hover_rect.w <= 1), None)
        if region is not None:
            clip = surf.get_clip()
            surf.set_clip(spots.map_rect)
            pygame.draw.lines(surf, col, True, region_outline(map_view, board, region), w)
            surf.set_clip(clip)
        elif drag.hover_rect is not None:
            if drag.hover_radius:
                pygame.draw.circle(surf, col, drag.hover_rect.center, drag.hover_radius + 5, w)
            else:
                pygame.draw.rect(surf, col, drag.hover_rect.inflate(10, 10), w, border_radius=7)
    if drag.sprite is not None:
        big = drag.sprite
        shadow = T.disc(max(6, big.get_width() // 3), (0, 0, 0)).copy()
        shadow.set_alpha(90)
        surf.blit(shadow, shadow.get_rect(center=(drag.pos[0] + 6, drag.pos[1] + 10)))
        T.blit_center(surf, big, (drag.pos[0], drag.pos[1] - 4))

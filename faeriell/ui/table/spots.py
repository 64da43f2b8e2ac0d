"""Spots: every drawn thing a player can point at (a piece, a card, a slot, a Region, a button).

Panels register a Spot with a key while they draw (keys are the value types of keys.py, such as
HeroSlot(0, "druid"), RegionSpot("bear-river"), Button("end_phase")); the scene hit-tests the
mouse against them.
Regions are tested through a one-byte raster of the map (one look-up per test), everything else
through rectangles or circles, topmost first.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from faeriell.ui.table.keys import RegionSpot, TableKey

if TYPE_CHECKING:
    from faeriell.ui.map_view import MapView


@dataclass(slots=True)
class Spot:
    key: TableKey
    rect: pygame.Rect
    radius: float = 0.0              # > 0: a circle around rect.center
    sprite: pygame.Surface | None = None   # what follows the mouse when this piece is dragged
    tip: TableKey | None = None      # tooltip key (default: key)
    # where the piece itself is drawn, when the spot is a larger panel (a Hero's panel on the
    # tribe board: its figure at the top left, beside its name and "not on the map")
    piece: tuple[int, int] | None = None

    def hit(self, pos) -> bool:
        if self.radius > 0:
            dx, dy = pos[0] - self.rect.centerx, pos[1] - self.rect.centery
            return dx * dx + dy * dy <= self.radius * self.radius
        return self.rect.collidepoint(pos)

    @property
    def center(self) -> tuple[int, int]:
        return self.rect.center

    @property
    def grab_point(self) -> tuple[int, int]:
        """Where a player takes the piece: the piece itself, else the spot's centre."""
        return self.piece if self.piece is not None else self.rect.center


class RegionRaster:
    """Map pixel -> Region id, from the Board's polygons (built once per map)."""

    def __init__(self, board, map_size):
        self.ids = list(board.regions)
        self.size = map_size
        self.raster = pygame.Surface(map_size, depth=8)
        self.raster.fill(255)
        for k, rid in enumerate(self.ids):
            pygame.draw.polygon(self.raster, k, board.regions[rid].polygon)

    def at(self, map_pos) -> str | None:
        x, y = int(map_pos[0]), int(map_pos[1])
        if not (0 <= x < self.size[0] and 0 <= y < self.size[1]):
            return None
        k = self.raster.get_at_mapped((x, y))
        return self.ids[k] if k < len(self.ids) else None


@dataclass
class SpotMap:
    spots: list[Spot] = field(default_factory=list)
    by_key: dict[TableKey, list[Spot]] = field(default_factory=dict)
    map_rect: pygame.Rect | None = None
    map_view: MapView | None = None
    regions: RegionRaster | None = None
    blockers: list[pygame.Rect] = field(default_factory=list)   # panels drawn over the map
    # words beside a piece that a highlight drawn over the table must leave readable (the
    # tutorial's ring round a Quest card reached over its "1/1 Quests"): (text, where, backdrop)
    captions: list[tuple[pygame.Surface, pygame.Rect, tuple | None]] = field(default_factory=list)

    def clear(self) -> None:
        self.spots.clear()
        self.by_key.clear()
        self.blockers.clear()
        self.captions.clear()

    def add_caption(self, img: pygame.Surface, at, backdrop: tuple | None) -> pygame.Rect:
        """Record a text (or a small panel: None, no backdrop) just blitted at `at` on a
        `backdrop` colour; returns its rect."""
        r = img.get_rect(topleft=at)
        self.captions.append((img, r, backdrop))
        return r

    def add(self, key: TableKey, rect, radius: float = 0.0, sprite=None, tip=None) -> Spot:
        sp = Spot(key, pygame.Rect(rect), radius, sprite, tip)
        self.spots.append(sp)
        self.by_key.setdefault(key, []).append(sp)
        return sp

    def add_grip(self, key: TableKey, rect, sprite=None) -> Spot:
        """A further place that picks up the piece `key` (a pile of alike pieces: any one grabs
        the next); hit-tested only, so rings, outlines and arrows still mark the one spot of key."""
        sp = Spot(key, pygame.Rect(rect), 0.0, sprite)
        self.spots.append(sp)
        return sp

    def add_circle(self, key: TableKey, center, radius: float, sprite=None, tip=None) -> Spot:
        r = max(2, int(radius))
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (round(center[0]), round(center[1]))
        return self.add(key, rect, r, sprite, tip)

    def keep_within(self, first: int, rect: pygame.Rect) -> set[int]:
        """The spots from index `first` on, cut to `rect` (a panel that scrolls): a rectangle
        to its part inside, a circle kept only while its centre is; the others are dropped.
        Returns the ids of the dropped ones."""
        kept, dropped = self.spots[:first], set()
        for sp in self.spots[first:]:
            if sp.radius > 0:
                inside = rect.collidepoint(sp.rect.center)
            else:
                sp.rect = sp.rect.clip(rect)
                inside = sp.rect.w > 0 and sp.rect.h > 0
            if inside:
                kept.append(sp)
            else:
                dropped.add(id(sp))
        if dropped:
            self.spots[:] = kept
            for key in list(self.by_key):
                left = [sp for sp in self.by_key[key] if id(sp) not in dropped]
                if left:
                    self.by_key[key] = left
                else:
                    del self.by_key[key]
        return dropped

    def region_at(self, pos) -> str | None:
        if (self.regions is None or self.map_rect is None or self.map_view is None
                or not self.map_rect.collidepoint(pos)):
            return None
        if any(b.collidepoint(pos) for b in self.blockers):
            return None
        return self.regions.at(self.map_view.screen_to_map(pos))

    def hit_all(self, pos) -> list[Spot]:
        """Every spot under pos, topmost first; the Region under the map comes last."""
        out = [sp for sp in reversed(self.spots) if sp.hit(pos)]
        r = self.region_at(pos)
        if r is not None:
            out.append(Spot(RegionSpot(r), pygame.Rect(pos[0], pos[1], 1, 1)))
        return out

    def top(self, pos) -> Spot | None:
        hits = self.hit_all(pos)
        return hits[0] if hits else None

    def first(self, key: TableKey) -> Spot | None:
        lst = self.by_key.get(key)
        return lst[0] if lst else None

    def spot(self, key: TableKey, region_point) -> Spot | RegionPole | None:
        """The spot drawn for `key`, e.g. RegionSpot("bear-river"): a Region's is its pole."""
        if isinstance(key, RegionSpot):
            return RegionPole(region_point(key.region), key)
        return self.first(key)

    def point(self, key: TableKey, region_point) -> tuple[int, int] | None:
        """Where `key` is on screen (a Region's pole, a piece's centre), or None."""
        sp = self.spot(key, region_point)
        return sp.center if sp is not None else None


class RegionPole:
    """A Region as a spot for tests: its pole on screen."""

    def __init__(self, center, key: RegionSpot):
        self.center = center
        self.key = key

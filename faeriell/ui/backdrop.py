"""Behind the menu screens: the island picture (sprites/island.png, baked by tools/make_sprites.py
from the map) in a mood of its own per screen, and a quiet pattern of hexagon-ish leaves.

    draw_backdrop(surf)                   # the pattern only (settings, rules, review)
    draw_backdrop(surf, "start")          # the island by day under the pattern
    draw_backdrop(surf, "end")            # the island at dusk
    draw_backdrop(surf, "curtain", rgb)   # the island in the colour of the tribe the seat passes to
"""
from __future__ import annotations

import logging
import math
import random

import pygame

from faeriell.resources import resource_dir

log = logging.getLogger(__name__)

_BACKDROP: dict[tuple[int, int], pygame.Surface] = {}
_ISLAND: dict[tuple, pygame.Surface] = {}
_RAW: list = []

# mood -> (colour the picture is multiplied by, how dark a veil lies over it)
MOODS = {"start": ((255, 250, 240), 90), "end": ((250, 168, 128), 150), "curtain": ((255, 255, 255), 150)}


def _pattern(size) -> pygame.Surface:
    img = _BACKDROP.get(size)
    if img is None:
        img = pygame.Surface(size, pygame.SRCALPHA)
        rng = random.Random(7)
        for _ in range(int(size[0] * size[1] / 9000)):
            x, y = rng.uniform(0, size[0]), rng.uniform(0, size[1])
            r = rng.uniform(6, 22)
            a = rng.uniform(0, math.pi)
            pts = [(x + r * math.cos(a + k * math.pi / 3), y + r * math.sin(a + k * math.pi / 3)) for k in range(6)]
            pygame.draw.polygon(img, (60, 80, 110, rng.randint(14, 34)), pts, 1)
        _BACKDROP.clear()
        _BACKDROP[size] = img
    return img


def island_raw() -> pygame.Surface | None:
    """The baked island picture, or None (a missing file only loses the picture)."""
    if not _RAW:
        try:
            _RAW.append(pygame.image.load(str(resource_dir("sprites") / "island.png")))
        except (pygame.error, FileNotFoundError, OSError) as exc:
            log.warning("island picture not loaded: %s", exc)
            _RAW.append(None)
    return _RAW[0]


def island_picture(size, mood: str = "start", tint=None) -> pygame.Surface | None:
    """The island covering `size` in `mood` (tinted toward `tint` for the curtain), cached."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = (size, mood, tuple(tint[:3]) if tint else None)
    img = _ISLAND.get(key)
    if img is not None:
        return img
    raw = island_raw()
    if raw is None:
        return None
    k = min(size[0] / raw.get_width(), size[1] / raw.get_height()) * 1.08     # the whole island in view
    big = pygame.transform.smoothscale(raw, (max(1, round(raw.get_width() * k)), max(1, round(raw.get_height() * k))))
    img = pygame.Surface(size)
    img.fill(raw.get_at((2, 2)))                  # the sea at the picture's corner, past its edges
    img.blit(big, big.get_rect(center=(size[0] // 2, size[1] // 2)))
    mul, veil = MOODS.get(mood, MOODS["start"])
    if tint:
        mul = tuple(round(150 + 105 * c / 255) for c in tint[:3])
    img.fill(mul, special_flags=pygame.BLEND_RGB_MULT)
    dark = pygame.Surface(size, pygame.SRCALPHA)
    dark.fill((14, 12, 20, veil))
    img.blit(dark, (0, 0))
    if len(_ISLAND) > 6:
        _ISLAND.clear()
    _ISLAND[key] = img
    return img


def draw_backdrop(surf, mood: str | None = None, tint=None) -> None:
    """The island picture in `mood` (none: the plain background stays), then the pattern."""
    size = surf.get_size()
    if mood is not None:
        img = island_picture(size, mood, tint)
        if img is not None:
            surf.blit(img, (0, 0))
    surf.blit(_pattern(size), (0, 0))

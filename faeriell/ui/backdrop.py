"""The quiet pattern of hexagon-ish leaves behind the menu screens (start, end, settings...)."""
from __future__ import annotations

import math
import random

import pygame

_BACKDROP: dict[tuple[int, int], pygame.Surface] = {}


def draw_backdrop(surf) -> None:
    """Blit the pattern over the whole surface (cached per window size)."""
    size = surf.get_size()
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
    surf.blit(img, (0, 0))

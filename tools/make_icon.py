#!/usr/bin/env python3
"""Makes packaging/faeriell.png, the desktop icon (issue 46): the island of sprites/island.png (the
game's own art, see sprites/LICENSE-game-icons.md) on its sea, in a rounded square of 256x256.

    python tools/make_icon.py        # rewrites packaging/faeriell.png
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "sprites" / "island.png"
OUT = ROOT / "packaging" / "faeriell.png"
SIZE = 256
ISLAND = pygame.Rect(70, 40, 700, 500)      # the island and its shore within island.png (800x600)
MARGIN = 50                                 # open sea around it
RADIUS = 44                                 # the rounded corners, as icon themes draw them


def make_icon(source: Path = SOURCE) -> pygame.Surface:
    art = pygame.image.load(str(source))
    side = max(ISLAND.w, ISLAND.h) + 2 * MARGIN
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.fill(art.get_at((4, 4)))                      # the open sea of the picture's corner
    square.blit(art, ((side - ISLAND.w) // 2 - ISLAND.x, (side - ISLAND.h) // 2 - ISLAND.y))
    icon = pygame.transform.smoothscale(square, (SIZE, SIZE))
    mask = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=RADIUS)
    icon.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return icon


def main() -> int:
    pygame.display.init()
    pygame.image.save(make_icon(), str(OUT))
    print(f"wrote {OUT.relative_to(ROOT)} ({SIZE}x{SIZE})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

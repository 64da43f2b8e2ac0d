"""Sprites from sprites/ (made by tools/make_sprites.py), loaded once and cached.

    assets = Assets()
    assets.get("guardian_bear")               # the PNG as drawn
    assets.scaled("guardian_bear", 32)        # fitted into 32 px (height), smooth, cached

A missing sprite never raises: it comes back as a visible placeholder (and is logged once), so a
stale sprites/ folder shows up on screen instead of closing the window.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path

import pygame

from faeriell.ui.surface_cache import surface_bytes

SCALED_MAX_BYTES = 24 << 20      # sprites fitted to sizes: the least recently used go first
SPRITES_DIR = Path(__file__).resolve().parents[2] / "sprites"
log = logging.getLogger(__name__)


class Assets:
    def __init__(self, directory: Path | str = SPRITES_DIR):
        self.directory = Path(directory)
        self._raw: dict[str, pygame.Surface] = {}
        self._scaled: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()
        self._scaled_bytes = 0          # pixels held by _scaled: bounded (zoom and resizes vary sizes)

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.png"

    def has(self, name: str) -> bool:
        return self.path(name).exists()

    def get(self, name: str) -> pygame.Surface:
        surf = self._raw.get(name)
        if surf is None:
            try:
                surf = pygame.image.load(str(self.path(name)))
                if pygame.display.get_surface() is not None:
                    surf = surf.convert_alpha()
            except (pygame.error, FileNotFoundError, OSError):
                log.warning("sprite %s missing in %s (run tools/make_sprites.py)", name, self.directory)
                surf = placeholder(name)
            self._raw[name] = surf
        return surf

    def scaled(self, name: str, height: int) -> pygame.Surface:
        """The sprite fitted to `height` px, keeping its aspect ratio."""
        height = max(1, int(height))
        key = (name, height)
        surf = self._scaled.get(key)
        if surf is None:
            raw = self.get(name)
            w, h = raw.get_size()
            size = (max(1, round(w * height / h)), height)
            surf = raw if size == (w, h) else pygame.transform.smoothscale(raw, size)
            self._scaled[key] = surf
            self._scaled_bytes += surface_bytes(surf)
            while self._scaled_bytes > SCALED_MAX_BYTES and len(self._scaled) > 1:
                _, old = self._scaled.popitem(last=False)
                self._scaled_bytes -= surface_bytes(old)
        else:
            self._scaled.move_to_end(key)
        return surf

    def clear(self) -> None:
        self._raw.clear()
        self._scaled.clear()
        self._scaled_bytes = 0


def placeholder(name: str, size: int = 32) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((200, 0, 160, 200))
    pygame.draw.rect(surf, (20, 20, 20), surf.get_rect(), 2)
    pygame.draw.line(surf, (20, 20, 20), (0, 0), (size, size), 2)
    pygame.draw.line(surf, (20, 20, 20), (size, 0), (0, size), 2)
    return surf

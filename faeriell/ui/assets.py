"""Sprites from sprites/ (made by tools/make_sprites.py), loaded once and cached.

    assets = Assets()
    assets.get("guardian_bear")               # the PNG as drawn
    assets.scaled("guardian_bear", 32)        # fitted into 32 px (height), smooth, cached

A missing sprite never raises: it comes back as a visible placeholder (and is logged once), so a
stale sprites/ folder shows up on screen instead of closing the window.

With `marks` on (the colour-blind setting), every piece told apart by its colour alone carries a
letter: R, Y, B, G on Essences, Beacons and Menace tokens, the tribe's initial on its pieces.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
import re
from pathlib import Path

import pygame

from faeriell.resources import resource_dir
from faeriell.ui.surface_cache import surface_bytes
from faeriell.ui.text import LEGIBLE_TEXT, make_font

SCALED_MAX_BYTES = 24 << 20      # sprites fitted to sizes: the least recently used go first
SPRITES_DIR = resource_dir("sprites")
log = logging.getLogger(__name__)

COLOUR_LETTERS = {"red": "R", "yellow": "Y", "blue": "B", "green": "G"}
# sprite names whose colour means something, and which part of the name says it
_MARKED = re.compile(r"^(?:essence|beacon|menace)_(red|yellow|blue|green)$"
                     r"|^(?:settlement|achievement)_([a-z]+)$|^hero_[a-z]+_([a-z]+)$")


class Assets:
    def __init__(self, directory: Path | str = SPRITES_DIR, marks: bool = False):
        self.directory = Path(directory)
        self.marks = marks
        self._raw: dict[str, pygame.Surface] = {}
        self._scaled: OrderedDict[tuple[str, int], pygame.Surface] = OrderedDict()
        self._scaled_bytes = 0          # pixels held by _scaled: bounded (zoom and resizes vary sizes)

    def set_marks(self, on: bool) -> bool:
        """Turn the colour-blind letters on or off; True when that changed (the caches are emptied)."""
        if bool(on) == self.marks:
            return False
        self.marks = bool(on)
        self.clear()
        return True

    def path(self, name: str) -> Path:
        return self.directory / f"{name}.png"

    def has(self, name: str) -> bool:
        return self.path(name).exists()

    def get(self, name: str, lettered: bool = True) -> pygame.Surface:
        """The sprite; `lettered=False`: without its colour-blind letter (a card that says its
        colour with a letter of its own, beside the Guardian on its back: Paint.card)."""
        lettered = lettered and self.marks
        key = name if lettered or not self.marks else name + "#plain"
        surf = self._raw.get(key)
        if surf is None:
            try:
                surf = pygame.image.load(str(self.path(name)))
                if pygame.display.get_surface() is not None:
                    surf = surf.convert_alpha()
            except (pygame.error, FileNotFoundError, OSError):
                log.warning("sprite %s missing in %s (run tools/make_sprites.py)", name, self.directory)
                surf = placeholder(name)
            letter = mark_letter(name) if lettered else None
            if letter:
                surf = marked(surf, letter)
            self._raw[key] = surf
        return surf

    def scaled(self, name: str, height: int, lettered: bool = True) -> pygame.Surface:
        """The sprite fitted to `height` px, keeping its aspect ratio (`lettered`: as in get)."""
        height = max(1, int(height))
        lettered = lettered or not self.marks
        key = (name, height) if lettered else (name + "#plain", height)
        surf = self._scaled.get(key)
        if surf is None:
            letter = mark_letter(name) if lettered and self.marks else None
            raw = self.get(name, lettered and letter is None)
            w, h = raw.get_size()
            size = (max(1, round(w * height / h)), height)
            surf = raw if size == (w, h) else pygame.transform.smoothscale(raw, size)
            if letter:      # lettered at the size drawn: a letter baked in first shrank with it to 5-8 px
                surf = marked(surf, letter, screen=True)
            self._scaled[key] = surf
            self._scaled_bytes += surface_bytes(surf)
            while self._scaled_bytes > SCALED_MAX_BYTES and len(self._scaled) > 1:
                _, old = self._scaled.popitem(last=False)
                self._scaled_bytes -= surface_bytes(old)
        else:
            self._scaled.move_to_end(key)
        return surf

    def letter(self, letter: str, d: int) -> pygame.Surface:
        """The colour-blind letter's disc of `d` px (letter_disc), cached with the sprites."""
        key = (f"#letter-{letter}", max(8, int(d)))
        surf = self._scaled.get(key)
        if surf is None:
            surf = self._scaled[key] = letter_disc(letter, key[1])
            self._scaled_bytes += surface_bytes(surf)
        return surf

    def clear(self) -> None:
        self._raw.clear()
        self._scaled.clear()
        self._scaled_bytes = 0


def mark_letter(name: str) -> str | None:
    """The letter a colour-blind player sees on this sprite, or None."""
    m = _MARKED.match(name)
    if m is None:
        return None
    colour, tribe, hero_tribe = m.groups()
    if colour:
        return COLOUR_LETTERS[colour]
    return (tribe or hero_tribe)[:1].upper()


# the smallest disc whose letter is drawn at the legible size (text.LEGIBLE_TEXT, 11 px)
LEGIBLE_DISC = 14


def marked(img: pygame.Surface, letter: str, screen: bool = False) -> pygame.Surface:
    """The sprite with `letter` in a small light disc at its lower right. `screen`: the sprite is
    at the size it is drawn, and the disc never smaller than LEGIBLE_DISC (within the sprite):
    its letter is not under 11 px (issue 42)."""
    out = img.copy()
    w, h = out.get_size()
    d = max(8, round(min(w, h) * 0.52))
    if screen:
        d = min(min(w, h), max(d, LEGIBLE_DISC))
    out.blit(letter_disc(letter, d), (max(0, w - d - 1), max(0, h - d - 1)))
    return out


def letter_disc(letter: str, d: int) -> pygame.Surface:
    """The colour-blind letter in a light disc of `d` px with a dark rim (the one drawing of it:
    on the sprites, and on a card beside the Guardian of its back)."""
    d = max(8, int(d))
    out = pygame.Surface((d, d), pygame.SRCALPHA)
    if not pygame.font.get_init():
        pygame.font.init()
    # a SafeFont, like every font of the UI; never under 11 px, even in a disc of a tiny piece
    fnt = make_font(max(LEGIBLE_TEXT, round(d * 1.1)), bold=True)
    c = (d // 2, d // 2)
    pygame.draw.circle(out, (250, 248, 240), c, d // 2)
    pygame.draw.circle(out, (20, 16, 14), c, d // 2, max(1, d // 10))
    glyph = fnt.render(letter, True, (20, 16, 14))
    out.blit(glyph, glyph.get_rect(center=(c[0], c[1] + 1)))
    return out


def placeholder(name: str, size: int = 32) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((200, 0, 160, 200))
    pygame.draw.rect(surf, (20, 20, 20), surf.get_rect(), 2)
    pygame.draw.line(surf, (20, 20, 20), (0, 0), (size, size), 2)
    pygame.draw.line(surf, (20, 20, 20), (size, 0), (0, size), 2)
    return surf

"""Colours, fonts and small drawing helpers shared by the table's panels.

Colours of game things (tribes, Essences, terrains) come from the catalog (data/*.yaml `rgb`);
this module only holds the table's own chrome (panels, ink, glow) and cached text rendering.
"""
from __future__ import annotations

from functools import lru_cache

import pygame
import pyphen

from faeriell.ui import text as ui_text
from faeriell.ui.surface_cache import surface_cache

BG = (26, 24, 30)
PANEL = (44, 40, 50)
PANEL_HI = (58, 53, 66)
PANEL_EDGE = (104, 88, 66)
INK = (236, 226, 200)
INK_DIM = (168, 158, 142)
INK_FAINT = (118, 110, 102)
GOLD = (224, 186, 96)
GLOW = (255, 226, 120)
AFFORD = (214, 178, 92)     # things the acting player may pick up or click
AIM = (140, 220, 255)       # where a pending decision's pieces may go
FOCUS = (255, 255, 255)     # what the keyboard is on (a white ring edged in black, with an "Enter" tag)
GOOD = (120, 210, 120)
BAD = (230, 96, 84)
SHADOW = (0, 0, 0, 90)
DIM = (8, 6, 12, 150)
BUTTON = (86, 70, 48)
BUTTON_HI = (128, 102, 64)
BUTTON_OFF = (60, 56, 62)

FALLBACK_RGB = {
    "red": (208, 62, 50), "yellow": (236, 194, 46), "blue": (58, 118, 208), "green": (64, 158, 72),
    "corruption": (62, 40, 74),
}


MIN_TEXT = ui_text.MIN_TEXT      # no text smaller than this many px, at any window size


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shared SafeFont (text clipped) at the Text size setting, as ui_text.font, but every
    larger Text size grows the table's small texts too (ui_text.scaled's grow_smallest); no cache
    of its own (one kept 64 more open font files, ui_text.OPEN_FONTS)."""
    return ui_text.make_font(ui_text.scaled(size, grow_smallest=True), bold)


@surface_cache(max_bytes=8 << 20, max_items=4096)
def text(s: str, size: int, color=INK, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(str(s), True, color)


@surface_cache(max_bytes=4 << 20, max_items=1024)
def outlined(s: str, size: int, color=INK, edge=(20, 16, 14), bold: bool = False) -> pygame.Surface:
    img = font(size, bold).render(str(s), True, color)
    e = font(size, bold).render(str(s), True, edge)
    out = pygame.Surface((img.get_width() + 2, img.get_height() + 2), pygame.SRCALPHA)
    for dx, dy in ((0, 1), (1, 0), (2, 1), (1, 2)):
        out.blit(e, (dx, dy))
    out.blit(img, (1, 1))
    return ui_text.printed(out)


@lru_cache(maxsize=4096)
def wrap(s: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    """ui_text.wrap in the table's font, remembered (the table wraps the same texts every frame)."""
    return tuple(ui_text.wrap(font(size, bold), s, width))


_CACHED = (text, outlined, wrap)      # these very caches (a test may stand another `text` in)


def _clear_caches() -> None:
    for fn in _CACHED:
        fn.cache_clear()


ui_text.on_rescale(_clear_caches)


def fit_text(s: str, size: int, width: int, bold: bool = False) -> str:
    """s shortened with an ellipsis so it fits `width` px (a test records each cut: ui_text.LABELS)."""
    shown = ui_text.ellipsize(font(size, bold), s, width)
    if ui_text.LABELS is not None:
        ui_text.note_label(s, shown, pygame.Rect(0, 0, font(size, bold).size(shown)[0], 1), width)
    return shown


SQUEEZE = 0.8        # a label may be drawn this much narrower (condensed) before it is ever cut


def fitted(s: str, size: int, width: int, color=INK, bold: bool = False) -> pygame.Surface:
    """One line that fits `width` px: at `size`, or smaller (never under the smallest text), or
    condensed up to SQUEEZE, ellipsized only when even that is too wide. A larger Text size never
    cuts a label."""
    s = str(s)
    fit = ui_text.fitting_size(s, size, width, bold, measure=font, grow_smallest=True)
    wide = font(fit, bold).size(s)[0]
    if width < wide <= width / SQUEEZE:
        img = text(s, fit, color, bold)
        if ui_text.LABELS is not None:
            ui_text.note_label(s, s, pygame.Rect(0, 0, width, img.get_height()), width)
        return ui_text.printed(pygame.transform.smoothscale(img, (max(1, int(width)), img.get_height())))
    return text(fit_text(s, fit, width, bold), fit, color, bold)


def fits(s: str, size: int, width: int, bold: bool = False) -> bool:
    """Whether `fitted` draws s whole (shrunk or condensed, never cut)."""
    fit = ui_text.fitting_size(str(s), size, width, bold, measure=font, grow_smallest=True)
    return font(fit, bold).size(str(s))[0] <= width / SQUEEZE


def name_lines(name: str, size: int, width: int, bold: bool = False) -> list[str] | None:
    """A name on one or two lines, each whole in `width` px (shrunk or condensed as `fitted`
    may): broken between words, a one-word name too wide for one line broken at a syllable with
    a hyphen (hyphenated); None when it cannot be said whole so (an Achievement tile's name, a
    Hero's in a narrow panel)."""
    if fits(name, size, width, bold):
        return [name]
    if " " not in name:
        return hyphenated(name, size, width, bold)
    lines = list(wrap(name, size, width, bold))
    if len(lines) <= 2 and all(fits(line, size, width, bold) for line in lines):
        return lines
    return None


_HYPHENS = pyphen.Pyphen(lang="en_US")      # the dictionary's syllables (LibreOffice's hyphenation patterns)


def hyphenated(word: str, size: int, width: int, bold: bool = False) -> list[str] | None:
    """One word too wide for `width`, broken over two lines with a hyphen at one of its syllables
    (pyphen's dictionary: "Attune-" "ments", "Influ-" "ence", never "Inf-" "luence"), the one
    nearest its middle where both halves fit whole; None when no break fits."""
    if " " in word:
        return None
    breaks = [(head, tail) for head, tail in _HYPHENS.iterate(word)
              if fits(head + "-", size, width, bold) and fits(tail, size, width, bold)]
    if not breaks:
        return None
    head, tail = min(breaks, key=lambda ht: (abs(len(ht[0]) - len(word) / 2), -len(ht[0])))
    return [head + "-", tail]


def first_fitting(options, size: int, width: int, bold: bool = False) -> str:
    """The first (longest) of several ways to say a thing that fits `width` whole; the last one
    else (then `fitted` makes it fit as it can)."""
    options = list(options)
    return next((o for o in options if fits(o, size, width, bold)), options[-1])


def panel(surf, rect, fill=PANEL, edge=PANEL_EDGE, radius=6, width=1) -> None:
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surf, edge, rect, width, border_radius=radius)


def header(surf, pos, s, size, color=GOLD) -> int:
    img = text(s, size, color, True)
    surf.blit(img, pos)
    return img.get_height()


def rgb(value, fallback=(150, 150, 150)):
    if isinstance(value, (list, tuple)) and len(value) >= 3:
        return tuple(int(v) for v in value[:3])
    return fallback


def shade(c, d):
    return tuple(max(0, min(255, v + d)) for v in c[:3])


@surface_cache(max_bytes=2 << 20, max_items=256)
def disc(radius: int, color, edge=(20, 16, 14)) -> pygame.Surface:
    r = max(2, int(radius))
    s = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    pygame.draw.circle(s, edge, (r + 1, r + 1), r)
    pygame.draw.circle(s, color, (r + 1, r + 1), max(1, r - 1))
    pygame.draw.circle(s, shade(color, 40), (r + 1 - r // 3, r + 1 - r // 3), max(1, r // 3))
    return s


@surface_cache(max_bytes=2 << 20, max_items=128)
def ring(radius: int, color=GLOW, width: int = 3, alpha: int = 255) -> pygame.Surface:
    r = max(3, int(radius))
    s = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    c = (*color[:3], alpha)
    pygame.draw.circle(s, c, (r + 2, r + 2), r, max(1, width))
    return s


@surface_cache(max_bytes=2 << 20, max_items=128)
def halo(radius: int, color=GLOW, alpha: int = 120) -> pygame.Surface:
    """A soft filled glow disc (a few concentric rings of falling alpha)."""
    r = max(3, int(radius))
    s = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
    steps = 5
    for k in range(steps):
        rr = r - k * r // (steps + 1)
        a = int(alpha * (k + 1) / steps)
        pygame.draw.circle(s, (*color[:3], a // 2 + 10), (r + 1, r + 1), rr)
    return s


def blit_center(surf, img, center) -> pygame.Rect:
    r = img.get_rect(center=(round(center[0]), round(center[1])))
    surf.blit(img, r)
    return r


@surface_cache(max_bytes=6 << 20, max_items=512)
def rotated(img: pygame.Surface, angle: int) -> pygame.Surface:
    return pygame.transform.rotate(img, angle)


@surface_cache(max_bytes=6 << 20, max_items=512)
def greyed(img: pygame.Surface) -> pygame.Surface:
    g = pygame.transform.grayscale(img)
    g.set_alpha(150)
    return g


def badge(surf, center, s: str, size: int, fill=(30, 26, 30), color=INK) -> pygame.Rect:
    img = text(s, size, color, True)
    w = max(img.get_width() + 8, img.get_height() + 2)
    r = pygame.Rect(0, 0, w, img.get_height() + 2)
    r.center = (round(center[0]), round(center[1]))
    pygame.draw.rect(surf, fill, r, border_radius=r.h // 2)
    pygame.draw.rect(surf, GOLD, r, 1, border_radius=r.h // 2)
    surf.blit(img, img.get_rect(center=r.center))
    return r

#!/usr/bin/env python3
"""Draw every component sprite from the data catalog into sprites/, with game-icons.net icons
(tools/icons/, copied there by tools/game_icons.py; their authors in sprites/LICENSE-game-icons.md).

    python3 tools/make_sprites.py            # (re)write sprites/*.png and sprites/manifest.json
    python3 tools/make_sprites.py --check    # exit 1 when the committed sprites are out of date
    python3 tools/make_sprites.py --sheet /tmp/sheet.png   # also write a contact sheet to look at

Each sprite is described by a Spec: a file name, a drawing function and the exact inputs it reads
(names, rgb, symbols taken from data/). The manifest keeps, per file, a hash of those inputs and of
the PNG, plus a hash of this generator, so --check needs no drawing: it compares hashes only.
Writing is idempotent (unchanged PNGs are not rewritten) and files that this tool wrote before and
no longer makes are removed; files it never made (the map tileset) are left alone.

File names (assets.py loads them by these names):
  settlement_<tribe>  beacon_<colour>  totem  hero_<hero>_<tribe>  guardian_<guardian>
  menace_<colour>  corruption_token  havoc_token  harvest_token  doom_token  terrain_<terrain>
  essence_<colour>  card_back_<guardian>  perk_<perk>  herb_<herb>  attunement_<attunement>
  achievement_<tribe>  achievement_tile_<achievement>  phase_<tribe|event|hero>_<up|down>
  action_gem  first_player  drifter  drifter_token
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import math
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (pygame-ce)

SPRITES_DIR = ROOT / "sprites"
MANIFEST = "manifest.json"
SS = 4  # supersampling factor: shapes are drawn 4x and smooth-scaled down

# Sizes in final pixels.
CARD = (60, 84)
TILE = (64, 64)
TOKEN = 36
MEEPLE = (40, 44)
HERO = 44
GUARDIAN = 64
SMALL = 32

INK = (34, 28, 24)
PAPER = (238, 228, 204)
WHITE = (250, 248, 240)

# Used only when the data gives no rgb for something (presentation fallbacks, not rules).
NAMED_RGB = {
    "red": (196, 48, 40), "yellow": (232, 188, 44), "blue": (44, 98, 196), "green": (52, 148, 64),
    "corruption": (72, 40, 88), "black": (30, 26, 30), "orange": (236, 134, 32),
    "purple": (138, 72, 178), "cyan": (40, 184, 204), "lime": (150, 206, 46), "white": (240, 240, 240),
    "grey": (128, 128, 128), "gray": (128, 128, 128), "gold": (214, 170, 50), "brown": (130, 90, 50),
}
GUARDIAN_RGB = {  # fallback guardian colours, one per animal
    "stag": (212, 168, 52), "boar": (172, 72, 66), "owl": (120, 104, 170), "wolf": (116, 128, 146),
    "bear": (140, 84, 46), "toad": (96, 150, 70), "snake": (48, 150, 140), "turtle": (60, 110, 172),
}
TERRAIN_RGB = {"mountain": (150, 104, 86), "meadow": (206, 196, 96), "river": (84, 148, 200),
               "forest": (56, 120, 64)}


# --------------------------------------------------------------------------- colours & helpers

def parse_rgb(value: Any) -> tuple[int, int, int] | None:
    if value is None:
        return None
    if isinstance(value, str):
        s = value.strip().lstrip("#")
        if len(s) == 6:
            try:
                return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]
            except ValueError:
                return None
        return NAMED_RGB.get(value.strip().lower())
    if isinstance(value, (list, tuple)) and len(value) >= 3:
        return tuple(int(v) for v in value[:3])  # type: ignore[return-value]
    return None


def mix(a, b, t: float):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def lighter(c, t=0.35):
    return mix(c, (255, 255, 255), t)


def darker(c, t=0.4):
    return mix(c, (0, 0, 0), t)


def luminance(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def contrast_ink(c):
    return INK if luminance(c) > 140 else WHITE


def entry_name(entry: dict, fallback: str) -> str:
    return str(entry.get("name") or fallback.replace("-", " ").replace("_", " ").title())


class Palette:
    """Resolves colours of catalog entries, looking things up by id in the catalog first."""

    def __init__(self, catalog):
        self.cat = catalog

    def color(self, cid: str):
        entry = _section(self.cat, "colors").get(cid, {})
        return parse_rgb(entry.get("rgb")) or parse_rgb(entry.get("hex")) or NAMED_RGB.get(cid, (128, 128, 128))

    def of_entry(self, entry: dict, fallback):
        for key in ("rgb", "hex"):
            rgb = parse_rgb(entry.get(key))
            if rgb:
                return rgb
        for key in ("color", "colour", "essence"):
            ref = entry.get(key)
            if isinstance(ref, str):
                if ref in _section(self.cat, "colors"):
                    return self.color(ref)
                rgb = parse_rgb(ref)
                if rgb:
                    return rgb
        return fallback

    def tribe(self, tid):
        return self.of_entry(_section(self.cat, "tribes").get(tid, {}), (160, 160, 160))

    def guardian(self, gid):
        return self.of_entry(_section(self.cat, "guardians").get(gid, {}), GUARDIAN_RGB.get(gid, (150, 130, 100)))

    def terrain(self, tid):
        entry = _section(self.cat, "terrains").get(tid, {})
        return parse_rgb(entry.get("rgb")) or parse_rgb(entry.get("map_rgb")) or TERRAIN_RGB.get(tid, (128, 128, 128))

    def hero(self, hid):
        return self.of_entry(_section(self.cat, "heroes").get(hid, {}), self.color("corruption"))

    def symbol(self, cid):
        return str(_section(self.cat, "colors").get(cid, {}).get("symbol") or cid[:1].upper())


def _section(catalog, name) -> dict:
    value = getattr(catalog, name, None)
    if value is None and isinstance(catalog, dict):
        value = catalog.get(name)
    return value if isinstance(value, dict) else {}


def is_corruption(cid: str, entry: dict) -> bool:
    return cid == "corruption" or bool(entry.get("corruption") or entry.get("wild"))


# --------------------------------------------------------------------------- canvas

class Canvas:
    """An SRCALPHA surface drawn at SS x scale; coordinates are given in final pixels."""

    def __init__(self, w: int, h: int):
        self.w, self.h = w, h
        self.big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
        self.small: pygame.Surface | None = None

    def _p(self, pts):
        return [(x * SS, y * SS) for x, y in pts]

    def poly(self, pts, color, width=0.0):
        pygame.draw.polygon(self.big, color, self._p(pts), round(width * SS))

    def circle(self, c, r, color, width=0.0):
        pygame.draw.circle(self.big, color, (c[0] * SS, c[1] * SS), r * SS, round(width * SS))

    def ellipse(self, c, rx, ry, color, width=0.0):
        rect = pygame.Rect(0, 0, round(2 * rx * SS), round(2 * ry * SS))
        rect.center = (round(c[0] * SS), round(c[1] * SS))
        pygame.draw.ellipse(self.big, color, rect, round(width * SS))

    def rect(self, r, color, width=0.0, radius=0.0):
        x, y, w, h = r
        pygame.draw.rect(self.big, color, pygame.Rect(round(x * SS), round(y * SS), round(w * SS), round(h * SS)),
                         round(width * SS), border_radius=round(radius * SS))

    def line(self, a, b, color, width=1.0):
        w = max(1, round(width * SS))
        pygame.draw.line(self.big, color, (a[0] * SS, a[1] * SS), (b[0] * SS, b[1] * SS), w)
        for p in (a, b):  # round caps
            pygame.draw.circle(self.big, color, (p[0] * SS, p[1] * SS), w / 2)

    def lines(self, pts, color, width=1.0):
        for a, b in zip(pts, pts[1:]):
            self.line(a, b, color, width)

    def arc(self, c, r, a0, a1, color, width=1.0, steps=24):
        pts = [(c[0] + r * math.cos(a0 + (a1 - a0) * i / steps), c[1] + r * math.sin(a0 + (a1 - a0) * i / steps))
               for i in range(steps + 1)]
        self.lines(pts, color, width)

    def finish(self) -> pygame.Surface:
        if self.small is None:
            self.small = pygame.transform.smoothscale(self.big, (self.w, self.h))
        return self.small


_FONTS: dict[int, pygame.font.Font] = {}
# Labels are baked in the game's own font, bold Noto Sans (fonts/, as widgets.make_font loads it):
# pygame's built-in font dropped and merged letters at these sizes. Bold, because a card's name
# is drawn on the table at 6-7 px and thin strokes vanish there.
FONT_FILE = ROOT / "fonts" / "NotoSans-Bold.ttf"
EM_PER_PX = 0.7  # sizes below are in the built-in font's px; Noto Sans at 0.7 of it sets as wide


def font(size: int) -> pygame.font.Font:
    if size not in _FONTS:
        _FONTS[size] = pygame.font.Font(str(FONT_FILE), max(6, round(size * EM_PER_PX)))
    return _FONTS[size]


def wrap(text: str, size: int, width: int, max_lines: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for word in words:
        trial = (cur + " " + word).strip()
        if font(size).size(trial)[0] <= width or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    return lines[:max_lines]


def text(surf: pygame.Surface, s: str, center, size=14, color=INK, width: int | None = None,
         max_lines=3, outline=None):
    """Blit (wrapped) text centred at center, shrinking the font until it fits width."""
    width = width or surf.get_width() - 4
    while size > 9 and any(font(size).size(w)[0] > width for w in s.split()):
        size -= 1
    lines = [s] if max_lines == 1 else wrap(s, size, width, max_lines)
    while max_lines == 1 and size > 10 and font(size).size(s)[0] > width:
        size -= 1
    lh = font(size).get_linesize() - 1
    y = center[1] - lh * len(lines) / 2
    for line in lines:
        img = font(size).render(line, True, color)
        if img.get_width() > width:
            img = pygame.transform.smoothscale(img, (width, img.get_height()))
        pos = (round(center[0] - img.get_width() / 2), round(y))
        if outline is not None:
            o = font(size).render(line, True, outline)
            if o.get_width() > width:
                o = pygame.transform.smoothscale(o, (width, o.get_height()))
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surf.blit(o, (pos[0] + dx, pos[1] + dy))
        surf.blit(img, pos)
        y += lh


# --------------------------------------------------------------------------- glyphs
# Each glyph draws into a box centred at (cx, cy) with half-size r, in final pixels.

def _star_pts(cx, cy, r_out, r_in, n, rot=-math.pi / 2):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _ngon(cx, cy, r, n, rot=-math.pi / 2):
    return [(cx + r * math.cos(rot + 2 * math.pi * i / n), cy + r * math.sin(rot + 2 * math.pi * i / n))
            for i in range(n)]


def g_flame(c: Canvas, cx, cy, r, col, ink=INK):
    outer = [(cx, cy - r), (cx + 0.35 * r, cy - 0.45 * r), (cx + 0.7 * r, cy + 0.05 * r),
             (cx + 0.62 * r, cy + 0.6 * r), (cx + 0.2 * r, cy + 0.95 * r), (cx - 0.25 * r, cy + 0.95 * r),
             (cx - 0.65 * r, cy + 0.6 * r), (cx - 0.7 * r, cy + 0.1 * r), (cx - 0.45 * r, cy - 0.25 * r),
             (cx - 0.3 * r, cy + 0.1 * r), (cx - 0.1 * r, cy - 0.5 * r)]
    c.poly(outer, col)
    c.poly(outer, ink, 0.09 * r)
    inner = [(cx, cy - 0.05 * r), (cx + 0.3 * r, cy + 0.45 * r), (cx + 0.15 * r, cy + 0.8 * r),
             (cx - 0.2 * r, cy + 0.8 * r), (cx - 0.32 * r, cy + 0.45 * r)]
    c.poly(inner, ink)


def g_sun(c: Canvas, cx, cy, r, col, ink=INK):
    c.poly(_star_pts(cx, cy, r, 0.62 * r, 10), col)
    c.poly(_star_pts(cx, cy, r, 0.62 * r, 10), ink, 0.08 * r)
    c.circle((cx, cy), 0.48 * r, ink)
    c.circle((cx, cy), 0.36 * r, col)


def g_drop(c: Canvas, cx, cy, r, col, ink=INK):
    pts = [(cx, cy - r)]
    for i in range(0, 181, 10):
        a = math.radians(i - 10)
        pts.append((cx + 0.62 * r * math.cos(a), cy + 0.3 * r + 0.62 * r * math.sin(a)))
    pts[1] = (cx + 0.6 * r, cy + 0.2 * r)
    pts[-1] = (cx - 0.6 * r, cy + 0.2 * r)
    c.poly(pts, col)
    c.poly(pts, ink, 0.09 * r)
    c.arc((cx, cy + 0.3 * r), 0.38 * r, math.radians(100), math.radians(170), ink, 0.1 * r, 8)


def g_leaf(c: Canvas, cx, cy, r, col, ink=INK):
    pts = []
    for i in range(21):
        t = i / 20
        y = cy - r + 2 * r * t
        w = 0.62 * r * math.sin(math.pi * t) ** 0.8
        pts.append((cx + w, y))
    for i in range(20, -1, -1):
        t = i / 20
        y = cy - r + 2 * r * t
        w = 0.62 * r * math.sin(math.pi * t) ** 0.8
        pts.append((cx - w, y))
    rot = math.radians(30)
    pts = [(cx + (x - cx) * math.cos(rot) - (y - cy) * math.sin(rot),
            cy + (x - cx) * math.sin(rot) + (y - cy) * math.cos(rot)) for x, y in pts]
    c.poly(pts, col)
    c.poly(pts, ink, 0.09 * r)
    tip, base = pts[0], pts[20]
    c.line(tip, (base[0] - 0.1 * r, base[1] + 0.15 * r), ink, 0.1 * r)
    for t in (0.35, 0.55, 0.75):
        mx, my = tip[0] + (base[0] - tip[0]) * t, tip[1] + (base[1] - tip[1]) * t
        c.line((mx, my), (mx + 0.32 * r, my - 0.05 * r), ink, 0.07 * r)
        c.line((mx, my), (mx - 0.12 * r, my - 0.3 * r), ink, 0.07 * r)


def g_skull(c: Canvas, cx, cy, r, col, ink=INK):
    c.circle((cx, cy - 0.15 * r), 0.72 * r, col)
    c.rect((cx - 0.42 * r, cy + 0.2 * r, 0.84 * r, 0.65 * r), col, radius=0.12 * r)
    c.circle((cx, cy - 0.15 * r), 0.72 * r, ink, 0.08 * r)
    c.ellipse((cx - 0.3 * r, cy - 0.05 * r), 0.2 * r, 0.24 * r, ink)
    c.ellipse((cx + 0.3 * r, cy - 0.05 * r), 0.2 * r, 0.24 * r, ink)
    c.poly([(cx, cy + 0.22 * r), (cx - 0.1 * r, cy + 0.42 * r), (cx + 0.1 * r, cy + 0.42 * r)], ink)
    for dx in (-0.24, 0, 0.24):
        c.line((cx + dx * r, cy + 0.58 * r), (cx + dx * r, cy + 0.85 * r), ink, 0.08 * r)


def g_star(c: Canvas, cx, cy, r, col, ink=INK):
    pts = _star_pts(cx, cy + 0.06 * r, r, 0.42 * r, 5)
    c.poly(pts, col)
    c.poly(pts, ink, 0.08 * r)


def g_shape(n: int, rot=-math.pi / 2):
    def draw(c: Canvas, cx, cy, r, col, ink=INK):
        pts = _ngon(cx, cy, r * 0.9, n, rot)
        c.poly(pts, col)
        c.poly(pts, ink, 0.09 * r)
    return draw


def g_circle(c: Canvas, cx, cy, r, col, ink=INK):
    c.circle((cx, cy), 0.8 * r, col)
    c.circle((cx, cy), 0.8 * r, ink, 0.09 * r)


def g_moon(c: Canvas, cx, cy, r, col, ink=INK):
    pts = []
    for i in range(41):
        a = math.radians(-110 + 220 * i / 40)
        pts.append((cx - 0.1 * r + 0.85 * r * math.cos(a + math.pi), cy + 0.85 * r * math.sin(a + math.pi)))
    for i in range(40, -1, -1):
        a = math.radians(-70 + 140 * i / 40)
        pts.append((cx + 0.05 * r - 0.55 * r * math.cos(a), cy + 0.8 * r * math.sin(a) * 0.98))
    c.poly(pts, col)
    c.poly(pts, ink, 0.08 * r)


def g_heart(c: Canvas, cx, cy, r, col, ink=INK):
    pts = []
    for i in range(60):
        t = 2 * math.pi * i / 60
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * r / 17, cy - y * r / 17 - 0.05 * r))
    c.poly(pts, col)
    c.poly(pts, ink, 0.08 * r)


def g_spiral(c: Canvas, cx, cy, r, col, ink=INK):
    c.circle((cx, cy), 0.9 * r, col)
    pts = [(cx + (0.08 + 0.7 * t / 18) * r * math.cos(t), cy + (0.08 + 0.7 * t / 18) * r * math.sin(t))
           for t in [i * 0.3 for i in range(61)]]
    c.lines(pts, ink, 0.11 * r)


def g_eye(c: Canvas, cx, cy, r, col, ink=INK):
    top = [(cx - r + 2 * r * i / 20, cy - 0.55 * r * math.sin(math.pi * i / 20)) for i in range(21)]
    bot = [(cx + r - 2 * r * i / 20, cy + 0.55 * r * math.sin(math.pi * i / 20)) for i in range(21)]
    c.poly(top + bot, col)
    c.poly(top + bot, ink, 0.08 * r)
    c.circle((cx, cy), 0.3 * r, ink)


SYMBOLS: dict[str, Callable] = {
    "flame": g_flame, "fire": g_flame, "sun": g_sun, "drop": g_drop, "droplet": g_drop, "water": g_drop,
    "tear": g_drop, "leaf": g_leaf, "skull": g_skull, "star": g_star, "triangle": g_shape(3),
    "square": g_shape(4, -math.pi / 4), "diamond": g_shape(4), "hexagon": g_shape(6, 0), "circle": g_circle,
    "moon": g_moon, "heart": g_heart, "spiral": g_spiral, "swirl": g_spiral, "eye": g_eye,
    "pentagon": g_shape(5),
}


def draw_symbol(c: Canvas, name: str, cx, cy, r, col, ink=INK):
    """Draw an Essence symbol by name; returns False if it is not a known shape (caller writes it)."""
    fn = SYMBOLS.get(name.strip().lower())
    if fn:
        fn(c, cx, cy, r, col, ink)
        return True
    return False


def symbol_on(surf: pygame.Surface, c: Canvas | None, name: str, cx, cy, r, col, ink=INK):
    """Draw a symbol; unknown names are written as one big letter so nothing is ever blank."""
    if c is not None and draw_symbol(c, name, cx, cy, r, col, ink):
        return
    text(surf, name.strip()[:2] or "?", (cx, cy), size=round(r * 2.2), color=col, outline=ink)


# Terrain glyphs ------------------------------------------------------------

def g_mountain(c: Canvas, cx, cy, r, col, ink=INK):
    back = [(cx - 0.95 * r, cy + 0.7 * r), (cx - 0.35 * r, cy - 0.35 * r), (cx + 0.2 * r, cy + 0.7 * r)]
    front = [(cx - 0.45 * r, cy + 0.7 * r), (cx + 0.2 * r, cy - 0.8 * r), (cx + 0.95 * r, cy + 0.7 * r)]
    c.poly(back, darker(col, 0.15))
    c.poly(back, ink, 0.08 * r)
    c.poly(front, col)
    cap = [(cx + 0.2 * r, cy - 0.8 * r), (cx + 0.43 * r, cy - 0.28 * r), (cx + 0.27 * r, cy - 0.36 * r),
           (cx + 0.17 * r, cy - 0.24 * r), (cx + 0.03 * r, cy - 0.4 * r)]
    c.poly(cap, WHITE)
    c.poly(front, ink, 0.08 * r)


def g_meadow(c: Canvas, cx, cy, r, col, ink=INK):
    grass = mix(col, (90, 160, 60), 0.55)
    for tx in (-0.55, 0.0, 0.55):
        base = (cx + tx * r, cy + 0.75 * r)
        for k, lean in enumerate((-0.35, 0.0, 0.35)):
            h = (0.75, 1.0, 0.8)[k] * (0.85 if tx else 1.0)
            blade = [(base[0] - 0.09 * r + lean * 0.2 * r, base[1]),
                     (base[0] + lean * r * 0.6, base[1] - h * r * 0.95),
                     (base[0] + 0.09 * r + lean * 0.2 * r, base[1])]
            c.poly(blade, grass)
            c.poly(blade, ink, 0.05 * r)
    for fx, fy in ((-0.3, -0.35), (0.35, -0.5)):
        c.circle((cx + fx * r, cy + fy * r), 0.16 * r, (250, 226, 80))
        c.circle((cx + fx * r, cy + fy * r), 0.16 * r, ink, 0.05 * r)
    c.line((cx - 0.95 * r, cy + 0.78 * r), (cx + 0.95 * r, cy + 0.78 * r), ink, 0.09 * r)


def g_river(c: Canvas, cx, cy, r, col, ink=INK):
    for k, dy in enumerate((-0.5, 0.0, 0.5)):
        pts = [(cx - 0.95 * r + 1.9 * r * i / 24, cy + dy * r + 0.16 * r * math.sin(i / 24 * 2 * math.pi * 1.5))
               for i in range(25)]
        c.lines(pts, ink, 0.3 * r)
        c.lines(pts, col if k != 1 else lighter(col, 0.3), 0.16 * r)


def g_forest(c: Canvas, cx, cy, r, col, ink=INK):
    for dx, s in ((-0.45, 0.75), (0.35, 1.0)):
        x = cx + dx * r
        for k in range(3):
            top = cy - s * r + k * 0.35 * s * r
            w = (0.3 + 0.12 * k) * s * r
            tri = [(x, top), (x + w, top + 0.55 * s * r), (x - w, top + 0.55 * s * r)]
            c.poly(tri, col)
            c.poly(tri, ink, 0.06 * r)
        c.rect((x - 0.06 * r, cy + 0.5 * s * r - 0.1 * r, 0.12 * r, 0.3 * r), ink)


TERRAIN_GLYPHS = {"mountain": g_mountain, "meadow": g_meadow, "river": g_river, "forest": g_forest}


def draw_terrain(c: Canvas, surf, tid, cx, cy, r, col, ink=INK):
    fn = TERRAIN_GLYPHS.get(tid)
    if fn:
        fn(c, cx, cy, r, col, ink)
    else:
        text(surf, tid[:1].upper(), (cx, cy), size=round(2 * r), color=ink)


# Icons (game-icons.net, CC BY 3.0: sprites/LICENSE-game-icons.md) ------------------------------
# tools/game_icons.py copied the used SVGs into tools/icons/; here they are rasterized (pygame-ce
# reads SVG), recoloured and outlined, then pasted onto the shapes drawn below.

ICON_DIR = ROOT / "tools" / "icons"
GUARDIAN_ICONS = {"bear": "bear-face", "boar": "boar", "owl": "owl", "wolf": "wolf-head", "stag": "deer-head",
                  "toad": "frog", "snake": "snake", "turtle": "turtle"}
HERO_ICONS = {"adventurer": "backpack", "chieftain": "crown", "druid": "oak-leaf", "shaman": "tribal-mask",
              "shadow": "cowled", "sower": "thorny-vine"}
# an Essence colour's picture, by the symbol data/colors.yaml gives it
SYMBOL_ICONS = {"triangle": "fire", "flame": "fire", "fire": "fire", "sun": "sun", "drop": "water-drop",
                "droplet": "water-drop", "water": "water-drop", "leaf": "linden-leaf", "skull": "goo-skull"}
TERRAIN_ICONS = {"mountain": "peaks", "meadow": "high-grass", "river": "waves", "forest": "pine-tree"}
SOW_ICONS = {"sow-dread": "dread-skull", "sow-ravage": "claw-slashes", "sow-hunger": "fanged-skull",
             "sow-frenzy": "fire-breath", "sow-ruin": "broken-skull", "sow-summon": "evil-minion",
             "sow-tithe": "coins", "sow-harvest": "scythe", "sow-alchemy": "cauldron"}
KIND_ICONS = {"scroll": "scroll-unfurled", "sparkle": "sparkles", "chevrons": "wingfoot", "footsteps": "footsteps",
              "shield": "checked-shield", "up": "open-book", "gem": "gems", "leaf": "herbs-bundle",
              "badge": "rune-stone", "beacon": "fire-bowl", "totem": "totem", "hut": "huts-village",
              "pure": "lotus", "star": "laurel-crown"}

_ICON_CACHE: dict = {}


def icon_svg(name: str) -> str:
    return (ICON_DIR / f"{name}.svg").read_text()


def icon(name: str, size: int, col) -> pygame.Surface:
    """The icon `name` rasterized into a size x size surface in colour `col`."""
    key = (name, size, tuple(col[:3]))
    img = _ICON_CACHE.get(key)
    if img is None:
        import io
        hexcol = "#%02x%02x%02x" % tuple(col[:3])
        svg = icon_svg(name).replace("currentColor", hexcol)
        img = pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (size, size))
        _ICON_CACHE[key] = img
    return img


def paste(surf: pygame.Surface, name: str, center, size: float, col, outline=INK, width: float = 1.4,
          alpha: int = 255) -> None:
    """An icon centred at `center`, filled with `col`, with an `outline` ring `width` px wide."""
    size = max(4, round(size))
    sup = 2                                  # rasterized at twice the size, then smoothed down
    big = pygame.Surface((size * sup + 8 * sup, size * sup + 8 * sup), pygame.SRCALPHA)
    o = 4 * sup
    if outline is not None and width > 0:
        edge = icon(name, size * sup, outline)
        rr = width * sup
        steps = 16
        for k in range(steps):
            a = 2 * math.pi * k / steps
            big.blit(edge, (o + rr * math.cos(a), o + rr * math.sin(a)))
    big.blit(icon(name, size * sup, col), (o, o))
    small = pygame.transform.smoothscale(big, (big.get_width() // sup, big.get_height() // sup))
    if alpha < 255:
        small.set_alpha(alpha)
    surf.blit(small, small.get_rect(center=(round(center[0]), round(center[1]))))


def gradient(surf: pygame.Surface, rect, top, bottom) -> None:
    """A vertical gradient inside `rect` (drawn over what is there, keeping the surface's alpha)."""
    x, y, w, h = [round(v) for v in rect]
    for k in range(h):
        pygame.draw.line(surf, mix(top, bottom, k / max(1, h - 1)), (x, y + k), (x + w - 1, y + k))


def ribbon(c: Canvas, x, y, w, h, fill, edge=INK):
    """A banner with notched ends, for a card's name."""
    n = h * 0.35
    pts = [(x, y), (x + w, y), (x + w - n, y + h / 2), (x + w, y + h), (x, y + h), (x + n, y + h / 2)]
    c.poly(pts, fill)
    c.poly(pts, edge, 1.0)


def corner_knots(c: Canvas, w, h, col, inset=6.5, r=2.2):
    for x, y in ((inset, inset), (w - inset, inset), (inset, h - inset), (w - inset, h - inset)):
        c.poly(_ngon(x, y, r, 4), col)


def card_face(w, h, fill, edge_col, pattern: str | None = None, pattern_col=None, pattern_alpha=46,
              pattern_at=None, pattern_size=None):
    """A card's base: ink border, a light-to-dark fill, an inner line, corner knots and, faintly, a big
    picture filling the card. Returns (canvas, finish) where finish() gives the surface."""
    c = Canvas(w, h)
    c.rect((0.5, 0.5, w - 1, h - 1), INK, radius=6)
    c.rect((2, 2, w - 4, h - 4), fill, radius=5)

    def finish():
        surf = c.finish()
        inner = pygame.Surface((w - 6, h - 6), pygame.SRCALPHA)
        gradient(inner, (0, 0, w - 6, h - 6), lighter(fill, 0.22), darker(fill, 0.22))
        mask = pygame.Surface((w - 6, h - 6), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=4)
        inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(inner, (3, 3))
        if pattern:
            paste(surf, pattern, pattern_at or (w / 2, h / 2), pattern_size or min(w, h) * 1.05,
                  pattern_col or darker(fill, 0.35), None, 0, pattern_alpha)
        over = Canvas(w, h)
        over.rect((4.5, 4.5, w - 9, h - 9), edge_col, width=1.1, radius=4)
        corner_knots(over, w, h, edge_col)
        surf.blit(over.finish(), (0, 0))
        return surf
    return c, finish


def medallion(surf, name: str | None, center, r, ring, fill, fg=WHITE, scale=1.3):
    c = Canvas(surf.get_width(), surf.get_height())
    c.circle(center, r, INK)
    c.circle(center, r - 1.2, ring)
    c.circle(center, r * 0.8, fill)
    surf.blit(c.finish(), (0, 0))
    if name:
        paste(surf, name, center, r * scale, fg, INK, 1.1)


def guardian_badge(surf, gid: str, name: str, cx, cy, r, col):
    """A round badge in the guardian's colour with its animal (or a big initial if unknown)."""
    c = Canvas(surf.get_width(), surf.get_height())
    c.circle((cx, cy), r, INK)
    c.circle((cx, cy), r * 0.92, col)
    c.circle((cx, cy), r * 0.8, lighter(col, 0.18))
    c.circle((cx, cy), r * 0.8, darker(col, 0.3), r * 0.04)
    surf.blit(c.finish(), (0, 0))
    ic = GUARDIAN_ICONS.get(gid)
    if ic:
        paste(surf, ic, (cx, cy + 0.02 * r), r * 1.32, lighter(col, 0.82), INK, max(1.0, r * 0.05))
    else:
        text(surf, name[:1].upper(), (cx, cy), size=round(r * 1.6), color=WHITE, outline=INK)


def essence_icon(symbol: str) -> str | None:
    return SYMBOL_ICONS.get(symbol.strip().lower())


# --------------------------------------------------------------------------- sprite painters

def card_frame(c: Canvas, w, h, fill, border=INK, inner=None):
    c.rect((0.5, 0.5, w - 1, h - 1), border, radius=6)
    c.rect((2, 2, w - 4, h - 4), fill, radius=5)
    if inner:
        c.rect((4.5, 4.5, w - 9, h - 9), inner, width=1.2, radius=4)


def paint_settlement(inp):
    col = inp["rgb"]
    w, h = MEEPLE
    c = Canvas(w, h)
    c.ellipse((w / 2, h - 4.5), 16, 3.6, (20, 16, 14, 150))        # its shadow on the ground
    surf = c.finish()
    paste(surf, "hut", (w / 2, h / 2 - 1), h * 0.98, col, INK, 1.6)
    return surf


def paint_beacon(inp):
    """A stone brazier whose fire is the Beacon's colour, its symbol carved on the stone."""
    col, sym = inp["rgb"], inp["symbol"]
    w, h = MEEPLE
    c = Canvas(w, h)
    stone = (150, 146, 140)
    base = [(w / 2 - 10, h - 2.5), (w / 2 - 7, h - 17), (w / 2 + 7, h - 17), (w / 2 + 10, h - 2.5)]
    c.poly(base, stone)
    c.poly(base, INK, 1.5)
    c.rect((w / 2 - 12, h - 20, 24, 5), darker(stone, 0.15), radius=2)
    c.rect((w / 2 - 12, h - 20, 24, 5), INK, 1.3, radius=2)
    c.circle((w / 2, h - 9.5), 4.6, col)
    c.circle((w / 2, h - 9.5), 4.6, INK, 1.0)
    draw_symbol(c, sym, w / 2, h - 9.5, 3.2, WHITE, INK)
    surf = c.finish()
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.circle(glow, (*lighter(col, 0.4), 90), (w // 2, 12), 12)
    surf.blit(glow, (0, 0))
    paste(surf, "fire-bowl", (w / 2, 14), 27, col, INK, 1.5)
    return surf


def paint_totem(inp):
    w, h = MEEPLE
    c = Canvas(w, h)
    c.ellipse((w / 2, h - 3), 13, 3, (20, 16, 14, 150))
    surf = c.finish()
    paste(surf, "totem", (w / 2, h / 2 - 1), h * 1.02, (214, 160, 96), INK, 1.6)
    return surf


def _mask(c: Canvas, cx, cy, r, col, kind):
    """A tribal mask; the headgear tells the hero type apart."""
    ink = INK
    if kind == "chieftain":  # crown of feathers
        for k in range(5):
            a = math.radians(-150 + 30 * k)
            tip = (cx + 1.15 * r * math.cos(a), cy - 0.2 * r + 1.15 * r * math.sin(a))
            c.line((cx, cy - 0.2 * r), tip, ink, 0.32 * r)
            c.line((cx, cy - 0.2 * r), tip, lighter(col, 0.4), 0.16 * r)
    elif kind == "shaman":  # horns
        for sx in (-1, 1):
            horn = [(cx + sx * 0.4 * r, cy - 0.5 * r), (cx + sx * 1.0 * r, cy - 1.1 * r),
                    (cx + sx * 0.75 * r, cy - 0.35 * r)]
            c.poly(horn, WHITE)
            c.poly(horn, ink, 0.08 * r)
    elif kind == "druid":  # leaves
        for sx in (-1, 1):
            g_leaf(c, cx + sx * 0.62 * r, cy - 0.72 * r, 0.42 * r, (110, 190, 90), ink)
    elif kind == "adventurer":  # single plume
        c.line((cx, cy - 0.6 * r), (cx + 0.55 * r, cy - 1.15 * r), ink, 0.34 * r)
        c.line((cx, cy - 0.6 * r), (cx + 0.55 * r, cy - 1.15 * r), WHITE, 0.18 * r)
    elif kind == "shadow":  # hood
        hood = [(cx - 0.95 * r, cy + 0.6 * r), (cx - 0.9 * r, cy - 0.4 * r), (cx, cy - 1.1 * r),
                (cx + 0.9 * r, cy - 0.4 * r), (cx + 0.95 * r, cy + 0.6 * r)]
        c.poly(hood, (40, 36, 48))
        c.poly(hood, ink, 0.08 * r)
    elif kind == "sower":  # thorns
        c.poly(_star_pts(cx, cy - 0.05 * r, 1.15 * r, 0.7 * r, 9), (30, 20, 36))
    face = [(cx - 0.7 * r, cy - 0.55 * r), (cx + 0.7 * r, cy - 0.55 * r), (cx + 0.62 * r, cy + 0.25 * r),
            (cx + 0.25 * r, cy + 0.85 * r), (cx - 0.25 * r, cy + 0.85 * r), (cx - 0.62 * r, cy + 0.25 * r)]
    c.poly(face, col)
    c.poly(face, ink, 0.09 * r)
    for sx in (-1, 1):
        c.poly([(cx + sx * 0.1 * r, cy - 0.2 * r), (cx + sx * 0.5 * r, cy - 0.32 * r),
                (cx + sx * 0.45 * r, cy - 0.02 * r), (cx + sx * 0.14 * r, cy)], ink)
    c.line((cx - 0.2 * r, cy + 0.45 * r), (cx + 0.2 * r, cy + 0.45 * r), ink, 0.08 * r)


def paint_hero(inp):
    """The tribe's ring around the Hero's sign (its type at a glance, in the Hero's colour)."""
    tribe, col, kind = inp["tribe_rgb"], inp["hero_rgb"], inp["hero"]
    s = HERO
    c = Canvas(s, s)
    c.circle((s / 2, s / 2), s / 2 - 0.5, INK)
    c.circle((s / 2, s / 2), s / 2 - 2, tribe)
    c.circle((s / 2, s / 2), s / 2 - 6.5, lighter(tribe, 0.6))
    c.circle((s / 2, s / 2), s / 2 - 6.5, darker(tribe, 0.3), 1.0)
    surf = c.finish()
    ic = HERO_ICONS.get(kind)
    if ic:
        paste(surf, ic, (s / 2, s / 2), s * 0.56, col, INK, 1.4)
    else:
        text(surf, kind[:1].upper(), (s / 2, s / 2), size=22, color=col, outline=INK)
    return surf


def paint_guardian(inp):
    s = GUARDIAN
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    guardian_badge(surf, inp["id"], inp["name"], s / 2, s / 2, s / 2 - 1, inp["rgb"])
    return surf


def paint_menace(inp):
    col, sym = inp["rgb"], inp["symbol"]
    s = TOKEN
    c = Canvas(s, s)
    spikes = _star_pts(s / 2, s / 2, s / 2 - 0.5, s / 2 - 5, 12)
    c.poly(spikes, INK)
    c.poly(_star_pts(s / 2, s / 2, s / 2 - 2.2, s / 2 - 6, 12), col)
    c.circle((s / 2, s / 2), s / 2 - 8, darker(col, 0.35))
    corrupt = inp.get("corruption", False)
    known = True if corrupt else draw_symbol(c, sym, s / 2, s / 2, 7.5, WHITE)
    surf = c.finish()
    if corrupt:
        paste(surf, "tentacles-skull", (s / 2, s / 2), 19, (226, 214, 236), INK, 1.0)
    elif not known:
        text(surf, sym[:1], (s / 2, s / 2 + 1), size=18, color=WHITE, outline=INK)
    return surf


def paint_havoc(inp):
    s = TOKEN
    c = Canvas(s, s)
    c.circle((s / 2, s / 2), s / 2 - 0.5, INK)
    c.circle((s / 2, s / 2), s / 2 - 2, (170, 30, 40))
    surf = c.finish()
    paste(surf, "vortex", (s / 2, s / 2), 25, (250, 220, 120), INK, 1.0)
    return surf


def paint_doom(inp):
    s = TOKEN
    c = Canvas(s, s)
    c.circle((s / 2, s / 2), s / 2 - 0.5, (10, 8, 12))
    c.circle((s / 2, s / 2), s / 2 - 3, (170, 34, 44), 1.6)
    surf = c.finish()
    paste(surf, "death-skull", (s / 2, s / 2), 23, (236, 228, 212), None, 0)
    return surf


def paint_harvest(inp):
    s = TOKEN
    c = Canvas(s, s)
    c.circle((s / 2, s / 2), s / 2 - 0.5, INK)
    c.circle((s / 2, s / 2), s / 2 - 2, (236, 208, 120))
    c.circle((s / 2, s / 2), s / 2 - 4, (196, 150, 60), 1.0)
    surf = c.finish()
    paste(surf, "wheat", (s / 2, s / 2), 25, (150, 96, 30), None, 0)
    return surf


def paint_terrain(inp):
    s = TOKEN + 4
    c = Canvas(s, s)
    c.poly(_ngon(s / 2, s / 2, s / 2 - 0.5, 6, 0), INK)
    c.poly(_ngon(s / 2, s / 2, s / 2 - 2.5, 6, 0), lighter(inp["rgb"], 0.45))
    c.poly(_ngon(s / 2, s / 2, s / 2 - 2.5, 6, 0), inp["rgb"], 1.5)
    surf = c.finish()
    ic = TERRAIN_ICONS.get(inp["id"])
    if ic:
        paste(surf, ic, (s / 2, s / 2), 25, darker(inp["rgb"], 0.45), None, 0)
    else:
        text(surf, inp["id"][:1].upper(), (s / 2, s / 2), size=22, color=INK)
    return surf


def paint_essence(inp):
    """An Essence card: its picture in a medallion and, faintly, over the whole card; its symbol in
    the lower left corner (the one a fanned hand still shows), the colour-blind letter's place
    (lower right) left free. No name printed on it: drawn as small as the table draws cards it
    could not be read (issue 42); the table says it on hover."""
    col, sym = inp["rgb"], inp["symbol"]
    w, h = CARD
    ic = essence_icon(sym)
    c, finish = card_face(w, h, col, lighter(col, 0.45), ic, darker(col, 0.4), 64, (w / 2, 44), 64)
    surf = finish()
    over = Canvas(w, h)
    over.circle((12, h - 11), 6.2, INK)
    over.circle((12, h - 11), 5.2, mix(col, WHITE, 0.78))
    draw_symbol(over, sym, 12, h - 11, 3.9, col, INK)
    surf.blit(over.finish(), (0, 0))
    if ic:
        medallion(surf, ic, (w / 2, 38), 19, mix(col, WHITE, 0.6), darker(col, 0.25), WHITE, 1.3)
    else:
        c2 = Canvas(w, h)
        known = draw_symbol(c2, sym, w / 2, 38, 16, WHITE)
        surf.blit(c2.finish(), (0, 0))
        if not known:
            text(surf, sym[:2], (w / 2, 39), size=30, color=WHITE, outline=INK)
    return surf


def paint_card_back(inp):
    """The Guardian side of an Essence card: a dark back with a lattice and the Guardian's badge (its
    name is said on hover: printed here it shrank to 6 px at the table, issue 42)."""
    w, h = CARD
    back = (58, 52, 76)
    gold = (170, 146, 96)
    c, finish = card_face(w, h, back, gold)
    surf = finish()
    lattice = Canvas(w, h)
    for k in range(-h, w + h, 9):
        lattice.line((k, 4), (k + h, h + 4), (*lighter(back, 0.12), 255), 0.7)
        lattice.line((k, h + 4), (k + h, 4), (*lighter(back, 0.12), 255), 0.7)
    lay = lattice.finish()
    clip = pygame.Surface((w - 12, h - 12), pygame.SRCALPHA)
    clip.blit(lay, (-6, -6))
    surf.blit(clip, (6, 6))
    guardian_badge(surf, inp["id"], inp["name"], w / 2, h / 2, 23, inp["rgb"])
    return surf


def _perk_icon(surf, inp, cx, cy):
    kind = inp["icon"]
    a = inp.get("args", [])
    if kind == "convert" and len(a) == 2:
        c = Canvas(surf.get_width(), surf.get_height())
        for dx, col in zip((-12, 12), a):
            c.circle((cx + dx, cy), 7.5, INK)
            c.circle((cx + dx, cy), 6.3, col)
        surf.blit(c.finish(), (0, 0))
        paste(surf, "cycle", (cx, cy), 15, (90, 70, 40), None, 0)
    elif kind == "terrain":
        paste(surf, TERRAIN_ICONS.get(a[0], "footprint"), (cx - 4, cy), 24, darker(a[1], 0.2), INK, 1.0)
        paste(surf, "footprint", (cx + 12, cy + 6), 13, (90, 70, 40), (244, 232, 200), 1.0)
    elif kind == "gem":
        paste(surf, "gems", (cx, cy), 26, a[0], INK, 1.1)
    elif kind == "guardians" and len(a) == 2:
        for dx, (gid, rgb) in zip((-11, 11), a):
            guardian_badge(surf, gid, gid, cx + dx, cy, 10.5, rgb)
    elif kind == "corruptor" and len(a) == 2:
        c = Canvas(surf.get_width(), surf.get_height())
        for dx, rgb in zip((-14, 14), a):
            c.circle((cx + dx, cy + 4), 6.2, INK)
            c.circle((cx + dx, cy + 4), 5.2, rgb)
        surf.blit(c.finish(), (0, 0))
        paste(surf, "goo-skull", (cx, cy - 1), 20, (120, 84, 140), INK, 1.0)
    elif kind == "sower":
        paste(surf, SOW_ICONS.get(inp.get("id", ""), "thorny-vine"), (cx, cy), 26, (226, 210, 236), INK, 1.0)
    elif kind in KIND_ICONS:
        paste(surf, KIND_ICONS[kind], (cx, cy), 25, (120, 84, 40), None, 0)
    else:
        c = Canvas(surf.get_width(), surf.get_height())
        draw_icon(c, kind, cx, cy, 10)
        surf.blit(c.finish(), (0, 0))


def draw_icon(c: Canvas, kind: str, cx, cy, r):
    """Small generic icons for perks and achievements."""
    gold = (226, 190, 80)
    if kind == "scroll":
        c.rect((cx - 0.7 * r, cy - 0.8 * r, 1.4 * r, 1.6 * r), (244, 232, 200), radius=0.2 * r)
        c.rect((cx - 0.7 * r, cy - 0.8 * r, 1.4 * r, 1.6 * r), INK, 0.12 * r, radius=0.2 * r)
        for k in range(3):
            y = cy - 0.35 * r + k * 0.35 * r
            c.line((cx - 0.4 * r, y), (cx + 0.4 * r, y), INK, 0.1 * r)
        c.ellipse((cx, cy - 0.85 * r), 0.85 * r, 0.2 * r, (210, 180, 120))
        c.ellipse((cx, cy + 0.85 * r), 0.85 * r, 0.2 * r, (210, 180, 120))
    elif kind == "sparkle":
        c.poly(_star_pts(cx, cy, r, 0.3 * r, 4), (250, 250, 236))
        c.poly(_star_pts(cx, cy, r, 0.3 * r, 4), INK, 0.1 * r)
    elif kind == "chevrons":
        for dx in (-0.45, 0.25):
            pts = [(cx + (dx - 0.3) * r, cy - 0.7 * r), (cx + (dx + 0.3) * r, cy), (cx + (dx - 0.3) * r, cy + 0.7 * r)]
            c.lines(pts, INK, 0.38 * r)
            c.lines(pts, gold, 0.2 * r)
    elif kind == "shield":
        pts = [(cx - 0.8 * r, cy - 0.8 * r), (cx + 0.8 * r, cy - 0.8 * r), (cx + 0.7 * r, cy + 0.1 * r),
               (cx, cy + 0.95 * r), (cx - 0.7 * r, cy + 0.1 * r)]
        c.poly(pts, (120, 150, 190))
        c.poly(pts, INK, 0.12 * r)
        c.line((cx, cy - 0.7 * r), (cx, cy + 0.75 * r), INK, 0.1 * r)
    elif kind == "up":
        pts = [(cx, cy - r), (cx + 0.8 * r, cy), (cx + 0.3 * r, cy), (cx + 0.3 * r, cy + r), (cx - 0.3 * r, cy + r),
               (cx - 0.3 * r, cy), (cx - 0.8 * r, cy)]
        c.poly(pts, gold)
        c.poly(pts, INK, 0.1 * r)
    elif kind == "gem":
        paint_gem_on(c, cx, cy, 0.9 * r, (90, 200, 220))
    elif kind == "leaf":
        g_leaf(c, cx, cy, r, (90, 160, 80))
    elif kind == "badge":
        c.circle((cx, cy), r, INK)
        c.circle((cx, cy), 0.85 * r, (170, 140, 200))
        g_sun(c, cx, cy, 0.6 * r, (250, 240, 200))
    elif kind == "beacon":
        c.poly([(cx - 0.4 * r, cy + r), (cx - 0.3 * r, cy - 0.2 * r), (cx + 0.3 * r, cy - 0.2 * r),
                (cx + 0.4 * r, cy + r)], (150, 146, 140))
        c.poly([(cx - 0.4 * r, cy + r), (cx - 0.3 * r, cy - 0.2 * r), (cx + 0.3 * r, cy - 0.2 * r),
                (cx + 0.4 * r, cy + r)], INK, 0.1 * r)
        g_flame(c, cx, cy - 0.6 * r, 0.45 * r, (240, 150, 40))
    elif kind == "totem":
        for k in range(3):
            y = cy - r + k * 0.66 * r
            c.rect((cx - 0.4 * r, y, 0.8 * r, 0.62 * r), (200, 160, 110), radius=0.1 * r)
            c.rect((cx - 0.4 * r, y, 0.8 * r, 0.62 * r), INK, 0.08 * r, radius=0.1 * r)
    elif kind == "hut":
        for dx in (-0.45, 0.45):
            hut = [(cx + dx * r, cy - 0.7 * r), (cx + (dx + 0.45) * r, cy), (cx + (dx + 0.35) * r, cy),
                   (cx + (dx + 0.35) * r, cy + 0.7 * r), (cx + (dx - 0.35) * r, cy + 0.7 * r),
                   (cx + (dx - 0.35) * r, cy), (cx + (dx - 0.45) * r, cy)]
            c.poly(hut, (200, 150, 90))
            c.poly(hut, INK, 0.1 * r)
    elif kind == "pure":
        c.circle((cx, cy), 0.85 * r, WHITE)
        c.circle((cx, cy), 0.85 * r, INK, 0.12 * r)
    else:
        g_star(c, cx, cy, r, gold)


def paint_gem_on(c: Canvas, cx, cy, r, col):
    pts = [(cx - r, cy - 0.3 * r), (cx - 0.5 * r, cy - r), (cx + 0.5 * r, cy - r), (cx + r, cy - 0.3 * r),
           (cx, cy + r)]
    c.poly(pts, col)
    c.poly([(cx - r, cy - 0.3 * r), (cx + r, cy - 0.3 * r), (cx, cy + r)], darker(col, 0.2))
    c.poly([(cx - 0.5 * r, cy - r), (cx + 0.5 * r, cy - r), (cx + 0.25 * r, cy - 0.3 * r),
            (cx - 0.25 * r, cy - 0.3 * r)], lighter(col, 0.45))
    c.poly(pts, INK, 0.12 * r)


def paint_perk(inp):
    w, h = TILE
    dark = inp["icon"] == "sower"
    fill = (76, 52, 90) if dark else (232, 214, 170)
    c, finish = card_face(w, h, fill, (150, 110, 160) if dark else (176, 140, 80))
    surf = finish()
    # the picture alone, larger: a name printed under it shrank to 6 px at the table (issue 42)
    art = pygame.Surface((w, h), pygame.SRCALPHA)
    _perk_icon(art, inp, w / 2, h / 2)
    big = pygame.transform.smoothscale(art, (round(w * 1.3), round(h * 1.3)))
    surf.blit(big, big.get_rect(center=(w / 2, h / 2)))
    return surf


def paint_herb(inp):
    w, h = CARD
    c, finish = card_face(w, h, (200, 222, 170), (90, 140, 80), "herbs-bundle", (120, 160, 96), 70, (w / 2, 36), 56)
    surf = finish()
    kind, a = inp["icon"], inp.get("args", [])
    cy, r = 38, 19                  # the picture alone, larger: no name printed under it (issue 42)
    if kind == "color":
        ic = essence_icon(a[1])
        medallion(surf, ic, (w / 2, cy), r, mix(a[0], WHITE, 0.5), a[0], WHITE, 1.3)
    elif kind == "terrain":
        medallion(surf, TERRAIN_ICONS.get(a[0]), (w / 2, cy), r, mix(a[1], WHITE, 0.5), lighter(a[1], 0.35),
                  darker(a[1], 0.5), 1.35)
    elif kind == "hero":
        medallion(surf, HERO_ICONS.get(a[1]), (w / 2, cy), r, mix(a[0], WHITE, 0.5), lighter(a[0], 0.55), a[0], 1.3)
    else:
        paste(surf, "herbs-bundle", (w / 2, cy), 34, (70, 120, 60), INK, 1.0)
    paste(surf, "herbs-bundle", (12, h - 12), 13, (70, 120, 60), None, 0)
    return surf


def paint_attunement(inp):
    w, h = CARD
    col = inp["rgb"]
    c, finish = card_face(w, h, lighter(col, 0.55), darker(col, 0.2), "rune-stone", darker(col, 0.1), 60,
                          (w / 2, 34), 54)
    surf = finish()
    guardian_badge(surf, inp["id"], inp["guardian"], w / 2, h / 2, 23, col)   # no name printed (issue 42)
    return surf


def paint_achievement(inp):
    s = SMALL
    c = Canvas(s, s)
    col = inp["rgb"]
    c.circle((s / 2, s / 2), s / 2 - 0.5, INK)
    c.circle((s / 2, s / 2), s / 2 - 2, col)
    surf = c.finish()
    paste(surf, "laurel-crown", (s / 2, s / 2), 24, lighter(col, 0.75), INK, 0.9)
    return surf


def paint_achievement_tile(inp):
    """An Achievement slot: a band in its subject's colour, its picture large, room for its name below."""
    w, h = (60, 48)
    kind, a, cx, cy = inp["icon"], inp.get("args", []), w / 2, 16
    band = {"hero": lambda: a[0], "color": lambda: a[0], "terrain": lambda: a[1]}.get(kind, lambda: (214, 170, 50))()
    c, finish = card_face(w, h, (226, 214, 184), (170, 140, 90), "laurels", (196, 176, 130), 90, (cx, cy + 1), 34)
    surf = finish()
    top = Canvas(w, h)
    top.rect((3, 3, w - 6, 4), band, radius=1.5)
    surf.blit(top.finish(), (0, 0))
    if kind == "hero":
        paste(surf, HERO_ICONS.get(a[1], "laurel-crown"), (cx, cy), 21, a[0], INK, 1.1)
    elif kind == "color":
        medallion(surf, essence_icon(a[1]), (cx, cy), 10.5, mix(a[0], WHITE, 0.5), a[0], WHITE, 1.3)
    elif kind == "terrain":
        paste(surf, TERRAIN_ICONS.get(a[0], "laurel-crown"), (cx, cy), 22, darker(a[1], 0.2), INK, 1.0)
    else:
        paste(surf, KIND_ICONS.get(kind, "laurel-crown"), (cx, cy), 21, (120, 84, 40), (250, 244, 228), 1.0)
    # no name printed under the picture: the table writes it in its own font where it reads
    # (boards._tile_name) and says it on hover elsewhere; printed, it shrank to 4-6 px (issue 42)
    return surf


PHASE_ICONS = {"tribe": "huts-village", "event": "swap-bag", "hero": "crossed-swords"}


def paint_phase(inp):
    s = 48
    up, kind = inp["up"], inp["kind"]
    fill = (236, 222, 186) if up else (84, 74, 96)
    c, finish = card_face(s, s, fill, (170, 140, 90) if up else (120, 110, 140))
    surf = finish()
    col = inp["rgb"] if up else (120, 110, 140)
    paste(surf, PHASE_ICONS.get(kind, "laurel-crown"), (s / 2, 19), 24, col, INK if up else (60, 54, 70), 1.0)
    band = Canvas(s, s)                 # the plate the table writes the Phase's word on
    band.rect((5, 31, s - 10, 13), lighter(fill, 0.3) if up else darker(fill, 0.25), radius=2)
    band.rect((5, 31, s - 10, 13), mix(col, fill, 0.5) if up else (170, 160, 190), width=0.8, radius=2)
    surf.blit(band.finish(), (0, 0))
    # its word is left to the table, in its own font where it reads (tribe_board.phase_word):
    # printed here it shrank to 6 px (issue 42); the picture keeps its place (tribe_board.phase_mark)
    return surf


def paint_action_gem(inp):
    s = 24
    c = Canvas(s, s)
    paint_gem_on(c, s / 2, s / 2, 10, (90, 200, 220))
    return c.finish()


def paint_first_player(inp):
    s = 40
    c = Canvas(s, s)
    c.circle((s / 2, s / 2), s / 2 - 0.5, INK)
    c.circle((s / 2, s / 2), s / 2 - 2, (214, 170, 50))
    crown = [(10, 14), (15, 19), (20, 10), (25, 19), (30, 14), (28, 24), (12, 24)]
    c.poly(crown, (250, 230, 150))
    c.poly(crown, INK, 1.2)
    surf = c.finish()
    text(surf, "1", (s / 2, 30), size=16, color=INK)
    return surf


def paint_drifter(inp):
    w, h = MEEPLE
    c = Canvas(w, h)
    c.ellipse((w / 2, h - 4), 14, 3.2, (20, 16, 14, 160))
    surf = c.finish()
    paste(surf, "hooded-figure", (w / 2, h / 2 - 1), h * 0.98, (110, 92, 140), INK, 1.6)
    return surf


def paint_drifter_token(inp):
    s = TOKEN
    c = Canvas(s, s)
    c.circle((s / 2, s / 2), s / 2 - 0.5, INK)
    c.circle((s / 2, s / 2), s / 2 - 2, (150, 140, 170))
    surf = c.finish()
    paste(surf, "hooded-figure", (s / 2, s / 2), 27, (84, 70, 104), None, 0)
    return surf


def paint_island(inp):
    """The island on its own (for the start, end and curtain screens): the map as the table draws
    it, without names, with each Great Guardian's badge on its Area."""
    from faeriell.content.map_loader import default_board, default_map_path
    from faeriell.ui.map_view import MapView
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))          # pytmx converts its tiles
    board = default_board()
    w, h = inp["size"]
    mv = MapView(board, default_map_path(), load_catalog(), viewport=(0, 0, w, h))
    sc = mv.fit_scale
    size = (round(mv.map_size[0] * sc), round(mv.map_size[1] * sc))
    surf = pygame.Surface(size)
    surf.blit(pygame.transform.smoothscale(mv.background, size), (0, 0))
    P = lambda p: (p[0] * sc, p[1] * sc)  # noqa: E731
    mv._draw_beach(surf, sc, P)
    mv._draw_regions(surf, sc, P)
    mv._draw_borders(surf, sc, P)
    mv._draw_paths_and_nodes(surf, sc, P)
    for gid, pos in board.guardian_icons.items():
        g = inp["guardians"].get(gid)
        if g is None:
            continue
        badge = pygame.Surface((60, 60), pygame.SRCALPHA)
        guardian_badge(badge, gid, g[0], 30, 30, 29, tuple(g[1]))
        c = P(pos)
        surf.blit(badge, badge.get_rect(center=(round(c[0]), round(c[1]))))
    out = pygame.Surface((w, h))
    out.fill(mv.sea)
    out.blit(surf, surf.get_rect(center=(w // 2, h // 2)))
    return out


def paint_back(inp):
    """A face-down card or tile: a lattice on a dark ground, the kind's picture in a medallion."""
    w, h = inp["size"]
    fill, gold = tuple(inp["fill"]), (170, 146, 96)
    c, finish = card_face(w, h, fill, gold)
    surf = finish()
    lattice = Canvas(w, h)
    for k in range(-h, w + h, 9):
        lattice.line((k, 4), (k + h, h + 4), lighter(fill, 0.14), 0.7)
        lattice.line((k, h + 4), (k + h, 4), lighter(fill, 0.14), 0.7)
    clip = pygame.Surface((w - 12, h - 12), pygame.SRCALPHA)
    clip.blit(lattice.finish(), (-6, -6))
    surf.blit(clip, (6, 6))
    r = min(w, h) * 0.3
    medallion(surf, inp["icon"], (w / 2, h / 2), r, gold, darker(fill, 0.2), lighter(fill, 0.75), 1.35)
    return surf


def paint_bag(inp):
    w, h = 40, 44
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    paste(surf, "swap-bag", (w / 2, h / 2), 42, (140, 100, 60), INK, 1.4)
    return surf


# --------------------------------------------------------------------------- specs from the catalog

@dataclass
class Spec:
    name: str                                   # file stem
    painter: Callable[[dict], pygame.Surface]
    inputs: dict = field(default_factory=dict)  # everything the painter reads (hashed in the manifest)

    def input_hash(self) -> str:
        blob = json.dumps({"painter": self.painter.__name__, "inputs": self.inputs}, sort_keys=True,
                          default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _perk_inputs(pid: str, entry: dict, pal: Palette, cat) -> dict:
    """Pick a perk tile's icon from its abilities (data), falling back to a star."""
    title = entry_name(entry, pid)
    if str(entry.get("set", "")).startswith("sower") or pid.startswith("sow-"):
        return {"icon": "sower", "title": title, "id": pid}
    for ab in entry.get("abilities") or []:
        eff = ab.get("effect")
        if eff == "convert" and len(ab.get("colors") or []) == 2:
            return {"icon": "convert", "args": [pal.color(c) for c in ab["colors"]], "title": title}
        if ab.get("terrain") and eff == "path_move":
            return {"icon": "terrain", "args": [ab["terrain"], pal.terrain(ab["terrain"])], "title": title}
        if eff == "gain_gem" and ab.get("pay"):
            return {"icon": "gem", "args": [pal.color(ab["pay"])], "title": title}
        if len(ab.get("guardians") or []) == 2:
            return {"icon": "guardians", "args": [[g, pal.guardian(g)] for g in ab["guardians"]],
                    "title": title}
        if eff == "trigger_event":
            pays = [a.get("pay") for a in entry["abilities"] if a.get("pay")]
            return {"icon": "corruptor", "args": [pal.color(c) for c in pays[:2]], "title": title}
        if eff in PERK_EFFECT_ICONS:
            return {"icon": PERK_EFFECT_ICONS[eff], "title": title}
    return {"icon": "star", "title": title}


PERK_EFFECT_ICONS = {"quest_any": "scroll", "cleanse_any": "sparkle", "extra_move": "chevrons",
                     "move_after_solve": "footsteps", "gem_on_quest_solve": "shield", "track_on_perk": "up"}


def _achievement_inputs(aid: str, entry: dict, pal: Palette, cat) -> dict:
    title = entry_name(entry, aid)
    cond = entry.get("condition") or {}
    if cond.get("hero"):
        return {"icon": "hero", "args": [pal.hero(cond["hero"]), cond["hero"]], "title": title}
    if cond.get("color"):
        return {"icon": "color", "args": [pal.color(cond["color"]), pal.symbol(cond["color"])], "title": title}
    if cond.get("terrain"):
        return {"icon": "terrain", "args": [cond["terrain"], pal.terrain(cond["terrain"])], "title": title}
    icon = {"perks": "gem", "herbs": "leaf", "attunements": "badge", "beacons": "beacon", "totem": "totem",
            "shire": "hut", "pure": "pure", "cleanser": "sparkle"}.get(str(cond.get("measure")), "star")
    return {"icon": icon, "title": title}


def _herb_inputs(hid: str, entry: dict, pal: Palette, cat) -> dict:
    key = hid.split("-", 1)[1] if "-" in hid else hid
    title = entry_name(entry, hid)
    if key in _section(cat, "colors"):
        return {"icon": "color", "args": [pal.color(key), pal.symbol(key)], "title": title}
    if key in _section(cat, "terrains"):
        return {"icon": "terrain", "args": [key, pal.terrain(key)], "title": title}
    if key in _section(cat, "heroes"):
        return {"icon": "hero", "args": [pal.hero(key), key], "title": title}
    return {"icon": "leaf", "title": title}


def build_specs(cat) -> list[Spec]:
    pal = Palette(cat)
    colors, tribes, guardians = _section(cat, "colors"), _section(cat, "tribes"), _section(cat, "guardians")
    heroes, terrains = _section(cat, "heroes"), _section(cat, "terrains")
    specs: list[Spec] = []
    add = lambda stem, painter, **inp: specs.append(Spec(stem, painter, inp))  # noqa: E731

    letters, taken = {}, set()
    for hid, hero in heroes.items():  # an initial only where it is unique (shadow/sower go by shape)
        first = entry_name(hero, hid)[:1].upper()
        letters[hid] = "" if first in taken else first
        taken.add(first)
    for tid in tribes:
        add(f"settlement_{tid}", paint_settlement, rgb=pal.tribe(tid))
        add(f"achievement_{tid}", paint_achievement, rgb=pal.tribe(tid))
        for hid, hero in heroes.items():
            add(f"hero_{hid}_{tid}", paint_hero, tribe_rgb=pal.tribe(tid), hero_rgb=pal.hero(hid), hero=hid,
                letter=letters[hid])
    for cid, entry in colors.items():
        add(f"essence_{cid}", paint_essence, rgb=pal.color(cid), symbol=pal.symbol(cid),
            title=entry_name(entry, cid), sub=str(entry.get("essence_name") or entry.get("essence") or ""))
        if is_corruption(cid, entry):
            add("corruption_token", paint_menace, rgb=pal.color(cid), symbol=pal.symbol(cid), corruption=True)
        else:
            add(f"beacon_{cid}", paint_beacon, rgb=pal.color(cid), symbol=pal.symbol(cid))
            add(f"menace_{cid}", paint_menace, rgb=pal.color(cid), symbol=pal.symbol(cid))
    for gid, entry in guardians.items():
        add(f"guardian_{gid}", paint_guardian, id=gid, name=entry_name(entry, gid), rgb=pal.guardian(gid))
        add(f"card_back_{gid}", paint_card_back, id=gid, name=entry_name(entry, gid), rgb=pal.guardian(gid))
    for tid in terrains:
        add(f"terrain_{tid}", paint_terrain, id=tid, rgb=pal.terrain(tid))
    for pid, entry in _section(cat, "perks").items():
        add(f"perk_{pid}", paint_perk, **_perk_inputs(pid, entry, pal, cat))
    for hid, entry in _section(cat, "herbs").items():
        add(f"herb_{hid}", paint_herb, **_herb_inputs(hid, entry, pal, cat))
    for aid, entry in _section(cat, "attunements").items():
        gid = str(entry.get("guardian") or aid)
        gname = entry_name(guardians.get(gid, {}), gid)
        add(f"attunement_{aid}", paint_attunement, id=gid, guardian=gname, rgb=pal.guardian(gid),
            title=entry_name(entry, f"{gname} Attunement"))
    for aid, entry in _section(cat, "achievements").items():
        add(f"achievement_tile_{aid}", paint_achievement_tile, **_achievement_inputs(aid, entry, pal, cat))
    for kind, title in (("tribe", "Tribe"), ("event", "Event"), ("hero", "Hero")):
        for up in (True, False):
            add(f"phase_{kind}_{'up' if up else 'down'}", paint_phase, kind=kind, up=up, title=title,
                rgb={"tribe": (200, 120, 50), "event": (120, 90, 150), "hero": (70, 130, 190)}[kind])
    add("totem", paint_totem)
    add("havoc_token", paint_havoc)
    add("doom_token", paint_doom)
    add("harvest_token", paint_harvest)
    add("action_gem", paint_action_gem)
    add("first_player", paint_first_player)
    add("drifter", paint_drifter)
    add("drifter_token", paint_drifter_token)
    add("bag", paint_bag)
    add("herb_back", paint_back, size=list(CARD), fill=[60, 92, 60], icon="herbs-bundle")
    add("card_hidden", paint_back, size=list(CARD), fill=[58, 52, 76], icon="rune-stone")
    add("sower_back", paint_back, size=list(TILE), fill=[70, 44, 82], icon="thorny-vine")
    tmx = ROOT / "maps" / "faeriell.tmx"
    tiles = ROOT / "sprites" / "map_tiles.png"
    add("island", paint_island, size=[800, 600],
        map=hashlib.sha256(tmx.read_bytes()).hexdigest()[:16] if tmx.exists() else "",
        tiles=hashlib.sha256(tiles.read_bytes()).hexdigest()[:16] if tiles.exists() else "",
        guardians={g: [entry_name(e, g), pal.guardian(g)] for g, e in guardians.items()})
    return specs


def expected_names(cat) -> list[str]:
    """Sprite file stems the current catalog needs (used by tests and the UI)."""
    return [s.name for s in build_specs(cat)]


# --------------------------------------------------------------------------- manifest / io

def generator_hash() -> str:
    """This file, the font it writes with and the icons it paints with (tools/icons/*.svg)."""
    h = hashlib.sha256(Path(__file__).read_bytes().replace(b"\r\n", b"\n"))
    h.update(FONT_FILE.read_bytes())
    for svg in sorted(ICON_DIR.glob("*.svg")):
        h.update(svg.name.encode() + svg.read_bytes().replace(b"\r\n", b"\n"))
    return h.hexdigest()[:16]


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def load_catalog():
    from faeriell.content.catalog_loader import default_catalog
    return default_catalog()


def read_manifest(out: Path) -> dict:
    try:
        return json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}


def generate(cat, out: Path = SPRITES_DIR) -> tuple[int, int]:
    """Write all sprites and the manifest; returns (written, unchanged)."""
    pygame.font.init()
    out.mkdir(parents=True, exist_ok=True)
    old = read_manifest(out)
    files: dict[str, dict] = {}
    written = unchanged = 0
    tmp = out / ".tmp_sprite.png"
    for spec in build_specs(cat):
        path = out / f"{spec.name}.png"
        pygame.image.save(spec.painter(spec.inputs), str(tmp))
        data = tmp.read_bytes()
        if path.exists() and path.read_bytes() == data:
            unchanged += 1
        else:
            path.write_bytes(data)
            written += 1
        files[path.name] = {"inputs": spec.input_hash(), "png": hashlib.sha256(data).hexdigest()[:16]}
    tmp.unlink(missing_ok=True)
    for stale in set(old.get("files", {})) - set(files):
        (out / stale).unlink(missing_ok=True)
    manifest = {"generator": generator_hash(), "files": dict(sorted(files.items()))}
    text_out = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
    if (out / MANIFEST).exists() is False or (out / MANIFEST).read_text() != text_out:
        (out / MANIFEST).write_text(text_out)
    return written, unchanged


def check(cat, out: Path = SPRITES_DIR) -> list[str]:
    """Problems that make the committed sprites out of date (empty list = up to date)."""
    problems = []
    man = read_manifest(out)
    if not man:
        return [f"{out / MANIFEST} missing or unreadable"]
    if man.get("generator") != generator_hash():
        problems.append("tools/make_sprites.py changed since the sprites were generated")
    files = man.get("files", {})
    specs = build_specs(cat)
    for spec in specs:
        fname = f"{spec.name}.png"
        rec = files.get(fname)
        if rec is None:
            problems.append(f"{fname}: not generated")
        elif rec.get("inputs") != spec.input_hash():
            problems.append(f"{fname}: data changed")
        elif not (out / fname).exists():
            problems.append(f"{fname}: file missing")
        elif file_hash(out / fname) != rec.get("png"):
            problems.append(f"{fname}: file edited by hand")
    for extra in sorted(set(files) - {f"{s.name}.png" for s in specs}):
        problems.append(f"{extra}: no longer made by the catalog")
    return problems


def contact_sheet(out: Path, dest: Path, scale: int = 2) -> None:
    """All sprites on one sheet with their names (for looking, not committed)."""
    pygame.font.init()
    names = sorted(read_manifest(out).get("files", {}))
    cell_w, cell_h = 100 * scale, 90 * scale + 14
    cols = max(1, 1200 // cell_w)
    rows = (len(names) + cols - 1) // cols
    sheet = pygame.Surface((cols * cell_w, rows * cell_h))
    sheet.fill((96, 110, 96))
    for i, name in enumerate(names):
        img = pygame.image.load(str(out / name))
        img = pygame.transform.scale_by(img, scale)
        x, y = (i % cols) * cell_w, (i // cols) * cell_h
        sheet.blit(img, (x + (cell_w - img.get_width()) // 2, y + 4))
        label = font(13).render(name[:-4][:18], True, (255, 255, 255))
        sheet.blit(label, (x + 2, y + cell_h - 13))
    pygame.image.save(sheet, str(dest))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if sprites/ is out of date with data/")
    ap.add_argument("--out", type=Path, default=SPRITES_DIR, help="output folder (default: sprites/)")
    ap.add_argument("--sheet", type=Path, help="also write a contact sheet PNG here")
    ap.add_argument("--sheet-scale", type=int, default=1, help="contact sheet magnification")
    args = ap.parse_args(argv)
    cat = load_catalog()
    if args.check:
        problems = check(cat, args.out)
        for p in problems[:40]:
            print("out of date:", p)
        if problems:
            print(f"{len(problems)} problem(s); run: python3 tools/make_sprites.py")
            return 1
        print(f"sprites up to date ({len(build_specs(cat))} files)")
        return 0
    written, unchanged = generate(cat, args.out)
    print(f"sprites: {written} written, {unchanged} unchanged -> {args.out}")
    if args.sheet:
        contact_sheet(args.out, args.sheet, args.sheet_scale)
        print(f"contact sheet -> {args.sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

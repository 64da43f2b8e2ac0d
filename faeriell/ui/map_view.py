"""The island on screen: the Tiled background, Regions, borders, Paths, Nodes, Area names and icons.

Everything here is static, so it is drawn once per zoom level into a cached surface (`_static`);
a frame is then one blit at the current pan offset. Coordinates come in map pixels (the .tmx) and
go through one camera: screen = viewport.topleft + offset + map * scale.

The view decides no rules: it only draws the Board it is given and turns wheel/drag into zoom/pan.
"""
from __future__ import annotations

import logging
import math
import random
from collections import OrderedDict

import pygame

from faeriell.engine.board import Board
from faeriell.ui.text import WordsSurface, make_font, printed, smallest_text
from faeriell.ui.assets import Assets
import pytmx
from xml.etree import ElementTree
from faeriell.safe_read import read_bytes
from pytmx.util_pygame import load_pygame
from faeriell.content.map_refs import map_reference_problem

log = logging.getLogger(__name__)

ZOOM_STEP = 1.25
MAX_ZOOM_LEVEL = 6          # 1.25 ** 6 ~ 3.8x the fitted size
CACHE_LEVELS = 4            # static surfaces kept (one per zoom level)
LABEL_MAX_SCALE = 1.4       # map scale beyond which Area names and icons keep their size
PAN_MARGIN = 60             # px of sea that may show past the island's edge when zoomed in

SEA = (28, 62, 112)
INK = (38, 30, 24)
NODE_FILL = (250, 244, 224)
TRAIL = (248, 236, 196)
REGION_EDGE = (92, 82, 70)
AREA_LIGHT = (226, 178, 72)
# Map colours when the data gives none (data/terrains.yaml `rgb` wins).
TERRAIN_FALLBACK = {"mountain": (156, 120, 98), "meadow": (206, 202, 118), "river": (104, 162, 212),
                    "forest": (70, 126, 74)}


def _rgb(value, fallback):
    if isinstance(value, (list, tuple)) and len(value) >= 3:
        return tuple(int(v) for v in value[:3])
    return fallback


# --------------------------------------------------------------------------- terrain texture
# A Region's texture is a scatter of small motifs (peaks, grass, ripples, trees) at fixed map points,
# chosen once at load time, so any zoom level draws the same pattern with a few hundred draw calls.

MOTIF_SPACING = 24          # map px between motifs
MOTIF_CLEARANCE = 9         # map px a motif keeps from its Region's border


def _shade(rgb, d):
    return tuple(max(0, min(255, c + d)) for c in rgb)


def _motif(surf, terrain: str, x: float, y: float, u: float, base, variant: int) -> None:
    """One texture mark centred at (x, y); u = screen px per map px."""
    dark, light = _shade(base, -38), _shade(base, 26)
    w = max(1, round(1.3 * u))
    if terrain == "mountain":
        pts = [(x - 6 * u, y + 3.5 * u), (x - 1.5 * u, y - 3.5 * u), (x + 0.8 * u, y), (x + 3 * u, y - 2 * u),
               (x + 6.5 * u, y + 3.5 * u)]
        pygame.draw.lines(surf, dark, False, pts, w)
        pygame.draw.line(surf, light, (x - 1.5 * u, y - 2 * u), (x - 0.3 * u, y + 0.3 * u), w)
    elif terrain == "meadow":
        for dx in (-3.5, 0, 3.5):
            pygame.draw.line(surf, dark, (x + dx * u, y + 3 * u), (x + dx * 1.35 * u, y - 2.5 * u), w)
        if variant % 3 == 0:
            pygame.draw.circle(surf, (246, 230, 120), (x + 6 * u, y - 4 * u), max(1, 1.4 * u))
    elif terrain == "river":
        pts = [(x - 7 * u + i * u, y + 1.6 * u * math.sin(i / 2.3 + variant)) for i in range(15)]
        pygame.draw.lines(surf, light, False, pts, w)
    elif terrain == "forest":
        for dx, dy, r in ((-3.5, 1.5, 3.4), (3, -1.5, 4.0)):
            pygame.draw.circle(surf, dark, (x + dx * u, y + dy * u), r * u)
            pygame.draw.circle(surf, light, (x + (dx - 1) * u, y + (dy - 1) * u), r * u * 0.4)


def _scatter(board: Board, size: tuple[int, int]) -> list[tuple[str, float, float, int]]:
    """(terrain, x, y, variant) texture points inside Regions, clear of their borders."""
    ids = list(board.regions)
    raster = pygame.Surface(size, depth=8)
    raster.fill(255)
    for i, rid in enumerate(ids):
        pygame.draw.polygon(raster, i, board.regions[rid].polygon)
    rng = random.Random(7)
    out: list[tuple[str, float, float, int]] = []
    c = MOTIF_CLEARANCE
    for row, y0 in enumerate(range(MOTIF_SPACING // 2, size[1], MOTIF_SPACING)):
        for x0 in range(MOTIF_SPACING // 2 + (row % 2) * MOTIF_SPACING // 2, size[0], MOTIF_SPACING):
            x, y = x0 + rng.uniform(-5, 5), y0 + rng.uniform(-5, 5)
            probes = [(x, y), (x - c, y), (x + c, y), (x, y - c), (x, y + c)]
            if not all(0 <= px < size[0] and 0 <= py < size[1] for px, py in probes):
                continue
            idx = {raster.get_at_mapped((int(px), int(py))) for px, py in probes}
            if len(idx) == 1 and (i := idx.pop()) < len(ids):
                out.append((board.regions[ids[i]].terrain, x, y, rng.randrange(6)))
    return out


# --------------------------------------------------------------------------- drawing helpers

def _soften(surf: pygame.Surface, k: int) -> pygame.Surface:
    """A cheap wide blur: shrink by k, blur the small copy, grow back in 2x steps (bilinear)."""
    size = surf.get_size()
    small = pygame.transform.smoothscale(surf, (max(2, size[0] // k), max(2, size[1] // k)))
    small = pygame.transform.gaussian_blur(small, 1)
    while small.get_width() * 2 < size[0]:
        small = pygame.transform.smoothscale(small, (small.get_width() * 2, small.get_height() * 2))
    return pygame.transform.smoothscale(small, size)


def _dotted(surf, pts, spacing, radius, fill, edge):
    """Dots every `spacing` px along a polyline (a Path's trail), each with a 1 px `edge` ring."""
    carry = spacing / 2
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        d = carry
        while d < seg:
            t = d / seg
            p = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            pygame.draw.circle(surf, edge, p, radius + 1)
            pygame.draw.circle(surf, fill, p, radius)
            d += spacing
        carry = d - seg


def _outlined_text(font: pygame.font.Font, text: str, color, outline, px: int = 2) -> pygame.Surface:
    img = font.render(text, True, color)
    edge = font.render(text, True, outline)
    out = pygame.Surface((img.get_width() + 2 * px, img.get_height() + 2 * px), pygame.SRCALPHA)
    for dx in range(-px, px + 1):
        for dy in range(-px, px + 1):
            if dx * dx + dy * dy <= px * px + 1:
                out.blit(edge, (px + dx, px + dy))
    out.blit(img, (px, px))
    return printed(out)                 # an island's name: words (text.WordsSurface)


# --------------------------------------------------------------------------- the view

class MapView:
    def __init__(self, board: Board, tmx_path: str, catalog=None, assets: Assets | None = None,
                 viewport: pygame.Rect | tuple = (0, 0, 1280, 800)):
        self.board = board
        self.catalog = catalog
        self.assets = assets or Assets()
        self.warnings: list[str] = []
        self.sea: tuple[int, ...] = SEA
        self.background, self.map_size = self._load_background(tmx_path)
        self.terrain_rgb = self._terrain_colours()
        self.borders = self._classify_borders()
        self.motifs = _scatter(board, self.map_size)
        self.viewport = pygame.Rect(viewport)
        self.zoom_level = 0
        self.offset = (0.0, 0.0)
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.fit()

    # ---- loading -------------------------------------------------------------------------

    def _load_background(self, tmx_path: str):
        """Render the .tmx tile layer 'background' once, at map resolution."""
        try:
            problem = map_reference_problem(str(tmx_path))    # a pipe, a huge or giant image: unopened
            if problem:
                raise ValueError(problem)
            tmx = load_pygame(str(tmx_path))
        except Exception as exc:  # a missing tileset image must not close the window
            self.warnings.append(f"map tiles not loaded: {exc}")
            log.warning("background of %s not loaded: %s", tmx_path, exc)
            return None, _map_pixels(str(tmx_path))
        size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
        if tmx.background_color:
            self.sea = pygame.Color(tmx.background_color)[:3]
        surf = pygame.Surface(size)
        surf.fill(self.sea)
        for layer in tmx.visible_layers:
            if isinstance(layer, pytmx.TiledTileLayer):
                surf.fblits([(img, (x * tmx.tilewidth, y * tmx.tileheight)) for x, y, img in layer.tiles()])
        # soften the tile grid so sea, shallows and sand blend into a smooth shore
        surf = _soften(surf, max(1, tmx.tilewidth // 2))
        self.sea = tuple(pygame.transform.average_color(surf, (0, 0, size[0], tmx.tileheight))[:3])
        return surf, size

    def _terrain_colours(self) -> dict[str, tuple]:
        terrains = getattr(self.catalog, "terrains", None) or {}
        return {t: _rgb((terrains.get(t) or {}).get("rgb"), TERRAIN_FALLBACK.get(t, (150, 150, 150)))
                for t in {r.terrain for r in self.board.regions.values()}}

    def _classify_borders(self) -> dict[str, list[tuple]]:
        """Polygon edges as 'coast' (one Region), 'area' (two Areas) or 'region' (same Area)."""
        owners: dict[tuple, list[str]] = {}
        for r in self.board.regions.values():
            pts = r.polygon
            for i in range(len(pts)):
                a, b = pts[i], pts[(i + 1) % len(pts)]
                owners.setdefault((a, b) if a < b else (b, a), []).append(r.area)
        out: dict[str, list[tuple]] = {"coast": [], "area": [], "region": []}
        for edge, areas in owners.items():
            kind = "coast" if len(areas) == 1 else "area" if areas[0] != areas[1] else "region"
            out[kind].append(edge)
        return out

    # ---- camera --------------------------------------------------------------------------

    @property
    def fit_scale(self) -> float:
        mw, mh = self.map_size
        return min(self.viewport.w / mw, self.viewport.h / mh)

    @property
    def zoom(self) -> float:
        return ZOOM_STEP ** self.zoom_level

    @property
    def scale(self) -> float:
        return self.fit_scale * self.zoom

    def set_viewport(self, rect) -> None:
        self.viewport = pygame.Rect(rect)
        self._cache.clear()
        self.fit()

    def fit(self) -> None:
        """Whole island, centred (zoom 1)."""
        self.zoom_level = 0
        self.offset = (0.0, 0.0)
        self._clamp()

    def map_to_screen(self, p) -> tuple[float, float]:
        s = self.scale
        return (self.viewport.x + self.offset[0] + p[0] * s, self.viewport.y + self.offset[1] + p[1] * s)

    def screen_to_map(self, p) -> tuple[float, float]:
        s = self.scale
        return ((p[0] - self.viewport.x - self.offset[0]) / s, (p[1] - self.viewport.y - self.offset[1]) / s)

    def zoom_at(self, screen_pos, steps: int) -> bool:
        """Zoom by whole steps keeping the map point under `screen_pos` still. True if it changed."""
        level = max(0, min(MAX_ZOOM_LEVEL, self.zoom_level + steps))
        if level == self.zoom_level:
            return False
        anchor = self.screen_to_map(screen_pos)
        self.zoom_level = level
        s = self.scale
        self.offset = (screen_pos[0] - self.viewport.x - anchor[0] * s,
                       screen_pos[1] - self.viewport.y - anchor[1] * s)
        self._clamp()
        return True

    def pan_by(self, dx: float, dy: float) -> bool:
        before = self.offset
        self.offset = (self.offset[0] + dx, self.offset[1] + dy)
        self._clamp()
        return self.offset != before

    def _clamp(self) -> None:
        s = self.scale
        size = (self.map_size[0] * s, self.map_size[1] * s)
        view = (self.viewport.w, self.viewport.h)
        off = list(self.offset)
        for i in (0, 1):
            if size[i] <= view[i]:
                off[i] = (view[i] - size[i]) / 2          # smaller than the window: centred
            else:
                off[i] = min(PAN_MARGIN, max(view[i] - size[i] - PAN_MARGIN, off[i]))
        self.offset = (round(off[0]), round(off[1]))

    def is_empty_at(self, screen_pos) -> bool:
        """Nothing clickable here (so a drag pans). Pieces will answer False later."""
        return self.viewport.collidepoint(screen_pos)

    # ---- drawing -------------------------------------------------------------------------

    def draw(self, target: pygame.Surface) -> None:
        target.fill(self.sea, self.viewport)
        static = self._static()
        clip = target.get_clip()
        target.set_clip(self.viewport)
        target.blit(static, (self.viewport.x + self.offset[0], self.viewport.y + self.offset[1]))
        target.set_clip(clip)

    def _static(self) -> pygame.Surface:
        key = (self.zoom_level, self.viewport.size, smallest_text())
        surf = self._cache.get(key)
        if surf is None:
            surf = self.render_static(self.scale)
            self._cache[key] = surf
            while len(self._cache) > CACHE_LEVELS:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surf

    def render_static(self, s: float) -> pygame.Surface:
        """The whole island at scale `s`: background, Regions, borders, Paths, Nodes, names, icons."""
        size = (max(1, round(self.map_size[0] * s)), max(1, round(self.map_size[1] * s)))
        surf = WordsSurface(size)            # it remembers where its names are (the table's words)
        if self.background is not None:
            surf.blit(pygame.transform.smoothscale(self.background, size), (0, 0))
        else:
            surf.fill(self.sea)
        P = lambda p: (p[0] * s, p[1] * s)  # noqa: E731
        self._draw_beach(surf, s, P)
        self._draw_regions(surf, s, P)
        self._draw_borders(surf, s, P)
        self._draw_paths_and_nodes(surf, s, P)
        self._draw_labels(surf, s, P)
        return surf

    def _draw_beach(self, surf, s, P):
        """A smooth sandy shore and a band of shallows just outside the coast."""
        beach = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for width, color in ((round(22 * s), (150, 200, 220, 70)), (round(11 * s), (232, 214, 160, 255))):
            for a, b in self.borders["coast"]:
                pygame.draw.line(beach, color, P(a), P(b), max(2, width))
                pygame.draw.circle(beach, color, P(a), max(1, width / 2))
        surf.blit(beach, (0, 0))

    def _draw_regions(self, surf, s, P):
        for r in self.board.regions.values():
            pygame.draw.polygon(surf, self.terrain_rgb[r.terrain], [P(p) for p in r.polygon])
        for terrain, x, y, variant in self.motifs:
            _motif(surf, terrain, x * s, y * s, s, self.terrain_rgb[terrain], variant)

    def _draw_borders(self, surf, s, P):
        thin = max(1, round(1.2 * s))
        for a, b in self.borders["region"]:
            pygame.draw.line(surf, REGION_EDGE, P(a), P(b), thin)
        # Area borders: a wide gold band edged in ink, wider than the dotted Paths drawn on it,
        # so the eight Areas read at a glance on every terrain
        area_w = max(7, round(11 * s))
        for width, colour in ((area_w, INK), (max(3, area_w - 4), AREA_LIGHT)):
            for a, b in self.borders["area"]:
                pygame.draw.line(surf, colour, P(a), P(b), width)
                pygame.draw.circle(surf, colour, P(a), width / 2)
                pygame.draw.circle(surf, colour, P(b), width / 2)
        coast_w = max(2, round(2.6 * s))
        for a, b in self.borders["coast"]:
            pygame.draw.line(surf, INK, P(a), P(b), coast_w)
            pygame.draw.circle(surf, INK, P(a), coast_w / 2)

    def _draw_paths_and_nodes(self, surf, s, P):
        regions = self.board.regions
        for path in self.board.paths:
            inside = regions[path.regions[0]].area == regions[path.regions[1]].area
            _dotted(surf, [P(p) for p in path.points], spacing=max(5.0, 9 * s), radius=max(1.0, 1.9 * s),
                    fill=TRAIL, edge=REGION_EDGE if inside else INK)
        r = max(3.0, 5.5 * s)
        for node in self.board.nodes.values():
            c = P(node.pos)
            pygame.draw.circle(surf, INK, c, r + max(1.0, 1.5 * s))
            pygame.draw.circle(surf, NODE_FILL, c, r)

    def guardian_icon(self, area: str, t: float):
        """The printed Guardian icon of an Area (the table fades it under the moving Guardians)."""
        return self.assets.scaled(f"guardian_{area}", max(16, round(46 * t)))

    def _draw_labels(self, surf, s, P):
        guardians = getattr(self.catalog, "guardians", None) or {}
        t = min(s, LABEL_MAX_SCALE)      # names and icons stop growing past this zoom
        # never under the window's smallest text (the Areas' names fell to 10 px at 1024x640)
        big = make_font(max(smallest_text(), round(30 * t)))
        small = make_font(max(smallest_text() + 2, round(19 * t)))
        for area, pos in self.board.guardian_icons.items():
            icon = self.guardian_icon(area, t)
            c = P(pos)
            surf.blit(icon, icon.get_rect(center=(round(c[0]), round(c[1]))))
        for area, pos in self.board.area_labels.items():
            name = area.replace("-", " ").title()
            title = _outlined_text(big, name.upper(), (255, 250, 236), INK, max(1, round(2 * t)))
            c = P(pos)
            rect = title.get_rect(center=(round(c[0]), round(c[1])))
            surf.blit(title, rect)
            guardian = (guardians.get(area) or {}).get("name")
            if guardian:
                sub = _outlined_text(small, guardian, (250, 232, 170), INK, max(1, round(1.5 * t)))
                surf.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.bottom - round(3 * t))))


def _map_pixels(tmx_path: str) -> tuple[int, int]:
    """The map's size in pixels from its own attributes (read through safe_read, nothing it
    names is opened)."""
    root = ElementTree.fromstring(read_bytes(tmx_path, "map"))
    return (int(root.get("width", 1)) * int(root.get("tilewidth", 1)),
            int(root.get("height", 1)) * int(root.get("tileheight", 1)))

"""Generate the island map: maps/faeriell.tmx (Tiled 1.10 TMX) and its tileset sprites/map_tiles.png.

    python3 tools/make_map.py                 # write the map and the tileset
    python3 tools/make_map.py --debug out.png # also draw the derived graph (regions, Nodes, Paths)

The map is written from a hand-made plan (R1): 8 Areas laid out as a squashed ring around the island,
four along the north coast (stag, bear, owl, wolf, west to east) and four along the south coast (turtle,
snake, toad, boar, west to east). Every Area has the same four parts:

    S   its coastal Region (it holds the Area's whole stretch of coast),
    W   a wedge whose tip reaches the coast exactly where the Area's coast meets the next Area's
        (so every point where two coastal Regions meet is a Node of three Regions, and every pair of
        Regions that share a border also share a Path),
    La  the inland Region on the side of the previous Area,
    Lb  the inland Region on the side of the next Area (clockwise),

and the north and south inland Regions meet along a wavy "divide" across the middle of the island.
Each Area's four Regions are pairwise adjacent except W and La.

Two borders cross at the centre of the island (bear|owl and toad|snake), making one crossroads Node of
four Regions; every other Node joins three. Terrains are spread so that no two Regions of the same
Terrain share a Path or a Node.

Only the corner points of the plan (the Nodes) are listed below: placed by hand, then nudged to even
out the Region sizes. The borders between them are bent into gentle deterministic curves, the coast
is a smooth closed spline through the coast points, and every shared border is written with the very
same integer points in both polygons, which is what the loader (faeriell/content/map_loader.py)
relies on to derive Nodes and Paths. Editing the map in Tiled is fine as long as that holds; the
loader says where it does not.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP_PATH = ROOT / "maps" / "faeriell.tmx"
TILES_PATH = ROOT / "sprites" / "map_tiles.png"

TILE = 32
MAP_W, MAP_H = 40, 30          # tiles: a 1280 x 960 px world

# Ring order, clockwise on screen from the north-west (north row west to east, then south row east
# to west). Each Area's wedge W sits at its clockwise end, against the next Area's coastal Region.
RING = ["stag", "bear", "owl", "wolf", "boar", "toad", "snake", "turtle"]

# Terrain of each part (R1: one Region of each Terrain per Area), chosen so that no two Regions of
# the same Terrain share a Path or a Node, and every Terrain holds two stretches of coast.
PARTS = {
    "stag":   {"S": "mountain", "W": "forest",   "La": "river",    "Lb": "meadow"},
    "bear":   {"S": "meadow",   "W": "river",    "La": "mountain", "Lb": "forest"},
    "owl":    {"S": "forest",   "W": "river",    "La": "meadow",   "Lb": "mountain"},
    "wolf":   {"S": "meadow",   "W": "mountain", "La": "forest",   "Lb": "river"},
    "boar":   {"S": "forest",   "W": "mountain", "La": "meadow",   "Lb": "river"},
    "toad":   {"S": "river",    "W": "meadow",   "La": "forest",   "Lb": "mountain"},
    "snake":  {"S": "mountain", "W": "meadow",   "La": "river",    "Lb": "forest"},
    "turtle": {"S": "river",    "W": "forest",   "La": "mountain", "Lb": "meadow"},
}

# How the border between Area i and the next one runs inland from the coast tip T_i:
#   "A": W_i ends first; X_i = {W_i, Lb_i, S_next}, Y_i = {Lb_i, La_next, S_next}
#   "B": S_next ends first; X_i = {W_i, La_next, S_next}, Y_i = {W_i, Lb_i, La_next}
OPTION = {"stag": "B", "bear": "B", "owl": "B", "wolf": "B",
          "boar": "B", "toad": "B", "snake": "B", "turtle": "B"}

# The divide, west to east. Y_turtle and Y_wolf are its ends; D_<area> is where an Area's La|Lb border
# meets it, E_<area> where the border between that Area and the next one meets it. North and south
# Nodes alternate, so each joins three Regions, except the crossroads C_centre.
DIVIDE = ["Y_turtle", "D_turtle", "D_stag", "E_snake", "E_stag", "D_snake", "D_bear", "C_centre",
          "D_toad", "D_owl", "E_boar", "E_owl", "D_boar", "D_wolf", "Y_wolf"]
# Where the border between an Area and the next one meets the divide. At the centre of the island the
# bear|owl and toad|snake borders meet in one crossroads Node of four Regions.
DIVIDE_END = {"stag": "E_stag", "bear": "C_centre", "owl": "E_owl", "wolf": "Y_wolf",
              "boar": "E_boar", "toad": "C_centre", "snake": "E_snake", "turtle": "Y_turtle"}

# Hand-placed Nodes (world pixels).
NODES = {
    # coast tips: T_<area> = {S_area, W_area, S_next}
    "T_stag": (336, 214), "T_bear": (640, 119), "T_owl": (920, 252), "T_wolf": (1184, 502),
    "T_boar": (931, 739), "T_toad": (625, 788), "T_snake": (292, 758), "T_turtle": (214, 487),
    # the divide, west to east
    "Y_turtle": (333, 492), "D_turtle": (386, 529), "D_stag": (428, 495), "E_snake": (480, 507),
    "E_stag": (478, 455), "D_snake": (537, 466), "D_bear": (592, 459), "C_centre": (646, 483),
    "D_toad": (706, 498), "D_owl": (734, 451), "E_boar": (792, 465), "E_owl": (851, 474),
    "D_boar": (910, 494), "D_wolf": (974, 499), "Y_wolf": (1041, 517),
    # stag
    "P_stag": (369, 310), "Q_stag": (312, 333), "X_stag": (496, 258), "Y_stag": (465, 368),
    # bear
    "P_bear": (569, 238), "Q_bear": (548, 302), "X_bear": (723, 252), "Y_bear": (659, 304),
    # owl
    "P_owl": (796, 275), "Q_owl": (742, 315), "X_owl": (909, 361), "Y_owl": (843, 406),
    # wolf
    "P_wolf": (1097, 417), "Q_wolf": (975, 368), "X_wolf": (1064, 586),
    # boar
    "P_boar": (888, 615), "Q_boar": (953, 615), "X_boar": (785, 696), "Y_boar": (815, 581),
    # toad
    "P_toad": (706, 709), "Q_toad": (736, 651), "X_toad": (567, 708), "Y_toad": (625, 614),
    # snake
    "P_snake": (487, 714), "Q_snake": (545, 651), "X_snake": (344, 670), "Y_snake": (440, 621),
    # turtle
    "P_turtle": (225, 572), "Q_turtle": (288, 648), "X_turtle": (261, 379),
}

# Extra coast control points between consecutive tips (clockwise); the coast is a closed spline
# through these and the tips.
COAST = {
    "stag": [(210, 462), (198, 436), (187, 407), (179, 377), (180, 347), (190, 318), (207, 290),
             (228, 263), (254, 239), (291, 222)],
    "bear": [(372, 199), (408, 188), (444, 175), (478, 157), (512, 135), (551, 116), (595, 110)],
    "owl": [(686, 122), (729, 133), (770, 148), (809, 162), (844, 179), (876, 200), (900, 226)],
    "wolf": [(956, 263), (993, 275), (1027, 291), (1055, 312), (1076, 336), (1094, 361), (1115, 386),
             (1142, 412), (1171, 439), (1187, 470)],
    "boar": [(1183, 534), (1163, 564), (1132, 590), (1102, 615), (1076, 639), (1050, 661), (1022, 683),
             (993, 703), (962, 721)],
    "toad": [(911, 770), (881, 795), (841, 808), (794, 809), (747, 802), (704, 794), (663, 789)],
    "snake": [(584, 804), (540, 813), (497, 814), (453, 809), (409, 803), (365, 795), (324, 781)],
    "turtle": [(255, 740), (228, 716), (210, 687), (192, 659), (173, 632), (159, 604), (155, 574),
               (165, 543), (188, 514)],
}

def part_id(area: str, part: str) -> str:
    return f"{area}-{PARTS[area][part]}"


def nxt(area: str) -> str:
    return RING[(RING.index(area) + 1) % len(RING)]


def prv(area: str) -> str:
    return RING[(RING.index(area) - 1) % len(RING)]


def divide_end(area: str) -> str:
    """The node where the border between `area` and the next Area meets the divide."""
    return DIVIDE_END[area]


def divide_slice(a: str, b: str) -> list[str]:
    i, j = DIVIDE.index(a), DIVIDE.index(b)
    return DIVIDE[i:j + 1] if i <= j else DIVIDE[j:i + 1][::-1]


COAST_MARK = "~"


def faces() -> dict[str, list[str]]:
    """Region id -> cyclic list of node names; COAST_MARK between two tips means: along the coast."""
    out: dict[str, list[str]] = {}
    for a in RING:
        p = prv(a)
        out[part_id(a, "S")] = ([f"T_{p}", COAST_MARK, f"T_{a}", f"P_{a}", f"Q_{a}"]
                                + ([f"Y_{p}", f"X_{p}"] if OPTION[p] == "A" else [f"X_{p}"]))
        out[part_id(a, "W")] = ([f"T_{a}"] + ([f"X_{a}"] if OPTION[a] == "A" else [f"X_{a}", f"Y_{a}"])
                                + [f"P_{a}"])
        lb = [f"P_{a}"] + ([f"X_{a}", f"Y_{a}"] if OPTION[a] == "A" else [f"Y_{a}"])
        lb += [v for v in divide_slice(divide_end(a), f"D_{a}") if v != f"Y_{a}"] + [f"Q_{a}"]
        out[part_id(a, "Lb")] = lb
        la = [f"Q_{a}"] + divide_slice(f"D_{a}", divide_end(p))
        la += [v for v in ([f"Y_{p}"] if OPTION[p] == "A" else [f"Y_{p}", f"X_{p}"]) if v != la[-1]]
        out[part_id(a, "La")] = la
    return out


# --------------------------------------------------------------------------- geometry

def _catmull_rom(pts: list[tuple[float, float]], step: float) -> list[list[tuple[float, float]]]:
    """Closed centripetal-ish Catmull-Rom through pts; returns, per span i -> i+1, the sampled points
    strictly between pts[i] and pts[i+1]."""
    n = len(pts)
    spans = []
    for i in range(n):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        length = math.dist(p1, p2)
        k = max(1, round(length / step))
        inner = []
        for s in range(1, k):
            t = s / k
            t2, t3 = t * t, t * t * t
            x = 0.5 * ((2 * p1[0]) + (-p0[0] + p2[0]) * t + (2 * p0[0] - 5 * p1[0] + 4 * p2[0] - p3[0]) * t2
                       + (-p0[0] + 3 * p1[0] - 3 * p2[0] + p3[0]) * t3)
            y = 0.5 * ((2 * p1[1]) + (-p0[1] + p2[1]) * t + (2 * p0[1] - 5 * p1[1] + 4 * p2[1] - p3[1]) * t2
                       + (-p0[1] + 3 * p1[1] - 3 * p2[1] + p3[1]) * t3)
            inner.append((x, y))
        spans.append(inner)
    return spans


def coast_chains() -> dict[str, list[tuple[int, int]]]:
    """Area -> integer coast polyline from T_prev to T_area (both tips included)."""
    rng = random.Random("faeriell-coast")
    ctrl: list[tuple[float, float]] = []
    tip_index: dict[str, int] = {}
    for a in RING:
        # Each Area's coast runs from T_prev to T_a: COAST[a] points then T_a.
        ctrl.extend(COAST[a])
        tip_index[a] = len(ctrl)
        ctrl.append(NODES[f"T_{a}"])
    spans = _catmull_rom(ctrl, 16.0)
    out: dict[str, list[tuple[int, int]]] = {a: [] for a in RING}
    n = len(ctrl)
    # Walk the closed curve starting at a tip.
    start = tip_index[RING[-1]]
    cur = RING[0]
    chain = [NODES[f"T_{RING[-1]}"]]
    for k in range(1, n + 1):
        i = (start + k - 1) % n
        for x, y in spans[i]:
            chain.append((round(x + rng.uniform(-2.5, 2.5)), round(y + rng.uniform(-2.5, 2.5))))
        j = (start + k) % n
        pt = ctrl[j]
        chain.append((round(pt[0]), round(pt[1])))
        if j in tip_index.values():
            out[cur] = _dedupe(chain)
            cur = nxt(cur)
            chain = [chain[-1]]
    return out


def _dedupe(pts):
    res = []
    for p in pts:
        if not res or res[-1] != p:
            res.append(p)
    return res


def border(a: str, b: str) -> list[tuple[int, int]]:
    """Deterministic gently curved integer polyline from node a to node b (same points both ways)."""
    if b < a:
        return border(b, a)[::-1]
    (x0, y0), (x1, y1) = NODES[a], NODES[b]
    length = math.hypot(x1 - x0, y1 - y0)
    rng = random.Random(f"{a}|{b}")
    k = max(2, round(length / 22))
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    bow = rng.uniform(-0.09, 0.09) * length
    wave = rng.uniform(-0.035, 0.035) * length
    phase = rng.uniform(0, math.tau)
    pts = [(x0, y0)]
    for s in range(1, k):
        t = s / k
        off = bow * math.sin(math.pi * t) + wave * math.sin(2 * math.pi * t + phase) * math.sin(math.pi * t)
        off += rng.uniform(-1.5, 1.5)
        pts.append((round(x0 + (x1 - x0) * t + nx * off), round(y0 + (y1 - y0) * t + ny * off)))
    pts.append((x1, y1))
    return _dedupe(pts)


def polygons() -> dict[str, list[tuple[int, int]]]:
    coast = coast_chains()
    out = {}
    for rid, face in faces().items():
        pts: list[tuple[int, int]] = []
        i = 0
        m = len(face)
        while i < m:
            a = face[i]
            b = face[(i + 1) % m]
            if b == COAST_MARK:
                c = face[(i + 2) % m]
                area = c[2:]
                seg = coast[area]
                assert seg[0] == NODES[a] and seg[-1] == NODES[c], (rid, a, c)
                pts.extend(seg[:-1])
                i += 2
                continue
            pts.extend(border(a, b)[:-1])
            i += 1
        out[rid] = _dedupe(pts)
    return out


def island_outline() -> list[tuple[int, int]]:
    coast = coast_chains()
    pts: list[tuple[int, int]] = []
    for a in RING:
        pts.extend(coast[a][:-1])
    return pts


def point_in_poly(x: float, y: float, poly) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def dist_to_poly(x: float, y: float, poly) -> float:
    best = float("inf")
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        dx, dy = x1 - x0, y1 - y0
        ll = dx * dx + dy * dy
        t = 0.0 if ll == 0 else max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / ll))
        best = min(best, math.hypot(x - x0 - t * dx, y - y0 - t * dy))
    return best


def area_centroid(polys) -> tuple[float, float]:
    ax = ay = at = 0.0
    for poly in polys:
        n = len(poly)
        for i in range(n):
            x0, y0 = poly[i]
            x1, y1 = poly[(i + 1) % n]
            c = x0 * y1 - x1 * y0
            at += c
            ax += (x0 + x1) * c
            ay += (y0 + y1) * c
    return ax / (3 * at), ay / (3 * at)


# --------------------------------------------------------------------------- tiles

DEEP, DEEP2, SHALLOW, SAND, GRASS, GRASS2 = range(6)


def make_tileset(path: Path) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    rng = random.Random("faeriell-tiles")
    sheet = pygame.Surface((TILE * 6, TILE))
    base = {DEEP: (28, 62, 112), DEEP2: (30, 66, 118), SHALLOW: (58, 128, 168), SAND: (222, 202, 150),
            GRASS: (110, 160, 84), GRASS2: (104, 154, 80)}
    for idx, col in base.items():
        r = pygame.Rect(idx * TILE, 0, TILE, TILE)
        sheet.fill(col, r)
        for _ in range(40):
            x, y = rng.randrange(TILE), rng.randrange(TILE)
            d = rng.randint(-10, 10)
            sheet.set_at((r.x + x, y), tuple(max(0, min(255, c + d)) for c in col))
        if idx in (DEEP, DEEP2, SHALLOW):
            light = tuple(min(255, c + 30) for c in col)
            for _ in range(2 if idx != DEEP2 else 1):
                x, y = rng.randrange(4, TILE - 12), rng.randrange(4, TILE - 6)
                pygame.draw.arc(sheet, light, pygame.Rect(r.x + x, y, 8, 5), 0.3, 2.8, 1)
        elif idx == SAND:
            for _ in range(10):
                x, y = rng.randrange(TILE), rng.randrange(TILE)
                sheet.set_at((r.x + x, y), (190, 170, 120))
        else:
            dark = tuple(max(0, c - 28) for c in col)
            for _ in range(5 if idx == GRASS else 3):
                x, y = rng.randrange(3, TILE - 3), rng.randrange(4, TILE - 2)
                pygame.draw.line(sheet, dark, (r.x + x, y), (r.x + x - 1, y - 3))
                pygame.draw.line(sheet, dark, (r.x + x, y), (r.x + x + 2, y - 3))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(path))


def background(outline) -> list[list[int]]:
    rng = random.Random("faeriell-background")
    grid = []
    for ty in range(MAP_H):
        row = []
        for tx in range(MAP_W):
            cx, cy = tx * TILE + TILE / 2, ty * TILE + TILE / 2
            d = dist_to_poly(cx, cy, outline)
            if point_in_poly(cx, cy, outline):
                t = SAND if d < 20 else (GRASS if rng.random() < 0.7 else GRASS2)
            else:
                t = SAND if d < 14 else SHALLOW if d < 64 else (DEEP if rng.random() < 0.75 else DEEP2)
            row.append(t + 1)       # gid: firstgid 1
        grid.append(row)
    return grid


# --------------------------------------------------------------------------- labels

def labels(polys) -> tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]:
    """Area name and Guardian icon positions. The name is written in the sea off the middle of the
    Area's coast (clear of the Region names, which sit at the Region centres); the Guardian icon
    sits in the coastal Region, between its centre and the coast."""
    sys.path.insert(0, str(ROOT))
    from faeriell.content.map_loader import pole_of_inaccessibility

    coast = coast_chains()
    outline = island_outline()
    names, icons = {}, {}
    for a in RING:
        chain = coast[a]
        seg = [math.dist(chain[i], chain[i + 1]) for i in range(len(chain) - 1)]
        half, i = sum(seg) / 2, 0
        while half > seg[i]:
            half -= seg[i]
            i += 1
        (x0, y0), (x1, y1) = chain[i], chain[i + 1]
        t = half / seg[i]
        mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        nx, ny = (y1 - y0) / seg[i], -(x1 - x0) / seg[i]
        if point_in_poly(mx + nx * 5, my + ny * 5, outline):
            nx, ny = -nx, -ny
        names[a] = (round(mx + nx * 40), round(my + ny * 40))
        s_poly = polys[part_id(a, "S")]
        cx, cy = pole_of_inaccessibility(s_poly)
        d = math.dist((cx, cy), (mx, my)) or 1.0
        ux, uy = (mx - cx) / d, (my - cy) / d
        icon = (cx, cy)
        # Clear of the Region's name (written across its centre): above or below it, coast side first.
        side = 1 if uy >= 0 else -1
        for dy in (30 * side, 38 * side, -30 * side, -38 * side):
            ix, iy = cx + ux * 12, cy + dy
            if point_in_poly(ix, iy, s_poly) and dist_to_poly(ix, iy, s_poly) >= 12:
                icon = (ix, iy)
                break
        icons[a] = (round(icon[0]), round(icon[1]))
    return names, icons


# --------------------------------------------------------------------------- TMX

def _props(**kw) -> str:
    inner = "".join(f'    <property name="{k}" value="{v}"/>\n' for k, v in kw.items())
    return f"   <properties>\n{inner}   </properties>\n"


def write_tmx(path: Path) -> None:
    polys = polygons()
    outline = island_outline()
    grid = background(outline)
    names, icons = labels(polys)
    oid = 1
    objs = []
    for rid in sorted(polys, key=lambda r: (RING.index(r.split("-")[0]), r)):
        area, terrain = rid.split("-")
        pts = polys[rid]
        x0, y0 = pts[0]
        rel = " ".join(f"{x - x0},{y - y0}" for x, y in pts)
        objs.append(f'  <object id="{oid}" name="{rid}" type="region" x="{x0}" y="{y0}">\n'
                    + _props(area=area, terrain=terrain)
                    + f'   <polygon points="{rel}"/>\n  </object>\n')
        oid += 1
    lab = []
    for a in RING:
        for kind, pos in (("area-label", names[a]), ("guardian-icon", icons[a])):
            lab.append(f'  <object id="{oid}" name="{a}" type="{kind}" x="{pos[0]}" y="{pos[1]}">\n'
                       + _props(area=a) + "   <point/>\n  </object>\n")
            oid += 1
    csv = ",\n".join(",".join(str(g) for g in row) for row in grid)
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{MAP_W}" height="{MAP_H}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'backgroundcolor="#1c3e70" nextlayerid="4" nextobjectid="{oid}">\n'
        ' <properties>\n'
        '  <property name="generator" value="tools/make_map.py (edit here or in Tiled; keep shared '
        'border vertices identical)"/>\n'
        ' </properties>\n'
        ' <tileset firstgid="1" name="map_tiles" tilewidth="32" tileheight="32" tilecount="6" columns="6">\n'
        '  <image source="../sprites/map_tiles.png" width="192" height="32"/>\n'
        ' </tileset>\n'
        f' <layer id="1" name="background" width="{MAP_W}" height="{MAP_H}">\n'
        f'  <data encoding="csv">\n{csv}\n</data>\n'
        ' </layer>\n'
        ' <objectgroup id="2" name="regions" color="#3a2a1a">\n'
        + "".join(objs) +
        ' </objectgroup>\n'
        ' <objectgroup id="3" name="labels" color="#f0e6c8">\n'
        + "".join(lab) +
        ' </objectgroup>\n'
        '</map>\n'
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------- debug picture

TERRAIN_COLOURS = {"mountain": (196, 92, 76), "meadow": (226, 200, 96), "river": (92, 150, 212),
                   "forest": (84, 150, 90)}


def draw_debug(board, out: Path, scale: float = 1.0) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    s = scale
    surf = pygame.Surface((int(MAP_W * TILE * s), int(MAP_H * TILE * s)))
    surf.fill((30, 60, 110))
    font = pygame.font.Font(None, max(12, int(17 * s)))
    big = pygame.font.Font(None, max(16, int(30 * s)))
    sc = lambda p: (p[0] * s, p[1] * s)  # noqa: E731
    for r in board.regions.values():
        pygame.draw.polygon(surf, TERRAIN_COLOURS[r.terrain], [sc(p) for p in r.polygon])
    for r in board.regions.values():
        pygame.draw.polygon(surf, (70, 60, 50), [sc(p) for p in r.polygon], 1)
    for p in board.paths:
        a, b = p.regions
        same = board.regions[a].area == board.regions[b].area
        pygame.draw.lines(surf, (40, 30, 20) if not same else (250, 250, 240), False,
                          [sc(q) for q in p.points], 4 if not same else 2)
    for i, n in enumerate(board.nodes.values()):
        pygame.draw.circle(surf, (255, 255, 255), sc(n.pos), 6 * s)
        pygame.draw.circle(surf, (0, 0, 0), sc(n.pos), 6 * s, 2)
        t = font.render(str(i), True, (0, 0, 0))
        surf.blit(t, (n.pos[0] * s + 6, n.pos[1] * s - 14))
    for r in board.regions.values():
        t = font.render(r.id, True, (0, 0, 0))
        surf.blit(t, t.get_rect(center=sc(r.center)))
    for a, pos in board.area_labels.items():
        t = big.render(a.upper(), True, (255, 255, 255))
        surf.blit(t, t.get_rect(center=sc(pos)))
    for pos in board.guardian_icons.values():
        pygame.draw.circle(surf, (250, 240, 200), sc(pos), 9 * s, 3)
    pygame.image.save(surf, str(out))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--debug", metavar="PNG", help="also draw the derived graph to PNG")
    ap.add_argument("--no-tiles", action="store_true", help="do not rewrite sprites/map_tiles.png")
    args = ap.parse_args(argv)
    if not args.no_tiles:
        make_tileset(TILES_PATH)
    write_tmx(MAP_PATH)
    tiles = "" if args.no_tiles else f" and {TILES_PATH.relative_to(ROOT)}"
    print(f"wrote {MAP_PATH.relative_to(ROOT)}{tiles}")
    if args.debug:
        sys.path.insert(0, str(ROOT))
        from faeriell.content.map_loader import load_board

        draw_debug(load_board(str(MAP_PATH)), Path(args.debug))
        print(f"wrote {args.debug}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

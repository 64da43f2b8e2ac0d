"""Where the pieces of one Region stand: packed so that none hides another.

A Region may hold its Heartland token, a Settlement, a Beacon, the Totem and a Guardian with the
token under it, while Heroes stand on the Nodes at its corners. Each piece is a circle on screen;
they are placed one by one (largest first) at the free point nearest their usual place, tried
over sample points inside the Region (kept clear of its border) and, when the Region is full,
just outside it. Occupied Nodes are obstacles, so a Hero never stands on a Region's pieces.

Only the base picture calls this (when the state, the camera or the window changed).
"""
from __future__ import annotations

import math
from functools import lru_cache

GRID = 11.0           # map px between sample points
GAP = 1.0             # screen px kept free between two pieces


def _edge_distance(pt, poly) -> float:
    best = float("inf")
    x, y = pt
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        dx, dy = x1 - x0, y1 - y0
        L = dx * dx + dy * dy
        t = 0.0 if L == 0 else max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / L))
        d = math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))
        best = min(best, d)
    return best


def _inside(pt, poly) -> bool:
    x, y = pt
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


@lru_cache(maxsize=512)
def samples(board_key, polygon: tuple) -> tuple[tuple[float, float, float], ...]:
    """(x, y, distance to the border) in map px, for points on a staggered grid inside `polygon`."""
    poly = list(polygon)
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    out = []
    row = 0
    y = min(ys) + GRID / 2
    while y < max(ys):
        x = min(xs) + GRID / 2 + (GRID / 2 if row % 2 else 0)
        while x < max(xs):
            if _inside((x, y), poly):
                out.append((x, y, _edge_distance((x, y), poly)))
            x += GRID
        y += GRID * 0.866
        row += 1
    return tuple(out)


def _screen_samples(board, region: str, mv):
    """The Region's sample points on screen, and how far they reach from its pole (+ a margin)."""
    s = mv.scale
    ox, oy = mv.map_to_screen((0, 0))
    rel = _scaled(id(board), region, s, tuple(tuple(p) for p in board.regions[region].polygon),
                  tuple(board.regions[region].center))
    return [(ox + x, oy + y, d) for x, y, d in rel[0]], rel[1]


@lru_cache(maxsize=512)
def _scaled(board_key, region, s, polygon, center):
    pts = [(x * s, y * s, d * s) for x, y, d in samples(board_key, polygon)]
    cx, cy = center[0] * s, center[1] * s
    return pts, max((math.hypot(x - cx, y - cy) for x, y, _ in pts), default=0.0) + 80


def region_samples(board, region: str):
    return samples(id(board), tuple(tuple(p) for p in board.regions[region].polygon))


def _ring(center, radius_max: float, step: float):
    """Points around `center` (screen px), nearest first: the fallback outside a full Region."""
    out = []
    r = step
    while r <= radius_max:
        n = max(8, int(2 * math.pi * r / step))
        for k in range(n):
            a = 2 * math.pi * k / n
            out.append((center[0] + r * math.cos(a), center[1] + r * math.sin(a)))
        r += step
    return out


def place(items, board, region: str, mv, placed: list) -> dict:
    """Screen centres for `items`, a list of (key, radius, preferred screen point[, hug key]) in
    placing order; a preferred point may be a function of the centres placed so far.

    A piece goes where it overlaps nothing in `placed` (the (centre, radius) circles of pieces
    placed before it and of obstacles; it is added there), as near its preferred point as it can,
    inside the Region when there is room. A piece with a hug key may tuck under that piece's rim."""
    pts, reach = _screen_samples(board, region, mv)
    pole = mv.map_to_screen(board.regions[region].center)
    near = [c for c in placed if math.hypot(c[0][0] - pole[0], c[0][1] - pole[1]) < reach + c[1]]
    out: dict = {}
    circles: dict = {}
    for item in items:
        key, r, want = item[:3]
        hug = circles.get(item[3]) if len(item) > 3 else None
        if callable(want):
            want = want(out)
        best = None
        # nearest first, looking close by before looking everywhere
        for span in (3 * r + 4, float("inf")):
            wx, wy = want
            scored = []
            for x, y, edge in pts:
                if abs(x - wx) > span or abs(y - wy) > span:
                    continue
                score = math.hypot(x - wx, y - wy)
                if edge < r * 0.75:              # pokes over the border: only when nothing else fits
                    score += 4 * r + (r - edge) * 3
                scored.append((score, x, y))
            scored.sort()
            best = next(((x, y) for sc, x, y in scored if sc <= span and _free((x, y), r, near, hug)), None)
            if best is not None:
                break
        if best is None:                         # the Region is full: the nearest free point outside
            best = next((c for c in _ring(pole, 12 * r, max(3.0, r / 2)) if _free(c, r, near, hug)), want)
        out[key] = best
        circles[key] = (best, r)
        near.append((best, r))
        placed.append((best, r))
    return out


def capacity(board, region: str, mv) -> float:
    """Screen px^2 of the Region's inside (its sample points' share)."""
    cell = (GRID * mv.scale) ** 2 * 0.866
    return len(region_samples(board, region)) * cell


HUG = 0.8          # a token may tuck this deep under its Guardian's rim (centres this far apart)


def _free(c, r, placed, hug=None) -> bool:
    for circle in placed:
        (x, y), rr = circle
        lim = (r + rr) * HUG if hug is not None and circle == hug else r + rr + GAP
        dx, dy = c[0] - x, c[1] - y
        if dx * dx + dy * dy < lim * lim:
            return False
    return True

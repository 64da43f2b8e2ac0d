"""The way an arrow drawn over the table takes from a piece to its place, bent round the table's
printed words: the guided step's arrow (tutorial_layer.py), the hint's and the replay's key
moments' (hint_card.move_way, draw_move) all ask `route` here, so they bend alike.

    path = route(scene.printed_words(), a, b, leave, reach, screen, L.px)

Of a straight line and quadratic curves bowed to either side (BOWS), the one crossing the fewest
words wins, then the least bowed; the way runs from where it leaves the piece's zone (`leave`, a
test of a point: inside its ring) to where it enters the place's (`reach`). Words it cannot avoid
are put back over it by the caller (text.words_kept).
"""
from __future__ import annotations

import math
from collections.abc import Callable

import pygame

Point = tuple[float, float]

# The arrow's ways, tried in this order (the least bowed first): (along, bow) places the curve's
# control point that share of the way from the piece to its place, pulled aside by `bow` times
# the distance to one side or the other; (0.5, 0) is the straight line.
BOWS = ((0.5, 0.0),) + tuple((along, side * bow) for bow in (0.15, 0.3, 0.5, 0.75)
                             for along in (0.5, 0.25, 0.75) for side in (1, -1))


def route(words, a, b, leave: Callable[[Point], bool], reach: Callable[[Point], bool],
          screen: pygame.Rect, px: Callable[[float], int], head: int | None = None) -> list[Point]:
    """The way from a to b crossing the fewest of `words` (rects), never leaving `screen` where
    another way stays inside it; [] when a and b are too close for an arrow. `head`: the side of
    the box round the arrow's head that must keep clear of words too (default px(36))."""
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    best: list[Point] = []
    best_score = None
    if d < px(30):
        return best
    side = px(36) if head is None else head
    nx, ny = -(b[1] - a[1]) / d, (b[0] - a[0]) / d
    for k, (along, bow) in enumerate(BOWS):
        c = (a[0] + (b[0] - a[0]) * along + nx * bow * d, a[1] + (b[1] - a[1]) * along + ny * bow * d)
        path = trim(bezier(a, c, b, 40), leave, reach)
        if len(path) < 2 or length(path) < px(30):
            continue
        box = bounds(path).inflate(px(40), px(40))
        near = [words[i] for i in box.collidelistall(words)]
        tip = pygame.Rect(0, 0, side, side)
        tip.center = (round(path[-1][0]), round(path[-1][1]))
        crossed = sum(1 for r in near if crosses(r.inflate(4, 4), path) or r.colliderect(tip))
        outside = sum(1 for q in path if not screen.collidepoint(q))
        score = (outside, crossed, k)
        if best_score is None or score < best_score:
            best, best_score = path, score
    return best


def words_touched(words, areas, lines, margin: int) -> list:
    """The words (rects) a highlight may reach: those meeting one of `areas` (rects round its
    rings), or within `margin` px of one of `lines` (polylines: an arrow's way, an outline).
    These are the ones its caller puts back over it (text.words_kept)."""
    out = []
    for r in words:
        if any(r.colliderect(a) for a in areas):
            out.append(r)
            continue
        wide = r.inflate(margin, margin)
        if any(wide.clipline(round(p[0]), round(p[1]), round(q[0]), round(q[1]))
               for line in lines for p, q in zip(line, line[1:], strict=False)):
            out.append(r)
    return out


def circle(centre, radius: float) -> Callable[[Point], bool]:
    """A zone: the points within `radius` of `centre` (a round ring)."""
    cx, cy = centre
    return lambda q: math.hypot(q[0] - cx, q[1] - cy) < radius


def bezier(a, c, b, n: int) -> list[Point]:
    return [((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1])
            for t in (k / n for k in range(n + 1))]


def trim(path, leave, reach) -> list[Point]:
    """The part of `path` from where it leaves the piece's zone to where it reaches the place's
    (each end found between its two samples, so the arrow touches the rings)."""
    i = 0
    while i < len(path) and leave(path[i]):
        i += 1
    j = len(path)
    while j > i and reach(path[j - 1]):
        j -= 1
    out = path[i:j]
    if not out:
        return out
    if i > 0:
        out.insert(0, edge(path[i - 1], path[i], leave))
    if j < len(path):
        out.append(edge(path[j], path[j - 1], reach))
    return out


def edge(inside, outside, zone) -> Point:
    """The point between `inside` (in the zone) and `outside` where the zone ends."""
    for _ in range(8):
        mid = ((inside[0] + outside[0]) / 2, (inside[1] + outside[1]) / 2)
        if zone(mid):
            inside = mid
        else:
            outside = mid
    return outside


def lengths(path) -> list[float]:
    out = [0.0]
    for p, q in zip(path, path[1:], strict=False):
        out.append(out[-1] + math.hypot(q[0] - p[0], q[1] - p[1]))
    return out


def length(path) -> float:
    return lengths(path)[-1]


def point_at(path, marks, s: float) -> Point:
    """The point `s` px along `path` (marks: its lengths)."""
    for k in range(1, len(path)):
        if marks[k] >= s:
            span = marks[k] - marks[k - 1] or 1.0
            t = (s - marks[k - 1]) / span
            p, q = path[k - 1], path[k]
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
    return path[-1]


def between(path, marks, s0: float, s1: float) -> list[Point]:
    """The stretch of `path` from s0 to s1 px along it."""
    inner = [path[k] for k in range(len(path)) if s0 < marks[k] < s1]
    return [point_at(path, marks, s0)] + inner + [point_at(path, marks, s1)]


def spaced(path, gap: float) -> list[Point]:
    """Points along `path` about `gap` px apart, both ends included."""
    if not path:
        return []
    marks = lengths(path)
    n = max(1, int(marks[-1] // max(1.0, gap)))
    return [point_at(path, marks, marks[-1] * k / n) for k in range(n + 1)]


def bounds(path) -> pygame.Rect:
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


def crosses(r: pygame.Rect, path) -> bool:
    """Whether the polyline `path` passes through r."""
    return any(r.clipline(round(p[0]), round(p[1]), round(q[0]), round(q[1])) for p, q in zip(path, path[1:], strict=False))


def head_at(path, size: float) -> tuple[Point, Point, Point]:
    """The arrow head's triangle (tip, left, right) at the end of `path`, `size` px long, pointing
    the way the path last ran."""
    marks = lengths(path)
    end = path[-1]
    back = point_at(path, marks, max(0.0, marks[-1] - size))
    dx, dy = end[0] - back[0], end[1] - back[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    left = (end[0] - ux * size - uy * size * 0.6, end[1] - uy * size + ux * size * 0.6)
    right = (end[0] - ux * size + uy * size * 0.6, end[1] - uy * size - ux * size * 0.6)
    return end, left, right

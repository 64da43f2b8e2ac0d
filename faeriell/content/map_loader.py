"""Load the island (R1) from a Tiled map and derive the engine's Board graph.

The map (maps/faeriell.tmx, written by tools/make_map.py, editable in Tiled) stores only:

* object group ``regions``: one polygon per Region, named ``<area>-<terrain>`` with the custom
  properties ``area`` and ``terrain``; the polygons tile the island and neighbouring polygons use the
  very same vertices along every shared border;
* object group ``labels``: point objects of type ``area-label`` and ``guardian-icon``, each with the
  property ``area``.

Nodes and Paths are derived, never stored (R1):

* a Node is a polygon vertex where 3 or 4 Regions meet; its id is the sorted ids of those Regions
  joined by ``+``;
* a Path is a stretch of border shared by two Regions that runs from one Node to another Node;
  a stretch that ends on the coast (where only two Regions meet) is a border but not a Path.

Every R1 invariant is checked; a broken map raises MapError naming the file and the object.

    python -m faeriell.content.map_loader [--partial] [FILE]   # summary of the graph, or the error (exit 1)
"""
from __future__ import annotations

import functools
import heapq
import math
import os
import sys
import time
from collections import deque
from dataclasses import dataclass, field

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytmx  # noqa: E402

from faeriell.content.map_refs import map_reference_problem  # noqa: E402
from faeriell.engine.board import Board, Node, Path, Region  # noqa: E402
from faeriell.engine.words import TERRAINS as WORD_TERRAINS, Terrain  # noqa: E402
from faeriell.resources import resource_dir  # noqa: E402
from faeriell.safe_read import clip, why_not_readable  # noqa: E402

# R1: the eight Areas (one per Great Guardian) and the four Terrains. Names, not numbers.
AREAS = ("bear", "stag", "owl", "wolf", "boar", "toad", "snake", "turtle")
TERRAINS = WORD_TERRAINS  # the engine's tuple, so a checked Region gets a Terrain

REGIONS_LAYER = "regions"
LABELS_LAYER = "labels"
LABEL_TYPES = ("area-label", "guardian-icon")

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class MapError(ValueError):
    """The map file breaks an R1 invariant or cannot be read as an island."""

    def __init__(self, message: str):
        super().__init__(clip(message, 1500))      # the file name leads; a huge value is cut


def default_map_path() -> str:
    """Absolute path of the game's map, maps/faeriell.tmx in the repository or the installed package
    (any cwd)."""
    return os.path.join(str(resource_dir("maps")), "faeriell.tmx")


@functools.cache
def default_board() -> Board:
    """The game's Board, loaded once per process."""
    return load_board(default_map_path())


def load_board(path: str = "maps/faeriell.tmx", full_island: bool = True) -> Board:
    """Read a Tiled map and return the validated Board (R1). Raises MapError.

    A relative path that does not exist from the current directory is taken from the repository root,
    so the default works from any cwd. full_island: see analyse_map."""
    return analyse_map(path, full_island).board


@dataclass
class MapReport:
    """What load_board derives, plus facts the Board does not keep (for the summary and tests)."""
    board: Board
    # Region pairs that share a border but no Path (their border only runs to the coast).
    border_without_path: list[tuple[str, str]] = field(default_factory=list)
    object_ids: dict[str, int] = field(default_factory=dict)


# --------------------------------------------------------------------------- geometry helpers

def _num(v: float):
    v = round(float(v), 2)
    return int(v) if v.is_integer() else v


def _shoelace(poly) -> float:
    s = 0.0
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        s += x0 * y1 - x1 * y0
    return s / 2.0


def _point_dist(x: float, y: float, poly) -> float:
    """Signed distance from (x, y) to the polygon outline: positive inside."""
    inside = False
    best = float("inf")
    n = len(poly)
    x0, y0 = poly[-1]
    for i in range(n):
        x1, y1 = poly[i]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
        dx, dy = x1 - x0, y1 - y0
        ll = dx * dx + dy * dy
        if ll:
            t = ((x - x0) * dx + (y - y0) * dy) / ll
            t = 0.0 if t < 0 else 1.0 if t > 1 else t
        else:
            t = 0.0
        ex, ey = x - x0 - t * dx, y - y0 - t * dy
        d = ex * ex + ey * ey
        if d < best:
            best = d
        x0, y0 = x1, y1
    d = math.sqrt(best)
    return d if inside else -d


def pole_of_inaccessibility(poly, precision: float = 2.0) -> tuple[float, float]:
    """The interior point farthest from the outline (polylabel): where a Region's name reads best."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    size = min(maxx - minx, maxy - miny)
    if size <= 0:
        return (float(minx), float(miny))
    h = size / 2.0
    heap: list[tuple[float, float, float, float, float]] = []

    def push(cx, cy, hh):
        d = _point_dist(cx, cy, poly)
        heapq.heappush(heap, (-(d + hh * math.sqrt(2)), d, cx, cy, hh))

    x = minx
    while x < maxx:
        y = miny
        while y < maxy:
            push(x + h, y + h, h)
            y += size
        x += size
    # Start from the area centroid.
    a = _shoelace(poly)
    if a:
        cx = cy = 0.0
        n = len(poly)
        for i in range(n):
            x0, y0 = poly[i]
            x1, y1 = poly[(i + 1) % n]
            c = x0 * y1 - x1 * y0
            cx += (x0 + x1) * c
            cy += (y0 + y1) * c
        cx, cy = cx / (6 * a), cy / (6 * a)
    else:
        cx, cy = xs[0], ys[0]
    best = (_point_dist(cx, cy, poly), cx, cy)
    while heap:
        neg_max, d, x, y, hh = heapq.heappop(heap)
        if d > best[0]:
            best = (d, x, y)
        if -neg_max - best[0] <= precision:
            continue
        hh /= 2
        push(x - hh, y - hh, hh)
        push(x + hh, y - hh, hh)
        push(x - hh, y + hh, hh)
        push(x + hh, y + hh, hh)
    return (round(best[1], 1), round(best[2], 1))


# --------------------------------------------------------------------------- loading

def _read(path: str):
    if not os.path.lexists(path):
        raise MapError(f"{clip(path)}: no such map file")
    problem = why_not_readable(path, "map")     # a folder, FIFO, device or huge file: refused unread
    if problem:
        raise MapError(problem)
    problem = map_reference_problem(path)       # the tilesets and images it names, checked alike
    if problem:
        raise MapError(problem if problem.startswith(clip(path)) else f"{clip(path)}: {problem}")
    try:
        return pytmx.TiledMap(path)
    except FileNotFoundError as exc:
        raise MapError(f"{path}: no such map file") from exc
    except Exception as exc:  # pytmx raises many kinds on a broken file
        raise MapError(f"{path}: not a readable Tiled map ({type(exc).__name__}: {exc})") from exc


def _layer(tmx, path: str, name: str):
    try:
        layer = tmx.get_layer_by_name(name)
    except ValueError:
        raise MapError(f"{path}: no object group '{name}'") from None
    if not isinstance(layer, pytmx.TiledObjectGroup):
        raise MapError(f"{path}: layer '{name}' must be an object group")
    return layer


def _obj_type(obj) -> str | None:
    t = obj.type
    if not t:
        t = obj.__dict__.get("class")       # Tiled 1.9 wrote the object's type as "class"
    return t or None


def analyse_map(path: str = "maps/faeriell.tmx", full_island: bool = True) -> MapReport:  # noqa: C901 - one pass over the map's layers with a check per rule of its format, in the order they are read
    """Read and validate a map; return the Board and the derived facts. Raises MapError.

    full_island=False skips the checks that need the whole game (all 8 Areas with 4 Regions each, a
    label and an icon for every Area), so small test maps can exercise the geometric invariants."""
    if not os.path.isabs(path) and not os.path.exists(path):
        alt = os.path.join(_ROOT, path)
        if os.path.exists(alt):
            path = alt
    tmx = _read(path)
    f = path

    # ---- Regions: ids and properties (R1)
    regions_layer = _layer(tmx, f, REGIONS_LAYER)
    polys: dict[str, tuple[tuple[float, float], ...]] = {}
    props: dict[str, tuple[str, Terrain]] = {}
    oid: dict[str, int] = {}

    def ref(rid: str) -> str:
        return f"region '{rid}' (object id {oid[rid]})"

    for obj in regions_layer:
        name = obj.name
        label = f"region object '{clip(name, 60)}' (id {obj.id})" if name else f"unnamed region object (id {obj.id})"
        kind = _obj_type(obj)
        if kind not in (None, "region"):
            raise MapError(f"{f}: {label}: type must be 'region' in the object group "
                           f"'{REGIONS_LAYER}', not {clip(repr(kind), 40)}")
        if not name:
            raise MapError(f"{f}: {label}: has no name; a Region is named <area>-<terrain> (R1)")
        points = getattr(obj, "points", None) if "points" in obj.__dict__ else None
        if not points or not obj.closed:
            raise MapError(f"{f}: {label}: is not a polygon")
        if obj.rotation:
            raise MapError(f"{f}: {label}: is rotated; rotate its points instead")
        area = obj.properties.get("area")
        terrain = obj.properties.get("terrain")
        if area is None:
            raise MapError(f"{f}: {label}: missing property 'area'")
        if terrain is None:
            raise MapError(f"{f}: {label}: missing property 'terrain'")
        if area not in AREAS:
            raise MapError(f"{f}: {label}: unknown area '{area}' (R1: {', '.join(AREAS)})")
        if terrain not in TERRAINS:
            raise MapError(f"{f}: {label}: unknown terrain '{terrain}' (R1: {', '.join(TERRAINS)})")
        if name != f"{area}-{terrain}":
            raise MapError(f"{f}: {label}: name must be '{area}-{terrain}' (R1: <area>-<terrain>)")
        if name in polys:
            raise MapError(f"{f}: {label}: duplicate Region id (also object id {oid[name]})")
        pts: list[tuple[float, float]] = []
        for p in points:
            q = (_num(p[0]), _num(p[1]))
            if not pts or pts[-1] != q:
                pts.append(q)
        while len(pts) > 1 and pts[0] == pts[-1]:
            pts.pop()
        if len(pts) < 3 or _shoelace(pts) == 0:
            raise MapError(f"{f}: {label}: polygon has no area")
        if len(set(pts)) != len(pts):
            raise MapError(f"{f}: {label}: polygon passes twice through the same vertex")
        polys[name] = tuple(pts)
        props[name] = (area, terrain)
        oid[name] = obj.id

    if not polys:
        raise MapError(f"{f}: object group '{REGIONS_LAYER}' holds no Region")
    for area in AREAS if full_island else ():
        missing = [t for t in TERRAINS if f"{area}-{t}" not in polys]
        if missing:
            raise MapError(f"{f}: Area '{area}' must have exactly 4 Regions, one per Terrain (R1); "
                           f"no {', '.join(area + '-' + t for t in missing)}")

    # ---- Shared edges and vertices
    edge_regions: dict[tuple, list[str]] = {}
    vertex_regions: dict[tuple, set[str]] = {}
    for rid, poly in polys.items():
        n = len(poly)
        for i in range(n):
            p, q = poly[i], poly[(i + 1) % n]
            key = (p, q) if p < q else (q, p)
            owners = edge_regions.setdefault(key, [])
            if rid in owners:
                raise MapError(f"{f}: {ref(rid)}: polygon runs twice along the edge {p}-{q}")
            owners.append(rid)
            vertex_regions.setdefault(p, set()).add(rid)

    def names(rids) -> str:
        return ", ".join(ref(r) for r in sorted(rids))

    for (p, q), owners in edge_regions.items():
        if len(owners) > 2:
            raise MapError(f"{f}: overlapping polygons: the edge {p}-{q} belongs to {names(owners)}")

    # ---- The coast: the edges used by one Region only must form one closed loop (island in one
    #      piece, no gaps or overlaps between neighbours: a border drawn with different vertices in
    #      the two polygons leaves such edges inside the island).
    coast_adj: dict[tuple, list[tuple]] = {}
    for (p, q), owners in edge_regions.items():
        if len(owners) == 1:
            coast_adj.setdefault(p, []).append(q)
            coast_adj.setdefault(q, []).append(p)
    for v, nb in coast_adj.items():
        if len(nb) != 2:
            raise MapError(f"{f}: borders do not match at {v} (regions {names(vertex_regions[v])}): "
                           "neighbouring polygons must share the same vertices, with no gap or overlap")
    loops = []
    seen: set[tuple] = set()
    for start in coast_adj:
        if start in seen:
            continue
        loop = [start]
        seen.add(start)
        prev, cur = None, start
        while True:
            a, b = coast_adj[cur]
            nxt = a if a != prev else b
            if nxt == start:
                break
            if nxt in seen:
                break
            loop.append(nxt)
            seen.add(nxt)
            prev, cur = cur, nxt
        loops.append(loop)
    loops.sort(key=lambda lp: -abs(_shoelace(lp)))
    if len(loops) != 1:
        extra = loops[-1]
        rids: set[str] = set()
        for v in extra:
            rids |= vertex_regions[v]
        main_loop = set(loops[0])
        off = [v for v in extra if v not in main_loop]
        where = min(off or extra)
        if off and _point_dist(where[0], where[1], loops[0]) > 0:
            raise MapError(f"{f}: gap or overlap between {names(rids)} near {where}: neighbouring "
                           "polygons must use the very same vertices along their shared border")
        raise MapError(f"{f}: the island is not one piece: {len(loops)} separate coasts; one runs near "
                       f"{where} along {names(rids)}")
    island_area = abs(_shoelace(loops[0]))
    total = sum(abs(_shoelace(p)) for p in polys.values())
    if abs(total - island_area) > 0.5:
        raise MapError(f"{f}: overlapping polygons: the Regions cover {total:.0f} px² but the island "
                       f"is {island_area:.0f} px²")

    # ---- Nodes (R1): vertices where 3 or 4 Regions meet
    node_at: dict[tuple, str] = {}
    node_ids: dict[str, tuple] = {}
    for v, rids in vertex_regions.items():
        if len(rids) < 3:
            continue
        if len(rids) > 4:
            raise MapError(f"{f}: a Node at {v} joins {len(rids)} Regions ({names(rids)}); "
                           "every Node joins 3 or 4 Regions (R1)")
        nid = "+".join(sorted(rids))
        if nid in node_ids:
            raise MapError(f"{f}: two Nodes join the same Regions, at {node_ids[nid]} and {v} "
                           f"({names(rids)}); each Node needs a distinct set of Regions (R1)")
        node_at[v] = nid
        node_ids[nid] = v

    # ---- Paths (R1): border stretches between two Nodes
    pair_adj: dict[tuple[str, str], dict[tuple, list[tuple]]] = {}
    for (p, q), owners in edge_regions.items():
        if len(owners) == 2:
            pair = (min(owners), max(owners))   # the two owners, sorted
            adj = pair_adj.setdefault(pair, {})
            adj.setdefault(p, []).append(q)
            adj.setdefault(q, []).append(p)
    paths: list[Path] = []
    path_keys: dict[tuple[str, str], tuple[str, str]] = {}
    border_without_path = []
    for pair, adj in sorted(pair_adj.items()):
        used: set[tuple] = set()
        found = 0
        for start in adj:
            if start not in node_at:
                continue
            for first in adj[start]:
                e = (start, first) if start < first else (first, start)
                if e in used:
                    continue
                used.add(e)
                chain = [start, first]
                prev, cur = start, first
                while cur not in node_at and len(adj[cur]) == 2:
                    a, b = adj[cur]
                    nxt = a if a != prev else b
                    e = (cur, nxt) if cur < nxt else (nxt, cur)
                    used.add(e)
                    chain.append(nxt)
                    prev, cur = cur, nxt
                if cur not in node_at:
                    continue        # runs out on the coast: a border, not a Path
                a_id, b_id = node_at[start], node_at[cur]
                if a_id == b_id:
                    raise MapError(f"{f}: the border of {names(pair)} runs from the Node at {start} "
                                   "back to itself")
                ends = (a_id, b_id) if a_id < b_id else (b_id, a_id)
                if ends in path_keys:
                    raise MapError(f"{f}: two Paths join the Nodes at {node_ids[ends[0]]} and "
                                   f"{node_ids[ends[1]]} ({names(set(pair) | set(path_keys[ends]))})")
                path_keys[ends] = pair
                if a_id != ends[0]:
                    chain.reverse()
                paths.append(Path(nodes=ends, regions=pair,
                                  points=tuple((float(x), float(y)) for x, y in chain)))
                found += 1
        if not found:
            border_without_path.append(pair)

    # ---- Region invariants
    region_nodes: dict[str, set[str]] = {r: set() for r in polys}
    for nid in node_ids:
        for r in nid.split("+"):
            region_nodes[r].add(nid)
    for rid in sorted(polys):
        if len(region_nodes[rid]) < 2:
            raise MapError(f"{f}: {ref(rid)}: touches {len(region_nodes[rid])} Node(s); every Region "
                           "touches at least 2 Nodes (R1)")
    adj_r: dict[str, set[str]] = {r: set() for r in polys}
    for one in paths:
        ra, rb = one.regions
        adj_r[ra].add(rb)
        adj_r[rb].add(ra)
    for area in AREAS:
        members = {f"{area}-{t}" for t in TERRAINS} & set(polys)
        if not members:
            continue
        reach = _reach(min(members), lambda r, members=members: (adj_r[r] & members))
        if reach != members:
            cut = sorted(members - reach)
            raise MapError(f"{f}: Area '{area}' is not contiguous (R1): {names(cut)} share no Path "
                           f"with the rest of the Area")
    node_adj: dict[str, set[str]] = {n: set() for n in node_ids}
    for p in paths:
        node_adj[p.nodes[0]].add(p.nodes[1])
        node_adj[p.nodes[1]].add(p.nodes[0])
    if node_ids:
        reach = _reach(min(node_ids), lambda n: node_adj[n])
        if len(reach) != len(node_ids):
            lost = sorted(set(node_ids) - reach)
            raise MapError(f"{f}: the Node/Path graph is not connected (R1): the Node at "
                           f"{node_ids[lost[0]]} ({lost[0]}) cannot be reached")

    reach = _reach(min(polys), lambda r: adj_r[r])
    if len(reach) != len(polys):
        raise MapError(f"{f}: the island is not one piece (R1): {names(set(polys) - reach)} are "
                       "not linked to the rest by Paths")

    # ---- Labels
    area_labels: dict[str, tuple[float, float]] = {}
    guardian_icons: dict[str, tuple[float, float]] = {}
    labels_layer = _layer(tmx, f, LABELS_LAYER)
    for obj in labels_layer:
        label = f"label object '{obj.name or ''}' (id {obj.id})"
        kind = _obj_type(obj)
        if kind not in LABEL_TYPES:
            raise MapError(f"{f}: {label}: type must be one of {', '.join(LABEL_TYPES)}, not {kind!r}")
        area = obj.properties.get("area")
        if area is None:
            raise MapError(f"{f}: {label}: missing property 'area'")
        if area not in AREAS:
            raise MapError(f"{f}: {label}: unknown area '{area}' (R1: {', '.join(AREAS)})")
        table = area_labels if kind == "area-label" else guardian_icons
        if area in table:
            raise MapError(f"{f}: {label}: a second {kind} for Area '{area}'")
        table[area] = (float(obj.x), float(obj.y))
    for kind, table in (("area-label", area_labels), ("guardian-icon", guardian_icons)):
        absent = [a for a in AREAS if a not in table and full_island]
        if absent:
            raise MapError(f"{f}: no {kind} object for Area(s) {', '.join(absent)}")

    # ---- Build
    regions = [Region(id=rid, area=props[rid][0], terrain=props[rid][1],
                      polygon=tuple((float(x), float(y)) for x, y in polys[rid]),
                      center=pole_of_inaccessibility(polys[rid]))
               for rid in polys]
    nodes = [Node(id=nid, regions=tuple(nid.split("+")), pos=(float(v[0]), float(v[1])))
             for nid, v in node_ids.items()]
    board = Board.build(regions, nodes, paths, area_labels, guardian_icons)
    return MapReport(board=board, border_without_path=border_without_path, object_ids=dict(oid))


def _reach(start, neighbours) -> set:
    seen = {start}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nb in neighbours(cur):
            if nb not in seen:
                seen.add(nb)
                queue.append(nb)
    return seen


# --------------------------------------------------------------------------- summary

def summary(report: MapReport, seconds: float | None = None) -> str:
    b = report.board
    lines = []
    arity: dict[int, int] = {}
    for n in b.nodes.values():
        arity[len(n.regions)] = arity.get(len(n.regions), 0) + 1
    pairs = sum(len(v) for v in b.region_adj.values()) // 2
    lines.append(f"regions: {len(b.regions)} in {len(b.areas)} areas")
    joins = ", ".join(f"{c} join {k}" for k, c in sorted(arity.items()))
    lines.append(f"nodes:   {len(b.nodes)} ({joins})")
    lines.append(f"paths:   {len(b.paths)}")
    lines.append(f"adjacent region pairs: {pairs}")
    deg = sorted(len(v) for v in b.region_adj.values())
    nn = sorted(len(v) for v in b.region_nodes.values())
    lines.append(f"neighbours per region: {deg[0]}-{deg[-1]} (mean {sum(deg) / len(deg):.1f}); "
                 f"nodes per region: {nn[0]}-{nn[-1]} (mean {sum(nn) / len(nn):.1f})")
    diameter = max(max(d.values()) for d in b.node_dist.values())
    lines.append(f"node graph diameter: {diameter} steps")
    for area, members in b.areas.items():
        inside = sorted({tuple(sorted((r, o))) for r in members for o in b.region_adj[r] if o in members})
        outside = sorted({b.regions[o].area for r in members for o in b.region_adj[r]} - {area})
        lines.append(f"  {area:7s} {len(inside)}/6 pairs adjacent inside; borders {', '.join(outside)}")
    if report.border_without_path:
        lines.append(f"border pairs without a Path: {len(report.border_without_path)}: "
                     + ", ".join("|".join(p) for p in report.border_without_path))
    else:
        lines.append("border pairs without a Path: 0")
    if seconds is not None:
        lines.append(f"loaded in {seconds * 1000:.0f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    full = "--partial" not in argv
    argv = [a for a in argv if a != "--partial"]
    if any(a.startswith("-") for a in argv) or len(argv) > 1:
        print("usage: python -m faeriell.content.map_loader [--partial] [FILE]\n"
              "  --partial: a test map that need not hold all 8 Areas", file=sys.stderr)
        return 2
    path = argv[0] if argv else default_map_path()
    t0 = time.perf_counter()
    try:
        report = analyse_map(path, full)
    except MapError as exc:
        print(f"error: {clip(exc, 2000)}", file=sys.stderr)
        return 1
    print(f"{path}")
    print(summary(report, time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The island as a plain, immutable graph (R1).

Built by content code from the Tiled map; the engine only walks it. Coordinates ride along
for the table and are never used by the rules.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from collections.abc import Iterable
from typing import Any

from .words import Terrain


Point = tuple[float, float]


@dataclass(frozen=True)
class Region:
    id: str            # "<area>-<terrain>" (R1)
    area: str
    terrain: Terrain
    polygon: tuple[Point, ...] = ()
    center: Point = (0.0, 0.0)

    def __reduce__(self) -> tuple[type[Region], tuple[Any, ...]]:
        return (Region, (self.id, self.area, self.terrain, self.polygon, self.center))


@dataclass(frozen=True)
class Node:
    id: str                     # sorted ids of the Regions meeting here, joined by "+" (R1)
    regions: tuple[str, ...]    # sorted
    pos: Point = (0.0, 0.0)

    def __reduce__(self) -> tuple[type[Node], tuple[Any, ...]]:
        return (Node, (self.id, self.regions, self.pos))


@dataclass(frozen=True)
class Path:
    nodes: tuple[str, str]      # sorted node ids
    regions: tuple[str, str]    # the two Regions the Path runs between, sorted
    points: tuple[Point, ...] = ()

    def __reduce__(self) -> tuple[type[Path], tuple[Any, ...]]:
        return (Path, (self.nodes, self.regions, self.points))


@dataclass(frozen=True)
class Board:
    regions: dict[str, Region]
    nodes: dict[str, Node]
    paths: tuple[Path, ...]
    area_labels: dict[str, Point] = field(default_factory=dict)
    guardian_icons: dict[str, Point] = field(default_factory=dict)
    # Derived tables (filled by build()).
    areas: dict[str, tuple[str, ...]] = field(default_factory=dict)
    region_adj: dict[str, frozenset[str]] = field(default_factory=dict)
    region_nodes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    node_adj: dict[str, tuple[str, ...]] = field(default_factory=dict)
    path_between: dict[frozenset[str], Path] = field(default_factory=dict)
    node_dist: dict[str, dict[str, int]] = field(default_factory=dict)
    _within: dict[tuple[str, int], tuple[str, ...]] = field(default_factory=dict, compare=False,
                                                            repr=False)   # memo of within()
    _shires: dict[tuple[str, ...], int] = field(default_factory=dict, compare=False,
                                                repr=False)   # memo of achievements.shire_size()

    def __reduce__(self) -> tuple[type[Board], tuple[Any, ...]]:
        # the memos start empty again; everything else as built
        return (Board, (self.regions, self.nodes, self.paths, self.area_labels, self.guardian_icons,
                        self.areas, self.region_adj, self.region_nodes, self.node_adj,
                        self.path_between, self.node_dist))

    @classmethod
    def build(cls, regions: Iterable[Region], nodes: Iterable[Node], paths: Iterable[Path],
              area_labels: dict[str, Point] | None = None,
              guardian_icons: dict[str, Point] | None = None) -> Board:
        by_region = {r.id: r for r in sorted(regions, key=lambda r: r.id)}
        by_node = {n.id: n for n in sorted(nodes, key=lambda n: n.id)}
        all_paths = tuple(sorted(paths, key=lambda p: p.nodes))
        areas: dict[str, list[str]] = {}
        for r in by_region.values():
            areas.setdefault(r.area, []).append(r.id)
        region_adj: dict[str, set[str]] = {r: set() for r in by_region}
        node_adj: dict[str, set[str]] = {n: set() for n in by_node}
        path_between = {}
        for p in all_paths:
            a, b = p.regions
            region_adj[a].add(b)
            region_adj[b].add(a)
            x, y = p.nodes
            node_adj[x].add(y)
            node_adj[y].add(x)
            path_between[frozenset(p.nodes)] = p
        region_nodes: dict[str, list[str]] = {r: [] for r in by_region}
        for n in by_node.values():
            for rid in n.regions:
                region_nodes[rid].append(n.id)
        node_adj_t = {n: tuple(sorted(v)) for n, v in node_adj.items()}
        return cls(
            regions=by_region, nodes=by_node, paths=all_paths,
            area_labels=dict(area_labels or {}), guardian_icons=dict(guardian_icons or {}),
            areas={a: tuple(sorted(v)) for a, v in sorted(areas.items())},
            region_adj={r: frozenset(v) for r, v in region_adj.items()},
            region_nodes={r: tuple(sorted(v)) for r, v in region_nodes.items()},
            node_adj=node_adj_t,
            path_between=path_between,
            node_dist={n: _bfs(node_adj_t, n) for n in by_node},
        )

    # Small helpers the rules use often.
    def within(self, node: str, steps: int) -> tuple[str, ...]:
        """The nodes 1..steps Paths away from `node`, sorted (a Hero's reach, R37)."""
        key = (node, steps)
        found = self._within.get(key)
        if found is None:
            found = self._within[key] = tuple(sorted(
                n for n, d in self.node_dist[node].items() if 0 < d <= steps))
        return found

    def region_of(self, area: str, terrain: Terrain) -> str:
        return f"{area}-{terrain}"

    def nodes_touching(self, region: str) -> tuple[str, ...]:
        return self.region_nodes[region]

    def path_regions(self, a: str, b: str) -> tuple[str, str] | None:
        p = self.path_between.get(frozenset((a, b)))
        return p.regions if p else None


def _bfs(adj: dict[str, tuple[str, ...]], start: str) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        for nxt in adj[cur]:
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                queue.append(nxt)
    return dist

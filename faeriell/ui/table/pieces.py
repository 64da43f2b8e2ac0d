"""The pieces on the island: Heartland tokens, Great Guardians with the token under them,
Settlements, Beacons, the Totem, Heroes on Nodes and the Drifter - all placed from the state, with
a spot each so they can be hovered, picked up or dropped on.

Pieces sit around a Region's pole (its most interior point, from the Board); Heroes and the
Drifter stand on Node positions. Sizes follow the map zoom, within limits.
"""
from __future__ import annotations

import math

import pygame

from faeriell.ui.table import theme as T
from faeriell.ui.table.placement import capacity, place
from faeriell.ui.table.keys import BeaconPiece, DrifterPiece, GuardianPiece, HeartlandToken, HeroSlot, NodeSpot, RegionSpot, SettlementPiece, TableKey, TotemPiece, UnderGuardian

FIT = 0.53           # the map scale the offsets below were tuned at
# Offsets from a Region's pole, in map pixels.
OFF_GUARDIAN = (2, -16)
OFF_SETTLEMENT = (-22, 16)
OFF_BEACON = (4, 20)
OFF_TOTEM = (28, 12)
OFF_HEARTLAND = (-30, -16)
PACKING = 0.5        # share of a Region's inside its pieces may fill before they are drawn smaller
SHRINK_MIN = 0.72    # the smallest a crowded Region's pieces get (of their usual size)


def token_size(guardian_size: float) -> float:
    """The token under a Guardian: readable at 1280x800 whatever the Guardian's size."""
    return max(22.0, guardian_size * 0.8)


def piece_scale(mv) -> float:
    return max(0.75, min(2.2, mv.scale / FIT))


def region_point(mv, board, region: str, off) -> tuple[float, float]:
    c = board.regions[region].center
    k = min(mv.scale, FIT * 1.6)          # offsets stop spreading at high zoom
    p = mv.map_to_screen(c)
    return p[0] + off[0] * k, p[1] + off[1] * k


def node_point(mv, board, node: str) -> tuple[float, float]:
    return mv.map_to_screen(board.nodes[node].pos)


def draw_nodes(surf, p, mv) -> None:
    """Drop spots on every Node (drawn by the MapView; here only registered)."""
    board = p.rules.board
    r = max(7, 9 * piece_scale(mv))
    for nid, node in board.nodes.items():
        pos = mv.map_to_screen(node.pos)
        if mv.viewport.collidepoint(pos):
            p.add(NodeSpot(nid), pos, r)


def draw_pieces(surf, p, mv) -> None:
    """The pieces on the island, bottom to top: the Regions a decision aims at, the tokens'
    glow, the pieces standing in Regions, the Great Guardians with their tokens, the Nodes, and
    the Heroes and the Drifter on top."""
    k = piece_scale(mv)
    clip = surf.get_clip()
    surf.set_clip(mv.viewport)
    _aimed_regions(surf, p, mv)
    found = layout(p, mv, k)
    _region_pieces(surf, p, found)
    _guardians(surf, p, found, k)
    # Nodes (drop places), then Heroes and the Drifter on top
    draw_nodes(surf, p, mv)
    _figures(surf, p, mv, found, k)
    surf.set_clip(clip)


def _aimed_regions(surf, p, mv) -> None:
    """Regions a pending decision asks for (a Settlement to place, a Region to harvest)."""
    if p.human:
        aims = [key.region for key in p.index.aims if isinstance(key, RegionSpot)]
        aims += [key.region for key in p.index.clicks if isinstance(key, RegionSpot)]
        for r in aims:
            pygame.draw.lines(surf, T.AIM, True, region_outline(mv, p.rules.board, r), max(2, round(3 * p.u)))


def _region_pieces(surf, p, found) -> None:
    """The glow under the Guardians' tokens, the Heartland terrain tokens, Settlements, Beacons
    and the Spiritual Totem."""
    s = p.s
    where, size_of = found.where, found.sizes
    # the glow of a Guardian's token first, under every piece
    for gd, (_sprite, kind) in found.tokens.items():
        c = p.ess_rgb(kind) if kind != "corruption" else (150, 60, 200)
        h = T.halo(int(size_of[GuardianPiece(gd)] * 0.62), c, 170)
        surf.blit(h, h.get_rect(center=_round(where[GuardianPiece(gd)])))
    # Heartland terrain tokens (rulebook setup step 2)
    for area, hl in s.heartlands.items():
        key: TableKey = HeartlandToken(area)
        if key in where:
            img = p.spr(f"terrain_{hl['token']}", size_of[key])
            T.blit_center(surf, img, where[key])
            p.spots.add_circle(key, where[key], size_of[key] / 2)
    # Settlements, Beacons
    for i, t in enumerate(s.tribes):
        for r in t.settlements:
            key = SettlementPiece(i, r)
            if key in where:
                p.piece(surf, key, p.spr(f"settlement_{t.id}", size_of[key]), where[key], size_of[key] / 2)
        for r, col in t.beacons.items():
            key = BeaconPiece(r)
            if key in where:
                p.piece(surf, key, p.spr(f"beacon_{col}", size_of[key]), where[key], size_of[key] * 0.47)
    # The Spiritual Totem
    if TotemPiece() in where:
        p.piece(surf, TotemPiece(), p.spr("totem", size_of[TotemPiece()]), where[TotemPiece()], size_of[TotemPiece()] * 0.45)


def _guardians(surf, p, found, k: float) -> None:
    """Great Guardians and the token under each (Menace colour, Corruption), side by side."""
    where, size_of = found.where, found.sizes
    for gd in p.s.guardians:
        key = GuardianPiece(gd)
        if key not in where:
            continue
        pos = where[key]
        size = size_of[key]
        tok = found.tokens.get(gd)
        if tok:
            timg = p.spr(tok[0], token_size(size))
            tpos = where[UnderGuardian(gd)]
            if math.dist(pos, tpos) > size * 0.5 + timg.get_width() * 0.5 + 6 * k:
                pygame.draw.line(surf, (20, 16, 14), _round(pos), _round(tpos), max(2, round(2 * k)))
            if p.lifted != UnderGuardian(gd):
                rim = timg.get_width() / 2 + 1
                pygame.draw.circle(surf, (20, 16, 14), _round(tpos), rim + 1)
                T.blit_center(surf, timg, tpos)
        img = p.spr(f"guardian_{gd}", size)
        p.piece(surf, key, img, pos, size * 0.5)
        if tok:
            p.add(UnderGuardian(gd), tpos, size * 0.3, sprite=timg)


def _figures(surf, p, mv, found, k: float) -> None:
    """Heroes and the Drifter, each no wider than the gap to the nearest other one standing on
    a Node (two near Nodes never show one figure over the other)."""
    s, board = p.s, p.rules.board
    stood = [node_point(mv, board, n) for n in found.nodes]

    def fit(pos, size):
        gaps = [math.dist(pos, o) for o in stood if o != pos]
        return min(size, min(gaps) - 2) if gaps else size
    for i, t in enumerate(s.tribes):
        for h, hero in t.heroes.items():
            if not hero.node or hero.node not in board.nodes:
                continue
            pos = node_point(mv, board, hero.node)
            key = HeroSlot(i, h)
            size = fit(pos, 30 * k)
            img = p.spr(f"hero_{h}_{t.id}", size)
            p.piece(surf, key, img, pos, size / 2)
    dr = s.drifter
    if dr and dr.get("node") in board.nodes:
        pos = node_point(mv, board, dr["node"])
        size = fit(pos, 32 * k)
        img = p.spr("drifter", size)
        p.piece(surf, DrifterPiece(), img, pos, min(15 * k, size / 2))


def _round(pt) -> tuple[int, int]:
    return round(pt[0]), round(pt[1])


class Layout:
    """Where every Region piece stands this frame (screen px), and each Guardian's token sprite."""

    def __init__(self, where: dict, tokens: dict, sizes: dict, nodes=()):
        self.nodes = tuple(nodes)   # Nodes a Hero or the Drifter stands on
        self.where = where
        self.tokens = tokens
        self.sizes = sizes          # drawn height per piece (a crowded Region's are smaller)


_LAST: list = [None, None]      # (key, Layout): the base redraws often with the same pieces


def layout(p, mv, k: float) -> Layout:
    """Place each Region's pieces (placement.place) around the Heroes and the Drifter standing on
    Nodes. Radii are the drawn sprites' half sizes, so packed pieces never cover one another."""
    s, board = p.s, p.rules.board
    tokens = {}
    for gd, d in s.guardians.items():
        tok = d.get("token")
        if tok and d.get("region") in board.regions:
            kind = p.rules.token_kind(tok)
            tokens[gd] = ("corruption_token" if kind == "corruption" else f"menace_{kind}", kind)
    nodes = [hero.node for t in s.tribes for hero in t.heroes.values() if hero.node in board.nodes]
    if s.drifter and s.drifter.get("node") in board.nodes:
        nodes.append(s.drifter["node"])
    per_region: dict[str, list] = {}

    def put(region, key, size, off):
        if region in board.regions:
            per_region.setdefault(region, []).append((key, size, off))

    for gd, d in s.guardians.items():
        put(d.get("region"), GuardianPiece(gd), 32 * k, OFF_GUARDIAN)
    for i, t in enumerate(s.tribes):
        for r in t.settlements:
            put(r, SettlementPiece(i, r), 26 * k, OFF_SETTLEMENT)
        for r in t.beacons:
            put(r, BeaconPiece(r), 28 * k, OFF_BEACON)
    put(s.totem.get("region"), TotemPiece(), 32 * k, OFF_TOTEM)
    for area, hl in s.heartlands.items():
        if hl.get("token"):
            put(hl.get("region"), HeartlandToken(area), 22 * k, OFF_HEARTLAND)
    # the packing depends on the zoom and the pieces, not on the pan: kept relative to the map's origin
    origin = mv.map_to_screen((0, 0))
    sig = (id(board), mv.scale, tuple(mv.viewport.size), tuple(sorted(nodes)),
           tuple(sorted((r, tuple(x[0] for x in v)) for r, v in per_region.items())),
           tuple(sorted((g, v[0]) for g, v in tokens.items())))
    if _LAST[0] != sig:
        _LAST[0], _LAST[1] = sig, _pack(p, mv, k, board, nodes, per_region, tokens, origin)
    rel = _LAST[1]
    where = {key: (origin[0] + x, origin[1] + y) for key, (x, y) in rel.where.items()}
    return Layout(where, tokens, rel.sizes, nodes)


def _pack(p, mv, k, board, nodes, per_region, tokens, origin) -> Layout:
    placed = [(node_point(mv, board, n), 16 * k) for n in nodes]
    where, sizes = {}, {}
    for region, items in per_region.items():
        todo: list[tuple] = []         # (key, radius, preferred point or its function[, hug key])
        # a crowded Region draws its pieces smaller (never below SHRINK_MIN) so they fit inside it
        need = sum(math.pi * (size / 2) ** 2 for _, size, _ in items)
        need += sum(math.pi * (token_size(size) / 2) ** 2 for key, size, _ in items
                    if isinstance(key, GuardianPiece) and key.guardian in tokens)
        room = capacity(board, region, mv) * PACKING
        f = max(SHRINK_MIN, min(1.0, math.sqrt(room / need))) if need else 1.0
        for key, size, off in sorted(items, key=lambda x: -x[1]):
            size *= f
            sizes[key] = size
            img = p.spr(_sprite_name(p, key), size)
            todo.append((key, max(img.get_width(), img.get_height()) / 2, region_point(mv, board, region, off)))
            if isinstance(key, GuardianPiece) and key.guardian in tokens:
                # its token wants the Guardian's lower right, tucked under its rim: placed right after it
                timg = p.spr(tokens[key.guardian][0], token_size(size))

                def beside(got, key=key, size=size):
                    g = got[key]
                    return g[0] + size * 0.55, g[1] + size * 0.32
                todo.append((UnderGuardian(key.guardian), timg.get_width() / 2 + 1, beside, key))
        where.update(place(todo, board, region, mv, placed))
    rel = {key: (x - origin[0], y - origin[1]) for key, (x, y) in where.items()}
    return Layout(rel, tokens, sizes)


def _sprite_name(p, key) -> str:
    s = p.s
    if isinstance(key, GuardianPiece):
        return f"guardian_{key.guardian}"
    if isinstance(key, SettlementPiece):
        return f"settlement_{s.tribes[key.tribe].id}"
    if isinstance(key, BeaconPiece):
        col = next(t.beacons[key.region] for t in s.tribes if key.region in t.beacons)
        return f"beacon_{col}"
    if isinstance(key, TotemPiece):
        return "totem"
    return f"terrain_{s.heartlands[key.area]['token']}"


def region_outline(mv, board, region: str) -> list[tuple[float, float]]:
    return [mv.map_to_screen(pt) for pt in board.regions[region].polygon]

"""The pieces on the island: Heartland tokens, Great Guardians with the token under them,
Settlements, Beacons, the Totem, Heroes on Nodes and the Drifter - all placed from the state, with
a spot each so they can be hovered, picked up or dropped on.

Pieces sit around a Region's pole (its most interior point, from the Board); Heroes and the
Drifter stand on Node positions. Sizes follow the map zoom, within limits.
"""
from __future__ import annotations

import pygame

from faeriell.ui.table import theme as T

FIT = 0.53           # the map scale the offsets below were tuned at
# Offsets from a Region's pole, in map pixels.
OFF_GUARDIAN = (2, -16)
OFF_SETTLEMENT = (-22, 16)
OFF_BEACON = (4, 20)
OFF_TOTEM = (28, 12)
OFF_HEARTLAND = (-30, -16)


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
            p.add(("node", nid), pos, r)


def draw_pieces(surf, p, mv) -> None:
    s, board = p.s, p.rules.board
    k = piece_scale(mv)
    clip = surf.get_clip()
    surf.set_clip(mv.viewport)
    # Regions a pending decision asks for (a Settlement to place, a Region to harvest)
    if p.human:
        aims = [key[1] for key in p.index.aims if key[0] == "region"]
        aims += [key[1] for key in p.index.clicks if key[0] == "region"]
        for r in aims:
            pygame.draw.lines(surf, T.AIM, True, region_outline(mv, board, r), max(2, round(3 * p.u)))
    # Heartland terrain tokens (rulebook setup step 2)
    for area, hl in s.heartlands.items():
        tok = hl.get("token")
        if tok and hl.get("region") in board.regions:
            pos = region_point(mv, board, hl["region"], OFF_HEARTLAND)
            img = p.spr(f"terrain_{tok}", 22 * k)
            T.blit_center(surf, img, pos)
            p.spots.add_circle(("heartland", area), pos, 11 * k)
    # Settlements, Beacons
    for i, t in enumerate(s.tribes):
        for r in t.settlements:
            pos = region_point(mv, board, r, OFF_SETTLEMENT)
            key = ("settlement", i, r)
            img = p.spr(f"settlement_{t.id}", 26 * k)
            p.piece(surf, key, img, pos, 13 * k)
        for r, col in t.beacons.items():
            pos = region_point(mv, board, r, OFF_BEACON)
            key = ("beacon", r)
            img = p.spr(f"beacon_{col}", 28 * k)
            if p.lifted != key:
                T.blit_center(surf, img, pos)
                pygame.draw.circle(surf, p.tribe_rgb(i), (pos[0], pos[1] + 13 * k), max(2, 3 * k))
            p.add(key, pos, 13 * k, sprite=img)
    # The Spiritual Totem
    tot = s.totem
    if tot.get("region") in board.regions:
        pos = region_point(mv, board, tot["region"], OFF_TOTEM)
        img = p.spr("totem", 32 * k)
        p.piece(surf, ("totem",), img, pos, 14 * k)
    # Great Guardians and the token under each (Menace colour, Corruption)
    for gd, d in s.guardians.items():
        if d.get("region") not in board.regions:
            continue
        pos = region_point(mv, board, d["region"], OFF_GUARDIAN)
        size = 32 * k
        tok = d.get("token")
        if tok:
            kind = p.rules.token_kind(tok)
            name = "corruption_token" if kind == "corruption" else f"menace_{kind}"
            timg = p.spr(name, max(22.0, size * 0.8))        # readable at 1280x800
            tpos = (pos[0] + size * 0.55, pos[1] + size * 0.32)
            if kind == "corruption":
                surf.blit(T.halo(int(size * 0.75), (150, 60, 200), 150),
                          T.halo(int(size * 0.75), (150, 60, 200), 150).get_rect(center=(round(pos[0]), round(pos[1]))))
            else:
                c = p.ess_rgb(kind)
                surf.blit(T.halo(int(size * 0.72), c, 170),
                          T.halo(int(size * 0.72), c, 170).get_rect(center=(round(pos[0]), round(pos[1]))))
            if p.lifted != ("under", gd):
                rim = timg.get_width() / 2 + 1
                pygame.draw.circle(surf, (20, 16, 14), (round(tpos[0]), round(tpos[1])), rim + 1)
                T.blit_center(surf, timg, tpos)
        img = p.spr(f"guardian_{gd}", size)
        p.piece(surf, ("guardian", gd), img, pos, size * 0.5)
        if tok:
            p.add(("under", gd), tpos, size * 0.3, sprite=timg)
    # Nodes (drop places), then Heroes and the Drifter on top
    draw_nodes(surf, p, mv)
    for i, t in enumerate(s.tribes):
        for h, hero in t.heroes.items():
            if not hero.node or hero.node not in board.nodes:
                continue
            pos = node_point(mv, board, hero.node)
            key = ("hero", i, h)
            img = p.spr(f"hero_{h}_{t.id}", 30 * k)
            p.piece(surf, key, img, pos, 15 * k)
    dr = s.drifter
    if dr and dr.get("node") in board.nodes:
        pos = node_point(mv, board, dr["node"])
        img = p.spr("drifter", 32 * k)
        p.piece(surf, ("drifter",), img, pos, 15 * k)
    # a Beacon's colour stays visible over a Guardian or a Hero standing on its Region
    for i, t in enumerate(s.tribes):
        for r, col in t.beacons.items():
            if p.lifted == ("beacon", r):
                continue
            c = beacon_pip(mv, board, r, k)
            rad = max(5, round(6 * k))
            pygame.draw.circle(surf, (20, 16, 14), c, rad + 2)
            pygame.draw.circle(surf, p.ess_rgb(col), c, rad)
            pygame.draw.circle(surf, p.tribe_rgb(i), c, rad + 2, max(1, round(1.5 * k)))
    surf.set_clip(clip)


def beacon_pip(mv, board, region: str, k: float) -> tuple[int, int]:
    """Where a Beacon's colour pip sits: beside the Beacon, on top of every other piece."""
    x, y = region_point(mv, board, region, OFF_BEACON)
    return round(x + 12 * k), round(y - 10 * k)


def region_outline(mv, board, region: str) -> list[tuple[float, float]]:
    return [mv.map_to_screen(pt) for pt in board.regions[region].polygon]

"""The table's base picture: map, pieces, the shared boards, the tribes' boards and the banner,
drawn into `scene.base` only when what it shows changed (its key: the session version, the
window, the camera, the viewer, the piece in hand, the column's scroll). A move's landing is
shown here too: the picture before it covers the landing places while the pieces fly in."""
from __future__ import annotations

import pygame

from faeriell.ui.table import anim, boards, chrome, goal, guide, pieces, tribe_board
from faeriell.ui.table import theme as T
from faeriell.ui.table.anim import Flight
from faeriell.ui.text import WordsSurface

LANDING_WAIT_MS = 2500      # a bot's flight whose landing place is never drawn is dropped then


class BasePicture:
    """The base picture's own bookkeeping; the surface itself is the scene's `base`."""

    def __init__(self) -> None:
        self.prev: pygame.Surface | None = None    # the table as it was, while a move lands
        self.pending: list[dict] = []              # bots' flights waiting for their landing place
        self.seen: tuple = (None, None)            # (game, anim.snapshot) of the state last drawn
        self.spots_version = -1                    # the session version the spots were drawn for

    def queue_flight(self, start, sprite, target, grip, now: float) -> None:
        """A bot's piece flies from `start` once the picture shows where `target` lands."""
        self.pending.append({"start": start, "sprite": sprite, "target": target, "grip": grip,
                             "seen": self.spots_version, "t": now})

    def drop_stale(self, now: float) -> None:
        if self.pending and any(now - f["t"] > LANDING_WAIT_MS for f in self.pending):
            self.pending = [f for f in self.pending if now - f["t"] <= LANDING_WAIT_MS]

    def ensure(self, scene) -> None:
        """Draw the scene's base picture anew if its key changed."""
        drag = scene.drag_layer.drag
        key = (scene.session.version, id(scene.session.game), scene.layout.size, scene.map.zoom_level,
               scene.map.offset, scene.viewer, drag.grip if drag else None, scene.human_turn(),
               scene.board.peek, scene.side_scroll)
        if key == scene.base_key and scene.base is not None:
            return
        scene.base_key = key
        size = scene.layout.size
        # A move is about to land: keep the table as it was, to cover the landing places.
        changed = scene.session.version != self.spots_version
        self.prev = scene.base.copy() if ((self.pending or (changed and anim.on()))
                                          and scene.base is not None and scene.base.get_size() == size) else None
        if scene.base is None or scene.base.get_size() != size:
            display = pygame.display.get_surface()       # its pixel format: blits as fast as convert()'s
            scene.base = WordsSurface(size, 0, display) if display is not None else WordsSurface(size)
        self._draw(scene, scene.base)
        version = scene.session.version
        if version != self.spots_version:
            self.spots_version = version
            prev = self.prev
            self._land_flights(scene)
            self._show_what_happened(scene, prev)

    @staticmethod
    def _draw(scene, surf) -> None:
        L = scene.layout
        surf.fill(T.BG)
        if isinstance(surf, WordsSurface):
            surf.forget_words()                 # the words are printed again below
        scene.map.draw(surf)
        scene.spots.clear()
        p = scene.painted = scene.new_paint()
        pieces.draw_pieces(surf, p, scene.map)
        boards.draw_wheel(surf, p, L.wheel)
        scene.side_over = boards.draw_side(surf, p, L.side, scene.side_scroll)
        scene.side_places = p.side_places
        scene.side_scroll = min(scene.side_scroll, scene.side_over)
        big = p.acting
        if scene.board.peek is not None and scene.board.peek < len(p.s.tribes) and big is not None:
            big = scene.board.peek
        tribe_board.draw_board(surf, p, L.board, big, looking=big != p.acting)
        tribe_board.draw_others(surf, p, L.others, big)
        session = scene.session
        can_undo = scene.human_turn() and session.undo_available()
        chrome.draw_banner(surf, p, L.banner, chrome.buttons_for(p, len(scene.index.loose), can_undo,
                                                                 scene.human_turn() and session.offers_undo))
        if L.goal is not None and scene.puzzle is not None:
            guide.draw_goal(surf, p, L.goal, scene.puzzle)
        if scene.puzzle is None:
            goal.draw_meter(surf, p, L.map)          # the win and Doom's pace, always in view
        p.draw_affordances(surf)

    def _show_what_happened(self, scene, prev_base) -> None:
        """Essences, Menaces, Doom, Achievements and the Harvest token moved by the last change:
        shown as flights (anim.what_happened compares the state with the one drawn before)."""
        g = scene.session.game
        snap = anim.snapshot(g.state)
        seen_game, before = self.seen
        self.seen = (g, snap)
        if seen_game is not g:          # a new game, a load or an undo: nothing to show
            return
        scene.flights += anim.flights_for(anim.what_happened(before, snap), scene, prev_base)

    def _land_flights(self, scene) -> None:
        keep = []
        for f in self.pending:
            if f["seen"] >= self.spots_version:
                keep.append(f)
                continue
            end = scene.target_point(f["target"])
            if end is None:
                continue
            start = f["start"] or end
            flight = Flight(f["sprite"], start, end, scene.now, 360 if f["sprite"] else 1)
            prev = self.prev
            if prev is not None and f["sprite"] is not None and f["start"] is not None:
                r = f["sprite"].get_rect(center=(round(end[0]), round(end[1]))).inflate(4, 4)
                r = r.clip(prev.get_rect())
                if r.w > 0 and r.h > 0:
                    flight.cover, flight.cover_at = prev.subsurface(r).copy(), r.topleft
            scene.flights.append(flight)
        self.pending = keep
        self.prev = None

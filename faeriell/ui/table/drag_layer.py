"""A piece in hand as a layer: dragged with the button held, or picked up by a click (the next
click drops it). Its legal targets glow (dragdrop.py); Esc or a right click puts it back."""
from __future__ import annotations

import math

import pygame

from faeriell.ui.table import explain, keyboard, overlays
from faeriell.ui.table.anim import Flight
from faeriell.ui.table.dragdrop import PLAY_AREA, Drag, draw_drag, update_hover
from faeriell.ui.table.events import is_cancel, is_enter, is_motion, is_press, is_release
from faeriell.ui.table.layers import Layer
from faeriell.ui.table.keys import GuardianPiece, RegionSpot


class DragLayer(Layer):
    name = "drag"

    def __init__(self, scene):
        self.scene = scene
        self.drag: Drag | None = None

    def is_open(self) -> bool:
        return self.drag is not None

    def reset(self) -> None:
        self.drag = None

    # ---- picking up, dropping --------------------------------------------------------------
    def start(self, sp, pos, sticky: bool, targets=None) -> Drag:
        s = self.scene
        grip = sp.key
        if targets is None:
            targets = s.index.targets(grip)
        sprite = sp.sprite
        if sprite is not None:
            h = max(sprite.get_height() * 1.25, s.layout.px(34))
            sprite = _scaled(sprite, h)
        d = self.drag = Drag(grip, sprite, sp.center, pos, targets, {type(t) for t in targets}, sticky)
        # a Hero or a Beacon may be dropped on the Guardian's Region as well as on the Guardian
        guardians = s.session.state.guardians
        for t in targets:
            if isinstance(t, GuardianPiece) and t.guardian in guardians:
                reg = RegionSpot(guardians[t.guardian]["region"])
                if reg not in targets:
                    d.aliases[reg] = t
        s.board.hover_key = None
        update_hover(d, s.spots, pos)
        return d

    def drop(self, pos) -> None:
        s, d = self.scene, self.drag
        if d is None:                         # nothing in hand (the layers ask only while one is)
            return
        self.drag = None
        update_hover(d, s.spots, pos)
        self.land(d, pos)

    def land(self, d: Drag, pos) -> None:
        """Make the move `d.hover` means, or say why not and fly the piece home."""
        s = self.scene
        if d.hover == PLAY_AREA and d.hover_ok:
            s.resolve(s.index.clicks.get(d.grip, []), "Choose")
            return
        if d.hover is not None and d.hover_ok:
            acts = s.index.drops.get(d.grip, {}).get(d.hover, [])
            if acts:
                s.resolve(acts, s.words.drop_title(d.hover, d.grip))
                return
        s.flights.append(Flight(d.sprite, pos, d.origin, s.now, 260, pulse=False))
        near = math.hypot(pos[0] - d.origin[0], pos[1] - d.origin[1]) < 12
        if d.hover is None:
            if not near:
                s.refuse(explain.missed_drop(s, d, pos), explain.kind_of(s, d.grip))
            return
        s.refuse(explain.refused_drop(s, d), explain.kind_of(s, d.grip))

    def aim(self, d: int) -> None:
        """The keyboard: the next (d=1) or previous legal place of the piece in hand, said in words."""
        s, drag = self.scene, self.drag
        if drag is None:
            return
        s.board.keep_island_in_view()                 # every place shows where the arrows go
        order = keyboard.targets(s, drag)
        target = keyboard.cycle(order, drag.hover if drag.hover_ok else None, d)
        if target is None:
            s.flash("This piece has no place to go now: Esc puts it back.", bad=True)
            return
        drag.keyed = True
        drag.hover, drag.hover_ok = target, True
        s.board.show_focus(target)                     # a place in the column scrolled out of view
        sp = s.spots.first(target) if not isinstance(target, RegionSpot) else None
        if target == PLAY_AREA:
            drag.hover_rect, drag.hover_radius = pygame.Rect(s.layout.map), 0.0
        elif sp is not None:
            drag.hover_rect, drag.hover_radius = sp.rect, sp.radius
        else:
            drag.hover_rect, drag.hover_radius = None, 0.0
        p = keyboard.point(s, target)
        if p is not None:                    # the piece hovers just over the place, which stays seen
            drag.pos = (round(p[0]), round(p[1] - s.layout.px(26)))
        s.prompt(keyboard.say_target(s, drag.grip, target))

    def cancel(self) -> None:
        s, d = self.scene, self.drag
        if d is None:
            return
        self.drag = None
        s.flights.append(Flight(d.sprite, d.pos, d.origin, s.now, 220, pulse=False))

    # ---- events ----------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        d = self.drag
        if d is None:
            return False
        if is_press(ev):
            if d.sticky:
                self.drop(ev.pos)
                return True
            return False
        if is_motion(ev):
            update_hover(d, self.scene.spots, ev.pos)
            return True
        if is_release(ev):
            if not d.sticky:
                self.drop(ev.pos)
                return True
            return False
        if is_cancel(ev):
            self.cancel()
            return True
        step = keyboard.step_of(ev)
        if step:
            self.aim(step)
            return True
        if is_enter(ev):
            if d.hover is None or not d.hover_ok:
                self.aim(1)                  # first a place, then Enter puts it there
                return True
            self.drag = None
            self.land(d, d.pos)
            return True
        return False

    def draw(self, surf) -> None:
        s = self.scene
        d = self.drag
        if d is None:
            return
        draw_drag(surf, d, s.spots, s.map, s.session.game.rules.board, s.layout.u)
        if d.keyed and d.hover is not None and d.hover_ok and d.hover != PLAY_AREA:
            overlays.focus_mark(surf, s, d.hover, tag="")    # the keyboard's place, unmistakable
        overlays.drag_preview(surf, s)


def _scaled(sprite, h: float):
    """The sprite `h` px tall, its width in proportion."""
    w = sprite.get_width() * h / sprite.get_height()
    return pygame.transform.smoothscale(sprite, (max(1, round(w)), max(1, round(h))))

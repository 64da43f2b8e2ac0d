"""The bottom layer: the island and the boards. A press on a piece that can move becomes a drag
(past a few pixels) or a click (picked up: the next click drops it); a press on a button plays
it; a piece that cannot move says why; a press on the sea pans; the wheel zooms the island or
scrolls the log (or, in a window too short for it, the shared boards' column: its bar too); + and -
zoom the island round its centre a notch at a time; Home fits the island. It also owns what the mouse rests on (tooltips)."""
from __future__ import annotations

import pygame

from faeriell.ui.table import explain, keyboard, overlays, side_column
from faeriell.ui.table import theme as T
from faeriell.ui.table.boards import SCROLL_KEY
from faeriell.ui.table.dragdrop import PLAY_AREA, THRESHOLD
from faeriell.ui.table.events import is_enter, is_key, is_motion, is_press, is_release, zoom_step
from faeriell.ui.table.layers import Layer
from faeriell.ui.table.overlays import TIP_DELAY
from faeriell.ui.table.keys import Button, PhaseTile, RegionSpot, SetupCard, TribeSmall


class BoardLayer(Layer):
    name = "board"

    def __init__(self, scene):
        self.scene = scene
        self.pressed = None                # (pos, spot or None, pan?) between a press and its release
        self.pan_last = None
        self.hover_key = None              # the spot under the mouse
        self.hover_since = 0.0
        self.peek: int | None = None       # another tribe's board shown large (a click on its small one)
        self.focus = None                  # the piece, tile or button the keyboard is on (keyboard.py)
        self.scrolling = False             # the shared boards' scroll bar is held

    def reset(self) -> None:
        self.peek = None                   # after a move the board of whoever acts shows again

    # ---- events ----------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        if is_press(ev):
            return self.press(ev.pos)
        if is_motion(ev):
            return self.motion(ev.pos)
        if is_release(ev):
            return self.release(ev.pos)
        if ev.type == pygame.MOUSEWHEEL:
            return self.wheel(ev)
        if is_key(ev, pygame.K_HOME):
            self.scene.fit_island()
            return True
        zoom = zoom_step(ev)
        if zoom:                             # + / -: a wheel notch round the island's visible centre
            s = self.scene
            return s.drag_layer.drag is None and s.map.zoom_at(s.layout.map.center, zoom)
        d = keyboard.step_of(ev)
        if d:
            items = keyboard.pieces(self.scene)
            if not items:
                return False
            self.keep_island_in_view()
            self.focus = keyboard.cycle(items, self.focus, d)
            self.show_focus(self.focus)        # a piece of the column scrolled out of view
            self.scene.prompt(keyboard.say_piece(self.scene, self.focus))
            return True
        if is_enter(ev) and self.focus is not None:
            self.activate(self.focus)
            return True
        return False

    def activate(self, key) -> None:
        """Enter on the piece in focus: play its tile or button, or pick it up (its first place
        in focus)."""
        s = self.scene
        if key == keyboard.TIP_OK:
            s.dialogs.dismiss()
            self.focus = None
            return
        if key not in keyboard.pieces(s):
            self.focus = None
            s.flash("That cannot act now: Tab goes to what can.")
            return
        if isinstance(key, Button):
            s.press_button(key.name)
            return
        self.show_focus(key)                        # the wheel may have taken it out of view since
        if key in s.index.clicks:
            s.resolve(s.index.clicks[key], s.words.drop_title(key))
            return
        sp = s.spot(key)
        if sp is None:                           # not drawn now (never so: the column shows it)
            self.focus = None
            return
        d = s.drag_layer.start(sp, sp.center, sticky=True)
        d.keyed = True
        s.drag_layer.aim(1)

    def press(self, pos) -> bool:
        s = self.scene
        hits = s.spots.hit_all(pos)
        for sp in hits:
            if isinstance(sp.key, Button):
                s.press_button(sp.key.name)
                return True
            if sp.key == SCROLL_KEY:         # the view jumps there, and follows while held
                self.scrolling = True
                self._scroll_to(pos)
                return True
        if s.human_turn():
            for n, sp in enumerate(hits):
                if sp.key in s.index.clicks or sp.key in s.index.drops:
                    why = self._card_on_panel(hits[:n], sp)
                    if why:                  # a card lying on this panel was pressed: it speaks
                        s.refuse(why, explain.kind_of(s, hits[0].key))
                        return True
                    self.pressed = (pos, sp, False)
                    return True
        said = False
        for sp in hits:                      # a piece that cannot move now says why (never silent)
            why = explain.cannot_pick(s, sp.key)
            if why:
                s.refuse(why, explain.kind_of(s, sp.key))
                said = True                  # the window redraws to show it
                break
        for sp in hits:
            if isinstance(sp.key, TribeSmall):      # look at that tribe's board (click yours to return)
                i = sp.key.tribe
                self.peek = None if i == s.session.acting else i
                return True
        if s.layout.map.collidepoint(pos):
            self.pressed = (pos, None, True)
            self.pan_last = pos
        return said

    def _scroll_to(self, pos) -> bool:
        side = self.scene.layout.side
        return side_column.scroll_to(self.scene, round((pos[1] - side.y) / max(1, side.h) * (side.h + self.scene.side_over)
                                               - side.h / 2))

    def _card_on_panel(self, above, panel) -> str | None:
        """Why a piece drawn wholly on `panel` (a Quest card on its Hero's panel) cannot move, when
        the press hit it: the press is the card's, never the panel's under it (else pressing a Quest
        that cannot be solved picked its Hero up and a drop talked of the Hero's steps)."""
        for sp in above:
            if sp.key != panel.key and panel.rect.contains(sp.rect):
                why = explain.cannot_pick(self.scene, sp.key)
                if why:
                    return why
        return None

    def motion(self, pos) -> bool:
        s = self.scene
        if self.scrolling:
            return self._scroll_to(pos)
        if self.pressed is not None:
            p0, sp, pan = self.pressed
            if pan:
                last = self.pan_last or p0
                self.pan_last = pos
                if abs(pos[0] - p0[0]) + abs(pos[1] - p0[1]) >= THRESHOLD:
                    return s.map.pan_by(pos[0] - last[0], pos[1] - last[1])
                return False
            if abs(pos[0] - p0[0]) + abs(pos[1] - p0[1]) > THRESHOLD:
                if sp.key in s.index.drops:
                    self.pressed = None
                    s.drag_layer.start(sp, pos, sticky=False)
                    return True
                if isinstance(sp.key, PhaseTile) and sp.key in s.index.clicks:
                    # a Phase tile may also be dragged onto the island to play it
                    self.pressed = None
                    s.drag_layer.start(sp, pos, sticky=False, targets={PLAY_AREA})
                    return True
            return False
        sp = s.spots.top(pos)
        key = sp.key if sp is not None else None
        if key != self.hover_key:
            self.hover_key = key
            self.hover_since = s.now
            self._cursor(key is not None and s.painted is not None and (isinstance(key, Button) or s.painted.active_key(key)))
            return True          # the hover ring / tooltip follow the mouse
        return False

    def release(self, pos) -> bool:
        if self.scrolling:
            self.scrolling = False
            return True
        if self.pressed is None:
            return False
        p0, sp, pan = self.pressed
        self.pressed = None
        self.pan_last = None
        if not pan and sp is not None:
            self.click(sp)
        elif pan and abs(pos[0] - p0[0]) + abs(pos[1] - p0[1]) < THRESHOLD:
            self._idle_click(pos)          # a click (not a pan) on the island that moves nothing
        return True

    def keep_island_in_view(self) -> bool:
        """The keyboard goes round every piece and place: show the whole island first (Home's
        view), drawn at once so that every spot is where it shows. True when the view moved."""
        s = self.scene
        if s.map.is_fitted():
            return False
        s.fit_island()
        s.picture.ensure(s)
        if s.drag_layer.drag is not None:
            s.drag_layer.drag.overlay = None             # its glow follows the island
        return True

    def show_focus(self, key) -> bool:
        """The keyboard's piece or place, when it lies in the shared boards' column scrolled out of
        view, scrolled into view (side_column.show) and drawn there at once, so its spot is where the
        focus ring, the piece in hand and Enter find it. True when the column moved."""
        s = self.scene
        if key is None or not side_column.show(s, [key]):
            return False
        s.picture.ensure(s)
        if s.drag_layer.drag is not None:
            s.drag_layer.drag.overlay = None             # its glow follows the column
        return True

    def _idle_click(self, pos) -> None:
        """A click on a place that does nothing by itself says why (explain.idle_click), unless
        the press already said something (a piece that cannot move now)."""
        s = self.scene
        if s.message:
            return
        for sp in s.spots.hit_all(pos):          # the Region under the island comes last
            why = explain.idle_click(s, sp.key)
            if why:
                s.refuse(why, None)
                return

    def click(self, sp) -> None:
        """A click on a piece: its move when it has one click-move, else it is picked up."""
        s = self.scene
        key = sp.key
        if key in s.index.clicks:
            s.resolve(s.index.clicks[key], s.words.drop_title(key))
        elif key in s.index.drops:
            s.drag_layer.start(sp, s.mouse, sticky=True)

    def wheel(self, ev) -> bool:
        s = self.scene
        steps = ev.y if not getattr(ev, "flipped", False) else -ev.y
        if not steps:
            return False
        if s.layout.map.collidepoint(s.mouse) and s.drag_layer.drag is None:
            return s.map.zoom_at(s.mouse, 1 if steps > 0 else -1)
        if s.layout.side.collidepoint(s.mouse) and s.side_over:     # a window too short for the column
            return side_column.scroll_by(s, -steps * s.layout.px(48))
        return False

    @staticmethod
    def _cursor(hand: bool) -> None:
        try:
            pygame.mouse.set_cursor(pygame.SYSTEM_CURSOR_HAND if hand else pygame.SYSTEM_CURSOR_ARROW)
        except pygame.error:        # SDL without a mouse or a cursor (a dummy video driver)
            pass

    # ---- time and drawing ------------------------------------------------------------------
    def update(self, dt_ms: int) -> bool:
        s = self.scene
        return self.hover_key is not None and s.drag_layer.drag is None and \
            TIP_DELAY <= s.now - self.hover_since < TIP_DELAY + dt_ms + 1     # the tooltip is due

    def draw(self, surf) -> None:
        s = self.scene
        if s.drag_layer.drag is None and s.tray_layer.tray is None and self.hover_key is not None:
            if isinstance(self.hover_key, SetupCard):
                overlays.setup_area(surf, s, self.hover_key)
            elif s.painted.active_key(self.hover_key):
                sp = s.spots.first(self.hover_key)
                if sp is not None:
                    overlays.ring(surf, sp, T.GLOW, 3, s.layout.u)
        if s.drag_layer.drag is None and self.focus is not None and s.tray_layer.tray is None \
                and s.decision.choice is None:
            if self.focus in keyboard.pieces(s):        # (the keys go to an open tray or bar)
                self.draw_focus(surf)
            else:
                self.focus = None            # it cannot act any more (a move was made)
        for f in s.flights:
            f.draw(surf, s.now)

    def draw_focus(self, surf) -> None:
        """The keyboard's piece, tile or button (overlays.focus_mark)."""
        s = self.scene
        key = self.focus
        if key == keyboard.TIP_OK:
            return                           # drawn on the card itself (the dialogs layer is above)
        if key in s.spots.by_key or isinstance(key, RegionSpot):
            overlays.focus_mark(surf, s, key)

"""The layers over the whole table: the hot-seat curtain, a puzzle's result panel, the Starting
Scenario tip card, and the notices (tooltip and message line). See layers.py for the stack."""
from __future__ import annotations

import pygame

from faeriell.ui.table import guide, overlays
from faeriell.ui.table import theme as T
from faeriell.ui.table.keyboard import TIP_OK
from faeriell.ui.table.events import is_cancel, is_enter, is_key, is_motion, is_press
from faeriell.ui.table.layers import Layer


class PointerLayer(Layer):
    """Over the table's own layers: where the mouse is, and what a click does to the whole table
    (nothing is pointed at any more; the message line is put away). It takes only the window's
    events; the rest goes on down."""

    name = "pointer"

    def __init__(self, scene):
        self.scene = scene

    def handle(self, ev) -> bool:
        s, t = self.scene, ev.type
        if t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            return True
        if t == pygame.WINDOWLEAVE:
            s.board.hover_key = None
            return True
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if t == pygame.MOUSEMOTION or ev.button in (1, 3):
                s.mouse = ev.pos
            if t == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                s.board.hover_key = None
                if s.message and s.curtain_layer.tribe is None:
                    s.message = None         # a click puts the message away (a refusal says a new one)
        return False


class CurtainLayer(Layer):
    """Hot seat: the table hidden until the next player clicks or presses Enter (R4: the
    cards of the other tribes stay hidden). Esc goes to `on_escape` (the screen's menu): under
    the curtain nothing is in hand to put back."""

    name = "curtain"
    modal = True

    def __init__(self, scene):
        self.scene = scene
        self.tribe: int | None = None      # whose turn the curtain waits for
        self.on_escape = None              # set by the screen that has a menu

    def is_open(self) -> bool:
        return self.tribe is not None

    def lift(self) -> None:
        self.tribe = None
        self.scene.auto_choice()

    def handle(self, ev) -> bool:
        if is_press(ev) or is_enter(ev):
            self.lift()
            return True
        if is_key(ev, pygame.K_ESCAPE) and self.on_escape is not None:
            self.on_escape()
            return True
        return False

    def draw(self, surf) -> None:
        overlays.curtain(surf, self.scene)


class ResultLayer(Layer):
    """A practice puzzle's end: Solved! / Not this time, with its buttons (Esc: look at the
    table). Tab or the arrow keys move between the buttons, Enter presses one."""

    name = "result"
    modal = True

    def __init__(self, scene):
        self.scene = scene
        self.panel = guide.PuzzleResult()

    def is_open(self) -> bool:
        p = self.scene.puzzle
        return p is not None and p.overlay

    def handle(self, ev) -> bool:
        if is_press(ev):
            self.press(self.panel.click(ev.pos))
            return True
        if is_motion(ev):
            return True                      # its buttons light up under the mouse
        if is_cancel(ev) and ev.type == pygame.KEYDOWN:
            self.scene.puzzle.overlay = False  # look at the table
            return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
                                                   pygame.K_UP, pygame.K_DOWN):
            back = ev.key in (pygame.K_LEFT, pygame.K_UP) or bool(getattr(ev, "mod", 0) & pygame.KMOD_SHIFT)
            self.panel.step(-1 if back else 1)
            return True
        if is_enter(ev):
            self.press(self.panel.focused())
            return True
        return False

    def press(self, r: str | None) -> None:
        scene, puzzle = self.scene, self.scene.puzzle
        if r == "retry":
            scene.retry_puzzle()
        elif r == "next" and puzzle.next_path:
            scene.retry_puzzle(puzzle.next_path)
        elif r == "hint":
            puzzle.show_hint = True
        elif r == "why":
            scene.show_refutation()
        elif r == "start":
            scene.request = "start"
        elif r == "look":
            puzzle.overlay = False

    def draw(self, surf) -> None:
        self.panel.draw(surf, self.scene, self.scene.puzzle)


class DialogLayer(Layer):
    """The Starting Scenario tip card of the acting tribe ('Got it' dismisses it; Enter too when
    nothing else is open)."""

    name = "dialogs"

    def __init__(self, scene):
        self.scene = scene
        self.tips = guide.TipCard()
        self.shown: int | None = None        # the tribe whose tip the last frame showed

    def handle(self, ev) -> bool:
        scene = self.scene
        if scene.tray is not None:
            return False
        if is_press(ev):
            return self.tips.click(scene, ev.pos)
        if is_motion(ev) and self.shown is not None and self.tips.rect is not None \
                and self.tips.rect.collidepoint(ev.pos):
            scene.redraw()                   # "Got it" lights up (the table under it follows too)
        return False

    def dismiss(self) -> bool:
        """'Got it' from the keyboard."""
        if self.shown is None:
            return False
        self.tips.dismissed.add(self.shown)
        self.tips.rect = None
        self.shown = None
        return True

    def update(self, dt_ms: int) -> bool:
        now = self.scene.now
        return self.shown is not None and int(now // 80) != int((now - dt_ms) // 80)   # the named pieces pulse

    def draw(self, surf) -> None:
        self.shown = self.tips.draw(surf, self.scene) if self.scene.tray is None else None
        r = self.tips.ok_rect
        if self.shown is not None and r is not None and self.scene.board.focus == TIP_OK:   # the keyboard's
            pygame.draw.rect(surf, (0, 0, 0), r.inflate(14, 14), 7, border_radius=9)
            pygame.draw.rect(surf, T.FOCUS, r.inflate(10, 10), 4, border_radius=8)


class NoticeLayer(Layer):
    """The tooltip and the message line: drawn over the table's panels, taking no input."""

    name = "notices"

    def __init__(self, scene):
        self.scene = scene

    def draw(self, surf) -> None:
        overlays.tip(surf, self.scene)
        overlays.message(surf, self.scene)

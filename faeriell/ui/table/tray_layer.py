"""The payment tray as a layer: while it is open it takes every press, motion and release (the
island stays zoomable under it). Enter confirms, Esc or a right click cancels; from the keyboard,
Tab / the arrow keys move along the Essences and Herbs and Space moves the one in focus."""
from __future__ import annotations

import pygame

from faeriell.ui.table.events import is_cancel, is_enter, is_motion, is_press, is_release, shift
from faeriell.ui.table.layers import Layer
from faeriell.ui.table.payment import Tray


class TrayLayer(Layer):
    name = "tray"

    def __init__(self, scene):
        self.scene = scene
        self.tray: Tray | None = None

    def is_open(self) -> bool:
        return self.tray is not None

    def open(self, actions, title: str) -> None:
        s = self.scene
        self.tray = Tray(s.session, actions, s.words, title)
        if s.prompting:                        # reached by the keyboard: say how to pay with it
            s.prompt(f"{title}: Enter pays {s.words.pay(self.tray.tray)}; Tab and Space change the payment, "
                     "Esc cancels")

    def reset(self) -> None:
        self.tray = None

    def handle(self, ev) -> bool:
        tray = self.tray
        if tray is None:                       # (the layers ask an open tray only)
            return False
        if is_press(ev):
            r = tray.press(ev.pos)
            if r == "confirm":
                self.confirm()
            elif r == "cancel":
                self.tray = None
            return True
        if is_motion(ev):
            tray.motion(ev.pos)
            return True
        if is_release(ev):
            tray.release(ev.pos)
            return True
        if is_cancel(ev):
            self.tray = None
            return True
        if is_enter(ev):
            self.confirm()
            return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
                                                   pygame.K_UP, pygame.K_DOWN):
            back = ev.key in (pygame.K_LEFT, pygame.K_UP) or (ev.key == pygame.K_TAB and shift(ev))
            tray.step_focus(-1 if back else 1)
            self.scene.prompt(tray.focus_words())
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_SPACE:
            if tray.toggle_focus():
                self.scene.prompt(tray.focus_words())
            return True
        return False

    def confirm(self) -> None:
        s, tray = self.scene, self.tray
        if tray is None:
            return
        legal = tray.matched()
        if legal is None:
            s.flash(tray.reason() or "That payment is not accepted.", bad=True)
            return
        if s.asks_first(legal):          # "Are you sure?": the move waits for the player's answer
            self.tray = None
            s.sync()
            return
        why = s.session.apply(tray.action())
        if why:
            why = s.session.apply(legal)
        if why:
            s.refuse(s.words.plain(why), legal.kind)
            return
        self.tray = None
        s.sync()

    def draw(self, surf) -> None:
        if self.tray is not None:
            self.tray.draw(surf, self.scene.painted, self.scene.layout.map)

"""The Settings screen (scene "settings"), opened from the start screen: bot speed, animations,
text size, sound, hot-seat curtain, colour-blind markings. Every change takes effect at once and is
kept in the user's data folder; Back (or Esc) returns to the start screen.
"""
from __future__ import annotations

import pygame

from faeriell.ui import settings_panel
from faeriell.ui import widgets as W
from faeriell.ui.canvas import draw_title, header_top
from faeriell.ui.controls import Button
from faeriell.ui.theme import BG
from faeriell.ui.key_focus import KeyFocus
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.scene import Host, MenuScene


class SettingsScene(MenuScene):
    ui_scaled = True        # drawn larger with the Interface size (canvas.ui_factor)

    def __init__(self, host: Host, back: str = "start"):
        self.host = host
        self.back_to = back
        self.size = host.size
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        self.keys = KeyFocus()
        self.layout()

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        pw = min(760, w - 48)
        top = header_top()
        return pygame.Rect((w - pw) // 2, top, pw, max(200, h - top - 24))

    def layout(self) -> None:
        r = self.panel_rect()
        self.root = W.Container(pygame.Rect(0, 0, *self.size), scrollable=False)
        body = pygame.Rect(r.x + 28, r.y + 62, r.width - 56, r.height - 62 - 12)
        # a short window (1024x700, Larger text) scrolls the controls inside the panel
        rows = W.Container(pygame.Rect(body.x, body.y, body.w + 14, body.h), scrollable=True)
        settings_panel.build(rows, body, self.host.settings, self._changed, lambda: self.host.size)
        self.root.add(rows)
        # Back beside the panel's title: the rows below keep all the height (1024x700, Larger text)
        self.root.add(Button((r.right - 20 - 140, r.y + 10, 140, 42), "Back", self.back, id="back",
                             primary=True, size=24))

    def _changed(self, key: str) -> None:
        self.host.settings_changed()
        if key in ("volume", "mute"):
            self.host.play_sound("drop")          # hear the new volume
        self.layout()                              # a new text size re-measures every row

    def back(self) -> None:
        self.host.go(self.back_to)

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        return self.menu_event(ev, escape=self.back, enter=self.back, keys=self.keys)

    def draw(self, surf) -> None:
        surf.fill(BG)
        draw_backdrop(surf)
        draw_title(surf, "Sons of Faeriell", "Settings are kept in your Faeriell folder and apply at once.",
                   self.size[0] - 50)
        W.panel(surf, self.panel_rect(), "Settings")
        self.root.draw(surf)
        self.keys.draw(surf, self.root)

"""The settings controls, laid out in any rectangle: used full-screen by the Settings screen (from
the start screen) and as a dialog over the table (Esc menu). Each change is written into the
Settings object at once and announced by `on_change(key)`; the app then saves the file and makes
the window follow (faeriell/ui/app.py, App.settings_changed).
"""
from __future__ import annotations

from typing import Callable

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.dialogs import Modal
from faeriell.ui.elbow_coach import GIVE_AWAY
from faeriell.ui.settings import Settings

BOT_SPEEDS = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")]
ANIM_SPEEDS = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("off", "Off")]
TEXT_SIZES = [(0.85, "Small"), (1.0, "Normal"), (1.15, "Large"), (1.3, "Larger")]
# menus, dialogs and screens drawn larger as a whole ("auto": as large as the window allows)
LAYOUT_SIZES = [("auto", "Fit window"), (1.0, "100%"), (1.25, "125%"), (1.5, "150%")]
VOLUMES = [(0.25, "25%"), (0.5, "50%"), (0.75, "75%"), (1.0, "100%")]

CURTAIN_TEXT = ("Between human players at one screen, the table hides itself and asks the next "
                "player to take the seat whenever secret cards would show.")
COACH_TEXT = (f"Before a move that gives away more than {round(100 * GIVE_AWAY)}% of your side's chance to "
              "win, the table asks \"Are you sure?\" and says why; in Full Coop a bot partner says its move "
              "before it makes it.")
MARKS_TEXT = ("A letter on every piece told apart by its colour: R, Y, B, G on Essences, Beacons "
              "and Menace tokens; a tribe's initial on its pieces.")


def _nearest(options, value):
    return min(options, key=lambda o: abs(o[0] - value))[0]


def build(container: W.Container, rect: pygame.Rect, settings: Settings,
          on_change: Callable[[str], None]) -> int:
    """Add the controls to `container` inside `rect`; returns the y below the last one. Heights
    are measured at the largest Text size, so a change of it moves no control."""
    label_w = min(210, max(120, rect.width // 3))
    x, w = rect.x, rect.width
    cx, cw = x + label_w, w - label_w
    with W.largest_text():
        row = W.scaled(34)
        toggle_h = {detail: W.Toggle.height_for(w, detail) + W.scaled(8)
                    for detail in ("", CURTAIN_TEXT, MARKS_TEXT, COACH_TEXT)}
    size = 20
    y = rect.y

    def set_(key, value):
        setattr(settings, key, value)
        settings.clean()
        on_change(key)

    def line(text, control):
        nonlocal y
        container.add(W.Label(pygame.Rect(x, y, label_w - 10, row), text, 21, W.ACCENT))
        control.rect = pygame.Rect(cx, y, cw, row)
        container.add(control)
        y += row + 8

    line("Bot speed", W.Choice((0, 0, 1, 1), BOT_SPEEDS, settings.bot_speed,
                               lambda v: set_("bot_speed", v), id="bot_speed", size=size))
    line("Animations", W.Choice((0, 0, 1, 1), ANIM_SPEEDS, settings.anim_speed,
                                lambda v: set_("anim_speed", v), id="anim_speed", size=size))
    line("Text size", W.Choice((0, 0, 1, 1), TEXT_SIZES, _nearest(TEXT_SIZES, settings.ui_scale),
                               lambda v: set_("ui_scale", v), id="ui_scale", size=size))
    line("Interface size", W.Choice((0, 0, 1, 1), LAYOUT_SIZES, settings.layout_scale,
                                    lambda v: set_("layout_scale", v), id="layout_scale", size=size))
    line("Sound volume", W.Choice((0, 0, 1, 1), VOLUMES, _nearest(VOLUMES, settings.volume),
                                  lambda v: set_("volume", v), id="volume", size=size))
    for key, label, detail in (("mute", "Mute all sound", ""),
                               ("curtain", "Hot-seat curtain", CURTAIN_TEXT),
                               ("colour_blind", "Colour-blind markings", MARKS_TEXT),
                               ("coach", "Coach at your elbow", COACH_TEXT)):
        h = max(row, toggle_h[detail])
        container.add(W.Toggle((x, y, w, h), label, getattr(settings, key),
                               (lambda on, k=key: set_(k, on)), id=key, detail=detail))
        y += h + 6
    return y


def needed_height(width: int) -> int:
    """How tall the controls are at this width (for a dialog's size)."""
    scratch = W.Container(pygame.Rect(0, 0, width, 10))
    return build(scratch, pygame.Rect(0, 0, width, 10), Settings(), lambda _k: None)


class SettingsDialog(Modal):
    """The settings over the table (Esc menu > Settings); Esc or Done closes it."""

    title = "Settings"

    def __init__(self, screen_size, settings: Settings, on_change: Callable[[str], None]):
        self.settings = settings
        self.on_change = on_change
        super().__init__(screen_size, self._want())

    @staticmethod
    def _want() -> tuple[int, int]:
        return 680, 80 + needed_height(620) + 70

    def resize(self, screen_size) -> None:
        self.want = self._want()            # the text size may have changed
        super().resize(screen_size)

    def layout(self) -> None:
        r = self.rect
        body = pygame.Rect(r.x + 30, r.y + 56, r.width - 60, r.height - 56 - 70)
        build(self.root, body, self.settings, self.on_change)
        self.root.add(W.Button((r.right - 150, r.bottom - 58, 120, 42), "Done", self.close, id="done",
                               primary=True))

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle(ev)

"""The settings controls, laid out in any rectangle: used full-screen by the Settings screen (from
the start screen) and as a dialog over the table (Esc menu). Each change is written into the
Settings object at once and announced by `on_change(key)`; the app then saves the file and makes
the window follow (faeriell/ui/app.py, App.settings_changed).
"""
from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.canvas import UI_DESIGN, UI_ROOM, ui_factor
from faeriell.ui.controls import Button, Choice, Label, Toggle
from faeriell.ui.text import largest_text, scaled, wrapped_height
from faeriell.ui.theme import ACCENT, MUTED
from faeriell.ui.dialogs import Modal
from faeriell.ui.elbow_coach import FLOOR, GIVE_AWAY
from faeriell.ui.settings import Settings

BOT_SPEEDS = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")]
ANIM_SPEEDS = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("off", "Off")]
TEXT_SIZES = [(0.85, "Small"), (1.0, "Normal"), (1.15, "Large"), (1.3, "Larger")]
# menus, dialogs and screens drawn larger as a whole ("auto": as large as the window allows)
LAYOUT_SIZES: list[tuple[str | float, str]] = [("auto", "Fit window"), (1.0, "100%"), (1.25, "125%"), (1.5, "150%")]
VOLUMES = [(0.25, "25%"), (0.5, "50%"), (0.75, "75%"), (1.0, "100%")]

CURTAIN_TEXT = ("Between human players at one screen, the table hides itself and asks the next "
                "player to take the seat whenever secret cards would show.")
COACH_TEXT = (f"Before a move that keeps less than {100 - round(100 * GIVE_AWAY)}% of the chance to win the "
              f"best move found keeps (and costs at least {round(100 * FLOOR)} points of it), the table asks "
              "\"Are you sure?\" and says why; in Full Coop a bot partner says its move before it makes it.")
MARKS_TEXT = ("A letter on every piece told apart by its colour: R, Y, B, G on Essences, Beacons "
              "and Menace tokens; a tribe's initial on its pieces.")


NOTE_SIZE = 15          # the smallest text (text.MIN_TEXT): a note, not a control


def _nearest(options, value):
    return min(options, key=lambda o: abs(o[0] - value))[0]


def _pct(f: float) -> str:
    return f"{round(float(f) * 100)}%"


def needs(f: float) -> tuple[int, int]:
    """The smallest window in which menus and dialogs can be drawn at `f` (canvas.UI_ROOM x f)."""
    return math.ceil(UI_ROOM[0] * f - 1e-6), math.ceil(UI_ROOM[1] * f - 1e-6)


def too_large(window) -> list[float]:
    """The Interface sizes this window is too small for (drawn smaller than asked)."""
    return [f for f, _ in LAYOUT_SIZES if isinstance(f, float) and ui_factor(window, f) < f - 1e-3]   # not "auto"


def interface_notes(window, choice) -> list[str]:
    """What the Interface size does in this window, said plainly, in ways from the longest to the
    shortest: a size the window is too small for draws nothing larger (at 1024x700 125% changed
    nothing and said nothing), and the table never grows with it (it fills the window itself)."""
    now = _pct(ui_factor(window, choice))
    big = too_large(window)
    table = " The table always fills the window."
    if choice != "auto" and choice in big:
        w, h = needs(float(choice))
        says = f"This window is too small for {_pct(choice)} (it needs {w}x{h}): enlarge it or press F11."
        return [says + table, says, f"Too small for {_pct(choice)}: needs {w}x{h} (F11)."]
    if big:
        sizes = ["x".join(map(str, needs(f))) for f in big]
        says = f"{_pct(big[0])} needs a {sizes[0]} window" + "".join(
            f", {_pct(f)} {m}" for f, m in zip(big[1:], sizes[1:], strict=True)) + " (F11: full screen)."
        short = "; ".join(f"{_pct(f)} needs {m}" if k == 0 else f"{_pct(f)} {m}"
                          for k, (f, m) in enumerate(zip(big, sizes, strict=True))) + "."
        return [f"Menus are at {now}. {says}{table}", says + table, says + " The table fills the window.",
                short + " The table fills the window.", says, short]
    return [f"Menus and dialogs are drawn at {now}; the table always fills the window.",
            f"Menus and dialogs at {now}; the table always fills the window.",
            f"Menus at {now}; the table fills the window."]


def interface_note(window, choice, width: int | None = None, height: int | None = None) -> str:
    """The longest of interface_notes that fits `width` x `height` px (at the note's size)."""
    notes = interface_notes(window, choice)
    if width is None or height is None:
        return notes[0]
    return next((t for t in notes if wrapped_height(t, width, NOTE_SIZE) <= height), notes[-1])


class InterfaceNote(Label):
    """The Interface size's note under its choice, and the sizes the window cannot give greyed:
    both follow the window and the choice as they change."""

    def __init__(self, rect, settings: Settings, window: Callable[[], tuple[int, int]], choice: Choice):
        super().__init__(rect, "", NOTE_SIZE, MUTED, wrap_text=True, id="layout_note")
        self.settings, self.window, self.choice = settings, window, choice
        self.refresh()

    def refresh(self) -> None:
        size = self.window()
        self.choice.disabled = set(too_large(size)) - {self.settings.layout_scale}
        self.text = interface_note(size, self.settings.layout_scale, self.rect.w, self.rect.h)

    def draw(self, surf) -> None:
        self.refresh()
        super().draw(surf)


def _note_room(width: int) -> int:
    """The height the note may take at this width: its shortest wordings, at the largest text."""
    windows = [UI_ROOM, (needs(1.25)[0], needs(1.5)[1] - 1), needs(1.5)]
    return max(wrapped_height(interface_notes(win, v)[-1], width, NOTE_SIZE)
               for win in windows for v, _ in LAYOUT_SIZES)


def build(container: W.Container, rect: pygame.Rect, settings: Settings,
          on_change: Callable[[str], None], window: Callable[[], tuple[int, int]] | None = None) -> int:
    """Add the controls to `container` inside `rect`; returns the y below the last one. Heights
    are measured at the largest Text size, so a change of it moves no control. `window`: the
    window's size now (the Interface size's note says what fits in it)."""
    label_w = min(210, max(120, rect.width // 3))
    x, w = rect.x, rect.width
    cx, cw = x + label_w, w - label_w
    with largest_text():
        row = scaled(34)
        toggle_h = {detail: Toggle.height_for(w, detail) + scaled(3)
                    for detail in ("", CURTAIN_TEXT, MARKS_TEXT, COACH_TEXT)}
        note_h = _note_room(cw)
    size = 20
    y = rect.y

    def set_(key, value):
        setattr(settings, key, value)
        settings.clean()
        on_change(key)

    def line(text, control):
        nonlocal y
        container.add(Label(pygame.Rect(x, y, label_w - 10, row), text, 21, ACCENT))
        control.rect = pygame.Rect(cx, y, cw, row)
        container.add(control)
        y += row + 4          # (a little tighter than before: room for the Interface size note at 1280x800)

    line("Bot speed", Choice((0, 0, 1, 1), BOT_SPEEDS, settings.bot_speed,
                             lambda v: set_("bot_speed", v), id="bot_speed", size=size))
    line("Animations", Choice((0, 0, 1, 1), ANIM_SPEEDS, settings.anim_speed,
                              lambda v: set_("anim_speed", v), id="anim_speed", size=size))
    line("Text size", Choice((0, 0, 1, 1), TEXT_SIZES, _nearest(TEXT_SIZES, settings.ui_scale),
                             lambda v: set_("ui_scale", v), id="ui_scale", size=size))
    layout_choice = Choice((0, 0, 1, 1), LAYOUT_SIZES, settings.layout_scale,
                           lambda v: set_("layout_scale", v), id="layout_scale", size=size)
    line("Interface size", layout_choice)
    container.add(InterfaceNote(pygame.Rect(cx, y - 2, cw, note_h), settings,
                                window or (lambda: UI_DESIGN), layout_choice))
    y += note_h + 2
    line("Sound volume", Choice((0, 0, 1, 1), VOLUMES, _nearest(VOLUMES, settings.volume),
                                lambda v: set_("volume", v), id="volume", size=size))
    for key, label, detail in (("mute", "Mute all sound", ""),
                               ("curtain", "Hot-seat curtain", CURTAIN_TEXT),
                               ("colour_blind", "Colour-blind markings", MARKS_TEXT),
                               ("coach", "Coach at your elbow", COACH_TEXT)):
        h = max(row, toggle_h[detail])
        container.add(Toggle((x, y, w, h), label, getattr(settings, key),
                             (lambda on, k=key: set_(k, on)), id=key, detail=detail))
        y += h + 2
    return y


def needed_height(width: int) -> int:
    """How tall the controls are at this width (for a dialog's size)."""
    scratch = W.Container(pygame.Rect(0, 0, width, 10))
    return build(scratch, pygame.Rect(0, 0, width, 10), Settings(), lambda _k: None)


class SettingsDialog(Modal):
    """The settings over the table (Esc menu > Settings); Esc or Done closes it."""

    title = "Settings"

    def __init__(self, screen_size, settings: Settings, on_change: Callable[[str], None],
                 window: Callable[[], tuple[int, int]] | None = None):
        self.settings = settings
        self.on_change = on_change
        self.window = window
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
        # a short window (1024x700, Larger text) scrolls the controls above Done instead of under it
        rows = W.Container(pygame.Rect(body.x, body.y, body.w + 14, body.h), scrollable=True)
        build(rows, body, self.settings, self.on_change, self.window)
        self.root.add(rows)
        self.root.add(Button((r.right - 150, r.bottom - 58, 120, 42), "Done", self.close, id="done",
                             primary=True))

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle(ev)

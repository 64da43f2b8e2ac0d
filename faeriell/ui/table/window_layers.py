"""The layers the table screen (scenes/table.py) puts on the table's stack, so that its dialogs
and its keys meet events in the same one order as the table's own layers (layers.py):

    dialog    the open dialog: the Esc menu, save, load, settings, Players and bots... (modal)
    keys      the screen's shortcuts (Ctrl+Z, Ctrl+S, Ctrl+O, H, T, F1), the 'Save elsewhere'
              button of the notice shown while autosaves fail; draws the bot line and that notice
    ... the table's own layers ...
    menu      at the bottom: an Esc that no layer above took (nothing in hand) opens the Esc menu

They reach the screen only through `TableServices`, the few things a layer may ask of it.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from faeriell.ui.canvas import Canvas, scaled_event
from faeriell.ui.table.events import is_key
from faeriell.ui.table.layers import Layer
from faeriell.ui.table.table_saving import TableSaving


class TableServices(Protocol):
    """What the screen's layers ask of the table screen."""

    saving: TableSaving                  # Ctrl+S, the failing autosave's notice and Save elsewhere…

    def modal_factor(self) -> float: ...
    def modal_size(self) -> tuple[int, int]: ...
    def forget_hover(self) -> None: ...
    def open_menu(self) -> None: ...
    def undo(self) -> None: ...
    def open_load_dialog(self) -> None: ...
    def hint(self, longer: bool = False) -> None: ...
    def show_rules(self, kind: str | None = None, topic: str | None = None) -> None: ...
    def draw_notes(self, surf) -> None: ...


def _ctrl(ev) -> bool:
    return bool(ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


class ScreenDialogLayer(Layer):
    """The screen's open dialog, drawn and fed at the Interface size (scaled_event). While open it
    takes every event; Esc in it cancels it (the dialog's own Esc), never the table's hand."""

    name = "dialog"
    modal = True

    def __init__(self, screen: TableServices):
        self.screen = screen
        self.dialog: Any = None          # a faeriell.ui.dialogs Modal, or a SettingsDialog
        self._canvas = Canvas()

    def is_open(self) -> bool:
        return self.dialog is not None

    def handle(self, ev) -> bool:
        # the mouse is on the dialog: nothing on the table is pointed at (else the tooltip of
        # what lay under the mouse before stayed, and came back where the mouse no longer was)
        self.screen.forget_hover()
        self.dialog.handle(scaled_event(ev, self.screen.modal_factor()))
        if self.dialog is not None and self.dialog.closed:
            self.dialog = None
        return True

    def update(self, dt_ms: int) -> bool:
        step = getattr(self.dialog, "update", None)
        return bool(step()) if callable(step) else False      # e.g. the Load list read in the background

    def draw(self, surf) -> None:
        self._canvas.draw(surf, self.screen.modal_factor(), self.dialog.draw, alpha=True)

    def resize(self) -> None:
        if self.dialog is not None:
            self.dialog.resize(self.screen.modal_size())


class ScreenKeysLayer(Layer):
    """The screen's shortcuts and its notes over the table (the bot line, the save notice)."""

    name = "keys"

    def __init__(self, screen: TableServices, rule_kind, rule_topic=None):
        self.screen = screen
        self.rule_kind = rule_kind       # the rule F1 opens (the table knows what it is about)
        self.rule_topic = rule_topic     # ... or the term pointed at (tooltips.rule_topic)

    def handle(self, ev) -> bool:
        s = self.screen
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(ev, "button", 0) == 1:
            button = s.saving.notice_button()
            if button is not None and button.collidepoint(ev.pos):
                if ev.type == pygame.MOUSEBUTTONUP:
                    s.saving.open_save_elsewhere()
                return True
        if ev.type != pygame.KEYDOWN:
            return False
        if _ctrl(ev) and ev.key == pygame.K_z:
            s.undo()
        elif _ctrl(ev) and ev.key == pygame.K_s:
            s.saving.save()
        elif _ctrl(ev) and ev.key == pygame.K_o:
            s.open_load_dialog()
        elif ev.key in (pygame.K_h, pygame.K_t) and not (ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT
                                                                     | pygame.KMOD_META)):
            s.hint(longer=ev.key == pygame.K_t)
        elif ev.key == pygame.K_F1:
            # the term pointed at, else the move's rule
            s.show_rules(self.rule_kind(), self.rule_topic() if self.rule_topic else None)
        else:
            return False
        return True

    def draw(self, surf) -> None:
        self.screen.draw_notes(surf)


class MenuLayer(Layer):
    """At the bottom of the stack: Esc first puts back what the table has in hand (the layers
    above take it: a drag, the tray, a bar, the hint card); an Esc nothing took opens the menu.
    The hot-seat curtain hands Esc on to this layer (open_menu)."""

    name = "menu"

    def __init__(self, screen: TableServices):
        self.screen = screen

    def handle(self, ev) -> bool:
        if is_key(ev, pygame.K_ESCAPE):
            self.screen.open_menu()
            return True
        return False

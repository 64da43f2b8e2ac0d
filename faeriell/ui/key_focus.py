"""Keyboard focus over a tree of widgets (widgets.py), for menus and dialogs: Tab / Shift+Tab or
the Up / Down arrows move between the controls, Enter or Space presses a button or flips a check
box, Left / Right change a row of choices, Up / Down move in a list (Enter opens its line).
A text field in focus takes the typing; Tab leaves it.

    focus = KeyFocus()
    focus.handle(ev, root)   # True when the key was the focus's
    focus.draw(surf, root)   # a ring around the control in focus
"""
from __future__ import annotations

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.controls import Button, Choice, ListBox, Toggle
from faeriell.ui.text_field import TextField

FOCUSABLE = (Button, Choice, Toggle, TextField, ListBox)
RING = (140, 220, 255)


def controls(root) -> list:
    return [w for w in W.iter_widgets(root.children) if isinstance(w, FOCUSABLE) and w.visible and w.enabled]


class KeyFocus:
    def __init__(self, start: int | None = None):
        self.index = start           # into controls(root); None: nothing in focus yet

    def current(self, root):
        items = controls(root)
        if self.index is None or not items:
            return None
        return items[self.index % len(items)]

    def move(self, root, d: int) -> None:
        items = controls(root)
        if not items:
            return
        old = self.current(root)
        if old is not None:
            old.blur()
        self.index = (0 if d > 0 else len(items) - 1) if self.index is None else (self.index + d) % len(items)
        new = items[self.index]
        if isinstance(new, TextField):
            new.focused = True           # typing goes there now

    def handle(self, ev, root) -> bool:
        if ev.type != pygame.KEYDOWN:
            return False
        k = ev.key
        shift = bool(ev.mod & pygame.KMOD_SHIFT)
        field = root.focused_field()
        if field is not None:
            if k == pygame.K_TAB:                    # the only key a text field gives up
                items = controls(root)
                if field in items:
                    self.index = items.index(field)
                self.move(root, -1 if shift else 1)
                return True
            return False
        w = self.current(root)
        if k == pygame.K_TAB:
            self.move(root, -1 if shift else 1)
            return True
        if isinstance(w, ListBox) and k in (pygame.K_UP, pygame.K_DOWN) and w.items:
            _list_step(w, 1 if k == pygame.K_DOWN else -1)
            return True
        if k in (pygame.K_UP, pygame.K_DOWN):
            self.move(root, -1 if k == pygame.K_UP else 1)
            return True
        if w is None:
            return False
        if isinstance(w, Choice) and k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE):
            _choice_key(w, k)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return _activate(w)
        return False

    def draw(self, surf, root) -> None:
        w = self.current(root)
        if w is None:
            return
        r = root.screen_rect(w.id) if w.id else None
        r = pygame.Rect(r if r is not None else w.rect).inflate(6, 6)
        pygame.draw.rect(surf, RING, r, 3, border_radius=8)


def _list_step(w: ListBox, d: int) -> None:
    """Up or down a list: the selection moves one row and the list scrolls to keep it in view."""
    n = len(w.items)
    w.selected = 0 if w.selected is None else max(0, min(n - 1, w.selected + d))
    top, bottom = w.selected * w.row, (w.selected + 1) * w.row
    w.scroll = max(0, min(w.max_scroll(), min(w.scroll, top) if top < w.scroll else
                          max(w.scroll, bottom - w.rect.height)))
    if w.on_select:
        w.on_select(w.items[w.selected][0])


def _choice_key(w: Choice, k: int) -> None:
    values = [v for v, _ in w.options if v not in w.disabled]
    if not values:
        return
    at = values.index(w.value) if w.value in values else -1
    if k == pygame.K_SPACE:               # Space goes round; the arrows stop at the ends
        value = values[(at + 1) % len(values)]
    else:
        d = -1 if k == pygame.K_LEFT else 1
        value = values[max(0, min(len(values) - 1, at + d))]
    if value != w.value:
        w.value = value
        if w.on_change:
            w.on_change(value)


def _activate(w) -> bool:
    """Enter or Space on the control in focus: press a button, flip a toggle, open a list's row."""
    if isinstance(w, Button):
        if w.on_click:
            w.on_click()
        return True
    if isinstance(w, Toggle):
        w.value = not w.value
        if w.on_change:
            w.on_change(w.value)
        return True
    if isinstance(w, ListBox) and w.selected is not None and w.on_activate:
        w.on_activate(w.items[w.selected][0])
        return True
    return False

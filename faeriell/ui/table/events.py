"""What a pygame event means to the table's layers (one place, so every layer reads it alike)."""
from __future__ import annotations

import pygame

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def is_press(ev) -> bool:
    """The main (left) button went down."""
    return ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 0) == 1


def is_release(ev) -> bool:
    return ev.type == pygame.MOUSEBUTTONUP and getattr(ev, "button", 0) == 1


def is_motion(ev) -> bool:
    return ev.type == pygame.MOUSEMOTION


def is_key(ev, *keys) -> bool:
    return ev.type == pygame.KEYDOWN and (not keys or ev.key in keys)


def is_enter(ev) -> bool:
    return is_key(ev, *ENTER)


def is_cancel(ev) -> bool:
    """Esc, or a press of the right button: put back what is in hand."""
    return is_key(ev, pygame.K_ESCAPE) or (ev.type == pygame.MOUSEBUTTONDOWN and getattr(ev, "button", 0) == 3)


def shift(ev) -> bool:
    return bool(getattr(ev, "mod", 0) & pygame.KMOD_SHIFT)


ZOOM_IN = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
ZOOM_OUT = (pygame.K_MINUS, pygame.K_KP_MINUS)


def zoom_step(ev) -> int:
    """+1 for a key that zooms the island in (+, = which is + unshifted on most keyboards, keypad
    +), -1 for one that zooms out (-, keypad -), 0 for any other. With Ctrl, Alt or Meta held the
    key is not ours (the system's or another shortcut's); a "+" or "-" typed where the layout puts
    it elsewhere counts by its character."""
    if ev.type != pygame.KEYDOWN or getattr(ev, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        return 0
    ch = getattr(ev, "unicode", "")
    if ev.key in ZOOM_IN or ch == "+":
        return 1
    if ev.key in ZOOM_OUT or ch == "-":
        return -1
    return 0

"""The scaled screens (Interface size: Canvas, ui_factor), a screen's title, and event positions."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from faeriell.ui.text import draw_text, font, largest_text
from faeriell.ui.theme import ACCENT, BG, MUTED

UI_DESIGN = (1280, 800)
UI_ROOM = (1024, 640)           # the smallest layout a scaled screen is given


def ui_factor(size, choice="auto") -> float:
    """How much larger the scaled screens are drawn in a window of `size`: "auto" follows the
    window (1.0 at 1280x800, 1.35 at 1920x1080), a number is the player's choice; never below 1
    nor so large that a screen gets less than UI_ROOM to lay itself out in."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    try:
        f = min(w / UI_DESIGN[0], h / UI_DESIGN[1]) if choice == "auto" else float(choice)
    except (TypeError, ValueError):     # float() of a settings file's size that is no number
        f = 1.0
    room = min(w / UI_ROOM[0], h / UI_ROOM[1])
    return round(max(1.0, min(f, room, 2.0)), 3)


def virtual_size(size, f: float) -> tuple[int, int]:
    """The size a scaled screen lays itself out in."""
    return max(1, round(size[0] / f)), max(1, round(size[1] / f))


def scaled_event(ev, f: float):
    """A mouse event with its position in a scaled screen's own px (other events as they are)."""
    if f == 1.0 or not hasattr(ev, "pos"):
        return ev
    d = dict(ev.dict)
    d["pos"] = (int(ev.pos[0] / f), int(ev.pos[1] / f))
    if "rel" in d:
        d["rel"] = (round(ev.rel[0] / f), round(ev.rel[1] / f))
    return pygame.event.Event(ev.type, d)


class Canvas:
    """Where a scaled screen draws before it is scaled up to the window."""

    def __init__(self):
        self.surface: pygame.Surface | None = None

    def draw(self, target: pygame.Surface, f: float, draw: Callable, alpha: bool = False) -> None:
        if f == 1.0:
            draw(target)
            return
        size = virtual_size(target.get_size(), f)
        if self.surface is None or self.surface.get_size() != size or bool(self.surface.get_flags()
                                                                           & pygame.SRCALPHA) != alpha:
            self.surface = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
        if alpha:
            self.surface.fill((0, 0, 0, 0))
        else:
            self.surface.fill(BG)
        draw(self.surface)
        target.blit(pygame.transform.smoothscale(self.surface, target.get_size()), (0, 0))


def window_rect(rect, f: float) -> pygame.Rect:
    """A rect of a scaled screen, in the window's px (tests aim at it)."""
    r = pygame.Rect(rect)
    return pygame.Rect(round(r.x * f), round(r.y * f), max(1, round(r.w * f)), max(1, round(r.h * f)))


def _title_lines() -> tuple[int, int]:
    """(the subtitle's y, the bottom of the title block) of draw_title."""
    sub_y = 14 + font(60).get_ascent() + 4
    return sub_y, sub_y + font(20).get_linesize()


def header_top() -> int:
    """Where a screen's panels start below draw_title: measured at the largest Text size, so a
    change of it moves no control."""
    with largest_text():
        return max(96, _title_lines()[1] + 10)


def draw_title(surf, title: str, sub: str, width: int) -> None:
    """A screen's big title and the line under it (above header_top at any Text size)."""
    sub_y, _ = _title_lines()
    draw_text(surf, title, (24, 14), 60, ACCENT)
    draw_text(surf, sub, (26, sub_y), 20, MUTED, width=max(100, width))


def is_click_button(ev) -> bool:
    return getattr(ev, "button", 0) == 1


def moved(ev, offset) -> pygame.event.Event:
    """The event with its position shifted by -offset (into a child's coordinates)."""
    if not hasattr(ev, "pos"):
        return ev
    d = dict(ev.dict)
    d["pos"] = (ev.pos[0] - offset[0], ev.pos[1] - offset[1])
    return pygame.event.Event(ev.type, d)



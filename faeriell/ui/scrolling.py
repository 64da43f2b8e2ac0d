"""A vertical scroll bar with arrow buttons, for the widgets whose content scrolls (ListBox with
`arrows`, TextView).

The bar keeps no scroll offset of its own: the view that owns it asks `handle` for the new one,
so a view has one scroll and the bar only draws and answers the mouse. The arrows are drawn
chevrons, not glyphs (the game's font has no arrow characters)."""
from __future__ import annotations

import pygame

from faeriell.ui.canvas import is_click_button
from faeriell.ui.theme import BTN, BTN_HOVER, FIELD_BG, MUTED, PANEL_EDGE, TEXT

HOVER_INK = (255, 255, 255)


def draw_chevron(surf, rect: pygame.Rect, up: bool, colour) -> None:
    """A filled chevron centred in `rect`, pointing up or down (as the table's column draws its own)."""
    d = max(3, min(rect.w, rect.h) // 4)
    cx, cy = rect.center
    sign = -1 if up else 1
    pts = [(cx, cy + sign * d), (cx - d - 1, cy - sign * (d - 1)), (cx + d + 1, cy - sign * (d - 1))]
    pygame.draw.polygon(surf, colour, pts)


class ScrollBar:
    """An up arrow, a track with a thumb, a down arrow, in `rect`. A click on an arrow scrolls one
    `step`, on the track one view; the thumb can be dragged."""

    WIDTH = 18

    def __init__(self, rect=(0, 0, 0, 0)) -> None:
        self.rect = pygame.Rect(rect)
        self.mouse = (-1, -1)
        self._grab: tuple[int, int] | None = None        # (mouse y, scroll) when the thumb was taken

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        s = min(self.rect.w, self.rect.h // 3)
        return (pygame.Rect(self.rect.x, self.rect.y, self.rect.w, s),
                pygame.Rect(self.rect.x, self.rect.bottom - s, self.rect.w, s))

    def track(self) -> pygame.Rect:
        up, down = self.arrows()
        return pygame.Rect(self.rect.x, up.bottom, self.rect.w, down.top - up.bottom)

    def thumb(self, scroll: int, view: int, total: int) -> pygame.Rect:
        tr = self.track()
        most = max(1, total - view)
        h = min(tr.h, max(20, tr.h * view // max(1, total)))
        return pygame.Rect(tr.x + 3, tr.y + (tr.h - h) * min(scroll, most) // most, tr.w - 6, h)

    def handle(self, ev, scroll: int, view: int, total: int, step: int) -> int | None:
        """The scroll after `ev`, or None when the bar did not take the event."""
        most = max(0, total - view)
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self._grab is None:
                return None
            y0, s0 = self._grab
            room = max(1, self.track().h - self.thumb(scroll, view, total).h)
            return max(0, min(most, s0 + (ev.pos[1] - y0) * most // room))
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev) and self._grab is not None:
            self._grab = None
            return scroll
        if ev.type != pygame.MOUSEBUTTONDOWN or not is_click_button(ev) or not most \
                or not self.rect.collidepoint(ev.pos):
            return None
        up, down = self.arrows()
        if up.collidepoint(ev.pos):
            return max(0, scroll - step)
        if down.collidepoint(ev.pos):
            return min(most, scroll + step)
        th = self.thumb(scroll, view, total)
        if th.collidepoint(ev.pos):
            self._grab = (ev.pos[1], scroll)
            return scroll
        return max(0, scroll - view) if ev.pos[1] < th.y else min(most, scroll + view)

    def draw(self, surf, scroll: int, view: int, total: int) -> None:
        most = total - view
        if most <= 0:
            return
        pygame.draw.rect(surf, FIELD_BG, self.rect)
        pygame.draw.rect(surf, PANEL_EDGE, self.thumb(scroll, view, total), border_radius=3)
        top, bottom = self.arrows()
        for r, up, can in ((top, True, scroll > 0), (bottom, False, scroll < most)):
            over = r.collidepoint(self.mouse)
            pygame.draw.rect(surf, BTN_HOVER if over else BTN, r, border_radius=3)
            # muted at the end it cannot go past, as a disabled button
            draw_chevron(surf, r.inflate(-2, -2), up, (HOVER_INK if over else TEXT) if can else MUTED)

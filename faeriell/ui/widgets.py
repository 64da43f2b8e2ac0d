"""The container of the menus' widgets (start screen, end screen, dialogs), with panel and shade.

The widgets themselves are in controls.py, the colours in theme.py, the fonts and text in text.py,
the scaled screens in canvas.py: import each name from the module that owns it. Every widget has a `rect` (in its container's coordinates), `handle(event) -> bool` (True when it
must be redrawn) and `draw(surface)`. A widget with an `id` can be found by tests and by the
scene (`Container.find(id)`), so a test clicks the very button a person would.

    panel = Container(pygame.Rect(0, 0, 400, 300))
    panel.add(Button((10, 10, 120, 36), "Start", on_click=start, id="start"))
    panel.handle(event); panel.draw(surface)

A click is a press and a release of the left button on the same widget. Nothing here knows a rule.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import pygame

from faeriell.ui.canvas import moved
from faeriell.ui.controls import Choice, Label, ListBox, Widget
from faeriell.ui.text_field import TextField
from faeriell.ui.text import draw_text
from faeriell.ui.theme import ACCENT, PANEL, PANEL_EDGE

W = TypeVar("W", bound=Widget)

class Container(Widget):
    """Widgets in one rect (their rects relative to the container's surface coordinates).

    With `scrollable`, content taller than the rect scrolls with the wheel (or a drag on empty space).
    """

    def __init__(self, rect, id=None, scrollable=False):
        super().__init__(rect, id)
        self.children: list[Widget] = []
        self.scrollable = scrollable
        self.scroll = 0
        self.content_h = 0
        self.mouse = (-1, -1)
        self._drag: tuple[int, int] | None = None

    def add(self, w: W) -> W:                  # the widget itself, as its own kind
        self.children.append(w)
        if self.scrollable:
            self.content_h = max(self.content_h, w.rect.bottom - self.rect.y + 8)
        return w

    def clear(self) -> None:
        self.children.clear()
        self.content_h = 0

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.rect.height) if self.scrollable else 0

    def _offset(self) -> tuple[int, int]:
        return (0, -self.scroll)

    def settle(self, direction: int = 1) -> None:
        """Scroll on a little (direction 1: down, -1: up) so that no one-line Label (a caption)
        is cut in half by the top or bottom edge: a wheel step of 40 px left 'Variants' half
        shown at the bottom of the start screen at 1024x700."""
        if not self.scrollable:
            return
        captions = [w.rect for w in self.children if isinstance(w, Label) and not w.wrap_text and w.visible]
        for _ in range(len(captions) + 1):     # moving past one caption may cut another: again
            top, bottom = self.rect.top + self.scroll, self.rect.bottom + self.scroll
            shift = 0
            for r in captions:
                for edge in (top, bottom):
                    if r.top < edge < r.bottom:    # cut: move on past it, in the way the player scrolls
                        shift = max(shift, r.bottom - edge) if direction > 0 else min(shift, r.top - edge)
            moved_to = max(0, min(self.max_scroll(), self.scroll + shift))
            if moved_to == self.scroll:
                return
            self.scroll = moved_to

    def reveal(self, wid: str, margin: int = 8) -> None:
        """Scroll the least that shows the whole widget (its top first when it is taller than the
        view): a line that answers a click should not sit below the fold."""
        w = self.find(wid) if self.scrollable else None
        if w is None:
            return
        want = self.scroll                       # the view shows rect.top + want .. rect.bottom + want
        if w.rect.bottom + margin > self.rect.bottom + want:
            want = w.rect.bottom + margin - self.rect.bottom
        if w.rect.top - margin < self.rect.top + want:
            want = w.rect.top - margin - self.rect.top
        self.scroll = max(0, min(self.max_scroll(), want))

    def find(self, wid: str) -> Widget | None:
        for w in self.children:
            if w.id == wid:
                return w
            if isinstance(w, Container):
                found = w.find(wid)
                if found is not None:
                    return found
        return None

    def screen_rect(self, wid: str) -> pygame.Rect | None:
        """Where the widget (or a Choice segment 'id:value') is on screen now."""
        base, _, value = wid.partition(":") if ":" in wid else (wid, "", "")
        w = self.find(wid) or self.find(base)
        if w is None:
            return None
        if isinstance(w, Choice) and value:
            opts = {str(v): v for v, _ in w.options}
            r = w.rect_of(opts.get(value, value))
        else:
            r = w.rect
        if r is None:
            return None
        r = r.move(0, -self.scroll)
        return r.clip(self.rect) if self.scrollable else r

    def focused_field(self) -> TextField | None:
        for w in self.children:
            if isinstance(w, TextField) and w.focused and w.visible:
                return w
            if isinstance(w, Container):
                f = w.focused_field()
                if f is not None:
                    return f
        return None

    def blur(self) -> bool:
        changed = False
        for w in self.children:
            changed |= w.blur()
        return changed

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        changed = False
        if hasattr(ev, "pos") and ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if self.scrollable:
            if ev.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.mouse) and self.max_scroll():
                inner = moved(pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse, rel=(0, 0), buttons=(0, 0, 0)),
                              self._offset())
                over_list = any(isinstance(w, ListBox) and w.visible and w.rect.collidepoint(inner.pos)
                                and w.max_scroll() for w in self.children)
                if not over_list:
                    steps = -ev.y if getattr(ev, "flipped", False) else ev.y
                    self.scroll = max(0, min(self.max_scroll(), self.scroll - 40 * steps))
                    self.settle(-1 if steps > 0 else 1)
                    return True
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3) and self.rect.collidepoint(ev.pos):
                self._drag = ev.pos
            elif ev.type == pygame.MOUSEBUTTONUP:
                self._drag = None
            elif ev.type == pygame.MOUSEMOTION and self._drag is not None and self.max_scroll() \
                    and getattr(ev, "buttons", (0, 0, 0))[2]:
                dy = ev.pos[1] - self._drag[1]
                self.scroll = max(0, min(self.max_scroll(), self.scroll - dy))
                self._drag = ev.pos
                changed = True
        inner_ev = moved(ev, self._offset()) if self.scrollable else ev
        if self.scrollable and hasattr(ev, "pos") and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and not self.rect.collidepoint(ev.pos):
            # a click outside the visible part must not reach a child scrolled out of view
            inner_ev = moved(ev, (10 ** 6, 10 ** 6))
        for w in list(self.children):
            changed |= bool(w.handle(inner_ev))
        return changed

    def draw(self, surf) -> None:
        if not self.visible:
            return
        if not self.scrollable:
            for w in self.children:
                w.draw(surf)
            return
        old = surf.get_clip()
        surf.set_clip(self.rect.clip(old) if old else self.rect)
        if self.scroll:
            # draw into a temporary surface shifted up by scroll
            tmp = pygame.Surface((surf.get_width(), max(surf.get_height(), self.rect.y + self.content_h + 8)),
                                 pygame.SRCALPHA)
            for w in self.children:
                w.draw(tmp)
            surf.blit(tmp, (0, -self.scroll))
        else:
            for w in self.children:
                w.draw(surf)
        surf.set_clip(old)
        if self.max_scroll():
            track = self.rect.height - 8
            bar_h = max(24, int(track * self.rect.height / max(1, self.content_h)))
            y = self.rect.y + 4 + int((track - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surf, PANEL_EDGE, (self.rect.right - 6, y, 4, bar_h), border_radius=2)



def iter_widgets(root: Iterable[Widget]):
    for w in root:
        yield w
        if isinstance(w, Container):
            yield from iter_widgets(w.children)

def panel(surf, rect, title: str | None = None, fill=PANEL) -> None:
    pygame.draw.rect(surf, fill, rect, border_radius=10)
    pygame.draw.rect(surf, PANEL_EDGE, rect, 1, border_radius=10)
    if title:
        draw_text(surf, title, (rect.x + 16, rect.y + 12), 28, ACCENT, bold=False)


def shade(surf, alpha: int = 150) -> None:
    veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surf.blit(veil, (0, 0))

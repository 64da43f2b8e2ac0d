"""The controls: Widget and the Label, Button, Choice, Toggle and ListBox built on it (the TextField,
one line of editable text, is text_field.py's). A Button or TextField given a `face` (a callable `face(bold=False) -> Font`) writes in it, not in
`font(size)`: for a screen that sets its own text sizes (the rules screen)."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import pygame

from faeriell.ui.canvas import is_click_button
from faeriell.ui.text import (SCALE, Face, draw_line_in, draw_text, draw_wrapped, font, scaled, wrap,
                              wrapped_height)
from faeriell.ui.theme import (ACCENT, BTN, BTN_DOWN, BTN_HOVER, BTN_ON, BTN_PRIMARY, BTN_PRIMARY_HOVER, DISABLED_BG,
                               DISABLED_FG, ERROR, FIELD_BG, MUTED, PANEL_EDGE, SELECT, TEXT)

class Widget:
    id: str | None = None
    hover: int | None = False      # under the mouse; a list or a choice says which row (None: none)

    def __init__(self, rect, id: str | None = None, visible: bool = True, enabled: bool = True):
        self.rect = pygame.Rect(rect)
        self.id = id
        self.visible = visible
        self.enabled = enabled

    def handle(self, ev) -> bool:
        return False

    def _track_hover(self, pos) -> bool:
        """Follow the mouse over the whole widget; True when `hover` changed (redraw)."""
        h = self.rect.collidepoint(pos)
        if h != self.hover:
            self.hover = h
            return True
        return False

    def draw(self, surf) -> None:
        pass

    def blur(self) -> bool:
        """Lose keyboard focus; True when that changed the look."""
        return False


class Label(Widget):
    def __init__(self, rect, text: str, size: int = 20, color=TEXT, bold=False, wrap_text=False,
                 id=None, align="left"):
        super().__init__(rect, id)
        self.text, self.size, self.color, self.bold = text, size, color, bold
        self.wrap_text, self.align = wrap_text, align

    def draw(self, surf) -> None:
        if self.wrap_text:
            draw_wrapped(surf, self.text, self.rect, self.size, self.color)
        elif self.align == "center":
            draw_text(surf, self.text, self.rect.center, self.size, self.color, self.bold, "center",
                      self.rect.width)
        else:
            draw_text(surf, self.text, (self.rect.x, self.rect.centery), self.size, self.color, self.bold,
                      "midleft", self.rect.width)


class Button(Widget):
    """A push button: on_click() runs on release over the button after a press on it."""

    def __init__(self, rect, text: str, on_click: Callable[[], None] | None = None, id=None,
                 primary=False, size=22, sub: str = "", enabled=True, selected=False, face: Face | None = None):
        super().__init__(rect, id, enabled=enabled)
        self.text, self.on_click, self.primary, self.size, self.sub = text, on_click, primary, size, sub
        self.face = face
        self.selected = selected
        self.hover = False
        self.down = False

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        if ev.type == pygame.MOUSEMOTION:
            return self._track_hover(ev.pos)
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev) and self.rect.collidepoint(ev.pos):
            self.down = True
            return True
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            was = self.down
            self.down = False
            if was and self.rect.collidepoint(ev.pos):
                if self.on_click:
                    self.on_click()
                return True
            return was
        return False

    def colours(self):
        if not self.enabled:
            return DISABLED_BG, DISABLED_FG
        if self.down:
            return BTN_DOWN, TEXT
        if self.selected:
            return BTN_ON, (30, 24, 16)
        if self.primary:
            return (BTN_PRIMARY_HOVER if self.hover else BTN_PRIMARY), (250, 250, 240)
        return (BTN_HOVER if self.hover else BTN), TEXT

    def sub_shown(self, width: int) -> str:
        """The second line, its middle parts ("a · b · c · d") left out while it is too wide: at a
        larger Text size "1 player · Easy · coach on · new island" says "1 player · new island"
        rather than being cut."""
        parts = self.sub.split(" · ")
        while len(parts) > 2 and font(16).size(" · ".join(parts))[0] > width:
            del parts[-2]
        return " · ".join(parts)

    def draw(self, surf) -> None:
        if not self.visible:
            return
        bg, fg = self.colours()
        pygame.draw.rect(surf, bg, self.rect, border_radius=6)
        edge = ACCENT if (self.hover and self.enabled) else PANEL_EDGE
        pygame.draw.rect(surf, edge, self.rect, 1, border_radius=6)
        if self.face is not None:
            draw_line_in(surf, self.face(), self.text, self.rect.inflate(-10, 0), fg, "center")
        elif self.sub:
            draw_text(surf, self.text, (self.rect.centerx, self.rect.y + self.rect.height * 0.36), self.size, fg,
                      anchor="center", width=self.rect.width - 10)
            draw_text(surf, self.sub_shown(self.rect.width - 10), (self.rect.centerx, self.rect.y + self.rect.height * 0.74), 16,
                      fg if not self.enabled else MUTED if not self.selected else fg, anchor="center",
                      width=self.rect.width - 10)
        else:
            draw_text(surf, self.text, self.rect.center, self.size, fg, anchor="center", width=self.rect.width - 10)


class Choice(Widget):
    """A row of segments of which one is chosen: options = [(value, label), ...]."""

    def __init__(self, rect, options: Sequence[tuple[object, str]], value, on_change=None, id=None, size=20):
        super().__init__(rect, id)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.size = size
        self.hover: int | None = None
        self._press: int | None = None
        self.disabled: set = set()

    def segment_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.options))
        gap = 4
        w = (self.rect.width - gap * (n - 1)) / n
        return [pygame.Rect(round(self.rect.x + k * (w + gap)), self.rect.y, round(w), self.rect.height)
                for k in range(n)]

    def segment_id(self, value) -> str:
        return f"{self.id}:{value}"

    def rect_of(self, value) -> pygame.Rect | None:
        for (v, _), r in zip(self.options, self.segment_rects(), strict=True):
            if v == value:
                return r
        return None

    def _at(self, pos) -> int | None:
        for k, r in enumerate(self.segment_rects()):
            if r.collidepoint(pos):
                return k
        return None

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        if ev.type == pygame.MOUSEMOTION:
            h = self._at(ev.pos)
            if h != self.hover:
                self.hover = h
                return True
            return False
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            self._press = self._at(ev.pos)
            return self._press is not None
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            k, self._press = self._press, None
            if k is not None and k == self._at(ev.pos):
                value = self.options[k][0]
                if value in self.disabled:
                    return True
                changed = value != self.value
                self.value = value
                if changed and self.on_change:
                    self.on_change(value)
                return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        for k, ((value, label), r) in enumerate(zip(self.options, self.segment_rects(), strict=True)):
            on = value == self.value
            off = value in self.disabled or not self.enabled
            bg = BTN_ON if on else DISABLED_BG if off else BTN_HOVER if k == self.hover else BTN
            fg = (30, 24, 16) if on else DISABLED_FG if off else TEXT
            pygame.draw.rect(surf, bg, r, border_radius=5)
            pygame.draw.rect(surf, ACCENT if k == self.hover and not off else PANEL_EDGE, r, 1, border_radius=5)
            draw_text(surf, label, r.center, self.size, fg, anchor="center", width=r.width - 6)


class Toggle(Widget):
    """A check box with a name and an optional explanation below it."""

    def __init__(self, rect, label: str, value: bool = False, on_change=None, id=None, detail: str = ""):
        super().__init__(rect, id)
        self.label, self.value, self.on_change, self.detail = label, bool(value), on_change, detail
        self.hover = False
        self._press = False
        self.warn = False

    @staticmethod
    def height_for(width: int, detail: str) -> int:
        return 26 + (wrapped_height(detail, width - 34, 16, 1) if detail else 0) + 4

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        if ev.type == pygame.MOUSEMOTION:
            return self._track_hover(ev.pos)
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            self._press = self.rect.collidepoint(ev.pos)
            return False
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            was, self._press = self._press, False
            if was and self.rect.collidepoint(ev.pos):
                self.value = not self.value
                if self.on_change:
                    self.on_change(self.value)
                return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        if self.hover:
            pygame.draw.rect(surf, (40, 48, 68), self.rect, border_radius=5)
        box = pygame.Rect(self.rect.x + 4, self.rect.y + 4, 20, 20)
        pygame.draw.rect(surf, FIELD_BG, box, border_radius=4)
        pygame.draw.rect(surf, ERROR if self.warn and self.value else ACCENT if self.value else PANEL_EDGE, box, 2,
                         border_radius=4)
        if self.value:
            pygame.draw.lines(surf, ACCENT, False, [(box.x + 4, box.y + 10), (box.x + 8, box.y + 15),
                                                    (box.x + 16, box.y + 5)], 3)
        fg = TEXT if self.enabled else DISABLED_FG
        draw_text(surf, self.label, (box.right + 8, box.centery), 21, fg, anchor="midleft",
                  width=self.rect.right - box.right - 10)
        if self.detail:
            draw_wrapped(surf, self.detail, pygame.Rect(box.right + 8, box.bottom + 3,
                                                        self.rect.right - box.right - 12, 200), 16, MUTED, 1)


class ListBox(Widget):
    """A scrolling list: items = [(key, title, detail)]; click selects, double click activates."""

    ROW = 44

    def __init__(self, rect, items=(), on_select=None, on_activate=None, id=None, empty_text="(nothing here)",
                 row=ROW):
        super().__init__(rect, id)
        self.items: list[tuple] = list(items)
        self.on_select, self.on_activate, self.empty_text = on_select, on_activate, empty_text
        self.row = scaled(row) if SCALE.scale != 1.0 else row      # rows grow with the text size
        self._base_row = self.row
        self._fit_rows()
        self.selected: int | None = None
        self.hover: int | None = None
        self.scroll = 0
        self._press: int | None = None
        self._last_click: tuple[int | None, float] = (None, 0.0)    # (row, when)
        self._drag_from: tuple[int, int] | None = None
        self.mouse = (-1, -1)

    DETAIL_LINES = 3      # a row's detail wraps onto up to this many lines

    def _detail_lines(self, detail: str) -> list[str]:
        return wrap(font(16), detail, max(10, self.rect.width - 20))

    def _fit_rows(self) -> None:
        """Rows as tall as the longest detail needs, wrapped (up to DETAIL_LINES): at a larger Text
        size a puzzle's one-line summary no longer fits one line, and was cut."""
        details = [str(it[2]) for it in self.items if len(it) > 2 and it[2]]
        lines = max([len(self._detail_lines(d)) for d in details] + [1])
        if details and self._base_row >= 36 and lines > 1:
            need = 5 + font(20).get_linesize() + min(lines, self.DETAIL_LINES) * (font(16).get_linesize() + 1) + 6
            self.row = max(self._base_row, need)
        else:
            self.row = self._base_row

    def set_items(self, items) -> None:
        self.items = list(items)
        self._fit_rows()
        self.selected = None if self.selected is None or self.selected >= len(self.items) else self.selected
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def selected_key(self):
        if self.selected is None or self.selected >= len(self.items):
            return None
        return self.items[self.selected][0]

    def max_scroll(self) -> int:
        return max(0, len(self.items) * self.row - self.rect.height)

    def row_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 2, self.rect.y + k * self.row - self.scroll, self.rect.width - 4, self.row)

    def _at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        k = (pos[1] - self.rect.y + self.scroll) // self.row
        return int(k) if 0 <= k < len(self.items) else None

    def handle(self, ev) -> bool:
        if not self.visible or not self.enabled:
            return False
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self._drag_from is not None and self.max_scroll():
                dy = ev.pos[1] - self._drag_from[1]
                if abs(dy) > 4:
                    self.scroll = max(0, min(self.max_scroll(), self.scroll - dy))
                    self._drag_from = ev.pos
                    self._press = None
                    return True
            h = self._at(ev.pos)
            if h != self.hover:
                self.hover = h
                return True
            return False
        if ev.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self.mouse) and self.max_scroll():
                steps = -ev.y if getattr(ev, "flipped", False) else ev.y
                self.scroll = max(0, min(self.max_scroll(), self.scroll - steps * self.row))
                self.hover = self._at(self.mouse)
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            self._press = self._at(ev.pos)
            self._drag_from = ev.pos if self.rect.collidepoint(ev.pos) else None
            return False
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            k, self._press = self._press, None
            self._drag_from = None
            if k is not None and k == self._at(ev.pos):
                now = time.monotonic()
                double = self._last_click[0] == k and now - self._last_click[1] < 0.45
                self._last_click = (k, now)
                self.selected = k
                if self.on_select:
                    self.on_select(self.items[k][0])
                if double and self.on_activate:
                    self.on_activate(self.items[k][0])
                return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surf, FIELD_BG, self.rect, border_radius=6)
        pygame.draw.rect(surf, PANEL_EDGE, self.rect, 1, border_radius=6)
        if not self.items:
            draw_text(surf, self.empty_text, self.rect.center, 19, MUTED, anchor="center", width=self.rect.width - 10)
            return
        old = surf.get_clip()
        surf.set_clip(self.rect.inflate(-2, -2).clip(old) if old else self.rect.inflate(-2, -2))
        first = self.scroll // self.row
        last = min(len(self.items), first + self.rect.height // self.row + 2)
        for k in range(first, last):
            item = self.items[k]
            r = self.row_rect(k)
            if k == self.selected:
                pygame.draw.rect(surf, SELECT, r, border_radius=4)
            elif k == self.hover:
                pygame.draw.rect(surf, (36, 44, 62), r, border_radius=4)
            self.draw_row(surf, item, r)
        surf.set_clip(old)
        self.draw_marker(surf)

    def draw_row(self, surf, item: tuple, r: pygame.Rect) -> None:
        """A row's words: its title, and its detail below when the rows have room."""
        title = str(item[1]) if len(item) > 1 else str(item[0])
        detail = str(item[2]) if len(item) > 2 and item[2] else ""
        if detail and self.row >= 36:
            draw_text(surf, title, (r.x + 8, r.y + 5), 20, TEXT, width=r.width - 16)
            if self.row > self._base_row:        # a detail on more lines than one (_fit_rows)
                top = r.y + 5 + font(20).get_linesize()
                draw_wrapped(surf, detail, pygame.Rect(r.x + 8, top, r.width - 20, r.bottom - top), 16, MUTED,
                             1, self.DETAIL_LINES)
            else:
                draw_text(surf, detail, (r.x + 8, r.y + 11 + font(20).get_height()), 16, MUTED,
                          width=r.width - 16)
        else:
            draw_text(surf, title, (r.x + 8, r.centery), 19, TEXT, anchor="midleft", width=r.width - 16)

    def draw_marker(self, surf) -> None:
        """Where the view is in the list: a thin bar at the right edge."""
        if self.max_scroll():
            track = self.rect.height - 8
            frac = self.rect.height / (len(self.items) * self.row)
            bar_h = max(20, int(track * frac))
            y = self.rect.y + 4 + int((track - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surf, PANEL_EDGE, (self.rect.right - 7, y, 4, bar_h), border_radius=2)

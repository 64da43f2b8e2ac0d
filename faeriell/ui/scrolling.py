"""Views that scroll with a scroll bar: ScrollBar, ScrollList (a ListBox with one), TextView.

    view = TextView(rect, [("title", "Harvest"), ("note", "Round"), ("para", "..."), ("bullet", "...")])
    view.set_blocks(other)          # new text, back at its top
    lines = ScrollList(rect, [(key, "a line"), ...], row=28, face=my_font, on_select=...)
    lines.select(key)               # chosen by the program (a key), scrolled into view

A ScrollBar keeps no scroll offset of its own: the view that owns it asks `handle` for the new
one, so a view has one scroll and the bar only draws and answers the mouse. Its arrows are drawn
chevrons, not glyphs (the game's font has no arrow characters)."""
from __future__ import annotations

from collections.abc import Iterable

import pygame

from faeriell.ui.canvas import is_click_button
from faeriell.ui.controls import ListBox, Widget
from faeriell.ui.text import Face, draw_line_in, font, wrap
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


class ScrollList(ListBox):
    """A ListBox of one-line rows in a `face`, `row` px tall (measured in that face by the caller,
    so not scaled again), with a ScrollBar, and `select(key)` for a row chosen by the program."""

    def __init__(self, rect, items=(), on_select=None, row=ListBox.ROW, face: Face | None = None, id=None,
                 empty_text="(nothing here)"):
        super().__init__(rect, items, on_select=on_select, id=id, empty_text=empty_text, row=row)
        self.face = face
        self.row = self._base_row = row
        self.bar = ScrollBar((self.rect.right - ScrollBar.WIDTH - 2, self.rect.y + 2, ScrollBar.WIDTH,
                              self.rect.h - 4))

    def select(self, key) -> None:
        """The row of `key` selected (none when it is not listed) and scrolled into view; no
        on_select (the caller chose it)."""
        keys = [it[0] for it in self.items]
        self.selected = keys.index(key) if key in keys else None
        if self.selected is not None:
            top = self.selected * self.row
            if top < self.scroll:
                self.scroll = top
            elif top + self.row > self.scroll + self.rect.height:
                self.scroll = top + self.row - self.rect.height
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def row_rect(self, k: int) -> pygame.Rect:
        r = super().row_rect(k)
        if self.max_scroll():
            r.width -= ScrollBar.WIDTH + 2              # the bar's room
        return r

    def _at(self, pos) -> int | None:
        return None if pos[0] >= self.row_rect(0).right else super()._at(pos)

    def handle(self, ev) -> bool:
        if self.visible and self.enabled and hasattr(ev, "pos"):
            moved_to = self.bar.handle(ev, self.scroll, self.rect.height, len(self.items) * self.row, self.row)
            if moved_to is not None:
                self.scroll = moved_to
                return True
        return super().handle(ev)

    def draw_row(self, surf, item: tuple, r: pygame.Rect) -> None:
        if self.face is None:
            super().draw_row(surf, item, r)
        else:
            draw_line_in(surf, self.face(), str(item[1]), r.inflate(-16, 0), TEXT)

    def draw_marker(self, surf) -> None:
        self.bar.draw(surf, self.scroll, self.rect.height, len(self.items) * self.row)


STYLES = ("title", "note", "para", "bullet", "gap")
BULLET = "\u2022"


class TextView(Widget):
    """Blocks of (style, text): "title" (bold), "note" (muted), "para", "bullet" (a bulleted
    line, its wrapped lines indented under its first word) and "gap" (half a blank line)."""

    PAD = 8
    WHEEL_LINES = 3

    def __init__(self, rect, blocks: Iterable[tuple[str, str]] = (), face: Face | None = None, size: int = 18,
                 id=None):
        super().__init__(rect, id)
        self.face, self.size = face, size
        self.bar = ScrollBar((self.rect.right - ScrollBar.WIDTH - 2, self.rect.y + 2, ScrollBar.WIDTH,
                              self.rect.h - 4))
        self.mouse = (-1, -1)
        self.scroll = 0
        self.set_blocks(blocks)

    def set_blocks(self, blocks: Iterable[tuple[str, str]]) -> None:
        self.blocks = list(blocks)
        bad = [style for style, _ in self.blocks if style not in STYLES]
        if bad:
            raise ValueError(f"TextView: unknown style {bad[0]!r} (known: {', '.join(STYLES)})")
        self.scroll = 0
        self._key: tuple | None = None
        self._lines: list[tuple[pygame.Surface, int, int]] = []
        self._total = 0

    def _font(self, bold: bool = False) -> pygame.font.Font:
        return self.face(bold) if self.face is not None else font(self.size, bold)

    @staticmethod
    def leading(fnt: pygame.font.Font) -> int:
        """Room between the lines of a paragraph: a page read at length reads easier with air."""
        return fnt.get_linesize() // 5

    def line_height(self) -> int:
        fnt = self._font()
        return fnt.get_linesize() + self.leading(fnt)

    def _layout(self) -> None:
        regular, bold = self._font(), self._font(True)
        width = self.rect.w - 2 * self.PAD - ScrollBar.WIDTH - 2
        key = (width, regular, bold)
        if key == self._key:
            return
        self._key = key
        lines: list[tuple[pygame.Surface, int, int]] = []
        step = regular.get_linesize()
        x, y = self.PAD, self.PAD
        indent = regular.size(BULLET + "  ")[0]
        for style, text in self.blocks:
            if style == "gap":
                y += step // 2
                continue
            fnt = bold if style == "title" else regular
            colour = MUTED if style == "note" else TEXT
            if style == "bullet":
                lines.append((fnt.render(BULLET, True, colour), x + indent // 3, y))
                wrapped = wrap(fnt, text, max(10, width - indent))
                left = x + indent
            else:
                wrapped, left = wrap(fnt, text, max(10, width)), x
            for line in wrapped:
                if line:
                    lines.append((fnt.render(line, True, colour), left, y))
                y += fnt.get_linesize() + self.leading(fnt)
        self._lines, self._total = lines, y + self.PAD

    def content_height(self) -> int:
        self._layout()
        return self._total

    def max_scroll(self) -> int:
        return max(0, self.content_height() - self.rect.h)

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        if hasattr(ev, "pos"):
            moved_to = self.bar.handle(ev, self.scroll, self.rect.h, self.content_height(), self.line_height())
            if moved_to is not None:
                self.scroll = moved_to
                return True
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif ev.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.mouse) and self.max_scroll():
            steps = -ev.y if getattr(ev, "flipped", False) else ev.y
            lines = self.WHEEL_LINES * self.line_height()
            self.scroll = max(0, min(self.max_scroll(), self.scroll - steps * lines))
            return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        self._layout()
        self.scroll = max(0, min(self.scroll, self.max_scroll()))   # a new layout may be shorter
        pygame.draw.rect(surf, FIELD_BG, self.rect, border_radius=6)
        pygame.draw.rect(surf, PANEL_EDGE, self.rect, 1, border_radius=6)
        old = surf.get_clip()
        inner = self.rect.inflate(-2, -2)
        surf.set_clip(inner.clip(old) if old else inner)
        top, bottom = self.scroll, self.scroll + self.rect.h
        for img, x, y in self._lines:
            if y + img.get_height() > top and y < bottom:
                surf.blit(img, (self.rect.x + x, self.rect.y + y - self.scroll))
        surf.set_clip(old)
        self.bar.draw(surf, self.scroll, self.rect.h, self._total)

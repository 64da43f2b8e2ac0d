"""TextView: a panel of text that wraps to its width and scrolls (the wheel over it, or its
ScrollBar), with headings, muted notes and bulleted lines. The rules screen shows a section in one.

    view = TextView(rect, [("title", "Harvest"), ("note", "Round"), ("para", "..."), ("bullet", "...")])
    view.set_blocks(other)          # new text, back at its top

The lines are wrapped and rendered once per text, width and font (a Text size change gives a new
font, so a new layout); a frame blits only the lines in view."""
from __future__ import annotations

from typing import Iterable

import pygame

from faeriell.ui.controls import Face, Widget
from faeriell.ui.scrolling import ScrollBar
from faeriell.ui.text import font, wrap
from faeriell.ui.theme import FIELD_BG, MUTED, PANEL_EDGE, TEXT

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

    def line_height(self) -> int:
        return self._font().get_linesize()

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
                y += fnt.get_linesize()
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

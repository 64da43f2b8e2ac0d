"""A one-line text box (TextField), built on controls.Widget: it edits where its caret is, as a
desktop field does. Kept apart from controls.py for its size (tests/test_ui_modules.py)."""
from __future__ import annotations

import pygame

from faeriell.ui.canvas import is_click_button
from faeriell.ui.controls import Widget
from faeriell.ui.text import Face, font, note_label
from faeriell.ui.theme import ACCENT, FIELD_BG, MUTED, PANEL_EDGE, SELECT, TEXT


class TextField(Widget):
    """A one-line text box: click to type (TEXTINPUT) where the click lands, the arrows, Home and End
    move the caret, Backspace and Delete take the letter before or after it, Ctrl+A selects the
    whole text (what is typed next replaces it), Enter submits, Esc leaves it."""

    def __init__(self, rect, text: str = "", on_submit=None, on_change=None, id=None, placeholder: str = "",
                 allowed: str | None = None, max_len: int = 400, face: Face | None = None):
        super().__init__(rect, id)
        self.face = face
        self.text, self.on_submit, self.on_change, self.placeholder = text, on_submit, on_change, placeholder
        self.allowed, self.max_len = allowed, max_len
        self.focused = False
        self._blink = 0.0
        self._caret: int | None = None      # where typing goes; None: at the end (text set from outside)
        self.all_selected = False

    @property
    def caret(self) -> int:
        return len(self.text) if self._caret is None else min(self._caret, len(self.text))

    def _put(self, text: str, caret: int) -> None:
        """The text edited, the caret after the edit (at the end again once it reaches it)."""
        self.all_selected = False
        self._set(text)
        caret = min(caret, len(self.text))
        self._caret = None if caret >= len(self.text) else caret

    def _insert(self, add: str) -> None:
        if self.all_selected:
            self._put(add, len(add))
        else:
            at = self.caret
            self._put(self.text[:at] + add + self.text[at:], at + len(add))

    def blur(self) -> bool:
        was, self.focused = self.focused, False
        return was

    def _set(self, text: str) -> None:
        if text != self.text:
            self.text = text[: self.max_len]
            if self.on_change:
                self.on_change(self.text)

    def handle(self, ev) -> bool:
        if not self.visible or not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            inside = self.rect.collidepoint(ev.pos)
            if inside:
                self._caret, self.all_selected = self._index_at(ev.pos[0]), False
            if inside != self.focused:
                self.focused = inside
                return True
            return inside
        if not self.focused:
            return False
        if ev.type == pygame.TEXTINPUT:
            add = "".join(ch for ch in ev.text if ch.isprintable() and (self.allowed is None or ch in self.allowed))
            if add:
                self._insert(add)
            return True
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        return False

    def _key(self, ev) -> bool:
        at, text = self.caret, self.text
        if ev.key == pygame.K_BACKSPACE:
            if self.all_selected:
                self._put("", 0)
            elif ev.mod & pygame.KMOD_CTRL:          # the word before the caret
                head = text[:at].rstrip()
                cut = head.rsplit(" ", 1)[0] if " " in head else ""
                self._put(cut + text[at:], len(cut))
            elif at > 0:
                self._put(text[:at - 1] + text[at:], at - 1)
            return True
        if ev.key == pygame.K_DELETE:
            if self.all_selected:
                self._put("", 0)
            elif at < len(text):
                self._put(text[:at] + text[at + 1:], at)
            return True
        moves = {pygame.K_LEFT: at - 1, pygame.K_RIGHT: at + 1, pygame.K_HOME: 0, pygame.K_END: len(text)}
        if ev.key in moves:
            if self.all_selected:                     # an arrow ends the selection at its side
                moves = {**moves, pygame.K_LEFT: 0, pygame.K_RIGHT: len(text)}
            self.all_selected = False
            to = max(0, min(len(text), moves[ev.key]))
            self._caret = None if to >= len(text) else to
            return True
        if ev.key == pygame.K_a and ev.mod & pygame.KMOD_CTRL:
            self.all_selected = bool(text)
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit:
                self.on_submit(self.text)
            return True
        if ev.key == pygame.K_ESCAPE:
            self.focused, self.all_selected = False, False
            return True
        if ev.key == pygame.K_v and ev.mod & pygame.KMOD_CTRL:
            try:
                pasted = pygame.scrap.get_text()
            except (pygame.error, NotImplementedError):   # no clipboard (headless, no scrap module)
                pasted = ""
            add = "".join(ch for ch in pasted if ch.isprintable() and (self.allowed is None or ch in self.allowed))
            if add:
                self._insert(add)
            return True
        return False

    def _font(self):
        return self.face() if self.face is not None else font(20)

    def _scroll(self, fnt, inner_width: int) -> int:
        """How far the text is drawn to the left, so the caret stays inside the box."""
        caret_x = fnt.size(self.text[:self.caret])[0]
        return max(0, caret_x - inner_width + 4)

    def _index_at(self, x: int) -> int:
        """The caret position nearest to a click at x."""
        fnt = self._font()
        inner = self.rect.inflate(-14, 0)
        want = x - inner.x + self._scroll(fnt, inner.width)
        best, best_d = 0, abs(want)
        for k in range(1, len(self.text) + 1):
            d = abs(fnt.size(self.text[:k])[0] - want)
            if d < best_d:
                best, best_d = k, d
        return best

    def consumes_keys(self) -> bool:
        return self.focused

    def draw(self, surf) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surf, FIELD_BG, self.rect, border_radius=5)
        pygame.draw.rect(surf, ACCENT if self.focused else PANEL_EDGE, self.rect, 2 if self.focused else 1,
                         border_radius=5)
        fnt = self._font()
        inner = self.rect.inflate(-14, 0)
        shown = self.text or self.placeholder      # shown while focused too: AskText's suggested name
        img = fnt.render(shown, True, TEXT if self.text else MUTED)
        # keep the caret visible in a long text (at rest: its end)
        left = self._scroll(fnt, inner.width) if self.focused else max(0, img.get_width() - inner.width + 4)
        y = self.rect.centery - img.get_height() // 2
        if self.focused and self.all_selected and self.text:
            sel = pygame.Rect(inner.x, y, min(img.get_width() - left, inner.width), img.get_height())
            pygame.draw.rect(surf, SELECT, sel, border_radius=3)
        surf.blit(img, (inner.x, y), pygame.Rect(left, 0, inner.width, img.get_height()))
        if not self.focused:       # a field at rest shows its whole text inside its box (tests: LABELS)
            whole = img.get_width() <= inner.width - 4 and fnt.get_ascent() - fnt.get_descent() <= self.rect.h - 4
            note_label(shown, shown if whole else "…", self.rect, inner.width)
        if self.focused:
            at = fnt.size(self.text[:self.caret])[0] - left if self.text else 0
            x = inner.x + min(at, inner.width - 4) + 1
            pygame.draw.line(surf, ACCENT, (x, self.rect.y + 7), (x, self.rect.bottom - 8), 2)

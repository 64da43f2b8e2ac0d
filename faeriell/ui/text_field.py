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
    move the caret, Backspace and Delete take the letter before or after it, Shift with a move or a
    drag of the mouse selects (Ctrl+A: the whole text), and what is typed next replaces the
    selection; Ctrl+C, Ctrl+X and Ctrl+V copy, cut and paste; Enter submits, Esc leaves it."""

    def __init__(self, rect, text: str = "", on_submit=None, on_change=None, id=None, placeholder: str = "",
                 allowed: str | None = None, max_len: int = 400, face: Face | None = None):
        super().__init__(rect, id)
        self.face = face
        self.text, self.on_submit, self.on_change, self.placeholder = text, on_submit, on_change, placeholder
        self.allowed, self.max_len = allowed, max_len
        self.focused = False
        self._blink = 0.0
        self._caret: int | None = None      # where typing goes; None: at the end (text set from outside)
        self._anchor: int | None = None     # the selection's other end; None: nothing selected
        self._dragging = False              # the mouse button went down inside and is still held

    @property
    def caret(self) -> int:
        return len(self.text) if self._caret is None else min(self._caret, len(self.text))

    def _move_caret(self, to: int) -> None:
        to = max(0, min(len(self.text), to))
        self._caret = None if to >= len(self.text) else to

    @property
    def selection(self) -> tuple[int, int]:
        """(start, end) of the selected letters; start == end when nothing is."""
        if self._anchor is None:
            return self.caret, self.caret
        a, b = sorted((min(self._anchor, len(self.text)), self.caret))
        return a, b

    @property
    def all_selected(self) -> bool:
        return bool(self.text) and self.selection == (0, len(self.text))

    def _put(self, text: str, caret: int) -> None:
        """The text edited, the caret after the edit (at the end again once it reaches it)."""
        self._anchor = None
        self._set(text)
        self._move_caret(caret)

    def _insert(self, add: str) -> None:
        a, b = self.selection
        self._put(self.text[:a] + add + self.text[b:], a + len(add))

    def blur(self) -> bool:
        was, self.focused = self.focused, False
        self._anchor, self._dragging = None, False
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
                at = self._index_at(ev.pos[0])
                if pygame.key.get_mods() & pygame.KMOD_SHIFT and self.focused:
                    self._anchor = self.caret if self._anchor is None else self._anchor   # Shift+click extends
                else:
                    self._anchor = at                   # a drag from here selects
                self._move_caret(at)
                self._dragging = True
            else:
                self._anchor = None
            if inside != self.focused:
                self.focused = inside
                return True
            return inside
        if ev.type == pygame.MOUSEMOTION and self._dragging:
            if not any(ev.buttons):                     # the release happened elsewhere
                self._dragging = False
                return False
            self._move_caret(self._index_at(ev.pos[0]))
            return True
        if ev.type == pygame.MOUSEBUTTONUP and self._dragging:
            self._dragging = False
            if self._anchor == self.caret:              # a plain click: no selection
                self._anchor = None
            return True
        if not self.focused:
            return False
        if ev.type == pygame.TEXTINPUT:
            add = self._allowed(ev.text)
            if add:
                self._insert(add)
            return True
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        return False

    def _allowed(self, text: str) -> str:
        return "".join(ch for ch in text if ch.isprintable() and (self.allowed is None or ch in self.allowed))

    def _key(self, ev) -> bool:
        ctrl = ev.mod & pygame.KMOD_CTRL
        if ev.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._delete(ev.key == pygame.K_BACKSPACE, bool(ctrl))
            return True
        if ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self._move(ev.key, bool(ev.mod & pygame.KMOD_SHIFT))
            return True
        if ctrl and ev.key in (pygame.K_a, pygame.K_c, pygame.K_x, pygame.K_v):
            self._clipboard(ev.key)
            return True
        if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit:
                self.on_submit(self.text)
            return True
        if ev.key == pygame.K_ESCAPE:
            self.focused, self._anchor = False, None
            return True
        return False

    def _delete(self, backward: bool, word: bool) -> None:
        """Backspace (backward; with Ctrl the word before the caret) or Delete: the selection if
        there is one, else the letter before or after the caret."""
        at, text = self.caret, self.text
        a, b = self.selection
        if a != b:
            self._put(text[:a] + text[b:], a)
        elif backward and word:
            head = text[:at].rstrip()
            cut = head.rsplit(" ", 1)[0] if " " in head else ""
            self._put(cut + text[at:], len(cut))
        elif backward and at > 0:
            self._put(text[:at - 1] + text[at:], at - 1)
        elif not backward and at < len(text):
            self._put(text[:at] + text[at + 1:], at)

    def _move(self, key: int, extend: bool) -> None:
        """An arrow, Home or End; with Shift the selection grows or shrinks from where it began."""
        at = self.caret
        a, b = self.selection
        to = {pygame.K_LEFT: at - 1, pygame.K_RIGHT: at + 1, pygame.K_HOME: 0, pygame.K_END: len(self.text)}[key]
        if extend:
            if self._anchor is None:
                self._anchor = at
        else:
            if a != b and key in (pygame.K_LEFT, pygame.K_RIGHT):
                to = a if key == pygame.K_LEFT else b          # an arrow ends a selection at its side
            self._anchor = None
        self._move_caret(to)

    def _clipboard(self, key: int) -> None:
        """Ctrl+A selects everything, Ctrl+C copies the selection, Ctrl+X cuts it, Ctrl+V pastes
        (keeping to the field's allowed letters)."""
        text = self.text
        a, b = self.selection
        if key == pygame.K_a:
            if text:
                self._anchor, self._caret = 0, None
            return
        try:
            if key == pygame.K_v:
                add = self._allowed(pygame.scrap.get_text())
                if add:
                    self._insert(add)
                return
            if a != b:
                pygame.scrap.put_text(text[a:b])
        except (pygame.error, NotImplementedError):   # no clipboard (headless, no scrap module)
            if key == pygame.K_v:
                return
        if key == pygame.K_x and a != b:
            self._put(text[:a] + text[b:], a)

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
        a, b = self.selection
        if self.focused and a != b:
            x0 = max(0, fnt.size(self.text[:a])[0] - left)
            x1 = min(inner.width, fnt.size(self.text[:b])[0] - left)
            if x1 > x0:
                pygame.draw.rect(surf, SELECT, pygame.Rect(inner.x + x0, y, x1 - x0, img.get_height()), border_radius=3)
        surf.blit(img, (inner.x, y), pygame.Rect(left, 0, inner.width, img.get_height()))
        if not self.focused:       # a field at rest shows its whole text inside its box (tests: LABELS)
            whole = img.get_width() <= inner.width - 4 and fnt.get_ascent() - fnt.get_descent() <= self.rect.h - 4
            note_label(shown, shown if whole else "…", self.rect, inner.width)
        if self.focused:
            at = fnt.size(self.text[:self.caret])[0] - left if self.text else 0
            x = inner.x + min(at, inner.width - 4) + 1
            pygame.draw.line(surf, ACCENT, (x, self.rect.y + 7), (x, self.rect.bottom - 8), 2)

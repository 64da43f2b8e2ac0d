"""Modal dialogs: the table's Esc menu, the file picker, a question, a message box, a toast.

A modal takes every event while it is open; `closed` turns True when it is done. No file is
read or written here: the file services the screens hand these dialogs (saving, loading, the
Load list read in a thread) live in the pygame-free faeriell/storage/.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable

import pygame

from faeriell.storage import background
from faeriell.ui import widgets as W
from faeriell.ui.controls import Button, Label, ListBox
from faeriell.ui.text_field import TextField
from faeriell.ui.text import draw_wrapped, font, wrap, wrapped_height
from faeriell.ui.theme import ACCENT, ERROR, MUTED, TEXT
from faeriell.ui.key_focus import KeyFocus

log = logging.getLogger(__name__)


# ------------------------------------------------------------------------------------ modals
class Modal:
    """A centred panel over a dimmed screen that takes all input until closed."""

    title = ""
    first_focus: int | None = None          # the control in keyboard focus when it opens (None: none yet)

    def __init__(self, screen_size: tuple[int, int], size: tuple[int, int]):
        self.want = size
        self.closed = False
        self.keys = KeyFocus(self.first_focus)   # Tab / arrows / Enter / Space (key_focus.py)
        self.root = W.Container(pygame.Rect(0, 0, 1, 1))
        self.resize(screen_size)

    def resize(self, screen_size) -> None:
        sw, sh = screen_size
        w, h = min(self.want[0], sw - 20), min(self.want[1], sh - 20)
        self.rect = pygame.Rect((sw - w) // 2, (sh - h) // 2, max(1, w), max(1, h))
        self.root = W.Container(self.rect)
        self.layout()

    def layout(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def update(self) -> bool:
        """True when something arrived that the dialog must show (the Load list's files)."""
        return False

    def find(self, wid: str):
        return self.root.find(wid)

    def screen_rect(self, wid: str):
        return self.root.screen_rect(wid)

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            field = self.root.focused_field()
            if field is not None:
                field.blur()
            else:
                self.close()
            return True
        if self.keys.handle(ev, self.root):
            return True
        self.root.handle(ev)
        return True

    def draw(self, surf) -> None:
        W.shade(surf, 140)
        W.panel(surf, self.rect, self.title)
        self.root.draw(surf)
        self.keys.draw(surf, self.root)


class Menu(Modal):
    """The table's Esc menu: a column of buttons [(id, label, callback)]; Esc resumes."""

    title = "Menu"
    first_focus = 0                         # Resume: Enter at once goes back to the game

    def __init__(self, screen_size, items: list[tuple[str, str, Callable[[], None]]], note: str = "",
                 title: str | None = None, width: int = 340):
        self.items = items
        self.note = note
        if title is not None:
            self.title = title
        h = 66 + 54 * len(items) + (44 if note else 10)
        super().__init__(screen_size, (width, h))

    def layout(self) -> None:
        r = self.rect
        y = r.y + 56
        # a short window: the buttons close up rather than run off the panel
        room = r.height - 56 - (44 if self.note else 10)
        step = max(30, min(54, room // max(1, len(self.items))))
        for wid, label, fn in self.items:
            self.root.add(Button((r.x + 30, y, r.width - 60, step - 10), label, self._run(fn), id=wid,
                                 primary=(wid == "resume")))
            y += step
        if self.note:
            self.root.add(Label(pygame.Rect(r.x + 24, y + 2, r.width - 48, 36), self.note, 16, MUTED,
                                wrap_text=True))

    def _run(self, fn):
        def go():
            self.close()
            fn()
        return go


class MessageBox(Modal):
    def __init__(self, screen_size, title: str, text: str, width: int = 520):
        self.title = title
        self.text = text
        width = min(width, max(520, screen_size[0] - 40))
        super().__init__(screen_size, (width, 110 + wrapped_height(text, width - 50, 19) + 60))

    def layout(self) -> None:
        r = self.rect
        self.root.add(Label(pygame.Rect(r.x + 24, r.y + 56, r.width - 48, r.height - 120), self.text, 19,
                            TEXT, wrap_text=True))
        self.root.add(Button((r.centerx - 60, r.bottom - 56, 120, 40), "OK", self.close, id="ok", primary=True))

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle(ev)


class Confirm(Modal):
    """A question with two buttons: `yes_label` runs on_yes() and closes; `no_label` (or Esc)
    closes and runs on_no() when there is one."""

    def __init__(self, screen_size, title: str, text: str, yes_label: str, on_yes: Callable[[], object],
                 no_label: str = "Cancel", on_no: Callable[[], object] | None = None):
        self.title, self.text, self.yes_label, self.on_yes = title, text, yes_label, on_yes
        self.no_label, self.on_no = no_label, on_no
        super().__init__(screen_size, (560, 110 + wrapped_height(text, 510, 19) + 60))

    def layout(self) -> None:
        r = self.rect
        self.root.add(Label(pygame.Rect(r.x + 24, r.y + 56, r.width - 48, r.height - 120), self.text, 19,
                            TEXT, wrap_text=True))
        self.root.add(Button((r.right - 270, r.bottom - 56, 130, 40), self.yes_label, self._yes, id="yes",
                             primary=True))
        self.root.add(Button((r.right - 130, r.bottom - 56, 110, 40), self.no_label, self._no, id="cancel"))

    def _yes(self) -> None:
        self.close()
        self.on_yes()

    def _no(self) -> None:
        self.close()
        if self.on_no is not None:
            self.on_no()

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self._no()
            return True
        return super().handle(ev)


class AskText(Modal):
    """Ask for one line of text (a save's name): type and press Enter, or Enter at once to take
    the suggestion shown in grey. on_ok(text) returns None when done, else the reason (it stays)."""

    def __init__(self, screen_size, title: str, prompt: str, suggestion: str,
                 on_ok: Callable[[str], str | None], ok_label: str = "OK"):
        self.title, self.prompt, self.suggestion = title, prompt, suggestion
        self.on_ok, self.ok_label = on_ok, ok_label
        self.message = ""
        self.text = ""
        super().__init__(screen_size, (560, 250))

    def layout(self) -> None:
        r = self.rect
        self.root.add(Label(pygame.Rect(r.x + 24, r.y + 52, r.width - 48, 26), self.prompt, 19, TEXT))
        self.field = self.root.add(TextField((r.x + 24, r.y + 84, r.width - 48, 38), self.text,
                                             on_submit=lambda _t: self._ok(), id="name",
                                             on_change=lambda t: setattr(self, "text", t),
                                             placeholder=self.suggestion, max_len=60))
        self.field.focused = True
        self.root.add(Button((r.right - 250, r.bottom - 58, 110, 40), self.ok_label, self._ok, id="ok",
                             primary=True))
        self.root.add(Button((r.right - 130, r.bottom - 58, 110, 40), "Cancel", self.close, id="cancel"))
        self.msg_rect = pygame.Rect(r.x + 24, r.y + 128, r.width - 48, 40)

    def _ok(self) -> None:
        text = self.text.strip() or self.suggestion
        reason = self.on_ok(text)          # its own refusals come back as words; a bug reaches the
        if reason:                          # error panel and the dialog stays open with the text typed
            self.message = reason
        else:
            self.close()

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.close()                   # Esc cancels at once, even while typing
            return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._ok()
            return True
        return super().handle(ev)

    def draw(self, surf) -> None:
        super().draw(surf)
        if self.message:
            draw_wrapped(surf, self.message, self.msg_rect, 17, ERROR, max_lines=2)


class FileDialog(Modal):
    """Pick a file: a list (`lister()` -> [(path, title, detail)]) plus a path field.

    on_open(path) returns None when the file was opened, else the reason to show (the dialog stays).
    """

    def __init__(self, screen_size, title: str, lister: Callable[[], list | background.Background],
                 on_open: Callable[[str], str | None],
                 open_label: str = "Open", empty_text: str = "No files yet", hint: str = ""):
        self.title = title
        self.lister = lister
        self.on_open = on_open
        self.open_label = open_label
        self.empty_text = empty_text
        self.hint = hint
        self.message = ""
        self.path_text = ""
        self.items = []
        self.job: background.Background | None = None     # a listing read in a thread
        found = lister()
        if isinstance(found, background.Background):
            if found.join(background.LIST_WAIT_S):      # a short wait: most lists are there at once
                if found.error:
                    self.message = f"Could not list the files: {found.error}"
                found = found.result() or []
            else:
                self.job, found = found, []
        self.items = list(found)
        super().__init__(screen_size, (720, 560))

    def update(self) -> bool:
        """True when the listing read in the background arrived (the list shows it)."""
        job = self.job
        if job is None or not job.finished:
            return False
        self.job = None
        self.items = list(job.result() or [])
        if job.error:
            self.message = f"Could not list the files: {job.error}"
        self.listbox.set_items(self.items)
        self.listbox.empty_text = self.empty_text
        return True

    def layout(self) -> None:
        r = self.rect
        list_h = max(60, r.height - 56 - 130)
        self.listbox = self.root.add(ListBox((r.x + 20, r.y + 52, r.width - 40, list_h), self.items,
                                             on_select=self._selected, on_activate=self._open_path,
                                             id="files", empty_text=("Reading the saves…" if self.job
                                                                     else self.empty_text)))
        y = r.y + 52 + list_h + 10
        self.field = self.root.add(TextField((r.x + 20, y, r.width - 40, 36), self.path_text,
                                             on_submit=self._open_path, id="path",
                                             placeholder=self.hint or "or type a file path here"))
        y += 46
        self.root.add(Button((r.right - 250, y, 110, 40), self.open_label, self._open_clicked, id="open",
                             primary=True))
        self.root.add(Button((r.right - 130, y, 110, 40), "Cancel", self.close, id="cancel"))
        self.msg_rect = pygame.Rect(r.x + 20, y, r.width - 290, 44)

    def resize(self, screen_size) -> None:
        if hasattr(self, "field"):
            self.path_text = self.field.text
        super().resize(screen_size)

    def _selected(self, path) -> None:
        self.field.text = str(path)
        self.message = ""

    def _open_clicked(self) -> None:
        self._open_path(self.field.text)

    def _open_path(self, path) -> None:
        path = str(path or "").strip()
        if not path:
            self.message = "Choose a file in the list or type its path."
            return
        reason = self.on_open(path)        # a refusal in words; a bug reaches the error panel, the dialog stays
        if reason:
            self.message = reason
        else:
            self.close()

    def draw(self, surf) -> None:
        super().draw(surf)
        if self.message:
            draw_wrapped(surf, self.message, self.msg_rect, 17, ERROR, max_lines=2)


class Toast:
    """A message at the bottom of the screen. It stays until `dismiss()` (the screen calls it on
    the next click or move: text is never lost to a timer), or for `seconds` when given."""

    def __init__(self):
        self.text = ""
        self.until: float | None = None
        self.error = False

    def show(self, text: str, seconds: float | None = None, error: bool = False) -> None:
        self.text, self.error = str(text), error
        self.until = None if seconds is None else time.monotonic() + seconds

    def dismiss(self) -> bool:
        """Put it away; True when one was showing."""
        shown, self.text = bool(self.text), ""
        return shown

    def active(self) -> bool:
        return bool(self.text) and (self.until is None or time.monotonic() < self.until)

    def update(self) -> bool:
        if self.text and self.until is not None and time.monotonic() >= self.until:
            self.text = ""
            return True
        return False

    def draw(self, surf, bottom_margin: int = 16) -> None:
        if not self.active():
            return
        sw, sh = surf.get_size()
        fnt = font(20)
        lines = wrap(fnt, self.text, min(900, sw - 80))[:8]       # all of it
        w = max(fnt.size(line)[0] for line in lines) + 28
        h = len(lines) * fnt.get_linesize() + 16
        r = pygame.Rect((sw - w) // 2, sh - h - bottom_margin, w, h)
        pygame.draw.rect(surf, (120, 30, 36) if self.error else (24, 28, 40), r, border_radius=8)
        pygame.draw.rect(surf, ACCENT, r, 1, border_radius=8)
        for k, line in enumerate(lines):
            surf.blit(fnt.render(line, True, TEXT), (r.x + 14, r.y + 8 + k * fnt.get_linesize()))

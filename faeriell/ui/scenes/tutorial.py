"""The guided game's chapter list (scene "tutorial"): every chapter of data/tutorial/ with what
it teaches, a tick on the finished ones and "step N" on the one left half-way. A click on a
chapter opens it on the table (where it was left, if it was); Resume opens the chapter left
half-way; Back returns to the start screen.

The chapters and the progress come from faeriell.tutorial (no rule here); opening one is
`host.open_tutorial(chapter_id, step)`.
"""
from __future__ import annotations

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.text import draw_text, draw_wrapped, font, wrapped_height
from faeriell.ui.controls import Button, Label
from faeriell.ui.theme import ACCENT, ERROR, MUTED, OK, PANEL_EDGE
from faeriell.ui.scene import Host, MenuScene
from faeriell.tutorial.chapters import ChapterError, load_all
from faeriell.tutorial.progress import default_progress

ROW_H = 64
HEAD_H = 34
HOW_TO_WIN = "How to win: you choose, and the coach grades each pick"


class TutorialScene(MenuScene):
    def __init__(self, host: Host, message: str | None = None, progress=None):
        self.host = host
        self.size = host.size
        self.progress = progress if progress is not None else default_progress()
        self.status = message
        try:
            self.chapters = load_all()
        except ChapterError as e:            # a broken chapter file: say which, keep the window
            self.chapters = []
            self.status = str(e)
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        self.layout()

    # ---- what the list shows -----------------------------------------------------------------
    def state_of(self, chapter_id: str) -> str:
        """'done', 'step N' (left half-way) or ''."""
        at = self.progress.resume_point()
        if at and at[0] == chapter_id and at[1] > 0:
            return f"step {at[1] + 1}"
        return "done" if chapter_id in self.progress.done() else ""

    def resume_target(self) -> tuple[str, int] | None:
        """The chapter left half-way (past its first step), else the first one not done, else None."""
        return self.progress.next_to_play(c.id for c in self.chapters)

    # ---- actions -----------------------------------------------------------------------------
    def open(self, chapter_id: str) -> None:
        err = self.host.open_tutorial(chapter_id, self.progress.step_of(chapter_id))
        if err:
            self.status = err

    def resume(self) -> None:
        t = self.resume_target()
        if t is None:
            self.status = "Every chapter is done. Pick any one to play it again."
            return
        err = self.host.open_tutorial(t[0], t[1])
        if err:
            self.status = err

    # ---- layout ------------------------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        pw = min(860, w - 48)
        top = 22 + font(60).get_height() + 3 + font(20).get_height() + 10   # under the title's two lines
        return pygame.Rect((w - pw) // 2, top, pw, max(200, h - top - 24))

    def layout(self) -> None:
        r = self.panel_rect()
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        body = W.Container(pygame.Rect(r.x + 20, r.y + 52, r.width - 40, r.height - 52 - 84), scrollable=True)
        y = body.rect.y
        first_choice = next((k for k, c in enumerate(self.chapters) if any(st.kind == "choose" for st in c.steps)), None)
        for k, c in enumerate(self.chapters):
            if k == first_choice and k > 0:       # the rules chapters above, the strategy chapters below
                body.add(Label((body.rect.x + 4, y, body.rect.width - 14, HEAD_H - 6), HOW_TO_WIN, 19,
                               ACCENT, bold=True, id="how_to_win"))
                y += HEAD_H
            state = self.state_of(c.id)
            mark = {"done": "Done", "": ""}.get(state, f"left at {state}")
            title = f"{k + 1}. {c.title}"
            row = _ChapterRow((body.rect.x, y, body.rect.width - 10, ROW_H - 6), title, c.about, mark,
                              (lambda cid=c.id: self.open(cid)), id=f"chapter_{c.id}")
            row.rect.h = max(ROW_H - 6, row.height_needed())
            body.add(row)
            y += row.rect.h + 6
        self.root.add(body)
        t = self.resume_target()
        label = "Resume" if (t and t[1] > 0) else "Start" if not self.progress.done() else "Next chapter"
        self.root.add(Button((r.right - 20 - 200, r.bottom - 66, 200, 48), label, self.resume, id="resume",
                             primary=True, size=26, enabled=t is not None))
        self.root.add(Button((r.x + 20, r.bottom - 66, 150, 48), "Back", lambda: self.host.go("start"),
                             id="back", size=24))

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        return self.menu_event(ev, escape=lambda: self.host.go("start"), enter=self.resume)

    def draw(self, surf) -> None:
        w, h = self.size
        self.draw_heading(surf, "Learn to play")
        draw_text(surf, "a guided first game on the real table: each step says what to do and why",
                  (26, 22 + font(60).get_height() + 3), 20, MUTED, width=max(100, w - 50))
        r = self.panel_rect()
        done = len(self.progress.done() & {c.id for c in self.chapters})
        W.panel(surf, r, f"Chapters ({done} of {len(self.chapters)} done)")
        self.root.draw(surf)
        if self.status:
            draw_wrapped(surf, self.status, pygame.Rect(r.x + 190, r.bottom - 66, r.width - 420, 52), 17,
                         ERROR, max_lines=3)
        elif self.progress.error:
            draw_wrapped(surf, f"Your progress could not be saved: {self.progress.error}.",
                         pygame.Rect(r.x + 190, r.bottom - 66, r.width - 420, 52), 17, ERROR, max_lines=3)


class _ChapterRow(Button):
    """One chapter: its title, what it teaches, and whether it is done."""

    def __init__(self, rect, title: str, about: str, mark: str, on_click, id=None):
        super().__init__(rect, title, on_click, id=id)
        self.about, self.mark = about, mark

    def _text_w(self) -> int:
        return self.rect.width - 28 - (130 if self.mark else 0)

    def height_needed(self) -> int:
        """Its title and its whole description, wrapped, at the Text size: at "Larger" the row
        grows instead of cutting the description or drawing it smaller than at "Normal"."""
        return 8 + font(22).get_linesize() + 2 + wrapped_height(self.about, self._text_w(), 16) + 6

    def draw(self, surf) -> None:
        bg, fg = self.colours()
        pygame.draw.rect(surf, bg, self.rect, border_radius=6)
        pygame.draw.rect(surf, ACCENT if self.hover else PANEL_EDGE, self.rect, 1, border_radius=6)
        title = draw_text(surf, self.text, (self.rect.x + 14, self.rect.y + 8), 22, fg, width=self._text_w())
        top = max(self.rect.y + 34, title.y + font(22).get_linesize() + 2)
        draw_wrapped(surf, self.about, pygame.Rect(self.rect.x + 14, top, self._text_w(), self.rect.bottom - top),
                       16, MUTED)
        if self.mark:
            col = OK if self.mark == "Done" else ACCENT
            draw_text(surf, self.mark, (self.rect.right - 14, self.rect.centery), 18, col, anchor="midright")

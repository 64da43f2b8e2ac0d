"""The coach panel: its best moves (plan, reason, chance), "Think longer", and one line saying
what it imagined. The thinking runs in a bot_driver.Job thread as the table's hint does: the
frames go on; a result for a position no longer shown is dropped."""
from __future__ import annotations

from typing import Callable

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.bot_driver import Job

TEXT_PX = 16


class CoachPanel:
    def __init__(self, ask: Callable[..., object]):
        """`ask(game, longer)` -> an answer with .moves (each: label, plan, reason, chance) and
        .note (what was imagined): faeriell.analysis's coach."""
        self.ask = ask
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.job: Job | None = None
        self.answer = None
        self.answer_key = None        # the position the answer is about
        self.error: str | None = None
        self.longer = False

    def start(self, game, key, longer: bool = False) -> None:
        if self.job is not None and not self.job.done.is_set():
            return                    # one question at a time; the panel says it is thinking
        self.longer = longer
        self.error = None
        g = game.copy()
        self.job = Job(lambda: self.ask(g, longer), tag=key, name="analysis-coach")
        self.job.start()

    def thinking(self) -> bool:
        return self.job is not None and not self.job.done.is_set()

    def poll(self, key) -> bool:
        """True when an answer arrived (kept only for the position `key` still shown)."""
        job = self.job
        if job is None or not job.done.is_set():
            return False
        self.job = None
        if job.tag != key:
            return True
        if job.error is not None:
            self.error = f"The coach could not answer: {job.error}"
            self.answer = None
        else:
            self.answer, self.answer_key = job.result, key
        return True

    def shown(self, key):
        return self.answer if self.answer_key == key else None

    def draw(self, surf, key) -> None:
        r = self.rect
        pygame.draw.rect(surf, W.FIELD_BG, r, border_radius=4)
        pygame.draw.rect(surf, W.PANEL_EDGE, r, 1, border_radius=4)
        x, y, w = r.x + 8, r.y + 6, r.width - 16
        answer = self.shown(key)
        if self.thinking():
            W.draw_text(surf, "The coach is thinking" + (" longer…" if self.longer else "…"), (x, y), TEXT_PX,
                        W.MUTED, width=w)
            return
        if self.error:
            W.draw_wrapped(surf, self.error, pygame.Rect(x, y, w, r.height - 12), TEXT_PX, W.ERROR, max_lines=4)
            return
        if answer is None:
            W.draw_wrapped(surf, "Ask the coach for its best moves in this position.",
                           pygame.Rect(x, y, w, r.height - 12), TEXT_PX, W.MUTED)
            return
        bottom = r.bottom - 6
        note_h = W.wrapped_height(answer.note, w, TEXT_PX - 1, 0)
        limit = bottom - note_h - 4                # the moves never run into the note under them
        cw = W.font(TEXT_PX).size("100%")[0] + 8
        for k, m in enumerate(answer.moves):
            parts = [(f"{k + 1}. {m.label}", 0, w - cw, TEXT_PX, W.TEXT)]
            if m.plan[1:]:
                parts.append(("then " + "; ".join(m.plan[1:]), 10, w - 10, TEXT_PX - 1, (190, 200, 226)))
            if m.reason:
                parts.append((m.reason, 10, w - 10, TEXT_PX - 1, W.MUTED))
            # as much of the move as there is room for: its reason, then its plan, give way first
            while parts:
                need = sum(_lines_h(t, ww, px, 2) for t, _x, ww, px, _c in parts)
                if y + need <= limit:
                    break
                parts.pop()
            if not parts:
                break
            W.draw_text(surf, f"{round(m.chance * 100)}%", (r.right - 8, y), TEXT_PX, W.ACCENT, anchor="topright")
            for text, dx, ww, px, colour in parts:
                y += W.draw_wrapped(surf, text, pygame.Rect(x + dx, y, ww, 40), px, colour, 0, max_lines=2)
            y += 4
        W.draw_wrapped(surf, answer.note, pygame.Rect(x, bottom - note_h, w, note_h), TEXT_PX - 1, W.MUTED, 0)


def _lines_h(text: str, width: int, px: int, most: int) -> int:
    """The height draw_wrapped gives `text` at `px` in `width`, at most `most` lines."""
    fnt = W.font(px)
    n = min(most, len(W.wrap(fnt, text, max(10, width))))
    return n * fnt.get_linesize()

"""The coach panel: its best moves (plan, reason, chance), "Think longer", and one line saying
what it imagined. The thinking runs in a bot_driver.Job thread as the table's hint does: the
frames go on; a result for a position no longer shown is dropped."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from faeriell import analysis as an
from faeriell.ui.text import draw_text, draw_wrapped, font, wrap, wrapped_height
from faeriell.ui.theme import ACCENT, ERROR, FIELD_BG, MUTED, PANEL_EDGE, TEXT
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

    @staticmethod
    def fit(moves, w: int, cw: int, room: int) -> list[list]:
        """What of each move the panel shows in `room` px: every move's label first (the coach
        gives at least three moves), then, move by move, its plan and its reason while they fit;
        in a very short panel, the labels that fit."""
        each = [_parts(k, m, w, cw) for k, m in enumerate(moves)]
        h = [[_lines_h(t, ww, px, 2) for t, _x, ww, px, _c in ps] for ps in each]
        shown: list[list] = []
        used = 0
        for ps, hs in zip(each, h, strict=False):
            if used + hs[0] + 4 > room:
                break
            shown.append([ps[0]])
            used += hs[0] + 4
        for k, (ps, hs) in enumerate(zip(each[:len(shown)], h, strict=False)):
            for part, ph in zip(ps[1:], hs[1:], strict=False):
                if used + ph > room:
                    break
                shown[k].append(part)
                used += ph
        return shown

    def draw(self, surf, key) -> None:
        r = self.rect
        pygame.draw.rect(surf, FIELD_BG, r, border_radius=4)
        pygame.draw.rect(surf, PANEL_EDGE, r, 1, border_radius=4)
        x, y, w = r.x + 8, r.y + 6, r.width - 16
        answer = self.shown(key)
        if self.thinking():
            draw_text(surf, "The coach is thinking" + (" longer…" if self.longer else "…"), (x, y), TEXT_PX,
                        MUTED, width=w)
            return
        if self.error:
            draw_wrapped(surf, self.error, pygame.Rect(x, y, w, r.height - 12), TEXT_PX, ERROR, max_lines=4)
            return
        if answer is None:
            draw_wrapped(surf, "Ask the coach for its best moves in this position.",
                           pygame.Rect(x, y, w, r.height - 12), TEXT_PX, MUTED)
            return
        # the figures' name, as over the tree: one chance with one meaning on the whole board
        draw_text(surf, an.CHANCE_WORDS, (r.right - 8, y), TEXT_PX - 1, MUTED, anchor="topright")
        y += font(TEXT_PX - 1).get_linesize()
        bottom = r.bottom - 6
        note_h = wrapped_height(answer.note, w, TEXT_PX - 1, 0)
        limit = bottom - note_h - 4                # the moves never run into the note under them
        cw = font(TEXT_PX).size("100%")[0] + 8
        shown = self.fit(answer.moves, w, cw, limit - y)
        for m, parts in zip(answer.moves, shown, strict=False):
            draw_text(surf, f"{round(m.chance * 100)}%", (r.right - 8, y), TEXT_PX, ACCENT, anchor="topright")
            for text, dx, ww, px, colour in parts:
                y += draw_wrapped(surf, text, pygame.Rect(x + dx, y, ww, 40), px, colour, 0, max_lines=2)
            y += 4
        draw_wrapped(surf, answer.note, pygame.Rect(x, bottom - note_h, w, note_h), TEXT_PX - 1, MUTED, 0)


def _parts(k: int, m, w: int, cw: int) -> list:
    """A move's lines as (text, dx, width, px, colour): its label, its plan, its reason."""
    parts = [(f"{k + 1}. {m.label}", 0, w - cw, TEXT_PX, TEXT)]
    if m.plan[1:]:
        parts.append(("then " + "; ".join(m.plan[1:]), 10, w - 10, TEXT_PX - 1, (190, 200, 226)))
    if m.reason:
        parts.append((m.reason, 10, w - 10, TEXT_PX - 1, MUTED))
    return parts


def _lines_h(text: str, width: int, px: int, most: int) -> int:
    """The height draw_wrapped gives `text` at `px` in `width`, at most `most` lines."""
    fnt = font(px)
    n = min(most, len(wrap(fnt, text, max(10, width))))
    return n * fnt.get_linesize()

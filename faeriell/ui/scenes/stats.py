"""The Progress screen (scene "stats"): your finished games by mode, difficulty, players and
variants (games, wins, average Achievements and Doom at the end), the last 30 days against all
time with a chart of games per day, the review's accuracy per game, your puzzle rating and drills
done. The figures come from faeriell.practice.stats (stats.json in the data folder).
"""
from __future__ import annotations

import datetime as dt
import time

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.controls import Button, Choice
from faeriell.ui.text import draw_text, draw_wrapped
from faeriell.ui.theme import ACCENT, ERROR, MUTED, TEXT
from faeriell.ui.scene import Host, MenuScene
from faeriell.practice.drills import DrillBook
from faeriell.practice.stats import StatsBook
from faeriell.practice.store import data_folder
from faeriell.practice.trainer import Trainer

GROUPS = (("mode", "Mode"), ("difficulty", "Difficulty"), ("players", "Players"), ("variants", "Variants"))
MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}


def _pct(x) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


def _num(x) -> str:
    return "—" if x is None else f"{x:.1f}"


class StatsScene(MenuScene):
    ui_scaled = True        # drawn larger with the Interface size (canvas.ui_factor)

    def __init__(self, host: Host, folder=None, clock=time.time, back=None):
        self.host = host
        self.back_scene = back
        folder = folder if folder is not None else data_folder()
        self.book = StatsBook(folder, clock)
        self.trainer = Trainer(folder, [], clock)
        self.drills = DrillBook(folder, clock)
        self.group = "mode"
        self.size = host.size
        self.layout()

    def value_name(self, v: str) -> str:
        if self.group == "mode":
            return MODE_NAMES.get(v, v)
        if self.group == "variants":
            if v == "none":
                return "no variant"
            known = (self.host.rules.modes.get("variants") or {}) if self.host.rules is not None else {}
            # a variant the rules no longer know (an old statistics file): its id, readable
            return str((known.get(v) or {}).get("name") or v.replace("_", " "))
        if self.group == "players":
            return f"{v} player{'s' if v != '1' else ''}"
        return v.replace("_", " ").capitalize()

    def set_group(self, g) -> None:
        self.group = g
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        self.root = W.Container(pygame.Rect(0, 0, w, h))
        self.root.add(Choice((24, 96, min(560, w // 2 - 36), 38), list(GROUPS), self.group, self.set_group,
                             id="group"))
        self.root.add(Button((w - 164, h - 64, 140, 44), "Back", self.back, id="back"))

    def handle_event(self, ev) -> bool:
        return self.menu_event(ev, escape=self.back)

    def draw(self, surf) -> None:
        w, h = self.size
        self.draw_heading(surf, "Your progress")
        note = " ".join(b.note for b in (self.book, self.trainer, self.drills) if b.note)
        if note:
            draw_text(surf, note, (24, 74), 16, ERROR, width=w - 48)
        left = pygame.Rect(24, 144, w // 2 - 36, h - 144 - 84)
        right = pygame.Rect(w // 2 + 12, 96, w // 2 - 36, h - 96 - 84)
        self._draw_table(surf, left)
        self._draw_right(surf, right)
        self.root.draw(surf)

    def _draw_table(self, surf, r) -> None:
        W.panel(surf, r)
        cols = (r.x + 14, r.x + r.width * 0.42, r.x + r.width * 0.56, r.x + r.width * 0.70, r.x + r.width * 0.85)
        y = r.y + 10
        for x, t in zip(cols, ("", "Games", "Won", "Achiev.", "Doom"), strict=False):
            draw_text(surf, t, (int(x), y), 17, MUTED)
        y += 28
        rows = self.book.table(self.group)
        if not rows:
            draw_wrapped(surf, "No finished game yet: a game you finish at the table counts here.",
                         pygame.Rect(r.x + 14, y, r.width - 28, 60), 18, MUTED)
        for value, f in rows:
            if y > r.bottom - 26:
                break
            cells = (self.value_name(value), str(f.games), _pct(f.win_rate), _num(f.achievements), _num(f.doom))
            for k, (x, t) in enumerate(zip(cols, cells, strict=False)):
                draw_text(surf, t, (int(x), y), 18, TEXT, width=int(cols[1] - cols[0] - 8) if k == 0 else None)
            y += 26

    def _draw_right(self, surf, r) -> None:
        recent, ever = self.book.compare(30)
        W.panel(surf, r)
        x, y = r.x + 14, r.y + 10
        draw_text(surf, "Last 30 days", (x + 150, y), 17, MUTED)
        draw_text(surf, "All time", (x + 290, y), 17, MUTED)
        y += 26
        for label, a, b in (("Games", str(recent.games), str(ever.games)),
                            ("Won", _pct(recent.win_rate), _pct(ever.win_rate)),
                            ("Achievements", _num(recent.achievements), _num(ever.achievements)),
                            ("Doom at the end", _num(recent.doom), _num(ever.doom)),
                            ("Review accuracy", _pct(recent.accuracy), _pct(ever.accuracy))):
            draw_text(surf, label, (x, y), 18, TEXT)
            draw_text(surf, a, (x + 150, y), 18, TEXT)
            draw_text(surf, b, (x + 290, y), 18, TEXT)
            y += 25
        chart = pygame.Rect(x, y + 8, r.width - 28, 120)
        self._draw_bars(surf, chart)
        y = chart.bottom + 12
        t = self.trainer
        draw_text(surf, f"Puzzle rating {t.player.rating:.0f} ({t.tried} tried, {t.solved} solved) · "
                  f"drills done {self.drills.done}, {len(self.drills.due())} due", (x, y), 18, TEXT,
                  width=r.width - 28)
        y += 30
        # wrapped, not shrunk: a larger Text size never draws it smaller nor cuts it
        y += draw_wrapped(surf, "Review accuracy per game (decisions at stake within 5 points of the best move)",
                            pygame.Rect(x, y, r.width - 28, 200), 16, MUTED) + 2
        reviewed = [g for g in self.book.games if g.accuracy is not None][-8:]
        if not reviewed:
            draw_text(surf, "Open a finished game's review to measure it.", (x, y), 17, MUTED)
        for g in reversed(reviewed):
            if y > r.bottom - 22:
                break
            day = dt.datetime.fromtimestamp(g.time, dt.UTC).strftime("%d %b")
            draw_text(surf, f"{day} · {MODE_NAMES.get(g.mode, g.mode)}, {g.difficulty.replace('_', ' ')} · "
                      f"{'won' if g.won else 'lost'} · {_pct(g.accuracy)}", (x, y), 17, TEXT, width=r.width - 28)
            y += 22

    def _draw_bars(self, surf, r) -> None:
        """Games per day over the last 30 days, the wins in gold on top of the losses."""
        series = self.book.daily_series(30)
        pygame.draw.rect(surf, (26, 32, 46), r, border_radius=6)
        draw_text(surf, "Games per day, last 30 days (gold: won)", (r.x + 8, r.y + 4), 15, MUTED)
        top = max([n for _, n, _ in series] + [1])
        inner = pygame.Rect(r.x + 8, r.y + 24, r.width - 16, r.height - 30)
        bw = inner.width / len(series)
        for k, (_d, n, won) in enumerate(series):
            if not n:
                continue
            bx = int(inner.x + k * bw + 1)
            hl = int(inner.height * (n - won) / top)
            hw = int(inner.height * won / top)
            if hw:
                pygame.draw.rect(surf, ACCENT, (bx, inner.bottom - hw, max(1, int(bw) - 2), hw))
            if hl:
                pygame.draw.rect(surf, MUTED, (bx, inner.bottom - hw - hl, max(1, int(bw) - 2), hl))

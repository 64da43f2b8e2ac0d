"""The tree of variations drawn as rows: one move a row, a branch indented one step, the
current move highlighted, the coach's chance (the mover's win chance after it) at the right.
A click on a row jumps there (`row_at`)."""
from __future__ import annotations

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.analysis.lines import Lines, Node

ROW_H = 24
INDENT = 14
TEXT_PX = 16


class TreePanel:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.scroll = 0
        self.hits: list[tuple[pygame.Rect, Node]] = []

    def row_at(self, pos) -> Node | None:
        for r, node in self.hits:
            if r.collidepoint(pos):
                return node
        return None

    def wheel(self, dy: int, lines: Lines) -> None:
        most = max(0, len(lines.rows()) * ROW_H - self.rect.height + 30)
        self.scroll = max(0, min(most, self.scroll - dy * ROW_H))

    def draw(self, surf, lines: Lines, label) -> None:
        """`label(node)`: the move in words (the table's Words.action)."""
        r = self.rect
        pygame.draw.rect(surf, W.FIELD_BG, r, border_radius=4)
        pygame.draw.rect(surf, W.PANEL_EDGE, r, 1, border_radius=4)
        rows = lines.rows()
        self.hits = []
        head = pygame.Rect(r.x + 6, r.y + 4, r.width - 12, ROW_H)
        on_root = lines.current is lines.root
        if on_root:
            pygame.draw.rect(surf, W.SELECT, head, border_radius=3)
        W.draw_text(surf, "Start position", (head.x + 4, head.centery), TEXT_PX, W.ACCENT, anchor="midleft",
                    width=head.width // 2)
        if rows:                                  # what the figures at the right are
            W.draw_text(surf, "mover's chance", (head.right - 4, head.centery), TEXT_PX - 1, W.MUTED,
                        anchor="midright")
        self.hits.append((head.copy(), lines.root))
        if not rows:
            W.draw_wrapped(surf, "Play a move on the table: it starts the first line. Step back and "
                           "play another to branch.", pygame.Rect(r.x + 8, head.bottom + 6, r.width - 16, 90),
                           TEXT_PX, W.MUTED)
            return
        # keep the current move in view
        k = next((i for i, (n, _d) in enumerate(rows) if n is lines.current), -1)
        body_h = r.height - ROW_H - 10
        if k >= 0:
            top, bottom = k * ROW_H, (k + 1) * ROW_H
            if top < self.scroll:
                self.scroll = top
            elif bottom > self.scroll + body_h:
                self.scroll = bottom - body_h
        clip = surf.get_clip()
        body = pygame.Rect(r.x + 2, head.bottom + 2, r.width - 4, body_h)
        surf.set_clip(body.clip(clip) if clip else body)
        try:
            for i, (node, depth) in enumerate(rows):
                y = body.y + i * ROW_H - self.scroll
                if y + ROW_H < body.y or y > body.bottom:
                    continue
                row = pygame.Rect(r.x + 6, y, r.width - 12, ROW_H - 2)
                if node is lines.current:
                    pygame.draw.rect(surf, W.SELECT, row, border_radius=3)
                x = row.x + 4 + min(depth, 6) * INDENT
                if depth:
                    pygame.draw.line(surf, W.PANEL_EDGE, (x - 8, row.y + 2), (x - 8, row.bottom - 2))
                chance = "" if node.chance is None else f"{round(node.chance * 100)}%"
                cw = W.font(TEXT_PX).size("100%")[0] + 6 if chance else 0
                colour = W.TEXT if depth == 0 else (206, 200, 226)
                W.draw_text(surf, f"{node.depth()}. {label(node)}", (x, row.centery), TEXT_PX, colour,
                            anchor="midleft", width=row.right - x - cw - 4)
                if chance:
                    W.draw_text(surf, chance, (row.right - 4, row.centery), TEXT_PX, W.ACCENT, anchor="midright")
                self.hits.append((row.clip(body), node))
        finally:
            surf.set_clip(clip)

"""The simple table: the island plus a list of the legal moves. Used when the real table
(faeriell/ui/table/) cannot open, and by tests that need a table without its pictures.
"""
from __future__ import annotations

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.scene import Scene

TITLE = "Sons of Faeriell"
BAR_H = 30
BAR_BG = (30, 26, 34)
BAR_FG = (236, 226, 200)
HINT_FG = (170, 160, 150)
DRAG_BUTTONS = (1, 2, 3)
DRAG_THRESHOLD = 3          # px before a press becomes a drag (a click stays a click)


class StandInTable(Scene):
    """The island plus a list of the legal moves: a playable table until the real one lands."""

    PANEL_W = 380

    def __init__(self, session, assets, size, curtain=True, map_path=None, **_):
        from faeriell.content.map_loader import default_map_path
        from faeriell.ui.map_view import MapView
        from faeriell.ui.dialogs import Toast
        self.session = session
        self.assets = assets
        self.size = tuple(size)
        self.curtain = curtain
        self.catalog = session.game.rules.catalog
        self.map_view = MapView(session.game.rules.board, map_path or default_map_path(), self.catalog,
                                assets, self.map_rect())
        self.toast = Toast()
        self.mouse = self.map_rect().center
        self._press = None
        self._dragging = False
        self._seen = -1
        self.moves = W.ListBox(self.list_rect(), [], on_select=self._chosen, id="moves", row=26,
                               empty_text="No move to make")
        self.last_action = None
        self._refresh()

    # ---- geometry
    def panel_w(self) -> int:
        return min(self.PANEL_W, max(200, self.size[0] // 3))

    def map_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, BAR_H, max(1, w - self.panel_w()), max(1, h - BAR_H))

    def list_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - self.panel_w() + 8, BAR_H + 96, self.panel_w() - 16, max(40, h - BAR_H - 104))

    def resize(self, size) -> None:
        self.size = tuple(size)
        self.map_view.set_viewport(self.map_rect())
        self.moves.rect = self.list_rect()
        self.moves.set_items(self.moves.items)

    # ---- the table API
    def flash(self, text: str) -> None:
        self.toast.show(text)

    def animate(self, action) -> None:
        self.last_action = action

    def _refresh(self) -> None:
        if self._seen == self.session.version:
            return
        self._seen = self.session.version
        try:
            legal = self.session.legal() if self.session.is_human_turn() else []
        except Exception:
            legal = []
        self.moves.set_items([(a, str(a)) for a in legal])
        self.moves.selected = None
        self.moves.scroll = 0

    def _chosen(self, action) -> None:
        reason = self.session.apply(action)
        if reason:
            self.flash(reason)
        self._refresh()

    # ---- Scene
    def handle_event(self, ev) -> bool:
        dismissed = ev.type == pygame.MOUSEBUTTONDOWN and self.toast.dismiss()   # a click puts the message away
        listed = self.moves.handle(ev) or dismissed
        if ev.type == pygame.MOUSEMOTION:
            return self._motion(ev.pos) or listed
        if listed:
            return True
        mv = self.map_view
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_HOME, pygame.K_0):
            mv.fit()
            return True
        if ev.type == pygame.MOUSEWHEEL and self.map_rect().collidepoint(self.mouse):
            steps = ev.y if not getattr(ev, "flipped", False) else -ev.y
            return bool(steps) and mv.zoom_at(self.mouse, 1 if steps > 0 else -1)
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button in DRAG_BUTTONS and self.map_rect().collidepoint(ev.pos) and mv.is_empty_at(ev.pos):
                self._press, self._dragging = ev.pos, False
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button in DRAG_BUTTONS and self._press is not None:
            changed = self._motion(ev.pos)
            self._press, self._dragging = None, False
            return changed
        return False

    def _motion(self, pos) -> bool:
        last, self.mouse = self.mouse, pos
        if self._press is None:
            return False
        if not self._dragging:
            if abs(pos[0] - self._press[0]) + abs(pos[1] - self._press[1]) < DRAG_THRESHOLD:
                return False
            self._dragging = True
            last = self._press
        return self.map_view.pan_by(pos[0] - last[0], pos[1] - last[1])

    def update(self, dt_ms: int) -> bool:
        changed = self._seen != self.session.version
        self._refresh()
        return self.toast.update() or changed

    def draw(self, surf) -> None:
        surf.fill((20, 40, 70))
        self.map_view.draw(surf)
        self._draw_pieces(surf)
        self._draw_bar(surf)
        self._draw_panel(surf)
        self.toast.draw(surf)

    def _draw_pieces(self, surf) -> None:
        s = self.session.state
        mv = self.map_view
        board = self.session.game.rules.board
        old = surf.get_clip()
        surf.set_clip(self.map_rect())
        for i, t in enumerate(s.tribes):
            rgb = W.tribe_rgb(self.catalog, t.id)
            for reg in t.settlements:
                if reg in board.regions:
                    x, y = mv.map_to_screen(board.regions[reg].center)
                    r = pygame.Rect(0, 0, 16, 16)
                    r.center = (x, y)
                    pygame.draw.rect(surf, rgb, r)
                    pygame.draw.rect(surf, (20, 20, 20), r, 2)
            for h, hero in t.heroes.items():
                if hero.node in board.nodes:
                    x, y = mv.map_to_screen(board.nodes[hero.node].pos)
                    pygame.draw.circle(surf, rgb, (x, y), 9)
                    pygame.draw.circle(surf, (20, 20, 20), (x, y), 9, 2)
                    W.draw_text(surf, h[:2].capitalize(), (x, y), 15, (20, 20, 20), anchor="center")
        for gd, d in s.guardians.items():
            reg = d.get("region")
            if reg in board.regions:
                x, y = mv.map_to_screen(board.regions[reg].center)
                tok = d.get("token")
                colour = (240, 240, 240)
                if tok:
                    kind = self.session.game.rules.token_kind(tok)
                    colour = {"red": (208, 62, 50), "yellow": (236, 194, 46), "blue": (58, 118, 208),
                              "green": (64, 158, 72)}.get(kind, (90, 40, 110))
                pygame.draw.circle(surf, colour, (x, y + 18), 7)
                pygame.draw.circle(surf, (20, 20, 20), (x, y + 18), 7, 1)
        surf.set_clip(old)

    def _draw_bar(self, surf) -> None:
        w = surf.get_width()
        pygame.draw.rect(surf, BAR_BG, (0, 0, w, BAR_H))
        s = self.session.state
        info = f"{TITLE}   ·   {s.mode}, {s.difficulty}   ·   round {s.round}   ·   Doom {s.doom}"
        W.draw_text(surf, info, (10, 8), 22, BAR_FG, width=w // 2)
        hint = "Esc: menu   Ctrl+Z: undo   Ctrl+S: save   H: hint   wheel/drag: map"
        W.draw_text(surf, hint, (w - 10, 8), 20, HINT_FG, anchor="topright", width=w // 2 - 20)

    def _draw_panel(self, surf) -> None:
        w, h = self.size
        r = pygame.Rect(w - self.panel_w(), BAR_H, self.panel_w(), h - BAR_H)
        pygame.draw.rect(surf, W.PANEL, r)
        s = self.session.state
        g = self.session.game
        if s.game_over:
            head = "Game over"
            sub = s.end_reason
        else:
            i = g.acting
            who = g.tribe_name(i) if i is not None else "-"
            seat = self.session.seats[i] if i is not None and i < len(self.session.seats) else "human"
            head = f"{who}" + ("" if seat == "human" else f" · bot ({seat})")
            if s.pending:
                sub = "decides: " + s.pending["kind"].replace("_", " ")
            elif s.phase:
                sub = f"{s.phase.capitalize()} Phase"
            else:
                sub = "chooses a Phase"
        W.draw_text(surf, head, (r.x + 10, r.y + 10), 22, W.ACCENT, width=r.width - 20)
        W.draw_wrapped(surf, sub, pygame.Rect(r.x + 10, r.y + 36, r.width - 20, 40), 18, W.TEXT, max_lines=2)
        if self.last_action is not None:
            W.draw_text(surf, f"last: {self.last_action}", (r.x + 10, r.y + 76), 16, W.MUTED, width=r.width - 20)
        self.moves.draw(surf)

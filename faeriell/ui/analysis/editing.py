"""The analysis board's editor, as the screen does it (faeriell/ui/scenes/analysis.py mixes
this in): the palette's pieces dragged onto the island, the steppers, a right click that takes
a piece off, the check's line and its pieces ringed. The edits and the check are
faeriell.analysis's (editor_panel.Editor calls them); the table only shows the position.
"""
from __future__ import annotations

import pygame

from faeriell import analysis as an
from faeriell.session import Session
from faeriell.ui import widgets as W
from faeriell.ui.analysis.editor_panel import Editor
from faeriell.ui.table import TableScene

BUTTON_PX = 16


class EditorMixin:
    """What the screen does in the editor; it holds host, editor, session, table, held, mouse,
    panel_hidden and the panel's rects."""

    def edit_position(self, pos) -> None:
        """Set up `pos` in the editor (the table shows it as the pieces are placed)."""
        self.editor = Editor(pos, self.host.rules)
        self.lines = None
        self.session = Session(self.editor.game(), autosave=False)
        self.table = TableScene(self.session, _assets(), self.table_rect().size, hotseat_curtain=False)
        self.table.coach.round_card.enabled = False
        self.layout()

    def edit_here(self) -> None:
        """The editor on the position shown (a decision half made cannot be written: said)."""
        try:
            pos = an.from_game(self.session.game)
        except an.AnalysisError as e:
            self.say(str(e), bad=True)
            return
        self.edit_position(pos)

    def _edited(self) -> None:
        """The editor's position changed: the table shows it, the check's line says what holds."""
        ed = self.editor
        ed.seat = min(ed.seat, max(0, len(ed.pos.tribes) - 1))     # fewer players: the last one's pieces
        self.session.replace_game(ed.game())
        self.table.handle_event(pygame.event.Event(pygame.USEREVENT))
        self.layout()                          # Analyse / Play from here follow the check

    def analyse_position(self) -> None:
        if self.editor is None or not self.editor.legal():
            self.say("This position breaks the rules: mend what the red line says first.", bad=True)
            return
        self.analyse(self.editor.game(check=True))
        self.layout()

    def play_position(self) -> None:
        if self.editor is None or not self.editor.legal():
            self.say("This position breaks the rules: mend what the red line says first.", bad=True)
            return
        g = self.editor.game(check=True)
        self.host.open_game(g, ["human"] * g.state.players)

    def next_seat(self) -> None:
        if self.editor is not None:
            self.editor.seat = (self.editor.seat + 1) % len(self.editor.pos.tribes)
            self.layout()

    def seat_name(self, seat: int) -> str:
        s = self.session.state
        if 0 <= seat < len(s.tribes):
            return f"{self.table.words.tribe(s.tribes[seat].id)} (player {seat + 1})"
        return f"player {seat + 1}"

    def node_at(self, pos) -> str | None:
        """The Node nearest the point, within a few px (a Hero or the Drifter stands on one)."""
        board = self.session.game.rules.board
        best, dist = None, (self.table.layout.px(26)) ** 2
        for nid, node in board.nodes.items():
            x, y = self.table.map.map_to_screen(node.pos)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d < dist:
                best, dist = nid, d
        return best

    def _editor_mouse(self, ev) -> bool:
        ed = self.editor
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.held is not None:
                return True
        in_panel = self.panel_rect().collidepoint(ev.pos)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and in_panel and not self.panel_hidden:
            chip = ed.chip_at(ev.pos)
            if chip is not None:
                self.held, self.held_from, self.mouse = chip, ev.pos, ev.pos
                return True
            hit = ed.stepper_hit(ev.pos)
            if hit is not None:
                if ed.step(*hit):
                    self._edited()
                self._said_refusal()
                return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.held is not None:
            chip, self.held = self.held, None
            if in_panel:
                if chip.rect.collidepoint(ev.pos):
                    ed.cycle(chip)             # a click: the next Hero, Guardian or token
                return True
            region = self.table.spots.region_at(ev.pos)
            node = self.node_at(ev.pos) if chip.kind in ("hero", "drifter") else None
            if chip.kind in ("hero", "drifter") and node is None:
                ed.refusal = "Drop it on a Node: the dot where three Regions meet."
            elif ed.drop(chip, region, node):
                self._edited()
            self._said_refusal()
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3 and not in_panel:
            # a figure on the Node under the click first (a Hero, the Drifter), else the Region's piece
            if ed.remove_figure(self.node_at(ev.pos)) or ed.remove_at(self.table.spots.region_at(ev.pos)):
                self._edited()
            self._said_refusal()
            return True
        return False

    def _said_refusal(self) -> None:
        ed = self.editor
        if ed is not None and ed.refusal:
            self.say(ed.refusal, bad=True)
        else:
            self.message = None

    def _draw_marks(self, surf) -> None:
        """The check's fault: its Regions and Nodes ringed on the table."""
        fault = self.editor.fault if self.editor is not None else None
        if fault is None or self.table is None:
            return
        board = self.session.game.rules.board
        r = self.table.layout.px(22)
        for m in fault.marks:
            if m in board.regions:
                c = self.table.map.map_to_screen(board.regions[m].center)
            elif m in board.nodes:
                c = self.table.map.map_to_screen(board.nodes[m].pos)
            else:
                continue
            pygame.draw.circle(surf, (255, 84, 196), (round(c[0]), round(c[1])), r, 3)

    def _layout_editor(self, p, x, y, gap, bw, bh) -> None:
        ok = self.editor.legal()
        cw = (p.width - 16 - 2 * gap) // 3
        for k, (wid, label, fn, kw) in enumerate((
                ("analyse_pos", "Analyse", self.analyse_position, {"enabled": ok, "primary": True}),
                ("play_here", "Play from here", self.play_position, {"enabled": ok}),
                ("back", "Back", self.back, {}),
                ("open", "Open file…", self.open_dialog, {}),
                ("paste", "Paste text", self.paste, {}))):
            self.root.add(W.Button((x + (k % 3) * (cw + gap), y + (k // 3) * (bh + gap), cw, bh), label, fn,
                                   id=wid, size=BUTTON_PX, **kw))
        y += 2 * (bh + gap)
        self.root.add(W.Button((x, y, p.width - 16, bh), f"Pieces of: {self.seat_name(self.editor.seat)}",
                               self.next_seat, id="seat", size=BUTTON_PX))
        y += bh + gap + 2
        # the check's line stays in sight; the palette and the steppers under it scroll in a short window
        self.fault_rect = pygame.Rect(x, y, p.width - 16, 40)
        y = self.fault_rect.bottom + 6
        view = pygame.Rect(x, y, p.width - 16, max(40, p.bottom - 48 - y))
        bottom = self.editor.layout(view, below=36)
        self.help_rect = pygame.Rect(x, bottom + 4, p.width - 16, 30)

    def _draw_editor(self, surf) -> None:
        self._draw_marks(surf)
        self.editor.draw(surf, self.seat_name)
        if self.editor.rect.contains(self.help_rect):
            W.draw_wrapped(surf, "Drag a piece onto the island (a click on it changes which one); a right "
                           "click on a piece takes it off.", self.help_rect, 15, W.MUTED, 0, max_lines=2)
        fault = self.editor.fault
        text = fault.message if fault is not None else "The position is legal: Analyse or Play from here."
        W.draw_wrapped(surf, text, self.fault_rect, 16, W.ERROR if fault is not None else W.OK, 0, max_lines=2)
        if self.held is not None:
            r = self.held.rect.copy()
            r.center = self.mouse
            pygame.draw.rect(surf, W.SELECT, r, border_radius=5)
            W.draw_text(surf, self.editor.chip_label(self.held), r.center, 16, W.TEXT, anchor="center",
                        width=r.width - 6)


def _assets():
    from faeriell.ui.assets import Assets
    return Assets()

"""The analysis board's editor, as the screen does it (faeriell/ui/scenes/analysis.py mixes
this in): the palette's pieces dragged onto the island, the steppers, a right click that takes
a piece off, the check's line and its pieces ringed. The edits and the check are
faeriell.analysis's (editor_panel.Editor calls them); the table only shows the position.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from faeriell import analysis as an
from faeriell.session import Session
from faeriell.ui.controls import Button
from faeriell.ui.text import draw_text, draw_wrapped
from faeriell.ui.theme import ERROR, MUTED, OK, SELECT, TEXT
from faeriell.ui.analysis.editor_panel import PAGES, Chip, Editor
from faeriell.ui.table import TableScene
if TYPE_CHECKING:
    from faeriell.ui import widgets as W
    from faeriell.ui.analysis.lines import Lines
    from faeriell.ui.scene import Host
from faeriell.ui.table.keys import BeaconPiece, DrifterPiece, GuardianPiece, HarvestToken, HeroSlot, SettlementPiece, TotemPiece, WheelSpace
from faeriell.ui.assets import Assets

BUTTON_PX = 16


class EditorMixin:
    """What the screen does in the editor; it holds host, editor, session, table, held, mouse,
    panel_hidden and the panel's rects."""

    if TYPE_CHECKING:      # what the screen (scenes/analysis.py) holds and does, told to the checker only
        host: Host
        root: W.Container
        editor: Editor | None
        lines: Lines | None
        session: Session | None
        table: TableScene | None
        held: Chip | None
        held_from: tuple[int, int]
        mouse: tuple[int, int]
        panel_hidden: bool
        message: str | None

        def say(self, text: str, bad: bool = False) -> None: ...
        def layout(self) -> None: ...
        def table_rect(self) -> pygame.Rect: ...
        def panel_rect(self) -> pygame.Rect: ...
        def analyse(self, game) -> None: ...
        def back(self) -> None: ...
        def open_dialog(self) -> None: ...
        def paste(self) -> None: ...

    def edit_position(self, pos) -> None:
        """Set up `pos` in the editor (the table shows it as the pieces are placed)."""
        self.editor = Editor(pos, self.host.rules)
        self.lines = None
        self.session = Session(self.editor.game(), autosave=False)
        self.table = TableScene(self.session, _assets(), self.table_rect().size, hotseat_curtain=False)
        self.table.coach.round_card.enabled = False
        self.layout()

    def _in_editor(self) -> tuple[Editor, Session, TableScene]:
        """The editor, its game and the table showing it: the screen holds all three while it is in
        the editor, the only time the methods below that call this are called."""
        ed, session, table = self.editor, self.session, self.table
        if ed is None or session is None or table is None:
            raise RuntimeError("the analysis board is not in its editor")
        return ed, session, table

    def edit_here(self) -> None:
        """The editor on the position shown (a decision half made cannot be written: said)."""
        if self.session is None:               # (the screen always shows a game)
            return
        try:
            pos = an.from_game(self.session.game)
        except an.AnalysisError as e:
            self.say(str(e), bad=True)
            return
        self.edit_position(pos)

    def _edited(self) -> None:
        """The editor's position changed: the table shows it, the check's line says what holds."""
        ed, session, table = self._in_editor()
        ed.seat = min(ed.seat, max(0, len(ed.pos.tribes) - 1))     # fewer players: the last one's pieces
        session.replace_game(ed.game())
        table.sync()
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
        _, session, table = self._in_editor()
        s = session.state
        if 0 <= seat < len(s.tribes):
            return f"{table.words.tribe(s.tribes[seat].id)} (player {seat + 1})"
        return f"player {seat + 1}"

    def node_at(self, pos) -> str | None:
        """The Node nearest the point, within a few px (a Hero or the Drifter stands on one)."""
        _, session, table = self._in_editor()
        board = session.game.rules.board
        best, dist = None, (table.layout.px(26)) ** 2
        for nid, node in board.nodes.items():
            x, y = table.map.map_to_screen(node.pos)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d < dist:
                best, dist = nid, d
        return best

    def wheel_space_at(self, pos) -> str | None:
        """The Harvest wheel's space under the point (a Guardian's name), or None."""
        _, session, table = self._in_editor()
        wheel = session.game.rules.wheel
        for sp in table.spots.hit_all(pos):
            if isinstance(sp.key, WheelSpace) and 0 <= sp.key.space < len(wheel):
                return wheel[sp.key.space]
        return None

    def piece_at(self, pos) -> Chip | None:
        """The piece on the table under the point, as a chip that remembers where it stood: a
        Settlement, Beacon, Hero, the Totem, a Guardian, the Drifter, the Harvest token or a
        Winter's gem (the wheel's space holding one)."""
        ed, session, table = self._in_editor()
        gems = set(ed.pos.board.winter_gems)
        for sp in table.spots.hit_all(pos):
            key = sp.key
            box = pygame.Rect(0, 0, 110, 24)
            box.center = sp.center
            if isinstance(key, SettlementPiece):
                return Chip("settlement", box, src=key.region, seat=key.tribe)
            if isinstance(key, BeaconPiece):
                seat = next((i for i, t in enumerate(ed.pos.tribes) if key.region in t.beacons), None)
                if seat is not None:
                    return Chip("beacon", box, ed.pos.tribes[seat].beacons[key.region], src=key.region, seat=seat)
            if isinstance(key, HeroSlot) and key.tribe < len(ed.pos.tribes) and key.hero in ed.pos.tribes[key.tribe].heroes:
                return Chip("hero", box, key.hero, src=ed.pos.tribes[key.tribe].heroes[key.hero].node, seat=key.tribe)
            if key == TotemPiece() and ed.pos.board.totem:
                return Chip("totem", box, src=ed.pos.board.totem.get("region"))
            if isinstance(key, GuardianPiece) and key.guardian in ed.pos.board.guardians:
                return Chip("guardian", box, key.guardian, src=ed.pos.board.guardians[key.guardian])
            if key == DrifterPiece() and ed.pos.board.drifter:
                return Chip("drifter", box, src=ed.pos.board.drifter.get("node"))
            if key == HarvestToken():
                return Chip("harvest", box, src=ed.pos.board.harvest or session.game.rules.wheel[0])
            if isinstance(key, WheelSpace):
                space = session.game.rules.wheel[key.space]
                if space in gems:
                    return Chip("gem", box, src=space)
        return None

    def _editor_mouse(self, ev) -> bool:
        ed, _, table = self._in_editor()
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.held is not None:
                if self.table is not None and not self.panel_rect().collidepoint(ev.pos):
                    self.table.handle_event(ev)    # its hover names the Region or Node under the piece
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
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and not in_panel and self.held is None:
            piece = self.piece_at(ev.pos)      # a piece on the table: taken up to go elsewhere
            if piece is not None:
                self.held, self.held_from, self.mouse = piece, ev.pos, ev.pos
                return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.held is not None:
            chip, self.held = self.held, None
            self._editor_drop(ed, table, chip, ev.pos, in_panel)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3 and not in_panel:
            # a figure on the Node under the click first (a Hero, the Drifter), else the Region's piece
            if (ed.remove_gem(self.wheel_space_at(ev.pos)) or ed.remove_figure(self.node_at(ev.pos))
                    or ed.remove_at(table.spots.region_at(ev.pos))):
                self._edited()
            self._said_refusal()
            return True
        return False

    def _editor_drop(self, ed, table, chip: Chip, pos, in_panel: bool) -> None:
        """A held chip or piece let go: moved on the table, cycled in the panel, or put down."""
        if chip.src is not None or chip.kind in ("harvest", "gem"):
            if chip.src is not None and max(abs(pos[0] - self.held_from[0]),
                                            abs(pos[1] - self.held_from[1])) < 6:
                return                # put down where it was taken: nothing changes
            if in_panel and not self.panel_hidden:
                return
            node = self.node_at(pos) if chip.kind in ("hero", "drifter") else None
            if ed.moved(chip, table.spots.region_at(pos), node, self.wheel_space_at(pos)):
                self._edited()
            self._said_refusal()
            return
        if in_panel:
            if chip.rect.collidepoint(pos):
                ed.cycle(chip)             # a click: the next Hero, Guardian or token
            return
        region = table.spots.region_at(pos)
        node = self.node_at(pos) if chip.kind in ("hero", "drifter") else None
        if chip.kind in ("hero", "drifter") and node is None:
            ed.refusal = "Drop it on a Node: the dot where three Regions meet."
        elif ed.drop(chip, region, node):
            self._edited()
        self._said_refusal()

    def _said_refusal(self) -> None:
        ed = self.editor
        if ed is not None and ed.refusal:
            self.say(ed.refusal, bad=True)
        else:
            self.message = None

    def _draw_marks(self, surf) -> None:
        """The check's fault: its Regions and Nodes ringed on the table."""
        fault = self.editor.fault if self.editor is not None else None
        if fault is None or self.table is None or self.session is None:
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

    def show_page(self, page: str) -> None:
        """One of the editor's pages (Pieces, Board, Tribe, Cards)."""
        if self.editor is not None:
            self.editor.page, self.editor.scroll = page, 0
            self.layout()

    def _layout_editor(self, p, x, y, gap, bw, bh) -> None:
        ed, _, _ = self._in_editor()
        ok = ed.legal()
        cw = (p.width - 16 - 2 * gap) // 3
        for k, (wid, label, fn, enabled, primary) in enumerate((
                ("analyse_pos", "Analyse", self.analyse_position, ok, True),
                ("play_here", "Play from here", self.play_position, ok, False),
                ("back", "Back", self.back, True, False),
                ("open", "Open file…", self.open_dialog, True, False),
                ("paste", "Paste text", self.paste, True, False))):
            self.root.add(Button((x + (k % 3) * (cw + gap), y + (k // 3) * (bh + gap), cw, bh), label, fn,
                                 id=wid, size=BUTTON_PX, enabled=enabled, primary=primary))
        y += 2 * (bh + gap)
        self.root.add(Button((x, y, p.width - 16, bh), f"Pieces of: {self.seat_name(ed.seat)}",
                               self.next_seat, id="seat", size=BUTTON_PX))
        y += bh + gap + 2
        # the check's line stays in sight; the palette and the steppers under it scroll in a short window
        self.fault_rect = pygame.Rect(x, y, p.width - 16, 40)
        y = self.fault_rect.bottom + 6
        # the editor's pages (editor_panel.PAGES): each fits the view of a 1024x640 window
        pw = (p.width - 16 - 2 * gap) // len(PAGES)
        for k, (page, words) in enumerate(PAGES):
            self.root.add(Button((x + k * (pw + gap), y, pw, 24), words, partial(self.show_page, page),
                                 id=f"page_{page}", size=BUTTON_PX - 1, primary=(page == ed.page)))
        y += 24 + 6
        view = pygame.Rect(x, y, p.width - 16, max(40, p.bottom - 48 - y))
        bottom = ed.layout(view, below=36)
        self.help_rect = pygame.Rect(x, bottom + 4, p.width - 16, max(30, p.bottom - 48 - bottom - 4))

    def _draw_editor(self, surf) -> None:
        ed, _, _ = self._in_editor()
        self._draw_marks(surf)
        ed.draw(surf, self.seat_name)
        if ed.rect.contains(self.help_rect):
            text = ("Drag a piece onto the island (a click on it changes which one), or a placed one to "
                    "a new place; a right click takes it off." if ed.page == "pieces" else
                    "The - and + ends change a count; on a card's name they go through the cards, and the "
                    "count under it adds or takes off the one named.")
            draw_wrapped(surf, text, self.help_rect, 15, MUTED, 0, max_lines=3)
        fault = ed.fault
        text = fault.message if fault is not None else "The position is legal: Analyse or Play from here."
        draw_wrapped(surf, text, self.fault_rect, 16, ERROR if fault is not None else OK, 0, max_lines=2)
        self._draw_held(surf)

    def _draw_held(self, surf) -> None:
        """The piece in hand follows the pointer."""
        if self.held is not None and self.editor is not None:
            r = self.held.rect.copy()
            r.center = self.mouse
            pygame.draw.rect(surf, SELECT, r, border_radius=5)
            draw_text(surf, self.editor.chip_label(self.held), r.center, 16, TEXT, anchor="center",
                        width=r.width - 6)


def _assets():
    return Assets()

"""The analysis board (scene "analysis", issue 45): a position on the real table, its moves as a
tree of variations, the coach's best moves, the position editor and sharing as files or text.

    Left / Right      one move back / on (the main line of the branch)
    Up / Down         the branch beside this one      Delete   take this move and its line off
    C                 ask the coach                    T        the coach thinks longer
    F1                the rule behind a refused move (as at the table)
    Esc               what the table has in hand first, else back

The table is the game's own (faeriell/ui/table/): its drags light the engine's legal places and
snap back a refused drop with the engine's reason; nothing here decides a rule. A move made on it
goes into the tree (faeriell/ui/analysis/lines.py); stepping in the tree shows that node's game.
The panel on the right holds the tree, the coach and the buttons; the editor (editor_panel.py)
takes the panel's place while a position is being set up.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame

from faeriell import analysis as an

from faeriell.session import Session
from faeriell.ui import widgets as W
from faeriell.ui.analysis import sharing
from faeriell.ui.analysis.coach_panel import CoachPanel
from faeriell.ui.analysis.editor_panel import Chip, Editor
from faeriell.ui.analysis.lines import Lines
from faeriell.ui.analysis.tree_panel import TreePanel
from faeriell.ui.dialogs import Confirm, FileDialog, Menu
from faeriell.ui.scene import Host, Scene
from faeriell.ui.table import TableScene

log = logging.getLogger(__name__)

PANEL_W = 340           # the panel's width when no table is laid out yet (else the boards' column)
BUTTON_PX = 16


class AnalysisSession(Session):
    """Every seat played by hand, nothing autosaved; each move the engine accepts is told to the
    screen (`on_move`), which files it in the tree. Undo steps back in the tree."""

    offers_undo = True

    def __init__(self, game, on_move=None, on_undo=None):
        super().__init__(game, ["human"] * game.state.players, autosave=False)
        self.on_move = on_move
        self.on_undo = on_undo

    def apply(self, action, person: bool = True):
        why = super().apply(action, person)
        if why is None and self.on_move is not None:
            self.on_move(action)
        return why

    def undo_available(self) -> bool:
        return self.on_undo is not None and bool(self.game.history)

    def undo(self):
        if self.on_undo is None or not self.on_undo():
            return "This is the start of the analysis: there is no move to take back."
        return None


def chance_of(game, seat: int) -> float:
    """The seat's win chance by the coach's model (bots.win_chance): a quick figure per node."""
    from faeriell.bots.win_chance import win_chance
    return win_chance(game, seat)


def ask_coach(game, longer: bool):
    return an.think_longer(game) if longer else an.coach_moves(game)


class AnalysisScene(Scene):
    def __init__(self, host: Host, game=None, back=None, message: str = "", path: str | None = None):
        """`game`: the position to analyse (a copy is kept; None: an empty table in the editor);
        `path`: a scenario file or a save to open instead; `back`: the screen Back returns to
        (None: the start screen)."""
        self.host = host
        self.back_scene = back
        self.size = tuple(host.size)
        self.modal = None
        self.message = message
        self.message_bad = False
        self.tree_panel = TreePanel()
        self.coach = CoachPanel(ask_coach)
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        self.table: TableScene | None = None
        self.lines: Lines | None = None
        self.session: Session | None = None
        self.editor: Editor | None = None
        self.held: Chip | None = None          # the palette's piece in hand
        self.held_from = (0, 0)
        self.mouse = (0, 0)
        self.panel_hidden = False
        self.message_rect = pygame.Rect(0, 0, 1, 1)
        if game is not None:
            self.open_live(game)
        elif path:
            self.open_path(path)
        if self.table is None:                 # nothing opened: an empty table in the editor
            self.edit_position(an.empty_position())
        self.layout()

    # ---- the position and its tree -----------------------------------------------------------
    def analyse(self, game) -> None:
        """Analyse from `game` (a new tree rooted there)."""
        self.editor = None
        self.lines = Lines(game, chance=chance_of)
        self.session = AnalysisSession(self.lines.game_at(), on_move=self._moved, on_undo=self.back_move)
        self.table = TableScene(self.session, _assets(), self.table_rect().size, hotseat_curtain=False)
        self.table.coach.round_card.enabled = False
        self.layout()

    # ---- the editor --------------------------------------------------------------------------
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
        self.session.replace_game(self.editor.game())
        self.table.handle_event(pygame.event.Event(pygame.USEREVENT))
        self.layout()                          # Analyse / Play from here follow the check

    def analyse_position(self) -> None:
        if self.editor is None or not self.editor.legal():
            self.say("This position breaks the rules: mend what the line above says first.", bad=True)
            return
        self.analyse(self.editor.game(check=True))
        self.layout()

    def play_position(self) -> None:
        if self.editor is None or not self.editor.legal():
            self.say("This position breaks the rules: mend what the line above says first.", bad=True)
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
            if ed.remove_at(self.table.spots.region_at(ev.pos)):
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

    def open_live(self, game) -> None:
        """"Analyse from here": the board on a game's moment as the model writes it (its hidden
        order dealt anew from the position, so a tried line never shows the real game's draws);
        a moment it cannot hold opens at the last one before it, and says so."""
        try:
            start = an.open_game(game)
        except an.AnalysisError as e:
            self.say(str(e), bad=True)
            return
        self.analyse_lines(sharing.from_tree(start.tree, chance=chance_of))
        if start.note:
            self.say(start.note)

    def analyse_lines(self, lines: Lines) -> None:
        """Analyse an imported tree (its root shown)."""
        self.analyse(lines.root_game)
        self.lines = lines
        self.show_node()

    def _moved(self, action) -> None:
        self.lines.play(action, after=self.session.game)
        self.tree_panel.scroll = self.tree_panel.scroll      # kept; the panel brings the move into view

    def show_node(self) -> None:
        """The table shows the tree's current node."""
        self.session.replace_game(self.lines.game_at())
        self.table.handle_event(pygame.event.Event(pygame.USEREVENT))     # it syncs with the session

    def key(self):
        """What the coach's answer is about: the node shown (its id in this tree)."""
        return id(self.lines.current) if self.lines else None

    def back_move(self) -> bool:
        if self.lines is None or not self.lines.back():
            return False
        self.show_node()
        return True

    def forward(self) -> bool:
        if self.lines is None or not self.lines.forward():
            return False
        self.show_node()
        return True

    def branch(self, step: int) -> bool:
        if self.lines is None or not self.lines.sibling(step):
            return False
        self.show_node()
        return True

    def jump(self, node) -> None:
        self.lines.jump(node)
        self.show_node()

    def delete_branch(self) -> None:
        if self.lines is None or self.lines.current is self.lines.root:
            self.say("Choose a move in the tree first: its line is what Delete takes off.", bad=True)
            return
        self.lines.delete(self.lines.current)
        self.show_node()
        self.say("That move and the moves after it are gone.")

    # ---- the coach -------------------------------------------------------------------------
    def ask_coach(self, longer: bool = False) -> None:
        if self.session is None or self.session.state.game_over or self.session.acting is None:
            self.say("Nobody is to move here: the coach has nothing to advise.", bad=True)
            return
        self.coach.start(self.session.game, self.key(), longer)

    # ---- share -----------------------------------------------------------------------------
    def _tree(self):
        """faeriell.analysis's Tree of the lines, or None (said) when the start cannot be written."""
        if self.lines is None:
            self.say("There is nothing to share yet.", bad=True)
            return None
        try:
            return sharing.to_tree(self.lines)
        except an.AnalysisError as e:
            self.say(str(e), bad=True)
            return None

    def open_path(self, path: str) -> str | None:
        """Open a scenario file or a save; None when done, else the one-line reason (also said)."""
        try:
            start = an.import_file(path, self.host.rules)
        except an.AnalysisError as e:
            pos = _written_position(path)
            if pos is not None:                   # a position the rules refuse: the editor says why
                self.edit_position(pos)
                if self.editor.fault is not None:
                    self.say("This position breaks the rules: mend it here (the line below says what).", bad=True)
                    return None
            self.say(str(e), bad=True)
            return str(e)
        self.analyse_lines(sharing.from_tree(start.tree, chance=chance_of))
        self.say(f"Opened {start.name or 'the file'}.")
        return None

    def paste(self) -> None:
        text = sharing.paste_text()
        if not text.strip():
            self.say("The clipboard holds no text: copy a scenario or a saved game first.", bad=True)
            return
        try:
            start = an.import_text(text, self.host.rules)
        except an.AnalysisError as e:
            self.say(str(e), bad=True)
            return
        self.analyse_lines(sharing.from_tree(start.tree, chance=chance_of))
        self.say("The pasted position is on the board.")

    def copy(self) -> None:
        tree = self._tree()
        if tree is None:
            return
        text = an.scenario_text(tree, "Analysis")
        if sharing.copy_text(text):
            self.say("The position and its main line are on the clipboard as a scenario.")
        else:
            self.say("No clipboard here: the text is kept in this window (Paste brings it back).")

    def export(self, kind: str) -> None:
        """Ask for a file name, then write the scenario (the position and its main line) or the
        save (the game so far, at the move shown); an existing file is replaced only when asked."""
        if self._tree() is None:
            return
        folder = _share_folder()
        suggest = str(folder / ("analysis.yaml" if kind == "scenario" else "analysis.json"))
        title = "Export the scenario" if kind == "scenario" else "Export the game so far as a save"
        self.modal = FileDialog(self.host.size, title, lambda: [], lambda path: self._write(kind, path, replace=False),
                                "Export", empty_text="Type the file to write below (a folder of your own is fine).",
                                hint=suggest)
        self.modal.field.text = suggest

    def _write(self, kind: str, path: str, replace: bool) -> str | None:
        tree = self._tree()
        if tree is None:
            return self.message
        target = _share_folder() / path if not os.path.isabs(os.path.expanduser(path)) else Path(path).expanduser()
        exists = os.path.lexists(target)
        if exists and not replace:
            self.modal = Confirm(self.host.size, "Replace the file?",
                                 f"{target.name} already exists. Replace it with this analysis?", "Replace",
                                 lambda: self._replaced(kind, str(target)))
            return None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if kind == "scenario":
                written = an.write_scenario(tree, target, "Analysis", replace=replace)
            else:
                written = an.write_save(tree, path=target, replace=replace)
        except (an.AnalysisError, OSError) as e:
            return str(e)
        self.say(f"Written: {written}")
        return None

    def _replaced(self, kind: str, path: str) -> None:
        why = self._write(kind, path, replace=True)
        if why:
            self.say(why, bad=True)

    def open_dialog(self) -> None:
        self.modal = FileDialog(self.host.size, "Open a scenario or a save", lambda: [], self.open_path,
                                "Open", hint="the path of a scenario (.yaml) or a save (.json)")

    # ---- play on ---------------------------------------------------------------------------
    def play_on(self, bots: bool) -> None:
        """A normal game at the table from the node shown: every seat by hand (hot-seat), or the
        one to move by hand and the others the bots'."""
        g = self.lines.game_at()
        if g.state.game_over:
            self.say("The game is over at this move: there is nothing to play on.", bad=True)
            return
        n = g.state.players
        seats = ["human"] * n
        if bots:
            me = g.acting if g.acting is not None else 0
            seats = ["human" if i == me else "normal" for i in range(n)]
        self.host.open_game(g, seats)

    def open_play_menu(self) -> None:
        self.modal = Menu(self.host.size, [("hotseat", "Everyone at this screen (hot-seat)", lambda: self.play_on(False)),
                                           ("bots", "You against bots", lambda: self.play_on(True)),
                                           ("cancel", "Back to the analysis", lambda: None)],
                          title="Play on from here", width=440)

    # ---- words -----------------------------------------------------------------------------
    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad = text, bad

    def label(self, node) -> str:
        return self.table.words.action(node.action) if self.table is not None else str(node.action)

    def status(self) -> str:
        if self.session is None:
            return ""
        s = self.session.state
        who = self.session.acting
        whose = self.table.words.tribe(s.tribes[who].id) + " to move" if who is not None else "game over"
        return f"Round {s.round} · Doom {s.doom} · {whose}"

    # ---- layout ----------------------------------------------------------------------------
    # The table keeps the whole window (a narrower one would shrink the island's printed names
    # under the legible size, issue 42); the panel lies over its shared boards' column, and the
    # "Shared boards" button puts it aside to read them.
    def table_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, *self.size)

    def side_rect(self) -> pygame.Rect:
        if self.table is not None:
            return self.table.layout.side.copy()
        w, h = self.size
        return pygame.Rect(w - PANEL_W, 40, PANEL_W, h - 40)

    def panel_rect(self) -> pygame.Rect:
        """Where the panel takes the mouse: the column, or only its tab while put aside."""
        side = self.side_rect()
        if self.panel_hidden:
            return pygame.Rect(side.right - 176, side.y + 2, 172, 30)
        return side

    def toggle_panel(self) -> None:
        self.panel_hidden = not self.panel_hidden
        self.layout()

    def layout(self) -> None:
        p = self.panel_rect()
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        if self.panel_hidden:
            self.root.add(W.Button(p, "Analysis panel", self.toggle_panel, id="show_panel", size=BUTTON_PX,
                                   primary=True))
            return
        self.root.add(W.Button((p.right - 134, p.y + 6, 126, 26), "Shared boards", self.toggle_panel,
                               id="boards", size=BUTTON_PX - 1))
        x, y, gap = p.x + 8, p.y + 58, 5
        bw, bh = (p.width - 16 - gap) // 2, 30
        self.message_rect = pygame.Rect(p.x + 8, p.bottom - 44, p.width - 16, 42)     # two lines
        if self.editor is not None:
            self._layout_editor(p, x, y, gap, bw, bh)
            return
        rows = [(("back", "Back", self.back), ("delete", "Delete move", self.delete_branch)),
                (("play_on", "Play on…", self.open_play_menu), ("coach", "Ask the coach", self.ask_coach)),
                (("think", "Think longer", lambda: self.ask_coach(True)), ("open", "Open file…", self.open_dialog)),
                (("export_scenario", "Export scenario…", lambda: self.export("scenario")),
                 ("export_save", "Export save…", lambda: self.export("save"))),
                (("copy", "Copy as text", self.copy), ("paste", "Paste text", self.paste)),
                (("edit", "Edit position", self.edit_here), None)]
        for row in rows:
            for k, item in enumerate(row):
                if item is None:
                    continue
                wid, label, fn = item
                self.root.add(W.Button((x + k * (bw + gap), y, bw, bh), label, fn, id=wid, size=BUTTON_PX,
                                       primary=(wid == "coach")))
            y += bh + gap
        self.buttons_bottom = y
        h = p.bottom - y - 8
        tree_h = max(120, int(h * 0.45))
        self.tree_panel.rect = pygame.Rect(p.x + 8, y + 4, p.width - 16, tree_h - 8)
        self.coach.rect = pygame.Rect(p.x + 8, self.tree_panel.rect.bottom + 8, p.width - 16,
                                      p.bottom - self.tree_panel.rect.bottom - 16 - 44)
        self.message_rect = pygame.Rect(p.x + 8, p.bottom - 44, p.width - 16, 42)     # two lines

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
        bottom = self.editor.layout(pygame.Rect(x, y, p.width - 16, p.bottom - y))
        self.help_rect = pygame.Rect(x, bottom + 4, p.width - 16, 40)
        self.fault_rect = pygame.Rect(x, self.help_rect.bottom + 4, p.width - 16,
                                      p.bottom - 48 - self.help_rect.bottom - 4)

    def resize(self, size) -> None:
        self.size = tuple(size)
        if self.table is not None:
            self.table.resize(self.table_rect().size)
        self.layout()
        if self.modal is not None:
            self.modal.resize(self.size)

    # tests and tools find widgets by id
    def find(self, wid: str):
        return self.root.find(wid)

    def screen_rect(self, wid: str):
        return self.root.screen_rect(wid)

    def back(self) -> None:
        if self.back_scene is not None:
            self.host.show(self.back_scene)
        else:
            self.host.go("start")

    # ---- Scene -----------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if self.modal is not None:
            self.modal.handle(ev)
            if self.modal is not None and self.modal.closed:
                self.modal = None
            return True
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        if self.editor is not None and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                   pygame.MOUSEMOTION):
            if self._editor_mouse(ev):
                return True
            if ev.type != pygame.MOUSEMOTION and not self.panel_rect().collidepoint(ev.pos):
                return False                   # the table in the editor only shows (and zooms)
        pos = getattr(ev, "pos", None)
        in_panel = pos is not None and self.panel_rect().collidepoint(pos)
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and (
                in_panel and not (self.table is not None and self.table.drag is not None)):
            if self.root.handle(ev):
                return True
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.lines is not None:
                node = self.tree_panel.row_at(ev.pos)
                if node is not None:
                    self.jump(node)
                    return True
            return ev.type == pygame.MOUSEMOTION
        if ev.type == pygame.MOUSEWHEEL and self.lines is not None:
            mouse = pygame.mouse.get_pos()
            if self.tree_panel.rect.collidepoint(mouse):
                self.tree_panel.wheel(ev.y, self.lines)
                return True
        if self.table is None:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.message = None
        return bool(self.table.handle_event(ev))

    def _key(self, ev) -> bool:
        t = self.table
        holding = t is not None and (t.drag is not None or t.choice is not None or t.tray is not None)
        if ev.key == pygame.K_ESCAPE:
            if t is not None and t.handle_event(ev):
                return True
            self.back()
            return True
        if ev.key == pygame.K_F1:
            kind = (self.editor.rule_kind() if self.editor is not None
                    else t.rule_kind() if t is not None else None)
            self.host.go("rules", kind=kind, back=self)
            return True
        if not holding and self.lines is not None:
            keys = {pygame.K_LEFT: self.back_move, pygame.K_RIGHT: self.forward,
                    pygame.K_UP: lambda: self.branch(-1), pygame.K_DOWN: lambda: self.branch(1),
                    pygame.K_DELETE: self.delete_branch, pygame.K_c: self.ask_coach,
                    pygame.K_t: lambda: self.ask_coach(True)}
            fn = keys.get(ev.key)
            if fn is not None:
                fn()
                return True
        return bool(t.handle_event(ev)) if t is not None else False

    def update(self, dt_ms: int) -> bool:
        changed = bool(self.table.update(dt_ms)) if self.table is not None else False
        changed |= self.coach.poll(self.key())
        return changed or self.coach.thinking()

    def busy(self) -> bool:
        return self.coach.thinking()

    def draw(self, surf) -> None:
        if self.table is not None:
            self.table.draw(surf)
        else:
            surf.fill(W.BG)
        if self.panel_hidden:
            if self.editor is not None:
                self._draw_marks(surf)
            self.root.draw(surf)
            if self.modal is not None:
                self.modal.draw(surf)
            return
        p = self.panel_rect()
        pygame.draw.rect(surf, W.PANEL, p)
        pygame.draw.line(surf, W.PANEL_EDGE, p.topleft, p.bottomleft)
        title = "Editor" if self.editor is not None else "Analysis"
        W.draw_text(surf, title, (p.x + 10, p.y + 6), 22, W.ACCENT, width=p.width - 150)
        W.draw_text(surf, self.status(), (p.x + 10, p.y + 34), 16, W.TEXT, width=p.width - 20)
        self.root.draw(surf)
        if self.editor is not None:
            self._draw_editor(surf)
        if self.lines is not None:
            self.tree_panel.draw(surf, self.lines, self.label)
            self.coach.draw(surf, self.key())
        if self.message:
            W.draw_wrapped(surf, self.message, self.message_rect, 16, W.ERROR if self.message_bad else W.TEXT, 0,
                           max_lines=2)
        if self.modal is not None:
            self.modal.draw(surf)

    def _draw_editor(self, surf) -> None:
        self._draw_marks(surf)
        self.editor.draw(surf, self.seat_name)
        W.draw_wrapped(surf, "Drag a piece onto the island; click it to change which Hero, Guardian or "
                       "token it places. Right click a Region to take its piece off.", self.help_rect, 15, W.MUTED,
                       0, max_lines=3)
        fault = self.editor.fault
        text = fault.message if fault is not None else "The position is legal: Analyse or Play from here."
        W.draw_wrapped(surf, text, self.fault_rect, 16, W.ERROR if fault is not None else W.OK, max_lines=4)
        if self.held is not None:
            r = self.held.rect.copy()
            r.center = self.mouse
            pygame.draw.rect(surf, W.SELECT, r, border_radius=5)
            W.draw_text(surf, self.editor.chip_label(self.held), r.center, 16, W.TEXT, anchor="center",
                        width=r.width - 6)


def _written_position(path: str):
    """The position a scenario file writes (`position: empty`), unbuilt, or None when the file is
    no such scenario (then the import's own refusal is what the player reads)."""
    from faeriell.scenario import ScenarioError, load
    from faeriell.ui.analysis.editor_panel import position_of
    if str(path).lower().endswith(".json"):
        return None
    try:
        sc = load(path)
        if (sc.setup or {}).get("position", "empty") != "empty":
            return None
        return position_of(sc.setup or {}, sc.board or {}, list(sc.tribes or []), sc.turn or {})
    except (ScenarioError, OSError, ValueError, TypeError, AttributeError):
        return None


def _share_folder() -> Path:
    """Where exports go unless the player types another folder: the data folder's analysis/."""
    from faeriell.storage.folders import data_dir
    return Path(data_dir()) / "analysis"


def _assets():
    from faeriell.ui.assets import Assets
    return Assets()

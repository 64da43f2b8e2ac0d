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
The panel lies over the table's shared boards' column ("Shared boards" puts it aside) and holds
the tree, the coach and the buttons; the editor (ui/analysis/editing.py, editor_panel.py) takes
its place while a position is being set up, sharing is ui/analysis/share_actions.py.
"""
from __future__ import annotations

import pygame

from faeriell import analysis as an

from faeriell.session import Session
from faeriell.ui import widgets as W
from faeriell.ui.text import draw_text, draw_wrapped
from faeriell.ui.theme import ACCENT, BG, ERROR, PANEL, PANEL_EDGE, TEXT
from faeriell.ui.controls import Button
from faeriell.ui.analysis import sharing
from faeriell.ui.analysis.coach_panel import CoachPanel
from faeriell.ui.analysis.editing import EditorMixin
from faeriell.ui.analysis.editor_panel import Chip, Editor
from faeriell.ui.analysis.lines import Lines, chance_of
from faeriell.ui.analysis.share_actions import ShareMixin
from faeriell.ui.analysis.tree_panel import TreePanel
from faeriell.ui.dialogs import Menu
from faeriell.ui.scene import Host, MenuScene
from faeriell.ui.table import TableScene, explain
from faeriell.ui.assets import Assets

PANEL_W = 340           # the panel's width when no table is laid out yet (else the boards' column)
BUTTON_PX = 16
VIEW_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_KP_PLUS, pygame.K_KP_MINUS, pygame.K_HOME)


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


def ask_coach(game, longer: bool):
    return an.think_longer(game) if longer else an.coach_moves(game)


class AnalysisScene(EditorMixin, ShareMixin, MenuScene):
    def __init__(self, host: Host, game=None, back=None, message: str = "", path: str | None = None):
        """`game`: the position to analyse (a copy is kept; None: an empty table in the editor);
        `path`: a scenario file or a save to open instead; `back`: the screen Back returns to
        (None: the start screen)."""
        self.host = host
        self.back_scene = back
        w, h = host.size
        self.size = (w, h)
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
        self.pointer = (0, 0)
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
        if self.lines is None or self.session is None:     # (moves are made on the analysed lines only)
            return
        self.lines.play(action, after=self.session.game)      # the tree panel brings it into view

    def show_node(self) -> None:
        """The table shows the tree's current node."""
        if self.lines is None or self.session is None or self.table is None:    # (the editor shows no tree)
            return
        self.session.replace_game(self.lines.game_at())
        self.table.sync()                       # it follows the session

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
        if self.lines is None:
            return
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

    # ---- play on ---------------------------------------------------------------------------
    def play_on(self, bots: bool) -> None:
        """A normal game at the table from the node shown: every seat by hand (hot-seat), or the
        one to move by hand and the others the bots'."""
        if self.lines is None:
            return
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
        if self.session is None or self.table is None:
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
        """The shared boards' column, never wider: wider, the panel would hide the island's edge
        and the other tribes' boards beside it (a 1024x640 window's column is 272 px; the
        panel's words fit it, shrinking to no less than the smallest text)."""
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
            self.root.add(Button(p, "Analysis panel", self.toggle_panel, id="show_panel", size=BUTTON_PX,
                                   primary=True))
            return
        self.root.add(Button((p.right - 134, p.y + 6, 126, 26), "Shared boards", self.toggle_panel,
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
                self.root.add(Button((x + k * (bw + gap), y, bw, bh), label, fn, id=wid, size=BUTTON_PX,
                                       primary=(wid == "coach")))
            y += bh + gap
        h = p.bottom - y - 8
        tree_h = max(120, int(h * 0.38))       # the coach's three moves need the larger share
        self.tree_panel.rect = pygame.Rect(p.x + 8, y + 4, p.width - 16, tree_h - 8)
        self.coach.rect = pygame.Rect(p.x + 8, self.tree_panel.rect.bottom + 8, p.width - 16,
                                      p.bottom - self.tree_panel.rect.bottom - 16 - 44)
        self.message_rect = pygame.Rect(p.x + 8, p.bottom - 44, p.width - 16, 42)     # two lines

    def resize(self, size) -> None:
        self.size = tuple(size)
        if self.table is not None:
            self.table.resize(self.table_rect().size)
        self.layout()
        if self.modal is not None:
            self.modal.resize(self.size)

    # ---- Scene -----------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if self.modal is not None:
            self.modal.handle(ev)
            if self.modal is not None and self.modal.closed:
                self.modal = None
            return True
        if ev.type == pygame.KEYDOWN:
            return self._key(ev)
        if ev.type == pygame.MOUSEMOTION:
            self.pointer = ev.pos              # where the wheel turns (its event has no position)
        if self.editor is not None and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                                   pygame.MOUSEMOTION):
            if self._editor_mouse(ev):
                return True
            if ev.type != pygame.MOUSEMOTION and not self.panel_rect().collidepoint(ev.pos):
                return False                   # the table in the editor only shows (and zooms)
        pos = getattr(ev, "pos", None)
        in_panel = pos is not None and self.panel_rect().collidepoint(pos)
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and (
                in_panel and not (self.table is not None and self.table.drag_layer.drag is not None)):
            if self.root.handle(ev):
                return True
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.lines is not None:
                node = self.tree_panel.row_at(ev.pos)
                if node is not None:
                    self.jump(node)
                    return True
            return ev.type == pygame.MOUSEMOTION
        if (ev.type == pygame.MOUSEWHEEL and self.editor is not None and not self.panel_hidden
                and self.editor.rect.collidepoint(self.pointer)):
            if self.editor.wheel(ev.y):
                self.layout()
            return True
        if (ev.type == pygame.MOUSEWHEEL and self.lines is not None
                and self.tree_panel.rect.collidepoint(self.pointer)):
            self.tree_panel.wheel(ev.y, self.lines)
            return True
        if self.table is None:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.message = None
        return bool(self.table.handle_event(ev))

    def _key(self, ev) -> bool:
        t = self.table
        holding = t is not None and (t.drag_layer.drag is not None or t.decision.choice is not None
                                   or t.tray_layer.tray is not None)
        if ev.key == pygame.K_ESCAPE:
            if t is not None and t.handle_event(ev):
                return True
            self.back()
            return True
        if ev.key == pygame.K_F1:
            kind = (self.editor.rule_kind() if self.editor is not None
                    else explain.rule_kind(t) if t is not None else None)
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
        if self.editor is not None and ev.key not in VIEW_KEYS:
            return False                   # the editor's table only shows: no piece is picked up by keys
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
            surf.fill(BG)
        if self.panel_hidden:
            if self.editor is not None:
                self._draw_marks(surf)
                self._draw_held(surf)
            self.root.draw(surf)
            if self.modal is not None:
                self.modal.draw(surf)
            return
        p = self.panel_rect()
        pygame.draw.rect(surf, PANEL, p)
        pygame.draw.line(surf, PANEL_EDGE, p.topleft, p.bottomleft)
        title = "Editor" if self.editor is not None else "Analysis"
        draw_text(surf, title, (p.x + 10, p.y + 6), 22, ACCENT, width=p.width - 150)
        draw_text(surf, self.status(), (p.x + 10, p.y + 34), 16, TEXT, width=p.width - 20)
        self.root.draw(surf)
        if self.editor is not None:
            self._draw_editor(surf)
        if self.lines is not None:
            self.tree_panel.draw(surf, self.lines, self.label)
            self.coach.draw(surf, self.key())
        if self.message:
            draw_wrapped(surf, self.message, self.message_rect, 16, ERROR if self.message_bad else TEXT, 0,
                           max_lines=2)
        if self.modal is not None:
            self.modal.draw(surf)


def _assets():
    return Assets()

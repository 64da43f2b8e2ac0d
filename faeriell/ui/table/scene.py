"""The table: the island with its pieces, the shared boards, the tribes' boards, and every move
made by dragging a piece (or clicking a tile, a button, a choice) - each one asked of the engine.

    scene = TableScene(session, assets, (1280, 800))
    scene.handle_event(ev); scene.update(dt_ms); scene.draw(surface); scene.resize(size)
    anim.show_bot_move(scene, action)   # a bot's move: a short flight of the piece, never blocking input
    scene.flash("Saved.")      # a message line

Input is a stack of layers (layers.py): curtain, puzzle result, tip card, payment tray, decision
bar, piece in hand, board - each owns its state and meets every event top first, in one order;
the mouse (drag, or click then click) and the keyboard (keyboard.py: Tab, arrows, Enter, Esc) go
through the same layers to the same moves.

Drawing is split in two: a base picture (base_picture.py: map, pieces, panels) redrawn only when the session
version, the window, the camera or the viewer change; and per-frame overlays drawn by the layers,
bottom first (the dragged piece, glowing targets, choices, the payment tray, tooltips,
animations). The table decides no rule.
"""
from __future__ import annotations


from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from faeriell.content.map_loader import default_map_path
from faeriell.ui.text import set_window_size, words_on
from faeriell.ui.scene import Scene
from faeriell.ui.table import guide
from faeriell.ui.table.anim import Flight
from faeriell.ui.table.base_picture import BasePicture
from faeriell.ui.table.board_layer import BoardLayer
from faeriell.ui.table.coach_layer import CoachLayer
from faeriell.ui.table.decision_layer import DecisionLayer
from faeriell.ui.table.decisions import group_actions
from faeriell.ui.table.drag_layer import DragLayer
from faeriell.ui.table.drill_coach import DrillCoach
from faeriell.ui.table.gestures import TRAY_KINDS, MoveIndex, build_index
from faeriell.ui.table.island import IslandView
from faeriell.ui.table.layout import compute
from faeriell.ui.table.layers import LayerStack
from faeriell.ui.table.log_panel import LogLayer
from faeriell.ui.table.paint import Paint
from faeriell.ui.table import side_column
from faeriell.ui.table.screen_layers import CurtainLayer, DialogLayer, NoticeLayer, PointerLayer, ResultLayer
from faeriell.ui.table.spots import RegionRaster, SpotMap
from faeriell.ui.table.tray_layer import TrayLayer
from faeriell.ui.table.tutorial_layer import TutorialLayer
from faeriell.ui.table.words import Words
from faeriell.ui.table.keys import Button, TableKey

if TYPE_CHECKING:
    from faeriell.engine import Action, Game
    from faeriell.session import Session

class TableScene(Scene):
    def __init__(self, session: Session, assets, size=(1280, 800), hotseat_curtain: bool = True,
                 map_path: str | None = None):
        self.session: Session = session          # the table always shows a game
        self.assets = assets
        self._size = tuple(size)
        set_window_size(size)            # the table fills the window: its smallest text (issue 42)
        g = session.game
        # a practice puzzle's goal, or a drill of the player's own key moment, if any
        self.puzzle = DrillCoach.from_session(session) or guide.Puzzle.from_session(session)
        self.tutorial = TutorialLayer.from_session(session, self)   # a guided chapter's step, if any
        # one person plays every seat of a puzzle or a guided chapter: no curtain between them
        self.hotseat_curtain = hotseat_curtain and self.puzzle is None and self.tutorial is None
        self.request: str | None = None       # "start": the host goes back to the start screen
        # asked before a person's move is applied (the coach at your elbow: "Are you sure?");
        # True: it took the move over and applies it itself if the player keeps it
        self.before_move: Callable[[Action], bool] | None = None
        self.layout = compute(size, goal=self.puzzle is not None)
        self.words = Words(g.rules.catalog, [t.id for t in g.state.tribes], g.rules)
        if isinstance(self.puzzle, DrillCoach):
            self.puzzle.words = self.words
        self.map = IslandView(g.rules.board, map_path or default_map_path(), g.rules.catalog, assets, self.layout.map)
        self.fit_island()
        self.spots = SpotMap()
        self.spots.map_view = self.map
        self.spots.map_rect = self.layout.map
        self.spots.regions = RegionRaster(g.rules.board, self.map.map_size)
        self.index = MoveIndex()
        self._game: Game | None = None
        self.base: pygame.Surface | None = None
        self.base_key = None
        self.side_scroll = 0                   # the shared boards' column, scrolled in a short window
        self.side_over = 0                     # by how many px it is taller than the window leaves it
        self.side_places: dict[tuple, pygame.Rect] = {}   # where its pieces lie, unscrolled (boards.draw_side)
        self.pointed_token: tuple | None = None          # what the table last pointed at (side_column.show_pointed)
        self.shown_moves: tuple = ()           # moves a screen draws on the table (the replay's key moment)
        self.shown_ways: dict = {}             # their arrows' ways, by what they were worked out from (draw_move)
        self.painted: Paint | None = None
        self.now = 0.0
        self.mouse = (0, 0)
        self.flights: list[Flight] = []
        self.picture = BasePicture()          # the base's bookkeeping and drawing (base_picture.py)
        self.message: str | None = None
        self.bot_line: str | None = None      # the last bot move, told as it happened
        self.message_bad = False
        self.message_rect: pygame.Rect | None = None   # where the message line was last drawn
        self.refused_kind: str | None = None   # the move a refusal was about (F1 opens its rule)
        self.message_version = -1          # the game's version when the message was said
        self.message_serial = 0
        self._dirty = False                    # a layer asked for a redraw without taking the event
        self.prompting = False                   # the message says what the keyboard is on
        humans = [k for k, s in enumerate(session.seats) if s == "human"]
        self.viewer = humans[0] if humans else 0
        # the input, top layer first: curtain, result, dialogs, tray, decision, drag, board
        # (layers.py; the notices layer only draws)
        self.board = BoardLayer(self)
        self.drag_layer = DragLayer(self)
        self.decision = DecisionLayer(self)
        self.tray_layer = TrayLayer(self)
        self.dialogs = DialogLayer(self)
        self.result = ResultLayer(self)
        self.curtain_layer = CurtainLayer(self)
        self.log_layer = LogLayer(self)        # the log: grouped, scrolled, resized (table/log_panel.py)
        self.layers = LayerStack([self.board, self.drag_layer, self.log_layer, self.decision, self.tray_layer,
                                  self.dialogs, NoticeLayer(self), self.result, self.curtain_layer,
                                  PointerLayer(self)])
        # the hint that stays and the round's summary: over the tray and the bar, under the notices
        self.coach = self.layers.push(CoachLayer(self), below="notices")
        if self.tutorial is not None:    # its card and rings: over the boards, under the message line
            self.layers.push(self.tutorial, below="notices")
            self.dialogs.tips.dismissed.update(range(4))               # the chapter's steps say the tips
        self.sync()

    def redraw(self) -> None:
        """A layer saw something change while passing the event on: draw the next frame."""
        self._dirty = True

    # =================================================================== public Scene API
    def handle_event(self, ev) -> bool:
        self.sync()
        self._dirty = False
        return self.layers.handle(ev) or self._dirty

    def update(self, dt_ms: int) -> bool:
        self.now += dt_ms
        changed = self.sync()
        if self.flights:
            self.flights = [f for f in self.flights if not f.done(self.now)]
            changed = True
        self.picture.drop_stale(self.now)
        return self.layers.update(dt_ms) or changed

    def draw(self, surface) -> None:
        self.sync()
        if surface.get_size() != self._size:
            self.resize(surface.get_size())
        self._ensure_base()
        if side_column.show_pointed(self):
            self._ensure_base()
        surface.blit(self.base, (0, 0))
        self.layers.draw(surface)

    def printed_words(self) -> list:
        """Where the table's words are printed on its base picture (names, labels, counts): what
        a highlight drawn over the table keeps clear of, or draws again on top."""
        return words_on(self.base)

    def resize(self, size) -> None:
        self._size = tuple(size)
        set_window_size(size)            # the table fills the window: its smallest text (issue 42)
        self.layout = compute(size, goal=self.puzzle is not None)
        self.map.set_viewport(self.layout.map)
        self.fit_island()
        self.spots.map_rect = self.layout.map
        self.drag_layer.drag = None
        self.base_key = None

    def redraw_base(self) -> None:
        """Draw the base picture anew at the next frame (bench/frame.py measures what that costs)."""
        self.base_key = None

    def flash(self, text: str, bad: bool = False) -> None:
        self.message = self.words.say(text)
        self.message_bad = bad
        self.message_version = self.session.version   # it stays until the next move or click
        self.message_serial += 1                       # a new message (the same text said again too)
        self.prompting = False
        if not bad:
            self.refused_kind = None

    def prompt(self, text: str) -> None:
        """What the keyboard's focus is on, said in the message line (gone once a move is made)."""
        self.flash(text)
        self.prompting = True

    def refuse(self, text: str, kind: str | None) -> None:
        """A refusal, with the rule behind it one key away (the Rules screen opens at `kind`)."""
        self.flash(text, bad=True)
        self.refused_kind = kind         # the message shows "F1: the rule behind this" (overlays.message)

    # =================================================================== test helpers
    def spot(self, key: TableKey):
        """The spot drawn for `key` (after a draw), e.g. RegionSpot("bear-river")."""
        self._ensure_base()
        return self.spots.spot(key, self.region_point)

    def spot_pos(self, key: TableKey) -> tuple[int, int]:
        sp = self.spot(key)
        if sp is None:
            raise KeyError(f"{key} is not on the table now")
        return sp.center

    # =================================================================== syncing with the session
    def sync(self) -> bool:
        s = self.session
        if self.index.version == s.version and self._game is s.game:
            return False
        self._game = s.game
        if self.message and self.message_version != s.version:
            self.message = None              # a move was made since it was said
        self.words.tribe_ids = [t.id for t in s.game.state.tribes]
        if self.puzzle is not None:
            self.puzzle.follow(s.game)
        self.index = build_index(s)
        self.layers.reset()              # what was in hand belonged to the position before
        if self.prompting:
            self.message, self.prompting = None, False     # "Enter puts it here" is no longer true
        self.curtain_layer.follow_seat()
        self.decision.ask_pending()
        return True

    def human_turn(self) -> bool:
        return self.curtain_layer.tribe is None and self.session.is_human_turn() and not self.session.state.game_over

    # =================================================================== the base picture
    def new_paint(self) -> Paint:
        p = Paint(self.session, self.assets, self.layout, self.spots, self.index, self.words, self.viewer,
                  self.drag_layer.drag.grip if self.drag_layer.drag else None, self.human_turn())
        p.puzzle = self.puzzle
        p.bot_line = self.bot_line
        return p

    def _ensure_base(self) -> None:
        self.picture.ensure(self)

    def target_point(self, key):
        return self.spots.point(key, self.region_point)

    def region_point(self, region: str):
        return self.map.region_point(self.session.game.rules.board, region)

    def fit_island(self) -> None:
        """Zoom so the island (not the sea around it) fills the map area, centred."""
        self.map.fit_island(self.session.game.rules.board)

    # =================================================================== moves
    def resolve(self, actions, title: str = "Choose") -> None:
        """Play the move these actions are (one move: made; several: the decision bar asks which;
        a Tribe Action paid with Essences: the payment tray opens)."""
        refusal = self.session.refusal      # a guided step narrows the moves (Session: None for every move)
        if actions:
            allowed = [a for a in actions if refusal(a) is None]
            if not allowed:                  # said now, before a tray or a choice opens
                self.refuse(refusal(actions[0]) or "", actions[0].kind)    # (not None: none was allowed)
                if self.decision.choice is None:
                    self.decision.ask_pending()     # a pending decision's bar stays up to choose again
                return
            actions = allowed
        groups = group_actions(actions)
        if len(groups) > 1:
            self.decision.open(title, actions, cancellable=True)
            return
        key, acts = groups[0]
        if key.kind in TRAY_KINDS and any(a.get("pay") for a in acts):
            self.tray_layer.open(acts, self.words.action(key))
            return
        self.apply(acts[0])

    def apply(self, action, asked: bool = False) -> bool:
        if not asked and self.asks_first(action):
            return False
        why = self.session.apply(action)
        if why:
            self.refuse(self.words.plain(why), action.kind)
            return False
        self.sync()
        return True

    def asks_first(self, action) -> bool:
        """True when the screen asks about this move before it is made (the move waits)."""
        ask = self.before_move
        return bool(ask(action)) if callable(ask) else False

    def press_button(self, name: str) -> None:
        if name == "puzzle_retry":
            self.result.retry()
            return
        if name == "moves":
            self.decision.open("Moves without a piece to drag", self.index.loose, cancellable=True)
            return
        if name == "undo":
            why = self.session.undo()
            if why:
                self.flash(self.words.say(why), bad=True)
            return
        acts = self.index.clicks.get(Button(name))
        if acts and self.human_turn():
            self.apply(acts[0])


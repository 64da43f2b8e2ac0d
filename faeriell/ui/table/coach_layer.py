"""The table as a teacher, as one layer of the input stack (layers.py): the hint card that stays
and shows (hint_card.py) and the card that sums up the round just ended (goal.py).

It sits just under the notices, so a press on either card is the card's and never reaches the
tray, the decision bar or the island under it; Esc closes the hint first. Everything else passes
through. A change of position (reset) retires the hint and may bring a round's card.
"""
from __future__ import annotations

import pygame

from faeriell.ui.table import keyboard
from faeriell.ui.table.events import is_key, is_press
from faeriell.ui.table.gestures import DECIDE, drawn_gesture, make_ctx
from faeriell.ui.table.goal import RoundCard
from faeriell.ui.table.hint_card import HintCard
from faeriell.ui.table.layers import Layer
from faeriell.engine.preview import harvest_preview


class CoachLayer(Layer):
    name = "coach"

    def __init__(self, scene):
        self.scene = scene
        self.hint = HintCard()
        self.round_card = RoundCard()

    def is_open(self) -> bool:
        return self.hint.shown or self.round_card.shown

    def reset(self) -> None:
        s = self.scene.session
        self.hint.follow(s.version, s)               # the hinted move: the plan goes on; else it has served
        self.round_card.follow(s.game, self.scene.words, self.scene.viewer, s.game.state.mode == "solo")

    def handle(self, ev) -> bool:
        scene = self.scene
        if is_press(ev):
            if self.round_card.hit(ev.pos):
                self.round_card.close()
                return True
            hit = self.hint.click(ev.pos)
            if hit == "close":
                self.hint.clear()
            elif hit == "show":
                self.hint.show_from = scene.now
            elif hit == "longer":
                scene.request = "think_longer"       # the table screen asks the expert again, longer
            return hit is not None
        free = scene.drag_layer.drag is None and scene.tray_layer.tray is None
        if is_key(ev, pygame.K_s) and not ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and free \
                and self.hint.shown and self.hint.gesture is not None:
            self.hint.show_from = scene.now           # S: Show me, without a mouse
            return True
        if is_key(ev, pygame.K_ESCAPE) and free:
            if self.hint.shown:
                self.hint.clear()
                return True
            if self.round_card.shown:                 # then the round's card (a click closes it too)
                self.round_card.close()
                return True
        return False

    def update(self, dt_ms: int) -> bool:
        h = self.hint
        if h.show_from is None:
            return False
        if not h.animating(self.scene.now):           # one more frame to draw the piece back home
            h.show_from = None
        return True

    def draw(self, surf) -> None:
        scene = self.scene
        self.round_card.draw(surf, scene.painted, scene.layout.log)
        if scene.curtain_layer.tribe is None:
            self.hint.draw(surf, scene)

    def focus(self, gs) -> None:
        """Playing by keyboard: the hint's piece takes the focus, so Enter picks it up."""
        scene = self.scene
        if scene.board.focus is None or gs is None or gs == DECIDE:
            return
        key = gs[0] if gs[0] is not None else gs[1]
        if key in keyboard.pieces(scene):
            scene.board.focus = key

    def show_hint(self, action, reason: str, note: str = "") -> None:
        """A hint on the table: its move drawn (arrow, ghost) and a card with its reason, while
        the player follows its plan in this turn, until they do something else or close it
        (hint_card.py, coach_layer.py)."""
        scene = self.scene
        gs = drawn_gesture(action, make_ctx(scene.session.game))
        self.hint.set(action, scene.words.say(reason), scene.session.version,
                      "decide" if gs == DECIDE else gs, note, scene.words.action(action), scene.session.game,
                      detail=self.hint_detail(action))
        self.focus(gs)

    def hint_detail(self, action) -> str:
        """What a hinted Harvest gives, in words: where the moved token stops and what each tribe
        gets there, or what the hinted Region gives (engine.preview.harvest_preview); "" for
        other moves, whose label says it all."""
        scene = self.scene
        g = scene.session.game
        who = g.acting if g.acting is not None else g.state.active
        if action.kind == "harvest":
            return scene.words.harvest_stop(harvest_preview(g, int(action["steps"])), who)
        if action.kind == "harvest_choice" and action.has("region") and not action.has("color"):
            pend = g.state.pending or {}
            gain = scene.words.harvest_gain(harvest_preview(g, 0), pend.get("player", who), action["region"])
            if gain:
                return f"Harvesting {scene.words.region(action['region'])} gives you {gain}."
        return ""

"""Helpers for the keyboard tests (no tests here): any legal move made with key events only.

The helpers look at the table to count how many presses of Tab (or an arrow key) bring the focus
to the piece, the place, the choice or the card the move needs, then post exactly those KEYDOWN
events (and their KEYUP) through `step()` - the app's frame or the table's own event pump.
Nothing is clicked and nothing is applied to the session directly.
"""
from __future__ import annotations

import pygame

from faeriell.ui.table import keyboard
from faeriell.ui.table.gestures import DECIDE, gesture, make_ctx

from test_table_support import colours, same_move
from faeriell.ui.table.keys import Button
from faeriell.engine.card import colour_of


def post_keys(k, n=1, mod=0) -> None:
    for _ in range(n):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def presses(items, current, want) -> int:
    """How many Tabs bring the focus from `current` to `want` (keyboard.cycle's order)."""
    k = items.index(want)
    if current in items:
        return (k - items.index(current)) % len(items)
    return k + 1


class KeyPlayer:
    """Plays moves on a TableScene by keys. `scene()` gives the table now, `step()` runs a frame."""

    def __init__(self, scene, step, session):
        self.scene, self.step, self.session = scene, step, session

    def keys(self, k, n=1, mod=0) -> None:
        if n:
            post_keys(k, n, mod)
            self.step()

    # ---- the parts of a move -----------------------------------------------------------------
    def focus_piece(self, key) -> None:
        sc = self.scene()
        items = keyboard.pieces(sc)
        assert key in items, f"{key} is not in the Tab order {items}"
        self.keys(pygame.K_TAB, presses(items, sc.board.focus, key))
        assert self.scene().board.focus == key, (self.scene().board.focus, key)

    def aim(self, target) -> None:
        sc = self.scene()
        d = sc.drag_layer.drag
        assert d is not None and d.keyed, "no piece in hand"
        order = keyboard.targets(sc, d)
        assert target in order, f"{target} is not among the places {order}"
        self.keys(pygame.K_RIGHT, presses(order, d.hover, target))
        assert self.scene().drag_layer.drag.hover == target

    def choose(self, action, limit=6) -> None:
        version = self.session.version
        for _ in range(limit):
            if self.session.version != version or self.scene().tray_layer.tray is not None:
                return
            ch = self.scene().decision.choice
            assert ch is not None, f"no decision bar for {action}"
            k = next((n for n, o in enumerate(ch.options) if any(a == action or same_move(a, action)
                                                                  for a in o.actions)), None)
            assert k is not None, f"{action} is on no choice of {ch.title!r}"
            self.keys(pygame.K_TAB, presses(list(range(len(ch.options))), ch.focus, k))
            assert self.scene().decision.choice.focus == k
            self.keys(pygame.K_RETURN)
            assert self.scene().decision.choice is not ch or self.session.version != version
        assert self.session.version != version or self.scene().tray_layer.tray is not None

    def pay(self, action) -> None:
        tray = self.scene().tray_layer.tray
        herbs = sorted(action.get("discounts") or ())
        for _ in range(8):                          # the Herbs first: the tray re-balances to them
            have = sorted(tray.discounts)
            if have == herbs:
                break
            more = [h for h in herbs if herbs.count(h) > have.count(h)]
            less = [h for h in have if have.count(h) > herbs.count(h)]
            h = (more or less)[0]
            n = have.count(h)
            self.toggle(tray, ("herb", f"{h}#{n if more else n - 1}"))
        want = colours(action.get("pay"))
        for _ in range(30):
            have = colours(tray.tray)
            if have == want:
                break
            extra = [c for c in tray.tray if have.count(colour_of(c)) > want.count(colour_of(c))]
            if extra:
                self.toggle(tray, ("tray", extra[0]))
                continue
            need = [c for c in tray.pool if want.count(colour_of(c)) > have.count(colour_of(c))]
            assert need, f"cannot pay {want} from {tray.pool}"
            self.toggle(tray, ("pool", need[0]))
        assert colours(tray.tray) == want and sorted(tray.discounts) == herbs
        self.keys(pygame.K_RETURN)

    def toggle(self, tray, item) -> None:
        item = next(it for it in tray.items() if it[:2] == item)      # the first of its twins
        self.keys(pygame.K_TAB, presses(tray.items(), tray.focus, item))
        assert tray.focus == item, (tray.focus, item)
        self.keys(pygame.K_SPACE)

    # ---- a whole move ------------------------------------------------------------------------
    def play(self, action) -> None:
        version = self.session.version
        sc = self.scene()
        if sc.decision.choice is not None and sc.decision.auto:        # a pending decision: its bar
            self.choose(action)
        else:
            gs = gesture(action, make_ctx(self.session.game))
            if gs is None:
                self.focus_piece(Button("moves"))
                self.keys(pygame.K_RETURN)
                self.choose(action)
            elif gs == DECIDE:
                self.choose(action)
            elif gs[0] is None:
                self.focus_piece(gs[1])
                self.keys(pygame.K_RETURN)
            else:
                self.focus_piece(gs[0])
                self.keys(pygame.K_RETURN)           # picked up: its first place is in focus
                self.aim(gs[1])
                self.keys(pygame.K_RETURN)
        sc = self.scene()
        if self.session.version == version and sc.decision.choice is not None and sc.tray_layer.tray is None:
            self.choose(action)                      # a place that means several moves: which one
        if self.session.version == version and self.scene().tray_layer.tray is not None:
            self.pay(action)

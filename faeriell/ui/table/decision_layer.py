"""The decision bar as a layer: a pending decision (R27, `auto`: it stays until answered), a drop
that means several moves, or the Moves list. A click on its tiles or on a table spot an option
names picks that option; a click elsewhere closes a bar the player opened (not a pending one).
While a piece is in hand, only the bar's own panel is the bar's: the rest of the table is the
drop's."""
from __future__ import annotations

import pygame

from faeriell.ui.table import keyboard, overlays
from faeriell.ui.table.decisions import Choice, Option, build_choice
from faeriell.ui.table.events import is_cancel, is_enter, is_key, is_motion, is_press
from faeriell.ui.table.keys import GuardianPiece, RegionSpot
from faeriell.ui.table.layers import Layer


# Every pending decision (R27) shows a bar: its question, how to answer, and its choices. These
# are answered on the island (a glowing Region or node, dragged to or clicked), so their bar holds
# no tiles and stays small; the others list every choice (a drag still answers those that have one).
MAP_DECISIONS = {"place_settlement", "place_hero"}


class DecisionLayer(Layer):
    name = "decision"

    def __init__(self, scene):
        self.scene = scene
        self.choice: Choice | None = None
        self.auto = False                  # a pending decision's bar (not closed by a click away)

    def is_open(self) -> bool:
        return self.choice is not None

    def reset(self) -> None:
        self.choice, self.auto = None, False

    def open(self, title: str, actions, auto: bool = False, paint=None, **kw) -> None:
        s = self.scene
        self.choice = build_choice(title, actions, paint or s.painted or s.new_paint(), s.words, **kw)
        self.auto = auto
        if s.prompting:                        # reached by the keyboard: say how to answer with it
            s.prompt(f"{title} - Tab or the arrows go through the {len(self.choice.options)} choices, "
                     "Enter takes one")

    def ask_pending(self) -> None:
        """The engine's pending decision, when a person is to answer it: its bar, which a click
        away does not close."""
        sc = self.scene
        s = sc.session.state
        if not (s.pending and sc.human_turn()):
            return
        # a guided step lists only its own move; its decision bar still shows every choice (the
        # others are refused with the step's reason when picked)
        legal = sc.session.engine_legal()
        acts = [a for a in legal if a.kind == s.pending["kind"]] or list(legal)
        if not acts:
            return
        head, how = sc.words.decision(s.pending, s)
        who = f"Player {sc.session.acting + 1}: " if s.players > 1 else ""
        self.open(who + head, acts, auto=True, paint=sc.new_paint(), cancellable=False, note=how,
                  compact=s.pending["kind"] in MAP_DECISIONS)

    def pick(self, opt: Option) -> None:
        s = self.scene
        if opt.group:
            self.choice = build_choice(opt.label, opt.actions, s.painted or s.new_paint(), s.words,
                                       cancellable=True, parent=self.choice)
            self.auto = False
            return
        was, version = self.choice, s.session.version
        self.choice, self.auto = None, False
        s.resolve(opt.actions, opt.label)
        again = self.choice
        if was is not None and was.focus is not None and again is not None and s.session.version == version \
                and [o.label for o in again.options] == [o.label for o in was.options]:
            again.focus = was.focus          # refused: the keyboard stays on it (Right, Enter moves on)

    def back(self) -> None:
        if self.choice is None:
            return
        self.choice = self.choice.parent
        if self.choice is None:
            self.auto = False

    def handle(self, ev) -> bool:
        ch = self.choice
        if ch is None:                         # (the layers ask an open bar only)
            return False
        holding = self.scene.drag_layer.drag is not None
        if is_press(ev):
            return self._press(ch, ev.pos, holding)
        if is_motion(ev):
            return self._motion(ch, ev.pos, holding)
        if is_cancel(ev) and not holding and ch.cancellable:
            self.choice = ch.parent
            return True
        if holding or ev.type != pygame.KEYDOWN:
            return False
        return self._key(ch, ev)

    def _press(self, ch, pos, holding: bool) -> bool:
        r = ch.click(pos)
        if isinstance(r, Option):
            self.pick(r)
            return True
        if r == "cancel":
            self.choice, self.auto = None, False
            return True
        if r == "back":
            self.choice = ch.parent
            return True
        if r == "fold":
            ch.folded = not ch.folded
            return True
        if r == "inside":
            return True
        if holding:
            return False
        opts = ch.spot_keys()
        for sp in self.scene.spots.hit_all(pos):
            if sp.key in opts:
                self.pick(opts[sp.key])
                return True
        if not self.auto:
            self.choice = None           # a click away closes a bar the player opened
        return False

    def _motion(self, ch, pos, holding: bool) -> bool:
        if ch.motion(pos):
            self.scene.redraw()
        board = self.scene.board
        if not holding and board.pressed is None and ch.panel_rect is not None \
                and ch.panel_rect.collidepoint(pos):
            # the mouse is on the bar: nothing under it is pointed at (no tooltip of a Region
            # drawn beneath the bar's choices)
            if board.hover_key is not None:
                board.hover_key = None
                self.scene.redraw()
            return True
        return False

    def _key(self, ch, ev) -> bool:
        step = keyboard.step_of(ev)
        if step:
            self.step(step)
            return True
        if is_enter(ev):
            if ch.focus is None or ch.focus >= len(ch.options):
                self.step(1)                 # first a choice in focus, then Enter takes it
            else:
                self.pick(ch.options[ch.focus])
            return True
        if is_key(ev, pygame.K_BACKSPACE) and ch.parent is not None:
            self.back()
            return True
        return False

    def step(self, d: int) -> None:
        ch = self.choice
        if ch is None:
            return
        n = len(ch.options)
        if not n:
            return
        ch.focus = (0 if d > 0 else n - 1) if ch.focus is None else (ch.focus + d) % n
        opt = ch.options[ch.focus]
        self.scene.board.show_focus(opt.spot)      # its piece in the shared boards' column, in view
        more = " (Enter opens it)" if opt.group else ""
        label = opt.label.rstrip(". ")       # a label that is a sentence: no ".:" after it
        self.scene.prompt(f"{ch.title} - {label}{more}: {ch.focus + 1} of {n}, Enter to choose")

    def draw(self, surf) -> None:
        s = self.scene
        ch = self.choice
        if ch is None:
            return
        overlays.choice_spots(surf, s)
        if ch.focus is not None and ch.focus < len(ch.options) and ch.options[ch.focus].spot is not None:
            overlays.focus_mark(surf, s, ch.options[ch.focus].spot)      # the keyboard's place
        ch.draw(surf, s.painted, s.layout.map, self.asked_rects())

    def asked_rects(self) -> list[pygame.Rect]:
        """Where the pieces and places the open decision asks about are on screen (the bar keeps
        clear of them)."""
        s = self.scene
        ch = self.choice
        keys = set(ch.spot_keys() if ch is not None else ()) | set(s.index.aims)
        keys |= {k for k in s.index.clicks if isinstance(k, RegionSpot)}
        pend = s.session.state.pending or {}
        if pend.get("guardian") in s.session.state.guardians:      # a Corruption Event at a Guardian
            keys.add(GuardianPiece(pend["guardian"]))
        if isinstance(pend.get("region"), str):
            keys.add(RegionSpot(pend["region"]))
        keys |= {RegionSpot(r) for r in pend.get("regions") or () if isinstance(r, str)}
        out = []
        m = s.layout.map
        for key in keys:
            if isinstance(key, RegionSpot):
                c = s.region_point(key.region)
                rr = pygame.Rect(0, 0, s.layout.px(30), s.layout.px(30))
                rr.center = c
                out.append(rr)
            else:
                out += [sp.rect for sp in s.spots.by_key.get(key, ())]
        return [r for r in out if m.colliderect(r)]

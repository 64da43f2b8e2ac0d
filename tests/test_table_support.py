"""Helpers for the table tests (no tests here): a headless TableScene driven by real pygame mouse
and key events (posted with pygame.event.post, then pumped through the scene's handle_event).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, build_position  # noqa: E402
from faeriell.ui.assets import Assets  # noqa: E402
from faeriell.session import Session  # noqa: E402
from faeriell.ui.table import TableScene  # noqa: E402
from faeriell.ui.table.gestures import DECIDE, gesture, make_ctx  # noqa: E402
from faeriell.ui.table.keys import Button, RegionSpot  # noqa: E402
from faeriell.ui.table.screen_layers import covered_by  # noqa: E402
from faeriell.engine.card import as_card, colour_of  # noqa: E402

_ASSETS = None


def assets() -> Assets:
    global _ASSETS
    if _ASSETS is None:
        _ASSETS = Assets()
    return _ASSETS


def position(setup: dict, board=None, tribes=None, turn=None):
    """A game from a written position (the format of ../shared/scenarios/*.yaml)."""
    base = {"players": 2, "mode": "competitive", "difficulty": "medium", "seed": 7, "position": "empty"}
    base.update(setup)
    return build_position(default_rules(), base, board or {}, tribes or [], turn or {})


def colours(cards) -> list[str]:
    return sorted(colour_of(c) for c in (cards or ()))


def same_move(a: Action, b: Action) -> bool:
    """Equal moves, payments compared by colour (the tray names exact cards)."""
    if a.kind != b.kind:
        return False
    fa = {k: v for k, v in a.fields if k != "pay"}
    fb = {k: v for k, v in b.fields if k != "pay"}
    if fa != fb:
        return False
    pa, pb = a.get("pay"), b.get("pay")
    if isinstance(pa, tuple) or isinstance(pb, tuple):
        return colours(pa) == colours(pb)
    return colour_of(pa) == colour_of(pb) if pa or pb else True


def free_point(scene, key) -> tuple[int, int] | None:
    """A point where a press reaches `key`: no panel over it, and the table's own hit-test finds
    `key` there (a Region is tried over its whole shape, a piece around its centre). None: nowhere."""
    sp = scene.spot(key)
    if sp is None:
        return None
    points = [sp.center]
    if isinstance(key, RegionSpot):
        poly = scene.session.game.rules.board.regions[key.region].polygon
        x0, x1 = min(p[0] for p in poly), max(p[0] for p in poly)
        y0, y1 = min(p[1] for p in poly), max(p[1] for p in poly)
        points += [scene.map.map_to_screen((x0 + (x1 - x0) * i / 10, y0 + (y1 - y0) * j / 10))
                   for j in range(1, 10) for i in range(1, 10)]
    else:
        r = sp.rect
        points += [(r.x + r.w * i // 4, r.y + r.h * j // 4) for j in (1, 2, 3) for i in (1, 2, 3)]
    for x, y in points:
        p = (round(x), round(y))
        if covered_by(scene, p) is None and any(h.key == key for h in scene.spots.hit_all(p)):
            return p
    return None


class Table:
    """A TableScene on a headless window, played with real mouse events."""

    def __init__(self, game, size=(1280, 800), seats=None, curtain=False):
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.session = Session(game, seats, autosave=False)
        self.scene = TableScene(self.session, assets(), size, hotseat_curtain=curtain)
        pygame.event.clear()
        self.frame()
        self._fitted = (self.scene.map.zoom_level, self.scene.map.offset)

    @property
    def game(self):
        return self.session.game

    @property
    def state(self):
        return self.session.game.state

    def frame(self) -> None:
        for ev in pygame.event.get():
            self.scene.handle_event(ev)
        self.scene.update(16)
        self.scene.draw(self.screen)

    def pos(self, key) -> tuple[int, int]:
        if isinstance(key, tuple) and len(key) == 2 and all(isinstance(v, int) for v in key):
            return key
        p = self.scene.spot_pos(key)
        if covered_by(self.scene, p) is not None:      # a panel over its centre: aim where it shows
            p = free_point(self.scene, key) or p
        return p

    # ---- real events -----------------------------------------------------------------------
    @staticmethod
    def post(kind, **kw) -> None:
        pygame.event.post(pygame.event.Event(kind, **kw))

    def move(self, pos, buttons=(0, 0, 0)) -> None:
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)

    def click(self, key) -> None:
        p = self.pos(key)
        self.move(p)
        self.post(pygame.MOUSEBUTTONDOWN, pos=p, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=p, button=1)
        self.frame()

    def drag(self, src, dst, steps: int = 6) -> None:
        a, b = self.pos(src), self.pos(dst)
        self.move(a)
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        self.frame()
        for k in range(1, steps + 1):
            p = (round(a[0] + (b[0] - a[0]) * k / steps), round(a[1] + (b[1] - a[1]) * k / steps))
            self.move(p, buttons=(1, 0, 0))
        self.frame()
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        self.frame()

    def key(self, k) -> None:
        self.post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
        self.post(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)
        self.frame()

    # ---- higher level: any legal action by mouse -------------------------------------------
    def gesture(self, action):
        return gesture(action, make_ctx(self.game))

    def choose(self, action, limit: int = 6) -> bool:
        """Click through the open choice to the option holding `action` (True when picked)."""
        version = self.session.version
        for _ in range(limit):
            if self.session.version != version:
                return True                       # the move was made
            ch = self.scene.decision.choice
            if ch is None:
                return False
            pick = None
            for rect, opt in ch.rects:
                if any(same_move(a, action) or a == action for a in opt.actions):
                    pick = (rect, opt)
                    break
            if pick is None:
                return False
            self.click(pick[0].center)
            if self.scene.decision.choice is None or self.scene.decision.choice is ch:
                return True
        return self.session.version != version

    def pay(self, action) -> None:
        """Set the payment tray to the action's payment, by clicks, then confirm."""
        tray = self.scene.tray_layer.tray
        assert tray is not None, "no payment tray open"
        want = colours(action.get("pay"))
        herbs = sorted(action.get("discounts") or ())
        self._turn_herbs(tray, herbs)             # first the Herbs (the tray re-balances to them)
        for _ in range(20):                       # empty the tray
            items = [r for r, it in tray.rects if it[0] == "tray"]
            if not items:
                break
            self.click(items[-1].center)
        for col in want:                          # then fill it
            r = next(r for r, it in tray.rects if it[0] == "pool" and colour_of(it[1]) == col)
            self.click(r.center)
        self._turn_herbs(tray, herbs)
        self.click(tray.confirm_rect.center)

    def _turn_herbs(self, tray, herbs) -> None:
        for _ in range(8):                        # turn Herb cards until the discounts match
            have = sorted(tray.discounts)
            if have == herbs:
                break
            want_more = [h for h in herbs if herbs.count(h) > have.count(h)]
            want_less = [h for h in have if have.count(h) > herbs.count(h)]
            h = (want_more or want_less)[0]
            n = have.count(h)
            card = f"{h}#{n if want_more else n - 1}"
            r = next(r for r, it in tray.rects if it == ("herb", card))
            self.click(r.center)

    def perform(self, action) -> bool:
        """Play `action` with the mouse: its gesture, then the choice and the tray if they open."""
        if (self.scene.map.zoom_level, self.scene.map.offset) != self._fitted:
            self.key(pygame.K_HOME)                # the whole island in view
        gs = self.gesture(action)
        if gs is None:
            self.click(Button("moves"))
            if not self.choose(action):
                return False
        elif gs == DECIDE:
            if not self.choose(action):
                return False
        elif gs[0] is None:
            self.click(gs[1])
        else:
            self.drag(gs[0], gs[1])
        if self.scene.decision.choice is not None and not self.scene.decision.auto:
            self.choose(action)
        if self.scene.tray_layer.tray is not None:
            self.pay(action)
        return True


class _ByCard(dict):
    """A dict whose card keys are Cards however they are spelled ("red@owl" or the Card)."""

    def __setitem__(self, k, v):
        super().__setitem__(as_card(k), v)

    def __getitem__(self, k):
        return super().__getitem__(as_card(k))

    def __contains__(self, k):
        return super().__contains__(as_card(k))

    def get(self, k, default=None):
        return super().get(as_card(k), default)


def cards_drawn(monkeypatch) -> dict:
    """card -> (its rect, where its Guardian was drawn), filled as the table paints cards (the
    pool is painted from the player's view, "red@owl", the tray from the state's Cards)."""
    from faeriell.ui.table import paint
    drawn: dict = _ByCard()
    real = paint.Paint.card

    def card(self, surf, c, rect, show_back, *a, **k):
        at = real(self, surf, c, rect, show_back, *a, **k)
        drawn[c] = (pygame.Rect(rect), at)
        return at
    monkeypatch.setattr(paint.Paint, "card", card)
    return drawn


def words_under(table, colours, hidden, grow: int = 1, ink_of: pygame.mask.Mask | None = None) -> list:
    """The printed words (TableScene.printed_words) on which a pixel of one of `colours` shows on
    the screen (or one of the mask `ink_of`, when given), leaving out the words under the `hidden`
    rects (a card, a panel). A word is its letters and `grow` px round them (the ink the table's
    base picture kept: a highlight may show between the letters, never on them); a word whose ink
    is not known, its whole box."""
    screen = pygame.display.get_surface()
    if ink_of is None:
        ink_of = colour_mask(screen, colours)
    out = []
    for r in table.printed_words():
        if any(h is not None and r.colliderect(h) for h in hidden):
            continue
        ink = r.inflate(-2, -2).clip(screen.get_rect())
        if ink.w <= 0 or ink.h <= 0:
            continue
        got = table.base.ink_mask(r, grow)
        if got is not None:                       # its letters, inside its box less a px all round
            mask, at = got
            inside = pygame.mask.Mask(mask.get_size())
            inside.draw(pygame.mask.Mask(ink.size, fill=True), (ink.x - at[0], ink.y - at[1]))
            letters = mask.overlap_mask(inside, (0, 0))
            if ink_of.overlap_area(letters, at):
                out.append(r)
            continue
        if ink_of.overlap_area(pygame.mask.Mask(ink.size, fill=True), ink.topleft):
            out.append(r)
    return out


def colour_mask(screen, colours) -> pygame.mask.Mask:
    """The screen's pixels of any of `colours`."""
    ink_of = pygame.mask.from_threshold(screen, colours[0], (1, 1, 1, 255))
    for c in colours[1:]:
        ink_of.draw(pygame.mask.from_threshold(screen, c, (1, 1, 1, 255)), (0, 0))
    return ink_of


def sower_serving_doom(size=(800, 520)) -> Table:
    """Four players; the second tribe lost to Corruption and serves Doom (R38): its Sower may take
    any Sower Perk left (R39), and those stand at the column's foot. The third tribe is to play."""
    g = position({"players": 4}, tribes=[
        {"designated": 2},
        {"designated": 1, "heroes": {"sower": {"node": {"near": "bear-forest"}}},
         "essences": ["red", "red", "yellow", "yellow", "blue", "green", "corruption"]}, {}, {}],
        turn={"player": 2, "phase": "tribe"})
    g.state.sower = 1
    g.state.tribes[1].sower = True
    return Table(g, size=size)

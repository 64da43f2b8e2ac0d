"""Short sprite flights: a bot's piece moving to its new place, a refused piece snapping back,
and what a move set off (issue 20.4): Essences flying from their deck to a pool, a Menace drawn
from the bag to its Guardian, the Doom token stepping along its track, an Achievement token
landing on its tile, the Harvest token travelling round the wheel.

What happened is read from two snapshots of the state (before and after a change of the
session's version), never worked out from the rules. Animations are overlays only: the state
has already changed, input is never held, and at the "off" speed none is made at all.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import pygame

from faeriell.engine.card import colour_of
from faeriell.ui.table import theme as T
from faeriell.ui.table.gestures import DECIDE, drawn_gesture, make_ctx
from faeriell.ui.table.keys import AchievementTile, DoomSpace, HarvestToken, MenaceBag, PoolCard, QuestDeck, SetAside, TribeBoard, TribeSmall, UnderGuardian, WheelSpace

SPEED = [1.0]       # the Animation speed setting: flight times are multiplied by it (0: no flights)


def set_speed(factor: float) -> None:
    SPEED[0] = max(0.0, float(factor))


def on() -> bool:
    return SPEED[0] > 0


@dataclass
class Flight:
    sprite: pygame.Surface | None
    start: tuple
    end: tuple
    t0: float
    dur: float = 320.0
    pulse: bool = True          # a ring at the landing place
    # What the landing place looked like before the move: drawn over the table while the piece
    # is in the air, so the piece is not seen waiting at its destination already.
    cover: pygame.Surface | None = None
    cover_at: tuple = (0, 0)
    via: list = field(default_factory=list)     # points passed on the way (the Doom track, the wheel)
    what: str = "move"          # what it shows ("essence", "menace", "doom", "achievement", "harvest")

    def __post_init__(self):
        self.dur *= SPEED[0]
        if not SPEED[0]:
            self.pulse = False
        self._path = [tuple(self.start), *[tuple(v) for v in self.via], tuple(self.end)]
        legs = [math.dist(a, b) for a, b in zip(self._path, self._path[1:], strict=False)]
        self._legs, self._length = legs, sum(legs)

    def pos(self, now: float) -> tuple[float, float, float]:
        if now < self.t0:
            return self.start[0], self.start[1], -1.0      # not off yet (staggered)
        t = max(0.0, min(1.0, (now - self.t0) / self.dur)) if self.dur > 0 else 1.0
        if len(self._path) > 2:           # steps along a track: evenly, one space after another
            d = t * self._length
            for (a, b), leg in zip(zip(self._path, self._path[1:], strict=False), self._legs, strict=True):
                if d <= leg:
                    f = d / leg if leg else 1.0
                    return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, t
                d -= leg
            return self.end[0], self.end[1], t
        e = 1 - (1 - t) ** 3
        return (self.start[0] + (self.end[0] - self.start[0]) * e,
                self.start[1] + (self.end[1] - self.start[1]) * e, t)

    def done(self, now: float) -> bool:
        return now - self.t0 >= self.dur + (220 if self.pulse else 0)

    def draw(self, surf, now: float) -> None:
        x, y, t = self.pos(now)
        if t < 0:
            if self.cover is not None:
                surf.blit(self.cover, self.cover_at)
            return
        if t < 1 and self.sprite is not None:
            if self.cover is not None:
                surf.blit(self.cover, self.cover_at)
            T.blit_center(surf, self.sprite, (x, y))
        elif self.pulse:
            k = (now - self.t0 - self.dur) / 220
            r = int(14 + 18 * k)
            ring = T.ring(r, T.GLOW, 3, max(0, int(230 * (1 - k))))
            surf.blit(ring, ring.get_rect(center=(round(self.end[0]), round(self.end[1]))))


# --------------------------------------------------------------------------- what just happened

def snapshot(state) -> dict:
    """The parts of the state the table animates, as plain values."""
    return {
        "doom": state.doom,
        "harvest": state.harvest,
        "pools": [Counter(colour_of(str(c)) for c in t.essences) for t in state.tribes],
        "under": {gd: d.get("token") for gd, d in state.guardians.items()},
        "set_aside": tuple(state.set_aside),
        "achievements": {aid: tuple(v) for aid, v in state.achievements.items()},
        "players": len(state.tribes),
    }


def what_happened(before: dict | None, after: dict) -> list[tuple]:
    """Events between two snapshots, in the order they are shown:
    ("harvest", old, new), ("essence", tribe, colour, n), ("menace", guardian, token),
    ("aside", token) (drawn from the bag and set beside it: Havoc, R6), ("achievement", id, tribe),
    ("doom", old, new)."""
    if before is None or before["players"] != after["players"]:
        return []
    out: list[tuple] = []
    if after["harvest"] != before["harvest"] and before["harvest"] is not None and after["harvest"] is not None:
        out.append(("harvest", before["harvest"], after["harvest"]))
    for i, (old, new) in enumerate(zip(before["pools"], after["pools"], strict=True)):
        for col in sorted(new):
            if new[col] > old.get(col, 0):
                out.append(("essence", i, col, new[col] - old.get(col, 0)))
    for gd, tok in after["under"].items():
        if tok and tok != before["under"].get(gd):
            out.append(("menace", gd, tok))
    for tok in after["set_aside"]:
        if tok not in before["set_aside"]:
            out.append(("aside", tok))
    for aid, holders in after["achievements"].items():
        for i in holders:
            if i not in before["achievements"].get(aid, ()):
                out.append(("achievement", aid, i))
    if after["doom"] > before["doom"]:
        out.append(("doom", before["doom"], after["doom"]))
    return out


ESSENCE_MAX = 5        # Essence cards shown flying per tribe and colour (a big Harvest stays short)


class _Where:
    """What the flights of one change read: the table just drawn (its spots say where things are
    now), the time, and the table before the change (to cover a token's new place on the way)."""

    def __init__(self, scene, prev_base) -> None:
        self.p, self.spots, self.now = scene.painted, scene.spots, scene.now
        self.s = scene.session.game.state
        self.prev_base = prev_base

    def centre(self, key):
        sp = self.spots.first(key)
        return sp.center if sp is not None else None

    def covered(self, f: Flight, at, sprite) -> Flight:
        prev_base = self.prev_base
        if prev_base is not None and at is not None and sprite is not None:
            r = sprite.get_rect(center=(round(at[0]), round(at[1]))).inflate(6, 6).clip(prev_base.get_rect())
            if r.w > 0 and r.h > 0:
                f.cover, f.cover_at = prev_base.subsurface(r).copy(), r.topleft
        return f

    def board_of(self, i):
        return self.centre(TribeSmall(i)) or self.centre(TribeBoard(i))


def flights_for(events, scene, prev_base=None) -> list[Flight]:
    """Flights showing `events` on the table just drawn (its spots say where things are now);
    `prev_base` (the table before the change) covers a token's new place while it is on the way.
    Each kind of event has its own maker (FLIGHTS), which also says how long the next one waits."""
    if not on():
        return []
    at = _Where(scene, prev_base)
    out: list[Flight] = []
    delay = 0.0
    for ev in events:
        flights, delay = FLIGHTS[ev[0]](ev, at, delay)
        out += flights
    return out


def _harvest_flight(ev, at: _Where, delay: float) -> tuple[list[Flight], float]:
    p, spots = at.p, at.spots
    old, new = ev[1], ev[2]
    n = len(p.rules.wheel)
    steps = [(old + k) % n for k in range(1, (new - old) % n + 1)]     # clockwise (R11)
    pts = [at.centre(WheelSpace(k)) for k in [old] + steps]
    end = at.centre(HarvestToken())
    if None in pts or end is None:
        return [], delay
    # the token rides inside the ring of spaces: the same inset as where it stands now
    ring = [sp.center for sp in spots.spots if isinstance(sp.key, WheelSpace)]
    c0 = (sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring))
    k_in = math.dist(c0, end) / max(1.0, math.dist(c0, pts[-1]))
    pts = [(c0[0] + (x - c0[0]) * k_in, c0[1] + (y - c0[1]) * k_in) for x, y in pts]
    img = p.spr("harvest_token", p.P(22))
    f = Flight(img, pts[0], end, at.now + delay, 260 + 120 * len(steps), via=pts[1:], what="harvest")
    return [at.covered(f, end, img)], delay + 0.6 * f.dur


def _essence_flights(ev, at: _Where, delay: float) -> tuple[list[Flight], float]:
    p, spots = at.p, at.spots
    _, i, col, n = ev
    start = at.centre(QuestDeck(col))
    ends = [sp.center for sp in spots.spots if isinstance(sp.key, PoolCard) and sp.key.tribe == i
            and colour_of(str(sp.key.card)) == col]
    end = ends[-1] if ends else at.board_of(i)
    if start is None or end is None:
        return [], delay
    img = p.spr(f"essence_{col}", p.P(34))
    out = [Flight(img, start, end, at.now + delay + 90 * k * SPEED[0], 380, pulse=k == 0, what="essence")
           for k in range(min(n, ESSENCE_MAX))]
    return out, delay + 60 * SPEED[0]


def _token_sprite(p, tok) -> str:
    """A Menace token's sprite name (a Corruption or Havoc token has its own)."""
    tk = p.rules.token_kind(tok)
    return {"corruption": "corruption_token", "havoc": "havoc_token"}.get(tk, f"menace_{tk}")


def _menace_flight(ev, at: _Where, delay: float) -> tuple[list[Flight], float]:
    _, gd, tok = ev
    start, end = at.centre(MenaceBag()), at.centre(UnderGuardian(gd))
    if start is None or end is None:
        return [], delay
    img = at.p.spr(_token_sprite(at.p, tok), at.p.P(24))
    f = Flight(img, start, end, at.now + delay, 520, what="menace")
    return [at.covered(f, end, at.spots.first(UnderGuardian(gd)).sprite or img)], delay + 160 * SPEED[0]


def _aside_flight(ev, at: _Where, delay: float) -> tuple[list[Flight], float]:
    p, s = at.p, at.s
    start, area = at.centre(MenaceBag()), at.spots.first(SetAside())
    if start is None or area is None:
        return [], delay
    k = list(s.set_aside).index(ev[1]) if ev[1] in s.set_aside else 0
    # where boards.draw_wheel lays the set-aside tokens: rows of three under the bag
    end = (area.rect.x + (k % 3) * p.P(14) + p.P(7), area.rect.y + p.P(2) + (k // 3) * p.P(15) + p.P(7))
    return [Flight(p.spr(_token_sprite(p, ev[1]), p.P(18)), start, end, at.now + delay, 480, what="aside")], \
        delay + 160 * SPEED[0]


def _achievement_flight(ev, at: _Where, delay: float) -> tuple[list[Flight], float]:
    _, aid, i = ev
    start, end = at.board_of(i), at.centre(AchievementTile(aid))
    if start is None or end is None:
        return [], delay
    img = at.p.spr(f"achievement_{at.s.tribes[i].id}", at.p.P(20))
    return [Flight(img, start, end, at.now + delay, 560, what="achievement")], delay + 200 * SPEED[0]


def _doom_flight(ev, at: _Where, delay: float) -> tuple[list[Flight], float]:
    old, new = ev[1], ev[2]
    pts = [at.centre(DoomSpace(k)) for k in range(old, new + 1)]
    if None in pts:
        return [], delay
    img = at.p.spr("doom_token", at.p.P(26))
    f = Flight(img, pts[0], pts[-1], at.now + delay, 220 + 200 * (new - old), via=pts[1:-1], what="doom")
    return [at.covered(f, pts[-1], img)], delay


# what_happened's kinds of event, each with the maker of its flights
FLIGHTS = {"harvest": _harvest_flight, "essence": _essence_flights, "menace": _menace_flight,
           "aside": _aside_flight, "achievement": _achievement_flight, "doom": _doom_flight}


def show_bot_move(scene, action) -> None:
    """Show a bot's move: the piece flies to its new place (input is never held)."""
    g = scene.session.game
    stale = scene.index.version != scene.session.version
    ctx = scene.index.ctx if (stale and scene.index.ctx is not None) else make_ctx(g)
    gs = drawn_gesture(action, ctx)
    who = scene.words.player_name(ctx.i, scene.session.seats)
    scene.bot_line = scene.words.narrate(action, who)
    scene.flash(scene.bot_line)
    if gs is None or gs == DECIDE:
        return
    grip, target = gs
    start = None
    sprite = None
    if grip is not None:
        sp = scene.spots.first(grip)
        if sp is not None:
            start, sprite = sp.center, sp.sprite
    scene.picture.queue_flight(start, sprite, target, grip, scene.now)

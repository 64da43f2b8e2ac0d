"""What just happened, shown (issue 20.4): Essences flying to a pool, a Menace drawn from the bag
to its Guardian, the Doom token stepping, an Achievement token landing, the Harvest token
travelling - read from the state before and after each change, at the Settings' animation speed
(off: none at all). Played with seeded random moves on a headless table."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import random

import pygame
import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.card import parse
from faeriell.engine.state import to_dict
from faeriell.ui.table import anim
from faeriell.ui.table.keys import DoomSpace, MenaceBag, UnderGuardian

KINDS = {"essence", "menace", "doom", "achievement", "harvest"}


@pytest.fixture
def speed():
    def set_(v):
        anim.set_speed(v)
    yield set_
    anim.set_speed(1.0)


def settle(t, limit=400) -> int:
    """Frames of 16 ms until every flight has landed (the count, so a test can bound it)."""
    for n in range(limit):
        if not t.scene.flights:
            return n
        t.frame()
    raise AssertionError(f"flights still in the air after {limit} frames: {[f.what for f in t.scene.flights]}")


def play(t, moves: int, seed: int = 1, each=None):
    rng = random.Random(seed)
    for _ in range(moves):
        acts = t.session.legal()
        if not acts or t.state.game_over:
            break
        t.session.apply(rng.choice(list(acts)))
        t.frame()
        if each is not None:
            each(t)
        settle(t)


def table():
    return Table(new_game(default_rules(), 2, "competitive", "medium", [], 3), seats=["human", "human"])


def test_every_kind_is_shown_and_lands(speed):
    speed(1.0)
    t = table()
    seen: dict[str, int] = {}

    def look(t):
        for f in t.scene.flights:
            seen[f.what] = seen.get(f.what, 0) + 1
            assert f.sprite is not None
    play(t, 220, each=look)
    assert set(seen) >= KINDS, seen


def test_off_shows_none(speed):
    speed(0.0)
    t = table()
    made = []
    play(t, 220, each=lambda t: made.extend(f.what for f in t.scene.flights if f.what in KINDS))
    assert made == []


def test_the_game_and_the_table_end_the_same_with_or_without_animations(speed):
    ends = []
    for v in (0.0, 1.0):
        speed(v)
        t = table()
        play(t, 160)
        t.frame()
        ends.append((to_dict(t.state), pygame.image.tobytes(t.screen, "RGB")))
    assert ends[0][0] == ends[1][0]
    assert ends[0][1] == ends[1][1]          # once landed, nothing of a flight is left on screen


def test_doom_steps_through_every_space_and_a_menace_comes_from_the_bag(speed):
    speed(1.0)
    g = position({"players": 2}, {"doom": 3}, [{}, {}], {"player": 1, "phase": "tribe"})
    t = Table(g)
    t.state.doom = 6
    t.state.guardians["bear"]["token"] = t.state.bag[0]
    t.session.version += 1
    t.frame()
    doom = [f for f in t.scene.flights if f.what == "doom"]
    menace = [f for f in t.scene.flights if f.what == "menace"]
    assert len(doom) == 1 and len(menace) == 1
    f = doom[0]
    cells = [t.scene.spot(DoomSpace(k)).center for k in range(3, 7)]
    assert f.start == cells[0] and f.end == cells[-1] and f.via == cells[1:-1]
    assert menace[0].start == t.scene.spot(MenaceBag()).center
    assert menace[0].end == t.scene.spot(UnderGuardian("bear")).center
    # half way, the Doom token is between spaces 3 and 6, not already on 6
    x, _, _ = f.pos(f.t0 + f.dur / 2)
    assert cells[0][0] < x < cells[-1][0]
    assert settle(t) < 120


def test_slower_speed_makes_longer_flights(speed):
    durs = []
    for v in (1.0, 2.0):
        speed(v)
        g = position({"players": 2}, {"doom": 3}, [{}, {}], {"player": 1, "phase": "tribe"})
        t = Table(g)
        t.state.doom = 4
        t.session.version += 1
        t.frame()
        durs.append(t.scene.flights[0].dur)
    assert durs[1] == 2 * durs[0]


def test_what_happened_reads_only_the_state():
    g = position({"players": 2}, {"doom": 2}, [{}, {}], {"player": 1, "phase": "tribe"})
    before = anim.snapshot(g.state)
    g.state.doom = 4
    g.state.tribes[1].essences.append(parse("red@bear"))
    g.state.achievements.setdefault("meadows", []).append(0)
    after = anim.snapshot(g.state)
    assert anim.what_happened(before, after) == [("essence", 1, "red", 1), ("achievement", "meadows", 0),
                                                 ("doom", 2, 4)]
    assert anim.what_happened(after, after) == []
    g.state.set_aside.append(g.state.bag.pop())
    assert anim.what_happened(after, anim.snapshot(g.state)) == [("aside", g.state.set_aside[-1])]
    assert anim.what_happened(None, after) == []

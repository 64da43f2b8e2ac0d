"""Every legal action of the engine is reachable at the table with the mouse: in random positions
of several set-ups, each legal action has a gesture whose pieces and places are on screen (or a
choice showing it, or the Moves list), and a sample of them, played with real mouse events,
performs exactly that action."""
from __future__ import annotations

import random

from test_table_support import Table, same_move  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Game, new_game  # noqa: E402
from faeriell.engine.state import clone  # noqa: E402
from faeriell.ui.table.gestures import DECIDE  # noqa: E402

CONFIGS = [
    (2, "competitive", "medium", []),
    (3, "competitive", "hard", ["drifter", "shadows", "kickstarter"]),
    (2, "coop", "hard", ["winters_grasp"]),
    (2, "competitive", "very_hard", ["twins", "advanced_menace_rule"]),
    (1, "solo", "medium", []),
]


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def positions(seed: int, players, mode, difficulty, variants, every=9, limit=500):
    """Copies of a random game's states along the way (setup included)."""
    rules = default_rules()
    g = new_game(rules, players, mode, difficulty, variants, seed)
    rnd = random.Random(seed)
    n = 0
    while not g.state.game_over and n < limit:
        if n % every == 0 or (g.state.stage == "setup" and n % 2 == 0):
            yield Game(rules, clone(g.state))
        acts = g.legal_actions()
        # prefer moves that change the table over ending phases, to reach varied positions
        busy = [a for a in acts if a.kind != "end_phase"] or acts
        g.apply(rnd.choice(busy if rnd.random() < 0.8 else acts))
        n += 1


def in_choice(choice, action, depth=4) -> bool:
    if choice is None or depth <= 0:
        return False
    for opt in choice.options:
        if any(a == action for a in opt.actions):
            return True
    return False


def reachable(t: Table, action) -> str | None:
    """None when `action` can be played with the mouse now, else why not."""
    gs = t.scene.index.gesture_of.get(action, "missing")
    if gs == "missing":
        return "not in the table's index"
    if gs is None:
        if t.scene.spot(("button", "moves")) is None:
            return "no Moves button"
        return None
    if gs == DECIDE:
        return None if in_choice(t.scene.choice, action) else "not on the decision bar"
    grip, target = gs
    if grip is not None and t.scene.spot(grip) is None:
        return f"piece {grip} not on screen"
    if target[0] == "region":
        x, y = t.scene.spot(target).center
        return None if t.scene.layout.map.collidepoint(x, y) else f"region {target} off the map view"
    if t.scene.spot(target) is None:
        return f"place {target} not on screen"
    return None


def test_every_legal_action_in_random_positions_is_reachable():
    t = None
    kinds = set()
    problems = []
    n_pos = 0
    for cfg_no, (players, mode, diff, variants) in enumerate(CONFIGS):
        for seed in (3, 8):
            for g in positions(seed * 10 + cfg_no, players, mode, diff, variants):
                if t is None:
                    t = Table(g, seats=["human"] * players)
                else:
                    t.session.seats = ["human"] * players
                    t.session.replace_game(g)
                    t.frame()
                n_pos += 1
                for a in t.session.legal():
                    kinds.add(a.kind)
                    why = reachable(t, a)
                    if why:
                        problems.append(f"{a}: {why}")
    assert not problems, "\n".join(problems[:20])
    assert n_pos > 100
    must = {"choose_phase", "end_phase", "place_settlement", "choose_hero", "place_hero", "build_settlement",
            "build_beacon", "dress_hero", "level_up", "gather_herb", "attune", "draft", "harvest", "move_hero",
            "go_quest", "move_guardian"}
    assert must <= kinds, must - kinds


def test_a_sample_of_moves_played_with_the_mouse_does_exactly_that():
    rules = default_rules()
    done: dict[str, int] = {}
    failures = []
    t = None
    for cfg_no, (players, mode, diff, variants) in enumerate(CONFIGS[:4]):
        for g0 in positions(100 + cfg_no, players, mode, diff, variants, every=5, limit=300):
            acts = g0.legal_actions()
            rnd = random.Random(len(acts))
            todo = [a for a in acts if done.get(a.kind, 0) < 3]
            for a in rnd.sample(todo, min(2, len(todo))):
                g = Game(rules, clone(g0.state))
                if t is None:
                    t = Table(g, seats=["human"] * players)
                else:
                    t.session.seats = ["human"] * players
                    t.session.replace_game(g)
                    t.frame()
                if t.scene.curtain is not None:
                    t.click((5, 5))
                before = len(t.game.history)
                t.perform(a)
                hist = t.game.history[before:]
                if not hist or not same_move(hist[0]["action"], a):
                    got = hist[0]["action"] if hist else None
                    failures.append(f"{a} -> {got} ({t.scene.message})")
                done[a.kind] = done.get(a.kind, 0) + 1
    assert not failures, "\n".join(failures[:15])
    assert len(done) >= 18, sorted(done)

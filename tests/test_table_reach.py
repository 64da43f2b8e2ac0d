"""Every legal action of the engine is reachable at the table with the mouse: in random positions
of several set-ups, each legal action has a gesture whose pieces and places are on screen (or a
choice showing it, or the Moves list), and a sample of them, played with real mouse events,
performs exactly that action."""
from __future__ import annotations

import random

from test_table_support import Table, free_point, same_move  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from variant_positions import find_positions, shape  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine.registry import MOVES  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.table.gestures import DECIDE  # noqa: E402
from faeriell.ui.table.keys import Button, RegionSpot  # noqa: E402
from faeriell.ui.table.screen_layers import covered_by  # noqa: E402

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
            yield g.copy()
        acts = g.legal_actions()
        # prefer moves that change the table over ending phases, to reach varied positions
        busy = [a for a in acts if a.kind != "end_phase"] or acts
        g.apply(rnd.choice(busy if rnd.random() < 0.8 else acts))
        n += 1


def on_bar(choice, action) -> bool:
    """`action` is under a tile the decision bar shows now (a click away)."""
    return choice is not None and any(action in opt.actions for _, opt in choice.rects)


def reachable(t: Table, action) -> str | None:
    """None when `action` can be played with the mouse now, else why not. Every piece and place
    the gesture needs must show somewhere no panel covers (the table's hit-test is asked)."""
    sc = t.scene
    gs = sc.index.gesture_of.get(action, "missing")
    if gs == "missing":
        return "not in the table's index"
    if on_bar(sc.decision.choice, action):
        return None
    if gs is None:
        return None if free_point(sc, Button("moves")) else "no Moves button to click"
    if gs == DECIDE:
        return "not on the decision bar"
    grip, target = gs
    for what, key in (("piece", grip), ("place", target)):
        if key is None or free_point(sc, key) is not None:
            continue
        sp = sc.spot(key)
        if sp is None:
            return f"{what} {key} not on screen"
        if isinstance(target, RegionSpot) and not sc.layout.map.collidepoint(sp.center):
            return f"{what} {key} off the map view"
        return f"{what} {key} covered by the {covered_by(sc, sp.center) or 'pieces around it'}"
    return None


def _show(t, g, players):
    if t is None:
        return Table(g, seats=["human"] * players)
    t.session.seats = ["human"] * players
    t.session.replace_game(g)
    t.frame()
    return t


def test_every_legal_action_in_random_positions_is_reachable():
    t = None
    kinds = set()
    problems = []
    n_pos = 0
    for cfg_no, (players, mode, diff, variants) in enumerate(CONFIGS):
        for seed in (3, 8):
            for g in positions(seed * 10 + cfg_no, players, mode, diff, variants):
                t = _show(t, g, players)
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


def test_every_action_shape_of_every_variant_set_up_is_reachable():
    """Drifter moves, the Twins, tracking choices, the Shadow's step, advanced Menace rivals, the
    Sower's Perks...: every registered kind (and every shape of a Perk) is met and reachable."""
    rules = default_rules()
    found = find_positions(rules)
    assert {sh[0] for sh in found} == set(MOVES)
    assert ("perk", ("hero", "node", "perk"), ("innate:shadow",)) in found
    by_game: dict = {}
    for g, origin in found.values():
        by_game.setdefault(id(g), (g, origin))
    t = None
    problems = []
    met = set()
    for g, origin in by_game.values():
        t = _show(t, g.copy(), g.state.players)
        for a in t.session.legal():
            met.add(shape(rules, a))
            why = reachable(t, a)
            if why:
                problems.append(f"{a}: {why} ({origin})")
    assert not problems, "\n".join(problems[:20])
    assert set(found) <= met


def test_a_sample_of_moves_played_with_the_mouse_does_exactly_that():
    done: dict[str, int] = {}
    failures = []
    t = None
    for cfg_no, (players, mode, diff, variants) in enumerate(CONFIGS[:4]):
        for g0 in positions(100 + cfg_no, players, mode, diff, variants, every=5, limit=300):
            acts = g0.legal_actions()
            rnd = random.Random(len(acts))
            todo = [a for a in acts if done.get(a.kind, 0) < 3]
            for a in rnd.sample(todo, min(2, len(todo))):
                g = g0.copy()
                if t is None:
                    t = Table(g, seats=["human"] * players)
                else:
                    t.session.seats = ["human"] * players
                    t.session.replace_game(g)
                    t.frame()
                if t.scene.curtain_layer.tribe is not None:
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


def test_a_region_under_the_decision_bar_is_aimed_at_where_it_shows():
    """The hit-test behind the reach checks: a press on the bar goes to the bar, not to the
    Region under it, so a covered Region counts as reachable only where it shows."""
    rules = default_rules()
    def regions_asked(g):
        return any(a.kind == "harvest_choice" and not a.has("color") for a in g.legal_actions())

    for seed in range(40):
        g = new_game(rules, 2, "competitive", "medium", [], seed)
        rnd = random.Random(seed)
        while not g.state.game_over and not regions_asked(g):
            g.apply(rnd.choice(g.legal_actions()))
        if regions_asked(g):
            break
    assert regions_asked(g)
    t = Table(g, seats=["human"] * 2)
    bar = t.scene.decision.choice.panel_rect
    assert covered_by(t.scene, bar.center) == "decision bar"
    covered = [r for r in rules.board.regions
               if covered_by(t.scene, t.scene.spot(RegionSpot(r)).center) == "decision bar"]
    assert covered, "no Region centre under the bar: move the bar or pick another position"
    for r in covered:
        p = free_point(t.scene, RegionSpot(r))
        assert p is None or (not bar.collidepoint(p) and t.scene.spots.region_at(p) == r)
    before = t.session.version
    # a real click on the bar over it, beside the bar's options (a click on an option plays it)
    under = [r for r in covered if not any(o.collidepoint(t.scene.spot(RegionSpot(r)).center)
                                           for o, _ in t.scene.decision.choice.rects)]
    assert under, "every covered Region centre lies on one of the bar's options"
    t.click(t.scene.spot(RegionSpot(under[0])).center)
    assert t.session.version == before

"""Bots never crash on a legal action: every bot level decides in positions from every variant
set-up, including positions where each action kind (and each shape of a Perk action) is legal.

The positions come from seeded random play (two policies: uniform over moves, and uniform over
kinds, which reaches rare kinds sooner). The few situations random play almost never reaches (a
full Menace track under the advanced rule, the rarer Sower Perks) come from our rule scenarios.
The Shadow's step (`perk` with a `node`, The Shadows variant) once crashed every bot level.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from faeriell import scenario
from faeriell.bots import ALL_LEVELS, SearchBot, make_bot
from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action, new_game
from faeriell.engine.position import build
from faeriell.engine.registry import MOVES
from faeriell.engine.setup import VARIANTS
from faeriell.ui.bot_driver import game_copy

SCENARIOS = Path(__file__).parent / "scenarios"

CONFIGS = [
    (3, "competitive", "medium", ["shadows", "drifter"]),
    (2, "competitive", "medium", ["twins"]),
    (4, "competitive", "hard", ["kickstarter", "advanced_menace_rule"]),
    (2, "coop", "medium", ["winters_grasp", "shadows"]),
    (1, "solo", "medium", ["no_doom_end_after_five", "starting_scenario"]),
    (3, "coop", "easy", ["shadows", "drifter", "kickstarter"]),
    (2, "competitive", "hard", ["twins", "winters_grasp", "advanced_menace_rule"]),
]
SEEDS = range(12)

# Written positions for what random play almost never reaches: (file, moves to play first).
WRITTEN = [
    ("perks/sower-ravage.yaml", []),
    ("perks/ks-sower-alchemy-tithe.yaml", []),
    ("perks/ks-sower-alchemy-tithe.yaml", [Action("perk", hero="sower", perk="sow-alchemy",
                                                  to=("red", "red", "blue"))]),
    ("perks/ks-sower-summon.yaml", []),
    ("corruption/sower-perks.yaml", []),
    ("perks/sower-dread-two-players.yaml", []),
    ("perks/pursuer-after-herb-solve.yaml", [Action("lore", card="herb-red", hero="shaman", guardian="toad")]),
]


# The advanced Menace rule asks which rival steps back only when two rivals could.
FULL_TRACK = dict(
    setup={"players": 3, "mode": "competitive", "difficulty": "medium",
           "variants": ["advanced_menace_rule", "shadows"], "seed": 393, "position": "empty"},
    board={"guardians": {"toad": "toad-river"}, "under": {"toad": "blue"}},
    tribes=[{"settlements": ["bear-mountain", "bear-river"], "solved": {"blue": 5},
             "heroes": {"shaman": {"node": {"near": "toad-river"}}}},
            {"settlements": ["wolf-mountain", "wolf-meadow"], "solved": {"blue": 3},
             "heroes": {"druid": {"node": {"near": "wolf-river"}}}},
            {"settlements": ["owl-mountain", "owl-meadow"], "solved": {"blue": 1},
             "heroes": {"chieftain": {"node": {"near": "owl-river"}}}}],
    turn={"player": 1, "phase": "hero"})


@pytest.fixture(scope="module")
def rules():
    return default_rules()


def shape(rules, a: Action) -> tuple:
    """What a bot must be able to read: the kind, the field names, and for a Perk its effects."""
    out = (a.kind, tuple(k for k, _ in a.fields))
    if a.kind == "perk":
        effects = tuple(ab.get("effect") for ab in rules.perk_abilities.get(a["perk"], ()))
        out += (effects or ("innate:" + a["perk"],),)
    return out


def _note(found: dict, rules, g, origin: str) -> None:
    new = {shape(rules, a) for a in g.legal_actions()} - set(found)
    if new:
        copy = game_copy(g)
        for sh in new:
            found[sh] = (copy, origin)


@pytest.fixture(scope="module")
def positions(rules):
    """shape -> (a game where an action of that shape is legal, where it came from)."""
    found: dict = {}
    for cfg in CONFIGS:
        for seed in SEEDS:
            for policy in ("moves", "kinds"):
                g = new_game(rules, *cfg, seed)
                rng = random.Random(seed)
                n = 0
                while not g.state.game_over and n < 600:
                    _note(found, rules, g, f"{cfg} seed {seed} ({policy}) move {n}")
                    acts = g.legal_actions()
                    if policy == "kinds":
                        kind = rng.choice(sorted({a.kind for a in acts}))
                        acts = [a for a in acts if a.kind == kind]
                    g.apply(rng.choice(acts))
                    n += 1
    for name, first in WRITTEN:
        sc = scenario.load(SCENARIOS / name)
        g = scenario.start(sc, rules)
        for a in first:
            g.apply(a)
        _note(found, rules, g, name)
    g = build(rules, **FULL_TRACK)
    g.apply(Action("solve_menace", hero="shaman", guardian="toad"))
    _note(found, rules, g, "a full blue track under the advanced Menace rule")
    return found


def test_every_variant_and_action_kind_is_met(positions, rules):
    assert {v for cfg in CONFIGS for v in cfg[3]} == set(VARIANTS)
    kinds = {sh[0] for sh in positions}
    assert kinds == set(MOVES), f"never legal: {sorted(set(MOVES) - kinds)}"
    perk_shapes = {sh for sh in positions if sh[0] == "perk"}
    assert ("perk", ("hero", "node", "perk"), ("innate:shadow",)) in perk_shapes   # the Shadow's step
    effects = {e for sh in perk_shapes for e in sh[2]}
    for effect in ("convert", "remove_menace", "path_move", "gain_gem", "pay_move", "nudge_guardian",
                   "call_guardians", "trigger_event", "frenzy", "ruin", "ravage", "alchemy", "tithe",
                   "summon_draft", "raise_opponent_corruption", "move_after_solve"):
        assert effect in effects, f"no position where a {effect} Perk is legal"


def _bots(seed: int):
    for level in ALL_LEVELS:
        bot = make_bot(level, seed)
        if isinstance(bot, SearchBot):          # fixed work instead of the clock
            bot.iterations, bot.width, bot.clear_margin = 1, 3, None
        yield level, bot


def test_every_bot_level_decides_wherever_each_action_shape_is_legal(positions):
    by_game: dict = {}
    for sh, (g, origin) in positions.items():
        by_game.setdefault(id(g), (g, origin, []))[2].append(sh)
    assert len(by_game) > 10
    for k, (g, origin, shapes) in enumerate(by_game.values()):
        legal = g.legal_actions()
        p = g.acting
        for level, bot in _bots(k):
            try:
                a, why = bot.decide(game_copy(g), p)
            except Exception as e:  # noqa: BLE001 - name the position and the shapes it holds
                raise AssertionError(f"{level} bot crashed ({type(e).__name__}: {e}) at {origin}, "
                                     f"where {shapes} are legal") from e
            assert a in legal, f"{level} chose an illegal {a} at {origin}"
            assert isinstance(why, str) and why
            if isinstance(bot, SearchBot):      # a playout that raised would be skipped silently
                assert not bot.last_stats.get("failed_playouts"), (level, origin, bot.last_stats)


def test_the_shadows_step_is_scored_as_a_move(rules, positions):
    """The heuristic reads the Shadow's destination from `node` (it used to read `to`)."""
    from faeriell.bots.heuristic import score_actions
    g, _ = positions[("perk", ("hero", "node", "perk"), ("innate:shadow",))]
    steps = [a for a in g.legal_actions() if a.kind == "perk" and a["perk"] == "shadow"]
    scores = score_actions(g, g.acting, steps)
    assert all("the Shadow moves" in why for _, why in scores)
    assert len({round(v, 6) for v, _ in scores}) > 1, "every destination scored alike: the node is not read"

"""Positions where each shape of action is legal, in every variant set-up (shared by the bot and
table-reach tests).

A shape is the action kind, its field names and, for a Perk, the Perk's effect kinds: what a bot
or the table must be able to read. Positions come from seeded random play (two policies: uniform
over moves, and uniform over kinds, which reaches rare kinds sooner); the few situations random
play almost never reaches (a full Menace track under the advanced rule, the rarer Sower Perks) come
from our rule scenarios and one written position.
"""
from __future__ import annotations

import random
from pathlib import Path

from faeriell import scenario
from faeriell.engine import Action, new_game
from faeriell.engine.position import build

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
FULL_TRACK = {
    "setup": {"players": 3, "mode": "competitive", "difficulty": "medium",
              "variants": ["advanced_menace_rule", "shadows"], "seed": 393, "position": "empty"},
    "board": {"guardians": {"toad": "toad-river"}, "under": {"toad": "blue"}},
    "tribes": [{"settlements": ["bear-mountain", "bear-river"], "solved": {"blue": 5},
                "heroes": {"shaman": {"node": {"near": "toad-river"}}}},
               {"settlements": ["wolf-mountain", "wolf-meadow"], "solved": {"blue": 3},
                "heroes": {"druid": {"node": {"near": "wolf-river"}}}},
               {"settlements": ["owl-mountain", "owl-meadow"], "solved": {"blue": 1},
                "heroes": {"chieftain": {"node": {"near": "owl-river"}}}}],
    "turn": {"player": 1, "phase": "hero"}}


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
        copy = g.copy()
        for sh in new:
            found[sh] = (copy, origin)


def find_positions(rules, seeds=SEEDS) -> dict:
    """shape -> (a game where an action of that shape is legal, where it came from)."""
    found: dict = {}
    for cfg in CONFIGS:
        for seed in seeds:
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

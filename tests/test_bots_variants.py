"""Bots never crash on a legal action: every bot level decides in positions from every variant
set-up, including positions where each action kind (and each shape of a Perk action) is legal
(found by tests/variant_positions.py). The Shadow's step (`perk` with a `node`, The Shadows
variant) once crashed every bot level with KeyError 'to'.
"""
from __future__ import annotations

import pytest

from variant_positions import CONFIGS, find_positions

from faeriell.bots import ALL_LEVELS, SearchBot, make_bot
from faeriell.content.rules_loader import default_rules
from faeriell.engine.registry import MOVES
from faeriell.engine.setup import VARIANTS


@pytest.fixture(scope="module")
def rules():
    return default_rules()


@pytest.fixture(scope="module")
def positions(rules):
    return find_positions(rules)


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
            bot.iterations, bot.width, bot.clear_margin, bot.horizon = 1, 3, None, 1
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
                a, why = bot.decide(g.copy(), p)
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
    assert all(why.startswith("The Shadow moves with the shadows to ") for _, why in scores)   # describe's words
    assert len({round(v, 6) for v, _ in scores}) > 1, "every destination scored alike: the node is not read"

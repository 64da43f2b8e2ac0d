"""Perks that trigger by themselves at a moment of the game: a Perk gained (Mentor, and a tile
that costs a gem), Doom moving forward and a Harvest resolving (Corruption Sower Perks, R23).

The Doom step (core), the Harvest (event_phase) and every way to gain a Perk call these, so they
sit beneath the phases; the `perk` Action itself is in effects.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:                   # the Game and a Hero only as types: this floor never imports core
    from .core import Game
    from .state import Hero


def on_perk_gained(g: Game, i: int, hero: Hero, perk: str) -> None:
    for ab in g.rules.perk_abilities.get(perk, ()):
        if ab.get("effect") == "lose_gem_on_gain":
            hero.lost_gems += 1
            hero.gems = max(0, min(hero.gems, g.max_gems(hero)))
    # Mentor: "when gaining a new Perk (this included)" - each Mentor tile on this Hero triggers.
    n = sum(1 for p in hero.perks if g.rules.perk_has(p, "track_on_perk"))
    g.push_front(*[{"task": "ask_track", "player": i} for _ in range(n)])


def _holders(g: Game, effect: str) -> list[tuple[int, int]]:
    """(tribe, copies) for every tribe whose Heroes carry a Perk with this triggered effect
    (a Sower's, or one Wido drew in The Twins)."""
    out = []
    for i, t in enumerate(g.state.tribes):
        n = sum(1 for h in t.heroes.values() for p in h.perks if g.rules.perk_has(p, effect))
        if n:
            out.append((i, n))
    return out


def _gain_corruption(g: Game, i: int, n: int) -> None:
    t = g.state.tribes[i]
    for _ in range(n):
        card = g.draw_card("corruption")
        if card:
            t.essences.append(card)


def on_doom_forward(g: Game, steps: int) -> None:
    for i, n in _holders(g, "doom_gain_corruption"):
        _gain_corruption(g, i, steps * n)


def on_harvest(g: Game) -> None:
    s = g.state
    tokens = sum(1 for d in s.guardians.values() if d.get("token") and g.rules.token_kind(d["token"]) == "corruption")
    for i, n in _holders(g, "harvest_corruption"):
        _gain_corruption(g, i, n * tokens)

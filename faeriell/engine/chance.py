"""Chance set in advance: the hidden outcomes of a copied world, drawn from a caller's generator.

A bot that plays a move forward in a world it imagined (faeriell/bots/observe.determinize) wants
every move it compares to meet the same luck (common random numbers): the same Menace tokens in
the same order, each on the same Guardian side (R6). Left to the game's own generator, the draws
depend on how many draws earlier moves made, so two moves would meet two different bags.

`set_chance(game, rng)` draws those outcomes now, from `rng`, and writes them where the engine
reads them: the bag's order as `state.bag_order` (token, side) - the same field a written
position's `bag:` uses, drawn first to last by `Game.draw_token`. With `generator=True` the
game's own generator is reseeded from `rng` too (what is left to chance after the bag: deck
reshuffles, any roll of the generator). This is OpenSpiel's "chance outcomes" idea, said once in
the engine instead of bots guessing the format of `bag_order` by trial draws.

Only ever on a copy: the real game's future is its own generator's (R36).
"""
from __future__ import annotations

from typing import Any, Protocol

from .core import Game


class ChanceSource(Protocol):
    """What `set_chance` draws from (random.Random fits)."""

    def shuffle(self, x: list[Any]) -> None: ...

    def choice(self, seq: Any) -> Any: ...

    def getrandbits(self, k: int, /) -> int: ...


def bag_outcomes(game: Game, rng: ChanceSource) -> list[tuple[str, str | None]]:
    """The bag drawn out in full from `rng`: every token in it, in the order it will come out,
    with the Guardian side it shows (None for a token without sides, the Havoc token)."""
    tokens = game.rules.tokens
    bag = list(game.state.bag)
    rng.shuffle(bag)
    order: list[tuple[str, str | None]] = []
    for tok in bag:
        sides = tokens[tok][1]
        order.append((tok, rng.choice(sides) if sides else None))
    return order


def set_chance(game: Game, rng: ChanceSource, generator: bool = False) -> None:
    """Fix `game`'s hidden outcomes from `rng` (see the module text): the bag's order and sides,
    and with `generator` the game's generator. Deterministic: the same `rng` state gives the
    same world. A scenario's pending `forced` draws still come first (Game.draw_token)."""
    s = game.state
    if s.bag:
        s.bag_order = bag_outcomes(game, rng)      # tuples: copies of the state may share them
    if generator:
        s.rng = rng.getrandbits(64)

"""The learned leaf: the search values where a playout stops by the learned win chance of the
seat's side (faeriell/bots/win_chance.py, trained on self-play; contract /work/API-win-chance.md).

    ExpertBot(leaf="learned")                  # leaves.LEAVES names it

The search's pick and pruning compare paired differences with their standard errors, so a leaf
in [0, 1] needs no conversion to race_value's card units. A separate module because win_chance
reads its features from expert.py, which names its leaves from leaves.py: the bots package adds
it to leaves.LEAVES, which keeps the import graph without a loop.
"""
from __future__ import annotations

from .lookahead import Evaluator
from .weights import Weights
from .win_chance import win_chance


def learned_leaf(weights: Weights | None = None) -> Evaluator:
    """win_chance(w, seat): the learned chance the seat's side wins from `w` (`weights` unused:
    the model has its own)."""
    def leaf(w, player: int) -> float:
        return win_chance(w, player)
    return leaf


"""The rules engine: pure Python; imports neither pygame nor pytmx.

    from faeriell.engine import new_game, Action
    g = new_game(rules, players=2, seed=7)
    g.legal_actions(); g.apply(Action("choose_phase", phase="tribe"))
"""
from .actions import Action, matches
from .core import Game, IllegalAction
from .rules import Rules
# The wiring: one table of the modules whose moves and tasks the registry holds (wiring.py). The
# core dispatches through the registry and imports none of the phases (docs/ARCHITECTURE.md, floors).
from .wiring import wire
from .setup import new_game, SetupError
from .position import build as build_position, PositionError

wire()

__all__ = ["Action", "matches", "Game", "IllegalAction", "Rules", "new_game", "SetupError",
           "build_position", "PositionError"]

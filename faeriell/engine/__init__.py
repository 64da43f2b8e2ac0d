"""The rules engine: pure Python; imports neither pygame nor pytmx.

    from faeriell.engine import new_game, Action
    g = new_game(rules, players=2, seed=7)
    g.legal_actions(); g.apply(Action("choose_phase", phase="tribe"))
"""
from .actions import Action, matches
from .core import Game, IllegalAction
from .rules import Rules
# Importing the move modules registers their moves.
from . import turns, tribe_phase, event_phase, hero_phase, corruption, tracks, triggers, effects, achievements, endgame, drifter  # noqa: F401
from .setup import new_game, SetupError
from .position import build as build_position, PositionError

__all__ = ["Action", "matches", "Game", "IllegalAction", "Rules", "new_game", "SetupError",
           "build_position", "PositionError"]

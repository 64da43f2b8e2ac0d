"""The rules engine: pure Python; imports neither pygame nor pytmx.

    from faeriell.engine import new_game, Action
    g = new_game(rules, players=2, seed=7)
    g.legal_actions(); g.apply(Action("choose_phase", phase="tribe"))
"""
from pathlib import Path

# Before any engine module is imported: the compiled engine's folder goes first on the package's
# path when it was built from these very sources (loader.py says why not otherwise).
from . import loader

ENGINE_CHOICE = loader.choose(Path(__file__).resolve().parent)
if ENGINE_CHOICE.folder is not None:
    __path__.insert(0, str(ENGINE_CHOICE.folder))

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
           "build_position", "PositionError", "ENGINE_CHOICE"]

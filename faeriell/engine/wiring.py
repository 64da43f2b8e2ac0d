"""The engine's wiring, in one table: the modules whose moves and procedure steps the registry holds.

Each module declares what it adds in two tables, MOVES (registry.move: a kind's listing, check and
performing) and TASKS (registry.Task: a step the core runs from the queue); `wire()` installs them
all, in this order (the order the registry lists kinds in; a kind or a task declared twice is an
error). Nothing registers itself on import: adding a phase means adding it here.
"""
from __future__ import annotations

from types import ModuleType

from . import (achievements, corruption, drifter, effects, endgame, event_phase, hero_phase, registry, setup,
               tracks, tribe_phase, turns)

PARTS: tuple[ModuleType, ...] = (tracks, endgame, achievements, corruption, turns, tribe_phase, event_phase,
                                 effects, hero_phase, drifter, setup)


def wire() -> None:
    """Fill the registry from PARTS' tables (engine/__init__ calls it once)."""
    registry.install([m for part in PARTS for m in getattr(part, "MOVES", ())],
                     [t for part in PARTS for t in getattr(part, "TASKS", ())])

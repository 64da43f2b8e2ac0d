"""Tracking-token choices: a tribe chooses which Menace tracking token moves (after the Shadow
solves a Corruption Menace, and each time a Mentor Perk triggers). Shared by the Corruption
Event and the Perk triggers, so it sits beneath the phases."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .registry import Task, move
from .state import Pending
from .words import COLORS

if TYPE_CHECKING:                   # the Game only as a type: this floor never imports core
    from .core import Game


def _ask_track_task(g: Game, t: dict[str, Any]) -> None:
    ask_track(g, t["player"])


def ask_track(g: Game, i: int) -> None:
    t = g.state.tribes[i]
    cols = [c for c in COLORS if t.solved[c] < g.rules.menace_max]
    if cols:
        g.ask(i, "track_choice", colors=cols)


def _asked(g: Game) -> Pending:
    """The track_choice being asked: its moves are listed, checked and performed only then."""
    pend = g.state.pending
    assert pend is not None
    return pend


def tc_enum(g: Game) -> list[Action]:
    return [Action("track_choice", color=c) for c in _asked(g)["colors"]]


def tc_check(g: Game, a: Action) -> str | None:
    return None if a.get("color") in _asked(g)["colors"] else "Choose a tracking token to move."


def tc_perform(g: Game, a: Action) -> None:
    i = _asked(g)["player"]
    g.take_pending()
    g.advance_track(i, a["color"])


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("track_choice", tc_enum, tc_check, tc_perform),
)
TASKS = (
    Task("ask_track", _ask_track_task),
)

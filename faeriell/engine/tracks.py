"""Tracking-token choices: a tribe chooses which Menace tracking token moves (after the Shadow
solves a Corruption Menace, and each time a Mentor Perk triggers). Shared by the Corruption
Event and the Perk triggers, so it sits beneath the phases."""
from __future__ import annotations

from .actions import Action
from .registry import Task, move
from .rules import COLORS


def _ask_track_task(g, t):
    ask_track(g, t["player"])


def ask_track(g, i):
    t = g.state.tribes[i]
    cols = [c for c in COLORS if t.solved[c] < g.rules.menace_max]
    if cols:
        g.ask(i, "track_choice", colors=cols)


def tc_enum(g):
    return [Action("track_choice", color=c) for c in g.state.pending["colors"]]


def tc_check(g, a):
    return None if a.get("color") in g.state.pending["colors"] else "Choose a tracking token to move."


def tc_perform(g, a):
    i = g.take_pending()["player"]
    g.advance_track(i, a["color"])


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("track_choice", tc_enum, tc_check, tc_perform),
)
TASKS = (
    Task("ask_track", _ask_track_task),
)

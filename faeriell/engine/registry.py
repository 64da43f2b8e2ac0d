"""The move registry: each action kind lists its legal instances, checks one, and performs it;
and the procedure steps (tasks) the core runs from `state.queue`.

Listing and checking share their predicates, so the table's highlights, the bots' choices and
the refusal reasons all come from one place. Each phase module declares its moves and tasks in
two tables (MOVES, TASKS); wiring.py installs them, from one explicit list of modules, when the
package is imported. The core dispatches through these tables without importing the phases.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .action_schema import DECISION_KINDS, HERO_ACTIONS, TRIBE_ACTIONS
from .actions import Action


Enumerate = Callable[..., Iterable[Action]]        # fn(game) -> the legal moves of one kind


@dataclass(frozen=True)
class Move:
    kind: str
    enumerate: Callable[..., Iterable[Action]]
    check: Callable[..., str | None]
    perform: Callable[..., None]
    # "Quiet": performing it never changes what Achievements measure or who may claim (R32), so
    # no Achievement check has to follow it. True, False, or fn(game, action) -> bool. Tests run
    # with Game.verify_quiet on, which compares those inputs before and after every quiet step.
    quiet: bool | Callable[..., bool] = False


@dataclass(frozen=True)
class Task:
    """A procedure step the core runs from `state.queue` ({"task": name, ...})."""
    name: str
    run: Callable[..., Any]             # fn(game, task)
    quiet: bool | Callable[..., bool] = False   # as for Move: True or fn(game, task)


def move(kind: str, enumerate: Enumerate, check: Callable[..., str | None], perform: Callable[..., None],
         quiet: bool | Callable[..., bool] = False) -> Move:
    """A move kind's declaration (its phase module lists it in MOVES; wiring.py installs it)."""
    return Move(kind, enumerate, check, perform, quiet)


# Filled once by wiring.wire() from its one table of modules; read by the core.
MOVES: dict[str, Move] = {}
TASKS: dict[str, Callable[..., Any]] = {}      # task name -> fn(game, task)
QUIET_TASKS: dict[str, Any] = {}               # task name -> True or fn(game, task): leaves what Achievements read alone
_ENUMERATORS: dict[tuple[str, ...], list[Enumerate]] = {}


def install(moves: Iterable[Move], tasks: Iterable[Task]) -> None:
    """Fill the registry with these moves and tasks (a kind or a task declared twice is an error)."""
    MOVES.clear()
    TASKS.clear()
    QUIET_TASKS.clear()
    _ENUMERATORS.clear()
    for m in moves:
        if m.kind in MOVES:
            raise ValueError(f"the move {m.kind!r} is declared twice")
        MOVES[m.kind] = m
    for t in tasks:
        if t.name in TASKS:
            raise ValueError(f"the task {t.name!r} is declared twice")
        TASKS[t.name] = t.run
        if t.quiet:
            QUIET_TASKS[t.name] = t.quiet


def enumerators(kinds: tuple[str, ...]) -> list[Enumerate]:
    """The `enumerate` functions of these kinds, in order (remembered: listing runs every move)."""
    found = _ENUMERATORS.get(kinds)
    if found is None:
        found = _ENUMERATORS[kinds] = [MOVES[k].enumerate for k in kinds if k in MOVES]
    return found


# What each part of a turn offers, in listing order: the phases' kinds as SPECS declares them.
TRIBE_KINDS = TRIBE_ACTIONS + ("end_phase",)
EVENT_START = ("move_guardian", "draft")
EVENT_AFTER_DRAFT = ("beacon_solve", "harvest")
HERO_KINDS = HERO_ACTIONS + ("end_phase",)
DRIFTER_KINDS = ("drifter_move", "drifter_shift", "end_phase")
DECISIONS = DECISION_KINDS

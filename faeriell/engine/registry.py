"""The move registry: each action kind lists its legal instances, checks one, and performs it;
and the procedure steps (tasks) the core runs from `state.queue`.

Listing and checking share their predicates, so the table's highlights, the bots' choices and
the refusal reasons all come from one place. The phase modules register here when the package
is imported; the core dispatches through these tables without importing them.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .action_schema import DECISION_KINDS, HERO_ACTIONS, TRIBE_ACTIONS
from .actions import Action


@dataclass(frozen=True)
class Move:
    kind: str
    enumerate: Callable[..., Iterable[Action]]
    check: Callable[..., str | None]
    perform: Callable[..., None]
    # "Quiet": performing it never changes what Achievements measure or who may claim (R32), so
    # no Achievement check has to follow it. True, False, or fn(game, action) -> bool. Tests run
    # with Game.verify_quiet on, which compares those inputs before and after every quiet step.
    quiet: object = False


MOVES: dict[str, Move] = {}


Enumerate = Callable[..., Iterable[Action]]        # fn(game) -> the legal moves of one kind
TaskFn = TypeVar("TaskFn", bound=Callable[..., Any])


def move(kind: str, enumerate: Enumerate, check: Callable[..., str | None], perform: Callable[..., None],
         quiet: object = False) -> None:
    MOVES[kind] = Move(kind, enumerate, check, perform, quiet)
    _ENUMERATORS.clear()


_ENUMERATORS: dict[tuple[str, ...], list[Enumerate]] = {}

TASKS: dict[str, Callable[..., Any]] = {}   # task name -> fn(game, task) ; filled by the phase modules
QUIET_TASKS: dict[str, Any] = {}            # task name -> True or fn(game, task): leaves what Achievements read alone


def task(name: str, quiet: object = False) -> Callable[[TaskFn], TaskFn]:
    """Register a procedure step; `quiet` as for Move (True or fn(game, task))."""
    def deco(fn: TaskFn) -> TaskFn:
        TASKS[name] = fn
        if quiet:
            QUIET_TASKS[name] = quiet
        return fn
    return deco


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

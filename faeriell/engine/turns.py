"""Rounds, laps and turns (R26): choose a Phase tile, end it, pass on; end of the round."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .endgame import end_of_turn_checks, end_of_round_checks
from .registry import Task, move
from .words import PHASES, Phase

if TYPE_CHECKING:                   # the Game and its state only as types: a phase module never imports core
    from .core import Game
    from .state import GameState


# ---------------------------------------------------------------- choose_phase
def phases_left(s: GameState) -> list[Phase]:
    """The Phases still to be played this round, every tribe's in seat order (each Tribe plays each
    Phase tile once a round, R26); the Phase being played now is not counted."""
    return [p for i, t in enumerate(s.tribes) for p in PHASES
            if p not in t.phases_done and not (i == s.active and p == s.phase)]


def _choose_enum(g: Game) -> list[Action]:
    done = g.tribe().phases_done
    return [Action.raw("choose_phase", (("phase", p),)) for p in PHASES if p not in done]


def _choose_check(g: Game, a: Action) -> str | None:
    p = a.get("phase")
    if p not in PHASES:
        return "Choose a Phase tile: Tribe, Event or Hero."
    if p in g.tribe().phases_done:
        return f"You already played your {p.capitalize()} Phase tile this round."
    return None


def _choose_perform(g: Game, a: Action) -> None:
    s = g.state
    t = g.tribe()
    s.phase = a["phase"]
    t.once, t.innate, t.specials = [], [], []
    if s.phase == "event":
        s.event_step = "guardian"
        s.beacons_used = []
    elif s.phase == "hero":
        for h in t.heroes.values():
            h.solved_this_phase = False


# ---------------------------------------------------------------- end_phase
def _end_enum(g: Game) -> list[Action]:
    return [Action.raw("end_phase", ())]


def _end_check(g: Game, a: Action) -> str | None:
    return None


def _end_perform(g: Game, a: Action) -> None:
    s = g.state
    s.queue.append({"task": "end_turn"})


# ---------------------------------------------------------------- end of a turn
def end_turn(g: Game, t: dict[str, Any]) -> None:
    s = g.state
    tribe = s.tribes[s.active]
    if s.phase and s.phase not in tribe.phases_done:
        tribe.phases_done.append(s.phase)
    s.phase = None
    s.event_step = None
    tribe.once, tribe.innate, tribe.specials = [], [], []
    # The rest waits for any Sower decision raised by the checks.
    g.push_front({"task": "next_turn"})
    end_of_turn_checks(g)


def next_turn(g: Game, t: dict[str, Any]) -> None:
    s = g.state
    if s.game_over:
        return
    order = g.order_from(s.first_player)
    idx = order.index(s.active)
    if idx + 1 < len(order):
        s.active = order[idx + 1]
        return
    if s.lap < len(PHASES):
        s.lap += 1
        s.active = order[0]
        return
    g.push_front({"task": "end_round"})


def end_round(g: Game, t: dict[str, Any]) -> None:
    s = g.state
    end_of_round_checks(g)           # 5th Achievement ending, Automatic Doom (R34)
    if s.game_over:
        return
    for tribe in s.tribes:
        tribe.phases_done = []
        tribe.rotated = []
        tribe.once, tribe.innate, tribe.specials = [], [], []
        for h in tribe.heroes.values():
            h.gems = g.max_gems(h)
            h.solved_this_phase = False
    n = s.players
    s.first_player = (s.first_player + 1) % n          # clockwise (R26)
    if s.drifter is not None:
        s.drifter["owner"] = (s.drifter["owner"] - 1) % n   # the Drifter token goes right
    s.round += 1
    s.lap = 1
    s.active = s.first_player
    g.log(f"Round {s.round} begins; {g.tribe_name(s.first_player)} plays first.")


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("choose_phase", _choose_enum, _choose_check, _choose_perform, quiet=True),
    move("end_phase", _end_enum, _end_check, _end_perform, quiet=True),  # queues end_turn
)
TASKS = (
    Task("end_turn", end_turn, quiet=True),  # Doom and the Sower question move no measure
    Task("next_turn", next_turn, quiet=True),
    Task("end_round", end_round, quiet=True),
)

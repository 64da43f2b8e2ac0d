"""The Drifter (variant): its token's owner moves it and shifts a token after their Heroes act."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .corruption import raise_event
from .registry import move

if TYPE_CHECKING:                   # the Game only as a type: a phase module never imports core
    from .core import Game


def _mine(g: Game) -> bool:
    s = g.state
    return s.drifter is not None and s.drifter.get("owner") == s.active and bool(s.drifter.get("node"))


def _drifter(g: Game) -> dict[str, Any]:
    """The Drifter token (its node and owner): read only in a game that has one (_mine)."""
    d = g.state.drifter
    assert d is not None
    return d


def drifter_range(g: Game) -> int:
    """Tribe Corruption of the active player, plus 2."""
    corruption: int = g.state.tribes[g.state.active].corruption
    return corruption + 2


def dm_enum(g: Game) -> list[Action]:
    s = g.state
    if not _mine(g) or "drifter_move" in s.tribes[s.active].once:
        return []
    taken = g.occupied()
    dist = g.rules.board.node_dist[_drifter(g)["node"]]
    rng = drifter_range(g)
    return [Action("drifter_move", to=n) for n, d in sorted(dist.items()) if 0 < d <= rng and n not in taken]


def dm_check(g: Game, a: Action) -> str | None:
    s = g.state
    if not _mine(g):
        return "Only the holder of the Drifter token moves the Drifter, in their Hero Phase."
    if "drifter_move" in s.tribes[s.active].once:
        return "The Drifter already moved this phase."
    to = a.get("to")
    d = g.rules.board.node_dist[_drifter(g)["node"]].get(to)
    if d is None or d == 0 or to in g.occupied():
        return "The Drifter moves to another free node."  # R37
    if d > drifter_range(g):
        return f"The Drifter moves at most {drifter_range(g)} nodes (your Tribe Corruption + 2)."
    return None


def dm_perform(g: Game, a: Action) -> None:
    s = g.state
    s.tribes[s.active].once.extend(["drifter_move", "drifter_started"])
    _drifter(g)["node"] = a["to"]


def _shift_sources(g: Game) -> list[str]:
    s = g.state
    near = set(g.rules.node_regions[_drifter(g)["node"]])
    return sorted(gd for gd, d in s.guardians.items() if d.get("token") and d["region"] in near)


def ds_enum(g: Game) -> list[Action]:
    s = g.state
    if not _mine(g) or "drifter_shift" in s.tribes[s.active].once:
        return []
    free = sorted(gd for gd, d in s.guardians.items() if not d.get("token"))
    return [Action("drifter_shift", **{"from": a, "to": b}) for a in _shift_sources(g) for b in free]


def ds_check(g: Game, a: Action) -> str | None:
    s = g.state
    if not _mine(g):
        return "Only the holder of the Drifter token shifts tokens, in their Hero Phase."
    if "drifter_shift" in s.tribes[s.active].once:
        return "The Drifter already shifted a token this phase."
    fr, to = a.get("from"), a.get("to")
    if fr not in _shift_sources(g):
        return "Take a token from under a Guardian on a Region next to the Drifter."
    if to not in s.guardians or s.guardians[to].get("token") or to == fr:
        return "Place it under another Guardian that has no token."
    return None


def ds_perform(g: Game, a: Action) -> None:
    s = g.state
    s.tribes[s.active].once.extend(["drifter_shift", "drifter_started"])
    tok = s.guardians[a["from"]]["token"]
    s.guardians[a["from"]]["token"] = None
    s.guardians[a["to"]]["token"] = tok
    g.log("The shifted token brings a Corruption Event.")
    raise_event(g, s.active)


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("drifter_move", dm_enum, dm_check, dm_perform),
    move("drifter_shift", ds_enum, ds_check, ds_perform),
)

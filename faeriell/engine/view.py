"""What players see: the state view paths of SCENARIOS.md, and a per-player view that hides
what a player may not see (R4: others' card backs, quest cards; deck order; the generator, its seed
and its draw count)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from .state import to_dict

if TYPE_CHECKING:
    from .core import Game

_MISSING = object()


class PathError(KeyError):
    pass


def holds(actual: object, expected: object) -> bool:
    """Does a view value equal what a scenario or a puzzle goal expects? Lists compare sorted
    (as text), a mapping by the keys it names."""
    if isinstance(expected, list) and isinstance(actual, list):
        return sorted(map(str, actual)) == sorted(map(str, expected))
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(k in actual and holds(actual[k], v) for k, v in expected.items())
    if isinstance(expected, bool) or isinstance(actual, bool):
        return actual is expected or actual == expected
    return actual == expected


def resolve(g: Game, path: str) -> object:
    """Value of a SCENARIOS.md state path, e.g. 'p1.heroes.druid.gems' or 'guardians.owl.under'."""
    s = g.state
    parts = path.split(".")
    head = parts[0]
    simple: dict[str, Callable[[], object]] = {
        "doom": lambda: s.doom, "round": lambda: s.round, "lap": lambda: s.lap,
        "first_player": lambda: s.first_player + 1,
        "active_player": lambda: s.active + 1, "phase": lambda: s.phase,
        "harvest": lambda: g.rules.wheel[s.harvest], "game_over": lambda: s.game_over,
        "winners": lambda: [w + 1 for w in s.winners], "ranking": lambda: [w + 1 for w in s.ranking],
        "bag": lambda: len(s.bag), "set_aside": lambda: len(s.set_aside),
        "pending": lambda: None if s.pending is None else
        {"player": s.pending["player"] + 1, "kind": s.pending["kind"]},
        "sower": lambda: None if s.sower is None else s.sower + 1,
        "end_after_round": lambda: s.end_after_round,
        "herbs_up": lambda: list(s.herbs_up),
        "winter_gems": lambda: len(s.winter_gems),
    }
    if len(parts) == 1 and head in simple:
        return simple[head]()
    if head == "guardians" and len(parts) == 3:
        d = s.guardians[parts[1]]
        if parts[2] == "region":
            return d["region"]
        if parts[2] == "under":
            return g.under(parts[1])
    if head == "totem" and len(parts) == 2:
        if parts[1] == "region":
            return s.totem["region"]
        if parts[1] == "yellow":
            return len(s.totem["cards"])
        if parts[1] == "owner":
            return None if s.totem["owner"] is None else s.totem["owner"] + 1
    if head == "achievements" and len(parts) == 2:
        return [i + 1 for i in s.achievements.get(parts[1], [])]
    if head == "drifter" and len(parts) == 2 and parts[1] in ("node", "owner"):
        if s.drifter is None:
            return None
        v = s.drifter.get(parts[1])
        return v + 1 if parts[1] == "owner" and v is not None else v
    if head == "heartlands" and len(parts) == 3:
        return s.heartlands[parts[1]][parts[2]]
    if head.startswith("p") and head[1:].isdigit():
        i = int(head[1:]) - 1
        if not 0 <= i < len(s.tribes):
            raise PathError(f"there is no player {i + 1}")
        return _tribe_path(g, i, parts[1:], path)
    raise PathError(f"unknown state path '{path}'")


def _tribe_path(g: Game, i: int, parts: list[str], path: str) -> object:
    t = g.state.tribes[i]
    if not parts:
        raise PathError(f"incomplete path '{path}'")
    key = parts[0]
    if key == "essences":
        counts: Counter[str] = Counter([c.colour for c in t.essences])
        if len(parts) == 1:
            return [c.packed for c in sorted(t.essences)]      # as files write them: "red@owl"
        if parts[1] == "total":
            return len(t.essences)
        return counts.get(parts[1], 0)
    if key == "solved":
        # a path's colour is unchecked text: a wrong one is a KeyError, as a wrong path is
        return cast("dict[str, int]", t.solved)[parts[1]] if len(parts) > 1 else dict(t.solved)
    if key == "heroes":
        if len(parts) == 1:
            return list(t.heroes)
        hero = t.heroes.get(parts[1])
        if len(parts) == 2:
            return hero is not None
        if hero is None:
            raise PathError(f"p{i + 1} has no active {parts[1]}")
        f = parts[2]
        if f == "level":
            return hero.level
        if f == "node":
            return hero.node
        if f == "gems":
            return hero.gems
        if f == "quests":
            return len(hero.quests)
        if f == "perks":
            return list(hero.perks)
        raise PathError(f"unknown hero field '{f}'")
    simple: dict[str, Callable[[], object]] = {
        "corruption": lambda: t.corruption, "settlements": lambda: list(t.settlements),
        "beacons": lambda: list(t.beacons), "herbs": lambda: list(t.herbs),
        "attunements": lambda: list(t.attunements), "achievements": lambda: list(t.achievements),
        "board_tokens": lambda: len(t.slots), "designated": lambda: t.designated,
        "sower": lambda: t.sower, "inactive": lambda: list(t.inactive),
        "phases_done": lambda: list(t.phases_done),
    }
    if len(parts) == 1 and key in simple:
        return simple[key]()
    raise PathError(f"unknown state path '{path}'")


def player_view(g: Game, player: int) -> dict[str, Any]:
    """The state as `player` may see it: others' backs and all hidden orders are masked."""
    d: dict[str, Any] = to_dict(g.state)
    # The generator is SplitMix64: the seed (with the set-up replayed) or the generator's state
    # (with the number of draws) gives back every deck, bag and pile order and every future draw.
    d["seed"] = 0
    d["rng"] = 0
    d["rng_draws"] = 0
    d["forced"] = []
    d["bag_order"] = []
    for col, deck in d["decks"].items():
        d["decks"][col] = [col] * len(deck)
    d["herb_deck"] = ["?"] * len(d["herb_deck"])
    # The Perk piles lie face up: each top is in sight, and which tiles are still somewhere under
    # them is public (every other tile is on a board), but not their order nor their pile.
    tails = sorted(t for pile in d["perk_piles"] for t in pile[1:])
    k = 0
    for pile in d["perk_piles"]:
        n = len(pile) - 1
        if n > 0:
            pile[1:] = tails[k:k + n]
            k += n
    d["bag"] = ["?"] * len(d["bag"])
    for k, t in enumerate(d["tribes"]):
        if k == player:
            continue
        t["essences"] = sorted(c.partition("@")[0] for c in t["essences"])    # the saved form: the colour alone
        t["setup_cards"] = ["?"] * len(t["setup_cards"])
        for h in t["heroes"].values():
            h["quests"] = ["?"] * len(h["quests"])
    return d

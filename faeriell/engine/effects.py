"""Perk, Sower Perk and innate effects, dispatched by the effect kind named in data/perks.yaml.

Each kind is three module functions, `<kind>_enumerate`, `<kind>_check` and `<kind>_perform`
(list its `perk` actions, check one, perform it), gathered in the EFFECTS table. Loading the
catalog validates that every kind used in YAML exists in effect_kinds.EFFECT_KINDS; this module
gives the behaviour. Triggered kinds hook the moments named below (on_perk_gained, ...).
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable, Collection
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from .actions import Action
from .card import Card
from .corruption import raise_event
from .payment import options, Slots
from .registry import move
from .words import COLORS
from .triggers import on_doom_forward, on_harvest, on_perk_gained  # noqa: F401  (moved to triggers.py)

_CORRUPTION = Card.of("corruption")        # a Corruption Essence, any back

if TYPE_CHECKING:                   # the Game and its parts only as types: a phase module never imports core
    from .core import Game
    from .state import Hero, Tribe

# One ability of a Perk tile, as data/perks.yaml gives it ({"effect": kind, ...its figures}).
Ability = dict[str, Any]


@dataclass(frozen=True)
class Effect:
    # fn(game, tribe, hero, perk, ability) -> its `perk` actions; check and perform also take the action
    enumerate: Callable[[Game, int, str, str, Ability], list[Action]]
    check: Callable[[Game, int, str, str, Ability, Action], str | None]
    perform: Callable[[Game, int, str, str, Ability, Action], None]
    special: bool = False       # once per Hero Phase, with the gem on its tile


def _pa(hero: str, perk: str, **kw: Any) -> Action:
    return Action("perk", hero=hero, perk=perk, **kw)


def _adjacent_regions(g: Game, node: str) -> tuple[str, ...]:
    return g.rules.node_regions[node]


def _free_within(g: Game, node: str | None, steps: int) -> list[str]:
    if node is None:                # a Hero off the board has no Nodes around it
        return []
    dist = g.rules.board.node_dist[node]
    taken = g.occupied()
    return sorted(n for n, d in dist.items() if 0 < d <= steps and n not in taken)


# ---------------------------------------------------------------- Hero Perks (R21)
def convert_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    have = g.pool(i)
    a, b = ab["colors"]
    return [_pa(h, perk, **{"from": x, "to": y}) for x, y in ((a, b), (b, a)) if have.get(x, 0) > 0]


def convert_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    fr, to = a.get("from"), a.get("to")
    if {fr, to} != set(ab["colors"]):
        return f"{perk} converts between {' and '.join(ab['colors'])} only."
    return g.has_cards(i, [Card.of(fr)])


def convert_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [Card.of(a["from"])])
    g.gain(i, a["to"], told=True)          # "... trade 1 Yellow for 1 Green" said it


def path_move_targets(g: Game, h_obj: Hero, ab: Ability) -> list[str]:
    out: list[str] = []
    if h_obj.node is None:                  # a written Hero may stand nowhere: no Path leads on
        return out
    taken = g.occupied()
    for n in g.rules.board.node_adj[h_obj.node]:
        regs = g.rules.board.path_regions(h_obj.node, n) or ()
        if n not in taken and any(g.rules.region_terrain[r] == ab["terrain"] for r in regs):
            out.append(n)
    return out


def path_move_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    hero = g.state.tribes[i].heroes[h]
    return [_pa(h, perk, node=n) for n in path_move_targets(g, hero, ab)]


def path_move_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    hero = g.state.tribes[i].heroes[h]
    if a.get("node") not in path_move_targets(g, hero, ab):
        return f"{perk} moves one node along a Path of a {ab['terrain']} Region to a free node."
    return None


def path_move_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.state.tribes[i].heroes[h].node = a["node"]


def _menace_targets(g: Game, node: str | None, terrain: str | None = None,
                    colours: Collection[str] = COLORS) -> list[str]:
    out: list[str] = []
    if node is None:                # a Hero off the board has no Regions around it
        return out
    for r in _adjacent_regions(g, node):
        if terrain and g.rules.region_terrain[r] != terrain:
            continue
        gd = g.guardian_at(r)
        if gd and g.state.guardians[gd].get("token") and \
                g.rules.token_kind(g.state.guardians[gd]["token"]) in colours:
            out.append(gd)
    return out


def _remove(g: Game, i: int, gd: str) -> None:
    """'Remove a Menace': set the token aside and move the tracker, no Essence (rulebook)."""
    s = g.state
    tok = s.guardians[gd]["token"]
    col = g.rules.token_kind(tok)
    s.guardians[gd]["token"] = None
    s.set_aside.append(tok)
    if col in COLORS:
        g.advance_track(i, col)


def remove_menace_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    hero = g.state.tribes[i].heroes[h]
    if h == "sower" or hero.gems < int(ab.get("cost_gems", 1)):     # R45
        return []
    return [_pa(h, perk, guardian=gd) for gd in _menace_targets(g, hero.node, ab["terrain"])]


def remove_menace_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    hero = g.state.tribes[i].heroes[h]
    if h == "sower":            # R45: only a Sower Perk lets the Sower take a Menace away
        return "The Corruption Sower cannot solve Menaces."
    if hero.gems < int(ab.get("cost_gems", 1)):
        return f"Your {h} needs an Action gem for this."          # R21
    if a.get("guardian") not in _menace_targets(g, hero.node, ab["terrain"]):
        return f"{perk} removes a Menace on a {ab['terrain']} Region next to your {h}."
    return None


def remove_menace_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.state.tribes[i].heroes[h].gems -= int(ab.get("cost_gems", 1))
    _remove(g, i, a["guardian"])


def gain_gem_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    return [_pa(h, perk)] if g.pool(i).get(ab["pay"], 0) > 0 else []


def gain_gem_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    return g.has_cards(i, [Card.of(ab["pay"])])


def gain_gem_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [Card.of(ab["pay"])])
    g.state.tribes[i].heroes[h].gems += 1


def move_after_solve_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    hero = g.state.tribes[i].heroes[h]
    if not hero.solved_this_phase:
        return []
    return [_pa(h, perk, node=n) for n in _free_within(g, hero.node, int(ab.get("nodes", 1)))]


def move_after_solve_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    hero = g.state.tribes[i].heroes[h]
    if not hero.solved_this_phase:
        return f"Your {h} moves with {perk} only after solving a Menace this phase."
    if a.get("node") not in _free_within(g, hero.node, int(ab.get("nodes", 1))):
        return "Move one node to a free node."
    return None


def move_after_solve_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.state.tribes[i].heroes[h].node = a["node"]


# ---------------------------------------------------------------- Kickstarter Perks (R22)
def _area(g: Game, gd: str) -> tuple[str, ...]:
    return g.rules.board.areas[gd]


def nudge_guardian_targets(g: Game, gd: str) -> list[str]:
    here = g.state.guardians[gd]["region"]
    return sorted(r for r in g.rules.board.region_adj[here] if g.rules.region_area[r] == gd)


def nudge_guardian_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    return [_pa(h, perk, guardian=gd, to=r) for gd in ab["guardians"] for r in nudge_guardian_targets(g, gd)]


def nudge_guardian_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    gd = a.get("guardian")
    if gd not in ab["guardians"]:
        return f"{perk} moves the {' or the '.join(ab['guardians'])}."
    if a.get("to") not in nudge_guardian_targets(g, gd):
        return f"The {gd} moves to an adjacent Region of its own Area."
    return None


def nudge_guardian_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.state.guardians[a["guardian"]]["region"] = a["to"]


def call_guardians_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    hero = g.state.tribes[i].heroes[h]
    if hero.gems < int(ab.get("cost_gems", 1)):
        return []
    a1, a2 = ab["guardians"]
    return [_pa(h, perk, to=(r1, r2)) for r1 in _area(g, a1) for r2 in _area(g, a2)
            if (r1, r2) != (g.state.guardians[a1]["region"], g.state.guardians[a2]["region"])]


def call_guardians_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    hero = g.state.tribes[i].heroes[h]
    if hero.gems < int(ab.get("cost_gems", 1)):
        return f"Your {h} needs an Action gem for this."
    to = a.get("to")
    if not isinstance(to, tuple) or len(to) != 2:
        return "Name a Region for each of the two Guardians."
    for gd, r in zip(ab["guardians"], to, strict=True):
        if r not in _area(g, gd):
            return f"The {gd} stays within its own Area."
    return None


def call_guardians_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.state.tribes[i].heroes[h].gems -= int(ab.get("cost_gems", 1))
    for gd, r in zip(ab["guardians"], a["to"], strict=True):
        g.state.guardians[gd]["region"] = r


def pay_move_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    hero = g.state.tribes[i].heroes[h]
    have = g.pool(i)
    cols = [c for c in COLORS if have.get(c, 0) > 0]
    if not cols:
        return []
    return [_pa(h, perk, color=c, node=n) for c in cols
            for n in _free_within(g, hero.node, int(ab.get("nodes", 2)))]


def pay_move_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    c = a.get("color")
    if c not in COLORS:
        return "Pay one non-Corruption Essence."
    why = g.has_cards(i, [Card.of(c)])
    if why:
        return why
    hero = g.state.tribes[i].heroes[h]
    if a.get("node") not in _free_within(g, hero.node, int(ab.get("nodes", 2))):
        return f"Move up to {ab.get('nodes', 2)} nodes to a free node."
    return None


def pay_move_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [Card.of(a["color"])])
    g.state.tribes[i].heroes[h].node = a["node"]


def trigger_event_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    return [_pa(h, perk, color=ab["pay"])] if g.pool(i).get(ab["pay"], 0) > 0 else []


def trigger_event_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    if a.get("color", ab["pay"]) != ab["pay"]:
        return f"This ability is paid with {ab['pay']}."
    return g.has_cards(i, [Card.of(ab["pay"])])


def trigger_event_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [Card.of(ab["pay"])])
    raise_event(g, i)


# ---------------------------------------------------------------- Corruption Sower Perks (R23)
def raise_opponent_corruption_targets(g: Game, i: int) -> list[int]:
    return [j for j, t in enumerate(g.state.tribes) if j != i and 1 <= t.corruption < g.rules.corruption_max]


def raise_opponent_corruption_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    if g.pool(i).get("corruption", 0) <= 0:
        return []
    return [_pa(h, perk, target=j) for j in raise_opponent_corruption_targets(g, i)]


def raise_opponent_corruption_target(g: Game, i: int, a: Action) -> int | None:
    tgt = a.get("target")
    if tgt is None:
        only = raise_opponent_corruption_targets(g, i)
        return only[0] if len(only) == 1 else None      # the only opponent is implied
    return tgt if isinstance(tgt, int) and not isinstance(tgt, bool) else None


def raise_opponent_corruption_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    why = g.has_cards(i, [_CORRUPTION])
    if why:
        return why
    if raise_opponent_corruption_target(g, i, a) not in raise_opponent_corruption_targets(g, i):
        return "Choose an opponent with Tribe Corruption 1 or more."
    return None


def raise_opponent_corruption_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [_CORRUPTION])
    j = raise_opponent_corruption_target(g, i, a)
    assert j is not None            # the check found the target among the opponents
    g.move_corruption(j, 1)


def ravage_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    hero = g.state.tribes[i].heroes[h]
    if hero.gems < int(ab.get("cost_gems", 1)):
        return []
    return [_pa(h, perk, guardian=gd) for gd in _menace_targets(g, hero.node)]


def ravage_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    hero = g.state.tribes[i].heroes[h]
    if hero.gems < int(ab.get("cost_gems", 1)):
        return f"Your {h} needs an Action gem for this."
    if a.get("guardian") not in _menace_targets(g, hero.node):
        return "Remove a Menace on a Region next to your Hero."
    return None


def ravage_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.state.tribes[i].heroes[h].gems -= int(ab.get("cost_gems", 1))
    _remove(g, i, a["guardian"])
    g.move_doom(int(ab.get("doom", 1)), "Ravage")


def frenzy_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    return [_pa(h, perk)] if g.pool(i).get("corruption", 0) > 0 else []


def frenzy_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    return g.has_cards(i, [_CORRUPTION])


def frenzy_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [_CORRUPTION])
    g.state.tribes[i].heroes[h].gems += int(ab.get("gems", 2))


def _non_corruption_pays(g: Game, i: int, k: int) -> list[tuple[str, ...]]:
    pool = g.pool(i)
    pool["corruption"] = 0
    return options(Slots(("any",) * k), pool)


def ruin_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    return [_pa(h, perk, pay=p) for p in _non_corruption_pays(g, i, int(ab.get("pay_count", 2)))]


def ruin_pay(g: Game, i: int, ab: Ability, a: Action) -> list[Card]:
    if a.get("pay") is None:
        opts = _non_corruption_pays(g, i, int(ab.get("pay_count", 2)))
        return [Card.of(c) for c in opts[0]] if len(opts) == 1 else []     # a forced payment is implied
    return list(a["pay"])


def ruin_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    pay = ruin_pay(g, i, ab, a)
    if len(pay) != int(ab.get("pay_count", 2)) or any(c.colour == "corruption" for c in pay):
        return f"Pay {ab.get('pay_count', 2)} non-Corruption Essences."
    return g.has_cards(i, pay)


def ruin_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, ruin_pay(g, i, ab, a))
    g.move_doom(int(ab.get("doom", 1)), "Ruin")


def summon_draft_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    return [_pa(h, perk)] if g.pool(i).get("corruption", 0) >= int(ab.get("pay_count", 2)) else []


def summon_draft_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    return g.has_cards(i, [_CORRUPTION] * int(ab.get("pay_count", 2)))


def summon_draft_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [_CORRUPTION] * int(ab.get("pay_count", 2)))
    g.state.draft_left = g.rules.draft_count(g.state.doom)
    g.push_front({"task": "draft_next"})


def tithe_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    have = g.pool(i)
    return [_pa(h, perk, color=c) for c in COLORS if have.get(c, 0) > 0]


def tithe_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    if a.get("color") not in COLORS:
        return "Discard one non-Corruption Essence."
    return g.has_cards(i, [Card.of(a["color"])])


def tithe_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [Card.of(a["color"])])
    for j, t in enumerate(g.state.tribes):
        if j != i and any(c.colour == "corruption" for c in t.essences):
            g.state.tribes[i].essences.append(g.take_from_pool(j, _CORRUPTION))


def alchemy_enumerate(g: Game, i: int, h: str, perk: str, ab: Ability) -> list[Action]:
    if g.pool(i).get("corruption", 0) < int(ab.get("pay_count", 2)):
        return []
    return [_pa(h, perk, to=c) for c in combinations_with_replacement(COLORS, int(ab.get("gain", 3)))]


def alchemy_check(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> str | None:
    to = a.get("to")
    if not isinstance(to, tuple) or len(to) != int(ab.get("gain", 3)) or any(c not in COLORS for c in to):
        return f"Name {ab.get('gain', 3)} Essence colours to take."
    return g.has_cards(i, [_CORRUPTION] * int(ab.get("pay_count", 2)))


def alchemy_perform(g: Game, i: int, h: str, perk: str, ab: Ability, a: Action) -> None:
    g.pay(i, [_CORRUPTION] * int(ab.get("pay_count", 2)))
    for c in a["to"]:
        g.gain(i, c, told=True)            # "...: take 1 Red + 2 Blue" said it


# ---------------------------------------------------------------- the table of effect kinds
# Effect kind (data/perks.yaml `effect`) -> how its `perk` actions are listed, checked and
# performed: one explicit table, built when this module loads, with nothing registered from
# elsewhere (kinds listed in the order of the sections above).
EFFECTS: dict[str, Effect] = {
    "convert": Effect(convert_enumerate, convert_check, convert_perform, special=True),
    "path_move": Effect(path_move_enumerate, path_move_check, path_move_perform, special=True),
    "remove_menace": Effect(remove_menace_enumerate, remove_menace_check, remove_menace_perform),
    "gain_gem": Effect(gain_gem_enumerate, gain_gem_check, gain_gem_perform),
    "move_after_solve": Effect(move_after_solve_enumerate, move_after_solve_check, move_after_solve_perform, special=True),  # once per Hero Phase, tracked like a Special Action
    "nudge_guardian": Effect(nudge_guardian_enumerate, nudge_guardian_check, nudge_guardian_perform, special=True),
    "call_guardians": Effect(call_guardians_enumerate, call_guardians_check, call_guardians_perform),
    "pay_move": Effect(pay_move_enumerate, pay_move_check, pay_move_perform),
    "trigger_event": Effect(trigger_event_enumerate, trigger_event_check, trigger_event_perform, special=True),
    "raise_opponent_corruption": Effect(raise_opponent_corruption_enumerate, raise_opponent_corruption_check, raise_opponent_corruption_perform),
    "ravage": Effect(ravage_enumerate, ravage_check, ravage_perform),
    "frenzy": Effect(frenzy_enumerate, frenzy_check, frenzy_perform),
    "ruin": Effect(ruin_enumerate, ruin_check, ruin_perform),
    "summon_draft": Effect(summon_draft_enumerate, summon_draft_check, summon_draft_perform),
    "tithe": Effect(tithe_enumerate, tithe_check, tithe_perform, special=True),
    "alchemy": Effect(alchemy_enumerate, alchemy_check, alchemy_perform, special=True),
}


# ---------------------------------------------------------------- the Shadow's innate
def shadow_actions(g: Game, i: int, h: str) -> list[Action]:
    if g.pool(i).get("corruption", 0) <= 0 or h in g.state.tribes[i].innate:
        return []
    taken = g.occupied()
    return [_pa(h, "shadow", node=n) for n in g.rules.board.nodes if n not in taken]


# ---------------------------------------------------------------- the `perk` move
def _abilities(g: Game, hero: Hero, perk: str) -> list[tuple[int, Ability]]:
    return [(k, ab) for k, ab in enumerate(g.rules.perk_abilities.get(perk, ()))
            if ab.get("effect") in EFFECTS]


def special_used(t: Tribe, hero: Hero, h: str, perk: str, k: int) -> bool:
    """True when every copy of this Perk tile on the Hero has spent its once-per-Hero-Phase use of
    ability k. R43: duplicate tiles are separate Perks, each with its own Special gem, so the
    uses are counted against the number of copies the Hero carries."""
    used = t.specials.count([h, perk, k]) if t.specials else 0
    return used > 0 and used >= hero.perks.count(perk)


def spent_copies(t: Tribe, h: str, perk: str) -> int:
    """How many of the Hero's copies of this Perk tile show a used Special gem this phase (R43):
    the most uses any one of its Special abilities has had. For the table's tile drawing."""
    uses: dict[str | int, int] = {}
    for hero, p, k in t.specials:
        if hero == h and p == perk:
            uses[k] = uses.get(k, 0) + 1
    return max(uses.values(), default=0)


def perk_enum(g: Game) -> list[Action]:
    i = g.state.active
    t = g.state.tribes[i]
    out: list[Action] = []
    for h, hero in t.heroes.items():
        if not hero.node:
            continue
        if h == "shadow":
            out.extend(shadow_actions(g, i, h))
        for perk in dict.fromkeys(hero.perks):
            for k, ab in _abilities(g, hero, perk):
                eff = EFFECTS[ab["effect"]]
                if eff.special and special_used(t, hero, h, perk, k):
                    continue
                out.extend(eff.enumerate(g, i, h, perk, ab))
    return out


def perk_check(g: Game, a: Action) -> str | None:
    i = g.state.active
    t = g.state.tribes[i]
    h, perk = a.get("hero"), a.get("perk")
    if h not in t.heroes:
        return f"You have no active {h}." if h else "Choose one of your active Heroes."
    hero = t.heroes[h]
    if perk == "shadow" and h == "shadow":
        if h in t.innate:
            return "The Shadow already moved with the shadows this phase."
        if g.pool(i).get("corruption", 0) <= 0:
            return "Moving with the shadows costs a Corruption Essence."
        if a.get("node") not in g.rules.board.nodes or a.get("node") in g.occupied():
            return "Choose a free node."
        return None
    if perk not in hero.perks:
        return f"Your {h} does not have the {perk} Perk." if perk else f"Choose a Perk of your {h}."
    reasons: list[str] = []
    for k, ab in _abilities(g, hero, perk):
        eff = EFFECTS[ab["effect"]]
        if eff.special and special_used(t, hero, h, perk, k):
            reasons.append(f"{perk}'s Special Action is already used this Hero Phase.")
            continue
        why = eff.check(g, i, h, perk, ab, a)
        if why is None:
            return None
        reasons.append(why)
    return reasons[0] if reasons else f"{perk} has no action to take."


def perk_perform(g: Game, a: Action) -> None:
    i = g.state.active
    t = g.state.tribes[i]
    h, perk = a["hero"], a["perk"]
    if perk == "shadow" and h == "shadow":
        g.pay(i, [_CORRUPTION])
        t.innate.append(h)
        t.heroes[h].node = a["node"]
        return
    hero = t.heroes[h]
    for k, ab in _abilities(g, hero, perk):
        eff = EFFECTS[ab["effect"]]
        if eff.special and special_used(t, hero, h, perk, k):
            continue
        if eff.check(g, i, h, perk, ab, a) is None:
            if eff.special:
                t.specials.append([h, perk, k])
            eff.perform(g, i, h, perk, ab, a)
            return
    raise AssertionError("perk_perform without a passing check")


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("perk", perk_enum, perk_check, perk_perform),
)

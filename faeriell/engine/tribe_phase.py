"""The Tribe Phase: seven Tribe Actions, any number, in any order (rulebook "Tribe Phase")."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .actions import Action, Fields
from .core import Game, IllegalAction
from .costs import Purse, attunement_keys, check_payment, may_afford, payment_choices, spend
from .legal import Paid, Payments
from .names import Names
from .registry import move
from .state import Hero, Tribe
from .triggers import on_perk_gained


# A Tribe Action's target: its fields as a dict, or already as sorted (field, value) items.
Target = dict[str, Any] | Fields
Key = dict[str, Any]            # the fields that decide a target's cost (see _paid's `keys`)
# (take, discard) pairs of face-up items; discard None when nothing else lies face up.
Pairs = tuple[tuple[str, str | None], ...]


def _me(g: Game) -> tuple[int, Tribe]:
    return g.state.active, g.state.tribes[g.state.active]


def _cost_keys(g: Game, kind: str) -> tuple[str, ...]:
    """Fields that change the cost of a kind priced without `keys` (see _paid): none, unless a
    Hero's own innate discount (R19, `self_only`) applies to it, which depends on the Hero."""
    return ("hero",) if any(own for _h, _c, own in g.rules.innate_discounts.get(kind, ())) else ()


def _paid(kind: str, targets: Callable[..., Sequence[Target]], cheap_targets: bool = False,
          keys: Callable[[Game, int], Iterable[Key]] | None = None) -> Callable[[Game], Iterable[Action]]:
    """The `enumerate` of a Tribe Action: targets (field dicts or sorted item tuples), each listed
    with every payment the pool can make (built into Actions lazily, see legal.Paid); an empty
    tuple when the kind has no target or nothing could pay for one.

    `targets(g, i)` lists them all; with `keys` the kind is priced per key first (`keys(g, i)`
    gives the cost-deciding fields, e.g. the Hero levelled) and `targets(g, i, key)` lists a key's
    targets only when something can pay for it. With `cheap_targets` the targets are listed before
    anything is priced (they are often none)."""
    def enumerate_paid(g: Game) -> Iterable[Action]:
        i = g.state.active
        found = targets(g, i) if cheap_targets else None
        if found is not None and not found:
            return _NOTHING
        purse = g.listing_memo("purse", i, Purse)
        if not may_afford(g, i, kind, purse):
            return _NOTHING
        out = Paid(kind)
        if keys is not None:
            for key in keys(g, i):
                choices = payment_choices(g, i, kind, key, purse)
                if choices:
                    for fields in targets(g, i, key):
                        out.add(_items(fields), choices)
            return out
        cost_keys = _cost_keys(g, kind)
        if not cost_keys:
            choices = payment_choices(g, i, kind, {}, purse)
            if choices:                    # nothing affordable: no need to list the targets
                out.extend([_items(fields) for fields in (targets(g, i) if found is None else found)],
                           choices)
            return out
        memo: dict[tuple[Any, ...], Payments] = {}
        # A target is a dict, or its items turned into one here. mypy cannot narrow the other side
        # of `__class__ is tuple` and a cast costs a call per target, so the loop sees it untyped.
        target: Any
        for target in (targets(g, i) if found is None else found):
            named: dict[str, Any] = dict(target) if target.__class__ is tuple else target
            price_key = tuple([named.get(k) for k in cost_keys])
            priced = memo.get(price_key)
            if priced is None:
                priced = memo[price_key] = payment_choices(g, i, kind, named, purse)
            if priced:
                out.add(_items(named), priced)
        return out
    return enumerate_paid


_NOTHING: tuple[()] = ()     # a kind nothing can be listed for (a plain empty part of the listing)


def _items(fields: Target) -> Fields:
    """A target's sorted (field, value) items; a target listed as such a tuple already is kept."""
    if fields.__class__ is tuple:
        return fields
    # A dict here. (mypy cannot narrow the other side of `__class__ is tuple`, and a cast would
    # cost a call per target in the listing: an untyped view.)
    view: Any = fields
    items = [(k, v) for k, v in view.items() if v is not None]
    items.sort()
    return tuple(items)


def free_nodes_of_owned(g: Game, i: int) -> list[str]:
    taken = g.occupied()
    nodes: set[str] = set()
    for r in g.state.tribes[i].settlements:
        nodes.update(g.rules.board.region_nodes[r])
    return sorted(n for n in nodes if n not in taken)


# ---------------------------------------------------------------- 1. Dress up a new Hero (R14)
def dress_targets(g: Game, i: int) -> list[Fields]:
    t = g.state.tribes[i]
    if len(t.heroes) >= g.rules.max_active:
        return []
    nodes = free_nodes_of_owned(g, i)
    return [(("hero", h), ("node", n)) for h in t.inactive if _may_dress(g, h) for n in nodes]


def _may_dress(g: Game, hero: str) -> bool:
    variant = g.rules.catalog.heroes.get(hero, {}).get("variant")
    return hero != "sower" and (variant is None or g.variant(variant))


def dress_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    h, node = a.get("hero"), a.get("node")
    if h in t.heroes:
        return f"Your {h} is already active."
    if h not in t.inactive or not _may_dress(g, h):
        return f"You have no inactive {h} to dress." if h else "Choose one of your inactive Heroes."
    if len(t.heroes) >= g.rules.max_active:
        return f"A tribe can have at most {g.rules.max_active} active Heroes."
    if node not in g.rules.board.nodes:
        return "Choose a node for the new Hero."
    if node in g.occupied():
        return "That node is taken."  # R37
    if not any(r in t.settlements for r in g.rules.node_regions[node]):
        return "A new Hero must stand on a node of one of your Regions."  # R14
    return check_payment(g, i, "dress_hero", a)


def dress_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    spend_and_discard(g, i, "dress_hero", a)
    t.inactive.remove(a["hero"])
    hero = Hero(type=a["hero"], node=a["node"])
    hero.gems = g.max_gems(hero)
    t.heroes[a["hero"]] = hero


def spend_and_discard(g: Game, i: int, kind: str, a: Action) -> None:
    for c in spend(g, i, kind, a):
        g.discard_card(c)


# ---------------------------------------------------------------- 2. Level up a Hero
def face_up_perks(g: Game) -> list[str]:
    return [p[0] for p in g.state.perk_piles if p]


def level_targets(g: Game, i: int) -> list[Fields]:
    return [f for key in level_keys(g, i) for f in level_targets_of(g, i, key)]


def level_keys(g: Game, i: int) -> list[Key]:
    """The Heroes that may level up: their level decides the cost."""
    t = g.state.tribes[i]
    return [{"hero": h} for h, hero in t.heroes.items() if hero.level < g.rules.max_level]


def level_targets_of(g: Game, i: int, key: Key) -> list[Fields]:
    """A Hero's level-ups as sorted (field, value) items: take a face-up Perk, discard another."""
    h = key["hero"]
    hero = g.state.tribes[i].heroes[h]
    who = ("hero", h)
    out: list[Fields] = [(("discard", d), who, ("perk", p)) if d is not None else (who, ("perk", p))
           for p, d in g.listing_memo("take_discard", 0, _perk_pairs)]
    if hero.type == "sower":                # R39: any Sower Perk left
        for p in sorted(set(g.state.sower_perks)):
            out.append((who, ("perk", p)))
    if wido(g, i) and g.state.sower_perks:
        out.append((who, ("perk", RANDOM_SOWER)))
    return out


def _perk_pairs(g: Game, _i: int) -> Pairs:
    return take_discard_pairs(face_up_perks(g))


def take_discard_pairs(face_up: Iterable[str]) -> Pairs:
    """(take, discard) for face-up items where taking one discards another (Perks, Herbs); None
    when nothing else lies face up. Two piles showing the same item give each pair once.
    Remembered per face-up row (a pure function, asked at every Tribe Phase listing)."""
    key = tuple(face_up)
    found = _PAIRS.get(key)
    if found is None:
        if len(_PAIRS) > 5000:
            _PAIRS.clear()
        found = _PAIRS[key] = tuple(_take_discard_pairs(key))
    return found


_PAIRS: dict[tuple[str, ...], Pairs] = {}


def _take_discard_pairs(face_up: tuple[str, ...]) -> list[tuple[str, str | None]]:
    out: list[tuple[str, str | None]] = []
    seen: set[tuple[str, str | None]] = set()
    for k, p in enumerate(face_up):
        others: list[str | None] = [q for j, q in enumerate(face_up) if j != k]
        for d in (others or [None]):
            if (p, d) not in seen:
                seen.add((p, d))
                out.append((p, d))
    return out


RANDOM_SOWER = "random-sower"


def draw_sower_perk(g: Game) -> str:
    """A random Corruption Sower Perk from the supply (a scenario's `draw:` may name it)."""
    s = g.state
    if s.forced and s.forced[0] in s.sower_perks:
        perk: str = s.forced.pop(0)
        s.sower_perks.remove(perk)
        return perk
    drawn: str = s.sower_perks.pop(g.rng.below(len(s.sower_perks)))
    return drawn


def wido(g: Game, i: int) -> bool:
    """The Twins: Wido (second player) may draw a random Sower Perk when levelling up."""
    return g.variant("twins") and i == 1


def level_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    h = a.get("hero")
    if h not in t.heroes:
        return f"You have no active {h}." if h else "Choose one of your active Heroes."
    if t.heroes[h].level >= g.rules.max_level:
        return f"Your {h} is already at the top level ({g.rules.max_level})."
    perk, disc = a.get("perk"), a.get("discard")
    ups = face_up_perks(g)
    if perk != RANDOM_SOWER and wido(g, i) and perk in g.state.sower_perks and perk not in ups:
        if not (g.state.forced and g.state.forced[0] == perk):
            return "Wido draws a Corruption Sower Perk at random (perk: random-sower)."
        if disc is not None:
            return "Drawing a Sower Perk discards nothing."
    elif perk == RANDOM_SOWER:
        if not (wido(g, i) and g.state.sower_perks):
            return "Only Wido may draw a random Corruption Sower Perk."
        if disc is not None:
            return "Drawing a Sower Perk discards nothing."
    elif h == "sower" and perk in g.state.sower_perks and perk not in ups:
        if disc is not None:
            return "Taking a Corruption Sower Perk discards nothing."
    else:
        why = take_and_discard(ups, perk, disc, "face-up Perk tile")
        if why:
            return why
    return check_payment(g, i, "level_up", a)


def take_and_discard(face_up: Sequence[str], take: Any, discard: Any, what: str) -> str | None:
    # take and discard as an action carries them: anything, until this says why not
    """Take one face-up item and discard one of the others (Perks, Herbs): why not, or None."""
    if take not in face_up:
        return f"{take} is not a {what}." if take else f"Choose a {what}."
    others: list[str | None] = list(face_up)
    others.remove(take)
    if others and discard not in others:
        return f"Discard one of the other {what}s."
    if not others and discard is not None:
        return f"There is no other {what} to discard."
    return None


def level_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    spend_and_discard(g, i, "level_up", a)
    s = g.state
    hero = t.heroes[a["hero"]]
    perk, disc = a["perk"], a.get("discard")
    before = g.max_gems(hero)
    if perk == RANDOM_SOWER or (wido(g, i) and perk in s.sower_perks and perk not in face_up_perks(g)):
        perk = draw_sower_perk(g)
    else:
        take_perk(g, perk, disc)
    hero.perks.append(perk)
    hero.gems += max(0, g.max_gems(hero) - before)
    if perk != a["perk"]:
        g.log(f"The {a['hero']} draws {perk}.")      # a random Sower Perk, told once drawn
    on_perk_gained(g, i, hero, perk)


def take_perk(g: Game, perk: str, disc: str | None) -> None:
    """Take a face-up Perk (or a Sower Perk, R39); the discarded one goes under its pile."""
    s = g.state
    # A pile of two or more tiles that loses its top or sends it under shows a tile that was
    # face-down (even a copy of the same Perk: its identity was hidden). That is hidden
    # information revealed, so the move counts as a reveal and cannot be undone (undo.py).
    revealed = False
    for pile in s.perk_piles:
        if pile and pile[0] == perk:
            revealed |= len(pile) > 1
            pile.pop(0)
            break
    else:
        s.sower_perks.remove(perk)
    if disc is not None:
        for pile in s.perk_piles:
            if pile and pile[0] == disc:
                revealed |= len(pile) > 1
                pile.append(pile.pop(0))
                break
    if revealed:
        g.reveals += 1


# ---------------------------------------------------------------- 3. Build a Settlement
def settlement_regions(g: Game, i: int) -> list[str]:
    t = g.state.tribes[i]
    if len(t.settlements) >= g.rules.settlements_per_tribe:
        return []
    owned_any = {r for tr in g.state.tribes for r in tr.settlements}
    near: set[str] = set()
    b = g.rules.board
    for r in t.settlements:
        near.update(b.region_adj[r])
    for h in t.heroes.values():
        if h.node:
            near.update(g.rules.node_regions[h.node])
    return sorted(near - owned_any)


def settle_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    r = a.get("region")
    if r not in g.rules.board.regions:
        return "Choose a Region for the Settlement."
    if len(t.settlements) >= g.rules.settlements_per_tribe:
        return "All your Settlements are on the map."
    if g.owner_of(r) is not None:
        return "That Region already has a Settlement."
    if r not in settlement_regions(g, i):
        return "Build next to one of your Regions or next to a node with one of your Heroes."
    return check_payment(g, i, "build_settlement", a)


def settle_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    spend_and_discard(g, i, "build_settlement", a)
    t.settlements.append(a["region"])


# ---------------------------------------------------------------- 4. Build a Beacon (R15)
def beacon_keys(g: Game, i: int) -> list[Key]:
    """The Beacon colours left in the supply (R15: the colour is part of the cost)."""
    if not g.state.tribes[i].settlements:
        return []
    return [{"color": c} for c, n in g.state.beacon_supply.items() if n > 0]


def beacon_targets_of(g: Game, i: int, key: Key) -> list[dict[str, Any]]:
    taken = {r for tr in g.state.tribes for r in tr.beacons}
    return [{"color": key["color"], "region": r} for r in g.state.tribes[i].settlements if r not in taken]


def beacon_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    c, r = a.get("color"), a.get("region")
    if g.state.beacon_supply.get(c, 0) <= 0:
        return f"No {c} Beacon is left." if c else "Choose a Beacon's colour."
    if r not in t.settlements:
        return "A Beacon goes on one of your own Regions."
    if any(r in tr.beacons for tr in g.state.tribes):
        return "That Region already holds a Beacon."
    return check_payment(g, i, "build_beacon", a)


def beacon_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    spend_and_discard(g, i, "build_beacon", a)
    g.state.beacon_supply[a["color"]] -= 1
    t.beacons[a["region"]] = a["color"]


# ---------------------------------------------------------------- 5. Control the Spiritual Totem
def totem_targets(g: Game, i: int) -> list[dict[str, Any]]:
    t = g.state.tribes[i]
    tot = g.state.totem
    return [{"region": r} for r in t.beacons if not (tot["owner"] == i and tot["region"] == r)]


def totem_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    r = a.get("region")
    if r not in t.beacons:
        return "The Totem goes on one of your Regions with a Beacon."
    tot = g.state.totem
    if tot["owner"] == i and tot["region"] == r:
        return "The Totem is already there."
    return check_payment(g, i, "control_totem", a)


def totem_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    cards = spend(g, i, "control_totem", a)
    keep = int(g.rules.costs["control_totem"].get("leave_on_totem", 1))
    yellows = [c for c in cards if c.colour == "yellow"] + [c for c in cards if c.colour != "yellow"]
    on_totem = yellows[:keep]
    for c in cards:
        if c in on_totem:
            on_totem.remove(c)
            g.state.totem["cards"].append(c)
        else:
            g.discard_card(c)
    g.state.totem["region"] = a["region"]
    g.state.totem["owner"] = i


# ---------------------------------------------------------------- 6. Gather an Heirloom Herb (R16)
def herb_targets(g: Game, i: int) -> list[Fields]:
    return [(("discard", d), ("herb", h)) if d is not None else (("herb", h),)
            for h, d in take_discard_pairs(g.state.herbs_up)]


def herb_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    why = take_and_discard(g.state.herbs_up, a.get("herb"), a.get("discard"), "face-up Heirloom Herb")
    return why or check_payment(g, i, "gather_herb", a)


def herb_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    spend_and_discard(g, i, "gather_herb", a)
    s = g.state
    s.herbs_up.remove(a["herb"])
    t.herbs.append(a["herb"])
    if a.get("discard") is not None:
        s.herbs_up.remove(a["discard"])
        s.herb_discard.append(a["discard"])
    refill_herbs(g)


def refill_herbs(g: Game) -> None:
    s = g.state
    while len(s.herbs_up) < g.rules.herbs_face_up:
        if s.forced and s.forced[0] in g.rules.herb_abilities:      # scenario `draw:` (R36)
            want = s.forced.pop(0)
            for pile in (s.herb_deck, s.herb_discard):
                if want in pile:
                    pile.remove(want)
                    s.herbs_up.append(want)
                    break
            else:
                raise IllegalAction(f"forced draw {want}: no such Herb card is left")
            continue
        if not s.herb_deck:
            if not s.herb_discard:
                return
            s.herb_deck.extend(s.herb_discard)
            s.herb_discard.clear()
            g.rng.shuffle(s.herb_deck)
        g.reveals += 1
        s.herbs_up.append(s.herb_deck.pop(0))


# ---------------------------------------------------------------- 7. Attune (R17)
def attune_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    gd = a.get("guardian")
    if gd not in g.rules.attune_cost:
        return "Choose an Attunement."
    if gd not in g.state.attunements_free:
        return f"{Names.of(g.rules).attunement(gd)} is already taken."
    return check_payment(g, i, "attune", a)


def attune_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    spend_and_discard(g, i, "attune", a)
    g.state.attunements_free.remove(a["guardian"])
    t.attunements.append(a["guardian"])


# ---------------------------------------------------------------- Winter's Grasp: Tribes on the Move
def move_settlement_targets(g: Game, i: int) -> list[dict[str, Any]]:
    if not g.variant("winters_grasp") or "move_settlement" in g.state.tribes[i].once:
        return []
    owned_any = {r for tr in g.state.tribes for r in tr.settlements}
    out: list[dict[str, Any]] = []
    for r in g.state.tribes[i].settlements:
        for n in sorted(g.rules.board.region_adj[r]):
            if n not in owned_any:
                out.append({"from": r, "to": n})
    return out


def move_settlement_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    if not g.variant("winters_grasp"):
        return "Moving a Settlement is a Winter's Grasp action."
    if "move_settlement" in t.once:
        return "You already moved a Settlement this Tribe Phase."
    fr, to = a.get("from"), a.get("to")
    if fr not in t.settlements:
        return "Move one of your own Settlements."
    if to not in g.rules.board.region_adj.get(fr, ()):
        return "A Settlement moves to an adjacent Region."
    if g.owner_of(to) is not None:
        return "That Region already has a Settlement."
    return check_payment(g, i, "move_settlement", a)


def move_settlement_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    spend_and_discard(g, i, "move_settlement", a)
    t.once.append("move_settlement")
    fr, to = a["from"], a["to"]
    t.settlements[t.settlements.index(fr)] = to
    if fr in t.beacons:
        t.beacons[to] = t.beacons.pop(fr)
    if g.state.totem["region"] == fr:
        g.state.totem["region"] = to


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("dress_hero", _paid("dress_hero", dress_targets),
         dress_check, dress_perform),
    move("level_up", _paid("level_up", level_targets_of, keys=level_keys),
         level_check, level_perform),
    move("build_settlement",
         _paid("build_settlement", lambda g, i: [{"region": r} for r in settlement_regions(g, i)]),
         settle_check, settle_perform),
    move("build_beacon", _paid("build_beacon", beacon_targets_of, keys=beacon_keys),
         beacon_check, beacon_perform),
    move("control_totem", _paid("control_totem", totem_targets, cheap_targets=True),
         totem_check, totem_perform),
    move("gather_herb", _paid("gather_herb", herb_targets),
         herb_check, herb_perform),
    move("attune", _paid("attune", lambda g, i, key: [key], keys=attunement_keys),
         attune_check, attune_perform),
    move("move_settlement", _paid("move_settlement", move_settlement_targets, cheap_targets=True),
         move_settlement_check, move_settlement_perform),
)

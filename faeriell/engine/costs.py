"""What each Tribe Action costs this moment (R14-R19), with innate and Herb discounts.

`cost_of` builds the requirement; `check_payment` judges a named payment; `payment_choices`
lists every payment the pool can make. Listing and judging share `cost_of`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal, cast, overload

from .actions import Action
from .card import Card
from .payment import ANY, WILD, Cost, SameColour, Slots, fits, options, slots_minus
from .words import COLORS

if TYPE_CHECKING:                   # the Game, a Tribe and the rules only as types: core imports this module
    from .core import Game
    from .rules import Rules
    from .state import Tribe

# An action, or the dict of its target fields (attunement_keys): what a cost reads from it.
Target = Action | Mapping[str, Any]
# (hero, colour) of an innate discount (R19).
Innate = tuple[str, str]
# Herbs as (name, the colour it discounts) pairs: only Herbs that discount a colour are named.
HerbPairs = tuple[tuple[str, str], ...]
# raw_cost's requirement: ("same", n) for n of one colour, ("slots", sorted slot colours, waived).
Requirement = tuple[Literal["same"], int] | tuple[Literal["slots"], tuple[str, ...], int]
# discounted's answer: (cost, the innate it used) or (None, why the Herbs cannot discount it).
Priced = tuple[Cost, Innate | None] | tuple[None, str]
# A payment as payment_choices lists it: (paid colours sorted, Herb names).
Payment = tuple[tuple[Card, ...], tuple[str, ...]]   # the cards are colours alone: any back
# payment_choices' memo key within a requirement: (innate colour, Herbs, clamped pool counts).
_ChoiceKey = tuple[str | None, HerbPairs, tuple[int, ...]]


def _count(g: Game, i: int, spec: dict[str, Any], a: Target) -> int:
    t = g.state.tribes[i]
    of = spec["of"]
    if of == "active_heroes":
        n = len(t.heroes)
    elif of == "hero_level":
        n = t.heroes[a["hero"]].level
    elif of == "settlements_owned":
        n = len(t.settlements)
    elif of == "totem_yellow":
        n = len(g.state.totem["cards"])
    else:
        raise KeyError(of)
    return n + int(spec.get("add", 0))


def innate_for(g: Game, i: int, kind: str, a: Target, purse: Purse | None = None) -> Innate | None:
    """(hero, colour) of an unused innate discount that this action qualifies for (R19)."""
    table = g.rules.innate_discounts.get(kind)
    if not table:
        return None
    unused = purse.innate if purse is not None else unused_innates(g.state.tribes[i])
    for h, colour, self_only in table:
        if h in unused and not (self_only and a.get("hero") != h):
            return h, colour
    return None


def unused_innates(t: Tribe) -> tuple[str, ...]:
    """The tribe's active Heroes whose innate discount is unused this round (R19)."""
    if not t.innate:
        return tuple(t.heroes)
    return tuple([h for h in t.heroes if h not in t.innate])


def herb_color(g: Game, herb: str) -> str | None:
    colour: str | None = g.rules.herb_discount.get(herb)
    return colour


def usable_herbs(g: Game, i: int) -> list[str]:
    """Herb cards whose discount is unused this round, one entry per card (R19, R24)."""
    t = g.state.tribes[i]
    rotated = Counter(t.rotated)
    out: list[str] = []
    for h in t.herbs:
        if herb_color(g, h) is None:
            continue
        if rotated[h] > 0:
            rotated[h] -= 1
            continue
        out.append(h)
    return out


def cost_of(g: Game, i: int, kind: str, a: Target, herbs: Iterable[str] = ()) -> Priced:
    """(cost, innate) for this action with these Herbs named, or (None, reason)."""
    raw, inn = raw_cost(g, i, kind, a)
    # The Herbs named are usable ones (check_payment refuses the others before it prices), so
    # each has a colour.
    return discounted(raw, inn, cast(HerbPairs, tuple((h, herb_color(g, h)) for h in herbs)))


def raw_cost(g: Game, i: int, kind: str, a: Target, purse: Purse | None = None) -> tuple[Requirement, Innate | None]:
    """The requirement before Herb discounts, and the innate discount it may use (R19):
    ("same", n) for n of one colour, ("slots", sorted slot colours, waived) otherwise.
    `a` is the action, or the dict of its target fields."""
    spec = g.rules.costs[kind]
    inn = innate_for(g, i, kind, a, purse)
    if spec.get("same_color"):
        return ("same", _count(g, i, spec["count"], a)), inn
    if "one_of" in spec:
        return ("same", 1), None   # checked against one_of in check_payment
    r = g.rules
    if spec.get("from") == "attunement":
        gd = a["guardian"]
        waived: int = g.listing_memo("waivers", i, attunement_waivers).get(gd, 0)
        return ("slots", r.printed_slots(kind, gd), waived), inn
    slots = r.printed_slots(kind, a.get("color"))
    plus = spec.get("plus")
    if plus:
        n = _count(g, i, plus, a)
        if n:
            slots = tuple(sorted(slots + (plus["color"],) * n))
    return ("slots", slots, 0), inn


def attunement_waivers(g: Game, i: int) -> dict[str, int]:
    """Great Guardian -> slots of the player's choice waived from its Attunement: one per
    Settlement of tribe i in that Guardian's Area (R17; `settlement_discount` of the attune cost).
    Guardians not listed waive nothing."""
    per = int(g.rules.costs["attune"].get("settlement_discount", 1))
    out: dict[str, int] = {}
    area = g.rules.region_area
    for reg in g.state.tribes[i].settlements:
        out[area[reg]] = out.get(area[reg], 0) + per
    return out


# With no Herbs named nothing can fail to discount: a cost always comes back (explain's price words).
@overload
def discounted(raw: Requirement, inn: Innate | None, herbs: tuple[()]) -> tuple[Cost, Innate | None]: ...
@overload
def discounted(raw: Requirement, inn: Innate | None, herbs: HerbPairs) -> Priced: ...
def discounted(raw: Requirement, inn: Innate | None, herbs: HerbPairs) -> Priced:
    """(cost, innate used) once the innate and the named Herbs ((name, colour) pairs) apply,
    or (None, reason). Pure: the same requirement and discounts give the same cost, so it is
    remembered (every Tribe Action performed prices itself again in `spend`)."""
    key = (raw, inn, herbs)
    found: Priced | None = _DISCOUNTED.get(key)
    if found is None:
        if len(_DISCOUNTED) > 5000:
            _DISCOUNTED.clear()
        found = _DISCOUNTED[key] = _discounted(raw, inn, herbs)
    return found


# (raw, innate, Herbs) -> discounted's answer (costs are frozen values)
_DISCOUNTED: dict[tuple[Requirement, Innate | None, HerbPairs], Priced] = {}


def _discounted(raw: Requirement, inn: Innate | None, herbs: HerbPairs) -> Priced:
    if raw[0] == "same":
        disc: Counter[str] = Counter()
        if inn:
            disc[inn[1]] += 1
        for _h, col in herbs:
            disc[col] += 1
        return SameColour(raw[1], tuple(sorted(disc.items()))), inn
    slots = Counter(raw[1])
    used_inn: Innate | None = None
    if inn and slots.get(inn[1], 0) > 0:
        slots[inn[1]] -= 1
        used_inn = inn
    for h, col in herbs:
        if not slots_minus(slots, col):
            return None, f"{h} has nothing left to discount here."
    flat = tuple(sorted(c for c, n in slots.items() for _ in range(n)))
    return Slots(flat, min(raw[2], len(flat))), used_inn


def pay_colour(cost: SameColour, pay: Counter[str]) -> str | None:
    cols = [c for c in pay if c != WILD and pay[c] > 0]
    if cols:
        return cols[0]
    total = sum(pay.values())
    plain = [c for c in COLORS if cost.size_for(c) == total and not dict(cost.discounts).get(c)]
    if plain:
        return plain[0]
    for c in COLORS:
        if cost.size_for(c) == total:
            return c
    return None


def check_payment(g: Game, i: int, kind: str, a: Action) -> str | None:
    """None if `a.pay` (with `a.discounts`) pays this action exactly, else why not."""
    pay = list(a.get("pay") or ())
    herbs = list(a.get("discounts") or ())
    t = g.state.tribes[i]
    avail = Counter(usable_herbs(g, i))
    for h in herbs:
        if h not in t.herbs:
            return f"You do not have the Herb {h}."
        if avail[h] <= 0:
            return f"{h} is already turned this round or gives no discount."
        avail[h] -= 1
    missing = g.has_cards(i, pay)
    if missing:
        return missing
    spec = g.rules.costs[kind]
    paid = Counter([c.colour for c in pay])
    if "one_of" in spec:
        return _one_of_problem(g, spec["one_of"], pay, herbs)
    priced = cost_of(g, i, kind, a, herbs)
    if priced[0] is None:           # read by index so mypy ties the reason to the missing cost
        return priced[1]
    cost = priced[0]
    if not fits(cost, paid):
        return f"That payment does not match the cost: {cost_words(describe_cost(cost))}."
    if isinstance(cost, SameColour) and herbs:
        col = pay_colour(cost, paid)
        for h in herbs:
            if herb_color(g, h) != col:
                return f"{h} discounts {herb_color(g, h)}, but you are paying in {col}."
    return None


def _one_of_problem(g: Game, colours: Sequence[str], pay: list[Card], herbs: list[str]) -> str | None:
    """A one-Essence cost (Winter's Grasp's Tribes on the Move: one green or one yellow) paid by
    one card, or by one Herb of such a colour alone: a colour Herb discounts an Essence of its
    colour from any Tribe Action, which here is the whole cost (R19, R24). A Herb is never
    turned for nothing: not one of another colour, and not beside a paid card."""
    either = " or ".join(colours)
    if herbs:
        if len(herbs) > 1:
            return f"One Herb already pays this whole cost of one {either} Essence: name only one."
        col = herb_color(g, herbs[0])
        if col not in colours:
            return f"{herbs[0]} discounts {col}, and this costs one {either} Essence: nothing to discount."
        if pay:
            return f"{herbs[0]} already pays this whole cost: give no Essence with it."
        return None
    ok = len(pay) == 1 and (pay[0].colour in colours or pay[0].colour == WILD)
    return None if ok else f"Pay exactly one {either} Essence."


def cost_words(cost: str) -> str:
    """'1 red + 1 yellow + 1 of any colour' from describe_cost's '1 any + 1 red + 1 yellow'."""
    parts = cost.split(" + ")
    parts = [p for p in parts if " any" not in p] + [p.replace(" any", " of any colour") for p in parts if " any" in p]
    return " + ".join(parts)


def describe_cost(cost: Cost) -> str:
    if isinstance(cost, SameColour):
        extra = ", ".join(f"{n} less in {c}" for c, n in cost.discounts if n)
        base = f"{cost.n} Essence{'s' if cost.n != 1 else ''} all of one colour"
        return base + (f" ({extra})" if extra else "")
    parts = Counter(cost.slots)
    text = " + ".join(f"{n} {c}" for c, n in sorted(parts.items()) if n) or "nothing"
    if cost.free:
        text += f", less {cost.free} of your choice"
    return text


def payment_choices(g: Game, i: int, kind: str, a: Target, purse: Purse | None = None) -> Sequence[Payment]:
    """Every (pay, discounts) the tribe can make for this action now; pay as sorted colours.
    `purse` (a Purse) saves recounting the pool when listing many targets at once."""
    if purse is None:
        purse = Purse(g, i)
    spec = g.rules.costs[kind]
    if "one_of" in spec:
        cols = [c for c in list(spec["one_of"]) + [WILD] if purse.pool.get(c, 0) > 0]
        out: list[Payment] = [((Card.of(c),), ()) for c in cols]
        # A usable Herb of one of the colours pays it all (one entry per distinct Herb).
        out += [((), (h,)) for h in sorted({h for h, col in purse.herbs if col in spec["one_of"]})]
        return out
    raw, inn = raw_cost(g, i, kind, a, purse)
    entry = _BY_REQUIREMENT.get(raw)
    if entry is None:
        if len(_BY_REQUIREMENT) > 2000:
            _BY_REQUIREMENT.clear()
        fresh: dict[_ChoiceKey, Sequence[Payment]] = {}
        entry = _BY_REQUIREMENT[raw] = (_size(raw), _caps(raw), fresh)
    size, caps, known = entry
    if not purse.could_cover(size, 1 if inn else 0):
        return _NONE
    herbs = purse.herbs
    # No payment uses more cards of a colour than the cost has slots that colour may fill, so a
    # pool is remembered only up to that many of each: far more listings share an entry.
    pool_key = tuple([n if n < c else c for n, c in zip(purse.key, caps, strict=True)])
    key: _ChoiceKey = (inn and inn[1], herbs, pool_key)
    found: Sequence[Payment] | None = known.get(key)
    if found is None:
        if len(known) > 5000:
            known.clear()
        pool = dict(zip(_POOL_ORDER, pool_key, strict=True))
        found = known[key] = _choices(raw, inn, herbs, Counter(pool)) if _payable(raw, inn, herbs, pool) else _NONE
    return found


# Requirement (raw_cost) -> (its size, its caps, {(innate colour, Herbs, clamped pool): payments}):
# payment lists are pure functions of these, remembered across states and games.
_BY_REQUIREMENT: dict[Requirement, tuple[int, tuple[int, ...], dict[_ChoiceKey, Sequence[Payment]]]] = {}


def _size(raw: Requirement) -> int:
    """Cards the requirement asks before any discount (waived slots already taken off)."""
    return raw[1] if raw[0] == "same" else len(raw[1]) - raw[2]


_NONE: tuple[Payment, ...] = ()


def _caps(raw: Requirement) -> tuple[int, ...]:
    """Per colour of _POOL_ORDER, the most cards of it any payment of this requirement uses."""
    if raw[0] == "same":
        return (raw[1],) * len(_POOL_ORDER)
    slots = raw[1]
    spare = slots.count(ANY)
    return tuple(len(slots) if c == WILD else slots.count(c) + spare for c in _POOL_ORDER)


def may_afford(g: Game, i: int, kind: str, purse: Purse) -> bool:
    """False when no target of this kind can be paid for now: the pool is smaller than the
    cheapest printed cost less every discount the tribe could apply (a quick test that spares
    the listing from pricing targets one by one; most hands in play hold few cards)."""
    spec = g.rules.costs[kind]
    if "one_of" in spec:
        return purse.total >= 1 or any(col in spec["one_of"] for _h, col in purse.herbs)
    t = g.state.tribes[i]
    if spec.get("same_color"):
        count = spec["count"]
        if count["of"] == "hero_level":
            if not t.heroes:
                return False
            cheapest = min(len(h.perks) + 1 for h in t.heroes.values()) + int(count.get("add", 0))
        else:
            cheapest = _count(g, i, count, {})
    elif spec.get("from") == "attunement":
        return bool(g.state.attunements_free)    # each one's reach is judged by attunement_keys
    else:
        cheapest = len(spec.get("fixed", []))
        plus = spec.get("plus")
        if plus:
            cheapest += _count(g, i, plus, {})
    return purse.could_cover(cheapest, purse.innate_discount(g.rules, kind))


def attunement_keys(g: Game, i: int, kind: str = "attune") -> list[dict[str, str]]:
    """The free Attunements whose cost, less the Settlement discount of its Area (R17), the
    innate and every Herb, the pool could cover: only these are priced."""
    purse: Purse = g.listing_memo("purse", i, Purse)
    innate = purse.innate_discount(g.rules, kind)
    sizes = g.rules.printed_sizes(kind)
    waived: dict[str, int] = g.listing_memo("waivers", i, attunement_waivers)
    return [{"guardian": gd} for gd in g.state.attunements_free
            if purse.could_cover(sizes[gd] - waived.get(gd, 0), innate)]


class Purse:
    """What a tribe can pay with, counted once per listing: the pool (colour -> count, and the
    counts in _POOL_ORDER), its size, the usable Herbs as (name, colour) pairs, the unused innates."""

    __slots__ = ("pool", "key", "total", "herbs", "innate")

    def __init__(self, g: Game, i: int) -> None:
        t = g.state.tribes[i]
        cols: list[str] = [c.colour for c in t.essences]
        key = self.key = tuple([cols.count(c) for c in _POOL_ORDER])
        self.pool = {c: n for c, n in zip(_POOL_ORDER, key, strict=True) if n}
        self.total = sum(key)
        # usable_herbs names only Herbs with a colour to discount
        self.herbs = cast(HerbPairs, tuple([(h, herb_color(g, h)) for h in usable_herbs(g, i)])) if t.herbs else ()
        self.innate = unused_innates(t)

    def could_cover(self, size: int, innate: int) -> bool:
        """Are there cards enough for a cost of `size` less the innate (0 or 1) and every usable
        Herb at once? (A quick bound: the colours are judged by payment enumeration.)"""
        return self.total >= size - innate - len(self.herbs)

    def innate_discount(self, rules: Rules, kind: str) -> int:
        """1 when an unused innate discount could apply to this kind of action (R19), else 0."""
        for h, _c, _s in rules.innate_discounts.get(kind, ()):
            if h in self.innate:
                return 1
        return 0



def _payable(raw: Requirement, inn: Innate | None, herbs: HerbPairs, pool: dict[str, int]) -> bool:
    """False when no payment exists even with the innate and every Herb applied at once: about
    half the new (requirement, pool) pairs a listing meets are hopeless, and this answers them
    without enumerating. Every discount only takes a slot away, and a slot less never makes a
    payment impossible, so all of them together is the most any subset of them could allow."""
    wild = pool.get(WILD, 0)
    disc = Counter(c for _h, c in herbs)
    if raw[0] == "same":
        if inn:
            disc[inn[1]] += 1
        return any(pool.get(c, 0) + wild >= raw[1] - disc.get(c, 0) for c in COLORS)
    need = Counter(raw[1])
    if inn and need.get(inn[1], 0) > 0:
        need[inn[1]] -= 1
    for c, n in disc.items():
        for _ in range(n):
            slots_minus(need, c)
    spare = need.pop(ANY, 0)
    m = sum(need.values()) + spare - raw[2]          # cards to pay once `free` slots are waived
    if m <= 0:
        return True
    # The most cards a payment can hold (Hall, see payment.fits): each colour in its own slots,
    # the cards beyond them in 'any' slots, and Corruption anywhere (R18).
    own = sum(min(pool.get(c, 0), n) for c, n in need.items())
    beyond = sum(max(0, pool.get(c, 0) - need.get(c, 0)) for c in COLORS)
    return own + min(spare, beyond) + wild >= m


def _choices(raw: Requirement, inn: Innate | None, herbs: HerbPairs, pool: Counter[str]) -> list[Payment]:
    """payment_choices for a requirement, usable Herbs and pool: a pure function, remembered
    across states because listing Tribe Actions asks the same few combinations again and again."""
    subsets: set[HerbPairs] = {()}
    for k in range(1, len(herbs) + 1):
        subsets.update(tuple(sorted(s)) for s in combinations(herbs, k))
    out: list[Payment] = []
    seen: set[Payment] = set()
    for sub in sorted(subsets):
        cost, _inn = discounted(raw, inn, sub)
        if cost is None:
            continue
        names = tuple(h for h, _c in sub)
        for pay in options(cost, pool):
            if isinstance(cost, SameColour) and sub:
                col = pay_colour(cost, Counter(pay))
                if any(c != col for _h, c in sub):
                    continue
            key = (tuple([Card.of(c) for c in pay]), names)     # colour patterns: any back
            if key not in seen:
                seen.add(key)
                out.append(key)
    return out


_POOL_ORDER = COLORS + (WILD,)


def spend(g: Game, i: int, kind: str, a: Action) -> list[Card]:
    """Pay for a checked action: discard the cards, turn the Herbs, use the innate. Returns cards."""
    t = g.state.tribes[i]
    pay = list(a.get("pay") or ())
    herbs = list(a.get("discounts") or ())
    spec = g.rules.costs[kind]
    if "one_of" not in spec:
        cost, inn = cost_of(g, i, kind, a, herbs)
        if inn is not None:
            consumed = True
            if isinstance(cost, SameColour):
                consumed = pay_colour(cost, Counter([c.colour for c in pay])) == inn[1]
            if consumed:
                t.innate.append(inn[0])
    cards = [g.take_from_pool(i, c) for c in pay]
    t.rotated.extend(herbs)
    return cards

"""Essence costs: what a Tribe Action asks (R14-R18), which payments satisfy it, and the list of
payments a pool can make. Legal-move listing and move checking both go through here.

A payment is a multiset of card colours. Corruption is wild in every Tribe Action cost (R18).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from .words import COLORS

WILD = "corruption"
ANY = "any"


@dataclass(frozen=True)
class SameColour:
    """n Essences all of one colour (R14, level up, R18 settlement); per-colour discounts."""
    n: int
    discounts: tuple[tuple[str, int], ...] = ()   # ((colour, amount), ...) applied when paying that colour

    def size_for(self, colour: str) -> int:
        return max(0, self.n - dict(self.discounts).get(colour, 0))


@dataclass(frozen=True)
class Slots:
    """Fixed slots, each a colour or 'any'; `free` slots of the payer's choice are waived (R17)."""
    slots: tuple[str, ...]       # sorted colours / 'any'
    free: int = 0

    @property
    def size(self) -> int:
        return max(0, len(self.slots) - self.free)


Cost = SameColour | Slots


def slots_minus(slots: Counter[str], colour: str) -> bool:
    """Remove one slot a discount of `colour` can take (its colour, else an 'any'). True if one was."""
    if slots.get(colour, 0) > 0:
        slots[colour] -= 1
        return True
    if slots.get(ANY, 0) > 0:
        slots[ANY] -= 1
        return True
    return False


def fits(cost: Cost, pay: Counter[str]) -> bool:
    total = sum(pay.values())
    if isinstance(cost, SameColour):
        colours = [c for c in pay if c != WILD and pay[c] > 0]
        if len(colours) > 1:
            return False
        if colours:
            return total == cost.size_for(colours[0])
        return any(total == cost.size_for(c) for c in COLORS)
    need = Counter(cost.slots)
    if total != cost.size:
        return False
    # Hall's condition: cards of a colour beyond its own slots need 'any' slots.
    excess = sum(max(0, pay[c] - need.get(c, 0)) for c in pay if c != WILD)
    return excess <= need.get(ANY, 0)


def options(cost: Cost, pool: Counter[str]) -> list[tuple[str, ...]]:
    """Every distinct payment (sorted colour tuple) the pool can make for this cost."""
    out: set[tuple[str, ...]] = set()
    wild = pool.get(WILD, 0)
    if isinstance(cost, SameColour):
        for c in COLORS:
            k = cost.size_for(c)
            have = pool.get(c, 0)
            for a in range(max(0, k - wild), min(k, have) + 1):
                out.add(tuple(sorted((c,) * a + (WILD,) * (k - a))))
        return sorted(out)
    m = cost.size
    if m == 0:
        return [()]
    kinds = [c for c in COLORS + (WILD,) if pool.get(c, 0) > 0]
    if sum(pool[c] for c in kinds) < m:
        return []
    need = Counter(cost.slots)
    spare = need.get(ANY, 0)
    # Slots each kind may fill besides 'any' ones; a wild card fills any slot (R18).
    own = [m if c == WILD else need.get(c, 0) for c in kinds]
    for counts in _counts(kinds, m, pool):
        # Hall's condition (see fits): cards beyond their colour's slots need 'any' slots.
        if sum(k - o for k, o in zip(counts, own, strict=True) if k > o) <= spare:
            combo: list[str] = []
            for kind, k in zip(kinds, counts, strict=True):
                combo += [kind] * k
            out.add(tuple(sorted(combo)))
    return sorted(out)


def _counts(kinds: list[str], m: int, pool: Counter[str], start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every way to take m cards from the pool, as counts aligned with `kinds`."""
    if start == len(kinds) - 1:
        if m <= pool[kinds[start]]:
            yield (m,)
        return
    for a in range(min(m, pool[kinds[start]]), -1, -1):
        for tail in _counts(kinds, m - a, pool, start + 1):
            yield (a,) + tail


def describe(cost: Cost) -> str:
    if isinstance(cost, SameColour):
        return f"{cost.n} Essence{'s' if cost.n != 1 else ''} of one colour"
    parts = Counter(cost.slots)
    text = " + ".join(f"{n} {c}" for c, n in parts.items() if n)
    if cost.free:
        text += f", {cost.free} of your choice waived"
    return text or "nothing"

"""The legal-action list: a read-only sequence that builds Actions only when they are looked at.

A Tribe Action is a target times a payment (R14-R19): with a full hand that is hundreds of moves,
most of which a random player or a drag never looks at. `Paid` keeps each kind as groups of
(targets sharing one cost, payments), and `LegalActions` answers len, indexing, iteration and
membership over plain lists and such groups alike, in the order the full list would have.
Membership is what `Game.apply` asks first: a move taken from the list needs no second check
(catanatron validates the same way).
"""
from __future__ import annotations

from bisect import bisect_right
from itertools import chain
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .actions import Action, Fields

_PAYMENT_FIELDS = ("pay", "discounts")
_chain = chain.from_iterable      # the Hero Phase's kinds flattened into one list, in C

# A target's payments: (pay, discounts) pairs, as costs.payment_choices lists them.
Payments = Sequence[tuple[tuple[Any, ...], tuple[Any, ...]]]


class Paid:
    """One kind's targets, each with every payment it can be made with."""

    __slots__ = ("kind", "groups", "_index")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.groups: list[tuple[list[Fields], Payments]] = []    # (target item tuples, [(pay, discounts)])
        self._index: dict[Fields, set[tuple[tuple[Any, ...], tuple[Any, ...]]]] | None = None

    def add(self, base: Fields, choices: Payments) -> None:
        """`base`: sorted (field, value) items of one target; `choices` its payments (targets in a
        row that share one payment list share a group)."""
        if not choices:
            return
        if self.groups and self.groups[-1][1] is choices:
            self.groups[-1][0].append(base)
        else:
            self.groups.append(([base], choices))

    def extend(self, bases: list[Fields], choices: Payments) -> None:
        """Targets that all share one payment list (`bases` becomes the group's own list)."""
        if choices and bases:
            self.groups.append((bases, choices))

    def __len__(self) -> int:
        return sum(len(b) * len(c) for b, c in self.groups)

    def build(self, g: int, j: int) -> Action:
        bases, choices = self.groups[g]
        base = bases[j // len(choices)]
        pay, disc = choices[j % len(choices)]
        items = list(base)
        items.append(("pay", pay))
        if disc:
            items.append(("discounts", disc))
        items.sort()
        return Action.raw(self.kind, tuple(items))

    def __iter__(self) -> Iterator[Action]:
        for g, (bases, choices) in enumerate(self.groups):
            for j in range(len(bases) * len(choices)):
                yield self.build(g, j)

    def __contains__(self, action: Action) -> bool:
        if action.kind != self.kind:
            return False
        if self._index is None:
            self._index = {}
            for bases, choices in self.groups:
                each = set(choices)
                for b in bases:
                    self._index[b] = each
        base = tuple((k, v) for k, v in action.fields if k not in _PAYMENT_FIELDS)
        pays = self._index.get(base)
        return pays is not None and (action.get("pay"), action.get("discounts") or ()) in pays


class LegalActions(Sequence[Action]):
    """Every legal action now, in a fixed order; equal to the list it stands for."""

    __slots__ = ("_parts", "_starts", "_len", "_by_kind", "_last", "_flat")
    _parts: list[list[Action] | Paid]
    _starts: list[int]
    _len: int
    _by_kind: dict[str, tuple[set[Action], list[Paid]]] | None
    _last: Action | None
    _flat: list[Action] | None

    def __init__(self, parts: Sequence[Iterable[Action]]) -> None:
        self._by_kind = None
        self._last = None         # the action last handed out by index (usually the one applied)
        for p in parts:
            if p.__class__ is Paid:
                break
        else:
            # Outside the Tribe Phase the list is one plain list: index it directly.
            if len(parts) == 1 and parts[0].__class__ is list:
                flat = self._flat = parts[0]      # the enumerator's own fresh list
            else:
                flat = self._flat = list(_chain(parts))
            self._parts = [flat] if flat else []
            self._starts = [0] if flat else []
            self._len = len(flat)
            return
        self._parts = []          # plain lists of Actions (neighbours merged) and Paid groups
        self._starts = []
        n = 0
        plain: list[Action] | None = None
        for p in parts:
            if isinstance(p, Paid):
                size = len(p)
                if size:
                    self._parts.append(p)
                    self._starts.append(n)
                    n += size
                    plain = None
                continue
            moves = p if isinstance(p, list) else list(p)
            if not moves:
                continue
            if plain is None:
                plain = []
                self._parts.append(plain)
                self._starts.append(n)
            plain += moves
            n += len(moves)
        self._len = n
        # The one part is `plain` itself when that is set (a Paid part resets it).
        self._flat = plain if len(self._parts) == 1 and plain is not None else None

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        flat = self._flat
        if flat is not None and i.__class__ is int:
            a = self._last = flat[i]
            return a
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._len))]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("legal action index out of range")
        k = bisect_right(self._starts, i) - 1
        part, j = self._parts[k], i - self._starts[k]
        if not isinstance(part, Paid):
            a = self._last = part[j]
            return a
        for g, (bases, choices) in enumerate(part.groups):
            size = len(bases) * len(choices)
            if j < size:
                a = self._last = part.build(g, j)
                return a
            j -= size
        raise IndexError(i)

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            yield from part

    def parts(self) -> tuple[list[Action] | Paid, ...]:
        """The listing as its parts, in order: plain lists of Actions and `Paid` groups. A player
        that weighs every move (the bots' playouts) can weigh a target once for all its payments
        instead of building each."""
        return tuple(self._parts)

    def __contains__(self, action: object) -> bool:
        if action is self._last:
            return True
        if not isinstance(action, Action):
            return False
        if self._by_kind is None:
            by_kind: dict[str, tuple[set[Action], list[Paid]]] = {}
            self._by_kind = by_kind
            for part in self._parts:
                if isinstance(part, Paid):
                    by_kind.setdefault(part.kind, (set(), []))[1].append(part)
                else:
                    for a in part:
                        by_kind.setdefault(a.kind, (set(), []))[0].add(a)
        found = self._by_kind.get(action.kind)
        if found is None:
            return False
        return action in found[0] or any(action in p for p in found[1])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, LegalActions)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]  # unhashable, like the list it stands for

    def __add__(self, other: Iterable[Action]) -> list[Action]:
        return list(self) + list(other)

    def __radd__(self, other: Iterable[Action]) -> list[Action]:
        return list(other) + list(self)

    def __repr__(self) -> str:
        return repr(list(self))

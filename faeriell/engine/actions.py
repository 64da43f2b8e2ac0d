"""Actions: small frozen values with a readable form (SCENARIOS.md vocabulary).

`Action("build_settlement", region="bear-forest", pay=("red", "red"))` reads as
`build_settlement(region=bear-forest, pay=[red, red])`. Lists become sorted tuples where order
does not matter (payments), so equal moves compare equal.
"""
from __future__ import annotations

from typing import Any
from collections.abc import Callable, Iterable

from .action_schema import ANY_PLAYER_FIELD, CARD_FIELDS, PLAYER_FIELDS, file_number, file_seat
from .card import Card, as_card, colour_of
from .native import mypyc_attr


# An action's fields: (name, frozen value) pairs sorted by name; a value is an id, a number or a
# tuple of them.
Fields = tuple[tuple[str, Any], ...]

# Fields whose order carries no meaning: compared and stored sorted.
UNORDERED = frozenset({"pay", "discounts"})


def _freeze(key: str, value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        items = tuple(_freeze(key, v) for v in value)
        if key in UNORDERED:
            items = tuple(sorted(items, key=str))
        return items
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(k, v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    if value.__class__ is Card:
        return value.packed         # the saved form of a card: "red@owl"
    return value


def _cards(value: Any) -> Any:
    # a card field as given: Cards kept, "red@owl" read as its Card (files and callers may spell it)
    if isinstance(value, (list, tuple)):
        return [as_card(v) for v in value]
    return as_card(value)


# A Python class even when compiled: its constructors below set its slots through the slot
# descriptors, which a native (compiled) class does not have.
@mypyc_attr(native_class=False)
class Action:
    """An immutable move: a kind plus named fields."""

    __slots__ = ("kind", "fields", "_hash")
    kind: str
    fields: Fields
    _hash: int | None

    def __init__(self, kind: str, **fields: Any) -> None:
        items = []
        cards = CARD_FIELDS.get(kind)
        for k, v in fields.items():
            if v is None:
                continue
            if cards is not None and k in cards:
                v = _cards(v)
            if v.__class__ is not str and v.__class__ is not int and v.__class__ is not Card:
                v = _freeze(k, v)
            items.append((k, v))
        items.sort()
        _set_kind(self, kind)
        _set_fields(self, tuple(items))
        _set_hash(self, None)

    @staticmethod
    def raw(kind: str, frozen: Fields) -> Action:
        """Build from already frozen, key-sorted fields (hot path of legal-move listing):
        `Action.raw("go_quest", (("deck", d), ("hero", h)))` equals `Action("go_quest", hero=h,
        deck=d)`; tests/test_actions.py checks the listings keep to this. (Replaced below by
        _raw, the same with its helpers bound as locals.)"""
        return _raw(kind, frozen)

    def __setattr__(self, *_: object) -> None:
        raise AttributeError("Action is frozen")

    def __reduce__(self) -> tuple[Callable[[str, Fields], Action], tuple[str, Fields]]:
        # pickled as its kind and frozen fields (the expert's helper processes receive candidates)
        return (Action.raw, (self.kind, self.fields))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.fields:
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> Any:
        for k, v in self.fields:
            if k == key:
                return v
        raise KeyError(key)

    def has(self, key: str) -> bool:
        return any(k == key for k, _ in self.fields)

    def replace(self, **changes: Any) -> Action:
        d = dict(self.fields)
        d.update(changes)
        return Action(self.kind, **d)

    def without(self, *keys: str) -> Action:
        if not any(k in keys for k, _ in self.fields):
            return self
        return Action(self.kind, **{k: v for k, v in self.fields if k not in keys})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.kind == other.kind and self.fields == other.fields

    def __hash__(self) -> int:
        h = self._hash
        if h is None:               # most listed moves are never hashed: work it out when asked
            h = hash((self.kind, self.fields))
            _set_hash(self, h)
        return h

    # The saved form (saves, scenario steps, analysis files, puzzles) counts players from 1, the
    # program from 0: the one place the two numberings meet (action_schema.PLAYER_FIELDS).
    def to_dict(self) -> dict[str, Any]:
        d = {"action": self.kind}
        players = PLAYER_FIELDS.get(self.kind, ANY_PLAYER_FIELD)
        for k, v in self.fields:
            d[k] = file_number(v) if k in players else _thaw(v)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Action:
        if not isinstance(d, dict) or "action" not in d:
            raise ValueError(f"an action needs an 'action' field: {d!r}")
        kind = str(d["action"])
        players = PLAYER_FIELDS.get(kind, ANY_PLAYER_FIELD)
        fields = {k: file_seat(v) if k in players else v for k, v in d.items() if k != "action"}
        return cls(kind, **fields)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={_show(v)}" for k, v in self.fields)
        return f"{self.kind}({inner})"

    def __str__(self) -> str:
        # a method, not `__str__ = __repr__`: mypyc's Python classes cannot alias a method in the body
        return self.__repr__()


def _show(v: Any) -> str:
    # A module function rather than a closure in __repr__: mypyc 2.4.1 crashes on that closure.
    if isinstance(v, tuple):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return str(v)

# The slots' own setters: Action refuses attribute assignment, and these are the quickest way
# around that for its constructors (a listing builds thousands of Actions).
_new = object.__new__
_set_kind = Action.__dict__["kind"].__set__
_set_fields = Action.__dict__["fields"].__set__
_set_hash = Action.__dict__["_hash"].__set__


def _raw(kind: str, frozen: Fields, _new: Any = _new, _kind: Any = _set_kind, _fields: Any = _set_fields,
         _hash: Any = _set_hash, _cls: type[Action] = Action) -> Action:
    # Action.raw as a plain function with its helpers as default arguments (local look-ups, no
    # classmethod binding): listings build about a thousand Actions a game, and this is a third
    # of the cost of the classmethod it replaces.
    a: Action = _new(_cls)
    _kind(a, kind)
    _fields(a, frozen)
    _hash(a, None)
    return a


Action.raw = staticmethod(_raw)  # type: ignore[method-assign]


def matches(pattern: Action, action: Action) -> bool:
    """True when `action` has every field `pattern` names, with an equal value.

    A pay/discount list in the pattern matches by card: 'red' matches any red card, 'red@owl'
    only that one (SCENARIOS.md: colour alone means any back).
    """
    if pattern.kind != action.kind:
        return False
    for k, v in pattern.fields:
        if k == "player":
            continue
        if not action.has(k):
            return False
        w = action[k]
        if k == "pay" and isinstance(v, tuple) and isinstance(w, tuple):
            if sorted(map(colour_of, v)) != sorted(map(colour_of, w)):
                return False
            if any(c.back is not None for c in v) and any(c.back is not None for c in w) and sorted(v) != sorted(w):
                return False
        elif v != w:
            return False
    return True


def actions_matching(pattern: Action, actions: Iterable[Action]) -> list[Action]:
    return [a for a in actions if matches(pattern, a)]

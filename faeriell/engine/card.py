"""An Essence card as a small frozen value: its colour and the Guardian on its back.

Inside the program a card is a `Card`; files (saves, scenarios, positions, analysis files,
puzzles) keep the packed form "red@owl", turned into Cards where they are read (state_from_dict,
Action.from_dict) and back where they are written (to_dict). `Card.of("red", None)` ("red" in a
file) is a card whose back is not seen (an observer's view of a rival's card), or, in a payment, a
pattern that any red card matches.

One instance per (colour, back) (bench/card_repr.py chose this): two equal cards are the same
object, so `in`, `remove`, Counter and sets compare by identity, and a copied state can share its
cards. Its str (the packed form) is also its sort order, so payments sort as they did as strings.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .native import mypyc_attr
from .words import ESSENCE_COLOURS, EssenceColour


# A Python class even when compiled: it is built through the slot descriptors below, which a
# native (compiled) class does not have (like actions.Action).
@mypyc_attr(native_class=False)
class Card:
    """An Essence card: `colour`, and `back`, the Guardian on its back (None: not seen)."""

    __slots__ = ("colour", "back", "packed")
    colour: EssenceColour
    back: str | None
    packed: str                     # "red@owl", or "red" when the back is not seen

    def __init__(self, *_: object) -> None:
        raise TypeError("make a Card with Card.of(colour, back) or card.parse(text)")

    @staticmethod
    def of(colour: str, back: str | None = None) -> Card:
        """The card of this colour (one of ESSENCE_COLOURS) with `back` on its back (None: not seen)."""
        return _of(colour, back)

    @property
    def seen(self) -> bool:
        """Whether the Guardian on its back is known."""
        return self.back is not None

    def __setattr__(self, *_: object) -> None:
        raise AttributeError("Card is frozen")

    def __reduce__(self) -> tuple[Callable[[str, str | None], Card], tuple[str, str | None]]:
        # pickled through the constructor, so a card unpickled is the interned one (helper processes)
        return (_of, (self.colour, self.back))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        return self.packed < other.packed

    def __gt__(self, other: Card) -> bool:
        return self.packed > other.packed

    def __repr__(self) -> str:
        return self.packed

    def __str__(self) -> str:
        return self.packed


_INTERNED: dict[tuple[str, str | None], Card] = {}
_new = object.__new__
_set_colour = Card.__dict__["colour"].__set__
_set_back = Card.__dict__["back"].__set__
_set_packed = Card.__dict__["packed"].__set__


def _of(colour: str, back: str | None = None) -> Card:
    c = _INTERNED.get((colour, back))
    if c is None:
        c = _new(Card)
        _set_colour(c, colour)
        _set_back(c, back)
        _set_packed(c, colour if back is None else f"{colour}@{back}")
        _INTERNED[(colour, back)] = c
    return c


def parse(text: str) -> Card:
    """'red@owl' -> the red card with the owl on its back; 'red' -> a red card, back not seen.
    ValueError when the part before '@' is not an Essence colour."""
    col, at, back = text.partition("@")
    if col not in ESSENCE_COLOURS or (at and not back):
        raise ValueError(f"not an Essence card: {text!r}")
    return _of(col, back if at else None)


def as_card(v: Any) -> Any:
    """A card as a file spells it -> its Card; anything else (a Card, a word such as a claim's
    `doom`, a wrong value) as it is, for the checks to refuse in words."""
    if v.__class__ is str:
        col, at, back = v.partition("@")
        if col in ESSENCE_COLOURS and (back or not at):
            return _of(col, back if at else None)
    return v


def packed(v: Any) -> Any:
    """A Card -> its saved form 'red@owl'; a list or tuple of them -> a list; anything else as it is."""
    if v.__class__ is Card:
        return v.packed
    if isinstance(v, (list, tuple)):
        return [packed(x) for x in v]
    return v


def colour_of(x: Card | str) -> str:
    """The colour of a card, or of a card's saved form or a colour ("red@owl", "red"): for
    readers that meet both (the bots' costs are asked of cards and of bare colours alike)."""
    if isinstance(x, Card):
        return x.colour
    return x.partition("@")[0]


def back_of(x: Card | str) -> str | None:
    """The Guardian on a card's back (None: not seen), of a Card or of its saved form."""
    if isinstance(x, Card):
        return x.back
    col, at, back = x.partition("@")
    return back if at else None

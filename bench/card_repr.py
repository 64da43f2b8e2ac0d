"""How an Essence card could be held (issue 43 item 1): the packed string "red@owl" of today
against three frozen values, on the operations the engine does with cards most.

    python3 bench/card_repr.py

Not a timed test: a measurement to choose the representation by. Candidates:

  str        today: "red@owl", read by actions.card_color (a find("@") and a slice)
  NamedTuple Card(colour, back): fast field reads, but it IS a tuple, and the engine tells a single
             card from a list of cards by isinstance(v, tuple) (a `pay` of one or many,
             Action._freeze/_thaw, state.to_dict): a Card would be taken apart as a list of
             two strings unless every such check learns it first
  dataclass  @dataclass(frozen=True, slots=True): not a tuple, but its __eq__ compares field by
             field (slow `in`, `remove`, Counter and set of cards)
  interned   a slotted class made only through one constructor that hands out one instance per
             (colour, back): identity equality and hashing; pickling and copying must keep to
             the constructor (__reduce__, __copy__, __deepcopy__)
"""
from __future__ import annotations

import timeit
from collections import Counter
from dataclasses import dataclass
from typing import Any, NamedTuple


class CardNT(NamedTuple):
    colour: str
    back: str | None


@dataclass(frozen=True, slots=True)
class CardDC:
    colour: str
    back: str | None


class CardIN:
    __slots__ = ("colour", "back")
    colour: str
    back: str | None

    def __reduce__(self) -> tuple[Any, tuple[str, str | None]]:
        return (card_in, (self.colour, self.back))


_INTERNED: dict[tuple[str, str | None], CardIN] = {}


def card_in(colour: str, back: str | None) -> CardIN:
    c = _INTERNED.get((colour, back))
    if c is None:
        c = CardIN.__new__(CardIN)
        object.__setattr__(c, "colour", colour)
        object.__setattr__(c, "back", back)
        _INTERNED[(colour, back)] = c
    return c


def card_color(card: str) -> str:
    at = card.find("@")
    return card if at < 0 else card[:at]


def main() -> None:
    cols = ["red", "blue", "green", "yellow", "purple"]
    backs = ["owl", "bear", "fox", "stag"]
    pairs = [(c, b) for c in cols for b in backs] * 2          # a pool or a deck's worth
    g = {"card_color": card_color, "Counter": Counter,
         "S": [f"{c}@{b}" for c, b in pairs], "N": [CardNT(c, b) for c, b in pairs],
         "D": [CardDC(c, b) for c, b in pairs], "I": [card_in(c, b) for c, b in pairs]}
    cases = [
        ("colour of each card", {"S": "[card_color(c) for c in S]", "N": "[c.colour for c in N]",
                                 "D": "[c.colour for c in D]", "I": "[c.colour for c in I]"}),
        ("pool by colour (Counter)", {"S": "Counter(card_color(c) for c in S)",
                                      "N": "Counter(c.colour for c in N)",
                                      "D": "Counter(c.colour for c in D)",
                                      "I": "Counter(c.colour for c in I)"}),
        ("a card in the pool", {"S": "S[-1] in S", "N": "N[-1] in N", "D": "D[-1] in D", "I": "I[-1] in I"}),
        ("Counter of cards", {"S": "Counter(S)", "N": "Counter(N)", "D": "Counter(D)", "I": "Counter(I)"}),
        ("sorted", {"S": "sorted(S)", "N": "sorted(N)", "D": "sorted(D, key=lambda c: (c.colour, c.back))",
                    "I": "sorted(I, key=lambda c: (c.colour, c.back))"}),
        ("list copy (copy_state)", {"S": "S[:]", "N": "N[:]", "D": "D[:]", "I": "I[:]"}),
    ]
    names = {"S": "str", "N": "NamedTuple", "D": "dataclass", "I": "interned"}
    print(f"{'microseconds per call':28s}" + "".join(f"{n:>12s}" for n in names.values()))
    for title, stmts in cases:
        row = []
        for key in names:
            t = min(timeit.repeat(stmts[key], globals=g, number=20000, repeat=3))
            row.append(t / 20000 * 1e6)
        print(f"{title:28s}" + "".join(f"{x:12.2f}" for x in row))


if __name__ == "__main__":
    main()

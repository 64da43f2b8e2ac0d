"""The game's words for its ids: "the Bear's Mountain" for `bear-mountain`, "Ley Lines Herb" for
`herb-green`, "a Red Essence with the Owl on its back" for `red@owl`.

    names = Names.of(rules)
    names.region("bear-mountain")      # "the Bear's Mountain"
    names.text("Berrywort (player 2) builds a red Beacon in bear-river (R15).")
        # "Berrywort (player 2) builds a red Beacon in the Bear's River."

The engine's log lines and refusal reasons are written with ids (they are short and exact);
`text` says them in the words printed on the cards and the island, and drops ruling citations
(rulings are cited in code and tests, never to the player). Names come from data/*.yaml; a
Region is named by its Area's Guardian and its Terrain, as on the board.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action
from .card import Card, parse

if TYPE_CHECKING:
    from .rules import Rules

# The Phase tiles by their printed names (a move's `phase` field -> "Tribe", "Event", "Hero").
PHASE_NAMES = {"tribe": "Tribe", "event": "Event", "hero": "Hero"}

_CITATION = re.compile(r"\s*\((?:see )?R\d+[a-z]?(?:\s*[,/–-]\s*R?\d+[a-z]?)*\)|\s*\bR\d{1,2}\b(?=[.:;,)]|$)")
_CARD = re.compile(r"(?<![\w-])([a-z]+)@([a-z]+)(?![\w-])")
_NODE = re.compile(r"(?<![\w-])[a-z]+-[a-z]+(?:\+[a-z]+-[a-z]+)+(?![\w-])")
_ARTICLE = re.compile(r"\b([Aa]) (?=[AEIOU][a-z])")
_A_THE = re.compile(r"\b(?:a|an) (\w+ )?the ")      # "a troubled the Boar" -> "the troubled Boar"
_QUOTED = re.compile(r"'([a-z][a-z0-9_@+-]*)'")
# a colour id left bare in a sentence ("gains 1 red Essence", "the red slot"): said as the cards
# print it ("Red"); never inside an id (herb-red, red@owl) nor another word
_COLOUR = re.compile(r"(?<![\w@-])(red|yellow|blue|green)(?![\w@-])")
# the Corruption colour as cards print it: its Essences, tokens, deck and Quests, and a count of
# its cards ("pays 1 corruption", a bot's reason); never the Tribe Corruption track's own word
_CORRUPTION_CARD = re.compile(r"(?<![\w@-])corruption(?= Essences?\b| tokens?\b| decks?\b| Quests?\b)"
                              r"|(?<=\d )corruption\b")

# What a player waits for when a decision is open (R27): "First Longfeather (player 1) must
# decide how to meet a Corruption Event" (Game._not_now, explain.not_now), by the decision's kind.
DECIDING = {
    "corruption": "how to meet a Corruption Event",
    "harvest_choice": "what to harvest",
    "claim": "which Achievement to claim, and how",
    "discard_quest": "which Quest card to discard",
    "become_sower": "which Hero becomes the Corruption Sower",
    "place_settlement": "where to place a Settlement",
    "choose_hero": "which Hero to start with",
    "place_hero": "where to place a Hero",
    "starting_essence": "which Essence to take",
    "track_choice": "which tracking token moves forward",
    "menace_rival": "which rival steps back on its track",
    "free_level": "which Perk to take for the free level",
    "twins_swap": "which Essences to swap for Corruption Essences",
}


def deciding(kind: str) -> str:
    """What an open decision of `kind` is about, after "must decide"."""
    return DECIDING.get(kind, "what comes next")


def either(words: Iterable[object], last: str = "or") -> str:
    """A list said as one reads it: 'A', 'A or B', 'A, B or C' ('and' for a list of all)."""
    said = [str(w) for w in words]
    if len(said) <= 1:
        return "".join(said)
    return ", ".join(said[:-1]) + f" {last} " + said[-1]


def one_of(words: Iterable[object]) -> str:
    """'the Bear's Forest' for one, 'one of: A, B or C' for several."""
    listed = list(words)
    return either(listed) if len(listed) <= 1 else "one of: " + either(listed)


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def title(s: object) -> str:
    """'Ley Lines' for an id with no printed name ('ley-lines')."""
    return str(s).replace("_", " ").replace("-", " ").title()


class Names:
    _cache: ClassVar[dict[int, Names]] = {}     # ClassVar: one table for the class (mypyc wants it said)

    @classmethod
    def of(cls, rules: Rules) -> Names:
        """One Names per rules (built once: the tables are read on every log line drawn)."""
        found = cls._cache.get(id(rules))
        if found is None or found.rules is not rules:
            found = cls._cache[id(rules)] = cls(rules)
        return found

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._said: dict[str, str] = {}
        cat = rules.catalog
        self.cat = cat

        def names(table: str) -> dict[str, str]:
            return {k: str((v or {}).get("name") or _cap(k)) for k, v in (getattr(cat, table, None) or {}).items()}

        self.heroes = names("heroes")
        # describe.narrate's lines, per (move, who, seats)
        self.told: dict[tuple[Action, str, tuple[str, ...]], str] = {}
        # per seating: the log's finished lines (Game.tell), by (kind, fields, acting seat)
        self._lines: dict[tuple[str, ...], dict[tuple[Any, ...], str]] = {}
        # what follows "The" in a label whose subject the mover owns ("The Shaman solves ...")
        self.owned_words = frozenset(v.split(" ")[0] for v in self.heroes.values()) | {"Beacon", "Drifter"}
        self.perks = names("perks")
        self.perks["random-sower"] = "a random Corruption Sower Perk"
        self.herbs = names("herbs")
        self.attunements = names("attunements")
        self.achievements = names("achievements")
        self.tribes = names("tribes")
        self.colors = names("colors")
        self.terrains = names("terrains")
        self.guardian_ids = tuple(cat.guardians or ())
        self.regions = {r: self._region(r) for r in rules.board.regions}
        # multi-part ids, longest first, so `nudge-snake-wolf` wins over `snake-wolf`
        multi = {**{k: v for k, v in self.perks.items() if "-" in k},
                 **{k: v for k, v in self.herbs.items() if "-" in k},
                 **{k: v for k, v in self.achievements.items() if "-" in k},
                 **self.regions}
        self._multi = multi
        self._multi_re = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, multi), key=len, reverse=True))
                                    + r")(?![\w-])") if multi else None
        single = {**{g: self.guardian(g) for g in self.guardian_ids},
                  **self.heroes, **self.terrains}
        self._single = single
        self._single_re = re.compile(r"\b(" + "|".join(sorted(map(re.escape, single), key=len, reverse=True))
                                     + r")\b") if single else None
        self._perk_single = {k: v for k, v in self.perks.items() if "-" not in k}
        self._perk_re = re.compile(r"\b(with|uses|takes|gains|loses|swaps?) (" +
                                   "|".join(map(re.escape, self._perk_single)) + r")\b") if self._perk_single else None
        # a one-word Perk id named as a Perk ("the cleanser Perk", "swift's Special Action")
        self._perk_named_re = re.compile(r"\b(" + "|".join(map(re.escape, self._perk_single)) +
                                         r")(?= Perk\b|'s )") if self._perk_single else None
        self._ach_re = re.compile(r"\bthe ([a-z][a-z-]*) Achievement\b")
        self._att_re = re.compile(r"\bthe ([a-z]+) Attunement\b")

    # ---- single names ------------------------------------------------------------------------
    def guardian(self, g: str) -> str:
        """'the Bear' (the Guardian as the island names its Area)."""
        return f"the {_cap(g)}"

    def guardian_name(self, g: str) -> str:
        """'Rhudo the Bear' (the Guardian's printed name and its animal)."""
        d = (self.cat.guardians or {}).get(g) or {}
        return f"{d.get('name', title(g))} the {title(g)}" if d else title(g)

    def hero(self, h: str) -> str:
        return self.heroes.get(h) or title(h)

    def perk(self, p: str) -> str:
        return self.perks.get(p) or title(p)

    def herb(self, h: str) -> str:
        return self.herbs.get(h) or title(h)

    def attunement(self, a: str) -> str:
        return self.attunements.get(a) or title(a)

    def achievement(self, a: str) -> str:
        return self.achievements.get(a) or title(a)

    def tribe(self, t: str) -> str:
        return self.tribes.get(t) or title(t)

    def terrain(self, t: str) -> str:
        return self.terrains.get(t) or title(t)

    def lines_for(self, seats: tuple[str, ...]) -> dict[tuple[Any, ...], str]:
        """The memo of the log's lines (Game.tell) for one seating of tribes."""
        found = self._lines.get(seats)
        if found is None:
            if len(self._lines) > 64:
                self._lines.clear()
            found = self._lines[seats] = {}
        return found

    def player(self, seat: object, tribe_ids: Sequence[str] = ()) -> str:
        """'Berrywort (player 2)' for seat 1: seats count from 0 inside the program, players
        from 1 only in these words (and in files: Action.to_dict)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return f"player {seat}"
        if 0 <= seat < len(tribe_ids):
            return f"{self.tribe(tribe_ids[seat])} (player {seat + 1})"
        return f"player {seat + 1}"

    def pay(self, pay: Card | str | Iterable[Card | str] | None) -> str:
        """'1 Red + 2 Blue' for the cards of a payment ('free' for none)."""
        if not pay:
            return "free"
        if isinstance(pay, (str, Card)):
            pay = (pay,)
        counts: dict[str, int] = {}
        for c in pay:
            col = (c if isinstance(c, Card) else parse(str(c))).colour
            counts[col] = counts.get(col, 0) + 1
        return " + ".join(f"{n} {self.color(c)}" for c, n in counts.items())

    def essences(self, counts: Mapping[str, int]) -> str:
        """'2 Red, 1 Blue Essences' for colour counts ('' for none)."""
        parts = [f"{n} {self.color(c)}" for c, n in sorted(counts.items()) if n]
        if not parts:
            return ""
        return ", ".join(parts) + (" Essence" if sum(counts.values()) == 1 else " Essences")

    def area(self, a: str) -> str:
        return f"the {_cap(a)}'s Area"

    def _region(self, r: str) -> str:
        reg = self.rules.board.regions[r]
        terr = self.terrains.get(reg.terrain, _cap(reg.terrain))
        return f"the {_cap(reg.area)}'s {terr}"

    def region(self, r: str) -> str:
        return self.regions.get(r) or _cap(str(r).replace("-", " "))

    def node(self, n: str) -> str:
        parts = [self.region(r) for r in str(n).split("+")]
        if len(parts) == 1:
            return parts[0]
        return "the node between " + ", ".join(parts[:-1]) + " and " + parts[-1]

    def color(self, c: str) -> str:
        return self.colors.get(c) or _cap(str(c))

    def card(self, card: Card | str) -> str:
        c = card if isinstance(card, Card) else parse(card)
        col, back = c.colour, c.back
        if not back:
            return f"{self.color(col)} Essence"
        return f"{self.color(col)} Essence (with {self.guardian(back)} on its back)"

    # ---- whole sentences ---------------------------------------------------------------------
    def text(self, s: str) -> str:
        """An engine sentence in the game's words: ids named, ruling citations dropped."""
        if not s:
            return s
        said = self._said.get(s)
        if said is None:
            if len(self._said) > 20000:
                self._said.clear()
            said = self._said[s] = self._text(str(s))
        return said

    def _text(self, s: str) -> str:
        out = _CITATION.sub("", s)
        out = _QUOTED.sub(lambda m: self._quoted(m.group(1)), out)
        out = _CARD.sub(lambda m: self.card(m.group(0)) if m.group(1) in self.colors or m.group(1) == "corruption"
                        else m.group(0), out)
        out = _NODE.sub(lambda m: self.node(m.group(0)), out)
        out = self._ach_re.sub(lambda m: f"the {self.achievements[m.group(1)]} Achievement"
                               if m.group(1) in self.achievements else m.group(0), out)
        out = self._att_re.sub(lambda m: self.attunements[m.group(1)]
                               if m.group(1) in self.attunements else m.group(0), out)
        if self._multi_re is not None:
            out = self._multi_re.sub(lambda m: self._multi[m.group(1)], out)
        if self._perk_re is not None:
            out = self._perk_re.sub(lambda m: f"{m.group(1)} {self._perk_single[m.group(2)]}", out)
        if self._perk_named_re is not None:
            out = self._perk_named_re.sub(lambda m: self._perk_single[m.group(1)], out)
        if self._single_re is not None:
            out = self._single_re.sub(lambda m: self._single[m.group(1)], out)
        out = _COLOUR.sub(lambda m: self.color(m.group(1)), out)          # after the ids are named
        out = _CORRUPTION_CARD.sub(lambda m: self.color("corruption"), out)
        out = out.replace("the the ", "the ").replace("The the ", "The ")
        out = _A_THE.sub(lambda m: "the " + (m.group(1) or ""), out)
        out = _ARTICLE.sub(lambda m: m.group(1) + "n ", out)
        return _cap(out)

    def _quoted(self, x: str) -> str:
        for table in (self.regions, self.perks, self.herbs, self.achievements, self.heroes):
            if x in table:
                return table[x]
        if x in self.guardian_ids:
            return self.guardian(x)
        if "@" in x or "+" in x:
            return x                       # the card and node patterns name it next
        return x.replace("_", " ")

"""Every move said in the game's words: the one description the table, the hint, the bots'
reasons and the review all show (python-chess's `Board.san`, OpenSpiel's `action_to_string`).

    describe(Action("build_beacon", region="bear-river", color="red"), Names.of(rules))
        # "Build a Red Beacon in the Bear's River"

A label is an imperative for whoever plays it ("Gather Ley Lines Herb, discarding ..."); player
numbers in a move's fields count from 1, as everywhere in actions (action_schema.PLAYER), and
`tribe_ids` (seat order) lets a label name the tribe behind a number.

    narrate(action, names, "Berrywort (player 2)")
        # "Berrywort (player 2) builds a Red Beacon in the Bear's River"

`narrate` tells the same label as it happens, for everyone at the table: the game log's line for
every move (Game.tell writes it before the move is performed) and the table's line for a bot's move. It is worked out from
the label (the imperative's verb in the third person, "Your Druid" -> "Berrywort's Druid"), so a
move kind has one phrase, here, and never a second one for the log.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from .action_schema import (ACHIEVEMENT, CARD, COLOR, GUARDIAN, HERB, HERO, NODE, PERK, PHASE, PLAYER,
                            REGION, SPECS, Spec, swap_pairs)
from .actions import Action
from .card import Card, parse
from .names import Names, title

_ARTICLE = re.compile(r"\b([Aa]) (?=[AEIOU][a-z])")      # "a Adventurer" -> "an Adventurer"
_SLOT = re.compile(r"\{(\w+)(?::(\w+))?\}")                # {region}, {guardian:attunement}
_OPTIONAL = re.compile(r"\[([^\]]*)\]")                     # [, discarding {discard}]


def describe(a: Action, names: Names, tribe_ids: Sequence[str] = ()) -> str:
    """A move as a label: 'Build a Red Beacon in the Bear's River'."""
    return _ARTICLE.sub(_an, _Say(names, tribe_ids).action(a))


def noun(kind: str, names: Names, values: dict[str, Any] | None = None) -> str:
    """What a Tribe Action buys, as a noun: 'a Beacon', 'a Level Up'; with the values its spec's
    noun names, one purchase told from another: 'a Red Beacon', 'a Level Up of your Shaman'."""
    spec = SPECS[kind]
    return _ARTICLE.sub(_an, _Say(names, ()).template(spec, Action(kind, **(values or {})), spec.noun))


def noun_fields(kind: str) -> tuple[str, ...]:
    """The fields a Tribe Action's noun names ('color' of 'a [{color} ]Beacon'): what tells one
    of its purchases from another."""
    return _NOUN_FIELDS.get(kind, ())


_NOUN_FIELDS = {k: tuple(m.group(1) for m in _SLOT.finditer(spec.noun)) for k, spec in SPECS.items()}


def _an(m: re.Match[str]) -> str:
    return m.group(1) + "n "


# The verbs a label starts with (its imperative): the first word of every label declared in
# SPECS (a new kind's verb needs no entry here) and those of the labels _Say writes. The words
# after "The"/"Your" that make a label's subject something the mover owns are names.owned_words
# ("The Shaman solves ..." -> "Berrywort's Shaman ...").
_SAY_VERBS = {"Claim", "Cleanse", "Discard", "Harvest", "Ignore", "Keep", "Move", "Swap", "Take", "Yield"}
VERBS = frozenset(_SAY_VERBS | {spec.say.split(" ", 1)[0] for spec in SPECS.values()
                                if spec.say[:1].isupper() and not spec.say.startswith(("The ", "Your "))})
_USED = frozenset({"perk", "lore"})        # "Swift: trade ..." -> "... uses Swift: trade ..."


def third_person(verb: str) -> str:
    """'takes', 'dresses', 'yields:' for the imperative that starts a label."""
    colon = verb.endswith(":")
    v = verb.rstrip(":").lower()
    v = v + ("es" if v.endswith(("s", "sh", "ch", "x", "z")) else "s")
    return v + (":" if colon else "")


def narrate(a: Action, names: Names, who: str, tribe_ids: Sequence[str] = ()) -> str:
    """The move `a` told as it happens, by `who` ('Berrywort (player 2)'), for everyone: the
    same phrase as describe(a), with what only its owner may see left out (a discarded Quest
    card's back). Remembered per (move, who, seats): every applied move is told once."""
    key = (a, who, tuple(tribe_ids))
    told = names.told.get(key)
    if told is None:
        if len(names.told) > 50_000:
            names.told.clear()
        told = names.told[key] = _narrate(a, names, who, tribe_ids)
    return told


def _narrate(a: Action, names: Names, who: str, tribe_ids: Sequence[str]) -> str:
    text = _ARTICLE.sub(_an, _Say(names, tribe_ids, public=True).action(a)).replace(" your ", " its ")
    if a.kind == "corruption" and a.get("choice") in ("yield", "ignore"):
        text = text.replace("Yield:", "Yield to the Corruption Event:").replace(
            "Ignore:", "Ignore the Corruption Event:")
    head, _, rest = text.partition(" ")
    if head in VERBS and rest:
        return f"{who} {third_person(head)} {rest}"
    if head == "Your" or (head == "The" and rest.split(" ", 1)[0] in names.owned_words):
        return f"{who}'s {rest}"
    if a.kind in _USED:
        return f"{who} uses {text}"
    return f"{who}: {text}"


# ---- said to "you": the one human at the table reads the log in the second person
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}
# "its" the phrasebook writes of something that is not the mover's: a Perk's pile, a card's back
# (card()), Doom's end; every other "its" of a line about you is yours (narrate wrote it for "your")
_ITS_OWN = frozenset({"pile", "back", "end", "own"})
_REFERENT = re.compile(r"\b(?:[Yy]ou|[Yy]our)\b|\(player \d+\)|\bits\b(?= (\w+))")
_CLAUSE_YOU = re.compile(r"(^|[(;:,] ?)you ([a-z]+)\b")          # "(you steps back" -> "(you step back"
_OF_YOU = re.compile(r"\bthe ([A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*) of you\b")   # "the Tribe Corruption of you"


def base_form(verb: str) -> str:
    """The verb said to "you": builds -> build, reaches -> reach, carries -> carry, has -> have."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if len(verb) > 4 and verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2:
        return verb[:-1]
    return verb


def second_person(line: str, who: str | None) -> str:
    """A line of the log said to the player `who` ('Longfeather (player 1)'): narrate's and the
    engine's third person turned back, "Longfeather (player 1) cleanses its Tribe" -> "You cleanse
    your Tribe", "(Longfeather (player 1) steps back on its track)" -> "(you step back on your track)"."""
    if not who or who not in line:
        return line
    if line.startswith(who + "'s "):
        line = "Your " + line[len(who) + 3:]
    elif line.startswith(who + " "):
        verb, _, rest = line[len(who) + 1:].partition(" ")
        line = f"You {base_form(verb)}" + (f" {rest}" if rest else "")
    line = line.replace(who + "'s", "your").replace(who, "you")
    line = _CLAUSE_YOU.sub(lambda m: f"{m.group(1)}you {base_form(m.group(2))}", line)
    line = _OF_YOU.sub(lambda m: f"your {m.group(1)}", line)
    return _yours(line)


def _yours(line: str) -> str:
    """Each "its" whose nearest player before it is you, and that is not a thing's own, is "your"."""
    out, last, mine = [], 0, False
    for m in _REFERENT.finditer(line):
        word = m.group(0)
        if word != "its":
            mine = not word.startswith("(")
            continue
        if mine and m.group(1) not in _ITS_OWN:
            out.append(line[last:m.start()] + "your")
            last = m.end()
    return "".join(out) + line[last:]


def card(names: Names, c: Card | str, hidden: bool = False) -> str:
    """'Green Essence (the Owl on its back)', or only its colour when the back is hidden."""
    cd = c if isinstance(c, Card) else parse(c)
    col, back = cd.colour, cd.back
    if hidden or not back:
        return f"{names.color(col)} Essence"
    return f"{names.color(col)} Essence (the {title(back)} on its back)"


def _colour(c: Card | str) -> str:
    return c.colour if isinstance(c, Card) else parse(c).colour


class _Say:
    def __init__(self, names: Names, tribe_ids: Sequence[str], public: bool = False) -> None:
        self.n = names
        self.tribe_ids = tuple(tribe_ids)
        self.public = public        # told to everyone: a Quest card in hand shows only its colour

    def player(self, k: Any) -> str:
        return self.n.player(k, self.tribe_ids)

    def action(self, a: Action) -> str:
        n, k, f = self.n, a.kind, a.get
        spec = SPECS.get(k)
        if spec is not None and spec.say:
            return self.template(spec, a)
        if k == "harvest":
            steps = f("steps")
            return f"Move the Harvest token {steps} step{'s' if steps != 1 else ''}"
        if k == "harvest_choice":
            if a.has("color"):
                return f"Take a {n.color(f('color'))} Essence from {n.region(f('region'))}"
            return f"Harvest from {n.region(f('region'))}"
        if k == "move_hero":
            to = f("to") or (f("path") or [None])[-1]
            return f"Move the {n.hero(f('hero'))} to {n.node(to)}"
        if k == "discard_quest":
            if self.public:
                return f"Discard a {n.color(_colour(f('card')))} Quest card"
            return f"Discard the Quest card {card(n, f('card'))}"
        if k == "perk":
            return self._perk(a)
        if k == "lore":
            return self._lore(a)
        if k == "corruption":
            return self._corruption(a)
        if k == "claim":
            tok = f("token")
            how = ("a token from the designated area" if tok == "designated"
                   else "the token of your any-colour slot" if tok == "any" else f"the token of your {n.color(tok)} slot")
            pay = f("pay")
            cost = "" if tok == "designated" else (", advancing Doom by 1" if pay == "doom" else
                                                   f", paying 1 {n.color(_colour(pay))}")
            return f"Claim {n.achievement(f('achievement'))} with {how}{cost}"
        if k == "become_sower":
            s = f"Your {n.hero(f('hero'))} becomes the Corruption Sower"
            pairs = swap_pairs(a)
            if pairs:
                s += "; swap " + ", ".join(" for ".join(n.perk(p) for p in pair if p) for pair in pairs)
            return s
        if k == "twins_swap":
            pay = f("pay") or ()
            if not pay:
                return "Keep your Essences (no swap)"
            return f"Swap {n.pay(pay)} for {len(pay)} Corruption Essence{'s' if len(pay) != 1 else ''}"
        return title(k) + (": " + ", ".join(f"{x} {v}" for x, v in a.fields) if a.fields else "")

    def template(self, spec: Spec, a: Action, text: str | None = None) -> str:
        """The spec's `say` (or its `text`: the noun) for `a`: each {field} said by its type,
        [...] only when present."""
        def optional(m: re.Match[str]) -> str:
            inner = m.group(1)
            return inner if all(a.has(x.group(1)) for x in _SLOT.finditer(inner)) else ""

        def slot(m: re.Match[str]) -> str:
            key, how = m.group(1), m.group(2)
            return self.value(how or spec.fields[key].types[0], a.get(key))
        return _SLOT.sub(slot, _OPTIONAL.sub(optional, spec.say if text is None else text))

    def value(self, how: str, v: Any) -> str:
        """A field's value in words, by its type (action_schema) or the way a template names."""
        n = self.n
        said: Callable[[Any], str] | None = {REGION: n.region, NODE: n.node, HERO: n.hero, PERK: n.perk, HERB: n.herb,
                GUARDIAN: n.guardian_name, COLOR: n.color, ACHIEVEMENT: n.achievement,
                PHASE: title, PLAYER: self.player, "attunement": n.attunement,
                CARD: lambda c: card(n, c)}.get(how)
        return said(v) if said is not None else str(v)

    def _target(self, a: Action) -> str:
        t = a.get("target")
        return f" ({self.player(t)} steps back on its track)" if t is not None else ""

    def _perk(self, a: Action) -> str:
        n, f = self.n, a.get
        who = n.hero(f("hero"))
        if f("perk") == "shadow":
            return f"The Shadow moves with the shadows to {n.node(f('node') or f('to'))}"
        name = n.perk(f("perk"))
        if f("from") and f("to"):
            return f"{name}: trade 1 {n.color(f('from'))} for 1 {n.color(f('to'))}"
        if f("guardian") and isinstance(f("to"), str):
            return f"{name}: move {n.guardian_name(f('guardian'))} to {n.region(f('to'))}"
        if f("guardian"):
            return f"{name}: the {who} removes the Menace of {n.guardian_name(f('guardian'))}"
        if isinstance(f("to"), tuple):
            to = f("to")
            if all(isinstance(x, str) and "-" in x for x in to):
                return f"{name}: move the Guardians to {', '.join(n.region(x) for x in to)}"
            return f"{name}: take {n.pay(to)}"
        if isinstance(f("to"), str):
            extra = f" paying 1 {n.color(f('color'))}" if f("color") else ""
            return f"{name}: the {who} moves to {n.node(f('to'))}{extra}"
        if f("target") is not None:
            return f"{name}: the Tribe Corruption of {self.player(f('target'))} moves up"
        if f("pay"):
            return f"{name}: pay {n.pay(f('pay'))}"
        if f("color"):
            return f"{name}: pay 1 {n.color(f('color'))}"
        return f"{name} ({who})"

    def _lore(self, a: Action) -> str:
        n, f = self.n, a.get
        c = f("card")
        name = n.attunement(c) if "herb" not in c else n.herb(c)
        if f("to"):
            return f"{name}: move the {n.hero(f('hero'))} to {n.node(f('to'))}"
        if f("guardian"):
            return (f"{name}: the {n.hero(f('hero'))} solves the Menace of {n.guardian_name(f('guardian'))}"
                    + self._target(a))
        return f"{name}: the {n.hero(f('hero'))} gains an Action gem"

    def _corruption(self, a: Action) -> str:
        n, ch = self.n, a.get("choice")
        if ch == "yield":
            return "Yield: take a Corruption Essence, Tribe Corruption +1"
        if ch == "ignore":
            return "Ignore: Doom +1"
        pay = n.pay(a.get("pay"))
        if ch == "cleanse_tribe":
            return f"Cleanse your Tribe (pay {pay}): Tribe Corruption -1"
        tg = a.get("target", "doom")
        return f"Cleanse Corruption (pay {pay}): " + ("Doom -1" if tg == "doom" else f"clear {n.guardian_name(tg)}")

"""Every action kind, declared once: its fields and the type of each (catanatron's documented
ActionType value shapes). The engine registers how a kind is listed, checked and performed
(registry.move, in its phase module); engine.describe says it in words; this table says what it
carries, and is the schema that actions read from files (saves, scenario steps) are checked
against before they reach the rules: an unknown kind or field, or a value of the wrong type, is
refused with a reason instead of being replayed and kept. tests/test_hostile_files.py checks
that every action the engine lists in random games (all variants) fits these specs.

One player numbering inside the program: a field of type PLAYER, and the `player` field any
action may carry, holds a seat counted from 0, as the state, the history and `pending["player"]`
do. Only the saved form counts players from 1 (saves, SCENARIOS.md steps and state paths such as
`p1`): Action.from_dict and Action.to_dict convert those fields there, through `file_seat` and
`file_number`, and nowhere else.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .card import Card

if TYPE_CHECKING:
    from .actions import Action

# What a field's value names. Every type is an id of the catalog or the board (checked as an id
# here, and against the game by the rules) except PLAYER and COUNT, which are whole numbers.
REGION, NODE, HERO, PERK, HERB, GUARDIAN = "region", "node", "hero", "perk", "herb", "guardian"
COLOR, CARD, ACHIEVEMENT, PHASE, SLOT, CHOICE = "color", "card", "achievement", "phase", "slot", "choice"
PLAYER, COUNT = "player", "count"
INTS = frozenset({PLAYER, COUNT})


@dataclass(frozen=True)
class Field:
    """One field: the types its value may have (a list of them when `many`)."""
    types: tuple[str, ...]
    many: bool = False
    one_or_many: bool = False       # a single value is accepted where a list is expected too

    def shapes(self) -> set[str]:
        ints = any(t in INTS for t in self.types)
        ids = any(t not in INTS for t in self.types)
        out: set[str] = set()
        if not self.many or self.one_or_many:
            out |= {"int"} if ints else set()
            out |= {"id"} if ids else set()
        if self.many:
            out.add("list")
        return out


def _f(*types: str, many: bool = False, one_or_many: bool = False) -> Field:
    return Field(tuple(types), many, one_or_many)


PAY = {"pay": _f(CARD, many=True, one_or_many=True), "discounts": _f(HERB, many=True)}


@dataclass(frozen=True)
class Spec:
    kind: str
    phase: str          # when it is played: tribe, event, hero, turn, decision, setup
    fields: dict[str, Field]    # name -> Field: what the engine lists, checks, performs and saves
    spelled: dict[str, Field]   # name -> Field: accepted from files only (SCENARIOS.md's or an older
                                # build's spelling); Game.normalize turns it into `fields`
    say: str = ""       # the move's label (describe): {field} said by its type, {field:how}
                        # another way ({guardian:attunement}), [...] only when its fields are
                        # there; "" for a kind whose words depend on its values (describe._Say)
    doing: str = ""     # the kind in a sentence ("Gathering an Heirloom Herb is a Tribe Action")
    noun: str = ""      # what a Tribe Action buys, as a noun ("spend Essences on an Heirloom Herb");
                        # [{field}] tells one purchase from another where the hint promises it
                        # ("enough for a Red Beacon": describe.noun, expert.bought_item)


def _spec(kind: str, when: str, say: str = "", doing: str = "", noun: str = "", /, **fields: Field) -> Spec:
    return Spec(kind, when, dict(fields), {}, say, doing, noun)


def _spelled(spec: Spec, **spelled: Field) -> Spec:
    """`spec` accepting these further fields from files (normalize converts them)."""
    return Spec(spec.kind, spec.phase, spec.fields, dict(spelled), spec.say, spec.doing, spec.noun)


# Each kind: _spec(kind, when it is played, its label (describe), the kind in a sentence
# (explain.DOING), a Tribe Action's noun (the hint's "spend Essences on ..."), its fields...). A label's {field} is said by the field's type.
_SPECS = [
    # Tribe Actions (R14-R19) and the Winter's Grasp move
    _spec("dress_hero", "tribe", "Dress a {hero} on {node}", "Dressing a new Hero", "a new Hero",
          hero=_f(HERO), node=_f(NODE), **PAY),
    _spec("level_up", "tribe", "Level up the {hero} with {perk}[; {discard} goes under its pile]",
          "Levelling up a Hero", "a Level Up[ of your {hero}]", hero=_f(HERO), perk=_f(PERK), discard=_f(PERK), **PAY),
    _spec("build_settlement", "tribe", "Build a Settlement in {region}", "Building a Settlement", "a Settlement",
          region=_f(REGION), **PAY),
    _spec("build_beacon", "tribe", "Build a {color} Beacon in {region}", "Building a Beacon", "a [{color} ]Beacon",
          region=_f(REGION), color=_f(COLOR), **PAY),
    _spec("control_totem", "tribe", "Take the Spiritual Totem to {region}", "Taking the Spiritual Totem",
          "the Spiritual Totem", region=_f(REGION), **PAY),
    _spec("gather_herb", "tribe", "Gather {herb}[, discarding {discard}]", "Gathering an Heirloom Herb",
          "an Heirloom Herb", herb=_f(HERB), discard=_f(HERB), **PAY),
    _spec("attune", "tribe", "Attune with {guardian} ({guardian:attunement})", "Attuning", "an Attunement",
          guardian=_f(GUARDIAN), **PAY),
    _spec("move_settlement", "tribe", "Move the Settlement from {from} to {to}", "Moving a Settlement",
          "moving a Settlement", **{"from": _f(REGION), "to": _f(REGION)}, **PAY),
    # turns, the Event Phase, the Hero Phase
    _spec("choose_phase", "turn", "Play the {phase} Phase", "Choosing a Phase", phase=_f(PHASE)),
    _spec("end_phase", "turn", "End the Phase"),
    _spec("move_guardian", "event", "Move {guardian} to {region}", "Moving a Great Guardian",
          guardian=_f(GUARDIAN), region=_f(REGION), card=_f(CARD)),
    _spec("draft", "event", "Draw the Menace Draft", "The Menace Draft"),
    # target: the rival whose tracking token steps back (the advanced Menace rule), when named
    _spec("beacon_solve", "event",
          "The Beacon in {region} solves the Menace of {guardian}[ ({target} steps back on its track)]",
          "Solving with a Beacon", guardian=_f(GUARDIAN), region=_f(REGION), target=_f(PLAYER)),
    _spec("harvest", "event", "", "Moving the Harvest token", steps=_f(COUNT)),
    _spec("move_hero", "hero", "", "Moving a Hero", hero=_f(HERO), to=_f(NODE), path=_f(NODE, many=True)),
    _spec("solve_menace", "hero",
          "The {hero} solves the Menace of {guardian}[ ({target} steps back on its track)]",
          "Solving a Menace", hero=_f(HERO), guardian=_f(GUARDIAN), target=_f(PLAYER)),
    _spec("go_quest", "hero", "The {hero} goes on a {deck} Quest", "Going on a Quest",
          hero=_f(HERO), deck=_f(COLOR)),
    _spec("solve_quest", "hero", "The {hero} solves the Quest on a {card}", "Solving a Quest",
          hero=_f(HERO), card=_f(CARD)),
    # a Perk's own fields: a colour traded (from/to), Guardians or Regions moved, a node
    # reached, a rival whose track moves, the cards it takes or pays
    _spec("perk", "hero", "", "Using a Perk", hero=_f(HERO), perk=_f(PERK), node=_f(NODE),
          guardian=_f(GUARDIAN), color=_f(COLOR), target=_f(PLAYER),
          pay=_f(CARD, many=True, one_or_many=True),
          **{"from": _f(COLOR, GUARDIAN, REGION),
             "to": _f(NODE, REGION, COLOR, CARD, many=True, one_or_many=True)}),
    _spec("lore", "hero", "", "Using a Herb or an Attunement", hero=_f(HERO), card=_f(HERB, GUARDIAN),
          guardian=_f(GUARDIAN), to=_f(NODE), target=_f(PLAYER)),
    _spec("drifter_move", "hero", "Move the Drifter to {to}", "Moving the Drifter", to=_f(NODE)),
    _spec("drifter_shift", "hero", "The Drifter shifts the token of {from} to {to}",
          "Shifting a token with the Drifter", **{"from": _f(GUARDIAN), "to": _f(GUARDIAN)}),
    # decisions asked mid-turn (R27) and during set-up
    _spec("corruption", "decision", choice=_f(CHOICE), pay=_f(CARD, many=True, one_or_many=True),
          target=_f(GUARDIAN)),         # `doom` or a Guardian (an older build's "doom+owl": normalize)
    _spec("harvest_choice", "decision", region=_f(REGION), color=_f(COLOR)),
    _spec("claim", "decision", achievement=_f(ACHIEVEMENT), token=_f(SLOT), pay=_f(CARD)),   # or `doom`
    _spec("discard_quest", "decision", hero=_f(HERO), card=_f(CARD)),
    # the Hero Perks given up and the Sower Perks taken for them, paired by position (R39)
    _spelled(_spec("become_sower", "decision", hero=_f(HERO), give=_f(PERK, many=True),
                   take=_f(PERK, many=True)), replace=_f(PERK, many=True)),
    _spec("place_settlement", "setup", "Place a Settlement in {region}", region=_f(REGION)),
    _spec("choose_hero", "setup", "Start with the {hero}", hero=_f(HERO)),
    _spec("place_hero", "setup", "Place the {hero} on {node}", hero=_f(HERO), node=_f(NODE)),
    _spec("starting_essence", "setup", "Take a {color} Essence", color=_f(COLOR)),
    _spec("track_choice", "decision", "Move your {color} tracking token forward", color=_f(COLOR)),
    _spec("menace_rival", "decision", "Send {target} back on its track", target=_f(PLAYER)),
    _spec("free_level", "setup", "Level up the {hero} with {perk}[; {discard} goes under its pile] (free)",
          "", hero=_f(HERO), perk=_f(PERK), discard=_f(PERK)),
    _spec("twins_swap", "setup", pay=_f(CARD, many=True, one_or_many=True)),
]
SPECS: dict[str, Spec] = {s.kind: s for s in _SPECS}

# The kinds each part of a turn offers, in the order they are listed (SPECS' order): a kind
# declared with its phase is offered there (registry.TRIBE_KINDS...), paid through the table's
# tray when it is a Tribe Action.
TRIBE_ACTIONS = tuple(k for k, s in SPECS.items() if s.phase == "tribe")
HERO_ACTIONS = tuple(k for k, s in SPECS.items() if s.phase == "hero")
DECISION_KINDS = tuple(k for k, s in SPECS.items() if s.phase in ("decision", "setup"))

# The field names each kind may carry (what a save or a scenario step may spell).
FIELDS: dict[str, frozenset[str]] = {k: frozenset(s.fields) | frozenset(s.spelled) for k, s in SPECS.items()}


def swap_pairs(a: Action) -> list[tuple[Any, Any]]:
    """A become_sower's (Hero Perk given up, Sower Perk taken) pairs: `give` beside `take`; a
    side that runs out pairs with None (the check refuses it)."""
    give, take = a.get("give") or (), a.get("take") or ()
    return [(give[k] if k < len(give) else None, take[k] if k < len(take) else None)
            for k in range(max(len(give), len(take)))]


# The fields of each kind that name a player (type PLAYER), plus the `player` any action may carry:
# what the saved form counts from 1 (Action.to_dict / from_dict).
PLAYER_FIELDS: dict[str, frozenset[str]] = {
    k: frozenset(n for n, f in {**s.fields, **s.spelled}.items() if PLAYER in f.types) | {"player"}
    for k, s in SPECS.items()}
ANY_PLAYER_FIELD = frozenset({"player"})      # the only one an unknown kind is read with

# The fields of each kind that hold Essence cards (type CARD alone): Cards inside the program,
# "red@owl" in the saved form (Action.__init__ reads that spelling, Action.to_dict writes it). A
# Perk's `to` may be a card among other things and a Herb's `card` is no Essence: neither is one.
CARD_FIELDS: dict[str, frozenset[str]] = {
    k: frozenset(n for n, f in {**s.fields, **s.spelled}.items() if f.types == (CARD,))
    for k, s in SPECS.items()}


def file_seat(v: Any) -> Any:
    """A player number as a file spells it (2, or "2") -> its seat (1). Anything else (a bool, a
    word, a list) is kept as it is, for the checks to refuse in words."""
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v - 1
    if isinstance(v, str) and v.isdecimal() and len(v) <= 5:
        return int(v) - 1
    return v


def file_number(v: Any) -> Any:
    """A seat (1) -> the player number a file writes (2); anything else as it is."""
    return v + 1 if isinstance(v, int) and not isinstance(v, bool) else v


MAX_ID = 100                # the longest id (a Node: four Region ids joined by +) is ~50
MAX_LIST = 40               # a payment or a list of colours is a handful of items
MAX_INT = 10_000
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_@>+:.\-]*\Z")


def _show(v: object) -> str:
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _value_problem(key: str, v: object,
                   shapes: frozenset[str] | set[str] = frozenset({"id", "int", "list"})) -> str | None:
    if isinstance(v, bool) or v is None:
        return f"field '{key}' is {_show(v)}, not an id or a number"
    if isinstance(v, int):
        if "int" not in shapes:
            return f"field '{key}' is a number, not {_what(shapes)}"
        return None if -MAX_INT <= v <= MAX_INT else f"field '{key}' is out of range ({_show(v)})"
    if isinstance(v, str):
        if "id" not in shapes:
            return f"field '{key}' is {_show(v)}, not {_what(shapes)}"
        if len(v) > MAX_ID:
            return f"field '{key}' is {len(v)} characters long (an id has at most {MAX_ID})"
        return None if _ID.match(v) else f"field '{key}' is not an id: {_show(v)}"
    if isinstance(v, (list, tuple)):
        if "list" not in shapes:
            return f"field '{key}' is a list, not {_what(shapes)}"
        if len(v) > MAX_LIST:
            return f"field '{key}' lists {len(v)} items (at most {MAX_LIST})"
        for x in v:
            if isinstance(x, (list, tuple, dict)):
                return f"field '{key}' holds a nested list or object"
            p = _value_problem(key, x, shapes - {"list"} or {"id", "int"})
            if p:
                return p
        return None
    return f"field '{key}' is {type(v).__name__}, not an id, a number or a list of ids"


def _what(shapes: frozenset[str] | set[str]) -> str:
    words = {"id": "an id", "int": "a whole number", "list": "a list"}
    return " or ".join(words[x] for x in ("id", "int", "list") if x in shapes)


def shape_problem(a: Action) -> str | None:
    """What the rules could not read in the action `a` (of a known kind), else None: a field
    declared as a list that holds neither a list (of ids, or of numbers where its type is one)
    nor, where one value may stand for a list, one id. The rules iterate such a field and read
    its items as text; any other value of the wrong type (a number for a Region, a Hero among
    cards) they refuse in their own words ("There is no such Hero in this game.")."""
    spec = SPECS[a.kind]
    for key, v in a.fields:
        fld = spec.fields.get(key) or spec.spelled.get(key)
        if fld is None or not fld.many or (fld.one_or_many and isinstance(v, (str, Card))):
            continue
        # an id is text, or a card (Action reads a card field's "red@owl" as its Card)
        item: tuple[type, ...] = (str, int, Card) if any(t in INTS for t in fld.types) else (str, Card)
        if not isinstance(v, tuple) or not all(isinstance(x, item) and not isinstance(x, bool) for x in v):
            return f"field '{key}' is {_show(v)}, not {_what(fld.shapes())}"
    return None


def action_problem(d: object, extra: tuple[str, ...] = ()) -> str | None:
    """None when `d` (an action as a dict) fits the schema, else what is wrong, in words.
    `extra` names further fields the caller accepts (a scenario step may name its `player`)."""
    if not isinstance(d, dict):
        return f"expected an object with an 'action' name, found {type(d).__name__}"
    kind = d.get("action")
    if not isinstance(kind, str):
        return "it has no 'action' name"
    if kind not in FIELDS:
        return f"{_show(kind)} is not a move of this game."
    allowed = {**SPECS[kind].fields, **SPECS[kind].spelled}
    for key, v in d.items():
        if key == "action":
            continue
        if not isinstance(key, str):
            return f"a field name must be text, not {_show(key)}"
        if key in extra:
            continue
        if key not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            return f"unknown field {_show(key)} for {kind} (its fields: {known})"
        p = _value_problem(key, v, allowed[key].shapes())
        if p:
            return p
    return None

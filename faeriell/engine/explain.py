"""Why a piece cannot move now: the engine's reason when no legal action of a kind (with some
fields fixed, e.g. a red Beacon, the Bear, your Druid) exists.

    why_none(game, "build_beacon", color="red")
        # "It costs 1 red + 1 yellow + 1 of any colour; you have 2 blue, 1 green."
    why_none(game, "attune", guardian="owl")        # in the Hero Phase
        # "Attuning is a Tribe Action: it waits for your Tribe Phase (now: the Hero Phase)."

The reason is the one `Game.why_not` gives for the closest moves of that kind (the same piece
aimed at each of its possible places, unpaid), so it names no rule of its own: a cost nobody can
pay wins (it holds at a place that is otherwise fine), else the reason most of the nearest moves
share. Which moves are tried comes from the kind's spec (action_schema.SPECS): each field not
given is tried over the values its type has worth trying (_VALUES, the tribe's own first),
narrowed where one field's value bounds another's (_RELATED); no kind has a branch of its own.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .action_schema import CARD_FIELDS, COLOR, COUNT, GUARDIAN, HERB, HERO, NODE, PERK, REGION, SPECS
from .actions import Action
from .card import as_card
from . import registry
from .costs import cost_words, describe_cost, discounted, raw_cost
from .names import deciding
from .state import Tribe

if TYPE_CHECKING:                   # the Game only as a type: core never imports this module, but keeps it a floor above
    from .core import Game

# what a kind of move is called in a sentence ("Attuning is a Tribe Action ..."): its spec's `doing`
DOING = {k: spec.doing for k, spec in SPECS.items() if spec.doing}
_PHASE_OF = {**dict.fromkeys(registry.TRIBE_KINDS, "Tribe"), **dict.fromkeys(registry.HERO_KINDS, "Hero"),
             **dict.fromkeys(registry.EVENT_START + registry.EVENT_AFTER_DRAFT, "Event")}
_ACTION_OF = {"Tribe": "a Tribe Action", "Hero": "a Hero Action", "Event": "part of the Event Phase"}
_PAY_MISMATCH = "That payment does not match the cost: "
_LIMIT = 400          # candidate moves asked at most (a click must answer at once)


def why_none(g: Game, kind: str, **fields: Any) -> str | None:
    """None when some legal action of `kind` has these field values; else why none has."""
    s = g.state
    if s.game_over:
        return "The game is over."
    cards = CARD_FIELDS.get(kind, frozenset())
    # a card named as the table's pieces print it ("green@owl") is the Card the moves hold
    fields = {k: as_card(v) if k in cards else v for k, v in fields.items()}
    for a in g.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in fields.items()):
            return None
    if kind not in g.allowed_kinds():
        return not_now(g, kind)
    nearest: Counter[str] = Counter()       # the reasons at the nearest moves that have one
    at = None
    cost = None
    for far, a in candidates(g, kind, fields):
        why = g.why_not(a)
        if why is None:
            continue
        if why.startswith(_PAY_MISMATCH):
            cost = why[len(_PAY_MISMATCH):].rstrip(".")
        if at is None or far == at:
            at = far
            nearest[why] += 1
    if cost is not None:
        # the refusal says the cost in words already ("1 of any colour"): only its colours are named
        return f"It costs {_colour_names(g, cost)}; you have {_colour_names(g, pool_words(g, g.acting))}."
    if nearest:
        return nearest.most_common(1)[0][0]
    return g.why_not(Action(kind, **fields)) or "That move is not possible now."


def price_words(g: Game, i: int, a: Action) -> str:
    """What a Tribe Action costs tribe i as printed, and the Hero discount it gets (R14-R19), for the
    payment tray: "It costs 1 Green + 2 of any colour; your Druid takes 1 Green off." Herb
    discounts are the player's to turn and are said beside each Herb. `a` is the action (unpaid)."""
    raw, inn = raw_cost(g, i, a.kind, a)
    printed, _ = discounted(raw, None, ())
    _, used = discounted(raw, inn, ())
    text = f"It costs {_colour_names(g, _cost_words(describe_cost(printed)))}"
    if raw[0] == "slots" and raw[2]:                 # R17: waived for Settlements in its Area
        text += " for your Settlement in its Area" if raw[2] == 1 else " for your Settlements in its Area"
    if used:
        hero, colour = used
        name = str((g.rules.catalog.heroes.get(hero) or {}).get("name") or hero.capitalize())
        text += f"; your {name} takes 1 {_colour_names(g, colour)} off"
    return text + "."


def not_now(g: Game, kind: str) -> str:
    """Why a kind of move waits: another decision first, another Phase, another step."""
    s = g.state
    if s.pending is not None:
        p = s.pending["player"]
        return f"First {g.tribe_name(p)} must decide {deciding(s.pending['kind'])}."
    if s.phase is None or s.phase == "event" and _PHASE_OF.get(kind) == "Event":
        return g._not_now(kind)
    want = _PHASE_OF.get(kind)
    doing = DOING.get(kind, "That move")
    if want is None:
        return g._not_now(kind)
    if want.lower() == s.phase:
        if "drifter_started" in s.tribes[s.active].once:
            return "Once the Drifter has moved, your Heroes are done for this Phase."
        return g._not_now(kind)
    now = f"the {s.phase.capitalize()} Phase"
    if want == "Event":
        return f"{doing} is {_ACTION_OF[want]}: it waits for an Event Phase (now: {now})."
    return f"{doing} is {_ACTION_OF[want]}: it waits for your {want} Phase (now: {now})."


def _colour_names(g: Game, text: str) -> str:
    """Colour ids said as the cards print them ('2 red' -> '2 Red')."""
    names: dict[str, str] = {c: str((d or {}).get("name") or c.capitalize())
                             for c, d in (g.rules.catalog.colors or {}).items()}
    names.setdefault("corruption", "Corruption")
    return re.sub(r"\b(" + "|".join(map(re.escape, names)) + r")\b", lambda m: names[m.group(1)], text)


def _cost_words(cost: str) -> str:
    return cost_words(cost)


def pool_words(g: Game, i: int | None) -> str:
    """'2 blue, 1 green' (the Essences tribe i holds, by colour), or 'no Essence'."""
    if i is None:
        return "no Essence"
    have = Counter(c.colour for c in g.state.tribes[i].essences)
    if not have:
        return "no Essence"
    return ", ".join(f"{n} {c}" for c, n in sorted(have.items(), key=lambda x: (-x[1], x[0])))


# What is worth trying for a field of each type when no move of a kind fits (the candidates'
# aim): the acting tribe's own things first, then the board's. A field of any other type (a card
# shown, a rival, a payment, a list) is left as the caller gave it, or out: the reason for a
# move missing it is that it is missing ("show an Essence card with the bear on it").
_Try = Callable[["Game", Tribe], tuple[Iterable[Any], ...]]


def _settled_nodes(g: Game, t: Tribe) -> list[str]:
    b = g.rules.board
    return sorted({n for r in t.settlements for n in b.region_nodes[r]})


# Each type's values come in groups, nearest first; why_none reads the reasons of the nearest
# moves that have one (a Beacon's Region before a Settlement's before the board's: the Totem's
# reason is said at the tribe's Beacons, a Beacon's at its Settlements).
_VALUES: dict[str, _Try] = {
    REGION: lambda g, t: (t.beacons, t.settlements, g.rules.board.regions),
    NODE: lambda g, t: (_settled_nodes(g, t), g.rules.board.nodes),
    HERO: lambda g, t: (t.heroes, t.inactive),
    PERK: lambda g, t: ([pile[0] for pile in g.state.perk_piles if pile],),
    HERB: lambda g, t: (g.state.herbs_up,),
    # a threatened Guardian (its token out) before the others
    GUARDIAN: lambda g, t: ([gd for gd, at in g.state.guardians.items() if at.get("token")], g.state.guardians),
    COLOR: lambda g, t: (g.state.beacon_supply, g.state.decks),
    COUNT: lambda g, t: (range(1, len(g.rules.wheel)),),          # Harvest steps
}


def _next_to_hero(g: Game, t: Tribe, hero: Any) -> list[str] | None:
    h = t.heroes.get(hero)
    return list(g.rules.board.node_adj.get(h.node, ())) if h is not None and h.node else None


def _guardian_area(g: Game, t: Tribe, guardian: Any) -> list[str] | None:
    at = g.state.guardians.get(guardian)
    if at is None:
        return None
    return [r for r in g.rules.board.areas.get(guardian, ()) if r != at["region"]]


# Where one field's value narrows another's (the later field's values given the earlier one's,
# by their types): a Hero steps to a Node next to it (move_hero's `to`), a Settlement moves to a
# Region next to it (move_settlement's `to` from `from`), a Guardian moves within its Area. None:
# no relation for this value (an inactive Hero stands nowhere), the type's own values then.
_RELATED: dict[tuple[str, str], Callable[[Game, Tribe, Any], list[Any] | None]] = {
    (HERO, NODE): _next_to_hero,
    (REGION, REGION): lambda g, t, r: sorted(g.rules.board.region_adj.get(r, ())),
    (GUARDIAN, REGION): _guardian_area,
}


def candidates(g: Game, kind: str, fields: dict[str, Any]) -> list[tuple[int, Action]]:
    """The moves of `kind` closest to `fields`, nearest first, each with how far it is from the
    tribe's own things (0: every value from its type's first group): each unfixed field of the
    kind's spec tried over the values worth trying for its type (_VALUES, narrowed by _RELATED),
    the fields given kept, unpaid; at most _LIMIT of them."""
    i = g.acting
    assert i is not None            # why_none answers only while someone acts
    t = g.state.tribes[i]
    spec = SPECS[kind]
    order = list(spec.fields)
    free = [(name, fld.types[0]) for name, fld in spec.fields.items()
            if name not in fields and not fld.many and len(fld.types) == 1 and fld.types[0] in _VALUES]
    pay = spec.fields.get("pay")
    paid = kind in g.rules.costs and pay is not None and pay.many      # a Tribe Action, tried unpaid

    def values(name: str, typ: str, chosen: dict[str, Any]) -> list[tuple[Any, int]]:
        """(value, how far) for field `name` once the fields before it are chosen."""
        within: set[Any] | None = None
        for other in order[:order.index(name)]:
            types = spec.fields[other].types
            rule = _RELATED.get((types[0], typ)) if len(types) == 1 else None
            value = chosen.get(other, fields.get(other))
            related = rule(g, t, value) if rule is not None and value is not None else None
            if related is not None:
                within = set(related)
                break
        out: dict[Any, int] = {}
        for far, group in enumerate(_VALUES[typ](g, t)):
            for v in group:
                if within is None or v in within:
                    out.setdefault(v, far)
        return list(out.items())

    out: list[tuple[int, Action]] = []

    def fill(k: int, chosen: dict[str, Any], far: int) -> None:
        if len(out) >= _LIMIT:
            return
        if k == len(free):
            o = {**chosen, **fields}
            if paid:
                o.setdefault("pay", ())
            out.append((far, Action(kind, **o)))
            return
        name, typ = free[k]
        for v, d in values(name, typ, chosen):
            fill(k + 1, {**chosen, name: v}, far + d)

    fill(0, {}, 0)
    out.sort(key=lambda aim: aim[0])
    return out or [(0, Action(kind, **fields))]

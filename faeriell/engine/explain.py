"""Why a piece cannot move now: the engine's reason when no legal action of a kind (with some
fields fixed, e.g. a red Beacon, the Bear, your Druid) exists.

    why_none(game, "build_beacon", color="red")
        # "It costs 1 red + 1 yellow + 1 of any colour; you have 2 blue, 1 green."
    why_none(game, "attune", guardian="owl")        # in the Hero Phase
        # "Attuning is a Tribe Action: it waits for your Tribe Phase (now: the Hero Phase)."

The reason is the one `Game.why_not` gives for the closest moves of that kind (the same piece
aimed at each of its possible places, unpaid), so it names no rule of its own: a cost nobody can
pay wins (it holds at a place that is otherwise fine), else the reason most of those moves share.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

from .action_schema import SPECS
from .actions import Action, card_back, card_color
from . import registry
from .costs import cost_words, describe_cost, discounted, raw_cost
from .names import deciding

if TYPE_CHECKING:
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
    for a in g.legal_actions():
        if a.kind == kind and all(a.get(k) == v for k, v in fields.items()):
            return None
    if kind not in g.allowed_kinds():
        return not_now(g, kind)
    reasons: Counter[str] = Counter()
    cost = None
    for a in candidates(g, kind, fields):
        why = g.why_not(a)
        if why is None:
            continue
        if why.startswith(_PAY_MISMATCH):
            cost = why[len(_PAY_MISMATCH):].rstrip(".")
        reasons[why] += 1
    if cost is not None:
        return f"It costs {_colour_names(g, _cost_words(cost))}; you have {_colour_names(g, pool_words(g, g.acting))}."
    if reasons:
        return reasons.most_common(1)[0][0]
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
    have = Counter(card_color(c) for c in g.state.tribes[i].essences)
    if not have:
        return "no Essence"
    return ", ".join(f"{n} {c}" for c, n in sorted(have.items(), key=lambda x: (-x[1], x[0])))


def candidates(g: Game, kind: str, fields: dict[str, Any]) -> list[Action]:  # noqa: C901 - a branch per kind of aim; goes with issue 43 item 4 (a kind in few places)
    """The moves of `kind` closest to `fields`: each place the piece could be aimed at, unpaid."""
    s = g.state
    b = g.rules.board
    t = g.tribe()               # the acting tribe's (why_none returned for a finished game)
    f = dict(fields)
    opts: list[dict[str, Any]] = []
    if kind in ("build_settlement", "place_settlement"):
        opts = [{"region": r} for r in b.regions]
    elif kind == "build_beacon":
        regions = list(t.settlements) or list(b.regions)
        cols = [f["color"]] if "color" in f else list(s.beacon_supply)
        opts = [{"color": c, "region": r} for c in cols for r in regions]
    elif kind == "control_totem":
        opts = [{"region": r} for r in (list(t.beacons) or list(t.settlements) or list(b.regions))]
    elif kind in ("dress_hero", "place_hero"):
        nodes = sorted({n for r in t.settlements for n in b.region_nodes[r]}) or list(b.nodes)
        heroes = [f["hero"]] if "hero" in f else list(t.inactive)
        opts = [{"hero": h, "node": n} for h in heroes for n in nodes]
    elif kind == "level_up":
        ups = [p[0] for p in s.perk_piles if p]
        heroes = [f["hero"]] if "hero" in f else list(t.heroes)
        perks = [f["perk"]] if "perk" in f else ups
        for h in heroes:
            for p in perks:
                others: list[str | None] = [q for q in ups if q != p] or [None]
                opts.append({"hero": h, "perk": p, "discard": others[0]})
    elif kind == "gather_herb":
        herbs = [f["herb"]] if "herb" in f else list(s.herbs_up)
        for h in herbs:
            others = [q for q in s.herbs_up if q != h] or [None]
            opts.append({"herb": h, "discard": others[0]})
    elif kind == "attune":
        opts = [{"guardian": gd} for gd in ([f["guardian"]] if "guardian" in f else list(s.attunements_free))]
    elif kind == "move_settlement":
        froms = [f["from"]] if "from" in f else list(t.settlements)
        opts = [{"from": fr, "to": to} for fr in froms for to in sorted(b.region_adj.get(fr, ()))]
    elif kind == "move_guardian":
        gds = [f["guardian"]] if "guardian" in f else list(s.guardians)
        opts = [{"guardian": gd, "region": r} for gd in gds for r in b.areas.get(gd, ())
                if r != s.guardians[gd]["region"]]
    elif kind == "beacon_solve":
        regions = [f["region"]] if "region" in f else list(t.beacons)
        opts = [{"region": r, "guardian": gd} for r in regions for gd in s.guardians if s.guardians[gd].get("token")] \
            or [{"region": r, "guardian": gd} for r in regions for gd in s.guardians]
    elif kind == "move_hero":
        heroes = [f["hero"]] if "hero" in f else list(t.heroes)
        for h in heroes:
            here = t.heroes[h].node if h in t.heroes else None
            for n in (b.node_adj.get(here, ()) if here else b.nodes):
                opts.append({"hero": h, "to": n})
    elif kind == "solve_menace":
        heroes = [f["hero"]] if "hero" in f else list(t.heroes)
        opts = [{"hero": h, "guardian": gd} for h in heroes for gd in s.guardians]
    elif kind == "go_quest":
        heroes = [f["hero"]] if "hero" in f else list(t.heroes)
        decks = [f["deck"]] if "deck" in f else list(s.decks)
        opts = [{"hero": h, "deck": d} for h in heroes for d in decks]
    elif kind == "solve_quest" and "card" in f:
        opts = [{"hero": f.get("hero"), "card": f["card"], "guardian": card_back(str(f["card"]))}]
    elif kind == "harvest":
        opts = [{"steps": k} for k in range(1, len(g.rules.wheel))]
    out = []
    for o in opts:
        o = {**o, **f}
        if kind in g.rules.costs and kind != "claim":
            o.setdefault("pay", ())
        out.append(Action(kind, **{k: v for k, v in o.items() if v is not None}))
        if len(out) >= _LIMIT:
            break
    return out or [Action(kind, **f)]

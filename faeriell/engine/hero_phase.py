"""The Hero Phase: Hero Actions (move, solve a Menace, go on / solve a Quest) and Lore Actions."""
from __future__ import annotations

from collections.abc import Container
from typing import Any, cast

from .actions import Action
from .core import Game
from .corruption import raise_event
from .effects import shadow_actions, perk_perform
from .event_phase import solve_token, solve_variants, check_target
from .names import Names
from .registry import move
from .state import Hero, Tribe
from .words import COLORS
from .tracks import ask_track  # noqa: F401  (moved to tracks.py; still importable here)


# The decision being asked: a decision's moves run only while it is asked, so never None there.
Asked = dict[str, Any]


def _me(g: Game) -> tuple[int, Tribe]:
    return g.state.active, g.state.tribes[g.state.active]


def _ready(g: Game, t: Tribe, h: Any) -> str | None:     # h as the action carries it: anything
    if h not in t.heroes:
        return f"You have no active {h}." if h else "Choose one of your active Heroes."
    if t.heroes[h].gems <= 0:
        return f"Your {h} has no Action gem left."
    return None


# ---------------------------------------------------------------- 1. Movement (R37)
def move_range(g: Game, hero: Hero) -> int:
    perks = hero.perks
    if not perks:                  # most Heroes: listed at every Hero Phase decision
        return 1
    extra = sum(int((g.rules.perk_ability(p, "extra_move") or {}).get("nodes", 0)) for p in perks)
    return hero.level + extra


def reachable(g: Game, node: str, steps: int, taken: Container[str] | None = None) -> list[str]:
    if taken is None:
        taken = g.occupied()
    return [n for n in g.rules.board.within(node, steps) if n not in taken]


def mv_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    out: list[Action] = []
    taken: set[str] | None = None
    for h, hero in t.heroes.items():
        if hero.gems > 0 and hero.node:
            if taken is None:
                taken = g.occupied()
            who = ("hero", h)
            out += [Action.raw("move_hero", (who, ("to", n)))
                    for n in reachable(g, hero.node, move_range(g, hero), taken)]
    return out


def _shadow_step(g: Game, t: Tribe, a: Action) -> bool:
    """A Shadow's move_hero it cannot make as a Hero Action is its "move with the shadows"."""
    h = a.get("hero")
    if h != "shadow" or h not in t.heroes or a.get("path"):
        return False
    hero = t.heroes[h]
    d = g.rules.board.node_dist[hero.node].get(a.get("to")) if hero.node else None
    normal = hero.gems > 0 and d is not None and 0 < d <= move_range(g, hero)
    return not normal and any(x.get("node") == a.get("to") for x in shadow_actions(g, g.state.active, h))


def mv_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    h = a.get("hero")
    if _shadow_step(g, t, a):
        return None
    why = _ready(g, t, h)
    if why:
        return why
    hero = t.heroes[h]
    path = a.get("path")
    to = a.get("to") or (path[-1] if path else None)
    if to not in g.rules.board.nodes:
        return "Choose a node to move to."
    if to in g.occupied():
        return "A Hero cannot stop on a taken node; it may only pass through."  # R37
    if hero.node is None:               # a written position may leave a Hero off the map
        return f"Your {h} is not on the map."
    rng = move_range(g, hero)
    if path:
        steps = list(path)
        if steps[0] == hero.node:
            steps = steps[1:]
        prev = hero.node
        for n in steps:
            if n not in g.rules.board.node_adj.get(prev, ()):
                return f"{prev} and {n} are not joined by a Path."
            prev = n
        if len(steps) > rng:
            return f"Your {h} moves at most {rng} nodes."
        return None
    d = g.rules.board.node_dist[hero.node].get(to)
    if d is None or d == 0:
        return "Move to another node."
    if d > rng:
        return f"That node is {d} nodes away; your {h} moves at most {rng}."
    return None


def mv_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    if _shadow_step(g, t, a):
        perk_perform(g, Action("perk", hero="shadow", perk="shadow", node=a["to"]))
        return
    hero = t.heroes[a["hero"]]
    hero.gems -= 1
    path = a.get("path")
    hero.node = a.get("to") or path[-1]


# ---------------------------------------------------------------- 2. Solve a Menace by a Hero
def solvable_colours(g: Game, i: int, hero: Hero, region: str) -> set[str]:
    """Token kinds this Hero may solve on this Region."""
    cols: set[str] = set()
    colour = g.rules.hero_color.get(hero.type)
    if hero.type == "sower":
        return cols                                   # only through Sower Perks
    if colour in COLORS:
        cols.add(colour)
    if hero.type == "shadow":
        cols.add("corruption")                       # The Shadows
    if region in g.state.tribes[i].settlements and any(
            g.rules.perk_has(p, "solve_any_menace_owned") for p in hero.perks):
        cols.update(COLORS)
    return cols


def sm_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    out: list[Action] = []
    threatened: dict[str, str] | None = None
    for h, hero in t.heroes.items():
        if hero.gems <= 0 or not hero.node:
            continue
        if threatened is None:          # Region -> its Guardian, where a token lies
            threatened = {d["region"]: gd for gd, d in g.state.guardians.items() if d.get("token")}
            if not threatened:
                return out
        for r in g.rules.node_regions[hero.node]:
            gd = threatened.get(r)
            if gd:
                kind = g.rules.token_kind(g.state.guardians[gd]["token"])
                if kind in solvable_colours(g, i, hero, r):
                    out.extend(solve_variants(g, i, kind, Action("solve_menace", hero=h, guardian=gd)))
    return out


def sm_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    h, gd = a.get("hero"), a.get("guardian")
    why = _ready(g, t, h)
    if why:
        return why
    if gd not in g.state.guardians:
        return "Choose a Threatened Great Guardian."
    tok = g.state.guardians[gd].get("token")
    if not tok:
        return f"The {gd} is not Threatened."
    hero = t.heroes[h]
    r = g.state.guardians[gd]["region"]
    if hero.node is None or r not in g.rules.node_regions[hero.node]:    # a written Hero may stand nowhere
        return f"Your {h} must stand on a node of the {gd}'s Region."
    kind = g.rules.token_kind(tok)
    if kind not in solvable_colours(g, i, hero, r):
        if h == "sower":
            return "The Corruption Sower cannot solve Menaces."
        return f"A {h} solves {g.rules.hero_color.get(h)} Menaces, not {kind}."
    return check_target(g, i, kind, a)


def sm_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    hero = t.heroes[a["hero"]]
    hero.gems -= 1
    hero.solved_this_phase = True
    gd = a["guardian"]
    if g.rules.token_kind(g.state.guardians[gd]["token"]) == "corruption":
        # The Shadows: an Event, then a tracker
        tok = g.state.guardians[gd]["token"]
        g.state.guardians[gd]["token"] = None
        g.state.set_aside.append(tok)
        raise_event(g, i, reward_track=True)
        return
    solve_token(g, i, gd, a.get("target"))


# ---------------------------------------------------------------- 3. Go on a Quest
def quest_decks(g: Game, hero: Hero) -> list[str]:
    if hero.type in ("sower", "shadow"):
        return ["corruption"]
    if hero.perks and any(g.rules.perk_has(p, "quest_any") for p in hero.perks):      # R21
        return list(COLORS) + ["corruption"]
    return [g.rules.hero_color[hero.type], "corruption"]


def gq_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    return [Action.raw("go_quest", (("deck", d), ("hero", h))) for h, hero in t.heroes.items()
            if hero.gems > 0 for d in quest_decks(g, hero)]


def gq_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    h = a.get("hero")
    why = _ready(g, t, h)
    if why:
        return why
    d = a.get("deck")
    d = "corruption" if d == "black" else d
    if d not in quest_decks(g, t.heroes[h]):
        return f"A {h} goes on Quests only from the {' or '.join(quest_decks(g, t.heroes[h]))} deck."
    return None


def gq_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    hero = t.heroes[a["hero"]]
    hero.gems -= 1
    d = "corruption" if a["deck"] == "black" else a["deck"]
    card = g.draw_card(d)
    if card is None:
        g.log(f"The {d} deck is empty: the Quest finds nothing.")  # R40
        return
    hero.quests.append(card)
    if len(hero.quests) > hero.level:
        g.ask(i, "discard_quest", hero=a["hero"])


def dq_enum(g: Game) -> list[Action]:
    pend = cast(Asked, g.state.pending)
    hero = g.state.tribes[pend["player"]].heroes[pend["hero"]]
    return [Action.raw("discard_quest", (("card", c), ("hero", pend["hero"]))) for c in sorted(set(hero.quests))]


def dq_check(g: Game, a: Action) -> str | None:
    pend = cast(Asked, g.state.pending)
    hero = g.state.tribes[pend["player"]].heroes[pend["hero"]]
    if a.get("hero") not in (None, pend["hero"]):
        return f"Discard from the {pend['hero']}'s Quest pool."
    if a.get("card") not in hero.quests:
        return "That card is not in the Quest pool."
    return None


def dq_perform(g: Game, a: Action) -> None:
    s = g.state
    pend = cast(Asked, g.take_pending())
    hero = s.tribes[pend["player"]].heroes[pend["hero"]]
    hero.quests.remove(a["card"])
    g.discard_card(a["card"])


# ---------------------------------------------------------------- 4. Solve a Quest
def quest_colours(g: Game, hero: Hero) -> set[str]:
    if hero.type in ("sower", "shadow"):
        return {"corruption"}
    if hero.perks and any(g.rules.perk_has(p, "quest_any") for p in hero.perks):
        return set(COLORS) | {"corruption"}
    return {g.rules.hero_color[hero.type], "corruption"}


def sq_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    out: list[Action] = []
    for h, hero in t.heroes.items():
        if hero.gems <= 0 or not hero.node or not hero.quests:
            continue
        here = g.rules.node_regions[hero.node]
        colours = quest_colours(g, hero)
        for c in sorted(set(hero.quests)):
            col, gd = c.colour, c.back
            # A Quest card is drawn from a deck, so its back shows a Guardian (colour@guardian).
            if col in colours and g.state.guardians[cast(str, gd)]["region"] in here:
                out.append(Action.raw("solve_quest", (("card", c), ("hero", h))))
    return out


def sq_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    h, c = a.get("hero"), a.get("card")
    why = _ready(g, t, h)
    if why:
        return why
    hero = t.heroes[h]
    if c not in hero.quests:
        return f"{c} is not in your {h}'s Quest pool." if c else f"Choose one of your {h}'s Quest cards."
    col, gd = c.colour, c.back
    if col not in quest_colours(g, hero):
        return f"A {h} cannot solve a {col} Quest."
    # c is in the Quest pool, so a drawn card whose back shows a Guardian (colour@guardian).
    if hero.node is None or g.state.guardians[cast(str, gd)]["region"] not in g.rules.node_regions[hero.node]:
        return f"Your {h} must stand on a node of the Region where the {gd} is."
    return None


def sq_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    hero = t.heroes[a["hero"]]
    hero.gems -= 1
    c = a["card"]
    hero.quests.remove(c)
    hero.gems += sum(1 for p in hero.perks if g.rules.perk_has(p, "gem_on_quest_solve"))   # each Warden
    if c.colour == "corruption":
        g.discard_card(c)
        raise_event(g, i)
    else:
        t.essences.append(c)


# ---------------------------------------------------------------- Lore Actions (R24, R25)
def card_free(g: Game, t: Tribe, card: str) -> bool:
    owned = t.herbs.count(card) + t.attunements.count(card)
    return owned > t.rotated.count(card)


def lore_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    out: list[Action] = []
    seen: set[str] = set()
    for card in t.herbs + t.attunements:
        if card in seen or not card_free(g, t, card):
            continue
        seen.add(card)
        out.extend(_lore_options(g, i, t, card))
    return out


def _lore_options(g: Game, i: int, t: Tribe, card: str) -> list[Action]:
    r = g.rules
    out: list[Action] = []
    if card in r.attune_cost:
        area_nodes = set(r.area_nodes[card])
        taken = g.occupied()
        free = [n for n in r.area_nodes[card] if n not in taken]
        for h, hero in t.heroes.items():
            if hero.node in area_nodes:
                out.extend([Action.raw("lore", (("card", card), ("hero", h), ("to", n))) for n in free if n != hero.node])
        return out
    gem = r.herb_ability(card, "hero_gem")
    if gem and gem["hero"] in t.heroes:
        out.append(Action("lore", card=card, hero=gem["hero"]))
    solve = r.herb_ability(card, "herb_solve")
    if solve:
        for h, hero in t.heroes.items():
            if not hero.node or h == "sower":        # R45: the Sower solves no Menace by Herb Lore
                continue
            for reg in r.node_regions[hero.node]:
                gd = g.guardian_at(reg)
                if gd and g.state.guardians[gd].get("token") and \
                        r.token_kind(g.state.guardians[gd]["token"]) == solve["color"]:
                    out.extend(solve_variants(g, i, solve["color"],
                                              Action("lore", card=card, hero=h, guardian=gd)))
    return out


def lore_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    card, h = a.get("card"), a.get("hero")
    names = Names.of(g.rules)
    said = names.attunement(card) if card in g.rules.attune_cost else names.herb(str(card))
    if card not in t.herbs and card not in t.attunements:
        return f"You do not own {said}." if card else "Choose one of your Heirloom Herbs or Attunements."
    if not card_free(g, t, card):
        return f"{said} is already turned this round."
    if h not in t.heroes:
        return f"You have no active {h}." if h else "Choose one of your active Heroes."
    opts = _lore_options(g, i, t, card)
    want = a
    if any(o == want or (o.without("target") == want.without("target")) for o in opts):
        return check_target(g, i, g.rules.token_kind(g.state.guardians[a["guardian"]]["token"]), a) \
            if a.get("guardian") else None
    if card in g.rules.attune_cost:
        return (f"{said} moves a Hero from a node of the {card} Area "
                f"to a free node of that Area.")  # R25
    if g.rules.herb_ability(card, "hero_gem"):
        return f"{said} gives a gem only to its own Hero type."
    if g.rules.herb_ability(card, "herb_solve"):
        if h == "sower":
            return "The Corruption Sower cannot solve Menaces."      # R45
        return f"{said} solves a Menace of its colour on a Region next to one of your Heroes."
    return f"{said} has no Lore Action."


def lore_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    card = a["card"]
    t.rotated.append(card)
    hero = t.heroes[a["hero"]]
    if a.get("to"):
        hero.node = a["to"]
    elif a.get("guardian"):
        hero.solved_this_phase = True          # the Hero solved it: "after solving" perks trigger
        solve_token(g, i, a["guardian"], a.get("target"))
    else:
        hero.gems += 1


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("move_hero", mv_enum, mv_check, mv_perform,
         quiet=lambda g, a: a.get("hero") != "shadow"),  # the Shadow's step may cost Corruption
    move("solve_menace", sm_enum, sm_check, sm_perform),
    move("go_quest", gq_enum, gq_check, gq_perform, quiet=True),
    move("discard_quest", dq_enum, dq_check, dq_perform, quiet=True),
    move("solve_quest", sq_enum, sq_check, sq_perform),
    move("lore", lore_enum, lore_check, lore_perform),
)

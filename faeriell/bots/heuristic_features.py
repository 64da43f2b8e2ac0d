"""The heuristic's features: what a move is worth, as a weighted sum of named features.

Each legal move kind has a scorer here (`MOVES[kind]`): it measures the move's features from the
deciding player's view (a world imagined from it, or a playout's world) and returns them as
`(name, value)` terms with a note in words: what the move gains or risks in the goal's terms
("Beacons 2/3", "Doom +1"), never the move itself. The reason a player reads is composed in one
place (heuristic.Scorer.reason): the move in describe's words (engine/describe.py, the one source
of a move's words), then the note: "Build a Red Beacon in the Bear's River: Beacons 2/3". A move's score is the sum of `weight(name) x value`
over its terms, in order; the weights are data (the `features:` table of data/bots/weights.yaml,
read once into the frozen Weights of each mode, `Weights.feature_weights`). catanatron's feature
extractors with a weights dictionary are the model (the idea, not its code).

    terms, note = MOVES["build_beacon"](scorer, action)   # (("achievements", 1.2), ...), "Beacons 2/3"
    heuristic.contributions(world, player, action)       # [(name, value, weight), ...] summing to the score

A feature's value is in its own unit (a count, rounds, or cards); most are already in cards (weight
1.0), a bare count takes a weight that says what one is worth, and a cost has weight -1.0. The
measures the features share (an Achievement's progress, a Hero's best plan, a Menace solve's
worth, a Harvest) are the Scorer's (heuristic.py) and the Ctx's (knowledge.py); the numbers tuned
per mode (`ach`, `prog`, `hero_run`, ...) are parameters of those measures. The terms keep the
order and grouping of the sums they replaced, so every score is the same float as before
(bench/move_hash.py).

Nothing here decides a rule: what a move may do is the engine's (the legal list, its helpers
solvable_colours, quest_colours, move_range, cleanse_colours); costs and discounts come from the
catalog through the rules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from collections.abc import Callable

from faeriell.engine.achievements import slot_payers
from faeriell.engine.action_schema import swap_pairs
from faeriell.engine.actions import Action
from faeriell.engine.card import colour_of
from faeriell.engine.words import COLORS

from .heuristic_meanings import FEATURES  # noqa: F401 - the names the scorers below use
from .knowledge import KNOCK, track_aid

if TYPE_CHECKING:                      # the Scorer (heuristic.py) imports this module
    from .heuristic import Scorer

Terms = tuple                          # ((feature name, value), ...)
Scored = tuple                         # (Terms, note): the note says no move, only its gain or risk
END_PHASE_REASON = "nothing useful is left in this phase"
SOW_PERKS = ("sow-ruin", "sow-ravage", "sow-frenzy")     # the Sower's own Perk tiles (data/perks.yaml)

# ------------------------------------------------------------------------------ the features
# FEATURES (heuristic_meanings.py): every feature's name and what it measures, in the game's terms.


def _notes(*parts: str) -> str:
    """A scorer's note from its parts, the empty ones left out."""
    return ", ".join(p for p in parts if p)


def total(W, terms: Terms) -> float:
    """The score of `terms`: the weighted sum in their order (the same float every time)."""
    v = 0.0
    for name, f in terms:
        v += W[name] * f
    return v


MOVES: dict[str, Callable[[Scorer, Action], Scored]] = {}


def move(kind: str):
    """Register the scorer of one action kind."""
    def put(fn):
        MOVES[kind] = fn
        return fn
    return put


# ============================================================================== turn
@move("end_phase")
def end_phase(x: Scorer, a) -> Scored:
    """Ending a Phase is worth nothing: the baseline every other move is measured against."""
    if x.s.phase == "hero":
        return (), "no Hero has a useful action left"
    if x.s.phase == "tribe":
        return (), "nothing worth buying now; keeps the Essences"
    return (), END_PHASE_REASON


@move("choose_phase")
def choose_phase(x: Scorer, a) -> Scored:
    """A Phase (R26): the Event Phase by its Harvest and Beacon solves, the Hero Phase by what the
    Heroes' gems reach, the Tribe Phase by its best purchase."""
    p = a["phase"]
    if p == "event":
        hv, why = x.best_harvest()
        sol = x.beacon_solve_value()
        txt = f"the Harvest can bring {why}"
        if sol > 0:
            txt += " and a Beacon can solve a Menace"
        return (("event_phase", 1.0), ("harvest", hv), ("beacon_solves", sol)), txt
    if p == "hero":
        plans, label = x.hero_phase_value()
        return (("hero_phase", 1.0), ("hero_plans", plans)), label
    best, buy, note, paid = x.best_tribe_buy()
    terms: Terms = (("best_purchase", best), ("tribe_phase", 1.0))
    if x.s.lap >= 3:
        terms += (("tribe_phase_late", 1.0),)
    return terms, (_then(x, buy, note, paid) if buy is not None else "")


def _then(x: Scorer, a: Action, note: str, paid: bool) -> str:
    """The Tribe Action a Tribe Phase would buy, inside the Phase's reason: 'then build a Red
    Beacon in the Bear's River (Beacons 2/3), paying 1 Red + 1 Yellow' (describe's words)."""
    head = x.head(a, paid)
    text = "then " + head[:1].lower() + head[1:] + (f" ({note})" if note else "")
    return text + (f", paying {x._cards(a.get('pay'))}" if paid else "")


# ============================================================================== setup
@move("place_settlement")
def place_settlement(x: Scorer, a) -> Scored:
    """A first Settlement (General Setup): colours, neighbours, Terrain and Area."""
    reg = a["region"]
    c = x.c
    adj = x.r.board.region_adj[reg]
    beside = any(y in c.t.settlements for y in adj)
    terms: Terms = (("setup_colours", len(c.region_colours(reg))),)
    if beside:
        terms += (("setup_next_to_own", 1.0),)
    st = c.status(reg)
    if st:
        terms += (("setup_threatened" if st == "threatened" else "setup_corrupted", 1.0),)
    terr = x.r.region_terrain[reg]
    k = x.same_area(reg)
    terms += (("setup_same_terrain", sum(1 for y in c.t.settlements if x.r.region_terrain[y] == terr)),
              ("setup_free_neighbours", sum(1 for y in adj if c.owner_of(y) is None)),
              ("setup_area", c.w.area_bonus * k))
    return terms, _notes(f"{' and '.join(c.region_colours(reg))} Essences",
                         "next to its own Region" if beside else "", x.area_note(reg, k))


@move("choose_hero")
def choose_hero(x: Scorer, a) -> Scored:
    """A starting Hero whose colour the tribe's Regions give and whose Menaces are out."""
    h = a["hero"]
    col = x.r.hero_color.get(h)
    c = x.c
    have = sum(1 for reg in c.t.settlements for y in c.region_colours(reg) if y == col)
    menaces = sum(1 for d in x.s.guardians.values() if d.get("token") and x.r.token_kind(d["token"]) == col)
    return ((("hero_colour_regions", have), ("hero_colour_menaces", menaces), ("hero_name", len(h))),
            f"{col} Essences and Menaces suit its Regions")


@move("place_hero")
def place_hero(x: Scorer, a) -> Scored:
    """A Hero's starting Node: Menaces of its colour at hand and near, free Regions around."""
    node, h = a["node"], a["hero"]
    col = x.r.hero_color.get(h)
    terms: Terms = ()
    for reg in x.r.node_regions[node]:
        gd = x.g.guardian_at(reg)
        if gd and x.s.guardians[gd].get("token") and x.r.token_kind(x.s.guardians[gd]["token"]) == col:
            terms += (("start_menace_here", 1.0),)
        if x.c.owner_of(reg) is None:
            terms += (("start_free_region", 1.0),)
    terms += (("start_menaces_near", x.menace_proximity(node, col)),)
    return terms, "Menaces of its colour are near"


@move("starting_essence")
def starting_essence(x: Scorer, a) -> Scored:
    """A starting Essence: a colour the tribe lacks, better one of its Heroes'."""
    col = a["color"]
    terms: Terms = (("essence_held", x.c.pool.get(col, 0)),)
    if col in x.c.hero_colours():
        terms += (("essence_hero_colour", 1.0),)
    return terms, ""


@move("free_level")
def free_level(x: Scorer, a) -> Scored:
    return level_terms(x, a)


# ============================================================================== Tribe Phase
@move("build_settlement")
def build_settlement(x: Scorer, a) -> Scored:
    """A Settlement (R15): Terrain and Shire progress, its Harvests to come, its Area."""
    c = x.c
    reg = a["region"]
    gain, notes = c.terrain_delta((reg,))
    k = x.same_area(reg)
    terms: Terms = (("achievements", gain), ("settlement_harvests", settlement_harvests(x, reg)),
                    ("settlement_area", c.w.area_bonus * k * min(1.0, c.rounds_left / 4.0)))
    if reg.split("-")[0] in x.s.attunements_free:
        terms += (("attunement_area", 1.0),)
    return terms, _notes(*notes, x.area_note(reg, k))


def settlement_harvests(x: Scorer, reg: str) -> float:
    """The Harvests a Settlement in `reg` brings in the rounds left: `settle_prod` cards a round,
    30% more for a two-colour Region (a Heartland, R29), half when the Region is Threatened or
    Corrupted; at most 3 cards, and 0.3 for holding the Region."""
    c = x.c
    prod = c.w.settle_prod * c.rounds_left * (1.0 + 0.3 * (len(c.region_colours(reg)) - 1))
    if c.status(reg):
        prod *= 0.5
    return min(prod, 3.0) + 0.3


@move("move_settlement")
def move_settlement(x: Scorer, a) -> Scored:
    gain, notes = x.c.terrain_delta((a["to"],), (a["from"],))
    return (("achievements", gain),), _notes(*notes)


@move("build_beacon")
def build_beacon(x: Scorer, a) -> Scored:
    """A Beacon (R16): Beacons progress, a solve this round, solves to come, a two-colour Harvest,
    and the way to the Spiritual Totem."""
    c = x.c
    col, reg = a["color"], a["region"]
    aid = x.T.measure_aid.get("beacons")
    n = len(c.t.beacons) + 1
    terms: Terms = (("achievements", c.delta(aid, n) if aid else 0.0),)
    now = beacon_targets_now(x, col, reg)
    if now and "event" not in c.t.phases_done:
        terms += (("beacon_solves_now", x.solve_value(col, now[0])),)
    terms += (("beacon_runs", c.w.beacon_run * min(c.rounds_left, 5)),)
    if len(c.region_colours(reg)) == 2:
        terms += (("beacon_two_colours", min(2.0, 0.2 * c.rounds_left)),)
    if not c.t.beacons and x.s.totem["owner"] != c.i and "totem" in x.r.conditions:
        terms += (("beacon_totem", 1.0),)
    return terms, f"Beacons {n}/{c.target(aid)}" if aid else ""


def beacon_targets_now(x: Scorer, col: str, reg: str) -> list:
    """The Guardians with a Menace of `col` a Beacon in `reg` reaches: its Area, or the whole
    island from the tribe's Spiritual Totem's Region."""
    reach = set(x.r.board.areas[x.r.region_area[reg]])
    if x.s.totem["owner"] == x.c.i and x.s.totem["region"] == reg:
        reach = set(x.r.board.regions)
    return [gd for gd, d in x.s.guardians.items()
            if d.get("token") and x.r.token_kind(d["token"]) == col and d["region"] in reach]


@move("control_totem")
def control_totem(x: Scorer, a) -> Scored:
    """The Spiritual Totem (R16): its Achievement, and a rival knocked off it."""
    c = x.c
    owner = x.s.totem["owner"]
    if owner == c.i:
        return (("totem_moved", 1.0),), ""
    if owner is not None and not c.coop:
        terms: Terms = (("achievements", c.w.ach), ("knock_rival", c.w.ach * KNOCK))
    elif owner is not None and c.coop:
        terms = (("totem_from_partner", 0.2 * c.w.ach),)
    else:
        terms = (("achievements", c.w.ach),)
    return terms + (("totem", 1.0),), ("its Achievement"
                                       + (f", taken from {x.g.tribe_name(owner)}" if owner is not None else ""))


def _one_more(x: Scorer, measure: str, have: int) -> tuple[float, int, int]:
    """One more of a counted measure (Herbs, Attunements): the Achievement progress it buys, the
    new count and the count the Achievement asks for."""
    aid = x.T.measure_aid.get(measure)
    n = have + 1
    if not aid:                        # a catalog with no such Achievement: no progress to buy
        return 0.0, n, 0
    return x.c.delta(aid, n), n, x.c.target(aid)


@move("gather_herb")
def gather_herb(x: Scorer, a) -> Scored:
    """An Heirloom Herb (R17): Herbs progress and what the Herb does."""
    herb = a["herb"]
    gain, n, target = _one_more(x, "herbs", len(x.c.t.herbs))
    extra, what = x.herb_worth(herb)
    return (("achievements", gain), ("herb_worth", extra)), f"{what}; Herbs {n}/{target}"


@move("attune")
def attune(x: Scorer, a) -> Scored:
    """An Attunement (R17): Attunements progress and its printed bonus."""
    gd = a["guardian"]
    gain, n, target = _one_more(x, "attunements", len(x.c.t.attunements))
    bonus = x.bonus_worth(x.r.attune_bonus.get(gd) or {}) + 0.4
    return (("achievements", gain), ("attune_bonus", bonus)), f"Attunements {n}/{target}"


@move("level_up")
def level_up(x: Scorer, a) -> Scored:
    return level_terms(x, a)


def level_terms(x: Scorer, a) -> Scored:
    """A level (R19): the Hero's Achievement, the Fellowship, an Action gem more, its Perk tile."""
    c = x.c
    h = a["hero"]
    hero = c.t.heroes.get(h)
    if hero is None:
        return (("level_without_hero", 1.0),), ""
    perk = a.get("perk")
    lvl = hero.level + 1
    terms: Terms = ()
    notes = []
    aid = x.T.hero_aid.get(h)
    if aid:
        new = c.mine[aid] + 1
        terms += (("achievements", c.delta(aid, new)),)
        notes.append(f"{h.capitalize()} level {new}/{c.target(aid)}")
    if x.T.measure_aid.get("perks"):
        terms += (("fellowship", x.fellowship_gain(dheroes=0, dperks=1)),)
    if x.r.gems_for_level(lvl) > x.r.gems_for_level(hero.level):
        terms += (("level_gem", min(c.rounds_left, 4)),)
    terms += (("level_up", min(c.rounds_left, 4)),)
    if perk in x.T.perk_value:
        terms += (("perk_tile", x.T.perk_value[perk] * c.horizon),)
    if c.sower_me and perk in SOW_PERKS:
        terms += (("sower_perk", 1.0),)
    return terms, _notes(*notes) or f"to level {lvl}"


@move("dress_hero")
def dress_hero(x: Scorer, a) -> Scored:
    """A new Hero (R19): the Fellowship, its gems in the rounds left, a new colour, Menaces near."""
    c = x.c
    h = a["hero"]
    col = x.r.hero_color.get(h)
    terms: Terms = (("fellowship", x.fellowship_gain(dheroes=1, dperks=0)),
                    ("hero_runs", c.w.hero_run * min(c.rounds_left, 4)))
    if col in COLORS and col not in c.hero_colours():
        terms += (("hero_new_colour", 1.0),)
    terms += (("hero_menaces_near", x.menace_proximity(a["node"], col)),)
    aid = x.T.hero_aid.get(h)
    if aid and c.mine[aid] == 0:
        terms += (("hero_first_level", 1.0),)
    return terms, f"{len(c.t.heroes) + 1} Heroes"


# ============================================================================== Event Phase
@move("draft")
def draft(x: Scorer, a) -> Scored:
    return (), ""


@move("move_guardian")
def move_guardian(x: Scorer, a) -> Scored:
    """A Guardian moved (R28): its Menace or Quest brought within the Heroes' reach, or taken away
    from the tribe's own Region."""
    gd, reg = a["guardian"], a["region"]
    d = x.s.guardians[gd]
    tok = d.get("token")
    kind = x.r.token_kind(tok) if tok else None
    before = x.guardian_place_value(gd, d["region"], kind)
    after = x.guardian_place_value(gd, reg, kind)
    if kind and x.c.owner_of(d["region"]) == x.c.i:
        why = "away from its own Region"
    elif kind:
        why = "where a Hero can reach its Menace"
    else:
        why = "next to a Hero with a Quest for it"
    return (("guardian_move", after - before), ("guardian_step", 1.0)), why


@move("beacon_solve")
def beacon_solve(x: Scorer, a) -> Scored:
    gd = a["guardian"]
    kind = x.r.token_kind(x.s.guardians[gd]["token"])
    return (("menace_solved", x.solve_value(kind, gd)), ("beacon_solve", 1.0)), x.solve_note(kind)


@move("harvest")
def harvest(x: Scorer, a) -> Scored:
    """The Harvest token moved (R29): this Harvest, and a share of the next one from there."""
    k = a["steps"]
    idx = (x.s.harvest + k) % len(x.T.wheel)
    v, why = x.harvest_value(idx)
    terms: Terms = (("harvest", v),)
    if x.c.w.harvest_next and x.c.rounds_left > 1:
        terms += (("harvest_next", x.c.w.harvest_next * x.best_harvest(idx)[0]),)
    return terms, f"to {x.T.wheel[idx]}, {why}"


# ============================================================================== Hero Phase
@move("move_hero")
def move_hero(x: Scorer, a) -> Scored:
    h, to = a["hero"], a.get("to") or a["path"][-1]
    hero = x.c.t.heroes[h]
    after = x.plan(h, hero, to, hero.gems - 1)
    base = x.plan(h, hero, hero.node, 0)
    return ((("hero_plan", after[0] - base[0]), ("hero_step", 1.0)),
            f"towards {after[1]}" if after[1] else "")


def plan_left(x: Scorer, h, hero, exclude) -> Terms:
    """The Hero's plan after spending a gem on `exclude`, against its plan without gems (two
    terms of `hero_plan`, in the order the score adds them)."""
    rest = x.plan(h, hero, hero.node, hero.gems - 1, exclude=exclude)
    base = x.plan(h, hero, hero.node, 0, exclude=exclude)
    return (("hero_plan", rest[0]), ("hero_plan", -base[0]))


@move("solve_menace")
def solve_menace(x: Scorer, a) -> Scored:
    """A Hero's solve (R22): the Menace's worth (a Corruption Menace: its Event's) and the plan left."""
    h, gd = a["hero"], a["guardian"]
    hero = x.c.t.heroes[h]
    kind = x.r.token_kind(x.s.guardians[gd]["token"])
    first = ("corruption_solved", 0.5 + x.event_value()) if kind == "corruption" else \
        ("menace_solved", x.solve_value(kind, gd))
    return ((first,) + plan_left(x, h, hero, {("menace", gd)}) + (("solve_menace", 1.0),),
            x.solve_note(kind))


@move("go_quest")
def go_quest(x: Scorer, a) -> Scored:
    """A Quest drawn (R23): a colour Quest is a card later, a Corruption Quest a Corruption Event
    to cleanse; nothing when the Hero holds as many as its level."""
    h, deck = a["hero"], a["deck"]
    hero = x.c.t.heroes[h]
    c = x.c
    rest = x.plan(h, hero, hero.node, hero.gems - 1)
    base = x.plan(h, hero, hero.node, 0)
    if len(hero.quests) >= hero.level:
        qv = -0.1
    elif deck == "corruption":
        qv = c.w.quest_black * x.event_value() - 0.2
        if c.aspiring:
            qv = 1.5
    else:
        qv = c.w.quest_colour - 0.08 * len(hero.quests)
    why = "a chance to cleanse Corruption later" if deck == "corruption" else ""
    return (("quest_drawn", qv), ("hero_plan", rest[0]), ("hero_plan", -base[0])), why


@move("solve_quest")
def solve_quest(x: Scorer, a) -> Scored:
    h, card = a["hero"], a["card"]
    hero = x.c.t.heroes[h]
    col = colour_of(card)
    why = (f"keeps a {col} Essence" if col != "corruption"
           else "a Corruption Event to face (and cleanse)")
    return ((("quest_solved", x.quest_value(card)),) + plan_left(x, h, hero, {("quest", card)})
            + (("solve_quest", 1.0),)), why


@move("discard_quest")
def discard_quest(x: Scorer, a) -> Scored:
    card = a["card"]
    return (("quest_dropped", x.quest_value(card)),), "the hardest to use"


@move("lore")
def lore(x: Scorer, a) -> Scored:
    """An Attunement's Lore (R25): a move, a solve or a gem."""
    h = a["hero"]
    hero = x.c.t.heroes[h]
    if a.get("to"):
        after = x.plan(h, hero, a["to"], hero.gems)
        before = x.plan(h, hero, hero.node, hero.gems)
        return ((("hero_plan", after[0] - before[0]), ("lore_move", 1.0)),
                f"towards {after[1]}" if after[1] else "")
    if a.get("guardian"):
        gd = a["guardian"]
        kind = x.r.token_kind(x.s.guardians[gd]["token"])
        return (("menace_solved", x.solve_value(kind, gd)), ("lore_solve", 1.0)), x.solve_note(kind)
    more = x.plan(h, hero, hero.node, hero.gems + 1)
    now = x.plan(h, hero, hero.node, hero.gems)
    return (("hero_plan", more[0] - now[0]), ("lore_gem", 1.0)), ""


@move("perk")
def perk(x: Scorer, a) -> Scored:
    """A Perk used (its effect kind, data/perks.yaml): the plan a move or a gem opens, a conversion,
    a Menace removed, the Sower's powers."""
    c = x.c
    h, perk = a["hero"], a["perk"]
    hero = c.t.heroes.get(h)
    if hero is None:
        return (("perk_without_hero", 1.0),), ""
    # A Perk's fields depend on its effect kind: moves name a `node` (the Shadow's step,
    # path_move, move_after_solve, pay_move), conversions `from`/`to` colours, Alchemy a `to`
    # tuple of colours, Nudge a `guardian` and a `to` Region. Read only what this one has.
    dest = perk_destination(a, x.r.node_regions)
    if perk == "shadow":
        if dest is None:
            return (("shadow_nowhere", 1.0),), ""
        after = x.plan(h, hero, dest, hero.gems)
        before = x.plan(h, hero, hero.node, hero.gems)
        return ((("hero_plan", after[0] - before[0]), ("essence_spent", c.cv("corruption"))),
                f"towards {after[1]}" if after[1] else "")
    effects = [ab.get("effect") for ab in x.r.perk_abilities.get(perk, ())]
    if a.has("from") and "convert" in effects:
        fr, to = a["from"], a["to"]
        gain = c.cv(to) - c.cv(fr) + 0.02 * (c.pool.get(fr, 0) - c.pool.get(to, 0))
        return (("essence_converted", gain), ("convert_use", 1.0)), ""
    if a.has("guardian") and "remove_menace" in effects:
        gd = a["guardian"]
        kind = x.r.token_kind(x.s.guardians[gd]["token"])
        v = x.solve_value(kind, gd) - (c.cv(kind) if kind in COLORS else 0)
        return ((("menace_removed", v),) + plan_left(x, h, hero, {("menace", gd)}), "")
    if a.has("guardian") and "ravage" in effects:
        return (("doom_step", c.doom_cost()), ("ravage", 1.0)), "Doom +1"
    if dest is not None:
        cost = c.cv(a.get("color", "red")) if "pay_move" in effects else 0.0
        after = x.plan(h, hero, dest, hero.gems)
        before = x.plan(h, hero, hero.node, hero.gems)
        return ((("hero_plan", after[0] - before[0]), ("essence_spent", cost), ("perk_move", 1.0)),
                f"towards {after[1]}" if after[1] else "")
    if "gain_gem" in effects or "frenzy" in effects:
        extra = 2 if "frenzy" in effects else 1
        more = x.plan(h, hero, hero.node, hero.gems + extra)
        now = x.plan(h, hero, hero.node, hero.gems)
        pay = "corruption" if "frenzy" in effects else next(
            (ab.get("pay") for ab in x.r.perk_abilities[perk] if ab.get("effect") == "gain_gem"), "red")
        return ((("hero_plan", more[0] - now[0]), ("essence_spent", c.cv(pay))),
                f"{extra} more Action gem{'s' if extra != 1 else ''} for the {h}")
    if "ruin" in effects:
        return (("doom_step", c.doom_cost()), ("price", c.pay_cost(a.get("pay")))), "Doom +1"
    if "trigger_event" in effects:
        return ((("corruption_event", x.event_value()), ("essence_spent", c.cv(a.get("color", "red")))),
                "a Corruption Event to cleanse")
    if "raise_opponent_corruption" in effects:
        return (("dread", 1.0), ("essence_spent", c.cv("corruption"))), ""
    if "alchemy" in effects:
        return ((("alchemy", 1.0), ("essence_spent", 2 * c.cv("corruption")), ("alchemy_use", 1.0)),
                "Corruption Essences turned into Essences")
    if "tithe" in effects:
        return (("tithe", 1.0),), ""
    if "summon_draft" in effects:
        return (("summon_draft", 1.0),), ""
    return (("perk_other", 1.0),), ""


def perk_destination(a: Action, node_regions) -> str | None:
    """The Node a Perk move takes its Hero to, or None when this Perk action is not a move.

    Moves name the Node in `node`; older spellings used `to`, which other Perks use for colours
    (convert, Alchemy) or a Region (Nudge), so a `to` counts only when it names a Node."""
    for key in ("node", "to"):
        v = a.get(key)
        if isinstance(v, str) and v in node_regions:
            return v
    return None


@move("drifter_move")
def drifter_move(x: Scorer, a) -> Scored:
    return (("drifter_move", 1.0),), ""


@move("drifter_shift")
def drifter_shift(x: Scorer, a) -> Scored:
    """The Drifter's shift (the Drifter variant): a Menace moved from one Guardian to another, and
    the Corruption Event it brings."""
    fr, to = a["from"], a["to"]
    d = x.s.guardians[fr]
    kind = x.r.token_kind(d["token"])
    src = x.guardian_place_value(fr, d["region"], None) - x.guardian_place_value(fr, d["region"], kind)
    dst = x.s.guardians[to]["region"]
    gain = x.guardian_place_value(to, dst, kind) - x.guardian_place_value(to, dst, None)
    return ((("drifter_from", src), ("drifter_to", gain), ("corruption_event", x.event_value()),
             ("drifter_shift", 1.0)), f"the {kind} token, and the Corruption Event it brings")


# ============================================================================== decisions
@move("corruption")
def corruption(x: Scorer, a) -> Scored:
    pay = a.get("pay")
    return corruption_terms(x, a["choice"], colour_of((pay or ("",))[0]) if pay else None, a.get("target"),
                            x.s.pending)


def corruption_terms(x: Scorer, choice, pay_col, target, pend) -> Scored:
    """A Corruption Event's option (R18, R30): yield (a Corruption Essence, Purity and the Sower's
    road), ignore (Doom +1, a Region corrupted) or cleanse the tribe or a part (Doom, a Guardian)."""
    c = x.c
    t = c.t
    pend = pend or {}
    tok, gd = pend.get("token"), pend.get("guardian")
    corr = t.corruption
    r = x.r
    if choice == "yield" and c.aspiring:
        return ((("corruption_essence", c.cv("corruption")), ("sower_road", 1.0), ("sower_road_corruption", corr)),
                f"on the road to the Sower (Tribe Corruption {corr + 1})")
    if choice == "cleanse_tribe" and c.aspiring:
        return (("sower_road_cleanse", 1.0),), ""
    if choice == "yield":
        terms: Terms = (("corruption_essence", c.cv("corruption")),)
        why = ""
        if corr == 0 and not c.sower_me:
            terms += (("purity_lost", c.ach_value("purity", 1) if "purity" in r.conditions else c.w.ach),)
            why = "loses Purity"
        if t.cleanser:
            terms += (("cleanser_lost", c.w.ach),)
        if not c.coop and corr + 1 >= r.sower_at and not c.sower_me:
            if x.s.sower is None:
                terms += (("sower_rises", c.w.ach),)
            else:
                terms += (("sower_rival", 2 * c.w.ach + 2 * c.doom_cost()),)
        elif c.sower_me:
            terms += (("sower_yield", 1.0),)
        else:
            terms += (("tribe_corruption", 0.9 * (corr + 1) if not c.coop else 0.4),)
        return terms, why
    if choice == "ignore":
        terms = (("doom_step", c.doom_cost()),)
        if t.cleanser and not c.sower_me:
            terms += (("cleanser_lost", c.w.ach),)
        if tok and gd:
            terms += (("region_corrupted", x.corrupted_region_harm(x.s.guardians[gd]["region"])),)
        return terms, ""
    cost = c.cv(pay_col) if pay_col else 1.0
    if choice == "cleanse_tribe":
        terms = (("essence_spent", cost), ("cleanse_tribe", 1.0))
        if corr == 1:
            regained = c.w.ach - c.claim_cost((pay_col,)) if "purity" not in c.held else 0.0
            return terms + (("purity_regained", regained),), "wins back Purity"
        if corr >= r.sower_at - 2 and not c.coop:
            terms += (("sower_averted", 1.0),)
        return terms, ""
    # cleanse_corruption
    terms = (("essence_spent", cost),)
    why = ""
    if corr == 0:
        if not t.cleanser:
            terms += (("cleanser_claimed", c.w.ach - c.claim_cost((pay_col,) if pay_col else ())),)
            why = "claims Corruption Cleanser"
        elif not c.coop:
            others = sum(1 for j, o in enumerate(x.s.tribes) if j != c.i and o.cleanser)
            terms += (("knock_rival", KNOCK * c.w.ach * others),)
    part = target or "doom"
    if part == "doom":
        terms += (("doom_back", c.doom_cost(max(0, x.s.doom - 1))),)
    else:
        terms += (("region_cleansed", x.corrupted_region_harm(x.s.guardians[part]["region"]) + 0.2),)
        why = _notes(why, f"the {part} is pure again")
    return terms, why


@move("claim")
def claim(x: Scorer, a) -> Scored:
    """Claiming an Achievement (R12): a designated token is free, else a card of the slot's colour,
    else a step of Doom."""
    c = x.c
    tok = a["token"]
    if tok == "designated":
        return (("claim_free", 1.0),), "free"
    pay = a["pay"]
    if pay == "doom":
        return (("doom_step", c.doom_cost()), ("claim_doom", 1.0)), ""
    cost = c.cv(colour_of(pay))
    if len(slot_payers(tok)) > 1:
        cost += c.w.any_slot
    return (("claim_card", cost),), ""


@move("harvest_choice")
def harvest_choice(x: Scorer, a) -> Scored:
    c = x.c
    if a.get("color"):
        col = a["color"]
        return (("essence_gained", c.cv(col)),), ""
    reg = a["region"]
    st = c.status(reg)
    if st == "threatened":
        return (("harvest_threatened", 1.0),), "Threatened, it gives nothing"
    if st == "corrupted":
        return (("harvest_corrupted", 1.0), ("corruption_event", x.event_value())), "Corrupted, it brings a Corruption Event"
    return (("harvest_region", 1.0),), ""


@move("track_choice")
def track_choice(x: Scorer, a) -> Scored:
    col = a["color"]
    aid = track_aid(x.c, col)
    return (("achievements", x.c.delta(aid, x.c.mine[aid] + 1) if aid else 0.0),), ""


@move("menace_rival")
def menace_rival(x: Scorer, a) -> Scored:
    """Advanced Menace rule: push back the rival who profits most (most Achievements)."""
    j = a["target"]                   # a seat (action_schema.PLAYER)
    t = x.s.tribes[j]
    return (("rival_achievements", len(t.achievements)), ("rival_solves", sum(t.solved.values()))), ""


@move("twins_swap")
def twins_swap(x: Scorer, a) -> Scored:
    n = len(a.get("pay") or ())
    return (("twins_swap_to_sower" if x.c.aspiring else "twins_swap", n),), ""


@move("become_sower")
def become_sower(x: Scorer, a) -> Scored:
    """A Hero becomes the Corruption Sower (R38): its level and Achievement lost, Perks swapped."""
    c = x.c
    h = a["hero"]
    hero = c.t.heroes[h]
    terms: Terms = (("sower_hero_level", hero.level),)
    aid = x.T.hero_aid.get(h)
    if aid and aid in c.held:
        terms += (("sower_hero_achievement", 1.0),)
    for old, new in swap_pairs(a):
        terms += (("sower_perk_swap", (1.0 if new in SOW_PERKS else 0.2) - x.T.perk_value.get(old, 0.5) * 0.5),)
    return terms, ""


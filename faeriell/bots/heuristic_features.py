"""The heuristic's features: what a move is worth, as a weighted sum of named features.

Each legal move kind has a scorer here (`MOVES[kind]`): it measures the move's features from the
deciding player's view (a world imagined from it, or a playout's world) and returns them as
`(name, value)` terms with a reason in words. A move's score is the sum of `weight(name) x value`
over its terms, in order; the weights are data (the `features:` table of data/bots/weights.yaml,
read once into the frozen Weights of each mode, `Weights.feature_weights`). catanatron's feature
extractors with a weights dictionary are the model (the idea, not its code).

    terms, why = MOVES["build_beacon"](scorer, action)    # (("achievements", 1.2), ...), "builds ..."
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

from typing import TYPE_CHECKING, Callable

from faeriell.engine.action_schema import seat, swap_pairs
from faeriell.engine.actions import Action, card_color
from faeriell.engine.rules import COLORS

from .knowledge import KNOCK, track_aid

if TYPE_CHECKING:                      # the Scorer (heuristic.py) imports this module
    from .heuristic import Scorer

Terms = tuple                          # ((feature name, value), ...)
Scored = tuple                         # (Terms, reason)
END_PHASE_REASON = "nothing useful is left in this phase"
SOW_PERKS = ("sow-ruin", "sow-ravage", "sow-frenzy")     # the Sower's own Perk tiles (data/perks.yaml)

# ------------------------------------------------------------------------------ the features
# name -> what it measures, in the game's terms (the weights file carries these as comments).
FEATURES: dict[str, str] = {
    # shared by many moves
    "achievements": "Achievement progress the move makes, in cards (Ctx.delta: a share of an Achievement "
                    "on the way, the whole when reached, more for pushing a rival off it; R32)",
    "fellowship": "progress towards the Fellowship (three Heroes and their Perks), in cards",
    "hero_plan": "a Hero's best plan this Phase after the move against before it (a Menace or Quest in "
                 "reach with the gems left, less for each move it needs), in cards",
    "menace_solved": "a Menace solved: its Essence, its Track's Achievement progress, the Region freed, "
                     "a target fewer for the Draft (R28), in cards",
    "corruption_event": "facing a Corruption Event: the best option it would leave (R18, R30), in cards",
    "essence_spent": "an Essence (or two) given up, by its worth to the tribe now",
    "essence_gained": "an Essence gained, by its worth to the tribe now",
    "price": "what a Tribe Action's payment gives up: its cards by their worth, the Herbs and innate "
             "discounts used, the last card able to pay a Cleanse, and the Achievement claims it leaves "
             "short of a card (R12)",
    "doom_step": "Doom one step forward, by what a step costs at this point of the track",
    "knock_rival": "competitive: pushing rivals off an Achievement they hold, in cards",
    # the three Phases (R26)
    "event_phase": "choosing the Event Phase (a Harvest and Beacon solves follow)",
    "hero_phase": "choosing the Hero Phase",
    "tribe_phase": "choosing the Tribe Phase (each purchase is counted apart)",
    "tribe_phase_late": "the Tribe Phase on the third lap (the last chance this round)",
    "harvest": "a Harvest's Essences: the tribe's own, a share of the partners' (coop) or less the rivals' "
               "(competitive), in cards",
    "beacon_solves": "the Menaces the tribe's Beacons can solve in the Event Phase, in cards",
    "best_purchase": "the best Tribe Action the tribe could buy now, after its price, in cards",
    "hero_plans": "the Heroes' plans with the gems they hold against without, in cards",
    # setup (General Setup)
    "setup_colours": "a first Settlement: the Essence colours its Region gives",
    "setup_next_to_own": "a first Settlement beside the tribe's own Region",
    "setup_threatened": "a first Settlement in a Threatened Region",
    "setup_corrupted": "a first Settlement in a Corrupted Region",
    "setup_same_terrain": "a first Settlement: the tribe's Settlements already on its Terrain",
    "setup_free_neighbours": "a first Settlement: the free Regions around it",
    "setup_area": "a first Settlement: the tribe's Settlements already in its Area (the `area_bonus` per one)",
    "hero_colour_regions": "a starting Hero: the tribe's Regions giving its colour",
    "hero_colour_menaces": "a starting Hero: the Menaces of its colour on the board",
    "hero_name": "a starting Hero: the length of its name (a stable tie-break)",
    "start_menace_here": "a Hero's starting Node: a Menace of its colour in a Region it touches",
    "start_free_region": "a Hero's starting Node: a free Region it touches",
    "start_menaces_near": "a Hero's starting Node: the Menaces of its colour, nearer worth more",
    "essence_held": "a starting Essence: the cards of that colour already held",
    "essence_hero_colour": "a starting Essence of one of the tribe's Heroes' colours",
    # Tribe Actions (R14-R19)
    "settlement_harvests": "a Settlement's Harvests in the rounds left (`settle_prod` a round, more for two "
                           "colours, half when Threatened or Corrupted, at most 3 cards) and 0.3 for the Region",
    "settlement_area": "a Settlement beside the tribe's own in its Area (an Area Harvest pays each; "
                       "`area_bonus` per one, less with few rounds left)",
    "attunement_area": "a Settlement in the Area of a Great Guardian still free to attune (R17: cheaper)",
    "beacon_solves_now": "a Beacon with a Menace of its colour in reach before this round's Event Phase",
    "beacon_runs": "a Beacon's solves to come (`beacon_run` a round, 5 rounds at most), in cards",
    "beacon_two_colours": "a Beacon in a two-colour Region (its Harvest pays both), in cards",
    "beacon_totem": "a first Beacon while the Spiritual Totem is someone else's (the Totem needs a Beacon)",
    "totem_moved": "moving the tribe's own Spiritual Totem",
    "totem_from_partner": "coop: the Spiritual Totem taken from a partner (the team keeps the Achievement)",
    "totem": "taking the Spiritual Totem",
    "herb_worth": "an Heirloom Herb's ability (a discount, a gem, more Harvest) and its printed bonus, in cards",
    "attune_bonus": "an Attunement's printed bonus, in cards, and 0.4 for the Lore card",
    "level_gem": "a level that brings a Hero another Action gem, per round left (4 at most)",
    "level_up": "any level, per round left (4 at most)",
    "perk_tile": "the Perk tile a level brings, by its effect, less with few rounds left",
    "sower_perk": "the Corruption Sower taking one of its own Perk tiles",
    "hero_runs": "a new Hero's two Action gems a round (`hero_run` a round, 4 rounds at most), in cards",
    "hero_new_colour": "a new Hero of a colour the tribe has no Hero of",
    "hero_menaces_near": "a new Hero's Node: the Menaces of its colour, nearer worth more",
    "hero_first_level": "a new Hero whose Achievement the tribe has not started",
    # Event Phase (R28-R31)
    "guardian_move": "a Guardian moved: where its Menace or Quest is in reach of the tribe's Heroes, against "
                     "where it stood, in cards",
    "guardian_step": "moving a Guardian at all",
    "beacon_solve": "a Beacon's solve beyond the Menace's worth",
    "harvest_next": "the next round's best Harvest from where this one leaves the token (`harvest_next` "
                    "of it), in cards",
    # Hero Phase (R20-R25)
    "hero_step": "a Hero's move at all",
    "solve_menace": "a Hero's solve beyond the Menace's worth",
    "corruption_solved": "a Hero facing a Corruption Menace: the Event's worth and half a card",
    "quest_drawn": "a Quest drawn: a colour Quest is a card later (`quest_colour`), a Corruption Quest a "
                   "share of an Event's worth (`quest_black`); nothing when the Hero's Quests are full",
    "quest_solved": "a Quest solved: its Essence, or the Corruption Event it brings",
    "solve_quest": "a Quest's solve beyond its card",
    "quest_dropped": "a Quest dropped, by what it would have brought",
    "lore_move": "an Attunement's Lore move at all",
    "lore_solve": "an Attunement's Lore solve beyond the Menace's worth",
    "lore_gem": "an Attunement's Lore gem at all",
    "perk_without_hero": "a Perk of a Hero the tribe does not have",
    "level_without_hero": "a level for a Hero the tribe does not have",
    "shadow_nowhere": "the Shadow's step without a Node",
    "essence_converted": "a conversion Perk: the worth of the colour gained against the one given",
    "convert_use": "a conversion at all",
    "menace_removed": "a Perk removing a Menace: the solve's worth without its Essence",
    "ravage": "the Sower's Ravage beyond the Doom it moves",
    "perk_move": "a Perk's move at all",
    "dread": "the Sower spreading dread to a rival",
    "alchemy": "the Sower's Alchemy: three Essences for two Corruption ones",
    "alchemy_use": "the Sower's Alchemy at all",
    "tithe": "the Sower's Tithe",
    "summon_draft": "the Sower summoning a Menace Draft",
    "perk_other": "a Perk the heuristic has no measure for",
    "drifter_move": "moving the Drifter",
    "drifter_from": "the Drifter's shift: the Guardian left without its Menace, in cards",
    "drifter_to": "the Drifter's shift: the Guardian given the Menace, in cards",
    "drifter_shift": "the Drifter's shift at all",
    # decisions
    "sower_road": "competitive: yielding to Corruption on the road to the Sower (R38)",
    "sower_road_corruption": "... per level of Tribe Corruption already held",
    "sower_road_cleanse": "competitive: cleansing the tribe while on the road to the Sower",
    "corruption_essence": "a Corruption Essence gained (wild for Tribe Actions only, R18)",
    "purity_lost": "the Purity Achievement lost, in cards",
    "cleanser_lost": "the Corruption Cleanser Achievement lost, in cards",
    "sower_rises": "competitive: a rival tribe made able to rise as the Sower, per Achievement's worth",
    "sower_rival": "competitive: Corruption 5 under a risen Sower (two Achievements and two Doom steps), in cards",
    "sower_yield": "the Sower yielding to Corruption",
    "tribe_corruption": "a level of Tribe Corruption (0.9 a level in competitive play, 0.4 in coop), in cards",
    "region_corrupted": "a Region corrupted by an ignored Event: the tribe's own, a partner's, a rival's, in cards",
    "cleanse_tribe": "cleansing the tribe's Corruption",
    "purity_regained": "the Purity Achievement won back by a cleanse, after its claim, in cards",
    "sower_averted": "competitive: a cleanse far along the road to the Sower",
    "cleanser_claimed": "the Corruption Cleanser Achievement claimed by a first cleanse, after its claim, in cards",
    "doom_back": "Doom one step back, by what that step costs",
    "region_cleansed": "a Corrupted Region made pure again, in cards, and 0.2",
    "claim_free": "an Achievement claimed with a token from the designated area (free, R12)",
    "claim_doom": "an Achievement claimed by moving Doom, beyond the step",
    "claim_card": "an Achievement claimed with a card for its slot (more for an any-colour slot)",
    "harvest_threatened": "harvesting a Threatened Region (nothing, R29)",
    "harvest_corrupted": "harvesting a Corrupted Region (a Corruption Event instead)",
    "harvest_region": "harvesting a Region",
    "rival_achievements": "Advanced Menace Rule: the rival's Achievements",
    "rival_solves": "Advanced Menace Rule: the rival's Menaces solved",
    "twins_swap_to_sower": "Twins: an Essence swapped for Corruption on the road to the Sower",
    "twins_swap": "Twins: an Essence swapped for Corruption",
    "sower_hero_level": "the Hero who becomes the Sower: its level (lost)",
    "sower_hero_achievement": "the Hero who becomes the Sower holds its Achievement",
    "sower_perk_swap": "a Perk tile swapped for one of the Sower's, in cards",
}


def total(W, terms: Terms) -> float:
    """The score of `terms`: the weighted sum in their order (the same float every time)."""
    v = 0.0
    for name, f in terms:
        v += W[name] * f
    return v


MOVES: dict[str, Callable[["Scorer", Action], Scored]] = {}


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
        txt = f"Event Phase now: the Harvest can bring {why}"
        if sol > 0:
            txt += " and a Beacon can solve a Menace"
        return (("event_phase", 1.0), ("harvest", hv), ("beacon_solves", sol)), txt
    if p == "hero":
        plans, label = x.hero_phase_value()
        return (("hero_phase", 1.0), ("hero_plans", plans)), (f"Hero Phase now: {label}" if label else "Hero Phase now")
    best, why = x.best_tribe_purchase()
    terms: Terms = (("best_purchase", best), ("tribe_phase", 1.0))
    if x.s.lap >= 3:
        terms += (("tribe_phase_late", 1.0),)
    return terms, (f"Tribe Phase now: {why}" if why else "Tribe Phase now")


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
    return terms, (f"settles {reg}: {' and '.join(c.region_colours(reg))} Essences"
                   + (", next to its own Region" if beside else "") + x.area_note(reg, k))


@move("choose_hero")
def choose_hero(x: Scorer, a) -> Scored:
    """A starting Hero whose colour the tribe's Regions give and whose Menaces are out."""
    h = a["hero"]
    col = x.r.hero_color.get(h)
    c = x.c
    have = sum(1 for reg in c.t.settlements for y in c.region_colours(reg) if y == col)
    menaces = sum(1 for d in x.s.guardians.values() if d.get("token") and x.r.token_kind(d["token"]) == col)
    return ((("hero_colour_regions", have), ("hero_colour_menaces", menaces), ("hero_name", len(h))),
            f"chooses the {h}: {col} Essences and Menaces suit its Regions")


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
    return terms, f"places the {h} where Menaces of its colour are near"


@move("starting_essence")
def starting_essence(x: Scorer, a) -> Scored:
    """A starting Essence: a colour the tribe lacks, better one of its Heroes'."""
    col = a["color"]
    terms: Terms = (("essence_held", x.c.pool.get(col, 0)),)
    if col in x.c.hero_colours():
        terms += (("essence_hero_colour", 1.0),)
    return terms, f"takes a {col} Essence"


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
    return terms, (f"builds a Settlement in {reg}" + (f": {', '.join(notes)}" if notes else "")
                   + x.area_note(reg, k))


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
    return (("achievements", gain),), f"moves a Settlement to {a['to']}" + (f": {', '.join(notes)}" if notes else "")


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
    note = f"Beacons {n}/{c.target(aid)}" if aid else ""
    return terms, f"builds a {col} Beacon in {reg}" + (f": {note}" if note else "")


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
        return (("totem_moved", 1.0),), "moves the Spiritual Totem"
    if owner is not None and not c.coop:
        terms: Terms = (("achievements", c.w.ach), ("knock_rival", c.w.ach * KNOCK))
    elif owner is not None and c.coop:
        terms = (("totem_from_partner", 0.2 * c.w.ach),)
    else:
        terms = (("achievements", c.w.ach),)
    return terms + (("totem", 1.0),), ("takes the Spiritual Totem and its Achievement"
                                       + (f" from player {owner + 1}" if owner is not None else ""))


@move("gather_herb")
def gather_herb(x: Scorer, a) -> Scored:
    """An Heirloom Herb (R17): Herbs progress and what the Herb does."""
    c = x.c
    herb = a["herb"]
    aid = x.T.measure_aid.get("herbs")
    n = len(c.t.herbs) + 1
    gain = c.delta(aid, n) if aid else 0.0
    extra, what = x.herb_worth(herb)
    return (("achievements", gain), ("herb_worth", extra)), f"gathers {herb} ({what}): Herbs {n}/{c.target(aid)}"


@move("attune")
def attune(x: Scorer, a) -> Scored:
    """An Attunement (R17): Attunements progress and its printed bonus."""
    c = x.c
    gd = a["guardian"]
    aid = x.T.measure_aid.get("attunements")
    n = len(c.t.attunements) + 1
    gain = c.delta(aid, n) if aid else 0.0
    bonus = x.bonus_worth(x.r.attune_bonus.get(gd) or {}) + 0.4
    return (("achievements", gain), ("attune_bonus", bonus)), f"attunes with the {gd}: Attunements {n}/{c.target(aid)}"


@move("level_up")
def level_up(x: Scorer, a) -> Scored:
    return level_terms(x, a)


def level_terms(x: Scorer, a) -> Scored:
    """A level (R19): the Hero's Achievement, the Fellowship, an Action gem more, its Perk tile."""
    c = x.c
    h = a["hero"]
    hero = c.t.heroes.get(h)
    if hero is None:
        return (("level_without_hero", 1.0),), "levels a Hero"
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
    return terms, f"levels the {h} to {lvl} with {perk}" + (f": {', '.join(notes)}" if notes else "")


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
    return terms, f"dresses a {h}: {len(c.t.heroes) + 1} Heroes"


# ============================================================================== Event Phase
@move("draft")
def draft(x: Scorer, a) -> Scored:
    return (), "draws the Menace Draft"


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
    why = f"moves the {gd} to {reg}"
    if kind and x.c.owner_of(d["region"]) == x.c.i:
        why += ", away from its own Region"
    elif kind:
        why += ", where a Hero can reach its Menace"
    else:
        why += ", next to a Hero with a Quest for it"
    return (("guardian_move", after - before), ("guardian_step", 1.0)), why


@move("beacon_solve")
def beacon_solve(x: Scorer, a) -> Scored:
    gd = a["guardian"]
    kind = x.r.token_kind(x.s.guardians[gd]["token"])
    return (("menace_solved", x.solve_value(kind, gd)), ("beacon_solve", 1.0)), x.solve_reason(kind, gd, "a Beacon")


@move("harvest")
def harvest(x: Scorer, a) -> Scored:
    """The Harvest token moved (R29): this Harvest, and a share of the next one from there."""
    k = a["steps"]
    idx = (x.s.harvest + k) % len(x.T.wheel)
    v, why = x.harvest_value(idx)
    terms: Terms = (("harvest", v),)
    if x.c.w.harvest_next and x.c.rounds_left > 1:
        terms += (("harvest_next", x.c.w.harvest_next * x.best_harvest(idx)[0]),)
    return terms, f"moves the Harvest {k} step{'s' if k != 1 else ''} to {x.T.wheel[idx]}: {why}"


# ============================================================================== Hero Phase
@move("move_hero")
def move_hero(x: Scorer, a) -> Scored:
    h, to = a["hero"], a.get("to") or a["path"][-1]
    hero = x.c.t.heroes[h]
    after = x.plan(h, hero, to, hero.gems - 1)
    base = x.plan(h, hero, hero.node, 0)
    return ((("hero_plan", after[0] - base[0]), ("hero_step", 1.0)),
            f"moves the {h} towards {after[1]}" if after[1] else f"moves the {h}")


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
            x.solve_reason(kind, gd, f"the {h}"))


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
    why = f"the {h} goes on a {deck} Quest"
    if deck == "corruption":
        why += " (a chance to cleanse Corruption later)"
    return (("quest_drawn", qv), ("hero_plan", rest[0]), ("hero_plan", -base[0])), why


@move("solve_quest")
def solve_quest(x: Scorer, a) -> Scored:
    h, card = a["hero"], a["card"]
    hero = x.c.t.heroes[h]
    col = card_color(card)
    why = (f"the {h} solves a Quest and keeps a {col} Essence" if col != "corruption"
           else f"the {h} solves a Corruption Quest to face (and cleanse) a Corruption Event")
    return ((("quest_solved", x.quest_value(card)),) + plan_left(x, h, hero, {("quest", card)})
            + (("solve_quest", 1.0),)), why


@move("discard_quest")
def discard_quest(x: Scorer, a) -> Scored:
    card = a["card"]
    return (("quest_dropped", x.quest_value(card)),), f"drops the {card} Quest, the hardest to use"


@move("lore")
def lore(x: Scorer, a) -> Scored:
    """An Attunement's Lore (R25): a move, a solve or a gem."""
    card, h = a["card"], a["hero"]
    hero = x.c.t.heroes[h]
    if a.get("to"):
        after = x.plan(h, hero, a["to"], hero.gems)
        before = x.plan(h, hero, hero.node, hero.gems)
        return ((("hero_plan", after[0] - before[0]), ("lore_move", 1.0)),
                f"uses the {card} Attunement to move the {h}" + (f" towards {after[1]}" if after[1] else ""))
    if a.get("guardian"):
        gd = a["guardian"]
        kind = x.r.token_kind(x.s.guardians[gd]["token"])
        return (("menace_solved", x.solve_value(kind, gd)), ("lore_solve", 1.0)), x.solve_reason(kind, gd, f"{card}")
    more = x.plan(h, hero, hero.node, hero.gems + 1)
    now = x.plan(h, hero, hero.node, hero.gems)
    return (("hero_plan", more[0] - now[0]), ("lore_gem", 1.0)), f"uses {card}: the {h} gains an Action gem"


@move("perk")
def perk(x: Scorer, a) -> Scored:
    """A Perk used (its effect kind, data/perks.yaml): the plan a move or a gem opens, a conversion,
    a Menace removed, the Sower's powers."""
    c = x.c
    h, perk = a["hero"], a["perk"]
    hero = c.t.heroes.get(h)
    if hero is None:
        return (("perk_without_hero", 1.0),), f"uses {perk}"
    # A Perk's fields depend on its effect kind: moves name a `node` (the Shadow's step,
    # path_move, move_after_solve, pay_move), conversions `from`/`to` colours, Alchemy a `to`
    # tuple of colours, Nudge a `guardian` and a `to` Region. Read only what this one has.
    dest = perk_destination(a, x.r.node_regions)
    if perk == "shadow":
        if dest is None:
            return (("shadow_nowhere", 1.0),), "the Shadow moves through the shadows"
        after = x.plan(h, hero, dest, hero.gems)
        before = x.plan(h, hero, hero.node, hero.gems)
        return ((("hero_plan", after[0] - before[0]), ("essence_spent", c.cv("corruption"))),
                "the Shadow moves through the shadows")
    effects = [ab.get("effect") for ab in x.r.perk_abilities.get(perk, ())]
    if a.has("from") and "convert" in effects:
        fr, to = a["from"], a["to"]
        gain = c.cv(to) - c.cv(fr) + 0.02 * (c.pool.get(fr, 0) - c.pool.get(to, 0))
        return (("essence_converted", gain), ("convert_use", 1.0)), f"converts a {fr} Essence into {to}"
    if a.has("guardian") and "remove_menace" in effects:
        gd = a["guardian"]
        kind = x.r.token_kind(x.s.guardians[gd]["token"])
        v = x.solve_value(kind, gd) - (c.cv(kind) if kind in COLORS else 0)
        return ((("menace_removed", v),) + plan_left(x, h, hero, {("menace", gd)}),
                f"the {h} removes the Menace of the {gd} with {perk}")
    if a.has("guardian") and "ravage" in effects:
        return (("doom_step", c.doom_cost()), ("ravage", 1.0)), f"the Sower ravages the {a['guardian']}: Doom +1"
    if dest is not None:
        cost = c.cv(a.get("color", "red")) if "pay_move" in effects else 0.0
        after = x.plan(h, hero, dest, hero.gems)
        before = x.plan(h, hero, hero.node, hero.gems)
        return ((("hero_plan", after[0] - before[0]), ("essence_spent", cost), ("perk_move", 1.0)),
                f"the {h} moves with {perk}" + (f" towards {after[1]}" if after[1] else ""))
    if "gain_gem" in effects or "frenzy" in effects:
        extra = 2 if "frenzy" in effects else 1
        more = x.plan(h, hero, hero.node, hero.gems + extra)
        now = x.plan(h, hero, hero.node, hero.gems)
        pay = "corruption" if "frenzy" in effects else next(
            (ab.get("pay") for ab in x.r.perk_abilities[perk] if ab.get("effect") == "gain_gem"), "red")
        return (("hero_plan", more[0] - now[0]), ("essence_spent", c.cv(pay))), f"the {h} buys an Action gem with {perk}"
    if "ruin" in effects:
        return (("doom_step", c.doom_cost()), ("price", c.pay_cost(a.get("pay")))), "the Sower spends Essences to move Doom"
    if "trigger_event" in effects:
        return ((("corruption_event", x.event_value()), ("essence_spent", c.cv(a.get("color", "red")))),
                f"{perk}: triggers a Corruption Event to cleanse")
    if "raise_opponent_corruption" in effects:
        return (("dread", 1.0), ("essence_spent", c.cv("corruption"))), f"the Sower spreads dread to player {a.get('target')}"
    if "alchemy" in effects:
        return ((("alchemy", 1.0), ("essence_spent", 2 * c.cv("corruption")), ("alchemy_use", 1.0)),
                "the Sower turns Corruption into Essences")
    if "tithe" in effects:
        return (("tithe", 1.0),), "the Sower takes Corruption Essences"
    if "summon_draft" in effects:
        return (("summon_draft", 1.0),), "the Sower summons a Menace Draft"
    return (("perk_other", 1.0),), f"uses {perk}"


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
    return (("drifter_move", 1.0),), "moves the Drifter"


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
             ("drifter_shift", 1.0)), f"the Drifter shifts the {kind} token from the {fr} to the {to}")


# ============================================================================== decisions
@move("corruption")
def corruption(x: Scorer, a) -> Scored:
    pay = a.get("pay")
    return corruption_terms(x, a["choice"], card_color((pay or ("",))[0]) if pay else None, a.get("target"),
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
                f"yields to Corruption on the road to the Sower (Tribe Corruption {corr + 1})")
    if choice == "cleanse_tribe" and c.aspiring:
        return (("sower_road_cleanse", 1.0),), "cleanses the tribe"
    if choice == "yield":
        terms: Terms = (("corruption_essence", c.cv("corruption")),)
        why = "yields to Corruption for a Corruption Essence"
        if corr == 0 and not c.sower_me:
            terms += (("purity_lost", c.ach_value("purity", 1) if "purity" in r.conditions else c.w.ach),)
            why += " (loses Purity)"
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
        return terms, "ignores Corruption (Doom +1)"
    cost = c.cv(pay_col) if pay_col else 1.0
    if choice == "cleanse_tribe":
        terms = (("essence_spent", cost), ("cleanse_tribe", 1.0))
        if corr == 1:
            regained = c.w.ach - c.claim_cost((pay_col,)) if "purity" not in c.held else 0.0
            return terms + (("purity_regained", regained),), \
                f"cleanses the tribe with a {pay_col} Essence and wins back Purity"
        if corr >= r.sower_at - 2 and not c.coop:
            terms += (("sower_averted", 1.0),)
        return terms, f"cleanses the tribe with a {pay_col} Essence"
    # cleanse_corruption
    terms = (("essence_spent", cost),)
    why = f"cleanses Corruption with a {pay_col} Essence"
    if corr == 0:
        if not t.cleanser:
            terms += (("cleanser_claimed", c.w.ach - c.claim_cost((pay_col,) if pay_col else ())),)
            why += " and claims Corruption Cleanser"
        elif not c.coop:
            others = sum(1 for j, o in enumerate(x.s.tribes) if j != c.i and o.cleanser)
            terms += (("knock_rival", KNOCK * c.w.ach * others),)
    part = target or "doom"
    if part == "doom":
        terms += (("doom_back", c.doom_cost(max(0, x.s.doom - 1))),)
        why += ": Doom -1"
    else:
        terms += (("region_cleansed", x.corrupted_region_harm(x.s.guardians[part]["region"]) + 0.2),)
        why += f": the {part} is pure again"
    return terms, why


@move("claim")
def claim(x: Scorer, a) -> Scored:
    """Claiming an Achievement (R12): a designated token is free, else a card of the slot's colour,
    else a step of Doom."""
    c = x.c
    tok, aid = a["token"], a["achievement"]
    if tok == "designated":
        return (("claim_free", 1.0),), f"claims {aid} with a token from the designated area (free)"
    pay = a["pay"]
    if pay == "doom":
        return (("doom_step", c.doom_cost()), ("claim_doom", 1.0)), f"claims {aid} and pays with Doom (+1)"
    cost = c.cv(card_color(pay))
    if tok == "any":
        cost += 0.4
    return (("claim_card", cost),), f"claims {aid}, paying a {card_color(pay)} Essence for its {tok} slot"


@move("harvest_choice")
def harvest_choice(x: Scorer, a) -> Scored:
    c = x.c
    if a.get("color"):
        col = a["color"]
        return (("essence_gained", c.cv(col)),), f"harvests a {col} Essence"
    reg = a["region"]
    st = c.status(reg)
    if st == "threatened":
        return (("harvest_threatened", 1.0),), f"harvests {reg} (Threatened: nothing)"
    if st == "corrupted":
        return (("harvest_corrupted", 1.0), ("corruption_event", x.event_value())), f"harvests {reg} (Corrupted)"
    return (("harvest_region", 1.0),), f"harvests {reg}"


@move("track_choice")
def track_choice(x: Scorer, a) -> Scored:
    col = a["color"]
    aid = track_aid(x.c, col)
    return (("achievements", x.c.delta(aid, x.c.mine[aid] + 1) if aid else 0.0),), f"moves its {col} tracking token"


@move("menace_rival")
def menace_rival(x: Scorer, a) -> Scored:
    """Advanced Menace rule: push back the rival who profits most (most Achievements)."""
    j = seat(a["target"])             # a player number (action_schema.PLAYER)
    t = x.s.tribes[j]
    return ((("rival_achievements", len(t.achievements)), ("rival_solves", sum(t.solved.values()))),
            f"pushes back player {j + 1}'s tracking token")


@move("twins_swap")
def twins_swap(x: Scorer, a) -> Scored:
    n = len(a.get("pay") or ())
    return ((("twins_swap_to_sower" if x.c.aspiring else "twins_swap", n),),
            f"swaps {n} Essence{'s' if n != 1 else ''} for Corruption" if n else "keeps its Essences")


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
    return terms, f"the {h} becomes the Corruption Sower"


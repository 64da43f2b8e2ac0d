"""Setting up a game: General Setup steps 1-23 as real choices, the 2/3-player extras, coop and
solo set-up, and the Menace set-up by difficulty (rulebook "General Setup", R33)."""
from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, cast

from .actions import Action
from .card import Card
from .core import Game
from .event_phase import region_colours
from .names import either
from .payment import Slots, options
from .registry import Task, move
from .rules import Rules
from .rng import seed_state
from .state import GameState, Tribe, Hero
from .tribe_phase import free_nodes_of_owned, level_targets, take_perk, draw_sower_perk
from .triggers import on_perk_gained
# The setting words are read from here too (the command line, the bots' weights): re-exported.
from .words import COLORS, DIFFICULTIES as DIFFICULTIES, MODES as MODES, VARIANTS as VARIANTS
from .words import Difficulty, Mode, Variant


class SetupError(ValueError):
    pass


Step = dict[str, Any]      # a procedure step from state.queue: {"task": name, ...}
# The decision being asked. A decision's moves are listed, checked and performed only while it
# is asked, so where they read it it is never None (the casts below say so to the checker).
Asked = dict[str, Any]


def validate_config(players: int, mode: str, difficulty: str, variants: Collection[str]) -> None:
    if mode not in MODES:
        raise SetupError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if difficulty not in DIFFICULTIES:
        raise SetupError(f"difficulty must be one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    if not isinstance(players, int) or not 1 <= players <= 4:
        raise SetupError("players must be 1 to 4")
    if mode == "solo" and players != 1:
        raise SetupError("solo is played by one player")
    if mode != "solo" and players == 1:
        raise SetupError("one player plays the solo mode")
    for v in variants:
        if v not in VARIANTS:
            raise SetupError(f"unknown variant {v!r} (known: {', '.join(VARIANTS)})")
    if "twins" in variants:
        twins_problem = _twins_problem(players, mode)
        if twins_problem:
            raise SetupError(twins_problem)


def _twins_problem(players: int, mode: str) -> str | None:
    """Why The Twins cannot be played with these settings (R59: two players, competitive only), in
    the start screen's words (Full Coop, Solo), or None."""
    said = "The Twins is a two-player competitive scenario"
    if mode == "coop":
        return f"{said}, so it cannot be played in Full Coop"
    if mode == "solo":
        return f"{said}, so it cannot be played in Solo"
    if players != 2:
        return f"{said} and needs exactly two players, not {players}"
    return None


def blank_state(rules: Rules, players: int, mode: Mode, difficulty: Difficulty, variants: Iterable[Variant],
                seed: int) -> GameState:
    validate_config(players, mode, difficulty, list(variants))
    s = GameState(players=players, mode=mode, difficulty=difficulty, variants=list(variants),
                  seed=int(seed), rng=seed_state(seed))
    cat = rules.catalog
    tribe_ids = list(cat.tribes)
    for k in range(players):
        t = Tribe(id=tribe_ids[k])
        t.inactive = [h for h, d in cat.heroes.items() if d.get("starting")]
        if "shadows" in variants:
            t.inactive.append("shadow")
        t.slots = list(rules.slots)
        t.achievements = ["purity"]
        s.tribes.append(t)
    s.achievements = {a: [] for a in rules.achievement_ids}
    s.achievements["purity"] = list(range(players))
    s.beacon_supply = dict(rules.beacons)
    s.attunements_free = list(rules.attune_cost)
    s.decks = {c: [] for c in cat.essences}
    s.discards = {c: [] for c in cat.essences}
    return s


def _components(g: Game) -> None:
    """Steps 2-9: Heartlands, Herbs, Perks, Beacons, Attunements, Doom, Sower, Essence decks."""
    s, r, cat = g.state, g.rules, g.rules.catalog
    ks = g.variant("kickstarter")
    for col, backs in cat.essences.items():
        s.decks[col] = [Card.of(col, b) for b in backs]
        g.rng.shuffle(s.decks[col])
    tokens = [t for t, n in r.terrain_tokens.items() for _ in range(n)]
    g.rng.shuffle(tokens)
    for k, area in enumerate(r.areas):
        region = g.rng.choice(list(r.board.areas[area]))
        s.heartlands[area] = {"region": region, "token": tokens[k]}
        s.guardians[area] = {"region": region, "token": None}
    s.herb_deck = list(cat.herb_cards(ks))
    g.rng.shuffle(s.herb_deck)
    s.herbs_up = [s.herb_deck.pop(0) for _ in range(r.herbs_face_up)]
    tiles = list(cat.perk_tiles({"base", "kickstarter"} if ks else {"base"}))
    g.rng.shuffle(tiles)
    s.perk_piles = deal_piles(tiles, r.perk_piles)
    if not g.coop_like():
        s.sower_perks = list(cat.sower_perks(ks))
    if g.variant("winters_grasp"):
        n = int(r.modes["winters_grasp"]["guardians"][s.difficulty])
        frozen = list(r.guardians)
        g.rng.shuffle(frozen)
        s.winter_gems = sorted(r.wheel.index(gd) for gd in frozen[:n])


def deal_piles(tiles: list[str], n: int) -> list[list[str]]:
    """Divide tiles into n piles as evenly as possible (setup step 4)."""
    piles: list[list[str]] = [[] for _ in range(n)]
    size, extra = divmod(len(tiles), n)
    k = 0
    for p in range(n):
        take = size + (1 if p < extra else 0)
        piles[p] = tiles[k:k + take]
        k += take
    return piles


def new_game(rules: Rules, players: int = 2, mode: Mode = "competitive", difficulty: Difficulty = "medium",
             variants: Iterable[Variant] = (), seed: int = 0) -> Game:
    s = blank_state(rules, players, mode, difficulty, variants, seed)
    g = Game(rules, s)
    g.origin = {"kind": "new", "players": players, "mode": mode, "difficulty": difficulty,
                "variants": list(variants), "seed": int(seed)}
    _components(g)
    n = players
    order = list(range(n))
    q = s.queue
    if g.coop_like():
        q.append({"task": "coop_cards"})
    if g.variant("starting_scenario"):
        q.append({"task": "starting_scenario"})
    else:
        for i in order + order[::-1]:
            q.append({"task": "ask", "kind": "place_settlement", "player": i})
        for i in order:
            q.append({"task": "ask", "kind": "choose_hero", "player": i})
    for i in order:
        q.append({"task": "ask_place_hero", "player": i})
    if g.variant("drifter"):
        q.append({"task": "drifter_setup"})
    if g.variant("starting_scenario"):
        q.append({"task": "scenario_essences"})
    else:
        for i in order:
            q.append({"task": "starting_essences", "player": i})
    if not g.variant("starting_scenario"):
        q.append({"task": "random_harvest"})
    if n == 2 or mode == "solo":
        for i in order:
            q.append({"task": "ask", "kind": "place_settlement", "player": i, "extra": True})
        if g.variant("twins"):
            for i in order[::-1]:
                q.append({"task": "twins_level", "player": i})
            q.append({"task": "twins_start"})
        else:
            for i in order[::-1]:
                q.append({"task": "ask", "kind": "choose_hero", "player": i})
                q.append({"task": "ask_place_hero", "player": i})
    if n == 3:
        for i in order:
            q.append({"task": "three_player_bonus", "player": i})
    q.append({"task": "menace_setup"})
    q.append({"task": "finish_setup"})
    g.advance()
    return g


# ---------------------------------------------------------------- setup tasks
def ask_task(g: Game, t: Step) -> None:
    g.ask(t["player"], t["kind"], **{k: v for k, v in t.items() if k not in ("task", "player", "kind")})


def ask_place_hero(g: Game, t: Step) -> None:
    tribe = g.state.tribes[t["player"]]
    for h, hero in tribe.heroes.items():
        if hero.node is None:
            g.ask(t["player"], "place_hero", hero=h)
            return


def coop_cards(g: Game, t: Step) -> None:
    s = g.state
    rows = g.rules.modes["coop_solo"]["setup"]
    row = next(r for r in rows if int(r["min_players"]) <= s.players <= int(r["max_players"]))
    decks = list(COLORS)
    g.rng.shuffle(decks)
    for i, tribe in enumerate(s.tribes):
        col = decks[i % len(decks)]
        for _ in range(int(row["cards"])):
            card = g.draw_card(col)
            if card:
                tribe.setup_cards.append(card)
        # The Shadow is never a starting Hero (The Shadows), so it is not among the tiles the
        # random set-aside picks from: the mode's count is always met by starting Heroes.
        aside = [h for h in tribe.inactive if h != "shadow"]
        g.rng.shuffle(aside)
        for h in aside[:int(row["heroes_aside"])]:
            tribe.inactive.remove(h)
            tribe.set_aside.append(h)


def starting_scenario(g: Game, t: Step) -> None:
    s = g.state
    sc = g.rules.catalog.starting_scenario
    for area, hl in sc["heartlands"].items():
        s.heartlands[area] = {"region": hl["region"], "token": hl["token"]}
        s.guardians[area] = {"region": hl["region"], "token": None}
    for i, tribe in enumerate(s.tribes):
        spec = sc["tribes"][i]
        for area in spec["settlement_areas"]:
            tribe.settlements.append(s.heartlands[area]["region"])
        _activate(g, i, spec["hero"])


def scenario_essences(g: Game, t: Step) -> None:
    s = g.state
    sc = g.rules.catalog.starting_scenario
    for i in range(s.players):
        for col in sc["tribes"][i]["essences"]:
            g.gain(i, col)
    s.harvest = g.rules.wheel.index(sc["harvest"])


def _activate(g: Game, i: int, h: str) -> None:
    tribe = g.state.tribes[i]
    for pile in (tribe.inactive, tribe.set_aside):     # the Starting Scenario names the Hero
        if h in pile:
            pile.remove(h)
            break
    hero = Hero(type=h)
    hero.gems = g.max_gems(hero)
    tribe.heroes[h] = hero


def drifter_setup(g: Game, t: Step) -> None:
    s = g.state
    taken = g.occupied()
    free = [n for n in g.rules.board.nodes if n not in taken]
    s.drifter = {"node": g.rng.choice(sorted(free)), "owner": (s.first_player - 1) % s.players}


def starting_essences(g: Game, t: Step) -> None:
    i = t["player"]
    tasks = []
    for r in g.state.tribes[i].settlements:
        cols = region_colours(g, r)
        if len(set(cols)) > 1:
            tasks.append({"task": "ask", "kind": "starting_essence", "player": i, "region": r, "colors": cols})
        else:
            g.gain(i, cols[0], source=f"from {r}")
    g.push_front(*tasks)


def three_player_bonus(g: Game, t: Step) -> None:
    """Three players: the colour not chosen on one Heartland at step 22 (rulebook)."""
    s = g.state
    i = t["player"]
    tribe = s.tribes[i]
    fixed = None
    if g.variant("starting_scenario"):          # R48: step 22 gave fixed Essences, not picks
        fixed = set(g.rules.catalog.starting_scenario["tribes"][i]["essences"])
    opts = []
    for r in tribe.settlements:
        hl = s.heartlands.get(g.rules.region_area[r])
        if not hl or hl["region"] != r:
            continue                            # R47: only Heartlands give the bonus
        cols = region_colours(g, r)
        if len(set(cols)) == 1:
            opts.extend(cols[:1])               # R47: one Terrain twice gives that colour
        elif fixed is not None:
            opts.extend([c for c in cols if c not in fixed] or cols)    # R48: either if both are
        else:
            opts.extend(c for c in cols if c != tribe.heartland_picks.get(r))
    opts = sorted(set(opts))
    if opts:
        g.ask(i, "starting_essence", bonus=True, colors=opts)


def random_harvest(g: Game, t: Step) -> None:
    g.state.harvest = g.rng.below(len(g.rules.wheel))


def twins_level(g: Game, t: Step) -> None:
    g.ask(t["player"], "free_level")


def twins_start(g: Game, t: Step) -> None:
    s = g.state
    tw = g.rules.modes["twins"]
    g.move_doom(int(tw.get("doom", 2)), "The Twins")
    tash = s.tribes[0]
    if "cleanser" not in tash.achievements and tash.slots:
        tash.slots.pop(0)
        tash.achievements.append("cleanser")
        tash.cleanser = True
        s.achievements.setdefault("cleanser", []).append(0)
    g.move_corruption(1, int(tw["wido"].get("tribe_corruption", 2)))
    if s.tribes[1].essences:
        g.ask(1, "twins_swap")


# Wido may swap up to two Essences for Corruption Essences (The Twins set-up).
def ts_enum(g: Game) -> list[Action]:
    i = cast(Asked, g.state.pending)["player"]
    pool = g.pool(i)
    pool["corruption"] = 0
    n = int(g.rules.modes["twins"]["wido"].get("swap_for_corruption", 2))
    out = [Action("twins_swap", pay=())]
    for k in range(1, n + 1):
        out.extend(Action("twins_swap", pay=p) for p in options(Slots(("any",) * k), pool))
    return out


def ts_check(g: Game, a: Action) -> str | None:
    i = cast(Asked, g.state.pending)["player"]
    pay = list(a.get("pay") or ())
    n = int(g.rules.modes["twins"]["wido"].get("swap_for_corruption", 2))
    if len(pay) > n:
        return f"Wido swaps at most {n} Essences."
    return g.has_cards(i, pay)


def ts_perform(g: Game, a: Action) -> None:
    s = g.state
    i = cast(Asked, g.take_pending())["player"]
    pay = list(a.get("pay") or ())
    g.pay(i, pay)
    for _ in pay:
        card = g.draw_card("corruption")
        if card:
            s.tribes[i].essences.append(card)


def menace_setup(g: Game, t: Step) -> None:
    """R33: place the difficulty's Menace / Corruption tokens under distinct Guardians."""
    s, r = g.state, g.rules
    diff = r.difficulty(s.difficulty)
    want = {"menace": int(diff["menace"]), "corruption": int(diff["corruption"])}
    s.bag = list(r.menace_tokens)
    if diff.get("corruption_in_setup_bag"):
        s.bag.extend(r.corruption_tokens)
    aside: list[str] = []
    placed = {"menace": 0, "corruption": 0}

    def kind_of(tok: str) -> str:
        return "corruption" if r.token_kind(tok) == "corruption" else "menace"

    def placeable(tokens: Iterable[str]) -> bool:
        """Some token could still go somewhere: its kind is not full and a side shows a free Guardian."""
        return any(placed[kind_of(tok)] < want[kind_of(tok)] and
                   any(not s.guardians[side]["token"] for side in r.tokens[tok][1]) for tok in tokens)

    while placed != want:
        if not s.bag:
            # R46: the bag ran dry before the counts were met: the set-aside tokens go back in and
            # drawing goes on. (The guard stops a position no token could ever complete; the
            # difficulties of data/modes.yaml never reach it: 5 tokens under 8 Guardians at most.)
            if not placeable(aside):
                break
            s.bag.extend(aside)
            aside = []
        # The bag is not empty here, and a Menace or Corruption token always shows a side (R6).
        tok, side = cast("tuple[str, str]", g.draw_token())
        kind = kind_of(tok)
        if placed[kind] >= want[kind] or s.guardians[side]["token"]:
            aside.append(tok)
            continue
        s.guardians[side]["token"] = tok
        placed[kind] += 1
    s.bag.extend(aside)
    s.bag.extend(tok for tok in r.corruption_tokens if tok not in s.bag and
                 all(d["token"] != tok for d in s.guardians.values()))
    s.bag.extend(r.havoc_tokens)


def finish_setup(g: Game, t: Step) -> None:
    s = g.state
    for tribe in s.tribes:
        tribe.inactive.extend(tribe.set_aside)
        tribe.set_aside = []
        for c in tribe.setup_cards:
            g.discard_card(c)
        tribe.setup_cards = []
    if g.coop_like():
        for col in s.decks:
            s.decks[col].extend(s.discards[col])
            s.discards[col] = []
            g.rng.shuffle(s.decks[col])
    s.stage = "play"
    s.round, s.lap, s.active, s.phase = 1, 1, s.first_player, None
    g.log("The game begins.")


# ---------------------------------------------------------------- setup decisions
def _cards_bind(g: Game, i: int) -> bool:
    """Coop/solo set-up: tribe i's Settlements go in the Areas of its revealed cards while any are left."""
    return g.coop_like() and bool(g.state.tribes[i].setup_cards)


def cards_asked_now(g: Game, i: int) -> bool:
    """Whether the set-up step asked now is tribe i's Settlement in the Areas of its revealed cards
    (what the table shows the cards for). Cards left over wait through the other steps: unused in
    a game of 3-4, the next Settlement's in solo and a 2-player Full Coop."""
    pend = g.state.pending
    return (g.state.stage == "setup" and pend is not None and pend.get("kind") == "place_settlement"
            and pend.get("player") == i and _cards_bind(g, i))


def _settle_regions(g: Game, i: int) -> list[str]:
    s = g.state
    taken = {r for t in s.tribes for r in t.settlements}
    regions = [r for r in g.rules.board.regions if r not in taken]
    cards = s.tribes[i].setup_cards
    if _cards_bind(g, i):
        areas = {c.back for c in cards}
        regions = [r for r in regions if g.rules.region_area[r] in areas]
    return sorted(regions)


def ps_enum(g: Game) -> list[Action]:
    return [Action.raw("place_settlement", (("region", r),)) for r in _settle_regions(g, cast(Asked, g.state.pending)["player"])]


def ps_check(g: Game, a: Action) -> str | None:
    i = cast(Asked, g.state.pending)["player"]
    r = a.get("region")
    if r not in g.rules.board.regions:
        return "Choose a Region for the Settlement."
    if g.owner_of(r) is not None:
        return "That Region already has a Settlement."
    if r not in _settle_regions(g, i):
        return "Place it in the Area of one of your revealed Essence cards."
    return None


def ps_perform(g: Game, a: Action) -> None:
    s = g.state
    pend = cast(Asked, g.take_pending())
    i = pend["player"]
    tribe = s.tribes[i]
    r = a["region"]
    tribe.settlements.append(r)
    area = g.rules.region_area[r]
    if g.coop_like() and tribe.setup_cards:
        for c in tribe.setup_cards:
            if c.back == area:
                tribe.setup_cards.remove(c)
                g.discard_card(c)
                break
    if pend.get("extra") and g.variant("twins"):
        cols = region_colours(g, r)
        if len(set(cols)) > 1:                     # a Heartland: the player picks its Terrain
            g.ask(i, "starting_essence", region=r, colors=cols, bonus=True)
        else:
            g.gain(i, cols[0])


def _hero_choices(g: Game, i: int) -> list[str]:
    tribe = g.state.tribes[i]
    return [h for h in tribe.inactive if g.rules.catalog.heroes[h].get("starting")]


def ch_enum(g: Game) -> list[Action]:
    return [Action.raw("choose_hero", (("hero", h),)) for h in _hero_choices(g, cast(Asked, g.state.pending)["player"])]


def ch_check(g: Game, a: Action) -> str | None:
    if a.get("hero") not in _hero_choices(g, cast(Asked, g.state.pending)["player"]):
        return "Choose one of your inactive starting Heroes (not one set aside, not the Shadow)."
    return None


def ch_perform(g: Game, a: Action) -> None:
    i = cast(Asked, g.take_pending())["player"]
    _activate(g, i, a["hero"])


def ph_enum(g: Game) -> list[Action]:
    pend = cast(Asked, g.state.pending)
    who = ("hero", pend["hero"])
    return [Action.raw("place_hero", (who, ("node", n))) for n in free_nodes_of_owned(g, pend["player"])]


def ph_check(g: Game, a: Action) -> str | None:
    pend = cast(Asked, g.state.pending)
    if a.get("hero") not in (None, pend["hero"]):
        return f"Place your {pend['hero']}."
    if a.get("node") not in free_nodes_of_owned(g, pend["player"]):
        return "Place the Hero on a free node of one of your Regions."
    return None


def ph_perform(g: Game, a: Action) -> None:
    pend = cast(Asked, g.take_pending())
    g.state.tribes[pend["player"]].heroes[pend["hero"]].node = a["node"]


def se_enum(g: Game) -> list[Action]:
    return [Action("starting_essence", color=c) for c in dict.fromkeys(cast(Asked, g.state.pending)["colors"])]


def se_check(g: Game, a: Action) -> str | None:
    colors = cast(Asked, g.state.pending)["colors"]
    if a.get("color") not in colors:
        return f"Choose {either(list(dict.fromkeys(colors)))}."
    return None


def se_perform(g: Game, a: Action) -> None:
    s = g.state
    pend = cast(Asked, g.take_pending())
    g.gain(pend["player"], a["color"], told=True)      # "You take a Red Essence" said it
    if not pend.get("bonus") and pend.get("region"):
        s.tribes[pend["player"]].heartland_picks[pend["region"]] = a["color"]


# The Twins: each tribe levels its Hero once for free (Wido may draw a random Sower Perk instead).
def fl_enum(g: Game) -> list[Action]:
    i = cast(Asked, g.state.pending)["player"]
    return [Action("free_level", **dict(f)) for f in level_targets(g, i)]


def fl_check(g: Game, a: Action) -> str | None:
    if a not in fl_enum(g):
        return "Choose a face-up Perk (and one to discard) for your free level."
    return None


def fl_perform(g: Game, a: Action) -> None:
    s = g.state
    i = cast(Asked, g.take_pending())["player"]
    hero = s.tribes[i].heroes[a["hero"]]
    perk = a["perk"]
    if perk == "random-sower":                     # tribe_phase.RANDOM_SOWER
        perk = draw_sower_perk(g)
    else:
        take_perk(g, perk, a.get("discard"))
    hero.perks.append(perk)
    hero.gems = g.max_gems(hero)
    on_perk_gained(g, i, hero, perk)


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("twins_swap", ts_enum, ts_check, ts_perform),
    move("place_settlement", ps_enum, ps_check, ps_perform),
    move("choose_hero", ch_enum, ch_check, ch_perform),
    move("place_hero", ph_enum, ph_check, ph_perform),
    move("starting_essence", se_enum, se_check, se_perform),
    move("free_level", fl_enum, fl_check, fl_perform),
)
TASKS = (
    Task("ask", ask_task),
    Task("ask_place_hero", ask_place_hero),
    Task("coop_cards", coop_cards),
    Task("starting_scenario", starting_scenario),
    Task("scenario_essences", scenario_essences),
    Task("drifter_setup", drifter_setup),
    Task("starting_essences", starting_essences),
    Task("three_player_bonus", three_player_bonus),
    Task("random_harvest", random_harvest),
    Task("twins_level", twins_level),
    Task("twins_start", twins_start),
    Task("menace_setup", menace_setup),
    Task("finish_setup", finish_setup),
)

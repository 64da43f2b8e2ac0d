"""The Event Phase in its fixed order (R28): Guardian movement, Menace Draft, Beacon solves, Harvest."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from .actions import Action
from .card import Card
from .core import Game
from .corruption import raise_event
from .names import either
from .registry import Task, move
from .state import Tribe
from .words import COLORS, Colour
from .triggers import on_harvest

Step = dict[str, Any]      # a procedure step from state.queue: {"task": name, ...}
# The decision being asked: a decision's moves run only while it is asked, so never None there.
Asked = dict[str, Any]


def _me(g: Game) -> tuple[int, Tribe]:
    return g.state.active, g.state.tribes[g.state.active]


# ---------------------------------------------------------------- 1. Great Guardian movement (R29)
def guardian_cards(g: Game, i: int) -> dict[str, Card]:
    """Guardian -> one card of the pool whose back shows it."""
    out: dict[str, Card] = {}
    for c in g.state.tribes[i].essences:
        back = c.back                       # None for a card whose back is not seen
        if back is not None:
            out.setdefault(back, c)
    return out


def why_no_guardian_card(gd: str, cards: Mapping[str, Card]) -> str:
    """Why the Guardian gd cannot move: the card it takes (R29: any colour with gd on its back,
    shown, kept) and, since the pool holds none, the Guardians the pool's backs do show."""
    need = f"To move the {gd}, show an Essence card of any colour with the {gd} on its back (it stays in your pool)"
    if not cards:
        return need + ": none of your Essences has a Guardian on its back."
    return need + ": you hold none; your Essences' backs show only " + either([f"the {x}" for x in sorted(cards)], "and") + "."


def mg_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    out: list[Action] = []
    for gd, card in sorted(guardian_cards(g, i).items()):
        here = g.state.guardians[gd]["region"]
        for r in g.rules.board.areas[gd]:
            if r != here:
                out.append(Action.raw("move_guardian", (("card", card), ("guardian", gd), ("region", r))))
    return out


def mg_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    gd, r, card = a.get("guardian"), a.get("region"), a.get("card")
    if gd not in g.state.guardians:
        return "Choose a Great Guardian to move."
    cards = guardian_cards(g, i)
    if card is not None:
        if card not in t.essences:
            return f"You hold no {card} in your pool."
        if card.back != gd:
            return f"That card's back shows the {card.back or 'no Guardian'}, not the {gd}."
    elif gd not in cards:
        return why_no_guardian_card(gd, cards)
    if r not in g.rules.board.areas.get(gd, ()):
        return f"The {gd} moves only within its own Area."
    if r == g.state.guardians[gd]["region"]:
        return f"The {gd} is already there."
    return None


def mg_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    g.state.guardians[a["guardian"]]["region"] = a["region"]
    g.state.event_step = "draft"


# ---------------------------------------------------------------- 2. Menace Draft (R7)
def draft_perform(g: Game, a: Action) -> None:
    s = g.state
    s.draft_left = g.rules.draft_count(s.doom)
    s.event_step = "beacons"
    g.log(f"Menace Draft: {s.draft_left} token{'s' if s.draft_left != 1 else ''} to draw.")
    g.push_front({"task": "draft_next"})


def _stops_draft(g: Game) -> bool:
    return g.rules.stop_draft_from <= g.state.doom < g.rules.doom_max


def draft_next(g: Game, t: Step) -> None:
    s = g.state
    if s.draft_left <= 0:
        return
    drawn = g.draw_token()
    if drawn is None:
        s.draft_left = 0
        g.log("The bag is empty.")
        return
    s.draft_left -= 1
    tok, side = drawn
    kind = g.rules.token_kind(tok)
    if kind == "havoc":
        g.log("Havoc! Every discarded token goes back into the bag.")
        s.bag.append(tok)
        s.bag.extend(s.set_aside)
        s.set_aside = []
        g.move_doom(1, "Havoc")
        if _stops_draft(g):
            s.draft_left = 0
        g.push_front({"task": "draft_next"})
    elif kind == "corruption":
        g.log(f"A Corruption token shows the {side}: a Corruption Event.")
        g.push_front({"task": "draft_after_event"}, {"task": "draft_next"})
        raise_event(g, s.active, token=tok, guardian=side)
    else:
        guardian = s.guardians[cast(str, side)]     # a Menace token shows a Guardian (R6): only Havoc shows none
        if guardian.get("token"):
            # the rulebook's words: a Guardian already Threatened (a Menace) or Corrupted
            status = "Corrupted" if g.rules.token_kind(guardian["token"]) == "corruption" else "Threatened"
            s.set_aside.append(tok)
            g.log(f"A {kind} Menace for the {side}, already {status}: discarded.")
            g.move_doom(1, f"{kind} Menace for the {side}, already {status}")
        else:
            guardian["token"] = tok
            g.log(f"A {kind} Menace now threatens the {side}.")
        g.push_front({"task": "draft_next"})


def draft_after_event(g: Game, t: Step) -> None:
    if _stops_draft(g):
        g.state.draft_left = 0


# ---------------------------------------------------------------- 3. Solve by Beacon or Totem
def beacon_reach(g: Game, i: int, region: str) -> set[str]:
    s = g.state
    if s.totem["owner"] == i and s.totem["region"] == region:
        return set(g.rules.board.regions)       # Beacon + Totem: the whole map
    return set(g.rules.board.areas[g.rules.region_area[region]])


def bs_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    out: list[Action] = []
    for r, col in t.beacons.items():
        if r in g.state.beacons_used:
            continue
        reach = beacon_reach(g, i, r)
        for gd, d in g.state.guardians.items():
            if d.get("token") and g.rules.token_kind(d["token"]) == col and d["region"] in reach:
                out.extend(solve_variants(g, i, col, Action("beacon_solve", region=r, guardian=gd)))
    return out


def bs_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    r, gd = a.get("region"), a.get("guardian")
    if r not in t.beacons:
        return "Choose one of your Beacons."
    if r in g.state.beacons_used:
        return "That Beacon already solved a Menace this phase."
    if gd not in g.state.guardians:
        return "Choose a Great Guardian with a Menace."
    if not g.state.guardians[gd].get("token"):
        return f"The {gd} has no Menace."
    col = t.beacons[r]
    if g.rules.token_kind(g.state.guardians[gd]["token"]) != col:
        return f"A {col} Beacon solves only {col} Menaces."
    if g.state.guardians[gd]["region"] not in beacon_reach(g, i, r):
        return "That Menace is outside the Beacon's Area (a Beacon with the Totem reaches the whole map)."
    return check_target(g, i, col, a)


def bs_perform(g: Game, a: Action) -> None:
    i, t = _me(g)
    g.state.beacons_used.append(a["region"])
    solve_token(g, i, a["guardian"], a.get("target"))


def solve_variants(g: Game, i: int, colour: str, action: Action) -> list[Action]:
    """Solving moves are listed once; a full track's rival is asked afterwards (advanced rule)."""
    return [action]


def rivals(g: Game, i: int, colour: Colour) -> list[int]:
    return [j for j in range(g.state.players) if j != i and g.state.tribes[j].solved[colour] > 0]


def mr_enum(g: Game) -> list[Action]:
    pend = cast(Asked, g.state.pending)
    return [Action("menace_rival", target=j) for j in pend["rivals"]]


def mr_check(g: Game, a: Action) -> str | None:
    pend = cast(Asked, g.state.pending)
    t = a.get("target")
    if not isinstance(t, int) or isinstance(t, bool) or t not in pend["rivals"]:
        return (f"Choose a rival whose {pend['color']} tracking token can step back: "
                f"{either([g.tribe_name(j) for j in pend['rivals']])}.")
    return None


def mr_perform(g: Game, a: Action) -> None:
    s = g.state
    pend = cast(Asked, g.take_pending())
    rival = s.tribes[a["target"]]
    rival.solved[pend["color"]] = max(0, rival.solved[pend["color"]] - 1)


def check_target(g: Game, i: int, colour: str, a: Action) -> str | None:
    tgt = a.get("target")
    if tgt is None:
        return None
    if not g.variant("advanced_menace_rule"):
        return "A target is only chosen with the advanced Menace rule."
    if not isinstance(tgt, int) or isinstance(tgt, bool) or tgt == i or not 0 <= tgt < g.state.players:
        return "Choose another player."
    return None


def solve_token(g: Game, i: int, gd: str, target: int | None = None, reward: bool = True) -> None:
    """Solve the Menace under gd for tribe i: discard it, draw its Essence, move the tracker."""
    s = g.state
    tok = s.guardians[gd]["token"]
    # A Menace token's kind is its colour (a Corruption token is answered by an Event instead).
    col = cast(Colour, g.rules.token_kind(tok))
    s.guardians[gd]["token"] = None
    s.set_aside.append(tok)
    if reward:
        g.gain(i, col)
    t = s.tribes[i]
    if t.solved[col] >= g.rules.menace_max and g.variant("advanced_menace_rule") and col in COLORS:
        # Advanced Rule: a rival's tracking token steps back (named, or asked: R27).
        if target is not None:
            rival = s.tribes[target]
            rival.solved[col] = max(0, rival.solved[col] - 1)
        elif rivals(g, i, col):
            g.ask(i, "menace_rival", color=col, rivals=rivals(g, i, col))     # seats, like "player"
    g.advance_track(i, col)


# ---------------------------------------------------------------- 4. Harvest (R10, R11, R31)
def max_steps(g: Game, i: int) -> int:
    return max(g.rules.harvest_min, len(g.state.tribes[i].settlements) + g.rules.harvest_add)


def hv_enum(g: Game) -> list[Action]:
    i, t = _me(g)
    return [Action.raw("harvest", (("steps", k),)) for k in range(g.rules.harvest_min, max_steps(g, i) + 1)]


def hv_check(g: Game, a: Action) -> str | None:
    i, t = _me(g)
    k = a.get("steps")
    if not isinstance(k, int) or not g.rules.harvest_min <= k <= max_steps(g, i):
        return f"Move the Harvest token 1 to {max_steps(g, i)} steps."  # R10
    return None


def hv_perform(g: Game, a: Action) -> None:
    s = g.state
    i = s.active
    s.harvest = (s.harvest + a["steps"]) % len(g.rules.wheel)
    s.event_step = "done"
    space = g.rules.wheel[s.harvest]
    g.log(f"The Harvest token stops at {space}.")
    tasks: list[Step] = []
    frozen = is_frozen(g, s.harvest)
    if frozen:
        g.log("Frost covers that space: no Harvest (Winter's Grasp).")
    elif space in g.rules.guardians:
        for p in g.order_from(i):
            for r in area_regions(g, p, space):
                tasks.append({"task": "harvest_region", "player": p, "region": r})
    else:
        for p in terrain_harvesters(g):
            tasks.append({"task": "harvest_terrain", "player": p, "terrain": space})
        for p in g.order_from(i):
            for colour in herb_bonus(g, p, space):
                tasks.append({"task": "harvest_gain", "player": p, "color": colour, "terrain": space})
    if not frozen:
        # "Whenever a Harvest resolves" (Bitter Harvest, R23): a frozen space resolves no Harvest
        # (Winter's Grasp), so its triggers stay silent too.
        tasks.append({"task": "harvest_done"})
    tasks.append({"task": "end_turn"})
    g.push_front(*tasks)


# What a Harvest stop pays, said once: the Harvest's own steps above and below, its preview
# (preview.harvest_preview) and the bots' count (harvest_yield) read these.
def is_frozen(g: Game, idx: int) -> bool:
    """Winter's Grasp: frost on a Guardian space of the wheel means no Harvest there."""
    return idx in g.state.winter_gems and g.rules.wheel[idx] in g.rules.guardians


def area_regions(g: Game, p: int, area: str) -> list[str]:
    """Tribe p's Regions in a Guardian's Area, in the order the Harvest takes them (Harvest A:
    one Essence per owned Region there)."""
    ra = g.rules.region_area
    out = [r for r in g.state.tribes[p].settlements if ra[r] == area]
    out.sort()
    return out


def terrain_harvesters(g: Game) -> list[int]:
    """Who picks a Region when the token stops on a Terrain (Harvest B): every tribe from the
    active one; in solo and coop only the active tribe (R31)."""
    i = g.state.active
    return [i] if g.coop_like() else g.order_from(i)


def herb_bonus(g: Game, p: int, terrain: str) -> list[Colour]:
    """The Essences tribe p's Herbs add to a Harvest of `terrain` (a harvest_bonus Herb: one card
    of that Terrain's colour each; it pays every owner, in coop too: R31)."""
    r = g.rules
    out: list[Colour] = []
    for h in g.state.tribes[p].herbs:
        ab = r.herb_ability(h, "harvest_bonus")
        if ab and ab["terrain"] == terrain:
            out.append(r.terrain_color[ab["terrain"]])     # the Herb's Terrain: `terrain` is any wheel word
    return out


def region_gives(g: Game, p: int, reg: str) -> tuple[list[Colour], bool]:
    """What tribe p's untroubled Region gives when the token stops on its Guardian: (colours,
    one_of). A Heartland gives both its Terrains with p's Beacon on it (two cards, also when the
    token repeats the printed Terrain: rulebook Harvest A, R5), else one of its two colours; any
    other Region one card of its Terrain."""
    cols = region_colours(g, reg)
    if len(cols) == 2 and reg in g.state.tribes[p].beacons:
        return cols, False
    if len(cols) == 2 and cols[0] != cols[1]:
        return cols, True
    return cols[:1], False


def harvest_yield(g: Game, idx: int, statuses: Mapping[str, str] | None = None) -> tuple[tuple[int, int], ...] | None:
    """What a Harvest stop on wheel space `idx` pays each tribe, by seat: (Essence cards, Corruption
    Events), counted as the Harvest's steps resolve it (R10, R11, R31); None when frost covers the
    space (Winter's Grasp). A Guardian space: every tribe, each owned Region of the Area (a
    Threatened one gives nothing, a Corrupted one an Event). A Terrain space: each harvester's
    best pick (one card when an untroubled Region of that Terrain is owned, else an Event only
    when every such Region is Corrupted), plus every tribe's Herb bonus. Lean, for playouts;
    preview.harvest_preview tells the same by Region and colour. `statuses`: Game.region_statuses()
    of this state, when the caller holds it already (a bot asks for several spaces at once)."""
    if is_frozen(g, idx):
        return None
    s = g.state
    r = g.rules
    space = r.wheel[idx]
    status = g.region_statuses() if statuses is None else statuses
    out: list[tuple[int, int]] = []
    if space in r.guardians:
        for p in range(s.players):
            cards = events = 0
            for reg in area_regions(g, p, space):
                st = status.get(reg)
                if st is None:
                    gives, one_of = region_gives(g, p, reg)
                    cards += 1 if one_of else len(gives)
                elif st == "corrupted":
                    events += 1
            out.append((cards, events))
        return tuple(out)
    pickers = terrain_harvesters(g)
    for p in range(s.players):
        cards = events = 0
        if p in pickers:
            sts = [status.get(reg) for reg in terrain_regions(g, p, space)]
            if None in sts:
                cards = 1                                    # an untroubled pick
            elif sts and "threatened" not in sts:
                events = 1                                   # every pick is Corrupted
        if s.tribes[p].herbs:
            cards += len(herb_bonus(g, p, space))
        out.append((cards, events))
    return tuple(out)


def region_colours(g: Game, r: str) -> list[Colour]:
    """Essence colours a Region can give: its terrain, and its Heartland token (R5)."""
    cols = [g.rules.terrain_color[g.rules.region_terrain[r]]]
    hl = g.state.heartlands.get(g.rules.region_area[r])
    if hl and hl["region"] == r and hl.get("token"):
        cols.append(g.rules.terrain_color[hl["token"]])
    return cols


def harvest_region(g: Game, t: Step) -> None:
    p, r = t["player"], t["region"]
    status = g.region_status(r)
    if status == "threatened":
        g.log(f"{r} is Threatened: {g.tribe_name(p)} harvests nothing there.")
        return
    if status == "corrupted":
        g.log(f"{r} is Corrupted: {g.tribe_name(p)} faces a Corruption Event.")
        raise_event(g, p)
        return
    gives, one_of = region_gives(g, p, r)
    if one_of:
        g.ask(p, "harvest_choice", region=r, colors=gives)
    else:
        for c in gives:
            g.gain(p, c, source=f"from {r}")


def harvest_terrain(g: Game, t: Step) -> None:
    p, terr = t["player"], t["terrain"]
    regs = terrain_regions(g, p, terr)
    if not regs:
        g.log(f"{g.tribe_name(p)} owns no {terr} Region.")
        return
    g.ask(p, "harvest_choice", terrain=terr, regions=regs)


def terrain_regions(g: Game, p: int, terr: str) -> list[str]:
    """Tribe p's Regions of Terrain `terr`, a Heartland counting by its token too (R31), sorted."""
    r = g.rules
    rt, ra, hls = r.region_terrain, r.region_area, g.state.heartlands
    out: list[str] = []
    for reg in g.state.tribes[p].settlements:
        if rt[reg] == terr:
            out.append(reg)
        else:
            hl = hls.get(ra[reg])
            if hl and hl["region"] == reg and hl.get("token") == terr:
                out.append(reg)
    out.sort()
    return out


def harvest_gain(g: Game, t: Step) -> None:
    # a Herb's Harvest bonus (R31): said as such ("... from its Forest Herb": herb-forest, said by Names.text)
    herb = next((h for h in g.state.tribes[t["player"]].herbs
                 if (g.rules.herb_ability(h, "harvest_bonus") or {}).get("terrain") == t.get("terrain")), None)
    g.gain(t["player"], t["color"], source=f"from its {herb}" if herb else "")


def harvest_done(g: Game, t: Step) -> None:
    on_harvest(g)


def hc_enum(g: Game) -> list[Action]:
    pend = cast(Asked, g.state.pending)
    if "colors" in pend:
        r = ("region", pend["region"])
        return [Action.raw("harvest_choice", (("color", c), r)) for c in pend["colors"]]
    return [Action.raw("harvest_choice", (("region", r),)) for r in pend["regions"]]


def hc_check(g: Game, a: Action) -> str | None:
    pend = cast(Asked, g.state.pending)
    if "colors" in pend:
        if a.get("region") not in (None, pend["region"]):
            return f"The choice is about {pend['region']}."
        if a.get("color") not in pend["colors"]:
            return f"Choose {either(pend['colors'])}."
        return None
    if a.get("region") not in pend["regions"]:
        return f"Choose one of your {pend['terrain']} Regions: {either(pend['regions'])}."
    return None


def hc_perform(g: Game, a: Action) -> None:
    pend = cast(Asked, g.take_pending())
    p = pend["player"]
    if "colors" in pend:
        g.gain(p, a["color"], told=True)     # "You take a Blue Essence from ..." said it
        return
    r = a["region"]
    status = g.region_status(r)
    # one line for the pick, what it gave included ("harvests from bear-forest." then "gains 1
    # green Essence." said it twice): the colour is the Harvest's, known here
    if status == "threatened":
        g.retell(f"{g.tribe_name(p)} harvests nothing from {r}: it is Threatened.")
    elif status == "corrupted":
        raise_event(g, p)
    else:
        colour = g.rules.terrain_color[pend["terrain"]]
        if g.gain(p, colour, told=True):         # none left to draw: gain says so after the move's line
            g.retell(f"{g.tribe_name(p)} harvests 1 {colour} Essence from {r}.")


# What this module adds to the engine: wiring.py builds the registry from these tables.
MOVES = (
    move("move_guardian", mg_enum, mg_check, mg_perform, quiet=True),
    move("draft", lambda g: [Action.raw("draft", ())], lambda g, a: None, draft_perform, quiet=True),
    move("beacon_solve", bs_enum, bs_check, bs_perform),
    move("menace_rival", mr_enum, mr_check, mr_perform),
    move("harvest", hv_enum, hv_check, hv_perform, quiet=True),  # queues the Harvest
    move("harvest_choice", hc_enum, hc_check, hc_perform, quiet=True),
)
TASKS = (
    Task("draft_next", draft_next, quiet=True),  # tokens and Doom; an Event is only asked
    Task("draft_after_event", draft_after_event, quiet=True),
    Task("harvest_region", harvest_region, quiet=True),  # Essences, or an Event asked
    Task("harvest_terrain", harvest_terrain, quiet=True),  # asks, or logs
    Task("harvest_gain", harvest_gain, quiet=True),  # an Essence is no measure
    Task("harvest_done", harvest_done, quiet=True),  # Sower Perks add Corruption Essences only
)

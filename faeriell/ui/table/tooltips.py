"""Tooltips: a title and a few lines for whatever the mouse rests on.

Card, tile and Achievement texts come from data/*.yaml (`name`, `text`); state facts (who owns a
Region, what stands on a Node) are read from the game. Hidden things stay hidden (R4).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

import pygame

from faeriell.engine.card import back_of
from faeriell.engine.names import either
from faeriell.engine.preview import achievement_progress, draft_preview, harvest_preview
from faeriell.engine.words import COLORS
from faeriell.ui.table import theme as T
from faeriell.ui.table.tribe_board import PHASES
from faeriell.ui.table.keys import AchievementTile, AttuneFree, AttuneOwn, AttuneTaken, BeaconPiece, Button, CorruptionSpace, DesignatedArea, DesignatedToken, DoomLabel, DoomSpace, FirstPlayer, GoalMeter, GuardianPiece, HarvestToken, HeartlandToken, HerbDeck, HerbDiscard, HerbOwn, HerbUp, HeroSlot, InactiveHero, MenaceBag, MenaceTrack, NodeSpot, PerkTile, PerkUp, PhaseTile, PoolCard, PuzzleCard, QuestCard, QuestDeck, QuestDiscard, RegionSpot, RoundLap, SetAside, SettlementPiece, SetupCard, SideScroll, SlotToken, SowerPerk, SowerPile, SowerTribe, SupplyBeacon, SupplySettlement, TableKey, TokenSlot, TotemCards, TotemPiece, TotemSlot, TribeSmall, UnderGuardian, UndoOff, WheelSpace
from faeriell.engine.preview import goal_progress
from faeriell.ui.table.goal import meter_tip


Tip = tuple[str, list[str]]


@dataclass(frozen=True)
class TipKind:
    """What the table says about one kind of key (its type): the tooltip, and the rules
    screen's section (data/rules/reference.yaml) that F1 opens while it is pointed at (issue 42:
    "a link to its rule"), if any."""
    tip: Callable[[Any, Any], Tip | None]
    topic: str | None = None


def _text_of(cat, table, cid) -> str:
    return str(((getattr(cat, table, None) or {}).get(cid) or {}).get("text") or "")


def _goal_meter(key: GoalMeter, p) -> Tip | None:
    return meter_tip(goal_progress(p.g))


def _region(key: RegionSpot, p) -> Tip | None:
    s, w, rules = p.s, p.words, p.rules
    r = key.region
    reg = rules.board.regions[r]
    lines = [f"{w.terrain(reg.terrain)} in {w.area(reg.area)} "
             f"(gives {w.color(rules.terrain_color[reg.terrain])} Essences)"]
    hl = s.heartlands.get(reg.area)
    if hl and hl.get("region") == r:
        lines.append(f"Heartland: also counts as {w.region(hl['token'])}")
    owner = p.g.owner_of(r)
    lines.append(f"Settlement of {w.tribe(s.tribes[owner].id)}" if owner is not None else "No Settlement")
    for t in s.tribes:
        if r in t.beacons:
            lines.append(f"{w.color(t.beacons[r])} Beacon")
    if s.totem.get("region") == r:
        lines.append("The Spiritual Totem stands here")
    gd = p.g.guardian_at(r)
    if gd:
        st = p.g.region_status(r)
        # the rulebook's words for the state ('threatened' -> "Threatened", "Corrupted")
        lines.append(f"{w.guardian(gd)} is here" + (f" - {st.capitalize()}" if st else ""))
    name = w.region(r)
    return name[:1].upper() + name[1:], lines


def _node(key: NodeSpot, p) -> Tip | None:
    s, w, rules = p.s, p.words, p.rules
    n = key.node
    lines = ["Between " + either([w.region(x) for x in rules.node_regions[n]], "and")]
    for t in s.tribes:
        for h, hero in t.heroes.items():
            if hero.node == n:
                lines.append(f"{w.tribe(t.id)}'s {w.hero(h)} stands here")
    if s.drifter and s.drifter.get("node") == n:
        lines.append("The Drifter stands here")
    return "Node", lines


def _guardian(key: GuardianPiece, p) -> Tip | None:
    s, cat, w = p.s, p.cat, p.words
    gd = key.guardian
    d = s.guardians[gd]
    g = cat.guardians.get(gd, {})
    lines = [f"{g.get('name', gd)}, {g.get('title', '')}", f"In {w.region(d['region'])}"]
    und = p.g.under(gd)
    if und == "corruption":
        lines.append("Corrupted: its Region gives no Essence and harvesting it raises a Corruption Event")
    elif und:
        lines.append(f"Threatened by a {w.color(und)} Menace: its Region gives no Essence")
    return w.guardian(gd), lines


def _under(key: UnderGuardian, p) -> Tip | None:
    w = p.words
    und = p.g.under(key.guardian)
    return ("Corruption token" if und == "corruption" else f"{w.color(und)} Menace token"), \
        [f"Under {w.guardian(key.guardian)}"]


def _hero(key: HeroSlot, p) -> Tip | None:
    s, cat, w = p.s, p.cat, p.words
    i, h = key.tribe, key.hero
    t = s.tribes[i]
    hero = t.heroes.get(h)
    if hero is None:
        return None
    lines = [f"{w.tribe(t.id)} · Level {hero.level} · {hero.gems} Action gem{'s' if hero.gems != 1 else ''} left"]
    if hero.perks:
        lines.append("Perks: " + ", ".join(w.perk(x) for x in hero.perks))
    if hero.quests:
        lines.append(f"{len(hero.quests)} Quest card{'s' if len(hero.quests) != 1 else ''}")
    lines.append(_text_of(cat, "heroes", h))
    return w.hero(h), lines


def _inactive(key: InactiveHero, p) -> Tip | None:
    cat, w = p.cat, p.words
    return f"{w.hero(key.hero)} (inactive)", [_text_of(cat, "heroes", key.hero)]


def _settlement(key: SettlementPiece, p) -> Tip | None:
    s, w = p.s, p.words
    return f"Settlement of {w.tribe(s.tribes[key.tribe].id)}", [w.region(key.region)]


def _supply_settlement(key: SupplySettlement, p) -> Tip | None:
    s = p.s
    t = s.tribes[key.tribe]
    n = p.rules.settlements_per_tribe - len(t.settlements)
    return "Settlements", [f"{n} left on the board. Drag one onto a Region next to yours or next to one of your Heroes.",
                           f"Costs as many Essences of one colour as Settlements you own ({len(t.settlements)})."]


def _beacon(key: BeaconPiece, p) -> Tip | None:
    s, w = p.s, p.words
    col = next((t.beacons[key.region] for t in s.tribes if key.region in t.beacons), "?")
    return f"{w.color(col)} Beacon", [f"Solves a {w.color(col)} Menace in its Area once per Event Phase "
                                      "(the whole island with the Totem on its Region)."]


def _supply_beacon(key: SupplyBeacon, p) -> Tip | None:
    s, w = p.s, p.words
    col = key.color
    return f"{w.color(col)} Beacon", [f"{s.beacon_supply.get(col, 0)} left. Costs 1 Yellow + 1 {w.color(col)} + 1 any.",
                                      "Drag it onto one of your Regions."]


def _totem(key: TotemPiece | TotemSlot | TotemCards, p) -> Tip | None:
    s, w = p.s, p.words
    owner = s.totem.get("owner")
    lines = [f"Controlled by {w.tribe(s.tribes[owner].id)}" if owner is not None else "Not controlled yet",
             f"Cost: 1 Yellow + {len(s.totem.get('cards', []))} (Yellows on the Totem slot)",
             "Drag it onto one of your Regions with a Beacon."]
    return "Spiritual Totem", lines


def _deck(key: QuestDeck | QuestDiscard, p) -> Tip | None:
    s, w = p.s, p.words
    col = key.color
    return f"{w.color(col)} Essences", [f"Deck: {len(s.decks.get(col, []))} cards",
                                        f"Discard pile: {len(s.discards.get(col, []))} cards"]


def _herb_up(key: HerbUp | HerbOwn, p) -> Tip | None:
    cat, w = p.cat, p.words
    h = key.herb if isinstance(key, HerbUp) else key.card
    return w.herb(h), [_text_of(cat, "herbs", h)]


def _herb_deck(key: HerbDeck | HerbDiscard, p) -> Tip | None:
    s = p.s
    return "Heirloom Herbs", [f"Deck: {len(s.herb_deck)}", f"Discard: {len(s.herb_discard)}"]


def _attune_free(key: AttuneFree | AttuneOwn | AttuneTaken, p) -> Tip | None:
    cat, w = p.cat, p.words
    a = key.card if isinstance(key, AttuneOwn) else key.guardian
    cost = ((cat.attunements or {}).get(a) or {}).get("cost") or {}
    lines = [_text_of(cat, "attunements", a)]
    if cost:
        lines.append("Cost: " + " + ".join(f"{n} {w.color(c)}" for c, n in cost.items()) +
                     ", one less per Settlement of yours in that Area")
    return w.attunement(a), lines


def _perk_up(key: PerkUp | PerkTile | SowerPerk, p) -> Tip | None:
    cat, w = p.cat, p.words
    perk = key.perk
    return w.perk(perk), [_text_of(cat, "perks", perk)]


def _sower_pile(key: SowerPile, p) -> Tip | None:
    return "Random Corruption Sower Perk", ["Wido may draw one instead of a face-up Perk."]


def _achievement(key: AchievementTile, p) -> Tip | None:
    s, cat, w = p.s, p.cat, p.words
    a = key.achievement
    holders = [w.tribe(s.tribes[i].id) for i in s.achievements.get(a, [])]
    entry = next((e for e in achievement_progress(p.g) if e["id"] == a), None)
    return w.achievement(a), [_text_of(cat, "achievements", a),
                              "Held by " + ", ".join(holders) if holders else "Held by no one"] + \
        (w.progress_lines(entry) if entry else [])


def _phase(key: PhaseTile, p) -> Tip | None:
    s = p.s
    ph = key.phase
    t = s.tribes[key.tribe]
    state = "used this round" if ph in t.phases_done else "face up"
    return f"{ph.capitalize()} Phase tile", [state]


def _wheel(key: WheelSpace, p) -> Tip | None:
    s, w, rules = p.s, p.words, p.rules
    space = rules.wheel[key.space]
    lines = [f"Harvest in {w.area(space)}" if space in rules.guardians
             else f"Each player harvests one owned {w.region(space)} Region"]
    steps = (key.space - s.harvest) % len(rules.wheel)
    if steps:
        lines.append(f"{steps} step{'s' if steps != 1 else ''} from the Harvest token; a Harvest here gives:")
        lines += w.harvest_lines(harvest_preview(p.g, steps))
    elif key.space in s.winter_gems:
        lines.append("Frozen: no Harvest here (Winter's Grasp)")
    return "Harvest wheel", lines


def _harvest_token(key: HarvestToken, p) -> Tip | None:
    s, rules = p.s, p.rules
    t = s.tribes[s.active]
    return "Harvest token", [f"Drag it clockwise 1 to {len(t.settlements) + rules.harvest_add} spaces in the Event Phase."]


def _doom(key: DoomSpace, p) -> Tip | None:
    rules = p.rules
    n, draws = key.space, rules.draft_count(key.space)
    return f"Doom {n}", [f"A Menace Draft draws {draws} token{'s' if draws != 1 else ''} here" if n < rules.doom_max
                         else "Faeriell is doomed"]


def _corruption_track(key: CorruptionSpace, p) -> Tip | None:
    s, w = p.s, p.words
    who = [w.tribe(t.id) for t in s.tribes if t.corruption == key.space]
    return f"Tribe Corruption {key.space}", [", ".join(who) if who else "no tribe here"]


def _bag(key: MenaceBag, p) -> Tip | None:
    s, w = p.s, p.words
    return "Event bag", [f"{len(s.bag)} tokens inside"] + w.draft_lines(draft_preview(p.g))


def _set_aside(key: SetAside, p) -> Tip | None:
    s = p.s
    return "Tokens beside the bag", [f"{len(s.set_aside)} set aside; Havoc puts them back"]


def _pool_card(key: PoolCard, p) -> Tip | None:
    w = p.words
    return "Essence", [w.card(key.card, hidden=back_of(key.card) is None)]


def _quest(key: QuestCard, p) -> Tip | None:
    w = p.words
    c = key.card
    if c == "?":
        return "Quest card", ["Hidden: only its owner knows its Guardian"]
    return "Quest card", [w.card(c), "Solve it on a node of the Region where that Guardian stands."]


def _slot_token(key: SlotToken | TokenSlot, p) -> Tip | None:
    w = p.words
    col = key.color
    return f"Achievement slot ({w.color(col) if col != 'any' else 'any colour'})", [
        "Taking this token to claim an Achievement costs one " + (w.color(col) if col != "any" else
                                                                   "Red, Yellow, Blue or Green") +
        " Essence, or Doom +1."]


def _designated_token(key: DesignatedToken | DesignatedArea, p) -> Tip | None:
    return "Designated area", ["An Achievement token comes here when its tribe loses that Achievement.",
                               "Its tribe's next claim takes it back for free: no Essence, no Doom."]


def _round_lap(key: RoundLap, p) -> Tip | None:
    s = p.s
    if s.stage == "setup":
        return "Set-up", ["Each tribe places its pieces before the first round."]
    return f"Round {s.round}, lap {s.lap} of 3", [
        "A round is three laps round the table: in each lap every tribe takes one turn and plays one "
        "of its three Phase tiles (Tribe, Event, Hero), so each plays every Phase once a round.",
        "Then the First Player changes" + (" and Automatic Doom moves Doom." if p.g.coop_like() else ".")]


def _doom_label(key: DoomLabel, p) -> Tip | None:
    rules = p.rules
    return "Doom", ["The marks under each space are the Menace tokens a Menace Draft draws while "
                    "Doom stands there: the further Doom goes, the more it draws.",
                    f"At {rules.doom_max} Faeriell is doomed and the game ends."]


def _track(key: MenaceTrack, p) -> Tip | None:
    s, w, rules = p.s, p.words, p.rules
    t = s.tribes[key.tribe]
    return f"{w.color(key.color)} Menaces solved", [f"{t.solved[key.color]} of {rules.menace_max}"]


def _tribe_small(key: TribeSmall, p) -> Tip | None:
    s, w = p.s, p.words
    t = s.tribes[key.tribe]
    return f"{w.tribe(t.id)} (player {key.tribe + 1})", [
        f"Settlements {len(t.settlements)}, Heroes {len(t.heroes)}, Essences {len(t.essences)}",
        f"Tribe Corruption {t.corruption}",          # a small board may have no room to say it,
        f"Herbs {len(t.herbs)}, Attunements {len(t.attunements)}",      # nor this
        "Phases left: " + (", ".join(ph.capitalize() for ph in PHASES if ph not in t.phases_done)
                           or "none"),                # nor this
        "Menaces solved: " + ", ".join(f"{w.color(c)} {t.solved.get(c, 0)}" for c in COLORS),
        "Achievements: " + (", ".join(w.achievement(a) for a in t.achievements) or "none"),
        "Nearest: " + ("; ".join(w.nearest_achievements(achievement_progress(p.g), key.tribe)) or "nothing yet"),
        "Click to see this board large; click your own to return."]


def _heartland(key: HeartlandToken, p) -> Tip | None:
    s, w = p.s, p.words
    hl = s.heartlands[key.area]
    return "Heartland token", [f"{w.region(hl['region'])} also counts as {w.region(hl['token'])}"]


def _button(key: Button, p) -> Tip | None:
    w = p.words
    return {"end_phase": ("End Phase", ["Finish this Phase and pass the turn."]),
            "draft": ("Menace Draft", w.draft_lines(draft_preview(p.g))),
            "undo": ("Undo", ["Take back your last move when nothing hidden was revealed."]),
            "moves": ("Moves", ["Moves with no piece to drag: pick one from the list."]),
            "puzzle_retry": ("Retry", ["Start this puzzle again from its file."])}.get(key.name)


def _undo_off(key: UndoOff, p) -> Tip | None:
    return "Undo", ["Nothing to take back now: Undo takes back your own moves of this turn, "
                    "while nothing hidden was revealed."]


def _sower_tribe(key: SowerTribe, p) -> Tip | None:
    s, w = p.s, p.words
    return "Corruption Sower", [f"{w.tribe(s.tribes[key.tribe].id)} serves Doom: its Perks stand beside it."]


def _side_scroll(key: SideScroll, p) -> Tip | None:
    return "Shared boards", ["The window is too short for the whole column: the wheel over it, "
                             "or a click or drag on this bar, shows the rest."]


def _first_player(key: FirstPlayer, p) -> Tip | None:
    return "First player token", []


def _setup_card(key: SetupCard, p) -> Tip | None:
    w = p.words
    c = key.card
    back = back_of(c)
    if not back:
        return "Revealed Essence card", ["Its owner sees which Area it names."]
    area = w.region(back)
    return f"{area} Area", [f"{w.card(c)}, revealed for the coop / solo set-up.",
                            f"A Settlement may go on a free Region of the {area} Area; this card is then "
                            "discarded."]


def _puzzle(key: PuzzleCard, p) -> Tip | None:
    scene_puzzle = getattr(p, "puzzle", None)
    if scene_puzzle is None:
        return None
    lines = [scene_puzzle.description, "Goal: " + scene_puzzle.goal.text, f"Now: {scene_puzzle.status()}"]
    return scene_puzzle.name, lines


# Every kind of key with a tooltip, said once, by its type: a kind missing here shows no tooltip.
KINDS: dict[type[TableKey], TipKind] = {
    GoalMeter: TipKind(_goal_meter, "goal"),
    RegionSpot: TipKind(_region),
    NodeSpot: TipKind(_node),
    GuardianPiece: TipKind(_guardian, "move-guardian"),
    UnderGuardian: TipKind(_under),
    HeroSlot: TipKind(_hero),
    InactiveHero: TipKind(_inactive),
    SettlementPiece: TipKind(_settlement),
    SupplySettlement: TipKind(_supply_settlement),
    BeaconPiece: TipKind(_beacon),
    SupplyBeacon: TipKind(_supply_beacon),
    TotemPiece: TipKind(_totem, "control-totem"),
    TotemSlot: TipKind(_totem, "control-totem"),
    TotemCards: TipKind(_totem, "control-totem"),
    QuestDeck: TipKind(_deck),
    QuestDiscard: TipKind(_deck),
    HerbUp: TipKind(_herb_up, "gather-herb"),
    HerbOwn: TipKind(_herb_up, "gather-herb"),
    HerbDeck: TipKind(_herb_deck, "gather-herb"),
    HerbDiscard: TipKind(_herb_deck, "gather-herb"),
    AttuneFree: TipKind(_attune_free, "attune"),
    AttuneOwn: TipKind(_attune_free, "attune"),
    AttuneTaken: TipKind(_attune_free, "attune"),
    PerkUp: TipKind(_perk_up, "perks"),
    PerkTile: TipKind(_perk_up, "perks"),
    SowerPerk: TipKind(_perk_up, "perks"),
    SowerPile: TipKind(_sower_pile, "perks"),
    AchievementTile: TipKind(_achievement, "achievement-list"),
    PhaseTile: TipKind(_phase, "round"),
    WheelSpace: TipKind(_wheel, "harvest"),
    HarvestToken: TipKind(_harvest_token, "harvest"),
    DoomSpace: TipKind(_doom, "menace-draft"),
    CorruptionSpace: TipKind(_corruption_track, "tribe-corruption"),
    MenaceBag: TipKind(_bag, "menace-draft"),
    SetAside: TipKind(_set_aside, "menace-draft"),
    PoolCard: TipKind(_pool_card),
    QuestCard: TipKind(_quest, "quests"),
    SlotToken: TipKind(_slot_token, "claiming"),
    TokenSlot: TipKind(_slot_token, "claiming"),
    DesignatedToken: TipKind(_designated_token, "claiming"),
    DesignatedArea: TipKind(_designated_token, "claiming"),
    RoundLap: TipKind(_round_lap, "round"),
    DoomLabel: TipKind(_doom_label, "menace-draft"),
    MenaceTrack: TipKind(_track, "solve-menace"),
    TribeSmall: TipKind(_tribe_small),
    HeartlandToken: TipKind(_heartland, "setup"),
    Button: TipKind(_button),
    UndoOff: TipKind(_undo_off),
    SowerTribe: TipKind(_sower_tribe),
    SideScroll: TipKind(_side_scroll),
    FirstPlayer: TipKind(_first_player, "round"),
    SetupCard: TipKind(_setup_card),
    PuzzleCard: TipKind(_puzzle),
}


def tip(key: TableKey, p) -> Tip | None:
    """The title and lines of the tooltip for `key` (a hover key), or None."""
    kind = KINDS.get(type(key))
    return kind.tip(key, p) if kind is not None else None


# The rules screen's section for each term a tooltip explains (F1 while it is pointed at).
TERM_RULES = {k: kind.topic for k, kind in KINDS.items() if kind.topic}


def topic_of(key) -> str | None:
    """The rules section that explains the term at `key` (a hover key), or None."""
    return TERM_RULES.get(type(key)) if key else None


def rule_topic(scene) -> str | None:
    """The section F1 opens for the term pointed at now: none while a refusal is said (its move's
    rule comes first: explain.rule_kind, the refusal's path)."""
    if scene.message and scene.message_bad and scene.refused_kind:
        return None
    return topic_of(scene.board.hover_key)


INVITES = ("Drag ", "Click ")


def honest(tipped: tuple[str, list[str]], why_not: str | None) -> tuple[str, list[str]]:
    """A tooltip that invites no move the rules refuse now: with a reason why the piece cannot
    move, its 'Drag it ...' lines give way to that reason."""
    if not why_not:
        return tipped
    title, lines = tipped
    keep = []
    for line in lines:
        cut = min((line.find(v) for v in INVITES if line.find(v) >= 0), default=-1)
        if cut == 0:
            continue
        keep.append(line[:cut].rstrip() if cut > 0 else line)
    return title, [x for x in keep if x] + ["Not now: " + why_not]


def draw_tip(surf, p, pos, title: str, lines: list[str]) -> None:
    P = p.P
    width = P(300)
    body: list[str] = []
    for line in lines:
        if line:
            body.extend(T.wrap(line, p.fs(13), width - P(16)))
    ttl = T.text(title, p.fs(15), T.GOLD, True)
    lh = T.font(p.fs(13)).get_linesize()
    w = max(ttl.get_width(), max((T.font(p.fs(13)).size(b)[0] for b in body), default=0)) + P(16)
    h = ttl.get_height() + P(10) + lh * len(body)
    r = pygame.Rect(pos[0] + P(16), pos[1] + P(18), w, h)
    sw, sh = surf.get_size()
    if r.right > sw - 4:
        r.right = pos[0] - P(10)
    if r.bottom > sh - 4:
        r.bottom = pos[1] - P(10)
    T.panel(surf, r, (30, 27, 34), T.GOLD, P(5), 1)
    surf.blit(ttl, (r.x + P(8), r.y + P(5)))
    y = r.y + P(7) + ttl.get_height()
    for b in body:
        surf.blit(T.text(b, p.fs(13), T.INK), (r.x + P(8), y))
        y += lh

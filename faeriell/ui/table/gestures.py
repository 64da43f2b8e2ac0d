"""From the engine's legal actions to mouse gestures, and back.

Every legal Action maps to one gesture:
  * a drop: (grip, target) - pick up the piece `grip` and drop it on `target`;
  * a click: (None, key) - click the thing `key` (a Phase tile, a Quest card to discard, a Region);
  * a button: (None, Button(kind));
  * DECIDE: a choice listed on the decision bar (Corruption Event options, starting Essence, ...);
  * None: not reachable by hand - listed in the "Moves" fallback list.

`MoveIndex` groups the legal actions of one session version by gesture, so picking up a piece
(which targets glow) and a mouse motion (is the target under the mouse legal) are dictionary
look-ups. The table decides no rule: whatever is listed here came from `session.legal()`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from faeriell.engine import Action
from faeriell.engine.action_schema import ACHIEVEMENT, COUNT, GUARDIAN, HERO, NODE, REGION, SPECS, TRIBE_ACTIONS
from faeriell.engine.card import back_of
from faeriell.ui.table.keys import AchievementTile, AttuneFree, AttuneOwn, BeaconPiece, Button, DesignatedToken, DrifterPiece, GuardianPiece, HarvestToken, HerbOwn, HerbUp, HeroSlot, InactiveHero, MenaceTrack, NodeSpot, PerkTile, PerkUp, PhaseTile, QuestCard, QuestDeck, RegionSpot, SettlementPiece, SlotToken, SowerPerk, SowerPile, SupplyBeacon, SupplySettlement, TableKey, TotemPiece, TribeBoard, UnderGuardian, WheelSpace

DECIDE = ("decide",)
RANDOM_SOWER = "random-sower"       # faeriell.engine.tribe_phase.RANDOM_SOWER

# Tribe Actions paid with Essences: a drop opens the payment tray.
TRAY_KINDS = frozenset(TRIBE_ACTIONS)
PAY_FIELDS = ("pay", "discounts")

# For a drop on a place that is not legal: the value of the action field the place names (a wheel
# space: steps from the token, target_value). Which field that is comes from the legal move's own
# gesture (drop_meaning), not from a table per kind.
# ... and the type (action_schema) of the field such a place fills
PLACE_TYPE: dict[type[TableKey], str] = {RegionSpot: REGION, NodeSpot: NODE, GuardianPiece: GUARDIAN, HeroSlot: HERO,
                                         AchievementTile: ACHIEVEMENT, WheelSpace: COUNT}
TARGET_VALUE: dict[type[TableKey], Callable[[Any], Any]] = {
    RegionSpot: lambda k: k.region, NodeSpot: lambda k: k.node, GuardianPiece: lambda k: k.guardian,
    HeroSlot: lambda k: k.hero, AchievementTile: lambda k: k.achievement,
}


@dataclass
class Ctx:
    """What a gesture needs to know besides the action."""
    i: int                      # the acting tribe
    harvest: int                # the Harvest token's wheel index
    wheel_len: int
    nodes: frozenset
    regions: frozenset
    face_up_perks: tuple
    herbs: frozenset            # the acting tribe's Herb cards (for lore)
    pending: str | None


def make_ctx(g) -> Ctx:
    s = g.state
    i = g.acting if g.acting is not None else s.active
    b = g.rules.board
    t = s.tribes[i]
    return Ctx(i=i, harvest=s.harvest, wheel_len=len(g.rules.wheel), nodes=frozenset(b.nodes),
               regions=frozenset(b.regions), face_up_perks=tuple(p[0] for p in s.perk_piles if p),
               herbs=frozenset(t.herbs), pending=s.pending["kind"] if s.pending else None)


def quest_guardian(card: str) -> str:
    # a Quest card in hand always shows its Guardian on the back (the engine's solve_quest looks
    # that Guardian up); "" would name no piece on the table
    return back_of(card) or ""


def _level_up(a: Action, c: Ctx):
    perk = a["perk"]
    if perk == RANDOM_SOWER:
        grip: TableKey = SowerPile()
    elif perk in c.face_up_perks:
        grip = PerkUp(perk)
    else:
        grip = SowerPerk(perk)
    return grip, HeroSlot(c.i, a["hero"])


def _harvest_choice(a: Action, c: Ctx):
    return DECIDE if a.has("color") else (None, RegionSpot(a["region"]))


def _perk(a: Action, c: Ctx):
    i, to, gd, node = c.i, a.get("to"), a.get("guardian"), a.get("node")
    if isinstance(node, str) and node in c.nodes and not gd:      # the Shadow's step
        return HeroSlot(i, a["hero"]), NodeSpot(node)
    if isinstance(to, str) and to in c.nodes and not gd:
        return HeroSlot(i, a["hero"]), NodeSpot(to)
    if gd and isinstance(to, str) and to in c.regions:
        return GuardianPiece(gd), RegionSpot(to)
    if gd and to is None and not a.has("target"):
        return HeroSlot(i, a["hero"]), GuardianPiece(gd)
    return None, PerkTile(i, a["hero"], a["perk"])


def _lore(a: Action, c: Ctx):
    card = a["card"]
    own = HerbOwn(c.i, card) if card in c.herbs else AttuneOwn(c.i, card)
    if a.has("to"):
        return HeroSlot(c.i, a["hero"]), NodeSpot(a["to"])
    if a.has("guardian"):
        return own, GuardianPiece(a["guardian"])
    return None, own


def _claim(a: Action, c: Ctx):
    tok = a["token"]
    grip = DesignatedToken(c.i) if tok == "designated" else SlotToken(c.i, tok)
    return grip, AchievementTile(a["achievement"])


def _decide(a: Action, c: Ctx):
    return DECIDE


# Every kind of legal move and its gesture, said once: (grip, target) for a drop, (None, key) for
# a click or a button, DECIDE for the decision bar. A kind missing here is played from the Moves list.
GESTURES: dict[str, Callable[[Action, Ctx], Any]] = {
    "choose_phase": lambda a, c: (None, PhaseTile(c.i, a["phase"])),
    "end_phase": lambda a, c: (None, Button(a.kind)),
    "draft": lambda a, c: (None, Button(a.kind)),
    "build_settlement": lambda a, c: (SupplySettlement(c.i), RegionSpot(a["region"])),
    "place_settlement": lambda a, c: (SupplySettlement(c.i), RegionSpot(a["region"])),
    "move_settlement": lambda a, c: (SettlementPiece(c.i, a["from"]), RegionSpot(a["to"])),
    "build_beacon": lambda a, c: (SupplyBeacon(a["color"]), RegionSpot(a["region"])),
    "control_totem": lambda a, c: (TotemPiece(), RegionSpot(a["region"])),
    "dress_hero": lambda a, c: (InactiveHero(c.i, a["hero"]), NodeSpot(a["node"])),
    "place_hero": lambda a, c: (HeroSlot(c.i, a["hero"]), NodeSpot(a["node"])),
    "choose_hero": lambda a, c: (None, InactiveHero(c.i, a["hero"])),
    "level_up": _level_up,
    "free_level": _level_up,
    "gather_herb": lambda a, c: (HerbUp(a["herb"]), TribeBoard(c.i)),
    "attune": lambda a, c: (AttuneFree(a["guardian"]), TribeBoard(c.i)),
    "move_guardian": lambda a, c: (GuardianPiece(a["guardian"]), RegionSpot(a["region"])),
    "beacon_solve": lambda a, c: (BeaconPiece(a["region"]), GuardianPiece(a["guardian"])),
    "harvest": lambda a, c: (HarvestToken(), WheelSpace((c.harvest + a["steps"]) % c.wheel_len)),
    "harvest_choice": _harvest_choice,
    "move_hero": lambda a, c: (HeroSlot(c.i, a["hero"]), NodeSpot(a["to"] if a.has("to") else a["path"][-1])),
    "solve_menace": lambda a, c: (HeroSlot(c.i, a["hero"]), GuardianPiece(a["guardian"])),
    "go_quest": lambda a, c: (QuestDeck(a["deck"]), HeroSlot(c.i, a["hero"])),
    "solve_quest": lambda a, c: (QuestCard(c.i, a["hero"], a["card"]), GuardianPiece(quest_guardian(a["card"]))),
    "discard_quest": lambda a, c: (None, QuestCard(c.i, a["hero"], a["card"])),
    "perk": _perk,
    "lore": _lore,
    "drifter_move": lambda a, c: (DrifterPiece(), NodeSpot(a["to"])),
    "drifter_shift": lambda a, c: (UnderGuardian(a["from"]), GuardianPiece(a["to"])),
    "claim": _claim,
    "track_choice": lambda a, c: (None, MenaceTrack(c.i, a["color"])),
    "corruption": _decide,
    "starting_essence": _decide,
    "become_sower": _decide,
    "menace_rival": _decide,
    "twins_swap": _decide,
}


def gesture(a: Action, c: Ctx):
    """(grip, target) for a drop; (None, key) for a click or button; DECIDE; or None."""
    make = GESTURES.get(a.kind)
    return make(a, c) if make is not None else None


def drawn_gesture(a: Action, c: Ctx):
    """gesture(a, c), or None for a move the table cannot draw. The one guard for every caller:
    a move read from a file (a chapter's, a puzzle's, a drill's, a hint kept across an undo) may name
    a Hero, Region or seat this position does not have, and the makers index the position by its
    fields (KeyError, IndexError) or meet a field of another shape (TypeError)."""
    try:
        return gesture(a, c)
    except (KeyError, TypeError, IndexError):   # a file's move naming what this table lacks (above)
        return None


def target_value(target: TableKey, c: Ctx):
    """The action field value a target key stands for (see TARGET_FIELD)."""
    if isinstance(target, WheelSpace):
        return (target.space - c.harvest) % c.wheel_len
    return TARGET_VALUE[type(target)](target)


@dataclass
class MoveIndex:
    version: int = -1
    ctx: Ctx | None = None
    drops: dict = field(default_factory=dict)      # grip -> target -> [Action]
    clicks: dict = field(default_factory=dict)     # key -> [Action]
    decide: list = field(default_factory=list)     # the decision bar's choices
    loose: list = field(default_factory=list)      # reachable only through the Moves list
    gesture_of: dict = field(default_factory=dict)  # Action -> gesture
    kinds: set = field(default_factory=set)
    aims: set = field(default_factory=set)          # targets shown before a pick-up (decisions)

    def grip_actions(self, grip) -> list:
        return [a for acts in self.drops.get(grip, {}).values() for a in acts]

    def targets(self, grip) -> set:
        return set(self.drops.get(grip, ()))


def build_index(session) -> MoveIndex:
    g = session.game
    idx = MoveIndex(version=session.version)
    if g.state.game_over:
        return idx
    c = make_ctx(g)
    idx.ctx = c
    for a in session.legal():
        idx.kinds.add(a.kind)
        gs = drawn_gesture(a, c)
        idx.gesture_of[a] = gs
        if gs is None:
            idx.loose.append(a)
        elif gs == DECIDE:
            idx.decide.append(a)
        elif gs[0] is None:
            idx.clicks.setdefault(gs[1], []).append(a)
        else:
            idx.drops.setdefault(gs[0], {}).setdefault(gs[1], []).append(a)
            if c.pending is not None:
                idx.aims.add(gs[1])
    return idx


def drop_meaning(index: MoveIndex, grip: TableKey, target: TableKey) -> list[Action]:
    """Actions a drop of `grip` on a not-legal `target` would mean: a legal action of the same
    piece re-aimed at that place (for the engine's why_not). Empty when the place means nothing.

    The legal drop of the same piece tells which field a place fills: the field holding the value
    its own place stands for (a Hero's `to`, a Shadow's step's `node`, a Settlement's `to` and not
    its `from`), when that field's type admits the new place; else a field of the move left empty
    that takes exactly such a place (a Herb dropped on a node: a Lore move's `to`)."""
    c = index.ctx
    typ = PLACE_TYPE.get(type(target))
    if c is None or typ is None:        # no index yet, or a place that names no field's value
        return []
    out = []
    seen = set()
    for a in index.grip_actions(grip):
        f = _aimed_field(a, index.gesture_of.get(a), typ, c)
        if f is None:
            continue
        cand = a.replace(**{f: target_value(target, c)})
        cand = cand.without(*_ways_to(cand, f))
        if cand not in seen:
            seen.add(cand)
            out.append(cand)
    return out


def _aimed_field(a: Action, gs, typ: str, c: Ctx) -> str | None:
    """The field of `a` a drop on a place of type `typ` fills (see drop_meaning); a field of one
    type before one of several (a Herb or Attunement card may share its id with a Guardian)."""
    spec = SPECS.get(a.kind)
    if spec is None or not isinstance(gs, tuple) or type(gs[1]) not in PLACE_TYPE:
        return None
    held = target_value(gs[1], c)
    named = sorted((k for k, v in a.fields if v == held and k in spec.fields),
                   key=lambda k: len(spec.fields[k].types) > 1)
    if named and typ in spec.fields[named[0]].types:
        return named[0]
    empty = [k for k, fld in spec.fields.items() if fld.types == (typ,) and not fld.many and not a.has(k)]
    return empty[0] if empty else None


def _ways_to(a: Action, aimed: str) -> list[str]:
    """The fields listing the way to the old place (a Hero's `path`: a list of the aimed field's
    type), which no longer lead to the new one: dropped for the engine to find again."""
    spec = SPECS[a.kind]
    typ = spec.fields[aimed].types
    return [k for k, fld in spec.fields.items()
            if k != aimed and a.has(k) and fld.many and not fld.one_or_many and set(fld.types) & set(typ)]

"""From the engine's legal actions to mouse gestures, and back.

Every legal Action maps to one gesture:
  * a drop: (grip, target) - pick up the piece `grip` and drop it on `target`;
  * a click: (None, key) - click the thing `key` (a Phase tile, a Quest card to discard, a Region);
  * a button: (None, ("button", kind));
  * DECIDE: a choice listed on the decision bar (Corruption Event options, starting Essence, ...);
  * None: not reachable by hand - listed in the "Moves" fallback list.

`MoveIndex` groups the legal actions of one session version by gesture, so picking up a piece
(which targets glow) and a mouse motion (is the target under the mouse legal) are dictionary
look-ups. The table decides no rule: whatever is listed here came from `session.legal()`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from faeriell.engine import Action
from faeriell.engine.action_schema import TRIBE_ACTIONS
from faeriell.engine.actions import card_back

DECIDE = ("decide",)
RANDOM_SOWER = "random-sower"       # faeriell.engine.tribe_phase.RANDOM_SOWER

# Tribe Actions paid with Essences: a drop opens the payment tray.
TRAY_KINDS = frozenset(TRIBE_ACTIONS)
PAY_FIELDS = ("pay", "discounts")

# For a drop on a place of the right kind that is not legal: which action field the place names.
TARGET_FIELD = {
    "region": {"build_settlement": "region", "place_settlement": "region", "move_settlement": "to",
               "build_beacon": "region", "control_totem": "region", "move_guardian": "region",
               "perk": "to"},
    "node": {"move_hero": "to", "dress_hero": "node", "place_hero": "node", "perk": "to", "lore": "to",
             "drifter_move": "to"},
    "guardian": {"solve_menace": "guardian", "beacon_solve": "guardian", "perk": "guardian",
                 "lore": "guardian", "drifter_shift": "to"},
    "hero": {"level_up": "hero", "free_level": "hero", "go_quest": "hero"},
    "achievement": {"claim": "achievement"},
    "wheel": {"harvest": "steps"},
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


def quest_guardian(card: str) -> str | None:
    return card_back(card)


def gesture(a: Action, c: Ctx):
    """(grip, target) for a drop; (None, key) for a click or button; DECIDE; or None."""
    k, i = a.kind, c.i
    if k == "choose_phase":
        return None, ("phase", i, a["phase"])
    if k in ("end_phase", "draft"):
        return None, ("button", k)
    if k in ("build_settlement", "place_settlement"):
        return ("supply_settlement", i), ("region", a["region"])
    if k == "move_settlement":
        return ("settlement", i, a["from"]), ("region", a["to"])
    if k == "build_beacon":
        return ("supply_beacon", a["color"]), ("region", a["region"])
    if k == "control_totem":
        return ("totem",), ("region", a["region"])
    if k == "dress_hero":
        return ("inactive", i, a["hero"]), ("node", a["node"])
    if k == "place_hero":
        return ("hero", i, a["hero"]), ("node", a["node"])
    if k == "choose_hero":
        return None, ("inactive", i, a["hero"])
    if k in ("level_up", "free_level"):
        perk = a["perk"]
        if perk == RANDOM_SOWER:
            grip = ("sower_pile",)
        elif perk in c.face_up_perks:
            grip = ("perk_up", perk)
        else:
            grip = ("sower_perk", perk)
        return grip, ("hero", i, a["hero"])
    if k == "gather_herb":
        return ("herb_up", a["herb"]), ("tribe_board", i)
    if k == "attune":
        return ("attune_free", a["guardian"]), ("tribe_board", i)
    if k == "move_guardian":
        return ("guardian", a["guardian"]), ("region", a["region"])
    if k == "beacon_solve":
        return ("beacon", a["region"]), ("guardian", a["guardian"])
    if k == "harvest":
        return ("harvest_token",), ("wheel", (c.harvest + a["steps"]) % c.wheel_len)
    if k == "harvest_choice":
        if a.has("color"):
            return DECIDE
        return None, ("region", a["region"])
    if k == "move_hero":
        return ("hero", i, a["hero"]), ("node", a["to"] if a.has("to") else a["path"][-1])
    if k == "solve_menace":
        return ("hero", i, a["hero"]), ("guardian", a["guardian"])
    if k == "go_quest":
        return ("deck", a["deck"]), ("hero", i, a["hero"])
    if k == "solve_quest":
        g = quest_guardian(a["card"])
        return ("quest", i, a["hero"], a["card"]), ("guardian", g)
    if k == "discard_quest":
        return None, ("quest", i, a["hero"], a["card"])
    if k == "perk":
        to, gd = a.get("to"), a.get("guardian")
        node = a.get("node")
        if isinstance(node, str) and node in c.nodes and not gd:      # the Shadow's step
            return ("hero", i, a["hero"]), ("node", node)
        if isinstance(to, str) and to in c.nodes and not gd:
            return ("hero", i, a["hero"]), ("node", to)
        if gd and isinstance(to, str) and to in c.regions:
            return ("guardian", gd), ("region", to)
        if gd and to is None and not a.has("target"):
            return ("hero", i, a["hero"]), ("guardian", gd)
        return None, ("perk_tile", i, a["hero"], a["perk"])
    if k == "lore":
        card = a["card"]
        own = ("herb_own", i, card) if card in c.herbs else ("attune_own", i, card)
        if a.has("to"):
            return ("hero", i, a["hero"]), ("node", a["to"])
        if a.has("guardian"):
            return own, ("guardian", a["guardian"])
        return None, own
    if k == "drifter_move":
        return ("drifter",), ("node", a["to"])
    if k == "drifter_shift":
        return ("under", a["from"]), ("guardian", a["to"])
    if k == "claim":
        tok = a["token"]
        grip = ("designated_token", i) if tok == "designated" else ("slot_token", i, tok)
        return grip, ("achievement", a["achievement"])
    if k == "track_choice":
        return None, ("track", i, a["color"])
    if k in ("corruption", "starting_essence", "become_sower", "menace_rival", "twins_swap"):
        return DECIDE
    return None


def target_value(target: tuple, c: Ctx):
    """The action field value a target key stands for (see TARGET_FIELD)."""
    kind = target[0]
    if kind == "wheel":
        return (target[1] - c.harvest) % c.wheel_len
    if kind == "hero":
        return target[2]
    return target[1]


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
        try:
            gs = gesture(a, c)
        except (KeyError, TypeError, IndexError):
            gs = None
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


def drop_meaning(index: MoveIndex, grip: tuple, target: tuple) -> list[Action]:
    """Actions a drop of `grip` on a not-legal `target` would mean: a legal action of the same
    piece re-aimed at that place (for the engine's why_not). Empty when the place means nothing."""
    c = index.ctx
    out = []
    seen = set()
    fields = TARGET_FIELD.get(target[0], {})
    for a in index.grip_actions(grip):
        f = fields.get(a.kind)
        if f is None:
            continue
        if a.kind == "perk" and target[0] == "node" and a.has("node"):
            f = "node"
        if a.kind == "perk" and target[0] == "guardian" and a.has("to"):
            continue
        cand = a.replace(**{f: target_value(target, c)})
        if cand.kind == "move_hero" and cand.has("path"):
            cand = cand.without("path")
        if cand not in seen:
            seen.add(cand)
            out.append(cand)
    return out

"""The whole game as plain data: dataclasses of ints, strings, lists and dicts.

Nothing here knows a rule. `to_dict`/`from_dict` give a JSON-ready copy, so a state saves,
loads, compares and copies without pickling, and its random generator rides inside (R36).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any, Literal, Required, TypedDict

from .card import Card, as_card
from .words import Colour, Difficulty, EventStep, Mode, Phase, Stage, Terrain, Variant

if TYPE_CHECKING:
    from .actions import Action

# The decisions a rule may ask a player (Game.ask, R27); each is also the kind of the move that
# answers it (Game.allowed_kinds).
DecisionKind = Literal["become_sower", "choose_hero", "claim", "corruption", "discard_quest", "free_level",
                       "harvest_choice", "menace_rival", "place_hero", "place_settlement", "starting_essence",
                       "track_choice", "twins_swap"]


class PendingInfo(TypedDict, total=False):
    """What a decision carries besides who decides and what (Game.ask's keywords): the keys
    depend on the kind."""
    token: str | None                   # corruption: a drawn token rides along (R30)
    guardian: str | None                # corruption: the Guardian whose Region is Corrupted
    reward_track: bool                  # corruption
    hero: str                           # discard_quest, place_hero
    colors: list[Colour]                # track_choice, harvest_choice, starting_essence
    achievements: list[str]             # claim: the ids that may be claimed
    color: Colour                       # menace_rival
    rivals: list[int]                   # menace_rival: tribes counted from 0
    region: str                         # harvest_choice, starting_essence
    terrain: Terrain                    # harvest_choice by Terrain
    regions: list[str]                  # harvest_choice by Terrain
    bonus: bool                         # starting_essence
    extra: bool                         # place_settlement: the 2-player / solo extra Settlement


class Pending(PendingInfo, total=False):
    """The decision being asked (GameState.pending), a plain dict so saves keep their JSON shape."""
    player: Required[int]               # counted from 0, like the tribes
    kind: Required[DecisionKind]


class HistoryEntry(TypedDict, total=False):
    """One applied action in Game.history (kept in memory; saves keep only the actions)."""
    action: Required[Action]
    player: Required[int | None]        # counted from 0; None for the game's own steps
    revealed: Required[bool]            # the move drew at random or showed something hidden
    turn: Required[tuple[Stage, int, int, int]]     # stage, round, lap, active (R26)
    events: list[list[Any]]             # Game.note's ("doom", steps, cause), ("claim"|"lose", tribe, id)


@dataclass(slots=True)
class Hero:
    type: str
    node: str | None = None
    perks: list[str] = field(default_factory=list)
    gems: int = 2               # Action gems left (restored at the end of the round)
    lost_gems: int = 0          # removed for good (sow-hunger, R23)
    quests: list[Card] = field(default_factory=list)
    solved_this_phase: bool = False   # for Triggered "after solving a Menace" perks

    @property
    def level(self) -> int:
        return 1 + len(self.perks)


@dataclass(slots=True)
class Tribe:
    id: str
    essences: list[Card] = field(default_factory=list)     # saved as 'red@owl'
    corruption: int = 0
    solved: dict[Colour, int] = field(default_factory=lambda: {"red": 0, "yellow": 0, "blue": 0, "green": 0})
    settlements: list[str] = field(default_factory=list)   # regions, in build order
    beacons: dict[str, Colour] = field(default_factory=dict)   # region -> colour
    heroes: dict[str, Hero] = field(default_factory=dict)        # type -> Hero (active)
    inactive: list[str] = field(default_factory=list)      # hero types on the inactive side
    set_aside: list[str] = field(default_factory=list)     # coop/solo setup (rulebook)
    herbs: list[str] = field(default_factory=list)
    attunements: list[str] = field(default_factory=list)
    rotated: list[str] = field(default_factory=list)       # herb/attunement ids used this round
    slots: list[str] = field(default_factory=list)         # slot colours still covered by a token (R12)
    designated: int = 0                               # tokens in the designated area
    achievements: list[str] = field(default_factory=list)  # claimed ids
    cleanser: bool = False                            # cleansed Corruption at Tribe Corruption 0
    phases_done: list[Phase] = field(default_factory=list)
    once: list[str] = field(default_factory=list)          # once-per-phase uses: move_settlement, drifter_*
    innate: list[str] = field(default_factory=list)        # Heroes whose innate ability is used this phase
    specials: list[list[str | int]] = field(default_factory=list)   # [hero, perk, ability number] per Special gem (R43)
    setup_cards: list[Card] = field(default_factory=list)   # coop/solo cards that place Settlements
    lost_counted: bool = False                        # R38 arrival at 5 already paid
    sower: bool = False
    heartland_picks: dict[str, str] = field(default_factory=dict)   # step 22 colour per Heartland (3 players)


@dataclass(slots=True)
class GameState:
    players: int
    mode: Mode = "competitive"
    difficulty: Difficulty = "medium"
    variants: list[Variant] = field(default_factory=list)
    seed: int = 0
    rng: int = 0
    rng_draws: int = 0
    forced: list[str] = field(default_factory=list)        # scenario `draw:` - next random draws
    # (token, side) pairs drawn first: a scenario's `bag:`, or chance.set_chance's fixed world
    bag_order: list[tuple[str, str | None]] = field(default_factory=list)
    stage: Stage = "setup"
    round: int = 1
    lap: int = 1
    first_player: int = 0
    active: int = 0
    phase: Phase | None = None                     # None between Phases
    event_step: EventStep | None = None            # the Event Phase's step
    draft_left: int = 0
    beacons_used: list[str] = field(default_factory=list)
    harvest: int = 0                                  # index on the wheel (R11)
    doom: int = 0
    bag: list[str] = field(default_factory=list)           # token ids
    set_aside: list[str] = field(default_factory=list)     # discarded tokens beside the bag (R6)
    out_of_play: list[str] = field(default_factory=list)   # tokens a written position leaves in the box
    guardians: dict[str, dict[str, Any]] = field(default_factory=dict)     # guardian -> {"region", "token"}
    heartlands: dict[str, dict[str, Any]] = field(default_factory=dict)    # area -> {"region", "token"(terrain)}
    decks: dict[str, list[Card]] = field(default_factory=dict)    # colour -> cards, top first
    discards: dict[str, list[Card]] = field(default_factory=dict)
    herb_deck: list[str] = field(default_factory=list)
    herb_discard: list[str] = field(default_factory=list)
    herbs_up: list[str] = field(default_factory=list)
    perk_piles: list[list[str]] = field(default_factory=list)    # four piles, top first
    perk_box: list[str] = field(default_factory=list)      # tiles returned to the box
    sower_perks: list[str] = field(default_factory=list)   # supply
    beacon_supply: dict[Colour, int] = field(default_factory=dict)   # colour -> count
    attunements_free: list[str] = field(default_factory=list)
    totem: dict[str, Any] = field(default_factory=lambda: {"region": None, "owner": None, "cards": []})  # cards: Cards
    achievements: dict[str, list[int]] = field(default_factory=dict)  # id -> [tribe index]
    tribes: list[Tribe] = field(default_factory=list)
    pending: Pending | None = None                    # the decision being asked (R27)
    queue: list[dict[str, Any]] = field(default_factory=list)         # procedure steps still to run
    sower: int | None = None
    game_over: bool = False
    winners: list[int] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    end_reason: str = ""
    end_after_round: bool = False
    achievements_live: bool = True                    # R32 / SCENARIOS: not at load
    winter_gems: list[int] = field(default_factory=list)   # wheel indices holding a gem
    drifter: dict[str, Any] | None = None
    log: list[str] = field(default_factory=list)     # player text, as shown at the table


def to_dict(obj: Any) -> Any:
    """The JSON-ready form: a card written as it is saved, "red@owl"."""
    if obj.__class__ is Card:
        return obj.packed
    if is_dataclass(obj):
        d = {f.name: to_dict(getattr(obj, f.name)) for f in fields(obj)}
        return d
    if isinstance(obj, dict):
        return {k: to_dict(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_dict(v) for v in obj]
    return obj


def _copy_plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _copy_plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_copy_plain(x) for x in v]
    return v


def state_from_dict(d: dict[str, Any]) -> GameState:
    known = {f.name for f in fields(GameState)}
    unknown = set(d) - known
    if unknown:
        raise ValueError(f"unknown state fields: {sorted(unknown)}")
    data = {k: _copy_plain(v) for k, v in d.items()}
    # the card lists, read from their saved form "red@owl" (to_dict writes it back)
    for pile in ("decks", "discards"):
        if isinstance(data.get(pile), dict):
            data[pile] = {k: _read_cards(v) for k, v in data[pile].items()}
    if isinstance(data.get("totem"), dict) and "cards" in data["totem"]:
        data["totem"]["cards"] = _read_cards(data["totem"]["cards"])
    tribes = []
    for td in data.pop("tribes", []):
        td = dict(td)
        for key in ("essences", "setup_cards"):
            if key in td:
                td[key] = _read_cards(td[key])
        heroes = {}
        for h, hd in td.pop("heroes", {}).items():
            hd = dict(hd)
            if "quests" in hd:
                hd["quests"] = _read_cards(hd["quests"])
            heroes[h] = Hero(**hd)
        tribes.append(Tribe(heroes=heroes, **td))
    return GameState(tribes=tribes, **data)


def _read_cards(v: Any) -> Any:
    # a list of saved cards -> Cards; anything else is left for the loader's checks to refuse
    return [as_card(c) for c in v] if isinstance(v, list) else v


# ------------------------------------------------------------------ copying (Game.copy uses it)
_STATE_FIELDS = tuple(f.name for f in fields(GameState))
_TRIBE_FIELDS = tuple(f.name for f in fields(Tribe))
_HERO_FIELDS = tuple(f.name for f in fields(Hero))


def _cp(v: Any) -> Any:
    t = type(v)
    if t is list:
        if v and type(v[0]) in (str, int, Card):
            # Flat lists of strings/ints/cards (the common case): one C-level copy (a Card is
            # immutable and one instance per card: shared, not copied). A mixed list falls
            # through to the element-wise copy below.
            for x in v:
                tx = type(x)
                if tx is not str and tx is not int and tx is not Card:
                    break
            else:
                return v[:]
        return [_cp(x) for x in v]
    if t is dict:
        return {k: _cp(x) for k, x in v.items()}
    if t is tuple:
        return tuple(_cp(x) for x in v)
    return v


def _copy_hero(h: Hero) -> Hero:
    n = Hero.__new__(Hero)
    for f in _HERO_FIELDS:
        setattr(n, f, _cp(getattr(h, f)))
    return n


def _copy_tribe(t: Tribe) -> Tribe:
    n = Tribe.__new__(Tribe)
    for f in _TRIBE_FIELDS:
        if f == "heroes":
            n.heroes = {k: _copy_hero(h) for k, h in t.heroes.items()}
        else:
            setattr(n, f, _cp(getattr(t, f)))
    return n


def copy_state(s: GameState, keep_log: bool = True) -> GameState:
    """A deep copy in one pass (several times faster than a to_dict round trip: searches copy
    a world once per playout). The log is left behind unless kept (playouts never read it)."""
    n = GameState.__new__(GameState)
    for f in _STATE_FIELDS:
        if f == "tribes":
            n.tribes = [_copy_tribe(t) for t in s.tribes]
        elif f == "log":
            n.log = s.log[:] if keep_log else []
        else:
            setattr(n, f, _cp(getattr(s, f)))
    return n


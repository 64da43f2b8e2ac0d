"""An editable position: the SCENARIOS.md sections (setup with `position: empty`, board, tribes,
turn) as typed, immutable data, turned into the engine's written position and back.

Nothing here decides a rule: `build` is the engine's faeriell.engine.position.build, `check` its
position check, and `from_game` only reads a Game. Seats are numbered from 0 here (the engine's
tribe index); the written sections number players from 1, as SCENARIOS.md does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any
from collections.abc import Mapping

from faeriell.engine.core import Game
from faeriell.engine.names import PHASE_NAMES, Names
from faeriell.engine.position import PositionError, build as engine_build
from faeriell.engine.words import COLORS, PHASES, Difficulty, Mode, Phase
from faeriell.safe_read import MALFORMED, clip
from faeriell.content.rules_loader import default_rules


class AnalysisError(ValueError):
    """A request the analysis board cannot do: the message is one line in the game's words;
    `rule_kind`: the action kind whose rules section F1 opens (content.rules_reference), or None."""

    def __init__(self, message: str, rule_kind: str | None = None) -> None:
        super().__init__(message)
        self.rule_kind = rule_kind


@dataclass(frozen=True)
class HeroSpec:
    """An active Hero: its Node (None: off the island), Perks (its level is 1 + their number),
    Action gems left and Quest cards (card ids, e.g. green@owl)."""
    node: str | None = None
    perks: tuple[str, ...] = ()
    gems: int | None = None          # None: as many as its level gives
    quests: tuple[str, ...] = ()

    @property
    def level(self) -> int:
        return 1 + len(self.perks)


@dataclass(frozen=True)
class TribeSpec:
    """One tribe's board and pieces (SCENARIOS.md `tribes[k]`)."""
    settlements: tuple[str, ...] = ()
    beacons: Mapping[str, str] = field(default_factory=dict)          # Region -> colour
    heroes: Mapping[str, HeroSpec] = field(default_factory=dict)      # Hero type -> its spec
    essences: tuple[str, ...] = ()          # cards: a colour (any back) or colour@back
    corruption: int = 0
    solved: Mapping[str, int] = field(default_factory=lambda: {"red": 0, "yellow": 0, "blue": 0, "green": 0})
    herbs: tuple[str, ...] = ()
    attunements: tuple[str, ...] = ()
    achievements: tuple[str, ...] = ("purity",)      # held (claimed)
    designated: int = 0
    sower: bool = False
    done: tuple[Phase, ...] | None = None    # Phase tiles used this round, when not the lap's default
                                                # (the player to act says theirs in TurnSpec.done)
    rotated: tuple[str, ...] = ()      # Herbs and Attunements already used this round
    # already used in the Phase under way: {innate: [hero], specials: [[hero, perk, k]], once: [...],
    # solved: [hero]} (engine.position._apply_used); empty between Phases
    used: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Setup:
    players: int = 2
    mode: Mode = "competitive"
    difficulty: Difficulty = "medium"
    variants: tuple[str, ...] = ()
    seed: int = 0


@dataclass(frozen=True)
class BoardSpec:
    """The shared board (SCENARIOS.md `board`). Tokens not under a Guardian nor set aside are in
    the bag unless `bag` names the whole bag (then the rest is out of play)."""
    doom: int = 0
    harvest: str | None = None           # wheel space; None: the first
    first_player: int = 1
    heartlands: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)   # area -> {region, token}
    guardians: Mapping[str, str] = field(default_factory=dict)      # Guardian -> Region
    under: Mapping[str, str | None] = field(default_factory=dict)   # Guardian -> token kind or None
    totem: Mapping[str, Any] | None = None                  # {region, yellow}
    set_aside: tuple[str, ...] = ()         # token specs (colour@side, havoc)
    bag: tuple[str, ...] | None = None
    herbs_up: tuple[str, ...] | None = None
    perk_piles: tuple[tuple[str, ...], ...] | None = None
    drifter: Mapping[str, Any] | None = None                # {node, owner (from 1)}
    winter_gems: tuple[str, ...] = ()
    # the top cards of Essence decks, first drawn first (a scenario file that fixes its draws);
    # never read from a game (the decks' order is hidden), kept from a file that names it
    decks: Mapping[str, tuple[str, ...]] | None = None


@dataclass(frozen=True)
class TurnSpec:
    player: int = 1                          # numbered from 1
    phase: Phase | None = None            # None: the player chooses a Phase next
    done: tuple[Phase, ...] | None = None  # None: the lap's default
    lap: int = 1
    round: int = 1


@dataclass(frozen=True)
class Position:
    setup: Setup = field(default_factory=Setup)
    board: BoardSpec = field(default_factory=BoardSpec)
    tribes: tuple[TribeSpec, ...] = ()
    turn: TurnSpec = field(default_factory=TurnSpec)

    def sections(self) -> dict:
        """The SCENARIOS.md sections as plain data: {setup, board, tribes, turn}."""
        return to_sections(self)

    def replace(self, **kw) -> Position:
        return replace(self, **kw)


@dataclass(frozen=True)
class Fault:
    """What makes a position impossible: one line in the game's words, the field it is about
    (a SCENARIOS.md path such as "tribes[0].settlements" or "board.doom"), the seat it concerns
    (0-based, or None) and the ids it names (Regions, Nodes, Guardians: the pieces to mark)."""
    message: str
    field: str = ""
    seat: int | None = None
    marks: tuple[str, ...] = ()
    rule_kind: str | None = None     # the action kind whose rules section F1 opens, if any

    def __post_init__(self) -> None:
        if self.rule_kind is None and self.field:
            parts = [p for p in re.split(r"[.\[\]]", self.field) if p and not p.isdigit()]
            kind = next((RULE_OF_FIELD[p] for p in reversed(parts) if p in RULE_OF_FIELD), None)
            object.__setattr__(self, "rule_kind", kind)

    def __str__(self) -> str:
        return self.message


# A refusal of an edit is a Fault too: the same words, the same marks.
Refusal = Fault


def empty_position(players: int = 2, mode: Mode = "competitive", difficulty: Difficulty = "medium",
                   variants: tuple[str, ...] = (), seed: int = 0, rules=None) -> Position:
    """An empty table: no piece placed, each tribe at Tribe Corruption 0 holding Purity, the
    Guardians on their Mountains, the Herbs and Perk piles as the seed deals them.
    Raises PositionError for a set-up the engine refuses."""
    bare = Position(setup=Setup(players, mode, difficulty, tuple(variants), seed),
                    tribes=tuple(TribeSpec() for _ in range(players)))
    return from_game(build(bare, rules, check=False))


# ---------------------------------------------------------------- to and from the written sections
def to_sections(pos: Position) -> dict:  # noqa: C901 - one branch per optional field of the written format, in SCENARIOS.md's order
    s, b, t = pos.setup, pos.board, pos.turn
    setup = {"players": s.players, "mode": s.mode, "difficulty": s.difficulty,
             "variants": list(s.variants), "seed": s.seed, "position": "empty"}
    board: dict[str, Any] = {"doom": b.doom, "first_player": b.first_player}
    if b.harvest is not None:
        board["harvest"] = b.harvest
    if b.heartlands:
        board["heartlands"] = {a: dict(h) for a, h in b.heartlands.items()}
    if b.guardians:
        board["guardians"] = dict(b.guardians)
    if b.under:
        board["under"] = dict(b.under)
    if b.totem is not None:
        board["totem"] = dict(b.totem)
    if b.set_aside:
        board["set_aside"] = list(b.set_aside)
    if b.bag is not None:
        board["bag"] = list(b.bag)
    if b.herbs_up is not None:
        board["herbs_up"] = list(b.herbs_up)
    if b.perk_piles is not None:
        board["perk_piles"] = [list(p) for p in b.perk_piles]
    if b.drifter is not None:
        board["drifter"] = dict(b.drifter)
    if b.winter_gems:
        board["winter_gems"] = list(b.winter_gems)
    if b.decks:
        board["decks"] = {c: list(cards) for c, cards in b.decks.items()}
    tribes = []
    for tr in pos.tribes:
        heroes = {}
        for h, hs in tr.heroes.items():
            hd: dict[str, Any] = {"perks": list(hs.perks), "quests": list(hs.quests)}
            if hs.node is not None:
                hd["node"] = hs.node
            if hs.gems is not None:
                hd["gems"] = hs.gems
            heroes[h] = hd
        td: dict[str, Any] = {
            "settlements": list(tr.settlements), "beacons": dict(tr.beacons), "heroes": heroes,
            "essences": list(tr.essences), "corruption": tr.corruption, "solved": dict(tr.solved),
            "herbs": list(tr.herbs), "attunements": list(tr.attunements),
            "achievements": list(tr.achievements), "designated": tr.designated}
        if tr.sower:
            td["sower"] = True
        if tr.done is not None:
            td["done"] = list(tr.done)
        if tr.rotated:
            td["rotated"] = list(tr.rotated)
        if tr.used:
            td["used"] = {k: [list(x) if isinstance(x, (list, tuple)) else x for x in v] for k, v in tr.used.items()}
        tribes.append(td)
    turn: dict[str, Any] = {"player": t.player, "phase": t.phase, "lap": t.lap, "round": t.round}
    if t.done is not None:
        turn["done"] = list(t.done)
    return {"setup": setup, "board": board, "tribes": tribes, "turn": turn}


def build(pos: Position, rules=None, check: bool = True) -> Game:
    """The engine's game at this position (raises the engine's PositionError; `check=False`: the
    pieces placed without the final check, for a position still being edited)."""
    sec = to_sections(pos)
    return engine_build(rules or _rules(), sec["setup"], sec["board"], sec["tribes"], sec["turn"], check=check)


def _rules():
    return default_rules()


def representable(game: Game) -> str | None:
    """None when `from_game` can write this moment, else why not (one line, the game's words)."""
    s = game.state
    if s.stage != "play":
        return "The game is still being set up: the board opens once the set-up is done." \
            if s.stage == "setup" else "The game is over: there is no move left to analyse."
    if s.pending is not None or s.queue:
        return ("A decision is open: the board shows the moment before a move or after it, "
                "not in the middle of one.")
    if s.phase == "event" and s.event_step not in (None, "guardian"):
        return "The Event Phase is under way: the board opens at its start or once it is over."
    return None


def _token_spec(rules, tok: str) -> str:
    kind, sides = rules.tokens[tok]
    return "havoc" if kind == "havoc" else f"{kind}@{sides[0]}" if sides else kind


def from_game(game: Game) -> Position:
    """The position of a live Game, written with `position: empty` so that `build` of it shows
    the same state view (faeriell.engine.view.resolve: every SCENARIOS.md path).

    Not carried over, as the written format has no place for them: the hidden order of the bag,
    the Essence and Herb decks and the discards (the built game deals them anew from the seed;
    the Perk piles are written whole, so their tops and sizes stay). What a tribe has used in the
    Phase under way (Herbs and Attunements rotated, innate discounts, Special gems, once-a-Phase
    moves) is written (`rotated`, `used`), so the same moves are legal. Raises AnalysisError at a moment the format
    cannot hold (`representable`)."""
    why = representable(game)
    if why:
        raise AnalysisError(why)
    s, r = game.state, game.rules
    setup = Setup(s.players, s.mode, s.difficulty, tuple(s.variants), int(s.seed))
    out_of_play = list(s.out_of_play)
    board = BoardSpec(
        doom=s.doom, harvest=r.wheel[s.harvest], first_player=s.first_player + 1,
        heartlands={a: {"region": h["region"], "token": h.get("token")} for a, h in s.heartlands.items()},
        guardians={gd: d["region"] for gd, d in s.guardians.items()},
        under={gd: game.under(gd) for gd in s.guardians},
        totem=({"region": s.totem["region"], "yellow": len(s.totem["cards"])}
               if s.totem.get("region") else None),
        set_aside=tuple(_token_spec(r, t) for t in s.set_aside),
        # the bag is written only when some tokens are out of play (naming it fixes its order)
        bag=tuple(_token_spec(r, t) for t in s.bag) if out_of_play else None,
        herbs_up=tuple(s.herbs_up),
        perk_piles=tuple(tuple(p) for p in s.perk_piles),
        drifter=({"node": s.drifter.get("node"), "owner": (s.drifter.get("owner") or 0) + 1}
                 if s.drifter else None),
        winter_gems=tuple(r.wheel[k] for k in s.winter_gems))
    order = game.order_from(s.first_player)
    me = order.index(s.active)
    tribes = []
    for k, t in enumerate(s.tribes):
        used = s.lap if order.index(k) < me else s.lap - 1
        default = list(PHASES[:max(0, used)])
        heroes = {h: HeroSpec(node=hero.node, perks=tuple(hero.perks), gems=hero.gems,
                              quests=tuple([c.packed for c in hero.quests])) for h, hero in t.heroes.items()}
        tribes.append(TribeSpec(
            settlements=tuple(t.settlements), beacons=dict(t.beacons), heroes=heroes,
            essences=tuple([c.packed for c in t.essences]), corruption=t.corruption, solved=dict(t.solved.items()),
            herbs=tuple(t.herbs), attunements=tuple(t.attunements),
            achievements=tuple(t.achievements), designated=t.designated, sower=t.sower,
            done=None if k == s.active or list(t.phases_done) == default else tuple(t.phases_done),
            rotated=tuple(t.rotated), used=_used(t)))
    turn = TurnSpec(player=s.active + 1, phase=s.phase, done=tuple(s.tribes[s.active].phases_done),
                    lap=s.lap, round=s.round)
    return Position(setup, board, tuple(tribes), turn)


def _used(t) -> dict:
    used: dict[str, list] = {}
    if t.innate:
        used["innate"] = list(t.innate)
    if t.specials:
        used["specials"] = [list(x) for x in t.specials]
    if t.once:
        used["once"] = list(t.once)
    solved = [h for h, hero in t.heroes.items() if hero.solved_this_phase]
    if solved:
        used["solved"] = solved
    return used


def from_sections(sections: Mapping[str, Any], rules=None) -> Position:
    """A Position from written sections (a scenario file's, a save's origin): built by the
    engine (any `position`, `near` Nodes...) and read back, so it is said one way.
    Raises PositionError (the engine's words) or AnalysisError."""
    rules = rules or _rules()
    g = engine_build(rules, dict(sections.get("setup") or {}), sections.get("board") or {},
                     sections.get("tribes") or [], sections.get("turn") or {}, check=False)
    return from_game(g)


def from_written(setup: dict, board: dict, tribes: list, turn: dict) -> Position:
    """A written `position: empty` (a scenario's sections) as a Position, as written: nothing is
    built nor checked here (from_sections builds), so a position the rules refuse reaches the
    editor with its fault. The inverse of to_sections."""
    def tup(v):
        return tuple(v) if isinstance(v, (list, tuple)) else ()
    st = Setup(int(setup.get("players", 2)), setup.get("mode", "competitive"),
                  setup.get("difficulty", "medium"), tup(setup.get("variants")), int(setup.get("seed", 0)))
    b = BoardSpec(
        doom=board.get("doom", 0), harvest=board.get("harvest"), first_player=board.get("first_player", 1),
        heartlands=dict(board.get("heartlands") or {}), guardians=dict(board.get("guardians") or {}),
        under=dict(board.get("under") or {}), totem=board.get("totem"), set_aside=tup(board.get("set_aside")),
        bag=tup(board["bag"]) if board.get("bag") is not None else None,
        herbs_up=tup(board["herbs_up"]) if board.get("herbs_up") is not None else None,
        perk_piles=tuple(tup(x) for x in board["perk_piles"]) if board.get("perk_piles") is not None else None,
        drifter=board.get("drifter"), winter_gems=tup(board.get("winter_gems")))
    ts = []
    for t in tribes:
        t = t or {}
        heroes = {h: HeroSpec(node=(d or {}).get("node"), perks=tup((d or {}).get("perks")),
                                 gems=(d or {}).get("gems"), quests=tup((d or {}).get("quests")))
                  for h, d in (t.get("heroes") or {}).items()}
        ts.append(TribeSpec(
            settlements=tup(t.get("settlements")), beacons=dict(t.get("beacons") or {}), heroes=heroes,
            essences=tup(t.get("essences")), corruption=t.get("corruption", 0),
            solved={**dict.fromkeys(COLORS, 0), **dict(t.get("solved") or {})}, herbs=tup(t.get("herbs")),
            attunements=tup(t.get("attunements")), achievements=tup(t.get("achievements", ["purity"])),
            designated=t.get("designated", 0), sower=bool(t.get("sower"))))
    while len(ts) < st.players:
        ts.append(TribeSpec())
    tn = TurnSpec(player=turn.get("player", 1), phase=turn.get("phase"),
                     done=tup(turn["done"]) if turn.get("done") is not None else None,
                     lap=turn.get("lap", 1), round=turn.get("round", 1))
    return Position(st, b, tuple(ts), tn)


# ---------------------------------------------------------------- the position check
# The move whose rules say what a field may hold (F1 on a refusal opens that section).
RULE_OF_FIELD = {
    "settlements": "build_settlement", "beacons": "build_beacon", "heroes": "dress_hero", "node": "move_hero",
    "perks": "level_up", "gems": "move_hero", "quests": "go_quest", "totem": "control_totem",
    "herbs": "gather_herb", "herbs_up": "gather_herb", "attunements": "attune", "guardians": "move_guardian",
    "under": "draft", "bag": "draft", "set_aside": "draft", "harvest": "harvest", "corruption": "corruption",
    "achievements": "claim", "designated": "claim", "solved": "solve_menace", "drifter": "drifter_move",
    "winter_gems": "move_settlement", "rotated": "lore", "specials": "perk", "phase": "choose_phase",
    "done": "choose_phase", "lap": "choose_phase", "player": "choose_phase", "sower": "become_sower",
    "turn": "choose_phase",
}
# A field's last word as the player reads it.
FIELD_WORDS = {
    "doom": "Doom", "harvest": "the Harvest token", "first_player": "the first player",
    "heartlands": "the Heartlands", "guardians": "the Guardians", "under": "the tokens under the Guardians",
    "totem": "the Spiritual Totem", "region": "the Region", "yellow": "the Totem's Essences",
    "set_aside": "the tokens beside the bag", "bag": "the bag", "decks": "the decks",
    "herbs_up": "the Herbs face up", "perk_piles": "the Perk piles", "drifter": "the Drifter",
    "owner": "the Drifter's owner", "winter_gems": "Winter's gems",
    "settlements": "Settlements", "beacons": "Beacons", "heroes": "Heroes", "essences": "Essences",
    "corruption": "Tribe Corruption", "solved": "solved Menaces", "herbs": "Herbs",
    "attunements": "Attunements", "achievements": "Achievements", "designated": "designated Achievement tokens",
    "sower": "the Corruption Sower", "rotated": "the Herbs and Attunements used this round",
    "used": "what was used this Phase", "specials": "the Special gems spent", "innate": "the innate abilities used",
    "once": "the once-a-Phase moves", "gems": "gems", "perks": "Perks", "quests": "Quests", "node": "the Node",
    "player": "whose turn", "phase": "the Phase", "done": "the Phase tiles used", "lap": "the lap",
    "round": "the round", "players": "the number of players", "seed": "the seed",
    "mode": "the mode", "difficulty": "the difficulty", "variants": "the variants",
}
_FIELD = re.compile(r"^((?:setup|board|tribes|turn)(?:\[\d+\])?(?:\.[\w@+-]+)*)\s*:\s*(.*)$", re.S)
_SEAT = re.compile(r"^tribes\[(\d+)\]")
_IDS = re.compile(r"[a-z]+-[a-z]+(?:\+[a-z]+-[a-z]+)*|(?<![\w@-])[a-z]+(?![\w@-])")


def fault_of(error: Exception | str, rules=None, tribe_ids: tuple[str, ...] = ()) -> Fault:
    """The engine's refusal said for the player: one line, ids named as printed, the field kept
    for marking (never shown), no ruling numbers."""
    rules = rules or _rules()
    names = Names.of(rules)
    raw = " ".join(str(error).split())
    fld, msg = "", raw
    m = _FIELD.match(raw)
    if m:
        fld, msg = m.group(1), m.group(2)
    if msg.startswith("the position breaks the rules: "):
        msg = msg[len("the position breaks the rules: "):]
    seat = None
    ms = _SEAT.match(fld)
    if ms:
        seat = int(ms.group(1))
    hero = _HERO_LEVEL.match(msg)
    if hero:                    # the invariants' shorthand: "p1 druid level 7 gems 3"
        seat, h, level, gems = int(hero.group(1)) - 1, hero.group(2), int(hero.group(3)), int(hero.group(4))
        fld = f"tribes[{seat}].heroes.{h}.perks" if level > rules.max_level else f"tribes[{seat}].heroes.{h}.gems"
        msg = (f"the {names.hero(h)} is at level {level}: a Hero goes up to level {rules.max_level}"
               if level > rules.max_level else f"the {names.hero(h)} has {gems} gems")
    else:
        pl = _PLAYER.match(msg)
        if pl and seat is None:
            seat = int(pl.group(1)) - 1
            msg = msg[pl.end():].lstrip()
    marks = _marks(rules, fld + " " + msg)
    msg = _TILE.sub(lambda m: f"{PHASE_NAMES[m.group(1)]} tile", msg)      # "the hero tile" as printed
    said = _once(names.text(_unquote_ids(rules, names, msg)))
    lead = ""
    if hero or (seat is not None and not fld):
        who = names.player(seat, tribe_ids) if tribe_ids else f"Player {seat + 1}"   # type: ignore[operator]
        lead = f"{who}: "
    elif fld:
        parts = [p for p in re.split(r"[.\[\]]", fld) if p and not p.isdigit()]
        last = next((p for p in reversed(parts) if p in FIELD_WORDS), "")
        what = FIELD_WORDS.get(last, "")
        if seat is not None:
            who = names.player(seat, tribe_ids) if tribe_ids else f"Player {seat + 1}"
            lead = f"{who}, {what}: " if what else f"{who}: "
        elif what:
            lead = f"{what[0].upper()}{what[1:]}: "
    text = clip(lead + said, 300)
    return Fault(text, fld, seat, marks)


_HERO_LEVEL = re.compile(r"^p(\d+) ([a-z]+) level (\d+) gems (-?\d+)$")
_PLAYER = re.compile(r"^p(\d+)\b")
_QUOTED = re.compile(r"'([^'\s]{1,60})'")
_TWICE = re.compile(r"\b(\w+) \1\b")
_TILE = re.compile(r"\b(tribe|event|hero) tile\b")


def _unquote_ids(rules, names: Names, msg: str) -> str:
    """A quoted value that is an id of the game is left for the names module to say
    ('bear-mountain': the Bear's Mountain); any other keeps quotes (it is what was written, not
    a name of the game)."""
    known = (set(rules.board.regions) | set(rules.board.nodes) | set(rules.board.areas)
             | set(names.regions) | set(names.perks) | set(names.herbs) | set(names.achievements)
             | set(names.heroes) | set(names.attunements))

    def said(m: re.Match) -> str:
        x = m.group(1)
        return m.group(0) if x in known or _CARD_ID.match(x) else f"\u201c{x}\u201d"
    return _QUOTED.sub(said, msg)


_CARD_ID = re.compile(r"^(red|yellow|blue|green|corruption)(@[a-z]+)?$")


def _once(text: str) -> str:
    """"Vigor Herb Herb card" -> "Vigor Herb card": a name that already ends in its kind."""
    return _TWICE.sub(r"\1", text)


def _marks(rules, text: str) -> tuple[str, ...]:
    board = rules.board
    found = []
    for tok in _IDS.findall(text):
        if (tok in board.regions or tok in board.nodes or tok in board.areas) and tok not in found:
            found.append(tok)
    return tuple(found)


def check(pos: Position, rules=None) -> Fault | None:
    """None for a position the rules allow (the engine builds it, its invariants hold and the
    player to act has a move), else the Fault."""
    rules = rules or _rules()
    try:
        build(pos, rules, check=True)
    except PositionError as e:
        return fault_of(e, rules, tribe_ids_of(pos.setup, rules))
    except MALFORMED as e:          # a value the position's checks let through that it cannot take
        return Fault(clip(f"This position cannot be set up ({type(e).__name__}).", 300))
    return None


def tribe_ids_of(setup: Setup, rules=None) -> tuple[str, ...]:
    """The tribes' ids at this set-up (the names a Fault calls the players by); () if it has none."""
    try:
        g = build(Position(setup=setup), rules or _rules(), check=False)
    except (PositionError, *MALFORMED):     # a set-up with no tribes to name
        return ()
    return tuple(t.id for t in g.state.tribes)


PHASE_ORDER: tuple[Phase, ...] = PHASES

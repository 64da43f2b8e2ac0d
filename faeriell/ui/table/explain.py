"""Why a piece cannot be picked up now, and where a missed drop almost landed - in the engine's words.

    why = cannot_pick(scene, key)     # None when the piece moves now (or is no piece)
    kind = kind_of(scene, key)        # the kind of move it stands for (its rule); rule_kind(scene): F1's
    text = missed_drop(scene, drag, pos)
    text = refused_drop(scene, drag)  # "That is the Wolf's Mountain: " + the reason

The reasons come from `faeriell.engine.explain.why_none` (the engine's why_not of the closest
moves of that piece); this module only knows which kind of move a piece stands for, the inverse
of gestures.gesture (PIECES: one entry per kind of piece), and what a place is called
(PLACE_NAMES). Answers are remembered per session version (a hover asks every frame).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from faeriell.engine.card import back_of
from faeriell.engine.explain import why_none
from faeriell.ui.table.gestures import drop_meaning
from faeriell.ui.table.keys import AchievementTile, AttuneFree, AttuneOwn, BeaconPiece, DrifterPiece, GuardianPiece, HarvestToken, HerbOwn, HerbUp, HeroSlot, InactiveHero, NodeSpot, PerkUp, PhaseTile, QuestCard, QuestDeck, RegionSpot, SupplyBeacon, SupplySettlement, TableKey, TotemPiece, TribeBoard, WheelSpace
from copy import copy
from faeriell.ui.table.chrome import expectation


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece, said once: the move it stands for when picked up (`move(key, setup)`:
    its kind and fields), whether another tribe's piece of this kind is theirs (`owned`, then
    `called` in "That Hero belongs to ..."), and `subject(words, key)` of "... costs ..."."""
    move: Callable[[Any, bool], tuple[str, dict]]
    owned: bool = False
    called: str = "piece"
    subject: Callable[[Any, Any], str] | None = None


# the inverse of gestures.gesture: a piece's type -> the move it stands for
PIECES: dict[type[TableKey], PieceKind] = {
    SupplySettlement: PieceKind(lambda key, setup: ("place_settlement", {}) if setup else ("build_settlement", {}),
                                owned=True, called="Settlements", subject=lambda w, key: "A Settlement"),
    SupplyBeacon: PieceKind(lambda key, setup: ("build_beacon", {"color": key.color}),
                            subject=lambda w, key: f"A {w.color(key.color)} Beacon"),
    TotemPiece: PieceKind(lambda key, setup: ("control_totem", {}), subject=lambda w, key: "The Spiritual Totem"),
    InactiveHero: PieceKind(lambda key, setup: ("choose_hero", {"hero": key.hero}) if setup
                            else ("dress_hero", {"hero": key.hero}),
                            owned=True, called="Hero", subject=lambda w, key: f"Dressing the {w.hero(key.hero)}"),
    HeroSlot: PieceKind(lambda key, setup: ("place_hero", {"hero": key.hero}) if setup else ("move_hero", {"hero": key.hero}),
                        owned=True, called="Hero"),
    PerkUp: PieceKind(lambda key, setup: ("level_up", {"perk": key.perk}),
                      subject=lambda w, key: f"Levelling up with {w.perk(key.perk)}"),
    HerbUp: PieceKind(lambda key, setup: ("gather_herb", {"herb": key.herb}), subject=lambda w, key: w.herb(key.herb)),
    AttuneFree: PieceKind(lambda key, setup: ("attune", {"guardian": key.guardian}),
                          subject=lambda w, key: w.attunement(key.guardian)),
    GuardianPiece: PieceKind(lambda key, setup: ("move_guardian", {"guardian": key.guardian})),
    BeaconPiece: PieceKind(lambda key, setup: ("beacon_solve", {"region": key.region})),
    HarvestToken: PieceKind(lambda key, setup: ("harvest", {})),
    QuestDeck: PieceKind(lambda key, setup: ("go_quest", {"deck": key.color})),
    QuestCard: PieceKind(lambda key, setup: ("solve_quest", {"hero": key.hero, "card": key.card}),
                         owned=True, called="Quest card"),
    PhaseTile: PieceKind(lambda key, setup: ("choose_phase", {"phase": key.phase}), owned=True, called="Phase tile"),
    HerbOwn: PieceKind(lambda key, setup: ("lore", {"card": key.card}), owned=True, called="Herb"),
    AttuneOwn: PieceKind(lambda key, setup: ("lore", {"card": key.card}), owned=True, called="Attunement"),
    DrifterPiece: PieceKind(lambda key, setup: ("drifter_move", {})),
}


def piece_move(key: TableKey, s, i: int):
    """(kind, fields) a piece stands for when picked up by tribe i, 'theirs' for another tribe's
    own piece, or None when the thing is no piece."""
    piece = PIECES.get(type(key))
    if piece is None:
        return None
    own = getattr(key, "tribe", None) == i
    if piece.owned and not own:
        return "theirs"
    return piece.move(key, s.stage == "setup")


def cannot_pick(scene, key: TableKey) -> str | None:
    """Why the acting player cannot pick up this piece now (None: it moves now, or it is no piece)."""
    session = scene.session
    memo = scene.__dict__.setdefault("_why_memo", {})
    if memo.get("version") != session.version:
        memo.clear()
        memo["version"] = session.version
    if key in memo:
        return memo[key]
    memo[key] = why = _cannot_pick(scene, key)
    return why


def _cannot_pick(scene, key: TableKey) -> str | None:
    session = scene.session
    g = session.game
    s = g.state
    w = scene.words
    if s.game_over:
        return None
    i = g.acting
    if i is None:
        return None
    meant = piece_move(key, s, i)
    if meant is None:
        return None
    if session.seats[i] != "human":
        return f"Wait: {w.player(i)} (bot) is playing."
    if key in scene.index.drops or key in scene.index.clicks:
        return None
    step = session.step_reason()                           # a guided step: its own words
    if step:
        return step
    if meant == "theirs":                     # said only of an owned piece: its key names its tribe
        owner: int = getattr(key, "tribe")  # noqa: B009 - TableKey itself has no tribe
        return f"That {PIECES[type(key)].called} belongs to {w.player(owner)}."
    kind, fields = meant
    pend = s.pending
    if pend is not None and pend.get("kind") != kind:
        head, _how = w.decision(pend, s)
        return f"First the decision on the table: {head}"
    try:
        why = why_none(g, kind, **fields)
    except (KeyError, ValueError, IndexError):
        why = None
    if not why:
        return None
    if why.startswith("It costs "):
        why = f"{what_it_is(scene, key)} costs " + why[len("It costs "):]
    return w.plain(why)


def what_it_is(scene, key: TableKey) -> str:
    """The piece as the subject of 'costs ...' ('A red Beacon', 'Ley Lines Herb')."""
    piece = PIECES.get(type(key))
    return piece.subject(scene.words, key) if piece is not None and piece.subject is not None else "It"


# what a place is called in "That is ...: " and "... is nearest" (a kind of place, said once)
PLACE_NAMES: dict[type[TableKey], Callable[[Any, Any], str]] = {
    RegionSpot: lambda w, key: w.region(key.region),
    NodeSpot: lambda w, key: w.node(key.node),
    GuardianPiece: lambda w, key: w.guardian(key.guardian),
    HeroSlot: lambda w, key: f"the {w.hero(key.hero)} of {w.player(key.tribe)}",
    AchievementTile: lambda w, key: f"the {w.achievement(key.achievement)} Achievement",
    WheelSpace: lambda w, key: "that Harvest space",
    TribeBoard: lambda w, key: "your tribe board",
}


def place_name(scene, key: TableKey) -> str:
    name = PLACE_NAMES.get(type(key))
    return name(scene.words, key) if name is not None else "that place"


def nearest_place(scene, drag, pos):
    """The place of a kind this piece goes to that is nearest to pos (key, distance)."""
    best, dist = None, math.inf
    for key, spots in scene.spots.by_key.items():
        if type(key) not in drag.target_kinds or key == drag.grip:
            continue
        for sp in spots:
            d = math.dist(pos, sp.center)
            if d < dist:
                best, dist = key, d
    if RegionSpot in drag.target_kinds:
        board = scene.session.game.rules.board
        for r in board.regions:
            d = math.dist(pos, scene.region_point(r))
            if d < dist:
                best, dist = RegionSpot(r), d
    return best, dist


def missed_drop(scene, drag, pos) -> str:
    """What to say when a drop lands on no place: the nearest place and why it does not take the
    piece (or that it does, when it glows)."""
    near, _ = nearest_place(scene, drag, pos)
    if near is None:
        return "Drop it on a glowing place."
    name = place_name(scene, near)
    if near in drag.targets or near in drag.aliases:
        return f"It landed between places: {name}, the nearest, takes it - drop it there (it glows)."
    why = why_not_drop(scene, _at(drag, near))
    return f"Not on {name}. {why or 'It cannot go there.'}"


def refused_drop(scene, drag) -> str:
    """What to say when a drop lands on a place that does not take the piece: where it landed,
    in the game's words, then the reason (the engine's why_not, or a guided step's own words):
    "That is the Wolf's Mountain: ...". A reason that already names the place is said as it is."""
    why = why_not_drop(scene, drag)
    name = place_name(scene, drag.hover)
    if name == "that place" or name.lower() in why.lower():
        return why
    return f"That is {name}: {why}"


def _at(drag, place):
    d = copy(drag)
    d.hover = place
    return d


PLACES = (RegionSpot, NodeSpot, GuardianPiece, AchievementTile, WheelSpace)      # the places an idle click explains


def idle_click(scene, key: TableKey) -> str | None:
    """What to say when a place is clicked with nothing in hand and the click does nothing by
    itself (a click is never silent): which piece goes there and how, or that nothing does now."""
    if not isinstance(key, PLACES) or key in scene.index.clicks:
        return None
    g = scene.session.game
    if g.state.game_over or g.acting is None or scene.session.seats[g.acting] != "human":
        return None
    place = place_name(scene, key)
    pieces = [grip for grip, targets in scene.index.drops.items() if key in targets]
    if pieces:
        names = sorted({what_it_is(scene, grip) for grip in pieces} - {"It"})
        what = names[0][0].lower() + names[0][1:] if len(names) == 1 else "a piece that can go there"
        return (f"A click on {place} alone moves nothing: drag {what} onto it (or click the piece first, "
                f"then {place}).")
    hint = expectation(scene.painted)[1] if scene.painted is not None else scene.words.phase_hint(g, scene.index.kinds)
    hint = hint.rstrip(".")
    return f"Nothing can go to {place} now. {hint[0].upper() + hint[1:]}."


def kind_of(scene, key) -> str | None:
    """The kind of move a piece stands for (for its rule), or None."""
    if key is None:
        return None
    acting = scene.session.acting
    try:
        m = piece_move(key, scene.session.state, acting if acting is not None else scene.viewer)
    except (IndexError, KeyError):
        return None
    return m[0] if isinstance(m, tuple) else None


def rule_kind(scene) -> str | None:
    """What F1 explains now: the refused move while its message shows, else the piece pointed at,
    else the move the guided step asks for, else the decision asked (a newcomer pressing F1 in
    the middle of a step wants that step's rule, not the book's first page)."""
    if scene.message and scene.message_bad and scene.refused_kind:
        return scene.refused_kind
    kind = kind_of(scene, scene.board.hover_key)
    if kind:
        return kind
    step = getattr(getattr(scene.session, "tutorial", None), "step", None)
    if step is not None and step.kind == "do" and step.action.get("action"):
        return str(step.action["action"])
    pending = scene.session.state.pending
    return str(pending["kind"]) if pending else None


def why_not_drop(scene, d) -> str:
    """Why the piece in hand cannot be dropped where it hovers: the engine's refusal of the move
    the drop would be, in the game's words (a Quest card names the Guardian it is solved at)."""
    if isinstance(d.grip, QuestCard) and isinstance(d.hover, GuardianPiece):
        want = back_of(d.grip.card)
        if want is not None and want != d.hover.guardian:     # (a Quest card always shows its back)
            return (f"This Quest is solved where {scene.words.guardian(want)} stands, "
                    f"not {scene.words.guardian(d.hover.guardian)}.")
    for a in drop_meaning(scene.index, d.grip, d.hover) if d.hover is not None else ():
        why = scene.session.why_not(a)
        if why:
            return scene.words.plain(why)
    return "That move is not possible there."

"""The table's keys: one small value type per kind of thing a player can point at.

Panels register a Spot under a key while they draw (spots.py); gestures.py maps each legal
Action to keys; tooltips, explanations, the keyboard and the highlights find what to do with a
key by its TYPE (isinstance, or a dict from type to handler), never by a string inside it.
Every key is frozen and hashable, equal by value, so it serves as a dict key and in sets.

`tag` is the kind's plain name (its name in the old tuple form): `order` sorts by it (a stable
order across kinds, as the tuples sorted) and the keyboard says it for a thing with no tooltip
title. Nothing dispatches on it (tests/test_table_keys.py).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from faeriell.engine.card import Card, as_card


@dataclass(frozen=True, slots=True)
class TableKey:
    """Base of every key on the table."""
    tag: ClassVar[str] = ""


def _card_key(key: Any) -> None:
    # a card spelled as printed ("red@owl") is the Card itself, so a key made from the view, a
    # move or a test is the same key
    object.__setattr__(key, "card", as_card(key.card))


def order(key: TableKey) -> tuple[Any, ...]:
    """A sort key over keys of any kind: the kind's name, then the fields (as tuples sorted)."""
    # a Card sorts as it is printed ("red@owl"), beside the '?' of a hidden one
    return (key.tag, *(str(v) if isinstance(v, Card) else v for v in (getattr(key, f.name) for f in fields(key))))


# ---- places on the island ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RegionSpot(TableKey):
    region: str
    tag: ClassVar[str] = "region"


@dataclass(frozen=True, slots=True)
class NodeSpot(TableKey):
    node: str
    tag: ClassVar[str] = "node"


@dataclass(frozen=True, slots=True)
class GuardianPiece(TableKey):
    guardian: str
    tag: ClassVar[str] = "guardian"


@dataclass(frozen=True, slots=True)
class UnderGuardian(TableKey):
    """The token (a Menace or a Corruption) under a Guardian."""
    guardian: str
    tag: ClassVar[str] = "under"


@dataclass(frozen=True, slots=True)
class HeroSlot(TableKey):
    """A dressed Hero of tribe `tribe` (on the map or on its tribe board)."""
    tribe: int
    hero: str
    tag: ClassVar[str] = "hero"


@dataclass(frozen=True, slots=True)
class SettlementPiece(TableKey):
    tribe: int
    region: str
    tag: ClassVar[str] = "settlement"


@dataclass(frozen=True, slots=True)
class BeaconPiece(TableKey):
    region: str
    tag: ClassVar[str] = "beacon"


@dataclass(frozen=True, slots=True)
class TotemPiece(TableKey):
    tag: ClassVar[str] = "totem"


@dataclass(frozen=True, slots=True)
class HeartlandToken(TableKey):
    area: str
    tag: ClassVar[str] = "heartland"


@dataclass(frozen=True, slots=True)
class DrifterPiece(TableKey):
    tag: ClassVar[str] = "drifter"


@dataclass(frozen=True, slots=True)
class PlayArea(TableKey):
    """The island as a whole (a Phase tile is played by dropping it there)."""
    tag: ClassVar[str] = "play_area"


# ---- a tribe's board ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TribeBoard(TableKey):
    tribe: int
    tag: ClassVar[str] = "tribe_board"


@dataclass(frozen=True, slots=True)
class TribeSmall(TableKey):
    """Another tribe's board drawn small (a click shows it large)."""
    tribe: int
    tag: ClassVar[str] = "tribe_small"


@dataclass(frozen=True, slots=True)
class InactiveHero(TableKey):
    tribe: int
    hero: str
    tag: ClassVar[str] = "inactive"


@dataclass(frozen=True, slots=True)
class SupplySettlement(TableKey):
    tribe: int
    tag: ClassVar[str] = "supply_settlement"


@dataclass(frozen=True, slots=True)
class PhaseTile(TableKey):
    tribe: int
    phase: str
    tag: ClassVar[str] = "phase"


@dataclass(frozen=True, slots=True)
class PoolCard(TableKey):
    """An Essence card in a tribe's pool."""
    tribe: int
    card: Card | str      # a Card; '?' for a card whose face is hidden
    tag: ClassVar[str] = "pool_card"

    def __post_init__(self) -> None:
        _card_key(self)


@dataclass(frozen=True, slots=True)
class QuestCard(TableKey):
    tribe: int
    hero: str
    card: Card | str      # a Card; '?' for a card whose face is hidden
    tag: ClassVar[str] = "quest"

    def __post_init__(self) -> None:
        _card_key(self)


@dataclass(frozen=True, slots=True)
class PerkTile(TableKey):
    """A Perk a Hero has (played by a click)."""
    tribe: int
    hero: str
    perk: str
    tag: ClassVar[str] = "perk_tile"


@dataclass(frozen=True, slots=True)
class HerbOwn(TableKey):
    tribe: int
    card: str
    tag: ClassVar[str] = "herb_own"


@dataclass(frozen=True, slots=True)
class AttuneOwn(TableKey):
    tribe: int
    card: str
    tag: ClassVar[str] = "attune_own"


@dataclass(frozen=True, slots=True)
class SlotToken(TableKey):
    """An Achievement token still in its slot on the tribe board (its colour, or "any")."""
    tribe: int
    color: str
    tag: ClassVar[str] = "slot_token"


@dataclass(frozen=True, slots=True)
class TokenSlot(TableKey):
    """An empty Achievement token slot."""
    tribe: int
    color: str
    tag: ClassVar[str] = "slot"


@dataclass(frozen=True, slots=True)
class MenaceTrack(TableKey):
    tribe: int
    color: str
    tag: ClassVar[str] = "track"


@dataclass(frozen=True, slots=True)
class SetupCard(TableKey):
    """An Essence card revealed for the coop / solo set-up."""
    tribe: int
    card: Card | str      # a Card; '?' for a card whose face is hidden
    tag: ClassVar[str] = "setup_card"

    def __post_init__(self) -> None:
        _card_key(self)


@dataclass(frozen=True, slots=True)
class FirstPlayer(TableKey):
    tag: ClassVar[str] = "first_player"


# ---- the shared boards -------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class QuestDeck(TableKey):
    color: str
    tag: ClassVar[str] = "deck"


@dataclass(frozen=True, slots=True)
class QuestDiscard(TableKey):
    color: str
    tag: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class HerbUp(TableKey):
    herb: str
    tag: ClassVar[str] = "herb_up"


@dataclass(frozen=True, slots=True)
class HerbDeck(TableKey):
    tag: ClassVar[str] = "herb_deck"


@dataclass(frozen=True, slots=True)
class HerbDiscard(TableKey):
    tag: ClassVar[str] = "herb_discard"


@dataclass(frozen=True, slots=True)
class AttuneFree(TableKey):
    guardian: str
    tag: ClassVar[str] = "attune_free"


@dataclass(frozen=True, slots=True)
class AttuneTaken(TableKey):
    guardian: str
    tag: ClassVar[str] = "attune_taken"


@dataclass(frozen=True, slots=True)
class PerkUp(TableKey):
    perk: str
    tag: ClassVar[str] = "perk_up"


@dataclass(frozen=True, slots=True)
class SowerPerk(TableKey):
    perk: str
    tag: ClassVar[str] = "sower_perk"


@dataclass(frozen=True, slots=True)
class SowerPile(TableKey):
    tag: ClassVar[str] = "sower_pile"


@dataclass(frozen=True, slots=True)
class SowerTribe(TableKey):
    tribe: int
    tag: ClassVar[str] = "sower_tribe"


@dataclass(frozen=True, slots=True)
class SupplyBeacon(TableKey):
    color: str
    tag: ClassVar[str] = "supply_beacon"


@dataclass(frozen=True, slots=True)
class TotemSlot(TableKey):
    tag: ClassVar[str] = "totem_slot"


@dataclass(frozen=True, slots=True)
class TotemCards(TableKey):
    tag: ClassVar[str] = "totem_cards"


@dataclass(frozen=True, slots=True)
class AchievementTile(TableKey):
    achievement: str
    tag: ClassVar[str] = "achievement"


@dataclass(frozen=True, slots=True)
class AchievementToken(TableKey):
    """A tribe's token on an Achievement tile."""
    achievement: str
    tribe: int
    tag: ClassVar[str] = "achievement_token"


@dataclass(frozen=True, slots=True)
class DesignatedArea(TableKey):
    tag: ClassVar[str] = "designated"


@dataclass(frozen=True, slots=True)
class DesignatedToken(TableKey):
    tribe: int
    tag: ClassVar[str] = "designated_token"


@dataclass(frozen=True, slots=True)
class WheelSpace(TableKey):
    space: int
    tag: ClassVar[str] = "wheel"


@dataclass(frozen=True, slots=True)
class HarvestToken(TableKey):
    tag: ClassVar[str] = "harvest_token"


@dataclass(frozen=True, slots=True)
class DoomSpace(TableKey):
    space: int
    tag: ClassVar[str] = "doom"


@dataclass(frozen=True, slots=True)
class DoomLabel(TableKey):
    tag: ClassVar[str] = "doom_label"


@dataclass(frozen=True, slots=True)
class CorruptionSpace(TableKey):
    space: int
    tag: ClassVar[str] = "corruption_track"


@dataclass(frozen=True, slots=True)
class MenaceBag(TableKey):
    tag: ClassVar[str] = "bag"


@dataclass(frozen=True, slots=True)
class SetAside(TableKey):
    tag: ClassVar[str] = "set_aside"


# ---- the frame round the table -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Button(TableKey):
    """A banner button: end_phase, draft, undo, moves, puzzle_retry."""
    name: str
    tag: ClassVar[str] = "button"


@dataclass(frozen=True, slots=True)
class UndoOff(TableKey):
    """Undo greyed: nothing can be taken back now (its place is kept)."""
    tag: ClassVar[str] = "undo_off"


@dataclass(frozen=True, slots=True)
class RoundLap(TableKey):
    tag: ClassVar[str] = "round_lap"


@dataclass(frozen=True, slots=True)
class GoalMeter(TableKey):
    tag: ClassVar[str] = "goal_meter"


@dataclass(frozen=True, slots=True)
class SideScroll(TableKey):
    """The shared boards' scroll bar, while the window is too short for the column."""
    tag: ClassVar[str] = "side_scroll"


@dataclass(frozen=True, slots=True)
class PuzzleCard(TableKey):
    tag: ClassVar[str] = "puzzle"


@dataclass(frozen=True, slots=True)
class TipOk(TableKey):
    """The tip card's "Got it" (first in the keyboard's cycle while it shows)."""
    tag: ClassVar[str] = "tip_ok"


def all_kinds() -> list[type[TableKey]]:
    """Every kind of key (for tests and tables that must name each one). Read from this module's
    names: a dataclass with slots is a new class, so TableKey.__subclasses__() also lists the
    replaced ones."""
    return [c for c in globals().values()
            if isinstance(c, type) and issubclass(c, TableKey) and c is not TableKey]


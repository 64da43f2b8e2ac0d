"""The component catalog the engine reads: every card, tile, token and table of the game.

Filled from data/*.yaml by faeriell.content.catalog_loader (which validates it); the engine never
reads YAML itself. Each field holds plain Python data exactly as loaded: entry tables are dicts
keyed by id in YAML order, and every entry keeps its own `id`. Treat it as read-only.
Compared and hashed by identity (eq=False): the fields are dicts, and one catalog is shared.
"""
from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, fields
from typing import Any
from collections.abc import Iterable

from .words import Colour, EssenceColour, Terrain


# A native class when compiled; it has no __dict__ to pickle or copy, so __reduce__ and
# __deepcopy__ rebuild it from its fields (the expert's helpers receive it pickled inside the
# rules; tests copy it to vary it).
@dataclass(frozen=True, eq=False)
class Catalog:
    colors: dict[EssenceColour, dict[str, Any]]   # red, yellow, blue, green, corruption (R3, R4)
    terrains: dict[Terrain, dict[str, Any]]       # mountain, meadow, river, forest -> colour (R3)
    guardians: dict[str, dict[str, Any]]     # the 8 Great Guardians (R2)
    tribes: dict[str, dict[str, Any]]        # longfeather, berrywort, stoneroot, cedarmoon (R3)
    heroes: dict[str, dict[str, Any]]        # hero types with colour and innate ability
    perks: dict[str, dict[str, Any]]         # Hero and Corruption Sower Perks (R21-R23)
    herbs: dict[str, dict[str, Any]]         # Heirloom Herbs (R24)
    attunements: dict[str, dict[str, Any]]   # one per Guardian (R17, R25)
    achievements: dict[str, dict[str, Any]]  # the 20 Achievements with their conditions (R32)
    essences: dict[EssenceColour, list[str]]  # colour -> the 16 Guardian backs of its deck (R4)
    bag: dict[str, Any]            # menace / corruption tokens and havoc (R6)
    tracks: dict[str, Any]         # Doom, Tribe Corruption, component counts (R5, R7-R13)
    harvest_wheel: list[str]       # the 12 spaces, clockwise (R11)
    costs: dict[str, Any]          # Tribe Action costs (R14-R18), encoding in data/costs.yaml
    modes: dict[str, Any]          # difficulties, coop/solo, variants (R33-R35)
    starting_scenario: dict[str, Any]  # the recommended first game

    def __reduce__(self) -> tuple[type[Catalog], tuple[Any, ...]]:
        return (Catalog, tuple(getattr(self, f.name) for f in fields(self)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalog:
        return Catalog(*(deepcopy(getattr(self, f.name), memo) for f in fields(self)))

    def terrain_color(self, terrain: Terrain) -> Colour:
        colour: Colour = self.terrains[terrain]["essence"]
        return colour

    def hero_color(self, hero: str) -> EssenceColour:
        colour: EssenceColour = self.heroes[hero]["color"]
        return colour

    def perk_tiles(self, sets: Iterable[str]) -> list[str]:
        """Perk ids of the given sets (base, kickstarter, sower, sower_kickstarter), one per tile."""
        sets = set(sets)
        return [p["id"] for p in self.perks.values() if p["set"] in sets
                for _ in range(p["copies"])]

    def herb_cards(self, kickstarter: bool = False) -> list[str]:
        """Herb ids, one per card: 16 in the base game, 20 with the Kickstarter edition (R24)."""
        key = "kickstarter_copies" if kickstarter else "copies"
        return [h["id"] for h in self.herbs.values() for _ in range(h[key])]

    def sower_perks(self, kickstarter: bool = False) -> list[str]:
        """Corruption Sower Perk tiles: 5 base, 9 with the Kickstarter edition (R23)."""
        return self.perk_tiles({"sower", "sower_kickstarter"} if kickstarter else {"sower"})

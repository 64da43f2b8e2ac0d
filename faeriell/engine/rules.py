"""Static rule tables: the board graph plus the catalog, indexed the way the engine asks.

Every number comes from the catalog (data/*.yaml); this module only reshapes it once per game
so the hot paths (legal-move listing) do dictionary look-ups, not searches.
"""
from __future__ import annotations

from typing import Any, TypeVar

from .board import Board
from .card import Card
from .catalog import Catalog
from .words import COLORS, Colour, Difficulty, EssenceColour, Terrain

_C = TypeVar("_C")


# A native class when compiled (its attributes are slot reads on the hot paths): pickled (the
# expert's helper processes receive the rules so) and copied by rebuilding from the board and
# catalog (__reduce__), as a native class has no __dict__ for pickle to restore.
class Rules:
    def __init__(self, board: Board, catalog: Catalog) -> None:
        self.board = board
        self.catalog = catalog
        self._all_cards: list[Card] | None = None      # all_cards, worked out on first use
        c = catalog
        self.wheel: list[str] = list(c.harvest_wheel)                      # R11
        self.terrain_color: dict[Terrain, Colour] = {t: d["essence"] for t, d in c.terrains.items()}   # R3
        self.terrains: tuple[Terrain, ...] = tuple(c.terrains)
        self.hero_color: dict[str, EssenceColour] = {h: d["color"] for h, d in c.heroes.items()}
        self.color_hero = {d["color"]: h for h, d in c.heroes.items()
                           if d["color"] in COLORS}
        self.guardians = tuple(c.guardians)
        self.areas = tuple(board.areas)
        t = c.tracks
        self.doom_max = int(t["doom"]["max"])                                # R7
        self.draft_table = [(int(r["from"]), int(r["to"]), int(r["tokens"]))
                            for r in t["doom"]["draft"]]
        self.corruption_max = int(t["tribe_corruption"]["max"])              # R8
        self.menace_max = int(t["menace_track"]["max"])                      # R9
        self.settlements_per_tribe = int(t["settlements_per_tribe"])         # R10
        heroes = t["heroes"]
        self.max_active = int(heroes["max_active"])
        self.max_level = int(heroes["max_level"])
        self.base_gems = int(heroes["base_gems"])
        self.gems_at_level = {int(k): int(v) for k, v in (heroes.get("gems_at_level") or {}).items()}
        self.slots = list(t["achievement_slots"])                            # R12
        self.herbs_face_up = int(t.get("herbs_face_up", 3))
        self.perk_piles = int(t.get("perk_piles", 4))
        self.beacons = {c: int(n) for c, n in t["beacons"].items()}            # R13
        self.terrain_tokens = {k: int(n) for k, n in t["terrain_tokens"].items()}   # R5
        self.lost_doom = int(t["tribe_corruption"].get("lost_doom", 2))        # R38
        self.sower_at = int(t["tribe_corruption"].get("sower_at", self.corruption_max))
        self.stop_draft_from = int(t["doom"].get("event_stops_draft_from", 5))
        self.harvest_min = int(t.get("harvest_steps", {}).get("min", 1))       # R40
        self.harvest_add = int(t.get("harvest_steps", {}).get("add", 1))       # R10
        self.tokens_per_tribe = int(t.get("achievement_tokens", 6))
        end = t.get("endgame", {})
        self.end_round_at = int(end.get("achievements_end_round", 5))
        self.win_now_at = int(end.get("achievements_win_now", 7))
        # Bag (R6): token id -> (kind, sides)
        self.tokens: dict[str, tuple[str, tuple[str, ...]]] = {}
        for i, tok in enumerate(c.bag["menace"]):
            self.tokens[f"{tok['color']}.{i}"] = (tok["color"], tuple(tok["sides"]))
        for i, tok in enumerate(c.bag["corruption"]):
            self.tokens[f"corruption.{i}"] = ("corruption", tuple(tok["sides"]))
        for i in range(int(c.bag.get("havoc", 1))):
            self.tokens["havoc" if i == 0 else f"havoc.{i}"] = ("havoc", ())
        self.menace_tokens = [k for k, v in self.tokens.items() if v[0] in COLORS]
        self.corruption_tokens = [k for k, v in self.tokens.items() if v[0] == "corruption"]
        self.havoc_tokens = [k for k, v in self.tokens.items() if v[0] == "havoc"]
        # Effects by perk/herb/attunement id
        self.perk_abilities = {p: list(d.get("abilities", [])) for p, d in c.perks.items()}
        # R44: Fellowship counts Hero Perk tiles only, so the engine must tell Sower Perks apart.
        self.sower_perk_ids = frozenset(p for p, d in c.perks.items()
                                        if d.get("set") in ("sower", "sower_kickstarter"))
        self.herb_abilities = {h: list(d.get("abilities", [])) for h, d in c.herbs.items()}
        self.herb_discount = {}                                                 # R19
        for h in self.herb_abilities:
            ab = self.herb_ability(h, "discount")
            if ab:
                self.herb_discount[h] = ab["color"]
        self.herb_bonus = {h: d.get("bonus") or {} for h, d in c.herbs.items()}
        self.attune_bonus = {a: d.get("bonus") or {} for a, d in c.attunements.items()}
        self.attune_cost = {a: dict(d["cost"]) for a, d in c.attunements.items()}     # R17
        self.innate = {h: d.get("innate") or {} for h, d in c.heroes.items()}
        self.achievement_ids = list(c.achievements)
        self.conditions = {a: d["condition"] for a, d in c.achievements.items()}
        self.costs = c.costs
        # Innate discounts by Tribe Action (R19): ((hero, colour, self_only), ...) in heroes order.
        self.innate_discounts = {
            kind: tuple((h, inn["color"], bool(inn.get("self_only"))) for h, inn in self.innate.items()
                        if inn and inn.get("effect") == "innate_discount" and inn.get("action") == kind)
            for kind in c.costs}
        self._printed: dict[tuple[str, str | None], tuple[str, ...]] = {}
        self._printed_sizes: dict[str, dict[str, int]] = {}    # kind -> {Guardian: slots of its printed cost}
        self._perk_effects: dict[tuple[str, str], dict[str, Any] | None] = {}   # (perk, effect) -> its ability or None
        self.modes = c.modes
        # Board look-ups
        b = board
        self.region_area = {r: reg.area for r, reg in b.regions.items()}
        self.region_terrain: dict[str, Terrain] = {r: reg.terrain for r, reg in b.regions.items()}
        self.node_regions = {n: node.regions for n, node in b.nodes.items()}
        self.area_nodes = {a: tuple(sorted({n for r in regs for n in b.region_nodes[r]}))
                           for a, regs in b.areas.items()}

    def printed_slots(self, kind: str, which: str | None) -> tuple[str, ...]:
        """The printed slots of a cost, sorted: an Attunement's (`which` = Guardian) or `fixed`
        with the Beacon's colour (`which` = colour; None for a kind whose action names none)."""
        key = (kind, which)
        found = self._printed.get(key)
        if found is None:
            spec = self.costs[kind]
            if spec.get("from") == "attunement":
                assert which is not None        # an Attunement's slots are asked by its Guardian
                cols = [col for col, n in self.attune_cost[which].items() for _ in range(int(n))]
            else:
                cols = [which if col == "BEACON_COLOR" else col for col in spec.get("fixed", [])]
            found = self._printed[key] = tuple(sorted(cols))
        return found

    def printed_sizes(self, kind: str) -> dict[str, int]:
        """Attunement (Guardian) -> how many slots its printed cost has."""
        found = self._printed_sizes.get(kind)
        if found is None:
            found = self._printed_sizes[kind] = {gd: len(self.printed_slots(kind, gd)) for gd in self.attune_cost}
        return found

    def draft_count(self, doom: int) -> int:
        for lo, hi, n in self.draft_table:
            if lo <= doom <= hi:
                return n
        return 0

    def difficulty(self, name: Difficulty) -> dict[str, Any]:
        found: dict[str, Any] = self.modes["difficulties"][name]
        return found

    def gems_for_level(self, level: int) -> int:
        gems = self.base_gems
        for lvl, n in self.gems_at_level.items():
            if level >= lvl:
                gems = max(gems, n)
        return gems

    def token_kind(self, token: str) -> str:
        return self.tokens[token][0]

    def perk_has(self, perk: str, effect: str) -> bool:
        return self.perk_ability(perk, effect) is not None

    def perk_ability(self, perk: str, effect: str) -> dict[str, Any] | None:
        """The Perk's ability of this effect kind (remembered: triggers ask after most steps)."""
        key = (perk, effect)
        memo = self._perk_effects
        if key in memo:
            return memo[key]
        found: dict[str, Any] | None = None
        for a in self.perk_abilities.get(perk, ()):
            if a.get("effect") == effect:
                found = a
                break
        memo[key] = found
        return found

    def herb_ability(self, herb: str, effect: str) -> dict[str, Any] | None:
        for a in self.herb_abilities.get(herb, ()):
            if a.get("effect") == effect:
                found: dict[str, Any] = a
                return found
        return None

    def __reduce__(self) -> tuple[type[Rules], tuple[Board, Catalog]]:
        return (Rules, (self.board, self.catalog))

    @property
    def all_cards(self) -> list[Card]:
        if self._all_cards is None:
            self._all_cards = [Card.of(col, g) for col, backs in self.catalog.essences.items() for g in backs]
        return self._all_cards

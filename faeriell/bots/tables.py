"""What a bot knows of the island and the catalog, computed once per rules: distances from Nodes
to Regions, which Achievement each measure, colour or Hero counts for, what Tribe Actions cost and
the Heroes' discounts (read from data/*.yaml through the rules, never written into the bots), and
a rough worth for each Perk tile. A decision's Ctx (knowledge.py) holds these as `T`.
"""
from __future__ import annotations

from functools import lru_cache


class Tables:
    """Per-rules look-ups computed once (distances from nodes to Regions, colour ids...)."""

    def tribe_discount(self, kind: str, heroes) -> int:
        """Essences off one `kind` Tribe Action for a tribe with these active Heroes."""
        return sum(1 for h in self.action_discount.get(kind, ()) if h in heroes)

    def __init__(self, rules) -> None:
        b = rules.board
        self.rules = rules
        self.region_nodes = b.region_nodes
        self.node_regions = rules.node_regions
        # distance (in nodes) from each node to the nearest node of each Region
        self.node_region_dist: dict[str, dict[str, int]] = {}
        for n in b.nodes:
            dist = b.node_dist[n]
            self.node_region_dist[n] = {r: min(dist.get(x, 99) for x in nodes)
                                        for r, nodes in b.region_nodes.items()}
        self.solved_aid = {}
        self.hero_aid = {}
        self.terrain_aid = {}
        for aid, cond in rules.conditions.items():
            m = cond["measure"]
            if m == "solved":
                self.solved_aid[cond["color"]] = aid
            elif m == "hero_level":
                self.hero_aid[cond["hero"]] = aid
            elif m == "terrain":
                self.terrain_aid[cond["terrain"]] = aid
        self.measure_aid: dict[str, str] = {}    # measure -> the first Achievement counting it
        for aid, cond in rules.conditions.items():
            self.measure_aid.setdefault(cond["measure"], aid)
        self.wheel = list(rules.wheel)
        # Essences off a Hero's own level-up (the Adventurer's innate discount, R19), read from
        # the catalog (data/heroes.yaml) through the rules, never written into the bots
        self.own_level_discount = {h: sum(1 for hh, _c, own in rules.innate_discounts.get("level_up", ())
                                          if hh == h and own)
                                   for h in rules.innate}
        # ... and off a Tribe Action for a tribe with the Hero (Chieftain's Beacons, Druid's Herbs,
        # Shaman's Attunements): {action kind: Heroes giving one Essence off}
        self.action_discount = {kind: tuple(h for h, _c, own in found if not own)
                                for kind, found in rules.innate_discounts.items()}
        self.guardian_set = set(rules.guardians)
        # What Tribe Actions cost, read from data/costs.yaml through the rules (R14-R17), never
        # written into the bots: the cards a fixed cost prints (a Beacon, a Herb), what a counted
        # cost adds to its count (a level: the level plus one), an Attunement's printed slots and
        # the slots each own Settlement in its Area waives
        self.fixed_price = {k: len(spec["fixed"]) for k, spec in rules.costs.items() if "fixed" in spec}
        self.count_add = {k: int(spec["count"].get("add", 0)) for k, spec in rules.costs.items() if "count" in spec}
        self.attune_slots = rules.printed_sizes("attune")
        self.attune_waiver = int(rules.costs["attune"].get("settlement_discount", 1))
        # the Heroes the Fellowship asks for (data/achievements.yaml, R32)
        self.fellowship_heroes = next((int(c.get("heroes", 0)) for c in rules.conditions.values()
                                       if c["measure"] == "perks"), 0)
        # Perk tile values for a Hero (rough, in cards); unknown ids get 0.5.
        self.perk_value = {}
        for p in rules.perk_abilities:
            v = 0.5
            for ab in rules.perk_abilities[p]:
                e = ab.get("effect")
                v = max(v, {"extra_move": 1.0, "quest_any": 0.8, "cleanse_any": 0.9, "move_after_solve": 0.7,
                            "remove_menace": 1.0, "path_move": 0.6, "gain_gem": 1.0, "convert": 0.6,
                            "gem_on_quest_solve": 0.8, "solve_any_menace_owned": 1.0, "track_on_perk": 1.0,
                            "pay_move": 0.6, "nudge_guardian": 0.3, "call_guardians": 0.3,
                            "trigger_event": 0.4}.get(e, 0.5))
            self.perk_value[p] = v


@lru_cache(maxsize=8)
def _tables(rules_id: int, rules) -> Tables:
    return Tables(rules)


def tables(rules) -> Tables:
    return _tables(id(rules), rules)

"""The effect kinds that Perks, Herbs, Attunements and Hero innates name in data/ YAML.

Data only, no behaviour: the engine registers one implementation per kind name, and the catalog
loader checks every ability in the YAML against these tables. An ability is written

    {timing: <TIMINGS>, effect: <kind>, <param>: <value>, ...}

with exactly the required params of its kind (EFFECT_KINDS), plus any of that kind's
OPTIONAL_PARAMS. Achievement conditions are checked the same way against CONDITION_MEASURES.
"""
from __future__ import annotations

from typing import Any

# When an ability is used. special: once per Hero Phase on its own Perk gem; activated: any number
# of times in the Hero Phase while its cost is paid; triggered: fires on its condition; ongoing:
# always on; tribe / hero / event / harvest: used during that Phase or step; passive: a standing
# effect that is not used at all (e.g. the cost of taking a tile).
TIMINGS = frozenset({"special", "activated", "triggered", "ongoing", "tribe", "hero", "event",
                     "harvest", "passive"})

# kind -> required params and their types (a type, or a tuple of types, as for isinstance).
EFFECT_KINDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    # Hero Perks, base (R21)
    "convert": {"colors": list},                        # swap one Essence of one colour for the other
    "path_move": {"terrain": str},                      # one extra node along a Path bordering that Terrain
    "remove_menace": {"terrain": str, "cost_gems": int},  # remove a Menace on an adjacent Region of that Terrain
    "gain_gem": {"pay": str},                           # spend 1 Essence of `pay` for +1 Action gem
    "quest_any": {},                                    # quests of any colour (R21)
    "cleanse_any": {},                                  # any non-corruption Essence cleanses (R18)
    "extra_move": {"nodes": int},                       # movement Actions go `nodes` further
    "move_after_solve": {"nodes": int},                 # after solving a Menace, move `nodes`
    # Hero Perks, Kickstarter (R22)
    "nudge_guardian": {"guardians": list},              # one of them to an adjacent Region of its own Area
    "call_guardians": {"guardians": list, "cost_gems": int},  # both to any Region of their own Area
    "gem_on_quest_solve": {},
    "solve_any_menace_owned": {},
    "track_on_perk": {},                                # gaining a Perk moves any tracking token up 1
    "pay_move": {"pay": str, "nodes": int},
    "trigger_event": {"pay": str},                      # spend 1 Essence of `pay`: a Corruption Event
    # Corruption Sower Perks (R23)
    "raise_opponent_corruption": {"pay": str},
    "ravage": {"cost_gems": int, "doom": int},
    "doom_gain_corruption": {},
    "lose_gem_on_gain": {},
    "frenzy": {"pay": str, "gems": int},
    "ruin": {"pay_count": int, "doom": int},            # pays non-corruption Essences
    "summon_draft": {"pay_count": int},                 # pays corruption Essences
    "tithe": {},
    "harvest_corruption": {},
    "alchemy": {"pay_count": int, "gain": int},
    # Heirloom Herbs (R24)
    "discount": {"color": str},                         # one Essence of `color` off a Tribe Action (R19)
    "herb_solve": {"color": str},                       # solve a Menace of `color` next to one of your Heroes
    "hero_gem": {"hero": str},                          # that Hero +1 Action gem
    "harvest_bonus": {"terrain": str},                  # +1 Essence when the Harvest stops on that Terrain
    # Attunements (R25)
    "area_move": {},                                    # a Hero in the Area to any free Node of the Area
    # Hero innate abilities (R19, "The Shadows")
    "innate_discount": {"action": str, "color": str, "self_only": bool},
    "shadow_step": {"pay": str},                        # spend 1 Essence of `pay`: move to any Node
}

# The timings each kind may be written with.
KIND_TIMINGS: dict[str, frozenset[str]] = {
    kind: frozenset({timing}) for kind, timing in {
        "convert": "special", "path_move": "special", "remove_menace": "activated",
        "gain_gem": "activated", "quest_any": "ongoing", "cleanse_any": "ongoing",
        "extra_move": "ongoing", "move_after_solve": "triggered",
        "nudge_guardian": "special", "call_guardians": "activated",
        "gem_on_quest_solve": "triggered", "solve_any_menace_owned": "ongoing",
        "track_on_perk": "triggered", "pay_move": "activated", "trigger_event": "special",
        "raise_opponent_corruption": "activated", "ravage": "activated",
        "doom_gain_corruption": "triggered", "lose_gem_on_gain": "passive", "frenzy": "activated",
        "ruin": "activated", "summon_draft": "activated", "tithe": "special",
        "harvest_corruption": "triggered", "alchemy": "special",
        "discount": "tribe", "herb_solve": "hero", "hero_gem": "hero", "harvest_bonus": "harvest",
        "area_move": "hero", "innate_discount": "tribe", "shadow_step": "hero",
    }.items()
}

# Optional params, the same for every kind:
#   once_per: how often it may be used (PERIODS), when that is not already implied by its timing
#   rotates:  using it rotates its card until the round ends, so the card's abilities share one use
_COMMON_OPTIONAL: dict[str, type | tuple[type, ...]] = {"once_per": str, "rotates": bool}
OPTIONAL_PARAMS: dict[str, dict[str, type | tuple[type, ...]]] = {
    kind: dict(_COMMON_OPTIONAL) for kind in EFFECT_KINDS
}

PERIODS = ("tribe_phase", "hero_phase", "round")
# Words a `pay` param may hold besides a colour id.
PAYMENT_WORDS = ("non_corruption",)

# Which id collection a param's value (or each item of a list param) must name.
# color/terrain/guardian/hero: catalog ids; payment: a colour id or PAYMENT_WORDS;
# action: a Tribe Action of costs.yaml; period: PERIODS.
PARAM_REFS: dict[str, str] = {
    "colors": "color", "color": "color", "pay": "payment", "terrain": "terrain",
    "guardians": "guardian", "hero": "hero", "action": "action", "once_per": "period",
}
# List params of a fixed length.
PARAM_LENGTHS: dict[str, int] = {"colors": 2, "guardians": 2}

# Achievement conditions (rulebook "Achievement Conditions", R32), written
#   {kind: <CONDITION_KINDS>, measure: <measure>, <param>: <value>, ...}
# most: the tribe's measure is at least `min` and no other tribe beats it (ties share);
# flag: the measure is simply true or false for the tribe; event: claimed when something happens.
CONDITION_KINDS = frozenset({"most", "flag", "event"})
CONDITION_MEASURES: dict[str, dict[str, Any]] = {
    "hero_level": {"kind": "most", "params": {"hero": str, "min": int}},
    "solved": {"kind": "most", "params": {"color": str, "min": int}},
    "terrain": {"kind": "most", "params": {"terrain": str, "min": int}},
    "perks": {"kind": "most", "params": {"min": int, "heroes": int}},
    "herbs": {"kind": "most", "params": {"min": int}},
    "attunements": {"kind": "most", "params": {"min": int}},
    "beacons": {"kind": "most", "params": {"min": int}},
    "shire": {"kind": "most", "params": {"min": int}},
    "totem": {"kind": "flag", "params": {}},
    "pure": {"kind": "flag", "params": {}},
    "cleanser": {"kind": "event", "params": {}},
}

# Achievement bonuses of Herbs and Attunements: exactly one key.
# hero_level: +1 level for that Hero type's Hero Achievement; terrain: counts as one Region of it.
BONUS_KEYS: dict[str, str] = {"hero_level": "hero", "terrain": "terrain"}

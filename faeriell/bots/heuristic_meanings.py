"""What each of the heuristic's features measures, in the game's terms: FEATURES, name -> meaning.

Apart from heuristic_features.py (the scorers that compute them) so that weights.py can check a
weights file against these names without importing the heuristic. The weights file carries each
meaning as the comment of its weight; a feature is added here, in a scorer, and in the file.
"""
from __future__ import annotations

# name -> what it measures, in the game's terms (the weights file carries these as comments).
FEATURES: dict[str, str] = {
    # shared by many moves
    "achievements": "Achievement progress the move makes, in cards (Ctx.delta: a share of an Achievement "
                    "on the way, the whole when reached, more for pushing a rival off it; R32)",
    "fellowship": "progress towards the Fellowship (three Heroes and their Perks), in cards",
    "hero_plan": "a Hero's best plan this Phase after the move against before it (a Menace or Quest in "
                 "reach with the gems left, less for each move it needs), in cards",
    "menace_solved": "a Menace solved: its Essence, its Track's Achievement progress, the Region freed, "
                     "a target fewer for the Draft (R28), in cards",
    "corruption_event": "facing a Corruption Event: the best option it would leave (R18, R30), in cards",
    "essence_spent": "an Essence (or two) given up, by its worth to the tribe now",
    "essence_gained": "an Essence gained, by its worth to the tribe now",
    "price": "what a Tribe Action's payment gives up: its cards by their worth, the Herbs and innate "
             "discounts used, the last card able to pay a Cleanse, and the Achievement claims it leaves "
             "short of a card (R12)",
    "doom_step": "Doom one step forward, by what a step costs at this point of the track",
    "knock_rival": "competitive: pushing rivals off an Achievement they hold, in cards",
    # the three Phases (R26)
    "event_phase": "choosing the Event Phase (a Harvest and Beacon solves follow)",
    "hero_phase": "choosing the Hero Phase",
    "tribe_phase": "choosing the Tribe Phase (each purchase is counted apart)",
    "tribe_phase_late": "the Tribe Phase on the third lap (the last chance this round)",
    "harvest": "a Harvest's Essences: the tribe's own, a share of the partners' (coop) or less the rivals' "
               "(competitive), in cards",
    "beacon_solves": "the Menaces the tribe's Beacons can solve in the Event Phase, in cards",
    "best_purchase": "the best Tribe Action the tribe could buy now, after its price, in cards",
    "hero_plans": "the Heroes' plans with the gems they hold against without, in cards",
    # setup (General Setup)
    "setup_colours": "a first Settlement: the Essence colours its Region gives",
    "setup_next_to_own": "a first Settlement beside the tribe's own Region",
    "setup_threatened": "a first Settlement in a Threatened Region",
    "setup_corrupted": "a first Settlement in a Corrupted Region",
    "setup_same_terrain": "a first Settlement: the tribe's Settlements already on its Terrain",
    "setup_free_neighbours": "a first Settlement: the free Regions around it",
    "setup_area": "a first Settlement: the tribe's Settlements already in its Area (the `area_bonus` per one)",
    "hero_colour_regions": "a starting Hero: the tribe's Regions giving its colour",
    "hero_colour_menaces": "a starting Hero: the Menaces of its colour on the board",
    "hero_name": "a starting Hero: the length of its name (a stable tie-break)",
    "start_menace_here": "a Hero's starting Node: a Menace of its colour in a Region it touches",
    "start_free_region": "a Hero's starting Node: a free Region it touches",
    "start_menaces_near": "a Hero's starting Node: the Menaces of its colour, nearer worth more",
    "essence_held": "a starting Essence: the cards of that colour already held",
    "essence_hero_colour": "a starting Essence of one of the tribe's Heroes' colours",
    # Tribe Actions (R14-R19)
    "settlement_harvests": "a Settlement's Harvests in the rounds left (`settle_prod` a round, more for two "
                           "colours, half when Threatened or Corrupted, at most 3 cards) and 0.3 for the Region",
    "settlement_area": "a Settlement beside the tribe's own in its Area (an Area Harvest pays each; "
                       "`area_bonus` per one, less with few rounds left)",
    "attunement_area": "a Settlement in the Area of a Great Guardian still free to attune (R17: cheaper)",
    "beacon_solves_now": "a Beacon with a Menace of its colour in reach before this round's Event Phase",
    "beacon_runs": "a Beacon's solves to come (`beacon_run` a round, 5 rounds at most), in cards",
    "beacon_two_colours": "a Beacon in a two-colour Region (its Harvest pays both), in cards",
    "beacon_totem": "a first Beacon while the Spiritual Totem is someone else's (the Totem needs a Beacon)",
    "totem_moved": "moving the tribe's own Spiritual Totem",
    "totem_from_partner": "coop: the Spiritual Totem taken from a partner (the team keeps the Achievement)",
    "totem": "taking the Spiritual Totem",
    "herb_worth": "an Heirloom Herb's ability (a discount, a gem, more Harvest) and its printed bonus, in cards",
    "attune_bonus": "an Attunement's printed bonus, in cards, and 0.4 for the Lore card",
    "level_gem": "a level that brings a Hero another Action gem, per round left (4 at most)",
    "level_up": "any level, per round left (4 at most)",
    "perk_tile": "the Perk tile a level brings, by its effect, less with few rounds left",
    "sower_perk": "the Corruption Sower taking one of its own Perk tiles",
    "hero_runs": "a new Hero's two Action gems a round (`hero_run` a round, 4 rounds at most), in cards",
    "hero_new_colour": "a new Hero of a colour the tribe has no Hero of",
    "hero_menaces_near": "a new Hero's Node: the Menaces of its colour, nearer worth more",
    "hero_first_level": "a new Hero whose Achievement the tribe has not started",
    # Event Phase (R28-R31)
    "guardian_move": "a Guardian moved: where its Menace or Quest is in reach of the tribe's Heroes, against "
                     "where it stood, in cards",
    "guardian_step": "moving a Guardian at all",
    "beacon_solve": "a Beacon's solve beyond the Menace's worth",
    "harvest_next": "the next round's best Harvest from where this one leaves the token (`harvest_next` "
                    "of it), in cards",
    # Hero Phase (R20-R25)
    "hero_step": "a Hero's move at all",
    "solve_menace": "a Hero's solve beyond the Menace's worth",
    "corruption_solved": "a Hero facing a Corruption Menace: the Event's worth and half a card",
    "quest_drawn": "a Quest drawn: a colour Quest is a card later (`quest_colour`), a Corruption Quest a "
                   "share of an Event's worth (`quest_black`); nothing when the Hero's Quests are full",
    "quest_solved": "a Quest solved: its Essence, or the Corruption Event it brings",
    "solve_quest": "a Quest's solve beyond its card",
    "quest_dropped": "a Quest dropped, by what it would have brought",
    "lore_move": "an Attunement's Lore move at all",
    "lore_solve": "an Attunement's Lore solve beyond the Menace's worth",
    "lore_gem": "an Attunement's Lore gem at all",
    "perk_without_hero": "a Perk of a Hero the tribe does not have",
    "level_without_hero": "a level for a Hero the tribe does not have",
    "shadow_nowhere": "the Shadow's step without a Node",
    "essence_converted": "a conversion Perk: the worth of the colour gained against the one given",
    "convert_use": "a conversion at all",
    "menace_removed": "a Perk removing a Menace: the solve's worth without its Essence",
    "ravage": "the Sower's Ravage beyond the Doom it moves",
    "perk_move": "a Perk's move at all",
    "dread": "the Sower spreading dread to a rival",
    "alchemy": "the Sower's Alchemy: three Essences for two Corruption ones",
    "alchemy_use": "the Sower's Alchemy at all",
    "tithe": "the Sower's Tithe",
    "summon_draft": "the Sower summoning a Menace Draft",
    "perk_other": "a Perk the heuristic has no measure for",
    "drifter_move": "moving the Drifter",
    "drifter_from": "the Drifter's shift: the Guardian left without its Menace, in cards",
    "drifter_to": "the Drifter's shift: the Guardian given the Menace, in cards",
    "drifter_shift": "the Drifter's shift at all",
    # decisions
    "sower_road": "competitive: yielding to Corruption on the road to the Sower (R38)",
    "sower_road_corruption": "... per level of Tribe Corruption already held",
    "sower_road_cleanse": "competitive: cleansing the tribe while on the road to the Sower",
    "corruption_essence": "a Corruption Essence gained (wild for Tribe Actions only, R18)",
    "purity_lost": "the Purity Achievement lost, in cards",
    "cleanser_lost": "the Corruption Cleanser Achievement lost, in cards",
    "sower_rises": "competitive: a rival tribe made able to rise as the Sower, per Achievement's worth",
    "sower_rival": "competitive: Corruption 5 under a risen Sower (two Achievements and two Doom steps), in cards",
    "sower_yield": "the Sower yielding to Corruption",
    "tribe_corruption": "a level of Tribe Corruption (0.9 a level in competitive play, 0.4 in coop), in cards",
    "region_corrupted": "a Region corrupted by an ignored Event: the tribe's own, a partner's, a rival's, in cards",
    "cleanse_tribe": "cleansing the tribe's Corruption",
    "purity_regained": "the Purity Achievement won back by a cleanse, after its claim, in cards",
    "sower_averted": "competitive: a cleanse far along the road to the Sower",
    "cleanser_claimed": "the Corruption Cleanser Achievement claimed by a first cleanse, after its claim, in cards",
    "doom_back": "Doom one step back, by what that step costs",
    "region_cleansed": "a Corrupted Region made pure again, in cards, and 0.2",
    "claim_free": "an Achievement claimed with a token from the designated area (free, R12)",
    "claim_doom": "an Achievement claimed by moving Doom, beyond the step",
    "claim_card": "an Achievement claimed with a card for its slot (more for an any-colour slot)",
    "harvest_threatened": "harvesting a Threatened Region (nothing, R29)",
    "harvest_corrupted": "harvesting a Corrupted Region (a Corruption Event instead)",
    "harvest_region": "harvesting a Region",
    "rival_achievements": "Advanced Menace Rule: the rival's Achievements",
    "rival_solves": "Advanced Menace Rule: the rival's Menaces solved",
    "twins_swap_to_sower": "Twins: an Essence swapped for Corruption on the road to the Sower",
    "twins_swap": "Twins: an Essence swapped for Corruption",
    "sower_hero_level": "the Hero who becomes the Sower: its level (lost)",
    "sower_hero_achievement": "the Hero who becomes the Sower holds its Achievement",
    "sower_perk_swap": "a Perk tile swapped for one of the Sower's, in cards",
    # the position's worth (evaluate.py: the search's position leaf)
    "achievement_held": "an Achievement the tribe holds (worth `ach`)",
    "achievement_within_reach": "the `cost` model: an Achievement by the cards still needed for it and the "
                                "time left to pay them, in cards",
    "achievement_on_the_way": "progress towards a most-of Achievement the tribe does not hold (Ctx.ach_value), in cards",
    "essences_in_hand": "the Essences in hand (a Corruption Essence worth less; past eight, less each), in cards",
    "quests_held": "the Quests the tribe's Heroes hold",
    "settlements_and_heroes": "Settlements and Heroes while rounds are left (more Regions harvest more, more "
                              "Heroes act more), in cards",
    "sower_threat": "competitive: a tribe one Corruption short of rising as the Sower (R38)",
    "lead": "competitive: the tribe's value minus its best rival's, in cards",
    "lead_as_sower": "competitive: the lead, for the Sower (who wins by Doom, R38)",
    "doom_for_the_sower": "competitive: the Sower's Doom (each space brings its win nearer)",
    "corruption_on_the_road": "competitive: Tribe Corruption on the road to the Sower",
    "doom_on_the_road": "competitive: Doom so far (each step at its cost), on the road to the Sower",
    "doom_race": "competitive: Doom so far, each step at its cost",
    "team_value": "Full Coop: the team's mean tribe value, in cards",
    "team_achievements": "Full Coop: the team's distinct Achievements (each a share of `ach`), in cards",
    "doom_clock": "solo and Full Coop: Doom so far, each step at its cost (the clock that ends the game)",
    "own_value": "solo: the tribe's value, in cards",
}

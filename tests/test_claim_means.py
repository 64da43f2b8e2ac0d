"""achievements.claim_means: what tribe i's next claims can be paid with (R12), the facts the bots
price a claim from, held to the claim moves the engine lists."""
from __future__ import annotations

from faeriell.content.rules_loader import default_rules
from faeriell.engine.achievements import UNPAID_SLOT_DOOM, claim_means, claim_options, slot_payers
from faeriell.engine.position import build
from faeriell.engine.rules import COLORS

R = default_rules()


def game(essences, designated=0, achievements=("purity",)):
    return build(R, {"players": 2, "mode": "competitive", "difficulty": "medium", "seed": 7, "position": "empty",
                     "variants": []}, {},
                 [{"settlements": ["bear-mountain"], "heroes": {"druid": {"node": {"near": "owl-forest"}}},
                   "essences": essences, "designated": designated, "achievements": list(achievements)},
                  {"settlements": ["wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
                 {"player": 1, "phase": "tribe"})


def test_a_slot_is_paid_by_its_colour_the_any_slot_by_every_colour_and_corruption_never():
    assert slot_payers("red") == ("red",)
    assert set(slot_payers("any")) == set(COLORS) and "corruption" not in slot_payers("any")   # R12
    assert slot_payers("corruption") == ()
    assert UNPAID_SLOT_DOOM == 1


def test_the_means_are_the_designated_tokens_and_the_slots_still_holding_a_token_top_first():
    g = game(["blue", "corruption"], designated=1)
    free, slots = claim_means(g, 0)
    assert free == 1
    # Purity's token sits on the Achievement, the designated one came off the top (red) slot
    assert [s for s, _ in slots] == list(g.state.tribes[0].slots) == ["yellow", "blue", "green", "any"]
    assert dict(slots)["any"] == slot_payers("any")


def test_the_claim_moves_pay_exactly_what_the_means_say():
    g = game(["blue", "corruption", "green"], designated=1)
    free, slots = claim_means(g, 0)
    # a paid claim's card is the colour alone (any back), printed as "blue"
    listed = {(a["token"], None if a.get("pay") is None else str(a["pay"])) for a in claim_options(g, 0, "beacons")}
    have = {"blue", "green"}                       # the Corruption Essence pays no slot (R12)
    expected = {("designated", None)} if free else set()
    for slot, payers in slots:
        expected |= {(slot, c) for c in payers if c in have} | {(slot, "doom")}
    assert listed == expected
    assert ("any", "blue") in listed and ("blue", "blue") in listed and ("red", "blue") not in listed


def test_a_card_of_no_colour_on_the_any_slot_is_refused_in_words():
    # only a made-up card reaches this check; the refusal must still read as a sentence (R12)
    from faeriell.engine import Action
    from faeriell.engine.achievements import claim_check
    g = game(["blue"])
    g.state.pending = {"player": 0, "achievements": ["beacons"]}
    why = claim_check(g, Action("claim", achievement="beacons", token="any", pay="bogus@none"))
    assert why and "a any" not in why and "any-colour slot" in why

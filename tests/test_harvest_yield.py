"""event_phase.harvest_yield: what a Harvest stop pays each tribe, (Essence cards, Corruption Events),
held to what the Harvest then does when it is played (R10, R11, R31; rulebook "Harvest" A and B).
The bots read it instead of counting themselves (tests/test_bots_ask_engine.py)."""
from __future__ import annotations

from collections import Counter

from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action
from faeriell.engine.event_phase import harvest_yield
from faeriell.engine.position import build
from faeriell.engine.preview import harvest_preview
from faeriell.engine.card import colour_of

R = default_rules()


def game(board, tribes, setup=None):
    base = {"players": len(tribes), "mode": "competitive", "difficulty": "medium", "seed": 7,
            "position": "empty", "variants": []}
    base.update(setup or {})
    return build(R, base, {"bag": ["red@owl"], **board}, tribes, {"player": 1, "phase": "event"})


def played(g, steps) -> list[tuple[int, int]]:
    """Play the Harvest (after the Draft) and count per tribe: colour cards gained, Corruption
    Events faced. Each Terrain pick takes an untroubled Region when there is one, else a Threatened
    one (nothing) before a Corrupted one (an Event)."""
    before = [Counter(colour_of(c) for c in t.essences) for t in g.state.tribes]
    events = [0] * g.state.players
    g.apply(Action("harvest", steps=steps))
    for _ in range(50):
        pend = g.state.pending
        if not pend or pend["kind"] not in ("harvest_choice", "corruption", "claim"):
            break
        acts = list(g.legal_actions())
        if pend["kind"] == "corruption":
            events[pend["player"]] += 1
            pick = next(a for a in acts if a.get("choice") == "ignore")
        elif pend["kind"] == "harvest_choice" and "regions" in pend:
            rank = {None: 0, "threatened": 1, "corrupted": 2}
            pick = min(acts, key=lambda a: rank[g.region_status(a["region"])])
        else:
            pick = acts[0]
        g.apply(pick)
    out = []
    for j, t in enumerate(g.state.tribes):
        got = Counter(colour_of(c) for c in t.essences) - before[j]
        out.append((sum(n for c, n in got.items() if c != "corruption"), events[j]))
    return out


def yield_then_play(g, steps):
    g.apply(Action("draft"))
    idx = (g.state.harvest + steps) % len(R.wheel)
    pays = harvest_yield(g, idx)
    return pays, played(g, steps)


def test_a_beacon_on_a_heartland_repeating_its_terrain_pays_two_cards_of_that_colour():
    # Rulebook Harvest A: a Beacon on a Heartland takes one card for the printed Terrain and one
    # for the token; R5: a token repeating the printed Terrain harvests that colour only, twice here.
    g = game({"harvest": "forest", "heartlands": {"bear": {"region": "bear-mountain", "token": "mountain"}},
              "guardians": {"bear": "bear-river"}, "under": {"bear": "yellow"}},
             [{"settlements": ["bear-mountain", "bear-river"], "beacons": {"bear-mountain": "red"},
               "heroes": {"druid": {"node": {"near": "owl-forest"}}}},
              {"settlements": ["bear-forest", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}])
    pays, got = yield_then_play(g, 1)                      # forest -> bear
    assert pays == ((2, 0), (1, 0))                        # bear-river is Threatened: nothing there
    assert got == list(pays)
    assert Counter(colour_of(c) for c in g.state.tribes[0].essences)["red"] == 2


def test_a_heartland_without_a_beacon_gives_one_card_and_a_corrupted_region_an_event():
    g = game({"harvest": "forest", "heartlands": {"bear": {"region": "bear-mountain", "token": "river"}},
              "guardians": {"bear": "bear-forest"}, "under": {"bear": "corruption"}},
             [{"settlements": ["bear-mountain", "bear-meadow"], "heroes": {"druid": {"node": {"near": "owl-forest"}}}},
              {"settlements": ["bear-forest"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}},
               "essences": ["blue", "green"]}])
    pays, got = yield_then_play(g, 1)
    assert pays == ((2, 0), (0, 1))                        # a choice of red or blue counts one card
    assert got == list(pays)


def test_a_terrain_stop_pays_one_pick_and_every_owners_herb_and_coop_picks_only_the_active_tribe():
    tribes = [{"settlements": ["bear-mountain", "owl-mountain"], "heroes": {"druid": {"node": {"near": "owl-forest"}}}},
              {"settlements": ["wolf-mountain"], "herbs": ["herb-mountain"],
               "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    board = {"harvest": "stag"}                            # stag -> mountain
    pays, got = yield_then_play(game(board, tribes), 1)
    assert pays == ((1, 0), (2, 0)) and got == list(pays)
    pays, got = yield_then_play(game(board, tribes, {"mode": "coop"}), 1)
    assert pays == ((1, 0), (1, 0)) and got == list(pays)  # R31: the Herb still pays its owner


def test_a_terrain_pick_avoids_an_event_when_it_can():
    board = {"harvest": "stag", "guardians": {"bear": "bear-mountain", "owl": "owl-mountain"},
             "under": {"bear": "corruption", "owl": "yellow"}}
    tribes = [{"settlements": ["bear-mountain", "owl-mountain"], "heroes": {"druid": {"node": {"near": "owl-forest"}}}},
              {"settlements": ["bear-forest"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    pays, got = yield_then_play(game(board, tribes), 1)
    assert pays == ((0, 0), (0, 0)) and got == list(pays)  # the Threatened pick gives nothing, no Event
    tribes[0]["settlements"] = ["bear-mountain", "owl-forest"]
    pays, got = yield_then_play(game(board, tribes), 1)
    assert pays == ((0, 1), (0, 0)) and got == list(pays)  # the only Mountain is Corrupted


def test_frost_on_a_guardian_space_pays_nothing_and_agrees_with_the_preview():
    g = game({"harvest": "bear", "winter_gems": ["stag"]},
             [{"settlements": ["stag-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}}},
              {"settlements": ["wolf-mountain"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
             {"variants": ["winters_grasp"]})
    g.apply(Action("draft"))
    assert harvest_yield(g, R.wheel.index("stag")) is None
    assert harvest_preview(g, 1)["frozen"]
    assert harvest_yield(g, R.wheel.index("mountain")) == ((0, 0), (1, 0))   # frost only on Guardian spaces

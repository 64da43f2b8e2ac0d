"""The heuristic's reasons name a move in describe's words (engine/describe.py, the one source of
a move's words, issue 43 item 4): a scorer only adds what the move gains or risks ("Beacons 2/3",
"Doom +1"), never a sentence of its own for the move ("builds a red Beacon in bear-river")."""
from __future__ import annotations

import random

import pytest

from faeriell.bots.heuristic import Scorer, score_actions, with_note
from faeriell.bots.knowledge import Ctx
from faeriell.engine import new_game
from faeriell.engine.action_schema import TRIBE_ACTIONS
from faeriell.engine.describe import VERBS, describe, third_person
from faeriell.engine.names import Names
from faeriell.sim import rules as sim_rules

# seeded games of every mode, played half greedily (so Tribe Actions, claims and Corruption
# Events come up) and half at random
CONFIGS = [(1, "solo", (), 31), (3, "coop", (), 32), (2, "competitive", (), 33),
           (3, "competitive", ("drifter",), 34), (2, "competitive", ("twins",), 35)]


@pytest.fixture(scope="module")
def rules():
    return sim_rules()


def _decisions(rules, per_game=260):
    for players, mode, variants, seed in CONFIGS:
        g = new_game(rules, players, mode, "medium", list(variants), seed)
        rng = random.Random(seed)
        for _ in range(per_game):
            if g.state.game_over:
                break
            i = g.acting
            acts = list(g.legal_actions())
            scores = score_actions(g, i, acts, Ctx(g, i))
            yield g, i, acts, scores
            k = max(range(len(acts)), key=lambda j: scores[j][0]) if rng.random() < 0.6 else rng.randrange(len(acts))
            g.apply(acts[k])


def _head(g, a) -> str:
    paid = a.kind in TRIBE_ACTIONS and a.has("pay")
    return describe(a.without("pay", "discounts") if paid else a, Names.of(g.rules),
                    [t.id for t in g.state.tribes])


def test_every_reason_starts_with_the_moves_words_from_describe(rules):
    """For every legal move of every decision, the reason is describe's words for that move,
    then only a note and a Tribe Action's payment: 'Build a Red Beacon in the Bear's River:
    Beacons 1/3 (pays 2 Red + 1 Yellow)'."""
    kinds = set()
    for g, _i, acts, scores in _decisions(rules):
        for a, (_v, why) in zip(acts, scores, strict=True):
            head = _head(g, a)
            assert why == head or why.startswith((head + ": ", head + "; ", head + " (pays ")), (a, why)
            if a.kind in TRIBE_ACTIONS and a.has("pay"):
                assert why.endswith(")") and " (pays " in why, (a, why)
            kinds.add(a.kind)
    # the kinds a scorer used to name in words of its own; each is met and said by describe
    assert {"build_beacon", "build_settlement", "gather_herb", "attune", "level_up", "dress_hero",
            "control_totem", "choose_phase", "end_phase", "harvest", "move_hero", "solve_menace",
            "go_quest", "move_guardian", "draft", "place_settlement", "choose_hero", "place_hero",
            "starting_essence", "harvest_choice", "corruption", "drifter_move"} <= kinds, sorted(kinds)


def test_a_notes_words_are_not_the_moves(rules):
    """A scorer's note adds to describe's words, it does not say the move again: no note starts
    with the verb its move's label starts with ('Build ...: builds a Beacon ...')."""
    for g, _i, acts, scores in _decisions(rules, per_game=120):
        for a, (_v, why) in zip(acts, scores, strict=True):
            head = _head(g, a)
            note = why[len(head):].lstrip(":; ")
            verb = head.split(" ", 1)[0]
            first = note.split(" ", 1)[0].lower()
            assert verb not in VERBS or first not in (verb.lower(), third_person(verb)), (a, why)


def test_the_tribe_phase_says_its_best_buy_in_describes_words(rules):
    """Choosing the Tribe Phase is worth its best purchase: the reason names that purchase by
    describe's words too ('Play the Tribe Phase: then build a Red Beacon in ...')."""
    seen = 0
    for g, i, acts, scores in _decisions(rules):
        for a, (_v, why) in zip(acts, scores, strict=True):
            if a.kind != "choose_phase" or a.get("phase") != "tribe":
                continue
            sc = Scorer(Ctx(g, i))
            _best, buy, _note, _paid = sc.best_tribe_buy()
            if buy is None:
                assert why == _head(g, a)
                continue
            words = _head(g, buy)
            assert why.startswith(_head(g, a) + ": then " + words[:1].lower() + words[1:]), why
            seen += 1
    assert seen > 10


def test_a_note_after_a_label_with_a_colon_follows_a_semicolon():
    assert with_note("Build a Beacon", "") == "Build a Beacon"
    assert with_note("Build a Beacon", "Beacons 2/3") == "Build a Beacon: Beacons 2/3"
    assert with_note("Ignore: Doom +1", "loses Purity") == "Ignore: Doom +1; loses Purity"

"""Each action kind is declared once (engine.action_schema.SPECS: typed fields), described once
(engine.describe), and registered once (registry.move): the three agree, files are checked
against the types, and every move the engine lists is said in the game's words."""
from __future__ import annotations

import random

import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game, registry
from faeriell.engine.action_schema import PLAYER, SPECS, action_problem
from faeriell.engine.describe import describe
from faeriell.engine.names import Names, title
from test_player_words import id_pattern

R = default_rules()


def test_every_registered_move_has_a_spec_and_every_spec_a_move():
    assert set(SPECS) == set(registry.MOVES)


@pytest.mark.parametrize("bad, why", [
    ({"action": "harvest", "steps": "three"}, "not a whole number"),
    ({"action": "menace_rival", "target": "p2"}, "not a whole number"),
    ({"action": "build_settlement", "region": 4, "pay": ["red"]}, "is a number"),
    ({"action": "build_settlement", "region": ["bear-river"]}, "is a list"),
    ({"action": "move_hero", "hero": "druid", "path": "bear-river"}, "not a list"),
    ({"action": "claim", "achievement": "vigor", "token": "red", "pay": ["red", "red"]}, "is a list"),
])
def test_a_value_of_the_wrong_type_is_refused_with_its_field(bad, why):
    problem = action_problem(bad)
    field = next(k for k in bad if k != "action" and f"'{k}'" in str(problem))
    assert problem and why in problem and field, problem


def test_the_spellings_files_use_still_fit():
    # a single card where a payment lists cards (SCENARIOS.md), a Perk moving Guardians to Regions
    assert action_problem({"action": "build_settlement", "region": "bear-river", "pay": "red"}) is None
    assert action_problem({"action": "perk", "hero": "druid", "perk": "call-bear-stag",
                           "to": ["bear-river", "stag-forest"]}) is None
    assert action_problem({"action": "menace_rival", "target": 2}) is None


def test_one_player_numbering():
    kinds = {k for k, s in SPECS.items() if any(PLAYER in f.types for f in s.fields.values())}
    assert {"menace_rival", "perk"} <= kinds
    # seats from 0 inside the program, players from 1 in the saved form (tests/test_one_numbering.py)
    from faeriell.engine import Action
    assert Action.from_dict({"action": "menace_rival", "target": 4})["target"] == 3
    assert Action("menace_rival", target=0).to_dict() == {"action": "menace_rival", "target": 1}


def test_every_listed_move_is_described_in_the_games_words():
    names = Names.of(R)
    ids = id_pattern(R)
    seen = set()
    for seed, (players, mode, variants) in enumerate([(2, "competitive", []), (3, "coop", ["shadows"]),
                                                      (2, "competitive", ["twins", "kickstarter"]),
                                                      (4, "competitive", ["drifter", "winters_grasp"])]):
        g = new_game(R, players, mode, "medium", variants, seed)
        rnd = random.Random(seed)
        tribes = [t.id for t in g.state.tribes]
        while not g.state.game_over and len(g.history) < 600:
            acts = g.legal_actions()
            for a in list(acts)[:40]:
                label = describe(a, names, tribes)
                seen.add(a.kind)
                assert label and not label.startswith(title(a.kind) + ":"), (a, label)
                assert not ids.search(label), (a, label)
            g.apply(rnd.choice(acts))
    assert len(seen) >= 25, sorted(seen)


def test_a_label_declared_beside_its_spec_names_only_the_kinds_fields():
    # SPECS' `say` templates (describe fills them by each field's type): a typo in a field name
    # would otherwise show up only when that move is drawn
    import re
    for kind, spec in SPECS.items():
        for m in re.finditer(r"\{(\w+)(?::(\w+))?\}", spec.say):
            assert m.group(1) in spec.fields, (kind, m.group(0))
        assert spec.say.count("[") == spec.say.count("]"), kind


def test_a_kind_declared_for_a_phase_is_offered_there_in_spec_order():
    # adding a Tribe Action (or a Hero Action, or a decision) to SPECS offers it in that phase
    tribe = [k for k, s in SPECS.items() if s.phase == "tribe"]
    hero = [k for k, s in SPECS.items() if s.phase == "hero"]
    assert list(registry.TRIBE_KINDS) == tribe + ["end_phase"] and "gather_herb" in tribe
    assert list(registry.HERO_KINDS) == hero + ["end_phase"] and "solve_quest" in hero
    assert set(registry.DECISIONS) == {k for k, s in SPECS.items() if s.phase in ("decision", "setup")}


def said(line: str, h: dict, logged: str) -> bool:
    """The log's `logged` line is the move's told `line`, or what a Terrain Harvest's pick said
    instead once it knew what it gave (event_phase.hc_perform: Game.retell)."""
    a = h["action"]
    if logged == line:
        return True
    if a.kind == "harvest_choice" and not a.has("color"):
        head = line.partition(" harvests from ")[0]
        where = line.partition(" harvests from ")[2].rstrip(".")
        return logged.startswith(head + " harvests ") and f" from {where}" in logged
    return False


def test_the_log_tells_every_move_in_describes_words():
    # one phrasebook: the log's line for a move is describe's label told by its mover
    from faeriell.engine.describe import narrate
    names = Names.of(R)
    for seed, (players, variants) in enumerate([(2, []), (4, ["drifter"]), (2, ["twins"]),
                                                (3, ["advanced_menace_rule", "shadows"])]):
        g = new_game(R, players, "competitive", "medium", variants, seed)
        rnd = random.Random(seed)
        while not g.state.game_over and len(g.history) < 90:
            g.apply(rnd.choice(g.legal_actions()))
        seats = [t.id for t in g.state.tribes]
        told = [narrate(h["action"], names, g.tribe_name(h["player"]), seats) + "." for h in g.history]
        log = iter(g.state.log)
        assert all(any(said(line, h, ln) for ln in log) for line, h in zip(told, g.history, strict=True))   # in order
        for line, h in zip(told, g.history, strict=True):                     # a sentence, not "who: label"
            assert not line.startswith(g.tribe_name(h["player"]) + ": "), line
        labels = [describe(h["action"], names, seats) for h in g.history]
        for line, label, h in zip(told, labels, g.history, strict=True):
            if h["action"].kind == "discard_quest":
                assert "Quest card." in line and "on its back" not in line     # its back stays its owner's
                continue
            rest = label.replace(" your ", " its ").partition(" ")[2]     # after its verb or "The"
            assert rest.partition(":")[0] in line, (label, line)


@pytest.mark.parametrize("action, told", [
    ({"action": "build_settlement", "region": "bear-river", "pay": ["red"]},
     "Longfeather (player 1) builds a Settlement in the Bear's River"),
    ({"action": "solve_menace", "hero": "shaman", "guardian": "bear"},
     "Longfeather (player 1)'s Shaman solves the Menace of Rhudo the Bear"),
    ({"action": "menace_rival", "target": 2}, "Longfeather (player 1) sends Berrywort (player 2) back on its track"),
    ({"action": "drifter_shift", "from": "owl", "to": "bear"},
     "Longfeather (player 1)'s Drifter shifts the token of Jagapi the Owl to Rhudo the Bear"),
    ({"action": "corruption", "choice": "cleanse_tribe", "pay": ["red"]},
     "Longfeather (player 1) cleanses its Tribe (pay 1 Red): Tribe Corruption -1"),
    ({"action": "discard_quest", "hero": "shaman", "card": "blue@stag"},
     "Longfeather (player 1) discards a Blue Quest card"),
])
def test_a_move_told_in_the_log(action, told):
    from faeriell.engine import Action
    from faeriell.engine.describe import narrate
    assert narrate(Action.from_dict(action), Names.of(R), "Longfeather (player 1)",
                   ("longfeather", "berrywort")) == told


def test_every_tribe_action_names_what_it_buys():
    """The hint's "spend Essences on a Beacon or an Attunement" reads each Tribe Action's noun from
    its spec (the expert kept its own list of nouns before: issue 43, a kind in few places)."""
    from faeriell.engine.action_schema import TRIBE_ACTIONS
    nouns = {k: SPECS[k].noun for k in TRIBE_ACTIONS}
    assert all(nouns.values()), nouns
    assert nouns["gather_herb"] == "an Heirloom Herb" and nouns["attune"] == "an Attunement"

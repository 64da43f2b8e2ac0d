"""Set-up rulings checked over many deals: Menace set-up (R33, R46), the three-player bonus
Essence (R47, R48), and the Heroes set aside in coop and solo with The Shadows."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine.rules import Rules  # noqa: E402
from faeriell.engine.card import colour_of  # noqa: E402

R = default_rules()


def _set_up(rules, players, mode, difficulty, variants, seed, watch=None):
    """Play the set-up with the first legal choice; `watch(g)` sees every pending decision."""
    g = new_game(rules, players, mode, difficulty, variants, seed)
    while g.state.stage == "setup":
        if watch and g.state.pending:
            watch(g)
        g.apply(g.legal_actions()[0], trusted=True)
    return g


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "very_hard"])
def test_menace_setup_always_meets_the_counts(difficulty):
    # R46: about 1 Very Hard deal in 20 empties the bag before the counts are met (seeds 30 and 41
    # among them); the set-aside tokens go back in until they are.
    want = R.difficulty(difficulty)
    for seed in list(range(60)) + [30, 41, 254, 303]:
        g = _set_up(R, 2, "competitive", difficulty, [], seed)
        s = g.state
        placed = [d["token"] for d in s.guardians.values() if d["token"]]
        kinds = [R.token_kind(t) for t in placed]
        assert kinds.count("corruption") == int(want["corruption"]), (seed, kinds)
        assert len(kinds) - kinds.count("corruption") == int(want["menace"]), (seed, kinds)
        # every token is somewhere, once: under a Guardian or in the bag (R33)
        assert sorted(placed + s.bag) == sorted(R.tokens), seed


def _bonus_offers(rules, players, variants, seed):
    offers = {}

    def watch(g):
        p = g.state.pending
        if p["kind"] == "starting_essence" and p.get("bonus"):
            offers[p["player"] + 1] = sorted(p["colors"])
    g = _set_up(rules, players, "competitive", "medium", variants, seed, watch)
    return g, offers


def test_three_player_bonus_double_terrain_heartland():
    # R47, seed 4: tribe 2 chose Yellow on the Bear's Meadow (Mountain token) and owns the Boar's
    # Forest with a Forest token: Red (not chosen) or Green (one Terrain twice). Tribes 1 and 3
    # own no Heartland and take none.
    g, offers = _bonus_offers(R, 3, [], 4)
    assert offers == {2: ["green", "red"]}
    assert [len(t.essences) for t in g.state.tribes] == [2, 3, 2]


def test_three_player_bonus_only_double_heartland_resolves_itself():
    # R47, seed 12: tribe 3's only Heartland shows Mountain twice: one choice, taken without asking
    g, offers = _bonus_offers(R, 3, [], 12)
    assert offers == {}
    p3 = sorted(colour_of(c) for c in g.state.tribes[2].essences)
    assert p3 == ["blue", "red", "red"]


def test_starting_scenario_three_player_bonus_offers():
    # R48: a Heartland colour not among the tribe's fixed starting Essences
    g, offers = _bonus_offers(R, 3, ["starting_scenario"], 1)
    assert offers == {1: ["blue", "green"], 2: ["red", "yellow"]}      # tribe 3: only Blue, not asked
    assert [len(t.essences) for t in g.state.tribes] == [3, 3, 3]


def test_starting_scenario_bonus_either_colour_when_both_are_fixed():
    # R48 "(either colour, if both are)": give tribe 1 fixed Blue and Red, the two colours of its
    # Owl's River Heartland (Mountain token); the Toad's Forest (Meadow token) adds Green or Yellow.
    cat = copy.deepcopy(R.catalog)
    cat.starting_scenario["tribes"][0]["essences"] = ["blue", "red"]
    rules = Rules(R.board, cat)
    _, offers = _bonus_offers(rules, 3, ["starting_scenario"], 1)
    assert offers[1] == ["blue", "green", "red", "yellow"]


@pytest.mark.parametrize("players,mode", [(1, "solo"), (2, "coop"), (3, "coop"), (4, "coop")])
def test_shadows_coop_solo_set_aside_counts_starting_heroes_only(players, mode):
    rows = R.modes["coop_solo"]["setup"]
    row = next(r for r in rows if int(r["min_players"]) <= players <= int(r["max_players"]))
    for seed in range(25):
        g = new_game(R, players, mode, "medium", ["shadows"], seed)
        for t in g.state.tribes:
            # the Shadow is never set aside and never counted: the mode's number of Heroes is met
            assert len(t.set_aside) == int(row["heroes_aside"]), (seed, t.set_aside)
            assert "shadow" not in t.set_aside and "shadow" in t.inactive


# ---------------------------------------------------------------- R59 The Twins
@pytest.mark.parametrize("players,mode,where", [(2, "coop", "Full Coop"), (3, "coop", "Full Coop"),
                                                (4, "coop", "Full Coop"), (1, "solo", "Solo")])
def test_r59_the_twins_is_refused_in_full_coop_and_solo_with_a_reason(players, mode, where):
    from faeriell.engine.setup import SetupError, validate_config
    for check in (lambda: validate_config(players, mode, "medium", ["twins"]),
                  lambda: new_game(R, players, mode, "medium", ["twins"], 7)):
        with pytest.raises(SetupError) as e:
            check()
        why = str(e.value)
        # the mode as the start screen names it, and why: never the ids or a ruling number
        assert why == f"The Twins is a two-player competitive scenario, so it cannot be played in {where}"
    validate_config(players, mode, "medium", [])          # the same set-up without The Twins is fine


def test_r59_the_twins_with_three_players_says_it_needs_two():
    from faeriell.engine.setup import SetupError, validate_config
    with pytest.raises(SetupError, match="needs exactly two players, not 3"):
        validate_config(3, "competitive", "medium", ["twins"])


def test_r59_the_twins_with_two_competitive_players_is_set_up():
    g = _set_up(R, 2, "competitive", "medium", ["twins"], 59)
    s = g.state
    assert s.stage != "setup" and not s.game_over
    assert s.doom == 2                       # The Twins set-up step 3: Doom two spaces forward
    assert "cleanser" in s.tribes[0].achievements      # Tash claims the Corruption Cleanser


@pytest.mark.parametrize("players,mode,where", [(2, "coop", "Full Coop"), (1, "solo", "Solo")])
def test_r59_a_scenario_of_the_twins_in_coop_or_solo_is_refused_not_played(tmp_path, capsys, players, mode, where):
    from faeriell import scenario as runner
    path = tmp_path / "twins.yaml"
    path.write_text(f"name: twins\nsetup: {{players: {players}, mode: {mode}, difficulty: medium, "
                    f"variants: [twins], seed: 5, position: empty}}\nsteps:\n  - expect: {{game_over: false}}\n",
                    encoding="utf-8")
    assert runner.main([str(path)]) == 2                 # not a valid file: exit 2, one line that says why
    err = capsys.readouterr().err
    assert f"cannot be played in {where}" in err and len(err.strip().splitlines()) == 1

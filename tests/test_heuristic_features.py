"""The heuristic as named features and weights (heuristic_features.py, data/bots/weights.yaml):
the file names every feature and no other, a move's score is the weighted sum of its listed
features, the weights are read (not only written), and a broken features table is refused."""
from __future__ import annotations

from script_support import load_script

import random
import re
from pathlib import Path

import pytest
import yaml

from faeriell.bots import evaluate as evaluate_module
from faeriell.bots import heuristic_features as hf
from faeriell.bots.evaluate import evaluate, position_terms, tribe_terms, tribe_value
from faeriell.bots.heuristic_meanings import FEATURES
from faeriell.bots.heuristic import Scorer, contributions, score_actions
from faeriell.bots.knowledge import Ctx
from faeriell.bots.weights import WeightsError, default_path, dumps, weight_book
from faeriell.engine import new_game
from faeriell.engine.action_schema import SPECS
from faeriell.sim import rules as sim_rules


@pytest.fixture(scope="module")
def rules():
    return sim_rules()


def test_the_weights_file_names_every_feature_and_no_other():
    data = yaml.safe_load(default_path().read_text(encoding="utf-8"))
    assert list(data["features"]) == list(FEATURES)              # the shared table, in the same order
    for mode, w in weight_book().tables:
        assert set(w.feature_weights) == set(FEATURES), mode
        for name in (data["weights"][mode].get("features") or {}):  # a mode's own weights
            assert name in FEATURES, (mode, name)


def test_every_feature_is_documented_and_used_by_a_move_or_the_position():
    src = Path(hf.__file__).read_text(encoding="utf-8")
    body = src[src.index("def total("):] + Path(evaluate_module.__file__).read_text(encoding="utf-8")
    used = set(re.findall(r'"([a-z_]+)"', body))
    for name, meaning in FEATURES.items():
        assert len(meaning) > 10, name
        assert name in used, f"{name} is in FEATURES but no move or position scores it"
    assert set(hf.MOVES) <= set(SPECS)                              # a scorer per action kind, none for another


def _positions(rules, configs, per_game=400):
    """(world, player, legal actions) at every decision of seeded random games."""
    for players, mode, variants, seed in configs:
        g = new_game(rules, players, mode, "medium", list(variants), seed)
        rng = random.Random(seed)
        n = 0
        while not g.state.game_over and n < per_game:
            acts = g.legal_actions()
            yield g, g.acting, acts
            g.apply(rng.choice(acts))
            n += 1


CONFIGS = [(1, "solo", (), 3), (2, "coop", (), 4), (2, "competitive", (), 5),
           (3, "competitive", ("drifter",), 6), (2, "competitive", ("twins",), 7)]


def test_a_moves_listed_contributions_sum_to_its_score(rules):
    """For every legal action of every decision of seeded random games, in every mode: the running
    sum of value x weight of the listed features is the score, to the last bit; every name listed
    is a feature with the weight of the mode's table."""
    kinds = set()
    checked = 0
    for g, i, acts in _positions(rules, CONFIGS):
        ctx = Ctx(g, i)
        scores = score_actions(g, i, acts, ctx)
        W = ctx.w.feature_weights
        for a, (score, _why) in zip(acts, scores, strict=True):
            listed = contributions(g, i, a)
            v = 0.0
            for name, value, weight in listed:
                assert name in FEATURES and weight == W[name]
                v += value * weight
            assert v == score, (a, listed, score)
            kinds.add(a.kind)
            checked += 1
    assert checked > 2000
    assert {"build_settlement", "level_up", "move_hero", "solve_menace", "harvest", "choose_phase",
            "corruption", "claim", "perk"} <= kinds


def test_a_feature_weight_changes_the_score_by_its_contribution(rules):
    """The weights are read: doubling one feature's weight moves each score by exactly that
    feature's contribution, and nothing else."""
    g = new_game(rules, 2, "competitive", "medium", [], 5)
    rng = random.Random(5)
    while not (g.state.stage == "play" and any(a.has("pay") for a in g.legal_actions())):
        g.apply(rng.choice(g.legal_actions()))
    i = g.acting
    acts = g.legal_actions()
    w = weight_book().of("competitive")
    doubled = w.with_(features={"price": 2 * w.feature_weights["price"]})
    assert doubled.feature_weights["price"] == -2.0 and w.feature_weights["price"] == -1.0
    before = score_actions(g, i, acts, Ctx(g, i, w))
    after = score_actions(g, i, acts, Ctx(g, i, doubled))
    moved = 0
    for a, (s0, _), (s1, _) in zip(acts, before, after, strict=True):
        price = sum(f * wt for name, f, wt in contributions(g, i, a, Ctx(g, i, w)) if name == "price")
        assert s1 == pytest.approx(s0 + price, abs=1e-9)
        moved += price != 0
    assert moved > 0


def test_a_broken_features_table_is_refused_naming_the_field(tmp_path):
    good = default_path().read_text(encoding="utf-8")
    bad = tmp_path / "weights.yaml"
    cases = {
        good.replace("\n  price: -1.0", "\n  price: cheap"): r"features\.price must be a number",
        good.replace("\n  price: -1.0", "\n  prize: -1.0"): r"features\.prize is not a feature",
        good.replace("\n  hero_step: -0.05", ""): r"features\.hero_step is missing",
        good.replace("features:\n  achievements", "featurez:\n  achievements"): r"'features'",
        good.replace("\n  solo:\n", "\n  solo:\n    features:\n      nonsense: 1.0\n"):
            r"weights\.solo\.features\.nonsense is not a feature",
    }
    for text, message in cases.items():
        assert text != good
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(WeightsError, match=message):
            weight_book(bad)


def test_a_mode_may_set_its_own_feature_weight_and_the_file_round_trips(tmp_path):
    book = weight_book()
    tables = dict(book.tables)
    tables["solo"] = tables["solo"].with_(features={"hero_step": -0.2})
    path = tmp_path / "weights.yaml"
    path.write_text(dumps(tables, "a note"), encoding="utf-8")
    again = weight_book(path)
    assert again.of("solo").feature_weights["hero_step"] == -0.2
    assert again.of("coop").feature_weights["hero_step"] == book.of("coop").feature_weights["hero_step"]
    assert dict(again.tables) == tables


def test_the_shipped_file_is_what_dumps_writes():
    """The tuner writes the file through dumps: the shipped one is in that form (nothing hand-edited
    that the next tuning run would silently drop)."""
    from faeriell.bots.weights import notes_of
    text = default_path().read_text(encoding="utf-8")
    book = weight_book()
    assert dumps(dict(book.tables), notes_of(text), dict(book.by_difficulty)) == text


def test_the_scorer_reasons_match_the_scores_reasons(rules):
    """terms() and score() tell the same reason (the hint and the bots' reasons read either)."""
    for g, i, acts in _positions(rules, CONFIGS[:2], per_game=120):
        sc = Scorer(Ctx(g, i))
        for a, (_s, why) in zip(acts, score_actions(g, i, acts, Ctx(g, i)), strict=True):
            assert sc.terms(a)[1] == why


def test_the_position_value_is_the_weighted_sum_of_its_features(rules):
    """evaluate() and tribe_value() are the running sums of their listed features, to the last bit,
    in every mode; the competitive lead is the tribe's value less the best rival's."""
    seen = set()
    for g, _i, _acts in _positions(rules, CONFIGS, per_game=150):
        for j in range(g.state.players):
            ctx = Ctx(g, j)
            W = ctx.w.feature_weights
            terms = position_terms(ctx, j)
            v = 0.0
            for name, f in terms:
                assert name in FEATURES
                v += W[name] * f
            assert v == evaluate(g, j, ctx)
            t = 0.0
            for name, f in tribe_terms(ctx, j):
                t += W[name] * f
            assert t == tribe_value(ctx, j)
            seen |= {name for name, _f in terms}
            if g.state.mode == "competitive" and dict(terms).get("lead") is not None:
                best = max(tribe_value(ctx, k) for k in range(g.state.players) if k != j)
                assert dict(terms)["lead"] == tribe_value(ctx, j) - best
    assert {"lead", "doom_race", "team_value", "own_value", "doom_clock"} <= seen


def test_the_why_tool_lists_each_moves_features_summing_to_its_score(rules, tmp_path, capsys):
    """tools/heuristic_why.py SAVE: the best moves first, each followed by its features (value x
    weight), which add up to the move's score; a file that is not a save is refused (exit 2)."""
    from faeriell.bots.heuristic import playout_move
    from faeriell.engine.saves import dumps
    mod = load_script("tools/heuristic_why.py")
    g = new_game(rules, 2, "competitive", "medium", [], 5)
    while not (g.state.stage == "play" and len(g.legal_actions()) > 4):
        g.apply(playout_move(g))
    save = tmp_path / "game.json"
    save.write_text(dumps(g), encoding="utf-8")
    assert mod.main([str(save), "--top", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"player {g.acting + 1} to act")
    moves = []
    for line in lines[1:]:
        if line.startswith("          "):
            moves[-1][1].append(float(line.split()[0]))
        else:
            moves.append((float(line.split()[0]), []))
    assert len(moves) == 4 and [m[0] for m in moves] == sorted((m[0] for m in moves), reverse=True)
    for score, parts in moves:
        assert parts and abs(sum(parts) - score) <= 0.001 * (len(parts) + 1)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert mod.main([str(bad)]) == 2
    assert "cannot read this save" in capsys.readouterr().err


def test_the_best_purchase_priced_by_groups_is_the_move_by_move_best(rules):
    """Choosing the Tribe Phase weighs the best Tribe Action buyable now. It is priced a group of
    targets at a time (each payment once, Scorer._best_paid) instead of scoring every target x
    payment as a move; the result must be the move-by-move maximum, its reason included, in
    every mode (a third of a 3-player playout's time went there)."""
    from faeriell.engine import registry
    checked = 0
    for players, mode in ((1, "solo"), (3, "coop"), (2, "competitive")):
        for seed in range(3):
            g = new_game(rules, players, mode, "medium", [], 4100 + seed)
            rng = random.Random(seed)
            while not g.state.game_over and g.state.round <= 6:
                if g.state.stage == "play" and g.state.phase is None or checked < 1:
                    i = g.state.active
                    fast = Scorer(Ctx(g, i)).best_tribe_purchase()
                    slow_sc = Scorer(Ctx(g, i))
                    best, why = 0.0, ""
                    for kind in ("level_up", "build_settlement", "build_beacon", "control_totem",
                                 "gather_herb", "attune", "dress_hero"):
                        for a in registry.MOVES[kind].enumerate(g):
                            v, w = slow_sc.score(a)
                            if v > best:
                                best, why = v, w
                    assert fast == (best, why)
                    checked += best > 0
                acts = g.legal_actions()
                if rng.random() < 0.3:
                    g.apply(acts[rng.randrange(len(acts))])
                else:
                    sc = score_actions(g, g.acting, acts)
                    g.apply(acts[max(range(len(acts)), key=lambda k: sc[k][0])])
    assert checked > 20


def test_a_playouts_scores_are_the_scores_of_every_move_in_order(rules):
    """A playout weighs every legal move (heuristic.score_values: a Tribe Action's target once for
    all its payments, no move built): the same floats, in the listing's order, as scoring each
    move (score_actions), so the noise drawn per move meets the same scores and the same move is
    played; and the listing's parts (LegalActions.parts) are the listing."""
    from faeriell.bots.heuristic import score_values
    tribe_lists = 0
    for players, mode in ((1, "solo"), (3, "coop"), (2, "competitive")):
        g = new_game(rules, players, mode, "medium", [], 4200 + players)
        rng = random.Random(players)
        while not g.state.game_over and g.state.round <= 5:
            acts = g.legal_actions()
            assert [a for part in acts.parts() for a in part] == list(acts)
            i = g.acting
            slow = [v for v, _why in score_actions(g, i, acts)]
            assert score_values(g, i, acts) == slow
            tribe_lists += any(part.__class__.__name__ == "Paid" for part in acts.parts())
            g.apply(acts[rng.randrange(len(acts))] if rng.random() < 0.3 else
                    acts[max(range(len(acts)), key=lambda k: slow[k])])
    assert tribe_lists > 10

"""The heuristic's weights by mode, as data (data/bots/weights.yaml, read once into frozen values):
solo and Full Coop use their own (tuned by self-play), competitive play keeps its own, a decision
reads the table of its game's mode, and a bot thinks with the weights it was given."""
from __future__ import annotations

from script_support import load_script

import dataclasses
from pathlib import Path

import pytest

from faeriell.bots import knowledge, make_bot
from faeriell.bots.heuristic import playout_move
from faeriell.bots.knowledge import Ctx
from faeriell.bots.weights import WeightBook, WeightsError, default_path, weight_book
from faeriell.engine import new_game
from faeriell.sim import rules as sim_rules


@pytest.fixture(scope="module")
def rules():
    return sim_rules()


def test_a_decision_reads_the_weights_of_its_games_mode(rules):
    coop = new_game(rules, 2, "coop", "medium", [], 3)
    comp = new_game(rules, 2, "competitive", "medium", [], 3)
    book = weight_book()
    assert Ctx(coop, 0).w == book.of("coop") and Ctx(comp, 0).w == book.of("competitive")
    assert book.of("coop").ach != book.of("competitive").ach               # coop is tuned apart
    assert Ctx(comp, 0).w.ach == 12.0                                       # nothing was swapped


def test_the_weights_are_data_read_once_into_frozen_values():
    book = weight_book()
    assert weight_book() is book                                           # read once
    assert [m for m, _ in book.tables] == ["competitive", "solo", "coop"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        book.of("solo").ach = 1.0                                           # type: ignore[misc]
    text = default_path().read_text(encoding="utf-8")
    assert "solo:" in text and "area_bonus: 2.5" in text                    # the file, not code, holds them
    assert not hasattr(knowledge, "WEIGHTS") and not hasattr(knowledge, "use_weights")
    assert not hasattr(knowledge, "ACH")                                    # no module global to swap


def _refused(tmp_path, old: str, new: str, match: str) -> None:
    """The shipped weights file with `old` replaced by `new` (which must occur) is refused, the
    message matching `match`."""
    good = default_path().read_text(encoding="utf-8")
    assert old in good
    bad = tmp_path / "weights.yaml"
    bad.write_text(good.replace(old, new))
    with pytest.raises(WeightsError, match=match):
        weight_book(bad)


def test_a_broken_weights_file_is_refused_naming_the_field(tmp_path):
    _refused(tmp_path, "    hero_run: 5.0", "    hero_run: lots", r"weights\.solo\.hero_run must be a number")
    _refused(tmp_path, "  coop:", "  cooperative:", r"weights\.coop is missing")


def test_a_bot_thinks_with_the_weights_it_was_given(rules):
    """Weights are passed to each bot: two bots in one process, one with changed weights,
    score the same position differently while the other keeps the shipped ones."""
    g = new_game(rules, 1, "solo", "medium", [], 7003)
    while g.state.stage != "play":
        g.apply(playout_move(g))
    book = weight_book()
    changed = WeightBook(tuple((m, w.with_(ach=1.0) if m == "solo" else w) for m, w in book.tables))
    mine, other = make_bot("heuristic", weights=changed), make_bot("heuristic")
    assert mine.ctx(g, 0).w.ach == 1.0 and other.ctx(g, 0).w.ach == book.of("solo").ach
    assert weight_book().of("solo").ach == book.of("solo").ach             # the shipped book untouched


def test_interleaved_games_of_two_modes_play_as_when_played_alone(rules):
    """A process that thinks for a coop game and a competitive game in turn (the table's hint
    and a bot seat, a test run) must give each the moves it gives alone."""
    def moves(mode, players, n=60):
        g = new_game(rules, players, mode, "medium", [], 11)
        out = []
        for _ in range(n):
            a = playout_move(g)
            out.append(a)
            g.apply(a)
        return out

    alone_coop = moves("coop", 2)
    alone_comp = moves("competitive", 2)
    gc = new_game(rules, 2, "coop", "medium", [], 11)
    gp = new_game(rules, 2, "competitive", "medium", [], 11)
    mixed_coop, mixed_comp = [], []
    for _ in range(60):
        a = playout_move(gc)
        mixed_coop.append(a)
        gc.apply(a)
        b = playout_move(gp)
        mixed_comp.append(b)
        gp.apply(b)
    assert mixed_coop == alone_coop
    assert mixed_comp == alone_comp


def test_the_tuner_runs_and_writes_the_weights_file(capsys, tmp_path):
    mod = load_script("tools/tune_heuristic.py")
    out_file = tmp_path / "weights.yaml"
    shipped = default_path().read_text(encoding="utf-8")
    assert mod.main(["--mode", "coop", "--games", "2", "--only", "prog", "--workers", "1",
                     "--start", '{"PROG": 0.5}', "--out", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("start ")
    assert "prog=" in out and out.strip().splitlines()[-1].startswith("{")
    written = weight_book(out_file)                                         # a file the bots can read
    assert written.of("coop").prog in (0.5, 0.3, 0.75)                      # the start or a kept trial
    assert written.of("solo") == weight_book().of("solo")                   # other modes kept
    text = out_file.read_text(encoding="utf-8")
    assert "Last tuned: coop, by `python tools/tune_heuristic.py --mode coop" in text
    assert "solo: fresh seeds 7000-7799" in text                            # earlier notes kept
    assert default_path().read_text(encoding="utf-8") == shipped            # --out: shipped file untouched


def test_the_tuner_tunes_a_feature_weight_as_the_modes_own(capsys, tmp_path):
    """A feature weight named to the tuner is tried like a parameter and written as the tuned
    mode's own (under its table's `features:`); the shared table and the other modes keep theirs."""
    mod = load_script("tools/tune_heuristic.py")
    out_file = tmp_path / "weights.yaml"
    assert mod.main(["--mode", "coop", "--games", "2", "--only", "hero_step", "--workers", "1",
                     "--start", '{"hero_step": -0.2}', "--out", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert "hero_step=" in out
    written = weight_book(out_file)
    assert written.of("coop").feature_weights["hero_step"] in (-0.2, -0.12, -0.3)  # the start or a kept trial
    assert written.of("competitive") == weight_book().of("competitive")
    assert written.of("solo") == weight_book().of("solo")
    text = out_file.read_text(encoding="utf-8")
    coop_table = text[text.index("  coop:"):text.index("\nfeatures:")]
    assert "    features:\n      hero_step: -0." in coop_table
    with pytest.raises(SystemExit, match="'hero_stepp' is not a weight"):
        mod.main(["--mode", "coop", "--games", "2", "--only", "hero_stepp", "--workers", "1", "--out", str(out_file)])


def _solo_achievements(rules, table, seeds):
    """Mean Achievements held at the end of seeded solo games played by the greedy heuristic
    with `table` (a Weights) as the solo weights."""
    held = 0
    for seed in seeds:
        g = new_game(rules, 1, "solo", "medium", [], seed)
        n = 0
        while not g.state.game_over and n < 4000:
            g.apply(playout_move(g, weights=table), trusted=True)
            n += 1
        held += len(g.state.tribes[0].achievements)
    return held / len(seeds)


def test_the_solo_weights_reach_more_achievements_than_the_competitive_ones(rules):
    """The solo table was tuned by self-play (4.8% -> 12.8% won, 3.3 -> 4.0 Achievements over
    800 fresh seeds); on a small seeded sample it must still play the better solo game."""
    seeds = range(7000, 7040)
    tuned = _solo_achievements(rules, weight_book().of("solo"), seeds)
    plain = _solo_achievements(rules, weight_book().of("competitive"), seeds)
    assert tuned > plain + 0.3, (tuned, plain)


def test_solo_settlements_gather_in_an_area(rules):
    """With the solo weights, a Settlement in an Area where the tribe already owns one is worth
    more than the same Settlement with no Area bonus (an Area Harvest pays one card for each)."""
    from faeriell.bots.heuristic import Scorer, contributions
    from faeriell.engine.actions import Action
    g = new_game(rules, 1, "solo", "medium", [], 7003)
    while g.state.stage != "play":
        g.apply(playout_move(g))
    ctx = Ctx(g, 0)
    sc = Scorer(ctx)
    t = g.state.tribes[0]
    own_area = {rules.region_area[x] for x in t.settlements}
    free = [x for x in rules.board.regions if ctx.owner_of(x) is None]
    inside = next(x for x in free if rules.region_area[x] in own_area)
    assert sc.same_area(inside) >= 1
    assert ctx.w.area_bonus > 0
    build = Action("build_settlement", region=inside)
    with_bonus = sc.score(build)[0]
    without = Scorer(Ctx(g, 0, ctx.w.with_(area_bonus=0.0))).score(build)[0]
    assert with_bonus > without
    area = {name: f * w for name, f, w in contributions(g, 0, build)}["settlement_area"]
    assert area > 0 and abs(with_bonus - without - area) < 1e-9          # the Area's feature is the difference


def test_the_heroes_discounts_come_from_the_catalog(rules):
    """No rule copied into the bots (R19): the Adventurer's own level-up discount and the
    Chieftain's, Druid's and Shaman's Tribe Action discounts are read from data/heroes.yaml."""
    T = knowledge.tables(rules)
    assert T.own_level_discount["adventurer"] == 1
    assert all(n == 0 for h, n in T.own_level_discount.items() if h != "adventurer")
    assert T.tribe_discount("build_beacon", {"chieftain": None}) == 1
    assert T.tribe_discount("gather_herb", {"druid": None}) == 1
    assert T.tribe_discount("attune", {"shaman": None, "druid": None}) == 1
    assert T.tribe_discount("attune", {"adventurer": None}) == 0
    src = "".join((Path(knowledge.__file__).parent / f).read_text() for f in ("knowledge.py", "tables.py", "heuristic.py",
                                                                              "heuristic_features.py"))
    for hero in ("adventurer", "chieftain", "druid", "shaman"):
        assert f'"{hero}"' not in src, hero


def test_the_bots_read_tribe_action_costs_from_the_catalog(rules):
    """No price copied into the bots (R14-R17): what a Herb, a Beacon, a level, a Settlement and an
    Attunement cost, and the Heroes the Fellowship asks for, come from data/costs.yaml and
    data/achievements.yaml through the rules; a catalog with other prices gives other estimates."""
    import copy
    T = knowledge.tables(rules)
    assert T.fixed_price["gather_herb"] == len(rules.costs["gather_herb"]["fixed"]) == 3
    assert T.fixed_price["build_beacon"] == 3 and T.count_add["level_up"] == 1
    assert T.count_add["build_settlement"] == 0 and T.attune_waiver == 1
    assert set(T.attune_slots.values()) == {4} and T.fellowship_heroes == 3
    dear = copy.copy(rules)
    dear.costs = {**rules.costs, "gather_herb": {"fixed": ["green", "any", "any", "any"]},
                  "level_up": {"count": {"of": "hero_level", "add": 2}, "same_color": True}}
    g = new_game(rules, 1, "solo", "medium", [], 7003)
    while g.state.stage != "play":
        g.apply(playout_move(g))
    herbs = next(a for a, c in rules.conditions.items() if c["measure"] == "herbs")
    cheap = Ctx(g, 0).remaining_cost(herbs)
    g.rules = dear
    try:
        ctx = Ctx(g, 0)
        assert ctx.T.fixed_price["gather_herb"] == 4 and ctx.T.count_add["level_up"] == 2
        assert ctx.remaining_cost(herbs) > cheap
    finally:
        g.rules = rules


def _doubled_beacon_harvest(rules):
    """Tribe 1's Beacon on the Bear's Heartland, whose token repeats its Mountain: a Harvest at the
    Bear pays it two red cards (rulebook Harvest A, R5; tests/test_harvest_yield.py)."""
    from faeriell.engine.position import build
    g = build(rules, {"players": 2, "mode": "competitive", "difficulty": "medium", "seed": 7, "position": "empty",
                      "variants": []},
              {"harvest": "forest", "heartlands": {"bear": {"region": "bear-mountain", "token": "mountain"}},
               "bag": ["red@owl"]},
              [{"settlements": ["bear-mountain"], "beacons": {"bear-mountain": "red"},
                "heroes": {"druid": {"node": {"near": "owl-forest"}}}},
               {"settlements": ["wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
              {"player": 1, "phase": "event"})
    return g, rules.wheel.index("bear")


def test_the_shared_constants_are_data_said_once_and_a_mode_may_not_restate_one(tmp_path):
    """The bots' hand-set numbers (Fellowship's share on the way, the any slot's premium, a
    partner's or rival's Harvest card, the Herbs' worth a round) sit once in the file's
    `constants:` table; every mode reads the same value."""
    from faeriell.bots.weights import CONSTANTS
    book = weight_book()
    for name in CONSTANTS:
        assert len({getattr(w, name) for _m, w in book.tables}) == 1, name
    assert book.of("coop").fellowship_prog == 0.6 and book.of("solo").any_slot == 0.4
    assert default_path().read_text(encoding="utf-8").count("fellowship_prog:") == 1
    _refused(tmp_path, "  solo:\n", "  solo:\n    any_slot: 0.5\n", r"weights\.solo\.any_slot is shared by the modes")
    _refused(tmp_path, "  harvest_crowd: 0.8", "  harvest_crowd: many", r"constants\.harvest_crowd must be a number")
    _refused(tmp_path, "  herb_gem: 0.6", "", r"constants\.herb_gem is missing")


def test_the_bots_old_count_of_a_beacon_on_a_doubled_heartland_is_a_weight(rules, tmp_path):
    """The engine pays two cards (event_phase.harvest_yield); the bots counted one. The weight
    `doubled_beacon_card` (0.0 shipped) keeps the old estimate so moves stay the same; 1.0 values
    the second card as any other."""
    from faeriell.bots.heuristic import Scorer
    from faeriell.engine.event_phase import harvest_yield
    g, bear = _doubled_beacon_harvest(rules)
    assert harvest_yield(g, bear)[0] == (2, 0)
    shipped = weight_book().of("competitive")
    as_paid = shipped.with_(doubled_beacon_card=1.0)
    v0, why0 = Scorer(Ctx(g, 0, shipped)).harvest_value(bear)
    v1, why1 = Scorer(Ctx(g, 0, as_paid)).harvest_value(bear)
    assert (v0, v1) == (1.0, 2.0)
    assert why0 == why1 == "2 Essences for itself"          # the reason says what the Harvest pays
    path = tmp_path / "weights.yaml"
    path.write_text(default_path().read_text(encoding="utf-8").replace("doubled_beacon_card: 0.0",
                                                                        "doubled_beacon_card: 1.0"))
    assert weight_book(path).of("solo").doubled_beacon_card == 1.0


def test_a_mode_may_change_some_weights_at_one_difficulty(rules, tmp_path):
    """`by_difficulty:` changes a mode's parameters at one difficulty; a decision of a game at that
    difficulty reads them, every other game its mode's table (the shipped file: solo at Hard)."""
    book = weight_book()
    solo, hard = book.of("solo"), book.of("solo", "hard")
    assert hard != solo and hard.doom_coop_slope < 0 <= solo.doom_coop_slope
    assert hard.with_(doom_coop_slope=solo.doom_coop_slope) == solo     # only the changed weight differs
    assert book.of("solo", "medium") == solo and book.of("coop", "hard") == book.of("coop")
    hard_game = new_game(rules, 1, "solo", "hard", [], 3)
    medium_game = new_game(rules, 1, "solo", "medium", [], 3)
    assert Ctx(hard_game, 0).w == hard and Ctx(medium_game, 0).w == solo
    expert = make_bot("expert", seed=1)
    assert expert.ctx(hard_game, 0).w == hard and expert.ctx(medium_game, 0).w == solo
    assert expert.spec("solo", difficulty="hard").policy.weights == hard
    assert expert.spec("solo").policy.weights == solo
    slope = "    hard:\n      doom_coop_slope:"
    _refused(tmp_path, slope, "    harder:\n      doom_coop_slope:",
             r"by_difficulty\.solo\.harder: 'harder' is not a difficulty")
    _refused(tmp_path, slope, "    hard:\n      doom_slope:", r"by_difficulty\.solo\.hard\.doom_slope is not a weight")
    _refused(tmp_path, "      doom_coop_slope: -0.1", "      doom_coop_slope: steep",
             r"by_difficulty\.solo\.hard\.doom_coop_slope must be a number")


def test_the_tuner_writes_a_difficultys_weights_apart(capsys, tmp_path):
    mod = load_script("tools/tune_heuristic.py")
    out_file = tmp_path / "weights.yaml"
    assert mod.main(["--mode", "solo", "--difficulty", "very_hard", "--by-difficulty", "--games", "2",
                     "--only", "prog", "--workers", "1", "--start", '{"prog": 0.5}', "--out", str(out_file)]) == 0
    written, shipped = weight_book(out_file), weight_book()
    assert written.of("solo", "very_hard").prog in (0.5, 0.3, 0.75)
    assert written.of("solo") == shipped.of("solo")                          # the mode's table kept
    assert written.of("solo", "hard") == shipped.of("solo", "hard")          # other difficulties kept
    assert "Last tuned: solo at very_hard only" in out_file.read_text(encoding="utf-8")
    with pytest.raises(SystemExit, match="parameters only"):
        mod.main(["--mode", "solo", "--difficulty", "hard", "--by-difficulty", "--games", "2", "--only", "hero_step",
                  "--workers", "1", "--out", str(out_file)])

"""The clairvoyant planner of bench/ceiling.py: its imagined futures are the real ones, and every
Doom step of a real game is put down to a cause."""
from __future__ import annotations

from script_support import load_script

from pathlib import Path

import pytest

from faeriell.bots.clairvoyant import ClairvoyantPlanner, outcome_value
from faeriell.bots.observe import fork
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    return load_script("bench/ceiling.py", "ceiling_bench")


@pytest.fixture(scope="module")
def rules():
    return default_rules()


def _greedy(g, moves):
    from faeriell.bots import HeuristicBot
    bot = HeuristicBot(0)
    for _ in range(moves):
        g.apply(bot.choose(g, g.acting))


def test_the_plan_it_finds_is_what_the_real_game_then_does(rules):
    g = new_game(rules, 1, "solo", "medium", [], 11)
    _greedy(g, 25)
    bot = ClairvoyantPlanner(3, width=2, rollouts=1)
    first = bot.choose(g, g.acting)
    assert first in g.legal_actions()
    plan, value = [first] + list(bot.plan), bot.plan_value
    assert value > float("-inf") and len(plan) > 10
    real = fork(g)                        # the game itself, from here: same generator, same draws
    for a in plan:
        assert a in real.legal_actions()
        real.apply(a)
    assert real.state.game_over and outcome_value(real) == pytest.approx(value)


def test_it_keeps_to_its_plan_when_nothing_better_turns_up(rules):
    g = new_game(rules, 1, "solo", "easy", [], 5)
    _greedy(g, 40)
    bot = ClairvoyantPlanner(1, width=1, rollouts=1)
    a = bot.choose(g, g.acting)
    rest = list(bot.plan)
    g.apply(a)
    if not g.state.game_over and g.acting is not None:
        assert bot.choose(g, g.acting) == rest[0]


@pytest.mark.parametrize("players,mode,difficulty,seed", [(1, "solo", "hard", 3), (2, "coop", "very_hard", 4),
                                                         (1, "solo", "medium", 8)])
def test_every_doom_step_has_a_cause(rules, players, mode, difficulty, seed):
    bench = _bench()
    g = new_game(rules, players, mode, difficulty, [], seed)
    steps = []
    bench._record_doom(g, steps)
    from faeriell.bots import HeuristicBot
    bot = HeuristicBot(seed)
    while not g.state.game_over:
        g.apply(bot.choose(g, g.acting))
    assert steps and sum(st["steps"] for st in steps) == g.state.doom
    assert all(st["cause"] != "other" for st in steps), [st.get("why") for st in steps]
    assert "Automatic Doom" in {st["cause"] for st in steps}


def test_doom_reasons_sort_into_the_causes_a_reader_knows():
    bench = _bench()
    assert bench.doom_cause("Automatic Doom") == "Automatic Doom"
    assert bench.doom_cause("Ignore Corruption") == "Ignore"
    assert bench.doom_cause("an unpaid Achievement slot") == "unpaid claims"
    assert bench.doom_cause("green Menace for the owl, already Threatened") == "Menace on a taken Guardian"
    assert bench.doom_cause("Berrywort (player 2) is lost to Corruption") == "Lost to Corruption"
    assert bench.doom_cause("Cleanse Corruption") == "Cleanse Corruption (back)"
    assert bench.doom_cause("something new") == "other"


def test_the_balance_report_puts_the_ceiling_beside_the_bots(tmp_path):
    """tools/balance_report.py --render: the ceiling of bench/results/ceiling.json lands in the
    table row of its mode and difficulty, and the expert column shows the saved figure where the
    expert played and says "not run" where it did not."""
    import json
    import subprocess
    import sys
    data, ceiling = ROOT / "bench" / "results" / "balance_data.json", ROOT / "bench" / "results" / "ceiling.json"
    if not (data.exists() and ceiling.exists()):
        pytest.skip("no saved balance figures")
    out = tmp_path / "balance.md"
    subprocess.run([sys.executable, str(ROOT / "tools" / "balance_report.py"), "--render", str(data),
                    "--ceiling", str(ceiling), "--out", str(out)], check=True, capture_output=True)
    text = out.read_text()
    cell = json.loads(ceiling.read_text())["cells"]["solo"]["medium"]
    solo = text.split("## Solo")[1].split("## ")[0]
    row = next(line for line in solo.splitlines() if line.startswith("| medium |"))
    assert row.split(" | ")[1].startswith(f"{round(100 * cell['wins'] / cell['games'])}% ({cell['wins']}/{cell['games']};")
    assert "Automatic Doom" in text
    saved = json.loads(data.read_text())
    expert = {(lb, d): sm for b, lb, d, sm in saved["coop_rows"] if b == "expert"}
    for line in solo.splitlines():
        if not line.startswith("| ") or line.startswith("| difficulty") or line.startswith("|---"):
            continue
        label = line.split(" | ")[0][2:].replace(" ", "_")
        exp_cell = line.split(" | ")[2]
        sm = expert.get(("solo", label))
        if sm is None:
            assert exp_cell == "not run", line
        else:
            wins = round(sm["team_win_rate"] * sm["finished"])
            assert exp_cell.startswith(f"{round(100 * wins / sm['finished'])}% ({wins}/{sm['finished']};"), line


def test_the_honest_control_plans_on_imagined_worlds_not_the_real_future(rules, monkeypatch):
    """bench/ceiling.py --planner honest: every rollout world is observe.determinize of the
    acting player's view (its chance set by the engine), never a copy of the real game."""
    bench = _bench()
    import faeriell.bots.observe as observe
    seen = []
    real = observe.determinize

    def spy(r, view, p, rng, **k):
        seen.append((p, k.get("chance")))
        return real(r, view, p, rng, **k)
    monkeypatch.setattr(observe, "determinize", spy)
    planner = bench.make_planner({"planner": "honest", "seed": 5, "width": 2, "rollouts": 1, "noise": 1.5})
    g = new_game(rules, 1, "solo", "medium", [], 11)
    _greedy(g, 25)
    for _ in range(3):
        a = planner.choose(g, g.acting)
        assert a in g.legal_actions()
        g.apply(a)
    assert {p for p, _ in seen} == {0}, "every world is player 1's"
    assert sum(1 for _, chance in seen if chance) >= 2, "the rollouts' worlds, their chance set"

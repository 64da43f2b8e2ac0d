"""bench/hint_player.py (issue 41): the hint's games set beside the expert's on the seeds both
played, with their win rates and 95% intervals. Small seeded games of the greedy bot stand in for
both sides here (a real run takes minutes a game)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import hint_player as HP  # noqa: E402

from faeriell.bots.base import HeuristicBot  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.sim import rules, save_game_file  # noqa: E402


def _games(folder: Path, seeds, level: str) -> dict[int, bool]:
    won = {}
    for seed in seeds:
        g = new_game(rules(), 1, "solo", "medium", [], seed)
        bot = HeuristicBot(seed)
        while not g.state.game_over:
            g.apply(bot.choose(g, g.acting))
        save_game_file(g, folder, {"players": 1, "mode": "solo", "difficulty": "medium", "variants": [],
                                   "seed": seed}, [level])
        won[seed] = bool(g.state.winners)
    return won


def test_the_report_compares_the_seeds_both_played(tmp_path):
    hint_won = _games(tmp_path / "hint", [1, 2, 3], "hint")
    expert_won = _games(tmp_path / "expert", [2, 3, 4], "expert")
    assert HP.outcomes(str(tmp_path / "hint")) == hint_won
    text = HP.report(str(tmp_path / "hint"), [str(tmp_path / "expert")])
    assert "2 seeds both played (2-3)" in text              # seed 1 and 4: one side only
    k = sum(hint_won[s] for s in (2, 3))
    assert f"won   {k} of   2" in text.splitlines()[1]
    same = sum(hint_won[s] == expert_won[s] for s in (2, 3))
    assert same == 2 and f"the same result on {same} of 2 seeds" in text   # the same greedy games


@pytest.mark.parametrize("k,n", [(0, 10), (5, 10), (10, 10), (7, 12)])
def test_the_interval_holds_the_rate(k, n):
    lo, hi = HP.wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0 and hi - lo < 0.7


def test_the_hint_player_asks_the_hint_on_the_cpu_clock(monkeypatch):
    seen = {}

    def fake(game, plan, budget, helpers=0, clock="wall"):
        seen.update(budget=budget, helpers=helpers, clock=clock, plan=plan)
        return game.legal_actions()[-1], "why", "PLAN"
    monkeypatch.setattr(HP.bots, "plan_hint", fake)
    g = new_game(rules(), 1, "solo", "medium", [], 9)
    p = HP.HintPlayer(1.0, 1, "cpu")
    while len(g.legal_actions()) == 1:
        g.apply(p.choose(g, g.acting))
    assert p.choose(g, g.acting) == g.legal_actions()[-1]
    assert seen == {"budget": 1.0, "helpers": 1, "clock": "cpu", "plan": None} and p.plan == "PLAN"

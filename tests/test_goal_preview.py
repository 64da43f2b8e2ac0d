"""The engine's own counts for the goal meter and the round summary (engine/preview.py): what a
round did to Doom by cause and to the Achievements comes from the engine's notes in the history."""
from __future__ import annotations

import random

from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.preview import goal_progress, round_summary

R = default_rules()


def _play_rounds(players, mode, seed, rounds=4):
    g = new_game(R, players, mode, "medium", (), seed)
    rnd = random.Random(seed)
    doom_at = {}                     # round -> Doom when it began
    claims = []
    while not g.state.game_over and g.state.round <= rounds and len(g.history) < 3000:
        if g.state.stage == "play":
            doom_at.setdefault(g.state.round, g.state.doom)
        had = {aid: list(v) for aid, v in g.state.achievements.items()}
        g.apply(rnd.choice(g.legal_actions()))
        for aid, v in g.state.achievements.items():
            for i in v:
                if i not in had.get(aid, []):
                    claims.append((g.history[-1]["turn"][1], i, aid))
    return g, doom_at, claims


def test_round_summary_adds_up_to_the_doom_each_round_moved():
    g, doom_at, claims = _play_rounds(1, "solo", 3)
    assert len(doom_at) >= 3
    for rnd in sorted(doom_at)[:-1]:
        got = round_summary(g, rnd)
        assert got["doom_total"] == doom_at[rnd + 1] - doom_at[rnd], (rnd, got)
        # every round of solo ends with the Automatic Doom (R34)
        assert got["doom_by_cause"].get("Automatic Doom", 0) >= 1
        assert sorted(got["claimed"]) == sorted((i, a) for r, i, a in claims if r == rnd)


def test_goal_progress_counts_what_the_engine_counts():
    g, _, _ = _play_rounds(1, "solo", 5, rounds=3)
    got = goal_progress(g)
    assert got["held"] == len(g.state.tribes[0].achievements) and got["need"] == 6
    assert got["pace"] >= R.draft_count(g.state.doom) and got["rounds_left"] >= 1
    g, _, _ = _play_rounds(3, "coop", 7, rounds=2)
    got = goal_progress(g)
    assert (got["need_achievements"], got["need_tokens"]) == (14, 17)
    assert got["achievements"] == sum(1 for v in g.state.achievements.values() if v)
    assert got["tokens"] == sum(len(t.achievements) for t in g.state.tribes)
    # "held of need" is whichever count is nearer its target
    left_a = got["need_achievements"] - got["achievements"]
    left_t = got["need_tokens"] - got["tokens"]
    assert got["need"] - got["held"] == min(left_a, left_t)


def test_the_doom_forecast_grows_with_the_automatic_doom():
    # At Doom 0 with nothing else moving it, Automatic Doom (R34: +1 up to 4, +2 from 5, +3 from
    # 10) reaches 15 after 5 + 3 + 2 = 10 rounds, not the 15 a flat +1 a round would say.
    g = new_game(R, 1, "solo", "medium", (), 3)
    while g.state.stage == "setup":
        g.apply(g.legal_actions()[0])
    g.state.doom = 0
    got = goal_progress(g)
    assert (got["automatic"], got["pace"], got["rounds_left"]) == (1, 1, 10)
    g.state.doom = 12
    assert goal_progress(g)["rounds_left"] == 1

"""bench/bots.py's game log: every finished game is written as it ends, so a run stopped at a
deadline keeps its games, `--resume` plays only the missing ones and `--report-only` reports the
logged ones; and `--cpu-clock` reaches the bots (issue 25, item 5)."""
from __future__ import annotations

from script_support import load_script

import json
from pathlib import Path

import pytest

from faeriell import sim

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    return load_script("bench/bots.py", "bots_bench")


def _jobs(games, cpu=False):
    args = sim.build_parser().parse_args(["--players", "1", "--mode", "solo", "--bots", "heuristic",
                                          "--games", str(games), "--seed", "500", "--max-actions", "40"]
                                         + (["--cpu-clock"] if cpu else []))
    jobs = sim.make_jobs(args)
    for j in jobs:
        j["timing"] = True
        j["cell"] = "solo"
    return jobs


def test_each_game_is_logged_as_it_ends_and_a_resumed_run_plays_only_the_rest(tmp_path, monkeypatch):
    bench = _bench()
    log = tmp_path / "games.jsonl"
    played = []
    real = sim.play_one

    def counting(job):
        played.append(job["seed"])
        return real(job)

    monkeypatch.setattr(bench.sim, "play_one", counting)
    first = bench._pool_results(_jobs(2), 1, log)
    lines = log.read_text().splitlines()
    assert [json.loads(x)["cfg"]["seed"] for x in lines] == [500, 501] == [r["cfg"]["seed"] for r in first]
    row = json.loads(lines[0])
    assert row["cell"] == "solo" and row["think_cpu"]["0"] and row["cpu_seconds"] >= 0
    with open(log, "a") as f:
        f.write('{"cfg": {"seed": 5')               # a line torn by a stopped run
    played.clear()
    again = bench._pool_results(_jobs(3), 1, log, resume=True)
    assert played == [502]                          # the two logged games are not played again
    assert [r["cfg"]["seed"] for r in again] == [500, 501, 502]
    assert again[0]["winners"] == first[0]["winners"] and again[0]["actions"] == first[0]["actions"]
    played.clear()
    report = bench._pool_results(_jobs(5), 1, log, play=False)
    assert played == [] and [r["cfg"]["seed"] for r in report] == [500, 501, 502]
    # games with other settings (here the CPU clock) are other games
    played.clear()
    bench._pool_results(_jobs(1, cpu=True), 1, log, resume=True)
    assert played == [500]


def test_the_cpu_clock_reaches_the_searching_bots(monkeypatch):
    import faeriell.bots as bots
    job = dict(_jobs(1, cpu=True)[0], bots=["expert"], iterations=None, max_actions=0)
    assert job["clock"] == "cpu"
    assert _jobs(1)[0]["clock"] is None
    seen = []
    real_make = bots.make_bot

    def spy(level, **kw):
        seen.append(real_make(level, **kw))
        return seen[-1]

    monkeypatch.setattr(bots, "make_bot", spy)        # sim.play_one imports it when it plays
    r = sim.play_one(job)
    assert "error" not in r and [b.clock for b in seen] == ["cpu"]
    r = sim.play_one(dict(job, clock=None))
    assert seen[-1].clock == "wall"                   # else the bot keeps its own clock


def test_helpers_reach_the_expert_and_ask_for_one_game_at_a_time(capsys, monkeypatch):
    """--expert-opts '{"helpers": 1}' sets the expert's helper processes (faeriell/bots/helpers.py);
    a pool worker could not start them, so more than one worker is refused with the reason."""
    import faeriell.bots as bots
    bench = _bench()
    with pytest.raises(SystemExit):
        bench.main(["--expert-only", "--expert-which", "solo", "--expert-games", "1", "--workers", "2",
                    "--expert-opts", '{"helpers": 1}'])
    assert "--workers 1" in capsys.readouterr().err
    job = dict(_jobs(1, cpu=True)[0], bots=["expert"], iterations=None, max_actions=0,
               level_opts={"expert": {"helpers": 1}})
    seen = []
    real_make = bots.make_bot

    def spy(level, **kw):
        seen.append(real_make(level, **kw))
        return seen[-1]

    monkeypatch.setattr(bots, "make_bot", spy)
    r = sim.play_one(job)
    assert "error" not in r and seen[0].helpers == 1

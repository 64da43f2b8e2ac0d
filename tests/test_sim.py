"""The headless simulator: runs, prints its table, writes CSV and JSON."""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

from faeriell import sim

ROOT = Path(__file__).resolve().parent.parent


def test_sim_command_runs_and_prints_the_table():
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-m", "faeriell.sim", "--games", "4", "--players", "2"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "4 games, 2 players, competitive" in text
    assert "win rate" in text and "of decided" in text
    assert "mean rounds" in text and "Doom at the end" in text and "Sower rises" in text
    assert "how games ended:" in text


def test_sim_writes_csv_and_json(tmp_path, capsys):
    c, j = tmp_path / "games.csv", tmp_path / "summary.json"
    rc = sim.main(["--games", "3", "--players", "3", "--mode", "coop", "--difficulty", "easy",
                   "--bots", "heuristic,easy,random", "--workers", "1", "--seed", "7",
                   "--csv", str(c), "--json", str(j)])
    assert rc == 0
    rows = list(csv.DictReader(c.open()))
    assert len(rows) == 3
    assert {r["seed"] for r in rows} == {"7", "8", "9"}
    assert rows[0]["bots"] == "heuristic+easy+random"
    data = json.loads(j.read_text())
    sm = data["summary"]
    assert sm["games"] == 3 and sm["mode"] == "coop" and sm["players"] == 3
    assert len(data["games"]) == 3
    assert set(sm["endings"]) and sm["team_win_rate"] is not None
    assert "team win rate" in capsys.readouterr().out


def test_summary_counts_draws_apart():
    fake = []
    for k, winners in enumerate(([0], [], [1], [0], [])):
        fake.append({"cfg": {"players": 2, "mode": "competitive", "difficulty": "medium", "variants": [],
                             "seed": k}, "bots": ["heuristic", "random"], "winners": winners, "rounds": 5,
                     "doom": 15 if not winners else 4, "end": "x", "actions": 10, "seconds": 0.1,
                     "achievements": [3, 1], "achievement_ids": [[], []], "corruption": [0, 0],
                     "sower": None, "think": None})
    sm = sim.summarize(fake)
    assert sm["decided"] == 3 and sm["nobody_won"] == 2
    h = sm["bots"]["heuristic"]
    assert h["wins"] == 2
    assert abs(h["win_rate"] - 2 / 5) < 1e-9
    assert abs(h["win_rate_decided"] - 2 / 3) < 1e-9


def test_bot_list_per_seat_and_rotation():
    args = sim.build_parser().parse_args(["--players", "3", "--bots", "heuristic,random,easy", "--rotate",
                                          "--games", "3", "--mode", "competitive"])
    jobs = sim.make_jobs(args)
    assert [j["bots"] for j in jobs] == [["heuristic", "random", "easy"], ["easy", "heuristic", "random"],
                                         ["random", "easy", "heuristic"]]

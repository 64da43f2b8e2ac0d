#!/usr/bin/env python3
"""The hint as a player against the expert, on the same unseen solo Medium seeds (issue 41).

    python bench/hint_player.py --games 12 --seed 64140 --save-dir DIR      # play the hint's games
    python bench/hint_player.py --report DIR --expert bench/results/s20_expert_chance/calibration

The hinted seat plays every move the hint gives (`bots.plan_hint`: the expert's move at a choice,
then the plan it keeps through the turn), at the table's setting: `--budget` seconds a hint (the
table's `table_hints.HINT_BUDGET`, 1.0), counted on the CPU clock so a loaded machine buys the same
worlds as an idle one, with one helper process as at the table. A move with no choice is played
without asking. Each game is kept as a save (a person can replay and review it).

`--report` sets the hint's saved games beside the expert's saved games on the same seeds (sim's
`--save-dir` games of the expert at the same setting) and prints both win rates with 95% Wilson
intervals, over the seeds both played. Seeds: the expert's held-out calibration games, 64140 up
(bench/README.md's seed table); nothing was tuned or trained on them.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell import bots  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.sim import rules, save_game_file, wilson  # noqa: E402

SEED = 64140                 # the expert's held-out calibration range starts here (bench/README.md)
LEVEL = "hint"               # the save's seat kind: the hint played it


class HintPlayer:
    """Plays whatever the hint says, keeping the hint's plan between moves as the table does."""

    def __init__(self, budget: float, helpers: int, clock: str) -> None:
        self.budget, self.helpers, self.clock = budget, helpers, clock
        self.plan = None

    def choose(self, game, seat: int):
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        action, _reason, self.plan = bots.plan_hint(game, self.plan, self.budget, helpers=self.helpers,
                                                   clock=self.clock)
        return action


def play(seed: int, args) -> dict:
    cfg = {"players": 1, "mode": "solo", "difficulty": "medium", "variants": [], "seed": seed}
    g = new_game(rules(), 1, "solo", "medium", [], seed)
    player = HintPlayer(args.budget, args.helpers, "cpu")
    c0 = time.process_time()
    n = 0
    while not g.state.game_over and n < args.max_moves:
        g.apply(player.choose(g, g.acting))
        n += 1
    saved = str(save_game_file(g, args.save_dir, cfg, [LEVEL])) if args.save_dir else None
    return {"seed": seed, "won": bool(g.state.winners), "over": bool(g.state.game_over), "round": g.state.round,
            "doom": g.state.doom, "moves": n, "cpu_seconds": round(time.process_time() - c0, 1), "save": saved}


def outcomes(folder: str) -> dict[int, bool]:
    """{seed: the solo side won} of the finished solo Medium saves in a folder."""
    from faeriell.engine.saves import read_save
    out: dict[int, bool] = {}
    for path in sorted(Path(folder).glob("*.json")):
        game = read_save(rules(), path)
        s = game.state
        if s.mode != "solo" or s.difficulty != "medium" or not s.game_over:
            continue
        out[int(game.origin["seed"])] = bool(s.winners)
    return out


def report(hint_dir: str, expert_dirs: list[str]) -> str:
    hinted = outcomes(hint_dir)
    expert: dict[int, bool] = {}
    for d in expert_dirs:
        expert.update(outcomes(d))
    both = sorted(set(hinted) & set(expert))
    lines = [f"Solo Medium at the table's setting, {len(both)} seeds both played"
             + (f" ({both[0]}-{both[-1]})" if both else "") + ":"]
    for name, res in (("the hint as the player", hinted), ("the expert", expert)):
        k = sum(res[s] for s in both)
        lo, hi = wilson(k, len(both))
        rate = k / len(both) if both else 0.0
        lines.append(f"  {name:24s} won {k:3d} of {len(both):3d}  {rate:.2f}  (95% {lo:.2f}-{hi:.2f})")
    if both:
        same = sum(hinted[s] == expert[s] for s in both)
        lines.append(f"  the same result on {same} of {len(both)} seeds")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--budget", type=float, default=1.0, help="CPU seconds a hint (the table's 1.0)")
    ap.add_argument("--helpers", type=int, default=1, help="the hint's helper processes (the table's 1)")
    ap.add_argument("--max-moves", type=int, default=3000)
    ap.add_argument("--save-dir", default=None, help="keep each game as a save here")
    ap.add_argument("--report", metavar="DIR", default=None, help="compare the hint's saves in DIR ...")
    ap.add_argument("--expert", nargs="+", default=[], metavar="DIR", help="... with the expert's saves in these")
    args = ap.parse_args(argv)
    if args.report:
        print(report(args.report, args.expert))
        return 0
    for k in range(args.games):
        r = play(args.seed + k, args)
        print(json.dumps(r), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

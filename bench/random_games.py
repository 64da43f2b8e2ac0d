"""Play many random games with the invariants checked after every action.

    python3 bench/random_games.py                     # 10,000 games, mixed configurations
    python3 bench/random_games.py --games 500 --players 4 --mode competitive
    python3 bench/random_games.py --variants drifter,shadows --no-check

With the checks on (the default), every finished game is also saved and loaded back, and must
give the same state. Each game is seeded by its number (seed = --first-seed + k). Without --players/--mode/--difficulty
the configuration cycles over every legal (players, mode) pair and every difficulty, so a run covers
them all. A failure prints the seed and configuration to reproduce it:

    python3 -c "from faeriell.content.rules_loader import default_rules; \\
        from faeriell.engine.randomplay import play_random; \\
        play_random(default_rules(), players=2, mode='competitive', difficulty='medium', variants=[], seed=7)"
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections import Counter
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PAIRS = [(1, "solo"), (2, "competitive"), (3, "competitive"), (4, "competitive"),
         (2, "coop"), (3, "coop"), (4, "coop")]
DIFFICULTIES = ("easy", "medium", "hard", "very_hard")


def config_for(k: int, args) -> dict:
    if args.players is not None or args.mode is not None:
        players = args.players if args.players is not None else (1 if args.mode == "solo" else 2 + k % 3)
        mode = args.mode or ("solo" if players == 1 else "competitive")
    else:
        players, mode = PAIRS[k % len(PAIRS)]
    difficulty = args.difficulty or DIFFICULTIES[(k // len(PAIRS)) % len(DIFFICULTIES)]
    return {"players": players, "mode": mode, "difficulty": difficulty,
            "variants": list(args.variants), "seed": args.first_seed + k}


_RULES = None


def _rules():
    global _RULES
    if _RULES is None:
        from faeriell.content.rules_loader import default_rules
        _RULES = default_rules()
    return _RULES


def run_one(job):
    cfg, check, max_actions = job
    from faeriell.engine.randomplay import play_random
    from faeriell.engine.setup import SetupError
    t0 = time.perf_counter()
    try:
        g, n = play_random(_rules(), check_every=check, max_actions=max_actions, **cfg)
    except SetupError as e:
        return {"cfg": cfg, "refused": str(e)}
    except Exception as e:  # noqa: BLE001 - every failure is reported with its seed
        return {"cfg": cfg, "error": f"{type(e).__name__}: {e}",
                "traceback": traceback.format_exc(), "secs": time.perf_counter() - t0}
    if check:
        # the finished game must save and load back to the same state (R36 replay)
        from faeriell.engine.saves import dumps, load
        from faeriell.engine.state import to_dict
        try:
            back = load(_rules(), dumps(g))
            if to_dict(back.state) != to_dict(g.state):
                raise AssertionError("save -> load changed the final state")
        except Exception as e:  # noqa: BLE001
            return {"cfg": cfg, "error": f"save/load of the finished game: {type(e).__name__}: {e}",
                    "traceback": traceback.format_exc(), "secs": time.perf_counter() - t0}
    s = g.state
    reason = s.end_reason.split(":")[0] if s.end_reason else "(no reason)"
    return {"cfg": cfg, "actions": n, "rounds": s.round, "end": reason,
            "winners": len(s.winners), "secs": time.perf_counter() - t0}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--players", type=int, choices=(1, 2, 3, 4))
    ap.add_argument("--mode", choices=("competitive", "coop", "solo"))
    ap.add_argument("--difficulty", choices=DIFFICULTIES)
    ap.add_argument("--variants", type=lambda s: [v for v in s.split(",") if v], default=[])
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-check", action="store_true", help="skip the invariants (speed only)")
    ap.add_argument("--max-actions", type=int, default=20000)
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--show", type=int, default=20, help="failures printed in full (default 20)")
    args = ap.parse_args(argv)

    jobs = [(config_for(k, args), not args.no_check, args.max_actions) for k in range(args.games)]
    t0 = time.perf_counter()
    results = []
    if args.workers <= 1:
        results = [run_one(j) for j in jobs]
    else:
        with get_context("fork" if sys.platform != "win32" else "spawn").Pool(args.workers) as pool:
            for r in pool.imap_unordered(run_one, jobs, chunksize=8):
                results.append(r)
    wall = time.perf_counter() - t0

    done = [r for r in results if "actions" in r]
    failed = [r for r in results if "error" in r]
    refused = [r for r in results if "refused" in r]
    failed.sort(key=lambda r: r["cfg"]["seed"])
    for r in failed[:args.show]:
        c = r["cfg"]
        print(f"FAIL seed={c['seed']} players={c['players']} mode={c['mode']} "
              f"difficulty={c['difficulty']} variants={c['variants']}: {r['error']}")
        print("  " + r["traceback"].rstrip().replace("\n", "\n  "))
    if len(failed) > args.show:
        print(f"... and {len(failed) - args.show} more failures (seeds "
              f"{', '.join(str(r['cfg']['seed']) for r in failed[args.show:args.show + 50])}"
              f"{' ...' if len(failed) > args.show + 50 else ''})")
    actions = sum(r["actions"] for r in done)
    ends = Counter(r["end"] for r in done)
    by_cfg = Counter(f"{r['cfg']['players']}p {r['cfg']['mode']}" for r in done)
    summary = {
        "games": len(results), "finished": len(done), "failed": len(failed), "refused": len(refused),
        "actions": actions, "mean_actions": round(actions / len(done), 1) if done else 0,
        "mean_rounds": round(sum(r["rounds"] for r in done) / len(done), 2) if done else 0,
        "endings": dict(ends.most_common()), "configs": dict(sorted(by_cfg.items())),
        "checked": not args.no_check, "workers": args.workers, "seconds": round(wall, 1),
        "games_per_second": round(len(results) / wall, 1) if wall else 0,
        "failed_seeds": [r["cfg"]["seed"] for r in failed],
    }
    if refused:
        summary["refused_reason"] = refused[0]["refused"]
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"games {summary['games']}: {summary['finished']} finished, {summary['failed']} failed"
              f"{f', {len(refused)} refused by setup' if refused else ''}"
              f" ({'invariants checked' if summary['checked'] else 'no checks'}, "
              f"{args.workers} workers, {summary['seconds']} s, {summary['games_per_second']} games/s)")
        print(f"actions {actions} (mean {summary['mean_actions']} a game), "
              f"mean rounds {summary['mean_rounds']}")
        print("how games ended:")
        for why, n in ends.most_common():
            print(f"  {n:6d}  {why}")
        print("configurations: " + ", ".join(f"{k} x{v}" for k, v in sorted(by_cfg.items())))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

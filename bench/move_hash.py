"""Seeded games' moves as hashes: run it before and after a change that must not change what
any bot or random player chooses, and compare the output (a diff shows which games moved).

    python3 bench/move_hash.py > before.txt     # on the old commit (e.g. a git worktree)
    python3 bench/move_hash.py > after.txt
    diff before.txt after.txt

Per game: the number of actions and a hash of the actions (their saved form); with --log also a
hash of the game's log (its words: a change of wording, as when the log came to be told by
engine.describe, changes it without changing a move). Random play (several configurations and
variants), heuristic bots (2-player, solo, 3-player coop), the search bot and the expert with
fixed work. About ten seconds.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.bots import make_bot  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine.randomplay import play_random  # noqa: E402

R = default_rules()


def digest(x) -> str:
    return hashlib.sha256(json.dumps(x, sort_keys=True, default=str).encode()).hexdigest()[:16]


def moves(g) -> list:
    return [e["action"].to_dict() for e in g.history]


def bot_game(players, mode, levels, seed, cap=4000, iterations=None):
    g = new_game(R, players, mode, "medium", [], seed)
    bots = []
    for k, level in enumerate(levels):
        b = make_bot(level, seed=seed * 31 + k)
        if iterations and hasattr(b, "iterations"):
            b.iterations = iterations
        bots.append(b)
    n = 0
    while not g.state.game_over and n < cap:
        g.apply(bots[g.acting].choose(g, g.acting))
        n += 1
    return n, digest(moves(g)), digest(g.state.log)


def main() -> None:
    with_log = "--log" in sys.argv[1:]
    out = {}
    random_games = [(2, "competitive", "medium", (), s) for s in range(6)] + [
        (1, "solo", "hard", (), 3), (3, "coop", "easy", (), 4), (4, "competitive", "medium", ("drifter",), 5),
        (2, "competitive", "medium", ("winters_grasp",), 8), (3, "competitive", "medium", ("advanced_menace_rule",), 9)]
    for players, mode, difficulty, variants, seed in random_games:
        g, n = play_random(R, players=players, mode=mode, difficulty=difficulty, variants=variants, seed=seed,
                           check_every=False)
        out[f"random {players}p {mode} {difficulty} {'+'.join(variants) or '-'} seed {seed}"] = \
            (n, digest(moves(g)), digest(g.state.log))
    for s in range(1, 5):
        out[f"heuristic vs easy seed {s}"] = bot_game(2, "competitive", ["heuristic", "easy"], s)
    out["heuristic solo seed 7"] = bot_game(1, "solo", ["heuristic"], 7)
    out["heuristic coop 3p seed 9"] = bot_game(3, "coop", ["heuristic"] * 3, 9)
    out["search vs heuristic seed 11 (150 moves)"] = bot_game(2, "competitive", ["search", "heuristic"], 11,
                                                              cap=150, iterations=2)
    out["expert solo seed 12 (60 moves)"] = bot_game(1, "solo", ["expert"], 12, cap=60, iterations=2)
    if not with_log:
        out = {name: row[:2] for name, row in out.items()}
    for name, row in out.items():
        print(name, *row)
    print("all", digest(out))


if __name__ == "__main__":
    main()

"""Why the heuristic scores a position's moves as it does: each legal move of whoever acts, with
its score, its reason and its features (name, value x weight), from that player's view.

    python tools/heuristic_why.py SAVE                 # the position the save ends on
    python tools/heuristic_why.py SAVE --at 40 --top 5 # after its first 40 actions, the 5 best moves

A tool for tuning and for checking a feature (heuristic_features.py, the weights in
data/bots/weights.yaml): the feature ids are the weights file's, not words for players. The world
is imagined from the acting player's view as the bots imagine it (observe, seeded by --seed).
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def why_lines(game, top: int = 8, seed: int = 0) -> list[str]:
    """The lines printed for `game`'s acting player: each of the `top` best moves, then its features."""
    from faeriell.bots.heuristic import Scorer
    from faeriell.bots.knowledge import Ctx
    from faeriell.bots.observe import observe
    from faeriell.engine.describe import describe
    from faeriell.engine.names import Names

    player = game.acting
    if player is None:
        return ["the game is over: no move to score"]
    world = observe(game, player, random.Random(seed))
    acts = list(game.legal_actions())
    sc = Scorer(Ctx(world, player))
    rows = []
    for a in acts:
        score, why = sc.score(a)
        rows.append((score, a, why, sc.terms(a)[0]))
    rows.sort(key=lambda r: -r[0])
    names = Names.of(game.rules)
    W = sc.W
    out = [f"player {player + 1} to act, {len(acts)} legal moves; round {game.state.round}, Doom {game.state.doom}"]
    for score, a, why, terms in rows[:top]:
        out.append(f"{score:8.3f}  {describe(a, names, [t.id for t in game.state.tribes])}  ({why})")
        merged: dict = {}
        for name, f in terms:
            merged[name] = merged.get(name, 0.0) + W[name] * f
        for name, v in sorted(merged.items(), key=lambda kv: -abs(kv[1])):
            out.append(f"          {v:+8.3f}  {name}")
        if not merged:
            out.append(f"          {0.0:+8.3f}  (no feature: the baseline, as ending a Phase)")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("save", help="a save file (.json) the game or faeriell.sim --save-dir wrote")
    ap.add_argument("--at", type=int, default=None, help="score the position after this many actions")
    ap.add_argument("--top", type=int, default=8, help="how many moves to show (the best first)")
    ap.add_argument("--seed", type=int, default=0, help="the seed of the imagined world")
    args = ap.parse_args(argv)
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine.saves import SaveError, read_save, replay
    rules = default_rules()
    try:
        game = read_save(rules, args.save)
        if args.at is not None:
            game = replay(rules, game.origin, [h["action"] for h in game.history][:max(0, args.at)])
    except SaveError as e:
        print(f"heuristic_why: cannot read this save: {e}", file=sys.stderr)
        return 2
    print("\n".join(why_lines(game, args.top, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

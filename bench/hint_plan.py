#!/usr/bin/env python3
"""Does the hint keep to its plan? Seeded games with the hint as the player (issue 41, item 2).

    python bench/hint_plan.py                      # 300 hints: solo Medium from 90000, Full Coop 2p from 90500
    python bench/hint_plan.py --fresh              # the same games with a fresh hint at every decision (the old hint)
    python bench/hint_plan.py --hints 60 --solo 1 --coop 0    # a quick look

Seed ranges (bench/README.md): solo Medium games are seeded 90000, 90001, ...; Full Coop (2 players,
Medium) 90500, 90501, .... The hinted seat plays every move of the game's play the hint gives
(`bots.plan_hint`, the expert at a fixed `--iterations` worlds a decision, so a run is the same on a
loaded machine); the set-up and the Full Coop partner are played by the greedy heuristic (cheap).
Hints are counted at decisions with more than one legal move; the run stops at `--hints`.

A contradiction: at a Phase choice the coach's line for the turn is fixed (plan.make_plan: the
move hinted, then the greedy heuristic's moves to the turn's end or its first draw, the line the
hint shows); a later hint in that turn, nothing drawn or revealed since, names a move that is not
one of the line's steps still to play while one of those steps (other than ending the Phase) can
still be played. Counted once per turn. With `--fresh` the same line is the yardstick for the
old hint (bots.hint at every decision), which is what a learner read at the table.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell import bots  # noqa: E402
from faeriell.bots import plan as P  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine.describe import describe  # noqa: E402
from faeriell.engine.names import Names  # noqa: E402
from faeriell.sim import rules  # noqa: E402

SOLO_SEED = 90000
COOP_SEED = 90500


def contradiction(ref: P.Plan, game, hinted) -> bool:
    """The hint `hinted` leaves the line `ref` while a step of it still stands (nothing revealed)."""
    if P.turn_of(game) != ref.turn or game.acting != ref.player or P.revealed_since(ref, game):
        return False
    played = [e["action"] for e in game.history[ref.start:]]
    todo = list(ref.steps)
    for x in played:               # the line's steps played so far, in any order
        k = next((i for i, s in enumerate(todo) if P.same_step(x, s)), None)
        if k is not None:
            todo.pop(k)
    if any(P.same_step(hinted, s) for s in todo):
        return False
    return any(s.kind != "end_phase" and P.legal_form(game, s) is not None for s in todo)


def play(mode: str, seed: int, args, left: int, out: dict) -> int:
    """One game until its end or `left` hints; returns the hints given."""
    R = rules()
    players = 1 if mode == "solo" else 2
    g = new_game(R, players, mode, "medium", [], seed)
    names = Names.of(R)
    heur = bots.make_bot("heuristic", seed=seed)
    hinted_seat, plan, ref, n = 0, None, None, 0
    while not g.state.game_over and n < left and len(g.history) < args.max_moves:
        p = g.acting
        if g.state.stage != "play" or p != hinted_seat:
            g.apply(heur.choose(g, p))
            continue
        if args.fresh:
            a, _reason = bots.hint(g, iterations=args.iterations, seed=seed)
            made = None
        else:
            a, reason, plan = bots.plan_hint(g, plan, iterations=args.iterations)
            made = plan
            out["changes"] += reason.startswith("Change of plan")
        if len(g.legal_actions()) > 1:
            n += 1
            if ref is not None and contradiction(ref, g, a):
                out["contradictions"] += 1
                tribes = [t.id for t in g.state.tribes]
                out["examples"].append(f"{mode} seed {seed} round {g.state.round}: the line "
                                       f"[{'; '.join(ref.labels)}], then “{describe(a, names, tribes)}”")
                ref = None
        if a.kind == "choose_phase":
            # the yardstick: the line the hint shows at the Phase choice (the same in both modes)
            ref = made if made is not None and made.steps and made.steps[0] == a else P.make_plan(g, a)
        g.apply(a)
    out["games"].append((mode, seed, n, g.state.round, g.state.game_over))
    return n


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hints", type=int, default=300)
    ap.add_argument("--solo", type=int, default=4, help="solo Medium games at most (seeds from 90000)")
    ap.add_argument("--coop", type=int, default=1, help="Full Coop 2-player games at most (seeds from 90500)")
    ap.add_argument("--coop-share", type=float, default=0.2, help="the share of the hints given in Full Coop")
    ap.add_argument("--iterations", type=int, default=8, help="the expert's worlds a decision")
    ap.add_argument("--max-moves", type=int, default=3000)
    ap.add_argument("--fresh", action="store_true", help="the old hint: the expert afresh at every decision")
    args = ap.parse_args(argv)
    t0 = time.process_time()
    out: dict = {"contradictions": 0, "changes": 0, "examples": [], "games": []}
    coop_hints = round(args.hints * args.coop_share) if args.coop else 0
    given = 0
    for k in range(args.coop):
        if given >= coop_hints:
            break
        given += play("coop", COOP_SEED + k, args, coop_hints - given, out)
    for k in range(args.solo):
        if given >= args.hints:
            break
        given += play("solo", SOLO_SEED + k, args, args.hints - given, out)
    for mode, seed, n, rnd, over in out["games"]:
        print(f"{mode} seed {seed}: {n} hints, {'to the end' if over else 'stopped'} in round {rnd}")
    for e in out["examples"][:10]:
        print("  " + e)
    which = "fresh hint at every decision" if args.fresh else "the hint with its plan"
    print(f"{which}: {out['contradictions']} contradictions in {given} hints "
          f"({args.iterations} worlds a decision, {time.process_time() - t0:.0f} s CPU)")
    if not args.fresh:
        print(f"changes of plan said (a step no longer possible, something drawn, a promise left): {out['changes']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

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

A dropped promise (issue 41, item 3): a hint says its move brings "enough for X in your Tribe Phase
this round" (expert.gain_and_risk's words, as the learner reads them), and the hinted seat's moves
up to the end of that Tribe Phase buy none of what it named. Counted once per round and promise,
in two kinds: dropped while what it named could still be paid when that Tribe Phase began (the
engine's list, expert._within_reach: the coach changed its mind), and dropped once it could no longer
be paid (a draw, a Perk or a Quest changed the Essences in between).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import re  # noqa: E402

from faeriell import bots  # noqa: E402
from faeriell.bots.expert import _reach_words, _within_reach, bought_item  # noqa: E402
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


# the promise as the learner reads it: "enough for a Level Up of your Shaman or a new Hero in your
# Tribe Phase this round"
PROMISE = re.compile(r"enough for (.+?) in your Tribe Phase this round")


def promised(reason: str) -> tuple:
    """The things a hint's words promise for this round's Tribe Phase, as the words name them."""
    out: list[str] = []
    for m in PROMISE.finditer(reason or ""):
        out += [w for w in m.group(1).split(" or ") if w not in out]
    return tuple(out)


def settle_promises(g, seat: int, names, pending: list, out: dict, over: bool = False) -> None:
    """Close the promises whose Tribe Phase is over: kept when the seat's moves since bought one of
    the things named, else dropped (apart: what it named could no longer be paid when that Phase
    began)."""
    s = g.state
    for p in pending:
        if p["reach"] is None and s.phase == "tribe" and s.active == seat and s.round == p["round"]:
            # what the seat can pay for as its Tribe Phase begins (or as the promise is made in it)
            p["reach"] = {_reach_words(it, names) for it in _within_reach(g, seat)}
    for p in list(pending):
        done = over or s.game_over or s.round != p["round"] or (
            "tribe" in s.tribes[seat].phases_done and s.phase != "tribe")
        if not done:
            continue
        pending.remove(p)
        since = g.history[p["start"]:]
        bought = {_reach_words(it, names) for e in since if e.get("player") == seat
                  and (it := bought_item(e["action"])) is not None}
        if bought & set(p["items"]):
            out["promises_kept"] += 1
            continue
        gone = not (p["reach"] or set()) & set(p["items"])
        out["promises_gone" if gone else "promises_dropped"] += 1
        out["promise_examples"].append(
            f"{'(no longer payable) ' if gone else ''}seed {p['seed']} round {p['round']}: “{p['text']}”; "
            f"bought: {', '.join(sorted(bought)) or 'nothing'}")


def play(mode: str, seed: int, args, left: int, out: dict) -> int:
    """One game until its end or `left` hints; returns the hints given."""
    R = rules()
    players = 1 if mode == "solo" else 2
    g = new_game(R, players, mode, "medium", [], seed)
    names = Names.of(R)
    heur = bots.make_bot("heuristic", seed=seed)
    hinted_seat, plan, ref, n = 0, None, None, 0
    pending: list = []                 # promises for this round's Tribe Phase not yet settled
    said: set = set()                  # (round, things): a promise is counted once
    while not g.state.game_over and n < left and len(g.history) < args.max_moves:
        p = g.acting
        if g.state.stage != "play" or p != hinted_seat:
            g.apply(heur.choose(g, p))
            continue
        if args.fresh:
            a, reason = bots.hint(g, iterations=args.iterations, seed=seed)
            made = None
        else:
            a, reason, plan = bots.plan_hint(g, plan, iterations=args.iterations)
            made = plan
            out["changes"] += reason.startswith("Change of plan")
        out["chances"] += "could pay for" in (reason or "")
        things = promised(reason)
        if things and (g.state.round, things) not in said:
            said.add((g.state.round, things))
            clause = next(PROMISE.finditer(reason)).group(0)
            pending.append({"round": g.state.round, "items": things, "start": len(g.history),
                            "seed": seed, "text": clause, "reach": None})
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
        settle_promises(g, hinted_seat, names, pending, out)
    # a game stopped by the hint count: its open promises are not counted either way
    out["games"].append((mode, seed, n, g.state.round, g.state.game_over))
    return n


def new_counts() -> dict:
    return {"contradictions": 0, "changes": 0, "examples": [], "games": [], "promises_kept": 0,
            "promises_dropped": 0, "promises_gone": 0, "promise_examples": [],
            "chances": 0}


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
    out: dict = new_counts()
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
    for e in out["promise_examples"][:12]:
        print("  dropped: " + e)
    which = "fresh hint at every decision" if args.fresh else "the hint with its plan"
    print(f"{which}: {out['contradictions']} contradictions in {given} hints "
          f"({args.iterations} worlds a decision, {time.process_time() - t0:.0f} s CPU)")
    if not args.fresh:
        print(f"changes of plan said (a step no longer possible, something drawn, a promise left): {out['changes']}")
    print(f"promises for this round's Tribe Phase: {out['promises_kept']} kept, {out['promises_dropped']} dropped "
          f"while still payable, {out['promises_gone']} dropped once no longer payable; "
          f"{out['chances']} hints said a Tribe Action as a chance (\"could pay for ...\")")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The one lookahead of every bot that thinks ahead: SearchBot, ExpertBot (and so the hint), the
clairvoyant planner of the ceiling bench, and the review's measure of a move (issue 25, item 2).
OpenSpiel's `MCTSBot(game, ..., evaluator)` is the model: the search is one, what it values a
position by is a parameter.

    spec = Spec(policy=HeuristicPolicy(noise=0.25), horizon=Horizon(rounds=1), leaf=race_leaf(w))
    out = search(spec, player, cands, new_world, rng=bot.rng, budget=1.0, iterations=None,
                 t0=t0, stats=bot.last_stats)
    cands[out.best]

The parts, each the caller's to choose:

* candidates - `candidates(acts, scores, width)`: the heuristic's best distinct moves;
* worlds     - `new_world(prng)`: a world per round of the loop (observe.determinize with its
  chance set by the engine, or a copy of the true game for the clairvoyant and the review);
* playout policy - `Spec.policy(w, rng)`: the move every seat makes in a playout
  (`HeuristicPolicy`: the heuristic, its scores blurred by Gaussian noise);
* horizon    - `Spec.horizon`: how far a playout goes (the end of this round and `rounds` more,
  `turns` turn ends, or the end of the game), counted from after the candidate or from the decision;
* leaf evaluator - `Spec.leaf(w, player)`: the value of where a playout stops (evaluate.py's
  position value, the expert's race value, the clairvoyant's outcome, a learned win chance);
* pruning    - `Spec.prune_at`: after these worlds, candidates clearly behind the leader drop out;
* budget / iterations - a fixed number of worlds (replays, tests, the puzzle finder), else the clock;
* clock      - what the budget is counted in (`clock_of`): the wall clock (`time.perf_counter`,
  the table, the hint, "think longer": a player waits in wall time), or this process's CPU time
  (`time.process_time`, the benchmarks: what the budget buys on an idle core, however loaded the
  machine), or any callable returning seconds (tests).

Every candidate of one world meets the same world and a generator seeded alike (common random
numbers), so differences between candidates are paired; `Spec.pick` says how the evidence
chooses ("leader": the best mean if it beats candidate 0, the heuristic's favourite, by `z`
standard errors; "best_gain": the largest gain among those that do; "best_single": the best
single playout, for planners that see the true future).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from math import sqrt
from typing import Protocol
from collections.abc import Callable

from faeriell.engine.actions import Action
from faeriell.engine.core import Game, IllegalAction

from .heuristic import pick_move, score_values
from .knowledge import Ctx
from .weights import Weights


Clock = Callable[[], float]
# The clocks a search budget can be counted in, by name (a bot's `clock` setting; sim's --level-opts).
CLOCKS: dict[str, Clock] = {"wall": time.perf_counter, "cpu": time.process_time}


def clock_of(clock: str | Clock | None) -> Clock:
    """The clock called `clock` ("wall", the default, or "cpu"), or `clock` itself if callable."""
    if clock is None:
        return time.perf_counter
    if callable(clock):
        return clock
    try:
        return CLOCKS[clock]
    except KeyError:
        raise ValueError(f"unknown clock {clock!r} (known: {', '.join(CLOCKS)})") from None


class Evaluator(Protocol):
    """A leaf evaluator: how good position `w` is for seat `player` (larger is better)."""

    def __call__(self, w: Game, player: int) -> float: ...


class Policy(Protocol):
    """A playout policy: the move whoever acts in `w` makes (a legal one)."""

    def __call__(self, w: Game, rng: random.Random) -> Action: ...


class HeuristicPolicy:
    """Every seat follows the heuristic (heuristic.score_values), its scores blurred by Gaussian
    `noise` (card units) drawn from the playout's generator. `saving=False` leaves out the
    saving-up wish (a third of the scoring time). `weights`: None for the mode's shipped ones."""

    __slots__ = ("noise", "weights", "saving")

    def __init__(self, noise: float = 0.0, weights: Weights | None = None, saving: bool = True) -> None:
        self.noise = noise
        self.weights = weights
        self.saving = saving

    def __call__(self, w: Game, rng: random.Random) -> Action:
        acts = w.legal_actions()
        if len(acts) == 1:
            return acts[0]
        i = w.acting
        assert i is not None
        ctx = Ctx(w, i, self.weights)
        if not self.saving:
            ctx.saving = ()
        return pick_move(acts, score_values(w, i, acts, ctx), rng, self.noise)


@dataclass(frozen=True)
class Horizon:
    """Where a playout stops: after the end of the round and `rounds` more (None: no round limit,
    the end of the game), or, with `turns` set, after that many turn ends; never past `max_steps`
    moves. `from_decision`: rounds are counted from the decision's round (the review), else from
    the round the candidate leaves (the bots)."""

    rounds: int | None = 0
    turns: int | None = None
    max_steps: int = 300
    from_decision: bool = False


def playout(w: Game, policy: Policy, horizon: Horizon, rng: random.Random,
            decision_round: int | None = None) -> None:
    """Play `w` forward in place with `policy` on every seat until `horizon`."""
    s = w.state
    steps = 0
    cap = horizon.max_steps
    if horizon.turns is not None:
        turns = 0
        last = (s.round, s.lap, s.active)
        while not s.game_over and steps < cap:
            cur = (s.round, s.lap, s.active)
            if cur != last:
                turns += 1
                last = cur
                if turns > horizon.turns:
                    break
            w.apply(policy(w, rng), trusted=True)
            steps += 1
        return
    if horizon.rounds is None:
        while not s.game_over and steps < cap:
            w.apply(policy(w, rng), trusted=True)
            steps += 1
        return
    start = decision_round if horizon.from_decision and decision_round is not None else s.round
    stop = start + horizon.rounds
    while not s.game_over and steps < cap and s.round <= stop:
        w.apply(policy(w, rng), trusted=True)
        steps += 1


@dataclass(frozen=True)
class Spec:
    """One search's settings (see the module text)."""

    policy: Policy
    leaf: Evaluator
    horizon: Horizon = Horizon()
    prune_at: tuple = ()
    z: float = 1.0
    pick: str = "leader"              # leader | best_gain | best_single
    whole_first_world: bool = True    # the clock never stops inside the first world
    stop_at_deadline: bool = True     # no world starts past the deadline, not even the first


@dataclass
class Outcome:
    best: int                          # index of the chosen candidate (0: the heuristic's favourite)
    gain: float                        # its paired lead over candidate 0 (best_single: its value)
    playouts: int                      # the playouts behind the choice
    worlds: int                        # worlds imagined
    vals: list = field(default_factory=list)     # vals[j][world] = candidate j's leaf value there


def played_out(world: Game, action: Action, player: int, spec: Spec, rng: random.Random | None = None,
               copy: bool = True) -> tuple[float, Game]:
    """(leaf value for `player`, the position where the playout stopped) after `action` in
    `world` (copied first unless `copy` is False). The single step of the search, for callers
    that weigh moves in one known world (the review's key moments)."""
    w = world.copy(log=False) if copy else world
    decision_round = w.state.round
    w.apply(action, trusted=True)
    playout(w, spec.policy, spec.horizon, rng if rng is not None else random.Random(0), decision_round)
    return spec.leaf(w, player), w


def paired(a: dict, b: dict) -> tuple[float, float, int]:
    """Mean and standard error of a - b over the worlds both have; and their number."""
    common = [k for k in a if k in b]
    m = len(common)
    if m == 0:
        return 0.0, float("inf"), 0
    diffs = [a[k] - b[k] for k in common]
    mean = sum(diffs) / m
    if m < 2:
        return mean, float("inf"), m
    var = sum((d - mean) ** 2 for d in diffs) / (m - 1)
    return mean, sqrt(var / m), m


def prune(vals, alive):
    """Drop candidates clearly behind the best one (pairwise), keep at least two."""
    means = {j: (sum(vals[j].values()) / len(vals[j]) if vals[j] else float("-inf")) for j in alive}
    lead = max(alive, key=lambda j: means[j])
    keep = []
    for j in alive:
        if j in (0, lead):
            keep.append(j)
            continue
        d, se, m = paired(vals[j], vals[lead])
        if m >= 2 and d + 2.0 * se < 0:
            continue
        keep.append(j)
    return keep


def sample_worlds(spec: Spec, player: int, cands, new_world: Callable[[random.Random], Game], *,
                  rng: random.Random, budget: float, iterations: int | None, t0: float, stats: dict,
                  on_leaf=None, skip=None, clock: Clock = time.perf_counter) -> tuple[list[dict], int]:
    """(values per candidate by world, worlds imagined): the loop of `search`. `on_leaf(j, w, v)`
    sees each played-out position and its value; `skip(j, it)` leaves a play out (a plan already known).
    `budget` and `t0` are in `clock`'s seconds."""
    n = len(cands)
    vals: list[dict] = [{} for _ in range(n)]
    alive = list(range(n))
    deadline = t0 + budget
    it = 0
    cost = 0.0                                        # seconds per playout (running mean)
    stats.setdefault("playouts", 0)
    while True:
        if iterations is not None:
            if it >= iterations:
                break
        elif ((it > 0 and clock() + cost * len(alive) > deadline)      # another round would overrun
              or (spec.stop_at_deadline and clock() > deadline)):
            break
        seed = rng.getrandbits(64)
        world = new_world(random.Random(seed))
        for j in list(alive):
            if iterations is None and (it > 0 if spec.whole_first_world else cost) \
                    and clock() + cost > deadline:
                break
            if skip is not None and skip(j, it):
                continue
            p0 = clock()
            try:
                v, w = played_out(world, cands[j], player, spec, random.Random(seed))
            except (IllegalAction, RuntimeError) as e:   # a world the engine refuses (an imagined hand that
                # cannot pay: IllegalAction) or cannot settle (advance(): RuntimeError) is skipped, and counted
                stats["failed_playouts"] = stats.get("failed_playouts", 0) + 1
                stats["last_failure"] = f"{type(e).__name__}: {e}"
                continue
            dt = clock() - p0
            cost = dt if cost == 0 else 0.8 * cost + 0.2 * dt
            vals[j][it] = v
            if on_leaf is not None:
                on_leaf(j, w, v)
            stats["playouts"] += 1
        it += 1
        if it in spec.prune_at and len(alive) > 2:
            alive = prune(vals, alive)
    return vals, it


def search(spec: Spec, player: int, cands, new_world: Callable[[random.Random], Game], *,
           rng: random.Random, budget: float = 1.0, iterations: int | None = None,
           t0: float | None = None, stats: dict | None = None, on_leaf=None, skip=None,
           clock: Clock = time.perf_counter, more=None) -> Outcome:
    """Weigh `cands` (candidate 0 is the heuristic's favourite) over worlds from `new_world` and
    choose one by `spec.pick` (see the module text). `budget` and `t0` count `clock`'s seconds.
    `more()`, called once the loop ends, gives the values of worlds weighed elsewhere (the
    expert's helper processes, helpers.py) as [(values per candidate by world, worlds)]: their
    world keys are theirs alone, so they join the comparison world by world."""
    t0 = clock() if t0 is None else t0
    stats = {} if stats is None else stats
    vals, worlds = sample_worlds(spec, player, cands, new_world, rng=rng, budget=budget, iterations=iterations,
                                 t0=t0, stats=stats, on_leaf=on_leaf, skip=skip, clock=clock)
    stats["own_worlds"] = worlds
    for part_vals, part_worlds in (more() if more is not None else ()):
        for j, v in enumerate(part_vals):
            vals[j].update(v)
        worlds += part_worlds
    best, gain, n = choose(spec, vals, iterations)
    return Outcome(best, gain, n, worlds, vals)


def choose(spec: Spec, vals: list[dict], iterations: int | None = None) -> tuple[int, float, int]:
    """(candidate, its gain, playouts behind it) from the values, by `spec.pick`."""
    n = len(vals)
    if spec.pick == "best_single":
        plays = [(v, -j, -it) for j in range(n) for it, v in vals[j].items()]
        if not plays:
            return 0, float("-inf"), 0
        v, j, _ = max(plays)
        return -j, v, len(vals[-j])
    if spec.pick == "best_gain":
        best, best_gain = 0, 0.0
        n0 = len(vals[0])
        for j in range(1, n):
            d, se, m = paired(vals[j], vals[0])
            if m < 2:
                continue
            if d - spec.z * se > 0 and d > best_gain:
                best, best_gain = j, d
        return best, best_gain, (min(n0, len(vals[best])) if best else n0)
    means = {j: sum(vals[j].values()) / len(vals[j]) for j in range(n) if vals[j]}
    best, gain = 0, 0.0
    if means:
        lead = max(means, key=lambda j: (means[j], -j))
        if lead != 0:
            d, se, m = paired(vals[lead], vals[0])
            # ahead beyond the noise, or (one paired playout in a single fixed round) ahead at all
            if (m >= 2 and d > spec.z * se) or (m == 1 and d > 0 and iterations == 1):
                best, gain = lead, d
    return best, gain, len(vals[best])


def candidates(acts, scores, width: int) -> list[int]:
    """Indices of the best `width` distinct moves (payment variants folded into their best
    payment), best first. Ending the phase stays in view: it is the usual alternative to a weak
    move."""
    best_by_key: dict = {}
    for k, a in enumerate(acts):
        key = a.without("pay", "discounts") if a.has("pay") else a
        if key not in best_by_key or scores[k][0] > scores[best_by_key[key]][0]:
            best_by_key[key] = k
    ranked = sorted(best_by_key.values(), key=lambda k: -scores[k][0])
    out = ranked[:width]
    if len(out) > 1:
        for k in ranked[width:]:
            if acts[k].kind == "end_phase":
                out[-1] = k
                break
    return out

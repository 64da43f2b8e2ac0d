"""A clairvoyant planner: the ceiling an honest bot can approach (bench/ceiling.py).

It is *not* an honest bot and is never offered at the table: it reads the real state, so it knows
the order of the decks, the Herb deck and the bag, and what the generator will draw next. It plans
on copies of the real game (`fork`): a copy carries the game's own generator, so for the same moves
its future is exactly the real one. Chance is therefore known and the game is a deterministic
puzzle for it, which makes a plain rollout algorithm strong:

1. At each decision take the heuristic's best `width` distinct moves (payment variants folded, as
   in search.py) plus the first move of the best plan found so far (the incumbent).
2. For each move play it on a copy, then play the whole game to its end with the heuristic on every
   seat (`rollouts` times: once greedy, then with Gaussian noise on the scores for other lines).
   Each playout is a full plan: its moves and its exact outcome. The loop is the one search of
   lookahead.py (worlds: copies of the true game; leaf: `outcome_value`; pick: the best single
   plan); each rollout's noise comes from a generator seeded per world, shared by the candidates.
3. Keep the best plan seen (a win beats any loss; among losses, the one closest to the target, then
   the one that survives longest), and play its first move. Once a plan wins, it is simply
   followed. Because chance is known, following the
   incumbent reproduces its outcome exactly, so the result can only improve as the game goes on
   ("fortified" rollout: the game ends at least as well as the best plan ever found).

In Full Coop one planner plays every seat (the team is one mind that sees everything).
"""
from __future__ import annotations

import random
import time

from .heuristic import score_actions
from .knowledge import Ctx
from .lookahead import Horizon, HeuristicPolicy, Spec, candidates, search
from .observe import fork
from .search import HEURISTIC_ONLY
from faeriell.engine.endgame import coop_target
from .evaluate import tribe_value


def goal_progress(g) -> float:
    """How far the team got towards the mode's target, 0..1 (1 = the target is met)."""
    s = g.state
    if s.mode == "solo":
        need = int(g.rules.modes["solo"]["achievements"])
        return min(1.0, len(s.tribes[0].achievements) / need)
    if s.mode == "coop":
        win = coop_target(g)
        claimed = sum(1 for holders in s.achievements.values() if holders)
        placed = sum(len(t.achievements) for t in s.tribes)
        return min(1.0, max(claimed / win["achievements"], placed / win["tokens"]))
    return max(len(t.achievements) for t in s.tribes) / max(1, g.rules.end_round_at)


WON = 1000.0          # every winning plan is worth at least this


def outcome_value(g) -> float:
    """The value of where a plan ends: any win above any loss; then closeness to the target
    (Achievements, then the measures towards the others, as evaluate.py values them) and how long
    Faeriell held out."""
    s = g.state
    if s.game_over and s.winners:
        return WON + (g.rules.doom_max - s.doom)
    # Partial progress (Achievement measures, cards in hand) tells near misses apart.
    ctx = Ctx(g, 0)
    shaped = sum(tribe_value(ctx, j) for j in range(s.players)) / s.players
    return 100.0 * goal_progress(g) + 2.0 * s.round - 0.1 * s.doom + 0.5 * shaped


class ClairvoyantPlanner:
    """Plans with the true future (see the module text). One instance plays every seat."""

    name = "clairvoyant"

    def __init__(self, seed: int | None = 0, width: int = 5, rollouts: int = 2, noise: float = 1.5,
                 max_steps: int = 6000, skip_kinds=HEURISTIC_ONLY) -> None:
        self.rng = random.Random(seed)
        self.width = width
        self.rollouts = rollouts
        self.noise = noise
        self.max_steps = max_steps
        self.skip_kinds = set(skip_kinds or ())
        self.plan: list = []              # the incumbent plan: moves from the current position
        self.plan_value = float("-inf")
        self.stats = {"decisions": 0, "searched": 0, "playouts": 0, "improved": 0, "seconds": 0.0}

    # ---------------------------------------------------------------------------- decide
    def choose(self, game, player: int):
        return self.decide(game, player)[0]

    def decide(self, game, player: int):
        t0 = time.perf_counter()
        self.stats["decisions"] += 1
        acts = game.legal_actions()
        if not acts:
            raise ValueError("no legal action")
        inc = self.plan[0] if self.plan and self.plan[0] in acts else None
        if inc is None:
            self.plan, self.plan_value = [], float("-inf")
        if len(acts) == 1:
            return self._play(acts[0], t0), "the only move"
        sc = score_actions(game, player, acts, Ctx(game, player))
        if self.skip_kinds and all(a.kind in self.skip_kinds for a in acts):
            # A decision where lookahead adds little (search.py's list): keep to the plan, else
            # the heuristic's choice.
            k = max(range(len(acts)), key=lambda q: sc[q][0])
            return self._play(inc if inc is not None else acts[k], t0), sc[k][1]
        cands = self._candidates(acts, sc)
        if inc is not None and inc not in cands:
            cands.insert(0, inc)
        if inc is not None and (len(cands) == 1 or self.plan_value >= WON):
            return self._play(inc, t0), "keeps to its plan"     # a won plan needs no more search
        self.stats["searched"] += 1
        self._search(game, player, cands, inc)
        return self._play(self.plan[0], t0), f"its best plan ends with value {self.plan_value:.0f}"

    def _world(self, game, prng):
        """The world a rollout starts from: the true game (its own generator: the real future)."""
        return fork(game)

    def _search(self, game, player: int, cands: list, inc) -> None:
        """The one search (lookahead.py) on the true game: `rollouts` worlds, every candidate
        played to the end of the game in each (the first world greedy, then with noise on the
        scores), each playout a whole plan; the best single plan replaces the incumbent if it
        ends better."""
        policy = HeuristicPolicy(0.0)
        worlds = [0, 0]                    # worlds begun; the history length the current one starts at
        plans: dict = {}

        def new_world(prng):
            policy.noise = 0.0 if worlds[0] == 0 else self.noise
            worlds[0] += 1
            w = self._world(game, prng)
            worlds[1] = len(w.history)     # a copy of the game carries its history, an imagined world none
            return w

        def on_leaf(j, w, v):
            plans[(j, worlds[0] - 1)] = [e["action"] for e in w.history[worlds[1]:]]

        spec = Spec(policy=policy, leaf=lambda w, p: outcome_value(w),
                    horizon=Horizon(rounds=None, max_steps=self.max_steps), pick="best_single")
        out = search(spec, player, cands, new_world, rng=self.rng, budget=float("inf"),
                     iterations=self.rollouts, stats=self.stats, on_leaf=on_leaf,
                     skip=lambda j, it: it == 0 and cands[j] == inc)   # its greedy line is the incumbent's
        plays = [(v, -j, -it) for j, by in enumerate(out.vals) for it, v in by.items()]
        if not plays:
            return
        val, j, it = max(plays)
        if val > self.plan_value:
            if self.plan:
                self.stats["improved"] += 1
            self.plan, self.plan_value = plans[(-j, -it)], val

    def _play(self, a, t0):
        if self.plan and self.plan[0] == a:
            self.plan = self.plan[1:]
        else:
            self.plan, self.plan_value = [], float("-inf")
        self.stats["seconds"] += time.perf_counter() - t0
        return a

    def _candidates(self, acts, scores) -> list:
        return [acts[k] for k in candidates(acts, scores, self.width)]

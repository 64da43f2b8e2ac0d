"""SearchBot: flat Monte Carlo over the heuristic's best candidate moves, on determinized worlds.

One decision:

1. Read the player's view and imagine a world (observe.determinize); score every legal move with
   the heuristic. Moves that differ only in how they pay are one candidate (its best payment).
   Keep the best `width` candidates. A decision with one candidate, or of a kind where lookahead
   adds nothing (paying for a claim, picking a harvest colour...), is the heuristic's.
2. Until the time budget (or `iterations`) runs out: imagine a fresh world (others' hidden cards,
   deck and bag order, all redrawn), and for every candidate still in the race play it in a copy
   of that world, let every player follow the heuristic until the end of the round (`horizon`
   None) or for `horizon` more turns, and evaluate the result (evaluate.py; `leaf`). The loop is
   the one search of lookahead.py. All candidates of one
   iteration share the world, its bag order and the playout seed, so they meet the same luck
   (common random numbers) and are compared pairwise.
3. Play the heuristic's favourite unless another candidate beat it, pairwise, by more than
   `z` standard errors; candidates clearly behind are dropped along the way.

The budget is respected by checking the clock before every playout; a playout is short (a few
milliseconds), so a decision overshoots its budget by at most one playout.
"""
from __future__ import annotations

import time

from .base import BaseBot
from .heuristic import score_actions
from .leaves import make_leaf
from .lookahead import Horizon, HeuristicPolicy, Spec, candidates, clock_of, search
from .observe import determinize, view_of

# Decisions where the heuristic's answer stands (search would only spend time).
HEURISTIC_ONLY = {"claim", "harvest_choice", "discard_quest", "track_choice", "starting_essence",
                  "become_sower", "place_hero", "choose_hero", "free_level"}


class SearchBot(BaseBot):
    name = "search"

    def __init__(self, seed: int | None = 0, budget: float = 1.0, iterations: int | None = None,
                 width: int = 5, horizon: int | None = None, noise: float = 0.0,
                 max_playout: int = 300, clear_margin: float | None = 10.0, z: float = 1.0,
                 kinds: set | None = None, weights=None, leaf="position", clock="wall") -> None:
        super().__init__(seed, weights)
        self.budget = float(budget)
        self.clock = clock                    # what the budget counts: "wall" or "cpu" (lookahead.clock_of)
        self.iterations = iterations          # fixed work instead of the clock (tests, replays)
        self.width = width
        self.horizon = horizon                # None: to the end of the round; else turn ends
        self.noise = noise                    # playout policy: heuristic + Gaussian noise
        self.max_playout = max_playout
        self.clear_margin = clear_margin      # skip the search when the heuristic is this sure
        self.z = z                            # evidence needed to overrule the heuristic
        self.kinds = kinds                    # decision kinds to search (None: all but HEURISTIC_ONLY)
        self.leaf = leaf                      # the leaf evaluator (leaves.LEAVES name or factory)
        self.last_stats: dict = {}

    # ---------------------------------------------------------------------------- decide
    def decide(self, game, player: int):
        wall0 = time.perf_counter()
        t0 = clock_of(self.clock)()          # the budget's clock
        acts = self._legal(game, player)
        view = view_of(game, player)
        world0 = determinize(game.rules, view, player, self.rng)
        scores = score_actions(world0, player, acts, self.ctx(world0, player))
        self.last_stats = {"playouts": 0, "candidates": 1, "searched": False}
        best_k = max(range(len(acts)), key=lambda k: scores[k][0])
        if len(acts) == 1 or (acts[0].kind in HEURISTIC_ONLY and all(a.kind == acts[0].kind for a in acts)):
            return acts[best_k], scores[best_k][1]
        if self.kinds is not None and not any(a.kind in self.kinds for a in acts):
            return acts[best_k], scores[best_k][1]
        cands = self._candidates(acts, scores)
        if len(cands) == 1:
            return acts[cands[0]], scores[cands[0]][1]
        top = sorted((scores[k][0] for k in cands), reverse=True)
        if self.clear_margin is not None and top[0] - top[1] >= self.clear_margin:
            return acts[best_k], scores[best_k][1]
        pick, n, gain = self._search(game.rules, view, player, [acts[k] for k in cands], t0)
        self.last_stats.update({"candidates": len(cands), "searched": True,
                                "seconds": time.perf_counter() - wall0})
        k = cands[pick]
        why = scores[k][1]
        if pick != 0:
            why += (f" (over {n} imagined playouts it did better than "
                    f"{scores[cands[0]][1].split(':')[0].split(' (')[0]})")
        return acts[k], why

    def _candidates(self, acts, scores) -> list[int]:
        return candidates(acts, scores, self.width)

    # ---------------------------------------------------------------------------- search
    def spec(self, mode: str, difficulty: str | None = None) -> Spec:
        """The search bot's search (lookahead.py): the heuristic (blurred by `noise`) to the end of
        the round (`horizon` None) or for `horizon` turn ends, valued by evaluate.py (`leaf`),
        pruned after 3, 6, 12... worlds; the best gain among the candidates that beat the
        heuristic's favourite by `z` standard errors."""
        weights = self.weights.of(mode, difficulty)
        horizon = (Horizon(rounds=0, max_steps=self.max_playout) if self.horizon is None
                   else Horizon(turns=self.horizon, max_steps=self.max_playout))
        return Spec(policy=HeuristicPolicy(self.noise, weights), leaf=make_leaf(self.leaf, weights),
                    horizon=horizon, prune_at=(3, 6, 12, 24, 48), z=self.z, pick="best_gain")

    def _search(self, rules, view, player, cands, t0):
        """Index of the candidate to play (0 = the heuristic's), playouts per survivor, gain."""
        out = search(self.spec(view["mode"], view.get("difficulty")), player, cands,
                     lambda prng: determinize(rules, view, player, prng, chance=True),
                     rng=self.rng, budget=self.budget, iterations=self.iterations, t0=t0, stats=self.last_stats,
                     clock=clock_of(self.clock))
        return out.best, out.playouts, out.gain

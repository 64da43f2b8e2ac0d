"""SearchBot: flat Monte Carlo over the heuristic's best candidate moves, on determinized worlds.

One decision:

1. Read the player's view and imagine a world (observe.determinize); score every legal move with
   the heuristic. Moves that differ only in how they pay are one candidate (its best payment).
   Keep the best `width` candidates. A decision with one candidate, or of a kind where lookahead
   adds nothing (paying for a claim, picking a harvest colour...), is the heuristic's.
2. Until the time budget (or `iterations`) runs out: imagine a fresh world (others' hidden cards,
   deck and bag order, all redrawn), and for every candidate still in the race play it in a copy
   of that world, let every player follow the heuristic until the end of the round (`horizon`
   None) or for `horizon` more turns, and evaluate the result (evaluate.py). All candidates of one
   iteration share the world, its bag order and the playout seed, so they meet the same luck
   (common random numbers) and are compared pairwise.
3. Play the heuristic's favourite unless another candidate beat it, pairwise, by more than
   `z` standard errors; candidates clearly behind are dropped along the way.

The budget is respected by checking the clock before every playout; a playout is short (a few
milliseconds), so a decision overshoots its budget by at most one playout.
"""
from __future__ import annotations

import random
import time

from faeriell.engine.core import Game

from .base import BaseBot
from .evaluate import evaluate
from .heuristic import playout_move, score_actions
from .observe import determinize, view_of
from .sampling import paired, prune, sample_worlds

# Decisions where the heuristic's answer stands (search would only spend time).
HEURISTIC_ONLY = {"claim", "harvest_choice", "discard_quest", "track_choice", "starting_essence",
                  "become_sower", "place_hero", "choose_hero", "free_level"}


class SearchBot(BaseBot):
    name = "search"

    def __init__(self, seed: int | None = 0, budget: float = 1.0, iterations: int | None = None,
                 width: int = 5, horizon: int | None = None, noise: float = 0.0,
                 max_playout: int = 300, clear_margin: float | None = 10.0, z: float = 1.0,
                 kinds: set | None = None, weights=None) -> None:
        super().__init__(seed, weights)
        self.budget = float(budget)
        self.iterations = iterations          # fixed work instead of the clock (tests, replays)
        self.width = width
        self.horizon = horizon                # None: to the end of the round; else turn ends
        self.noise = noise                    # playout policy: heuristic + Gaussian noise
        self.max_playout = max_playout
        self.clear_margin = clear_margin      # skip the search when the heuristic is this sure
        self.z = z                            # evidence needed to overrule the heuristic
        self.kinds = kinds                    # decision kinds to search (None: all but HEURISTIC_ONLY)
        self.last_stats: dict = {}

    # ---------------------------------------------------------------------------- decide
    def decide(self, game, player: int):
        t0 = time.perf_counter()
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
                                "seconds": time.perf_counter() - t0})
        k = cands[pick]
        why = scores[k][1]
        if pick != 0:
            why += (f" (over {n} imagined playouts it did better than "
                    f"{scores[cands[0]][1].split(':')[0].split(' (')[0]})")
        return acts[k], why

    def _candidates(self, acts, scores) -> list[int]:
        return candidates(acts, scores, self.width)

    # ---------------------------------------------------------------------------- search
    def _search(self, rules, view, player, cands, t0):
        """Index of the candidate to play (0 = the heuristic's), playouts per survivor, gain."""
        n = len(cands)

        def new_world(prng):
            world = determinize(rules, view, player, prng)
            _fix_bag_order(world, prng)
            return world

        vals, _ = sample_worlds(self, cands, new_world,
                                lambda w, rng: self._playout(w, player, rng, self.horizon), t0,
                                prune_at=(3, 6, 12, 24, 48))
        # Pairwise against the heuristic's favourite (candidate 0).
        best, best_gain = 0, 0.0
        n0 = len(vals[0])
        for j in range(1, n):
            d, se, m = _paired(vals[j], vals[0])
            if m < 2:
                continue
            if d - self.z * se > 0 and d > best_gain:
                best, best_gain = j, d
        return best, min(n0, len(vals[best])) if best else n0, best_gain

    _prune = staticmethod(prune)        # sampling.prune (the expert prunes alike)

    def _playout(self, w: Game, player: int, rng: random.Random, horizon) -> float:
        s = w.state
        turns = 0
        last = (s.round, s.lap, s.active)
        start_round = s.round
        steps = 0
        noise = self.noise
        weights = self.weights.of(s.mode)
        while not s.game_over and steps < self.max_playout:
            cur = (s.round, s.lap, s.active)
            if cur != last:
                turns += 1
                last = cur
                if horizon is None:
                    if s.round != start_round:
                        break
                elif turns > horizon:
                    break
            w.apply(playout_move(w, rng, noise, weights), trusted=True)
            steps += 1
        return evaluate(w, player, weights=weights)


_paired = paired             # sampling.paired


def _fix_bag_order(world: Game, rng: random.Random) -> None:
    """Draw the imagined bag's order now (token and side), so every candidate of an iteration
    meets the same Menace Draft whatever else its moves draw from the generator."""
    s = world.state
    r = world.rules
    if not s.bag:
        return
    bag = list(s.bag)
    rng.shuffle(bag)
    order = []
    for tok in bag:                       # Game.draw_token reads bag_order as (token, side) pairs
        sides = r.tokens[tok][1]
        order.append((tok, rng.choice(sides) if sides else None))
    s.bag_order = order


def candidates(acts, scores, width: int) -> list[int]:
    """Indices of the best `width` distinct moves (payment variants folded into their best
    payment), best first. Ending the phase stays in view: it is the usual alternative to a weak
    move. Shared by the search bot, the expert and the clairvoyant planner."""
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

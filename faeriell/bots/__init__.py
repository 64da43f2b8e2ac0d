"""Bots for Faeriell: opponents, partners and hints.

    from faeriell.bots import make_bot, hint
    bot = make_bot("normal", seed=7)
    action = bot.choose(game, game.acting)           # always one of game.legal_actions()
    action, reason = bot.decide(game, game.acting)   # with a one-line reason
    action, reason = hint(game, budget=1.0)          # advice for whoever acts now

Levels: `random` (uniform legal moves), `easy` (the heuristic with noise and the odd blunder),
`normal` (search, 0.3 s a decision), `hard` (search, 1.0 s). `heuristic` (greedy, no noise) and
`search` (search with `budget`) are also accepted. `expert` (expert.py) plans to the end of the next
round on imagined worlds, 1.0 s a decision; it gives the hints.

Bots read only `player_view(game, player)`; what they cannot see they imagine (observe.py).
"""
from __future__ import annotations

from .base import BaseBot, Bot, HeuristicBot, RandomBot
from .expert import ExpertBot
from .helpers import default_helpers
from .leaves import LEAVES
from . import learned_leaf as _learned
from .search import SearchBot
from .weights import WeightBook
from . import plan as plans

# The leaves by name: the package adds the learned win chance here, in the open, because it reads
# its features from expert.py, which imports leaves.py (learned_leaf.py's docstring).
LEAVES["learned"] = _learned.learned_leaf

LEVELS = ("random", "easy", "normal", "hard", "expert")
ALL_LEVELS = LEVELS + ("heuristic", "search")

# Search budget in seconds per decision, by level.
BUDGETS = {"normal": 0.3, "hard": 1.0, "expert": 1.0}

# Hints: the expert's seconds at the table, and when the player asks it to think harder.
HINT_BUDGET = 0.8
THINK_HARDER_BUDGET = 4.0
# The expert seat's and the hint's helper processes at the table: a second core searches more
# worlds in the same second (helpers.py; the solo figures of docs/balance.md were measured so).
TABLE_HELPERS = default_helpers()
# The leaf evaluator the expert seat and the hint value positions by: by the game's mode
# (expert.EXPERT_LEAVES: the learned win chance in solo, the race value elsewhere).
EXPERT_LEAF = "by mode"


def make_bot(level: str, seed=0, budget: float | None = None, weights: WeightBook | None = None,
             helpers: int = 0) -> BaseBot:
    """A bot of this level. `budget` overrides the search levels' seconds per decision; `weights`
    (a WeightBook) replaces the shipped heuristic weights (data/bots/weights.yaml; the tuner's trials);
    `helpers`: the expert's helper processes (helpers.py; the table gives it TABLE_HELPERS)."""
    level = (level or "").strip().lower()
    if level == "random":
        return RandomBot(seed, weights)
    if level == "easy":
        return HeuristicBot(seed, noise=2.5, blunder=0.05, weights=weights)
    if level == "heuristic":
        return HeuristicBot(seed, weights=weights)
    if level in ("normal", "hard"):
        return SearchBot(seed, budget=BUDGETS[level] if budget is None else budget, weights=weights)
    if level == "expert":
        return ExpertBot(seed, budget=BUDGETS[level] if budget is None else budget, weights=weights,
                         leaf=EXPERT_LEAF, helpers=helpers)
    if level == "search":
        return SearchBot(seed, budget=1.0 if budget is None else budget, weights=weights)
    raise ValueError(f"unknown bot level {level!r} (known: {', '.join(ALL_LEVELS)})")


def hint(game, budget: float = 1.0, seed=0, think_harder: bool = False, iterations: int | None = None,
         leaf=None, helpers: int = 0, clock: str = "wall"):
    """(action, reason) the expert would play for whoever must act now, within about `budget` s.

    `think_harder` gives it THINK_HARDER_BUDGET seconds instead; `iterations` fixes its work (tests);
    `leaf` its leaf evaluator (default EXPERT_LEAF; a leaves.LEAVES name or a factory); `helpers`
    its helper processes (helpers.py); `clock` what the budget counts ("wall" at the table, "cpu" in
    benchmarks on a loaded machine: lookahead.CLOCKS)."""
    player = game.acting
    if player is None:
        raise ValueError("the game is over: nothing to hint")
    secs = THINK_HARDER_BUDGET if think_harder else budget
    # Leave room for reading the view and writing the reason (a tenth, at least 50 ms).
    bot = ExpertBot(seed, budget=max(0.0, min(secs * 0.8, secs - 0.05)), iterations=iterations,
                    leaf=EXPERT_LEAF if leaf is None else leaf, helpers=helpers, clock=clock)
    return bot.decide(game, player)


def plan_hint(game, plan=None, budget: float = 1.0, think_harder: bool = False, helpers: int = 0,
              iterations: int | None = None, clock: str = "wall"):
    """(action, reason, plan): `hint` that keeps to a plan through the turn (plan.py). `plan` is
    the one this returned last (the hint's own state, never the game's); its next step is hinted
    while the engine still allows it, else the expert is asked again and the reason says what
    changed. Thinking longer asks the expert afresh."""

    def ask(g):
        if iterations is not None:
            return hint(g, budget, think_harder=think_harder, iterations=iterations, helpers=helpers,
                        clock=clock)
        return hint(g, budget, think_harder=think_harder, helpers=helpers, clock=clock)
    return plans.follow(game, None if think_harder else plan, ask)


def explain(game, action) -> str:
    """Why `action` is worth playing for whoever acts now, in plain words."""
    return HeuristicBot(0).explain(game, action)


__all__ = ["Bot", "BaseBot", "RandomBot", "HeuristicBot", "SearchBot", "ExpertBot", "make_bot", "hint", "plan_hint", "explain",
           "LEVELS", "ALL_LEVELS", "BUDGETS", "HINT_BUDGET", "THINK_HARDER_BUDGET", "EXPERT_LEAF", "TABLE_HELPERS"]

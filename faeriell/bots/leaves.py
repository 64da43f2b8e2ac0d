"""Leaf evaluators: what a playout's last position is worth to a seat (lookahead.Spec.leaf).

* `position_leaf` - evaluate.py's value of a position (Achievements held and within reach, cards,
  Quests, minus what Doom costs): SearchBot's leaf.
* `race_leaf` - `race_value`: that value plus, in solo and Full Coop, the race that decides them
  (Achievements still needed against the rounds Doom leaves: Automatic Doom, R34, moves 1, 2 then
  3 spaces a round). A finished game is a win or a loss; a lost one still counts the team's
  Achievements, so a losing line that came closer is preferred. The expert's leaf, and the
  review's yardstick.
The clairvoyant planner values its whole-game plans by clairvoyant.outcome_value (any win above
any loss, then closeness to the target).

Each factory binds the heuristic's weights (a Weights; None: the mode's shipped ones) and
returns an `Evaluator` (w, player) -> float. `LEAVES` names them for settings (`leaf="race"`).
"""
from __future__ import annotations

from math import tanh

from faeriell.engine.endgame import coop_target

from .evaluate import WIN, evaluate
from .knowledge import RACE_INCOME, Ctx
from .lookahead import Evaluator, Horizon, HeuristicPolicy, Spec
from .weights import Weights

# Race weights, set by hand.
RACE = 30.0           # card units of the race term (race_slack, in [-1, 1])
CLAIM = 1.0           # a claim's slot payment
CORRUPT = 0.6         # a Corruption Essence pays for Tribe Actions only
SCALE = 8.0           # cards of slack that make the race look safe
LOSS_ACH = 12.0       # a lost solo/coop game still counts each Achievement held this much


def team_count(g, player: int) -> tuple[int, int]:
    """(Achievements the side holds, Achievements it needs to win) in solo/coop."""
    s = g.state
    if s.mode == "solo":
        return len(s.tribes[player].achievements), int(g.rules.modes["solo"]["achievements"])
    row = coop_target(g)
    distinct = sum(1 for holders in s.achievements.values() if holders)
    tokens = sum(len(t.achievements) for t in s.tribes)
    # Progress on whichever way is closer: distinct Achievements or tokens placed.
    need_a = int(row["achievements"]) - distinct
    need_t = int(row["tokens"]) - tokens
    if need_a <= need_t:
        return distinct, int(row["achievements"])
    return tokens, int(row["tokens"])


def rounds_left(doom: int, rules) -> float:
    """Rounds before Automatic Doom alone (R34) reaches the end, plus a Menace step every round."""
    d, n = doom, 0.0
    while d < rules.doom_max and n < 15:
        d += rules.draft_count(int(d)) + 0.7
        n += 1
    return n


def race_value(g, player: int, ctx: Ctx | None = None, weights=None) -> float:
    """The leaf value for `player`, in card units (see the module's docstring)."""
    s = g.state
    coop = s.mode in ("coop", "solo")
    if s.game_over:
        if player in s.winners:
            if s.mode == "competitive" and len(s.winners) > 1:
                return WIN * 0.5
            return WIN + (g.rules.doom_max - s.doom)
        if coop:
            have, need = team_count(g, player)
            return -WIN + LOSS_ACH * have * 6.0 / need
        return -WIN
    ctx = ctx or Ctx(g, player, weights)
    v = evaluate(g, player, ctx)
    if coop:
        v += RACE * race_slack(g, player, ctx)
    return v


def race_slack(g, player: int, ctx: Ctx) -> float:
    """Solo/coop: squashed (cards in hand + income over the rounds Doom leaves) minus what the
    cheapest Achievements still needed cost (knowledge.remaining_cost), in [-1, 1]."""
    s = g.state
    have, need = team_count(g, player)
    short = need - have
    if short <= 0:
        return 1.0
    left = rounds_left(s.doom, g.rules)
    tribes = [player] if s.mode == "solo" else range(s.players)
    held = {a for j in tribes for a in s.tribes[j].achievements}
    ctxs = {j: ctx if j == player else Ctx(g, j, ctx.w) for j in tribes}
    costs = []
    for aid in g.rules.conditions:
        if aid in held:
            continue
        best = min(ctxs[j].remaining_cost(aid, j=j) for j in tribes)
        costs.append(min(best, 30.0) + CLAIM)
    costs.sort()
    need_cost = sum(costs[:short])
    cards = sum(CORRUPT if c.colour == "corruption" else 1.0 for j in tribes for c in s.tribes[j].essences)
    slack = cards + RACE_INCOME * len(list(tribes)) * left - need_cost
    return tanh(slack / SCALE)


def position_leaf(weights: Weights | None = None) -> Evaluator:
    """evaluate.py's position value (SearchBot's leaf)."""
    def leaf(w, player: int) -> float:
        return evaluate(w, player, weights=weights)
    return leaf


def race_leaf(weights: Weights | None = None) -> Evaluator:
    """`race_value` (the expert's leaf and the review's yardstick)."""
    def leaf(w, player: int) -> float:
        return race_value(w, player, weights=weights)
    return leaf


# Every leaf by name. The learned one (learned_leaf.py) reads its features from expert.py, which
# imports this module, so the bots package adds it explicitly (faeriell/bots/__init__.py).
LEAVES = {"race": race_leaf, "position": position_leaf}


def make_leaf(leaf, weights: Weights | None = None) -> Evaluator:
    """The evaluator `leaf` names: a LEAVES name, or a factory weights -> Evaluator."""
    if isinstance(leaf, str):
        try:
            return LEAVES[leaf](weights)
        except KeyError:
            raise ValueError(f"unknown leaf evaluator {leaf!r} (known: {', '.join(LEAVES)})") from None
    return leaf(weights)


def review_spec(leaf="race", max_steps: int = 400, weights: Weights | None = None) -> Spec:
    """The review's measure of a move (faeriell/review/moments.py, practice drills): played on a
    copy of the real game (the review knows the draws), every seat the heuristic without noise
    to the end of the decision's round, valued by `leaf` (race_value by default). Use it as
    `lookahead.played_out(game, action, player, review_spec())` -> (value, end position)."""
    return Spec(policy=HeuristicPolicy(0.0, weights), leaf=make_leaf(leaf, weights),
                horizon=Horizon(rounds=0, max_steps=max_steps, from_decision=True))


def expert_spec(weights: Weights | None, leaf, noise: float, rounds: int, max_playout: int, prune_at: tuple,
                z: float, to_end: bool = False) -> Spec:
    """The expert's search (ExpertBot.spec, and its helper processes, helpers.py): the heuristic
    without the saving-up wish, blurred by `noise`, to the end of the round and `rounds` more (or
    the game's end: `to_end`), valued by `leaf`, pruned after `prune_at` worlds; its clock may stop
    inside the first world."""
    return Spec(policy=HeuristicPolicy(noise, weights, saving=False), leaf=make_leaf(leaf, weights),
                horizon=Horizon(rounds=None if to_end else rounds, max_steps=max_playout),
                prune_at=tuple(prune_at), z=z, pick="leader", whole_first_world=False, stop_at_deadline=False)


def end_summary(w, player: int) -> tuple:
    """Where a playout stopped, for the words of a move's outlook: (Achievements of the player,
    or distinct ones of the team in Full Coop; Doom; won; over; round)."""
    s = w.state
    if s.mode == "coop":
        have = sum(1 for holders in s.achievements.values() if holders)
    else:
        have = len(s.tribes[player].achievements)
    return (have, s.doom, bool(s.game_over and player in s.winners), bool(s.game_over), s.round)

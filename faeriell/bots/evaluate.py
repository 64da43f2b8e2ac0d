"""How good a position is for one player, in card units (the search's leaf value).

* A finished game: a win is worth `WIN`, a shared win less, a loss `-WIN`.
* Otherwise each tribe gets `tribe_value` (Achievements held, progress towards the others,
  Essences in hand, Quests) and the player's value is
    - competitive: its own value minus the best rival's, minus what Doom risks;
    - coop: the team's mean value plus the team's distinct Achievements, minus Doom;
    - solo: its value minus Doom.

The heuristic (heuristic.py) scores moves with the same pieces, so a playout that follows the
heuristic and this evaluation agree on what progress is.
"""
from __future__ import annotations

from faeriell.engine.actions import card_color

from .knowledge import CORRUPT_CARD, INF, Ctx

WIN = 200.0


def terminal_value(g, player: int) -> float:
    s = g.state
    if player in s.winners:
        if s.mode == "competitive" and len(s.winners) > 1:
            return WIN * 0.5
        return WIN
    return -WIN


def tribe_value(ctx: Ctx, j: int) -> float:
    s = ctx.s
    t = s.tribes[j]
    row = ctx.rows[j]
    held = set(t.achievements)
    v = 0.0
    for aid, cond in ctx.r.conditions.items():
        if aid in held:
            v += ctx.w.ach
            continue
        if ctx.w.model == "cost":
            cost = ctx.remaining_cost(aid, None, j)
            if cost < INF:
                v += max(0.0, ctx.w.ach - 0.9 * cost) * ctx.time_factor(cost) * 0.9
            continue
        if cond["kind"] != "most":
            continue
        v += ctx.ach_value(aid, row[aid], j) * 0.9
    cards = 0.0
    for c in t.essences:
        cards += CORRUPT_CARD if card_color(c) == "corruption" else 0.85
    v += min(cards, 8.0) + 0.4 * max(0.0, cards - 8.0)
    v += 0.3 * sum(len(h.quests) for h in t.heroes.values())
    # Engine: more Regions harvest more; more Heroes act more.
    v += (0.35 * len(t.settlements) + 0.6 * len(t.heroes)) * min(1.0, ctx.rounds_left / 3.0)
    if not ctx.coop and t.corruption >= ctx.r.sower_at - 1 and not t.sower:
        v -= 2.0
    return v


def doom_penalty(ctx: Ctx) -> float:
    """Sum of the per-step Doom costs from 0 to the current Doom (convex in Doom)."""
    return sum(ctx.doom_cost(d) for d in range(ctx.s.doom))


def evaluate(g, player: int, ctx: Ctx | None = None, weights=None) -> float:
    """The position's worth for `player` in card units; `weights` (a Weights) when no `ctx` is
    given (default: the mode's, from data/bots/weights.yaml)."""
    s = g.state
    if s.game_over:
        return terminal_value(g, player)
    ctx = ctx or Ctx(g, player, weights)
    mine = tribe_value(ctx, player)
    if s.mode == "competitive":
        others = [tribe_value(ctx, j) for j in range(s.players) if j != player]
        rel = mine - (max(others) if others else 0.0)
        if ctx.sower_me:
            return rel * 0.3 + 6.0 * s.doom
        if ctx.aspiring:
            # On the road to the Sower: Corruption is progress and Doom is half a friend.
            return rel + 3.0 * s.tribes[player].corruption - 0.15 * doom_penalty(ctx)
        return rel - 0.5 * doom_penalty(ctx)
    if s.mode == "coop":
        vals = [tribe_value(ctx, j) for j in range(s.players)]
        distinct = sum(1 for holders in s.achievements.values() if holders)
        return sum(vals) / len(vals) + 0.6 * ctx.w.ach * distinct / max(1, s.players) - doom_penalty(ctx)
    return mine - doom_penalty(ctx)

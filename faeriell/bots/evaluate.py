"""How good a position is for one player, in card units (the search's position leaf), as a
weighted sum of named features (their meanings: heuristic_meanings.py; their weights: the
`features:` table of data/bots/weights.yaml, like the heuristic's).

* A finished game: a win is worth `WIN`, a shared win less, a loss `-WIN`.
* Otherwise each tribe gets `tribe_value` (Achievements held, progress towards the others,
  Essences in hand, Quests, Settlements and Heroes) and the player's value is
    - competitive: its own value minus the best rival's, minus what Doom risks;
    - coop: the team's mean value plus the team's distinct Achievements, minus Doom;
    - solo: its value minus Doom.

    terms = position_terms(ctx, player)     # (("lead", 3.2), ("doom_race", 4.1), ...)
    evaluate(g, player) == total(W, terms)  # the same float

The heuristic (heuristic.py) scores moves with the same pieces (knowledge.Ctx), so a playout that
follows the heuristic and this evaluation agree on what progress is.
"""
from __future__ import annotations


from .heuristic_features import Terms, total
from .knowledge import CORRUPT_CARD, INF, Ctx

WIN = 200.0


def terminal_value(g, player: int) -> float:
    s = g.state
    if player in s.winners:
        if s.mode == "competitive" and len(s.winners) > 1:
            return WIN * 0.5
        return WIN
    return -WIN


def tribe_terms(ctx: Ctx, j: int) -> Terms:
    """Tribe j's features: each Achievement held or on the way, its Essences in hand (the ninth card
    on worth less: a hand that large is spent late), its Quests, its Settlements and Heroes (more
    Regions harvest more, more Heroes act more) while rounds are left, and a competitive tribe one
    Corruption short of rising as the Sower (R38)."""
    s = ctx.s
    t = s.tribes[j]
    row = ctx.rows[j]
    held = set(t.achievements)
    out = []
    for aid, cond in ctx.r.conditions.items():
        if aid in held:
            out.append(("achievement_held", ctx.w.ach))
            continue
        if ctx.w.model == "cost":
            cost = ctx.remaining_cost(aid, None, j)
            if cost < INF:
                out.append(("achievement_within_reach", max(0.0, ctx.w.ach - 0.9 * cost) * ctx.time_factor(cost) * 0.9))
            continue
        if cond["kind"] != "most":
            continue
        out.append(("achievement_on_the_way", ctx.ach_value(aid, row[aid], j)))
    cards = 0.0
    for c in t.essences:
        cards += CORRUPT_CARD if c.colour == "corruption" else 0.85
    out.append(("essences_in_hand", min(cards, 8.0) + 0.4 * max(0.0, cards - 8.0)))
    out.append(("quests_held", sum(len(h.quests) for h in t.heroes.values())))
    out.append(("settlements_and_heroes", (0.35 * len(t.settlements) + 0.6 * len(t.heroes))
                * min(1.0, ctx.rounds_left / 3.0)))
    if not ctx.coop and t.corruption >= ctx.r.sower_at - 1 and not t.sower:
        out.append(("sower_threat", 1.0))
    return tuple(out)


def tribe_value(ctx: Ctx, j: int) -> float:
    return total(ctx.w.feature_weights, tribe_terms(ctx, j))


def doom_penalty(ctx: Ctx) -> float:
    """Sum of the per-step Doom costs from 0 to the current Doom (convex in Doom)."""
    return sum(ctx.doom_cost(d) for d in range(ctx.s.doom))


def position_terms(ctx: Ctx, player: int) -> Terms:
    """The position's features for `player` (the game not over): the lead over the best rival, the
    team's mean and its distinct Achievements, or the tribe's own value, and Doom's weight; a
    competitive tribe that is the Sower, or on the road to it, counts Doom and Corruption for it."""
    s = ctx.s
    mine = tribe_value(ctx, player)
    if s.mode == "competitive":
        others = [tribe_value(ctx, j) for j in range(s.players) if j != player]
        rel = mine - (max(others) if others else 0.0)
        if ctx.sower_me:
            return (("lead_as_sower", rel), ("doom_for_the_sower", s.doom))
        if ctx.aspiring:
            # On the road to the Sower: Corruption is progress and Doom is half a friend.
            return (("lead", rel), ("corruption_on_the_road", s.tribes[player].corruption),
                    ("doom_on_the_road", doom_penalty(ctx)))
        return (("lead", rel), ("doom_race", doom_penalty(ctx)))
    if s.mode == "coop":
        vals = [tribe_value(ctx, j) for j in range(s.players)]
        distinct = sum(1 for holders in s.achievements.values() if holders)
        return (("team_value", sum(vals) / len(vals)),
                ("team_achievements", 0.6 * ctx.w.ach * distinct / max(1, s.players)),
                ("doom_clock", doom_penalty(ctx)))
    return (("own_value", mine), ("doom_clock", doom_penalty(ctx)))


def evaluate(g, player: int, ctx: Ctx | None = None, weights=None) -> float:
    """The position's worth for `player` in card units; `weights` (a Weights) when no `ctx` is
    given (default: the mode's, from data/bots/weights.yaml)."""
    if g.state.game_over:
        return terminal_value(g, player)
    ctx = ctx or Ctx(g, player, weights)
    return total(ctx.w.feature_weights, position_terms(ctx, player))

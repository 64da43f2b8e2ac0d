"""Previews before a move is made: what a Harvest stop would give each tribe, how each tribe
stands toward each Achievement, what a Menace Draft will draw. Pure: the state is only read.

    harvest_preview(game, steps)   # {"space", "index", "frozen", "tribes": [{"player", "regions", "bonus"}]}
    achievement_progress(game)     # [{"id", "kind", "measure", "min", "values", "leaders", "holders"}]
    draft_preview(game)            # {"draws", "bag": {kind: count}, "stops_at_event"}
    goal_progress(game)            # how near the win is: solo 6 Achievements, the coop target, Doom's pace
    round_summary(game, round)     # what a round did: Doom by cause, Achievements claimed or lost

The Harvest preview follows the Harvest's own steps (event_phase.hv_perform and its tasks): it
reads the same helpers (area_regions, region_gives, terrain_harvesters, herb_bonus, is_frozen),
so the table shows what the rules will do; event_phase.harvest_yield counts the same per tribe
for the bots.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from .achievements import tribe_measures
from .endgame import coop_target
from .event_phase import (_stops_draft, area_regions, herb_bonus, is_frozen, region_gives, terrain_harvesters,
                          terrain_regions)

if TYPE_CHECKING:
    from .core import Game
    from .state import HistoryEntry
    from .words import Terrain


def harvest_preview(g: Game, steps: int) -> dict[str, Any]:
    """What moving the Harvest token `steps` spaces would give (R10, R11, R31)."""
    s = g.state
    r = g.rules
    i = s.active
    idx = (s.harvest + int(steps)) % len(r.wheel)
    space = r.wheel[idx]
    out: dict[str, Any] = {"space": space, "index": idx, "area": space in r.guardians, "frozen": False, "tribes": []}
    if is_frozen(g, idx):
        out["frozen"] = True                      # Winter's Grasp: no Harvest here
        return out
    if space in r.guardians:
        for p in g.order_from(i):
            rows = [_region_row(g, p, reg) for reg in area_regions(g, p, space)]
            if rows:
                out["tribes"].append({"player": p, "regions": rows, "bonus": [], "one_of": False})
        return out
    players = terrain_harvesters(g)
    for p in g.order_from(i):
        rows = []
        if p in players:
            colour = r.terrain_color[cast("Terrain", space)]     # a wheel space not an Area is a Terrain
            for reg in terrain_regions(g, p, space):
                status = g.region_status(reg)
                rows.append({"region": reg, "status": status, "gives": [] if status else [colour], "choice": False})
        bonus = herb_bonus(g, p, space)
        if rows or bonus or p in players:
            out["tribes"].append({"player": p, "regions": rows, "bonus": bonus, "one_of": True,
                                  "harvests": p in players})
    return out


def _region_row(g: Game, p: int, reg: str) -> dict[str, Any]:
    status = g.region_status(reg)
    if status:
        return {"region": reg, "status": status, "gives": [], "choice": False}
    gives, one_of = region_gives(g, p, reg)
    return {"region": reg, "status": None, "gives": gives, "choice": one_of}     # one_of: one of the two


def achievement_progress(g: Game) -> list[dict[str, Any]]:
    """Each Achievement: its kind and minimum, every tribe's measure, who leads, who holds it
    (the measures the Achievement check itself reads, R32, R35)."""
    s = g.state
    r = g.rules
    rows = [tribe_measures(g, k) for k in range(len(s.tribes))]
    out: list[dict[str, Any]] = []
    for aid, cond in r.conditions.items():
        kind = cond["kind"]
        vals = [int(row.get(aid, 0)) for row in rows]
        lo = int(cond.get("min", 1))
        best = max(vals) if vals else 0
        leaders = [k for k, v in enumerate(vals) if v == best and v > 0] if kind == "most" else \
            [k for k, v in enumerate(vals) if v > 0]
        out.append({"id": aid, "kind": kind, "measure": cond["measure"], "min": lo if kind == "most" else 1,
                    "values": vals,
                    "leaders": leaders, "holders": list(s.achievements.get(aid, []))})
    return out


def draft_preview(g: Game) -> dict[str, Any]:
    """How many tokens the next Menace Draft draws at this Doom (R7), and what the bag holds by
    kind (everything not on the table is in it, so every player may know it; the order is secret)."""
    s = g.state
    kinds = Counter(g.rules.token_kind(t) for t in s.bag)
    return {"draws": g.rules.draft_count(s.doom), "bag": dict(sorted(kinds.items())),
            "stops_at_event": _stops_draft(g)}


def _round_of(entry: HistoryEntry) -> int | None:
    turn = entry.get("turn")
    return turn[1] if turn and turn[0] == "play" else None


def round_summary(g: Game, rnd: int) -> dict[str, Any]:
    """What round `rnd` did, from the engine's own notes in the history (Game.note): Doom moved
    by cause, Achievements claimed and lost (by tribe), and Doom at the round's end as it stands.
        {"round", "doom_by_cause": {cause: steps}, "doom_total", "claimed": [(tribe, id)],
         "lost": [(tribe, id)], "doom": Doom now}"""
    by_cause: dict[str, int] = {}
    claimed: list[tuple[int, str]] = []
    lost: list[tuple[int, str]] = []
    for h in g.history:
        if _round_of(h) != rnd:
            continue
        for ev in h.get("events", ()):
            if ev[0] == "doom":
                by_cause[ev[2]] = by_cause.get(ev[2], 0) + ev[1]
            elif ev[0] == "claim":
                claimed.append((ev[1], ev[2]))
            elif ev[0] == "lose":
                lost.append((ev[1], ev[2]))
    return {"round": rnd, "doom_by_cause": by_cause, "doom_total": sum(by_cause.values()),
            "claimed": claimed, "lost": lost, "doom": g.state.doom}


def _automatic_doom(g: Game) -> int:
    """What the Automatic Doom at this round's end adds at today's Doom (R34; 0 when none)."""
    return g.rules.draft_count(g.state.doom) if (
        g.coop_like() and g.rules.modes["coop_solo"].get("automatic_doom", True)) else 0


def _extra_doom(g: Game) -> float:
    """What moved Doom besides the Automatic Doom, on average over the rounds played (Menaces,
    Havoc, unpaid claims, Corruption; a Cleanse counts against it), from the history's notes."""
    done = g.state.round - 1
    if done <= 0:
        return 0.0
    moved = 0
    for h in g.history:
        r = _round_of(h)
        if r is not None and r <= done:
            moved += sum(ev[1] for ev in h.get("events", ()) if ev[0] == "doom" and ev[2] != "Automatic Doom")
    return max(0.0, moved / done)


def _doom_forecast(g: Game) -> tuple[int, int | None]:
    """(Doom steps in this round at the current pace, rounds until Doom's end at that pace).
    Each round adds its Automatic Doom at the Doom it has reached (R34: it grows as Doom climbs)
    plus what else moved Doom a round so far; None when nothing moves Doom."""
    s = g.state
    r = g.rules
    auto_on = g.coop_like() and r.modes["coop_solo"].get("automatic_doom", True)
    extra = _extra_doom(g)
    first = (r.draft_count(s.doom) if auto_on else 0) + extra
    if first <= 0:
        return 0, None
    d, n = float(s.doom), 0
    while d < r.doom_max and n < 99:
        d += (r.draft_count(int(d)) if auto_on else 0) + extra
        n += 1
    return max(1, round(first)), max(1, n)


def goal_progress(g: Game) -> dict[str, Any]:
    """How near the end is, in the engine's own counts (endgame.end_of_turn_checks, R34, R35).
        {"mode", "held", "need"            # solo: your Achievements of 6; coop: the nearer count
         "achievements", "need_achievements", "tokens", "need_tokens"   # coop: both counts
         "doom", "doom_max", "automatic", "pace", "rounds_left",
         "setup"}                            # True while set-up runs: the game has not begun
    `automatic`: the Automatic Doom of this round's end; `pace`: Doom steps this round, that plus
    what else moved Doom a round so far; `rounds_left`: rounds until Doom's end at that pace, the
    Automatic Doom growing as Doom climbs (None: nothing moves Doom).
    Competitive play has no shared goal: "need" is the Achievements that end the round (R42)."""
    s = g.state
    r = g.rules
    out: dict[str, Any] = {"mode": s.mode, "doom": s.doom, "doom_max": r.doom_max, "setup": s.stage == "setup"}
    if s.mode == "solo":
        out.update(held=len(s.tribes[0].achievements), need=int(r.modes["solo"]["achievements"]))
    elif s.mode == "coop":
        win = coop_target(g)
        claimed = sum(1 for holders in s.achievements.values() if holders)
        placed = sum(len(t.achievements) for t in s.tribes)
        need_a, need_t = int(win["achievements"]), int(win["tokens"])
        out.update(achievements=claimed, need_achievements=need_a, tokens=placed, need_tokens=need_t)
        if need_t - placed < need_a - claimed:
            out.update(held=placed, need=need_t, counts="tokens")
        else:
            out.update(held=claimed, need=need_a, counts="achievements")
    else:
        i = s.active
        out.update(held=max((len(t.achievements) for t in s.tribes), default=0),
                   need=r.end_round_at, player=i)
    pace, left = _doom_forecast(g)
    out["automatic"] = _automatic_doom(g)
    out["pace"] = pace
    out["rounds_left"] = left
    return out

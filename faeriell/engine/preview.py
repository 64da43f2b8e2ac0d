"""Previews before a move is made: what a Harvest stop would give each tribe, how each tribe
stands toward each Achievement, what a Menace Draft will draw. Pure: the state is only read.

    harvest_preview(game, steps)   # {"space", "index", "frozen", "tribes": [{"player", "regions", "bonus"}]}
    achievement_progress(game)     # [{"id", "kind", "min", "values", "leaders", "holders"}]
    draft_preview(game)            # {"draws", "bag": {kind: count}, "stops_at_event"}

The Harvest preview follows the Harvest's own steps (event_phase.hv_perform and its tasks): the
same Regions, the same statuses and colours, so the table shows what the rules will do.
"""
from __future__ import annotations

from collections import Counter

from .achievements import tribe_measures
from .event_phase import _stops_draft, region_colours, terrain_regions


def harvest_preview(g, steps: int) -> dict:
    """What moving the Harvest token `steps` spaces would give (R10, R11, R31)."""
    s = g.state
    r = g.rules
    i = s.active
    idx = (s.harvest + int(steps)) % len(r.wheel)
    space = r.wheel[idx]
    out = {"space": space, "index": idx, "area": space in r.guardians, "frozen": False, "tribes": []}
    if idx in s.winter_gems and space in r.guardians:
        out["frozen"] = True                      # Winter's Grasp: no Harvest here
        return out
    if space in r.guardians:
        for p in g.order_from(i):
            rows = [_region_row(g, p, reg) for reg in sorted(s.tribes[p].settlements) if r.region_area[reg] == space]
            if rows:
                out["tribes"].append({"player": p, "regions": rows, "bonus": [], "one_of": False})
        return out
    players = [i] if g.coop_like() else g.order_from(i)
    for p in g.order_from(i):
        rows = []
        if p in players:
            colour = r.terrain_color[space]
            for reg in terrain_regions(g, p, space):
                status = g.region_status(reg)
                rows.append({"region": reg, "status": status, "gives": [] if status else [colour], "choice": False})
        bonus = []
        for h in s.tribes[p].herbs:
            ab = r.herb_ability(h, "harvest_bonus")
            if ab and ab["terrain"] == space:
                bonus.append(r.terrain_color[space])
        if rows or bonus or p in players:
            out["tribes"].append({"player": p, "regions": rows, "bonus": bonus, "one_of": True,
                                  "harvests": p in players})
    return out


def _region_row(g, p, reg) -> dict:
    status = g.region_status(reg)
    if status:
        return {"region": reg, "status": status, "gives": [], "choice": False}
    cols = region_colours(g, reg)
    if len(cols) == 2 and reg in g.state.tribes[p].beacons:
        return {"region": reg, "status": None, "gives": cols, "choice": False}
    if len(cols) == 2 and cols[0] != cols[1]:
        return {"region": reg, "status": None, "gives": cols, "choice": True}     # one of the two
    return {"region": reg, "status": None, "gives": [cols[0]], "choice": False}


def achievement_progress(g) -> list[dict]:
    """Each Achievement: its kind and minimum, every tribe's measure, who leads, who holds it
    (the measures the Achievement check itself reads, R32, R35)."""
    s = g.state
    r = g.rules
    rows = [tribe_measures(g, k) for k in range(len(s.tribes))]
    out = []
    for aid, cond in r.conditions.items():
        kind = cond["kind"]
        vals = [int(row.get(aid, 0)) for row in rows]
        lo = int(cond.get("min", 1))
        best = max(vals) if vals else 0
        leaders = [k for k, v in enumerate(vals) if v == best and v > 0] if kind == "most" else \
            [k for k, v in enumerate(vals) if v > 0]
        out.append({"id": aid, "kind": kind, "min": lo if kind == "most" else 1, "values": vals,
                    "leaders": leaders, "holders": list(s.achievements.get(aid, []))})
    return out


def draft_preview(g) -> dict:
    """How many tokens the next Menace Draft draws at this Doom (R7), and what the bag holds by
    kind (everything not on the table is in it, so every player may know it; the order is secret)."""
    s = g.state
    kinds = Counter(g.rules.token_kind(t) for t in s.bag)
    return {"draws": g.rules.draft_count(s.doom), "bag": dict(sorted(kinds.items())),
            "stops_at_event": _stops_draft(g)}

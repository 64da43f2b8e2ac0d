"""The heuristic: a readable score, in card units, for every legal action, with a reason in words.

    scores = score_actions(world, player, actions)      # [(score, reason), ...]

Greedy play takes the best score; `end_phase` scores 0, so a phase ends when nothing useful is
left. The scores follow a few plain ideas:

* Achievements are what wins: progress towards a threshold is worth a share of `ACH`, reaching it
  the whole of it (and, in competitive play, pushing a rival off it is worth more).
* Essences are money: a payment costs the cards it gives up (Corruption Essences are cheaper).
* Doom is a cost that grows as the track fills (in coop and solo it is the clock that kills);
  for a Corruption Sower it is a gain.
* Heroes are valued by their best plan this phase: a Menace of their colour or a Quest they can
  reach with the gems left, discounted by the moves it needs.

`world` is a Game the player may read entirely: a determinized view (observe.py) or a playout.
"""
from __future__ import annotations

from math import ceil

from faeriell.engine.action_schema import TRIBE_ACTIONS, seat, swap_pairs
from faeriell.engine import registry
from faeriell.engine.actions import Action, card_back, card_color
from faeriell.engine.hero_phase import move_range, quest_colours, solvable_colours
from faeriell.engine.rules import COLORS

from .knowledge import KNOCK, Ctx, track_aid
from faeriell.engine.names import title

END_PHASE_REASON = "nothing useful is left in this phase"
SAVING = True        # keep cards of one colour for an almost affordable Settlement or level


# ============================================================================== entry point
def score_actions(g, i: int, actions: list, ctx: Ctx | None = None) -> list[tuple[float, str]]:
    """(score, reason) for each action, in order. Actions must be legal for player i now."""
    ctx = ctx or Ctx(g, i)
    h = _Scorer(ctx)
    return [h.score(a) for a in actions]


def playout_move(w, rng=None, noise: float = 0.0, weights=None):
    """The move a playout makes for whoever acts: the only one, else the heuristic's favourite
    (its scores blurred by Gaussian `noise`, drawn from `rng`, when noise is asked for).
    `weights`: the Weights to think with (default: the game's mode's, from data/bots/weights.yaml)."""
    acts = w.legal_actions()
    if len(acts) == 1:
        return acts[0]
    i = w.acting
    sc = score_actions(w, i, acts, Ctx(w, i, weights))
    if noise:
        return acts[max(range(len(acts)), key=lambda q: sc[q][0] + rng.gauss(0.0, noise))]
    return acts[max(range(len(acts)), key=lambda q: sc[q][0])]


def best_action(g, i: int, actions: list, ctx: Ctx | None = None):
    sc = score_actions(g, i, actions, ctx)
    k = max(range(len(actions)), key=lambda j: sc[j][0])
    return actions[k], sc[k][0], sc[k][1]


# ============================================================================== the scorer
class _Scorer:
    def __init__(self, ctx: Ctx) -> None:
        self.c = ctx
        self.g = ctx.g
        self.s = ctx.s
        self.r = ctx.r
        self.T = ctx.T
        self._target_cache: dict = {}
        self._base: dict = {}
        self._harvest: dict = {}
        if SAVING and ctx.s.stage == "play" and ctx.saving is None and not ctx.sower_me:
            ctx.saving = self.wish() or ()

    # ------------------------------------------------------------------ saving up
    def wish(self):
        """The best same-colour purchase (a Settlement or a level) that is *almost* affordable:
        (colour, extra worth per card of that colour), so cheap buys do not eat its savings."""
        c = self.c
        t = c.t
        from faeriell.engine.tribe_phase import settlement_regions
        wild = c.pool.get("corruption", 0)
        best = None
        need_set = len(t.settlements)
        if need_set < self.r.settlements_per_tribe:
            regs = settlement_regions(self.g, c.i)
            if regs:
                val = max(self.s_build_settlement(Action("build_settlement", region=r))[0] for r in regs[:12])
                best = (val - need_set, need_set)
        for h, hero in t.heroes.items():
            if hero.level >= self.r.max_level:
                continue
            need = hero.level + 1 - self.T.own_level_discount.get(h, 0)
            ups = [p[0] for p in self.s.perk_piles if p]
            if not ups:
                continue
            val, _ = self.level_value(Action("level_up", hero=h, perk=ups[0]))
            if best is None or val - need > best[0]:
                best = (val - need, need)
        if best is None or best[0] <= 1.0:
            return None
        net, need = best
        col = max(COLORS, key=lambda x: (c.pool.get(x, 0), x in c.hero_colours()))
        have = c.pool.get(col, 0) + wild
        if have >= need or need - have > 2 or c.pool.get(col, 0) == 0:
            return None
        return (col, min(1.0, self.c.w.save_weight * net))

    # ------------------------------------------------------------------ dispatch
    def score(self, a: Action) -> tuple[float, str]:
        v, why = self._score(a)
        return float(v), why

    def _score(self, a: Action) -> tuple[float, str]:
        k = a.kind
        fn = getattr(self, "s_" + k, None)
        if fn is None:
            return (0.0, f"{k.replace('_', ' ')}")
        if a.has("pay") and k in _TRIBE_PAID:
            key = a.without("pay", "discounts")
            base = self._base.get(key)
            if base is None:
                self.c.claims = 0
                val, why = fn(a)
                base = self._base[key] = (val, why, self.c.claims)
            val, why, claims = base
            cost = self.c.pay_cost(a.get("pay"), a.get("discounts"))
            if claims:
                cost += self.c.claim_cost(a.get("pay"), claims)
            return (val - cost, f"{why} (pays {_cards(a.get('pay'))})")
        return fn(a)

    # ================================================================== turn
    def s_end_phase(self, a):
        if self.s.phase == "hero":
            return (0.0, "no Hero has a useful action left")
        if self.s.phase == "tribe":
            return (0.0, "nothing worth buying now; keeps the Essences")
        return (0.0, END_PHASE_REASON)

    def s_choose_phase(self, a):
        p = a["phase"]
        c = self.c
        if p == "event":
            hv, why = self.best_harvest()
            sol = self.beacon_solve_value()
            v = 2.0 + hv + sol
            txt = f"Event Phase now: the Harvest can bring {why}"
            if sol > 0:
                txt += " and a Beacon can solve a Menace"
            return (v, txt)
        if p == "hero":
            total, label = self.hero_phase_value()
            v = 0.5 + total
            return (v, f"Hero Phase now: {label}" if label else "Hero Phase now")
        # tribe
        best, why = self.best_tribe_purchase()
        v = best - 1.5
        if c.s.lap >= 3:
            v += 1.0
        return (v, f"Tribe Phase now: {why}" if why else "Tribe Phase now")

    # ================================================================== setup
    def s_place_settlement(self, a):
        reg = a["region"]
        c = self.c
        v = 1.0 * len(c.region_colours(reg))
        adj = self.r.board.region_adj[reg]
        if any(x in c.t.settlements for x in adj):
            v += 1.2
        st = c.status(reg)
        if st:
            v -= 0.8 if st == "threatened" else 1.5
        terr = self.r.region_terrain[reg]
        same = sum(1 for x in c.t.settlements if self.r.region_terrain[x] == terr)
        v += 0.4 * same
        free_adj = sum(1 for x in adj if c.owner_of(x) is None)
        v += 0.15 * free_adj
        k = self.same_area(reg)
        v += self.c.w.area_bonus * k
        return (v, f"settles {reg}: {' and '.join(c.region_colours(reg))} Essences"
                   + (", next to its own Region" if any(x in c.t.settlements for x in adj) else "")
                   + self.area_note(reg, k))

    def same_area(self, reg) -> int:
        """Own Settlements in reg's Area: a Harvest of that Area pays one card for each."""
        area = self.r.region_area[reg]
        return sum(1 for x in self.c.t.settlements if self.r.region_area[x] == area)

    def area_note(self, reg, k: int) -> str:
        """Said when the Area bonus counted: the k own Settlements already in reg's Area."""
        if not (self.c.w.area_bonus and k):
            return ""
        return f", Settlement {k + 1} in the {title(self.r.region_area[reg])}'s Area (its Harvest pays each)"

    def s_choose_hero(self, a):
        h = a["hero"]
        col = self.r.hero_color.get(h)
        c = self.c
        have = sum(1 for reg in c.t.settlements for x in c.region_colours(reg) if x == col)
        menaces = sum(1 for d in self.s.guardians.values()
                      if d.get("token") and self.r.token_kind(d["token"]) == col)
        return (0.5 * have + 0.3 * menaces + 0.01 * len(h),
                f"chooses the {h}: {col} Essences and Menaces suit its Regions")

    def s_place_hero(self, a):
        node = a["node"]
        h = a["hero"]
        col = self.r.hero_color.get(h)
        v = 0.0
        for reg in self.r.node_regions[node]:
            gd = self.g.guardian_at(reg)
            if gd and self.s.guardians[gd].get("token") and self.r.token_kind(self.s.guardians[gd]["token"]) == col:
                v += 2.0
            if self.c.owner_of(reg) is None:
                v += 0.3
        near = self.menace_proximity(node, col)
        return (v + near, f"places the {h} where Menaces of its colour are near")

    def s_starting_essence(self, a):
        col = a["color"]
        v = -self.c.pool.get(col, 0) + (0.3 if col in self.c.hero_colours() else 0)
        return (v, f"takes a {col} Essence")

    def s_free_level(self, a):
        val, why = self.level_value(a)
        return (val, why)

    # ================================================================== Tribe Phase
    def s_build_settlement(self, a):
        c = self.c
        reg = a["region"]
        gain, notes = c.terrain_delta((reg,))
        prod = self.c.w.settle_prod * c.rounds_left * (1.0 + 0.3 * (len(c.region_colours(reg)) - 1))
        st = c.status(reg)
        if st:
            prod *= 0.5
        gain += min(prod, 3.0) + 0.3
        k = self.same_area(reg)
        gain += self.c.w.area_bonus * k * min(1.0, c.rounds_left / 4.0)
        if reg.split("-")[0] in self.s.attunements_free:
            gain += 0.3
        return (gain, f"builds a Settlement in {reg}" + (f": {', '.join(notes)}" if notes else "")
                + self.area_note(reg, k))

    def s_move_settlement(self, a):
        c = self.c
        gain, notes = c.terrain_delta((a["to"],), (a["from"],))
        return (gain, f"moves a Settlement to {a['to']}" + (f": {', '.join(notes)}" if notes else ""))

    def s_build_beacon(self, a):
        c = self.c
        col, reg = a["color"], a["region"]
        aid = self.T.measure_aid.get("beacons")
        n = len(c.t.beacons) + 1
        gain = c.delta(aid, n) if aid else 0.0
        # Solving power: Menaces of its colour in reach.
        reach = set(self.r.board.areas[self.r.region_area[reg]])
        if self.s.totem["owner"] == c.i and self.s.totem["region"] == reg:
            reach = set(self.r.board.regions)
        now = [gd for gd, d in self.s.guardians.items()
               if d.get("token") and self.r.token_kind(d["token"]) == col and d["region"] in reach]
        if now and "event" not in c.t.phases_done:
            gain += 0.8 * self.solve_value(col, now[0])
        gain += self.c.w.beacon_run * min(c.rounds_left, 5)
        if len(c.region_colours(reg)) == 2:
            gain += min(2.0, 0.2 * c.rounds_left)
        totem_aid = "totem"
        if not c.t.beacons and self.s.totem["owner"] != c.i and totem_aid in self.r.conditions:
            gain += 1.0
        note = f"Beacons {n}/{c.target(aid)}" if aid else ""
        return (gain, f"builds a {col} Beacon in {reg}" + (f": {note}" if note else ""))

    def s_control_totem(self, a):
        c = self.c
        owner = self.s.totem["owner"]
        if owner == c.i:
            return (-1.0, "moves the Spiritual Totem")
        gain = self.c.w.ach
        if owner is not None and not c.coop:
            gain += self.c.w.ach * KNOCK
        elif owner is not None and c.coop:
            gain = 0.2 * self.c.w.ach
        gain += 0.6
        return (gain, "takes the Spiritual Totem and its Achievement"
                + (f" from player {owner + 1}" if owner is not None else ""))

    def s_gather_herb(self, a):
        c = self.c
        herb = a["herb"]
        aid = self.T.measure_aid.get("herbs")
        n = len(c.t.herbs) + 1
        gain = c.delta(aid, n) if aid else 0.0
        extra, what = self.herb_worth(herb)
        gain += extra
        return (gain, f"gathers {herb} ({what}): Herbs {n}/{c.target(aid)}")

    def s_attune(self, a):
        c = self.c
        gd = a["guardian"]
        aid = self.T.measure_aid.get("attunements")
        n = len(c.t.attunements) + 1
        gain = c.delta(aid, n) if aid else 0.0
        b = self.r.attune_bonus.get(gd) or {}
        gain += self.bonus_worth(b) + 0.4
        return (gain, f"attunes with the {gd}: Attunements {n}/{c.target(aid)}")

    def s_level_up(self, a):
        return self.level_value(a)

    def level_value(self, a):
        c = self.c
        h = a["hero"]
        hero = c.t.heroes.get(h)
        if hero is None:
            return (-5.0, "levels a Hero")
        perk = a.get("perk")
        lvl = hero.level + 1
        gain = 0.0
        notes = []
        aid = self.T.hero_aid.get(h)
        if aid:
            new = c.mine[aid] + 1
            gain += c.delta(aid, new)
            notes.append(f"{h.capitalize()} level {new}/{c.target(aid)}")
        fell = self.T.measure_aid.get("perks")
        if fell:
            gain += self.fellowship_gain(dheroes=0, dperks=1)
        if self.r.gems_for_level(lvl) > self.r.gems_for_level(hero.level):
            gain += 0.8 * min(c.rounds_left, 4)
        gain += 0.15 * min(c.rounds_left, 4)
        if perk in self.T.perk_value:
            gain += self.T.perk_value[perk] * c.horizon
        if c.sower_me and perk in ("sow-ruin", "sow-ravage", "sow-frenzy"):
            gain += 1.5
        return (gain, f"levels the {h} to {lvl} with {perk}" + (f": {', '.join(notes)}" if notes else ""))

    def s_dress_hero(self, a):
        c = self.c
        h = a["hero"]
        gain = self.fellowship_gain(dheroes=1, dperks=0)
        gain += self.c.w.hero_run * min(c.rounds_left, 4)          # two more gems each round
        col = self.r.hero_color.get(h)
        if col in COLORS and col not in c.hero_colours():
            gain += 0.6
        gain += 0.5 * self.menace_proximity(a["node"], col)
        aid = self.T.hero_aid.get(h)
        if aid and c.mine[aid] == 0:
            gain += 0.2
        return (gain, f"dresses a {h}: {len(c.t.heroes) + 1} Heroes")

    # ================================================================== Event Phase
    def s_draft(self, a):
        return (0.0, "draws the Menace Draft")

    def s_move_guardian(self, a):
        gd, reg = a["guardian"], a["region"]
        d = self.s.guardians[gd]
        tok = d.get("token")
        kind = self.r.token_kind(tok) if tok else None
        before = self.guardian_place_value(gd, d["region"], kind)
        after = self.guardian_place_value(gd, reg, kind)
        why = f"moves the {gd} to {reg}"
        if kind and self.c.owner_of(d["region"]) == self.c.i:
            why += ", away from its own Region"
        elif kind:
            why += ", where a Hero can reach its Menace"
        else:
            why += ", next to a Hero with a Quest for it"
        return (after - before - 0.1, why)

    def s_beacon_solve(self, a):
        gd = a["guardian"]
        tok = self.s.guardians[gd]["token"]
        kind = self.r.token_kind(tok)
        v = self.solve_value(kind, gd)
        return (v + 0.5, self.solve_reason(kind, gd, "a Beacon"))

    def s_harvest(self, a):
        k = a["steps"]
        idx = (self.s.harvest + k) % len(self.T.wheel)
        v, why = self.harvest_value(idx)
        if self.c.w.harvest_next and self.c.rounds_left > 1:
            v += self.c.w.harvest_next * self.best_harvest(idx)[0]
        return (v, f"moves the Harvest {k} step{'s' if k != 1 else ''} to {self.T.wheel[idx]}: {why}")

    # ================================================================== Hero Phase
    def s_move_hero(self, a):
        h, to = a["hero"], a.get("to") or a["path"][-1]
        hero = self.c.t.heroes[h]
        after = self.plan(h, hero, to, hero.gems - 1)
        base = self.plan(h, hero, hero.node, 0)
        v = after[0] - base[0] - 0.05
        return (v, f"moves the {h} towards {after[1]}" if after[1] else f"moves the {h}")

    def s_solve_menace(self, a):
        h, gd = a["hero"], a["guardian"]
        hero = self.c.t.heroes[h]
        kind = self.r.token_kind(self.s.guardians[gd]["token"])
        if kind == "corruption":
            v = 0.5 + self.event_value()
        else:
            v = self.solve_value(kind, gd)
        rest = self.plan(h, hero, hero.node, hero.gems - 1, exclude={("menace", gd)})
        base = self.plan(h, hero, hero.node, 0, exclude={("menace", gd)})
        return (v + rest[0] - base[0] + 0.3, self.solve_reason(kind, gd, f"the {h}"))

    def s_go_quest(self, a):
        h, deck = a["hero"], a["deck"]
        hero = self.c.t.heroes[h]
        c = self.c
        rest = self.plan(h, hero, hero.node, hero.gems - 1)
        base = self.plan(h, hero, hero.node, 0)
        if len(hero.quests) >= hero.level:
            qv = -0.1
        elif deck == "corruption":
            qv = self.c.w.quest_black * self.event_value() - 0.2
            if c.aspiring:
                qv = 1.5
        else:
            qv = self.c.w.quest_colour - 0.08 * len(hero.quests)
        why = f"the {h} goes on a {deck} Quest"
        if deck == "corruption":
            why += " (a chance to cleanse Corruption later)"
        return (qv + rest[0] - base[0], why)

    def s_solve_quest(self, a):
        h, card = a["hero"], a["card"]
        hero = self.c.t.heroes[h]
        v = self.quest_value(card)
        rest = self.plan(h, hero, hero.node, hero.gems - 1, exclude={("quest", card)})
        base = self.plan(h, hero, hero.node, 0, exclude={("quest", card)})
        col = card_color(card)
        why = (f"the {h} solves a Quest and keeps a {col} Essence" if col != "corruption"
               else f"the {h} solves a Corruption Quest to face (and cleanse) a Corruption Event")
        return (v + rest[0] - base[0] + 0.1, why)

    def s_discard_quest(self, a):
        card = a["card"]
        return (-self.quest_value(card), f"drops the {card} Quest, the hardest to use")

    def s_lore(self, a):
        c = self.c
        card, h = a["card"], a["hero"]
        hero = c.t.heroes[h]
        if a.get("to"):
            after = self.plan(h, hero, a["to"], hero.gems)
            before = self.plan(h, hero, hero.node, hero.gems)
            return (after[0] - before[0] - 0.1, f"uses the {card} Attunement to move the {h}"
                    + (f" towards {after[1]}" if after[1] else ""))
        if a.get("guardian"):
            gd = a["guardian"]
            kind = self.r.token_kind(self.s.guardians[gd]["token"])
            return (self.solve_value(kind, gd) + 0.2, self.solve_reason(kind, gd, f"{card}"))
        more = self.plan(h, hero, hero.node, hero.gems + 1)
        now = self.plan(h, hero, hero.node, hero.gems)
        return (more[0] - now[0] + 0.05, f"uses {card}: the {h} gains an Action gem")

    def s_perk(self, a):
        c = self.c
        h, perk = a["hero"], a["perk"]
        hero = c.t.heroes.get(h)
        if hero is None:
            return (-1.0, f"uses {perk}")
        # A Perk's fields depend on its effect kind: moves name a `node` (the Shadow's step,
        # path_move, move_after_solve, pay_move), conversions `from`/`to` colours, Alchemy a `to`
        # tuple of colours, Nudge a `guardian` and a `to` Region. Read only what this one has.
        dest = _perk_destination(a, self.r.node_regions)
        if perk == "shadow":
            if dest is None:
                return (-1.0, "the Shadow moves through the shadows")
            after = self.plan(h, hero, dest, hero.gems)
            before = self.plan(h, hero, hero.node, hero.gems)
            return (after[0] - before[0] - c.cv("corruption"), "the Shadow moves through the shadows")
        effects = [ab.get("effect") for ab in self.r.perk_abilities.get(perk, ())]
        if a.has("from") and "convert" in effects:
            fr, to = a["from"], a["to"]
            gain = c.cv(to) - c.cv(fr) + 0.02 * (c.pool.get(fr, 0) - c.pool.get(to, 0))
            return (gain - 0.05, f"converts a {fr} Essence into {to}")
        if a.has("guardian") and "remove_menace" in effects:
            gd = a["guardian"]
            kind = self.r.token_kind(self.s.guardians[gd]["token"])
            v = self.solve_value(kind, gd) - (c.cv(kind) if kind in COLORS else 0)
            rest = self.plan(h, hero, hero.node, hero.gems - 1, exclude={("menace", gd)})
            base = self.plan(h, hero, hero.node, 0, exclude={("menace", gd)})
            return (v + rest[0] - base[0], f"the {h} removes the Menace of the {gd} with {perk}")
        if a.has("guardian") and "ravage" in effects:
            v = -c.doom_cost() + 0.5
            return (v, f"the Sower ravages the {a['guardian']}: Doom +1")
        if dest is not None:
            gems = hero.gems
            cost = 0.0
            if "pay_move" in effects:
                cost = c.cv(a.get("color", "red"))
            after = self.plan(h, hero, dest, gems)
            before = self.plan(h, hero, hero.node, gems)
            return (after[0] - before[0] - cost - 0.05, f"the {h} moves with {perk}"
                    + (f" towards {after[1]}" if after[1] else ""))
        if "gain_gem" in effects or "frenzy" in effects:
            extra = 2 if "frenzy" in effects else 1
            more = self.plan(h, hero, hero.node, hero.gems + extra)
            now = self.plan(h, hero, hero.node, hero.gems)
            pay = "corruption" if "frenzy" in effects else next(
                (ab.get("pay") for ab in self.r.perk_abilities[perk] if ab.get("effect") == "gain_gem"), "red")
            return (more[0] - now[0] - c.cv(pay), f"the {h} buys an Action gem with {perk}")
        if "ruin" in effects:
            return (-c.doom_cost() - c.pay_cost(a.get("pay")), "the Sower spends Essences to move Doom")
        if "trigger_event" in effects:
            return (self.event_value() - c.cv(a.get("color", "red")), f"{perk}: triggers a Corruption Event to cleanse")
        if "raise_opponent_corruption" in effects:
            return (0.5 - c.cv("corruption"), f"the Sower spreads dread to player {a.get('target')}")
        if "alchemy" in effects:
            return (3 * 1.0 - 2 * c.cv("corruption") - 0.3, "the Sower turns Corruption into Essences")
        if "tithe" in effects:
            return (0.2, "the Sower takes Corruption Essences")
        if "summon_draft" in effects:
            return (-0.5, "the Sower summons a Menace Draft")
        return (-0.2, f"uses {perk}")

    def s_drifter_move(self, a):
        return (-0.3, "moves the Drifter")

    def s_drifter_shift(self, a):
        fr, to = a["from"], a["to"]
        d = self.s.guardians[fr]
        kind = self.r.token_kind(d["token"])
        gain = (self.guardian_place_value(fr, d["region"], None) - self.guardian_place_value(fr, d["region"], kind))
        dst = self.s.guardians[to]["region"]
        gain += self.guardian_place_value(to, dst, kind) - self.guardian_place_value(to, dst, None)
        gain += self.event_value()
        return (gain - 0.3, f"the Drifter shifts the {kind} token from the {fr} to the {to}")

    # ================================================================== decisions
    def s_corruption(self, a):
        return self.corruption_option(a["choice"], card_color((a.get("pay") or ("",))[0]) if a.get("pay") else None,
                                      a.get("target"), self.s.pending)

    def s_claim(self, a):
        c = self.c
        tok = a["token"]
        aid = a["achievement"]
        if tok == "designated":
            return (1.0, f"claims {aid} with a token from the designated area (free)")
        pay = a["pay"]
        if pay == "doom":
            return (-c.doom_cost() - 0.2, f"claims {aid} and pays with Doom (+1)")
        cost = c.cv(card_color(pay))
        if tok == "any":
            cost += 0.4
        return (-cost, f"claims {aid}, paying a {card_color(pay)} Essence for its {tok} slot")

    def s_harvest_choice(self, a):
        c = self.c
        if a.get("color"):
            col = a["color"]
            return (c.cv(col), f"harvests a {col} Essence")
        reg = a["region"]
        st = c.status(reg)
        if st == "threatened":
            return (-1.0, f"harvests {reg} (Threatened: nothing)")
        if st == "corrupted":
            return (-2.0 + self.event_value(), f"harvests {reg} (Corrupted)")
        return (1.0, f"harvests {reg}")

    def s_track_choice(self, a):
        col = a["color"]
        aid = track_aid(self.c, col)
        d = self.c.delta(aid, self.c.mine[aid] + 1) if aid else 0.0
        return (d, f"moves its {col} tracking token")

    def s_menace_rival(self, a):
        """Advanced Menace rule: push back the rival who profits most (most Achievements)."""
        j = seat(a["target"])             # a player number (action_schema.PLAYER)
        t = self.s.tribes[j]
        return (len(t.achievements) + 0.1 * sum(t.solved.values()),
                f"pushes back player {j + 1}'s tracking token")

    def s_twins_swap(self, a):
        n = len(a.get("pay") or ())
        v = (0.4 if self.c.aspiring else -0.4) * n
        return (v, f"swaps {n} Essence{'s' if n != 1 else ''} for Corruption" if n else "keeps its Essences")

    def s_become_sower(self, a):
        c = self.c
        h = a["hero"]
        hero = c.t.heroes[h]
        v = -hero.level
        aid = self.T.hero_aid.get(h)
        if aid and aid in c.held:
            v -= 3
        for old, new in swap_pairs(a):
            v += (1.0 if new in ("sow-ruin", "sow-frenzy", "sow-ravage") else 0.2) - self.T.perk_value.get(old, 0.5) * 0.5
        return (v, f"the {h} becomes the Corruption Sower")

    # ================================================================== building blocks
    def corruption_option(self, choice, pay_col, target, pend):
        c = self.c
        t = c.t
        pend = pend or {}
        tok, gd = pend.get("token"), pend.get("guardian")
        corr = t.corruption
        r = self.r
        if choice == "yield" and c.aspiring:
            v = c.cv("corruption") + 8.0 + 2.0 * corr
            return (v, f"yields to Corruption on the road to the Sower (Tribe Corruption {corr + 1})")
        if choice == "cleanse_tribe" and c.aspiring:
            return (-6.0, "cleanses the tribe")
        if choice == "yield":
            v = c.cv("corruption")
            why = "yields to Corruption for a Corruption Essence"
            if corr == 0 and not c.sower_me:
                v -= c.ach_value("purity", 1) if "purity" in r.conditions else self.c.w.ach
                why += " (loses Purity)"
            if t.cleanser:
                v -= self.c.w.ach
            if not c.coop and corr + 1 >= r.sower_at and not c.sower_me:
                if self.s.sower is None:
                    v -= 2.5 * self.c.w.ach
                else:
                    v -= 2 * self.c.w.ach + 2 * c.doom_cost()
            elif c.sower_me:
                v += 0.5
            else:
                v -= 0.9 * (corr + 1) if not c.coop else 0.4
            return (v, why)
        if choice == "ignore":
            v = -c.doom_cost()
            if t.cleanser and not c.sower_me:
                v -= self.c.w.ach
            why = "ignores Corruption (Doom +1)"
            if tok and gd:
                reg = self.s.guardians[gd]["region"]
                v -= self.corrupted_region_harm(reg)
            return (v, why)
        cost = c.cv(pay_col) if pay_col else 1.0
        if choice == "cleanse_tribe":
            v = -cost + 1.2
            if corr == 1:
                v += self.c.w.ach - c.claim_cost((pay_col,)) if "purity" not in c.held else 0.0
                return (v, f"cleanses the tribe with a {pay_col} Essence and wins back Purity")
            if corr >= r.sower_at - 2 and not c.coop:
                v += 2.5
            return (v, f"cleanses the tribe with a {pay_col} Essence")
        # cleanse_corruption
        v = -cost
        why = f"cleanses Corruption with a {pay_col} Essence"
        if corr == 0:
            if not t.cleanser:
                v += self.c.w.ach - c.claim_cost((pay_col,) if pay_col else ())
                why += " and claims Corruption Cleanser"
            elif not c.coop:
                others = sum(1 for j, o in enumerate(self.s.tribes) if j != c.i and o.cleanser)
                v += KNOCK * self.c.w.ach * others
        part = target or "doom"
        if part == "doom":
            v += c.doom_cost(max(0, self.s.doom - 1))
            why += ": Doom -1"
        else:
            reg = self.s.guardians[part]["region"]
            v += self.corrupted_region_harm(reg) + 0.2
            why += f": the {part} is pure again"
        return (v, why)

    def event_value(self) -> float:
        """What facing a Corruption Event is worth to me (the best option I could take)."""
        c = self.c
        best = self.corruption_option("ignore", None, None, None)[0]
        if c.coop and c.t.corruption >= int(self.r.modes["coop_solo"]["yield_barred_at"]):
            pass
        else:
            best = max(best, self.corruption_option("yield", None, None, None)[0])
        from faeriell.engine.corruption import cleanse_colours
        cols = cleanse_colours(self.g, c.i)
        if cols:
            col = min(cols, key=c.cv)
            from faeriell.engine.corruption import corrupted_guardians
            targets = (["doom"] if self.s.doom > 0 else []) + corrupted_guardians(self.g)
            for tg in targets[:2]:
                best = max(best, self.corruption_option("cleanse_corruption", col, tg, None)[0])
            if c.t.corruption > 0:
                best = max(best, self.corruption_option("cleanse_tribe", col, None, None)[0])
        return best

    def corrupted_region_harm(self, reg) -> float:
        c = self.c
        owner = c.owner_of(reg)
        if owner == c.i:
            return 1.5
        if owner is None:
            return 0.3
        return 1.0 if c.coop else -0.3

    def solve_value(self, kind, gd) -> float:
        c = self.c
        if c.sower_me:
            return 0.2                 # a Menace left on the board feeds Doom
        v = c.cv(kind) if kind in COLORS else 0.0
        aid = track_aid(c, kind)
        if aid is not None:
            m = c.mine[aid]
            if m < self.r.menace_max:
                before = c.claims
                v += c.delta(aid, m + 1)
                if c.claims > before:
                    c.claims = before
                    v -= c.claim_cost((), 1, (kind,) if kind in COLORS else ())
        reg = self.s.guardians[gd]["region"]
        owner = c.owner_of(reg)
        if owner == c.i:
            v += 0.9 * c.horizon
        elif c.coop:
            v += 0.6 + (0.5 if owner is not None else 0.0)
        else:
            v += 0.2 if owner is None else -0.2
        v += self.c.w.solve_doom * max(0.0, c.doom_cost())      # one token fewer for the next Drafts to hit
        return v

    def solve_reason(self, kind, gd, by) -> str:
        c = self.c
        aid = track_aid(c, kind)
        txt = f"solves the {kind} Menace on the {gd} with {by}"
        if aid:
            m = min(c.mine[aid] + 1, self.r.menace_max)
            tgt = c.target(aid)
            if m >= tgt and aid not in c.held:
                txt += f" and earns {aid.replace('-', ' ').title()}"
            else:
                txt += f" ({aid.replace('-', ' ').title()} {m}/{tgt})"
        return txt

    def quest_value(self, card) -> float:
        col = card_color(card)
        if col == "corruption":
            return self.event_value()
        return self.c.cv(col) + 0.05

    def herb_worth(self, herb) -> tuple[float, str]:
        c = self.c
        r = self.r
        v = 0.0
        what = "a Herb"
        if r.herb_ability(herb, "discount"):
            v += 0.5 * min(c.rounds_left, 4) * 0.6
            what = "a discount or a Menace solve each round"
        gem = r.herb_ability(herb, "hero_gem")
        if gem:
            if gem["hero"] in c.t.heroes:
                v += 0.6 * min(c.rounds_left, 4)
            what = f"an Action gem for the {gem['hero']}"
        b = r.herb_bonus.get(herb) or {}
        v += self.bonus_worth(b)
        if r.herb_ability(herb, "harvest_bonus"):
            v += 0.3 * min(c.rounds_left, 5)
            what = "more Harvest"
        return v, what

    def bonus_worth(self, b) -> float:
        c = self.c
        v = 0.0
        if "hero_level" in b:
            aid = self.T.hero_aid.get(b["hero_level"])
            if aid and b["hero_level"] in c.t.heroes:
                v += c.delta(aid, c.mine[aid] + 1)
            elif aid:
                v += 0.3
        if "terrain" in b:
            aid = self.T.terrain_aid.get(b["terrain"])
            if aid:
                v += c.delta(aid, c.mine[aid] + 1)
        return v

    def fellowship_gain(self, dheroes, dperks) -> float:
        c = self.c
        aid = self.T.measure_aid.get("perks")
        if not aid:
            return 0.0
        t = c.t
        heroes = len(t.heroes)
        perks = sum(len(h.perks) for h in t.heroes.values())
        if self.c.w.model == "cost":
            return c.delta(aid, c.mine[aid], heroes=heroes + dheroes, perks=perks + dperks)

        def val(hh, pp):
            tgt = c.target(aid)
            if hh >= 3 and pp >= tgt:
                return self.c.w.ach
            frac = 0.5 * min(hh, 3) / 3 + 0.5 * min(pp, tgt) / max(1, tgt)
            return self.c.w.ach * 0.6 * frac * c.horizon
        return val(heroes + dheroes, perks + dperks) - val(heroes, perks)

    # ---- Harvest ------------------------------------------------------------------------
    def harvest_value(self, idx) -> tuple[float, str]:
        """What a Harvest on wheel space idx brings (cached: a decision asks for it per step)."""
        if idx not in self._harvest:
            self._harvest[idx] = self._harvest_value(idx)
        return self._harvest[idx]

    def _harvest_value(self, idx) -> tuple[float, str]:
        c = self.c
        s = self.s
        r = self.r
        space = self.T.wheel[idx]
        if idx in s.winter_gems and space in self.T.guardian_set:
            return (-0.2, "frozen, nothing")
        gains = [0.0] * c.n
        mine_cards = 0
        if space in self.T.guardian_set:
            for j, t in enumerate(s.tribes):
                for reg in t.settlements:
                    if r.region_area[reg] != space:
                        continue
                    st = c.status(reg)
                    if st == "threatened":
                        continue
                    if st == "corrupted":
                        gains[j] -= 1.5 if j != c.i else max(1.5 - self.event_value(), -1.0)
                        continue
                    cols = c.region_colours(reg)
                    k = len(cols) if (len(cols) == 2 and reg in t.beacons) else 1
                    gains[j] += k
                    if j == c.i:
                        mine_cards += k
        else:
            players = [s.active] if c.coop else range(c.n)
            for j in players:
                t = s.tribes[j]
                regs = [x for x in t.settlements if r.region_terrain[x] == space or
                        (s.heartlands.get(r.region_area[x], {}).get("region") == x and
                         s.heartlands.get(r.region_area[x], {}).get("token") == space)]
                if not regs:
                    continue
                ok = [x for x in regs if not c.status(x)]
                if ok:
                    gains[j] += 1
                    if j == c.i:
                        mine_cards += 1
                elif all(c.status(x) == "corrupted" for x in regs):
                    gains[j] -= 1.0
            for j, t in enumerate(s.tribes):
                for h in t.herbs:
                    ab = r.herb_ability(h, "harvest_bonus")
                    if ab and ab["terrain"] == space:
                        gains[j] += 1
                        if j == c.i:
                            mine_cards += 1
        v = gains[c.i]
        others = sum(gains[j] for j in range(c.n) if j != c.i)
        if c.coop:
            v += 0.7 * others
        elif c.n > 1:
            v -= 0.5 * others / max(1, c.n - 1) * (1.0 if c.n == 2 else 0.8)
        why = f"{mine_cards} Essence{'s' if mine_cards != 1 else ''} for itself"
        if c.coop and others > 0:
            why += f", {int(others)} for its partners"
        return (v, why)

    def best_harvest(self, start: int | None = None) -> tuple[float, str]:
        """The best Harvest reachable from wheel space `start` (default: the token's space)."""
        from faeriell.engine.event_phase import max_steps
        start = self.s.harvest if start is None else start
        w = len(self.T.wheel)
        return max((self.harvest_value((start + k) % w) for k in range(1, max_steps(self.g, self.c.i) + 1)),
                   key=lambda v: v[0])

    def beacon_solve_value(self) -> float:
        c = self.c
        from faeriell.engine.event_phase import beacon_reach
        v = 0.0
        for reg, col in c.t.beacons.items():
            reach = beacon_reach(self.g, c.i, reg)
            for gd, d in self.s.guardians.items():
                if d.get("token") and self.r.token_kind(d["token"]) == col and d["region"] in reach:
                    v += self.solve_value(col, gd)
                    break
        return v

    # ---- Guardians ----------------------------------------------------------------------
    def guardian_place_value(self, gd, reg, kind) -> float:
        c = self.c
        v = 0.0
        owner = c.owner_of(reg)
        hero_soon = "hero" not in c.t.phases_done
        if kind in COLORS:
            if owner == c.i:
                v -= 1.0
            elif owner is not None:
                v += 0.4 if not c.coop else -0.6
            for h, hero in c.t.heroes.items():
                if not hero.node:
                    continue
                if kind not in solvable_colours(self.g, c.i, hero, reg):
                    continue
                d = self.T.node_region_dist[hero.node].get(reg, 99)
                rng = move_range(self.g, hero)
                sv = self.solve_value(kind, gd) * (1.0 if hero_soon else 0.4)
                if d == 0:
                    v += 0.8 * sv
                elif d <= rng:
                    v += 0.55 * sv
        elif kind == "corruption":
            if owner == c.i:
                v -= 1.5
            elif owner is not None:
                v += 0.5 if not c.coop else -1.0
        for h, hero in c.t.heroes.items():
            if not hero.node:
                continue
            for card in hero.quests:
                if card.endswith("@" + gd) and card_color(card) in quest_colours(self.g, hero):
                    d = self.T.node_region_dist[hero.node].get(reg, 99)
                    qv = max(0.0, self.quest_value(card))
                    if d == 0:
                        v += 0.6 * qv
                    elif d <= move_range(self.g, hero):
                        v += 0.35 * qv
        return v

    # ---- Heroes -------------------------------------------------------------------------
    def hero_targets(self, h, hero) -> list:
        """[(value, region, needs_gem, label, key)] for this Hero now."""
        key = h
        got = self._target_cache.get(key)
        if got is not None:
            return got
        c = self.c
        s, r = self.s, self.r
        out = []
        herb_cols = {}
        for herb in c.t.herbs:
            ab = r.herb_ability(herb, "herb_solve")
            if ab and herb not in c.t.rotated:
                herb_cols[ab["color"]] = herb
        removers = []
        for p in hero.perks:
            ab = r.perk_ability(p, "remove_menace")
            if ab:
                removers.append(ab["terrain"])
        for gd, d in s.guardians.items():
            tok = d.get("token")
            if not tok:
                continue
            kind = r.token_kind(tok)
            reg = d["region"]
            if kind in solvable_colours(self.g, c.i, hero, reg):
                if kind == "corruption":
                    val = 0.5 + self.event_value()
                else:
                    val = self.solve_value(kind, gd)
                out.append((val, reg, 1, f"the {kind} Menace on the {gd}", ("menace", gd)))
            elif kind in herb_cols:
                out.append((self.solve_value(kind, gd) - 0.3, reg, 0, f"the {kind} Menace on the {gd}",
                            ("menace", gd)))
            elif kind in COLORS and r.region_terrain[reg] in removers:
                out.append((self.solve_value(kind, gd) - c.cv(kind), reg, 1, f"the {kind} Menace on the {gd}",
                            ("menace", gd)))
        qcols = quest_colours(self.g, hero)
        for card in hero.quests:
            col, gd = card_color(card), card_back(card)
            if col in qcols and gd in s.guardians:
                out.append((self.quest_value(card), s.guardians[gd]["region"], 1, f"a Quest at the {gd}",
                            ("quest", card)))
        out = [x for x in out if x[0] > 0]
        self._target_cache[key] = out
        return out

    def plan(self, h, hero, node, gems, exclude=()) -> tuple[float, str]:
        """Best single target this Hero can take from `node` with `gems` (else next round's)."""
        if not node:
            return (0.0, "")
        dist = self.T.node_region_dist[node]
        rng = max(1, move_range(self.g, hero))
        best, label = 0.0, ""
        second = 0.0
        for val, reg, need_gem, lab, key in self.hero_targets(h, hero):
            if key in exclude:
                continue
            d = dist.get(reg, 99)
            k = 0 if d == 0 else ceil(d / rng)
            need = k + need_gem
            if need <= gems:
                v = val * (0.97 ** k)
            else:
                v = val * self.c.w.later * (self.c.w.decay ** k)
            if v > best:
                second = best
                best, label = v, lab
            elif v > second:
                second = v
        return (best + 0.25 * second, label)

    def hero_phase_value(self) -> tuple[float, str]:
        total = 0.0
        label = ""
        top = 0.0
        for h, hero in self.c.t.heroes.items():
            v, lab = self.plan(h, hero, hero.node, hero.gems)
            base, _ = self.plan(h, hero, hero.node, 0)
            total += v - base
            if v - base > top:
                top, label = v - base, lab
        return total, (f"a Hero can reach {label}" if label else "")

    def menace_proximity(self, node, col) -> float:
        v = 0.0
        dist = self.T.node_region_dist.get(node, {})
        for gd, d in self.s.guardians.items():
            tok = d.get("token")
            if tok and self.r.token_kind(tok) == col:
                k = dist.get(d["region"], 99)
                v += 1.0 / (1 + k)
        return v

    # ---- Tribe: best purchase right now (for choosing the Phase) --------------------------
    def best_tribe_purchase(self) -> tuple[float, str]:
        g = self.g
        best, why = 0.0, ""
        for kind in ("level_up", "build_settlement", "build_beacon", "control_totem", "gather_herb",
                     "attune", "dress_hero"):
            acts = registry.MOVES[kind].enumerate(g)       # every Tribe Action is registered
            for a in acts:
                v, w = self.score(a)
                if v > best:
                    best, why = v, w
        return best, why


_TRIBE_PAID = frozenset(TRIBE_ACTIONS)


def _cards(pay) -> str:
    if not pay:
        return "nothing"
    from collections import Counter
    cnt = Counter(card_color(c) for c in pay)
    return ", ".join(f"{n} {c}" for c, n in cnt.items())


def _perk_destination(a: Action, node_regions) -> str | None:
    """The Node a Perk move takes its Hero to, or None when this Perk action is not a move.

    Moves name the Node in `node`; older spellings used `to`, which other Perks use for colours
    (convert, Alchemy) or a Region (Nudge), so a `to` counts only when it names a Node."""
    for key in ("node", "to"):
        v = a.get(key)
        if isinstance(v, str) and v in node_regions:
            return v
    return None

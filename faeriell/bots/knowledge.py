"""What a bot knows about a position, in one place: a per-decision `Ctx` holding the numbers the
heuristic's features (heuristic_features.py) and the position value (evaluate.py) both use, with
the island's static look-ups (tables.py) as `T` and the mode's frozen Weights as `w`.

Values are in *card units*: one ordinary Essence card is worth about 1. An Achievement is worth
`w.ach` cards; progress towards one is worth a share of it; a step of Doom costs `doom_cost()`.

Everything here reads only what the deciding player may see when it is given a world built by
`observe.determinize` (or the world of a search playout, where every player is imagined).
"""
from __future__ import annotations

from collections import Counter

from faeriell.engine.achievements import UNPAID_SLOT_DOOM, claim_means, shire_size, tribe_measures
from faeriell.engine.card import colour_of
from faeriell.engine.words import COLORS

from .tables import Tables, tables  # noqa: F401 - Tables is read from here too
from .weights import Weights, weights_for
from faeriell.engine.corruption import cleanse_payers
from faeriell.engine.endgame import coop_target

KNOCK = 0.5          # share of ACH for pushing a rival off an Achievement (competitive)
CORRUPT_CARD = 0.6   # a Corruption Essence: wild for Tribe Actions only
# Cards a tribe expects to gain per round (Harvests, solves, Quests) when the heuristic sizes what
# can still pay for in the rounds left (Ctx.time_factor). The expert's race (expert.race_slack) counts RACE_INCOME = 3.0
# instead; both were set by hand and each changes moves if moved to the other, so each keeps its
# value, said once here.
INCOME = 2.6
RACE_INCOME = 3.0
INF = 99.0
DOOM_BASE = 1.2      # competitive: cost of one step of Doom ...
DOOM_SLOPE = 0.25    # ... growing by this much per space already filled
SOWER_PLAN = True    # competitive bots may court Corruption when Doom is winning the race
SOWER_MARGIN = 0.1   # how much likelier the Sower road must look than the Achievement road
# The weights tuned per mode (Achievement worth, Doom's cost in solo/coop, ...) are data:
# data/bots/weights.yaml, read once into frozen values (weights.py); a Ctx holds its mode's.


# ------------------------------------------------------------------------------ static tables
# Tables (tables.py): the per-rules look-ups a Ctx holds as `T`.


# ------------------------------------------------------------------------------ per decision
class _Rows:
    """`rows[j]`: tribe j's Achievement measures (achievements.tribe_measures), worked out the
    first time they are asked for: most decisions of a playout read only their own tribe's."""

    __slots__ = ("g", "_rows")

    def __init__(self, g, n: int) -> None:
        self.g = g
        self._rows: list = [None] * n

    def __getitem__(self, j: int) -> dict:
        row = self._rows[j]
        if row is None:
            row = self._rows[j] = tribe_measures(self.g, j)
        return row

    def __len__(self) -> int:
        return len(self._rows)


class Ctx:
    """The numbers one decision of player `i` needs, computed once."""

    def __init__(self, g, i: int, weights: Weights | None = None) -> None:
        s = g.state
        r = g.rules
        self.w = weights if weights is not None else weights_for(s.mode, s.difficulty)     # this mode's tuned weights (at its difficulty)
        self.g, self.s, self.r = g, s, r
        self.T = tables(r)
        self.i = i
        self.t = s.tribes[i]
        self.n = s.players
        self.mode = s.mode
        self.coop = s.mode in ("coop", "solo")
        self.solo = s.mode == "solo"
        self.rows = _Rows(g, self.n)      # each tribe's Achievement measures, when first asked
        self.mine = self.rows[i]
        self.pool = Counter([c.colour for c in self.t.essences])
        self.sower_me = bool(self.t.sower)
        self.sower_other = s.sower is not None and s.sower != i
        self.held = set(self.t.achievements)
        self.aspiring = SOWER_PLAN and self._aspiring_sower()
        self.rounds_left = self._rounds_left()
        self.horizon = max(0.25, min(1.0, self.rounds_left / 4.0))
        self._occupied: set | None = None
        self._status: dict | None = None
        self._cleanse_cols: set | None = None
        self._focus: set | None = None
        self.claims = 0          # Achievements newly reached by the gains computed since reset
        self.saving: tuple | None = None       # (colour, extra worth): cards kept for a same-colour purchase

    # ---- the Sower's road ----------------------------------------------------------------
    def _aspiring_sower(self) -> bool:
        """Competitive only: should this tribe court Corruption and rise as the Sower?

        It compares two races, in rounds: reaching five Achievements before Doom ends the game
        and before any rival does, against reaching Tribe Corruption 5 before Doom ends the game
        (which the Sower then wins) while no rival reaches five first. Already deep in
        Corruption, it stays on that road."""
        s, r, t = self.s, self.r, self.t
        if self.coop or s.sower is not None or t.sower or "twins" in s.variants:
            return False
        c = t.corruption
        if c >= r.sower_at - 2:
            return True
        played = (s.round - 1) + (s.lap - 1) / 3.0
        if played < 1.0:
            return False
        # Doom: the pace so far, growing with the Draft table.
        base = max(0.6, s.doom / played / 1.3)
        d, to_doom = float(s.doom), 0.0
        while d < r.doom_max and to_doom < 20:
            d += base * (1.0 + 0.45 * (r.draft_count(int(d)) - 1))
            to_doom += 1
        to_doom -= (d - r.doom_max) / max(0.1, base)
        def to_five(tr):
            have = len(tr.achievements)
            rate = max(0.3, 0.85 * (have - 1) / played)
            return (r.end_round_at - have) / rate
        mine = to_five(t)
        rival = min((to_five(o) for j, o in enumerate(s.tribes) if j != self.i), default=99.0)
        to_sower = (r.sower_at - c) / 0.9
        p_ach = _sig(to_doom - mine) * _sig(rival - mine)
        p_sow = _sig(to_doom - to_sower - 0.5) * _sig(rival - to_doom)
        return p_sow > p_ach + SOWER_MARGIN

    # ---- time ---------------------------------------------------------------------------
    def _rounds_left(self) -> float:
        s, r = self.s, self.r
        d = s.doom
        rounds = 0.0
        per_round_extra = 0.8 if self.coop else 1.2
        while d < r.doom_max and rounds < 12:
            d += per_round_extra + (r.draft_count(int(d)) if self.coop else 0.4 * self.n)
            rounds += 1
        if not self.coop:
            most = max(len(t.achievements) for t in s.tribes)
            if s.end_after_round or most >= r.end_round_at:
                rounds = min(rounds, 0.5)
            elif most >= r.end_round_at - 1:
                rounds = min(rounds, 2.0)
            elif most >= r.end_round_at - 2:
                rounds = min(rounds, 4.0)
        return rounds

    # ---- places -------------------------------------------------------------------------
    def occupied(self) -> set:
        if self._occupied is None:
            self._occupied = self.g.occupied()
        return self._occupied

    def status(self, region: str) -> str | None:
        """'threatened' / 'corrupted' / None (cached per decision)."""
        return self.statuses().get(region)

    def statuses(self) -> dict:
        """Game.region_statuses(), once per decision."""
        if self._status is None:
            self._status = self.g.region_statuses()
        return self._status

    def region_colours(self, region: str) -> list[str]:
        r = self.r
        cols = [r.terrain_color[r.region_terrain[region]]]
        hl = self.s.heartlands.get(r.region_area[region])
        if hl and hl["region"] == region and hl.get("token"):
            c2 = r.terrain_color[hl["token"]]
            if c2 != cols[0]:
                cols.append(c2)
        return cols

    def owner_of(self, region: str) -> int | None:
        return self.g.owner_of(region)

    # ---- money --------------------------------------------------------------------------
    def hero_colours(self) -> set:
        return {self.r.hero_color.get(h) for h in self.t.heroes} & set(COLORS)

    def cv(self, colour: str) -> float:
        """What one card of this colour is worth to the player now."""
        if colour == "corruption":
            return CORRUPT_CARD
        have = self.pool.get(colour, 0)
        v = 1.0
        if colour in self.hero_colours():
            v += 0.12
        if have <= 1:
            v += 0.1
        elif have >= 4:
            v -= 0.05 * (have - 3)
        if self.saving and self.saving[0] == colour:
            v += self.saving[1]
        return max(0.6, v)

    def pay_cost(self, pay, discounts=()) -> float:
        cost = 0.0
        seen: Counter[str] = Counter()
        for c in pay or ():
            col = colour_of(c)
            seen[col] += 1
            # Each further card of a colour costs a little less (the pool shrinks from the top).
            cost += self.cv(col) - 0.03 * (seen[col] - 1)
        cost += 0.35 * len(discounts or ())
        if self.coop and self.w.reserve and pay:
            cost += self.reserve_cost(pay)
        return cost

    def cleanse_cols(self) -> set:
        """Colours this tribe could pay a Cleanse with (its active Heroes' colours, the Shadow's)."""
        if self._cleanse_cols is None:
            self._cleanse_cols = cleanse_payers(self.g, self.i)
        return self._cleanse_cols

    def reserve_cost(self, pay) -> float:
        """Spending the last card that could pay for a Cleanse leaves the next Corruption Event
        to an Ignore (Doom +1, the Corruption Cleanser lost): that risk, in cards."""
        cols = self.cleanse_cols()
        have = sum(self.pool.get(c, 0) for c in cols)
        spent = sum(1 for c in pay if colour_of(c) in cols)
        if have == 0 or have - spent > 0:
            return 0.0
        risk = self.doom_cost() + (self.w.ach if self.t.cleanser else 0.0)
        return self.w.reserve * risk * 0.5

    # ---- Doom ---------------------------------------------------------------------------
    def doom_cost(self, doom: int | None = None) -> float:
        """Cost to this player of Doom moving one step forward from `doom`."""
        d = self.s.doom if doom is None else doom
        left = self.r.doom_max - d
        if self.sower_me:
            return -(3.0 + 12.0 / max(1, left))
        if self.coop:
            return self.w.doom_coop + self.w.doom_coop_slope * d + (25.0 if left <= 1 else self.w.doom_coop_near / max(1, left))
        base = DOOM_BASE + DOOM_SLOPE * d + (3.0 if left <= 3 else 0.0) + (20.0 if left <= 1 else 0.0)
        if self.sower_other:
            base += 3.0 + 10.0 / max(1, left)
        if self.aspiring:
            return base * 0.3
        if self.s.end_after_round:
            mine = len(self.t.achievements)
            if all(len(o.achievements) < mine for j, o in enumerate(self.s.tribes) if j != self.i):
                # The round ends with my victory unless Doom gets there first.
                base += 10.0 + 20.0 / max(1, left)
        return base

    # ---- Achievements ---------------------------------------------------------------------
    def target(self, aid: str, i: int | None = None) -> int:
        i = self.i if i is None else i
        cond = self.r.conditions[aid]
        n = int(cond.get("min", 1))
        if self.coop or cond["kind"] != "most":
            return n
        best = max((self.rows[j][aid] for j in range(self.n) if j != i), default=0)
        return max(n, best)

    def ach_value(self, aid: str, m: float, i: int | None = None) -> float:
        """Worth of measure m towards Achievement aid for player i (default: me)."""
        i = self.i if i is None else i
        cond = self.r.conditions[aid]
        s = self.s
        dup = 1.0
        if self.coop and not self.solo:
            holders = s.achievements.get(aid, ())
            if any(j != i for j in holders):
                dup = self.w.team_dup
        if cond["kind"] != "most":
            return self.w.ach * dup if m > 0 else 0.0
        if cond["measure"] == "perks":
            return self._fellowship(aid, i, m) * dup
        tgt = self.target(aid, i)
        if m >= tgt:
            return self.w.ach * dup
        hz = self.horizon if i == self.i else 1.0
        if self.w.focus < 1.0 and self.coop and i == self.i and aid not in self.focus():
            hz *= self.w.focus
        return self.w.ach * self.w.prog * (m / tgt) * hz * dup

    def focus(self) -> set:
        """Solo/coop: the Achievements this tribe plans on - the cheapest ones still missing
        (knowledge.remaining_cost), as many as its share of the target plus one to spare.
        Progress elsewhere is worth only `FOCUS` of its usual share: a plan beats a spread."""
        if self._focus is None:
            s = self.s
            if self.solo:
                need = int(self.r.modes["solo"]["achievements"]) - len(self.t.achievements)
                taken = set(self.t.achievements)
            else:
                win = coop_target(self.g)
                taken = {a for a, h in s.achievements.items() if h}
                need = -(-max(0, win["achievements"] - len(taken)) // max(1, self.n))
            costs = sorted((self.remaining_cost(aid), aid) for aid in self.r.conditions if aid not in taken)
            self._focus = {aid for c, aid in costs[:need + 1] if c < INF}
        return self._focus

    def _fellowship(self, aid, i, perks_if_three) -> float:
        t = self.s.tribes[i]
        heroes = len(t.heroes)
        perks = sum(len(h.perks) for h in t.heroes.values())
        need = self.T.fellowship_heroes
        if heroes >= need:
            perks = max(perks, perks_if_three)
        tgt = self.target(aid, i)
        if heroes >= need and perks >= tgt:
            return self.w.ach
        frac = 0.5 * min(heroes, need) / need + 0.5 * min(perks, tgt) / max(1, tgt)
        return self.w.ach * self.w.prog * frac * (self.horizon if i == self.i else 1.0)

    def delta(self, aid: str, new_m: float, **hyp) -> float:
        """Gain for me when my measure of aid becomes new_m (incl. pushing rivals off).

        `hyp` passes hypothetical counts to remaining_cost (settlements, heroes, perks)."""
        old = self.mine[aid]
        if new_m == old and not hyp:
            return 0.0
        if self.w.model == "linear":
            gain = self.ach_value(aid, new_m) - self.ach_value(aid, old)
            if new_m > old and aid not in self.held and new_m >= self.target(aid) > old:
                self.claims += 1
        else:
            c0 = self.remaining_cost(aid)
            c1 = self.remaining_cost(aid, new_m, **hyp)
            if c0 <= 0 or c0 >= INF:
                gain = 0.0 if c1 >= c0 else self.w.ach * 0.3
            else:
                gain = self.w.ach * (c0 - c1) / c0 * self.time_factor(c0)
                if c1 <= 0 and aid not in self.held:
                    self.claims += 1
                    gain = max(gain, self.w.ach * 0.999)
            if self.coop and not self.solo and any(j != self.i for j in self.s.achievements.get(aid, ())):
                gain *= self.w.team_dup
        if not self.coop and self.r.conditions[aid]["kind"] == "most" and new_m > old:
            n = int(self.r.conditions[aid].get("min", 1))
            for j in range(self.n):
                if j != self.i and self.rows[j][aid] >= n and old <= self.rows[j][aid] < new_m:
                    gain += self.w.ach * KNOCK
        return gain

    def time_factor(self, cost: float) -> float:
        """How likely a cost this size is paid before the game ends (income over rounds left)."""
        budget = max(1.0, self.rounds_left * INCOME)
        return 1.0 if cost <= budget else budget / cost

    # ---- remaining cost of an Achievement, in cards ---------------------------------------
    def _settle_chain(self, k: int, have: int) -> float:
        """Cards to build k more Settlements when `have` are on the map (R10: 6 at most; each
        costs as many as are owned, data/costs.yaml)."""
        cost = 0.0
        n = have
        add = self.T.count_add["build_settlement"]
        for _ in range(max(0, k)):
            if n >= self.r.settlements_per_tribe:
                cost += 4.0          # past the last Settlement: a Herb or Attunement bonus
            else:
                cost += n + add
                n += 1
        return cost

    def remaining_cost(self, aid: str, m: float | None = None, j: int | None = None,  # noqa: C901 - one branch per Achievement's condition, each priced as the rulebook words it
                       settlements: int | None = None, heroes: int | None = None,
                       perks: int | None = None, beacons: int | None = None) -> float:
        """Cards (or card-equivalents) tribe j still needs to hold Achievement aid."""
        j = self.i if j is None else j
        t = self.s.tribes[j]
        r = self.r
        cond = r.conditions[aid]
        meas = cond["measure"]
        row = self.rows[j]
        if m is None:
            m = row[aid]
        nset = len(t.settlements) if settlements is None else settlements
        if cond["kind"] != "most":
            if meas == "totem":
                if m > 0:
                    return 0.0
                nb = len(t.beacons) if beacons is None else beacons
                return (0.0 if nb else 3.0) + 1.0 + len(self.s.totem["cards"])
            if meas == "pure":
                return 0.0 if m > 0 else 2.0 * t.corruption
            if meas == "cleanser":
                return 0.0 if m > 0 else 2.0 + 2.0 * t.corruption
            return 0.0 if m > 0 else 4.0
        tgt = self.target(aid, j)
        if meas == "perks":
            nh = len(t.heroes) if heroes is None else heroes
            np_ = sum(len(h.perks) for h in t.heroes.values()) if perks is None else perks
            fh = self.T.fellowship_heroes
            if nh >= fh and np_ >= tgt:
                return 0.0
            if self.sower_me and j == self.i:
                return INF
            cost: float = sum(k + self.T.count_add["dress_hero"] for k in range(nh, fh))
            need = max(0, tgt - np_)
            levels = sorted(h.level for h in t.heroes.values()) + [1] * max(0, fh - nh)
            for _ in range(need):
                levels.sort()
                if levels[0] >= r.max_level:
                    return INF
                cost += levels[0] + self.T.count_add["level_up"]
                levels[0] += 1
            return cost
        k = tgt - m
        if k <= 0:
            return 0.0
        if meas == "hero_level":
            h = cond["hero"]
            hero = t.heroes.get(h)
            cost = 0.0
            if hero is None:
                if len(t.heroes) >= r.max_active or h not in t.inactive:
                    return INF
                cost += len(t.heroes) + self.T.count_add["dress_hero"]
                lvl = 1
                bonus = m
                k = tgt - (1 + bonus)
            else:
                bonus = row[aid] - hero.level
                lvl = int(m - bonus)
            disc = self.T.own_level_discount.get(h, 0)
            for _ in range(int(k)):
                if lvl >= r.max_level:
                    cost += 4.0      # a Herb or Attunement bonus instead
                else:
                    cost += lvl + self.T.count_add["level_up"] - disc
                    lvl += 1
            return cost
        if meas == "solved":
            if tgt > r.menace_max:
                return INF
            col = cond["color"]
            have_hero = any(r.hero_color.get(h) == col for h in t.heroes)
            have_beacon = col in t.beacons.values()
            per = 1.3 if (have_hero or have_beacon) else 3.5
            return k * per
        if meas == "terrain":
            return self._settle_chain(int(k), nset)
        if meas == "shire":
            return self._settle_chain(int(k), nset)
        if meas == "herbs":
            per = float(self.T.fixed_price["gather_herb"]) - self.T.tribe_discount("gather_herb", t.heroes)
            return k * per
        if meas == "beacons":
            left = sum(self.s.beacon_supply.values())
            if left < k:
                return INF
            per = float(self.T.fixed_price["build_beacon"]) - self.T.tribe_discount("build_beacon", t.heroes)
            return k * per
        if meas == "attunements":
            free = self.s.attunements_free
            if len(free) < k:
                return INF
            sh = self.T.tribe_discount("attune", t.heroes)
            waive = self.T.attune_waiver
            costs = sorted(max(1, self.T.attune_slots.get(g, 4)
                               - waive * sum(1 for x in t.settlements if r.region_area[x] == g) - sh)
                           for g in free)
            return float(sum(costs[:int(k)]))
        return k * 3.0

    def terrain_delta(self, regions_added=(), regions_removed=()) -> tuple[float, list]:
        """Gain from Terrain and Shire measures when Regions are added/removed; with notes."""
        r = self.r
        T = self.T
        add: Counter[str] = Counter()
        for reg in regions_added:
            add[r.region_terrain[reg]] += 1
            hl = self.s.heartlands.get(r.region_area[reg])
            if hl and hl["region"] == reg and hl.get("token"):
                add[hl["token"]] += 1
        for reg in regions_removed:
            add[r.region_terrain[reg]] -= 1
            hl = self.s.heartlands.get(r.region_area[reg])
            if hl and hl["region"] == reg and hl.get("token"):
                add[hl["token"]] -= 1
        gain = 0.0
        notes = []
        regs_after = [x for x in self.t.settlements if x not in regions_removed] + list(regions_added)
        for terr, k in add.items():
            if not k:
                continue
            aid = T.terrain_aid.get(terr)
            if aid is None:
                continue
            new = self.mine[aid] + k
            d = self.delta(aid, new, settlements=len(regs_after))
            gain += d
            if k > 0:
                notes.append(f"{aid.capitalize()} {new}/{self.target(aid)}")
        regs = [x for x in self.t.settlements if x not in regions_removed] + list(regions_added)
        shire_aid = T.measure_aid.get("shire")
        if shire_aid:
            new_shire = shire_size(self.g, regs)
            if new_shire != self.mine[shire_aid] or self.w.model == "cost":
                gain += self.delta(shire_aid, new_shire, settlements=len(regs))
                if new_shire > self.mine[shire_aid]:
                    notes.append(f"Shire {new_shire}/{self.target(shire_aid)}")
        return gain, notes

    def claim_cost(self, pay=(), claims: int = 1, gain=()) -> float:
        """What claiming `claims` Achievements costs after paying `pay` (and gaining `gain`). What
        may pay is the engine's (achievements.claim_means, R12: a designated token is free, a slot
        takes a card of its colours or a step of Doom); the bot pays with what it values least,
        and keeps a slot that takes every colour for later (the weight `any_slot`)."""
        if claims <= 0:
            return 0.0
        left = Counter(self.pool)
        for c in pay or ():
            left[colour_of(c)] -= 1
        for c in gain or ():
            left[colour_of(c)] += 1
        free, means = claim_means(self.g, self.i)
        slots = list(means)
        cost = 0.0
        for _ in range(claims):
            if free > 0:
                free -= 1
                continue
            if not slots:
                break
            best = None
            unpaid = self.doom_cost() * UNPAID_SLOT_DOOM
            for k, (_slot, cols) in enumerate(slots):
                for col in cols:
                    if left.get(col, 0) > 0:
                        v = self.cv(col) + (self.w.any_slot if len(cols) > 1 else 0.0)
                        if best is None or v < best[0]:
                            best = (v, k, col)
            if best is None or best[0] > unpaid:
                cost += unpaid
                slots.pop()
            else:
                cost += best[0]
                left[best[2]] -= 1
                slots.pop(best[1])
        return cost

    def n_achievements(self, j: int) -> int:
        return len(self.s.tribes[j].achievements)


def _sig(x: float, scale: float = 1.5) -> float:
    from math import exp
    return 1.0 / (1.0 + exp(-x / scale))


def track_aid(ctx: Ctx, colour: str) -> str | None:
    return ctx.T.solved_aid.get(colour)

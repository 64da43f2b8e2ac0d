"""The heuristic: a readable score, in card units, for every legal action, with a reason in words.

    scores = score_actions(world, player, actions)      # [(score, reason), ...]
    contributions(world, player, action)                # [(feature, value, weight), ...]

Greedy play takes the best score; `end_phase` scores 0, so a phase ends when nothing useful is
left. A move's score is a weighted sum of named features (heuristic_features.py: one scorer per
action kind; the weights are data, data/bots/weights.yaml's `features:` table, in the frozen
Weights of the game's mode). The features follow a few plain ideas:

* Achievements are what wins: progress towards a threshold is worth a share of `ach`, reaching it
  the whole of it (and, in competitive play, pushing a rival off it is worth more).
* Essences are money: a payment costs the cards it gives up (Corruption Essences are cheaper).
* Doom is a cost that grows as the track fills (in coop and solo it is the clock that kills);
  for a Corruption Sower it is a gain.
* Heroes are valued by their best plan this phase: a Menace of their colour or a Quest they can
  reach with the gems left, discounted by the moves it needs.

This module holds the entry points and the Scorer: one decision's measures the features share
(a Hero's plan, a Menace solve's worth, a Harvest, a Corruption Event's worth), computed once per
decision and cached, beside the Ctx (knowledge.py) that holds the numbers the evaluation shares.

`world` is a Game the player may read entirely: a determinized view (observe.py) or a playout.
"""
from __future__ import annotations

from math import ceil

from faeriell.engine.action_schema import TRIBE_ACTIONS
from faeriell.engine import registry
from faeriell.engine.actions import Action
from faeriell.engine.card import back_of, colour_of
from faeriell.engine.event_phase import harvest_yield, region_gives
from faeriell.engine.legal import LegalActions, Paid
from faeriell.engine.hero_phase import move_range, quest_colours, solvable_colours
from faeriell.engine.describe import describe
from faeriell.engine.names import Names, title
from faeriell.engine.words import COLORS

from .heuristic_features import END_PHASE_REASON, MOVES, corruption_terms, level_terms, total
from .heuristic_features import build_settlement as settlement_terms
from .knowledge import Ctx, track_aid
from faeriell.engine.corruption import cleanse_colours, corrupted_guardians, yield_allowed
from faeriell.engine.event_phase import beacon_reach, max_steps
from faeriell.engine.tribe_phase import settlement_regions

__all__ = ["END_PHASE_REASON", "Scorer", "best_action", "contributions", "pick_move", "playout_move", "score_actions",
           "score_values"]

SAVING = True        # keep cards of one colour for an almost affordable Settlement or level


# ============================================================================== entry point
def score_actions(g, i: int, actions: list, ctx: Ctx | None = None) -> list[tuple[float, str]]:
    """(score, reason) for each action, in order. Actions must be legal for player i now."""
    ctx = ctx or Ctx(g, i)
    h = Scorer(ctx)
    return [h.score(a) for a in actions]


def score_values(g, i: int, actions, ctx: Ctx | None = None) -> list[float]:
    """The scores of `score_actions`, without their reasons: what a playout needs. A listing's
    Tribe Actions are weighed a target at a time (Scorer.paid_values), the same floats in the
    same order."""
    h = Scorer(ctx or Ctx(g, i))
    parts = actions.parts() if actions.__class__ is LegalActions else (actions,)
    out: list[float] = []
    for part in parts:
        if part.__class__ is Paid and part.kind in _TRIBE_PAID and part.kind in MOVES:
            out += h.paid_values(part)
        else:
            out += [h.value(a) for a in part]
    return out


def contributions(g, i: int, action: Action, ctx: Ctx | None = None) -> list[tuple[str, float, float]]:
    """The features of one legal action for player i: [(name, value, weight), ...] in the order
    its score adds them (the score is the running sum of value x weight; a name may come twice,
    as a Hero's plan after a move and before it)."""
    sc = Scorer(ctx or Ctx(g, i))
    terms, _why = sc.terms(action)
    return [(name, f, sc.W[name]) for name, f in terms]


def playout_move(w, rng=None, noise: float = 0.0, weights=None):
    """The move a playout makes for whoever acts: the only one, else the heuristic's favourite
    (its scores blurred by Gaussian `noise`, drawn from `rng`, when noise is asked for).
    `weights`: the Weights to think with (default: the game's mode's, from data/bots/weights.yaml)."""
    acts = w.legal_actions()
    if len(acts) == 1:
        return acts[0]
    i = w.acting
    return pick_move(acts, score_values(w, i, acts, Ctx(w, i, weights)), rng, noise)


def pick_move(acts, values: list[float], rng=None, noise: float = 0.0):
    """The best-scored move, its scores blurred by Gaussian `noise` drawn from `rng` (one draw a
    move, in the listing's order) when noise is asked for."""
    if noise:
        return acts[max(range(len(acts)), key=lambda q: values[q] + rng.gauss(0.0, noise))]
    return acts[max(range(len(acts)), key=lambda q: values[q])]


def best_action(g, i: int, actions: list, ctx: Ctx | None = None):
    sc = score_actions(g, i, actions, ctx)
    k = max(range(len(actions)), key=lambda j: sc[j][0])
    return actions[k], sc[k][0], sc[k][1]


# ============================================================================== the scorer
class Scorer:
    """One decision's scoring: the features of each move (heuristic_features.MOVES) weighted by
    the mode's feature weights, and the measures they share, cached for the decision."""

    def __init__(self, ctx: Ctx) -> None:
        self.c = ctx
        self.g = ctx.g
        self.s = ctx.s
        self.r = ctx.r
        self.T = ctx.T
        self.W = ctx.w.feature_weights          # feature name -> weight (this mode's)
        self._target_cache: dict = {}
        self._base: dict = {}
        self._prices: dict = {}          # (pay, discounts, claims) -> the `price` feature, per decision
        self._said: dict = {}            # pay -> its cards in words
        self._heads: dict = {}           # a paid Tribe Action's target -> describe's words for it
        self._names: Names | None = None
        self._seats: list[str] = []
        self._harvest: dict = {}
        if SAVING and ctx.s.stage == "play" and ctx.saving is None and not ctx.sower_me:
            ctx.saving = self.wish() or ()

    # ------------------------------------------------------------------ saving up
    def wish(self):
        """The best same-colour purchase (a Settlement or a level) that is *almost* affordable:
        (colour, extra worth per card of that colour), so cheap buys do not eat its savings."""
        c = self.c
        t = c.t
        W = self.W
        wild = c.pool.get("corruption", 0)
        best = None
        owned = len(t.settlements)
        if owned < self.r.settlements_per_tribe:
            regs = settlement_regions(self.g, c.i)
            if regs:
                val = max(total(W, settlement_terms(self, Action("build_settlement", region=r))[0])
                          for r in regs[:12])
                price = owned + self.T.count_add["build_settlement"]     # data/costs.yaml
                best = (val - price, price)
        for h, hero in t.heroes.items():
            if hero.level >= self.r.max_level:
                continue
            need = hero.level + self.T.count_add["level_up"] - self.T.own_level_discount.get(h, 0)
            ups = [p[0] for p in self.s.perk_piles if p]
            if not ups:
                continue
            val = total(W, level_terms(self, Action("level_up", hero=h, perk=ups[0]))[0])
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
        """(score, reason): the weighted sum of the move's features, and the move in words."""
        v, note, paid = self._value_note(a)
        return v, self.reason(a, note, paid)

    def value(self, a: Action) -> float:
        """`score(a)[0]` without its reason: what a playout weighs (no move is put in words;
        `_value_note`'s sum, inlined: this runs for every action of every playout)."""
        k = a.kind
        fn = MOVES.get(k)
        if fn is None:
            return 0.0
        if a.has("pay") and k in _TRIBE_PAID:
            val, _note, claims, _terms = self._paid_base(fn, a)
            return val + self.W["price"] * self._price(a, claims)
        v = 0.0
        W = self.W
        for name, f in fn(self, a)[0]:
            v += W[name] * f
        return v

    def _value_note(self, a: Action) -> tuple[float, str, bool]:
        """(score, the scorer's note on what the move gains or risks, whether it is a paid Tribe Action)."""
        k = a.kind
        fn = MOVES.get(k)
        if fn is None:
            return 0.0, "", False
        if a.has("pay") and k in _TRIBE_PAID:
            val, note, claims, _terms = self._paid_base(fn, a)
            return val + self.W["price"] * self._price(a, claims), note, True
        terms, note = fn(self, a)
        v = 0.0                          # total(), inlined: this runs for every action of every playout
        W = self.W
        for name, f in terms:
            v += W[name] * f
        return v, note, False

    def terms(self, a: Action) -> tuple[tuple, str]:
        """(terms, reason): the move's features as (name, value) pairs, in the order of its score."""
        k = a.kind
        fn = MOVES.get(k)
        if fn is None:
            return (), self.reason(a, "", False)
        if a.has("pay") and k in _TRIBE_PAID:
            terms, note, claims = self._paid_base(fn, a)[3]
            return terms + (("price", self._price(a, claims)),), self.reason(a, note, True)
        terms, note = fn(self, a)
        return terms, self.reason(a, note, False)

    def reason(self, a: Action, note: str, paid: bool) -> str:
        """The heuristic's reason: the move in describe's words (the one source of a move's words,
        as the table, the log and the expert's reasons say it), then what the scorer found it gains
        or risks (`note`, in the goal's terms: "Beacons 2/3"), then a Tribe Action's payment."""
        text = with_note(self.head(a, paid), note)
        return f"{text} (pays {self._cards(a.get('pay'))})" if paid else text

    def head(self, a: Action, paid: bool = False) -> str:
        """describe(a) for the deciding position's seats; a paid Tribe Action's once for all its payments."""
        if self._names is None:
            self._names = Names.of(self.g.rules)
            self._seats = [t.id for t in self.s.tribes]
        if not paid:
            return describe(a, self._names, self._seats)
        key = (a.kind, tuple([f for f in a.fields if f[0] != "pay" and f[0] != "discounts"]))
        head = self._heads.get(key)
        if head is None:
            head = self._heads[key] = describe(a.without("pay", "discounts"), self._names, self._seats)
        return head

    def _paid_base(self, fn, a: Action) -> tuple:
        """A Tribe Action's features but its payment, once for all its payments: (score, note,
        claims it reaches, (terms, note, claims))."""
        # the move without its payment, as plain fields (cheaper than a.without's new Action)
        key = (a.kind, tuple([f for f in a.fields if f[0] != "pay" and f[0] != "discounts"]))
        base = self._base.get(key)
        if base is None:
            self.c.claims = 0
            terms, note = fn(self, a)
            base = self._base[key] = (total(self.W, terms), note, self.c.claims, (terms, note, self.c.claims))
        return base

    def _price(self, a: Action, claims: int) -> float:
        """What the payment gives up (the `price` feature): its cards, and the claims it leaves short."""
        return self._pay_price(a.get("pay"), a.get("discounts") or (), claims)

    def _cards(self, pay) -> str:
        """`_cards(pay)`, remembered for the decision (every scored payment says its cards)."""
        said = self._said.get(pay)
        if said is None:
            said = self._said[pay] = _cards(pay, Names.of(self.g.rules))
        return said

    def _pay_price(self, pay, discounts: tuple, claims: int) -> float:
        """`_price` of a payment, remembered for the decision: the same few payments recur for
        every target a Tribe Action can take (a Settlement's twenty Regions, ...)."""
        key = (pay, discounts, claims)
        cost = self._prices.get(key)
        if cost is None:
            cost = self.c.pay_cost(pay, discounts)
            if claims:
                cost += self.c.claim_cost(pay, claims)
            self._prices[key] = cost
        return cost

    def same_area(self, reg) -> int:
        """Own Settlements in reg's Area: a Harvest of that Area pays one card for each."""
        area = self.r.region_area[reg]
        return sum(1 for x in self.c.t.settlements if self.r.region_area[x] == area)

    def area_note(self, reg, k: int) -> str:
        """Said when the Area bonus counted: the k own Settlements already in reg's Area."""
        if not (self.c.w.area_bonus and k):
            return ""
        return f"Settlement {k + 1} in the {title(self.r.region_area[reg])}'s Area (its Harvest pays each)"

    # ================================================================== building blocks
    def event_value(self) -> float:
        """What facing a Corruption Event is worth to me (the best option I could take)."""
        c = self.c
        W = self.W
        best = total(W, corruption_terms(self, "ignore", None, None, None)[0])
        if yield_allowed(self.g, c.i):                 # coop and solo bar it from a Corruption level on
            best = max(best, total(W, corruption_terms(self, "yield", None, None, None)[0]))
        cols = cleanse_colours(self.g, c.i)
        if cols:
            col = min(cols, key=c.cv)
            targets = (["doom"] if self.s.doom > 0 else []) + corrupted_guardians(self.g)
            for tg in targets[:2]:
                best = max(best, total(W, corruption_terms(self, "cleanse_corruption", col, tg, None)[0]))
            if c.t.corruption > 0:
                best = max(best, total(W, corruption_terms(self, "cleanse_tribe", col, None, None)[0]))
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

    def solve_note(self, kind) -> str:
        """What a solve of a `kind` Menace gains on its track's Achievement ("Red Menaces 2/3",
        "earns Red Menaces"); the solve itself is said by describe."""
        c = self.c
        aid = track_aid(c, kind)
        if not aid:
            return ""
        m = min(c.mine[aid] + 1, self.r.menace_max)
        tgt = c.target(aid)
        if m >= tgt and aid not in c.held:
            return f"earns {aid.replace('-', ' ').title()}"
        return f"{aid.replace('-', ' ').title()} {m}/{tgt}"

    def quest_value(self, card) -> float:
        col = colour_of(card)
        if col == "corruption":
            return self.event_value()
        return self.c.cv(col) + 0.05

    def herb_worth(self, herb) -> tuple[float, str]:
        c = self.c
        r = self.r
        v = 0.0
        what = "a Herb"
        if r.herb_ability(herb, "discount"):
            v += c.w.herb_discount * min(c.rounds_left, 4)
            what = "a discount or a Menace solve each round"
        gem = r.herb_ability(herb, "hero_gem")
        if gem:
            if gem["hero"] in c.t.heroes:
                v += c.w.herb_gem * min(c.rounds_left, 4)
            what = f"an Action gem for the {gem['hero']}"
        b = r.herb_bonus.get(herb) or {}
        v += self.bonus_worth(b)
        if r.herb_ability(herb, "harvest_bonus"):
            v += c.w.herb_harvest * min(c.rounds_left, 5)
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

        need = self.T.fellowship_heroes

        def val(hh, pp):
            tgt = c.target(aid)
            if hh >= need and pp >= tgt:
                return self.c.w.ach
            frac = 0.5 * min(hh, need) / need + 0.5 * min(pp, tgt) / max(1, tgt)
            return self.c.w.ach * self.c.w.fellowship_prog * frac * c.horizon
        return val(heroes + dheroes, perks + dperks) - val(heroes, perks)

    # ---- Harvest ------------------------------------------------------------------------
    def harvest_value(self, idx) -> tuple[float, str]:
        """What a Harvest on wheel space idx brings (cached: a decision asks for it per step)."""
        if idx not in self._harvest:
            self._harvest[idx] = self._harvest_value(idx)
        return self._harvest[idx]

    def _harvest_value(self, idx) -> tuple[float, str]:
        """Who gets how many cards is the engine's count (event_phase.harvest_yield, the Harvest's
        own steps); what they are worth to me is the bot's: a Corruption Event costs, a partner's
        cards help, a rival's hurt."""
        c = self.c
        pays = harvest_yield(self.g, idx, c.statuses())
        if pays is None:
            return (-0.2, "frozen, nothing")           # Winter's Grasp
        area = self.T.wheel[idx] in self.T.guardian_set
        gains = [0.0] * c.n
        for j, (cards, events) in enumerate(pays):
            gains[j] += cards
            for _ in range(events):
                if not area:
                    gains[j] -= 1.0                      # every Region it could pick is Corrupted
                elif j != c.i:
                    gains[j] -= 1.5
                else:
                    gains[j] -= max(1.5 - self.event_value(), -1.0)
        w = c.w
        if area and w.doubled_beacon_card != 1.0:
            for j, k in self._doubled_beacons(self.T.wheel[idx]):
                gains[j] -= (1.0 - w.doubled_beacon_card) * k
        mine_cards = pays[c.i][0]
        v = gains[c.i]
        others = sum(gains[j] for j in range(c.n) if j != c.i)
        if c.coop:
            v += w.harvest_partner * others
        elif c.n > 1:
            v -= w.harvest_rival * others / max(1, c.n - 1) * (1.0 if c.n == 2 else w.harvest_crowd)
        why = f"{mine_cards} Essence{'s' if mine_cards != 1 else ''} for itself"
        if c.coop and others > 0:
            why += f", {int(others)} for its partners"
        return (v, why)

    def _doubled_beacons(self, area) -> list[tuple[int, int]]:
        """[(tribe, n)]: its untroubled Beacons in `area` on a Heartland whose token repeats the
        printed Terrain. The Harvest pays such a Region two cards of one colour (the engine's
        region_gives: rulebook Harvest A, R5); the bots counted one until the count came from the
        engine, and the weight `doubled_beacon_card` (0.0) keeps that estimate: weights.py CONSTANTS.
        Setting it to 1.0 values the card as the Harvest pays it and changes moves (4-player
        competitive heuristic self-play, seed 105)."""
        out = []
        ra = self.r.region_area
        for j, t in enumerate(self.s.tribes):
            k = 0
            for reg in t.beacons:
                if ra[reg] == area and self.c.status(reg) is None:
                    gives, one_of = region_gives(self.g, j, reg)
                    if not one_of and len(gives) == 2 and gives[0] == gives[1]:
                        k += 1
            if k:
                out.append((j, k))
        return out

    def best_harvest(self, start: int | None = None) -> tuple[float, str]:
        """The best Harvest reachable from wheel space `start` (default: the token's space)."""
        start = self.s.harvest if start is None else start
        w = len(self.T.wheel)
        return max((self.harvest_value((start + k) % w) for k in range(1, max_steps(self.g, self.c.i) + 1)),
                   key=lambda v: v[0])

    def beacon_solve_value(self) -> float:
        c = self.c
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
            for hero in c.t.heroes.values():
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
        for hero in c.t.heroes.values():
            if not hero.node:
                continue
            for card in hero.quests:
                if back_of(card) == gd and colour_of(card) in quest_colours(self.g, hero):
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
            col, gd = colour_of(card), back_of(card)
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
        for d in self.s.guardians.values():
            tok = d.get("token")
            if tok and self.r.token_kind(tok) == col:
                k = dist.get(d["region"], 99)
                v += 1.0 / (1 + k)
        return v

    # ---- Tribe: best purchase right now (for choosing the Phase) --------------------------
    def best_tribe_purchase(self) -> tuple[float, str]:
        """(the best Tribe Action's score, its reason as `score` gives it), (0.0, "") for none worth it."""
        best, a, note, paid = self.best_tribe_buy()
        return best, (self.reason(a, note, paid) if a is not None else "")

    def best_tribe_buy(self) -> tuple[float, Action | None, str, bool]:
        """The best Tribe Action buyable now: (score, the move, its scorer's note, whether paid)."""
        g = self.g
        best, top, note, paid = 0.0, None, "", False
        for kind in ("level_up", "build_settlement", "build_beacon", "control_totem", "gather_herb",
                     "attune", "dress_hero"):
            acts = registry.MOVES[kind].enumerate(g)       # every Tribe Action is registered
            if acts.__class__ is Paid and kind in _TRIBE_PAID and kind in MOVES:
                found = self._best_paid(acts, best)
                if found is not None:
                    best, top, note, paid = found[0], found[1], found[2], True
                continue
            for a in acts:
                v, n, p = self._value_note(a)
                if v > best:
                    best, top, note, paid = v, a, n, p
        return best, top, note, paid

    def _paid_rows(self, paid: Paid):
        """Per target of one kind's listing, in its order: (features' score but the payment, the
        scorer's note, each payment's weighted price, the payments, the target's group and first
        index in it). A target's features are the same for all its payments (`_paid_base`), and
        the targets of a group share their payments, so each payment is priced once a group (per
        number of claims reached)."""
        kind = paid.kind
        fn = MOVES[kind]
        wp = self.W["price"]
        for g, (bases, choices) in enumerate(paid.groups):
            step = len(choices)
            priced: dict = {}                 # claims -> each payment's weighted price, in order
            for b, base in enumerate(bases):
                known = self._base.get((kind, base))
                val, note, claims, _terms = known if known is not None else \
                    self._paid_base(fn, paid.build(g, b * step))
                xs = priced.get(claims)
                if xs is None:
                    xs = priced[claims] = [wp * self._pay_price(pay, disc or (), claims) for pay, disc in choices]
                yield val, note, xs, g, b * step

    def paid_values(self, paid: Paid) -> list[float]:
        """`score(a)[0]` of every move of one kind's listing, in order, no move built."""
        out: list[float] = []
        for val, _note, xs, _g, _j in self._paid_rows(paid):
            out += [val + x for x in xs]
        return out

    def _best_paid(self, paid: Paid, best: float) -> tuple[float, Action, str] | None:
        """`best_tribe_buy` over one kind's listing, move by move in the listing's order as
        `score` would weigh them (`_paid_rows`): (score, move, note) of one better than `best`,
        else None. Only the winner is built into an Action."""
        found = None
        for val, note, xs, g, j in self._paid_rows(paid):
            for c, x in enumerate(xs):
                v = val + x
                if v > best:
                    best, found = v, (g, j + c, note)
        if found is None:
            return None
        return best, paid.build(found[0], found[1]), found[2]


_TRIBE_PAID = frozenset(TRIBE_ACTIONS)


def with_note(head: str, note: str) -> str:
    """A move's words and a note on it: 'Build a Red Beacon in the Bear's River: Beacons 2/3'; after
    a label that has a colon of its own ('Ignore: Doom +1') the note follows a semicolon, so the
    sentence does not read as a chain of colons."""
    if not note:
        return head
    return f"{head}; {note}" if ": " in head else f"{head}: {note}"


def _cards(pay, names: Names) -> str:
    """A payment's cards in words ('1 Red + 2 Blue'), 'nothing' for a free one."""
    return names.pay(pay) if pay else "nothing"


_Scorer = Scorer          # the name tests and older callers use

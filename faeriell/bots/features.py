"""Named features of a position, as one side sees it: the inputs of the learned win chance.

Each feature is a small function of a `Look` (the game, the seat and what knowledge.py and
expert.py already compute for it) returning a float; a mode's feature set is an ordered tuple of
names, and `vector(game, seat, names)` reads them in that order (catanatron's features.py is the
model). Nothing here re-implements a rule: the counts come from the state, the Achievement
measures from the engine (achievements.tribe_measures, through knowledge.Ctx), the targets from
the rules (modes.yaml, endgame.coop_target) and the races from the bots' own helpers
(knowledge.Ctx.remaining_cost, expert.race_slack, expert.rounds_left, evaluate.evaluate).

What a seat may see: every feature reads only public things (the board, tracks, counts and
colours of cards in hand, the bag's contents but not its order) or the seat's own tribe, so a
world imagined from the seat's view (observe.determinize) gives the same vector as the real game
(tests/test_win_chance.py checks it).

The side: solo, the one tribe; Full Coop, the team (team sums, so every seat gives the same
vector); competitive, the seat's tribe against the best rival.
"""
from __future__ import annotations

from math import tanh

from faeriell.engine.endgame import coop_target
from faeriell.engine.words import COLORS

from .evaluate import evaluate
from .expert import race_slack, rounds_left, team_count
from .knowledge import INF, RACE_INCOME, Ctx
from .weights import weights_for

DIFFICULTIES = ("easy", "medium", "hard", "very_hard")
CARD_COLOURS = COLORS + ("corruption",)


class Look:
    """One side's position, with the shared look-ups computed once (lazily)."""

    __slots__ = ("g", "s", "r", "seat", "mode", "side", "_ctx", "_ctxs", "_costs", "_value", "_slack")

    def __init__(self, game, seat: int) -> None:
        self.g = game
        self.s = game.state
        self.r = game.rules
        self.mode = self.s.mode
        # coop is the team's: seen from seat 0's chair, every figure a team sum (any seat: the same)
        self.seat = 0 if self.mode == "coop" else seat
        self.side = list(range(self.s.players)) if self.mode == "coop" else [self.seat]
        self._ctx: Ctx | None = None
        self._ctxs: dict = {}
        self._costs: list | None = None
        self._value: float | None = None
        self._slack: float | None = None

    @property
    def ctx(self) -> Ctx:
        if self._ctx is None:
            self._ctx = Ctx(self.g, self.seat, weights_for(self.mode))
        return self._ctx

    def ctx_of(self, j: int) -> Ctx:
        if j == self.seat:
            return self.ctx
        if j not in self._ctxs:
            self._ctxs[j] = Ctx(self.g, j, self.ctx.w)
        return self._ctxs[j]

    def tribes(self):
        return [self.s.tribes[j] for j in self.side]

    def rivals(self) -> list[int]:
        return [j for j in range(self.s.players) if j not in self.side]

    def missing_costs(self) -> list[float]:
        """What each Achievement the side lacks still costs, in cards (the cheapest tribe's
        estimate, knowledge.remaining_cost), cheapest first; out of reach = INF."""
        if self._costs is None:
            held = {a for t in self.tribes() for a in t.achievements}
            out = []
            for aid in self.r.conditions:
                if aid in held:
                    continue
                out.append(min(self.ctx_of(j).remaining_cost(aid, j=j) for j in self.side))
            self._costs = sorted(out)
        return self._costs

    def cards(self) -> float:
        return float(sum(len(t.essences) for t in self.tribes()))

    def value(self) -> float:
        if self._value is None:
            self._value = evaluate(self.g, self.seat, self.ctx)
        return self._value

    def slack(self) -> float:
        if self._slack is None:
            self._slack = race_slack(self.g, self.seat, self.ctx) if self.mode != "competitive" else 0.0
        return self._slack


# --------------------------------------------------------------------------- time and Doom
def f_round(L: Look) -> float:
    return float(L.s.round)


def f_round_part(L: Look) -> float:
    """How far the side's tribe is through this round's three Phases (0..1)."""
    return len(L.s.tribes[L.seat].phases_done) / 3.0


def f_doom(L: Look) -> float:
    return L.s.doom / L.r.doom_max


def f_doom_rounds(L: Look) -> float:
    """Rounds Automatic Doom (R34) and a Menace step a round leave (expert.rounds_left)."""
    return rounds_left(L.s.doom, L.r)


def f_bot_rounds(L: Look) -> float:
    """The heuristic's own guess of the rounds left (knowledge.Ctx.rounds_left)."""
    return L.ctx.rounds_left


def f_menaces_out(L: Look) -> float:
    """Menace tokens on the island (not Corruption)."""
    return float(sum(1 for d in L.s.guardians.values()
                     if d.get("token") and L.r.token_kind(d["token"]) != "corruption"))


def f_corruption_out(L: Look) -> float:
    return float(sum(1 for d in L.s.guardians.values()
                     if d.get("token") and L.r.token_kind(d["token"]) == "corruption"))


def f_bag_corruption(L: Look) -> float:
    """Share of Corruption tokens in the bag (its contents are known from what is out; not its order)."""
    bag = L.s.bag
    if not bag:
        return 0.0
    return sum(1 for t in bag if L.r.token_kind(t) == "corruption") / len(bag)


def f_threatened_home(L: Look) -> float:
    """The side's Settlements whose Region holds a token (they do not harvest)."""
    marked = {d["region"] for d in L.s.guardians.values() if d.get("token")}
    return float(sum(1 for t in L.tribes() for reg in t.settlements if reg in marked))


# --------------------------------------------------------------------------- the side's race
def f_held(L: Look) -> float:
    """Achievements the side holds (coop: the nearer of distinct Achievements and tokens)."""
    if L.mode == "competitive":
        return float(len(L.s.tribes[L.seat].achievements))
    return float(team_count(L.g, L.seat)[0])


def f_short(L: Look) -> float:
    """Achievements (or coop tokens) still needed to win (competitive: to end the round, R42)."""
    if L.mode == "competitive":
        return float(max(0, L.r.end_round_at - len(L.s.tribes[L.seat].achievements)))
    have, need = team_count(L.g, L.seat)
    return float(max(0, need - have))


def f_short_per_round(L: Look) -> float:
    """Achievements still needed per round Doom leaves."""
    return f_short(L) / max(0.5, rounds_left(L.s.doom, L.r))


def f_race_slack(L: Look) -> float:
    """Solo/coop: the expert's race term (cards and income against the cheapest needed Achievements), -1..1."""
    return L.slack()


def f_need_cost(L: Look) -> float:
    """Cards the cheapest still-needed Achievements cost (each capped at 30)."""
    k = int(f_short(L))
    return sum(min(c, 30.0) for c in L.missing_costs()[:k])


def f_need_cost_per_card(L: Look) -> float:
    """That cost against cards in hand plus the income of the rounds left (knowledge's RACE_INCOME)."""
    budget = L.cards() + RACE_INCOME * len(L.side) * rounds_left(L.s.doom, L.r)
    return f_need_cost(L) / max(1.0, budget)


def f_reach_now(L: Look) -> float:
    """Missing Achievements the cards in hand could pay for."""
    cards = L.cards() / len(L.side)
    return float(sum(1 for c in L.missing_costs() if c <= cards))


def f_reach_round(L: Look) -> float:
    """... with one more round's income."""
    cards = L.cards() / len(L.side) + RACE_INCOME
    return float(sum(1 for c in L.missing_costs() if c <= cards))


def f_cheapest(L: Look) -> float:
    costs = L.missing_costs()
    return min(costs[0], 30.0) if costs else 0.0


def f_out_of_reach(L: Look) -> float:
    return float(sum(1 for c in L.missing_costs() if c >= INF))


def f_value(L: Look) -> float:
    """The heuristic's evaluation (evaluate.py), squashed: card units / 30 through tanh."""
    return tanh(L.value() / 30.0)


# --------------------------------------------------------------------------- the side's tribe(s)
def _colour(col: str):
    def f(L: Look) -> float:
        return float(sum(1 for t in L.tribes() for c in t.essences if c.colour == col))
    f.__name__ = f"f_cards_{col}"
    f.__doc__ = f"{col.title()} Essences the side holds."
    return f


def f_cards(L: Look) -> float:
    return L.cards()


def f_heroes(L: Look) -> float:
    return float(sum(len(t.heroes) for t in L.tribes()))


def f_levels(L: Look) -> float:
    return float(sum(h.level for t in L.tribes() for h in t.heroes.values()))


def f_settlements(L: Look) -> float:
    return float(sum(len(t.settlements) for t in L.tribes()))


def f_beacons(L: Look) -> float:
    return float(sum(len(t.beacons) for t in L.tribes()))


def f_herbs(L: Look) -> float:
    return float(sum(len(t.herbs) for t in L.tribes()))


def f_attunements(L: Look) -> float:
    return float(sum(len(t.attunements) for t in L.tribes()))


def f_quests(L: Look) -> float:
    return float(sum(len(h.quests) for t in L.tribes() for h in t.heroes.values()))


def f_solved(L: Look) -> float:
    return float(sum(sum(t.solved.values()) for t in L.tribes()))


def f_tribe_corruption(L: Look) -> float:
    """The side's highest Tribe Corruption, against the Sower's mark."""
    return max(t.corruption for t in L.tribes()) / L.r.sower_at


def f_cleanser(L: Look) -> float:
    return float(any(t.cleanser for t in L.tribes()))


def f_progress(L: Look) -> float:
    """Share of the way to each unheld 'most' Achievement's threshold, summed (engine measures)."""
    total = 0.0
    held = {a for t in L.tribes() for a in t.achievements}
    for aid, cond in L.r.conditions.items():
        if aid in held or cond["kind"] != "most":
            continue
        tgt = max(1, int(cond.get("min", 1)))
        total += max(min(1.0, L.ctx_of(j).rows[j][aid] / tgt) for j in L.side)
    return total


# --------------------------------------------------------------------------- coop
def f_need_achievements(L: Look) -> float:
    return float(coop_target(L.g)["achievements"]) if L.mode == "coop" else 0.0


def f_team_distinct(L: Look) -> float:
    return float(sum(1 for holders in L.s.achievements.values() if holders))


def f_team_tokens(L: Look) -> float:
    return float(sum(len(t.achievements) for t in L.s.tribes))


# --------------------------------------------------------------------------- competitive
def f_rival_held(L: Look) -> float:
    return float(max((len(L.s.tribes[j].achievements) for j in L.rivals()), default=0))


def f_lead(L: Look) -> float:
    return f_held(L) - f_rival_held(L)


def f_rival_cards(L: Look) -> float:
    return float(max((len(L.s.tribes[j].essences) for j in L.rivals()), default=0))


def f_rival_corruption(L: Look) -> float:
    return max((L.s.tribes[j].corruption for j in L.rivals()), default=0) / L.r.sower_at


def f_sower_me(L: Look) -> float:
    return float(bool(L.s.tribes[L.seat].sower))


def f_sower_rival(L: Look) -> float:
    return float(L.s.sower is not None and L.s.sower != L.seat)


def f_aspiring(L: Look) -> float:
    """The heuristic's own judgement that this tribe should court the Sower's road."""
    return float(L.ctx.aspiring)


def f_last_round(L: Look) -> float:
    """The round ends the game (R42) and the side leads / trails."""
    if not L.s.end_after_round:
        return 0.0
    return 1.0 if f_lead(L) > 0 else (-1.0 if f_lead(L) < 0 else 0.0)


def f_first(L: Look) -> float:
    return float(L.s.first_player == L.seat)


# --------------------------------------------------------------------------- the table
def _difficulty(name: str):
    def f(L: Look) -> float:
        return float(L.s.difficulty == name)
    f.__name__ = f"f_difficulty_{name}"
    return f


def _players(n: int):
    def f(L: Look) -> float:
        return float(L.s.players == n)
    f.__name__ = f"f_players_{n}"
    return f


def _tribe(tid: str):
    def f(L: Look) -> float:
        return float(L.s.tribes[L.seat].id == tid)
    f.__name__ = f"f_tribe_{tid}"
    return f


FEATURES: dict = {
    "round": f_round, "round_part": f_round_part, "doom": f_doom, "doom_rounds": f_doom_rounds,
    "bot_rounds": f_bot_rounds, "menaces_out": f_menaces_out, "corruption_out": f_corruption_out,
    "bag_corruption": f_bag_corruption, "threatened_home": f_threatened_home,
    "held": f_held, "short": f_short, "short_per_round": f_short_per_round, "race_slack": f_race_slack,
    "need_cost": f_need_cost, "need_cost_per_card": f_need_cost_per_card, "reach_now": f_reach_now,
    "reach_round": f_reach_round, "cheapest": f_cheapest, "out_of_reach": f_out_of_reach, "value": f_value,
    "cards": f_cards, **{f"cards_{c}": _colour(c) for c in CARD_COLOURS},
    "heroes": f_heroes, "levels": f_levels, "settlements": f_settlements, "beacons": f_beacons,
    "herbs": f_herbs, "attunements": f_attunements, "quests": f_quests, "solved": f_solved,
    "tribe_corruption": f_tribe_corruption, "cleanser": f_cleanser, "progress": f_progress,
    "need_achievements": f_need_achievements, "team_distinct": f_team_distinct, "team_tokens": f_team_tokens,
    "rival_held": f_rival_held, "lead": f_lead, "rival_cards": f_rival_cards,
    "rival_corruption": f_rival_corruption, "sower_me": f_sower_me, "sower_rival": f_sower_rival,
    "aspiring": f_aspiring, "last_round": f_last_round, "first": f_first,
    **{f"difficulty_{d}": _difficulty(d) for d in DIFFICULTIES},
    **{f"players_{n}": _players(n) for n in (2, 3, 4)},
}

_COMMON = ("round", "round_part", "doom", "doom_rounds", "bot_rounds", "menaces_out", "corruption_out",
           "bag_corruption", "threatened_home", "held", "short", "short_per_round", "need_cost",
           "need_cost_per_card", "reach_now", "reach_round", "cheapest", "out_of_reach", "value", "cards",
           *(f"cards_{c}" for c in CARD_COLOURS), "heroes", "levels", "settlements", "beacons", "herbs",
           "attunements", "quests", "solved", "tribe_corruption", "cleanser", "progress",
           *(f"difficulty_{d}" for d in DIFFICULTIES))

# Each mode's features, in the order the model's weights are written.
MODE_FEATURES: dict[str, tuple[str, ...]] = {
    "solo": _COMMON + ("race_slack",),
    "coop": _COMMON + ("race_slack", "need_achievements", "team_distinct", "team_tokens",
                       *(f"players_{n}" for n in (2, 3, 4))),
    "competitive": _COMMON + ("rival_held", "lead", "rival_cards", "rival_corruption", "sower_me",
                              "sower_rival", "aspiring", "last_round", "first",
                              *(f"players_{n}" for n in (2, 3, 4))),
}


def feature(name: str):
    """The function of a feature name; `tribe_<id>` (is the seat this tribe?) for any tribe id."""
    if name in FEATURES:
        return FEATURES[name]
    if name.startswith("tribe_") and len(name) > 6:
        return _tribe(name[6:])
    raise KeyError(name)


def mode_features(mode: str, rules) -> tuple[str, ...]:
    """The features a model of `mode` reads, in order: competitive adds one per tribe of the
    catalog (the tribes' Heroes and Sower roads differ)."""
    names = MODE_FEATURES[mode]
    if mode == "competitive":
        names = names + tuple(f"tribe_{t}" for t in rules.catalog.tribes)
    return names


def vector(game, seat: int, names) -> list[float]:
    """The features `names` of `seat`'s side, in that order."""
    look = Look(game, seat)
    return [feature(n)(look) for n in names]


def named(game, seat: int) -> dict[str, float]:
    """Every feature of the game's mode by name (for reading and tests)."""
    names = mode_features(game.state.mode, game.rules)
    return dict(zip(names, vector(game, seat, names), strict=True))

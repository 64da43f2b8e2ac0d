"""The coach's grade of a pick in a `choose` step: best, good or costly, and why in the game's
words. No pygame here, and no rule: the values are the bots' own. Each option is played in the
same worlds imagined from the player's view, carried on by the heuristic to the end of the round
(bots.win_chance.played_out, as the review does), and the positions reached are valued by the
expert's race value (bots.leaves.race_value: Achievements held and within reach, Essences, and
the Achievements still needed against the rounds Doom leaves), in card units. The learned win
chance is kept beside it for the record, but it does not grade: near 0 or 1 it no longer tells
moves apart (an early solo Easy position reads 0.95 whatever is played). The costs are the
engine's (engine.consequences: Doom, Tribe Corruption, Achievements lost or claimed) and the
gains the expert's (bots.expert.gain_and_risk).

    weigh(game, step)              # [Weighed(option, action, chance, figures)] in the step's order
    computed_grades(weighed)       # ["best", "costly", ...]: what the bots make of the options
    grade_problems(game, step)     # what --check reports: an option not legal, a grade the bots disagree with
    verdict(game, step, action)    # Verdict(grade, text) for the pick (game: the position before it)

A chapter names its options and their grades; `python -m faeriell.tutorial --check` plays every
option here and fails a chapter whose grades the bots do not bear out, so the words the table
shows (the chapter's) never contradict the evaluation.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from faeriell.bots.expert import gain_and_risk
from faeriell.bots.heuristic import score_actions
from faeriell.bots.knowledge import Ctx
from faeriell.bots.leaves import race_value
from faeriell.bots.win_chance import played_out
from faeriell.engine import Action, matches
from faeriell.engine.consequences import consequences, cost_words
from faeriell.engine.describe import describe
from faeriell.engine.names import Names

WORLDS = 8                   # worlds each option is played in (all options meet the same ones)
# behind the best by this much of the race value (card units) is costly: two steps of Doom's
# worth (the review counts a step of Doom as 3 cards, an Achievement as 12), or half an Achievement's
COSTLY_CARDS = 6.0
TIE = 1.0                    # card units: closer than this to the best is as good as the best
HEADS = {"best": "Best move.", "good": "Good, but not the best.", "costly": "Costly."}


class Offered(Protocol):
    """What weigh() reads of an option: a chapters.Option, or a move the chapter does not name."""

    @property
    def move(self) -> dict: ...


@dataclass(frozen=True)
class Weighed:
    option: Offered              # chapters.Option (or _Free beside them)
    action: Action | None        # the legal move the option names (None: not legal here)
    value: float = 0.0           # the race value after it, by the round's end (card units)
    chance: float = 0.0          # the learned win chance there (0..1; said, not graded by)
    figures: tuple = (0.0, 0.0, 0.0)   # (Achievements, Doom, Essences) by the round's end


@dataclass(frozen=True)
class Verdict:
    grade: str                   # "best" | "good" | "costly"
    option: object               # the chapters.Option picked
    text: str                    # what the card shows


def legal_option(game, pattern: dict) -> Action | None:
    """The first legal move the option's pattern names (the engine lists it), or None."""
    p = Action.from_dict(pattern)
    return next((a for a in game.legal_actions() if matches(p, a)), None)


def option_of(step, action: Action):
    """The step's option `action` is (its pattern matches), or None."""
    return next((o for o in step.options if matches(Action.from_dict(o.move), action)), None)


def weigh(game, step, picked: Action | None = None) -> list[Weighed]:
    """Every option of `step` valued by the bots at `game` (the position before the pick). With
    `picked`, that very move stands for its option (a payment the player chose)."""
    seat = game.acting
    rows = []
    for o in step.options:
        a = picked if picked is not None and matches(Action.from_dict(o.move), picked) else legal_option(game, o.move)
        rows.append((o, a))
    acts = [a for _, a in rows if a is not None]
    values = played_out(game, seat, acts, WORLDS) if acts and seat is not None else []
    out, k = [], 0
    for o, a in rows:
        if a is None:
            out.append(Weighed(o, None))
            continue
        chance, ends = values[k]
        k += 1
        value = sum(race_value(w, seat) for w in ends) / len(ends)
        out.append(Weighed(o, a, value, chance, _figures(ends, seat)))
    return out


def _figures(ends, seat: int) -> tuple[float, float, float]:
    """(Achievements - the team's in Full Coop -, Doom, Essences in hand) of the positions a
    move was played on to, their means (what the review's figures count too)."""
    rows = []
    for w in ends:
        s = w.state
        ach = sum(1 for holders in s.achievements.values() if holders) if s.mode == "coop" \
            else len(s.tribes[seat].achievements)
        rows.append((ach, s.doom, len(s.tribes[seat].essences)))
    n = max(1, len(rows))
    return tuple(sum(r[k] for r in rows) / n for k in range(3))  # type: ignore[return-value]


def _favourites(game, width: int = 4) -> list[Action]:
    """The heuristic's best `width` distinct moves now (payment variants folded)."""
    acts = game.legal_actions()
    scores = score_actions(game, game.acting, acts, Ctx(game, game.acting))
    best: dict = {}
    for k, a in enumerate(acts):
        key = a.without("pay", "discounts") if a.has("pay") else a
        if key not in best or scores[k][0] > scores[best[key]][0]:
            best[key] = k
    return [acts[k] for k in sorted(best.values(), key=lambda k: -scores[k][0])[:width]]


def grade_from(best: Weighed, w: Weighed) -> str:
    """The grade the bots give `w` beside the best option: costly when its race value is behind
    by COSTLY_CARDS or more, good when behind by less."""
    gap = best.value - w.value
    if w is best or gap <= TIE:
        return "best"               # a tie with the best is as good as it (a chapter offers no ties)
    return "costly" if gap >= COSTLY_CARDS else "good"


def _top(weighed: list[Weighed]) -> Weighed | None:
    legal = [w for w in weighed if w.action is not None]
    return max(legal, key=lambda w: w.value) if legal else None


def computed_grades(weighed: list[Weighed]) -> list[str | None]:
    top = _top(weighed)
    return [None if w.action is None or top is None else grade_from(top, w) for w in weighed]


def grade_problems(game, step) -> list[str]:
    """Why this step's options or grades do not hold at `game` ([] when they do)."""
    names = Names.of(game.rules)
    out = []
    weighed = weigh(game, step)
    for w in weighed:
        if w.action is None:
            why = game.why_not(Action.from_dict(w.option.move))
            out.append(f"option {w.option.move} is not legal here ({why or 'not listed'})")
    if out:
        return out
    acts = [w.action for w in weighed if w.action is not None]     # all of them: none was illegal
    for k, a in enumerate(acts):
        others = [o.move for j, o in enumerate(step.options) if j != k and matches(Action.from_dict(o.move), a)]
        if others:
            out.append(f"option {step.options[k].move} is also option {others[0]}")
    grades = computed_grades(weighed)
    tribes = [t.id for t in game.state.tribes]
    # the chapter's best is the best the bots know of, not only of its own options: the
    # heuristic's favourite moves (the review's candidates) played in the same worlds
    top = _top(weighed)
    named = [Action.from_dict(o.move) for o in step.options]
    others = [a for a in _favourites(game) if not any(matches(p, a) for p in named)]
    if top is not None and others:
        extra = weigh(game, _Offer(tuple(_Free(a) for a in others)))
        for w in extra:
            # (a move not found again is not valued: 0.0 can beat a lost game's negative best)
            if w.action is not None and w.value - top.value >= COSTLY_CARDS:
                out.append(f"{describe(w.action, names, tribes)}, which the chapter does not offer, is worth "
                           f"{w.value - top.value:.1f} cards more than its best")
    for o, w, g in zip(step.options, weighed, grades, strict=True):          # weighed: one per option, in order
        if g != o.grade and w.action is not None:
            out.append(f"{describe(w.action, names, tribes)}: the chapter says {o.grade}, the bots' "
                       f"evaluation says {g} (race value {w.value:.2f}, win chance {w.chance:.3f}, figures "
                       f"{tuple(round(x, 2) for x in w.figures)})")
    return out


@dataclass(frozen=True)
class _Free:
    """A move the chapter does not name, weighed beside its options."""
    action: Action

    @property
    def move(self) -> dict:
        return self.action.to_dict()


@dataclass(frozen=True)
class _Offer:
    options: tuple


def _engine_words(game, action: Action) -> tuple[list[str], list[str]]:
    """(gains, costs) of `action` in the game's words: the engine's preview of what it does to
    Doom, Tribe Corruption and the Achievements (a claim and a step of Doom back are gains), then
    the expert's gains and what it spends."""
    names = Names.of(game.rules)
    me = game.acting
    cons = consequences(game, action)
    good = tuple(c for c in cons if c.kind == "claim" or (c.kind in ("doom", "corruption") and c.amount < 0))
    bad = tuple(c for c in cons if c not in good)
    gains = cost_words(good, names, me)
    costs = cost_words(bad, names, me)
    said = " ".join(gains + costs)
    more, risks = gain_and_risk(game, me, action, names)
    # the engine's preview already says Doom, Tribe Corruption and a claim or a loss
    for g in more:
        if cons and g.startswith(("Doom", "Tribe Corruption", "claims ")):
            continue
        gains.append(g.removeprefix("gains "))
    for r in risks:
        if cons and r.startswith(("Doom", "Tribe Corruption", "gives up")):
            continue
        if r not in said:
            costs.append(r)
    return gains, costs


def _figures_words(best: tuple, mine: tuple, coop: bool) -> str:
    """What the best move leaves by the round's end beside the pick (the bots' playouts, means
    to the nearest whole one): where it leads first, then, honestly, where it trails."""
    (a1, d1, e1), (a0, d0, e0) = (tuple(int(x + 0.5) for x in best), tuple(int(x + 0.5) for x in mine))
    ach = "of the team's Achievements" if coop else "Achievements"
    lead: list[str] = []
    trail: list[str] = []
    if a1 != a0:
        (lead if a1 > a0 else trail).append(f"{a1} {ach} instead of {a0}")
    if d1 != d0:
        (lead if d1 < d0 else trail).append(f"Doom {d1} instead of {d0}")
    if e1 != e0:
        (lead if e1 > e0 else trail).append(f"{e1} Essence{'s' if e1 != 1 else ''} in hand instead of {e0}")
    if not lead:
        return "Played on to the round's end, the counts come out level, but it leaves you better placed for the next."
    out = "Played on to the round's end, it leaves " + ", ".join(lead)
    return out + (f" (though {', '.join(trail)})." if trail else ".")


def verdict(game, step, action: Action) -> Verdict | None:
    """The coach's word on `action`, one of `step`'s options, picked at `game` (before it is
    played). The grade is the chapter's (checked against the bots by --check); the words add the
    engine's costs and, beside the best, what the best keeps by the round's end (the bots' play)."""
    o = option_of(step, action)
    if o is None:
        return None
    names = Names.of(game.rules)
    tribes = [t.id for t in game.state.tribes]
    parts = [HEADS[o.grade], o.why]
    gains, costs = _engine_words(game, action)
    if gains:
        parts.append("Gains: " + "; ".join(gains) + ".")
    if costs:
        parts.append("Costs: " + "; ".join(costs) + ".")
    best = step.best
    if o.grade != "best" and best is not None:
        weighed = weigh(game, step, picked=action)
        mine = next(w for w in weighed if w.option is o)
        top = next(w for w in weighed if w.option is best)
        if top.action is not None and mine.action is not None:
            label = describe(top.action, names, tribes)
            lead = _figures_words(top.figures, mine.figures, game.state.mode == "coop")
            parts.append(f"The best here: {label}. {lead}")
    parts.append({"best": "Go on when you are ready.",
                  "good": "Go on plays the best move, and the chapter carries on from there.",
                  "costly": "Try again: take the move back and choose another."}[o.grade])
    return Verdict(o.grade, o, " ".join(p.strip() for p in parts if p and p.strip()))

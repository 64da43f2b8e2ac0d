"""Key moments: the decisions where a player's position fell most against the best move found.

For every decision of the reviewed players that had a real choice, the reviewer replays the game to
that point and compares the move played with the strongest alternatives: each is played on a copy of
the position and the game is carried on by the same playout policy to a fixed horizon (the end of the
round by default), then the position is valued for the player by the expert's own leaf value
(bots.expert.race_value: Achievements held and within reach, cards, minus what Doom costs, and in solo
and coop the race against Doom), with the playout policy the expert's playouts follow. The review
knows the whole game, so each copy meets the same luck (the game's own generator): the gap between
two moves is their difference, not noise.

A move among the expert's own favourites (the candidates it would search) is graded only when the
review's longer look finds a clearly better one (a blunder's fall), and the reason says that it
looked longer: an expert game reviewed by the expert is not full of its own blunders. Every better
move states what it gains by the round's end in figures (Achievements, Doom, Essences) and in words.

`fall` is in card units (one Achievement held is worth 12); it grades the move:
inaccuracy >= 2, mistake >= 5, blunder >= 10.
"""
from __future__ import annotations

from dataclasses import dataclass

from faeriell.bots.expert import _why_kind, gain_and_risk, race_value
from faeriell.bots.heuristic import playout_move, score_actions
from faeriell.bots.knowledge import Ctx
from faeriell.engine.names import Names
from faeriell.bots.observe import fork
from faeriell.engine import Action
from faeriell.engine.saves import rebuild

GRADES = (("blunder", 10.0), ("mistake", 5.0), ("inaccuracy", 2.0))
CLEARLY = 10.0        # a fall the longer look must find before it grades one of the expert's own favourites
LOOKED_LONGER = "Found by looking further ahead than a move in play does (to the round's end, knowing the draws)."
# what the figures of a played-out position are worth, in the evaluation's card units (one
# Achievement held is 12); a "better" move whose figures show no gain is not called better
ACH_CARDS, DOOM_CARDS = 12.0, 3.0


def grade_of(fall: float) -> str | None:
    for name, at in GRADES:
        if fall >= at:
            return name
    return None


@dataclass
class Moment:
    index: int            # the action's position in the game (0-based)
    player: int
    round: int
    played: Action
    best: Action
    played_value: float
    best_value: float
    reason: str           # why the better move is better, in the game's words

    @property
    def fall(self) -> float:
        return max(0.0, self.best_value - self.played_value)

    @property
    def grade(self) -> str | None:
        return grade_of(self.fall)


def _playout(w, player: int, start_round: int, max_steps: int):
    s = w.state
    steps = 0
    while not s.game_over and s.round == start_round and steps < max_steps:
        w.apply(playout_move(w), trusted=True)
        steps += 1
    return race_value(w, player), w


def _value_after(game, action: Action, player: int, max_steps: int) -> float:
    return _played_out(game, action, player, max_steps)[0]


def _played_out(game, action: Action, player: int, max_steps: int):
    """(the expert's value of the position at the horizon, that position) after `action`."""
    w = fork(game)
    w.apply(action, trusted=True)
    return _playout(w, player, game.state.round, max_steps)


def _figures(w, player: int) -> tuple[int, int, int]:
    """(Achievements - the team's in coop -, Doom, Essences in hand) of a played-out position."""
    s = w.state
    if s.mode == "coop":
        ach = sum(1 for holders in s.achievements.values() if holders)
    else:
        ach = len(s.tribes[player].achievements)
    return ach, s.doom, len(s.tribes[player].essences)


def figure_gain(better, played) -> float:
    """The better move's lead in the figures, in card units (Achievements, Doom, Essences)."""
    (a1, d1, e1), (a0, d0, e0) = better, played
    return ACH_CARDS * (a1 - a0) - DOOM_CARDS * (d1 - d0) + (e1 - e0)


def figure_words(better, played, coop: bool = False) -> str:
    """'By the round's end: 1 more Achievement (3 instead of 2), Doom 7 instead of 8.'"""
    (a1, d1, e1), (a0, d0, e0) = better, played
    parts = []
    whose = "the team's " if coop else ""
    if a1 != a0:
        n = abs(a1 - a0)
        parts.append(f"{n} {'more' if a1 > a0 else 'fewer'} of {whose}Achievements ({a1} instead of {a0})"
                     if coop else f"{n} {'more' if a1 > a0 else 'fewer'} Achievement{'s' if n != 1 else ''} "
                                  f"({a1} instead of {a0})")
    if d1 != d0:
        parts.append(f"Doom {d1} instead of {d0}")
    if e1 != e0:
        n = abs(e1 - e0)
        parts.append(f"{n} {'more' if e1 > e0 else 'fewer'} Essence{'s' if n != 1 else ''} in hand")
    if not parts:
        return "By the round's end the counts are level, but it leaves you better placed for the next."
    return "By the round's end: " + ", ".join(parts) + "."


def _candidates(game, player: int, acts, width: int) -> list[tuple[Action, str]]:
    """The heuristic's best `width` distinct moves (payment variants folded), with its reasons."""
    scores = score_actions(game, player, acts, Ctx(game, player))
    best: dict = {}
    for k, a in enumerate(acts):
        key = a.without("pay", "discounts") if a.has("pay") else a
        if key not in best or scores[k][0] > scores[best[key]][0]:
            best[key] = k
    ranked = sorted(best.values(), key=lambda k: -scores[k][0])[:width]
    return [(acts[k], scores[k][1]) for k in ranked]


def _same(a: Action, b: Action) -> bool:
    return a == b or (a.has("pay") and b.has("pay") and a.without("pay", "discounts") == b.without("pay", "discounts"))


def assess(game, player: int, played: Action, width: int = 4, max_steps: int = 400) -> Moment | None:
    """The played move against the best of the expert's favourites, or None without a choice."""
    acts = game.legal_actions()
    if len(acts) < 2:
        return None
    cands = _candidates(game, player, acts, width)
    favourite = any(_same(a, played) for a, _ in cands)      # one the expert itself would weigh
    played_value, played_end = _played_out(game, played, player, max_steps)
    best, best_value, best_end, reason = played, played_value, played_end, ""
    for a, why in cands:
        if _same(a, played):
            continue
        v, end = _played_out(game, a, player, max_steps)
        if v > best_value:
            best, best_value, best_end = a, v, end
    if best != played and favourite and best_value - played_value < CLEARLY:
        # the expert's own kind of choice, and the longer look finds nothing clearly better
        best, best_value, best_end = played, played_value, played_end
    if best != played and figure_gain(_figures(best_end, player), _figures(played_end, player)) <= 0:
        # the figures by the round's end do not bear it out: not called better (the review tells
        # only gains it can show)
        best, best_value, best_end = played, played_value, played_end
    if best != played:
        names = Names.of(game.rules)
        gains, risks = gain_and_risk(game, player, best, names)
        words = "; ".join(gains + risks) or _why_kind(best)
        reason = figure_words(_figures(best_end, player), _figures(played_end, player),
                              game.state.mode == "coop")
        if words:
            reason = f"{words[0].upper()}{words[1:]}. {reason}"
        if favourite:
            reason += " " + LOOKED_LONGER
    return Moment(-1, player, game.state.round, played, best, played_value, best_value, reason)


def key_moments(rules, origin: dict, actions: list, players=None, width: int = 4, top: int = 6,
                progress=None, should_stop=None, tally: dict | None = None) -> list[Moment]:
    """The worst graded decisions of `players` (default: every seat), worst first, at most `top`.

    `progress(done, total)` is called after each action; `should_stop()` may end the review early
    (what was found so far is returned). `tally`, a dict, receives how many decisions were
    assessed and how many of them were graded (the accuracy is the share within the margin). Raises SaveError if an action does not fit.
    """
    game = rebuild(rules, origin)
    found: list[Moment] = []
    total = len(actions)
    for k, raw in enumerate(actions):
        if should_stop is not None and should_stop():
            break
        action = raw if isinstance(raw, Action) else Action.from_dict(raw)
        who = game.acting
        if who is not None and (players is None or who in players) and game.state.stage == "play":
            m = assess(game, who, action, width)
            if m is not None and tally is not None:
                tally["assessed"] = tally.get("assessed", 0) + 1
                tally["graded"] = tally.get("graded", 0) + (m.grade is not None)
            if m is not None and m.grade is not None:
                m.index = k
                found.append(m)
        game.apply(action)
        if progress is not None:
            progress(k + 1, total)
    found.sort(key=lambda m: -m.fall)
    return found[:top]

"""Key moments: the decisions where a player's win chance fell most against the best move found.

For every decision of the reviewed players that had a real choice, the reviewer replays the game to
that point and compares the move played with the strongest alternatives (the heuristic's best few
distinct moves, the expert's own candidates). Each is valued by the learned win chance
(bots.win_chance.played_out, the contract's chance_after): played in `WORLDS` worlds imagined from
the player's view (what the player could know then, never the draws to come), the game carried on
by the heuristic to the end of the round, and the position valued by win_chance. Every move meets
the same worlds, so the gap between two moves is their difference, not their luck.

A move is graded by the win chance it gives away, as chess sites grade by winning chances:
inaccuracy >= 5 points, mistake >= 10, blunder >= 15 (a fall of 0.15 in a chance in [0, 1]).
The other way round, a move that kept at least 10 points more than every other move compared is a
strong move: what a won game's review shows as what won it, with what the next best move gave up.

A move among the expert's own favourites (the candidates it would search) is graded only when the
review finds a clearly better one (a blunder's fall), and the reason says that it looked longer:
an expert game reviewed by the expert is not full of its own blunders. Every better move states
what it gains by the round's end in figures (Achievements, Doom, Essences; averaged over the
worlds) and in words; one whose figures show no gain is not called better.
"""
from __future__ import annotations

from dataclasses import dataclass

from faeriell.bots.expert import gain_and_risk, why_kind
from faeriell.bots.heuristic import score_actions
from faeriell.bots.knowledge import Ctx
from faeriell.bots.win_chance import played_out, shown_book
from faeriell.engine.names import Names
from faeriell.engine import Action
from faeriell.engine.saves import rebuild

# falls in win chance (0..1) that make each grade
GRADES = (("blunder", 0.15), ("mistake", 0.10), ("inaccuracy", 0.05))
CLEARLY = 0.15        # a fall the longer look must find before it grades one of the expert's own favourites
DECISIVE = 0.30       # a fall this large from a winning to a losing chance decided the game
STRONG = 0.10         # a move this far ahead of every other move compared is one of the game's best
STRONG_SHOWN = 3      # the strong moves a review names
WORLDS = 4            # worlds imagined for each decision (every candidate meets the same ones)
LOOKED_LONGER = "Found by comparing more moves than a move in play does, each played on to the round's end."
# what the figures of a played-out position are worth against one another (an Achievement is
# worth about four steps of Doom and twelve Essences): a "better" move whose figures show no gain
# is not called better
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
    played_value: float   # the win chance after the move played (0..1)
    best_value: float     # ... after the best move found
    reason: str           # why the better move is better (a strong move: why it beat the next best)
    runner_up: Action | None = None      # a strong move: the best other move found
    runner_up_value: float = 0.0         # ... and the win chance after it

    @property
    def lead(self) -> float:
        """How far a strong move kept ahead of the next best move found (0: not a strong move)."""
        return self.played_value - self.runner_up_value if self.runner_up is not None else 0.0

    @property
    def fall(self) -> float:
        return max(0.0, self.best_value - self.played_value)

    @property
    def grade(self) -> str | None:
        return grade_of(self.fall)

    @property
    def decisive(self) -> bool:
        """The move turned a likely win into a likely loss."""
        return self.played_value < 0.5 <= self.best_value and self.fall >= DECISIVE


def _played_out(game, action: Action, player: int, max_steps: int = 400, worlds: int = WORLDS):
    """(the win chance after `action`, the positions at the round's end it was read from)."""
    return played_out(game, player, [action], worlds, book=shown_book())[0]


def _value_after(game, action: Action, player: int, max_steps: int = 400) -> float:
    return _played_out(game, action, player, max_steps)[0]


def _figures(ends, player: int) -> tuple[float, float, float]:
    """(Achievements - the team's in coop -, Doom, Essences in hand) of a played-out position, or
    their means over a list of them."""
    if not isinstance(ends, list):
        ends = [ends]
    rows = []
    for w in ends:
        s = w.state
        if s.mode == "coop":
            ach = sum(1 for holders in s.achievements.values() if holders)
        else:
            ach = len(s.tribes[player].achievements)
        rows.append((ach, s.doom, len(s.tribes[player].essences)))
    n = max(1, len(rows))
    return tuple(sum(r[k] for r in rows) / n for k in range(3))  # type: ignore[return-value]


def figure_gain(better, played) -> float:
    """The better move's lead in the figures, in card units (Achievements, Doom, Essences)."""
    (a1, d1, e1), (a0, d0, e0) = better, played
    return ACH_CARDS * (a1 - a0) - DOOM_CARDS * (d1 - d0) + (e1 - e0)


def figure_words(better, played, coop: bool = False) -> str:
    """'By the round's end: 1 more Achievement (3 instead of 2), Doom 7 instead of 8.' (means over
    the worlds, to the nearest whole one)"""
    (a1, d1, e1), (a0, d0, e0) = (tuple(int(x + 0.5) for x in better), tuple(int(x + 0.5) for x in played))
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


def assess(game, player: int, played: Action, width: int = 4, max_steps: int = 400,
           worlds: int = WORLDS) -> Moment | None:
    """The played move against the best of the expert's favourites, or None without a choice."""
    acts = game.legal_actions()
    if len(acts) < 2:
        return None
    cands = _candidates(game, player, acts, width)
    favourite = any(_same(a, played) for a, _ in cands)      # one the expert itself would weigh
    others = [a for a, _why in cands if not _same(a, played)]
    results = played_out(game, player, [played] + others, worlds, book=shown_book())
    played_value, played_end = results[0]
    best, best_value, best_end, reason = played, played_value, played_end, ""
    for a, (v, end) in zip(others, results[1:], strict=True):
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
        reason = _why(game, player, best, best_end, played_end)
        if favourite:
            reason += " " + LOOKED_LONGER
        return Moment(-1, player, game.state.round, played, best, played_value, best_value, reason)
    m = Moment(-1, player, game.state.round, played, best, played_value, best_value, reason)
    if others:
        k = max(range(len(others)), key=lambda i: results[i + 1][0])
        second, (second_value, second_end) = others[k], results[k + 1]
        if (played_value - second_value >= STRONG
                and figure_gain(_figures(played_end, player), _figures(second_end, player)) > 0):
            # ahead of every other move compared, and the figures by the round's end show why
            m.runner_up, m.runner_up_value = second, second_value
            m.reason = _why(game, player, played, played_end, second_end)
    return m


def _why(game, player: int, move: Action, move_end, other_end) -> str:
    """Why `move` is worth more than the other move: what it gains and risks, in the game's words,
    then the figures by the round's end."""
    gains, risks = gain_and_risk(game, player, move, Names.of(game.rules))
    words = "; ".join(gains + risks) or why_kind(game, player, move)
    reason = figure_words(_figures(move_end, player), _figures(other_end, player), game.state.mode == "coop")
    return f"{words[0].upper()}{words[1:]}. {reason}" if words else reason


def at_stake(m: Moment) -> bool:
    """A decision that could earn a grade: the best move found kept at least the smallest grade's
    fall of the win chance. Once a game is out of reach no move can fall that far, so a lost
    game's hopeless moves would read as accurate (the 99% of a lost game): they are not counted."""
    return max(m.best_value, m.played_value) >= GRADES[-1][1]


def accuracy(tally: dict | None) -> float | None:
    """The one accuracy figure (the review says it, Progress keeps it: practice.record): the share
    of the decisions at stake that earned no grade; None when none was at stake."""
    if not tally or not tally.get("assessed"):
        return None
    return 1.0 - tally.get("graded", 0) / tally["assessed"]


def key_moments(rules, origin: dict, actions: list, players=None, width: int = 4, top: int = 6,
                progress=None, should_stop=None, tally: dict | None = None,
                strong: list | None = None) -> list[Moment]:
    """The worst graded decisions of `players` (default: every seat), worst first, at most `top`.
    `strong`, a list, receives their strong moves (Moment.lead), the furthest ahead first, at most 3.

    `progress(done, total)` is called after each action; `should_stop()` may end the review early
    (what was found so far is returned). `tally`, a dict, receives how many decisions were
    assessed ('decisions'), how many of them were at stake ('assessed', at_stake) and how many of
    those were graded ('graded'): accuracy(tally). Raises SaveError if an action does not fit.
    """
    game = rebuild(rules, origin)
    found: list[Moment] = []
    strong_found: list[Moment] = []
    total = len(actions)
    for k, raw in enumerate(actions):
        if should_stop is not None and should_stop():
            break
        action = raw if isinstance(raw, Action) else Action.from_dict(raw)
        who = game.acting
        if who is not None and (players is None or who in players) and game.state.stage == "play":
            m = assess(game, who, action, width)
            if m is not None and tally is not None:
                tally["decisions"] = tally.get("decisions", 0) + 1
                if at_stake(m):
                    tally["assessed"] = tally.get("assessed", 0) + 1
                    tally["graded"] = tally.get("graded", 0) + (m.grade is not None)
            if m is not None and (m.grade is not None or m.lead > 0):
                m.index = k
                (found if m.grade is not None else strong_found).append(m)
        game.apply(action)
        if progress is not None:
            progress(k + 1, total)
    found.sort(key=lambda m: -m.fall)
    if strong is not None:
        strong.extend(sorted(strong_found, key=lambda m: -m.lead)[:STRONG_SHOWN])
    return found[:top]

"""Key moments: the decisions where a player's position fell most against the best move found.

For every decision of the reviewed players that had a real choice, the reviewer replays the game to
that point and compares the move played with the strongest alternatives: each is played on a copy of
the position and the game is carried on by the same playout policy to a fixed horizon (the end of the
round by default), then the position is valued for the player (bots.evaluate: Achievements held and
within reach, cards, minus what Doom costs). The review knows the whole game, so each copy meets the
same luck (the game's own generator): the gap between two moves is their difference, not noise.

`fall` is in card units (one Achievement held is worth 12); it grades the move:
inaccuracy >= 2, mistake >= 5, blunder >= 10.
"""
from __future__ import annotations

from dataclasses import dataclass

from faeriell.bots.evaluate import evaluate
from faeriell.bots.expert import describe_gain
from faeriell.bots.heuristic import playout_move, score_actions
from faeriell.bots.knowledge import Ctx
from faeriell.bots.naming import Names
from faeriell.bots.observe import fork
from faeriell.engine import Action
from faeriell.engine.saves import rebuild

GRADES = (("blunder", 10.0), ("mistake", 5.0), ("inaccuracy", 2.0))


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


def _playout(w, player: int, start_round: int, max_steps: int) -> float:
    s = w.state
    steps = 0
    while not s.game_over and s.round == start_round and steps < max_steps:
        w.apply(playout_move(w), trusted=True)
        steps += 1
    return evaluate(w, player)


def _value_after(game, action: Action, player: int, max_steps: int) -> float:
    w = fork(game)
    w.apply(action, trusted=True)
    return _playout(w, player, game.state.round, max_steps)


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


def assess(game, player: int, played: Action, width: int = 4, max_steps: int = 400) -> Moment | None:
    """The played move against the best of the heuristic's favourites, or None without a choice."""
    acts = game.legal_actions()
    if len(acts) < 2:
        return None
    cands = _candidates(game, player, acts, width)
    played_value = _value_after(game, played, player, max_steps)
    best, best_value, reason = played, played_value, ""
    for a, why in cands:
        if a == played or (a.has("pay") and played.has("pay")
                           and a.without("pay", "discounts") == played.without("pay", "discounts")):
            continue
        v = _value_after(game, a, player, max_steps)
        if v > best_value:
            best, best_value = a, v
    if best != played:
        # what the better move gains at once, in the words the expert's hints use
        reason = ("; ".join(describe_gain(game, player, best, Names(game.rules)))
                  or "played on to the end of the round, it leaves you better placed")
    return Moment(-1, player, game.state.round, played, best, played_value, best_value, reason)


def key_moments(rules, origin: dict, actions: list, players=None, width: int = 4, top: int = 6,
                progress=None, should_stop=None) -> list[Moment]:
    """The worst graded decisions of `players` (default: every seat), worst first, at most `top`.

    `progress(done, total)` is called after each action; `should_stop()` may end the review early
    (what was found so far is returned). Raises SaveError if an action does not fit.
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
            if m is not None and m.grade is not None:
                m.index = k
                found.append(m)
        game.apply(action)
        if progress is not None:
            progress(k + 1, total)
    found.sort(key=lambda m: -m.fall)
    return found[:top]

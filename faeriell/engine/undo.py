"""Undo with Board Game Arena's policy: a player may take back only their own latest moves.

`undo_points(game)` says how many of the last actions the player who must act now may undo: their
own consecutive most recent actions, stopping at

* an action by another player (it has been seen and answered);
* an action that drew at random or revealed something hidden: its history entry says
  "revealed" (the generator was used, R36, a card came off a face-down deck or pile, a token
  from the bag, or another tribe's hidden cards changed: what view.player_view masks);
* the start of the current turn: the turn's own `choose_phase` may be undone, nothing before it
  (a turn is the stage, round, lap and active player - R26; each history entry records it).

`undo(game, n)` returns a new Game replayed from the origin without the last n actions, or raises
UndoError (an IllegalAction, with a reason in words) when the policy forbids it. Everything the
policy reads is in the history as `Game.apply` wrote it.
"""
from __future__ import annotations

from .core import Game, IllegalAction
from .explain import DOING
from .saves import rebuild, SaveError


class UndoError(IllegalAction):
    """An undo the policy refuses; `reason` says why."""


def _turn_key(s) -> tuple:
    return (s.stage, s.round, s.lap, s.active)


def _rebuild(game: Game) -> Game:
    try:
        return rebuild(game.rules, game.origin)
    except SaveError as e:
        raise UndoError(f"This game cannot be replayed, so nothing can be undone ({e}).") from e


def _window(game: Game) -> tuple[int, str]:
    """(how many actions may be undone, why not one more)."""
    me = game.acting
    if me is None:
        return 0, "the game is over"
    hist = game.history
    if not hist:
        return 0, "no action has been played yet"
    if not game.origin:
        return 0, "this game cannot be replayed: it has no recorded start"
    current = _turn_key(game.state)
    count = 0
    for k in range(len(hist) - 1, -1, -1):
        h = hist[k]
        a = h["action"]
        if h["player"] != me:
            who = "nobody" if h["player"] is None else f"player {h['player'] + 1}"
            return count, (f"{a!r} was played by {who}; you may undo only your own latest actions")
        if h["revealed"]:
            doing = DOING.get(a.kind, "That move")
            return count, (f"{doing} drew at random or revealed something hidden (a card, a token "
                           f"or a Perk tile came to light), so it cannot be taken back")
        if h["turn"] != current:
            return count, f"{a!r} belongs to an earlier turn; your turn has begun since"
        count += 1
    return count, "that is the start of the game"


def undo_points(game: Game) -> int:
    """How many of the last actions the player who acts now may undo (0 when none)."""
    return _window(game)[0]


def why_not_undo(game: Game, n: int = 1) -> str | None:
    """None when `undo(game, n)` is allowed, else the reason in words."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return f"Undo takes back at least one action, not {n!r}."
    count, reason = _window(game)
    if n <= count:
        return None
    if count == 0:
        return f"Nothing can be undone: {reason}."
    return (f"Only {count} action{'s' if count != 1 else ''} can be undone, not {n}: "
            f"{reason}.")


def undo(game: Game, n: int = 1) -> Game:
    """A new Game: the same origin, replayed without the last n actions (refused per the policy)."""
    reason = why_not_undo(game, n)
    if reason is not None:
        raise UndoError(reason)
    g = _rebuild(game)
    for h in game.history[:len(game.history) - n]:
        g.apply(h["action"], trusted=True)
    return g

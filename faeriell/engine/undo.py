"""Undo with Board Game Arena's policy: a player may take back only their own latest moves.

`undo_points(game)` says how many of the last actions the player who must act now may undo: their
own consecutive most recent actions, stopping at

* an action by another player (it has been seen and answered);
* an action that drew at random or revealed something hidden: its history entry says "random"
  (the generator was used, R36), or it took a card from a face-down deck or pile, a token from the
  bag, or changed another tribe's hidden cards (view.player_view masks all of these);
* the start of the current turn: the turn's own `choose_phase` may be undone, nothing before it
  (a turn is the stage, round, lap and active player - R26).

`undo(game, n)` returns a new Game replayed from the origin without the last n actions, or raises
UndoError (an IllegalAction, with a reason in words) when the policy forbids it.

Whether an action revealed something is found by replaying the history once beside the game (a
shadow copy kept per game and extended as the game goes on), since the history records only the
generator's use.
"""
from __future__ import annotations

import weakref

from .core import Game, IllegalAction
from .explain import DOING
from .saves import rebuild, SaveError
from .state import to_dict, state_from_dict


class UndoError(IllegalAction):
    """An undo the policy refuses; `reason` says why."""


def _turn_key(s) -> tuple:
    return (s.stage, s.round, s.lap, s.active)


def _hidden(s) -> tuple:
    """What a player cannot see, reduced to what can only shrink when something is revealed."""
    return (tuple(len(s.decks[c]) for c in sorted(s.decks)), len(s.herb_deck), len(s.bag),
            [(sorted(t.essences), sorted(q for h in t.heroes.values() for q in h.quests))
             for t in s.tribes])


def _revealed(before: tuple, after: tuple, player) -> bool:
    decks_b, herbs_b, bag_b, tribes_b = before
    decks_a, herbs_a, bag_a, tribes_a = after
    if any(a < b for a, b in zip(decks_a, decks_b)) or herbs_a < herbs_b or bag_a < bag_b:
        return True
    return any(tb != ta for k, (tb, ta) in enumerate(zip(tribes_b, tribes_a)) if k != player)


class _Shadow:
    """A replica of a game, replayed from its origin, with what each history entry did."""

    __slots__ = ("game", "info")

    def __init__(self, game: Game, info: list) -> None:
        self.game = game
        self.info = info          # per history entry: (turn key before it, revealed hidden info)


_SHADOWS: "weakref.WeakKeyDictionary[Game, _Shadow]" = weakref.WeakKeyDictionary()


def _rebuild(game: Game) -> Game:
    try:
        return rebuild(game.rules, game.origin)
    except SaveError as e:
        raise UndoError(f"This game cannot be replayed, so nothing can be undone ({e}).") from e


def _shadow(game: Game) -> _Shadow:
    hist = game.history
    sh = _SHADOWS.get(game)
    if sh is not None:
        k = len(sh.info)
        if k > len(hist) or (k and sh.game.history[k - 1]["action"] != hist[k - 1]["action"]):
            sh = None
    if sh is None:
        sh = _Shadow(_rebuild(game), [])
        _SHADOWS[game] = sh
    for h in hist[len(sh.info):]:
        s = sh.game.state
        key, before = _turn_key(s), _hidden(s)
        sh.game.apply(h["action"], trusted=True)
        sh.info.append((key, _revealed(before, _hidden(sh.game.state), h["player"])))
    if to_dict(sh.game.state) != to_dict(game.state):
        _SHADOWS.pop(game, None)
        raise UndoError("This game's history does not replay to its state, so nothing can be undone.")
    return sh


def _window(game: Game) -> tuple[int, str]:
    """(how many actions may be undone, why not one more)."""
    me = game.acting
    if me is None:
        return 0, "the game is over"
    hist = game.history
    if not hist:
        return 0, "no action has been played yet"
    try:
        info = _shadow(game).info
    except UndoError as e:
        return 0, e.reason
    current = _turn_key(game.state)
    count = 0
    for k in range(len(hist) - 1, -1, -1):
        h = hist[k]
        key, revealed = info[k]
        a = h["action"]
        if h["player"] != me:
            who = "nobody" if h["player"] is None else f"player {h['player'] + 1}"
            return count, (f"{a!r} was played by {who}; you may undo only your own latest actions")
        if h["random"] or revealed:
            doing = DOING.get(a.kind, "That move")
            return count, (f"{doing} drew at random or revealed something hidden (a card, a token "
                           f"or a Perk tile came to light), so it cannot be taken back")
        if key != current:
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
    old = _shadow(game)
    keep = game.history[:len(game.history) - n]
    g = _rebuild(game)
    for h in keep:
        g.apply(h["action"], trusted=True)
    # The replayed prefix is the shadow's too: hand the new game a copy so its next undo_points
    # does not replay from the origin again.
    twin = Game(g.rules, state_from_dict(to_dict(g.state)))
    twin.origin = g.origin
    twin.history = list(g.history)
    _SHADOWS[g] = _Shadow(twin, old.info[:len(keep)])
    return g

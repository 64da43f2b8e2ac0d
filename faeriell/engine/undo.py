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
policy reads is in the history as `Game.apply` wrote it. A refusal is said to the player who acts
now ("you"), naming the move in its way as the table labels it (describe): "Nothing can be undone:
“End the Tribe Phase” was Longfeather (player 1)'s move, not yours; ...".
"""
from __future__ import annotations

from .core import Game, IllegalAction
from .describe import describe
from .names import PHASE_NAMES, Names
from .saves import rebuild, SaveError
from .state import GameState


class UndoError(IllegalAction):
    """An undo the policy refuses; `reason` says why."""


def _turn_key(s: GameState) -> tuple[str, int, int, int]:
    return (s.stage, s.round, s.lap, s.active)


def _rebuild(game: Game) -> Game:
    try:
        return rebuild(game.rules, game.origin)
    except SaveError as e:
        raise UndoError(f"This game cannot be replayed, so nothing can be undone "
                        f"({Names.of(game.rules).text(str(e))}).") from e


def _move(game: Game, k: int) -> str:
    """The history's k-th move in quotes, as the table labels it: "“Build a Red Beacon in the
    Bear's River”"; the end of a Phase names the Phase its turn chose ("End the Tribe Phase")."""
    hist = game.history
    a = hist[k]["action"]
    seats = tuple(t.id for t in game.state.tribes)
    label = describe(a, Names.of(game.rules), seats)
    if a.kind == "end_phase":
        # hist[:k][::-1] rather than reversed(hist[:k]): mypyc 2.4.1 crashes on the latter here.
        chosen = next((h["action"].get("phase") for h in hist[:k][::-1]
                       if h["turn"] == hist[k]["turn"] and h["action"].kind == "choose_phase"), None)
        if chosen in PHASE_NAMES:
            label = f"End the {PHASE_NAMES[chosen]} Phase"
    return f"“{label}”"


def _whose(game: Game, player: int | None) -> str:
    """"Longfeather (player 1)'s" for a history entry's player (counted from 0 there)."""
    if player is None:
        return "the game's own"
    return Names.of(game.rules).player(player, tuple(t.id for t in game.state.tribes)) + "'s"


def _window(game: Game) -> tuple[int, str]:
    """(how many actions may be undone, why not one more)."""
    me = game.acting
    if me is None:
        return 0, "the game is over"
    hist = game.history
    if not hist:
        return 0, "no move has been made yet"
    if not game.origin:
        return 0, "this game cannot be replayed: it has no recorded start"
    current = _turn_key(game.state)
    count = 0
    for k in range(len(hist) - 1, -1, -1):
        h = hist[k]
        if h["player"] != me:
            return count, (f"{_move(game, k)} was {_whose(game, h['player'])} move, not yours; "
                           f"you may take back only your own latest moves")
        if h["revealed"]:
            return count, (f"{_move(game, k)} drew at random or revealed something hidden (a card, "
                           f"a token or a Perk tile came to light), so it cannot be taken back")
        if h["turn"] != current:
            return count, (f"{_move(game, k)} was your move in an earlier turn; a new turn has "
                           f"begun since")
        count += 1
    return count, "that is where the game began"


def undo_points(game: Game) -> int:
    """How many of the last actions the player who acts now may undo (0 when none)."""
    return _window(game)[0]


def why_not_undo(game: Game, n: int = 1) -> str | None:
    """None when `undo(game, n)` is allowed, else the reason in words."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        return f"Undo takes back at least one move, not {n!r}."
    count, reason = _window(game)
    if n <= count:
        return None
    if count == 0:
        return f"Nothing can be undone: {reason}."
    return (f"Only {count} move{'s' if count != 1 else ''} can be undone, not {n}: "
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

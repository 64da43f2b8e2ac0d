"""When the hot-seat curtain falls: only when the screen would show the next player something
the player leaving the seat may not see (their Essence cards' symbols, Quest cards, set-up cards),
as the engine's per-player view defines it (faeriell.engine.view.player_view). No pygame here.

Early in set-up nobody holds a secret, so set-up steps pass from player to player without a
curtain; once a player holds cards, every hand-over to them is hidden.
"""
from __future__ import annotations

from faeriell.engine.view import player_view


def has_secrets(game, player: int, from_player: int | None = None) -> bool:
    """Does `player` hold anything the other player (`from_player`; any other player when None)
    may not see?"""
    tribes = game.state.tribes
    if not 0 <= player < len(tribes):
        return False
    own = player_view(game, player)["tribes"][player]
    others = [from_player] if from_player is not None else [k for k in range(len(tribes)) if k != player]
    return any(player_view(game, k)["tribes"][player] != own for k in others if 0 <= k < len(tribes))


def needs_curtain(game, leaving: int | None, coming: int) -> bool:
    """Should the screen hide before `coming` takes the seat from `leaving`?"""
    if leaving is None or leaving == coming:
        return False
    return has_secrets(game, coming, leaving)

"""The game review: what happened (timeline), where it turned (moments), read back in the game's words."""

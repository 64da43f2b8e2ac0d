"""The Doom track's tooltip counts the Menace Draft's tokens in plain words: "1 token",
"2 tokens" (it said "token(s)"). The mouse rests on each Doom space of a real window."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402

from faeriell.ui.table import tooltips  # noqa: E402
from faeriell.ui.table.keys import DoomSpace  # noqa: E402


def test_the_doom_spaces_say_one_token_and_two_tokens():
    t = Table(position({"players": 2}))
    try:
        rules = t.game.rules
        said = {}
        for n in range(rules.doom_max):
            sp = t.scene.spot(DoomSpace(n))
            assert sp is not None, n
            t.move(sp.rect.center)
            t.frame()
            assert t.scene.board.hover_key == DoomSpace(n)
            title, lines = tooltips.tip(DoomSpace(n), t.scene.painted)
            draws = rules.draft_count(n)
            said[draws] = lines[0]
            assert title == f"Doom {n}"
            assert lines[0] == f"A Menace Draft draws {draws} {'token' if draws == 1 else 'tokens'} here"
            assert "(s)" not in lines[0]
        assert 1 in said and any(k > 1 for k in said), said      # both forms were seen
    finally:
        pygame.display.quit()

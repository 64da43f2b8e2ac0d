"""explain.PIECES, the table of piece kinds (issue 44), is the inverse of gestures.gesture: every
legal move that is made by picking up a piece is the move that piece says it stands for (so
"why can't I pick this up" asks the engine about the right move). Random games, both seats."""
from __future__ import annotations

import random

from faeriell.engine import new_game
from faeriell.sim import rules
from faeriell.ui.table import explain
from faeriell.ui.table.gestures import DECIDE, gesture, make_ctx
from faeriell.ui.table.keys import HarvestToken, HeroSlot, RegionSpot, SlotToken, SupplyBeacon, SupplySettlement

# moves whose grip stands for another move of its own: the Achievement slot's token is taken to
# claim (no piece of the tribe's), a Hero dragged onto a Menace solves it though it stands for a move
OTHER_MEANING = {(SlotToken, "claim"), (HeroSlot, "solve_menace")}


def test_every_gripped_move_is_what_its_piece_stands_for():
    gripped: set[type] = set()
    for seed in (0, 1):
        g = new_game(rules(), 2, "competitive", "medium", [], seed)
        rnd = random.Random(seed)
        for _ in range(80):
            if g.state.game_over:
                break
            legal = list(g.legal_actions())
            c = make_ctx(g)
            for a in legal:
                gs = gesture(a, c)
                if gs is None or gs == DECIDE or gs[0] is None or (type(gs[0]), a.kind) in OTHER_MEANING:
                    continue
                grip = gs[0]
                gripped.add(type(grip))
                meant = explain.piece_move(grip, g.state, c.i)
                assert isinstance(meant, tuple) and meant[0] == a.kind, (grip, a.kind, meant)
            g.apply(rnd.choice(legal))
    assert gripped <= set(explain.PIECES)
    assert {SupplySettlement, HeroSlot, HarvestToken} <= gripped, gripped


def test_another_tribes_own_piece_is_theirs_and_a_place_is_no_piece():
    g = new_game(rules(), 2, "competitive", "medium", [], 0)
    assert explain.piece_move(HeroSlot(1, "ranger"), g.state, 0) == "theirs"
    assert explain.piece_move(SupplyBeacon("red"), g.state, 0) == ("build_beacon", {"color": "red"})
    assert explain.piece_move(RegionSpot("bear-river"), g.state, 0) is None

"""Undo (BGA policy): only your own latest actions of this turn, never a draw or a reveal, never
another player's action; an undo replays the game from its origin and restores the exact state."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import IllegalAction, new_game  # noqa: E402
from faeriell.engine.core import Game  # noqa: E402
from faeriell.engine.card import parse  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.engine.undo import UndoError, undo, undo_points, why_not_undo  # noqa: E402

R = default_rules()


def in_play(players=2, mode="competitive", seed=1, variants=()):
    g = new_game(R, players, mode, "medium", variants, seed)
    while g.state.stage == "setup" or g.state.pending is not None:
        g.apply(g.legal_actions()[0])
    assert g.state.phase is None and not g.state.game_over
    return g


def first(g, kind, pred=lambda a: True):
    return next(a for a in g.legal_actions() if a.kind == kind and pred(a))


_IDS = re.compile(r"\w\(|\w_\w|\b[a-z]+-[a-z]+\b|@|\bR\d+\b|\bplayer \d\b(?! ?\))")


def assert_plain(reason: str) -> None:
    """A refusal in the game's words: no action's id or call ('end_phase()'), no region or card id
    ('bear-river', 'red@owl'), no ruling number, no bare player number without its tribe."""
    assert not _IDS.search(reason), reason


def test_undo_own_action_restores_the_exact_state():
    g = in_play()
    before_choice = to_dict(g.state)
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "tribe"))
    after_choice = to_dict(g.state)
    assert undo_points(g) == 1
    g.apply(first(g, "build_beacon"))
    assert not g.history[-1]["revealed"]
    assert undo_points(g) == 2
    one = undo(g)
    assert to_dict(one.state) == after_choice
    assert len(one.history) == len(g.history) - 1 and one.origin == g.origin
    two = undo(g, 2)
    assert to_dict(two.state) == before_choice
    assert undo_points(one) == 1 and undo_points(two) == 0
    # the original game is untouched, and the undone one plays on
    assert len(g.history) == len(one.history) + 1
    one.apply(first(one, "end_phase"))
    assert one.state.phase is None


def test_undo_is_refused_across_a_random_draw():
    g = in_play(seed=2)
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "event"))
    g.apply(first(g, "move_guardian"))
    assert undo_points(g) == 2
    g.apply(first(g, "draft"))                        # draws Menace tokens from the bag (R36)
    assert g.history[-1]["revealed"]
    assert undo_points(g) == 0
    with pytest.raises(UndoError) as e:
        undo(g)
    assert e.value.reason == ("Nothing can be undone: “Draw the Menace Draft” drew at random or revealed "
                              "something hidden (a card, a token or a Perk tile came to light), so it "
                              "cannot be taken back.")                # in the game's words, not ids
    assert isinstance(e.value, IllegalAction)
    assert why_not_undo(g, 1) == e.value.reason


def test_own_actions_after_a_draw_undo_but_not_the_draw():
    # find, in seeded random games, a non-random own action that follows a random one in a turn
    for seed in range(40):
        g = in_play(seed=seed)
        rnd = random.Random(seed)
        while not g.state.game_over and len(g.history) < 400:
            g.apply(rnd.choice(g.legal_actions()))
            h = g.history
            if (len(h) >= 2 and h[-2]["revealed"] and not h[-1]["revealed"]
                    and h[-1]["player"] == h[-2]["player"] == g.acting and undo_points(g) == 1):
                before = _state_before_last(g)
                assert to_dict(undo(g, 1).state) == before
                with pytest.raises(UndoError, match="drew at random or revealed"):
                    undo(g, 2)
                assert "Only 1 move can be undone, not 2: “" in why_not_undo(g, 2)
                assert_plain(why_not_undo(g, 2))
                return
    pytest.fail("no such moment in 40 seeded games")


def _state_before_last(g):
    again = new_game(R, **{k: g.origin[k] for k in ("players", "mode", "difficulty", "variants",
                                                    "seed")})
    for h in g.history[:-1]:
        again.apply(h["action"])
    return to_dict(again.state)


def test_undo_is_refused_across_another_players_action():
    g = in_play(seed=3)
    me = g.acting
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "tribe"))
    g.apply(first(g, "end_phase"))
    assert g.acting != me
    assert undo_points(g) == 0                        # the turn has passed: player 1 cannot undo
    with pytest.raises(UndoError) as e:
        undo(g)
    mover = f"{R.catalog.tribes[g.state.tribes[me].id]['name']} (player {me + 1})"
    assert e.value.reason == (f"Nothing can be undone: “End the Tribe Phase” was {mover}'s move, not "
                              f"yours; you may take back only your own latest moves.")
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "hero"))
    assert undo_points(g) == 1
    assert to_dict(undo(g).state)["active"] == g.state.active
    with pytest.raises(UndoError) as e:
        undo(g, 2)
    assert e.value.reason == (f"Only 1 move can be undone, not 2: “End the Tribe Phase” was {mover}'s "
                              f"move, not yours; you may take back only your own latest moves.")


def test_a_hidden_reveal_is_a_barrier_even_without_the_generator():
    # Drawing a quest card takes the top of a face-down deck: no generator call, but the player
    # has seen a card, so it cannot be taken back.
    for seed in range(40):
        g = in_play(seed=seed)
        rnd = random.Random(seed)
        while not g.state.game_over and len(g.history) < 400:
            quests = [a for a in g.legal_actions() if a.kind == "go_quest"]
            if quests and g.state.phase == "hero":
                n_before = undo_points(g)
                g.apply(quests[0])
                if g.acting == g.history[-1]["player"]:
                    assert undo_points(g) == 0, (seed, g.history[-1])
                    with pytest.raises(UndoError, match="revealed"):
                        undo(g)
                    assert n_before >= 1
                    return
                continue
            g.apply(rnd.choice(g.legal_actions()))
    pytest.fail("no quest drawn in 40 seeded games")


def test_turn_start_is_a_barrier_in_solo():
    g = in_play(players=1, mode="solo", seed=4)
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "tribe"))
    g.apply(first(g, "end_phase"))
    assert g.acting == 0 and g.state.phase is None     # the same player, a new turn
    if g.history[-1]["revealed"]:
        pytest.skip("ending this turn drew at random")
    assert undo_points(g) == 0
    with pytest.raises(UndoError) as e:
        undo(g)
    assert e.value.reason == ("Nothing can be undone: “End the Tribe Phase” was your move in an earlier "
                              "turn; a new turn has begun since.")
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "hero"))
    assert undo_points(g) == 1


def test_setup_choices_undo_within_the_same_player():
    # set-up order for two players: 1, 2, 2, 1 (General Setup)
    g = new_game(R, 2, "competitive", "medium", (), 6)
    g.apply(g.legal_actions()[0])                     # player 1 places a Settlement
    assert g.acting == 1 and undo_points(g) == 0      # player 2 is to act: 1's is done
    before = to_dict(g.state)
    g.apply(g.legal_actions()[0])                     # player 2 places one ...
    assert g.acting == 1 and undo_points(g) == 1      # ... and may take it back before the next
    assert to_dict(undo(g).state) == before
    g.apply(g.legal_actions()[0])
    assert g.acting == 0 and undo_points(g) == 0


def test_undo_points_on_random_games_always_restore_exact_states():
    for players, mode, seed in [(3, "competitive", 11), (1, "solo", 12)]:
        g = new_game(R, players, mode, "medium", (), seed)
        rnd = random.Random(seed)
        states = [to_dict(g.state)]
        tried = 0
        while not g.state.game_over:
            g.apply(rnd.choice(g.legal_actions()))
            states.append(to_dict(g.state))
            n = undo_points(g)
            if n and tried < 25:
                tried += 1
                back = undo(g, n)
                assert to_dict(back.state) == states[-1 - n]
                assert why_not_undo(g, n + 1) is not None
            assert_plain(why_not_undo(g, n + 1))          # every refusal, after every kind of move
        assert tried


def test_nothing_to_undo():
    g = new_game(R, 2, "competitive", "medium", (), 1)
    assert undo_points(g) == 0
    with pytest.raises(UndoError, match="^Nothing can be undone: no move has been made yet.$"):
        undo(g)
    with pytest.raises(UndoError, match="at least one move"):
        undo(g, 0)


def test_game_over_and_games_without_origin():
    from faeriell.engine.randomplay import play_random
    done, _ = play_random(R, 1, "solo", "medium", (), 2, check_every=False)
    assert undo_points(done) == 0
    with pytest.raises(UndoError, match="^Nothing can be undone: the game is over.$"):
        undo(done)
    g = in_play(seed=5)
    g.apply(first(g, "choose_phase"))
    bare = Game(g.rules, g.state)
    bare.history = list(g.history)
    assert undo_points(bare) == 0
    with pytest.raises(UndoError, match="cannot be replayed"):
        undo(bare)


def _before_a_level_up(seed=1):
    """A solo game played at random (seeded) up to the first Level Up that would show a new tile."""
    from faeriell.engine import new_game as _new
    g = _new(R, 1, "solo", "medium", (), seed)
    rnd = random.Random(seed)
    while not g.state.game_over and len(g.history) < 2000:
        ups = [a for a in g.legal_actions() if a.kind == "level_up"]
        for a in ups:
            pile = next((p for p in g.state.perk_piles if p and p[0] == a["perk"]), None)
            if pile is not None and len(pile) > 1:
                return g, a
        g.apply(rnd.choice(g.legal_actions()))
    pytest.fail("no Level Up in the seeded game")


def test_a_level_up_that_shows_a_new_perk_tile_cannot_be_undone():
    # Taking a face-up Perk turns up the tile under it: undoing would let the player peek at the
    # row and choose again, so the move is a reveal (BGA's policy, engine/undo.py).
    g, up = _before_a_level_up()
    tops = [p[0] for p in g.state.perk_piles if p]
    g.apply(up)
    assert [p[0] for p in g.state.perk_piles if p] != tops       # something new shows
    assert g.history[-1]["revealed"]
    if g.acting == g.history[-1]["player"]:
        assert undo_points(g) == 0
        with pytest.raises(UndoError, match="revealed"):
            undo(g)


def test_the_reveal_counts_only_when_a_hidden_tile_comes_up():
    # Discarding the only tile of a pile puts it back on top: nothing new shows, so no reveal.
    from faeriell.engine.tribe_phase import take_perk
    g, up = _before_a_level_up()
    s = g.state
    s.perk_piles = [["a1", "a2"], ["b1"], ["c1"], []]
    before = g.reveals
    take_perk(g, "c1", "b1")                # b1 goes under its own pile: still b1 on top
    assert g.reveals == before and s.perk_piles[1] == ["b1"]
    take_perk(g, "a1", None)                 # a2 comes up
    assert g.reveals == before + 1


def test_game_copy_is_independent_and_keeps_what_undo_and_saves_read():
    g = in_play(seed=3)
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "tribe"))
    copy = g.copy()
    assert to_dict(copy.state) == to_dict(g.state) and copy.history == g.history
    assert copy.origin == g.origin and copy.legal_actions() == g.legal_actions()
    assert undo_points(copy) == undo_points(g) >= 1
    assert to_dict(undo(copy).state) == to_dict(undo(g).state)
    copy.apply(first(copy, "end_phase"))                 # moving the copy leaves the game alone
    assert len(copy.history) == len(g.history) + 1 and copy.state.phase != g.state.phase
    copy.state.tribes[0].essences.clear()
    assert g.state.tribes[0].essences
    bare = g.copy(log=False)
    assert bare.state.log == [] and g.state.log


def test_a_card_taken_from_another_tribes_pool_is_a_reveal():
    # The history's record is the only one undo reads: a card leaving a rival's hidden pool
    # shows it, so the move that took it is marked even though no generator or deck was used.
    g = in_play(seed=5)
    g.apply(first(g, "choose_phase", lambda a: a["phase"] == "tribe"))
    me, rival = g.acting, 1 - g.acting
    g.state.tribes[rival].essences.append(parse("corruption@owl"))
    g._mover = me
    before = g.reveals
    g.take_from_pool(rival, parse("corruption"))
    assert g.reveals == before + 1
    g.take_from_pool(me, g.state.tribes[me].essences[0])
    assert g.reveals == before + 1

"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system", section 'Example
calculation'): a 1500/200/0.06 player beats 1400/30, loses to 1550/100 and 1700/300, tau 0.5."""
import pytest

from faeriell.practice.glicko2 import Rating, expected, game, update


def test_glickmans_worked_example():
    p = Rating(1500, 200, 0.06)
    r = update(p, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)], tau=0.5)
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=0.00001)


def test_no_games_only_the_deviation_grows():
    p = Rating(1600, 100, 0.06)
    r = update(p, [])
    assert r.rating == 1600 and r.rd > 100 and r.vol == 0.06


def test_one_game_moves_both_sides_the_right_way():
    player, puzzle = Rating(1500, 350, 0.06), Rating(1500, 350, 0.06)
    won_p, won_z = game(player, puzzle, 1.0)
    assert won_p.rating > 1500 > won_z.rating
    lost_p, lost_z = game(player, puzzle, 0.0)
    assert lost_p.rating < 1500 < lost_z.rating
    assert expected(Rating(1800, 50), Rating(1500, 50)) > 0.8


def test_a_bad_rating_in_a_file_reads_as_a_new_one():
    assert Rating.from_list(["x", 1, 2]) == Rating()
    assert Rating.from_list([1500, -3, 0.06]) == Rating()
    assert Rating.from_list([float("nan"), 200, 0.06]) == Rating()
    assert Rating.from_list(Rating(1400, 80, 0.05).to_list()) == Rating(1400, 80, 0.05)

"""The review's "Could we have won?" (issue 24, item 5; issue 41, item 5): a lost game's turning
point (the first decision where the side's win chance was at least one in three), the expert's line from there
played out in the replay, and "Play from here" with that seat handed to the player.

The win chances are the ones the game shows (faeriell.bots.win_chance.shown_chance); these tests give fixed ones (a
function of the round), so the turning point is known in advance whatever the model says.
"""
from __future__ import annotations

from test_app_support import click, key, make_app, run_until  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.bots.base import HeuristicBot  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine.saves import replay  # noqa: E402
from faeriell.review import turning  # noqa: E402
from faeriell.review.background import TurningJob  # noqa: E402
from faeriell.ui.scenes.end import EndScene  # noqa: E402
from faeriell.ui.scenes.replay import ReplayScene  # noqa: E402
from faeriell.ui.scenes.review import ReviewScene  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402

SEED = 3          # a solo Medium game the greedy bot loses in five rounds (76 moves)


def lost_game(rules):
    g = new_game(rules, 1, "solo", "medium", [], SEED)
    bot = HeuristicBot(SEED, blunder=0.1)
    while not g.state.game_over:
        g.apply(bot.choose(g, g.acting))
    assert not g.state.winners and g.state.round >= 4
    return g


def hopeful_from(first_round):
    """A fixed win chance: a tenth before `first_round`, then a half (one in three is the line)."""
    return lambda game, seat: 0.5 if game.state.round >= first_round else 0.1


@pytest.fixture(scope="module")
def rules():
    return default_rules()


def test_the_turning_point_is_the_first_decision_at_one_in_three_or_better(rules):
    g = lost_game(rules)
    acts = [h["action"] for h in g.history]
    k, seat, rnd, c = turning.turning_point(rules, g.origin, acts, [0], hopeful_from(2))
    assert (seat, rnd, c) == (0, 2, 0.5)
    # k is a decision of the seat in round 2, and the one just before it in play was in round 1
    w = replay(rules, g.origin, acts[:k])
    assert w.acting == 0 and w.state.round == 2 and w.state.stage == "play"
    earlier = [j for j in range(k) if (w2 := replay(rules, g.origin, acts[:j])).acting == 0
               and w2.state.stage == "play"]
    assert earlier and replay(rules, g.origin, acts[:earlier[-1]]).state.round == 1
    # exactly one in three counts, from the first decision of play; below it never
    assert turning.turning_point(rules, g.origin, acts, [0], lambda game, s: 1 / 3)[0] == earlier[0]
    assert turning.turning_point(rules, g.origin, acts, [0], lambda game, s: 0.33) is None


def test_the_expert_line_plays_every_seat_to_the_end_and_is_the_same_each_time(rules):
    g = lost_game(rules)
    acts = [h["action"] for h in g.history]
    last = g.state.round - 1
    t1 = turning.could_we_have_won(rules, g.origin, acts, [0], hopeful_from(last))
    t2 = turning.could_we_have_won(rules, g.origin, acts, [0], hopeful_from(last))
    assert t1 is not None and t1.round == last and t1.finished and t1.line
    assert [a.to_dict() for a in t1.line] == [a.to_dict() for a in t2.line]
    # the line is legal from the turning point (replayed through the rules) and ends as it says
    end = replay(rules, g.origin, acts[:t1.index] + t1.line)
    assert end.state.game_over and bool(end.state.winners) == t1.won and end.state.doom == t1.doom
    assert turning.Turn.from_dict(t1.to_dict()) == t1            # what the child process sends back


def test_a_won_game_or_one_never_at_one_in_three_has_no_turning_point(rules):
    g = lost_game(rules)
    acts = [h["action"] for h in g.history]
    assert turning.could_we_have_won(rules, g.origin, acts, [0], lambda game, s: 0.2) is None
    assert turning.could_we_have_won(rules, g.origin, acts[:20], [0], lambda game, s: 0.9) is None   # not over


class ThreadJob(TurningJob):
    """The turning job in a thread of this process, where the fixed chances apply."""

    def __init__(self, *a, **k):
        k["use_process"] = False
        super().__init__(*a, **k)


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, players=1, mode="solo", difficulty="medium", seed=SEED)
    assert isinstance(a.scene, TableScreen), a.errors
    yield a
    pygame.display.quit()


def test_the_review_offers_the_expert_line_in_the_replay_and_play_from_here(app, monkeypatch):
    import faeriell.ui.scenes.review as review_scene
    s = app.session
    bot = HeuristicBot(SEED, blunder=0.1)
    while not s.state.game_over:
        assert s.apply(bot.choose(s.game, s.acting)) is None
    assert not s.state.winners
    last = s.state.round - 1
    monkeypatch.setattr(turning, "shown_chance", hopeful_from(last))
    monkeypatch.setattr(review_scene, "TurningJob", ThreadJob)
    assert run_until(app, lambda: isinstance(app.scene, EndScene))
    click(app, "review")
    review = app.scene
    assert isinstance(review, ReviewScene) and review.turn_shown()
    head, text = review.turn_lines()
    assert head == "Could we have won?"                          # said while it works
    assert run_until(app, lambda: review.turn_job is not None and review.turn_job.done, timeout=240), \
        review.turn_lines()
    app.step()
    t = review.turn
    assert t is not None and t.round == last and not review.turn_job.error
    head, text = review.turn_lines()
    assert f"round {last}, your move" in head and "50% chance" in text and "Doom" in text
    from faeriell.ui.text import wrapped_height
    line = wrapped_height("x", 100, 16)
    for words in (text, text + " " + text):       # the box grows to hold its words above its buttons
        review.turn_lines = lambda w=words: (head, w)
        _, box = review.right_rects()
        del review.turn_lines                     # the scene's own again
        assert box is not None and wrapped_height(words, box.w - 32, 16) <= (box.h - 36 - 58) // line * line, box
    from test_player_words import id_pattern
    assert not id_pattern(app.rules).search(head + text)

    click(app, "expert_line")
    rp = app.scene
    assert isinstance(rp, ReplayScene) and rp.k == t.index and rp.line_from == t.index, app.errors
    assert "from here the expert plays every seat" in rp.status()
    key(app, pygame.K_RIGHT)
    assert rp.k == t.index + 1 and "the expert's line, move 1" in rp.status()
    assert rp.replay.actions[t.index].to_dict() == t.line[0].to_dict()
    key(app, pygame.K_ESCAPE)
    assert app.scene is review

    click(app, "turn_play")
    assert isinstance(app.scene, TableScreen), app.errors
    played = app.session
    assert played is not s and played.seats[t.seat] == "human"
    assert len(played.game.history) == t.index and played.game.acting == t.seat and not played.state.game_over
    assert not app.errors


def test_a_model_that_fails_is_said_in_the_box_without_buttons(app, monkeypatch):
    import faeriell.ui.scenes.review as review_scene
    from faeriell.bots.win_chance import WinChanceModelError

    def broken(game, seat):
        raise WinChanceModelError("data/bots/win_chance.json: solo.weights: not a list of numbers")
    s = app.session
    bot = HeuristicBot(SEED, blunder=0.1)
    while not s.state.game_over:
        assert s.apply(bot.choose(s.game, s.acting)) is None
    monkeypatch.setattr(turning, "shown_chance", broken)
    monkeypatch.setattr(review_scene, "TurningJob", ThreadJob)
    assert run_until(app, lambda: isinstance(app.scene, EndScene))
    click(app, "review")
    review = app.scene
    assert run_until(app, lambda: review.turn_job is not None and review.turn_job.done, timeout=240)
    app.step()
    head, text = review.turn_lines()
    assert review.turn_shown() and "could not be worked out" in text and "win_chance.json" in text
    assert review.find("expert_line") is None and review.find("turn_play") is None and not app.errors


def test_the_real_model_gives_a_turning_point_or_says_there_is_none(rules):
    """With the shipped model (data/bots/win_chance.json): either a turning point in the game with
    a chance of at least one in three there, or none; never an error."""
    from faeriell.bots.win_chance import shown_chance
    g = lost_game(rules)
    acts = [h["action"] for h in g.history]
    found = turning.turning_point(rules, g.origin, acts, [0])
    if found is not None:
        k, seat, rnd, c = found
        assert 0 <= k < len(acts) and seat == 0 and c >= turning.AT_LEAST
        assert abs(shown_chance(replay(rules, g.origin, acts[:k]), 0) - c) < 1e-9

"""A first game that can be won (issue 41, item 7): after the chapters, Quick solo suggests solo
Easy with the coach at your elbow, and the suggestion moves up (Medium, Hard, Very Hard) as the
player wins; a game of bots alone or a lost game moves nothing. Real clicks on the start screen."""
from __future__ import annotations

from test_app_support import click, make_app, run_until  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.practice.stats import GameSummary, StatsBook  # noqa: E402
from faeriell.practice.suggest import read_games, suggest_solo  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def summary(n, difficulty, won, mode="solo", humans=1) -> GameSummary:
    return GameSummary(f"k{n}", 1_700_000_000.0 + n, mode, difficulty, 1, [], n, won, 6 if won else 3, 9, 8,
                       humans)


def test_the_suggestion_climbs_one_level_per_level_won():
    assert suggest_solo([]).difficulty == "easy" and suggest_solo([]).coach
    lost = [summary(1, "easy", False), summary(2, "medium", False)]
    assert suggest_solo(lost).difficulty == "easy"                      # losses move nothing
    assert suggest_solo([summary(1, "easy", True, mode="coop")]).difficulty == "easy"   # solo only
    assert suggest_solo([summary(1, "easy", True, humans=0)]).difficulty == "easy"     # bots alone
    s = suggest_solo([summary(1, "easy", True)])
    assert (s.difficulty, s.coach) == ("medium", True) and "Easy" in s.why
    s = suggest_solo([summary(1, "easy", True), summary(2, "medium", True), summary(3, "easy", False)])
    assert (s.difficulty, s.coach) == ("hard", False)
    assert suggest_solo([summary(1, "hard", True)]).difficulty == "very_hard"
    assert suggest_solo([summary(1, "very_hard", True)]).difficulty == "very_hard"


def test_read_games_gives_the_games_stats_json_keeps(tmp_path):
    assert read_games(tmp_path) == []
    book = StatsBook(tmp_path)
    assert book.record(summary(1, "easy", True))
    games = read_games(tmp_path)
    assert [(g.mode, g.difficulty, g.won) for g in games] == [("solo", "easy", True)]
    assert suggest_solo(games).difficulty == "medium"


def start(tmp_path, monkeypatch, games=()):
    book = StatsBook(tmp_path)
    for g in games:
        assert book.record(g)
    app = make_app(tmp_path, monkeypatch)
    assert run_until(app, lambda: app.scene.texts_known)
    return app


def test_quick_solo_starts_easy_with_the_coach_for_a_newcomer(tmp_path, monkeypatch):
    app = start(tmp_path, monkeypatch)
    assert "Easy · coach on" in app.scene.find("quick_solo").sub
    assert not app.settings.coach                       # the Settings are left as they are
    click(app, "quick_solo")
    assert isinstance(app.scene, TableScreen), app.errors
    s = app.session.state
    assert (s.mode, s.difficulty) == ("solo", "easy")
    assert app.scene.coach_on() and not app.errors


def test_quick_solo_moves_up_after_a_win(tmp_path, monkeypatch):
    app = start(tmp_path, monkeypatch, [summary(1, "easy", True), summary(2, "medium", True)])
    assert "Hard" in app.scene.find("quick_solo").sub and "coach" not in app.scene.find("quick_solo").sub
    click(app, "quick_solo")
    assert app.session.state.difficulty == "hard"
    assert not app.scene.coach_on()                     # above Medium the Settings decide


def test_the_end_of_a_first_solo_win_says_quick_solo_moved_up_and_it_did(tmp_path, monkeypatch):
    """The end screen of a solo win that moves the suggestion says so, and Back to start's Quick
    solo starts that level; a second win at the same level says nothing more."""
    from faeriell.bots.base import HeuristicBot
    from faeriell.ui.scenes.end import EndScene
    for round_no in (1, 2):
        app = make_app(tmp_path, monkeypatch, players=1, mode="solo", difficulty="easy", seed=3)
        s = app.session
        bot = HeuristicBot(3)                        # plays the person's seat: this Easy game is won
        while not s.state.game_over:
            assert s.apply(bot.choose(s.game, s.acting)) is None
        assert s.state.winners
        assert run_until(app, lambda: isinstance(app.scene, EndScene))  # noqa: B023
        moved = [n for n in app.scene.practice_notes if n.startswith("Quick solo now")]
        if round_no == 1:
            assert moved == ["Quick solo now starts your next game at Medium, the coach still at your elbow."]
        else:
            assert moved == []                      # the same level again: nothing moved
        pygame.display.quit()
    app = start(tmp_path, monkeypatch)
    assert "Medium · coach on" in app.scene.find("quick_solo").sub

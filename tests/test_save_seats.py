"""A save says who played each seat, and only a game a person played counts for the ladder and the
statistics (issue 40, item 8: a save played by bots alone, opened with --load, opened a ladder level
and was counted in stats.json)."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import pygame  # noqa: E402

from test_app_support import make_app, run_until  # noqa: E402
from faeriell.bots import HeuristicBot  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine import saves  # noqa: E402
from faeriell.practice.ladder import LadderBook  # noqa: E402
from faeriell.practice.stats import StatsBook  # noqa: E402
from faeriell.session import Session  # noqa: E402
from faeriell.sim import save_game_file  # noqa: E402
from faeriell.storage.saves import write_save  # noqa: E402
from faeriell.storage.seats import recall_seats  # noqa: E402
from faeriell.ui.scenes.end import EndScene  # noqa: E402

R = default_rules()


def _won_solo():
    """A Solo game on easy (the Solo ladder's first level) that the heuristic bot plays to a win."""
    for seed in range(1, 60):
        g = new_game(R, 1, "solo", "easy", [], seed)
        bot = HeuristicBot(seed)
        while not g.state.game_over:
            g.apply(bot.choose(g, g.acting))
        if g.state.winners:
            return g, seed
    pytest.fail("no won Solo game in 60 seeds")


@pytest.fixture(scope="module")
def won():
    return _won_solo()


def _open_with_load(tmp_path, monkeypatch, path):
    """What `python main.py --load PATH` does (LaunchOptions.load), up to the end screen."""
    data = tmp_path / "data"
    data.mkdir(parents=True)
    app = make_app(data, monkeypatch, load=str(path))
    try:
        assert run_until(app, lambda: isinstance(app.scene, EndScene), 10), (app.errors, type(app.scene))
        app.step()
        assert not app.errors
        return data, list(app.scene.practice_notes), app.session
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("with_record", [True, False], ids=["sim-save-with-seats", "older-save-without-seats"])
def test_a_won_save_played_by_bots_alone_opened_with_load_credits_nothing(tmp_path, monkeypatch, won, with_record):
    game, _ = won
    folder = tmp_path / "saves"
    if with_record:                                   # written by the simulator: it says bots played
        path = save_game_file(game, folder, {"mode": "solo", "players": 1, "difficulty": "easy",
                                             "variants": [], "seed": 1}, ["easy"])
        assert json.loads(path.read_text())["seats"] == {"kinds": ["easy"], "humans_played": []}
    else:                                             # an older build's save: nothing says who played
        folder.mkdir()
        path = write_save(game, folder / "bots.json")
        assert "seats" not in json.loads(path.read_text())
    data, notes, session = _open_with_load(tmp_path, monkeypatch, path)
    assert session.state.game_over and session.state.winners == [0]
    assert StatsBook(data).games == []
    assert LadderBook(data).unlocked("solo") == 1
    assert not (data / "stats.json").exists() and not (data / "ladder.json").exists()
    assert not any("ladder" in n for n in notes)
    assert session.humans_played == set() and session.credited_seats()[0] != "human"


def test_a_game_a_person_plays_counts_and_its_save_says_so(tmp_path, monkeypatch, won):
    _, seed = won
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", difficulty="easy", seed=seed)
    try:
        s = app.session
        assert s.seats == ["human"]
        bot = HeuristicBot(seed)                      # the person's moves, as the table makes them
        while not s.state.game_over:
            assert s.apply(bot.choose(s.game, s.acting)) is None
        assert s.humans_played == {0}
        assert run_until(app, lambda: isinstance(app.scene, EndScene), 10), app.errors
        app.step()
        assert "level 2" in " ".join(app.scene.practice_notes)
        (g,) = StatsBook(tmp_path).games
        assert g.won and LadderBook(tmp_path).unlocked("solo") == 2
        autosave = s.autosave_path()
        saved = json.loads(autosave.read_text())
        assert saved["snapshot"]["hash"] == saves.state_hash(s.state)   # the finished game
        assert saved["seats"] == {"kinds": ["human"], "humans_played": [1]}
        assert not app.errors
    finally:
        pygame.display.quit()
    # the person's finished save, opened elsewhere, is still theirs (kept once: the same game's key)
    data, notes, session = _open_with_load(tmp_path / "elsewhere", monkeypatch, autosave)
    assert session.humans_played == {0} and len(StatsBook(data).games) == 1


def test_only_a_persons_moves_mark_a_seat_played():
    g = new_game(R, 2, "competitive", "medium", [], 11)
    s = Session(g, ["human", "easy"], autosave=False)
    bot = HeuristicBot(3)
    for _ in range(40):
        p = s.acting
        assert s.apply(bot.choose(s.game, p), person=(s.seats[p] == "human" and len(s.game.history) > 3)) is None
    assert s.humans_played == {0}                     # seat 2 is a bot's; seat 1's first moves were not a person's
    assert s.seat_record() == {"kinds": ["human", "easy"], "humans_played": [1]}
    t = Session(new_game(R, 2, "competitive", "medium", [], 11), ["human", "easy"], autosave=False)
    while t.seats[t.acting] == "human":
        assert t.apply(bot.choose(t.game, t.acting), person=False) is None   # a puzzle's recorded line
    assert t.humans_played == set() and t.credited_seats() == ["unplayed", "easy"]


def test_the_seats_record_round_trips():
    g = new_game(R, 2, "competitive", "medium", [], 5)
    g.apply(next(iter(g.legal_actions())))
    text = saves.dumps(g, saved_at="2026-12-06T10:00:00Z", seats=saves.seats_record(["human", "hard"], [0]))
    assert json.loads(text)["seats"] == {"kinds": ["human", "hard"], "humans_played": [1]}
    back = saves.loads(R, text)
    assert back.saved_seats == {"kinds": ["human", "hard"], "humans_played": [0]}
    assert Session(back, ["human", "hard"], autosave=False).humans_played == {0}
    assert recall_seats(back) == ["human", "hard"]
    assert saves.dumps(back, saved_at="2026-12-06T10:00:00Z", seats=saves.seats_record(["human", "hard"], [0])) == text


@pytest.mark.parametrize("seats", [
    "bots", [], {"kinds": ["human"], "humans_played": []},           # one kind for two seats
    {"kinds": ["human", 3], "humans_played": []},
    {"kinds": ["human", "x" * 41], "humans_played": []},
    {"kinds": ["human", "hard"]},
    {"kinds": ["human", "hard"], "humans_played": [0]},               # numbered from 1
    {"kinds": ["human", "hard"], "humans_played": [3]},
    {"kinds": ["human", "hard"], "humans_played": [True]},
    {"kinds": ["human", "hard"], "humans_played": ["1"]},
    {"kinds": ["human", "hard"], "humans_played": 1},
    None,
])
def test_a_malformed_seats_record_is_unknown_and_the_save_still_loads(seats):
    g = new_game(R, 2, "competitive", "medium", [], 5)
    g.apply(next(iter(g.legal_actions())))
    data = json.loads(saves.dumps(g))
    data["seats"] = seats
    assert saves.seats_of(data, 2) is None
    back = saves.loads(R, json.dumps(data))
    assert back.saved_seats is None and len(back.history) == 1
    assert Session(back, ["human", "human"], autosave=False).humans_played == set()


def test_a_save_without_seats_loads_and_saves_byte_identically():
    g = new_game(R, 2, "competitive", "medium", [], 9)
    bot = HeuristicBot(2)
    for _ in range(30):
        g.apply(bot.choose(g, g.acting))
    text = saves.dumps(g, saved_at="2026-12-06T10:00:00Z")
    assert '"seats"' not in text
    back = saves.loads(R, text)
    assert back.saved_seats is None
    assert saves.dumps(back, saved_at="2026-12-06T10:00:00Z") == text
    with_seats = saves.dumps(g, saved_at="2026-12-06T10:00:00Z", seats=saves.seats_record(["human", "easy"], [0]))
    # the record is beside the replay, never in it: the same actions and the same state hash
    a, b = json.loads(text), json.loads(with_seats)
    assert a["actions"] == b["actions"] and a["snapshot"] == b["snapshot"]
    assert saves.state_hash(saves.loads(R, with_seats).state) == saves.state_hash(back.state)


def test_undoing_a_persons_only_move_takes_back_the_seats_credit():
    """A move taken back is not a move played: the seat is a person's again only once they move."""
    s = Session(new_game(R, 1, "solo", "easy", [], 5), ["human"], autosave=False)
    assert s.apply(s.legal()[0]) is None and s.humans_played == {0}
    assert s.undo() is None
    assert s.humans_played == set() and s.credited_seats() == ["unplayed"]
    assert s.apply(s.legal()[0]) is None and s.humans_played == {0}

"""The practice files the game keeps (issue #40, items 1-4): a file the game writes always reads
back; two windows recording at once keep every result; a lone surrogate in a progress file heals;
a bad value in a practice file is left out (kept in a .bad copy, said in one line), never a screen
error."""
from __future__ import annotations

import datetime as dt
import json
import math
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from types import SimpleNamespace

from test_app_support import click, make_app  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell import safe_read  # noqa: E402
from faeriell.bots.base import HeuristicBot  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.practice import daily, record, stats  # noqa: E402
from faeriell.practice.drills import DrillBook  # noqa: E402
from faeriell.practice.trainer import Trainer  # noqa: E402
from faeriell.puzzles.path import Entry, Progress  # noqa: E402
from faeriell.tutorial.progress import Progress as TutorialProgress  # noqa: E402
from faeriell.ui.scenes.practice import PracticeScene  # noqa: E402
from faeriell.ui.scenes.stats import StatsScene  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ENV = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
NOW = 1_800_000_000.0
R = default_rules()


class Clock:
    def __init__(self, t=NOW):
        self.t = t

    def __call__(self):
        return self.t


@pytest.fixture(scope="module")
def four_player_game():
    g = new_game(R, 4, "competitive", "medium", [], 7)
    bots = [HeuristicBot(i) for i in range(4)]
    while not g.state.game_over:
        g.apply(bots[g.acting].choose(g, g.acting))
    return g


def moments(game, first: int, n: int = 6) -> list:
    """`n` key moments of the review's shape, late in the game (each drill holds the actions before it)."""
    out = []
    for k in range(n):
        i = len(game.history) - 1 - first - k
        act = game.history[i]["action"]
        out.append(SimpleNamespace(player=game.history[i].get("player", k % 4), index=i, round=5, played=act,
                                   best=act, reason="It keeps your Essences for a Level Up.", fall=0.12))
    return out


def summary(key: str, t: float = NOW, won: bool = True) -> stats.GameSummary:
    return stats.GameSummary(key, t, "solo", "easy", 1, [], 1, won, 3, 9, 7)


def entries(n: int = 6) -> list:
    return [Entry(f"p{k}", f"/nowhere/p{k}.yaml", f"Puzzle {k}", "", "Win.", "", 1 + k % 3, "") for k in range(n)]


def size_ok(f: Path) -> bool:
    return f.stat().st_size <= safe_read.LIMITS["index"]


# ------------------------------------------------------------------ 1. a file the game writes reads back
def test_drills_grown_by_reviews_of_four_player_games_always_read_back(tmp_path, four_player_game):
    g = four_player_game
    humans = [0, 1, 2, 3]
    book = DrillBook(tmp_path, Clock())
    f = tmp_path / "drills.json"
    added = 0
    for review in range(40):                 # reviews until the file has had to leave the oldest out
        added += book.add_from_review(g.origin, [h["action"] for h in g.history], moments(g, review * 6),
                                      humans, label=f"review {review}")
        again = DrillBook(tmp_path, Clock())
        assert again.note == "" and size_ok(f), (review, again.note, f.stat().st_size)
        assert [d.id for d in again.drills] == [d.id for d in book.drills]
        if len(book.drills) < added:
            break
    assert len(book.drills) < added, "the file never reached the read limit"
    assert len(again.drills) > 40                        # all that fit, not a few
    newest = {d.id for d in book.drills if d.label == f"review {review}"}
    assert len(newest) == 6 and newest <= {d.id for d in again.drills}
    assert not list(tmp_path.glob("*.bad*"))


def test_statistics_grown_game_by_game_past_the_read_limit_read_back(tmp_path, monkeypatch):
    monkeypatch.setitem(safe_read.LIMITS, "index", 48 * 1024)     # the same rule at a smaller size
    book = stats.StatsBook(tmp_path, Clock())
    f = tmp_path / "stats.json"
    for k in range(400):
        assert book.record(summary(f"game-{k:04d}", NOW + k)), book.doc.error
    assert size_ok(f)
    again = stats.StatsBook(tmp_path, Clock())
    assert again.note == "" and 100 < len(again.games) < 400
    assert again.games[-1].key == "game-0399"            # the oldest left out, the newest kept
    assert [g.key for g in again.games] == [f"game-{k:04d}" for k in range(400 - len(again.games), 400)]


def test_daily_bests_grown_day_by_day_past_the_read_limit_read_back(tmp_path, monkeypatch, four_player_game):
    monkeypatch.setitem(safe_read.LIMITS, "index", 64 * 1024)
    actions = [h["action"] for h in four_player_game.history]
    book = daily.DailyBook(tmp_path)
    first = dt.date(2026, 1, 1)
    for k in range(30):
        d = first + dt.timedelta(days=k)
        c = daily.daily_config(d)
        s = stats.GameSummary(f"d{k}", NOW, "solo", c["difficulty"], 1, [], c["seed"], True, 3, 9, 7)
        assert book.record(s, {"seed": c["seed"]}, actions, d)
        assert size_ok(tmp_path / "daily.json")
    again = daily.DailyBook(tmp_path)
    assert again.note == "" and again.best(first + dt.timedelta(days=29)) is not None
    assert again.best(first) is None                     # the oldest day went first


# ------------------------------------------------------------------ 2. two windows recording at once
RECORDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from faeriell.practice import stats
    from faeriell.practice.drills import DrillBook
    from faeriell.practice.trainer import Trainer
    from faeriell.puzzles.path import Entry
    folder, tag, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    entries = [Entry(f"p{k}", f"/nowhere/p{k}.yaml", f"Puzzle {k}", "", "Win.", "", 1 + k % 3, "") for k in range(6)]
    trainer = Trainer(folder, entries)                   # alive the whole run, like the Practice screen's
    drills = DrillBook(folder)
    book = stats.StatsBook(folder)
    go = folder / "go"
    while not go.exists():          # both windows start together
        time.sleep(0.01)
    kept = 0
    for k in range(n):
        kept += trainer.record(f"p{k % 6}", solved=k % 2 == 0) is not None
        kept += book.record(stats.GameSummary(f"{tag}-{k}", 1.8e9 + k, "solo", "easy", 1, [], 1, True, 3, 9, 7))
        d = drills.drills[k % len(drills.drills)]
        kept += drills.record(d.id, k % 3 == 0) is not None and not drills.doc.error
    print(kept)
""")


def _drills_to_answer(folder, game) -> list:
    book = DrillBook(folder, Clock())
    book.add_from_review(game.origin, [h["action"] for h in game.history][:40], moments(game, 200, 4), [0, 1, 2, 3])
    return book.drills


def _recorder(folder, tag, n):
    return subprocess.Popen([sys.executable, "-c", RECORDER, str(folder), tag, str(n)], env=ENV, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_windows_recording_at_once_keep_every_result(tmp_path, four_player_game):
    drills = _drills_to_answer(tmp_path, four_player_game)
    assert len(drills) == 4
    procs = [_recorder(tmp_path, tag, 100) for tag in ("a", "b")]
    (tmp_path / "go").touch()
    outs = [p.communicate(timeout=240) for p in procs]
    assert [o.strip() for o, _ in outs] == ["300", "300"], [e for _, e in outs]
    t = Trainer(tmp_path, entries())
    assert t.tried == 200 and len(t.history) == 200 and t.solved == 100 and t.note == ""
    assert len(stats.StatsBook(tmp_path).games) == 200
    book = DrillBook(tmp_path)
    assert book.done == 200 and sum(d.attempts for d in book.drills) == 200


def test_the_trainer_and_the_drills_kept_alive_merge_what_another_window_recorded(tmp_path, four_player_game):
    drills = _drills_to_answer(tmp_path, four_player_game)
    mine = Trainer(tmp_path, entries(), Clock())                 # the Practice screen's, open all along
    book = DrillBook(tmp_path, Clock())
    (tmp_path / "go").touch()
    other = _recorder(tmp_path, "b", 5)                          # the other window: five tries, five answers
    out, err = other.communicate(timeout=120)
    assert out.strip() == "15", err
    assert mine.record("p1", solved=True) is not None             # one later try here
    assert book.record(drills[0].id, True) is not None
    t = Trainer(tmp_path, entries())
    assert t.tried == 6 and len(t.history) == 6 and mine.tried == 6
    assert t.player.to_list() == mine.player.to_list()          # the later try moved the merged rating
    again = DrillBook(tmp_path)
    assert again.done == 6 and sum(d.attempts for d in again.drills) == 6


def test_a_trainer_start_and_served_keep_the_other_windows_tries(tmp_path):
    a, b = Trainer(tmp_path, entries(), Clock()), Trainer(tmp_path, entries(), Clock())
    a.record("p0", solved=True)
    b.served("p3")
    b.record("p3", solved=False)
    assert Trainer(tmp_path, entries()).tried == 2 and set(Trainer(tmp_path, entries()).puzzles) == {"p0", "p3"}


# ------------------------------------------------------------------ 3. a lone surrogate
SURROGATE = '"\\ud800"'          # JSON text for a lone surrogate: valid JSON, not writable as UTF-8


def test_the_guided_game_opens_and_heals_after_a_lone_surrogate(tmp_path, monkeypatch):
    f = tmp_path / "tutorial.json"
    raw = '{"done": ["01-setup", ' + SURROGATE + '], "at": {"chapter": ' + SURROGATE + ', "step": 2}}'
    f.write_text(raw)
    app = make_app(tmp_path, monkeypatch, tutorial="")
    try:
        assert isinstance(app.scene, TableScreen) and not app.errors, app.errors
        healed = json.loads(f.read_text(encoding="utf-8"))
        assert healed["done"] == ["01-setup"] and healed["at"]["chapter"] == "02-first-turns"
        assert (tmp_path / "tutorial.json.bad").read_text() == raw
        p = TutorialProgress(tmp_path)
        assert p.finish("02-first-turns") and p.done() == {"01-setup", "02-first-turns"}
        assert not (tmp_path / "tutorial.json.bad.2").exists()          # healed: nothing more set aside
    finally:
        pygame.display.quit()


def test_a_lone_surrogate_in_puzzles_json_is_set_aside_and_the_rest_kept(tmp_path):
    f = tmp_path / "puzzles.json"
    raw = '{"solved": ["a", ' + SURROGATE + ']}'
    f.write_text(raw)
    p = Progress(tmp_path)
    assert p.mark_solved("b") and p.error == ""
    assert p.solved() == {"a", "b"} and "puzzles.json.bad" in p.notice
    assert (tmp_path / "puzzles.json.bad").read_text() == raw
    assert p.mark_solved("c") and p.solved() == {"a", "b", "c"} and p.notice == ""


def test_a_lone_surrogate_in_a_drill_leaves_that_drill_out(tmp_path, four_player_game):
    _drills_to_answer(tmp_path, four_player_game)
    f = tmp_path / "drills.json"
    data = json.loads(f.read_text())
    data["drills"][0]["label"] = "\ud800"
    f.write_text(json.dumps(data))                                 # ensure_ascii: "\\ud800" in the text
    book = DrillBook(tmp_path, Clock())
    assert len(book.drills) == 3 and "drills.json" in book.note
    assert book.record(book.drills[0].id, True) is not None and not book.doc.error
    assert (tmp_path / "drills.json.bad").read_text() == json.dumps(data)
    assert len(DrillBook(tmp_path).drills) == 3 and DrillBook(tmp_path).note == ""


# ------------------------------------------------------------------ 4. bad values
@pytest.mark.parametrize("bad", ["nan", "inf", "-inf", 1e12, "yesterday", None, [1], -5])
def test_a_bad_game_time_leaves_that_game_out_and_progress_opens(tmp_path, monkeypatch, bad):
    now = time.time()                                               # the screen's own clock
    good = [dict(json.loads(json.dumps(summary(f"g{k}").__dict__)), time=now - k * 86400) for k in range(3)]
    wrong = dict(good[0], key="bad", time=bad)
    types = dict(good[0], key="types", won="yes", achievements="three", mode=5)
    raw = json.dumps({"version": 1, "games": good + [wrong, types]})
    (tmp_path / "stats.json").write_text(raw)
    app = make_app(tmp_path, monkeypatch)
    try:
        click(app, "practice")
        click(app, "progress")
        assert isinstance(app.scene, StatsScene)
        app.step()
        assert not app.errors, app.errors
        scene = app.scene
        assert [g.key for g in scene.book.games] == ["g0", "g1", "g2"]
        assert "stats.json" in scene.book.note and "2" in scene.book.note
        recent, ever = scene.book.compare(30)
        assert ever.games == 3 and sum(n for _, n, _ in scene.book.daily_series(30)) == 3
        assert scene.book.record(summary("new"))                         # the next write keeps them aside
        assert (tmp_path / "stats.json.bad").read_text() == raw
        assert len(stats.StatsBook(tmp_path).games) == 4 and stats.StatsBook(tmp_path).note == ""
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("bad", ["three", [3], None, 1e300, True])
def test_a_wrong_best_of_the_day_lets_todays_daily_game_finish(tmp_path, bad):
    now = NOW
    day = daily.today(now)
    c = daily.daily_config(day)
    g = new_game(R, 1, "solo", c["difficulty"], [], c["seed"])
    bot = HeuristicBot(3)
    while not g.state.game_over:
        g.apply(bot.choose(g, g.acting))
    raw = json.dumps({"version": 1, "days": {day.isoformat(): {"won": True, "achievements": bad, "doom": 3,
                                                              "rounds": 5, "origin": {}, "actions": []},
                                             "not a day": {"won": True}}})
    (tmp_path / "daily.json").write_text(raw)
    notes = record.game_finished(g, ["human"], folder=tmp_path, clock=Clock(now))
    assert any("Daily game" in n for n in notes), notes
    assert any("daily.json" in n for n in notes), notes
    best = daily.DailyBook(tmp_path).best(day)
    assert best is not None and best["actions"] and (tmp_path / "daily.json.bad").read_text() == raw


@pytest.mark.parametrize("due", ["inf", "nan", "-inf", "soon", 1e300])
def test_a_bad_due_time_leaves_that_drill_out_and_the_drills_tab_opens(tmp_path, monkeypatch, four_player_game,
                                                                       due):
    _drills_to_answer(tmp_path, four_player_game)
    f = tmp_path / "drills.json"
    data = json.loads(f.read_text())
    data["drills"][0]["due"] = due
    f.write_text(json.dumps(data))
    app = make_app(tmp_path, monkeypatch)
    try:
        click(app, "practice")
        click(app, "tab_drills")
        assert isinstance(app.scene, PracticeScene) and app.scene.tab == "drills" and not app.errors, app.errors
        items = app.scene.drill_items()
        assert len(items) == 3 and app.scene.status and "drills.json" in app.scene.status[0]
        assert all(math.isfinite(d.due) for d in app.scene.drills.drills)
    finally:
        pygame.display.quit()


def test_bad_values_in_the_trainer_file_are_left_out_and_said(tmp_path):
    raw = json.dumps({"version": 1, "player": [1600.0, 120.0, 0.06], "started": True,
                      "history": [[50.0, 1600.0], [60.0, "x"], [70.0, 1e300]],
                      "puzzles": {"p0": [1400.0, 90.0, 0.06], "p1": "bad"}, "recent": ["p0", 7],
                      "solved": "many", "tried": 4})
    (tmp_path / "ratings.json").write_text(raw)
    t = Trainer(tmp_path, entries(), Clock())
    assert t.history == [(50.0, 1600.0)] and set(t.puzzles) == {"p0"} and t.tried == 4 and t.solved == 0
    assert "ratings.json" in t.note
    assert t.record("p1", solved=True) is not None and t.doc.error == ""
    assert (tmp_path / "ratings.json.bad").read_text() == raw
    assert Trainer(tmp_path, entries()).note == "" and Trainer(tmp_path, entries()).tried == 5


def test_a_ladder_value_out_of_range_is_left_out_and_kept_aside(tmp_path):
    from faeriell.practice.ladder import LadderBook
    raw = json.dumps({"version": 1, "best": {"solo": 99, "coop": 1}})
    (tmp_path / "ladder.json").write_text(raw)
    book = LadderBook(tmp_path)
    assert book.best == {"solo": 0, "coop": 1} and "ladder.json" in book.note
    assert book.record(stats.GameSummary("k", NOW, "solo", "easy", 1, [], 1, True, 3, 9, 7)) is not None
    assert (tmp_path / "ladder.json.bad").read_text() == raw and LadderBook(tmp_path).best["solo"] == 1


def test_puzzle_and_tutorial_progress_grown_past_their_read_limits_read_back(tmp_path):
    from faeriell.puzzles.path import MAX_PROGRESS_BYTES
    from faeriell.tutorial.progress import MAX_BYTES
    ids = [f"{k:05d}-" + "x" * 190 for k in range(1300)]          # a hand-grown list just under the limit
    (tmp_path / "puzzles.json").write_text(json.dumps({"solved": ids[:1200]}, indent=1))
    assert Progress(tmp_path).solved() == set(ids[:1200])
    p = Progress(tmp_path)
    for x in ids[1200:]:                                          # wins past the limit
        assert p.mark_solved(x) and p.error == ""
        assert (tmp_path / "puzzles.json").stat().st_size <= MAX_PROGRESS_BYTES
    solved = Progress(tmp_path).solved()
    assert ids[-1] in solved and len(solved) > 1000
    (tmp_path / "tutorial.json").write_text(json.dumps({"done": ids[:330]}))
    t = TutorialProgress(tmp_path)
    assert t.finish("99-last") and (tmp_path / "tutorial.json").stat().st_size <= MAX_BYTES
    done = TutorialProgress(tmp_path).done()
    assert "99-last" in done and 250 < len(done) < 331

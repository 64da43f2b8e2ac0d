"""Your most frequent costly habit (issue 41, item 5): the recent key moments read together, said in
the game's words, and offered as drills on the Practice screen (real mouse events)."""
from __future__ import annotations

import json

from test_app_support import click, make_app, rect_of, run_until  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.practice.drills import MARGIN, Drill, DrillBook  # noqa: E402
from faeriell.practice.habits import MIN_TIMES, costly_habit, kind_words  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402
from faeriell.ui.table.drill_coach import DrillCoach  # noqa: E402
from slip_games import first_slip  # noqa: E402


def _drill(k: int, played: dict, best: dict, fall: float = 0.12) -> Drill:
    return Drill(id=f"d{k}", origin={}, actions=[], player=0, round=2, played=played, best=best,
                 reason="", fall=fall, created=float(k))


END = {"action": "end_phase"}
BEACON = {"action": "build_beacon", "color": "red", "region": "bear-forest"}
IGNORE = {"action": "corruption", "choice": "ignore"}
CLEANSE = {"action": "corruption", "choice": "cleanse", "pay": ["red"]}


def test_kinds_are_said_in_the_games_words():
    assert kind_words(END) == "Ending the Phase"
    assert kind_words(BEACON) == "Building a Beacon"
    assert kind_words(IGNORE) == "Ignoring a Corruption Event"
    assert kind_words({"action": "choose_phase", "phase": "hero"}) == "Playing the Hero Phase"
    assert kind_words({"action": "no_such_move"}) is None


def test_the_most_frequent_pattern_is_the_habit_and_its_words_say_how_often_and_how_much():
    drills = [_drill(k, END, BEACON, 0.10 + 0.02 * k) for k in range(3)]
    drills += [_drill(10 + k, IGNORE, CLEANSE) for k in range(2)]
    drills += [_drill(20, BEACON, BEACON)]                       # the same kind: not a pattern
    h = costly_habit(drills)
    assert h is not None and (h.played, h.better, h.times, h.of) == ("Ending the Phase", "Building a Beacon", 3, 6)
    assert set(h.drill_ids) == {"d0", "d1", "d2"}
    assert h.words == ("Ending the Phase where building a Beacon was worth more: 3 of your last 6 costly moves, "
                       "about 12 points of win chance each.")


def test_too_few_alike_moments_are_no_habit_and_only_the_recent_ones_count():
    assert costly_habit([_drill(k, END, BEACON) for k in range(MIN_TIMES - 1)]) is None
    old = [_drill(k, END, BEACON) for k in range(3)]                  # created first
    new = [_drill(100 + k, IGNORE, CLEANSE) for k in range(3)]
    h = costly_habit(old + new, recent=3)
    assert h is not None and h.played == "Ignoring a Corruption Event" and h.of == 3


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def test_the_drills_tab_names_the_habit_and_drills_it(app, tmp_path):
    g, _, m = first_slip(app.rules, lambda m: m.fall > MARGIN + 0.05)
    DrillBook(tmp_path).add_from_review(g.origin, [h["action"] for h in g.history] + [m.played], [m], [0], "Solo")
    # the same slip in three games: three drills alike (their ids differ), as drills.json keeps them
    path = tmp_path / "drills.json"
    data = json.loads(path.read_text())
    first = data["drills"][0]
    data["drills"] = [{**first, "id": f"{first['id'][:-1]}{k}", "created": first["created"] + k} for k in range(3)]
    path.write_text(json.dumps(data))
    click(app, "practice")
    click(app, "tab_drills")
    habit = costly_habit(DrillBook(tmp_path).drills)
    assert habit is not None and habit.times == 3
    box = app.scene.root.find("habit")
    assert box.head == "Your most frequent costly habit" and box.text == habit.words
    assert rect_of(app, "habit").bottom <= rect_of(app, "drills").top      # above the list, not over it
    click(app, "drill_habit")
    assert run_until(app, lambda: isinstance(app.scene, TableScreen), 5), app.errors
    assert isinstance(app.scene.table.puzzle, DrillCoach)
    assert not app.errors

"""Drills from key moments: judged against fixed positions, scheduled with a fake clock, kept
through a bad file."""
import json

import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.practice.drills import MARGIN, DrillBook, judge, position
from faeriell.practice.schedule import DAY, next_review, wait_words
from slip_games import first_slip


@pytest.fixture(scope="module")
def rules():
    return default_rules()


class Clock:
    def __init__(self, t=1_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


@pytest.fixture(scope="module")
def moment(rules):
    """A seeded solo game played by a blundering heuristic bot, stopped at its first graded
    mistake (fall above the judging margin): the origin, the actions before it, the Moment."""
    g, slip, m = first_slip(rules, lambda m: m.fall > MARGIN + 0.05)
    return g.origin, [h["action"].to_dict() for h in g.history] + [slip.to_dict()], m


def test_the_schedule_steps_up_on_success_and_back_on_failure():
    now = 0.0
    step, due = next_review(0, True, now)
    assert (step, due) == (1, 1 * DAY)
    step, due = next_review(step, True, now)
    assert (step, due) == (2, 3 * DAY)
    step, due = next_review(step, True, now)
    assert (step, due) == (3, 7 * DAY)
    step, due = next_review(step, True, now)
    assert (step, due) == (4, 30 * DAY)
    assert next_review(step, True, now) == (4, 30 * DAY)        # a month stays a month
    assert next_review(step, False, now) == (0, 1 * DAY)        # a failure: back to the first
    assert wait_words(0, 10) == "due now" and wait_words(3 * DAY, 0) == "in 3 days"


def test_drills_come_from_human_key_moments_and_come_due_on_the_clock(tmp_path, moment):
    origin, actions, m = moment
    clock = Clock()
    book = DrillBook(tmp_path, clock)
    assert book.add_from_review(origin, actions, [m], humans=[1]) == 0        # a bot's moment: no drill
    assert book.add_from_review(origin, actions, [m], humans=[0], label="Solo") == 1
    assert book.add_from_review(origin, actions, [m], humans=[0]) == 0        # the same moment once
    (d,) = book.due()
    assert d.actions == actions[: m.index] and d.label == "Solo"
    book.record(d.id, False)
    assert book.due() == []
    clock.t += DAY
    assert [x.id for x in DrillBook(tmp_path, clock).due()] == [d.id]        # kept on disk, due tomorrow
    book = DrillBook(tmp_path, clock)
    book.record(d.id, True)
    clock.t += DAY - 1
    assert book.due() == []                                                  # a first success waits a day
    clock.t += 1
    assert book.due()
    book.record(d.id, True)
    assert book.get(d.id).step == 2 and book.get(d.id).due == clock.t + 3 * DAY and book.done == 3


def test_judging_the_played_move_fails_and_the_better_move_counts(rules, tmp_path, moment):
    origin, actions, m = moment
    book = DrillBook(tmp_path, Clock())
    book.add_from_review(origin, actions, [m], humans=[0])
    d = book.drills[0]
    g = position(rules, d)
    assert g.acting == 0 and m.played in g.legal_actions()
    bad = judge(rules, d, m.played, g)
    assert not bad.ok and bad.loss > MARGIN and bad.reason
    again = judge(rules, d, m.played, g)                                     # the same verdict every time
    assert (again.value, again.best_value, again.best) == (bad.value, bad.best_value, bad.best)
    good = judge(rules, d, bad.best, g)
    assert good.ok and good.best_value == pytest.approx(bad.best_value)
    assert judge(rules, d, m.best, g).value >= m.best_value - 1e-9          # the review's move is as good as it said


def test_a_bad_drills_file_is_kept_aside_and_a_fresh_one_started(tmp_path, moment):
    origin, actions, m = moment
    (tmp_path / "drills.json").write_text("{not json")
    book = DrillBook(tmp_path, Clock())
    assert book.drills == [] and "drills.json.bad" in book.note
    assert (tmp_path / "drills.json.bad").read_text() == "{not json"
    book.add_from_review(origin, actions, [m], humans=[0])
    assert json.loads((tmp_path / "drills.json").read_text())["drills"][0]["id"] == book.drills[0].id
    # a drill entry that is not ours is dropped, the rest kept
    data = json.loads((tmp_path / "drills.json").read_text())
    data["drills"].append({"id": 3})
    (tmp_path / "drills.json").write_text(json.dumps(data))
    assert len(DrillBook(tmp_path, Clock()).drills) == 1


def test_a_drill_id_twice_in_the_file_keeps_the_first_in_file_order(tmp_path, moment):
    origin, actions, m = moment
    book = DrillBook(tmp_path, Clock())
    book.add_from_review(origin, actions, [m], humans=[0])
    data = json.loads((tmp_path / "drills.json").read_text())
    a = data["drills"][0]
    b = {**a, "id": "b" * 16, "label": "other"}
    data["drills"] = [{**a, "label": "first"}, b, {**a, "label": "second"}]
    (tmp_path / "drills.json").write_text(json.dumps(data))
    again = DrillBook(tmp_path, Clock())
    assert [(d.id, d.label) for d in again.drills] == [(a["id"], "first"), ("b" * 16, "other")]
    assert again.refused == 1

"""Chapters where you choose (issue 41, item 6): a choose step lets the player pick among real
legal options, the coach grades the pick (best / good / costly) with its reason in the game's
words, a costly pick is taken back with Try again and a best or good one goes on. The grades are
the bots' (tutorial/grading.py), and --check fails a chapter whose grades they do not bear out."""
from __future__ import annotations

from test_app_support import click, drag, key, make_app  # first: sets the dummy video driver

from pathlib import Path

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.tutorial.chapters import ChapterError, load_all, load_chapter  # noqa: E402
from faeriell.tutorial.check import check_chapter  # noqa: E402
from faeriell.tutorial.grading import (COSTLY_CARDS, TIE, Weighed, computed_grades, grade_from,  # noqa: E402
                                       grade_problems, legal_option, verdict)
from faeriell.tutorial.lesson import GRADED, Lesson  # noqa: E402
from faeriell.tutorial.session import TutorialSession  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402
from faeriell.ui.table.keys import TotemPiece  # noqa: E402
from faeriell.engine.card import colour_of  # noqa: E402

CHAPTERS = Path(__file__).resolve().parents[1] / "data" / "tutorial"


@pytest.fixture(scope="module")
def rules():
    return default_rules()


@pytest.fixture(scope="module")
def chapters():
    return load_all()


def chapter(chapters, name):
    return next(c for c in chapters if c.id == name)


def at_choice(rules, chapters, name, k=0):
    """(lesson, session) at the k-th choose step of chapter `name`."""
    ch = chapter(chapters, name)
    idx = [i for i, st in enumerate(ch.steps) if st.kind == "choose"][k]
    lesson = Lesson(ch, rules, chapters)
    return lesson, TutorialSession(lesson, lesson.begin(idx))


# ---- the grade ---------------------------------------------------------------------------------
def _w(value):
    return Weighed(option=None, action=None, value=value)


def test_a_grade_is_the_gap_to_the_best_in_the_bots_race_value():
    best = _w(40.0)
    assert grade_from(best, best) == "best"
    assert grade_from(best, _w(40.0 - TIE / 2)) == "best"             # a near tie is as good as the best
    assert grade_from(best, _w(40.0 - (TIE + COSTLY_CARDS) / 2)) == "good"
    assert grade_from(best, _w(40.0 - COSTLY_CARDS)) == "costly"
    assert computed_grades([_w(1.0), Weighed(None, None)]) == [None, None]   # an option not legal has no grade


def test_the_shipped_strategy_chapters_have_two_choices_each_at_real_positions(rules, chapters):
    strategy = [c for c in chapters if c.id[:2] in ("09", "10", "11", "12")]
    assert len(strategy) == 4
    for c in strategy:
        choices = [st for st in c.steps if st.kind == "choose"]
        assert len(choices) >= 2, c.id
        assert {"best", "costly"} <= {o.grade for st in choices for o in st.options}, c.id
        problem, _ = check_chapter(c, rules, chapters)
        assert problem is None, (c.id, problem)


def test_the_cleanse_choice_is_graded_by_the_bots_and_its_words_name_the_costs(rules, chapters):
    lesson, s = at_choice(rules, chapters, "11-cleanse-yield-ignore")
    st = lesson.step
    assert grade_problems(s.game, st) == []
    ignore = legal_option(s.game, {"action": "corruption", "choice": "ignore"})
    v = verdict(s.game, st, ignore)
    assert v.grade == "costly"
    # the engine's preview: the Achievement lost and Doom, said before the player goes on
    assert "you lose the Corruption Cleanser Achievement" in v.text and "Doom +1" in v.text
    assert "The best here: Cleanse Corruption" in v.text and "Try again" in v.text
    cleanse = legal_option(s.game, {"action": "corruption", "choice": "cleanse_corruption", "target": "doom"})
    assert verdict(s.game, st, cleanse).grade == "best"


def test_check_fails_a_chapter_whose_grades_the_bots_do_not_bear_out(rules, chapters, tmp_path):
    text = (CHAPTERS / "11-cleanse-yield-ignore.yaml").read_text(encoding="utf-8")
    # Ignore called the best and Cleanse costly: the bots say otherwise
    swapped = text.replace("choice: cleanse_corruption, target: doom}\n        grade: best",
                           "choice: cleanse_corruption, target: doom}\n        grade: costly", 1)
    swapped = swapped.replace("choice: ignore}\n        grade: costly", "choice: ignore}\n        grade: best", 1)
    assert swapped.count("grade: best") == 2 and swapped != text
    bad = tmp_path / "11-cleanse-yield-ignore.yaml"
    bad.write_text(swapped, encoding="utf-8")
    problem, _ = check_chapter(load_chapter(bad), rules, chapters)
    # the first option the bots disagree on is named, with both grades
    assert problem is not None and "Cleanse Corruption" in problem
    assert "the chapter says costly, the bots' evaluation says best" in problem


def test_check_fails_an_option_that_is_not_legal_there(rules, chapters, tmp_path):
    text = (CHAPTERS / "09-racing-doom.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "09-racing-doom.yaml"
    bad.write_text(text.replace("move: {action: harvest, steps: 3}", "move: {action: harvest, steps: 30}", 1),
                   encoding="utf-8")
    problem, _ = check_chapter(load_chapter(bad), rules, chapters)
    assert problem is not None and "is not legal here" in problem


@pytest.mark.parametrize("change, words", [
    ("grade: best", "exactly one option is graded best"),
    ("grade: fine", "one of best, good, costly"),
])
def test_a_choice_with_a_bad_grade_is_refused_with_file_line_and_field(tmp_path, change, words):
    text = (CHAPTERS / "12-coop-partner.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "12-coop-partner.yaml"
    bad.write_text(text.replace("grade: costly", change, 1), encoding="utf-8")
    with pytest.raises(ChapterError) as e:
        load_chapter(bad)
    assert str(bad) in str(e.value) and "choose" in str(e.value) and words in str(e.value)


# ---- the session: Try again, Go on -------------------------------------------------------------
def test_a_costly_pick_is_played_graded_and_taken_back_to_the_very_same_game(rules, chapters):
    lesson, s = at_choice(rules, chapters, "10-which-achievements")
    before, at = to_dict(s.state), lesson.index
    level = legal_option(s.game, {"action": "level_up", "hero": "chieftain"})
    assert s.apply(level) is None
    assert lesson.graded.grade == "costly" and to_dict(s.state) != before
    assert s.legal() == [] and s.apply(s.engine_legal()[0]) == GRADED     # nothing more till Try again
    assert not s.go_on() and lesson.index == at                            # costly: no going on
    assert s.try_again() and to_dict(s.state) == before and lesson.graded is None and lesson.index == at


def test_a_good_pick_goes_on_from_the_best_and_resuming_meets_the_same_game(rules, chapters):
    lesson, s = at_choice(rules, chapters, "10-which-achievements")
    at = lesson.index
    attune = legal_option(s.game, {"action": "attune", "guardian": "toad"})
    assert s.apply(attune) is None and lesson.graded.grade == "good"
    assert s.go_on() and lesson.index == at + 1 and lesson.graded is None
    assert s.state.totem["owner"] == 0 and "toad" not in s.state.tribes[0].attunements
    # the game at the next step, rebuilt from the chapter (a resume), is the one played
    again = Lesson(lesson.chapter, rules, chapters).begin(at + 1)
    assert to_dict(again.state) == to_dict(s.state)


# ---- at the window, with real events -------------------------------------------------------------
@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def frame(app):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    app.dirty = True
    app.step()


def card_button(app, name):
    layer = app.scene.table.tutorial
    assert name in layer.rects, f"the step card has no {name!r} button now ({sorted(layer.rects)})"
    click(app, layer.rects[name].center)


def open_from_list(app, chapter_id):
    """Learn to play, the list scrolled with the wheel until the chapter shows, and a click on it."""
    click(app, "tutorial")
    scene = app.scene
    body = next(w for w in scene.root.children if getattr(w, "scrollable", False))
    assert scene.root.find("how_to_win") is not None      # the strategy chapters under their heading
    for _ in range(40):
        r = body.screen_rect(f"chapter_{chapter_id}")
        if r is not None and r.height >= 40:
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=body.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0))
        app.step()
    click(app, body.screen_rect(f"chapter_{chapter_id}").center)


def test_a_strategy_chapter_grades_a_costly_pick_lets_the_player_retry_and_goes_on_on_the_best(app):
    open_from_list(app, "11-cleanse-yield-ignore")
    assert isinstance(app.scene, TableScreen), app.errors
    table, s = app.scene.table, app.session
    lesson = s.tutorial
    card_button(app, "next")                       # the read step
    assert lesson.step.kind == "do"
    assert s.apply(lesson.expected(s.game)) is None      # the Menace Draft (its own gesture is other tests')
    frame(app)
    assert lesson.step.kind == "choose" and s.state.pending["kind"] == "corruption"
    # no ring tells the answer: nothing is drawn from a piece to a place, the bar's choices are ringed alike
    assert table.tutorial.targets(table) == [] and table.tutorial.arrow_path is None
    rects = {(o.actions[0]["choice"], o.actions[0].get("target")): r for r, o in table.decision.choice.rects}
    assert len(table.tutorial._option_rects(table)) == 4
    doom, cleanser_before = s.state.doom, "cleanser" in s.state.tribes[0].achievements
    assert cleanser_before
    # Ignore: played (Doom +1, the Corruption Cleanser lost), graded costly, with its reasons
    click(app, rects[("ignore", None)].center)
    frame(app)
    v = lesson.graded
    assert v is not None and v.grade == "costly"
    assert s.state.doom == doom + 1 and "cleanser" not in s.state.tribes[0].achievements
    assert set(table.tutorial.rects) == {"try_again", "chapters"}
    # the banner asks for nothing the step refuses (a decision the pick opened waits)
    from faeriell.ui.table.chrome import expectation
    assert expectation(table.painted)[1] == "read the coach's grade, then Try again"
    assert "you lose the Corruption Cleanser Achievement" in v.text and "Doom +1" in v.text
    # the card shows the grade and the why, wrapped to it
    head, lines = table.tutorial.shown
    said = " ".join(lines)
    assert head.endswith("Costly.") and v.option.why in said and "you lose the Corruption Cleanser" in said
    # no going on past a costly pick: R takes it back (Enter, the card's main button, would too)
    key(app, pygame.K_r)
    frame(app)
    assert lesson.graded is None and s.state.doom == doom and "cleanser" in s.state.tribes[0].achievements
    assert s.state.pending["kind"] == "corruption" and table.message == "Move taken back: choose again."
    # the best: Cleanse, Doom back; Enter goes on
    rects = {(o.actions[0]["choice"], o.actions[0].get("target")): r for r, o in table.decision.choice.rects}
    click(app, rects[("cleanse_corruption", "doom")].center)
    frame(app)
    assert lesson.graded.grade == "best" and s.state.doom == doom - 1
    at = lesson.index
    key(app, pygame.K_RETURN)
    frame(app)
    assert lesson.index == at + 1 and lesson.graded is None
    # the Harvest choice has no decision bar: its options are buttons on the card (and keys)
    assert lesson.step.kind == "choose" and "option0" in table.tutorial.rects
    card_button(app, "option1")                    # the Bear's Area, under a Corrupted Guardian
    frame(app)
    assert lesson.graded.grade == "costly"
    card_button(app, "try_again")
    frame(app)
    key(app, pygame.K_1)                           # the Forest
    frame(app)
    assert lesson.graded.grade == "best"
    card_button(app, "go_on")
    frame(app)
    assert lesson.step.kind == "read" and not app.errors


def test_after_the_last_chapter_the_card_starts_a_solo_easy_game_with_the_coach(app):
    last = load_all()[-1]
    assert app.open_tutorial(last.id, len(last.steps)) is None
    frame(app)
    table = app.scene.table
    assert app.session.tutorial.finished and "next_chapter" not in table.tutorial.rects
    card_button(app, "solo_easy")
    frame(app)
    s = app.session
    assert isinstance(app.scene, TableScreen) and not isinstance(s, TutorialSession), app.errors
    st = s.state
    assert (st.mode, st.players, st.difficulty) == ("solo", 1, "easy") and s.coach is True
    assert s.seats == ["human"] and not app.errors


def test_an_option_is_picked_on_the_board_a_move_not_offered_is_refused_and_a_good_pick_gives_way_to_the_best(app):
    assert app.open_tutorial("10-which-achievements", 2) is None
    frame(app)
    table, s = app.scene.table, app.session
    lesson = s.tutorial
    st = lesson.step
    assert st.kind == "choose" and [f"option{k}" in table.tutorial.rects for k in range(4)] == [True] * 4
    # the Totem to the Owl's River: legal for the engine, not one of the step's options
    def yellows():
        return sum(1 for e in s.state.tribes[0].essences if colour_of(e) == "yellow")
    doom, yellow = s.state.doom, yellows()
    drag(app, table.spot_pos(TotemPiece()), table.region_point("owl-river"))
    assert not s.game.history and lesson.graded is None and table.message_bad
    assert table.words.say(st.refuse) in table.message
    # a good pick by its button: played, graded good; Go on replaces it by the best (the Totem)
    card_button(app, "option1")
    frame(app)
    assert lesson.graded.grade == "good" and "toad" in s.state.tribes[0].attunements
    assert "Good, but not the best." in table.tutorial.shown[0]
    assert set(table.tutorial.rects) == {"go_on", "chapters"}
    card_button(app, "go_on")
    frame(app)
    assert lesson.graded is None and lesson.step.kind == "choose" and lesson.index == 3
    assert "toad" not in s.state.tribes[0].attunements and s.state.totem["owner"] == 0
    assert s.state.totem["region"] == "wolf-meadow" and s.state.doom == doom
    assert yellow == 1 and yellows() == 0
    assert not app.errors

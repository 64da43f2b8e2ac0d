"""The guided first game (data/tutorial/): every chapter plays through its steps, each step accepts
its own move and refuses another with its own reason; bad chapter files are refused with file,
line and field; progress is kept atomically."""
from __future__ import annotations

import json

import pytest

from faeriell.engine import Action
from faeriell.tutorial import check
from faeriell.tutorial.chapters import ChapterError, load_all, load_chapter
from faeriell.tutorial.lesson import Lesson, READ_FIRST
from faeriell.tutorial.progress import Progress
from faeriell.tutorial.session import TutorialSession


@pytest.fixture(scope="module")
def rules():
    from faeriell.content.rules_loader import default_rules
    return default_rules()


def test_check_passes_every_chapter(capsys):
    assert check.main(["--check"]) == 0
    out = capsys.readouterr().out.splitlines()
    chapters = load_all()
    assert len(chapters) >= 6
    assert len(out) == len(chapters) and all(line.startswith("PASS ") for line in out)


def test_check_fails_a_chapter_whose_move_is_not_legal(tmp_path, rules):
    f = tmp_path / "01-bad.yaml"
    f.write_text("title: Bad\nabout: a move the engine refuses\nstart:\n"
                 "  new: {players: 1, mode: solo, difficulty: easy, variants: [starting_scenario], seed: 1}\n"
                 "steps:\n  - do: {action: choose_phase, phase: tribe}\n    say: Go.\n    refuse: No.\n")
    c = load_chapter(f)
    problem, _ = check.check_chapter(c, rules, [c])
    assert problem and "not legal" in problem          # set-up is not over: no Phase can be chosen


def test_check_fails_a_step_that_does_not_refuse_its_wrong_move(tmp_path, rules):
    f = tmp_path / "01-bad.yaml"
    f.write_text("title: Bad\nabout: wrong is the step's own move\nstart:\n"
                 "  new: {players: 1, mode: solo, difficulty: easy, variants: [starting_scenario], seed: 1}\n"
                 "steps:\n  - do: {action: place_hero, hero: chieftain}\n    say: Go.\n    refuse: No.\n"
                 "    wrong: {action: place_hero, hero: chieftain, node: owl-forest+owl-river+wolf-meadow}\n")
    c = load_chapter(f)
    problem, _ = check.check_chapter(c, rules, [c])
    assert problem and "own move" in problem


@pytest.mark.parametrize("text, where", [
    ("title: T\nabout: A\nstart: {new: {players: 1}}\nsteps:\n  - do: {action: end_phase}\n    say: s\n"
     "    refuse: r\n    colour: red\n", ":8: steps[0].colour"),
    ("title: T\nabout: A\nstart: {new: {players: 1}}\nsteps:\n  - do: {action: fly}\n    say: s\n    refuse: r\n",
     ":5: steps[0].do"),
    ("title: T\nabout: A\nstart: {new: {players: 1}, after: x}\nsteps:\n  - read: hi\n", ":3: start"),
    ("title: T\nabout: A\nstart: {new: {players: 1}}\nsteps:\n  - read: hi\n", ":4: steps"),
    ("title: T\nabout: A\nstart: {new: {players: 1}}\nsteps:\n  - do: {action: end_phase}\n    say: s\n", ":5: steps[0].refuse"),
])
def test_bad_chapter_files_name_file_line_field(tmp_path, text, where):
    f = tmp_path / "c.yaml"
    f.write_text(text)
    with pytest.raises(ChapterError) as e:
        load_chapter(f)
    assert str(e.value).startswith(str(f) + where), str(e.value)


def test_a_step_refuses_another_move_and_leaves_the_game_unchanged(rules):
    chapters = load_all()
    lesson = Lesson(chapters[0], rules, chapters)
    game = lesson.begin(0)
    s = TutorialSession(lesson, game)
    assert s.apply(Action("place_hero", hero="chieftain", node="owl-forest+owl-mountain+owl-river")) == READ_FIRST
    assert s.next_step() and s.next_step()
    step = lesson.step
    assert step.kind == "do"
    hist = len(s.game.history)
    why = s.apply(Action("place_hero", hero="chieftain", node="owl-forest+owl-mountain+owl-river"))
    assert why == step.refuse and len(s.game.history) == hist
    assert s.why_not(Action("place_hero", hero="chieftain", node="owl-forest+owl-mountain+owl-river")) == step.refuse
    assert s.apply(lesson.expected(s.game)) is None and lesson.index == 3
    assert s.undo() and len(s.game.history) == hist + 1          # no undo in the guided game


def test_progress_resumes_at_the_step_left_and_remembers_finished_chapters(tmp_path, rules):
    chapters = load_all()
    prog = Progress(tmp_path)
    lesson = Lesson(chapters[0], rules, chapters)
    s = TutorialSession(lesson, lesson.begin(0), prog)
    s.next_step()
    s.next_step()
    s.apply(lesson.expected(s.game))
    assert prog.resume_point() == (chapters[0].id, 3)
    again = Lesson(chapters[0], rules, chapters)
    g = again.begin(prog.step_of(chapters[0].id))
    assert again.index == 3 and g.state.tribes[0].heroes["chieftain"].node == s.game.state.tribes[0].heroes["chieftain"].node
    while not lesson.finished:
        if lesson.step.kind == "read":
            s.next_step()
        else:
            assert s.apply(lesson.expected(s.game)) is None
    assert prog.done() == {chapters[0].id} and prog.resume_point() is None
    assert json.loads((tmp_path / "tutorial.json").read_text()) == {"done": [chapters[0].id]}
    assert not list(tmp_path.glob("*.tmp"))


def test_progress_that_cannot_be_read_or_written_loses_nothing_else(tmp_path):
    (tmp_path / "tutorial.json").write_text("{not json")
    prog = Progress(tmp_path)
    assert prog.done() == set() and prog.resume_point() is None
    blocked = tmp_path / "file"
    blocked.write_text("x")
    bad = Progress(blocked / "sub")                  # a folder under a file cannot be made
    assert bad.finish("01-setup") is False and bad.error


def test_the_command_line_opens_a_chapter_by_number_or_name_and_refuses_an_unknown_one(capsys):
    from faeriell import cli
    assert cli.parse_args(["--tutorial"]).tutorial == ""
    assert cli.parse_args(["--tutorial", "3"]).tutorial == "3"
    assert cli.launch_options(cli.parse_args(["--tutorial", "heroes-and-round"])).wants_table()
    with pytest.raises(SystemExit) as e:
        cli.parse_args(["--tutorial", "99"])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "no chapter '99'" in err and "1 (01-setup)" in err
    with pytest.raises(SystemExit) as e:
        cli.parse_args(["--tutorial", "--continue"])
    assert e.value.code == 2


def test_find_chapter_by_number_file_name_or_name():
    from faeriell.tutorial.chapters import find_chapter
    chapters = load_all()
    assert find_chapter(chapters, "1") is chapters[0]
    assert find_chapter(chapters, "04-tribe-actions").id == "04-tribe-actions"
    assert find_chapter(chapters, "Tribe-Actions").id == "04-tribe-actions"
    assert find_chapter(chapters, "0") is None and find_chapter(chapters, "nothing") is None


def test_chapters_speak_in_the_games_words(rules):
    """No ids (owl-river, herb-red, cleanse_corruption) and no ruling numbers in what a step says."""
    import re
    cat = rules.catalog
    ids = set(rules.board.regions) | set(cat.herbs) | set(rules.board.nodes)
    ids |= {"build_beacon", "cleanse_corruption", "place_hero", "harvest_choice", "ley-lines"}
    for c in load_all():
        for st in c.steps:
            for text in (st.text, st.refuse, c.title, c.about):
                words = set(re.findall(r"[a-z_]+(?:-[a-z]+)+|[a-z]+_[a-z_]+", text))
                assert not words & ids, (c.id, st.line, words & ids)
                assert not re.search(r"\bR\d+\b", text), (c.id, st.line, text)

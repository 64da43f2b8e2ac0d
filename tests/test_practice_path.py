"""The puzzle path at the window, with real mouse events: the Practice list shows puzzles only,
grouped by theme, solved ones marked (kept in the data folder); a failed try offers a hint and a
retry; a win is kept and offers the next unsolved puzzle."""
from __future__ import annotations

from pathlib import Path

import test_app_support as support
from test_app_support import click, make_app  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell import scenario  # noqa: E402
from faeriell.engine import Action  # noqa: E402
from faeriell.puzzles.goal import THEMES  # noqa: E402
from faeriell.puzzles.path import Progress, PuzzlePath  # noqa: E402
from faeriell.ui.scenes.table import TableScreen as TableHost  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def press(app, pos) -> None:
    support.press(app, pos, steps=2)             # a second frame for the screen it opens


def test_practice_lists_the_path_by_theme_marks_solved_and_plays_on(app, tmp_path):
    path = PuzzlePath.load()
    solved_first = path.entries[0]
    assert Progress(tmp_path).mark_solved(solved_first.id)
    click(app, "practice")
    lb = app.scene.find("puzzles")
    # puzzles only (no rule-test scenario), each theme a heading row, in the path's order
    assert all(not key or Path(key).parent.name == "puzzles" for key, _, _ in lb.items)
    heads = [title for key, title, _ in lb.items if not key]
    assert heads == [t.upper() for t in THEMES.values() if any(e.theme_title == t for e in path.entries)]
    assert len([k for k, _, _ in lb.items if k]) == len(path.entries) >= 24
    row = {Path(k).stem: (n, title) for n, (k, title, _) in enumerate(lb.items) if k}
    assert row[solved_first.id][1].startswith("Solved")
    first_head = next(detail for key, _, detail in lb.items if not key)
    assert first_head.startswith("1 of ")
    # the first unsolved puzzle is ready; a double click on its row opens it
    target = path.next_unsolved(None, Progress(tmp_path))
    assert app.scene.practice_about()[0] == target.name
    n = row[target.id][0]
    r = lb.row_rect(n)
    click(app, r.center)
    click(app, app.scene.find("puzzles").row_rect(n).center)
    host = app.scene
    assert isinstance(host, TableHost), (app.errors, getattr(app.scene, "status", None))
    table = host.table
    assert table.puzzle is not None and Path(table.puzzle.path).stem == target.id

    # a failed try: the tempting wrong move, then the Phase runs out; Hint, then Retry
    sc = scenario.load(target.path)
    assert sc.wrong, "every puzzle on the path names a tempting wrong first move"
    s = app.session
    assert s.apply(Action.from_dict(sc.wrong[0][1])) is None
    for _ in range(200):
        if table.puzzle.follow(s.game) and table.puzzle.result != "open":
            break
        legal = s.legal()
        s.apply(next((a for a in legal if a.kind == "end_phase"), legal[0]))
    app.step()
    assert table.puzzle.result == "lost" and table.puzzle.overlay
    assert "hint" in table.result.panel.rects
    press(app, table.result.panel.rects["hint"].center)
    assert table.puzzle.show_hint and "hint" not in table.result.panel.rects
    press(app, table.result.panel.rects["retry"].center)
    assert table.puzzle.result == "open" and not app.session.game.history

    # the solution wins: kept as solved, and the next unsolved puzzle is a click away
    for _kind, value, _ in sc.solution:
        assert app.session.apply(Action.from_dict(value)) is None, value
    app.step()
    assert table.puzzle.result == "won" and table.puzzle.overlay
    assert Progress(tmp_path).solved() == {solved_first.id, target.id}
    nxt = path.next_unsolved(target.id, Progress(tmp_path))
    assert nxt is not None and table.puzzle.next_path == nxt.path
    app.draw()                   # the count comes from the progress file (issue 42 c)
    assert f"2 of the {len(path.entries)} puzzles on the path solved." in table.result.panel.said
    press(app, table.result.panel.rects["next"].center)
    assert Path(table.puzzle.path).stem == nxt.id and table.puzzle.result == "open"
    assert not app.errors


def test_progress_survives_a_broken_file_and_an_unwritable_folder(tmp_path):
    (tmp_path / "puzzles.json").write_text("{ not json")
    p = Progress(tmp_path)
    assert p.solved() == set()
    assert p.mark_solved("harvest-home") and p.solved() == {"harvest-home"}
    blocked = tmp_path / "file"
    blocked.write_text("x")
    q = Progress(blocked / "sub")                 # a folder that cannot be made
    assert not q.mark_solved("harvest-home") and q.error
    assert q.solved() == set()

"""The analysis board (issue 45), driven by real events: the Esc menu's "Analyse from here", the
table's drags and clicks, the tree's keys and rows, the coach panel."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, drag, key, make_app, run_until

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine.state import to_dict
from faeriell.ui.scenes.analysis import AnalysisScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, seed=7, players=2, mode="competitive")
    yield a
    pygame.display.quit()


def open_analysis(app) -> AnalysisScene:
    """Esc, then the menu's "Analyse from here": the board on a copy of the game."""
    key(app, pygame.K_ESCAPE)
    click(app, "analyse")
    assert isinstance(app.scene, AnalysisScene), type(app.scene).__name__
    app.step()
    return app.scene


def through_setup(session) -> None:
    n = 0
    while session.state.stage != "play":
        assert n < 300
        assert session.apply(session.legal()[0]) is None
        n += 1


def phase_tile(scene, phase: str):
    return scene.table.spot_pos(("phase", scene.session.acting, phase))


def test_the_menu_opens_a_copy_and_back_returns_to_the_same_game(app):
    table_screen = app.scene
    before = len(app.session.game.history)
    sc = open_analysis(app)
    assert sc.session.game is not table_screen.session.game
    drag_target = [a for a in sc.session.legal() if a.kind == "place_settlement"][0]
    assert sc.session.apply(drag_target) is None            # a move on the board...
    click(app, "back")
    assert app.scene is table_screen
    assert len(app.session.game.history) == before          # ...is not a move of the game


def test_a_refused_drop_says_why_and_leaves_the_position_and_the_tree_unchanged(app):
    sc = open_analysis(app)
    s = sc.session
    ok = sorted(a.get("region") for a in s.legal() if a.kind == "place_settlement")[0]
    start = len(s.game.history)
    # a legal drop goes into the tree
    drag(app, sc.table.spot_pos(("supply_settlement", s.acting)), sc.table.spot_pos(("region", ok)))
    app.step()
    assert len(s.game.history) == start + 1
    assert [n.action.get("region") for n in sc.lines.current.path()] == [ok]
    # the next player's Settlement onto the same Region: refused, nothing changes
    legal = {a.get("region") for a in s.legal() if a.kind == "place_settlement"}
    assert ok not in legal
    state_before = to_dict(s.game.state)
    node_before = sc.lines.current
    drag(app, sc.table.spot_pos(("supply_settlement", s.acting)), sc.table.spot_pos(("region", ok)))
    app.step()
    assert len(s.game.history) == start + 1
    assert to_dict(s.game.state) == state_before
    assert sc.table.message and sc.table.message_bad, "the refusal was not said"
    assert sc.lines.current is node_before and not node_before.children
    assert len(sc.lines.root.children) == 1


def test_two_branches_step_back_and_forth_by_keys_and_a_click_on_a_row(app):
    through_setup(app.session)
    app.step()
    sc = open_analysis(app)
    start = len(sc.session.game.history)
    click(app, phase_tile(sc, "tribe"))
    assert sc.session.state.phase == "tribe" and len(sc.lines.root.children) == 1
    key(app, pygame.K_LEFT)                                   # back to the start
    assert sc.lines.current is sc.lines.root and sc.session.state.phase is None
    click(app, phase_tile(sc, "hero"))                        # another move: a second branch
    assert len(sc.lines.root.children) == 2 and sc.session.state.phase == "hero"
    assert sc.lines.branches() == 2
    key(app, pygame.K_UP)                                     # the branch beside it
    assert sc.session.state.phase == "tribe"
    key(app, pygame.K_DOWN)
    assert sc.session.state.phase == "hero"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RIGHT)                                  # forward: the main line's move
    assert sc.session.state.phase == "tribe"
    assert len(sc.session.game.history) == start + 1
    app.dirty = True
    app.step()                                                # the rows are drawn: click the second branch
    rows = [(r, n) for r, n in sc.tree_panel.hits if n.action is not None and n.action.get("phase") == "hero"]
    assert rows, "the second branch has no row"
    click(app, rows[0][0].center)
    assert sc.session.state.phase == "hero"
    # each node carries the coach's chance for its mover
    assert all(n.chance is not None and 0.0 <= n.chance <= 1.0 for n in sc.lines.root.children)
    # Delete takes the branch shown off the tree
    click(app, "delete")
    assert len(sc.lines.root.children) == 1 and sc.lines.current is sc.lines.root


def test_the_coach_panel_lists_its_moves_for_a_seeded_position(app, monkeypatch):
    from faeriell.analysis import coach as C
    through_setup(app.session)
    app.step()
    sc = open_analysis(app)
    # the coach's own call, its work fixed by iterations rather than the clock (no timed test)
    monkeypatch.setattr(sc.coach, "ask", lambda g, longer: C.coach_moves(g, iterations=20, worlds=2))
    click(app, "coach")
    assert run_until(app, lambda: sc.coach.shown(sc.key()) is not None or sc.coach.error, timeout=120)
    answer = sc.coach.shown(sc.key())
    assert answer is not None, sc.coach.error
    assert len(answer.moves) == 3
    assert {m.action.kind for m in answer.moves} <= {"choose_phase"}
    app.dirty = True
    app.step()
    assert "imagined" in answer.note

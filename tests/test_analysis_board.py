"""The analysis board (issue 45), driven by real events: the Esc menu's "Analyse from here", the
table's drags and clicks, the tree's keys and rows, the coach panel."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, drag, key, make_app, run_until

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine.state import to_dict
from faeriell.ui.scenes.analysis import AnalysisScene
from faeriell.ui.table.keys import PhaseTile, RegionSpot, SupplySettlement  # noqa: E402


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
    return scene.table.spot_pos(PhaseTile(scene.session.acting, phase))


def test_the_menu_opens_a_copy_and_back_returns_to_the_same_game(app):
    through_setup(app.session)
    app.step()
    table_screen = app.scene
    before = len(app.session.game.history)
    sc = open_analysis(app)
    assert sc.session.game is not table_screen.session.game
    click(app, phase_tile(sc, "tribe"))                     # a move on the board...
    assert sc.session.state.phase == "tribe"
    click(app, "back")
    assert app.scene is table_screen
    assert len(app.session.game.history) == before          # ...is not a move of the game
    assert app.session.state.phase is None


def test_during_the_set_up_the_board_says_it_opens_once_the_set_up_is_done(app):
    sc = open_analysis(app)
    assert sc.editor is not None and sc.message_bad
    assert "set up" in sc.message


def test_a_refused_drop_says_why_and_leaves_the_position_and_the_tree_unchanged(app):
    through_setup(app.session)
    app.step()
    sc = open_analysis(app)
    s = sc.session
    click(app, phase_tile(sc, "tribe"))
    node_before = sc.lines.current
    history_before = len(s.game.history)
    state_before = to_dict(s.game.state)
    me, rival = s.acting, 1 - s.acting
    taken = s.state.tribes[rival].settlements[0]
    # a Settlement dropped on a rival's Region: the table lit only legal places, and refuses this
    drag(app, sc.table.spot_pos(SupplySettlement(me)), sc.table.spot_pos(RegionSpot(taken)))
    app.step()
    assert len(s.game.history) == history_before
    assert to_dict(s.game.state) == state_before
    assert sc.table.message and sc.table.message_bad, "the refusal was not said"
    assert sc.table.refused_kind == "build_settlement"        # F1 opens its rule
    assert sc.lines.current is node_before and not node_before.children
    key(app, pygame.K_F1)
    assert type(app.scene).__name__ == "RulesScene"


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


# ---- the editor ------------------------------------------------------------------------------
BUILT = """\
name: Built by hand
setup: {players: 2, mode: competitive, difficulty: medium, seed: 0, position: empty}
board: {doom: 2}
tribes:
  - settlements: [bear-forest, owl-river]
    beacons: {bear-forest: red}
  - settlements: [stag-meadow]
turn: {player: 1}
steps: []
"""


def open_editor(app) -> AnalysisScene:
    """The start screen's "Analysis board": an empty table in the editor."""
    from faeriell.ui.registry import scene_class
    if type(app.scene).__name__ != "StartScene":
        app.show(scene_class("start")(app))
        app.step()
    click(app, "analysis")
    sc = app.scene
    assert isinstance(sc, AnalysisScene) and sc.editor is not None
    return sc


def into_view(app, sc, wid):
    """The stepper `wid`'s page of the editor, then the mouse wheel over it until the stepper is in
    sight (a short window scrolls it); returns its rect."""
    page = sc.editor.page_of(wid)
    if sc.editor.page != page:                # its page of the editor first
        click(app, f"page_{page}")
    for _ in range(40):
        r, view = next(r for w, r in sc.editor.steppers if w == wid), sc.editor.rect
        if view.contains(r):
            return r
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if r.y > view.y else 1))
        app.step()
    raise AssertionError(f"{wid} never came into view")


def chip(sc, kind: str, variant=None):
    return next(c for c in sc.editor.chips if c.kind == kind and c.variant == variant).rect.center


def test_a_position_built_by_drags_equals_the_one_loaded_from_the_same_scenario_file(app, tmp_path):
    from faeriell import analysis as an
    path = tmp_path / "built.yaml"
    path.write_text(BUILT, encoding="utf-8")
    sc = open_editor(app)
    region = lambda r: sc.table.spot_pos(RegionSpot(r))       # noqa: E731
    drag(app, chip(sc, "settlement"), region("bear-forest"))
    drag(app, chip(sc, "settlement"), region("owl-river"))
    drag(app, chip(sc, "beacon", "red"), region("bear-forest"))
    click(app, "seat")                                           # the next pieces are player 2's
    drag(app, chip(sc, "settlement"), region("stag-meadow"))
    for _ in range(2):                                           # Doom's + end
        r = into_view(app, sc, "doom")
        click(app, (r.right - 6, r.centery))
    assert not app.errors, app.errors
    assert sc.editor.pos == an.import_file(str(path)).position
    assert sc.editor.fault is None and sc.find("play_here").enabled
    # Analyse: the board on that position, the table's moves lit as in play
    click(app, "analyse_pos")
    assert sc.editor is None and sc.lines is not None
    assert an.from_game(sc.lines.root_game) == an.import_file(str(path)).position


def test_an_impossible_position_names_its_fault_and_keeps_play_from_here_disabled(app, tmp_path):
    path = tmp_path / "twice.yaml"
    path.write_text(BUILT.replace("[stag-meadow]", "[bear-forest]"), encoding="utf-8")
    sc = open_editor(app)
    sc.open_path(str(path))                     # the Open dialog's own call (its typing is the dialog's)
    app.step()
    assert sc.editor is not None and sc.editor.fault is not None
    assert "Bear's Forest" in sc.editor.fault.message and "bear-forest" in sc.editor.fault.marks
    assert not sc.find("play_here").enabled and not sc.find("analyse_pos").enabled
    click(app, "play_here")                                      # greyed: nothing opens
    assert app.scene is sc
    # mended on the table: a right click takes the Settlement off that Region, the check follows
    pos = sc.table.spot_pos(RegionSpot("bear-forest"))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=3))
    app.step()
    assert sc.editor.fault is None, sc.editor.fault
    assert sc.find("play_here").enabled
    # pasted as text, the same position comes back with its fault
    from faeriell.ui.analysis import sharing
    sharing.copy_text(path.read_text(encoding="utf-8"))
    click(app, "paste")
    assert sc.editor.fault is not None and "bear-forest" in sc.editor.fault.marks
    assert not sc.find("play_here").enabled


def test_export_then_import_round_trips_the_position_and_the_tree(app, tmp_path, monkeypatch):
    from faeriell.ui.analysis import sharing
    through_setup(app.session)
    app.step()
    sc = open_analysis(app)
    click(app, phase_tile(sc, "tribe"))
    key(app, pygame.K_LEFT)
    click(app, phase_tile(sc, "hero"))                           # two branches, the second shown
    key(app, pygame.K_UP)                                        # back on the main line's move
    out = tmp_path / "line.yaml"
    click(app, "export_scenario")
    dlg = sc.modal
    assert dlg is not None and dlg.find("path") is not None
    from test_app_support import type_text
    dlg.field.text = ""                                          # the suggestion cleared, as by the keys
    click(app, dlg.screen_rect("path").center)
    type_text(app, str(out))
    key(app, pygame.K_RETURN)
    assert out.is_file(), sc.message
    first = sc.lines
    # copy and paste: the clipboard, or the window's own copy where there is none
    click(app, "copy")
    pasted_from = sharing.paste_text()
    assert "steps:" in pasted_from
    click(app, "paste")
    assert sc.lines is not first
    pasted = sc.lines
    sc.open_path(str(out))
    opened = sc.lines
    for got in (pasted, opened):
        # the scenario keeps the position and the main line (its `do` steps)
        assert [n.action for n in _main_line(got)] == [n.action for n in _main_line(first)]
        assert (sharing.to_tree(got).root == sharing.to_tree(first).root)
    # a save of the game so far opens again at the same moment
    save = tmp_path / "so-far.json"
    def export_save():
        click(app, "export_save")
        sc.modal.field.text = ""
        click(app, sc.modal.screen_rect("path").center)
        type_text(app, str(save))
        key(app, pygame.K_RETURN)

    export_save()
    assert save.is_file() and sc.modal is None, sc.message
    written = save.read_bytes()
    export_save()                        # the file is there now: asked before it is replaced
    assert type(sc.modal).__name__ == "Confirm"
    key(app, pygame.K_ESCAPE)
    assert sc.modal is None and save.read_bytes() == written
    game_then = sc.lines.game_at()
    sc.open_path(str(save))              # the save opens at the same moment, with the same moves
    assert sc.lines.root_game.state.round == game_then.state.round
    assert sc.lines.root_game.state.phase == game_then.state.phase
    assert [h["action"] for h in sc.lines.root_game.history] == [h["action"] for h in game_then.history]


def _main_line(lines):
    out, n = [], lines.root
    while n.children:
        n = n.children[0]
        out.append(n)
    return out


def test_play_on_opens_a_normal_game_at_the_move_shown(app):
    through_setup(app.session)
    app.step()
    sc = open_analysis(app)
    click(app, phase_tile(sc, "hero"))
    click(app, "play_on")
    click(app, "bots")
    assert type(app.scene).__name__ == "TableScreen"
    s = app.session
    assert s.state.phase == "hero" and s.game is not sc.session.game
    assert s.seats[s.acting] == "human" and "human" not in [k for i, k in enumerate(s.seats) if i != s.acting]


def test_the_command_line_opens_the_board_on_a_file_or_empty(tmp_path, monkeypatch):
    path = tmp_path / "built.yaml"
    path.write_text(BUILT, encoding="utf-8")
    app = make_app(tmp_path / "data", monkeypatch, analysis=str(path))
    try:
        sc = app.scene
        assert isinstance(sc, AnalysisScene) and sc.lines is not None and sc.editor is None
        assert sc.session.state.tribes[1].settlements == ["stag-meadow"]
        assert not app.errors
    finally:
        pygame.display.quit()
    app = make_app(tmp_path / "data2", monkeypatch, analysis="")
    try:
        assert isinstance(app.scene, AnalysisScene) and app.scene.editor is not None
        assert app.scene.editor.fault is None
    finally:
        pygame.display.quit()


def test_a_refused_edit_says_why_and_f1_opens_its_rule(app):
    sc = open_editor(app)
    region = lambda r: sc.table.spot_pos(RegionSpot(r))       # noqa: E731
    drag(app, chip(sc, "settlement"), region("bear-forest"))
    before = sc.editor.pos
    click(app, "seat")
    drag(app, chip(sc, "settlement"), region("bear-forest"))    # the other tribe's, on a taken Region
    assert sc.editor.pos == before and sc.message_bad
    assert "Bear's Forest" in sc.message and "bear-forest" not in sc.message
    key(app, pygame.K_F1)
    assert type(app.scene).__name__ == "RulesScene"


def test_the_steppers_count_herbs_attunements_achievements_and_solved_menaces(app):
    sc = open_editor(app)

    def step(wid, plus=True):
        r = into_view(app, sc, wid)
        click(app, (r.right - 6, r.centery) if plus else (r.x + 6, r.centery))

    for wid in ("herbs", "attunements", "achievements", "solved_red", "corruption", "ess_blue"):
        step(wid)
    t = sc.editor.pos.tribes[0]
    assert (len(t.herbs), len(t.attunements), len(t.achievements)) == (1, 1, 2), sc.message
    assert (t.solved["red"], t.corruption, sum(1 for e in t.essences if e.startswith("blue"))) == (1, 1, 1)
    step("herbs", plus=False)
    assert sc.editor.pos.tribes[0].herbs == ()
    assert sc.editor.fault is None, sc.editor.fault
    assert not app.errors


def test_a_hero_placed_on_a_node_and_levelled_up(app):
    sc = open_editor(app)
    board = sc.session.game.rules.board
    node = "bear-forest+bear-meadow+bear-mountain"
    x, y = sc.table.map.map_to_screen(board.nodes[node].pos)
    click(app, chip(sc, "hero"))                                 # a click: the next Hero type
    assert sc.editor.hero_id() == "chieftain"
    drag(app, chip(sc, "hero"), (round(x), round(y)))
    assert sc.editor.pos.tribes[0].heroes["chieftain"].node == node, sc.message
    r = into_view(app, sc, "hero_level")
    click(app, (r.right - 6, r.centery))
    assert sc.editor.pos.tribes[0].heroes["chieftain"].level == 2, sc.message
    assert sc.editor.fault is None
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):     # a right click takes it off
        pygame.event.post(pygame.event.Event(kind, pos=(round(x), round(y)), button=3))
    app.step()
    assert "chieftain" not in sc.editor.pos.tribes[0].heroes


def test_the_editors_table_only_shows_no_move_is_made_on_it_by_keys_or_clicks(app):
    sc = open_editor(app)
    before = sc.editor.pos
    for k in (pygame.K_TAB, pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RETURN):
        key(app, k)
    click(app, sc.table.spot_pos(PhaseTile(0, "tribe")))
    assert sc.editor.pos == before
    assert not sc.session.game.history and sc.session.state.phase is None


def test_the_replay_opens_the_board_at_its_move_and_back_returns_to_it(app):
    through_setup(app.session)
    s = app.session
    for _ in range(3):
        assert s.apply(s.legal()[0]) is None
    app.go("replay", game=s.game.copy(), seats=list(s.seats), start=len(s.game.history) - 1)
    app.step()
    replay = app.scene
    click(app, "analyse")
    sc = app.scene
    assert isinstance(sc, AnalysisScene) and sc.lines is not None
    # the board stands where the replay stood (or, mid-decision, at the last moment it can hold)
    from faeriell import analysis as an
    there = replay.replay.seek(replay.k)
    if an.representable(there) is None:
        assert an.from_game(sc.lines.root_game) == an.from_game(there)
    else:
        assert "earlier" in (sc.message or ""), sc.message
    click(app, "back")
    assert app.scene is replay


def test_the_mode_stepper_sets_a_full_coop_position(app):
    sc = open_editor(app)
    r = into_view(app, sc, "mode")
    click(app, (r.right - 6, r.centery))
    assert sc.editor.pos.setup.mode == "coop" and sc.session.state.mode == "coop"
    assert sc.editor.fault is None


def test_in_a_short_window_the_steppers_scroll_and_the_checks_line_stays(tmp_path, monkeypatch):
    # shorter than 1024x640 (where every page fits: test_analysis_polish.py), a page scrolls
    app = make_app(tmp_path, monkeypatch, size=(1024, 480))
    try:
        sc = open_editor(app)
        click(app, "page_tribe")
        ed = sc.editor
        last = ed.steppers[-1][1]
        assert not ed.rect.contains(last), "the window is tall enough: nothing to scroll"
        view = ed.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=view, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        for _ in range(12):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
            app.step()
        wid, last = ed.steppers[-1]
        assert ed.rect.contains(last), (ed.rect, last)
        assert ed.rect.colliderect(sc.fault_rect) is False and sc.panel_rect().contains(sc.fault_rect)
        click(app, (last.right - 6, last.centery))               # its + is reached and works
        assert ed.pos != an_empty(), sc.message
    finally:
        pygame.display.quit()


def an_empty():
    from faeriell import analysis as an
    return an.settle(an.empty_position())


def test_the_review_opens_the_board_on_the_game_and_back_returns_to_it(app):
    from faeriell.bots.base import HeuristicBot
    through_setup(app.session)
    s = app.session
    bot = HeuristicBot(0)
    for _ in range(12):
        assert s.apply(bot.choose(s.game, s.acting)) is None
    app.step()
    key(app, pygame.K_ESCAPE)
    click(app, "review")
    review = app.scene
    assert type(review).__name__ == "ReviewScene"
    try:
        click(app, "analyse")
        sc = app.scene
        assert isinstance(sc, AnalysisScene) and sc.lines is not None, sc.message
        from faeriell import analysis as an
        if an.representable(s.game) is None:
            assert an.from_game(sc.lines.root_game) == an.from_game(s.game)
        else:
            assert "earlier" in (sc.message or ""), sc.message
        click(app, "back")
        assert app.scene is review
    finally:
        review.back()                            # its thinking ends with it

"""The analysis board's polish (issue 45, second pass), driven by real events: the editor's
cards chosen by name, pieces dragged where they stand, one chance with one meaning, the save of
the whole game so far, and a small window's layout."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, drag, make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from test_analysis_board import into_view, open_editor  # noqa: E402
from faeriell.ui.table.keys import BeaconPiece, GuardianPiece, HarvestToken, HeroSlot, RegionSpot, SettlementPiece, TotemPiece, WheelSpace  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, seed=7, players=2, mode="competitive")
    yield a
    pygame.display.quit()


def stepper(sc, wid):
    return next(r for w, r in sc.editor.steppers if w == wid)


def step(app, sc, wid, plus=True):
    into_view(app, sc, wid)
    r = stepper(sc, wid)
    click(app, (r.right - 6, r.centery) if plus else (r.x + 6, r.centery))


def label(sc, wid):
    return next(text for w, text, _fn in sc.editor.counts() if w == wid)


def test_the_editor_adds_the_herb_attunement_achievement_and_perk_chosen_by_name(app):
    sc = open_editor(app)
    ed = sc.editor
    herbs, attunements = ed.choices("herbs"), ed.choices("attunements")
    for _ in range(2):                                   # the third Herb of the catalogue
        step(app, sc, "pick_herbs")
    assert ed.names.herb(herbs[2]) in label(sc, "pick_herbs")
    step(app, sc, "herbs")
    step(app, sc, "pick_attunements", plus=False)        # back round to the last Attunement
    step(app, sc, "attunements")
    t = sc.editor.pos.tribes[0]
    assert t.herbs == (herbs[2],), sc.message
    assert t.attunements == (attunements[-1],), sc.message
    assert "(held)" in label(sc, "pick_herbs")
    # an Achievement by name: the one chosen, beside Purity already held
    achievements = ed.choices("achievements")
    want = next(a for a in achievements if a != "purity")
    while ed.picked("achievements") != want:
        step(app, sc, "pick_achievements")
    step(app, sc, "achievements")
    assert set(sc.editor.pos.tribes[0].achievements) == {"purity", want}, sc.message
    # a second Herb, then the first one taken off by name: the other stays
    step(app, sc, "pick_herbs")
    step(app, sc, "herbs")
    step(app, sc, "pick_herbs", plus=False)
    step(app, sc, "herbs", plus=False)
    assert sc.editor.pos.tribes[0].herbs == (herbs[3],), sc.message
    # a Hero's Perk by name
    board = sc.session.game.rules.board
    node = "bear-forest+bear-meadow+bear-mountain"
    x, y = sc.table.map.map_to_screen(board.nodes[node].pos)
    click(app, "page_pieces")                            # the palette's page again
    drag(app, next(c for c in ed.chips if c.kind == "hero").rect.center, (round(x), round(y)))
    perks = ed.choices("perks")
    for _ in range(3):
        step(app, sc, "pick_perks")
    step(app, sc, "hero_level")
    assert "adventurer" in sc.editor.pos.tribes[0].heroes, sc.message
    assert sc.editor.pos.tribes[0].heroes["adventurer"].perks == (perks[3],), sc.message
    assert sc.editor.fault is None, sc.editor.fault
    assert not app.errors


def wheel_spot(sc, space):
    return sc.table.spot_pos(WheelSpace(sc.session.game.rules.wheel.index(space)))


def test_placed_pieces_are_dragged_to_a_new_place_and_the_wheels_pieces_onto_its_spaces(app):
    sc = open_editor(app)
    region = lambda r: sc.table.spot_pos(RegionSpot(r))       # noqa: E731
    board = sc.session.game.rules.board

    def node_xy(n):
        x, y = sc.table.map.map_to_screen(board.nodes[n].pos)
        return round(x), round(y)

    drag(app, chip_at(sc, "settlement"), region("bear-forest"))
    drag(app, chip_at(sc, "beacon", "red"), region("owl-river"))
    app.step()
    # the Settlement itself, taken where it stands, to another Region
    drag(app, sc.table.spot_pos(SettlementPiece(0, "bear-forest")), region("stag-meadow"))
    assert sc.editor.pos.tribes[0].settlements == ("stag-meadow",), sc.message
    drag(app, sc.table.spot_pos(BeaconPiece("owl-river")), region("bear-forest"))
    assert sc.editor.pos.tribes[0].beacons == {"bear-forest": "red"}, sc.message
    # a Hero from Node to Node
    a, b = "bear-forest+bear-meadow+bear-mountain", "stag-forest+stag-meadow+stag-mountain"
    drag(app, chip_at(sc, "hero"), node_xy(a))
    app.step()
    drag(app, sc.table.spot_pos(HeroSlot(0, "adventurer")), node_xy(b))
    assert sc.editor.pos.tribes[0].heroes["adventurer"].node == b, sc.message
    # a drop off the island says why and leaves the piece where it stood
    before = sc.editor.pos
    drag(app, sc.table.spot_pos(SettlementPiece(0, "stag-meadow")), sc.table.layout.log.center)
    assert sc.editor.pos == before
    assert sc.message_bad and "island" in sc.message
    # the Totem, and a Great Guardian, taken where they stand
    drag(app, chip_at(sc, "totem"), region("owl-river"))
    app.step()
    drag(app, sc.table.spot_pos(TotemPiece()), region("owl-forest"))
    assert sc.editor.pos.board.totem["region"] == "owl-forest", sc.message
    guardian, there = sorted(sc.editor.pos.board.guardians.items())[0]
    app.step()
    assert guardian == "bear" and there == "bear-mountain"
    drag(app, sc.table.spot_pos(GuardianPiece(guardian)), region("owl-mountain"))
    assert sc.editor.pos.board.guardians[guardian] == there       # refused in words: its own Area only
    assert sc.message_bad and "Bear Area" in sc.message, sc.message
    app.step()
    drag(app, sc.table.spot_pos(GuardianPiece(guardian)), region("bear-river"))
    assert sc.editor.pos.board.guardians[guardian] == "bear-river", sc.message
    # the Harvest token dragged round the wheel
    wheel = sc.session.game.rules.wheel
    target = wheel[3]
    drag(app, sc.table.spot_pos(HarvestToken()), wheel_spot(sc, target))
    assert sc.editor.pos.board.harvest == target, sc.message
    # a Winter's gem from the palette onto a space, then on to another
    drag(app, chip_at(sc, "gem"), wheel_spot(sc, wheel[5]))
    assert sc.editor.pos.board.winter_gems == (wheel[5],), sc.message
    app.step()
    drag(app, wheel_spot(sc, wheel[5]), wheel_spot(sc, wheel[6]))
    assert sc.editor.pos.board.winter_gems == (wheel[6],), sc.message
    assert not app.errors


def chip_at(sc, kind, variant=None):
    return next(c for c in sc.editor.chips if c.kind == kind and c.variant == variant).rect.center


def test_the_tree_and_the_coach_panel_show_one_chance_for_the_same_move(app, monkeypatch):
    from faeriell import analysis as an
    from faeriell.analysis import coach as C
    from test_analysis_board import open_analysis, phase_tile, through_setup
    from test_app_support import run_until
    through_setup(app.session)
    app.step()
    sc = open_analysis(app)
    # the coach's own call, its work fixed by iterations rather than the clock (no timed test)
    monkeypatch.setattr(sc.coach, "ask", lambda g, longer: C.coach_moves(g, iterations=12, worlds=2))
    click(app, "coach")
    assert run_until(app, lambda: sc.coach.shown(sc.key()) is not None or sc.coach.error, timeout=120)
    answer = sc.coach.shown(sc.key())
    assert answer is not None, sc.coach.error
    for m in answer.moves:                          # each of its moves, played on the table
        assert m.action.kind == "choose_phase"
        click(app, phase_tile(sc, m.action.get("phase")))
        node = sc.lines.current
        assert node.action == m.action
        assert node.chance == m.chance, (m.label, node.chance, m.chance)
        assert node.chance == an.shown_chance(sc.session.game, answer.player)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
        app.step()
        assert sc.lines.current is sc.lines.root
    assert not app.errors


def export_save_to(app, sc, path):
    from test_app_support import key, type_text
    click(app, "export_save")
    sc.modal.field.text = ""
    click(app, sc.modal.screen_rect("path").center)
    type_text(app, str(path))
    key(app, pygame.K_RETURN)


def test_the_save_after_analyse_from_here_holds_the_whole_game_and_the_line(app, tmp_path):
    import json
    from faeriell.engine.saves import load as load_save, parse
    from test_analysis_board import open_analysis, phase_tile, through_setup
    through_setup(app.session)
    app.step()
    real = [h["action"] for h in app.session.game.history]
    assert real, "the game so far has moves"
    sc = open_analysis(app)
    click(app, phase_tile(sc, "tribe"))                   # the line explored on the board
    line = [n.action for n in sc.lines.current.path()]
    assert len(line) == 1
    out = tmp_path / "whole.json"
    export_save_to(app, sc, out)
    assert out.is_file() and sc.modal is None, sc.message
    g = load_save(sc.host.rules, parse(out.read_text(encoding="utf-8")))
    # the whole game to the moment the board opened on, then the line: reopened, it is all there
    assert [h["action"] for h in g.history] == real + line
    assert g.state.phase == "tribe" and g.state.round == sc.session.state.round
    assert json.loads(out.read_text(encoding="utf-8"))
    # opened on the board again, that moment is shown and its save again holds the whole game
    sc.open_path(str(out))
    again = tmp_path / "again.json"
    export_save_to(app, sc, again)
    g2 = load_save(sc.host.rules, parse(again.read_text(encoding="utf-8")))
    assert [h["action"] for h in g2.history] == real + line
    assert not app.errors


def test_a_line_the_real_game_cannot_follow_is_kept_up_to_there_and_said():
    from faeriell import analysis as an
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine.actions import Action
    from faeriell.engine.setup import new_game
    from test_analysis_board import through_setup
    from faeriell.session import Session
    rules = default_rules()
    s = Session(new_game(rules, 2, "competitive", "medium", [], 7), ["human", "human"], autosave=False)
    through_setup(s)
    tree = an.Tree.from_game(s.game)
    tree.play(Action("choose_phase", phase="tribe"))
    g, kept, total = an.so_far(tree)
    assert (kept, total) == (1, 1) and len(g.history) == len(s.game.history) + 1
    # a real game where that move cannot be made (its Tribe Phase chosen already): the save
    # holds the game up to the line, and so_far says none of the line's moves was kept
    moved = s.game.copy()
    moved.apply(Action("choose_phase", phase="tribe"))
    tree.before = moved
    g, kept, total = an.so_far(tree)
    assert (kept, total) == (0, 1) and len(g.history) == len(moved.history)


def test_at_1024x640_the_panel_leaves_the_island_and_the_boards_and_no_page_scrolls(tmp_path, monkeypatch):
    from test_app_support import make_app as make
    app = make(tmp_path, monkeypatch, size=(1024, 640))
    try:
        sc = open_editor(app)
        lay = sc.table.layout
        panel = sc.panel_rect()
        # the panel lies over the shared boards' column only: the island and every tribe's board stay in sight
        for part in (lay.map, lay.board, lay.others, lay.left):
            assert not panel.colliderect(part), (part, panel)
        cut = []
        for page in ("pieces", "board", "tribe", "cards"):
            click(app, f"page_{page}")
            ed = sc.editor
            assert ed.content_h <= ed.rect.height, f"the {page} page scrolls"
            for wid, r in ed.steppers:
                assert ed.rect.contains(r), wid
            for c in ed.chips:
                assert ed.rect.contains(c.rect), c.kind
            labels = panel_labels(app, sc)
            cut += [t for t, shown in labels.items() if shown != t and shown.endswith("…")]
        # a stepper's or a chip's words are whole: they shrink to fit, never under the smallest
        # text, and are never cut short (the 11 px floor from 1280x800 up: test_legible_table.py)
        words = {label for _w, label, _f in sc.editor.counts()} | {sc.editor.chip_label(c) for c in sc.editor.chips}
        assert not [t for t in cut if t in words], cut
        # and the analysis panel itself, once the position is analysed
        click(app, "analyse_pos")
        assert sc.editor is None and sc.lines is not None
        for part in (lay.map, lay.board, lay.others):
            assert not sc.panel_rect().colliderect(part)
        # the coach's answer as the panel shows one: all three moves are listed, plan and reason
        # where room is left (the coach gives at least three)
        from faeriell.analysis.coach import IMAGINED, CoachAnswer, CoachMove
        moves = list(sc.session.legal())[:3]
        assert len(moves) == 3
        sc.coach.answer_key = sc.key()
        sc.coach.answer = CoachAnswer(tuple(
            CoachMove(a, sc.table.words.action(a), (sc.table.words.action(a), "End the Phase", "Build a Settlement"),
                      "It opens the way to a Beacon next turn, and the Beacons Achievement after it.", 0.42)
            for a in moves), 0, True, IMAGINED, 6, 0.8)
        labels = panel_labels(app, sc)
        for k, a in enumerate(moves):
            assert f"{k + 1}. {sc.table.words.action(a)}" in labels, labels
        assert not [t for t, shown in labels.items() if shown != t and shown.endswith("…")
                    and t in {"Export scenario…", "Export save…", "Think longer", "Ask the coach"}], labels
        assert not app.errors
    finally:
        pygame.display.quit()


def panel_labels(app, sc) -> dict:
    """The labels drawn over the panel next frame (text: as shown)."""
    from test_legible_table import rendered_sizes
    from faeriell.ui import text as UT
    UT.LABELS = []
    try:
        rendered_sizes(app)
        panel = sc.panel_rect()
        return {t: shown for t, shown, r, _w in UT.LABELS if panel.colliderect(r)}
    finally:
        UT.LABELS = None

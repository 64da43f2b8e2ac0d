"""The analysis board's polish (issue 45, second pass), driven by real events: the editor's
cards chosen by name, pieces dragged where they stand, one chance with one meaning, the save of
the whole game so far, and a small window's layout."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, drag, make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from test_analysis_board import into_view, open_editor  # noqa: E402


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
    for _ in range(40):                                  # the palette back in sight
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    app.step()
    drag(app, next(c for c in ed.chips if c.kind == "hero").rect.center, (round(x), round(y)))
    perks = ed.choices("perks")
    for _ in range(3):
        step(app, sc, "pick_perks")
    step(app, sc, "hero_level")
    assert "adventurer" in sc.editor.pos.tribes[0].heroes, sc.message
    assert sc.editor.pos.tribes[0].heroes["adventurer"].perks == (perks[3],), sc.message
    assert sc.editor.fault is None, sc.editor.fault
    assert not app.errors

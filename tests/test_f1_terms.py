"""F1 from every term (issue 42, item 4): each game term the table explains in a tooltip (the
lap, Havoc beside the bag, the designated area, an Achievement's Purity, a Heartland's Terrain
token, the Menaces a Draft draws per Doom space...) opens the rules screen at that term with F1
while the mouse rests on it, as a refused move's F1 opens its rule. Real mouse and key events."""
from __future__ import annotations

import random

# first: it sets the dummy video driver before pygame is imported
from test_app_support import key, make_app

import pygame  # noqa: E402

from faeriell.content.rules_reference import section_by_id
from faeriell.ui.scenes.rules import RulesScene
from faeriell.ui.scenes.table import TableScreen
from faeriell.ui.table import tooltips
from faeriell.ui.table.keys import RoundLap, SupplyBeacon  # noqa: E402

MUST = {"round_lap", "doom", "doom_label", "bag", "designated", "achievement", "heartland", "wheel",
        "corruption_track"}


def hover(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    app.scene.table.now += 5000                 # past the tooltip's delay
    app.dirty = True
    app.step()


def test_f1_over_each_explained_term_opens_the_rules_at_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, mode="competitive", seed=5, curtain=False, end_delay=99)
    try:
        s = app.session
        rng = random.Random(5)
        for _ in range(90):                     # past the set-up: Heartlands, Achievements, the bag
            legal = s.legal()
            if not legal or s.state.game_over:
                break
            s.apply(rng.choice(legal))
        app.step()
        screen = app.scene
        assert isinstance(screen, TableScreen)
        t = screen.table
        tips = []
        real = tooltips.draw_tip
        monkeypatch.setattr(tooltips, "draw_tip", lambda surf, p, pos, title, lines:
                            (tips.append(lines), real(surf, p, pos, title, lines)))
        opened = {}
        for sp in list(t.spots.spots):
            kind = sp.key.tag
            if type(sp.key) not in tooltips.TERM_RULES or kind in opened or not t.layout.map.union(t.layout.side) \
                    .union(t.layout.left).union(t.layout.banner).collidepoint(sp.rect.center):
                continue
            hover(app, sp.rect.center)
            if t.board.hover_key is None or t.board.hover_key.tag != kind:
                continue                        # another thing lies over its centre
            del tips[:]
            app.dirty = True
            app.step()
            assert tips and any("F1" in line for line in tips[-1]), (kind, tips[-1:])
            key(app, pygame.K_F1)
            assert isinstance(app.scene, RulesScene), (kind, app.errors)
            want = section_by_id(tooltips.TERM_RULES[type(sp.key)])
            opened[kind] = app.scene.current.id
            assert app.scene.current == want, (kind, app.scene.current.id, want.id)
            key(app, pygame.K_ESCAPE)
            assert app.scene is screen
        assert set(opened) >= MUST, sorted(MUST - set(opened))
        assert not app.errors
    finally:
        pygame.display.quit()


def test_a_refusal_still_opens_its_moves_rule_over_a_term(tmp_path, monkeypatch):
    """The refusal's path comes first: after a refused press, F1 opens the refused move's rule
    even with the mouse then resting on a term."""
    app = make_app(tmp_path, monkeypatch, players=2, seed=11)
    try:
        t = app.scene.table
        app.step()
        pos = t.spot_pos(SupplyBeacon("red"))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.step()
        assert t.message_bad and t.refused_kind == "build_beacon"
        hover(app, t.spots.first(RoundLap()).rect.center)
        assert t.board.hover_key == RoundLap()
        key(app, pygame.K_F1)
        assert isinstance(app.scene, RulesScene) and app.scene.current.id == "build-beacon"
    finally:
        pygame.display.quit()

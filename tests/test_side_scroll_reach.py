"""In a window too short for the shared boards' column (it scrolls), what lies there out of view is
reached all the same: the keyboard's focus scrolls the column to the piece it reaches; what a
pending decision asks about there (the Achievement tile to pay) and the replay's key moment are
scrolled into view as the hint's move is (side_column.show_pointed). Real key, mouse
and wheel events on a headless window; each test checks first that what it looks for is out of
view (else it could not fail)."""
from __future__ import annotations

from test_app_support import make_app  # first: sets the dummy video driver
from test_side_scroll_points import in_view, sower_levels_up, wheel
from test_table_support import Table, position

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.bots.base import HeuristicBot
from faeriell.engine import new_game
from faeriell.ui.scenes.replay import ReplayScene
from faeriell.ui.table.keys import AchievementTile, SowerPerk  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def out_of_view(scene, key) -> bool:
    """`key` has its place in the scrolled column but is not drawn whole in the window."""
    return key in scene.side_places and not in_view(scene, key)


def test_tab_reaches_the_sower_perks_below_the_window_and_enter_picks_one_up_at_800x520():
    t = sower_levels_up()
    sc = t.scene
    perks = {SowerPerk(a["perk"]) for a in t.game.legal_actions()
             if a.kind == "level_up" and a["perk"].startswith("sow-")}
    assert perks and sc.side_scroll == 0 and all(out_of_view(sc, k) for k in perks)
    reached = set()
    for _ in range(80):                              # a whole round of Tab and more
        t.key(pygame.K_TAB)
        f = sc.board.focus
        if f in perks:
            assert in_view(sc, f), (f, sc.side_scroll)      # scrolled to it at once
            assert sc.message and sc.message.startswith(sc.words.perk(f.perk))
            reached.add(f)
    assert reached == perks
    # wheeled back up, the Perk in focus is out of view again: Enter shows it and picks it up
    for _ in range(4):
        wheel(sc, 1, t.frame)
    while sc.board.focus not in perks:
        t.key(pygame.K_TAB)
    grip = sc.board.focus
    for _ in range(4):
        wheel(sc, 1, t.frame)
    assert out_of_view(sc, grip)
    t.key(pygame.K_RETURN)
    assert sc.drag_layer.drag is not None and sc.drag_layer.drag.grip == grip and in_view(sc, grip)


def claim_waiting(size) -> Table:
    """The Totem controlled (R35): the Totem's Achievement asks to be paid now, its tile at the
    column's foot."""
    tribes = [{"settlements": ["owl-river", "toad-forest"], "beacons": {"owl-river": "red"},
               "heroes": {"chieftain": {"node": {"near": "owl-river"}}}, "essences": ["yellow", "red"]},
              {"settlements": ["wolf-meadow", "boar-mountain"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    t = Table(position({}, {}, tribes, {"player": 1, "phase": "tribe"}), size=size)
    totem = next(a for a in t.game.legal_actions() if a.kind == "control_totem")
    assert t.session.apply(totem) is None
    t.frame()
    assert t.state.pending and t.state.pending["kind"] == "claim"
    return t


def test_a_pending_claims_tile_below_the_window_is_scrolled_into_view_at_320x240():
    t = claim_waiting((320, 240))
    sc = t.scene
    tile = AchievementTile("totem")
    assert tile in sc.index.aims and sc.side_over > 0
    assert in_view(sc, tile) and sc.side_scroll > 0      # the decision's place: shown, not left below
    for _ in range(30):                                  # once: the player's wheel may take it away
        if sc.side_scroll == 0:
            break
        wheel(sc, 1, t.frame)
    assert sc.side_scroll == 0 and out_of_view(sc, tile)


def test_the_replay_scrolls_the_column_to_a_key_moments_claim_at_320x240(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, size=(320, 240), players=1, mode="solo", seed=7)
    g = new_game(app.rules, 1, "solo", "medium", [], 7)
    bot = HeuristicBot(0)
    hidden = {"fellowship", "herbs", "attunements", "beacons", "totem", "shire", "purity", "cleanser"}
    k = None
    for _ in range(3000):
        a = bot.choose(g, g.acting)
        if a.kind == "claim" and a["achievement"] in hidden:
            k = len(g.history)
            played = a
        g.apply(a)
        if k is not None or g.state.game_over:
            break
    assert k is not None, "the bot's game claims none of the column's lower Achievements"
    app.go("replay", game=g, seats=["human"], start=k - 1, moments=[k], better={k: (played, played)})
    rp = app.scene
    assert isinstance(rp, ReplayScene)
    tile = AchievementTile(played["achievement"])
    app.dirty = True
    app.step()
    assert rp.k == k - 1 and out_of_view(rp.table, tile), "a step before the moment: nothing to show yet"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    app.dirty = True
    app.step()
    assert rp.k == k and rp.table.side_scroll > 0 and in_view(rp.table, tile), rp.table.side_scroll

"""Every move without a drag (issue 21 item 4): the keyboard alone, and a click on a piece then a
click on its place. Real KEYDOWN / mouse events through the table's (or the app's) event path."""
from __future__ import annotations

import random

from test_table_support import Table, position, same_move  # first: sets the dummy video driver
from keyboard_support import KeyPlayer, post_keys

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import invariants  # noqa: E402
from faeriell.ui.table.keys import Button, HeroSlot, NodeSpot, RegionSpot, SupplySettlement  # noqa: E402
from faeriell.engine.card import colour_of, parse  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def player_of(t: Table) -> KeyPlayer:
    return KeyPlayer(lambda: t.scene, t.frame, t.session)


GAMES = [
    ("solo", 1, "solo", "hard", (), 5),
    ("2-player hot-seat", 2, "competitive", "hard", (), 3),
    ("2 players, variants", 2, "competitive", "medium", ("drifter", "shadows", "kickstarter", "winters_grasp"), 9),
]


@pytest.mark.parametrize("label,players,mode,difficulty,variants,seed", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_keyboard_only_on_the_table(label, players, mode, difficulty, variants, seed):
    """A seeded picker chooses among the engine's legal moves; each is made by key events only
    (KeyPlayer counts the presses) and must reach the engine as exactly that move."""
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    game = new_game(default_rules(), players, mode, difficulty, variants, seed)
    t = Table(game, seats=["human"] * players, curtain=players > 1)
    kp = player_of(t)
    pick = random.Random(seed)
    moves = 0
    while not t.game.state.game_over:
        assert moves < 1500, "the game did not end"
        if t.scene.curtain_layer.tribe is not None:                      # hot seat: Enter lifts the curtain
            kp.keys(pygame.K_RETURN)
            assert t.scene.curtain_layer.tribe is None
        legal = t.game.legal_actions()
        ends = [a for a in legal if a.kind == "end_phase"]
        a = ends[0] if ends and pick.random() < 0.35 else pick.choice(legal)
        before = len(t.game.history)
        kp.play(a)
        made = t.game.history[before:]
        assert made and same_move(made[0]["action"], a), f"move {moves}: wanted {a}, made " \
            f"{made[0]['action'] if made else None} ({t.scene.message})"
        moves += 1
    assert invariants.check(t.game) == [] and t.game.state.end_reason
    print(label, moves, "moves by keyboard")


def test_a_whole_solo_game_by_keyboard_only_through_the_app_to_the_end_screen(tmp_path, monkeypatch):
    from test_app_support import make_app
    from faeriell.ui.scenes.end import EndScene
    from faeriell.ui.scenes.table import TableScreen
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", difficulty="medium", seed=12)
    assert isinstance(app.scene, TableScreen), app.errors
    screen = app.scene
    kp = KeyPlayer(lambda: screen.table, app.step, screen.session)
    pick = random.Random(12)
    moves = 0
    while not screen.session.state.game_over:
        assert moves < 1500, "the game did not end"
        assert app.scene is screen and screen.modal is None, app.errors
        legal = screen.session.legal()
        ends = [a for a in legal if a.kind == "end_phase"]
        a = ends[0] if ends and pick.random() < 0.3 else pick.choice(list(legal))
        before = len(screen.session.game.history)
        kp.play(a)
        made = screen.session.game.history[before:]
        assert made and same_move(made[0]["action"], a), f"move {moves}: wanted {a}, made " \
            f"{made[0]['action'] if made else None} ({screen.table.message})"
        moves += 1
    for _ in range(20):                               # the end screen follows (end_delay 0)
        if isinstance(app.scene, EndScene):
            break
        app.step()
    assert isinstance(app.scene, EndScene) and not app.errors
    # and the end screen answers the keyboard too: Tab to "See the table", Enter goes back to it
    end = app.scene
    want = next(k for k, w in enumerate(_controls(end.root)) if w.id == "table")
    post_keys(pygame.K_TAB, want + 1)
    app.step()
    post_keys(pygame.K_RETURN)
    app.step()
    assert app.scene is screen, type(app.scene).__name__


def _controls(root):
    from faeriell.ui.key_focus import controls
    return controls(root)


# --------------------------------------------------------------------------- the parts, one by one
def two_tribes(turn, p1=None, board=None):
    t1 = {"settlements": ["bear-mountain", "bear-river"],
          "heroes": {"druid": {"node": {"near": "bear-forest"}}},
          "essences": ["red", "red", "blue"]}
    t1.update(p1 or {})
    t2 = {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}
    return position({}, board or {}, [t1, t2], turn)


def no_ids(text: str, game) -> None:
    """Said in the game's words: no Region, node or move id in the message line."""
    ids = set(game.rules.board.regions) | set(game.rules.board.nodes) | {"supply_settlement", "move_hero", "_"}
    assert not any(i in text for i in ids), text


def test_tab_goes_through_every_piece_that_can_move_now_and_says_each_in_words():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    sc = t.scene
    grips = set(sc.index.drops) | set(sc.index.clicks)
    seen, said = [], []
    for _ in range(40):
        t.key(pygame.K_TAB)
        if sc.board.focus in seen:
            break
        seen.append(sc.board.focus)
        said.append(sc.message)
    on_screen_buttons = {k for k in sc.spots.by_key if isinstance(k, Button)}
    assert set(seen) == grips | on_screen_buttons          # each once, then round again
    assert HeroSlot(0, "druid") in seen
    for text in said:
        assert text
        no_ids(text, t.game)
    assert "Druid" in said[seen.index(HeroSlot(0, "druid"))]
    # Shift+Tab goes back; the arrows go through them too
    t.post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="", scancode=0)
    t.frame()
    assert sc.board.focus == seen[-1]
    t.key(pygame.K_RIGHT)
    assert sc.board.focus == seen[0]


def test_enter_picks_up_the_arrows_go_through_its_legal_places_and_enter_puts_it_there():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    kp = player_of(t)
    grip = HeroSlot(0, "druid")
    legal_places = {kp_gesture[1] for kp_gesture in
                    (t.gesture(a) for a in t.game.legal_actions()) if kp_gesture and kp_gesture[0] == grip}
    kp.focus_piece(grip)
    t.key(pygame.K_RETURN)
    d = t.scene.drag_layer.drag
    assert d is not None and d.keyed and d.hover in legal_places
    places, said = [d.hover], [t.scene.message]
    for _ in range(len(legal_places) - 1):
        t.key(pygame.K_RIGHT)
        places.append(t.scene.drag_layer.drag.hover)
        said.append(t.scene.message)
    assert set(places) == legal_places                       # every legal place, from the engine's list
    t.key(pygame.K_RIGHT)
    assert t.scene.drag_layer.drag.hover == places[0]                   # and round again
    for place, text in zip(places, said, strict=True):
        no_ids(text, t.game)
        if isinstance(place, NodeSpot):
            assert t.scene.words.node(place.node)[:12].lower() in text.lower(), text
    to = next(p for p in places if isinstance(p, NodeSpot))
    kp.aim(to)
    t.key(pygame.K_RETURN)
    assert t.state.tribes[0].heroes["druid"].node == to.node


def test_esc_puts_the_piece_back_and_changes_nothing():
    from faeriell.engine.state import to_dict
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    kp = player_of(t)
    before = to_dict(t.state)
    kp.focus_piece(HeroSlot(0, "druid"))
    t.key(pygame.K_RETURN)
    assert t.scene.drag_layer.drag is not None
    t.key(pygame.K_RIGHT)
    t.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    assert [t.scene.handle_event(ev) for ev in pygame.event.get()] == [True]    # the table's, not the menu's
    assert t.scene.drag_layer.drag is None and to_dict(t.state) == before


def test_the_payment_tray_from_the_keyboard_refuses_a_wrong_payment_and_takes_the_right_one():
    t = Table(two_tribes({"player": 1, "phase": "tribe"}))
    kp = player_of(t)
    kp.focus_piece(SupplySettlement(0))
    t.key(pygame.K_RETURN)
    region = t.scene.drag_layer.drag.hover.region
    assert "costs 2 Red" in t.scene.message, t.scene.message
    t.key(pygame.K_RETURN)
    tray = t.scene.tray_layer.tray
    assert tray is not None and sorted(colour_of(c) for c in tray.tray) == ["red", "red"]
    t.key(pygame.K_TAB)                                      # the first card to pay is in focus
    assert tray.focus[0] == "tray" and "Space" in t.scene.message
    t.key(pygame.K_SPACE)                                    # back to the pool: one Red is not enough
    assert len(tray.tray) == 1 and tray.matched() is None
    t.key(pygame.K_RETURN)
    assert region not in t.state.tribes[0].settlements and t.scene.message_bad and t.scene.tray_layer.tray is tray
    t.key(pygame.K_SPACE)                                    # the same card again: on the tray
    assert tray.matched() is not None
    t.key(pygame.K_RETURN)
    assert region in t.state.tribes[0].settlements and t.scene.tray_layer.tray is None


def test_a_decision_bar_from_the_keyboard():
    board = {"bag": ["corruption@owl"], "doom": 2}
    t = Table(two_tribes({"player": 1, "phase": "event"}, board=board))
    kp = player_of(t)
    kp.focus_piece(Button("draft"))
    t.key(pygame.K_RETURN)
    assert t.state.pending and t.state.pending["kind"] == "corruption"
    ch = t.scene.decision.choice
    assert ch is not None and t.scene.decision.auto
    t.key(pygame.K_RETURN)                                   # Enter first puts a choice in focus
    assert ch.focus == 0 and t.state.doom == 2 and ch.options[0].label in t.scene.message
    k = next(n for n, o in enumerate(ch.options) if o.actions[0].get("choice") == "ignore")
    for _ in range(k):
        t.key(pygame.K_DOWN)
    assert ch.focus == k
    t.key(pygame.K_RETURN)
    assert t.state.doom == 3 and t.game.under("owl") == "corruption"


def test_click_a_piece_then_click_a_place_no_drag_and_a_wrong_place_says_why():
    from faeriell.engine.state import to_dict
    t = Table(two_tribes({"player": 1, "phase": "tribe"}))
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.click(SupplySettlement(0))
    assert t.scene.drag_layer.drag is not None and t.scene.drag_layer.drag.sticky
    taken = RegionSpot("wolf-mountain")                      # player 2's Settlement stands there
    before = to_dict(t.state)
    t.click(taken)
    assert t.scene.drag_layer.drag is None and to_dict(t.state) == before
    assert t.scene.message_bad and t.scene.message
    no_ids(t.scene.message, t.game)
    t.click(SupplySettlement(0))
    t.click(RegionSpot(region))
    assert t.scene.tray_layer.tray is not None
    t.click(t.scene.tray_layer.tray.confirm_rect.center)
    assert region in t.state.tribes[0].settlements


def focus_pixels(surface, rect) -> int:
    """Pixels of the focus colour (white) around `rect`."""
    from faeriell.ui.table import theme as T
    r = rect.inflate(40, 60).clip(surface.get_rect())
    n = 0
    for x in range(r.x, r.right):
        for y in range(r.y, r.bottom):
            c = surface.get_at((x, y))
            if min(c.r - T.FOCUS[0] + 12, c.g - T.FOCUS[1] + 12, c.b - T.FOCUS[2] + 12) > 0:
                n += 1
    return n


def test_the_piece_and_the_place_in_focus_are_drawn():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    kp = player_of(t)
    hero = t.scene.spot(HeroSlot(0, "druid")).rect.copy()
    before = focus_pixels(t.screen, hero)
    kp.focus_piece(HeroSlot(0, "druid"))
    assert focus_pixels(t.screen, hero) > before + 150       # a thick white ring and its "Enter" tag
    t.key(pygame.K_RETURN)
    place = t.scene.drag_layer.drag.hover
    spot = t.scene.spot(place)
    if not isinstance(place, RegionSpot):
        t.key(pygame.K_ESCAPE)
        bare = focus_pixels(t.screen, spot.rect)
        t.key(pygame.K_RETURN)
        assert t.scene.drag_layer.drag.hover == place
        assert focus_pixels(t.screen, spot.rect) > bare + 100


def test_the_result_panel_of_a_puzzle_from_the_keyboard():
    from faeriell import scenario
    from faeriell.engine import Action
    from faeriell.puzzles.path import PuzzlePath
    from faeriell.puzzles.files import load_puzzle
    from faeriell.session import Session
    from faeriell.ui.table import TableScene
    from test_table_support import assets
    entry = PuzzlePath.load().entries[0]
    from faeriell.content.rules_loader import default_rules
    sc, game = load_puzzle(default_rules(), entry.path)
    pygame.display.init()
    screen = pygame.display.set_mode((1280, 800))
    s = Session(game, ["human"] * game.state.players, autosave=False)
    s.scenario = sc
    table = TableScene(s, assets(), (1280, 800))
    assert table.puzzle is not None
    assert s.apply(Action.from_dict(scenario.load(entry.path).wrong[0][1])) is None
    for _ in range(200):
        if table.puzzle.follow(s.game) and table.puzzle.result != "open":
            break
        legal = s.legal()
        s.apply(next((a for a in legal if a.kind == "end_phase"), legal[0]))

    def keys(k, mod=0):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        for ev in pygame.event.get():
            table.handle_event(ev)
        table.update(16)
        table.draw(screen)
    keys(pygame.K_F7)
    assert table.puzzle.overlay and table.puzzle.result == "lost"
    names = list(table.result.panel.rects)
    assert names[:2] == ["retry", "hint"]
    keys(pygame.K_TAB)
    keys(pygame.K_RIGHT)
    assert table.result.panel.focused() == "hint"
    keys(pygame.K_RETURN)
    assert table.puzzle.show_hint
    keys(pygame.K_ESCAPE)                                    # look at the table
    assert not table.puzzle.overlay


def test_the_menu_the_keys_screen_and_the_settings_from_the_keyboard(tmp_path, monkeypatch):
    from test_app_support import key, make_app
    from faeriell.ui.dialogs import Menu, MessageBox
    from faeriell.ui.key_focus import controls
    from faeriell.ui.settings_panel import SettingsDialog
    app = make_app(tmp_path, monkeypatch, players=2, seed=11)
    key(app, pygame.K_ESCAPE)
    menu = app.scene.modal
    assert isinstance(menu, Menu) and menu.keys.current(menu.root).id == "resume"
    ids = [w.id for w in controls(menu.root)]
    for _ in range(ids.index("keys")):
        key(app, pygame.K_DOWN)
    assert menu.keys.current(menu.root).id == "keys"
    key(app, pygame.K_RETURN)
    box = app.scene.modal
    assert isinstance(box, MessageBox) and "Shift+Tab" in box.text and "click on a piece" in box.text
    key(app, pygame.K_RETURN)
    assert app.scene.modal is None
    key(app, pygame.K_ESCAPE)
    menu = app.scene.modal
    ids = [w.id for w in controls(menu.root)]
    for _ in range(len(ids) - ids.index("settings")):        # upwards, round from Resume
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    dlg = app.scene.modal
    assert isinstance(dlg, SettingsDialog)
    was = app.settings.colour_blind
    ids = [w.id for w in controls(dlg.root)]
    for _ in range(ids.index("colour_blind") + 1):
        key(app, pygame.K_TAB)
    assert dlg.keys.current(dlg.root).id == "colour_blind"
    key(app, pygame.K_SPACE)
    assert app.settings.colour_blind is (not was)
    key(app, pygame.K_ESCAPE)
    assert app.scene.modal is None and not app.errors


def test_the_keyboard_brings_the_whole_island_back_into_view():
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    fitted = (t.scene.map.zoom_level, t.scene.map.offset)
    for _ in range(3):                                       # zoom in away from the Hero
        t.post(pygame.MOUSEMOTION, pos=(t.scene.layout.map.right - 5, t.scene.layout.map.y + 5), rel=(0, 0),
               buttons=(0, 0, 0))
        t.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
        t.frame()
    assert (t.scene.map.zoom_level, t.scene.map.offset) != fitted
    t.key(pygame.K_TAB)
    assert (t.scene.map.zoom_level, t.scene.map.offset) == fitted
    player_of(t).focus_piece(HeroSlot(0, "druid"))
    t.key(pygame.K_RETURN)
    assert t.scene.layout.map.collidepoint(t.scene.spot_pos(t.scene.drag_layer.drag.hover))


def test_the_rules_screen_goes_through_its_sections_by_the_arrow_keys(tmp_path, monkeypatch):
    from test_app_support import key, make_app
    from faeriell.ui.scenes.rules import RulesScene
    from faeriell.ui.scenes.table import TableScreen
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=3)
    key(app, pygame.K_F1)
    rules = app.scene
    assert isinstance(rules, RulesScene)
    ids = [sid for _, sid in rules._items()]
    at = ids.index(rules.current.id)
    key(app, pygame.K_DOWN)
    assert rules.current.id == ids[at + 1]
    assert rules.list.selected_key() == ids[at + 1]
    key(app, pygame.K_UP)
    assert rules.current.id == ids[at]
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TableScreen) and not app.errors


def test_two_cards_alike_in_the_tray_are_two_stops_of_the_keyboard():
    t = Table(two_tribes({"player": 1, "phase": "tribe"}, {"essences": ["red@bear", "red@bear", "blue@owl"]}))
    kp = player_of(t)
    kp.focus_piece(SupplySettlement(0))
    t.key(pygame.K_RETURN)
    t.key(pygame.K_RETURN)
    tray = t.scene.tray_layer.tray
    assert tray is not None and [str(c) for c in tray.tray] == ["red@bear", "red@bear"]
    seen = []
    for _ in range(len(tray.items())):
        t.key(pygame.K_TAB)
        seen.append(tray.focus)
    assert len(set(seen)) == len(tray.items()) == 3          # both Reds, then the Blue: none skipped
    t.key(pygame.K_TAB)                                      # round to the first Red: back to the pool
    t.key(pygame.K_SPACE)
    assert tray.tray == [parse("red@bear")] and tray.focus == ("pool", parse("red@bear"), 0)
    t.key(pygame.K_SPACE)                                    # and on the tray again
    assert tray.tray == [parse("red@bear")] * 2
    t.key(pygame.K_RETURN)
    assert len(t.state.tribes[0].settlements) == 3


def test_save_and_load_dialogs_from_the_keyboard(tmp_path, monkeypatch):
    from test_app_support import ctrl, key, make_app, type_text
    from faeriell.ui.dialogs import AskText, FileDialog
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=4)
    ctrl(app, pygame.K_s)
    assert isinstance(app.scene.modal, AskText)
    type_text(app, "by keys")
    key(app, pygame.K_RETURN)                                # the name field has the keys: saved
    assert app.scene.modal is None
    ctrl(app, pygame.K_o)
    dlg = app.scene.modal
    assert isinstance(dlg, FileDialog) and dlg.listbox.items
    key(app, pygame.K_TAB)                                   # the list of saves
    assert dlg.keys.current(dlg.root) is dlg.listbox
    key(app, pygame.K_DOWN)
    assert dlg.listbox.selected == 0 and dlg.field.text == str(dlg.listbox.items[0][0])
    key(app, pygame.K_RETURN)                                # opens the selected save
    assert app.scene.modal is None and not app.errors


def test_a_hint_moves_the_keyboards_focus_to_its_piece():
    from faeriell.engine import Action
    t = Table(two_tribes({"player": 1, "phase": "hero"}))
    to = t.session.legal_of("move_hero", hero="druid")[0]["to"]
    t.key(pygame.K_TAB)                                      # playing by keyboard
    assert t.scene.board.focus != HeroSlot(0, "druid")
    t.scene.coach.show_hint(Action("move_hero", hero="druid", to=to), "")   # what the screen does with a hint (H)
    t.frame()
    assert t.scene.board.focus == HeroSlot(0, "druid")
    t.key(pygame.K_RETURN)
    assert t.scene.drag_layer.drag is not None and t.scene.drag_layer.drag.grip == HeroSlot(0, "druid")

"""The table's guidance, played with real mouse events on a headless window: a practice puzzle's
goal, result and Retry; the Starting Scenario's First Tribe Phase tips; the coop/solo set-up
cards; and a titled decision bar for every decision the engine asks (R27)."""
from __future__ import annotations

from pathlib import Path

from test_table_support import Table, assets, position, same_move  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell import scenario  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, new_game  # noqa: E402
from faeriell.engine.registry import DECISIONS  # noqa: E402
from faeriell.ui.table import TableScene, guide  # noqa: E402
from faeriell.ui.table.gestures import DECIDE  # noqa: E402
from faeriell.ui.table.keys import Button, PhaseTile, RegionSpot, SetupCard, SupplyBeacon  # noqa: E402
from faeriell.engine.card import back_of, colour_of  # noqa: E402
ROOT = Path(__file__).resolve().parents[1]
THREE_MENACES = ROOT / "data" / "puzzles" / "three-menaces.yaml"


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def puzzle_table(path=THREE_MENACES) -> Table:
    sc = scenario.load(path)
    t = Table(scenario.start(sc, default_rules()))
    t.session.scenario = sc                       # as App.open_puzzle does
    t.scene = TableScene(t.session, assets(), (1280, 800), hotseat_curtain=False)
    t.frame()
    t._fitted = (t.scene.map.zoom_level, t.scene.map.offset)
    return t


# --------------------------------------------------------------------------- practice puzzles
def test_the_goal_shows_on_the_table(drawn):
    t = puzzle_table()
    assert t.scene.puzzle is not None and t.scene.layout.goal is not None
    t.frame()
    goal = scenario.load(THREE_MENACES).goal["text"]
    assert any(goal in s for s in drawn), "the goal text is drawn"
    assert "In progress" in drawn
    assert t.scene.spot(Button("puzzle_retry")) is not None
    assert not t.scene.layout.goal.colliderect(t.scene.layout.map)      # the strip covers no Region


def test_solving_three_menaces_by_mouse_shows_solved(drawn):
    t = puzzle_table()
    sc = scenario.load(THREE_MENACES)
    for kind, value, _line in sc.solution:
        assert kind == "do"
        a = Action.from_dict(value)
        assert t.scene.puzzle.result == "open"
        before = len(t.game.history)
        assert t.perform(a), a
        assert len(t.game.history) > before and same_move(t.game.history[before]["action"], a), \
            (a, t.scene.message)
    assert t.scene.puzzle.result == "won"
    drawn.clear()
    t.frame()
    assert t.scene.puzzle.overlay
    assert "Solved!" in drawn
    assert {"start", "look"} <= set(t.scene.result.panel.rects)
    assert ("next" in t.scene.result.panel.rects) == (t.scene.puzzle.next_path is not None)
    # a click elsewhere changes nothing; "Look at the table" closes the panel, the strip still says it
    version = t.session.version
    t.click(t.scene.spot_pos(Button("end_phase")) if t.scene.spot(Button("end_phase")) else (600, 300))
    assert t.session.version == version and t.scene.puzzle.overlay
    t.click(t.scene.result.panel.rects["look"].center)
    assert not t.scene.puzzle.overlay
    drawn.clear()
    t.scene.redraw_base()                        # redraw the whole table, not only what moved
    t.frame()
    assert "Solved!" in drawn                      # the goal strip's status


def test_giving_up_shows_the_loss_and_retry_rebuilds_the_puzzle(drawn):
    t = puzzle_table()
    t.perform(Action("solve_menace", hero="druid", guardian="bear"))
    assert t.game.under("bear") is None
    t.click(Button("end_phase"))
    assert t.scene.puzzle.result == "lost"
    drawn.clear()
    t.frame()
    assert t.scene.puzzle.overlay
    assert any(s.startswith("Not this time") for s in drawn), drawn
    assert any("Hero Phase ended before the goal was met" in s for s in drawn), drawn
    t.click(t.scene.result.panel.rects["retry"].center)
    assert t.scene.puzzle.result == "open" and not t.scene.puzzle.overlay
    assert t.state.phase == "hero" and t.game.under("bear") == "green"
    assert not t.game.history


def test_taking_moves_back_reopens_a_lost_puzzle():
    t = puzzle_table()
    t.click(Button("end_phase"))
    assert t.scene.puzzle.result == "lost"
    t.click(t.scene.result.panel.rects["look"].center)
    # an undo (or a load) brings back a game from before the loss: the goal is open again
    t.session.replace_game(scenario.start(scenario.load(THREE_MENACES), default_rules()))
    t.frame()
    assert t.scene.puzzle.result == "open" and not t.scene.puzzle.overlay


def test_back_to_start_from_the_result(tmp_path, monkeypatch):
    from test_app_support import make_app
    from faeriell.ui.scenes.table import TableScreen
    from faeriell.ui.scenes.start import StartScene
    app = make_app(tmp_path, monkeypatch)
    assert app.open_puzzle(str(THREE_MENACES)) is None
    app.step()
    host = app.scene
    assert isinstance(host, TableScreen) and host.table.puzzle is not None
    r = host.table.spot_pos(Button("end_phase"))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=r, button=1))
    app.step()
    app.step()
    assert host.table.puzzle.overlay and not host.end_shown
    r = host.table.result.panel.rects["start"].center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=r, button=1))
    app.step()
    app.step()
    assert isinstance(app.scene, StartScene)       # a file opened by itself: no Practice tab to return to
    assert not app.errors


def test_practice_lists_the_puzzle_path_with_their_stories(tmp_path, monkeypatch):
    from faeriell.puzzles.path import PuzzlePath
    from test_app_support import click, make_app
    app = make_app(tmp_path, monkeypatch)
    click(app, "practice")
    items = app.scene.find("puzzles").items
    listed = [Path(p).resolve() for p, _, _ in items if p]
    assert sorted(listed) == sorted(p.resolve() for p in (ROOT / "data" / "puzzles").glob("*.yaml"))
    first = PuzzlePath.load().entries[0]
    k = next(k for k, (p, _, _) in enumerate(items) if p and Path(p).resolve() == Path(first.path).resolve())
    _, title, detail = items[k]
    assert title == first.name and first.story in detail and first.level_name in detail
    assert app.scene.practice_about()[0] == first.name        # the first unsolved one, ready to play
    pygame.display.quit()


# --------------------------------------------------------------------------- Starting Scenario tips
def scenario_game():
    rules = default_rules()
    for seed in range(1, 60):
        g = new_game(rules, 2, "competitive", "medium", ["starting_scenario"], seed)
        if g.state.first_player == 0:
            break
    while g.state.stage == "setup":
        g.apply(g.legal_actions()[0])
    return g


def test_the_starting_scenario_tip_shows_for_tribe_1s_first_tribe_phase(drawn):
    g = scenario_game()
    t = Table(g)
    assert t.state.active == 0 and t.state.round == 1
    assert t.scene.dialogs.shown is None                   # not before the Tribe Phase
    t.click(PhaseTile(0, "tribe"))
    assert t.state.phase == "tribe"
    drawn.clear()
    t.frame()
    tip = g.rules.catalog.starting_scenario["tribes"][0]["tip"]
    assert t.scene.dialogs.shown == 0 and t.scene.dialogs.tips.rect is not None
    assert "First Tribe Phase tip" in drawn
    words = tip["text"].split()
    assert any(s.startswith(" ".join(words[:3])) for s in drawn), "the tip's own text is drawn"
    # it names the Red Beacon of the supply, which is on the table to glow
    keys = guide.tip_keys(tip, t.scene.painted, 0)
    assert SupplyBeacon("red") in keys and t.scene.spot(SupplyBeacon("red")) is not None
    # a click on the card does nothing on the table; "Got it" puts it away for good
    version = t.session.version
    t.click(t.scene.dialogs.tips.rect.move(4, 4).topleft)
    assert t.session.version == version and t.scene.dialogs.shown == 0
    t.click(t.scene.dialogs.tips.ok_rect.center)
    assert t.scene.dialogs.shown is None
    t.frame()
    assert t.scene.dialogs.shown is None
    # the next tribe gets its own tip in its first Tribe Phase
    t.click(Button("end_phase"))
    assert t.state.active == 1
    t.click(PhaseTile(1, "tribe"))
    t.frame()
    assert t.scene.dialogs.shown == 1


def test_no_tip_without_the_variant():
    t = Table(position({}, {}, [{"settlements": ["bear-mountain"]}, {"settlements": ["wolf-meadow"]}],
                       {"player": 1, "phase": "tribe"}))
    assert guide.first_tribe_phase_tip(t.game, 0) is None
    t.frame()
    assert t.scene.dialogs.shown is None


# --------------------------------------------------------------------------- set-up cards
def test_setup_cards_are_drawn_in_solo_setup(drawn):
    g = new_game(default_rules(), 1, "solo", "medium", [], 5)
    cards = list(g.state.tribes[0].setup_cards)
    assert cards and g.state.pending["kind"] == "place_settlement"
    t = Table(g)
    for c in cards:
        assert t.scene.spot(SetupCard(0, c)) is not None, c
    assert "Revealed Essence cards" in drawn
    assert "Place a Settlement in the Area of one of these cards" in drawn
    areas = {back_of(c) for c in cards}
    ch = t.scene.decision.choice
    assert ch is not None and ch.compact and "revealed Essence card" in ch.title
    for a in areas:
        assert t.scene.words.region(a) in ch.title
    # a click on a glowing Region places the Settlement there and spends that Area's card
    legal = t.session.legal_of("place_settlement")
    region = legal[0]["region"]
    assert g.rules.region_area[region] in areas
    t.click(RegionSpot(region))
    assert region in t.state.tribes[0].settlements
    assert len(t.state.tribes[0].setup_cards) == len(cards) - 1


def test_setup_cards_box_follows_the_setup_step(drawn):
    """The revealed cards' box stands only while the engine asks for a Settlement in their Areas:
    once the set-up moves on to the Hero, the cards left over (solo keeps them for its extra
    Settlement) are not offered as if a Settlement were still wanted."""
    g = new_game(default_rules(), 1, "solo", "medium", [], 5)
    t = Table(g)
    while t.state.pending["kind"] == "place_settlement":
        drawn.clear()                     # what the table draws once the move is made
        t.click(RegionSpot(t.session.legal_of("place_settlement")[0]["region"]))
    assert t.state.pending["kind"] == "choose_hero"
    left = list(t.state.tribes[0].setup_cards)
    assert left, "solo keeps cards for its extra Settlement: the case the box must not follow"
    assert "Set-up: choose the Hero you start with" in drawn      # the frame after the move was drawn
    assert not any(t.scene.spot(SetupCard(0, c)) for c in left)
    assert "Revealed Essence cards" not in drawn
    assert "Place a Settlement in the Area of one of these cards" not in drawn
    # the Hero chosen (and placed), the extra Settlement is asked in the cards' Areas: the box is back
    for _ in range(6):
        if t.state.pending is None or t.state.pending["kind"] == "place_settlement":
            break
        drawn.clear()
        assert t.perform(t.game.legal_actions()[0])
    assert t.state.pending and t.state.pending["kind"] == "place_settlement"
    cards = list(t.state.tribes[0].setup_cards)
    assert cards and all(t.scene.spot(SetupCard(0, c)) for c in cards)
    assert "Revealed Essence cards" in drawn


# --------------------------------------------------------------------------- every decision
def _base(players=2, variants=(), mode="competitive"):
    tribes = [{"settlements": ["bear-mountain", "bear-river"],
               "heroes": {"druid": {"node": {"near": "bear-forest"}, "perks": ["gem-green"],
                                    "quests": ["red@owl", "blue@wolf"]}},
               "essences": ["red", "green", "green", "blue"]},
              {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}},
               "essences": ["red", "yellow", "blue", "green"]},
              {"settlements": ["owl-mountain"], "heroes": {"chieftain": {"node": {"near": "owl-river"}}}}][:players]
    setup = {"players": players, "mode": mode, "variants": list(variants)}
    return position(setup, {"guardians": {"bear": "bear-river"}, "under": {"bear": "corruption"}, "doom": 4},
                    tribes, {"player": 1, "phase": "hero"})


def _ask(g, player, kind, **info):
    g.state.pending = {"player": player, "kind": kind, **info}
    g._legal_cache = None
    return g


def decision_game(kind):
    if kind == "corruption":
        return _ask(_base(), 0, "corruption", token=None, guardian="bear", reward_track=False)
    if kind == "harvest_choice":
        return _ask(_base(), 0, "harvest_choice", region="bear-mountain", colors=["red", "green"])
    if kind == "claim":
        return _ask(_base(), 0, "claim", achievements=["druid"])
    if kind == "discard_quest":
        return _ask(_base(), 0, "discard_quest", hero="druid")
    if kind == "become_sower":
        return _ask(_base(), 0, "become_sower")
    if kind == "place_settlement":
        return _ask(_base(), 0, "place_settlement")
    if kind == "choose_hero":
        return _ask(_base(), 0, "choose_hero")
    if kind == "place_hero":
        g = _base()
        g.state.tribes[0].heroes["druid"].node = None
        return _ask(g, 0, "place_hero", hero="druid")
    if kind == "starting_essence":
        return _ask(_base(), 0, "starting_essence", region="bear-mountain", colors=["red", "green"])
    if kind == "track_choice":
        return _ask(_base(), 0, "track_choice", colors=["red", "blue", "green"])
    if kind == "menace_rival":
        g = _base(3, ["advanced_menace_rule"])
        for j in (1, 2):
            g.state.tribes[j].solved["red"] = 2
        return _ask(g, 0, "menace_rival", color="red", rivals=[1, 2])      # seats of players 2 and 3
    if kind == "free_level":
        return _ask(_base(), 0, "free_level")
    if kind == "twins_swap":
        return _ask(_base(), 1, "twins_swap")
    raise AssertionError(f"no position for {kind}")


TITLES = {
    "corruption": "Corruption Event", "harvest_choice": "Harvest", "claim": "Claim",
    "discard_quest": "which Quest card do you discard", "become_sower": "Corruption Sower",
    "place_settlement": "place a Settlement", "choose_hero": "Set-up: choose a second Hero", "place_hero": "place your Druid",
    "starting_essence": "Starting Essence", "track_choice": "tracking token",
    "menace_rival": "Advanced Menace rule: whose Red tracking token steps back?",
    "free_level": "The Twins: level a Hero for free",
    "twins_swap": "Wido may swap up to two Essences for Corruption Essences",
}


def test_every_engine_decision_has_a_title_here():
    assert set(DECISIONS) == set(TITLES)


@pytest.mark.parametrize("kind", sorted(TITLES))
def test_each_decision_renders_a_titled_bar_and_every_choice_is_reachable(kind, drawn):
    g = decision_game(kind)
    legal = g.legal_actions()
    assert len(legal) >= 2, (kind, legal)
    t = Table(g)
    ch = t.scene.decision.choice
    assert ch is not None and t.scene.decision.auto, kind
    assert TITLES[kind] in ch.title, ch.title
    assert "_" not in ch.title and ch.note
    drawn.clear()
    t.frame()
    assert ch.panel_rect is not None and t.scene.layout.map.contains(ch.panel_rect)
    assert any(TITLES[kind][:20] in s for s in drawn), (kind, [s for s in drawn if len(s) > 20][:5])
    # none of them is left to the Moves list; each is on the bar or is a piece to drag
    assert not [a for a in t.scene.index.loose if a.kind == kind]
    for a in legal:
        gs = t.scene.index.gesture_of[a]
        listed = any(a in o.actions for o in ch.options)
        assert listed or (gs not in (None, DECIDE)), (kind, a)
    if ch.compact:
        assert {o.spot for o in ch.options} >= {t.scene.index.gesture_of[a][1] for a in legal}
        assert not ch.rects                   # no tiles: the island's glowing places answer it
    else:
        labels = [o.label for o in ch.options]
        assert all(lab and "Action(" not in lab and "_" not in lab for lab in labels), labels
        assert ch.rects and len(ch.rects) == len(ch.options)
    # and one of them, played with the mouse, is exactly that move
    a = legal[-1]
    before = len(t.game.history)
    assert t.perform(a), (kind, a)
    assert len(t.game.history) == before + 1 and same_move(t.game.history[before]["action"], a), \
        (kind, a, t.scene.message)


def test_wido_swap_groups_by_how_many_essences():
    t = Table(decision_game("twins_swap"))
    labels = [o.label for o in t.scene.decision.choice.options]
    assert labels[0] == "Keep your Essences (no swap)"
    assert any(lab.startswith("Swap 1 Essence") for lab in labels)
    assert any(lab.startswith("Swap 2 Essences") for lab in labels)
    a = Action("twins_swap", pay=("red", "blue"))
    a = next(x for x in t.session.legal() if same_move(x, a))
    assert t.perform(a)
    cols = sorted(colour_of(c) for c in t.state.tribes[1].essences)
    assert cols == ["corruption", "corruption", "green", "yellow"]


def test_menace_rival_names_the_rivals():
    t = Table(decision_game("menace_rival"))
    labels = [o.label for o in t.scene.decision.choice.options]
    assert any("player 2" in lab for lab in labels) and any("player 3" in lab for lab in labels)
    a = next(x for x in t.session.legal() if x["target"] == 2)        # the third seat
    assert t.perform(a)
    assert t.state.tribes[2].solved["red"] == 1 and t.state.tribes[1].solved["red"] == 2


def test_the_decision_bar_folds_away_to_show_the_island_and_comes_back():
    """A decision bar lies over the north of the island; Hide folds it to its title line (real
    clicks), the island under it answers clicks again, and Show brings the choices back."""
    t = Table(decision_game("corruption"))
    t.frame()
    ch = t.scene.decision.choice
    assert ch is not None and ch.fold_rect is not None and ch.rects
    full = ch.panel_rect.copy()
    version = t.session.version
    t.click(ch.fold_rect.center)
    assert ch.folded and not ch.rects
    assert ch.panel_rect.h < full.h // 2 and t.scene.decision.choice is ch
    assert t.session.version == version, "folding plays nothing"
    t.click(ch.fold_rect.center)
    assert not ch.folded and ch.rects and ch.panel_rect.h == full.h

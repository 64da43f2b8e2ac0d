"""Bot turns read as narration (issue 13, item 3): a bot's move is told as 'Berrywort (bot) takes
...', the banner says what the bot is doing (not what a person should drag), and every move -
Hero placements included - leaves a line in the log."""
from __future__ import annotations

import random

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.bot_driver import BotDriver  # noqa: E402
from faeriell.ui.table import chrome  # noqa: E402
from faeriell.ui.table import anim  # noqa: E402
from faeriell.ui.table.keys import Button  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def bot_moves(t: Table, n: int) -> list:
    """Let the bot seats play up to n moves, as the window does (driver, then table.animate)."""
    drv = BotDriver(t.session, delay=0.0)
    moved = []
    for _ in range(4000):
        if len(moved) >= n or t.state.game_over or not drv.is_bot(t.session.acting):
            break
        got = drv.update()
        if got is None:
            if drv._job is not None:
                drv._job.done.wait(5)
            continue
        anim.show_bot_move(t.scene, got[0])
        t.frame()
        moved.append((got, t.scene.message, chrome.expectation(t.scene.painted), t.session.acting))
    return moved


def test_a_bots_move_is_told_as_narration_and_the_banner_says_what_it_does():
    g = position({}, {}, [
        {"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}},
         "essences": ["red", "red", "blue"]},
        {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}},
         "essences": ["yellow", "yellow", "green"]}], {"player": 1, "phase": "tribe"})
    t = Table(g, seats=["human", "random"])
    name = t.scene.words.tribe(t.state.tribes[1].id)
    t.click(Button("end_phase"))               # the person ends the Phase: the bot's turn
    assert t.session.acting == 1
    who, what = chrome.expectation(t.scene.painted)
    assert what.startswith(f"{name} (bot)") and "drag" not in what.lower() and "click" not in what.lower(), what
    moves = bot_moves(t, 3)
    assert moves
    for (_action, _player), msg, (_who, what), acting in moves:
        assert msg.startswith(f"{name} (bot) "), msg
        assert "Player 2:" not in msg
        assert msg.split(" ", 2)[2][:1].islower(), msg          # "takes", "plays": a verb, told
        if acting == 1:                                          # still the bot's turn: the banner tells it
            assert what.startswith(f"{name} (bot)") and f"last: {msg}" in what, what


def test_the_thinking_indicator_names_the_tribe():
    from faeriell.ui.table.words import Words
    rules = default_rules()
    g = new_game(rules, 2, "competitive", "medium", [], 3)
    w = Words(rules.catalog, [x.id for x in g.state.tribes], rules)
    assert w.player_name(1, ["human", "hard"]) == f"{w.tribe(g.state.tribes[1].id)} (bot)"
    assert w.player_name(0, ["human", "hard"]) == w.tribe(g.state.tribes[0].id)


KINDS_TOLD = {"place_settlement", "choose_hero", "place_hero", "starting_essence", "choose_phase", "end_phase",
              "level_up", "free_level", "move_hero", "go_quest", "move_guardian", "draft", "harvest", "corruption",
              "attune", "discard_quest", "build_beacon", "perk", "solve_quest", "gather_herb", "claim",
              "control_totem", "beacon_solve", "drifter_move", "dress_hero", "lore", "solve_menace",
              "build_settlement", "drifter_shift", "move_settlement", "twins_swap", "track_choice"}


@pytest.mark.parametrize("players,mode,variants,seed", [
    (2, "competitive", [], 5), (3, "coop", ["drifter", "shadows"], 6), (2, "competitive", ["twins"], 7)])
def test_every_move_leaves_a_line_in_the_log(players, mode, variants, seed):
    g = new_game(default_rules(), players, mode, "medium", variants, seed)
    rng = random.Random(seed)
    silent = []
    for _ in range(700):
        if g.state.game_over:
            break
        a = rng.choice(list(g.legal_actions()))
        before = (len(g.state.log), g.state.log[-1] if g.state.log else None)
        g.apply(a)
        after = (len(g.state.log), g.state.log[-1] if g.state.log else None)
        if a.kind in KINDS_TOLD and after == before:
            silent.append(a)
    assert not silent, silent[:5]

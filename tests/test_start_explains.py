"""The start screen explains itself (issue 20, item 8), with real mouse events: a difficulty and a
bot level say what they mean when the mouse rests on them, with the win rates docs/balance.md
measured (read from there, never written twice); choosing a Hero at set-up says what each Hero
does and why some are set aside; the puzzle list shows no file path."""
from __future__ import annotations

from test_app_support import click, make_app, run_until  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.win_rates import WinRates, parse  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def hover(app, wid) -> None:
    pos = app.scene.screen_rect(wid).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def test_the_report_is_read_for_every_difficulty():
    rates = WinRates.load()
    for d in ("easy", "medium", "hard", "very_hard"):
        assert rates.solo(d, "heuristic wins") is not None, d
    r = rates.solo("medium", "expert")
    assert r is not None and r.games > 0 and 0 <= r.percent <= 100
    # a report whose figures changed is read as it now stands
    table = ("## Solo (1 player)\n\n| difficulty | expert wins | search bot wins |\n|---|---|---|\n"
             "| medium | 40% (4/10; 95% CI 1-2%) | not run |\n")
    got = parse(table)["solo"]["medium"]
    assert got["expert wins"].say() == "40% (4 of 10 games)" and "search bot wins" not in got


def test_hovering_a_difficulty_and_a_bot_level_says_what_it_means_with_the_measured_rate(app):
    rates = WinRates.load()
    assert run_until(app, lambda: app.scene.texts_known)        # docs/balance.md is read off the frame
    info = app.scene.find("difficulty_info")
    assert info.text.startswith("Medium: 4 Menaces")
    hover(app, "difficulty:hard")
    hard = rates.solo("hard", "heuristic wins")
    assert info.text.startswith("Hard: 3 Menaces and 1 Corruption token")
    # the figures said by the seat levels' names, never a bot the player does not see
    assert f"Easy {hard.short()}" in info.text
    assert "greedy" not in info.text and "heuristic" not in info.text
    expert = rates.solo("hard", "expert")
    assert expert is None or f"Expert {expert.short()}" in info.text
    hover(app, "seat1:expert")
    seat = app.scene.find("seat_info")
    assert "Expert" in seat.text and rates.for_level("expert").say() in seat.text
    hover(app, "seat1:easy")
    assert seat.text.startswith("Easy") and rates.for_level("easy").say() in seat.text
    hover(app, "seat1:hard")
    assert "not measured" in seat.text            # never a figure the report does not hold
    hover(app, "seed")                            # away from the segments: the chosen ones again
    assert info.text.startswith("Medium") and "Any seat can be a bot" in seat.text


def test_choosing_a_hero_says_what_each_does_and_why_one_was_set_aside(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=5)
    s = app.session
    table = app.scene.table
    for _ in range(20):                            # the set-up's moves until a Hero is chosen
        if s.state.pending and s.state.pending["kind"] == "choose_hero":
            break
        assert s.apply(s.legal()[0]) is None
    app.step()
    aside = s.state.tribes[0].set_aside
    assert aside and table.decision.choice is not None
    heroes = s.game.rules.catalog.heroes
    labels = [o.label for o in table.decision.choice.options]
    for o in table.decision.choice.options:
        h = o.actions[0]["hero"]
        assert o.label == f"Start with the {heroes[h]['name']}. {heroes[h]['text']}"
    assert not any(heroes[h]["name"] in " ".join(labels) for h in aside)
    note = table.decision.choice.note
    assert f"Set aside: the {heroes[aside[0]]['name']}" in note and "at random" in note
    pygame.display.quit()


def test_the_puzzle_list_shows_no_file_path(app):
    click(app, "practice")
    sc = app.scene
    lb = sc.find("puzzles")
    shown = [t for _, title, detail in lb.items for t in (title, detail)]
    head, about = sc.practice_about()
    shown += [head, about, sc.find("puzzle_path").text]
    assert sc.puzzle_path.endswith(".yaml")        # a puzzle is chosen (the first unsolved one)
    assert not [t for t in shown if "/" in t or ".yaml" in t], shown
    # picking another row keeps the field free of paths, and Play still opens it
    row = next(n for n, (k, _, _) in enumerate(lb.items) if k and k != sc.puzzle_path)
    click(app, lb.row_rect(row).center)
    assert sc.find("puzzle_path").text == "" and sc.puzzle_path == lb.items[row][0]


def test_the_first_frame_never_waits_on_the_win_rates_or_the_guided_games_progress(tmp_path, monkeypatch):
    """A slow disk: the start screen is drawn while docs/balance.md, the chapters and tutorial.json
    are still being read (in a thread, as Continue's autosave is); the figures and the progress
    are said once known."""
    import threading
    import faeriell.ui.scenes.start as start
    release, reading = threading.Event(), threading.Event()
    real = start.start_texts

    def slow():
        reading.set()
        release.wait(30)                      # the disk answers when the test says so
        return real()
    monkeypatch.setattr(start, "start_texts", slow)
    try:
        app = make_app(tmp_path, monkeypatch)     # builds the start screen and draws its first frame
        assert isinstance(app.scene, start.StartScene) and not app.scene.texts_known
        info = app.scene.find("difficulty_info")
        assert info.text.startswith("Medium: 4 Menaces") and "measured" not in info.text   # no figure yet
        assert app.scene.find("tutorial").primary and app.scene.find("tutorial").sub == "a guided first game"
        app.step()
        assert not app.scene.texts_known and reading.is_set()
    finally:
        release.set()
    assert run_until(app, lambda: app.scene.texts_known)
    medium = WinRates.load().solo("medium", "easy")
    assert f"Easy {medium.short()}" in info.text
    assert not app.errors
    pygame.display.quit()


def test_a_damaged_progress_file_and_report_give_no_figures_lose_nothing_and_never_crash(tmp_path, monkeypatch):
    import faeriell.ui.scenes.start as start
    progress = tmp_path / "tutorial.json"
    progress.write_bytes(b'{"done": ["01-setup", ')             # cut short
    report = tmp_path / "balance.md"
    report.write_bytes(b"## Solo\n| difficulty | expert wins |\n\xff\xfe not text")
    real_load = WinRates.load
    monkeypatch.setattr(start.WinRates, "load", classmethod(lambda cls: real_load(report)))
    app = make_app(tmp_path, monkeypatch)
    try:
        assert run_until(app, lambda: app.scene.texts_known)
        assert app.scene.find("difficulty_info").text == "Medium: 4 Menaces and no Corruption at the start."
        hover(app, "seat1:expert")
        assert "not measured" in app.scene.find("seat_info").text
        assert app.scene.find("tutorial").sub == "a guided first game"       # no progress read: a newcomer's
        click(app, "tutorial")
        assert not app.errors and progress.read_bytes() == b'{"done": ["01-setup", '   # kept as it was
    finally:
        pygame.display.quit()


def test_the_difficulty_line_quotes_the_figures_of_the_chosen_mode_and_player_count(app):
    """Full Coop chosen: the difficulty line quoted the solo figures, labelled as solo (playtest).
    Now it says the Full Coop figures of that player count, and where the report measured none
    (competitive; Full Coop with 4 players has the Expert's figure at the table's clock only) no
    figure at all."""
    rates = WinRates.load()
    assert run_until(app, lambda: app.scene.texts_known)
    info = app.scene.find("difficulty_info")
    assert "Solo wins measured" in info.text                    # Quick settings: one player, solo
    click(app, "mode:coop")                                      # Full Coop: two players
    info = app.scene.find("difficulty_info")
    assert app.scene.mode == "coop" and app.scene.players == 2
    coop = rates.rate("coop", 2, "medium", "easy")
    assert coop is not None and coop != rates.solo("medium", "easy")
    assert "Solo" not in info.text and "solo" not in info.text, info.text
    assert "Full Coop (2 players) wins measured: " in info.text and f"Easy {coop.short()}" in info.text
    hover(app, "difficulty:hard")
    hard = rates.rate("coop", 2, "hard", "easy")
    assert f"Easy {hard.short()}" in app.scene.find("difficulty_info").text
    hover(app, "seed")
    click(app, "players:3")
    info = app.scene.find("difficulty_info")
    three = rates.rate("coop", 3, "medium", "easy")
    assert "Full Coop (3 players) wins measured: " in info.text and f"Easy {three.short()}" in info.text
    hover(app, "seat1:expert")                                   # a seat's level: the same game's figure
    seat = app.scene.find("seat_info").text
    assert f"Wins Full Coop (3 players) at Medium: {rates.rate('coop', 3, 'medium', 'expert').say()}" in seat, seat
    hover(app, "seed")
    click(app, "players:4")                  # no balance table: the Expert's at-table figure only
    info = app.scene.find("difficulty_info")
    four = rates.rate("coop", 4, "medium", "expert")        # the shipped report has the row
    assert four is not None and rates.rate("coop", 4, "medium", "easy") is None
    assert info.text == ("Medium: 4 Menaces and no Corruption at the start. Full Coop (4 players) "
                         f"wins measured: Expert {four.short()}."), info.text
    click(app, "mode:competitive")
    assert app.scene.find("difficulty_info").text == "Medium: 4 Menaces and no Corruption at the start."
    assert not app.errors


def test_the_expert_level_is_quoted_as_a_seat_plays_it_at_one_second_a_move():
    """The report's expert column is played with a fixed 32 worlds a move, about half of what a
    seat's second buys; the Expert level quotes the section measured at the table's clock, and
    nothing where that section has no figure, so a hover never understates the seat by half."""
    fixed = ("## Solo (1 player)\n\n| difficulty | expert wins | heuristic wins |\n|---|---|---|\n"
             "| easy | 50% (6/12; 95% CI 1-2%) | 12% (23/200; 95% CI 1-2%) |\n"
             "| medium | 25% (3/12; 95% CI 1-2%) | 14% (27/200; 95% CI 1-2%) |\n")
    clock = ("## The expert at the table: one second a move\n\n| game | difficulty | expert wins | seeds |\n"
             "|---|---|---|---|\n| Solo | medium | 52% (42/80; 95% CI 42-63%) | 28000-28079 |\n"
             "| Full Coop, 3 players | medium | 81% (21/26; 95% CI 62-91%) | 23000-23026 |\n")
    both = WinRates(parse(fixed + clock))
    assert both.for_level("expert").say() == "52% (42 of 80 games)"
    assert both.solo("medium", "expert wins").say() == "25% (3 of 12 games)"   # the column, by name
    assert both.solo("easy", "expert") is None                 # measured at fixed work only: not quoted
    assert both.rate("coop", 3, "medium", "expert").say() == "81% (21 of 26 games)"
    assert both.rate("coop", 2, "medium", "expert") is None
    assert both.for_level("easy").say() == "14% (27 of 200 games)"             # other levels unchanged
    assert WinRates(parse(fixed)).for_level("expert").say() == "25% (3 of 12 games)"   # an older report
    # the shipped report has the section, and the Expert seat's hover quotes it
    assert WinRates.load().for_level("expert") == WinRates.load().at_table("solo", 1, "medium") is not None


def test_the_expert_is_quoted_for_the_engine_this_game_plays():
    """The compiled engine's expert weighs more worlds in its second than the pure engine's, so each
    has its rows: a game on the compiled engine quotes the compiled rows, and the pure engine's where
    it has none (an understatement); a game on the pure engine never quotes the compiled rows."""
    clock = ("## The expert at the table: one second a move\n\n| game | difficulty | expert wins | seeds "
             "| the expert thought | engine |\n|---|---|---|---|---|---|\n"
             "| Solo | medium | 62% (50/80; 95% CI 52-72%) | 28200-28279 | with 1 helper process | pure Python |\n"
             "| Solo | medium | 67% (39/58; 95% CI 54-78%) | 64159-64216 | with 1 helper process | compiled |\n"
             "| Full Coop, 2 players | medium | 70% (28/40; 95% CI 55-82%) | 22030-22069 | alone | pure Python |\n"
             "| Full Coop, 3 players | hard | 60% (6/10; 95% CI 1-2%) | 1-10 | alone | compiled |\n")
    compiled, pure = WinRates(parse(clock), compiled=True), WinRates(parse(clock), compiled=False)
    assert compiled.for_level("expert").say() == "67% (39 of 58 games)"
    assert pure.for_level("expert").say() == "62% (50 of 80 games)"
    assert compiled.rate("coop", 2, "medium", "expert").say() == "70% (28 of 40 games)"   # pure's: no own row
    assert pure.rate("coop", 3, "hard", "expert") is None                  # never the compiled engine's
    assert compiled.rate("coop", 3, "hard", "expert").say() == "60% (6 of 10 games)"
    # by default the engine this process loaded decides, and the shipped report has both solo rows
    from faeriell.engine import ENGINE_CHOICE
    shipped = WinRates.load()
    assert shipped.compiled == (ENGINE_CHOICE.folder is not None)
    both = {WinRates.load(compiled=c).for_level("expert") for c in (True, False)}
    assert len(both) == 2 and None not in both


def test_picking_a_bot_for_the_fourth_seat_scrolls_its_explanation_into_view(app):
    """With four seats the line that explains a bot level sits below the panel's fold: a click on
    a level scrolls just far enough to show all of it (it used to stay hidden until a wheel turn)."""
    click(app, "players:4")
    line = app.scene.find("seat_info")
    view = app.scene.content.rect
    assert app.scene.content.scroll == 0
    assert app.scene.content.screen_rect("seat_info").height < line.rect.height   # hidden, or cut
    click(app, "seat4:expert")
    assert app.scene.seats[3] == "expert"
    shown = app.scene.content.screen_rect("seat_info")
    assert shown.height == line.rect.height and view.contains(shown)
    assert line.text.startswith("Expert")
    assert app.scene.content.find("seat4").rect.move(0, -app.scene.content.scroll).bottom <= view.bottom

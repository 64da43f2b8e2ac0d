"""The texts a newcomer met that said something untrue or unclear (issue 42, "False or wrong
messages" f), each checked against what the code does, at the window with real events where it
is a screen's."""
from __future__ import annotations

import datetime as dt
import re

from test_app_support import ROOT, click, ctrl, key, make_app, run_until  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.dialogs import Menu  # noqa: E402
from faeriell.ui.elbow_coach import FLOOR, GIVE_AWAY  # noqa: E402
from faeriell.ui.scenes.table import TableScreen  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch)
    yield a
    pygame.display.quit()


def test_the_coach_setting_and_the_readme_say_the_thresholds_the_coach_uses():
    from faeriell.ui.settings_panel import COACH_TEXT
    keeps = f"keeps less than {100 - round(100 * GIVE_AWAY)}%"
    floor = f"at least {round(100 * FLOOR)} points"
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    coach = readme[readme.index("**Coach at your elbow**"):][:400]
    for text in (COACH_TEXT, coach):
        assert keeps in text and floor in text, text
    assert not re.search(r"\b15 points\b", coach) and "more than 40%" not in COACH_TEXT


def test_the_guided_games_menu_does_not_say_it_saves_itself(app):
    assert app.open_tutorial("1", 0) is None
    assert isinstance(app.scene, TableScreen), app.errors
    assert app.session.autosave_enabled is False          # a chapter is never autosaved
    key(app, pygame.K_ESCAPE)
    menu = app.scene.modal
    assert isinstance(menu, Menu)
    assert "saves itself" not in menu.note and "not saved" in menu.note, menu.note


def test_the_chieftain_tooltip_says_what_its_count_counts():
    from faeriell.content.rules_loader import default_rules
    from faeriell.ui.table.words import Words
    rules = default_rules()
    words = Words(rules.catalog, ["bear", "owl"], rules)
    entry = {"id": "chieftain", "kind": "most", "measure": "hero_level", "min": 4, "values": [3, 1],
             "leaders": [0], "holders": []}
    lines = words.progress_lines(entry)
    assert lines[0].startswith("Level counted: ") and "3/4" in lines[0]
    assert "Level on the Hero's card" in lines[1] and "Lore" in lines[1]
    assert not any(line.startswith("Progress:") for line in lines)


def test_hard_reads_harder_than_medium(app):
    assert run_until(app, lambda: app.scene.texts_known)
    pos = app.scene.screen_rect("difficulty:hard").center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.window_rect(app.scene, pygame.Rect(pos, (1, 1))).topleft,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    text = app.scene.find("difficulty_info").text
    assert text.startswith("Hard: 3 Menaces and 1 Corruption token"), text
    assert "worse than a Menace" in text and "Corruption Event" in text


def test_the_daily_game_says_why_it_is_as_hard_as_it_is(app):
    from faeriell.practice.daily import daily_config
    from faeriell.ui.scenes.practice import daily_why
    sunday = dt.date(2026, 12, 6)
    assert daily_config(sunday)["difficulty"] == "very_hard"
    assert daily_why(sunday).startswith("Very hard because it is Sunday: the day of the week sets")
    assert "Monday Easy" in daily_why(sunday)
    click(app, "practice")
    click(app, "tab_daily")
    day = app.scene.today()
    name = daily_config(day)["difficulty"].replace("_", " ").capitalize()
    assert app.scene.daily_note.startswith(f"{name} because it is {day.strftime('%A')}")


def test_ctrl_s_shows_the_suggested_name_in_the_field(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seed=9)
    try:
        ctrl(app, pygame.K_s)
        dlg = app.scene.modal
        field = dlg.find("name")
        assert field.focused and field.placeholder == "Competitive, 2 players, round 1"
        surf = pygame.Surface((1400, 900))
        field.draw(surf)
        with_name = pygame.image.tobytes(surf.subsurface(field.rect), "RGB")
        field.placeholder = ""
        surf.fill((0, 0, 0))
        field.draw(surf)
        assert pygame.image.tobytes(surf.subsurface(field.rect), "RGB") != with_name   # the name is drawn
        assert "Enter keeps" in dlg.prompt
    finally:
        pygame.display.quit()

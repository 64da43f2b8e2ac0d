"""Sound (issue 13 item 6): generated effects (tools/make_sounds.py) played through pygame-ce's
mixer on a pick-up, a move, a refusal, a Doom step, an Achievement claim and the end of a game;
silent and harmless without an audio device. Real mouse events on a headless window."""
from __future__ import annotations

from script_support import load_script

import wave

# first: it sets the dummy video driver before pygame is imported
import test_app_support
from test_app_support import ROOT, make_app

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import Action, build_position
from faeriell.ui import sound
from faeriell.ui.sound import EFFECTS, Sounds, cues
from faeriell.ui.table.gestures import gesture, make_ctx
from faeriell.ui.table.keys import AchievementTile, RegionSpot, SlotToken, TotemPiece  # noqa: E402
def load_tool():
    return load_script("tools/make_sounds.py")


@pytest.fixture(autouse=True)
def close_window():
    yield
    pygame.display.quit()


def test_every_effect_is_generated_and_up_to_date(tmp_path):
    tool = load_tool()
    assert set(tool.EFFECTS) == set(EFFECTS)
    assert tool.main(["--check"]) == 0, "sounds/ is out of date: run python3 tools/make_sounds.py"
    assert tool.main(["--check", "--out", str(tmp_path)]) == 1            # the check can fail
    for name in EFFECTS:
        with wave.open(str(ROOT / "sounds" / f"{name}.wav")) as w:
            seconds = w.getnframes() / w.getframerate()
            assert w.getnchannels() == 1 and w.getsampwidth() == 2 and 0.05 < seconds < 2.0, name


def test_no_audio_device_is_silent_and_harmless(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sounds(0.5)
    assert s.ready is False
    for name in EFFECTS:
        s.play(name)
    assert s.played == list(EFFECTS)


def test_a_missing_sound_file_is_silent(tmp_path):
    s = Sounds(0.5, directory=tmp_path)
    s.play("drop")
    s.play("drop")
    assert s.played == ["drop", "drop"]


def test_cues_of_a_move():
    assert cues((3, 0, False), (3, 0, False)) == ["drop"]
    assert cues((3, 0, False), (4, 0, False)) == ["drop", "doom"]
    assert cues((3, 0, False), (3, 1, False)) == ["drop", "achievement"]
    assert cues((14, 2, False), (15, 2, True)) == ["game_end"]


def drag(app, a, b):
    test_app_support.drag(app, a, b, steps=5)


def test_pick_up_drop_and_refusal_are_heard(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seed=11)
    table = app.scene.table
    app.draw()
    played = app.sounds.played
    legal = app.session.legal()
    first = legal[0]
    assert first.kind == "place_settlement"
    grip, target = gesture(first, make_ctx(app.session.game))
    # a legal drop: picked up, then the knock of a move made
    drag(app, table.spot_pos(grip), table.spot_pos(target))
    assert app.session.version == 1, app.scene.table.message
    assert played[-2:] == ["pickup", "drop"], played
    # the next settlement dropped on the Region just taken: picked up, then refused
    app.step()
    app.draw()
    nxt = app.session.legal()[0]
    assert nxt.kind == "place_settlement" and target.region == first.get("region")
    grip2, _ = gesture(nxt, make_ctx(app.session.game))
    drag(app, table.spot_pos(grip2), table.spot_pos(target))
    assert app.session.version == 1
    assert played[-2:] == ["pickup", "refuse"], played


def near_doom(rules, doom):
    """A Corruption token about to be drawn (R30): Doom steps up when it is ignored."""
    return build_position(
        rules, {"players": 2, "mode": "competitive", "difficulty": "medium", "seed": 101, "position": "empty"},
        {"doom": doom, "under": {"owl": "green"}, "bag": ["corruption@owl", "red@bear"]},
        [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"shaman": {"node": {"near": "bear-forest"}}},
          "achievements": ["purity"]},
         {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"sower": {"node": {"near": "wolf-river"}}},
          "corruption": 5}],
        {"player": 1, "phase": "event"})


@pytest.mark.parametrize("doom,last", [(10, "doom"), (14, "game_end")])
def test_doom_step_and_game_end_are_heard(tmp_path, monkeypatch, doom, last):
    app = make_app(tmp_path, monkeypatch)
    app.open_game(near_doom(app.rules, doom))
    session = app.session
    before = len(app.sounds.played)
    assert session.apply(Action("draft")) is None
    assert session.apply(Action("corruption", choice="ignore")) is None
    assert session.state.doom == doom + 1
    heard = app.sounds.played[before:]
    assert heard[-1] == last, heard
    assert session.state.game_over == (last == "game_end")


def test_sound_volume_follows_the_settings(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    app.settings.volume = 0.5
    app.settings_changed()
    assert app.sounds.volume == 0.5
    app.settings.mute = True
    app.settings_changed()
    assert app.sounds.volume == 0
    assert sound.Sounds(0).volume == 0


def test_an_achievement_claimed_by_mouse_is_heard(tmp_path, monkeypatch):
    from test_table_support import position
    app = make_app(tmp_path, monkeypatch)
    tribes = [{"settlements": ["owl-river", "toad-forest"], "beacons": {"owl-river": "red"},
               "heroes": {"chieftain": {"node": {"near": "owl-river"}}}, "essences": ["yellow", "red"]},
              {"settlements": ["wolf-meadow", "boar-mountain"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    app.open_game(position({}, {}, tribes, {"player": 1, "phase": "tribe"}))
    table = app.scene.table
    app.step()
    app.draw()
    drag(app, table.spot_pos(TotemPiece()), table.spot_pos(RegionSpot("owl-river")))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
    app.step()
    assert app.session.state.pending and app.session.state.pending["kind"] == "claim"
    app.draw()
    drag(app, table.spot_pos(SlotToken(0, "red")), table.spot_pos(AchievementTile("totem")))
    doom = next(o for o in table.decision.choice.options if o.actions[0].get("pay") == "doom")
    at = next(r for r, o in table.decision.choice.rects if o is doom).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    app.step()
    assert "totem" in app.session.state.tribes[0].achievements
    assert app.sounds.played[-3:] == ["drop", "doom", "achievement"], app.sounds.played

"""Hostile files at the window and on the command line, and a failing autosave (issue 15).

Real pygame events on a headless window; small inputs generated in tmp_path.
"""
from __future__ import annotations

import errno
import json
import os
import time

# first: it sets the dummy video driver before pygame is imported
from test_app_support import ROOT, click, make_app, play_first_legal, run_until

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine import saves  # noqa: E402
from faeriell.storage import saves as storage_saves  # noqa: E402
from faeriell.ui.text import SafeFont, draw_text, draw_wrapped, font, make_font, wrap  # noqa: E402
from faeriell.storage.listing import list_saves  # noqa: E402
from faeriell.ui.dialogs import FileDialog  # noqa: E402
from faeriell.session import Session  # noqa: E402
from faeriell.storage.tempfiles import remove_stale_temp_files  # noqa: E402
from faeriell.ui.scenes.start import StartScene  # noqa: E402
from faeriell.ui.scenes.table import TableScreen as TableHost  # noqa: E402

R = default_rules()


def _save_text(**first_action) -> str:
    g = new_game(R, 2, "competitive", "medium", [], 3)
    d = json.loads(saves.dumps(g))
    d["actions"] = [dict({"action": "place_settlement", "region": "bear-forest"}, **first_action)]
    d["players_of_actions"] = [1]
    return json.dumps(d)


def _fails_replay(tmp_path):
    """A save of the right shape whose snapshot the replay does not reach."""
    g = new_game(R, 2, "competitive", "medium", [], 3)
    d = json.loads(saves.dumps(g))
    d["snapshot"]["doom"] = 9
    f = tmp_path / "mismatch.json"
    f.write_text(json.dumps(d))
    return f


# ------------------------------------------------------------------------------ text
def test_fonts_draw_any_text_from_a_file():
    pygame.font.init()
    surf = pygame.Surface((400, 200))
    for text in ("R" * 10_000_000, "bear\ud800forest", "a\x00b", "\udcff" * 5000, "word " * 500_000):
        for f in (font(20), make_font(30, True)):
            assert f.render(text, True, (255, 255, 255)).get_width() < 20_000
            f.size(text)
        draw_text(surf, text, (0, 0), 20, width=300)
        draw_wrapped(surf, text, pygame.Rect(0, 0, 300, 100), 18, max_lines=3)
        wrap(font(18), text, 300)
    from faeriell.ui.table import theme
    assert theme.text("R" * 1_000_000, 16).get_width() < 20_000
    assert isinstance(theme.font(14), SafeFont)


def test_a_refused_save_with_a_huge_name_and_a_lone_surrogate_draws(tmp_path, monkeypatch):
    f = tmp_path / "hostile.json"
    f.write_text(_save_text(region="R" * 1_000_000 + "\ud800"), encoding="utf-8", errors="surrogatepass")
    app = make_app(tmp_path, monkeypatch, load=str(f))
    assert isinstance(app.scene, StartScene)
    assert app.refusals and "1000001 characters long" in app.refusals[0]
    app.dirty = True
    app.step()
    app.draw()
    assert not app.errors, app.errors          # "Error while drawing the screen" would be here
    pygame.display.quit()


# ------------------------------------------------------------------------------ command line
def test_load_exit_codes(tmp_path, monkeypatch, capsys, caplog):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for argv, words in ((["--load", str(ROOT / "README.md")], "not a Faeriell save"),
                        (["--load", str(tmp_path)], "is a folder, not a file"),
                        (["--load", str(fifo)], "is a named pipe (FIFO), not a file"),
                        (["--scenario", str(fifo)], "is a named pipe (FIFO), not a file"),
                        (["--load", str(ROOT / "README.md"), "--screenshot", str(tmp_path / "x.png")],
                         "not a Faeriell save")):
        with pytest.raises(SystemExit) as e:
            main.main(argv)
        err = capsys.readouterr().err
        assert e.value.code == 2 and words in err and "Traceback" not in err, err
    with pytest.raises(SystemExit) as e:              # --load replays at the command line (exit 2)
        main.main(["--load", str(_fails_replay(tmp_path))])
    assert e.value.code == 2 and "Traceback" not in capsys.readouterr().err
    # a latest autosave of the right shape that the window cannot replay: the start screen, exit 1
    auto = tmp_path / "autosaves" / "2026-01-01_10-00-00-abcd.json"
    auto.parent.mkdir()
    _fails_replay(tmp_path).rename(auto)
    png = tmp_path / "shot.png"
    assert main.main(["--continue", "--screenshot", str(png)]) == 1
    assert "snapshot mismatch" in caplog.text and png.exists()     # logged: stderr outside pytest
    pygame.display.quit()


def test_continue_with_an_uncreatable_data_folder(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("FAERIELL_DATA", str(blocker / "faeriell"))
    with pytest.raises(SystemExit) as e:
        main.parse_args(["--continue"])
    err = capsys.readouterr().err
    assert e.value.code == 2 and "cannot be created" in err and "Traceback" not in err


def test_an_autosave_that_is_a_pipe_neither_hangs_nor_lists(tmp_path, monkeypatch, capsys):
    os.mkfifo(tmp_path / "autosave.json")              # an older version's single autosave
    os.mkfifo(tmp_path / "other.json")
    (tmp_path / "autosaves").mkdir()
    os.mkfifo(tmp_path / "autosaves" / "2026-01-01_10-00-00-abcd.json")
    (tmp_path / "saves").mkdir()
    os.mkfifo(tmp_path / "saves" / "named.json")
    app = make_app(tmp_path, monkeypatch)             # the start screen: reads nothing blocking
    assert isinstance(app.scene, StartScene)
    assert run_until(app, lambda: app.scene.continue_info is not None)    # found off the frame
    assert not app.scene.root.find("continue").enabled
    assert all("not readable" in d for _, _, d in list_saves(tmp_path))
    listed = list_saves()                              # named saves, autosaves/ and the data folder
    # other.json is no save by its own format marker (issue 42 b); autosave.json is one by its name
    assert len(listed) == 3 and all("not readable" in d for _, _, d in listed)
    with pytest.raises(SystemExit) as e:
        main.parse_args(["--continue"])
    assert e.value.code == 2 and "named pipe" in capsys.readouterr().err
    pygame.display.quit()


# ------------------------------------------------------------------------------ autosave
def _no_space(*_a, **_k):
    raise OSError(errno.ENOSPC, "No space left on device", "/full/disk/autosave.json.x.tmp")


def _to_next_turn(session):
    start = (session.state.round, session.state.lap, session.state.active)
    play_first_legal(session, lambda: (session.state.round, session.state.lap, session.state.active) != start)


def test_a_failed_autosave_shows_a_notice_and_save_elsewhere_works(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seed=4, seats=["human", "human"], curtain=False)
    host = app.scene
    assert isinstance(host, TableHost)
    monkeypatch.setattr(storage_saves, "write_save", _no_space)
    _to_next_turn(host.session)
    assert host.session.autosave_problem == "No space left on device (/full/disk)"
    assert host.saving.save_notice() == "Your game is not being saved: No space left on device (/full/disk)"
    app.dirty = True
    app.step()
    _, button = host.saving.notice_rects()
    click(app, button.center)
    assert isinstance(host.modal, FileDialog)
    monkeypatch.undo()                                 # the other disk has room
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    host.modal.field.text = str(tmp_path / "elsewhere")
    click(app, "open")
    assert host.modal is None
    assert (tmp_path / "elsewhere.json").is_file() and host.session.autosave_problem is None
    assert host.saving.save_notice() == ""
    before = (tmp_path / "elsewhere.json").read_text()
    _to_next_turn(host.session)                        # the next autosave goes there too
    assert (tmp_path / "elsewhere.json").read_text() != before
    saves.read_save(R, tmp_path / "elsewhere.json")
    pygame.display.quit()


def test_autosave_retries_each_turn_and_keeps_the_last_good_save(tmp_path, monkeypatch):
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    g = new_game(R, 2, "competitive", "medium", [], 8)
    s = Session(g, ["human", "human"])
    _to_next_turn(s)
    auto = s.autosave_path()                           # this game's own autosave (autosaves/<id>.json)
    assert auto.parent == tmp_path / "autosaves"
    good = auto.read_text()
    real_fsync = os.fsync

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)             # the disk fills up mid-write
    _to_next_turn(s)
    assert s.autosave_problem.startswith("No space left on device")
    assert auto.read_text() == good
    assert not list(auto.parent.glob("*.tmp"))
    saves.read_save(R, auto)
    monkeypatch.setattr(os, "fsync", real_fsync)       # room again: the next turn saves
    _to_next_turn(s)
    assert s.autosave_problem is None
    assert saves.read_save(R, auto).state.round == s.state.round


def test_stale_temp_files_are_removed_at_start_up(tmp_path, monkeypatch):
    old = time.time() - 3600
    stale = [tmp_path / "autosave.json.k2j3.tmp", tmp_path / "autosave.json.bak.9x.tmp",
             tmp_path / "faeriell-2024.json.abc.tmp", tmp_path / "seats.tmp"]
    keep = [tmp_path / "notes.tmp", tmp_path / "autosave.json"]
    for p in stale + keep:
        p.write_text("x")
        os.utime(p, (old, old))
    fresh = tmp_path / "autosave.json.now1.tmp"        # a save being written right now
    fresh.write_text("x")
    assert sorted(remove_stale_temp_files(tmp_path)) == sorted(stale)
    (tmp_path / "autosaves").mkdir()
    (tmp_path / "saves").mkdir()
    stale_at_start = stale[:2] + [tmp_path / "autosaves" / "2026-01-01_10-00-00-abcd.json.x1.tmp",
                                  tmp_path / "saves" / "my game.json.y2.tmp",
                                  tmp_path / "saves" / "my game.bak.z3.tmp"]
    keep.append(tmp_path / "autosaves" / "notes.tmp")
    for p in stale_at_start + keep[-1:]:
        p.write_text("x")
        os.utime(p, (old, old))
    make_app(tmp_path, monkeypatch)        # starting the app sweeps the stale autosaves
    assert not any(p.exists() for p in stale_at_start) and all(p.exists() for p in keep) and fresh.exists()
    pygame.display.quit()

"""Issue 40, item 7: a data folder that cannot be written. Ctrl+S at the table refuses in one line
that names the way out (Save elsewhere…), never the error panel, and the way out saves the game.
Real key and mouse events (SDL_VIDEODRIVER=dummy).

The tests run as root, where a read-only folder still takes writes: the home here is a path under
a regular file, so the data folder (~/.local/share/faeriell) cannot be created whoever runs it."""
from __future__ import annotations

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, ctrl, key, make_app, type_text

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.storage.folders import DataDirError, user_data_dir  # noqa: E402
from faeriell.ui.dialogs import Confirm, FileDialog  # noqa: E402


@pytest.fixture(autouse=True)
def close_window():
    yield
    pygame.display.quit()


def _unwritable_home(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the home's parent should be")
    monkeypatch.delenv("FAERIELL_DATA", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(blocker / "home"))
    with pytest.raises(DataDirError):
        user_data_dir()


def test_ctrl_s_without_a_usable_data_folder_points_to_save_elsewhere(tmp_path, monkeypatch):
    app = make_app(tmp_path / "data", monkeypatch, players=1, mode="solo", seed=7)
    _unwritable_home(tmp_path, monkeypatch)
    ctrl(app, pygame.K_s)
    dlg = app.scene.modal
    assert not app.visible_errors(), app.visible_errors()           # never the generic error panel
    assert isinstance(dlg, Confirm), dlg
    assert "Save elsewhere…" in dlg.text and "\n" not in dlg.text and "DataDirError" not in dlg.text
    assert dlg.yes_label == "Save elsewhere…"
    click(app, "yes")                                                # the way out, with the mouse
    dlg = app.scene.modal
    assert isinstance(dlg, FileDialog) and dlg.title == "Save the game elsewhere"
    target = tmp_path / "elsewhere.json"
    click(app, "path")
    type_text(app, str(target))
    click(app, "open")
    assert target.exists() and not app.visible_errors()
    assert app.session.autosave_file == target                       # later turns save there too


def test_a_saves_folder_that_cannot_be_written_offers_the_same_way_out(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    (tmp_path / "saves").write_text("a file where the saves folder should be")
    ctrl(app, pygame.K_s)
    assert app.scene.modal is not None and app.scene.modal.find("name") is not None
    key(app, pygame.K_RETURN)                                        # keep the suggested name
    dlg = app.scene.modal
    assert not app.visible_errors(), app.visible_errors()
    assert isinstance(dlg, Confirm) and "Save elsewhere…" in dlg.text, dlg

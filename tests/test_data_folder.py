"""The data folder (issue 46, item 4): $FAERIELL_DATA first, else the folder platformdirs gives for
the system, which on Linux is the one the hand-written code chose before (~/.local/share/faeriell,
or $XDG_DATA_HOME/faeriell), so existing saves stay where they are."""
from __future__ import annotations

import sys
import threading
from pathlib import Path

import platformdirs
import pytest

from faeriell.storage import folders


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("FAERIELL_DATA", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_faeriell_data_comes_first(home, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path / "mine"))
    assert folders.user_data_dir() == tmp_path / "mine"
    assert (tmp_path / "mine").is_dir() and not (tmp_path / "xdg").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux folder")
def test_the_linux_folder_is_the_one_saves_were_kept_in(home, tmp_path, monkeypatch):
    assert folders.user_data_dir(create=False) == home / ".local" / "share" / "faeriell"
    assert folders.saves_dir() == home / ".local" / "share" / "faeriell" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert folders.user_data_dir() == tmp_path / "xdg" / "faeriell"


def test_the_folder_is_the_one_platformdirs_chooses(home, tmp_path, monkeypatch):
    """No hand-written per-system logic: whatever platformdirs says for the system is used."""
    asked = []

    def user_data_path(appname=None, appauthor=None, version=None, roaming=False, **kw):
        # only this thread's questions: in a full run, a background thread an earlier test's app
        # started (a folder reader finishing its listing) once asked too, twice, while this ran
        if threading.current_thread() is threading.main_thread():
            asked.append((appname, appauthor, roaming))
        return tmp_path / "the system's own" / appname
    monkeypatch.setattr(platformdirs, "user_data_path", user_data_path)
    assert folders.user_data_dir() == tmp_path / "the system's own" / "faeriell"
    # no author folder (Windows: %APPDATA%\faeriell as before), the roaming folder on Windows
    assert asked == [("faeriell", False, True)]


def test_on_macos_a_folder_the_old_code_made_is_kept(home, tmp_path, monkeypatch):
    monkeypatch.setattr(platformdirs, "user_data_path",
                        lambda *a, **k: home / "Library" / "Application Support" / "faeriell")
    assert folders._system_data_dir("darwin") == home / "Library" / "Application Support" / "faeriell"
    (home / ".local" / "share" / "faeriell").mkdir(parents=True)     # saves of an older version
    assert folders._system_data_dir("darwin") == home / ".local" / "share" / "faeriell"


def test_no_home_folder_is_a_data_folder_error_not_a_crash(home, monkeypatch):
    def no_home(*a, **k):
        raise RuntimeError("Could not determine home directory.")
    monkeypatch.setattr(platformdirs, "user_data_path", no_home)
    with pytest.raises(folders.DataDirError, match="FAERIELL_DATA"):
        folders.user_data_dir()


def test_platformdirs_is_a_declared_requirement():
    root = Path(__file__).resolve().parents[1]
    assert "platformdirs>=4,<5" in (root / "requirements.txt").read_text().splitlines()

"""The desktop entry and its icon (issue 46, item 3): tools/install_desktop.py writes them under
$XDG_DATA_HOME (else ~/.local/share) for the program it is given, never replaces a different file
unless asked, and takes them away again."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import install_desktop  # noqa: E402


@pytest.fixture
def program(tmp_path):
    p = tmp_path / "my games" / "faeriell"          # a space: the Exec line must quote it
    p.parent.mkdir()
    p.write_text("#!/bin/sh\n")
    p.chmod(0o755)
    return p


def _entry(path: Path) -> configparser.SectionProxy:
    cp = configparser.ConfigParser(interpolation=None)
    cp.optionxform = str                             # keys are case-sensitive
    cp.read_string(path.read_text(encoding="utf-8"))
    return cp["Desktop Entry"]


def test_the_command_installs_into_xdg_data_home(tmp_path, program):
    xdg = tmp_path / "xdg"
    env = dict(os.environ, XDG_DATA_HOME=str(xdg), HOME=str(tmp_path / "home"))
    proc = subprocess.run([sys.executable, "tools/install_desktop.py", "--exec", str(program)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    entry_path = xdg / "applications" / "faeriell.desktop"
    icon = xdg / "icons" / "hicolor" / "256x256" / "apps" / "faeriell.png"
    assert entry_path.is_file() and icon.read_bytes() == (ROOT / "packaging" / "faeriell.png").read_bytes()
    assert not (tmp_path / "home").exists()          # nothing went to ~/.local/share
    entry = _entry(entry_path)
    assert entry["Type"] == "Application" and entry["Name"] == "Sons of Faeriell"
    assert entry["Icon"] == "faeriell" and entry["Terminal"] == "false"
    # one quoted argument; the key's value escapes its backslashes once more (none here)
    assert entry["Exec"] == f'"{program}"' and entry["TryExec"] == str(program)
    assert f"wrote {entry_path}" in proc.stdout


def test_without_xdg_data_home_it_is_the_home_folder(tmp_path, program, monkeypatch):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    written = install_desktop.install(program)
    assert written[0] == tmp_path / "home" / ".local" / "share" / "applications" / "faeriell.desktop"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # not absolute: the XDG rule ignores it
    assert install_desktop.data_home() == tmp_path / "home" / ".local" / "share"


def test_a_different_entry_is_kept_unless_replace_is_asked(tmp_path, program, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    entry_path = tmp_path / "xdg" / "applications" / "faeriell.desktop"
    entry_path.parent.mkdir(parents=True)
    entry_path.write_text("[Desktop Entry]\nName=someone else's\n")
    with pytest.raises(install_desktop.Refused, match="--replace"):
        install_desktop.install(program)
    assert "someone else's" in entry_path.read_text()
    assert not (tmp_path / "xdg" / "icons").exists()      # nothing written at all
    install_desktop.install(program, replace=True)
    assert _entry(entry_path)["TryExec"] == str(program)
    install_desktop.install(program)                      # the same files again: no question
    assert install_desktop.uninstall() == list(install_desktop.targets())
    assert not entry_path.exists()


def test_a_program_that_is_not_there_is_refused_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with pytest.raises(install_desktop.Refused, match="is not a program that can be run"):
        install_desktop.install(tmp_path / "nothing here")
    assert not (tmp_path / "xdg").exists()


def test_exec_quoting_follows_the_desktop_entry_rules():
    q = install_desktop.exec_quote
    assert q("/opt/faeriell/faeriell") == "/opt/faeriell/faeriell"
    assert q("/opt/100%/faeriell") == "/opt/100%%/faeriell"
    assert q('/a b/"x"$') == '"/a b/\\\\"x\\\\"\\\\$"'


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_the_installed_entry_is_valid(tmp_path, program, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    entry_path, _ = install_desktop.install(program)
    proc = subprocess.run(["desktop-file-validate", str(entry_path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + proc.stderr

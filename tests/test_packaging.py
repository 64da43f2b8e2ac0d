"""Packaging (issue 13 item 10): `pip install .` gives a `faeriell` command; the game's files are
found in a checkout and in the installed package alike (faeriell/resources.py)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import faeriell.resources as res

ROOT = Path(__file__).resolve().parents[1]


def test_the_faeriell_command_is_declared_and_exists():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    target = meta["project"]["scripts"]["faeriell"]
    module, _, func = target.partition(":")
    import importlib
    assert callable(getattr(importlib.import_module(module), func))
    # the same dependencies as requirements.txt (the README's install path), tests aside, and the
    # compiled engine (./native, a local folder: `pip install .` plays the pure engine, README)
    req = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines()
           if line.strip() and not line.startswith("#") and not line.startswith("pytest")
           and line.strip() != "./native"]
    assert sorted(meta["project"]["dependencies"]) == sorted(req)


def test_files_are_found_beside_the_package_or_inside_it(tmp_path, monkeypatch):
    for name in res.NAMES:
        assert (res.resource_dir(name)).is_dir(), name
    # an installed layout: nothing beside the package, the files in faeriell/_files/
    monkeypatch.setattr(res, "CHECKOUT", tmp_path / "site-packages")
    monkeypatch.setattr(res, "INSTALLED", tmp_path / "faeriell" / "_files")
    (tmp_path / "faeriell" / "_files" / "sprites").mkdir(parents=True)
    assert res.resource_dir("sprites") == tmp_path / "faeriell" / "_files" / "sprites"
    assert res.resource_dir("sounds") == tmp_path / "site-packages" / "sounds"   # missing: the checkout's name


def test_setup_copies_every_resource_folder():
    text = (ROOT / "setup.py").read_text()
    assert all(f'"{name}"' in text for name in res.NAMES)
    assert '"docs/balance.md"' in text              # the start screen's win rates (faeriell/win_rates.py)

"""The start screen lays itself out again on every resize and asks for every autosave's header:
storage.save_header reads a file once per version of it (size, time, inode), and again when it changes."""
from __future__ import annotations

import os

from faeriell import storage
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game


def test_a_header_is_read_once_per_version_of_the_file(tmp_path, monkeypatch):
    rules = default_rules()
    g = new_game(rules, 1, "solo", "easy", [], 5)
    path = storage.write_save(g, tmp_path / "a.json")
    reads = []
    real = storage.read_ends
    monkeypatch.setattr(storage, "read_ends", lambda *a, **k: (reads.append(a[0]), real(*a, **k))[1])
    first = storage.save_header(path)
    again = storage.save_header(path)
    assert first == again and first["readable"] and first["players"] == 1
    assert len(reads) == 1                                  # the second answer came from memory
    again["mode"] = "changed by a caller"
    assert storage.save_header(path)["mode"] == "solo"      # callers get their own copy
    g.apply(g.legal_actions()[0])
    storage.write_save(g, path)                             # a new version (a new inode, a new size)
    assert storage.save_header(path)["moves"] == 1 and len(reads) == 2   # (the old one: remembered)
    os.unlink(path)
    assert storage.save_header(path)["readable"] is False   # gone: nothing remembered is shown

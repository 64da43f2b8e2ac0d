"""The start screen lays itself out again on every resize and asks for every autosave's header:
storage.headers.save_header reads a file once per version of it (size, time, inode), and again when it changes."""
from __future__ import annotations

import os

from faeriell.storage import headers
from faeriell.storage.saves import write_save
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game


def test_a_header_is_read_once_per_version_of_the_file(tmp_path, monkeypatch):
    rules = default_rules()
    g = new_game(rules, 1, "solo", "easy", [], 5)
    path = write_save(g, tmp_path / "a.json")
    reads = []
    real = headers.read_ends
    monkeypatch.setattr(headers, "read_ends", lambda *a, **k: (reads.append(a[0]), real(*a, **k))[1])
    first = headers.save_header(path)
    again = headers.save_header(path)
    assert first == again and first["readable"] and first["players"] == 1
    assert len(reads) == 1                                  # the second answer came from memory
    again["mode"] = "changed by a caller"
    assert headers.save_header(path)["mode"] == "solo"      # callers get their own copy
    g.apply(g.legal_actions()[0])
    write_save(g, path)                             # a new version (a new inode, a new size)
    assert headers.save_header(path)["moves"] == 1 and len(reads) == 2   # (the old one: remembered)
    os.unlink(path)
    assert headers.save_header(path)["readable"] is False   # gone: nothing remembered is shown

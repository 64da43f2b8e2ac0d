"""`faeriell --self-check` (issue 46): the standalone build's own check, here run from the checkout.
It passes on a working copy, and says in one line which check failed (exit 1) when one does. The
frozen program runs it in .ci/build_check.sh."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from faeriell import selfcheck

ROOT = Path(__file__).resolve().parents[1]


def test_the_self_check_passes_from_the_shell(tmp_path):
    env = dict(os.environ, FAERIELL_DATA=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "main.py", "--self-check"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    for what, _ in selfcheck.CHECKS:
        assert any(ln.startswith(f"ok    {what} (") for ln in lines), (what, proc.stdout)
    assert lines[-1] == "self-check: all passed"
    assert "Traceback" not in proc.stderr


def test_a_failing_check_is_one_line_and_exit_1(monkeypatch, capsys):
    def broken():
        raise OSError("no such file: sprites/island.png")
    monkeypatch.setattr(selfcheck, "CHECKS", (("the game's files", broken),
                                              ("the helper", lambda: "it did not answer"),
                                              ("the rest", lambda: None)))
    assert selfcheck.main() == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "FAIL  the game's files: OSError: no such file: sprites/island.png"
    assert out[1] == "FAIL  the helper: it did not answer"
    assert out[2].startswith("ok    the rest (")
    assert out[3] == "self-check: 2 of 3 failed"


def test_the_helper_check_fails_without_a_helper_process(monkeypatch):
    from faeriell.bots import helpers
    monkeypatch.setattr(helpers, "_pool", lambda n: None)
    assert selfcheck.check_helper() == "no helper process could be started"

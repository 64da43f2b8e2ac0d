"""`python main.py --analysis [FILE]`: a file that is neither a scenario nor a save is refused with
exit code 2 and one line naming it, before any window opens; a good file passes the checks."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from faeriell import cli

REPO = Path(__file__).resolve().parents[1]
SCENARIO = REPO / "tests" / "scenarios" / "examples"


def run_main(*args, data):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", FAERIELL_DATA=str(data))
    return subprocess.run([sys.executable, "main.py", *args], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120)


def test_a_file_that_is_neither_is_refused_with_exit_code_2(tmp_path):
    bad = tmp_path / "shopping.txt"
    bad.write_text("eggs\nmilk: [\n", encoding="utf-8")
    out = run_main("--analysis", str(bad), data=tmp_path)
    assert out.returncode == 2, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "--analysis" in lines[0] and str(bad) in lines[0]
    assert "Traceback" not in out.stderr


def test_a_missing_file_is_refused_naming_it(tmp_path):
    out = run_main("--analysis", str(tmp_path / "nowhere.yaml"), data=tmp_path)
    assert out.returncode == 2
    assert "nowhere.yaml" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_good_files_and_no_file_pass_the_checks(tmp_path):
    example = next(iter(sorted(SCENARIO.glob("*.yaml"))), None)
    if example is None:
        pytest.skip("no example scenario")
    assert cli.parse_args(["--analysis", str(example)]).analysis == str(example)
    assert cli.parse_args(["--analysis"]).analysis == ""
    assert cli.parse_args([]).analysis is None
    with pytest.raises(SystemExit) as e:
        cli.parse_args(["--analysis", str(example), "--load", str(example)])
    assert e.value.code == 2

"""The README's two commands (issue 21, item 7) are the ones that work on a fresh Debian machine:
each makes a virtual environment and installs into it (Debian refuses a plain `pip install` as
externally managed, and has no `python`), and `.ci/run` runs the test command as written."""
from __future__ import annotations

import re
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def block_after(heading: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    part = text.split(f"## {heading}\n", 1)[1]
    return re.search(r"```\n(.*?)\n```", part, re.S).group(1).strip()


def test_the_play_and_test_commands_make_a_virtual_environment():
    play, test = block_after("Play"), block_after("Test")
    for cmd in (play, test):
        assert cmd.startswith("python3 -m venv .venv && .venv/bin/pip install -r requirements.txt && "), cmd
        assert " python " not in f" {cmd} " and "pip install" not in cmd.replace(".venv/bin/pip install", "")
    assert play.endswith(".venv/bin/python main.py")
    assert test.endswith("SDL_VIDEODRIVER=dummy .venv/bin/python -m pytest")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3-venv" in readme                # what to install first where venv is missing


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    joined = re.sub(r"\\\n\s*", "", ci)
    test = block_after("Test").replace("-m pytest", "-m pytest -q -p no:cacheprovider")
    assert test in joined, test


def test_a_virtual_environment_can_be_made_here(tmp_path):
    """The first step of both commands, without the network (pip is not bootstrapped here)."""
    venv.create(tmp_path / ".venv", with_pip=False)
    py = tmp_path / ".venv" / "bin" / "python"
    out = subprocess.run([str(py), "-c", "import sys; print(sys.prefix != sys.base_prefix)"],
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "True", out.stderr
    assert sys.version_info >= (3, 11)


def test_ci_runs_the_readme_command_before_installing_anything_else():
    """Issue 40, item 9: the README's environment is made from requirements.txt alone. CI once put
    requirements-dev.txt into the same .venv first, which hid a test that needed numpy."""
    ci = re.sub(r"\\\n\s*", "", (ROOT / ".ci" / "run").read_text(encoding="utf-8"))
    lines = [ln for ln in ci.splitlines() if not ln.lstrip().startswith("#")]
    installs = [i for i, ln in enumerate(lines) if "pip install" in ln]
    readme = block_after("Test").split(" && SDL_VIDEODRIVER")[0]
    assert installs and readme in lines[installs[0]], lines[installs[0]]
    for i in installs[1:]:                        # every other install goes to an environment of its own
        assert re.search(r"\.venv-[\w-]+/bin/pip install", lines[i]) and ".venv/" not in lines[i], lines[i]

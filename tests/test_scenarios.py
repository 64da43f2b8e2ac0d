"""Run every scenario file (docs/SCENARIOS.md) through the project's runner.

- tests/scenarios/**.yaml and ../shared/scenarios/**.yaml: one test per file (id = file stem); a file passes
  when `faeriell.scenario.run` returns None.
- tests/scenarios/pending/**: scenarios that expose a known engine bug (recorded in the bug list); they are
  expected to fail for now (xfail, not strict) and report the reason from their `# PENDING:` first line.
- Invalid scenario files make `python -m faeriell.scenario` exit with code 2 and a message naming the file
  and the line.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from faeriell import scenario as runner

REPO = Path(__file__).resolve().parents[1]
OWN = REPO / "tests" / "scenarios"
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "scenarios"
PENDING = OWN / "pending"


def _files() -> list[Path]:
    out: list[Path] = []
    for root in (OWN, SHARED):
        if root.is_dir():
            out.extend(sorted(list(root.rglob("*.yaml")) + list(root.rglob("*.yml"))))
    return out


def _pending_reason(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("# PENDING:"):
            return line[len("# PENDING:"):].strip()
        if line and not line.startswith("#"):
            break
    return "known engine bug (see the bug list)"


def _params():
    params = []
    for f in _files():
        marks = []
        if PENDING in f.parents:
            marks.append(pytest.mark.xfail(reason=_pending_reason(f), strict=False))
        params.append(pytest.param(f, id=f.stem, marks=marks))
    return params


@pytest.mark.parametrize("path", _params())
def test_scenario(path: Path):
    sc = runner.load(path)
    problem = runner.run(sc)
    assert problem is None, f"{path.relative_to(path.parents[1])}: {sc.name}: {problem}"


def test_scenarios_found():
    assert len([f for f in _files() if OWN in f.parents]) >= 60


# ---------------------------------------------------------------- invalid files: exit 2, file and line
GOOD_HEAD = """name: ok
setup: {players: 2, mode: competitive, difficulty: medium, seed: 1, position: empty}
tribes:
  - settlements: [bear-mountain, bear-river]
  - settlements: [wolf-mountain, wolf-meadow]
turn: {player: 1, phase: tribe}
"""

INVALID = {
    # unknown step kind on line 9
    "unknown_step": (GOOD_HEAD + "steps:\n  - expect: {doom: 0}\n  - frobnicate: {doom: 0}\n", 9),
    # no name (the file starts with setup)
    "missing_name": (GOOD_HEAD.replace("name: ok\n", "") + "steps:\n  - expect: {doom: 0}\n", None),
    # an action step without its `action` field, on line 9
    "bad_action": (GOOD_HEAD + "steps:\n  - expect: {doom: 0}\n  - do: {region: bear-forest, pay: [red, red]}\n", 9),
}


def _run_cli(path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "faeriell.scenario", str(path)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("kind", sorted(INVALID))
def test_invalid_scenario_exits_2(tmp_path: Path, kind: str):
    text, line = INVALID[kind]
    f = tmp_path / f"{kind}.yaml"
    f.write_text(text, encoding="utf-8")
    res = _run_cli(f)
    out = res.stdout + res.stderr
    assert res.returncode == 2, out
    assert f.name in out, out
    if line is not None:
        assert f":{line}:" in out or f"line {line}" in out, out
    else:
        assert any(f":{n}:" in out or f"line {n}" in out for n in range(1, 12)), out


def test_invalid_scenario_load_raises(tmp_path: Path):
    text, _ = INVALID["unknown_step"]
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(runner.ScenarioError):
        runner.load(f)

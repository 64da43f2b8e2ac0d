"""native/'s build backend never fails the install (issue 43 item 6): with no C compiler (CC=/bin/false)
or no mypy, its wheel holds only a stamp that says why, pip installs it, and the game imports and
plays its pure Python engine. Built here from a one-module stand-in engine, so mypyc's part is a
few seconds; the real build (a minute) is .ci/run's compiled stage."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HAS_MYPYC = importlib.util.find_spec("mypyc") is not None

_BUILD = """
import importlib.util, sys
from pathlib import Path
spec = importlib.util.spec_from_file_location("backend", sys.argv[1])
b = importlib.util.module_from_spec(spec); spec.loader.exec_module(b)
b.ROOT = Path(sys.argv[2]); b.ENGINE = b.ROOT / "faeriell" / "engine"
print(b.build_wheel(sys.argv[3]))
"""


def _stand_in_repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    engine = root / "faeriell" / "engine"
    engine.mkdir(parents=True)
    (root / "faeriell" / "__init__.py").write_text("", encoding="utf-8")
    (root / "faeriell" / "safe_read.py").write_text("", encoding="utf-8")     # loader.DEPENDS
    (engine / "__init__.py").write_text("", encoding="utf-8")
    shutil.copy(ROOT / "faeriell" / "engine" / "loader.py", engine / "loader.py")
    (engine / "tiny.py").write_text("def f(x: int) -> int:\n    return x + 1\n", encoding="utf-8")
    return root


def test_a_build_without_a_compiler_installs_and_the_game_plays_pure(tmp_path):
    root, out, site = _stand_in_repo(tmp_path), tmp_path / "out", tmp_path / "site"
    out.mkdir()
    env = dict(os.environ, CC="/bin/false", FAERIELL_NATIVE="")
    run = subprocess.run([sys.executable, "-c", _BUILD, str(ROOT / "native" / "faeriell_native_build.py"),
                          str(root), str(out)], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    wheel = out / run.stdout.split()[-1]
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        assert not [n for n in z.namelist() if n.endswith(".so")]
        stamp = json.loads(z.read("faeriell_native/BUILD.json"))
    assert stamp["built"] is False
    # the compiler refused when mypyc is here to call it; without mypy the import is the reason
    assert ("/bin/false" in stamp["reason"] or "CompileError" in stamp["reason"]) if HAS_MYPYC \
        else "mypy" in stamp["reason"], stamp["reason"]
    inst = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                           "--target", str(site), str(wheel)], capture_output=True, text=True)
    assert inst.returncode == 0, inst.stderr
    game = """
import random
import faeriell.engine as e, faeriell.engine.core as c
from faeriell.content.rules_loader import default_rules
g = e.new_game(default_rules(), 2, "competitive", "medium", (), 5)
rnd = random.Random(5)
for _ in range(30):
    g.apply(rnd.choice(g.legal_actions()))
print(c.__file__.endswith(".py"), len(g.history), e.ENGINE_CHOICE.reason)
"""
    environ = {k: v for k, v in os.environ.items() if k != "FAERIELL_ENGINE"}
    environ["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
    played = subprocess.run([sys.executable, "-c", game], cwd=ROOT, capture_output=True, text=True, env=environ)
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("True 30 the compiled engine was not built: "), played.stdout


def test_skipping_the_build_is_asked_by_name(tmp_path):
    root, out = _stand_in_repo(tmp_path), tmp_path / "out"
    out.mkdir()
    env = dict(os.environ, FAERIELL_NATIVE="skip")
    run = subprocess.run([sys.executable, "-c", _BUILD, str(ROOT / "native" / "faeriell_native_build.py"),
                          str(root), str(out)], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    with zipfile.ZipFile(out / run.stdout.split()[-1]) as z:
        assert json.loads(z.read("faeriell_native/BUILD.json"))["reason"] == "FAERIELL_NATIVE=skip asked for no build"


def test_the_build_pins_the_checker_of_requirements_dev():
    # mypyc is part of mypy: the compiled engine is built by the same version that type-checks it.
    dev = (ROOT / "requirements-dev.txt").read_text(encoding="utf-8")
    build = (ROOT / "native" / "pyproject.toml").read_text(encoding="utf-8")
    pin = next(line.strip() for line in dev.splitlines() if line.startswith("mypy"))
    assert pin.startswith("mypy==") and f'"{pin}"' in build
    assert "./native" in (ROOT / "requirements.txt").read_text(encoding="utf-8").split()

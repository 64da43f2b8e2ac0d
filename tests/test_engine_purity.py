"""The rules engine is pure Python: importing it (every module of it) loads neither pygame nor
pytmx, and no file under faeriell/engine imports them (docs/ARCHITECTURE.md)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "faeriell" / "engine"
FORBIDDEN = ("pygame", "pytmx")

PROBE = r"""
import importlib, json, pkgutil, sys
import faeriell.engine as engine
names = []
for info in pkgutil.walk_packages(engine.__path__, engine.__name__ + "."):
    importlib.import_module(info.name)
    names.append(info.name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pytmx"))
print(json.dumps({"modules": names, "forbidden": bad}))
"""


def test_importing_every_engine_module_loads_no_pygame_or_pytmx():
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    on_disk = {f"faeriell.engine.{p.stem}" for p in ENGINE.glob("*.py") if p.stem != "__init__"}
    assert on_disk <= set(out["modules"]), f"not imported: {sorted(on_disk - set(out['modules']))}"
    assert out["forbidden"] == [], f"importing the engine loaded {out['forbidden']}"


IMPORT_RE = re.compile(
    r"""^\s*(?:import\s+[\w.,\s]*\b(?:pygame|pytmx)\b"""
    r"""|from\s+(?:pygame|pytmx)\b"""
    r""")|(?:__import__|import_module)\(\s*['"](?:pygame|pytmx)""",
    re.MULTILINE)


def test_no_engine_file_imports_pygame_or_pytmx():
    files = sorted(ENGINE.rglob("*.py"))
    assert files, "no engine files found"
    offenders = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        for m in IMPORT_RE.finditer(text):
            line = text.count("\n", 0, m.start()) + 1
            offenders.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0).strip()}")
    assert offenders == [], "the engine must not import pygame/pytmx:\n" + "\n".join(offenders)


def test_the_scan_would_catch_an_import():
    samples = ["import pygame\n", "import os, pygame.display\n", "from pytmx import TiledMap\n",
               "    from pygame.locals import *\n", "x = importlib.import_module('pytmx')\n",
               "__import__(\"pygame\")\n"]
    for s in samples:
        assert IMPORT_RE.search(s), s
    for s in ["# pygame is for the UI only\n", "import pygame_helpers_not\n", "'''pygame'''\n"]:
        assert not IMPORT_RE.search(s), s

"""Load one of the project's scripts (bench/*.py, tools/*.py: files, not a package) as a module,
so a test can call its functions."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(rel: str, name: str | None = None) -> ModuleType:
    """`rel` from the project's root, e.g. "bench/bots.py"; registered in sys.modules under `name`
    (default: the file's stem) because dataclasses look their module up there."""
    name = name or Path(rel).stem
    spec = importlib.util.spec_from_file_location(name, ROOT / rel)
    assert spec is not None and spec.loader is not None, rel
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod

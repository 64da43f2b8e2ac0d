"""Which engine loads: the compiled one or the pure Python sources (issue 43 item 6).

    python tools/build_engine.py --status     # says which engine loads, and why

`pip install -r requirements.txt` installs the local package native/ (distribution
faeriell-engine-native), whose build compiles this folder's modules with mypyc into a folder of its
own, `faeriell_native/engine/`, with a stamp of the sources it compiled (BUILD.json). The package's
__init__ asks `choose()` and puts that folder first on its `__path__`, so `faeriell.engine.core`
is imported from the compiled module there, only when every compiled module's source here is the
one it was built from: an edited engine plays its edited pure Python, never stale compiled code.
A build that failed (no C compiler, no mypy) installs a stamp that only says why.

`FAERIELL_ENGINE=pure` forces the pure engine; `FAERIELL_ENGINE=compiled` refuses to import the
engine unless the compiled one loads (for CI, which must not pass by quietly testing pure Python).

This module is never compiled (it decides before anything compiled is imported) and imports only
the standard library: native/'s build backend loads it by path to share LEFT_OUT and the digest.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sysconfig
from dataclasses import dataclass
from pathlib import Path

NATIVE_PACKAGE = "faeriell_native"
STAMP = "BUILD.json"
GROUP = "faeriell_engine_native"        # mypyc's shared library: faeriell_engine_native__mypyc.<suffix>
EXT_SUFFIX: str = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
ENV = "FAERIELL_ENGINE"

# Engine modules left pure Python, and why: mypyc refuses them, or compiling them would change
# what callers see. Everything else in faeriell/engine is compiled.
LEFT_OUT = {
    "__init__": "the package's wiring; runs once",
    "loader": "decides whether the compiled engine loads, before any of it is imported",
    "randomplay": "RandomPlayFailure subclasses AssertionError (mypyc: inheriting from most builtin "
                  "types is unimplemented); kept, as callers may catch it as one",
    "view": "PathError subclasses KeyError (the same refusal, the same reason to keep it)",
    "moves": "generated frozen slotted dataclasses with ClassVar constants before their fields: the compiled "
             "module fails at import (TypeError: non-default argument 'hero' follows default argument)",
}


# Modules outside the engine that compiled modules import: compiled code holds their types (a
# changed return type there would be a TypeError in compiled code only), so they are stamped too.
# tests/test_compiled_engine.py checks this list against the compiled modules' imports.
DEPENDS = ("safe_read",)


def compiled_sources(engine: Path) -> list[Path]:
    return sorted(p for p in engine.glob("*.py") if p.stem not in LEFT_OUT)


def dependencies(engine: Path) -> list[Path]:
    return [engine.parent / (name + ".py") for name in DEPENDS]


def digest(paths: list[Path]) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in paths}


@dataclass(frozen=True)
class Choice:
    folder: Path | None         # the compiled modules' folder, or None: pure Python
    reason: str                 # why, in a line


def native_folder() -> Path | None:
    """Where the installed faeriell_native package is, without importing it."""
    try:
        spec = importlib.util.find_spec(NATIVE_PACKAGE)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def read_stamp(folder: Path) -> dict[str, object] | None:
    try:
        data = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _check(engine: Path, folder: Path | None) -> Choice:
    if folder is None:
        return Choice(None, "the compiled engine is not installed (pip install -r requirements.txt builds it)")
    stamp = read_stamp(folder)
    if stamp is None:
        return Choice(None, f"the compiled engine's stamp ({folder / STAMP}) is missing or unreadable")
    if not stamp.get("built"):
        return Choice(None, f"the compiled engine was not built: {stamp.get('reason') or 'no reason given'}")
    if stamp.get("ext_suffix") != EXT_SUFFIX:
        return Choice(None, f"the compiled engine was built for another Python ({stamp.get('ext_suffix')}, "
                            f"this one loads {EXT_SUFFIX})")
    modules = stamp.get("modules")
    if not isinstance(modules, dict) or not modules:
        return Choice(None, "the compiled engine's stamp lists no modules")
    compiled = folder / "engine"
    missing = sorted(n for n in modules if not (compiled / (n[:-3] + EXT_SUFFIX)).is_file())
    if missing:
        return Choice(None, f"compiled modules missing from {compiled}: {', '.join(missing)}")
    depends = stamp.get("depends")
    if not isinstance(depends, dict):
        depends = {}
    try:
        now = digest([engine / n for n in modules])
        now_depends = digest([engine.parent / n for n in depends])
    except OSError:     # a source gone (a module removed or renamed), or sources not readable (frozen)
        now, now_depends = {}, {}
    changed = sorted([n for n, d in modules.items() if now.get(n) != d]
                     + [f"faeriell/{n}" for n, d in depends.items() if now_depends.get(n) != d])
    if changed:
        return Choice(None, "the engine's sources changed since the compiled engine was built "
                            f"({', '.join(changed[:4])}{', ...' if len(changed) > 4 else ''}): "
                            "pip install -r requirements.txt rebuilds it")
    return Choice(compiled, f"{len(modules)} modules compiled with mypyc {stamp.get('mypy', '?')}, "
                            "built from these sources")


def choose(engine: Path, env: str | None = None, folder: Path | None = None) -> Choice:
    """The folder to put first on faeriell.engine's __path__ (None: pure Python), and why."""
    want = (os.environ.get(ENV, "") if env is None else env).strip().lower()
    if want == "pure":
        return Choice(None, f"{ENV}=pure asks for the pure Python engine")
    got = _check(engine, native_folder() if folder is None else folder)
    if want == "compiled" and got.folder is None:
        raise ImportError(f"{ENV}=compiled, but the compiled engine does not load: {got.reason}")
    return got


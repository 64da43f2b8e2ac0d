"""The build backend (PEP 517) of faeriell-engine-native: the rules engine compiled with mypyc.

requirements.txt lists this folder (`./native`), so `pip install -r requirements.txt` from the
repository root builds it: mypyc compiles ../faeriell/engine's modules (all but loader.LEFT_OUT)
and the wheel holds them in a folder of their own, `faeriell_native/engine/`, never beside the
sources, with `faeriell_native/BUILD.json`: the sources' digests, which faeriell/engine/loader.py
compares before it lets the compiled modules load.

It never fails the install: without mypy, setuptools or a C compiler, or on any error, the wheel
holds only a BUILD.json that says why, and the game plays its pure Python engine. `FAERIELL_NATIVE=skip`
in the environment skips the build the same way (a quick install). About a minute of CPU.
"""
from __future__ import annotations

import base64
import contextlib
import hashlib
import importlib.util
import io
import json
import os
import platform
import shutil
import sys
import sysconfig
import tarfile
import tempfile
import traceback
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

NAME = "faeriell_engine_native"
VERSION = "0.1.0"
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent                      # pip builds a local folder in place (pip >= 21.3)
ENGINE = ROOT / "faeriell" / "engine"


def _loader() -> ModuleType:
    """faeriell/engine/loader.py, by path: the same LEFT_OUT and digest the game checks with."""
    spec = importlib.util.spec_from_file_location("_faeriell_engine_loader", ENGINE / "loader.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot read {ENGINE / 'loader.py'}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module     # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def _say(text: str) -> None:
    print(f"faeriell-engine-native: {text}", file=sys.stderr, flush=True)


def _compile(loader: ModuleType, work: Path) -> tuple[dict[str, Path], dict[str, str], dict[str, str]]:
    """mypyc over the engine: {path in the wheel: built file}, {engine source: digest},
    {faeriell/ module it imports: digest}."""
    depends = loader.digest(loader.dependencies(ENGINE))   # read before compiling: a missing one fails here
    from mypyc.build import mypycify
    from setuptools import Distribution

    sources = loader.compiled_sources(ENGINE)
    here = os.getcwd()
    try:
        # From the repository root: mypyc reads pyproject.toml's [tool.mypy] there.
        os.chdir(ROOT)
        exts = mypycify([str(p.relative_to(ROOT)) for p in sources], group_name=loader.GROUP,
                        target_dir=str(work / "c"), opt_level="3", multi_file=True)
        dist = Distribution({"name": NAME, "ext_modules": exts})
        cmd: Any = dist.get_command_obj("build_ext")
        cmd.build_temp = str(work / "tmp")
        cmd.build_lib = str(work / "lib")
        cmd.parallel = max(1, min(2, os.cpu_count() or 1))  # multi_file: one C file per module
        dist.run_command("build_ext")
    finally:
        os.chdir(here)
    lib = work / "lib"
    files: dict[str, Path] = {}
    for p in sorted((lib / "faeriell" / "engine").glob("*" + loader.EXT_SUFFIX)):
        files[f"faeriell_native/engine/{p.name}"] = p
    for p in sorted(lib.glob(loader.GROUP + "__mypyc*")):
        files[p.name] = p
    want = {p.stem + loader.EXT_SUFFIX for p in sources}
    got = {Path(k).name for k in files if k.startswith("faeriell_native/engine/")}
    if got != want or len(files) != len(want) + 1:
        raise RuntimeError(f"the build made {sorted(got ^ want) or len(files)} unexpectedly")
    return files, loader.digest(sources), depends


def _build(work: Path) -> tuple[dict[str, Path], dict[str, Any], str]:
    """(built files, BUILD.json, wheel tag); on any failure no files and a stamp that says why."""
    stamp: dict[str, Any] = {"built": False, "python": platform.python_version()}
    pure = "py3-none-any"
    if os.environ.get("FAERIELL_NATIVE", "").strip().lower() in ("skip", "0", "no", "off", "pure"):
        stamp["reason"] = "FAERIELL_NATIVE=skip asked for no build"
        return {}, stamp, pure
    if not (ENGINE / "loader.py").is_file():
        stamp["reason"] = f"the engine's sources are not beside {HERE} (pip built a copy of native/?)"
        return {}, stamp, pure
    if sys.implementation.name != "cpython":
        stamp["reason"] = f"mypyc builds for CPython only, not {sys.implementation.name}"
        return {}, stamp, pure
    try:
        loader = _loader()
        _say("compiling the rules engine with mypyc (about a minute; without a C compiler the game "
             "plays its pure Python engine)")
        files, modules, depends = _compile(loader, work)
    except (Exception, SystemExit) as e:   # noqa: BLE001 - any failure: the pure engine, and why
        traceback.print_exc()
        why = str(e).strip().splitlines()[-1:] or [type(e).__name__]
        stamp["reason"] = f"{type(e).__name__}: {why[0]}"[:300]
        _say(f"not compiled ({stamp['reason']}); the game will play its pure Python engine")
        return {}, stamp, pure
    from mypy.version import __version__ as mypy_version
    stamp.update(built=True, reason="", ext_suffix=loader.EXT_SUFFIX, mypy=mypy_version, modules=modules,
                 depends=depends)
    v = f"{sys.version_info.major}{sys.version_info.minor}"
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    _say(f"compiled {len(modules)} engine modules")
    return files, stamp, f"cp{v}-cp{v}-{plat}"


_INIT = '''"""The rules engine compiled with mypyc (native/ in the Faeriell repository). Nothing here is
imported: faeriell/engine/loader.py reads BUILD.json and, when it matches the engine's sources,
puts engine/ first on faeriell.engine's path."""
'''


def _record_line(name: str, data: bytes) -> str:
    h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={h},{len(data)}"


def _write_wheel(wheel_directory: str, files: dict[str, Path], stamp: dict[str, Any], tag: str) -> str:
    dist_info = f"{NAME}-{VERSION}.dist-info"
    summary = "compiled" if stamp["built"] else "absent: " + stamp["reason"]
    entries: dict[str, bytes] = {
        "faeriell_native/__init__.py": _INIT.encode(),
        "faeriell_native/BUILD.json": (json.dumps(stamp, indent=1, sort_keys=True) + "\n").encode(),
    }
    for arc, path in files.items():
        entries[arc] = path.read_bytes()
    entries[f"{dist_info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: faeriell-engine-native\nVersion: {VERSION}\n"
        f"Summary: Faeriell's rules engine compiled with mypyc ({summary[:200]})\n").encode()
    entries[f"{dist_info}/WHEEL"] = (
        f"Wheel-Version: 1.0\nGenerator: faeriell_native_build\nRoot-Is-Purelib: "
        f"{'false' if stamp['built'] else 'true'}\nTag: {tag}\n").encode()
    record = [_record_line(n, d) for n, d in entries.items()] + [f"{dist_info}/RECORD,,"]
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()
    name = f"{NAME}-{VERSION}-{tag}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as z:
        for arc, data in entries.items():
            info = zipfile.ZipInfo(arc, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if arc.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return name


def build_wheel(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                metadata_directory: str | None = None) -> str:
    work = Path(tempfile.mkdtemp(prefix="faeriell-native-"))
    try:
        # mypyc and the compiler talk on stdout; pip reads nothing there, but keep it off anyway
        with contextlib.redirect_stdout(sys.stderr):
            files, stamp, tag = _build(work)
        return _write_wheel(wheel_directory, files, stamp, tag)
    finally:
        shutil.rmtree(work, ignore_errors=True)


# `pip install -e ./native`: the same wheel (the compiled modules are built files either way).
build_editable = build_wheel


def build_sdist(sdist_directory: str, config_settings: dict[str, Any] | None = None) -> str:
    """This folder alone; built from it elsewhere, the wheel says the engine's sources are absent."""
    name = f"{NAME}-{VERSION}"
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for p in sorted(HERE.iterdir()):
            if p.is_file() and p.suffix in (".py", ".toml"):
                tar.add(p, arcname=f"{name}/{p.name}")
        pkg = (f"Metadata-Version: 2.1\nName: faeriell-engine-native\nVersion: {VERSION}\n").encode()
        info = tarfile.TarInfo(f"{name}/PKG-INFO")
        info.size = len(pkg)
        tar.addfile(info, io.BytesIO(pkg))
    (Path(sdist_directory) / f"{name}.tar.gz").write_bytes(out.getvalue())
    return f"{name}.tar.gz"

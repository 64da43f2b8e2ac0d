"""Which rules engine loads, compiled or pure Python, and why; rebuild or remove the compiled one.

    python tools/build_engine.py --status   # which engine loads and why (exit 1 if FAERIELL_ENGINE=compiled cannot)
    python tools/build_engine.py            # rebuild it: pip install ./native (after editing the engine)
    python tools/build_engine.py --clean    # uninstall it: the engine is pure Python again

`pip install -r requirements.txt` builds the compiled engine already (native/, issue 43 item 6): mypyc
compiles faeriell/engine into the installed package faeriell_native, with a stamp of the sources;
faeriell/engine/loader.py loads it only while the sources match the stamp, so an edited engine plays
its pure Python until this rebuilds it. Run it as `nice -n 10 python tools/build_engine.py` on a
shared machine (about a minute of CPU). FAERIELL_ENGINE=pure forces the pure engine.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
ENGINE = ROOT / "faeriell" / "engine"


def in_place_leftovers(engine: Path = ENGINE, root: Path = ROOT) -> list[Path]:
    """What the old in-place build left beside the sources: imported instead of the .py whatever
    the stamp says, so --status names them and --clean removes them."""
    from faeriell.engine import loader     # noqa: PLC0415 - after sys.path has the checkout
    found = [p for p in engine.iterdir() if p.name.endswith(loader.EXT_SUFFIX) or p.name == "_native_stamp.json"]
    return sorted(found + list(root.glob(loader.GROUP + "__mypyc*")))


def status() -> int:
    try:
        from faeriell.engine import loader     # noqa: PLC0415
        import faeriell.engine.core as core    # noqa: PLC0415
    except ImportError as e:                # FAERIELL_ENGINE=compiled and it does not load
        print(f"engine: not loaded: {e}")
        return 1
    import faeriell.engine as engine        # noqa: PLC0415
    compiled = not str(core.__file__).endswith(".py")
    print(f"engine: {'compiled' if compiled else 'pure Python'} ({engine.ENGINE_CHOICE.reason})")
    folder = loader.native_folder()
    stamp = loader.read_stamp(folder) if folder else None
    if stamp and not compiled and stamp.get("built"):
        print(f"  a compiled build is installed at {folder}, not loaded (above)")
    left = in_place_leftovers()
    if left:
        print(f"  STALE RISK: an old in-place build is beside the sources ({len(left)} files): "
              "python tools/build_engine.py --clean")
        return 1
    return 0


def pip(*args: str) -> int:
    # From the repository root, as requirements.txt's ./native is read relative to it.
    return subprocess.run([sys.executable, "-m", "pip", *args], cwd=ROOT).returncode


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clean", action="store_true", help="uninstall the compiled engine")
    ap.add_argument("--status", action="store_true", help="say which engine loads, and why")
    args = ap.parse_args(argv)
    if args.status:
        return status()
    if args.clean:
        for p in in_place_leftovers():
            p.unlink()
        return pip("uninstall", "-y", "faeriell-engine-native")
    if os.environ.get("FAERIELL_NATIVE", "").strip().lower() in ("skip", "0", "no", "off", "pure"):
        print("note: FAERIELL_NATIVE asks native/'s build to skip compiling")
    return pip("install", "--force-reinstall", "--no-deps", "./native")


if __name__ == "__main__":
    sys.exit(main())

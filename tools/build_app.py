#!/usr/bin/env python3
"""The standalone build (issue 46): the game for players who have no Python, in one command.

    python tools/build_app.py                    # install the pinned tools, build dist/faeriell/
    python tools/build_app.py --no-install       # the tools of requirements-build.txt are there already
    python tools/build_app.py --install-desktop  # then add it to the desktop's menu (tools/install_desktop.py)

It installs requirements-build.txt (the game's requirements and a pinned PyInstaller) into the
environment it runs in (a virtual environment: Debian's own Python refuses pip), then freezes
main.py into one folder, dist/faeriell/: the program `faeriell` (faeriell.exe on Windows; on macOS
also dist/faeriell.app) beside _internal/, which holds Python, pygame, the game's files (data/,
maps/, sprites/, sounds/, fonts/, found through sys._MEIPASS by faeriell/resources.py) and
docs/balance.md (the start screen's win rates); licenses/ holds the licence of every bundled part.
Run the result with --self-check to see it work. The same command is meant for Windows and macOS
(.github/workflows/build.yml); only the Linux build is tried here.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "faeriell"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
REQUIREMENTS = ROOT / "requirements-build.txt"
ENTRY = ROOT / "main.py"                 # calls multiprocessing.freeze_support() first: the helpers re-run it
EXTRA_FILES = ("docs/balance.md",)       # read by faeriell/win_rates.py for the start screen
# Never in the game, though a developer's environment may have them. numpy is not left out: it is
# one of the game's requirements, and PyInstaller bundles it exactly when a module imports it.
EXCLUDED = ("tkinter", "pytest", "_pytest", "mypy", "IPython", "setuptools", "pip")
# The distributions the build bundles, whose licences go into licenses/.
BUNDLED = ("pygame-ce", "pytmx", "PyYAML", "pyphen", "numpy", "platformdirs")
LICENCE_WORDS = ("LICEN", "COPYING", "NOTICE", "AUTHORS")

sys.path.insert(0, str(ROOT))


def data_folders() -> list[tuple[Path, str]]:
    """(source, folder in the bundle) for every file the game reads at run time."""
    from faeriell.resources import NAMES
    return ([(ROOT / name, name) for name in NAMES]
            + [(ROOT / f, str(Path(f).parent)) for f in EXTRA_FILES])


def pyinstaller_args(dist: Path = DIST, work: Path = WORK) -> list[str]:
    """PyInstaller's command line for the one-folder build (the same on every system)."""
    args = [str(ENTRY), "--name", NAME, "--onedir", "--windowed", "--noconfirm", "--clean",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(ROOT),
            # screens are looked up by name (faeriell/ui/scene.py): take every module of the game
            "--collect-submodules", NAME]
    for src, dest in data_folders():
        # ':' separates source and destination on every system since PyInstaller 6
        args += ["--add-data", f"{src}:{dest}"]
    for module in EXCLUDED:
        args += ["--exclude-module", module]
    return args


def install_tools() -> None:
    print(f"installing the build's tools ({REQUIREMENTS.name}) into {sys.prefix}", flush=True)
    if sys.prefix == sys.base_prefix:
        print("note: not in a virtual environment; if pip refuses, make one first: "
              "python3 -m venv .venv-build && .venv-build/bin/python tools/build_app.py", flush=True)
    # From the root: requirements.txt names ./native, which pip reads relative to the working folder.
    # FAERIELL_NATIVE=skip: the standalone build bundles the pure Python engine (PyInstaller would not
    # find the compiled modules, which the engine puts on its path at run time), so no compiling.
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "-r", str(REQUIREMENTS)], check=True, cwd=ROOT,
                   env=dict(os.environ, FAERIELL_NATIVE="skip"))


def licence_files() -> list[tuple[str, Path, Path]]:
    """(distribution, path inside its .dist-info folder, file) for the licence texts shipped in the
    bundled distributions' metadata. The path is kept: numpy alone ships several LICENSE.md and
    LICENSE.txt (its licences/ folder, the one of the OpenBLAS it bundles among them)."""
    from importlib import metadata
    out = []
    for dist_name in BUNDLED:
        try:
            dist = metadata.distribution(dist_name)
        except metadata.PackageNotFoundError:
            continue
        for f in dist.files or ():
            parts = Path(str(f)).parts
            meta = [i for i, part in enumerate(parts) if part.endswith(".dist-info")]
            if not meta:
                continue
            inside = Path(*parts[meta[0] + 1:])
            if any(w in f.name.upper() for w in LICENCE_WORDS) or inside.parts[:1] == ("licenses",):
                out.append((dist_name, inside, Path(str(dist.locate_file(f)))))
    python_licence = Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "LICENSE.txt"
    for candidate in (python_licence, Path(sys.base_prefix) / "LICENSE.txt"):
        if candidate.is_file():
            out.append(("python", Path("LICENSE.txt"), candidate))
            break
    return out


LICENCES_README = """The licences of what this build holds
=====================================

The game's own files: OFL.txt here (the Noto Sans fonts of _internal/fonts/, SIL Open Font License
1.1) and LICENSE-game-icons.md (the icons the sprites of _internal/sprites/ are drawn from, Creative
Commons Attribution 3.0). Each folder here holds the licence texts that one bundled Python package
ships, as its metadata lays them out (numpy's licenses/ also covers the libraries it bundles, such
as OpenBLAS). pygame-ce ships none in its package: it is under the GNU LGPL 2.1
(https://github.com/pygame-community/pygame-ce), and the SDL 2 libraries it bundles are under the
zlib licence (https://www.libsdl.org/license.php). python/ is the licence of the Python
interpreter inside the build.
"""


def copy_licences(app: Path) -> int:
    """licenses/ beside the program: README.txt, the game's own two, one folder per distribution."""
    folder = app / "licenses"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "README.txt").write_text(LICENCES_README, encoding="utf-8")
    n = 0
    for dist_name, inside, path in licence_files():
        dest = folder / dist_name / inside
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)
        n += 1
    for src in (ROOT / "fonts" / "OFL.txt", ROOT / "sprites" / "LICENSE-game-icons.md"):
        shutil.copy2(src, folder / src.name)
    return n


def folder_size(path: Path) -> tuple[int, int]:
    """(bytes, files) under `path`."""
    total = files = 0
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
            files += 1
    return total, files


def executable(dist: Path = DIST) -> Path:
    return dist / NAME / (NAME + (".exe" if os.name == "nt" else ""))


def build(dist: Path = DIST, work: Path = WORK) -> Path:
    import PyInstaller.__main__ as pyinstaller
    started = time.monotonic()
    pyinstaller.run(pyinstaller_args(dist, work))
    app = dist / NAME
    copy_licences(app)
    size, files = folder_size(app)
    print(f"built {executable(dist)}: {size / 1e6:.0f} MB in {files} files, "
          f"{time.monotonic() - started:.0f} s", flush=True)
    return app


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="tools/build_app.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--no-install", dest="install", action="store_false",
                   help=f"do not install {REQUIREMENTS.name} first (the tools are there already)")
    p.add_argument("--install-desktop", action="store_true",
                   help="after building, add the game to the desktop's menu (tools/install_desktop.py)")
    p.add_argument("--dist", type=Path, default=DIST, help="where the build goes (default dist/)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.chdir(ROOT)
    try:
        if args.install:
            install_tools()
        build(args.dist.resolve())
    except subprocess.CalledProcessError as e:
        print(f"build_app: installing the tools failed (exit code {e.returncode})", file=sys.stderr)
        return 1
    except (SystemExit, Exception) as e:   # PyInstaller exits on a failed build; one line, not a traceback
        code = getattr(e, "code", None)
        print(f"build_app: the build failed: {type(e).__name__}: {code if code is not None else e}", file=sys.stderr)
        return 1
    if args.install_desktop:
        sys.path.insert(0, str(ROOT / "tools"))
        import install_desktop
        return install_desktop.main(["--exec", str(executable(args.dist.resolve()))])
    return 0


if __name__ == "__main__":
    sys.exit(main())

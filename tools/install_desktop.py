#!/usr/bin/env python3
"""Adds Sons of Faeriell to the desktop's menu (issue 46): a menu entry and its icon, for this user.

    python tools/install_desktop.py                # for dist/faeriell/faeriell, else the `faeriell` command
    python tools/install_desktop.py --exec PATH    # for that program
    python tools/install_desktop.py --uninstall    # take both away again
    python tools/build_app.py --install-desktop    # build the standalone program, then this

It writes $XDG_DATA_HOME/applications/faeriell.desktop (packaging/faeriell.desktop with Exec set to
the program) and $XDG_DATA_HOME/icons/hicolor/256x256/apps/faeriell.png; $XDG_DATA_HOME is
~/.local/share when unset. A different file already at either place is replaced only when asked
(yes at the prompt, or --replace).
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
PACKAGING = ROOT / "packaging"
DESKTOP = PACKAGING / "faeriell.desktop"
ICON = PACKAGING / "faeriell.png"
BUILT = ROOT / "dist" / "faeriell" / ("faeriell.exe" if os.name == "nt" else "faeriell")


class Refused(Exception):
    """Nothing was written; str() says why in one line."""


def data_home() -> Path:
    """$XDG_DATA_HOME when it is an absolute path (the XDG rule), else ~/.local/share."""
    xdg = os.environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"


def targets(home: Path | None = None) -> tuple[Path, Path]:
    home = data_home() if home is None else home
    return (home / "applications" / "faeriell.desktop",
            home / "icons" / "hicolor" / "256x256" / "apps" / "faeriell.png")


def exec_quote(path: str) -> str:
    """`path` as one argument of a desktop entry's Exec: %% for %, quoted when it holds a space or another
    reserved character, with \\ " ` $ escaped inside the quotes, and every backslash doubled once
    more because the key's value is a string (Desktop Entry specification, "The Exec key")."""
    path = path.replace("%", "%%")           # a literal % (a single one starts a field code)
    reserved = set(' \t\n"\'\\><~|&;$*?#()`')
    if not any(c in reserved for c in path):
        return path
    inner = "".join("\\" + c if c in '"`$\\' else c for c in path)
    return ('"' + inner + '"').replace("\\", "\\\\")


def desktop_text(program: Path) -> str:
    lines = []
    for line in DESKTOP.read_text(encoding="utf-8").splitlines():
        key = line.split("=", 1)[0]
        if key in ("Exec", "TryExec"):
            value = exec_quote(str(program)) if key == "Exec" else str(program).replace("\\", "\\\\")
            line = f"{key}={value}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def default_program() -> Path | None:
    """The standalone build when it is there, else the `faeriell` command on the PATH (pipx's)."""
    if BUILT.is_file():
        return BUILT
    found = shutil.which("faeriell")
    return Path(found).resolve() if found else None


def install(program: Path | None = None, home: Path | None = None, replace: bool = False) -> list[Path]:
    """Write the entry and the icon; returns their paths. Raises Refused (nothing written)."""
    from faeriell.storage.atomic import atomic_write
    program = default_program() if program is None else Path(program).resolve()
    if program is None:
        raise Refused("no program to add: build it (python tools/build_app.py), "
                      "install it (pipx install .) or name it with --exec")
    if not program.is_file() or not os.access(program, os.X_OK):
        raise Refused(f"{program} is not a program that can be run")
    entry, icon = targets(home)
    wanted = {entry: desktop_text(program).encode("utf-8"), icon: ICON.read_bytes()}
    for path, data in wanted.items():
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise Refused(f"{path} is not a plain file; it was left as it is")
        if path.is_file() and path.read_bytes() != data and not replace:
            raise Refused(f"{path} exists with other contents; --replace replaces it")
    for path, data in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, data)
        os.chmod(path, 0o644)
    return list(wanted)


def uninstall(home: Path | None = None) -> list[Path]:
    gone = []
    for path in targets(home):
        if path.is_file() and not path.is_symlink():
            path.unlink()
            gone.append(path)
    return gone


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="tools/install_desktop.py", description=__doc__.split("\n\n")[0])
    p.add_argument("--exec", dest="program", type=Path, default=None,
                   help="the program the entry starts (default: dist/faeriell/faeriell, else `faeriell` on the PATH)")
    p.add_argument("--replace", action="store_true", help="replace a different entry or icon already there")
    p.add_argument("--uninstall", action="store_true", help="remove the entry and the icon")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.uninstall:
        gone = uninstall()
        print("\n".join(f"removed {p}" for p in gone) or "nothing to remove")
        return 0
    try:
        written = install(args.program, replace=args.replace)
    except Refused as e:
        if "--replace" in str(e) and sys.stdin.isatty() and \
                input(f"{e}.\nReplace it? [y/N] ").strip().lower() in ("y", "yes"):
            written = install(args.program, replace=True)
        else:
            print(f"install_desktop: {e}", file=sys.stderr)
            return 2
    except OSError as e:
        print(f"install_desktop: cannot write: {e}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

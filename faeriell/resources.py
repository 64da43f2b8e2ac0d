"""Where the game's files are: data/, maps/, sprites/, sounds/, fonts/ (and the practice puzzles).

In a source checkout they sit beside the faeriell package; `pip install .` copies them into the
package as faeriell/_files/<name> (see pyproject.toml); the standalone build (tools/build_app.py)
puts them in its bundle folder, sys._MEIPASS, which then stands where the checkout would. This
module finds each, so every loader asks here instead of counting parent folders. Pure Python: the
engine side may use it.
"""
from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
FROZEN = bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")
# the frozen build's bundle holds data/, maps/... (and docs/balance.md) as a checkout does
# (getattr: PyInstaller adds _MEIPASS to sys at run time, so sys's stubs do not know it; FROZEN
# says it is there, the default is never read)
CHECKOUT = Path(getattr(sys, "_MEIPASS", "")).resolve() if FROZEN else PACKAGE.parent
INSTALLED = PACKAGE / "_files"
NAMES = ("data", "maps", "sprites", "sounds", "fonts")


def resource_dir(name: str) -> Path:
    """The folder `name` (one of NAMES): the checkout's when it is there, else the installed copy."""
    here = CHECKOUT / name
    if here.is_dir():
        return here
    installed = INSTALLED / name
    return installed if installed.is_dir() else here

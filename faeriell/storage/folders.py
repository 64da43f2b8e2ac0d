"""Where the game's files live: the data folder (FAERIELL_DATA, else the system's usual per-user
folder), its saves/, autosaves/ and locks/, and the names of the files kept there. No pygame here."""
from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from faeriell.safe_read import clip

AUTOSAVES = "autosaves"
SAVES = "saves"                   # named saves (Ctrl+S)
LOCKS = "locks"                   # one lock file per open game
SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "puzzles.json"
SEATS_FILE = "seats.idx"          # not *.json: the Load list shows only saves


class DataDirError(OSError):
    """The data folder cannot be created or used; str() says which folder and why."""


def _system_data_dir(platform: str = sys.platform) -> Path:
    """The system's usual per-user data folder, from platformdirs (issue 46): $XDG_DATA_HOME/faeriell
    or ~/.local/share/faeriell on Linux, %APPDATA%\\faeriell (roaming) on Windows, the same as the
    hand-written code chose before; on macOS ~/Library/Application Support/faeriell, except where
    the old code's choice there, ~/.local/share/faeriell (or $XDG_DATA_HOME/faeriell), exists
    already: a player's saves stay where they are."""
    from platformdirs import user_data_path
    path = user_data_path("faeriell", appauthor=False, roaming=True)
    if platform == "darwin":
        before = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "faeriell"
        if before.is_dir():
            return before
    return path


def user_data_dir(create: bool = True) -> Path:
    """Where autosaves and saves live: $FAERIELL_DATA, else the system's usual folder
    (_system_data_dir). Raises DataDirError (an OSError) naming the folder when it cannot be used."""
    forced = os.environ.get("FAERIELL_DATA")
    try:
        path = Path(forced) if forced else _system_data_dir()
    except (RuntimeError, ImportError) as e:     # no home folder to be found; platformdirs missing
        raise DataDirError(f"no data folder can be chosen ({e}); FAERIELL_DATA names one") from None
    if not create:
        return path
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not path.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(path))
    except OSError as e:        # e.g. a file where the folder should be, /dev/null, no permission
        raise DataDirError(f"the data folder {clip(path)} cannot be created: "
                           f"{e.strerror or e}") from None
    return path


def data_dir() -> Path:
    return user_data_dir()


def saves_dir() -> Path:
    """Named saves (Ctrl+S asks the name)."""
    return data_dir() / SAVES


def autosave_dir() -> Path:
    return user_data_dir() / AUTOSAVES


def game_id_of(path: Path | str) -> str | None:
    """The game a file autosaves (its name in autosaves/), None for any other file: a game loaded
    from a named save autosaves under a new name, so it never overwrites another game's autosave."""
    p = Path(path)
    try:
        if p.parent.resolve() == autosave_dir().resolve() and p.suffix == ".json":
            return p.stem
    except OSError:
        pass
    return None

"""Which saves there are: every game's autosave (the one Continue opens first), and the Load
list of named saves, autosaves and older versions' loose saves, newest first. No pygame here."""
from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from faeriell.safe_read import clip, read_ends
from faeriell.storage.folders import (AUTOSAVES, PROGRESS_FILE, SETTINGS_FILE, autosave_dir, data_dir, saves_dir,
                                      user_data_dir)
from faeriell.storage.headers import describe_save, save_header, save_info

NOT_SAVES = {SETTINGS_FILE, PROGRESS_FILE}


def _sort_time(info: dict) -> tuple:
    """Newest first by the game's own recorded time; files without one (older versions, junk)
    after every save that has one, by file time."""
    mtime = info["mtime"].timestamp() if info["mtime"] else 0.0
    if info["saved_at"] is not None:
        return (1, info["saved_at"].timestamp(), mtime)
    return (0, mtime, mtime)


def autosave_files() -> list[Path]:
    """Every game's autosave, the game played last first (by the time each save recorded, not
    the file's time: a file dated in the future does not win). Never creates the data folder;
    never raises; a pipe or device named like an autosave is listed last and never opened."""
    try:
        root = user_data_dir(create=False)
        found = list((root / AUTOSAVES).glob("*.json")) + [root / "autosave.json"]
    except OSError:
        return []
    ranked = []
    for p in found:
        if not os.path.lexists(p):
            continue
        info = save_header(p)
        try:
            regular = p.is_file()
        except OSError:
            regular = False
        ranked.append(((regular,) + _sort_time(info), p))
    return [p for _, p in sorted(ranked, key=lambda t: t[0], reverse=True)]


def latest_autosave() -> Path | None:
    """The autosave of the unfinished game played last (what Continue and --continue open): a game
    that ended has nothing left to continue (the Load list still opens it)."""
    for p in autosave_files():
        if not save_header(p)["over"]:
            return p
    return None


def autosave_path() -> Path:
    """The latest autosave, or where one would be (for messages that name the folder)."""
    return latest_autosave() or user_data_dir(create=False) / AUTOSAVES


def has_autosave() -> bool:
    path = latest_autosave()
    try:
        return path is not None and path.is_file()
    except OSError:
        return False

MAX_LISTED = 200


def list_saves(folder: Path | None = None) -> list[tuple[str, str, str]]:
    """(path, title, description) of every save, newest first: named saves (saves/), every game's
    autosave (autosaves/) and the loose *.json files of the data folder that are saves by their own
    format marker (older versions' saves; never the practice files beside them).
    With `folder`, only the *.json files in it. Reads only each file's header (save_header)."""
    try:
        if folder is not None:
            found: list[tuple[Path, str | None]] = [(p, None) for p in Path(folder).glob("*.json")]
        else:
            found = ([(p, "named") for p in saves_dir().glob("*.json")]
                     + [(p, "auto") for p in autosave_dir().glob("*.json")]
                     + [(p, "auto" if p.name == "autosave.json" else None) for p in data_dir().glob("*.json")
                        if p.name == "autosave.json" or _marked_save(p)])
    except OSError:
        return []
    dated = []
    for p, kind in found:
        try:
            dated.append((os.lstat(p).st_mtime, p, kind))
        except OSError:
            pass
    dated.sort(key=lambda t: t[0], reverse=True)
    rows = []
    for _, p, kind in dated[:MAX_LISTED]:
        info = save_info(p)
        if kind == "auto":
            title = "Autosave" + (f" · game of {_game_start(p.stem)}" if _game_start(p.stem) else "")
        else:
            title = p.stem
        rows.append((_sort_time(info), (str(p), clip(title, 120), describe_save(p, info=info))))
    rows.sort(key=lambda t: t[0], reverse=True)
    return [row for _, row in rows]


def _marked_save(path: Path) -> bool:
    """A loose file of the data folder is a save (of an older version) only when it says so: its
    first bytes carry the save format's name. The practice files, the settings and whatever else
    lives there are not saves, and are never listed as damaged ones."""
    if path.name in NOT_SAVES:
        return False
    try:
        head, _, _ = read_ends(path, "save", 512)
    except (OSError, ValueError):
        return False
    return b'"faeriell-save"' in head


def _game_start(game_id: str) -> str:
    try:
        return datetime.strptime(game_id[:19], "%Y-%m-%d_%H-%M-%S").strftime("%d %b %H:%M")
    except ValueError:
        return ""

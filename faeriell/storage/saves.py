"""Saving and loading a game: where a save goes and under which name, what may be replaced (and
what is kept when it is), and the player's one-line reason when a save or load does not work.
No pygame here.

    save_game(game, path=None, name=None)          # saves/, a timestamped name, or a path
    why_not_replace(path, game) -> (refusal, question)
    load_game(rules, path)                         # FileServiceError says why not
"""
from __future__ import annotations

import os
import re
import stat
from datetime import datetime, UTC
from pathlib import Path

from faeriell.engine.saves import dumps, read_save
from faeriell.safe_read import clip, file_kind, read_bytes, why_not_readable
from faeriell.storage.atomic import atomic_write, refuse_special
from faeriell.storage.folders import PROGRESS_FILE, SEATS_FILE, SETTINGS_FILE, data_dir, saves_dir
from faeriell.storage.headers import MODE_NAMES, save_header

# A name in a folder must stay under 255 bytes with ' 99', '.json', '.bak' and a temporary
# suffix ('.XXXXXXXX.tmp') added to it.
MAX_NAME_BYTES = 180


class FileServiceError(Exception):
    """A save or load that did not work; str() is the reason for the player."""


def write_save(game, path, replacing_other: bool = False, seats: dict | None = None) -> Path:
    """Save `game` to `path` (atomic_write). The file it replaces, when it is a whole save of
    this same game, is kept as `path.bak`; a save of another game (the player agreed to replace
    it) is kept under a new name beside it, never as the .bak that later saves overwrite.
    `seats` (engine.saves.seats_record) says who played each seat."""
    path = Path(path)
    text = dumps(game, saved_at=now_stamp(), seats=seats)          # fails before anything on disk is touched
    refuse_special(path)
    if os.path.lexists(path):
        head = save_header(path)
        if head["readable"] and head["origin"] == game.origin:
            _keep_copy(path, path.with_name(path.name + ".bak"))
        elif head["readable"]:
            _keep_copy(path, _free_name(path.with_name(f"{path.stem} (replaced)")))
    atomic_write(path, text)
    return path


def _free_name(base: Path) -> Path:
    path, n = base.with_name(base.name + ".json"), 2
    while os.path.lexists(path):
        path, n = base.with_name(f"{base.name} {n}.json"), n + 1
    return path


def _keep_copy(src: Path, dest: Path) -> None:
    atomic_write(dest, read_bytes(src, "save"))


def now_stamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def timestamped_save_path(folder: Path | None = None) -> Path:
    folder = Path(folder) if folder else data_dir()
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    return _free_path(folder, f"faeriell-{stamp}", "-")


_UNSAFE = re.compile(r"[^\w \-.,()'&+]+", re.UNICODE)


def cut_bytes(text: str, limit: int) -> str:
    """`text` cut to at most `limit` UTF-8 bytes, on a character boundary."""
    raw = text.encode("utf-8", "surrogatepass")
    return text if len(raw) <= limit else raw[:limit].decode("utf-8", "ignore")


def clean_save_name(name: str) -> str:
    """A save name usable as a file name on every system ('' when nothing usable is left):
    at most 60 characters and MAX_NAME_BYTES bytes (file systems count bytes)."""
    name = _UNSAFE.sub(" ", str(name)).strip(" .")
    name = " ".join(name.split())[:60]
    return cut_bytes(name, MAX_NAME_BYTES).strip(" .")


def named_save_path(name: str, folder: Path | None = None) -> Path:
    """saves/<name>.json; a name already taken gets ' 2', ' 3'... (no save is overwritten)."""
    folder = Path(folder) if folder else saves_dir()
    base = clean_save_name(name) or datetime.now().strftime("Game %Y-%m-%d %H-%M")
    return _free_path(folder, base, " ")


def _free_path(folder: Path, base: str, sep: str) -> Path:
    """folder/<base>.json, or <base><sep>2.json, <sep>3... for the first name not taken."""
    path, n = folder / f"{base}.json", 2
    while os.path.lexists(path):
        path, n = folder / f"{base}{sep}{n}.json", n + 1
    return path


def suggest_save_name(game) -> str:
    """'Full Coop, 3 players, round 4' - a first name the player may keep or change."""
    s = game.state
    players = f"{s.players} player{'s' if s.players != 1 else ''}"
    return f"{MODE_NAMES.get(s.mode, s.mode)}, {players}, round {s.round}"


def why_not_replace(path, game=None) -> tuple[str | None, str | None]:
    """(refusal, question) before saving over `path`: (None, None) when nothing is there;
    a refusal for anything that is not a Faeriell save (the settings, the puzzle progress, a
    foreign file, a link, a pipe); a question to ask the player when it is a save."""
    p = Path(path)
    if not os.path.lexists(p):
        return None, None
    try:
        st = os.lstat(p)
    except OSError as e:
        return f"{clip(p)}: {e.strerror or e}", None
    if stat.S_ISLNK(st.st_mode):
        return f"{clip(p)} is a link; choose another name.", None
    what = file_kind(st.st_mode)
    if what:
        return f"{clip(p)} is {what}; choose another name.", None
    try:
        mine = p.resolve().parent == data_dir().resolve()
    except OSError:
        mine = False
    if p.name in (SETTINGS_FILE, PROGRESS_FILE, SEATS_FILE) and mine:
        return f"{p.name} holds your {'settings' if p.name == SETTINGS_FILE else 'progress'}, not a game; " \
               "choose another name.", None
    head = save_header(p)
    if not head["readable"]:
        return f"{clip(p.name, 80)} is not a Faeriell save; it is left alone. Choose another name.", None
    if game is not None and head["origin"] == getattr(game, "origin", None):
        return None, f"{clip(p.name, 80)} already holds a save of this game. Replace it?"
    return None, (f"{clip(p.name, 80)} holds another saved game. Replace it? (The save there is "
                  "kept beside it under a new name.)")


def save_game(game, path: Path | str | None = None, name: str | None = None,
              replace: bool = False, seats: dict | None = None) -> Path:
    """Save to `path`, or under `name` in the saves folder, or under a timestamped name.
    An existing file at `path` is replaced only with `replace=True`, and only when it is a
    Faeriell save (why_not_replace)."""
    if path:
        path = Path(path)
    elif name is not None:
        path = named_save_path(name)
    else:
        path = timestamped_save_path()
    refusal, question = why_not_replace(path, game)
    if refusal:
        raise FileServiceError(refusal)
    if question and not replace:
        raise FileServiceError(question)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_save(game, path, seats=seats)
    except (OSError, ValueError) as e:     # a full disk, a link (OSError); a game the format refuses (SaveError)
        raise FileServiceError(f"Could not save to {clip(path)}: {clip(e, 500)}") from e
    return path


def load_game(rules, path: Path | str):
    path = Path(str(path).strip()).expanduser()
    if not os.path.lexists(path):
        raise FileServiceError(f"No such file: {clip(path)}")
    problem = why_not_readable(path, "save")   # a folder, a pipe, a device, too large
    if problem:
        raise FileServiceError(f"Could not load the save: {problem}")
    try:
        return read_save(rules, str(path))
    except (OSError, ValueError) as e:     # SaveError, UnsafeFile (ValueErrors) name what is wrong with the file
        raise FileServiceError(f"Could not load {clip(path.name, 80)}: {clip(e, 1000)}") from e

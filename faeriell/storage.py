"""Every file the game keeps, and the file services the screens use. No pygame here.

Writing: every file the game writes goes through `atomic_write` - a unique temporary file in
the same folder (mkstemp: O_EXCL, never a fixed name), flushed and fsync'ed, then renamed over
the target. A link, a named pipe or a device where the file should be is never followed or
opened: the write is refused and the thing is left as it is. A reader therefore sees the old
file or the new one, never a half-written or empty one.

Reading: every file is read through faeriell/safe_read.py (regular files only, a size limit
per kind, bounded JSON).

Files several windows share (puzzles.json, seats.idx) change through `update_json`: under an
exclusive lock the file is read again, merged with this window's change and written whole, so
two windows never drop each other's progress. A file that cannot be read or parsed is moved
aside as NAME.bad (a new name when one exists: nothing is ever overwritten) before a fresh one
is written, and the caller is told so it can say it.

A game being played holds a lock (`claim_game`) in the data folder's locks/ for as long as
its table is open: a second window that opens the same game is told it is open elsewhere and
plays a copy under its own name instead of silently writing over the first one's turns.

    atomic_write(path, text)                       # str or bytes; raises WriteRefused / OSError
    update_json(path, merge)                       # -> (new value, notice or "")
    claim_game(key) -> GameClaim | None            # None: another window holds it
    save_game(game, path=None, name=None)          # saves/, a timestamped name, or a path
    why_not_replace(path, game) -> (refusal, question)
    list_saves() / save_header(path) / latest_autosave()
"""
from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import re
import stat
import sys
import tempfile
import threading
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from faeriell.resources import CHECKOUT, resource_dir
from faeriell.safe_read import clip, file_kind, parse_json, read_bytes, read_ends, read_text, why_not_readable

try:                                       # POSIX advisory locks; elsewhere a lock is a no-op
    import fcntl
except ImportError:                        # pragma: no cover - Windows
    fcntl = None

log = logging.getLogger(__name__)
ROOT = CHECKOUT          # the folder that holds data/ (and tests/ in a source checkout)

AUTOSAVES = "autosaves"
SAVES = "saves"                   # named saves (Ctrl+S)
LOCKS = "locks"                   # one lock file per open game
SETTINGS_FILE = "settings.json"
PROGRESS_FILE = "puzzles.json"
SEATS_FILE = "seats.idx"          # not *.json: the Load list shows only saves
SEATS_KEPT = 100
LOCK_WAIT_S = 10.0                # how long a write waits for another window's lock
# A name in a folder must stay under 255 bytes with ' 99', '.json', '.bak' and a temporary
# suffix ('.XXXXXXXX.tmp') added to it.
MAX_NAME_BYTES = 180


NEW_FILE_MODE = 0o600             # the player's own files: readable by them alone (as mkstemp makes them)


class FileServiceError(Exception):
    """A save or load that did not work; str() is the reason for the player."""


class WriteRefused(OSError):
    """The target is a link, a pipe, a device or a folder: not written, not touched."""


class DataDirError(OSError):
    """The data folder cannot be created or used; str() says which folder and why."""


# ------------------------------------------------------------------------------------ folders
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


# ------------------------------------------------------------------------------------ writing
def _refuse_special(path: Path) -> None:
    """WriteRefused when something other than a regular file (or nothing) is at `path`."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise WriteRefused(errno.ELOOP, f"{clip(path)} is a link; it is not followed", str(path))
    what = file_kind(st.st_mode)
    if what:
        raise WriteRefused(errno.EINVAL, f"{clip(path)} is {what}, not a file", str(path))


def atomic_write(path, data: str | bytes) -> Path:
    """Write `data` (text is UTF-8) to `path` as a whole: a unique temporary file beside it,
    fsync, rename. Refuses (WriteRefused) a link, pipe, device or folder at `path`; any other
    failure (OSError) leaves `path` exactly as it was and no temporary file behind."""
    path = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    _refuse_special(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)       # a file replaced keeps its permissions
    except OSError:
        mode = NEW_FILE_MODE
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=folder)  # O_EXCL, 0600
    try:
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            view = memoryview(raw)
            while view:
                n = os.write(fd, view)
                view = view[n:]
            os.fsync(fd)
        finally:
            os.close(fd)
        _refuse_special(path)              # swapped for a link meanwhile? rename would replace the
        os.replace(tmp, path)              # link itself (never its target), but say no all the same
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_dir(folder)
    return path


def _sync_dir(folder) -> None:
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path) -> Path | None:
    """Move a damaged file out of the way as NAME.bad (NAME.bad.2, ... when taken; nothing is
    overwritten). Returns the new name, None when there was nothing or it could not be moved."""
    path = Path(path)
    if not os.path.lexists(path):
        return None
    for n in range(1, 1000):
        bad = path.with_name(path.name + (".bad" if n == 1 else f".bad.{n}"))
        try:
            os.link(path, bad, follow_symlinks=False)    # fails when `bad` exists: never overwrites
        except FileExistsError:
            continue
        except OSError:                    # no hard links here: rename to a name that is free
            if os.path.lexists(bad):
                continue
            try:
                os.rename(path, bad)
                return bad
            except OSError:
                return None
        try:
            os.unlink(path)
        except OSError:
            pass
        return bad
    return None


# ------------------------------------------------------------------------------------ locks
class FileLock:
    """An exclusive advisory lock on `path` (created if needed; a link or pipe there is refused,
    never opened). `with FileLock(p):` waits up to `wait` seconds, then raises TimeoutError."""

    def __init__(self, path, wait: float = LOCK_WAIT_S):
        self.path, self.wait, self.fd = Path(path), wait, None

    def acquire(self, blocking: bool = True) -> bool:
        _refuse_special(self.path)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        fd = os.open(self.path, flags, 0o600)
        try:
            if file_kind(os.fstat(fd).st_mode):
                raise WriteRefused(errno.EINVAL, f"{clip(self.path)} is not a file", str(self.path))
            if fcntl is None:
                self.fd, fd = fd, None
                return True
            deadline = time.monotonic() + self.wait
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    if not _still_named(fd, self.path):
                        # the file was tidied away (remove_stale_locks, a claim released) between our
                        # open and our lock: that lock guards nothing any more, take a fresh file
                        os.close(fd)
                        fd = None
                        return self.acquire(blocking)
                    self.fd, fd = fd, None
                    return True
                except BlockingIOError:
                    if not blocking:
                        return False
                    if time.monotonic() >= deadline:
                        raise TimeoutError(f"{clip(self.path)} is held by another window") from None
                    time.sleep(0.01)
        finally:
            if fd is not None:
                os.close(fd)

    def release(self) -> None:
        if self.fd is not None:
            try:
                os.close(self.fd)          # closing drops the flock
            finally:
                self.fd = None

    @property
    def held(self) -> bool:
        return self.fd is not None

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def _still_named(fd: int, path: Path) -> bool:
    """`path` still names the very file `fd` holds open (not unlinked, not replaced)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (held.st_dev, held.st_ino)


def _lock_of(path: Path) -> Path:
    return path.with_name("." + path.name + ".lock")


def update_json(path, merge: Callable[[object], object], kind: str = "index", lock: bool = True,
                valid: Callable[[object], bool] | None = None) -> tuple[object, str]:
    """Read `path` again under its lock, write `merge(old)` whole (old is None when the file is
    missing or damaged) and return (new value, notice). A damaged file - unreadable, not JSON, or
    JSON that `valid` refuses - is set aside first and the notice says where it went; a file
    that cannot be set aside is never replaced (OSError)."""
    path = Path(path)
    guard = FileLock(_lock_of(path)) if lock else None
    if guard is not None:
        guard.acquire()
    try:
        notice, old, dropped = "", None, 0
        if os.path.lexists(path):
            try:
                old, dropped = drop_unwritable(parse_json(read_text(path, kind), shown=path))
                if valid is not None and not valid(old):
                    old, dropped = None, 0
                    raise ValueError("it does not hold what this file holds")
            except (OSError, ValueError) as e:        # unreadable, malformed, too large, a pipe
                bad = set_aside(path)
                if bad is None:
                    raise OSError(errno.EIO, f"{clip(path)} cannot be read ({clip(e, 200)}) and "
                                  "cannot be moved aside, so it is left as it is") from None
                notice = f"{path.name} could not be read ({clip(e, 200)}); it is kept as {bad.name}"
                log.warning("%s", notice)
        if dropped:                   # text with a lone surrogate: the rest is kept, the file as it was too
            bad = set_aside(path)
            if bad is None:
                raise OSError(errno.EIO, f"{clip(path)} holds text that cannot be written back and "
                              "cannot be moved aside, so it is left as it is")
            notice = (f"{path.name} held {dropped} entr{'y' if dropped == 1 else 'ies'} of broken text, "
                      f"left out; the file as it was is kept as {bad.name}")
            log.warning("%s", notice)
        new = merge(old)
        try:
            text = json.dumps(new, indent=1, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise OSError(errno.EINVAL, f"{clip(path)}: the change holds text that cannot be written") from None
        atomic_write(path, text)
        return new, notice
    finally:
        if guard is not None:
            guard.release()


def drop_unwritable(value) -> tuple[object, int]:
    """JSON data without the strings that cannot be written as UTF-8 (a lone surrogate, which
    JSON text may spell as \\ud800): a list loses such an item, a mapping such a key or value;
    and how many were left out."""
    dropped = 0

    def ok(s: str) -> bool:
        try:
            s.encode("utf-8")
            return True
        except UnicodeEncodeError:
            return False

    def clean(v):
        nonlocal dropped
        if isinstance(v, str):
            return v if ok(v) else _DROP
        if isinstance(v, list):
            out = [clean(x) for x in v]
            kept = [x for x in out if x is not _DROP]
            dropped += len(out) - len(kept)
            return kept
        if isinstance(v, dict):
            res = {}
            for k, x in v.items():
                c = clean(x) if ok(k) else _DROP
                if c is _DROP:
                    dropped += 1
                else:
                    res[k] = c
            return res
        return v
    top = clean(value)
    if top is _DROP:
        return None, 1
    return top, dropped


_DROP = object()


# ------------------------------------------------------------------------------------ one game, one window
class GameClaim:
    """This window plays the game `key`: a lock held in locks/ until `release()` (or the end of
    the process, which drops it even after a kill)."""

    def __init__(self, key: str, lock: FileLock):
        self.key, self._lock = key, lock

    def release(self) -> None:
        """Let the game go; its lock file goes too (removed while still held, so a window that
        opened it meanwhile finds it gone once it holds it, and makes a fresh one)."""
        lock = self._lock
        if lock.held and fcntl is not None:
            try:
                os.unlink(lock.path)
            except OSError:
                pass                        # already gone, or a read-only folder: the lock still ends
        lock.release()


def _claim_name(key: str) -> str:
    safe = re.sub(r"[^\w\-]+", "_", key)[:80]
    return f"{safe}-{hashlib.sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()[:10]}.lock"


def claim_game(key: str) -> GameClaim | None:
    """Hold the lock of game `key` (its game id, or the file it autosaves to). None when another
    window holds it; a claim that cannot be made at all (no data folder) counts as held here."""
    try:
        folder = user_data_dir() / LOCKS
        folder.mkdir(exist_ok=True)
        lock = FileLock(folder / _claim_name(key), wait=0)
        if not lock.acquire(blocking=False):
            return None
    except OSError:
        log.debug("no lock for %s", key, exc_info=True)
        return GameClaim(key, FileLock(os.devnull))
    return GameClaim(key, lock)


def game_key_of(game_id: str, autosave_file=None) -> str:
    return f"file:{Path(autosave_file).resolve()}" if autosave_file else f"game:{game_id}"


def remove_stale_locks(folder: Path | None = None, older_than_s: float = 60.0) -> list[Path]:
    """Delete the game locks in `folder` (the data folder's locks/) whose owner is gone: a lock
    that can be taken now is held by no window (the system drops a flock when its process ends,
    even after a kill). A lock newer than `older_than_s` or not a regular file is left alone, and
    a lock is removed only while we hold it (FileLock.acquire makes a fresh file when it finds its
    own unlinked). Without fcntl nothing tells a live lock from a dead one: nothing is removed.
    Returns what was removed; never raises."""
    removed: list[Path] = []
    if fcntl is None:
        return removed
    try:
        where = Path(folder) if folder is not None else user_data_dir(create=False) / LOCKS
        entries = list(os.scandir(where))
    except OSError:
        return removed
    now = time.time()
    for e in entries:
        if not e.name.endswith(".lock"):
            continue
        path = Path(e.path)
        try:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than_s:
                continue
            fd = os.open(path, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if _still_named(fd, path):
                os.unlink(path)
                removed.append(path)
        except OSError:                     # BlockingIOError: a window holds it, it stays
            pass
        finally:
            os.close(fd)
    return removed


# ------------------------------------------------------------------------------------ stale temporary files
# NAME.EXT.XXXX.tmp (mkstemp beside a save, a backup, the settings, the seats or the progress)
_TMP = re.compile(r"^.+\.(json|bak|idx)\..+\.tmp$")
LEGACY_TMP = ("settings.tmp", "seats.tmp")


def remove_stale_temp_files(folder: Path | None = None, older_than_s: float = 60.0) -> list[Path]:
    """Delete what writes killed mid-way left behind (`NAME.XXXXXXXX.tmp`, `.puzzles-XXXX.tmp`)
    when older than a minute (a write another window is making now is left alone), and the
    fixed names older versions used (`settings.tmp`, `seats.tmp`) whatever they are: a link or
    a pipe planted there is removed, never followed. With no folder: the data folder, its
    autosaves/ and saves/. Returns what was removed; never raises."""
    removed: list[Path] = []
    try:
        if folder is not None:
            folders = [Path(folder)]
        else:
            root = user_data_dir(create=False)
            folders = [root, root / AUTOSAVES, root / SAVES]
    except OSError:
        return removed
    now = time.time()
    for where in folders:
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for e in entries:
            name = e.name
            if not name.endswith(".tmp"):
                continue
            try:
                st = e.stat(follow_symlinks=False)
                legacy = name in LEGACY_TMP
                ours = _TMP.match(name) or name.startswith(".puzzles-")
                if legacy and not stat.S_ISDIR(st.st_mode):
                    pass
                elif not (ours and stat.S_ISREG(st.st_mode) and now - st.st_mtime > older_than_s):
                    continue
                os.unlink(e.path)
                removed.append(Path(e.path))
            except OSError:
                continue
    return removed


# ------------------------------------------------------------------------------------ saves
def write_save(game, path, replacing_other: bool = False, seats: dict | None = None) -> Path:
    """Save `game` to `path` (atomic_write). The file it replaces, when it is a whole save of
    this same game, is kept as `path.bak`; a save of another game (the player agreed to replace
    it) is kept under a new name beside it, never as the .bak that later saves overwrite.
    `seats` (engine.saves.seats_record) says who played each seat."""
    from faeriell.engine.saves import dumps
    path = Path(path)
    text = dumps(game, saved_at=now_stamp(), seats=seats)          # fails before anything on disk is touched
    _refuse_special(path)
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
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def timestamped_save_path(folder: Path | None = None) -> Path:
    folder = Path(folder) if folder else data_dir()
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    path = folder / f"faeriell-{stamp}.json"
    n = 2
    while os.path.lexists(path):
        path = folder / f"faeriell-{stamp}-{n}.json"
        n += 1
    return path


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
    path = folder / f"{base}.json"
    n = 2
    while os.path.lexists(path):
        path = folder / f"{base} {n}.json"
        n += 1
    return path


MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}


def suggest_save_name(game) -> str:
    """'Full Coop, 3 players, round 4' - a first name the player may keep or change."""
    s = game.state
    players = f"{s.players} player{'s' if s.players != 1 else ''}"
    return f"{MODE_NAMES.get(s.mode, s.mode)}, {players}, round {s.round}"


NOT_SAVES = {SETTINGS_FILE, PROGRESS_FILE}


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
    from faeriell.engine.saves import read_save
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


# ------------------------------------------------------------------------------------ seats
def _origin_key(game) -> str:
    return json.dumps(game.origin, sort_keys=True, default=str)


def remember_seats(game, seats) -> str:
    """Note who plays each seat of this game (by its origin), so a save of it, the autosave
    included, reopens with the same bots. Merged under the file's lock with what other windows
    noted. Returns a notice ('' when all is well); never raises."""
    try:
        path = data_dir() / SEATS_FILE
        all_human = all(x == "human" for x in seats)
        if all_human and not os.path.lexists(path):
            return ""                      # human seats are what a save loads with anyway
        key = _origin_key(game)
        if all_human and recall_seats(game) is None:
            return ""                      # nothing noted for this game: nothing to forget

        def merge(known):
            known = dict(known) if isinstance(known, dict) else {}
            known.pop(key, None)
            if not all_human:
                known[key] = list(seats)
            while len(known) > SEATS_KEPT:
                known.pop(next(iter(known)))
            return known
        _, notice = update_json(path, merge, valid=lambda d: isinstance(d, dict) and all(
            isinstance(v, list) for v in d.values()))
        return notice
    except (OSError, ValueError) as e:     # nice to have: without it a save loads with human seats
        log.debug("could not note the seats", exc_info=True)
        return f"the bots of this game could not be noted ({clip(e, 200)})"


def recall_seats(game) -> list | None:
    """Who holds each seat: as the loaded save says (its "seats"), else as noted for this game's
    origin (an older save), else None."""
    saved = getattr(game, "saved_seats", None)
    if saved is not None and len(saved["kinds"]) == game.state.players:
        from faeriell.bots import LEVELS
        return [s if s in ("human",) + tuple(LEVELS) else "human" for s in saved["kinds"]]
    try:
        known = parse_json(read_text(data_dir() / SEATS_FILE, "index"))
        seats = known.get(_origin_key(game)) if isinstance(known, dict) else None
    except (OSError, ValueError, AttributeError, TypeError):
        return None
    if not isinstance(seats, list) or len(seats) != game.state.players:
        return None
    from faeriell.bots import LEVELS
    return [s if s in ("human",) + tuple(LEVELS) else "human" for s in seats]


# ------------------------------------------------------------------------------------ what a save says
HEAD_BYTES = 64 * 1024            # format, version and origin lead a save; the snapshot ends it
TAIL_BYTES = 64 * 1024


_HEADERS: dict[tuple, dict] = {}   # (path, device, inode, size, mtime) -> its header, read once
HEADERS_KEPT = 1024


def save_header(path) -> dict:
    """What a save tells from its first and last few KB, never parsing the moves: {'readable',
    'origin', 'mode', 'players', 'difficulty', 'scenario', 'round', 'moves', 'saved_at' (a UTC
    datetime or None), 'mtime', 'over' (the game ended)}. Never raises; a pipe or device is never opened.
    A regular file is read once per version of it (its size, time and inode): the start screen
    lays itself out again on every resize and asks for every autosave's header each time."""
    try:
        st = os.stat(path)
    except OSError:
        st = None
    key = None
    if st is not None and stat.S_ISREG(st.st_mode):
        key = (os.path.abspath(str(path)), st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        known = _HEADERS.get(key)
        if known is not None:
            return dict(known)
    info = _read_header(path, st)
    if key is not None:
        if len(_HEADERS) >= HEADERS_KEPT:
            _HEADERS.clear()
        _HEADERS[key] = dict(info)
    return info


def _read_header(path, st) -> dict:
    info = {"readable": False, "origin": None, "mode": "", "players": None, "difficulty": "",
            "scenario": False, "round": None, "moves": None, "saved_at": None, "mtime": None,
            "over": False}
    if st is None:
        return info
    try:
        info["mtime"] = datetime.fromtimestamp(st.st_mtime)
        head, tail, st = read_ends(path, "save", HEAD_BYTES, TAIL_BYTES)   # never the moves between
    except (OSError, ValueError):           # missing, a pipe or device (never opened blocking), too large
        return info
    lines = head.decode("utf-8", "replace").splitlines()
    if st.st_size <= HEAD_BYTES:
        whole = head.decode("utf-8", "replace")
        try:
            data = parse_json(whole)
        except (ValueError, RecursionError):
            return info
        if not isinstance(data, dict):
            return info
        return _fill(info, data.get("format"), data.get("version"), data.get("origin"),
                     data.get("snapshot"), data.get("players_of_actions"))
    fields = {}
    for line in lines[:4] + (tail.decode("utf-8", "replace").splitlines()[-3:] if tail else []):
        line = line.strip().rstrip(",")
        m = re.match(r'^"(format|version|origin|players_of_actions|snapshot)":\s*(.*)$', line)
        if m:
            try:
                fields[m.group(1)] = parse_json(m.group(2))
            except (ValueError, RecursionError):
                pass
    return _fill(info, fields.get("format"), fields.get("version"), fields.get("origin"),
                 fields.get("snapshot"), fields.get("players_of_actions"))


def _fill(info, fmt, version, origin, snap, players) -> dict:
    from faeriell.engine.saves import READS
    if fmt != "faeriell-save" or version not in READS or isinstance(version, bool) \
            or not isinstance(origin, dict):
        return info
    setup = origin.get("setup") if origin.get("kind") == "position" and isinstance(origin.get("setup"), dict) \
        else origin
    n = setup.get("players")
    info.update(readable=True, origin=origin, mode=str(setup.get("mode") or ""),
                players=n if isinstance(n, int) and not isinstance(n, bool) else None,
                difficulty=str(setup.get("difficulty") or "").replace("_", " "),
                scenario=origin.get("kind") == "position")
    if isinstance(snap, dict):
        if isinstance(snap.get("round"), int):
            info["round"] = snap["round"]
        info["over"] = snap.get("over") is True
        for form in ("%Y-%m-%dT%H:%M:%S.%fZ", "%Y-%m-%dT%H:%M:%SZ"):
            try:
                when = datetime.strptime(str(snap.get("saved_at"))[:40], form)
            except ValueError:
                continue
            info["saved_at"] = when.replace(tzinfo=timezone.utc)
            break
    if isinstance(players, list):
        info["moves"] = len(players)
    return info


def save_info(path: Path) -> dict:
    """save_header with 'when': the save's own recorded time (local), else the file's time."""
    info = save_header(path)
    when = info["saved_at"]
    info["when"] = when.astimezone().replace(tzinfo=None) if when else info["mtime"]
    return info


def _when(stamp: datetime | None, short: bool) -> str:
    if stamp is None:
        return "?"
    if short:
        return stamp.strftime("%H:%M" if stamp.date() == datetime.now().date() else "%d %b")
    return stamp.strftime("%d %b %Y %H:%M")


def describe_save(path: Path, short: bool = False, info: dict | None = None) -> str:
    """'30 Nov 2026 14:03 · Full Coop · 2 players · medium · round 3 · 41 moves' (short: fewer words)."""
    info = info or save_info(path)
    if info["when"] is not None and not info["readable"]:
        return f"{_when(info['when'], short)} · not readable"
    bits = [_when(info["when"], short)]
    if info["mode"]:
        bits.append(MODE_NAMES.get(info["mode"], info["mode"]))
    if info["players"]:
        bits.append(f"{info['players']} player{'s' if info['players'] != 1 else ''}")
    if info["difficulty"] and not short:
        bits.append(info["difficulty"])
    if info["scenario"]:
        bits.append("from a scenario")
    if info["round"]:
        bits.append(f"round {info['round']}")
    if info["moves"] is not None and not short:
        bits.append(f"{info['moves']} moves")
    if info.get("over"):
        bits.append("ended")
    return " · ".join(bits)


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


MAX_LISTED = 200


def list_saves(folder: Path | None = None) -> list[tuple[str, str, str]]:
    """(path, title, description) of every save, newest first: named saves (saves/), every game's
    autosave (autosaves/) and the loose *.json files of the data folder that are saves by their own
    format marker (older versions' saves; never the practice files beside them).
    With `folder`, only the *.json files in it. Reads only each file's header (save_header)."""
    try:
        if folder is not None:
            found = [(p, None) for p in Path(folder).glob("*.json")]
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


LIST_WAIT_S = 0.25                # a screen waits this long for a listing before it says "Reading…"


class Background:
    """Run `fn()` in a daemon thread (the Load list reads file headers off the UI thread).
    `result()` is None until done; `error` holds why it failed."""

    def __init__(self, fn: Callable[[], object]):
        self.value, self.error, self.finished = None, None, False
        self._thread = threading.Thread(target=self._run, args=(fn,), daemon=True, name="faeriell-files")
        self._thread.start()

    def _run(self, fn) -> None:
        try:
            self.value = fn()
        except Exception as e:             # noqa: BLE001 - a worker's edge: said in the list, never a traceback
            self.error = f"{type(e).__name__}: {clip(e, 300)}"
        self.finished = True

    def result(self):
        return self.value if self.finished else None

    def join(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return self.finished


# ------------------------------------------------------------------------------------ puzzles
def puzzle_dirs() -> list[Path]:
    return [d for d in (resource_dir("data") / "puzzles", ROOT / "tests" / "scenarios") if d.is_dir()]


_PUZZLE_NAMES: dict[tuple[str, float], str] = {}


def _puzzle_name(p: Path) -> str:
    try:
        key = (str(p), p.stat().st_mtime)
    except OSError:
        return p.stem
    name = _PUZZLE_NAMES.get(key)
    if name is None:
        name = p.stem.replace("-", " ").capitalize()
        try:
            for line in read_text(p, "scenario").splitlines()[:20]:
                if line.startswith("name:"):
                    name = clip(line[5:].strip().strip("'\""), 120) or name
                    break
        except (OSError, ValueError):
            pass
        _PUZZLE_NAMES[key] = name
    return name


def list_puzzles() -> list[tuple[str, str, str]]:
    """(path, scenario name, where) for every *.yaml under data/puzzles/ and tests/scenarios/."""
    out = []
    for d in puzzle_dirs():
        for p in sorted(list(d.rglob("*.yaml")) + list(d.rglob("*.yml"))):
            try:
                rel = str(p.relative_to(resource_dir("data").parent))
            except ValueError:
                rel = str(p)
            out.append((str(p), _puzzle_name(p), rel))
    return out


_PUZZLE_INFO: dict[tuple[str, float], dict] = {}


def puzzle_info(path: Path | str) -> dict:
    """{'name', 'description', 'goal'} of a scenario file (empty strings where it has none)."""
    p = Path(path)
    try:
        key = (str(p), p.stat().st_mtime)
    except OSError:
        return {"name": p.stem, "description": "", "goal": ""}
    info = _PUZZLE_INFO.get(key)
    if info is None:
        info = {"name": _puzzle_name(p), "description": "", "goal": ""}
        try:
            from faeriell.content.yaml_lines import plain, read_yaml
            data = plain(read_yaml(p, str(p), kind="scenario"))
            if isinstance(data, dict):
                info["name"] = str(data.get("name") or info["name"])
                info["description"] = " ".join(str(data.get("description") or "").split())
                goal = data.get("goal")
                if isinstance(goal, dict):
                    info["goal"] = " ".join(str(goal.get("text") or "").split())
        except (OSError, ValueError):      # YamlError, UnsafeFile: an unreadable file still lists; opening it says why
            pass
        _PUZZLE_INFO[key] = info
    return info


def load_puzzle(rules, path: Path | str):
    """The game at a scenario file's position (faeriell.scenario.load + start)."""
    from faeriell import scenario
    path = Path(str(path).strip()).expanduser()
    if not os.path.lexists(path):
        raise FileServiceError(f"No such file: {clip(path)}")
    problem = why_not_readable(path, "scenario")
    if problem:
        raise FileServiceError(problem)
    try:
        sc = scenario.load(path)
        game = scenario.start(sc, rules)
    except (OSError, ValueError) as e:     # ScenarioError, YamlError name file, line and field
        raise FileServiceError(clip(e, 1000)) from e
    return sc, game


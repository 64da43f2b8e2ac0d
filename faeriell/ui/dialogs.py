"""Modal dialogs (the table's Esc menu, the file picker, a message box) and the file services they
use: where saves live, saving with a timestamped name, loading a save, listing practice puzzles.

A modal takes every event while it is open; `closed` turns True when it is done.
Saving and loading go through faeriell.engine.saves (write_save/read_save); when that module is
missing the functions raise FileServiceError with a sentence a player understands.
"""
from __future__ import annotations

import json
import logging
import os
import re
import time
from datetime import datetime
from pathlib import Path
from typing import Callable

import pygame

from faeriell.safe_read import clip, parse_json, read_text, why_not_readable
from faeriell.resources import CHECKOUT, resource_dir
from faeriell.ui import widgets as W
from faeriell.ui.key_focus import KeyFocus

log = logging.getLogger(__name__)
ROOT = CHECKOUT          # the folder that holds data/ (and tests/ in a source checkout)


class FileServiceError(Exception):
    """A save or load that did not work; str() is the reason for the player."""


# ------------------------------------------------------------------------------------ file services
def data_dir() -> Path:
    from faeriell.ui.session import user_data_dir
    return user_data_dir()


def saves_dir() -> Path:
    """Named saves (Ctrl+S asks the name)."""
    return data_dir() / "saves"


def autosave_files() -> list[Path]:
    """Every game's autosave, newest first (autosaves/<game>.json, and the single autosave.json of
    older versions). Regular files come first: a pipe or a device named like an autosave is listed last (loading
    it says what it is) and is never opened here. Never creates the data folder; never raises."""
    from faeriell.ui.session import AUTOSAVES, user_data_dir
    files = []
    try:
        root = user_data_dir(create=False)
        found = list((root / AUTOSAVES).glob("*.json")) + [root / "autosave.json"]
    except OSError:
        return []
    for p in found:
        try:
            st = p.lstat()
            regular = p.is_file()          # follows a link: a link to /dev/zero is no file
        except OSError:
            continue
        files.append((regular, st.st_mtime, p))
    return [p for _, _, p in sorted(files, key=lambda t: (t[0], t[1]), reverse=True)]


def latest_autosave() -> Path | None:
    """The autosave of the game played last (what Continue and --continue open)."""
    files = autosave_files()
    return files[0] if files else None


def autosave_path() -> Path:
    """The latest autosave, or where one would be (for messages that name the folder)."""
    from faeriell.ui.session import AUTOSAVES, user_data_dir
    return latest_autosave() or user_data_dir(create=False) / AUTOSAVES


def has_autosave() -> bool:
    """A game to continue: the latest autosave is a regular file (a folder or pipe by that name
    is no save). Asking never creates the data folder and never fails."""
    path = latest_autosave()
    try:
        return path is not None and path.is_file()
    except OSError:
        return False


def game_id_of(path: Path | str) -> str | None:
    """The game a file autosaves (its name in autosaves/), None for any other file: a game loaded
    from a named save autosaves under a new name, so it never overwrites another game's autosave."""
    from faeriell.ui.session import autosave_dir
    p = Path(path)
    try:
        if p.parent.resolve() == autosave_dir().resolve() and p.suffix == ".json":
            return p.stem
    except OSError:
        pass
    return None


def timestamped_save_path(folder: Path | None = None) -> Path:
    folder = Path(folder) if folder else data_dir()
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    path = folder / f"faeriell-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"faeriell-{stamp}-{n}.json"
        n += 1
    return path


_UNSAFE = re.compile(r"[^\w \-.,()'&+]+", re.UNICODE)


def clean_save_name(name: str) -> str:
    """A save name usable as a file name on every system ('' when nothing usable is left)."""
    name = _UNSAFE.sub(" ", str(name)).strip(" .")
    return " ".join(name.split())[:60]


def named_save_path(name: str, folder: Path | None = None) -> Path:
    """saves/<name>.json; a name already taken gets ' 2', ' 3'... (no save is overwritten)."""
    folder = Path(folder) if folder else saves_dir()
    base = clean_save_name(name) or datetime.now().strftime("Game %Y-%m-%d %H-%M")
    path = folder / f"{base}.json"
    n = 2
    while path.exists():
        path = folder / f"{base} {n}.json"
        n += 1
    return path


def suggest_save_name(game) -> str:
    """'Full Coop, 3 players, round 4' - a first name the player may keep or change."""
    s = game.state
    players = f"{s.players} player{'s' if s.players != 1 else ''}"
    return f"{MODE_NAMES.get(s.mode, s.mode)}, {players}, round {s.round}"


MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}


def save_game(game, path: Path | str | None = None, name: str | None = None) -> Path:
    """Save to `path`, or under `name` in the saves folder, or under a timestamped name."""
    try:
        from faeriell.engine.saves import write_save
    except ImportError:
        raise FileServiceError("Saving is not available in this build yet.") from None
    if path:
        path = Path(path)
    elif name is not None:
        path = named_save_path(name)
    else:
        path = timestamped_save_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_save(game, str(path))
    except Exception as e:                 # SaveError, OSError...: say why, keep playing
        raise FileServiceError(f"Could not save to {path}: {e}") from e
    return path


SEATS_FILE = "seats.idx"          # not *.json: the Load list shows only saves
SEATS_KEPT = 100


def _origin_key(game) -> str:
    return json.dumps(game.origin, sort_keys=True, default=str)


def remember_seats(game, seats) -> None:
    """Note who plays each seat of this game (by its origin), so a save of it, the autosave
    included, reopens with the same bots. A save file holds only the game."""
    try:
        path = data_dir() / SEATS_FILE
        all_human = all(x == "human" for x in seats)
        if all_human and not path.exists():
            return                         # human seats are what a save loads with anyway
        try:
            known = parse_json(read_text(path, "index"))
            known = known if isinstance(known, dict) else {}
        except (OSError, ValueError):
            known = {}
        key = _origin_key(game)
        if all_human and key not in known:
            return
        known.pop(key, None)
        if not all_human:
            known[key] = list(seats)
        while len(known) > SEATS_KEPT:
            known.pop(next(iter(known)))
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(known), encoding="utf-8")
        tmp.replace(path)
    except Exception:                      # nice to have: without it a save loads with human seats
        log.debug("could not note the seats", exc_info=True)


def recall_seats(game) -> list | None:
    """The seats noted for this game's origin, if any."""
    try:
        known = parse_json(read_text(data_dir() / SEATS_FILE, "index"))
        seats = known.get(_origin_key(game)) if isinstance(known, dict) else None
    except (OSError, ValueError, AttributeError, TypeError):
        return None
    if not isinstance(seats, list) or len(seats) != game.state.players:
        return None
    from faeriell.ui.bot_driver import SEAT_CHOICES
    return [s if s in SEAT_CHOICES else "human" for s in seats]


def load_game(rules, path: Path | str):
    try:
        from faeriell.engine.saves import read_save
    except ImportError:
        raise FileServiceError("Loading saves is not available in this build yet.") from None
    path = Path(str(path).strip()).expanduser()
    if not os.path.lexists(path):
        raise FileServiceError(f"No such file: {clip(path)}")
    problem = why_not_readable(path, "save")   # a folder, a pipe, a device, too large
    if problem:
        raise FileServiceError(f"Could not load the save: {problem}")
    try:
        return read_save(rules, str(path))
    except Exception as e:                 # SaveError names what is wrong with the file
        raise FileServiceError(f"Could not load {clip(path.name, 80)}: {clip(e, 1000)}") from e


def save_info(path: Path) -> dict:
    """What a save tells cheaply, without replaying it: {'when' (datetime or None), 'mode',
    'players', 'difficulty', 'round', 'moves', 'scenario', 'readable'}."""
    info = {"when": None, "mode": "", "players": None, "difficulty": "", "round": None, "moves": None,
            "scenario": False, "readable": False}
    try:
        st = path.stat()
        info["when"] = datetime.fromtimestamp(st.st_mtime)
        if st.st_size >= 4_000_000:
            return info
        data = parse_json(read_text(path, "save"))     # a pipe or device is refused, unread
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return info
    if not (isinstance(data, dict) and isinstance(data.get("origin"), dict)):
        return info
    o = data["origin"]
    setup = o.get("setup") if o.get("kind") == "position" and isinstance(o.get("setup"), dict) else o
    n = setup.get("players")
    info.update(mode=str(setup.get("mode") or ""), players=n if isinstance(n, int) else None,
                difficulty=str(setup.get("difficulty") or "").replace("_", " "),
                scenario=o.get("kind") == "position", readable=True)
    snap = data.get("snapshot") if isinstance(data.get("snapshot"), dict) else {}
    if isinstance(snap.get("round"), int):
        info["round"] = snap["round"]
    if isinstance(data.get("actions"), list):
        info["moves"] = len(data["actions"])
    return info


def _when(stamp: datetime | None, short: bool) -> str:
    if stamp is None:
        return "?"
    if short:
        return stamp.strftime("%H:%M" if stamp.date() == datetime.now().date() else "%d %b")
    return stamp.strftime("%d %b %Y %H:%M")


def describe_save(path: Path, short: bool = False) -> str:
    """'30 Nov 2026 14:03 · Full Coop · 2 players · medium · round 3 · 41 moves' (short: fewer words)."""
    info = save_info(path)
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
    return " · ".join(bits)


NOT_SAVES = {"settings.json"}


def list_saves(folder: Path | None = None) -> list[tuple[str, str, str]]:
    """(path, title, description) of every save, newest first: named saves (saves/), every game's
    autosave (autosaves/) and loose *.json files of the data folder (older versions' saves).
    With `folder`, only the *.json files in it."""
    try:
        if folder is not None:
            found = [(p, None) for p in Path(folder).glob("*.json")]
        else:
            from faeriell.ui.session import autosave_dir
            found = ([(p, "named") for p in saves_dir().glob("*.json")]
                     + [(p, "auto") for p in autosave_dir().glob("*.json")]
                     + [(p, "auto" if p.name == "autosave.json" else None) for p in data_dir().glob("*.json")
                        if p.name not in NOT_SAVES])
        dated = []
        for p, kind in found:
            try:
                dated.append((p.stat().st_mtime, p, kind))
            except OSError:
                pass
    except OSError:
        return []
    dated.sort(key=lambda t: t[0], reverse=True)
    out = []
    for _, p, kind in dated[:200]:
        if kind == "auto":
            title = "Autosave" + (f" · game of {_game_start(p.stem)}" if _game_start(p.stem) else "")
        else:
            title = p.stem
        out.append((str(p), title, describe_save(p)))
    return out


def _game_start(game_id: str) -> str:
    """'30 Nov 20:15' from a game id made by session.new_game_id ('' for another name)."""
    try:
        return datetime.strptime(game_id[:19], "%Y-%m-%d_%H-%M-%S").strftime("%d %b %H:%M")
    except ValueError:
        return ""


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
        except Exception:                  # an unreadable file still lists; opening it will say why
            pass
        _PUZZLE_INFO[key] = info
    return info


def practice_items(progress=None) -> list[tuple[str, str, str]]:
    """The Practice list: the puzzle path only (rule-test scenarios are not puzzles), a heading row
    per theme (key "") with how many are solved, then its puzzles, easiest first, solved marked."""
    from faeriell.puzzle_progress import PuzzlePath, default_progress
    solved = (progress or default_progress()).solved()
    items = []
    for title, entries in PuzzlePath.load(ROOT / "data" / "puzzles").groups():
        done = sum(1 for e in entries if e.id in solved)
        items.append(("", title.upper(), f"{done} of {len(entries)} solved"))
        for e in entries:
            about = " · ".join(x for x in (e.level_name, e.story or (e.goal and "Goal: " + e.goal)) if x)
            items.append((e.path, ("Solved · " if e.id in solved else "") + e.name, about))
    return items


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
    except Exception as e:                 # ScenarioError names file, line and field
        raise FileServiceError(clip(e, 1000)) from e
    return sc, game


# ------------------------------------------------------------------------------------ modals
class Modal:
    """A centred panel over a dimmed screen that takes all input until closed."""

    title = ""
    first_focus: int | None = None          # the control in keyboard focus when it opens (None: none yet)

    def __init__(self, screen_size: tuple[int, int], size: tuple[int, int]):
        self.want = size
        self.closed = False
        self.keys = KeyFocus(self.first_focus)   # Tab / arrows / Enter / Space (key_focus.py)
        self.root = W.Container(pygame.Rect(0, 0, 1, 1))
        self.resize(screen_size)

    def resize(self, screen_size) -> None:
        sw, sh = screen_size
        w, h = min(self.want[0], sw - 20), min(self.want[1], sh - 20)
        self.rect = pygame.Rect((sw - w) // 2, (sh - h) // 2, max(1, w), max(1, h))
        self.root = W.Container(self.rect)
        self.layout()

    def layout(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True

    def find(self, wid: str):
        return self.root.find(wid)

    def screen_rect(self, wid: str):
        return self.root.screen_rect(wid)

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            field = self.root.focused_field()
            if field is not None:
                field.blur()
            else:
                self.close()
            return True
        if self.keys.handle(ev, self.root):
            return True
        self.root.handle(ev)
        return True

    def draw(self, surf) -> None:
        W.shade(surf, 140)
        W.panel(surf, self.rect, self.title)
        self.root.draw(surf)
        self.keys.draw(surf, self.root)


class Menu(Modal):
    """The table's Esc menu: a column of buttons [(id, label, callback)]; Esc resumes."""

    title = "Menu"
    first_focus = 0                         # Resume: Enter at once goes back to the game

    def __init__(self, screen_size, items: list[tuple[str, str, Callable[[], None]]], note: str = "",
                 title: str | None = None, width: int = 340):
        self.items = items
        self.note = note
        if title is not None:
            self.title = title
        h = 66 + 54 * len(items) + (44 if note else 10)
        super().__init__(screen_size, (width, h))

    def layout(self) -> None:
        r = self.rect
        y = r.y + 56
        # a short window: the buttons close up rather than run off the panel
        room = r.height - 56 - (44 if self.note else 10)
        step = max(30, min(54, room // max(1, len(self.items))))
        for wid, label, fn in self.items:
            self.root.add(W.Button((r.x + 30, y, r.width - 60, step - 10), label, self._run(fn), id=wid,
                                   primary=(wid == "resume")))
            y += step
        if self.note:
            self.root.add(W.Label(pygame.Rect(r.x + 24, y + 2, r.width - 48, 36), self.note, 16, W.MUTED,
                                  wrap_text=True))

    def _run(self, fn):
        def go():
            self.close()
            fn()
        return go


class MessageBox(Modal):
    def __init__(self, screen_size, title: str, text: str, width: int = 520):
        self.title = title
        self.text = text
        width = min(width, max(520, screen_size[0] - 40))
        super().__init__(screen_size, (width, 110 + W.wrapped_height(text, width - 50, 19) + 60))

    def layout(self) -> None:
        r = self.rect
        self.root.add(W.Label(pygame.Rect(r.x + 24, r.y + 56, r.width - 48, r.height - 120), self.text, 19,
                              W.TEXT, wrap_text=True))
        self.root.add(W.Button((r.centerx - 60, r.bottom - 56, 120, 40), "OK", self.close, id="ok", primary=True))

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return True
        return super().handle(ev)


class AskText(Modal):
    """Ask for one line of text (a save's name): type and press Enter, or Enter at once to take
    the suggestion shown in grey. on_ok(text) returns None when done, else the reason (it stays)."""

    def __init__(self, screen_size, title: str, prompt: str, suggestion: str,
                 on_ok: Callable[[str], str | None], ok_label: str = "OK"):
        self.title, self.prompt, self.suggestion = title, prompt, suggestion
        self.on_ok, self.ok_label = on_ok, ok_label
        self.message = ""
        self.text = ""
        super().__init__(screen_size, (560, 250))

    def layout(self) -> None:
        r = self.rect
        self.root.add(W.Label(pygame.Rect(r.x + 24, r.y + 52, r.width - 48, 26), self.prompt, 19, W.TEXT))
        self.field = self.root.add(W.TextField((r.x + 24, r.y + 84, r.width - 48, 38), self.text,
                                               on_submit=lambda _t: self._ok(), id="name",
                                               on_change=lambda t: setattr(self, "text", t),
                                               placeholder=self.suggestion, max_len=60))
        self.field.focused = True
        self.root.add(W.Button((r.right - 250, r.bottom - 58, 110, 40), self.ok_label, self._ok, id="ok",
                               primary=True))
        self.root.add(W.Button((r.right - 130, r.bottom - 58, 110, 40), "Cancel", self.close, id="cancel"))
        self.msg_rect = pygame.Rect(r.x + 24, r.y + 128, r.width - 48, 40)

    def _ok(self) -> None:
        text = self.text.strip() or self.suggestion
        try:
            reason = self.on_ok(text)
        except Exception as e:          # show it, stay open
            log.debug("ask text failed", exc_info=True)
            reason = f"{type(e).__name__}: {e}"
        if reason:
            self.message = reason
        else:
            self.close()

    def handle(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.close()                   # Esc cancels at once, even while typing
            return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._ok()
            return True
        return super().handle(ev)

    def draw(self, surf) -> None:
        super().draw(surf)
        if self.message:
            W.draw_wrapped(surf, self.message, self.msg_rect, 17, W.ERROR, max_lines=2)


class FileDialog(Modal):
    """Pick a file: a list (`lister()` -> [(path, title, detail)]) plus a path field.

    on_open(path) returns None when the file was opened, else the reason to show (the dialog stays).
    """

    def __init__(self, screen_size, title: str, lister: Callable[[], list], on_open: Callable[[str], str | None],
                 open_label: str = "Open", empty_text: str = "No files yet", hint: str = ""):
        self.title = title
        self.lister = lister
        self.on_open = on_open
        self.open_label = open_label
        self.empty_text = empty_text
        self.hint = hint
        self.message = ""
        self.path_text = ""
        self.items = []
        try:
            self.items = lister()
        except Exception as e:          # an unreadable folder: say so, keep the path field usable
            self.message = f"Could not list the files: {e}"
        super().__init__(screen_size, (720, 560))

    def layout(self) -> None:
        r = self.rect
        list_h = max(60, r.height - 56 - 130)
        self.listbox = self.root.add(W.ListBox((r.x + 20, r.y + 52, r.width - 40, list_h), self.items,
                                               on_select=self._selected, on_activate=self._open_path,
                                               id="files", empty_text=self.empty_text))
        y = r.y + 52 + list_h + 10
        self.field = self.root.add(W.TextField((r.x + 20, y, r.width - 40, 36), self.path_text,
                                               on_submit=self._open_path, id="path",
                                               placeholder=self.hint or "or type a file path here"))
        y += 46
        self.root.add(W.Button((r.right - 250, y, 110, 40), self.open_label, self._open_clicked, id="open",
                               primary=True))
        self.root.add(W.Button((r.right - 130, y, 110, 40), "Cancel", self.close, id="cancel"))
        self.msg_rect = pygame.Rect(r.x + 20, y, r.width - 290, 44)

    def resize(self, screen_size) -> None:
        if hasattr(self, "field"):
            self.path_text = self.field.text
        super().resize(screen_size)

    def _selected(self, path) -> None:
        self.field.text = str(path)
        self.message = ""

    def _open_clicked(self) -> None:
        self._open_path(self.field.text)

    def _open_path(self, path) -> None:
        path = str(path or "").strip()
        if not path:
            self.message = "Choose a file in the list or type its path."
            return
        try:
            reason = self.on_open(path)
        except Exception as e:          # the opener failed in an unexpected way: show it, stay open
            log.debug("open failed", exc_info=True)
            reason = f"{type(e).__name__}: {e}"
        if reason:
            self.message = reason
        else:
            self.close()

    def draw(self, surf) -> None:
        super().draw(surf)
        if self.message:
            W.draw_wrapped(surf, self.message, self.msg_rect, 17, W.ERROR, max_lines=2)


class Toast:
    """A short message at the bottom of the screen that fades after `seconds`."""

    def __init__(self):
        self.text = ""
        self.until = 0.0
        self.error = False

    def show(self, text: str, seconds: float = 4.0, error: bool = False) -> None:
        self.text, self.until, self.error = str(text), time.monotonic() + seconds, error

    def active(self) -> bool:
        return bool(self.text) and time.monotonic() < self.until

    def update(self) -> bool:
        if self.text and time.monotonic() >= self.until:
            self.text = ""
            return True
        return False

    def draw(self, surf, bottom_margin: int = 16) -> None:
        if not self.active():
            return
        sw, sh = surf.get_size()
        fnt = W.font(20)
        lines = W.wrap(fnt, self.text, min(900, sw - 80))[:4]
        w = max(fnt.size(line)[0] for line in lines) + 28
        h = len(lines) * fnt.get_linesize() + 16
        r = pygame.Rect((sw - w) // 2, sh - h - bottom_margin, w, h)
        pygame.draw.rect(surf, (120, 30, 36) if self.error else (24, 28, 40), r, border_radius=8)
        pygame.draw.rect(surf, W.ACCENT, r, 1, border_radius=8)
        for k, line in enumerate(lines):
            surf.blit(fnt.render(line, True, W.TEXT), (r.x + 14, r.y + 8 + k * fnt.get_linesize()))

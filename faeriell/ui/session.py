"""A game being played at the table: the engine game plus seats, autosave, undo and a change
counter the views watch. No pygame here: the table and the tests both drive a Session.

The Session decides no rule: it asks the engine (legal_actions / why_not / apply).
"""
from __future__ import annotations

import logging
import os
import secrets
from datetime import datetime
from pathlib import Path
from typing import Callable

from faeriell.engine import Action, Game, IllegalAction

log = logging.getLogger(__name__)


def user_data_dir() -> Path:
    """Where autosaves and saves live (XDG on Linux, the usual folders elsewhere)."""
    base = os.environ.get("FAERIELL_DATA") or os.environ.get("XDG_DATA_HOME")
    if base:
        root = Path(base)
    elif os.name == "nt":
        root = Path(os.environ.get("APPDATA", Path.home()))
    else:
        root = Path.home() / ".local" / "share"
    path = root / "faeriell" if not os.environ.get("FAERIELL_DATA") else root
    path.mkdir(parents=True, exist_ok=True)
    return path


AUTOSAVES = "autosaves"


def new_game_id() -> str:
    """A name for one game's autosave: when it began, plus a few random letters (two games
    started in the same second still get their own file)."""
    return datetime.now().strftime("%Y-%m-%d_%H-%M-%S") + "-" + secrets.token_hex(2)


def autosave_dir() -> Path:
    return user_data_dir() / AUTOSAVES


class Session:
    def __init__(self, game: Game, seats: list[str] | None = None, autosave: bool = True,
                 game_id: str | None = None, opened_from_save: bool = False) -> None:
        self.game = game
        self.game_id = game_id or new_game_id()     # its autosave is autosaves/<game_id>.json
        self.opened_from_save = opened_from_save    # loaded or continued (hot-seat opens behind the curtain)
        self.seats = seats or ["human"] * game.state.players     # "human" or a bot level
        self.autosave_enabled = autosave
        self.version = 0                      # bumps on every change; views redraw on a new one
        self._legal: tuple[int, list[Action]] | None = None
        self.listeners: list[Callable[[str, Action | None], None]] = []
        self.last_error: str | None = None
        self._undo = None                  # (version, game, undo available?)

    # ---- what the engine says --------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    @property
    def acting(self) -> int | None:
        return self.game.acting

    def legal(self) -> list[Action]:
        if self._legal is None or self._legal[0] != self.version:
            self._legal = (self.version, self.game.legal_actions())
        return self._legal[1]

    def legal_of(self, kind: str, **fields) -> list[Action]:
        out = []
        for a in self.legal():
            if a.kind == kind and all(a.get(k) == v for k, v in fields.items()):
                out.append(a)
        return out

    def why_not(self, action: Action) -> str | None:
        return self.game.why_not(action)

    def undo_available(self) -> bool:
        """Can the player who acts now take back a move (BGA's policy, engine/undo.py)? Asked
        once per change of the game: it replays a shadow game."""
        if self._undo is None or self._undo[0] != self.version or self._undo[1] is not self.game:
            from faeriell.engine.undo import undo_points
            try:
                ok = undo_points(self.game) > 0
            except Exception:          # noqa: BLE001 - a game that cannot be replayed: no undo
                ok = False
            self._undo = (self.version, self.game, ok)
        return self._undo[2]

    def is_human_turn(self) -> bool:
        i = self.acting
        return i is not None and self.seats[i] == "human"

    # ---- changing the game -----------------------------------------------------------------
    def apply(self, action: Action) -> str | None:
        """Perform the action; None when done, else the engine's reason (nothing changed)."""
        before_turn = (self.state.round, self.state.lap, self.state.active)
        try:
            self.game.apply(action)
        except IllegalAction as e:
            self.last_error = e.reason
            return e.reason
        self.last_error = None
        self.version += 1
        self._notify("apply", action)
        if self.autosave_enabled and (before_turn != (self.state.round, self.state.lap, self.state.active)
                                      or self.state.game_over):
            self.autosave()
        return None

    def undo(self) -> str | None:
        from faeriell.engine.undo import undo, why_not_undo
        reason = why_not_undo(self.game, 1)       # the engine's own words (BGA's policy)
        if reason:
            return reason
        try:
            self.game = undo(self.game, 1)
        except Exception as e:          # UndoError carries the reason
            return str(e)
        self.version += 1
        self._notify("undo", None)
        return None

    def replace_game(self, game: Game, game_id: str | None = None) -> None:
        """Another game at this table (a load): from now on it autosaves under its own name."""
        self.game = game
        self.game_id = game_id or new_game_id()
        self.opened_from_save = True
        self.version += 1
        self._notify("load", None)

    # ---- saving ----------------------------------------------------------------------------
    def autosave_path(self) -> Path:
        """This game's own autosave: one file per game, never another game's."""
        return autosave_dir() / f"{self.game_id}.json"

    def autosave(self) -> None:
        try:
            from faeriell.engine.saves import write_save
            path = self.autosave_path()
            path.parent.mkdir(parents=True, exist_ok=True)
            write_save(self.game, str(path))
        except Exception as e:          # an autosave must never stop play
            log.warning("autosave failed: %s", e)

    def _notify(self, what: str, action: Action | None) -> None:
        for fn in list(self.listeners):
            fn(what, action)

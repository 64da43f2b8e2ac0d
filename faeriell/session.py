"""A game being played at the table: the engine game plus seats, autosave, undo and a change
counter the views watch. No pygame here: the table, the tutorial (tutorial/session.py), the
tests and the benchmarks all drive a Session; it stands on the floor without a window.

The Session decides no rule: it asks the engine (legal_actions / why_not / apply).
"""
from __future__ import annotations

import errno
import logging
import os
import secrets
import weakref
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING
from collections.abc import Callable, Sequence

from faeriell import bots
from faeriell.engine import Action, Game, IllegalAction
from faeriell.engine.saves import seats_record

if TYPE_CHECKING:                         # the types only: the tutorial's modules import this one
    from faeriell.tutorial.lesson import Lesson
from faeriell.engine.undo import UndoError, undo, undo_points, why_not_undo

from faeriell.storage import saves
from faeriell.storage.claims import GameClaim, claim_game, game_key_of
from faeriell.storage.folders import DataDirError, autosave_dir

log = logging.getLogger(__name__)

# The games this window holds, by claim key: (the claim, the session that owns it). A game opened
# again in this same window (Continue, a load of the game at hand) takes the claim over from the
# table that had it: it is not "another window", only one owner per game.
_HELD: dict[str, tuple[GameClaim, weakref.ReferenceType[Session]]] = {}


def new_game_id() -> str:
    """A name for one game's autosave: when it began, plus a few random letters (two games
    started in the same second still get their own file)."""
    return datetime.now().strftime("%Y-%m-%d_%H-%M-%S") + "-" + secrets.token_hex(2)


def _reason(e: BaseException) -> str:
    """An autosave failure in a player's words: 'No space left on device', 'Permission denied'."""
    if isinstance(e, DataDirError):
        return str(e)
    if isinstance(e, OSError) and e.strerror:
        where = os.path.dirname(e.filename) if isinstance(e.filename, str) else ""
        return f"{e.strerror}" + (f" ({where})" if where else "")
    return str(e) or type(e).__name__


class Session:
    # What the table reads of every session; a guided chapter (tutorial/session.py), a puzzle or a
    # drill sets its own (the app fills scenario / trainer / drill when it opens one).
    tutorial: Lesson | None = None    # the chapter's Lesson (TutorialSession)
    scenario = None                   # a puzzle's scenario (faeriell.scenario.Scenario)
    trainer = None                    # a rated puzzle's practice.trainer.Trainer
    rated_counted: set | None = None  # the rated puzzles already counted in this sitting
    drill = None                      # a drill of the player's own key moment, and its book
    drill_book = None
    drill_tries = 0                   # the drill's tries so far, and whether its result is filed
    drill_recorded = False
    back_to: tuple | None = None      # (screen, keywords) the table's "Back to Practice" returns to
    offers_undo = True                # the table keeps Undo's place (greyed while nothing can be taken back)
    coach: bool | None = None         # the coach at your elbow for this game (None: as in Settings)

    def __init__(self, game: Game, seats: list[str] | None = None, autosave: bool = True,
                 game_id: str | None = None, opened_from_save: bool = False) -> None:
        self.game = game
        self.game_id = game_id or new_game_id()     # its autosave is autosaves/<game_id>.json
        self.opened_from_save = opened_from_save    # loaded or continued (hot-seat opens behind the curtain)
        self.seats = seats or ["human"] * game.state.players     # "human" or a bot level
        self.autosave_enabled = autosave
        self.version = 0                      # bumps on every change; views redraw on a new one
        self._legal: tuple[int, Sequence[Action]] | None = None   # the engine's lazy list, per version
        self.listeners: list[Callable[[str, Action | None], None]] = []
        self.last_error: str | None = None
        self._undo: tuple[int, Game, bool] | None = None   # (version, game, undo available?)
        self.autosave_problem: str | None = None   # why the last autosave failed (None: it worked)
        self.autosave_file: Path | None = None     # where autosaves go when the player chose
        self._claim: GameClaim | None = None   # the lock that says this window plays this game
        self.practice_kept = False         # the end screen filed this game in the practice files
        self.practice_notes: list[str] = []   # ... and what it said about them
        self._seats_before = self._played_before(game)               # as the save said
        self.humans_played: set[int] = set(self._seats_before)      # seats a person made a move for
        self._person_moves: list[tuple[int, int]] = []   # (history length before, seat) of a person's moves here

    @staticmethod
    def _played_before(game: Game) -> set[int]:
        """The seats a person played before this game was opened, as its save says; none when the
        save does not say (an older save): only moves made here then count as a person's."""
        saved = getattr(game, "saved_seats", None)
        return set(saved["humans_played"]) if saved else set()

    def seat_record(self) -> dict:
        """Who played each seat, for a save (engine.saves.seats_record)."""
        return seats_record(self.seats, self.humans_played)

    def credited_seats(self) -> list[str]:
        """The seats as the statistics and the ladder see them: "human" only where a person made
        a move; a seat a person holds but never played (a finished save opened here, a game bots
        played before it was loaded) is "unplayed"."""
        return ["human" if i in self.humans_played else (k if k != "human" else "unplayed")
                for i, k in enumerate(self.seats)]

    # ---- one game, one window --------------------------------------------------------------
    def claim(self) -> bool:
        """Hold this game's lock (storage.claims.claim_game) before its autosave is written: False when
        another window plays it (then nothing of that window's is overwritten)."""
        key = game_key_of(self.game_id, self.autosave_file)
        if self._claim is not None and self._claim.key == key and self.owns_claim():
            return True
        if self.state.game_over:             # a game that ended is open nowhere: no move goes into its file
            self.release()
            return True
        self.release()
        held = _HELD.get(key)
        if held is not None:                 # this window holds it already: the claim changes hands
            self._claim = held[0]
        else:
            self._claim = claim_game(key)
            if self._claim is None:
                return False
        _HELD[key] = (self._claim, weakref.ref(self))
        return True

    def owns_claim(self) -> bool:
        """This session, not another table of this window, plays its game."""
        claim = self._claim
        held = _HELD.get(claim.key) if claim is not None else None
        return held is not None and held[0] is claim and held[1]() is self

    def release(self) -> None:
        """Let the game go (a claim another table of this window took over stays with it)."""
        if self._claim is not None:
            if self.owns_claim():
                del _HELD[self._claim.key]
                self._claim.release()
            self._claim = None

    def play_as_copy(self) -> None:
        """Go on under a name of its own (the game is open in another window)."""
        self.release()
        self.game_id = new_game_id()
        self.autosave_file = None

    # ---- what the engine says --------------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    @property
    def acting(self) -> int | None:
        return self.game.acting

    def legal(self) -> Sequence[Action]:
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

    def refusal(self, action: Action) -> str | None:
        """Why this table refuses `action` before the engine is asked (a guided step: its own
        words); None here: the engine decides alone."""
        return None

    def engine_legal(self) -> Sequence[Action]:
        """Every move the engine allows now (the same as legal() but in a guided chapter)."""
        return self.legal()

    def step_reason(self) -> str | None:
        """What a guided step says to any move but its own; None: no step narrows the moves."""
        return None

    def undo_available(self) -> bool:
        """Can the player who acts now take back a move (BGA's policy, engine/undo.py)? Asked
        once per change of the game (the policy reads the game's history)."""
        if self._undo is None or self._undo[0] != self.version or self._undo[1] is not self.game:
            self._undo = (self.version, self.game, undo_points(self.game) > 0)
        return self._undo[2]

    def is_human_turn(self) -> bool:
        i = self.acting
        return i is not None and self.seats[i] == "human"

    # ---- changing the game -----------------------------------------------------------------
    def apply(self, action: Action, person: bool = True) -> str | None:
        """Perform the action; None when done, else the engine's reason (nothing changed).
        `person`: False for a move no person chose (a bot's, a puzzle's recorded line): it never
        makes its seat one a person played (humans_played)."""
        before_turn = (self.state.round, self.state.lap, self.state.active)
        mover = self.acting
        try:
            self.game.apply(action)
        except IllegalAction as e:
            self.last_error = e.reason
            return e.reason
        self.last_error = None
        if person and mover is not None and 0 <= mover < len(self.seats) and self.seats[mover] == "human":
            self.humans_played.add(mover)
            self._person_moves.append((len(self.game.history) - 1, mover))
        self.version += 1
        self._notify("apply", action)
        if self.autosave_enabled and (before_turn != (self.state.round, self.state.lap, self.state.active)
                                      or self.state.game_over):
            self.autosave()
        return None

    def undo(self) -> str | None:
        reason = why_not_undo(self.game, 1)       # the engine's own words (BGA's policy)
        if reason:
            return reason
        try:
            self.game = undo(self.game, 1)
        except UndoError as e:          # the game cannot be replayed from its origin
            return e.reason
        # a person's move taken back no longer makes the seat theirs (issue 40's leftover)
        kept = len(self.game.history)
        self._person_moves = [(k, seat) for k, seat in self._person_moves if k < kept]
        self.humans_played = self._seats_before | {seat for _k, seat in self._person_moves}
        self.version += 1
        self._notify("undo", None)
        return None

    def set_seat(self, player: int, level: str) -> str | None:
        """Hand a seat to a person ("human") or a bot level, mid-game; None when done, else why
        not. The game itself is untouched; the table and the bot driver follow the new seat."""
        if not (isinstance(player, int) and 0 <= player < len(self.seats)):
            return f"There is no seat {player!r} at this table."
        if level != "human" and level not in bots.LEVELS:
            return f"{level!r} is not a bot level (known: human, {', '.join(bots.LEVELS)})."
        if self.seats[player] == level:
            return None
        self.seats[player] = level
        self.version += 1
        self._notify("seats", None)
        return None

    def replace_game(self, game: Game, game_id: str | None = None) -> None:
        """Another game at this table (a load): from now on it autosaves under its own name."""
        self.release()
        self.game = game
        self.game_id = game_id or new_game_id()
        self.autosave_file = None        # "Save elsewhere" was for the game before this one
        self.opened_from_save = True
        self._seats_before = self._played_before(game)
        self.humans_played = set(self._seats_before)
        self._person_moves = []
        self.version += 1
        self._notify("load", None)

    # ---- saving ----------------------------------------------------------------------------
    def autosave_path(self) -> Path:
        """This game's own autosave: one file per game, never another game's; or the file the
        player chose with "Save elsewhere" after an autosave failed."""
        if self.autosave_file is not None:
            return self.autosave_file
        return autosave_dir() / f"{self.game_id}.json"

    def autosave(self) -> bool:
        """Save after a turn. A failure never stops play, but it is not silent either: the table
        shows `autosave_problem` until an autosave works again (each turn tries again), and the
        last good save stays as it was (write_save replaces it only with a whole new file)."""
        if self._claim is not None and not self.owns_claim():
            return True                      # a newer table of this window plays this game and saves it
        try:
            if not self.claim():
                raise OSError(errno.EBUSY, "this game is open in another window")
            path = self.autosave_path()
            path.parent.mkdir(parents=True, exist_ok=True)
            saves.write_save(self.game, str(path), seats=self.seat_record())
        except (OSError, ValueError) as e:   # a full disk, no folder, a lock held elsewhere (OSError);
            # a save the format refuses (SaveError, UnsafeFile: ValueErrors): play goes on, the notice says why
            problem = _reason(e)
            if problem != self.autosave_problem:
                log.warning("autosave failed: %s", problem)
            self.autosave_problem = problem
            return False
        self.autosave_problem = None
        if self.state.game_over:
            self.release()                   # a game that ended is open nowhere: its file no longer changes
        return True

    def _notify(self, what: str, action: Action | None) -> None:
        for fn in list(self.listeners):
            fn(what, action)

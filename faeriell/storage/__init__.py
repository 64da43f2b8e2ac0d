"""Every file the game keeps, and the file services the screens use: one module per concern.
No pygame here. Lowest first (a module imports only those above it):

    folders     the data folder, its saves/, autosaves/, locks/ and the names kept there
    atomic      atomic_write (a file whole or not at all), set_aside (a damaged file kept as NAME.bad)
    locks       FileLock, and update_json: the read-merge-write of a file several windows share
    tempfiles   remove_stale_temp_files: what writes killed mid-way left behind
    claims      claim_game: one game, one window (a lock in locks/), remove_stale_locks
    background  Background: a worker thread reading file headers off the UI thread
    headers     save_header: what a save says from its ends, and describe_save's words
    listing     list_saves, autosave_files, latest_autosave: which saves there are
    saves       save_game, why_not_replace, load_game, write_save, save names; FileServiceError
    seats       remember_seats / recall_seats: who plays each seat of a game
    puzzles     list_puzzles, puzzle_info, load_puzzle: the puzzle files on disk

Reading goes through faeriell/safe_read.py (regular files only, a size limit per kind, bounded JSON).

Import a name from the module that owns it (`from faeriell.storage.saves import save_game`), and
patch it there in a test: the names below are re-exported for branches written before the split
only, and patching one of them changes nothing the owning module does
(tests/test_storage_modules.py keeps the package's own code off them).
"""
from __future__ import annotations

from faeriell.storage.atomic import NEW_FILE_MODE, WriteRefused, atomic_write, set_aside
from faeriell.storage.background import LIST_WAIT_S, Background
from faeriell.storage.claims import GameClaim, claim_game, game_key_of, remove_stale_locks
from faeriell.storage.folders import (AUTOSAVES, LOCKS, PROGRESS_FILE, SAVES, SEATS_FILE, SETTINGS_FILE, DataDirError,
                                      autosave_dir, data_dir, game_id_of, saves_dir, user_data_dir)
from faeriell.storage.headers import HEAD_BYTES, MODE_NAMES, TAIL_BYTES, describe_save, save_header, save_info
from faeriell.storage.listing import NOT_SAVES, autosave_files, autosave_path, has_autosave, latest_autosave, list_saves
from faeriell.storage.locks import LOCK_WAIT_S, FileLock, drop_unwritable, update_json
from faeriell.storage.puzzles import ROOT, list_puzzles, load_puzzle, puzzle_dirs, puzzle_info
from faeriell.storage.saves import (MAX_NAME_BYTES, FileServiceError, clean_save_name, cut_bytes, load_game,
                                    named_save_path, now_stamp, save_game, suggest_save_name, timestamped_save_path,
                                    why_not_replace, write_save)
from faeriell.storage.seats import SEATS_KEPT, recall_seats, remember_seats
from faeriell.storage.tempfiles import LEGACY_TMP, remove_stale_temp_files

__all__ = [
    "AUTOSAVES", "LOCKS", "PROGRESS_FILE", "SAVES", "SEATS_FILE", "SETTINGS_FILE", "DataDirError", "autosave_dir",
    "data_dir", "game_id_of", "saves_dir", "user_data_dir",
    "NEW_FILE_MODE", "WriteRefused", "atomic_write", "set_aside",
    "LOCK_WAIT_S", "FileLock", "drop_unwritable", "update_json",
    "LEGACY_TMP", "remove_stale_temp_files",
    "GameClaim", "claim_game", "game_key_of", "remove_stale_locks",
    "LIST_WAIT_S", "Background",
    "HEAD_BYTES", "MODE_NAMES", "TAIL_BYTES", "describe_save", "save_header", "save_info",
    "NOT_SAVES", "autosave_files", "autosave_path", "has_autosave", "latest_autosave", "list_saves",
    "MAX_NAME_BYTES", "FileServiceError", "clean_save_name", "cut_bytes", "load_game", "named_save_path", "now_stamp",
    "save_game", "suggest_save_name", "timestamped_save_path", "why_not_replace", "write_save",
    "SEATS_KEPT", "recall_seats", "remember_seats",
    "ROOT", "list_puzzles", "load_puzzle", "puzzle_dirs", "puzzle_info",
]

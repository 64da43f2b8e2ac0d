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

Reading goes through faeriell/safe_read.py (regular files only, a size limit per kind, bounded JSON).

Import a name from the module that owns it (`from faeriell.storage.saves import save_game`), and
patch it there in a test: the package itself re-exports nothing, so there is one name to patch
(tests/test_storage_modules.py keeps it so).
"""

"""Who plays each seat of a game (a bot's level or a human), noted by the game's origin in the
data folder's seats.idx, so that any save of it reopens with the same bots. No pygame here."""
from __future__ import annotations

import json
import logging
import os

from faeriell.safe_read import clip, parse_json, read_text
from faeriell.storage.folders import SEATS_FILE, data_dir
from faeriell.storage.locks import update_json

log = logging.getLogger(__name__)
SEATS_KEPT = 100


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
        from faeriell.bots import LEVELS  # lazy: storage stays free of the bots (it reads only their level names)
        return [s if s in ("human",) + tuple(LEVELS) else "human" for s in saved["kinds"]]
    try:
        known = parse_json(read_text(data_dir() / SEATS_FILE, "index"))
        seats = known.get(_origin_key(game)) if isinstance(known, dict) else None
    except (OSError, ValueError):       # unreadable, or no JSON (safe_read.UnsafeFile is a ValueError)
        return None
    if not isinstance(seats, list) or len(seats) != game.state.players:
        return None
    from faeriell.bots import LEVELS  # lazy: storage stays free of the bots (it reads only their level names)
    return [s if s in ("human",) + tuple(LEVELS) else "human" for s in seats]

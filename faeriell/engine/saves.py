"""Saved games: how the game began plus every action, checked against a snapshot of the end state.

A save holds no state of its own: loading rebuilds the game from its origin (a new game's settings
and seed, or a written position) and replays every action through the rules (R36: one seeded
generator, so the same origin and actions give the same game). A snapshot of the final state - the
SHA-256 of its canonical JSON and a few readable fields - proves the replay arrived where the save
was made.

    {"format": "faeriell-save", "version": 2,
     "origin": {"kind": "new", "players": 2, "mode": "competitive", ...},
     "seats": {"kinds": ["human", "hard"], "humans_played": [1]},   # optional: who played each seat
     "actions": [{"action": "place_settlement", "region": "bear-forest"}, ...],
     "players_of_actions": [1, 2, ...],            # who made each action, numbered from 1
     "snapshot": {"hash": "<sha256>", "round": 3, "doom": 7, "active_player": 2}}

Players are numbered from 1 in the file, as in actions and state paths (SCENARIOS.md).
"seats" says who holds each seat ("human" or a bot level: the save reopens with the same bots) and
which seats a person made a move for; only those count for the player's statistics and ladder. It
is beside the replay, never in it (no hash covers it). A save without it (an older build), or with
one this build cannot read (seats_of), still loads, with its seats unknown: then only moves made
after it was opened are a person's, so a finished game opened from it credits nobody.
Pure Python: json, hashlib, os only.

Versions: 2 hashes the state without its log. The log is text told from the actions
(describe.narrate), so its wording may change without a new format. Version 1 hashed the log too,
in words this build no longer writes: a version 1 save still loads - every action replayed and
checked by the rules, round, Doom and the active player compared - but its hash cannot be worked
out again and is not compared. Actions are read through `action_schema.upgrade` (the spellings
an older build wrote, such as become_sower's "old>new", become the typed fields).
"""
from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from typing import Any

from faeriell.safe_read import MALFORMED, UnsafeFile, clip, decode, parse_json, read_bytes

from .action_schema import action_problem
from .actions import Action
from .core import Game, IllegalAction
from .position import build, PositionError
from .rules import Rules
from .setup import new_game, SetupError
from .state import GameState, to_dict

FORMAT = "faeriell-save"
VERSION = 2
READS = (1, 2)               # the versions this build loads (see the module's doc)
FIELDS = ("format", "version", "origin", "actions", "players_of_actions", "snapshot")
SNAPSHOT_FIELDS = ("hash", "round", "doom", "active_player")
MAX_ACTIONS = 50_000         # a long real game has a few thousand; more is junk that would replay for hours


class SaveError(ValueError):
    """A save that cannot be written or loaded; the message says exactly why."""

    def __init__(self, message: str) -> None:
        super().__init__(clip(message, 1500))      # never a whole huge value from the file


# ---------------------------------------------------------------- canonical form
def canonical_json(obj: Any) -> str:
    """One text for one value: sorted keys, no spaces, ASCII, no NaN."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def state_hash(state: GameState) -> str:
    """SHA-256 (hex) of the canonical JSON of `to_dict(state)` without the log (version 2)."""
    d: dict[str, Any] = to_dict(state)
    del d["log"]
    return hashlib.sha256(canonical_json(d).encode("ascii")).hexdigest()


def snapshot(game: Game) -> dict[str, Any]:
    s = game.state
    return {"hash": state_hash(s), "round": s.round, "doom": s.doom, "active_player": s.active + 1}


# ---------------------------------------------------------------- save
def seats_record(kinds: Iterable[object], humans_played: Iterable[int]) -> dict[str, Any]:
    """Who played each seat, as a save keeps it: `kinds` who holds each seat now ("human" or a
    bot level: the save reopens with the same bots), `humans_played` the seats a person made a
    move for (0-based here, numbered from 1 in the file, as players are everywhere in it)."""
    return {"kinds": [str(k) for k in kinds], "humans_played": sorted(int(i) + 1 for i in set(humans_played))}


def seats_of(data: Any, players: int) -> dict[str, Any] | None:
    """A save's record of its seats as {"kinds": [str], "humans_played": [0-based]}, or None when
    the save has none (older saves) or one this build cannot read: unknown, never guessed."""
    rec = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(rec, dict):
        return None
    kinds, played = rec.get("kinds"), rec.get("humans_played")
    if not (isinstance(kinds, list) and len(kinds) == players and all(isinstance(k, str) and len(k) <= 40
                                                                     for k in kinds)):
        return None
    if not (isinstance(played, list) and all(isinstance(p, int) and not isinstance(p, bool) and 1 <= p <= players
                                             for p in played)):
        return None
    return {"kinds": list(kinds), "humans_played": sorted({p - 1 for p in played})}


def save(game: Game, seats: dict[str, Any] | None = None) -> dict[str, Any]:
    """The save of `game` as a JSON-ready dict; `seats` (seats_record) says who played each seat."""
    if not game.origin or game.origin.get("kind") not in ("new", "position"):
        raise SaveError("this game has no recorded origin (new game or position), so it cannot be "
                        "saved as a replay")
    try:
        origin = json.loads(json.dumps(game.origin, allow_nan=False))
    except (TypeError, ValueError) as e:     # json.dumps: a value it cannot write, or NaN
        raise SaveError(f"the game's origin is not plain JSON data: {e}") from e
    actions = [h["action"].to_dict() for h in game.history]
    players = [None if h["player"] is None else h["player"] + 1 for h in game.history]
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, "origin": origin, "actions": actions,
            "players_of_actions": players, "snapshot": snapshot(game)}
    if seats is not None:
        data["seats"] = {"kinds": list(seats["kinds"]), "humans_played": list(seats["humans_played"])}
    return data


def dumps(game: Game, saved_at: str | None = None, seats: dict[str, Any] | None = None) -> str:
    """The save as JSON text: one action a line, so a save reads (and diffs) as a move list.
    `saved_at` (UTC, "2026-12-01T10:03:19Z") goes in the snapshot as the game's own record of
    when it was saved (Continue orders games by it, not by file times), and `over` (true) when
    the game has ended; the replay ignores both."""
    data = save(game, seats)
    if saved_at is not None:
        data["snapshot"]["saved_at"] = str(saved_at)
    if game.state.game_over:
        # read from the file's end without a replay: Continue never offers a game that ended
        data["snapshot"]["over"] = True
    head = {k: data[k] for k in ("format", "version", "origin", "seats") if k in data}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    lines.append(' "actions": [')
    acts = [json.dumps(a, ensure_ascii=False) for a in data["actions"]]
    lines.extend(f"  {a}{',' if k + 1 < len(acts) else ''}" for k, a in enumerate(acts))
    lines.append(" ],")
    lines.append(f' "players_of_actions": {json.dumps(data["players_of_actions"])},')
    lines.append(f' "snapshot": {json.dumps(data["snapshot"])}')
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- rebuild and replay
def rebuild(rules: Rules, origin: dict[str, Any]) -> Game:
    """A fresh game as it began: `new_game` from the settings, or the position built again."""
    if not isinstance(origin, dict):
        raise SaveError(f"field 'origin' must be an object, not {type(origin).__name__}")
    kind = origin.get("kind")
    try:
        if kind == "new":
            _need(origin, ("players", "mode", "difficulty", "variants", "seed"), "origin")
            _check_new_origin(origin)
            return new_game(rules, origin["players"], origin["mode"], origin["difficulty"],
                            list(origin["variants"] or ()), origin["seed"])
        if kind == "position":
            _need(origin, ("setup",), "origin")
            return build(rules, origin["setup"], origin.get("board"), origin.get("tribes"),
                         origin.get("turn"))
    except (SetupError, PositionError) as e:
        raise SaveError(f"origin: the game cannot be set up again: {clip(e)}") from e
    except SaveError:
        raise
    except (ValueError, KeyError, IndexError, OverflowError) as e:
        # a value the set-up cannot take (each shape is checked first: position.check_shapes)
        raise SaveError(f"origin: malformed ({type(e).__name__}: {clip(e)})") from e
    raise SaveError(f"origin.kind must be 'new' or 'position', not {clip(repr(kind), 60)}")


def _check_new_origin(origin: dict[str, Any]) -> None:
    """The settings of a new game: types first (the set-up checks the values)."""
    seed = origin["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise SaveError(f"origin.seed must be a whole number from 0 to 2^64-1, not "
                        f"{clip(repr(seed), 40)}")
    p = origin["players"]
    if not isinstance(p, int) or isinstance(p, bool):
        raise SaveError(f"origin.players must be a whole number, not {clip(repr(p), 40)}")
    for k in ("mode", "difficulty"):
        if not isinstance(origin[k], str):
            raise SaveError(f"origin.{k} must be text, not {clip(repr(origin[k]), 40)}")
    v = origin["variants"]
    if v is not None and (not isinstance(v, list) or not all(isinstance(x, str) for x in v)):
        raise SaveError(f"origin.variants must be a list of variant names, not {clip(repr(v), 60)}")
    unknown = set(origin) - {"kind", "players", "mode", "difficulty", "variants", "seed"}
    if unknown:
        raise SaveError(f"origin has unknown field {clip(repr(sorted(map(str, unknown))[0]), 40)}")


def replay(rules: Rules, origin: dict[str, Any], actions: Sequence[Any],
           players: Sequence[int | None] | None = None) -> Game:
    """Rebuild from `origin` and apply every action through the rules (never trusted).

    `actions` are Actions or their dicts; `players` (numbered from 1), when given, must name the
    player who acts at each step. Raises SaveError naming the first action that does not fit.
    """
    g = rebuild(rules, origin)
    total = len(actions)
    for k, raw in enumerate(actions):
        no = f"action {k + 1} of {total}"
        if not isinstance(raw, Action):
            problem = action_problem(raw)
            if problem:
                raise SaveError(f"{no} is malformed: {problem}")
        # action_problem let through only an object with an 'action' name and text field names
        action = raw if isinstance(raw, Action) else Action.from_dict(raw)
        acting = g.acting
        reason = g.why_not(action)
        if reason is not None or acting is None:
            raise SaveError(f"{no}, {action!r}, is not legal at its point: {reason}")
        if players is not None and players[k] is not None and players[k] != acting + 1:
            raise SaveError(f"{no}, {action!r}, is recorded as player {players[k]}'s but player "
                            f"{acting + 1} must act at that point")
        try:
            g.apply(action)
        except IllegalAction as e:
            raise SaveError(f"{no}, {action!r}, is not legal at its point: {e.reason}") from e
        except (RuntimeError, *MALFORMED) as e:   # a recorded action the engine cannot perform
            raise SaveError(f"{no}, {action!r}, failed while being replayed "
                            f"({type(e).__name__}: {e})") from e
    return g


def _need(d: dict[str, Any], keys: Iterable[str], where: str) -> None:
    for k in keys:
        if k not in d:
            raise SaveError(f"missing field '{k}' in {where}" if where else f"missing field '{k}'")


# ---------------------------------------------------------------- load
def parse(text: str | bytes) -> Any:
    """The JSON of a save, or SaveError saying where it breaks (nesting and numbers bounded); any
    JSON value (check_shape says whether it is a save's object)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = decode(bytes(text), "")
        except UnsafeFile as e:
            raise SaveError(f"not a Faeriell save: the file is {str(e).lstrip(':0123456789 ')}") from None
    if not text.strip():
        raise SaveError("not a Faeriell save: the file is empty")
    try:
        data = parse_json(text)
    except UnsafeFile as e:
        raise SaveError(f"not a Faeriell save: {e}") from None
    except json.JSONDecodeError as e:
        stripped = text.rstrip()
        cut = (" (the file looks truncated)" if stripped.startswith("{") and
               (e.pos >= len(stripped) or not stripped.endswith("}")) else "")
        raise SaveError(f"not a Faeriell save: invalid JSON at line {e.lineno}, column {e.colno}: "
                        f"{e.msg}{cut}") from e
    return data


def check_shape(data: Any) -> None:
    """Format, version and fields: SaveError for the first thing wrong."""
    if not isinstance(data, dict):
        raise SaveError(f"not a Faeriell save: expected a JSON object, found {type(data).__name__}")
    if "format" not in data:
        raise SaveError("not a Faeriell save: missing field 'format'")
    if data["format"] != FORMAT:
        raise SaveError(f"not a Faeriell save: format is {clip(repr(data['format']), 60)}, "
                        f"expected {FORMAT!r}")
    if "version" not in data:
        raise SaveError("missing field 'version'")
    v = data["version"]
    if not isinstance(v, int) or isinstance(v, bool) or v not in READS:
        raise SaveError(f"unsupported save version {clip(repr(v), 40)}: this build reads versions "
                        f"{', '.join(map(str, READS))}")
    _need(data, FIELDS, "")
    if not isinstance(data["actions"], list):
        raise SaveError("field 'actions' must be a list")
    if len(data["actions"]) > MAX_ACTIONS:
        raise SaveError(f"field 'actions' lists {len(data['actions'])} moves (a game has at most "
                        f"{MAX_ACTIONS})")
    for k, a in enumerate(data["actions"]):
        problem = action_problem(a)
        if problem:
            raise SaveError(f"action {k + 1} of {len(data['actions'])} is malformed: {problem}")
    pl = data["players_of_actions"]
    if not isinstance(pl, list) or len(pl) != len(data["actions"]):
        raise SaveError(f"field 'players_of_actions' must list one player per action "
                        f"({len(data['actions'])}), found "
                        f"{len(pl) if isinstance(pl, list) else type(pl).__name__}")
    for k, p in enumerate(pl):
        if p is not None and (not isinstance(p, int) or isinstance(p, bool)):
            raise SaveError(f"players_of_actions[{k}] must be a player number, not {clip(repr(p), 40)}")
    snap = data["snapshot"]
    if not isinstance(snap, dict):
        raise SaveError("field 'snapshot' must be an object")
    _need(snap, SNAPSHOT_FIELDS, "snapshot")
    if not isinstance(data["origin"], dict):
        raise SaveError("field 'origin' must be an object")
    _need(data["origin"], ("kind",), "origin")


def load(rules: Rules, data_or_text: Any) -> Game:
    """Rebuild a saved game: replay its actions from its origin and verify the snapshot.
    Raises SaveError and nothing else, whatever the file holds."""
    try:
        return _load(rules, data_or_text)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError("not a Faeriell save: nested too deeply") from None
    except MemoryError:
        raise SaveError("the save is too large to load") from None
    except Exception as e:  # noqa: BLE001 - the file boundary: a save must never crash the loader
        raise SaveError(f"the save cannot be loaded ({type(e).__name__}: {clip(e)})") from e


def _load(rules: Rules, data_or_text: Any) -> Game:
    data = parse(bytes(data_or_text) if isinstance(data_or_text, bytearray) else data_or_text) \
        if isinstance(data_or_text, (str, bytes, bytearray)) else data_or_text
    check_shape(data)
    g = replay(rules, data["origin"], data["actions"], data["players_of_actions"])
    want, got = data["snapshot"], snapshot(g)
    if data["version"] == 1:
        got = dict(got, hash=want.get("hash"))     # it hashed the old log's words (see above)
    if got != {k: want.get(k) for k in SNAPSHOT_FIELDS}:
        n = len(data["actions"])
        diffs = [f"{k} {want.get(k)!r} in the save but {got[k]!r} after replay"
                 for k in SNAPSHOT_FIELDS if k != "hash" and want.get(k) != got[k]]
        if want.get("hash") != got["hash"]:
            diffs.append(f"state hash {str(want.get('hash'))[:12]}... in the save but "
                         f"{got['hash'][:12]}... after replay")
        raise SaveError(f"snapshot mismatch: replaying the {n} actions does not reach the saved "
                        f"state ({'; '.join(diffs)})")
    g.saved_seats = seats_of(data, g.state.players)
    return g


def loads(rules: Rules, text: str | bytes) -> Game:
    return load(rules, text)


# ---------------------------------------------------------------- files
# Writing a save is faeriell/storage/saves.py's write_save (one atomic helper for every file the
# game writes); the engine only turns a game into text (dumps) and reads it back.


def read_save(rules: Rules, path: str | os.PathLike[str]) -> Game:
    """Load the save at `path`; a missing or corrupt file is refused with SaveError (read only)."""
    path = os.fspath(path)
    try:
        raw = read_bytes(path, "save")     # a regular file within the size limit, or refused
    except UnsafeFile as e:
        raise SaveError(str(e)) from None
    try:
        return load(rules, raw)
    except SaveError as e:
        hint = (f" (the previous save is kept in {path}.bak)"
                if os.path.isfile(path + ".bak") else "")
        raise SaveError(f"{clip(path)}: {clip(e, 1000)}{hint}") from None

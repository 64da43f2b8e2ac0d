"""What a save says, read from its first and last few KB without parsing the moves, and the words
that say it to the player ('30 Nov 2026 14:03 · Full Coop · 2 players · ...'). No pygame here."""
from __future__ import annotations

import os
import re
import stat
from datetime import datetime, UTC
from pathlib import Path
from typing import Any

from faeriell.engine.saves import READS
from faeriell.safe_read import parse_json, read_ends

MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}
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
    info: dict[str, Any] = {"readable": False, "origin": None, "mode": "", "players": None, "difficulty": "",
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
    if fmt != "faeriell-save" or version not in READS or isinstance(version, bool) \
            or not isinstance(origin, dict):
        return info
    inner = origin.get("setup")
    setup = inner if origin.get("kind") == "position" and isinstance(inner, dict) else origin
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
            info["saved_at"] = when.replace(tzinfo=UTC)
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

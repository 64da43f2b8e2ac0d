"""The fields each action kind may carry, and what their values may look like.

Actions read from files (saves, scenario steps) are checked here before they reach the rules, so
junk is refused with a reason instead of being replayed and kept: an unknown kind or field, a
value that is not an id, a small whole number or a short list of ids. tests/test_hostile_files.py
checks that every action the engine lists in random games (all variants) fits this table.
"""
from __future__ import annotations

import re

PAID = ("pay", "discounts")
FIELDS: dict[str, frozenset] = {k: frozenset(v) for k, v in {
    # Tribe Actions (R14-R19) and the Winter's Grasp move
    "dress_hero": ("hero", "node", *PAID),
    "level_up": ("hero", "perk", "discard", *PAID),
    "build_settlement": ("region", *PAID),
    "build_beacon": ("region", "color", *PAID),
    "control_totem": ("region", *PAID),
    "gather_herb": ("herb", "discard", *PAID),
    "attune": ("guardian", *PAID),
    "move_settlement": ("from", "to", *PAID),
    # turns, the Event Phase, the Hero Phase
    "choose_phase": ("phase",),
    "end_phase": (),
    "move_guardian": ("guardian", "region", "card"),
    "draft": (),
    "beacon_solve": ("guardian", "region"),
    "harvest": ("steps",),
    "move_hero": ("hero", "to", "path"),
    "solve_menace": ("hero", "guardian"),
    "go_quest": ("hero", "deck"),
    "solve_quest": ("hero", "card"),
    "perk": ("hero", "perk", "from", "to", "node", "guardian", "color", "target", "pay"),
    "lore": ("hero", "card", "guardian", "to"),
    "drifter_move": ("to",),
    "drifter_shift": ("from", "to"),
    # decisions asked mid-turn and during set-up
    "corruption": ("choice", "pay", "target"),
    "harvest_choice": ("region", "color"),
    "claim": ("achievement", "token", "pay"),
    "discard_quest": ("hero", "card"),
    "become_sower": ("hero", "replace"),
    "place_settlement": ("region",),
    "choose_hero": ("hero",),
    "place_hero": ("hero", "node"),
    "starting_essence": ("color",),
    "track_choice": ("color",),
    "menace_rival": ("target",),
    "free_level": ("hero", "perk", "discard"),
    "twins_swap": ("pay",),
}.items()}

MAX_ID = 100                # the longest id (a Node: four Region ids joined by +) is ~50
MAX_LIST = 40               # a payment or a list of colours is a handful of items
MAX_INT = 10_000
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_@>+:.\-]*\Z")


def _show(v) -> str:
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _value_problem(key: str, v) -> str | None:
    if isinstance(v, bool) or v is None:
        return f"field '{key}' is {_show(v)}, not an id or a number"
    if isinstance(v, int):
        return None if -MAX_INT <= v <= MAX_INT else f"field '{key}' is out of range ({_show(v)})"
    if isinstance(v, str):
        if len(v) > MAX_ID:
            return f"field '{key}' is {len(v)} characters long (an id has at most {MAX_ID})"
        return None if _ID.match(v) else f"field '{key}' is not an id: {_show(v)}"
    if isinstance(v, (list, tuple)):
        if len(v) > MAX_LIST:
            return f"field '{key}' lists {len(v)} items (at most {MAX_LIST})"
        for x in v:
            if isinstance(x, (list, tuple, dict)):
                return f"field '{key}' holds a nested list or object"
            p = _value_problem(key, x)
            if p:
                return p
        return None
    return f"field '{key}' is {type(v).__name__}, not an id, a number or a list of ids"


def action_problem(d, extra: tuple = ()) -> str | None:
    """None when `d` (an action as a dict) fits the schema, else what is wrong, in words.
    `extra` names further fields the caller accepts (a scenario step may name its `player`)."""
    if not isinstance(d, dict):
        return f"expected an object with an 'action' name, found {type(d).__name__}"
    kind = d.get("action")
    if not isinstance(kind, str):
        return "it has no 'action' name"
    if kind not in FIELDS:
        return f"{_show(kind)} is not a move of this game."
    allowed = FIELDS[kind]
    for key, v in d.items():
        if key == "action":
            continue
        if not isinstance(key, str):
            return f"a field name must be text, not {_show(key)}"
        if key in extra:
            continue
        if key not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            return f"unknown field {_show(key)} for {kind} (its fields: {known})"
        p = _value_problem(key, v)
        if p:
            return p
    return None

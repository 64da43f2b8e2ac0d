"""Playing without a drag (issue 21 item 4): what the keyboard cycles through and what the message
line says of it. Everything listed comes from the move index (session.legal() grouped by gesture,
gestures.py): the same pieces and places a drag would light up; no rule is decided here.

    Tab / Shift+Tab, arrows   the next / previous piece (or tile, or button) that can act now;
                              with a piece in hand: its next / previous legal place
    Enter                     pick the piece up / drop it there / play the tile or button
    Esc                       put the piece back (see the layers for the tray and the bars)
"""
from __future__ import annotations

from collections import Counter
from typing import Any
from collections.abc import Callable

import pygame

from faeriell.ui.table.decisions import group_actions
from faeriell.ui.table.dragdrop import PLAY_AREA
from faeriell.ui.table.events import shift
from faeriell.ui.table.gestures import TRAY_KINDS
from faeriell.ui.table.payment import cheapest, colour
from faeriell.ui.table.keys import AchievementTile, Button, GuardianPiece, HeroSlot, NodeSpot, PlayArea, RegionSpot, TableKey, TipOk, TribeBoard, WheelSpace
from faeriell.ui.table import tooltips

NEXT = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
PREV = (pygame.K_LEFT, pygame.K_UP)
TIP_OK = TipOk()           # the tip card's "Got it" (first in the cycle while it shows)

KEYS_HELP = (
    "Without the mouse: Tab (or an arrow key) goes to the next piece that can move now, Shift+Tab back; "
    "Enter picks it up; the arrow keys (or Tab) go through the places it may go, each said in the "
    "message line; Enter puts it there, Esc puts it back.\n"
    "Enter also plays a Phase tile or a button in focus, takes the choice in focus on a decision bar "
    "(arrows or Tab to move, Backspace: back), lifts the hot-seat curtain.\n"
    "In the payment tray: Tab or the arrows go along the Essences and Herbs, Space moves the one in "
    "focus (or turns the Herb), Enter pays, Esc cancels.\n"
    "With the mouse, a click on a piece picks it up and a click on a place puts it there (no drag).\n"
    "In menus and dialogs: Tab or the arrows move, Enter or Space presses, Left/Right change a choice, Esc closes.")


def step_of(ev) -> int:
    """+1 / -1 for a key that moves the focus, 0 for any other."""
    if ev.type != pygame.KEYDOWN:
        return 0
    if ev.key == pygame.K_TAB:
        return -1 if shift(ev) else 1
    if ev.key in NEXT:
        return 1
    if ev.key in PREV:
        return -1
    return 0


def cycle(items: list, current, d: int):
    """The item after (d=1) or before (d=-1) `current`; the first (or last) when it is not there."""
    if not items:
        return None
    if current in items:
        return items[(items.index(current) + d) % len(items)]
    return items[0] if d > 0 else items[-1]


def point(scene, key):
    """Where `key` shows on screen (None: not drawn now)."""
    if key == TIP_OK:
        r = scene.dialogs.tips.ok_rect
        return r.center if r is not None else None
    if key == PLAY_AREA:
        return scene.layout.map.center
    return scene.target_point(key)


def _order_point(scene, key):
    """Where `key` stands in the reading order: in the shared boards' column of a window too short
    for it, its place in the whole column (scene.side_places), so a piece scrolled out of view is
    reached too (the focus scrolls it into view: BoardLayer.show_focus) and the order stays the
    same wherever the column is scrolled; elsewhere where it shows."""
    if scene.side_over and key in scene.side_places:
        return scene.side_places[key].center
    return point(scene, key)


def _reading_order(scene, keys) -> list:
    placed = []
    for k in keys:
        p = _order_point(scene, k)
        if p is not None:
            placed.append((round(p[1] / 24), p[0], k))     # rows of 24 px, then left to right
    placed.sort(key=lambda t: (t[0], t[1]))
    return [k for _, _, k in placed]


def pieces(scene) -> list:
    """What Tab goes through now: pieces with a move, tiles and places to click, the banner's
    buttons; in reading order (on screen, or in the shared boards' column scrolled out of view)."""
    out = []
    if scene.dialogs.shown is not None and scene.dialogs.tips.ok_rect is not None:
        out.append(TIP_OK)
    if not scene.human_turn():
        return out
    idx = scene.index
    keys = [k for k in list(idx.drops) + list(idx.clicks) if not isinstance(k, Button)]
    keys += [k for k in scene.spots.by_key if isinstance(k, Button)]
    return out + _reading_order(scene, list(dict.fromkeys(keys)))


def targets(scene, drag) -> list:
    """The places the piece in hand may go, in reading order."""
    return _reading_order(scene, drag.targets)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _cost(scene, acts) -> str:
    """', costs 2 Red (3 ways to pay)' for a Tribe Action paid with Essences, else ''."""
    paid = [a for a in acts if a.get("pay")]
    if not paid:
        return ""
    pool = scene.session.game.state.tribes[scene.session.game.acting].essences
    best = cheapest(paid, Counter(colour(c) for c in pool))
    ways = len({tuple(sorted(colour(c) for c in (a.get("pay") or ()))) for a in paid})
    return f", costs {scene.words.pay(best.get('pay'))}" + (f" (or {ways - 1} other way{'s' if ways > 2 else ''} to pay)"
                                                             if ways > 1 else "")


def _moves(scene, acts, place: str | None = None) -> str:
    groups = group_actions(acts)
    w = scene.words
    head = w.action(groups[0][0])
    if place:                            # the place is said first: "...: Build a Settlement here"
        for word in (" in ", " to ", " on "):
            head = head.replace(word + place, " here")
    if groups[0][0].kind in TRAY_KINDS:
        head += _cost(scene, groups[0][1])
    if len(groups) > 1:
        return f"{len(groups)} moves, Enter asks which (one: {head})"
    return head


# what the message line calls a place the piece in hand may go to, by the place's type
PLACE_WORDS: dict[type[TableKey], Callable[[Any, Any], str]] = {
    RegionSpot: lambda w, key: w.region(key.region),
    NodeSpot: lambda w, key: w.node(key.node),
    GuardianPiece: lambda w, key: w.guardian(key.guardian),
    HeroSlot: lambda w, key: f"your {w.hero(key.hero)}",
    AchievementTile: lambda w, key: w.achievement(key.achievement),
    WheelSpace: lambda w, key: "that Harvest stop",
    TribeBoard: lambda w, key: "your tribe board",
    PlayArea: lambda w, key: "the island",
}


def place_name(scene, key) -> str:
    w = scene.words
    said = PLACE_WORDS.get(type(key))
    return said(w, key) if said is not None else piece_name(scene, key)


def piece_name(scene, key) -> str:
    try:
        t = tooltips.tip(key, scene.painted)
    except (KeyError, IndexError):
        t = None
    if t and t[0]:
        return str(t[0])
    return key.tag.replace("_", " ").capitalize()


def say_target(scene, grip, target) -> str:
    """'The Bear's Mountain: Build a Settlement in the Bear's Mountain, costs 2 Red'."""
    if target == PLAY_AREA:
        acts = scene.index.clicks.get(grip, [])
    else:
        acts = scene.index.drops.get(grip, {}).get(target, [])
    if not acts:
        return _cap(place_name(scene, target))
    name = place_name(scene, target)
    return f"{_cap(name)}: {_moves(scene, acts, name)} - Enter puts it here, Esc puts it back"


def say_piece(scene, key) -> str:
    """What the piece or button in focus does, in words."""
    if key == TIP_OK:
        return "The tip card: Enter to put it away"
    idx = scene.index
    if isinstance(key, Button):
        name = key.name
        if name == "moves":
            return f"Moves without a piece to drag ({len(idx.loose)}): Enter lists them"
        if name == "undo":
            return "Undo: Enter takes back your last move"
        if name == "puzzle_retry":
            return "Retry the puzzle: Enter starts it again"
        acts = idx.clicks.get(key)
        return f"{_moves(scene, acts)}: Enter" if acts else _cap(name.replace("_", " "))
    if key in idx.clicks:
        return f"{_cap(piece_name(scene, key))}: {_moves(scene, idx.clicks[key])} - Enter"
    places = idx.drops.get(key, {})
    if len(places) == 1:                 # one place: say the move itself
        acts = next(iter(places.values()))
        return f"{_cap(piece_name(scene, key))}: {_moves(scene, acts)} - Enter picks it up"
    n = len(places)
    return f"{_cap(piece_name(scene, key))}: {n} places to go - Enter picks it up, the arrows choose one"

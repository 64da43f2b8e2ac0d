"""The shared boards' column in a window too short for it: how far it is scrolled
(`scene.side_scroll`, at most `scene.side_over`), and scrolling it as little as shows what the
table points at (the pieces of `scene.side_places`, where boards.draw_side laid them out)."""
from __future__ import annotations

import pygame

from faeriell.ui.table.hint_card import move_keys
from faeriell.ui.table.keys import order


def scroll_by(scene, dy: int) -> bool:
    """Scroll the column by `dy` px (down > 0), as far as it goes; True when it moved (a column
    that fits the window does not scroll)."""
    return scroll_to(scene, scene.side_scroll + dy)


def scroll_to(scene, scroll: int) -> bool:
    scroll = max(0, min(int(scroll), scene.side_over))
    if scroll == scene.side_scroll:
        return False
    scene.side_scroll = scroll
    return True


def show(scene, keys) -> bool:
    """Scroll as little as shows the pieces and places `keys` name in the column, the first of
    them when all do not fit; True when it moved. Drawn afterwards, their spots are there to
    point at."""
    if not scene.side_over:
        return False
    places = [scene.side_places[k] for k in keys if k is not None and k in scene.side_places]
    if not places:
        return False
    view = scene.layout.side.clip(pygame.Rect((0, 0), scene.layout.size))
    m = scene.layout.px(8)
    want = places[0].unionall(places[1:])
    if want.h > view.h - 2 * m:
        want = places[0]
    if view.contains(want.move(0, -scene.side_scroll)):
        return False
    lo, hi = want.bottom - view.bottom + m, want.top - view.top - m
    return scroll_to(scene, min(max(scene.side_scroll, lo), hi))


def show_pointed(scene) -> bool:
    """What the table points at, scrolled into view once each time it points anew (the player's
    wheel may take it away again): the hint's and the guided step's move, the pieces the open
    decision bar lights up (its options' spots; a pending decision's places too) and the moves a
    screen draws on the table (`shown_moves`: the replay's key moment). In a short window they
    pointed at nothing. True when it moved."""
    hint, tut, ch = scene.coach.hint, scene.tutorial, scene.decision.choice
    step = tut.lesson.index if tut is not None else None
    token = (scene.session.version, id(scene.session.game), scene.layout.size, hint.action, hint.show_from, step,
             scene.curtain_layer.tribe, scene.tray_layer.tray is None, id(ch) if ch is not None else None,
             scene.shown_moves)
    if token == scene.pointed_token:
        return False
    scene.pointed_token = token
    keys: list = []
    if hint.shown and isinstance(hint.gesture, tuple):
        keys += list(hint.gesture)
    st = tut.lesson.step if tut is not None else None
    if st is not None and st.kind == "do" and scene.curtain_layer.tribe is None and scene.tray_layer.tray is None:
        keys += tut.targets(scene)
    if ch is not None and scene.tray_layer.tray is None:
        if not ch.compact:
            keys += list(ch.spot_keys())
        if scene.decision.auto:
            keys += sorted(scene.index.aims, key=order)
    for a in scene.shown_moves:
        keys += list(move_keys(scene, a))
    return show(scene, keys)

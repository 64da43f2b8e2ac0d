"""Thousands of seeded random mouse and key events (clicks, drags, wheel, resizes, shortcuts, typing)
into the running app: the window survives, no error is reported, and every game it reaches keeps
the engine's invariants.

Half of the clicks aim at a widget on screen (so the fuzz walks through the menus, starts games,
plays moves, saves and loads); the rest land anywhere. Quit is counted, not obeyed.
"""
from __future__ import annotations

import random

from test_app_support import make_app   # first: it sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.engine import invariants  # noqa: E402
from faeriell.ui import widgets as W  # noqa: E402
from faeriell.ui.controls import ListBox  # noqa: E402

KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_h, pygame.K_z, pygame.K_s,
        pygame.K_o, pygame.K_a, pygame.K_0, pygame.K_5, pygame.K_HOME, pygame.K_LEFT, pygame.K_UP, pygame.K_F1,
        pygame.K_SPACE, pygame.K_DELETE, pygame.K_v]


def _known(msg: str) -> bool:
    """Errors the app shows that are not the window's fault: none are known now."""
    return False


_BASELINE: dict[str, bool] = {}


def checkable(game) -> bool:
    """False for a game whose starting position already breaks the invariants: a scenario written
    as an `empty` position with an explicit `bag` holds only the tokens it lists (about 80 files in
    tests/scenarios do), so token conservation cannot hold there whatever the window does."""
    import json
    key = json.dumps(game.origin, sort_keys=True, default=str)
    if key not in _BASELINE:
        if game.origin.get("kind") != "position":
            _BASELINE[key] = True
        else:
            from faeriell.engine.saves import rebuild
            _BASELINE[key] = invariants.check(rebuild(game.rules, game.origin)) == []
    return _BASELINE[key]


SIZES = [(1280, 800), (1024, 700), (800, 600), (640, 480), (320, 240), (1600, 1000), (1400, 700)]


def _widget_rects(container, shift=0) -> list[pygame.Rect]:
    out = []
    for w in container.children:
        if not w.visible:
            continue
        if isinstance(w, W.Container):
            out += _widget_rects(w, shift + (w.scroll if w.scrollable else 0))
            continue
        r = pygame.Rect(w.rect)
        if isinstance(w, ListBox) and w.items:
            first = w.scroll // w.row
            r = w.row_rect(first + random.Random(len(w.items)).randrange(max(1, min(len(w.items) - first,
                                                                                 w.rect.height // w.row))))
        out.append(r.move(0, -shift))
    return out


def targets(app) -> list[pygame.Rect]:
    """Rects of what can be clicked on screen now (widgets, list rows, the table's spots)."""
    scene = app.scene
    holder = getattr(scene, "modal", None) or scene
    out = []
    for root in (getattr(holder, "root", None), ):
        if root is not None:
            out += _widget_rects(root)
    table = getattr(scene, "table", None)
    # the table's clickable spots (pieces, tiles, buttons, choices), on the screens that hold one
    for sp in list(getattr(getattr(table, "spots", None), "spots", None) or [])[:400]:
        r = getattr(sp, "rect", None)
        if r is not None:
            out.append(pygame.Rect(r))
    return out


def random_events(rng: random.Random, app) -> list[pygame.event.Event]:
    w, h = app.size
    roll = rng.random()

    def spot():
        rects = targets(app) if rng.random() < 0.5 else []
        if rects:
            r = rng.choice(rects)
            return (rng.randint(r.left, max(r.left, r.right - 1)), rng.randint(r.top, max(r.top, r.bottom - 1)))
        return (rng.randrange(w), rng.randrange(h))

    E = pygame.event.Event
    if roll < 0.40:                                     # a click (sometimes right or middle)
        pos, b = spot(), rng.choice([1, 1, 1, 1, 2, 3])
        return [E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                E(pygame.MOUSEBUTTONDOWN, pos=pos, button=b), E(pygame.MOUSEBUTTONUP, pos=pos, button=b)]
    if roll < 0.50:                                     # a drag (often from a spot to a spot)
        a = spot()
        b = spot() if rng.random() < 0.6 else (rng.randrange(w), rng.randrange(h))
        btn = rng.choice([1, 1, 3])
        evs = [E(pygame.MOUSEBUTTONDOWN, pos=a, button=btn)]
        for k in range(1, 6):
            p = (a[0] + (b[0] - a[0]) * k // 5, a[1] + (b[1] - a[1]) * k // 5)
            evs.append(E(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(btn == 1, 0, btn == 3)))
        evs.append(E(pygame.MOUSEBUTTONUP, pos=b, button=btn))
        return evs
    if roll < 0.58:                                     # the wheel
        y = rng.choice([-3, -1, 1, 2])
        return [E(pygame.MOUSEMOTION, pos=spot(), rel=(0, 0), buttons=(0, 0, 0)),
                E(pygame.MOUSEWHEEL, x=0, y=y, flipped=rng.random() < 0.1, precise_x=0.0, precise_y=float(y))]
    if roll < 0.66:                                     # plain motion
        return [E(pygame.MOUSEMOTION, pos=(rng.randrange(w), rng.randrange(h)), rel=(3, 3), buttons=(0, 0, 0))]
    if roll < 0.86:                                     # a key, sometimes with Ctrl
        k = rng.choice(KEYS)
        mod = pygame.KMOD_LCTRL if rng.random() < 0.3 else (pygame.KMOD_LSHIFT if rng.random() < 0.1 else 0)
        return [E(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                E(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)]
    if roll < 0.94:                                     # typing
        text = "".join(rng.choice("0123456789abc/._- ") for _ in range(rng.randint(1, 6)))
        return [E(pygame.TEXTINPUT, text=text)]
    if roll < 0.97:                                     # a resize
        size = rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        return [E(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]), E(pygame.WINDOWEXPOSED)]
    return [E(pygame.WINDOWFOCUSLOST), E(pygame.WINDOWFOCUSGAINED), E(pygame.QUIT)] if rng.random() < 0.3 else \
        [E(pygame.WINDOWEXPOSED)]


@pytest.mark.parametrize("seed", [1, 2])
def test_random_input_never_breaks_the_app(tmp_path, monkeypatch, seed):
    app = make_app(tmp_path, monkeypatch, bot_delay=0.0, end_delay=0.0)
    quits = []
    app.quit = lambda: quits.append(1)
    rng = random.Random(seed)
    games = set()
    moves_seen = [0]
    try:
        for n in range(1500):
            for ev in random_events(rng, app):
                pygame.event.post(ev)
            session = app.session
            if session is not None and rng.random() < 0.04 and not session.state.game_over:
                legal = session.legal()                # a move made the way a bot makes it
                if legal:
                    assert session.apply(rng.choice(legal)) is None
            app.step()
            assert app.running
            errors = [e for e in app.errors if not _known(e)]
            assert not errors, f"event batch {n}: {errors}"
            session = app.session
            if session is not None and n % 25 == 0:
                games.add(id(session.game))
                moves_seen[0] = max(moves_seen[0], len(session.game.history))
                problems = invariants.check(session.game) if checkable(session.game) else []
                assert problems == [], f"event batch {n}: {problems}"
        session = app.session
        if session is not None and checkable(session.game):
            assert invariants.check(session.game) == []
        assert games, "the fuzz never reached a table"
        assert moves_seen[0] > 0, "no move was ever made"
    finally:
        pygame.display.quit()

#!/usr/bin/env python3
"""Render a fixed set of scenes headless (SDL_VIDEODRIVER=dummy) and save each as a PNG, so that a
refactoring can be checked byte for byte on screen:

    python3 tools/screens.py OUT_BEFORE        # on the commit before
    python3 tools/screens.py OUT_AFTER         # on the change
    cmp OUT_BEFORE/table2-menu.png OUT_AFTER/table2-menu.png      (or: --compare OUT_BEFORE OUT_AFTER)

The scenes: the start screen (seed 7), 2- and 3-player tables (seed 7, every seat a person, no
curtain), and over the 2-player table the Esc menu, the save, load and settings dialogs, Keys and
shortcuts, and Players and bots, each opened by real posted keys and clicks. Each run uses a fresh
data folder, so nothing of the player's is read or written.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

SIZE = (1280, 800)


def _post_key(k: int, mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0))


def _click_item(app, wid: str) -> None:
    holder = app.scene.modal
    r = app.window_rect(holder, holder.screen_rect(wid))
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=r.center, button=1, rel=(0, 0), buttons=(0, 0, 0)))


def _app(**opts):
    from faeriell.ui.app import App, LaunchOptions
    opts.setdefault("bot_delay", 0.0)
    app = App(SIZE, fps=240, options=LaunchOptions(**opts))
    pygame.event.clear()
    app.step()
    return app


def _shot(app, out: Path, name: str) -> None:
    app.step()
    app.draw()
    pygame.image.save(app.screen, str(out / f"{name}.png"))


def render(out: Path) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    names = []

    def shot(app, name):
        _shot(app, out, name)
        names.append(name)

    shot(_app(seed=7), "start")
    for players in (2, 3):
        seats = ["human"] * players
        app = _app(players=players, seats=seats, seed=7, curtain=False)
        shot(app, f"table{players}")
    app = _app(players=2, seats=["human", "human"], seed=7, curtain=False)
    steps = [("menu", lambda: _post_key(pygame.K_ESCAPE)),
             ("save", lambda: _post_key(pygame.K_s, pygame.KMOD_LCTRL)),
             ("load", lambda: _post_key(pygame.K_o, pygame.KMOD_LCTRL)),
             ("settings", lambda: (_post_key(pygame.K_ESCAPE), app.step(), _click_item(app, "settings"))),
             ("keys", lambda: (_post_key(pygame.K_ESCAPE), app.step(), _click_item(app, "keys"))),
             ("seats", lambda: (_post_key(pygame.K_ESCAPE), app.step(), _click_item(app, "seats")))]
    for name, open_it in steps:
        open_it()
        app.step()
        for _ in range(20):              # the Load list is read in the background
            app.step()
        shot(app, f"table2-{name}")
        _post_key(pygame.K_ESCAPE)       # closes the dialog
        app.step()
        assert app.scene.modal is None, f"{name}: Esc left a dialog open"
    shot(app, "table2-after")
    return names


def compare(a: Path, b: Path) -> int:
    bad = 0
    for p in sorted(a.glob("*.png")):
        q = b / p.name
        same = q.exists() and p.read_bytes() == q.read_bytes()
        print(f"{'same' if same else 'DIFFERENT'}  {p.name}")
        bad += not same
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", help="folder for the PNGs")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two folders byte for byte")
    a = ap.parse_args()
    if a.compare:
        return compare(Path(a.compare[0]), Path(a.compare[1]))
    if not a.out:
        ap.error("give a folder for the PNGs (or --compare BEFORE AFTER)")
    os.environ["FAERIELL_DATA"] = tempfile.mkdtemp(prefix="faeriell-screens-")
    for name in render(Path(a.out)):
        print(name)
    from faeriell import children
    children.end_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Helpers for the app tests (no tests here): a headless App, real mouse and key events, waiting.

Every App made here keeps its saves in a temporary folder (FAERIELL_DATA) and plays bots without
the pause a person needs.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.ui.app import App, LaunchOptions  # noqa: E402


def make_app(tmp_path, monkeypatch, size=(1280, 800), **opts) -> App:
    monkeypatch.setenv("FAERIELL_DATA", str(tmp_path))
    opts.setdefault("bot_delay", 0.0)
    opts.setdefault("end_delay", 0.0)
    app = App(size, fps=240, options=LaunchOptions(**opts))
    pygame.event.clear()
    app.step()
    return app


def rect_of(app, target) -> pygame.Rect:
    if isinstance(target, str):
        holder = getattr(app.scene, "modal", None) or app.scene
        r = holder.screen_rect(target)
        assert r is not None, f"no widget {target!r} on {type(holder).__name__}"
        assert r.width > 0 and r.height > 0, f"{target!r} is not visible ({r})"
        return app.window_rect(holder, r)          # a screen or dialog drawn larger (Interface size)
    return pygame.Rect(target)


def press(app, pos, steps: int = 1) -> None:
    """A left click at a window position (posted down and up), then `steps` frames."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    for _ in range(steps):
        app.step()


def click(app, target, button=1, steps=True) -> None:
    """Move there, press and release the button (real pygame events), then run a frame."""
    r = rect_of(app, target) if not (isinstance(target, tuple) and len(target) == 2) else None
    pos = r.center if r is not None else target
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    if steps:
        app.step()


def key(app, k, mod=0, text="") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))
    app.step()


def ctrl(app, k) -> None:
    key(app, k, pygame.KMOD_LCTRL)


def type_text(app, text) -> None:
    """Typing: one TEXTINPUT event, as SDL sends while a text field has the keyboard."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step()


def save_as(app, name: str | None):
    """Ctrl+S, then type the name (None: keep the suggested one) and press Enter; the saved path."""
    before = set((app.settings.path.parent / "saves").glob("*.json")) if app.settings.path else set()
    ctrl(app, pygame.K_s)
    dlg = app.scene.modal
    assert dlg is not None and dlg.find("name") is not None, "Ctrl+S did not ask for a name"
    if name is not None:
        type_text(app, name)
    key(app, pygame.K_RETURN)
    assert app.scene.modal is None, getattr(dlg, "message", "")
    new = set((app.settings.path.parent / "saves").glob("*.json")) - before
    assert len(new) == 1, new
    return new.pop()


def drag(app, a, b, steps=6) -> None:
    """A left-button drag from a to b in `steps` motions, a frame after the press and the moves."""
    ev = pygame.event.post
    ev(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    ev(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.step()
    for k in range(1, steps + 1):
        p = (round(a[0] + (b[0] - a[0]) * k / steps), round(a[1] + (b[1] - a[1]) * k / steps))
        ev(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    app.step()
    ev(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.step()


def run_until(app, cond, timeout=10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step()
        if cond():
            return True
        time.sleep(0.005)
    return cond()


def record_flashes(host) -> list:
    """Wrap the table's flash() so a test reads what the player was told."""
    said = []
    real = host.table.flash

    def flash(text, bad=False):
        said.append(str(text))
        return real(text, bad=bad)

    host.table.flash = flash
    return said


def play_first_legal(session, until, limit=500) -> None:
    """Apply the first legal action until until() holds (a quick way through the set-up)."""
    n = 0
    while not until():
        assert n < limit, "did not get there"
        assert session.apply(session.legal()[0]) is None
        n += 1


def finished(app, blunder=0.15):
    """Play the table's game to its end with a clumsy bot, then show the end screen."""
    from faeriell.bots.base import HeuristicBot
    from faeriell.ui.scenes.end import EndScene
    s = app.session
    bot = HeuristicBot(0, blunder=blunder)
    while not s.state.game_over:
        assert s.apply(bot.choose(s.game, s.acting)) is None
    assert run_until(app, lambda: isinstance(app.scene, EndScene))
    return s.game

"""The window: one event loop at a capped frame rate that redraws only when something changed.

    App(size=(1280, 800), map_path=...).run()        # until the window closes or Esc
    App(...).screenshot("first.png")                 # render one frame to a PNG

Nothing raised while loading, handling an event or drawing closes the window with a traceback:
the error is logged and shown in a red panel in the window, and the table stays open.
"""
from __future__ import annotations

import logging
import os
import traceback

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (pygame-ce)

from faeriell.ui.assets import Assets  # noqa: E402
from faeriell.ui.map_view import MapView  # noqa: E402

log = logging.getLogger(__name__)

TITLE = "Sons of Faeriell"
FPS = 60
BAR_H = 30
BAR_BG = (30, 26, 34)
BAR_FG = (236, 226, 200)
HINT_FG = (170, 160, 150)
ERROR_BG = (120, 24, 30)
DRAG_BUTTONS = (1, 2, 3)
DRAG_THRESHOLD = 3          # px before a press becomes a drag (a click stays a click)


class App:
    def __init__(self, size: tuple[int, int] = (1280, 800), map_path: str | None = None,
                 fps: int = FPS, resizable: bool = True):
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        flags = pygame.RESIZABLE if resizable else 0
        self.screen = pygame.display.set_mode(size, flags)
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.running = True
        self.dirty = True
        self.errors: list[str] = []
        self.mouse = (size[0] // 2, size[1] // 2)
        self._press: tuple[int, int] | None = None   # where a possible drag started
        self._dragging = False
        self.font = pygame.font.Font(None, 22)
        self.assets = Assets()
        self.map_view: MapView | None = None
        self._guard("loading the map", lambda: self._load(map_path))

    # ---- setup ---------------------------------------------------------------------------

    def _load(self, map_path: str | None) -> None:
        from faeriell.content.map_loader import default_map_path, load_board
        path = map_path or default_map_path()
        board = load_board(path)
        catalog = None
        try:
            from faeriell.content.catalog_loader import default_catalog
            catalog = default_catalog()
        except Exception as exc:  # names are nice to have; the map still draws without them
            self._report("loading the catalog", exc)
        self.map_view = MapView(board, path, catalog, self.assets, self.map_rect())
        for w in self.map_view.warnings:
            self.errors.append(w)

    def map_rect(self) -> pygame.Rect:
        w, h = self.screen.get_size()
        return pygame.Rect(0, BAR_H, w, max(1, h - BAR_H))

    # ---- errors --------------------------------------------------------------------------

    def _report(self, what: str, exc: BaseException) -> None:
        msg = f"Error while {what}: {type(exc).__name__}: {exc}"
        log.error("%s", msg)
        log.debug("%s", "".join(traceback.format_exception(exc)))   # main.py -v shows it
        if msg not in self.errors:
            self.errors.append(msg)
        self.dirty = True

    def _guard(self, what: str, fn) -> None:
        try:
            fn()
        except Exception as exc:
            self._report(what, exc)

    # ---- events --------------------------------------------------------------------------

    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
            self.running = False
        elif ev.type == pygame.VIDEORESIZE or ev.type == pygame.WINDOWSIZECHANGED:
            if self.map_view:
                self.map_view.set_viewport(self.map_rect())
            self.dirty = True
        elif ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.dirty = True
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_HOME, pygame.K_0) and self.map_view:
            self.map_view.fit()
            self.dirty = True
        elif ev.type == pygame.MOUSEWHEEL and self.map_view:
            steps = ev.y if not getattr(ev, "flipped", False) else -ev.y
            if steps and self.map_view.zoom_at(self.mouse, 1 if steps > 0 else -1):
                self.dirty = True
        elif ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button in DRAG_BUTTONS and self.map_view and self.map_view.is_empty_at(ev.pos):
                self._press = ev.pos
                self._dragging = False
        elif ev.type == pygame.MOUSEMOTION:
            self._motion(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP:
            if ev.button in DRAG_BUTTONS and self._press is not None:
                self._motion(ev.pos)
                self._press = None
                self._dragging = False

    def _motion(self, pos) -> None:
        last, self.mouse = self.mouse, pos
        if self._press is None or self.map_view is None:
            return
        if not self._dragging:
            if abs(pos[0] - self._press[0]) + abs(pos[1] - self._press[1]) < DRAG_THRESHOLD:
                return
            self._dragging = True
            last = self._press
        if self.map_view.pan_by(pos[0] - last[0], pos[1] - last[1]):
            self.dirty = True

    # ---- drawing -------------------------------------------------------------------------

    def draw(self) -> None:
        self.screen.fill((20, 40, 70))
        if self.map_view:
            self._guard("drawing the map", lambda: self.map_view.draw(self.screen))
        self._guard("drawing the title bar", self._draw_bar)
        if self.errors:
            try:
                self._draw_errors()
            except Exception:  # the last resort must not raise (nor report, or it would loop)
                log.exception("error panel")

    def _draw_bar(self) -> None:
        w = self.screen.get_width()
        pygame.draw.rect(self.screen, BAR_BG, (0, 0, w, BAR_H))
        self.screen.blit(self.font.render(TITLE, True, BAR_FG), (10, 8))
        zoom = f"{self.map_view.zoom * 100:.0f}%" if self.map_view else "-"
        hint = self.font.render(f"wheel: zoom ({zoom})   drag: pan   Home: fit   Esc: quit", True, HINT_FG)
        self.screen.blit(hint, (w - hint.get_width() - 10, 8))

    def _draw_errors(self) -> None:
        w = self.screen.get_width()
        lines = [part for msg in self.errors for part in _wrap(self.font, msg, w - 40)][-8:]
        h = 12 + 20 * len(lines)
        panel = pygame.Rect(10, self.screen.get_height() - h - 10, w - 20, h)
        pygame.draw.rect(self.screen, ERROR_BG, panel, border_radius=6)
        for i, line in enumerate(lines):
            img = self.font.render(line, True, (255, 240, 240))
            self.screen.blit(img, (panel.x + 8, panel.y + 7 + 20 * i))

    # ---- loop ----------------------------------------------------------------------------

    def step(self, wait_ms: int = 0) -> bool:
        """Handle pending events (waiting up to wait_ms for one when idle), redraw if needed."""
        events = pygame.event.get()
        if not events and not self.dirty and wait_ms > 0:
            first = pygame.event.wait(wait_ms)
            events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
        for ev in events:
            self._guard(f"handling {pygame.event.event_name(ev.type)}", lambda: self.handle(ev))
            if not self.running:
                return False
        if self.dirty:
            self.dirty = False
            self.draw()
            pygame.display.flip()
        return self.running

    def run(self, max_frames: int | None = None) -> int:
        """The event loop; returns 0 when the window is closed (or after max_frames steps)."""
        frames = 0
        try:
            while self.step(wait_ms=100):
                self.clock.tick(self.fps)
                frames += 1
                if max_frames is not None and frames >= max_frames:
                    break
        finally:
            pygame.display.quit()
        return 0

    def screenshot(self, path: str) -> None:
        self.draw()
        pygame.image.save(self.screen, str(path))


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    lines, cur = [], ""
    for word in text.split():
        trial = f"{cur} {word}".strip()
        if cur and font.size(trial)[0] > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    return lines + [cur] if cur else lines

"""The window: one event loop at a capped frame rate that redraws only when something changed, and
the switch between screens (scenes): start screen -> table -> end screen -> start screen.

The App is the `Host` of faeriell/ui/scene.py: scenes (faeriell/ui/scenes/) see it only through
that interface and name each other by their registered names (`host.go("end", ...)`).

    App(size=(1280, 800)).run()                                  # the start screen
    App(options=LaunchOptions(players=2, seats=["human", "hard"])).run()   # straight to the table
    App(...).screenshot("first.png")                             # render the first frame to a PNG

Nothing raised while loading, handling an event, thinking in a thread or drawing closes the window
with a traceback: the error is logged and shown in a red panel (a click on it hides it).
"""
from __future__ import annotations

import logging
import os
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING
from faeriell.content.rules_loader import default_rules
from faeriell.storage.claims import remove_stale_locks
from faeriell.storage.tempfiles import remove_stale_temp_files
from faeriell.storage.folders import game_id_of
from faeriell.session import Session
from faeriell.engine import new_game, SetupError
from faeriell.storage.saves import FileServiceError, load_game
from faeriell.storage.seats import recall_seats
from faeriell.storage.listing import autosave_files, autosave_path, latest_autosave
from faeriell.puzzles.files import load_puzzle
from faeriell.tutorial.chapters import chapter_names, ChapterError, find_chapter, load_all
from faeriell.tutorial.lesson import Lesson
from faeriell.tutorial.progress import default_progress
from faeriell.tutorial.session import TutorialSession
from faeriell.engine.saves import SaveError
from faeriell.practice.drills import position
from faeriell import children

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (pygame-ce)

from faeriell.ui.assets import Assets  # noqa: E402
from faeriell.ui.launch import LaunchOptions, new_seed, resolve_setup  # noqa: E402,F401  (main.py's names)
from faeriell.ui.registry import scene_class  # noqa: E402
from faeriell.ui.scene import Scene  # noqa: E402
from faeriell.ui.settings import Settings  # noqa: E402
from faeriell.ui.sound import Sounds  # noqa: E402
from faeriell.safe_read import clip  # noqa: E402
from faeriell.ui import canvas  # noqa: E402
from faeriell.ui.text import draw_text, font, set_text_scale, set_window_size, wrap  # noqa: E402
from faeriell.ui.theme import ACCENT, BG, MUTED, TEXT  # noqa: E402

if TYPE_CHECKING:
    from faeriell.engine.rules import Rules

log = logging.getLogger(__name__)
NO_RULES = "The rules could not be loaded (see the error panel)."   # every opener says the same

TITLE = "Sons of Faeriell"
FPS = 60
IDLE_WAIT_MS = 200          # when nothing happens, the scene is updated this often (timers, bots)
IDLE_POLL_S = 0.02          # ... and the loop looks for input this often
ERROR_BG = (120, 24, 30)


# ------------------------------------------------------------------------------------ the app
class App:
    def __init__(self, size: tuple[int, int] = (1280, 800), map_path: str | None = None,
                 fps: int = FPS, resizable: bool = True, options: LaunchOptions | None = None,
                 settings: Settings | None = None):
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        flags = pygame.RESIZABLE if resizable else 0
        self.screen = pygame.display.set_mode(size, flags)
        set_window_size(self.screen.get_size())      # the smallest text for this window (issue 42)
        self.windowed_size = tuple(size)     # the window's size before F11 made it fullscreen
        self.canvas = canvas.Canvas()             # where a scaled screen draws (canvas.ui_factor)
        self.fullscreen = False
        self.clock = pygame.time.Clock()
        self.fps = max(1, int(fps))
        self.running = True
        self.dirty = True
        self.errors: list[str] = []
        self.refusals: list[str] = []      # a file the command line named that could not be opened
        self._errors_hidden = 0            # errors before this index are dismissed (still logged)
        self.map_path = map_path
        self.options = options or LaunchOptions()
        self.notices: list[str] = []       # what the player should know (a top banner until a click hides it)
        self.settings = settings if settings is not None else Settings.load()
        if self.settings.notice:
            self.notify(self.settings.notice)
        self.assets = Assets()
        self.sounds = Sounds(self.settings.sound_volume)
        self.scene: Scene | None = None
        self._layout_scale = self.settings.layout_scale    # a change of it lays the screen out again
        self._apply_settings()
        self.rules: Rules | None = None
        self._last_tick = time.monotonic()
        self._moving = False               # the scene changed on its own last frame (animating)
        self._guard("loading the rules and the map", self._load_rules)
        self._guard("tidying the saves folder", self._remove_stale_temp_files)
        self._guard("opening the first screen", self._first_scene)
        if self.scene is None:
            self._guard("opening the start screen", lambda: self.go("start"))
        if self.scene is None:
            self.scene = _BlankScene()

    # ---- setup ---------------------------------------------------------------------------
    def _load_rules(self) -> None:
        try:
            self.rules = default_rules(self.map_path)
        except (OSError, ValueError) as e:   # data/ or the map unreadable or invalid (CatalogError, MapError,
            self.report("loading the rules and the map", e)   # YamlError: ValueErrors): every opener says NO_RULES

    def _remove_stale_temp_files(self) -> None:
        for p in remove_stale_temp_files():
            log.info("removed %s, left by a save that was interrupted", p)
        for p in remove_stale_locks():
            log.info("removed %s, the lock of a window that is gone", p)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def ui_factor(self) -> float:
        """How much larger menus, dialogs and the scaled screens are drawn (Interface size)."""
        return canvas.ui_factor(self.size, self.settings.layout_scale)

    def factor_of(self, scene) -> float:
        """The factor a screen is drawn at: the Interface size for a scaled screen, else 1."""
        return self.ui_factor() if scene.ui_scaled else 1.0

    def scene_size(self, scene) -> tuple[int, int]:
        """The size a screen lays itself out in (the window's, or less for a scaled screen)."""
        return canvas.virtual_size(self.size, self.factor_of(scene))

    def window_rect(self, holder, rect) -> pygame.Rect:
        """A widget's rect on `holder` (a screen or a dialog) in the window's px."""
        scene = self.scene
        f = self.factor_of(holder) if holder is scene or scene is None else scene.modal_factor()
        return canvas.window_rect(rect, f)

    @property
    def map_view(self):
        """The island of the table on screen (the table screen's, the replay's), else None."""
        table = self.scene.table if self.scene is not None else None
        return table.map if table is not None else None

    @property
    def session(self):
        return self.scene.session if self.scene is not None else None

    def _first_scene(self) -> None:
        o = self.options
        if self.rules is None or not o.wants_table():
            return
        if o.load:
            err = self.load(o.load)
        elif o.cont:
            err = self.continue_game()
        elif o.scenario:
            err = self.open_puzzle(o.scenario)
        elif o.tutorial is not None:
            err = self.open_tutorial(o.tutorial or None)
        elif o.analysis is not None:
            self.go("analysis", path=o.analysis or None)      # a file it cannot open: its panel says why
            err = None
        else:
            cfg = resolve_setup(o.players, o.mode, o.difficulty, o.variants, o.seed, o.seats)
            err = self.new_game(**cfg)
        if err:
            self.refusals.append(err)
            log.error("%s", clip(err, 2000))       # on stderr as well as in the window
            self.go("start", message=err)

    # ---- scenes (the Host interface of faeriell/ui/scene.py) ---------------------------------
    def go(self, name: str, **kwargs) -> None:
        make: Callable[..., Scene] = scene_class(name)     # every screen: made with the app and its options
        self.show(make(self, **kwargs))

    def show(self, scene: Scene) -> None:
        old = self.scene
        if old is not None and old is not scene:
            self._guard("leaving a screen", old.leave)
        scene.next_scene = None
        self.scene = scene
        self._guard("sizing the screen", lambda: scene.resize(self.scene_size(scene)))
        self.dirty = True

    def open_session(self, session) -> None:
        o = self.options
        self.go("table", session=session, assets=self.assets,
                curtain=self.settings.curtain if o.curtain is None else o.curtain, map_path=self.map_path,
                bot_delay=self.settings.bot_delay if o.bot_delay is None else o.bot_delay, end_delay=o.end_delay)

    def open_game(self, game, seats=None, path=None) -> None:
        self.open_session(self.new_session(game, seats, game_id=game_id_of(path) if path else None,
                                           opened_from_save=path is not None))

    def new_session(self, game, seats=None, autosave=True, game_id=None, opened_from_save=False):
        seats = list(seats) if seats else ["human"] * game.state.players
        seats = (seats + ["human"] * game.state.players)[: game.state.players]
        return Session(game, seats, autosave=autosave, game_id=game_id, opened_from_save=opened_from_save)

    # Each returns None when the table opened, else the reason (for the start screen). `back`:
    # (screen name, its keywords) the table's "Back to Practice" and the end screen's Back go to.
    def new_game(self, players, mode, difficulty, variants, seed, seats=None, back=None) -> str | None:
        if self.rules is None:
            return NO_RULES
        try:
            game = new_game(self.rules, players, mode, difficulty, list(variants), seed)
        except SetupError as e:         # anything else is a bug: the frame loop's error panel says it
            return str(e)
        session = self.new_session(game, seats)
        session.back_to = back
        self.open_session(session)
        return None

    def quick_solo(self, difficulty: str = "medium", coach: bool = False) -> str | None:
        err = self.new_game(1, "solo", difficulty, [], new_seed(), ["human"])
        if err is None and coach and self.session is not None:
            self.session.coach = True              # this game only: the Settings stay as they are
        return err

    def load(self, path, seats=None) -> str | None:
        if self.rules is None:
            return NO_RULES
        try:
            game = load_game(self.rules, path)
        except FileServiceError as e:
            return str(e)
        self.open_game(game, seats or recall_seats(game), path=path)
        return None

    def continue_game(self) -> str | None:
        path = latest_autosave()                  # a pipe by that name is listed: loading names it
        if path is None and autosave_files():     # every game there has ended: the Load list opens them
            return "Every game in your autosaves has ended: there is no game to continue (Load a save opens them)."
        if path is None:
            return f"There is no autosave yet ({autosave_path()})."
        return self.load(path)

    def open_puzzle(self, path, back=None) -> str | None:
        if self.rules is None:
            return NO_RULES
        try:
            sc, game = load_puzzle(self.rules, path)
        except FileServiceError as e:
            return str(e)
        session = self.new_session(game, autosave=False)
        session.scenario, session.back_to = sc, back
        self.open_session(session)
        return None

    def open_tutorial(self, chapter: str | None = None, step: int | None = None) -> str | None:
        """A guided chapter at the table: `chapter` by number or name (None: where the player left
        off, else the first not done), at `step` (None: where it was left, else its start)."""
        if self.rules is None:
            return NO_RULES
        try:
            chapters = load_all()
        except ChapterError as e:
            return str(e)
        progress = default_progress()
        if chapter is None:     # left past its first step, else the first not done (Progress.next_to_play)
            chapter, first = progress.next_to_play(c.id for c in chapters) or (chapters[0].id if chapters else "", None)
            step = first if step is None else step
        c = find_chapter(chapters, chapter)
        if c is None:
            return f"There is no chapter {clip(chapter, 60)!r} (the chapters are {chapter_names(chapters)})."
        if step is None:
            step = progress.step_of(c.id)
        lesson = Lesson(c, self.rules, chapters)
        try:
            game = lesson.begin(step)
        except (ValueError, TypeError) as e:   # a chapter file that does not play as written
            # (LessonError, SetupError, PositionError are ValueErrors; a value of the wrong kind: TypeError)
            self.report(f"opening the chapter {c.title}", e)
            return f"The chapter {c.title} could not be opened ({type(e).__name__}: {clip(e, 300)})."
        session = TutorialSession(lesson, game, progress)
        progress.at(c.id, lesson.index)           # resuming opens here even before the first move
        self.open_session(session)
        return None

    def open_drill(self, drill, book, back=None) -> str | None:
        if self.rules is None:
            return NO_RULES
        try:
            game = position(self.rules, drill)
        except SaveError as e:
            return f"This drill no longer fits the rules: {e}"
        session = self.new_session(game, autosave=False)      # every seat by hand, like a puzzle
        session.drill, session.drill_book, session.back_to = drill, book, back
        self.open_session(session)
        return None

    def open_rated_puzzle(self, path, trainer, back=None) -> str | None:
        if self.rules is None:
            return NO_RULES
        try:
            sc, game = load_puzzle(self.rules, path)
        except FileServiceError as e:
            return str(e)
        session = self.new_session(game, autosave=False)
        session.scenario, session.trainer, session.rated_counted, session.back_to = sc, trainer, set(), back
        trainer.served(os.path.splitext(os.path.basename(str(path)))[0])
        self.open_session(session)
        return None

    def quit(self) -> None:
        self.running = False

    def settings_changed(self) -> None:
        self.settings.clean()
        if not self.settings.save() and self.settings.save_problem:
            self.notify(f"Your settings are not being saved: {self.settings.save_problem}")
        self._apply_settings()
        if self.scene is not None:
            self._guard("applying the settings", self.scene.settings_changed)
        self.dirty = True

    def _apply_settings(self) -> None:
        """What the settings change outside any one screen: text size, piece letters, volume."""
        s = self.settings
        set_text_scale(s.ui_scale)
        if self.scene is not None and self._layout_scale != s.layout_scale:
            self._guard("laying out the screen again", lambda: self.scene.resize(self.scene_size(self.scene)))
        self._layout_scale = s.layout_scale
        self.assets.set_marks(s.colour_blind)
        self.sounds.set_volume(s.sound_volume)

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    # ---- errors --------------------------------------------------------------------------
    def report(self, what: str, exc: BaseException) -> None:
        msg = f"Error while {what}: {type(exc).__name__}: {clip(exc, 1000)}"
        log.error("%s", msg)
        log.debug("%s", "".join(traceback.format_exception(exc)))   # main.py -v shows it
        self.show_error(msg)

    def show_error(self, msg: str) -> None:
        if msg not in self.errors[self._errors_hidden:]:
            self.errors.append(msg)
        self.dirty = True

    def notify(self, text: str) -> None:
        """A notice in the banner at the top (not an error: nothing went wrong in the program)."""
        text = clip(text, 600)
        if text not in self.notices:
            self.notices.append(text)
        self.dirty = True

    def notice_rect(self) -> pygame.Rect | None:
        if not self.notices:
            return None
        w, _ = self.size
        fnt = font(18)
        lines = [part for msg in self.notices[-3:] for part in wrap(fnt, msg, min(w, 980) - 60)][-6:]
        r = pygame.Rect(0, 6, min(w - 20, 980), 12 + fnt.get_linesize() * len(lines))
        r.centerx = w // 2
        return r

    def _draw_notices(self) -> None:
        r = self.notice_rect()
        if r is None:
            return
        fnt = font(18)
        lines = [part for msg in self.notices[-3:] for part in wrap(fnt, msg, r.width - 60)][-6:]
        pygame.draw.rect(self.screen, (60, 52, 24), r, border_radius=6)
        pygame.draw.rect(self.screen, ACCENT, r, 1, border_radius=6)
        for i, line in enumerate(lines):
            self.screen.blit(fnt.render(line, True, TEXT), (r.x + 10, r.y + 6 + fnt.get_linesize() * i))
        tip = font(14).render("click to hide", True, MUTED)
        self.screen.blit(tip, (r.right - tip.get_width() - 8, r.bottom - tip.get_height() - 4))

    def visible_errors(self) -> list[str]:
        return self.errors[self._errors_hidden:]

    def _guard(self, what: str, fn) -> None:
        try:
            fn()
        except Exception as exc:
            self.report(what, exc)

    def error_rect(self) -> pygame.Rect | None:
        errs = self.visible_errors()
        if not errs:
            return None
        w, h = self.size
        fnt = font(22)
        lines = [part for msg in errs for part in wrap(fnt, msg, w - 60)][-8:]
        ph = 12 + 20 * len(lines)
        return pygame.Rect(10, h - ph - 10, w - 20, ph)

    # ---- events --------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.quit()
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            set_window_size(self.size)
            if self.scene is not None:
                self.scene.resize(self.scene_size(self.scene))
            self.dirty = True
            return
        if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN,
                       pygame.WINDOWFOCUSGAINED):
            self.dirty = True
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            r = self.error_rect()
            if r is not None and r.collidepoint(ev.pos):      # a click on the panel hides it
                self._errors_hidden = len(self.errors)
                self.dirty = True
                return
            r = self.notice_rect()
            if r is not None and r.collidepoint(ev.pos):      # ... and on the notices
                self.notices.clear()
                self.dirty = True
                return
        if self.scene is not None and self.scene.handle_event(canvas.scaled_event(ev, self.factor_of(self.scene))):
            self.dirty = True

    def toggle_fullscreen(self) -> None:
        """F11 on any screen: fullscreen at the desktop's size, or back to the window as it was.
        The screen lays itself out again for the new size (a driver that refuses keeps the window)."""
        try:
            if not self.fullscreen:
                self.windowed_size = self.size
                desktop = pygame.display.get_desktop_sizes()
                size = desktop[0] if desktop else self.size
                self.screen = pygame.display.set_mode(size, pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.fullscreen = not self.fullscreen
        except pygame.error as e:
            log.warning("fullscreen could not be toggled: %s", e)
            return
        set_window_size(self.size)
        if self.scene is not None:
            self._guard("laying out the screen for its new size",
                        lambda: self.scene.resize(self.scene_size(self.scene)))
        self.dirty = True

    def _after_scene_work(self) -> None:
        scene = self.scene
        if scene is None:
            return
        if scene.quit_requested:
            self.quit()
        nxt = scene.next_scene
        if nxt is not None and nxt is not scene:
            scene.next_scene = None
            self.show(nxt)

    # ---- drawing -------------------------------------------------------------------------
    def draw(self) -> None:
        self.screen.fill(BG)
        if self.scene is not None:
            f = self.factor_of(self.scene)
            self._guard("drawing the screen", lambda: self.canvas.draw(self.screen, f, self.scene.draw))
        if self.notices:
            try:
                self._draw_notices()
            except Exception:  # noqa: BLE001 - like the error panel, it must not raise
                log.exception("notices")
        if self.visible_errors():
            try:
                self._draw_errors()
            except Exception:  # the last resort must not raise (nor report, or it would loop)
                log.exception("error panel")

    def _draw_errors(self) -> None:
        panel = self.error_rect()
        if panel is None:
            return
        fnt = font(22)
        lines = [part for msg in self.visible_errors() for part in wrap(fnt, msg, panel.width - 40)][-8:]
        pygame.draw.rect(self.screen, ERROR_BG, panel, border_radius=6)
        for i, line in enumerate(lines):
            img = fnt.render(line, True, (255, 240, 240))
            self.screen.blit(img, (panel.x + 8, panel.y + 7 + 20 * i))
        tip = fnt.render("click to hide", True, (230, 180, 180))
        self.screen.blit(tip, (panel.right - tip.get_width() - 8, panel.y + 6))

    # ---- loop ----------------------------------------------------------------------------
    def step(self, wait_ms: int = 0) -> bool:
        """Handle pending events (waiting up to wait_ms for one when idle), update, redraw if needed."""
        events = pygame.event.get()
        if not events and not self.dirty and wait_ms > 0 and not self._moving and not self._busy():
            # Idle: poll in short sleeps (input answers within IDLE_POLL_S). SDL's own
            # event.wait(timeout) polls internally and costs several times more CPU.
            deadline = time.monotonic() + wait_ms / 1000
            while not events and time.monotonic() < deadline:
                time.sleep(IDLE_POLL_S)
                events = pygame.event.get()
        for ev in events:
            self._guard(f"handling {pygame.event.event_name(ev.type)}", lambda ev=ev: self.handle(ev))
            self._guard("changing screens", self._after_scene_work)
            if not self.running:
                return False
        now = time.monotonic()
        dt = int((now - self._last_tick) * 1000)
        self._last_tick = now
        scene = self.scene
        if scene is not None:
            def upd():
                self._moving = bool(scene.update(dt))
                if self._moving:
                    self.dirty = True
            self._guard("updating the screen", upd)
            self._guard("changing screens", self._after_scene_work)
        if not self.running:
            return False
        if self.dirty:
            self.dirty = False
            self.draw()
            pygame.display.flip()
        return self.running

    def _busy(self) -> bool:
        """True while the scene animates (then the loop runs at the frame cap, not idle)."""
        return self.scene is not None and bool(self.scene.busy())

    def run(self, max_frames: int | None = None) -> int:
        """The event loop; returns 0 when the window is closed (or after max_frames steps)."""
        frames = 0
        try:
            while self.step(wait_ms=IDLE_WAIT_MS):
                self.clock.tick(self.fps)
                frames += 1
                if max_frames is not None and frames >= max_frames:
                    break
        finally:
            if self.scene is not None:
                self._guard("leaving the screen", self.scene.leave)
            pygame.display.quit()
            children.end_all()       # the review's thinking, the expert's helpers: none outlives the window
        return 0

    def screenshot(self, path: str) -> None:
        scene = self.scene
        if scene is not None:
            self._guard("updating the screen", lambda: scene.update(0))
        self.draw()
        pygame.image.save(self.screen, str(path))


class _BlankScene(Scene):
    """Shown only when even the start screen cannot open: the error panel says why."""

    def draw(self, surface) -> None:
        surface.fill(BG)
        draw_text(surface, TITLE, (24, 24), 48, ACCENT)

"""The window: one event loop at a capped frame rate that redraws only when something changed, and
the switch between screens (scenes): start screen -> table -> end screen -> start screen.

    App(size=(1280, 800)).run()                                  # the start screen
    App(options=LaunchOptions(players=2, seats=["human", "hard"])).run()   # straight to the table
    App(...).screenshot("first.png")                             # render the first frame to a PNG

Nothing raised while loading, handling an event, thinking in a thread or drawing closes the window
with a traceback: the error is logged and shown in a red panel (a click on it hides it).
"""
from __future__ import annotations

import inspect
import logging
import os
import random
import time
import traceback
from dataclasses import dataclass, field

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402  (pygame-ce)

from faeriell.ui.assets import Assets  # noqa: E402
from faeriell.ui.scene import Scene  # noqa: E402
from faeriell.ui import widgets as W  # noqa: E402

log = logging.getLogger(__name__)

TITLE = "Sons of Faeriell"
FPS = 60
IDLE_WAIT_MS = 200          # when nothing happens, the scene is updated this often (timers, bots)
IDLE_POLL_S = 0.02          # ... and the loop looks for input this often
BAR_H = 30
BAR_BG = (30, 26, 34)
BAR_FG = (236, 226, 200)
HINT_FG = (170, 160, 150)
ERROR_BG = (120, 24, 30)
DRAG_BUTTONS = (1, 2, 3)
DRAG_THRESHOLD = 3          # px before a press becomes a drag (a click stays a click)


# ------------------------------------------------------------------------------------ options
@dataclass
class LaunchOptions:
    """What the command line asked for (all optional: nothing set = the start screen)."""
    players: int | None = None
    mode: str | None = None
    difficulty: str | None = None
    variants: list | None = None
    seed: int | None = None
    seats: list | None = None
    load: str | None = None
    cont: bool = False
    scenario: str | None = None
    curtain: bool = True
    bot_delay: float = 0.6
    end_delay: float = 1.5          # seconds the final position stays before the end screen
    extra: dict = field(default_factory=dict)

    def has_setup(self) -> bool:
        return any(v is not None for v in (self.players, self.mode, self.difficulty, self.variants, self.seed,
                                          self.seats))

    def wants_table(self) -> bool:
        return self.has_setup() or bool(self.load) or self.cont or bool(self.scenario)


def resolve_setup(players=None, mode=None, difficulty=None, variants=None, seed=None, seats=None) -> dict:
    """Fill what was left out: one player plays solo, solo is one player, two players otherwise."""
    if players is None:
        if seats:
            players = len(seats)
        elif mode in (None, "solo"):
            players = 1
        else:
            players = 2
    if mode is None:
        mode = "solo" if players == 1 else "competitive"
    seats = list(seats) if seats else ["human"] * players
    return {"players": int(players), "mode": mode, "difficulty": difficulty or "medium",
            "variants": list(variants or []), "seed": int(seed) if seed is not None else new_seed(),
            "seats": seats}


def new_seed() -> int:
    return random.randrange(1, 1_000_000)


# ------------------------------------------------------------------------------------ the table
def make_table(session, assets, size, **extras):
    """The real TableScene when faeriell.ui.table is there, else the stand-in below.

    `extras` (curtain=..., map_path=...) go to the constructor when it takes them (`curtain` as
    `hotseat_curtain` when that is its name); others are dropped.
    """
    try:
        from faeriell.ui.table import TableScene
    except ImportError as e:
        if getattr(e, "name", "") and not str(e.name).startswith("faeriell.ui.table"):
            raise
        return StandInTable(session, assets, size, **extras)
    try:
        params = inspect.signature(TableScene).parameters
        takes_all = any(p.kind == p.VAR_KEYWORD for p in params.values())
    except (TypeError, ValueError):
        params, takes_all = {}, False
    if "curtain" in extras and "curtain" not in params and "hotseat_curtain" in params:
        extras["hotseat_curtain"] = extras.pop("curtain")
    given = {k: v for k, v in extras.items() if takes_all or k in params}
    return TableScene(session, assets, size, **given)


class StandInTable(Scene):
    """The island plus a list of the legal moves: a playable table until the real one lands."""

    PANEL_W = 380

    def __init__(self, session, assets, size, curtain=True, map_path=None, **_):
        from faeriell.content.map_loader import default_map_path
        from faeriell.ui.map_view import MapView
        from faeriell.ui.dialogs import Toast
        self.session = session
        self.assets = assets
        self.size = tuple(size)
        self.curtain = curtain
        self.catalog = session.game.rules.catalog
        self.map_view = MapView(session.game.rules.board, map_path or default_map_path(), self.catalog,
                                assets, self.map_rect())
        self.toast = Toast()
        self.mouse = self.map_rect().center
        self._press = None
        self._dragging = False
        self._seen = -1
        self.moves = W.ListBox(self.list_rect(), [], on_select=self._chosen, id="moves", row=26,
                               empty_text="No move to make")
        self.last_action = None
        self._refresh()

    # ---- geometry
    def panel_w(self) -> int:
        return min(self.PANEL_W, max(200, self.size[0] // 3))

    def map_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(0, BAR_H, max(1, w - self.panel_w()), max(1, h - BAR_H))

    def list_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - self.panel_w() + 8, BAR_H + 96, self.panel_w() - 16, max(40, h - BAR_H - 104))

    def resize(self, size) -> None:
        self.size = tuple(size)
        self.map_view.set_viewport(self.map_rect())
        self.moves.rect = self.list_rect()
        self.moves.set_items(self.moves.items)

    # ---- the table API
    def flash(self, text: str) -> None:
        self.toast.show(text)

    def animate(self, action) -> None:
        self.last_action = action

    def _refresh(self) -> None:
        if self._seen == self.session.version:
            return
        self._seen = self.session.version
        try:
            legal = self.session.legal() if self.session.is_human_turn() else []
        except Exception:
            legal = []
        self.moves.set_items([(a, str(a)) for a in legal])
        self.moves.selected = None
        self.moves.scroll = 0

    def _chosen(self, action) -> None:
        reason = self.session.apply(action)
        if reason:
            self.flash(reason)
        self._refresh()

    # ---- Scene
    def handle_event(self, ev) -> bool:
        listed = self.moves.handle(ev)
        if ev.type == pygame.MOUSEMOTION:
            return self._motion(ev.pos) or listed
        if listed:
            return True
        mv = self.map_view
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_HOME, pygame.K_0):
            mv.fit()
            return True
        if ev.type == pygame.MOUSEWHEEL and self.map_rect().collidepoint(self.mouse):
            steps = ev.y if not getattr(ev, "flipped", False) else -ev.y
            return bool(steps) and mv.zoom_at(self.mouse, 1 if steps > 0 else -1)
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button in DRAG_BUTTONS and self.map_rect().collidepoint(ev.pos) and mv.is_empty_at(ev.pos):
                self._press, self._dragging = ev.pos, False
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button in DRAG_BUTTONS and self._press is not None:
            changed = self._motion(ev.pos)
            self._press, self._dragging = None, False
            return changed
        return False

    def _motion(self, pos) -> bool:
        last, self.mouse = self.mouse, pos
        if self._press is None:
            return False
        if not self._dragging:
            if abs(pos[0] - self._press[0]) + abs(pos[1] - self._press[1]) < DRAG_THRESHOLD:
                return False
            self._dragging = True
            last = self._press
        return self.map_view.pan_by(pos[0] - last[0], pos[1] - last[1])

    def update(self, dt_ms: int) -> bool:
        changed = self._seen != self.session.version
        self._refresh()
        return self.toast.update() or changed

    def draw(self, surf) -> None:
        surf.fill((20, 40, 70))
        self.map_view.draw(surf)
        self._draw_pieces(surf)
        self._draw_bar(surf)
        self._draw_panel(surf)
        self.toast.draw(surf)

    def _draw_pieces(self, surf) -> None:
        s = self.session.state
        mv = self.map_view
        board = self.session.game.rules.board
        old = surf.get_clip()
        surf.set_clip(self.map_rect())
        for i, t in enumerate(s.tribes):
            rgb = W.tribe_rgb(self.catalog, t.id)
            for reg in t.settlements:
                if reg in board.regions:
                    x, y = mv.map_to_screen(board.regions[reg].center)
                    r = pygame.Rect(0, 0, 16, 16)
                    r.center = (x, y)
                    pygame.draw.rect(surf, rgb, r)
                    pygame.draw.rect(surf, (20, 20, 20), r, 2)
            for h, hero in t.heroes.items():
                if hero.node in board.nodes:
                    x, y = mv.map_to_screen(board.nodes[hero.node].pos)
                    pygame.draw.circle(surf, rgb, (x, y), 9)
                    pygame.draw.circle(surf, (20, 20, 20), (x, y), 9, 2)
                    W.draw_text(surf, h[:2].capitalize(), (x, y), 15, (20, 20, 20), anchor="center")
        for gd, d in s.guardians.items():
            reg = d.get("region")
            if reg in board.regions:
                x, y = mv.map_to_screen(board.regions[reg].center)
                tok = d.get("token")
                colour = (240, 240, 240)
                if tok:
                    kind = self.session.game.rules.token_kind(tok)
                    colour = {"red": (208, 62, 50), "yellow": (236, 194, 46), "blue": (58, 118, 208),
                              "green": (64, 158, 72)}.get(kind, (90, 40, 110))
                pygame.draw.circle(surf, colour, (x, y + 18), 7)
                pygame.draw.circle(surf, (20, 20, 20), (x, y + 18), 7, 1)
        surf.set_clip(old)

    def _draw_bar(self, surf) -> None:
        w = surf.get_width()
        pygame.draw.rect(surf, BAR_BG, (0, 0, w, BAR_H))
        s = self.session.state
        info = f"{TITLE}   ·   {s.mode}, {s.difficulty}   ·   round {s.round}   ·   Doom {s.doom}"
        W.draw_text(surf, info, (10, 8), 22, BAR_FG, width=w // 2)
        hint = "Esc: menu   Ctrl+Z: undo   Ctrl+S: save   H: hint   wheel/drag: map"
        W.draw_text(surf, hint, (w - 10, 8), 20, HINT_FG, anchor="topright", width=w // 2 - 20)

    def _draw_panel(self, surf) -> None:
        w, h = self.size
        r = pygame.Rect(w - self.panel_w(), BAR_H, self.panel_w(), h - BAR_H)
        pygame.draw.rect(surf, W.PANEL, r)
        s = self.session.state
        g = self.session.game
        if s.game_over:
            head = "Game over"
            sub = s.end_reason
        else:
            i = g.acting
            who = g.tribe_name(i) if i is not None else "-"
            seat = self.session.seats[i] if i is not None and i < len(self.session.seats) else "human"
            head = f"{who}" + ("" if seat == "human" else f" · bot ({seat})")
            if s.pending:
                sub = "decides: " + s.pending["kind"].replace("_", " ")
            elif s.phase:
                sub = f"{s.phase.capitalize()} Phase"
            else:
                sub = "chooses a Phase"
        W.draw_text(surf, head, (r.x + 10, r.y + 10), 22, W.ACCENT, width=r.width - 20)
        W.draw_wrapped(surf, sub, pygame.Rect(r.x + 10, r.y + 36, r.width - 20, 40), 18, W.TEXT, max_lines=2)
        if self.last_action is not None:
            W.draw_text(surf, f"last: {self.last_action}", (r.x + 10, r.y + 76), 16, W.MUTED, width=r.width - 20)
        self.moves.draw(surf)


# ------------------------------------------------------------------------------------ the app
class App:
    def __init__(self, size: tuple[int, int] = (1280, 800), map_path: str | None = None,
                 fps: int = FPS, resizable: bool = True, options: LaunchOptions | None = None,
                 table_factory=None):
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        flags = pygame.RESIZABLE if resizable else 0
        self.screen = pygame.display.set_mode(size, flags)
        self.clock = pygame.time.Clock()
        self.fps = max(1, int(fps))
        self.running = True
        self.dirty = True
        self.errors: list[str] = []
        self.refusals: list[str] = []      # a file the command line named that could not be opened
        self._errors_hidden = 0            # errors before this index are dismissed (still logged)
        self.map_path = map_path
        self.options = options or LaunchOptions()
        self.table_factory = table_factory or make_table
        self.assets = Assets()
        self.rules = None
        self.scene: Scene | None = None
        self._last_tick = time.monotonic()
        self._moving = False               # the scene changed on its own last frame (animating)
        self._guard("loading the rules and the map", self._load_rules)
        self._guard("tidying the saves folder", self._remove_stale_temp_files)
        self._guard("opening the first screen", self._first_scene)
        if self.scene is None:
            self._guard("opening the start screen", lambda: self.show_start())
        if self.scene is None:
            self.scene = _BlankScene()

    # ---- setup ---------------------------------------------------------------------------
    def _load_rules(self) -> None:
        from faeriell.content.rules_loader import default_rules
        self.rules = default_rules(self.map_path)

    def _remove_stale_temp_files(self) -> None:
        from faeriell.ui.session import remove_stale_temp_files
        for p in remove_stale_temp_files():
            log.info("removed %s, left by a save that was interrupted", p)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def map_view(self):
        """The map view of the table on screen (None on the other screens)."""
        from faeriell.ui.map_view import MapView
        scene = self.scene
        for _ in range(3):
            for name in ("map_view", "map"):
                mv = getattr(scene, name, None)
                if isinstance(mv, MapView):
                    return mv
            scene = getattr(scene, "table", None)
            if scene is None:
                return None
        return None

    @property
    def session(self):
        return getattr(self.scene, "session", None)

    def _first_scene(self) -> None:
        o = self.options
        if self.rules is None or not o.wants_table():
            return
        if o.load:
            err = self.load_file(o.load)
        elif o.cont:
            err = self.continue_autosave()
        elif o.scenario:
            err = self.open_puzzle(o.scenario)
        else:
            cfg = resolve_setup(o.players, o.mode, o.difficulty, o.variants, o.seed, o.seats)
            err = self.start_new_game(**cfg)
        if err:
            self.refusals.append(err)
            log.error("%s", W.clip(err, 2000))       # on stderr as well as in the window
            self.show_start(message=err)

    # ---- scenes --------------------------------------------------------------------------
    def switch(self, scene: Scene) -> None:
        old = self.scene
        if old is not None and old is not scene and hasattr(old, "leave"):
            try:
                old.leave()
            except Exception as exc:
                self._report("leaving a screen", exc)
        scene.next_scene = None
        self.scene = scene
        self._guard("sizing the screen", lambda: scene.resize(self.size))
        self.dirty = True

    def show_start(self, tab: str | None = None, message: str | None = None, config: dict | None = None) -> None:
        from faeriell.ui.start_scene import StartScene
        self.switch(StartScene(self, tab=tab, message=message, config=config))

    def show_end(self, session, host=None) -> None:
        from faeriell.ui.end_scene import EndScene
        self.switch(EndScene(self, session, host))

    def open_session(self, session) -> None:
        from faeriell.ui.shortcuts import TableHost
        extras = {"curtain": self.options.curtain}
        if self.map_path:
            extras["map_path"] = self.map_path
        try:
            table = self.table_factory(session, self.assets, self.size, **extras)
        except Exception as exc:
            if self.table_factory is StandInTable:
                raise
            self._report("opening the table (the simple table is used instead)", exc)
            table = StandInTable(session, self.assets, self.size, **extras)
        self.switch(TableHost(self, session, table, bot_delay=self.options.bot_delay,
                              end_delay=self.options.end_delay))

    def new_session(self, game, seats=None, autosave=True):
        from faeriell.ui.session import Session
        seats = list(seats) if seats else ["human"] * game.state.players
        seats = (seats + ["human"] * game.state.players)[: game.state.players]
        return Session(game, seats, autosave=autosave)

    # Each returns None when the table opened, else the reason (for the start screen).
    def start_new_game(self, players, mode, difficulty, variants, seed, seats=None) -> str | None:
        from faeriell.engine import new_game, SetupError
        if self.rules is None:
            return "The rules could not be loaded (see the error panel)."
        try:
            game = new_game(self.rules, players, mode, difficulty, list(variants), seed)
        except SetupError as e:
            return str(e)
        except Exception as e:          # an engine bug: say so, keep the window and the start screen
            what = (f"setting up {players} player(s), {mode}, {difficulty}, variants "
                    f"[{', '.join(variants)}], seed {seed}")
            self._report(what, e)
            return f"This game could not be set up ({type(e).__name__}: {e}). Try another seed or set-up."
        self.open_session(self.new_session(game, seats))
        return None

    def quick_solo(self) -> str | None:
        return self.start_new_game(1, "solo", "medium", [], new_seed(), ["human"])

    def load_file(self, path, seats=None) -> str | None:
        from faeriell.ui.dialogs import load_game, recall_seats, FileServiceError
        if self.rules is None:
            return "The rules could not be loaded (see the error panel)."
        try:
            game = load_game(self.rules, path)
        except FileServiceError as e:
            return str(e)
        self.open_session(self.new_session(game, seats or recall_seats(game)))
        return None

    def continue_autosave(self) -> str | None:
        from faeriell.ui.dialogs import autosave_path
        path = autosave_path()
        if not os.path.lexists(path):
            return f"There is no autosave yet ({path})."
        return self.load_file(path)

    def open_puzzle(self, path) -> str | None:
        from faeriell.ui.dialogs import load_puzzle, FileServiceError
        if self.rules is None:
            return "The rules could not be loaded (see the error panel)."
        try:
            sc, game = load_puzzle(self.rules, path)
        except FileServiceError as e:
            return str(e)
        session = self.new_session(game, autosave=False)
        session.scenario = sc
        self.open_session(session)
        return None

    def request_quit(self) -> None:
        self.running = False

    # ---- errors --------------------------------------------------------------------------
    def _report(self, what: str, exc: BaseException) -> None:
        msg = f"Error while {what}: {type(exc).__name__}: {W.clip(exc, 1000)}"
        log.error("%s", msg)
        log.debug("%s", "".join(traceback.format_exception(exc)))   # main.py -v shows it
        self.show_error(msg)

    def show_error(self, msg: str) -> None:
        if msg not in self.errors[self._errors_hidden:]:
            self.errors.append(msg)
        self.dirty = True

    def visible_errors(self) -> list[str]:
        return self.errors[self._errors_hidden:]

    def _guard(self, what: str, fn) -> None:
        try:
            fn()
        except Exception as exc:
            self._report(what, exc)

    def error_rect(self) -> pygame.Rect | None:
        errs = self.visible_errors()
        if not errs:
            return None
        w, h = self.size
        fnt = W.font(22)
        lines = [part for msg in errs for part in W.wrap(fnt, msg, w - 60)][-8:]
        ph = 12 + 20 * len(lines)
        return pygame.Rect(10, h - ph - 10, w - 20, ph)

    # ---- events --------------------------------------------------------------------------
    def handle(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.request_quit()
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if self.scene is not None:
                self.scene.resize(self.size)
            self.dirty = True
            return
        if ev.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN,
                       pygame.WINDOWFOCUSGAINED):
            self.dirty = True
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            r = self.error_rect()
            if r is not None and r.collidepoint(ev.pos):      # a click on the panel hides it
                self._errors_hidden = len(self.errors)
                self.dirty = True
                return
        if self.scene is not None and self.scene.handle_event(ev):
            self.dirty = True

    def _after_scene_work(self) -> None:
        scene = self.scene
        if scene is None:
            return
        if getattr(scene, "quit_requested", False):
            self.request_quit()
        nxt = getattr(scene, "next_scene", None)
        if nxt is not None and nxt is not scene:
            scene.next_scene = None
            self.switch(nxt)

    # ---- drawing -------------------------------------------------------------------------
    def draw(self) -> None:
        self.screen.fill(W.BG)
        if self.scene is not None:
            self._guard("drawing the screen", lambda: self.scene.draw(self.screen))
        if self.visible_errors():
            try:
                self._draw_errors()
            except Exception:  # the last resort must not raise (nor report, or it would loop)
                log.exception("error panel")

    def _draw_errors(self) -> None:
        panel = self.error_rect()
        if panel is None:
            return
        fnt = W.font(22)
        lines = [part for msg in self.visible_errors() for part in W.wrap(fnt, msg, panel.width - 40)][-8:]
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
            self._guard(f"handling {pygame.event.event_name(ev.type)}", lambda: self.handle(ev))
            self._guard("changing screens", self._after_scene_work)
            if not self.running:
                return False
        now = time.monotonic()
        dt = int((now - self._last_tick) * 1000)
        self._last_tick = now
        if self.scene is not None:
            def upd():
                self._moving = bool(self.scene.update(dt))
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
        return bool(getattr(self.scene, "busy", lambda: False)())

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
            if self.scene is not None and hasattr(self.scene, "leave"):
                try:
                    self.scene.leave()
                except Exception:
                    log.debug("leave failed", exc_info=True)
            pygame.display.quit()
        return 0

    def screenshot(self, path: str) -> None:
        self._guard("updating the screen", lambda: self.scene.update(0))
        self.draw()
        pygame.image.save(self.screen, str(path))


class _BlankScene(Scene):
    """Shown only when even the start screen cannot open: the error panel says why."""

    def draw(self, surface) -> None:
        surface.fill(W.BG)
        W.draw_text(surface, TITLE, (24, 24), 48, W.ACCENT)

"""What every screen of the window is, and the one interface screens use to talk to the app.

The app (faeriell/ui/app.py) owns the window, the frame loop and the switch between screens.
Each screen is a module of faeriell/ui/scenes/ holding one Scene class, registered by name in
faeriell/ui/registry.py (real imports; only the app imports the registry). A scene is built as
`SceneClass(host, **kwargs)`, where `host` is the app seen through the small `Host` interface:
a scene asks the host to go to another screen by name (`host.go("end", session=...)`), to start
or load a game, to report an error or to quit. So a scene never imports the app nor another
scene (tests/test_ui_imports.py checks it), and adding a screen is: one module in scenes/, one
line in registry.SCENES.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable
from collections.abc import Callable

import pygame

from faeriell.ui.text import draw_text
from faeriell.ui.theme import ACCENT, BG
from faeriell.ui.backdrop import draw_backdrop

if TYPE_CHECKING:                         # a name for the annotations only
    from faeriell.session import Session


class Scene:
    """One screen: the app hands it events, time and a surface to draw on."""

    next_scene: Scene | None = None     # set to ask the app to switch screens (old style; prefer host.go)
    quit_requested: bool = False
    # What the app reads of a screen that shows a game (the table, the replay, the analysis board,
    # the end and review screens); None on the others.
    session: Session | None = None       # the game shown
    # the TableScene drawn (its island is the app's map_view); Any: faeriell.ui.table imports this
    # module, so naming its class here would make an import cycle
    table: Any = None

    def handle_event(self, event) -> bool:
        """Handle one pygame event; True when the screen must be redrawn."""
        return False

    def update(self, dt_ms: int) -> bool:
        """Advance animations and timers; True when the screen must be redrawn."""
        return False

    def draw(self, surface) -> None:
        raise NotImplementedError

    def resize(self, size: tuple[int, int]) -> None:
        pass

    # What the app asks of every screen (a screen overrides what it has):
    ui_scaled: bool = False               # laid out at the Interface size (canvas.ui_factor)

    def busy(self) -> bool:
        """True while something is due soon (a bot's move): the loop runs at the frame cap."""
        return False

    def settings_changed(self) -> None:
        """The player changed a setting: follow it now."""

    def leave(self) -> None:
        """Another screen replaces this one (or the window closes)."""

    def modal_factor(self) -> float:
        """How much larger this screen's dialogs are drawn than the screen itself."""
        return 1.0


class MenuScene(Scene):
    """A screen whose controls are one widget tree, `self.root`, that `layout()` builds for
    `self.size` (every screen but the table): what such screens share, kept in one place."""

    size: tuple[int, int]
    root: Any                             # a widgets.Container
    host: Host
    back_scene: Scene | None = None       # where Back returns to (None: the start screen)

    def layout(self) -> None:
        raise NotImplementedError

    # tests and tools find widgets by id
    def find(self, wid: str):
        return self.root.find(wid)

    def screen_rect(self, wid: str):
        return self.root.screen_rect(wid)

    def resize(self, size) -> None:
        self.size = tuple(size)
        self.layout()

    def back(self) -> None:
        if self.back_scene is not None:
            self.host.show(self.back_scene)
        else:
            self.host.go("start")

    def menu_event(self, ev, escape: Callable[[], Any] | None = None, enter: Callable[[], Any] | None = None,
                   keys=None) -> bool:
        """A menu's handle_event: the keyboard focus first (`keys`, a key_focus.KeyFocus, when the
        screen has one), then Esc and Enter run `escape` / `enter` (when given), then the widgets."""
        if keys is not None and keys.handle(ev, self.root):     # Tab / arrows / Enter / Space
            return True
        if ev.type == pygame.KEYDOWN:
            action = (escape if ev.key == pygame.K_ESCAPE
                      else enter if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) else None)
            if action is not None:
                action()
                return True
        return self.root.handle(ev)

    def draw_heading(self, surf, title: str) -> None:
        """The plain background and pattern, and the screen's big title at the top left."""
        surf.fill(BG)
        draw_backdrop(surf)
        draw_text(surf, title, (24, 22), 60, ACCENT)


@runtime_checkable
class Host(Protocol):
    """All a scene may ask of the app. Methods that open a game return None when the new screen
    is shown, else the reason it could not open (a sentence for the player)."""

    @property
    def size(self) -> tuple[int, int]: ...        # the window size now

    rules: Any                                    # the loaded rules (None if they failed to load)
    settings: Any                                 # faeriell.ui.settings.Settings, shared by all screens

    def go(self, name: str, **kwargs) -> None:
        """Show a new screen: the scene registered as `name`, built with these arguments."""

    def show(self, scene: Scene) -> None:
        """Show a screen that already exists (e.g. back from the end screen to the table)."""

    def new_game(self, players: int, mode: str, difficulty: str, variants: list, seed: int,
                 seats: list | None = None, back: tuple | None = None) -> str | None:
        """Set up a new game and open the table. `back` (here and below): (screen name, keywords),
        where the table's "Back to Practice" and the end screen's Back return (None: the start screen)."""

    def quick_solo(self, difficulty: str = "medium", coach: bool = False) -> str | None:
        """A solo game on a new island; `coach`: the coach at your elbow on for this game."""

    def load(self, path: str, seats: list | None = None) -> str | None:
        """Open a save file at the table."""

    def continue_game(self) -> str | None:
        """Open the autosave of the game played last."""

    def open_puzzle(self, path: str, back: tuple | None = None) -> str | None:
        """Open a scenario or puzzle file at the table."""

    def open_tutorial(self, chapter: str | None = None, step: int | None = None) -> str | None:
        """A guided chapter at the table (faeriell/tutorial): by number or name, at a step (None:
        where the player left it)."""

    def open_drill(self, drill, book, back: tuple | None = None) -> str | None:
        """Open a drill (faeriell.practice.drills.Drill) of the player's DrillBook at the table."""

    def open_rated_puzzle(self, path: str, trainer, back: tuple | None = None) -> str | None:
        """Open a puzzle file at the table as a rated try of `trainer` (faeriell.practice.trainer)."""

    def open_game(self, game, seats: list | None = None, path: str | None = None) -> None:
        """Open an engine Game at a new table; `path`: the save it was read from (it then keeps
        autosaving to that file if it is an autosave, and a hot-seat game opens behind the curtain)."""

    def report(self, what: str, exc: BaseException) -> None:
        """Log an unexpected error and show it in the window's error panel."""

    def settings_changed(self) -> None:
        """Save the settings and let every part of the window follow them."""

    def ui_factor(self) -> float:
        """How much larger menus and dialogs are drawn (the Interface size; canvas.ui_factor)."""

    def play_sound(self, name: str) -> None:
        """A sound effect (faeriell/ui/sound.py EFFECTS) at the player's volume; silent without audio."""

    def quit(self) -> None:
        """Close the window."""


HOST_MEMBERS = frozenset(n for n in vars(Host) if not n.startswith("_")) | {"rules", "settings"}

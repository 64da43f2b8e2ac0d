"""What every screen of the window is: the app hands it events, time and a surface to draw on.

The app owns the window, the frame loop and the switch between scenes (start, table, end); a
scene asks the app to switch by returning/setting `next_scene`.
"""
from __future__ import annotations


class Scene:
    next_scene: "Scene | None" = None     # set to ask the app to switch screens
    quit_requested: bool = False

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

"""The screens of the window by name: each Scene class imported for real, so a renamed or
missing screen fails at import (and in mypy), not when a player first opens it.

Only the app imports this module (faeriell/ui/app.py `go`); the scenes import faeriell/ui/scene.py
for the Scene base and the Host interface, never this registry, so no scene reaches another
(tests/test_ui_imports.py). Adding a screen: one module in scenes/, one line in SCENES.
"""
from __future__ import annotations

from faeriell.ui.scene import Scene
from faeriell.ui.scenes.analysis import AnalysisScene
from faeriell.ui.scenes.end import EndScene
from faeriell.ui.scenes.practice import PracticeScene
from faeriell.ui.scenes.replay import ReplayScene
from faeriell.ui.scenes.review import ReviewScene
from faeriell.ui.scenes.rules import RulesScene
from faeriell.ui.scenes.settings import SettingsScene
from faeriell.ui.scenes.start import StartScene
from faeriell.ui.scenes.stats import StatsScene
from faeriell.ui.scenes.table import TableScreen
from faeriell.ui.scenes.tutorial import TutorialScene

SCENES: dict[str, type[Scene]] = {
    "start": StartScene,
    "table": TableScreen,
    "end": EndScene,
    "settings": SettingsScene,
    "review": ReviewScene,
    "replay": ReplayScene,
    "rules": RulesScene,
    "tutorial": TutorialScene,
    "practice": PracticeScene,
    "stats": StatsScene,
    "analysis": AnalysisScene,
}


def scene_class(name: str) -> type[Scene]:
    """The Scene class registered under `name` (KeyError names the known screens)."""
    try:
        return SCENES[name]
    except KeyError:
        raise KeyError(f"no screen called {name!r} (known: {', '.join(sorted(SCENES))})") from None

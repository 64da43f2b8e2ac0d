"""Practice puzzles: a scenario file with a `goal` the game checks after every move.

    goal:
      text: Clear three Menaces in this Hero Phase.
      expect: {guardians.bear.under: null, guardians.owl.under: null}
      before: phase_end        # phase_end | turn_end | round_end | game_end

The goal is won as soon as every `expect` path holds, and lost once the moment named by `before`
has passed without it (or the game ends). A file's optional `solution:` (steps in the scenario
format) proves the puzzle can be solved; the tests play it, and play each `wrong:` first move to
show it loses. An optional `puzzle:` section (PuzzleMeta) places the file on the puzzle path.
"""
from __future__ import annotations

from dataclasses import dataclass

from faeriell.engine.view import holds, resolve, PathError

MOMENTS = ("phase_end", "turn_end", "round_end", "game_end")

# The puzzle path: themes in the order the Practice screen lists them, and three levels.
THEMES = {"harvest": "Harvest", "beacons": "Beacons and the Totem", "doom": "Doom control",
          "heroes": "Heroes and Quests", "corruption": "Corruption", "coop": "Coop teamwork"}
OTHER_THEME = "More puzzles"            # a puzzle file without a `puzzle:` section (older files)
LEVELS = {1: "Easy", 2: "Medium", 3: "Hard"}


class GoalError(ValueError):
    pass


@dataclass
class Goal:
    text: str
    expect: dict
    before: str = "game_end"

    @classmethod
    def from_dict(cls, d: dict) -> Goal:
        if not isinstance(d, dict) or not isinstance(d.get("expect"), dict) or not d["expect"]:
            raise GoalError("goal needs `expect`: state paths and the values that win")
        before = d.get("before", "game_end")
        if before not in MOMENTS:
            raise GoalError(f"goal.before must be one of {', '.join(MOMENTS)}, not {before!r}")
        unknown = set(d) - {"text", "expect", "before"}
        if unknown:
            raise GoalError(f"goal: unknown field(s) {sorted(unknown)}")
        return cls(str(d.get("text", "")), dict(d["expect"]), before)


@dataclass
class PuzzleMeta:
    """A puzzle file's optional `puzzle:` section: its theme, level and hint.

        puzzle: {theme: harvest, level: 1, hint: Count the steps to the Mountain space.}
    """
    theme: str = ""
    level: int = 2
    hint: str = ""

    @classmethod
    def from_dict(cls, d) -> PuzzleMeta:
        if not isinstance(d, dict):
            raise GoalError("puzzle must be a mapping with theme, level and hint")
        unknown = set(d) - {"theme", "level", "hint"}
        if unknown:
            raise GoalError(f"puzzle: unknown field(s) {sorted(unknown)}")
        theme = d.get("theme", "")
        if theme and (not isinstance(theme, str) or theme not in THEMES):     # a list is no theme
            raise GoalError(f"puzzle.theme must be one of {', '.join(THEMES)}, not {theme!r}")
        level = d.get("level", 2)
        if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
            raise GoalError(f"puzzle.level must be 1, 2 or 3, not {level!r}")
        return cls(str(theme or ""), level, " ".join(str(d.get("hint") or "").split()))


def _mark(s) -> tuple:
    return (s.round, s.lap, s.active, s.phase)


class PuzzleTracker:
    """Follows one game and says whether its goal is open, won or lost."""

    def __init__(self, goal: Goal, game) -> None:
        self.goal = goal
        self.start = _mark(game.state)
        self.result = "open"
        self.update(game)

    def holds(self, game) -> bool:
        try:
            return all(holds(resolve(game, p), v) for p, v in self.goal.expect.items())
        except PathError:
            return False

    def passed(self, game) -> bool:
        s = game.state
        r0, lap0, a0, ph0 = self.start
        if s.game_over:
            return True
        b = self.goal.before
        if b == "phase_end":
            return (s.round, s.lap, s.active) != (r0, lap0, a0) or (ph0 is not None and s.phase != ph0)
        if b == "turn_end":
            return (s.round, s.lap, s.active) != (r0, lap0, a0)
        if b == "round_end":
            return s.round != r0
        return False

    def update(self, game) -> str:
        if self.result != "open":
            return self.result
        if self.holds(game):
            self.result = "won"
        elif self.passed(game):
            self.result = "lost"
        return self.result

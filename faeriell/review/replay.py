"""Step through a recorded game: the position after any number of its actions, forward or back.

A game is its origin plus its actions, so the position after k actions is the origin replayed k
times. Stepping forward applies one action to the current game; stepping back (or jumping) starts
from the nearest remembered position at or before the target (one kept every `every` actions) and
replays the rest, so any step costs at most `every` actions. "Play from here" is a fresh game with
the same origin and the first k actions: its own history, saves and undo work as in any game.
"""
from __future__ import annotations

from faeriell.engine import Action
from faeriell.engine.saves import rebuild, replay


def _copy(game):
    """A playable copy that keeps the log (the replay shows it)."""
    return game.copy()


class Replay:
    def __init__(self, rules, origin: dict, actions: list, every: int = 25) -> None:
        self.rules = rules
        self.origin = origin
        self.actions = [a if isinstance(a, Action) else Action.from_dict(a) for a in actions]
        self.every = max(1, int(every))
        start = rebuild(rules, origin)
        self._marks: dict[int, object] = {0: _copy(start)}
        self.game = start
        self.k = 0

    @classmethod
    def of(cls, game, every: int = 25) -> Replay:
        return cls(game.rules, game.origin, [h["action"] for h in game.history], every)

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def next_action(self) -> Action | None:
        return self.actions[self.k] if self.k < len(self.actions) else None

    @property
    def last_action(self) -> Action | None:
        return self.actions[self.k - 1] if self.k > 0 else None

    def _apply_next(self) -> None:
        self.game.apply(self.actions[self.k])
        self.k += 1
        if self.k % self.every == 0 and self.k not in self._marks:
            self._marks[self.k] = _copy(self.game)

    def seek(self, k: int):
        """The position after `k` actions (clamped to the game); it becomes the current one."""
        k = max(0, min(len(self.actions), int(k)))
        if k < self.k or k - self.k > self.every:
            base = max(m for m in self._marks if m <= k)
            if not (base <= self.k <= k):
                self.game, self.k = _copy(self._marks[base]), base
        while self.k < k:
            self._apply_next()
        return self.game

    def step(self, n: int = 1):
        return self.seek(self.k + n)

    def branch(self):
        """A new game from the current position, with its own history (for "play from here")."""
        return replay(self.rules, self.origin, self.actions[:self.k])

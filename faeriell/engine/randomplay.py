"""Random self-play: the engine's smoke test and benchmark driver.

`play_random` plays one game to its end, choosing a uniformly random legal action each step with a
`random.Random(seed)` of its own (the game keeps its own generator in the state, R36), and checks
the invariants after every action when asked. Any failure raises `RandomPlayFailure` (an
AssertionError) naming the seed, the configuration, the action number and the action, so

    play_random(rules, **failure.config)

reproduces it exactly.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import invariants
from .actions import Action
from .setup import new_game, SetupError
from .words import Difficulty, Mode, Variant

if TYPE_CHECKING:                   # the Game only as a type: setup gives one
    from .core import Game
    from .rules import Rules


class RandomPlayFailure(AssertionError):
    """A random game broke: an invariant failed, the engine raised, or the game did not end."""

    def __init__(self, message: str, config: dict[str, Any], action_number: int, action: Action | None = None,
                 problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.config = config
        self.action_number = action_number
        self.action = action
        self.problems = list(problems or [])


def describe(config: dict[str, Any]) -> str:
    """`players=2, mode='competitive', difficulty='medium', variants=[], seed=7` (Python kwargs)."""
    return ", ".join(f"{k}={config[k]!r}" for k in ("players", "mode", "difficulty", "variants", "seed"))


def play_random(rules: Rules, players: int = 2, mode: Mode = "competitive", difficulty: Difficulty = "medium",
                variants: Iterable[Variant] = (), seed: int = 0, check_every: bool = True, max_actions: int = 20000,
                on_action: Callable[[Game, int], object] | None = None) -> tuple[Game, int]:
    """Play one random game to its end; return (game, number of actions applied).

    `on_action(game, n)` (optional) is called after the n-th action (and its invariant check).
    Setup errors (SetupError) propagate unchanged: they are a configuration refusal, not a bug.
    """
    config: dict[str, Any] = {"players": players, "mode": mode, "difficulty": difficulty,
              "variants": list(variants), "seed": seed}

    def fail(what: str, n: int, action: Action | None = None,
             problems: list[str] | None = None) -> RandomPlayFailure:
        at = ("before the first action" if n == 0 else
              f"at action {n}" + ("" if action is None else f" ({action!r})"))
        msg = f"random play failed {at}: {what}\n  reproduce: play_random(rules, {describe(config)})"
        return RandomPlayFailure(msg, config, n, action, problems)

    try:
        g = new_game(rules, players, mode, difficulty, list(variants), seed)
    except SetupError:
        raise
    except Exception as e:  # noqa: BLE001
        raise fail(f"new_game() raised {type(e).__name__}: {e}", 0) from e
    chooser = random.Random(seed)
    if check_every:
        g.verify_quiet = True          # quiet moves/tasks must leave what Achievements read alone
        problems = invariants.check(g)
        if problems:
            raise fail("invariants broken: " + "; ".join(problems), 0, None, problems)
    n = 0
    while not g.state.game_over:
        if n >= max_actions:
            raise fail(f"the game did not end within {max_actions} actions "
                       f"(round {g.state.round}, doom {g.state.doom})", n)
        try:
            actions = g.legal_actions()
        except Exception as e:  # noqa: BLE001 - any engine exception is a failure to report
            raise fail(f"legal_actions() raised {type(e).__name__}: {e}", n) from e
        if not actions:
            raise fail(f"no legal action although the game is not over "
                       f"(acting {g.acting}, phase {g.state.phase}, pending {g.state.pending})", n)
        action = chooser.choice(actions)
        n += 1
        if check_every:
            # apply() trusts a listed move, so the listing and the check must agree: ask both.
            reason = g.why_not(action)
            if reason is not None:
                raise fail(f"a listed action is refused: {reason}", n, action)
        try:
            g.apply(action)
        except Exception as e:  # noqa: BLE001
            raise fail(f"apply() raised {type(e).__name__}: {e}", n, action) from e
        if check_every:
            try:
                problems = invariants.check(g)
            except Exception as e:  # noqa: BLE001
                raise fail(f"invariants.check() raised {type(e).__name__}: {e}", n, action) from e
            if problems:
                raise fail("invariants broken: " + "; ".join(problems), n, action, problems)
        if on_action is not None:
            on_action(g, n)
    return g, n

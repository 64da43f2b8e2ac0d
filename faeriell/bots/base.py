"""The bot protocol and the two simple bots.

A bot is asked for a move only when it must act:

    action = bot.choose(game, player)          # one of game.legal_actions()
    action, reason = bot.decide(game, player)  # the same, with a one-line reason in words
    bot.explain(game, action)                  # a reason for any legal action

Bots never read the real state: they read `player_view(game, player)` through `observe`, which
also imagines what they cannot see (observe.determinize). The real game gives them only its list
of legal actions, which never names another player's hidden cards.
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from faeriell.engine.actions import Action

from .heuristic import score_actions
from .knowledge import Ctx
from .weights import WeightBook, weight_book
from .observe import observe


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, game, player: int) -> Action: ...

    def decide(self, game, player: int) -> tuple[Action, str]: ...

    def explain(self, game, action: Action) -> str: ...


class BaseBot:
    """Shared plumbing: seeded randomness, the legal list, single-option short cut."""

    name = "bot"

    def __init__(self, seed: int | None = 0, weights: WeightBook | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        # the heuristic's weights per mode (data/bots/weights.yaml), frozen: the bot thinks with
        # its own book, whatever other bots or hints in this process think with
        self.weights = weights if weights is not None else weight_book()

    def ctx(self, world, player: int) -> Ctx:
        """What one decision of `player` knows, with this bot's weights for the world's mode."""
        return Ctx(world, player, self.weights.of(world.state.mode, world.state.difficulty))

    def reseed(self, seed) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, game, player: int) -> Action:
        return self.decide(game, player)[0]

    def decide(self, game, player: int) -> tuple[Action, str]:
        raise NotImplementedError

    def explain(self, game, action: Action) -> str:
        """Why `action` is worth playing for whoever acts now (the heuristic's reason)."""
        player = game.acting
        if player is None:
            return "the game is over"
        world = observe(game, player, random.Random(0))
        return score_actions(world, player, [action], self.ctx(world, player))[0][1]

    @staticmethod
    def _legal(game, player: int) -> list[Action]:
        if game.acting != player:
            raise ValueError(f"player {player + 1} is not the one to act (player {game.acting + 1} is)")
        acts = game.legal_actions()
        if not acts:
            raise ValueError("no legal action")
        return acts


class RandomBot(BaseBot):
    """Uniformly random legal moves (a baseline, and the engine's fuzzer)."""

    name = "random"

    def decide(self, game, player: int) -> tuple[Action, str]:
        acts = self._legal(game, player)
        return self.rng.choice(acts), "a random legal move"


class HeuristicBot(BaseBot):
    """Greedy on the readable heuristic (heuristic.py). `noise` (card units) blurs the scores."""

    name = "heuristic"

    def __init__(self, seed: int | None = 0, noise: float = 0.0, blunder: float = 0.0,
                 weights: WeightBook | None = None) -> None:
        super().__init__(seed, weights)
        self.noise = noise
        self.blunder = blunder          # chance of a random legal move instead

    def decide(self, game, player: int) -> tuple[Action, str]:
        acts = self._legal(game, player)
        if len(acts) == 1:
            world = observe(game, player, self.rng)
            return acts[0], score_actions(world, player, acts, self.ctx(world, player))[0][1]
        world = observe(game, player, self.rng)
        return self.pick(world, player, acts)

    def pick(self, world, player: int, acts: list[Action]) -> tuple[Action, str]:
        scores = score_actions(world, player, acts, self.ctx(world, player))
        if self.blunder and self.rng.random() < self.blunder:
            k = self.rng.randrange(len(acts))
            return acts[k], scores[k][1]
        if self.noise:
            noisy = [sc + self.rng.gauss(0.0, self.noise) for sc, _ in scores]
        else:
            noisy = [sc for sc, _ in scores]
        k = max(range(len(acts)), key=noisy.__getitem__)
        return acts[k], scores[k][1]

"""What the command line asked for, and how a set-up left half-said is completed (no pygame)."""
from __future__ import annotations

import random
from dataclasses import dataclass, field


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
    tutorial: str | None = None         # "": resume the guided game; else a chapter's number or name
    analysis: str | None = None         # "": the analysis board empty; else the file it opens on
    curtain: bool | None = None         # None: as the settings say
    bot_delay: float | None = None      # None: as the settings say
    end_delay: float = 1.5              # seconds the final position stays before the end screen
    extra: dict = field(default_factory=dict)

    def has_setup(self) -> bool:
        return any(v is not None for v in (self.players, self.mode, self.difficulty, self.variants, self.seed,
                                          self.seats))

    def wants_table(self) -> bool:
        return (self.has_setup() or bool(self.load) or self.cont or bool(self.scenario)
                or self.tutorial is not None or self.analysis is not None)


def new_seed() -> int:
    return random.randrange(1, 1_000_000)


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

"""The game's one random generator (R36), kept inside the state as a single integer.

SplitMix64: tiny, fast, and its whole state is one int, so a state copies and saves for free
and a seed plus the action list replays a game exactly on any Python version.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


class Holder(Protocol):
    """What an Rng draws through: the state (or any object) with these two int fields."""
    rng: int
    rng_draws: int


class Rng:
    """A view over the state's rng field: every draw writes the new state back."""

    __slots__ = ("holder",)

    def __init__(self, holder: Holder) -> None:
        self.holder = holder  # any object with an int attribute `rng`

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs n > 0")
        h = self.holder
        state = (h.rng + 0x9E3779B97F4A7C15) & MASK         # next_u64, written out (hot)
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        h.rng = state
        h.rng_draws += 1
        return (z ^ (z >> 31)) % n

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: list[Any]) -> None:
        """Fisher-Yates with below(i + 1) for i from the end; next_u64 is written out in the loop
        (a new game shuffles some 150 things) and must stay step for step the same as it."""
        h = self.holder
        state = h.rng
        for i in range(len(seq) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            j = (z ^ (z >> 31)) % (i + 1)
            seq[i], seq[j] = seq[j], seq[i]
        if len(seq) > 1:
            h.rng = state
            h.rng_draws += len(seq) - 1


def seed_state(seed: int) -> int:
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & MASK

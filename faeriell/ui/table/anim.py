"""Short sprite flights: a bot's piece moving to its new place, a refused piece snapping back.

Animations are overlays only: the state has already changed (or never did), input is never held.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from faeriell.ui.table import theme as T

SPEED = [1.0]       # the Animation speed setting: flight times are multiplied by it (0: no flights)


def set_speed(factor: float) -> None:
    SPEED[0] = max(0.0, float(factor))


@dataclass
class Flight:
    sprite: pygame.Surface | None
    start: tuple
    end: tuple
    t0: float
    dur: float = 320.0
    pulse: bool = True          # a ring at the landing place
    # What the landing place looked like before the move: drawn over the table while the piece
    # is in the air, so the piece is not seen waiting at its destination already.
    cover: pygame.Surface | None = None
    cover_at: tuple = (0, 0)

    def __post_init__(self):
        self.dur *= SPEED[0]
        if not SPEED[0]:
            self.pulse = False

    def pos(self, now: float) -> tuple[float, float, float]:
        t = max(0.0, min(1.0, (now - self.t0) / self.dur)) if self.dur > 0 else 1.0
        e = 1 - (1 - t) ** 3
        return (self.start[0] + (self.end[0] - self.start[0]) * e,
                self.start[1] + (self.end[1] - self.start[1]) * e, t)

    def done(self, now: float) -> bool:
        return now - self.t0 >= self.dur + (220 if self.pulse else 0)

    def draw(self, surf, now: float) -> None:
        x, y, t = self.pos(now)
        if t < 1 and self.sprite is not None:
            if self.cover is not None:
                surf.blit(self.cover, self.cover_at)
            T.blit_center(surf, self.sprite, (x, y))
        elif self.pulse:
            k = (now - self.t0 - self.dur) / 220
            r = int(14 + 18 * k)
            ring = T.ring(r, T.GLOW, 3, max(0, int(230 * (1 - k))))
            surf.blit(ring, ring.get_rect(center=(round(self.end[0]), round(self.end[1]))))

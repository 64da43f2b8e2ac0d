"""Where each part of the table goes for a window size: designed at 1280x800, scaled by `u`.

    +---------------------------------------------------------------+
    | banner: whose turn, which Phase, what now, buttons             |
    +-----------+-------------------------------+-------------------+
    | harvest   |                               | shared boards:    |
    | wheel,bag |          the island           | decks, herbs,     |
    |-----------|                               | perks, beacons,   |
    | log       |                               | totem, tracks,    |
    +-----------+-------------------+-----------+ achievements,     |
    | the acting tribe's board      | others    | sower             |
    +-------------------------------+-----------+-------------------+

Extra width (wide screens) goes to the island; everything else scales with `u`.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from faeriell.ui.table import theme as T

DESIGN = (1280, 800)


@dataclass
class Layout:
    size: tuple[int, int]
    u: float
    banner: pygame.Rect
    left: pygame.Rect
    wheel: pygame.Rect
    log: pygame.Rect
    map: pygame.Rect
    side: pygame.Rect
    bottom: pygame.Rect
    board: pygame.Rect
    others: pygame.Rect
    goal: pygame.Rect | None = None      # a practice puzzle's goal strip (under the banner)

    def px(self, v: float) -> int:
        return max(1, round(v * self.u))


def compute(size: tuple[int, int], goal: bool = False) -> Layout:
    """The layout for a window size; `goal` keeps a strip under the banner for a puzzle's goal
    (over the left column and the island, which shrink by its height)."""
    w, h = max(320, int(size[0])), max(240, int(size[1]))
    u = min(w / DESIGN[0], h / DESIGN[1])
    P = lambda v: round(v * u)  # noqa: E731
    # the banner holds its two lines of what is expected now (chrome.draw_banner) at every Text
    # size: at 1024x640 and "Larger" they ran out of it
    two_lines = 2 * T.font(max(9, round(13 * u))).get_linesize() + 2
    banner = pygame.Rect(0, 0, w, max(P(40), two_lines))
    side_w, left_w, bottom_h, others_w = P(340), P(214), P(246), P(244)
    side = pygame.Rect(w - side_w, banner.bottom, side_w, h - banner.bottom)
    bottom = pygame.Rect(0, h - bottom_h, w - side_w, bottom_h)
    top = banner.bottom
    strip = None
    if goal:
        strip = pygame.Rect(0, banner.bottom, side.left, P(46))
        top = strip.bottom
    left = pygame.Rect(0, top, left_w, bottom.top - top)
    wheel = pygame.Rect(left.x, left.y, left.w, min(left.h // 2, P(212)))
    log = pygame.Rect(left.x, wheel.bottom, left.w, left.bottom - wheel.bottom)
    mp = pygame.Rect(left.right, top, side.left - left.right, bottom.top - top)
    others = pygame.Rect(bottom.right - others_w, bottom.y, others_w, bottom.h)
    board = pygame.Rect(bottom.x, bottom.y, bottom.w - others_w, bottom.h)
    return Layout((w, h), u, banner, left, wheel, log, mp, side, bottom, board, others, strip)

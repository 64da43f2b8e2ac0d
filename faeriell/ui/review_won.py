"""The review's "What won it" box, for a game the reviewed side won: its strong moves.

A strong move (review.moments.Moment.lead) kept at least ten points of the win chance more than
every other move the review compared, and the figures by the round's end say why. The box names the
few furthest ahead, each with the next best move and what that one would have given up; a click
opens the replay at the move, as a key moment's does. Drawn by scenes/review.py under its key moments.
"""
from __future__ import annotations

import pygame

from faeriell.review.moments import STRONG, Moment
from faeriell.review.text import points
from faeriell.ui import widgets as W
from faeriell.ui.text import draw_text, draw_wrapped, wrapped_height
from faeriell.ui.theme import ACCENT, OK, PANEL_EDGE, TEXT

HEAD = "What won it"
SIZES = (19, 16, 16)       # an entry's heading, its move, its reason


def intro(strong: list[Moment]) -> str:
    if not strong:
        return ("No single move stood far ahead of the others: this win was built move by move. The "
                "charts on the left show how the Achievements came and where Doom was held back.")
    return (f"The moves that kept furthest ahead of every other move the review compared, each by "
            f"{points(STRONG)} or more of the win chance. Click one to see it on the table.")


def entry(scene, m: Moment) -> tuple[str, str, str]:
    """(heading, what was played, the next best and why this move beat it), in the game's words."""
    words = scene.words
    head = f"Round {m.round} · {points(m.lead)} ahead"
    played = f"{scene.who(m.player)} played: {words.action(m.played)}"
    other = words.action(m.runner_up) if m.runner_up is not None else "another move"
    why = f"The next best, {other}, would have given up {points(m.lead)}." + (
        f" Why it was better: {words.say(m.reason)}" if m.reason else "")
    return head, played, why


def height(scene, strong: list[Moment], width: int) -> int:
    """The box's height for its words at `width` (the text's width inside the box)."""
    h = 36 + wrapped_height(intro(strong), width, 16) + 10
    for m in strong:
        head, played, why = entry(scene, m)
        h += 22 + min(2, _lines(played, width)) * 18 + min(3, _lines(why, width)) * 18 + 12
    return h


def _lines(text: str, width: int) -> int:
    return max(1, round(wrapped_height(text, width, 16) / wrapped_height("x", 100, 16)))


def draw(scene, surf, rect: pygame.Rect, strong: list[Moment], mouse) -> list[tuple[pygame.Rect, Moment]]:
    """The box in `rect`; returns each entry's area with its move (a click opens the replay there)."""
    W.panel(surf, rect)
    draw_text(surf, HEAD, (rect.x + 12, rect.y + 8), 19, ACCENT, width=rect.w - 24)
    x, w, y = rect.x + 16, rect.w - 32, rect.y + 36
    y += draw_wrapped(surf, intro(strong), pygame.Rect(x, y, w, rect.bottom - y), 16, TEXT, max_lines=3) + 10
    spots = []
    for m in strong:
        head, played, why = entry(scene, m)
        if y + 60 > rect.bottom:
            break
        top = y
        draw_text(surf, head, (x, y), SIZES[0], OK)
        y += 22
        y += draw_wrapped(surf, played, pygame.Rect(x, y, w, 40), SIZES[1], TEXT, max_lines=2) + 2
        y += draw_wrapped(surf, why, pygame.Rect(x, y, w, 60), SIZES[2], OK, max_lines=3) + 8
        area = pygame.Rect(rect.x + 8, top - 4, rect.w - 16, y - top)
        if area.collidepoint(mouse):
            pygame.draw.rect(surf, PANEL_EDGE, area, 1, border_radius=6)
        spots.append((area, m))
    return spots

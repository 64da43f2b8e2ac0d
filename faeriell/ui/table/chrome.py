"""The banner: whose turn, which Phase, what is expected now, the buttons (the log: log_panel.py)."""
from __future__ import annotations

import pygame

from faeriell.ui.table import theme as T
from faeriell.ui.table.keys import Button, RoundLap, UndoOff
OFF_EDGE = (74, 68, 78)         # the edge of a button that cannot be pressed now


UNDO_OFF = UndoOff()     # Undo greyed: nothing can be taken back now (its place is kept)
UNDO_OFF_NAME = "undo_off"   # its name in the banner's list of buttons


def buttons_for(p, n_loose: int, can_undo: bool, undo_offered: bool = False) -> list[tuple[str, str]]:
    """The banner's buttons, left to right. They keep their places while a person plays: Undo,
    rightmost, stays (greyed, `undo_offered`) when nothing can be taken back, and Menace Draft or
    End Phase stand beside it, the Moves list (whose count changes) further left; so a double
    click on Undo never lands on End Phase moved under the mouse."""
    out = []
    if p.human:
        if n_loose:
            out.append(("moves", f"Moves ({n_loose})"))
        if "draft" in p.index.kinds:
            out.append(("draft", "Menace Draft"))
        if "end_phase" in p.index.kinds:
            out.append(("end_phase", "End Phase"))
    if can_undo:
        out.append(("undo", "Undo"))
    elif undo_offered:
        out.append((UNDO_OFF_NAME, "Undo"))
    return out


def expectation(p) -> tuple[str, str]:
    """(who, what) for the banner."""
    g, s, w = p.g, p.s, p.words
    if s.game_over:
        if s.winners:
            names = ", ".join(f"{w.tribe(s.tribes[i].id)} (player {i + 1})" for i in s.winners)
            return "Game over", f"{names} win{'s' if len(s.winners) == 1 else ''}. {w.say(s.end_reason)}"
        return "Game over", f"Faeriell is lost. {w.say(s.end_reason)}"
    i = p.acting
    who = f"Player {i + 1} · {w.tribe(s.tribes[i].id)}"
    if s.pending is not None:
        what = w.pending(s.pending, s)
    elif s.stage == "setup":
        what = "set up"
    else:
        what = w.phase_hint(g, p.index.kinds)
    lesson = getattr(p.session, "tutorial", None)
    if lesson is not None and lesson.step is not None and lesson.step.kind == "read":
        what = "read the guide's card, then press Next"     # nothing is to be played until then
    elif lesson is not None and getattr(lesson, "graded", None) is not None:
        # a graded pick: nothing is played until the card's Try again or Go on
        what = ("read the coach's grade, then Try again" if lesson.graded.grade == "costly"
                else "read the coach's grade, then Go on")
    if not p.human:
        seats = p.session.seats
        bot = 0 <= i < len(seats) and seats[i] != "human"
        what = (f"{w.tribe(s.tribes[i].id)} (bot) " if bot else "") + w.doing(g, p.index.kinds)
        last = getattr(p, "bot_line", None)
        if last:
            what += f" · last: {last}"
    return who, what


def draw_banner(surf, p, rect: pygame.Rect, buttons) -> None:
    P = p.P
    s = p.s
    pygame.draw.rect(surf, (20, 18, 24), rect)
    pygame.draw.line(surf, T.PANEL_EDGE, rect.bottomleft, rect.bottomright, 1)
    who, what = expectation(p)
    x = rect.x + P(10)
    if not s.game_over:
        c = p.tribe_rgb(p.acting)
        pygame.draw.circle(surf, c, (x + P(9), rect.centery), P(9))
        pygame.draw.circle(surf, (20, 16, 14), (x + P(9), rect.centery), P(9), 2)
        x += P(26)
    img = T.text(who, p.fs(19), T.INK, True)
    surf.blit(img, (x, rect.centery - img.get_height() // 2))
    x += img.get_width() + P(12)
    sub = "Setup" if s.stage == "setup" else f"Round {s.round} · lap {s.lap}/3"
    if s.phase and s.pending is not None:
        sub += f" · {s.phase.capitalize()} Phase"
    img = T.text(sub, p.fs(13), T.INK_DIM)
    surf.blit(img, (x, rect.centery - img.get_height() // 2))
    p.spots.add(RoundLap(), img.get_rect(topleft=(x, rect.centery - img.get_height() // 2)))
    x += img.get_width() + P(16)
    # buttons from the right
    bx = rect.right - P(8)
    rects = []
    for name, label in reversed(buttons):
        off = name == UNDO_OFF_NAME
        img = T.text(label, p.fs(16), T.INK_DIM if off else T.INK, True)
        r = pygame.Rect(0, 0, img.get_width() + P(22), rect.h - P(10))
        r.midright = (bx, rect.centery)
        prime = name in ("end_phase", "draft")
        if off:                              # greyed: pressed, it does nothing; its tooltip says why
            T.panel(surf, r, T.BUTTON_OFF, OFF_EDGE, P(6), 1)
            p.spots.add(UNDO_OFF, r)
        else:
            T.panel(surf, r, T.BUTTON_HI if prime else T.BUTTON, T.GLOW if prime else T.PANEL_EDGE, P(6), 1)
            p.spots.add(Button(name), r)
        surf.blit(img, img.get_rect(center=r.center))
        rects.append(r)
        bx = r.left - P(8)
    room = bx - x - P(8)
    lines = T.wrap(what, p.fs(16), room)
    if len(lines) > 1:
        lines = T.wrap(what, p.fs(13), room)[:2]
        lh = T.font(p.fs(13)).get_linesize()
        y = rect.centery - lh * len(lines) // 2
        for line in lines:
            surf.blit(T.text(line, p.fs(13), T.GLOW), (x, y))
            y += lh
    else:
        img = T.text(what, p.fs(16), T.GLOW)
        surf.blit(img, (x, rect.centery - img.get_height() // 2))

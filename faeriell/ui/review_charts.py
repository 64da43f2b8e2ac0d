"""The review's pictures: the Doom chart with its causes, Achievements and the win chance over the
rounds, figures.

Pure drawing from a `faeriell.review.timeline.Timeline`; the review screen places them.
"""
from __future__ import annotations

from collections import Counter

import pygame

from faeriell.engine.names import title
from faeriell.ui import text as UT
from faeriell.ui import widgets as W
from faeriell.ui.text import draw_text, draw_wrapped, font
from faeriell.ui.theme import ACCENT, ERROR, MUTED, OK, PANEL_EDGE, TEXT

# One colour per Doom cause (kept apart from the tribes' colours and readable on the dark panel).
CAUSE_RGB = {
    "Automatic Doom": (150, 110, 190),
    "Menace discarded": (230, 150, 60),
    "Ignore Corruption": (200, 70, 80),
    "Havoc": (240, 210, 90),
    "Unpaid claim": (110, 170, 230),
    "Lost to Corruption": (120, 60, 60),
    "Corruption Sower Perk": (90, 90, 90),
    "The Twins set-up": (160, 160, 160),
    "Other": (140, 140, 140),
}
DOOM_MAX = 15


def _plot_under(title: pygame.Rect, rect: pygame.Rect, legend_rows: int) -> tuple[pygame.Rect, int]:
    """A chart's plot and its legend's top: the plot under the title, so that the scale's top
    label (centred on the plot's top line) clears it, and over the rounds' numbers and the
    legend's rows, each as tall as its text at the Text size."""
    axis_h = font(14).get_height()
    legend_y = rect.bottom - 4 - legend_rows * font(15).get_height()
    top = max(rect.y + 34, title.bottom + axis_h // 2 + 2)
    bottom = legend_y - 3 - axis_h - 4
    return pygame.Rect(rect.x + 36, top, rect.w - 48, bottom - top), legend_y


def doom_added_per_round(tl) -> list[tuple[int, Counter]]:
    """(round, Counter {cause: Doom added in that round}) for every round of the game."""
    out: dict[int, Counter] = {m.round: Counter() for m in tl.rounds}
    for st in tl.steps:
        for n, cause in st.doom_moves:
            if n > 0:
                out.setdefault(st.round, Counter())[cause] += n
    return sorted(out.items())


def draw_doom_chart(surf, rect: pygame.Rect, tl) -> list[tuple[pygame.Rect, str]]:
    """Stacked bars of the Doom each round added, by cause, under the line of Doom at round end.

    Returns hover spots (rect, text) for the bars' pieces.
    """
    W.panel(surf, rect)
    title = draw_text(surf, "Doom over the rounds", (rect.x + 12, rect.y + 8), 20, ACCENT)
    plot, legend_y = _plot_under(title, rect, 2)
    rounds = doom_added_per_round(tl)
    spots: list[tuple[pygame.Rect, str]] = []
    if plot.w < 40 or plot.h < 40 or not rounds:
        return spots
    for v in (0, 5, 10, 15):
        y = plot.bottom - plot.h * v // DOOM_MAX
        pygame.draw.line(surf, PANEL_EDGE, (plot.x, y), (plot.right, y))
        draw_text(surf, str(v), (plot.x - 6, y), 14, MUTED, anchor="midright")
    n = len(rounds)
    slot = plot.w / n
    bw = max(6, int(slot * 0.55))
    ends = {m.round: m.doom for m in tl.rounds}
    line = []
    for k, (rnd, causes) in enumerate(rounds):
        cx = int(plot.x + slot * (k + 0.5))
        top: float = plot.bottom               # the stack climbs by fractions of a pixel
        for cause in sorted(causes, key=lambda c: list(CAUSE_RGB).index(c) if c in CAUSE_RGB else 99):
            h = plot.h * causes[cause] / DOOM_MAX
            piece = pygame.Rect(cx - bw // 2, int(top - h), bw, max(1, int(round(h))))
            pygame.draw.rect(surf, CAUSE_RGB.get(cause, CAUSE_RGB["Other"]), piece)
            spots.append((piece, f"Round {rnd}: {cause} +{causes[cause]}"))
            top -= h
        draw_text(surf, str(rnd), (cx, plot.bottom + 4), 14, MUTED, anchor="midtop")
        if rnd in ends:
            line.append((cx, plot.bottom - plot.h * min(DOOM_MAX, ends[rnd]) // DOOM_MAX))
    if len(line) > 1:
        pygame.draw.lines(surf, ERROR, False, line, 2)
    for p in line:
        pygame.draw.circle(surf, ERROR, p, 3)
    # legend: only the causes that happened, with their totals
    x, y = rect.x + 12, legend_y
    row = font(15).get_height()
    for cause, total in sorted(tl.doom_by_cause.items(), key=lambda kv: -kv[1]):
        label = f"{cause} {total}"
        wdt = font(15).size(label)[0] + 22
        if x + wdt > rect.right - 8:
            x, y = rect.x + 12, y + row
            if y + row > rect.bottom - 2:
                break
        pygame.draw.rect(surf, CAUSE_RGB.get(cause, CAUSE_RGB["Other"]), (x, y + (row - 11) // 2, 11, 11))
        draw_text(surf, label, (x + 15, y), 15, TEXT)
        x += wdt
    return spots


def draw_achievement_chart(surf, rect: pygame.Rect, tl, colours: list, names: list,
                           target: int | None = None) -> None:
    """Achievements held at each round's end: one line per tribe; in coop the team's count against
    its target (a dashed line); and the learned win chance at each round's end (dotted, on the
    right-hand 0-100% scale: the tribe's, the team's, or each tribe's)."""
    W.panel(surf, rect)
    title = "Achievements and win chance" + (" (the team)" if tl.mode == "coop" else "")
    taken = [draw_text(surf, title, (rect.x + 12, rect.y + 8), 20, ACCENT)]     # the labels drawn
    plot, legend_y = _plot_under(taken[0], rect, 1)
    mid = legend_y + font(15).get_height() // 2        # the legend row's middle
    if tl.rounds and all(m.chances for m in tl.rounds):
        plot.w -= 30                    # room for the win chance's 0-100% scale on the right
    if plot.w < 40 or plot.h < 30 or not tl.rounds:
        return
    series = []
    if tl.mode == "coop":
        series.append(("Team", ACCENT, [m.team_distinct for m in tl.rounds]))
    for i, name in enumerate(names):
        series.append((name, colours[i], [m.achievements[i] for m in tl.rounds]))
    top = max([target or 0] + [max(v) for _, _, v in series] + [6])
    for v in range(0, top + 1, 2 if top <= 12 else 4):
        y = plot.bottom - plot.h * v // top
        pygame.draw.line(surf, PANEL_EDGE, (plot.x, y), (plot.right, y))
        taken.append(draw_text(surf, str(v), (plot.x - 6, y), 14, MUTED, anchor="midright"))
    n = len(tl.rounds)
    slot = plot.w / n
    goal_y = None
    if target:
        goal_y = y = plot.bottom - plot.h * target // top
        for x in range(plot.x, plot.right, 12):
            pygame.draw.line(surf, OK, (x, y), (min(x + 6, plot.right), y))
    for k, m in enumerate(tl.rounds):
        taken.append(draw_text(surf, str(m.round), (int(plot.x + slot * (k + 0.5)), plot.bottom + 4), 14,
                               MUTED, anchor="midtop"))
    for name, rgb, values in series:
        pts = [(int(plot.x + slot * (k + 0.5)), plot.bottom - plot.h * v // top) for k, v in enumerate(values)]
        if len(pts) > 1:
            pygame.draw.lines(surf, rgb, False, pts, 3 if name == "Team" else 2)
        for p in pts:
            pygame.draw.circle(surf, rgb, p, 3)
    chance_lines, scale = _draw_chances(surf, plot, slot, tl, colours)
    taken += scale
    if goal_y is not None:              # last: beside its dashed line where no other label stands
        _goal_label(surf, f"goal {target}", plot, goal_y, rect, taken)
    x = rect.x + 12
    for name, rgb, values in series:
        label = f"{name} {values[-1]}"
        pygame.draw.rect(surf, rgb, (x, mid - 5, 11, 11))
        draw_text(surf, label, (x + 15, legend_y), 15, TEXT)
        x += font(15).size(label)[0] + 26
    if chance_lines:
        label = chance_lines
        if x + font(15).size(label)[0] + 20 < rect.right:
            for k in range(0, 12, 4):
                pygame.draw.line(surf, CHANCE_RGB, (x + k, mid), (x + k + 1, mid), 2)
            draw_text(surf, label, (x + 15, legend_y), 15, TEXT)


CHANCE_RGB = (235, 235, 235)


def _dotted(surf, rgb, pts) -> None:
    for a, b in zip(pts, pts[1:], strict=False):
        n = max(1, int(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5) // 6)
        for k in range(0, n, 2):
            p = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
            q = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
            pygame.draw.line(surf, rgb, p, q, 2)


LABEL_GAP = 8          # px kept clear between the goal label and any other label of the chart


def _goal_label(surf, text: str, plot: pygame.Rect, y: int, panel: pygame.Rect, taken: list) -> pygame.Rect:
    """The goal's label by its dashed line at height y: above it at the right, else below it, then
    the same on the left; the first place clear of every label drawn (`taken`) by LABEL_GAP."""
    w, h = font(14).size(text)
    inset = 2 * LABEL_GAP               # off the right-hand scale's labels ("100%")
    places = [("bottomright", (plot.right - inset, y - 3)), ("topright", (plot.right - inset, y + 3)),
              ("bottomleft", (plot.x + 4, y - 3)), ("topleft", (plot.x + 4, y + 3))]
    for anchor, pos in places:
        r = pygame.Rect(0, 0, w, h)
        setattr(r, anchor, pos)
        clear = r.inflate(2 * LABEL_GAP, 2 * LABEL_GAP)
        if panel.contains(r) and not any(clear.colliderect(t) for t in taken):
            break
    else:
        anchor, pos = places[-1]
    return draw_text(surf, text, pos, 14, OK, anchor=anchor)


def _draw_chances(surf, plot: pygame.Rect, slot: float, tl, colours: list) -> tuple[str, list]:
    """The win chance at each round's end, dotted, on a 0-100% scale at the plot's right; returns
    the legend's words ('' when the review has no chances) and the scale's label rects."""
    rows = [m.chances for m in tl.rounds]
    if not rows or any(not c for c in rows):
        return "", []
    scale = [draw_text(surf, f"{v}%", (plot.right + 2, plot.bottom - plot.h * v // 100), 13, MUTED,
                       anchor="midleft") for v in (0, 50, 100)]
    sides = len(rows[0])
    for j in range(sides):
        rgb = CHANCE_RGB if sides == 1 else colours[j]
        pts = [(int(plot.x + slot * (k + 0.5)), plot.bottom - int(plot.h * c[j])) for k, c in enumerate(rows)]
        _dotted(surf, rgb, pts)
        for p in pts:
            pygame.draw.circle(surf, rgb, p, 2)
    if sides == 1:
        return f"Win chance {round(100 * rows[-1][0])}%", scale
    return "Win chance (dotted)", scale


def draw_figures(surf, rect: pygame.Rect, tl, names: list) -> None:
    """The figures at a glance in their panel: each line wrapped on up to two lines, as many
    lines as fit whole at the Text size (none runs past the panel's bottom)."""
    if rect.h < 40:
        return
    W.panel(surf, rect)
    title = draw_text(surf, "Figures at a glance", (rect.x + 12, rect.y + 8), 20, ACCENT)
    y = max(rect.y + 34, title.bottom + 4)
    row = font(15).get_linesize() + 2                   # draw_wrapped's line and gap
    for line in figure_lines(tl, names):
        room = (rect.bottom - 4 - y) // row
        if room < min(2, len(UT.wrap(UT.font(15), line, rect.w - 24))):
            break                       # only lines that fit whole: at "Larger" the last was cut to "…"
        y += draw_wrapped(surf, line, pygame.Rect(rect.x + 12, y, rect.w - 24, room * row), 15, TEXT,
                            max_lines=min(2, room)) + 3


def figure_lines(tl, names: list) -> list[str]:
    """Figures at a glance, one line each, in the game's words."""
    out = []
    for i, name in enumerate(names):
        src = ", ".join(f"{k} {v}" for k, v in tl.gained[i].most_common()) or "none"
        out.append(f"{name}: Essences gained: {sum(tl.gained[i].values())} ({src})")
        # the Menaces' colours as the cards print them ("2 Red"), never their keys
        solved = ", ".join(f"{v} {title(c)}" for c, v in sorted(tl.solved[i].items())) or "none"
        out.append(f"{name}: Menaces solved or removed: {sum(tl.solved[i].values())} ({solved})")
        phases = ", ".join(f"{k} {v}" for k, v in tl.actions_by_phase[i].items()) or "none"
        out.append(f"{name}: decisions by phase: {phases}")
    return out

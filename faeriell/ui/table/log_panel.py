"""The log panel: the engine's log grouped by round and turn, scrolled and resized by the player.

    Round 2                         <- a round's heading (the engine's "Round 2 begins" line)
      Your Event Phase              <- a turn's heading ("... plays the Event Phase.")
        Menace Draft: 1 token ...   <- what happened in it
        You move the Harvest ...

With one human at the table (solo, or one person against bots) that person is "you": "You move
the Harvest token", "Your Shaman goes on a Quest". The wheel over the log, PgUp/PgDn and the
End key scroll it; the grip at its top-right corner (or the button beside its title) makes it
larger, over the island, and back. The text is the engine's log said through table/words.py:
this module only groups and re-words it, never decides anything about the game.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from faeriell.engine.describe import base_form, second_person  # noqa: F401  base_form: said here before
from faeriell.ui.table import theme as T
from faeriell.ui.table.events import is_motion, is_press, is_release
from faeriell.ui.table.layers import Layer

ROUND = re.compile(r"^Round (\d+) begins(?:; (.+?))?\.?$")
TURN = re.compile(r"^(.+) plays the (\w+) Phase\.$")
GAME_BEGINS = "The game begins."
KEEP = 120                    # the newest log lines shown (the engine keeps up to 400)


def you_form(line: str, name: str | None) -> str:
    """`line` said to the player whose tribe is `name` ("Longfeather (player 1)"): the engine's
    phrasebook turns its own third person back (describe.second_person)."""
    return second_person(line, name)


@dataclass(frozen=True)
class Row:
    kind: str         # "round", "turn" or "line"
    text: str


def log_rows(lines: list[str], you: str | None = None, trimmed: bool = False,
             opening: str = "Set-up") -> list[Row]:
    """The log as headings and lines. `you`: the one human's tribe name as the log says it;
    `trimmed`: the log lost its oldest lines (the first ones then sit under "Earlier");
    `opening`: the heading of lines before any round began ("Round 4" for a game that started
    from a written position mid-game, where there was no set-up)."""
    rows: list[Row] = []
    if lines and not (ROUND.match(lines[0]) or lines[0] == GAME_BEGINS):
        rows.append(Row("round", "Earlier" if trimmed else opening))
    for line in lines:
        m = ROUND.match(line)
        if line == GAME_BEGINS or m:
            rows.append(Row("round", f"Round {m.group(1)}" if m else "Round 1"))
            if m and m.group(2):
                rows.append(Row("line", you_form(m.group(2), you) + "."))   # "You play first."
            continue
        m = TURN.match(line)
        if m:
            who = m.group(1)
            head = f"Your {m.group(2)} Phase" if who == you else f"{who}: {m.group(2)} Phase"
            rows.append(Row("turn", head))
            continue
        rows.append(Row("line", you_form(line, you)))
    return rows


def opening_heading(history) -> str:
    """The log's first heading: "Set-up", or the round the first move was made in when the game
    began past its set-up (a guided chapter, a puzzle or a scenario from a written position)."""
    if history:
        turn: tuple = history[0].get("turn") or ()      # ("setup", ...) or (phase, round, ...)
        if len(turn) > 1 and turn[0] != "setup":
            return f"Round {turn[1]}"
    return "Set-up"


class LogPanel:
    """The log in its rect (the layout's, or larger when the player grew it), with its scroll."""

    def __init__(self):
        self.scroll = 0              # wrapped lines scrolled up from the newest
        self.grow = (0, 0)           # px added to the right and upwards
        self.lines = 0               # wrapped lines last drawn (for scrolling)
        self.fit = 1                 # lines that fit the panel
        self._drag = None            # (mouse at the press, grow then) while the grip is dragged
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.grip = pygame.Rect(0, 0, 0, 0)
        self.words: list[pygame.Rect] = []      # where its lines were drawn last (draw)
        self.button = pygame.Rect(0, 0, 0, 0)

    # ---- geometry ------------------------------------------------------------------------------
    def place(self, layout) -> pygame.Rect:
        """The panel's rect for this layout: its own, grown over the island (within limits)."""
        base = layout.log
        room_w = max(0, layout.map.right - layout.px(8) - base.right)
        room_h = max(0, base.top - layout.banner.bottom)
        dw = max(0, min(self.grow[0], room_w))
        dh = max(0, min(self.grow[1], room_h))
        self.rect = pygame.Rect(base.x, base.y - dh, base.w + dw, base.h + dh)
        g = layout.px(14)
        self.grip = pygame.Rect(self.rect.right - g, self.rect.top, g, g)
        return self.rect

    @property
    def grown(self) -> bool:
        return self.grow != (0, 0)

    def toggle(self, layout) -> None:
        """The button beside "Log": larger (half the island's width, the whole left column), or back."""
        if self.grown:
            self.grow = (0, 0)
        else:
            self.grow = (layout.map.w // 2, layout.log.top - layout.banner.bottom)
        self.place(layout)

    # ---- input ---------------------------------------------------------------------------------
    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.scroll + lines, max(0, self.lines - self.fit)))

    def key(self, ev) -> bool:
        """PgUp / PgDn a page, End back to the newest line."""
        page = max(1, self.fit - 1)
        if ev.key == pygame.K_PAGEUP:
            self.scroll_by(page)
            return True
        if ev.key == pygame.K_PAGEDOWN:
            self.scroll_by(-page)
            return True
        if ev.key == pygame.K_END and self.scroll:
            self.scroll = 0
            return True
        return False

    def press(self, pos, layout) -> bool:
        """A press on the grip starts a resize, on the button toggles the size; True when taken."""
        if self.button.collidepoint(pos):
            self.toggle(layout)
            return True
        if self.grip.collidepoint(pos):
            self._drag = (pos, self.grow)
            return True
        return self.grown and self.rect.collidepoint(pos)     # the grown log covers the island

    def motion(self, pos, layout) -> bool:
        if self._drag is None:
            return False
        (x0, y0), (gw, gh) = self._drag
        self.grow = (max(0, gw + pos[0] - x0), max(0, gh - (pos[1] - y0)))
        self.place(layout)
        return True

    def release(self) -> bool:
        if self._drag is None:
            return False
        self._drag = None
        return True

    # ---- drawing -------------------------------------------------------------------------------
    def draw(self, surf, p, layout, you: str | None) -> None:
        P = p.P
        rect = self.place(layout)
        T.panel(surf, rect, (34, 31, 38), T.GOLD if self.grown else T.PANEL_EDGE, 0, 1 if self.grown else 0)
        pygame.draw.line(surf, T.PANEL_EDGE, rect.topleft, rect.topright, 1)
        title = T.text("Log", p.fs(13), T.GOLD, True)
        surf.blit(title, (rect.x + P(8), rect.y + P(4)))
        label = "Smaller" if self.grown else "Larger"
        img = T.text(label, p.fs(11), T.INK_DIM)
        self.button = pygame.Rect(rect.x + P(16) + title.get_width(), rect.y + P(3), img.get_width() + P(10),
                                  title.get_height())
        T.panel(surf, self.button, T.BUTTON, T.PANEL_EDGE, P(4), 1)
        surf.blit(img, img.get_rect(center=self.button.center))
        for k in range(3):                                     # the grip: three diagonal strokes
            d = P(4) * (k + 1)
            pygame.draw.line(surf, T.INK_FAINT, (self.grip.right - d, self.grip.top + 1),
                             (self.grip.right - 1, self.grip.top + d), 1)
        size = p.fs(12)
        lh = T.font(size).get_linesize()
        body = pygame.Rect(rect.x + P(6), self.button.bottom + P(3), rect.w - P(16), 0)
        body.h = max(lh, rect.bottom - P(4) - body.y)
        trimmed = len(p.s.log) >= 300                          # the engine drops its oldest lines past 400
        rows = log_rows([p.words.say(x) for x in p.s.log[-KEEP:]], you, trimmed or len(p.s.log) > KEEP,
                        opening_heading(p.g.history))
        lines: list[tuple[str, str, int]] = []
        for row in rows:
            indent = {"round": 0, "turn": P(8), "line": P(16)}[row.kind]
            bold = row.kind != "line"
            for k, line in enumerate(T.wrap(row.text, size, body.w - indent - P(8), bold)):
                lines.append((row.kind, line, indent + (P(8) if k else 0)))
        self.lines, self.fit = len(lines), max(1, body.h // lh)
        self.scroll = max(0, min(self.scroll, max(0, len(lines) - self.fit)))
        view = lines[max(0, len(lines) - self.fit - self.scroll): len(lines) - self.scroll]
        clip = surf.get_clip()
        surf.set_clip(body)
        y = body.y              # from the top, as a page reads: a short log leaves its space below
        if not view:            # wrapped: at "Larger" in a small window it ran out of the panel
            for line in T.wrap("Every move will be listed here.", size, body.w):
                surf.blit(T.text(line, size, T.INK_FAINT), (body.x, y))
                y += lh
        colour = {"round": T.GOLD, "turn": T.INK}
        # where its lines' words are, this frame: an arrow drawn over the table (the guided step's)
        # bends round them, and puts back over it those it still crosses (issue 42: it ran over them)
        self.words = []
        for k, (kind, line, indent) in enumerate(view):
            newest = k == len(view) - 1 and self.scroll == 0
            c = colour.get(kind, T.INK if newest else T.INK_DIM)
            self.words.append(surf.blit(T.text(line, size, c, kind != "line"), (body.x + indent, y)).clip(body))
            y += lh
        surf.set_clip(clip)
        if len(lines) > self.fit:                              # where the view is in the whole log
            track = pygame.Rect(rect.right - P(6), body.y, P(3), body.h)
            pygame.draw.rect(surf, (58, 53, 66), track)
            h = max(P(10), track.h * self.fit // len(lines))
            top = track.bottom - h - (track.h - h) * self.scroll // max(1, len(lines) - self.fit)
            pygame.draw.rect(surf, T.INK_DIM, (track.x, top, track.w, h))
        if self.scroll:
            more = T.text("End: newest", p.fs(11), T.GOLD)
            surf.blit(more, more.get_rect(bottomright=(rect.right - P(10), rect.bottom - P(2))))


class LogLayer(Layer):
    """The log as a layer of the table's input (above the board and a piece in hand, under the
    decision bar): the wheel over it, PgUp/PgDn/End, its button and grip; while grown, a press on
    it never reaches the island under it. Drawn over the base picture."""

    name = "log"

    def __init__(self, scene):
        self.scene = scene
        self.panel = LogPanel()

    def handle(self, ev) -> bool:
        s, panel = self.scene, self.panel
        if ev.type == pygame.MOUSEWHEEL:
            steps = ev.y if not getattr(ev, "flipped", False) else -ev.y
            if steps and panel.rect.collidepoint(s.mouse):
                panel.scroll_by(3 if steps > 0 else -3)
                return True
            return False
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END):
            return panel.key(ev)
        if is_press(ev) and s.tray_layer.tray is None:
            return panel.press(ev.pos, s.layout)
        if is_motion(ev):
            return panel.motion(ev.pos, s.layout)
        if is_release(ev):
            return panel.release()
        return False

    def draw(self, surf) -> None:
        s = self.scene
        if s.painted is not None:
            self.panel.draw(surf, s.painted, s.layout, self.you())

    def you(self) -> str | None:
        """The tribe the log calls "you": the one human seat's (solo, or one person against bots)."""
        s = self.scene
        seats = s.session.seats
        humans = [k for k, seat in enumerate(seats) if seat == "human"]
        if len(humans) != 1 or humans[0] >= len(s.session.state.tribes):
            return None
        return s.words.say(s.session.game.tribe_name(humans[0]))

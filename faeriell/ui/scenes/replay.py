"""The replay (scene "replay"): a finished or saved game stepped through on the table, move by move.

    Left / Right      one move back / on          Page Up / Page Down   ten moves
    Home / End        the start / the end         M / Shift+M           the next / previous key moment
    F1                the rule behind the next move
    P                 play from here (a new practice game at this position)
    A                 analyse from here (the analysis board on this position)
    Esc               back

The table is read-only: pointing shows tooltips and the wheel zooms, but nothing can be picked up.
Hidden cards stay hidden: with one human seat the table shows what that player saw; with several
(hot-seat) or none, every hand stays face down.
"""
from __future__ import annotations

import pygame

from faeriell.engine.saves import SaveError
from faeriell.review.replay import Replay
from faeriell.ui import widgets as W
from faeriell.ui.controls import Button
from faeriell.ui.text import draw_text, draw_wrapped, fitting_size, font, wrapped_height
from faeriell.ui.theme import MUTED, PANEL, PANEL_EDGE, TEXT
from faeriell.ui.scene import Host, MenuScene
from faeriell.ui.table import TableScene
from faeriell.session import Session
from faeriell.ui.table.hint_card import draw_move
from faeriell.ui.assets import Assets

SPECTATOR = -1          # a viewer who holds no hand: every tribe's hidden cards stay hidden


def replay_viewer(seats: list) -> int:
    humans = [i for i, s in enumerate(seats) if s == "human"]
    return humans[0] if len(humans) == 1 else SPECTATOR


class ReplayScene(MenuScene):
    def __init__(self, host: Host, game, seats=None, start: int = 0, moments=(), back=None,
                 reviewed=None, better=None, line_from: int | None = None):
        """`reviewed`: the seats the review looked at (Play from here gives one of them to the
        person reviewing); `better`: {action index: (move played, better move)} of the key
        moments, drawn on the table when the replay stands just before one; `line_from`: the
        game's moves end there and the expert's line (review.turning) follows."""
        self.host = host
        self.line_from = line_from
        self.reviewed = [int(i) for i in (reviewed or ())]
        self.better = dict(better or {})
        self.replay = Replay.of(game)
        n = game.state.players
        self.seats = (list(seats or []) + ["human"] * n)[:n]
        self.viewer = replay_viewer(self.seats)
        self.moments = sorted({int(k) for k in moments if 0 <= int(k) < len(self.replay)})
        self.back_scene = back
        self.session: Session = Session(self.replay.seek(0), self.seats, autosave=False)   # always a game
        self.size = host.size
        self.table = TableScene(self.session, _assets(), self.size, hotseat_curtain=False)
        self.table.coach.round_card.enabled = False      # stepping across rounds is no round ending
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        self.seek(start)
        self.layout()

    # ---- stepping ------------------------------------------------------------------------------
    @property
    def k(self) -> int:
        return self.replay.k

    def seek(self, k: int) -> None:
        game = self.replay.seek(k)
        # the table gets its own copy: its drawing may build listings on it, the replay goes on
        self.session.replace_game(game.copy())
        self.table.sync()                       # with the session
        self.table.viewer = self.viewer
        self.table.curtain_layer.tribe = None
        self.table.board.peek = None

    def step(self, n: int) -> None:
        self.seek(self.k + n)

    def next_moment(self, forward: bool = True) -> None:
        later = [m for m in self.moments if (m > self.k if forward else m < self.k)]
        if later:
            self.seek(later[0] if forward else later[-1])

    def play_from_here(self) -> None:
        try:
            game = self.replay.branch()
        except SaveError as exc:             # a replay that cannot be branched says so
            self.host.report("starting a game from this position", exc)
            return
        self.host.open_game(game, self.play_seats(game))

    def analyse(self) -> None:
        """The analysis board on this moment of the game (A); Back returns to the replay."""
        self.host.go("analysis", game=self.replay.seek(self.k).copy(), back=self)

    def _draw_moment(self, surf) -> int:
        """Just before a key moment: the move played (white) and the better one (magenta)."""
        pair = self.better.get(self.k)
        if pair is None:
            return 0
        return _draw_moment(surf, self.table, *pair)    # a move it cannot point at is drawn as nothing

    def play_seats(self, game) -> list:
        """Who plays the branched game: as recorded, except that the person reviewing takes the
        seat they reviewed (one reviewed seat: that one; several: the one acting now, else the
        first), so a bot never keeps the seat a person came to play."""
        seats = list(self.seats)
        acting = game.acting
        pick = None
        if len(self.reviewed) == 1:
            pick = self.reviewed[0]
        elif self.reviewed:
            pick = acting if acting in self.reviewed else self.reviewed[0]
        elif "human" not in seats:
            pick = acting if acting is not None else 0
        if pick is not None and 0 <= pick < len(seats):
            seats[pick] = "human"
        return seats

    def status_parts(self) -> tuple[str, str]:
        """(where we are, the move just played) in words."""
        s = self.replay.game.state
        last = self.replay.last_action
        what = self.table.words.action(last) if last is not None else "the game as it began"
        who = ""
        if last is not None:
            p = self.replay.game.history[self.k - 1]["player"] if self.k <= len(self.replay.game.history) else None
            if p is not None:
                who = self.table.words.tribe(s.tribes[p].id) + ": "
        mark = " · key moment" if self.k - 1 in self.moments else ""
        if self.k in self.better:
            mark = " · key moment next: white the move played, magenta the better one"
        if self.line_from is not None:
            if self.k == self.line_from:
                mark = " · from here the expert plays every seat"
            elif self.k > self.line_from:
                mark = f" · the expert's line, move {self.k - self.line_from}"
        return f"Move {self.k} of {len(self.replay)} · round {s.round} · Doom {s.doom}{mark}", f"{who}{what}"

    def status(self) -> str:
        return " · ".join(self.status_parts())

    def _draw_status(self, surf, bar: pygame.Rect) -> None:
        """One line when it fits at a readable size, else where we are over the move played, so
        neither is ever cut ("…Longfeather: Play the Tr…" was)."""
        width = self._status_width()
        whole = self.status()
        fits = fitting_size(whole, 18, width)
        if fits >= 15 and font(fits).size(whole)[0] <= width:
            draw_text(surf, whole, (self.status_x, bar.centery), 18, TEXT, anchor="midleft", width=width)
            return
        head, move = self.status_parts()
        if font(14).size(move)[0] <= width:
            draw_text(surf, head, (self.status_x, bar.centery), 14, MUTED, anchor="bottomleft", width=width)
            draw_text(surf, move, (self.status_x, bar.centery), 14, TEXT, anchor="topleft", width=width)
            return
        # a long move (a node named by its three Regions): both flow over the bar's lines (the bar
        # grows under a narrow window: bar_rect)
        box = pygame.Rect(self.status_x, bar.y + 4, width, bar.height - 6)
        draw_wrapped(surf, whole, box, 14, TEXT, line_gap=0)

    def _status_width(self) -> int:
        return max(40, self.size[0] - 404 - self.status_x)

    # ---- the bar -------------------------------------------------------------------------------
    def bar_rect(self) -> pygame.Rect:
        """The top bar: 44 px, taller while a long move needs a third line in a narrow window
        (1024 wide, text never under 11 px: issue 42)."""
        if getattr(self, "status_x", None) is None:
            return pygame.Rect(0, 0, self.size[0], 44)
        # asked every frame and every event: measured once per move shown, width and text size
        key = (self.status(), self._status_width(), font(14).get_linesize())
        if getattr(self, "_bar_key", None) != key:
            whole, width, _line = key
            h = 44
            if font(14).size(self.status_parts()[1])[0] > width:      # the wrapped case of _draw_status
                h = max(h, 10 + wrapped_height(whole, width, 14, line_gap=0))
            self._bar_key, self._bar_h = key, h
        return pygame.Rect(0, 0, self.size[0], self._bar_h)

    def layout(self) -> None:
        w, _ = self.size
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        x, y, bh = 6, 6, 32
        for wid, label, fn, bw in (("first", "|<", lambda: self.seek(0), 40),
                                   ("prev", "<", lambda: self.step(-1), 40),
                                   ("next", ">", lambda: self.step(1), 40),
                                   ("last", ">|", lambda: self.seek(len(self.replay)), 40),
                                   ("moment", "Next key moment", lambda: self.next_moment(True), 150)):
            if wid == "moment" and not self.moments:
                continue
            self.root.add(Button((x, y, bw, bh), label, fn, id=wid, size=18))
            x += bw + 4
        self.status_x = x + 8
        self.root.add(Button((w - 300, y, 170, bh), "Play from here", self.play_from_here, id="play_here",
                               primary=True, size=18))
        # "Analyse from here" said short: the bar's move must stay whole (issue 42); A does it too
        self.root.add(Button((w - 394, y, 90, bh), "Analyse", self.analyse, id="analyse", size=18))
        self.root.add(Button((w - 124, y, 118, bh), "Back", self.back, id="back", size=18))

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if ev.type == pygame.KEYDOWN:
            shift = bool(ev.mod & pygame.KMOD_SHIFT)
            keys = {pygame.K_RIGHT: lambda: self.step(1), pygame.K_LEFT: lambda: self.step(-1),
                    pygame.K_PAGEDOWN: lambda: self.step(10), pygame.K_PAGEUP: lambda: self.step(-10),
                    pygame.K_HOME: lambda: self.seek(0), pygame.K_END: lambda: self.seek(len(self.replay)),
                    pygame.K_m: lambda: self.next_moment(not shift), pygame.K_p: self.play_from_here,
                    pygame.K_a: self.analyse,
                    pygame.K_F1: lambda: self.host.go("rules", kind=getattr(self.replay.next_action, "kind", None),
                                                      back=self),
                    pygame.K_ESCAPE: self.back}
            fn = keys.get(ev.key)
            if fn is not None:
                fn()
                return True
            return False
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.bar_rect().collidepoint(ev.pos):
                return self.root.handle(ev)
            if getattr(ev, "button", 0) in (4, 5):
                return self.table.handle_event(ev)
            return False                    # read-only: nothing on the table is picked up
        if ev.type == pygame.MOUSEMOTION:
            self.root.handle(ev)
            return self.table.handle_event(ev) or True
        if ev.type == pygame.MOUSEWHEEL:
            return self.table.handle_event(ev)
        return False

    def update(self, dt_ms: int) -> bool:
        return bool(self.table.update(dt_ms))

    def resize(self, size) -> None:
        self.size = tuple(size)
        self.table.resize(size)
        self.layout()

    def draw(self, surf) -> None:
        # a key moment's moves are shown in the shared boards' column as the hint's are
        self.table.shown_moves = tuple(self.better.get(self.k, ()))
        self.table.draw(surf)
        self._draw_moment(surf)
        bar = self.bar_rect()
        pygame.draw.rect(surf, PANEL, bar)
        pygame.draw.line(surf, PANEL_EDGE, bar.bottomleft, bar.bottomright)
        self._draw_status(surf, bar)
        self.root.draw(surf)


PLAYED_RGB, PLAYED_DARK = (236, 236, 236), (40, 40, 46)       # the move played: white
BETTER_RGB, BETTER_DARK = (255, 84, 196), (60, 10, 44)         # the better move: the hint's magenta


def _draw_moment(surf, scene, played, best) -> int:
    """The two moves of a key moment on the table; how many could be drawn."""
    return (int(draw_move(surf, scene, played, PLAYED_RGB, PLAYED_DARK, "played"))
            + int(draw_move(surf, scene, best, BETTER_RGB, BETTER_DARK, "better")))


def _assets():
    return Assets()

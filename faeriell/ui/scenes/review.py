"""The game review (scene "review"): why a game was won or lost, and where to try again.

    Doom over the rounds, each step by its cause    Achievements and the win chance over the rounds
    Key moments: the reviewed players' decisions whose position fell most against the best move
    found, graded, with the better move and why; a click opens the replay at that move
    Figures at a glance: Essences by source, Menaces by colour, decisions by phase

The timeline is quick (one replay of the game); the key moments think, so they are worked out in a
background thread with a progress bar while the screen stays live. Reached from the end screen and
from the table's menu (for the game so far).
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from faeriell.engine.endgame import coop_target
from faeriell.review.background import ReviewJob, TurningJob
from faeriell.review.moments import Moment
from faeriell.review.timeline import record_game
from faeriell.ui import review_charts as RC
from faeriell.ui import review_won
from faeriell.ui import widgets as W
from faeriell.ui.controls import Button
from faeriell.ui.text import draw_text, draw_wrapped, wrapped_height
from faeriell.ui.theme import ACCENT, BG, ERROR, FIELD_BG, MUTED, OK, PANEL_EDGE, TEXT, tribe_rgb
from faeriell.ui.key_focus import KeyFocus
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.scene import Host, MenuScene
from faeriell.ui.table.words import Words
from faeriell.review.moments import accuracy, GRADES
from faeriell.practice.record import review_finished
from faeriell.review.replay import Replay
from faeriell.engine.saves import replay, SaveError

if TYPE_CHECKING:
    from faeriell.session import Session

GRADE_RGB = {"blunder": (236, 96, 86), "mistake": (236, 160, 70), "inaccuracy": (226, 210, 110)}
MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}


def reviewed_players(seats: list, players: int) -> list[int]:
    """Whose decisions are reviewed: the human seats, or every seat in an all-bot game."""
    humans = [i for i, s in enumerate(seats[:players]) if s == "human"]
    return humans or list(range(players))


log = logging.getLogger(__name__)


def chart_rects(size) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The left column of the review laid out for `size`: the Doom chart, the Achievements and
    win chance chart, the figures."""
    w, h = size
    left_w, top = (w - 36) // 2, 84
    chart_h = max(150, (h - top - 70 - 150) // 2)
    return (pygame.Rect(12, top, left_w, chart_h), pygame.Rect(12, top + chart_h + 8, left_w, chart_h),
            pygame.Rect(12, top + 2 * chart_h + 16, left_w, h - 70 - (top + 2 * chart_h + 16)))


class ReviewScene(MenuScene):
    ui_scaled = True        # drawn larger with the Interface size (canvas.ui_factor)

    def __init__(self, host: Host, session: Session, back=None):
        """`session`: the game at the table (finished or not); `back`: the screen Back returns to."""
        self.host = host
        self.session: Session = session
        self.back_scene = back
        self._measured: tuple = (None, 0)      # the "Could we have won?" words' height, by what it was measured for
        self.game = session.game.copy()        # the review never touches the game in play
        g = self.game
        self.words = Words(g.rules.catalog, [t.id for t in g.state.tribes], g.rules)
        self.names = [self.words.tribe(t.id) for t in g.state.tribes]
        self.colours = [tribe_rgb(g.rules.catalog, t.id) for t in g.state.tribes]
        self.players = reviewed_players(list(session.seats), g.state.players)
        self.timeline = record_game(g)
        self.moments: list = []
        self.practice_notes: list[str] = []       # new drills from this review, a file not kept
        # the key moments think in another process: the window keeps its frame rate
        self.job = ReviewJob(g.origin, [h["action"] for h in g.history], self.players, rules=g.rules)
        self.job.start()
        # "could we have won?": a lost game's turning point and the expert's line from it, worked out
        # in another process once the key moments are done (one core for the thinking, one for the window)
        self.turn_job: TurningJob | None = None
        self._turn_seen = False
        self.offer_turn = bool(g.state.game_over) and not any(p in (g.state.winners or []) for p in self.players)
        self.won = bool(g.state.game_over) and not self.offer_turn     # "What won it": its strong moves
        self.size = host.size
        self.moment_rects: list[tuple[pygame.Rect, Moment]] = []
        self.hover_spots: list = []
        self.mouse = (0, 0)
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        self.layout()

    # ---- the thinking ------------------------------------------------------------------------
    @property
    def progress(self) -> tuple[int, int]:
        return self.job.progress

    @property
    def ready(self) -> bool:
        return self.job.done

    def leave(self) -> None:
        pass            # the replay may come back here: the thinking goes on (Back ends it)

    def coop_target(self) -> int | None:
        s = self.game.state
        if s.mode == "coop":                   # the engine's win row (data/modes.yaml, validated at load)
            return int(coop_target(self.game)["achievements"])
        if s.mode == "solo":
            return int(self.game.rules.modes["solo"]["achievements"])
        return None

    # ---- what to say -------------------------------------------------------------------------
    def headline(self) -> str:
        s = self.game.state
        if not s.game_over:
            return f"The game so far: round {s.round}, Doom {s.doom}"
        if not s.winners:
            return "Faeriell falls: the review"
        if s.mode in ("coop", "solo"):
            return "Faeriell is saved: the review"
        return f"{', '.join(self.names[i] for i in s.winners)} won: the review"

    def verdict(self) -> str:
        """One sentence on what decided the game, from the figures."""
        tl, s = self.timeline, self.game.state
        if not tl.doom_by_cause:
            return "Doom never moved."
        cause, n = tl.doom_by_cause.most_common(1)[0]
        total = sum(tl.doom_by_cause.values())
        fell = -sum(d for st in tl.steps for d, _ in st.doom_moves if d < 0)
        held = max(len(a) for a in tl.achievements) if tl.achievements else 0
        if s.mode == "coop":
            held = tl.rounds[-1].team_distinct if tl.rounds else 0
        goal = self.coop_target()
        race = f"{held} of {goal} Achievements" if goal else f"{held} Achievements at best"
        back = f" and fell {fell} by Cleanse Corruption" if fell else ""
        return (f"Doom rose {total} in {len(tl.rounds)} rounds ({n} of it from {cause}){back}; "
                f"the race ended at {race}.")

    def who(self, player: int) -> str:
        """Who made a move, truthfully: a bot's seat is named as a bot, never "You"."""
        seats = list(self.session.seats)
        if 0 <= player < len(seats) and seats[player] != "human":
            return f"{self.names[player]} (bot)"
        humans = [i for i, x in enumerate(seats) if x == "human"]
        return "You" if humans == [player] else self.names[player]

    def accuracy_line(self) -> str:
        """The review's accuracy: the very figure Progress keeps (review.moments.accuracy)."""
        tally = self.job.tally or {}
        points = round(100 * GRADES[-1][1])
        acc = accuracy(tally)
        if acc is None:
            return (f"Accuracy not measured: no decision had {points} points of the win chance left to lose."
                    if tally.get("decisions") else "")
        n, graded = tally["assessed"], tally.get("graded", 0)
        return (f"Accuracy {100 * acc:.0f}%: {n - graded} of the {n} decisions with {points} points of the win "
                f"chance at stake kept within {points} points of the best move found.")

    def moment_lines(self, m) -> tuple[str, str, str]:
        who = self.who(m.player)
        head = f"Round {m.round} · {m.grade.capitalize()}"
        if m.decisive:
            head += ": this decided the game"
        played = f"{who} played: {self.words.action(m.played)}"
        better = f"Better: {self.words.action(m.best)}" + (f": {self.words.say(m.reason)}" if m.reason else "")
        return head, played, better

    def _keep_for_practice(self) -> None:
        """The human seats' key moments become drills; the accuracy goes to the statistics."""
        try:
            seats = self.session.credited_seats() if hasattr(self.session, "credited_seats") else self.session.seats
            self.practice_notes = review_finished(self.game, seats, self.moments, self.job.tally)
        except (OSError, ValueError) as exc:   # a practice file that cannot be written: say so, keep the review
            self.host.report("keeping the drills of this review", exc)

    # ---- buttons -------------------------------------------------------------------------------
    def back(self) -> None:
        self.job.stop()
        if self.turn_job is not None:
            self.turn_job.stop()
        super().back()

    def open_replay(self, at: int | None = None) -> None:
        marks = [m.index for m in self.moments]
        better = {m.index: (m.played, m.best) for m in self.moments}
        self.host.go("replay", game=self.game, seats=list(self.session.seats), start=at or 0,
                     moments=sorted(marks), back=self, reviewed=list(self.players), better=better)

    def analyse(self) -> None:
        """The analysis board on the game reviewed: as it stands, or, once it is over, the moment
        before its last move (an ended game has no move left to try)."""
        game = self.game
        if game.state.game_over and game.history:
            rp = Replay.of(game)
            game = rp.seek(len(rp) - 1)
        self.host.go("analysis", game=game.copy(), back=self)

    # ---- could we have won? -------------------------------------------------------------------
    @property
    def turn(self):
        job = self.turn_job
        return job.turn if job is not None and job.finished else None

    def turn_shown(self) -> bool:
        """The box under the key moments: "Could we have won?" for a lost game, "What won it" for a
        won one (once its strong moves are known)."""
        return self.offer_turn or (self.won and self.ready and self.job.error is None)

    def _start_turn_job(self) -> None:
        g = self.game
        self.turn_job = TurningJob(g.origin, [h["action"] for h in g.history], self.players, rules=g.rules)
        self.turn_job.start()

    def turn_lines(self) -> tuple[str, str]:
        """(heading, what it says) of the "Could we have won?" box, in the game's words."""
        job, g = self.turn_job, self.game
        head = "Could we have won?"
        if job is None or (not job.done and job.stage == "chances"):
            return head, "Looking for the first moment your side could win…"
        if job.error is not None:
            return head, f"The first moment to win could not be worked out ({job.error})."
        if not job.done:
            moves, rnd = job.progress
            return head, f"The expert plays every seat on from there… round {rnd}, {moves} moves so far."
        t = job.turn
        if t is None:
            return head, ("Your side's chance to win stayed below one in three at every decision, from the "
                          "first: no single moment turned this game.")
        side = {"coop": "the team", "solo": "your tribe"}.get(g.state.mode, self.names[t.seat])
        who = self.who(t.seat)
        at = f"round {t.round}, {'your' if who == 'You' else who + chr(39) + 's'} move"
        pct = round(100 * t.chance)
        if not t.finished:
            end = "the expert's line stopped before the end"
        elif t.won:
            end = ("the expert, playing every seat, saved Faeriell" if g.state.mode in ("coop", "solo")
                   else f"the expert, playing every seat, won it for {self.names[t.seat]}")
        else:
            end = "even the expert, playing every seat, lost"
        ach = f"{t.achievements} Achievement{'s' if t.achievements != 1 else ''}"
        return (f"{head} {'Yes, from' if t.won and t.finished else 'From'} {at}",
                f"{side.capitalize()} had about a {pct}% chance to win there, the first time it was "
                f"one in three or better. From there {end} ({ach}, Doom {t.doom}). The key moments "
                f"above say which of your choices cost the most.")

    def watch_line(self) -> None:
        """The expert's line from the turning point, in the replay (the game up to there, then its moves)."""
        t, g = self.turn, self.game
        if t is None:
            return
        try:
            line_game = replay(g.rules, g.origin, [h["action"] for h in g.history[:t.index]] + list(t.line))
        except SaveError as e:
            self.host.report("replaying the expert's line", e)
            return
        self.host.go("replay", game=line_game, seats=list(self.session.seats), start=t.index, back=self,
                     reviewed=[t.seat], line_from=t.index)

    def play_turning(self) -> None:
        """A new game at the turning point, with that seat handed to the player."""
        t, g = self.turn, self.game
        if t is None:
            return
        try:
            game = replay(g.rules, g.origin, [h["action"] for h in g.history[:t.index]])
        except SaveError as e:
            self.host.report("starting a game at the turning point", e)
            return
        seats = list(self.session.seats)
        seats[t.seat] = "human"
        self.job.stop()
        if self.turn_job is not None:
            self.turn_job.stop()
        self.host.open_game(game, seats)

    def right_rects(self) -> tuple[pygame.Rect, pygame.Rect | None]:
        """The key moments' panel and, below it, the "Could we have won?" or "What won it" box (None: not shown)."""
        w, h = self.size
        left_w = (w - 36) // 2
        top = 84
        r = pygame.Rect(24 + left_w, top, w - 36 - left_w, h - 70 - top)
        if not self.turn_shown():
            return r, None
        if self.won:         # measured once per width and font (asked every frame)
            key = ("won", r.w, wrapped_height("x", 100, 16))
            if self._measured[0] != key:
                self._measured = (key, review_won.height(self, self.job.strong, r.w - 32))
            # half the column, or all but the key moments' few lines when there are none
            box_h = max(120, min(r.h // 2 if self.moments else r.h - 170, self._measured[1]))
        else:   # as tall as its words need (heading, the wrapped text, the buttons once the line is ready)
            _head, text = self.turn_lines()
            box_h = max(150, min(r.h // 2, 36 + self._text_height(text, r.w - 32) + (58 if self.turn else 8) + 6))
        return pygame.Rect(r.x, r.y, r.w, r.h - box_h - 8), pygame.Rect(r.x, r.bottom - box_h, r.w, box_h)

    def _text_height(self, text: str, width: int) -> int:
        """The box's wrapped words' height, measured once per text, width and font (asked every frame)."""
        key = (text, width, wrapped_height("x", 100, 16))
        if self._measured[0] != key:
            self._measured = (key, wrapped_height(text, width, 16))
        return self._measured[1]

    def layout(self) -> None:
        w, h = self.size
        self.root = W.Container(pygame.Rect(0, 0, w, h))
        if not hasattr(self, "keys"):
            self.keys = KeyFocus()
        bw, gap, y = min(200, (w - 80) // 4), 14, h - 58
        x = (w - (4 * bw + 3 * gap)) // 2
        self.root.add(Button((x, y, bw, 44), "Replay the game", lambda: self.open_replay(0), id="replay",
                               primary=True, size=22))
        self.root.add(Button((x + bw + gap, y, bw, 44), "Analyse from here", self.analyse, id="analyse",
                               size=22))
        self.root.add(Button((x + 2 * (bw + gap), y, bw, 44), "Rules", lambda: self.host.go("rules", back=self),
                               id="rules", size=22))
        self.root.add(Button((x + 3 * (bw + gap), y, bw, 44), "Back", self.back, id="back", size=22))
        _, box = self.right_rects()
        if box is not None and self.turn is not None:
            bw2 = min(230, (box.w - 48) // 2)
            by = box.bottom - 52
            self.root.add(Button((box.right - 16 - 2 * bw2 - 12, by, bw2, 40), "Watch the expert's line",
                                 self.watch_line, id="expert_line", primary=True, size=18))
            self.root.add(Button((box.right - 16 - bw2, by, bw2, 40), "Play from here", self.play_turning,
                                 id="turn_play", size=18))

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if self.keys.handle(ev, self.root):        # Tab / arrows / Enter / Space (key_focus.py)
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.back()
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F1:
            self.host.go("rules", topic="doom", back=self)
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            for rect, m in self.moment_rects:
                if rect.collidepoint(ev.pos):
                    self.open_replay(m.index)
                    return True
        changed = self.root.handle(ev)
        return changed or ev.type == pygame.MOUSEMOTION

    def update(self, dt_ms: int) -> bool:
        if self.ready:
            return self._update_turn()
        before = self.job.progress
        self.job.poll()
        if self.job.moments is not None:
            self.moments = self.job.moments
            self._keep_for_practice()
            return True
        if self.job.error is not None:       # said in the moments panel, never over the Back button
            log.warning("the review could not finish: %s", self.job.error)
            return True
        return self.job.progress != before         # the progress bar moves

    def _update_turn(self) -> bool:
        if not self.offer_turn:
            return False
        if self.turn_job is None:
            self._start_turn_job()
            return True
        job = self.turn_job
        if job.done and self._turn_seen:
            return False
        before = (job.stage, job.progress)
        job.poll()
        if job.done:
            self._turn_seen = True
            if job.error is not None:
                log.warning("the turning point could not be worked out: %s", job.error)
            self.layout()                        # its buttons, or the box gone (no win-chance model)
            return True
        return (job.stage, job.progress) != before

    def draw(self, surf) -> None:
        w, h = self.size
        surf.fill(BG)
        draw_backdrop(surf)
        draw_text(surf, self.headline(), (w // 2, 14), 40, ACCENT, anchor="midtop", width=w - 40)
        draw_text(surf, self.verdict(), (w // 2, 56), 19, TEXT, anchor="midtop", width=w - 40)
        doom, race, fig = chart_rects(self.size)
        self.hover_spots = RC.draw_doom_chart(surf, doom, self.timeline)
        RC.draw_achievement_chart(surf, race, self.timeline, self.colours, self.names, self.coop_target())
        self._draw_figures(surf, fig)
        moments, box = self.right_rects()
        self._draw_moments(surf, moments)
        if box is not None and self.won:
            self.moment_rects += review_won.draw(self, surf, box, self.job.strong, self.mouse)
        elif box is not None:
            self._draw_turn(surf, box)
        for rect, text in self.hover_spots:
            if rect.collidepoint(self.mouse):
                draw_text(surf, text, (rect.centerx, rect.y - 4), 16, TEXT, anchor="midbottom")
        if self.practice_notes:
            btn = self.root.screen_rect("replay")
            left = btn.x - 24 if btn is not None else 0
            if left > 120:
                draw_wrapped(surf, " ".join(self.practice_notes), pygame.Rect(12, h - 60, left, 56), 16, OK,
                             max_lines=3)
        self.root.draw(surf)
        self.keys.draw(surf, self.root)

    def _draw_figures(self, surf, rect) -> None:
        RC.draw_figures(surf, rect, self.timeline, self.names)

    def _draw_moments(self, surf, rect) -> None:
        W.panel(surf, rect)
        draw_text(surf, "Key moments", (rect.x + 12, rect.y + 8), 22, ACCENT)
        self.moment_rects = []
        y = rect.y + 40
        if self.job.error is not None and self.moments is None:
            draw_wrapped(surf, f"The key moments could not be worked out ({self.job.error}). The charts "
                                 "and figures still show the whole game; Back returns to the table.",
                         pygame.Rect(rect.x + 16, y, rect.w - 32, 120), 18, ERROR)
            return
        if not self.ready:
            done, total = self.progress
            bar = pygame.Rect(rect.x + 16, y + 4, rect.w - 32, 14)
            pygame.draw.rect(surf, FIELD_BG, bar, border_radius=6)
            fill = bar.copy()
            fill.w = int(bar.w * done / max(1, total))
            pygame.draw.rect(surf, ACCENT, fill, border_radius=6)
            draw_text(surf, f"Looking for the moves that mattered… move {done} of {total}",
                      (rect.x + 16, y + 24), 17, MUTED)
            return
        line = self.accuracy_line()
        if line:
            y += draw_wrapped(surf, line, pygame.Rect(rect.x + 16, y, rect.w - 32, 44), 16, TEXT, max_lines=2) + 6
        if not self.moments:
            draw_wrapped(surf, "No move stood out: every decision was within a whisker of the best one "
                                 "found. The figures on the left show where Doom came from.",
                         pygame.Rect(rect.x + 16, y, rect.w - 32, 80), 18, TEXT)
            return
        draw_text(surf, "Click a moment to see it on the table and play on from there.",
                  (rect.x + 16, y), 16, MUTED, width=rect.w - 32)
        y += 24
        for m in self.moments:
            head, played, better = self.moment_lines(m)
            box_top = y
            if y + 60 > rect.bottom:
                break
            draw_text(surf, head, (rect.x + 16, y), 19, GRADE_RGB.get(m.grade, TEXT))
            y += 22
            y += draw_wrapped(surf, played, pygame.Rect(rect.x + 16, y, rect.w - 32, 40), 16, TEXT,
                              max_lines=2) + 2
            y += draw_wrapped(surf, better, pygame.Rect(rect.x + 16, y, rect.w - 32, 60), 16, OK,
                              max_lines=3) + 8
            box = pygame.Rect(rect.x + 8, box_top - 4, rect.w - 16, y - box_top)
            if box.collidepoint(self.mouse):
                pygame.draw.rect(surf, PANEL_EDGE, box, 1, border_radius=6)
            self.moment_rects.append((box, m))

    def _draw_turn(self, surf, rect) -> None:
        W.panel(surf, rect)
        head, text = self.turn_lines()
        draw_text(surf, head, (rect.x + 12, rect.y + 8), 19, ACCENT, width=rect.w - 24)
        room = pygame.Rect(rect.x + 16, rect.y + 36, rect.w - 32, rect.h - 36 - (58 if self.turn else 8))
        draw_wrapped(surf, text, room, 16, TEXT, max_lines=max(1, room.h // wrapped_height("x", 100, 16)))

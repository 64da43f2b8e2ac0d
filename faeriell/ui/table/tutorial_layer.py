"""The guided game's layer over the table: the step card (what to do and why, Next, Chapters)
and the step's move drawn on the board - the piece and where it goes ringed in the tutor's
magenta, an arrow between them - unmistakable against the legal glow (gold) and a hint (blue).

    layer = TutorialLayer.from_session(session, scene)   # None unless the session is a tutorial one
    scene.layers.push(layer, below="notices")            # one layer of the table's stack (layers.py)

A choose step (the player picks; tutorial/grading.py grades) draws no ring nor arrow (that would
tell the answer): its card lists the options as buttons (keys 1-9), the pieces on offer glow as
legal moves do, and after the pick the card shows the coach's grade and why, with Try again (a
costly pick; R or Backspace) or Go on (a best or good one; Enter).

The layer decides no rule and gates no move: the TutorialSession (faeriell/tutorial/session.py)
does, with the step's reason. The layer only says and shows. It asks the table for two things:
where a spot is drawn (scene.spots, scene.decision.choice) and to go elsewhere (scene.request).
"""
from __future__ import annotations

import math
import re

import pygame

from faeriell.engine import matches
from faeriell.engine.describe import describe
from faeriell.tutorial.grading import HEADS, legal_option
from faeriell.ui.text import halo_px, words_kept
from faeriell.ui.table import arrow_way as way
from faeriell.ui.table import pieces
from faeriell.ui.table import theme as T
from faeriell.ui.table.gestures import DECIDE, drawn_gesture, make_ctx
from faeriell.ui.table.layers import Layer
from faeriell.ui.table.keys import GoalMeter, GuardianPiece, RegionSpot
TUTOR = (255, 84, 196)          # the step's own colour: neither the legal glow nor the hint's blue
TUTOR_EDGE = (40, 6, 30)
GRADE_INK = {"best": T.GOOD, "good": (236, 196, 96), "costly": T.BAD}



def _log_words(scene) -> list[pygame.Rect]:
    """Where the log's lines were drawn this frame (log_panel.LogPanel.words)."""
    return list(scene.log_layer.panel.words)

class TutorialLayer(Layer):
    name = "tutorial"

    def __init__(self, session, scene=None):
        self.session = session
        self.scene = scene
        self.rects: dict[str, pygame.Rect] = {}
        self.card: pygame.Rect | None = None
        self.shown: tuple = ("", [])              # the card's head and body lines on the last frame
        self.mouse = (0, 0)
        self._seen: tuple[int, int | None] = (session.tutorial.index, None)
        self.arrow_line: tuple | None = None      # the arrow drawn on the last frame (piece -> place)
        self.arrow_path: list | None = None       # its way, a polyline (it bends round printed words)
        self._route_memo: tuple | None = None     # (what the way was worked out from, the way)
        self._under_memo: tuple | None = None     # (the same, the words it crosses)

    @classmethod
    def from_session(cls, session, scene=None) -> TutorialLayer | None:
        return cls(session, scene) if session.tutorial is not None else None

    # ---- the Layer protocol (faeriell/ui/table/layers.py) -----------------------------------
    def is_open(self) -> bool:
        return self.scene is not None and self.scene.curtain_layer.tribe is None

    def handle(self, ev) -> bool:
        return self.handle_event(self.scene, ev)

    def update(self, dt_ms: int) -> bool:
        scene = self.scene
        seen = (self.lesson.index, id(self.lesson.graded) if self.lesson.graded is not None else None)
        if seen != self._seen:               # a step done or a pick graded: an earlier refusal no longer applies
            self._seen = seen
            if scene.message and scene.message_bad:
                scene.message = None
        now = scene.now                      # the rings pulse and the arrow runs: a frame every 50 ms
        return int(now // 50) != int((now - dt_ms) // 50)

    @property
    def lesson(self):
        return self.session.tutorial

    def next_chapter(self) -> str | None:
        ids = [c.id for c in self.lesson.chapters]
        k = ids.index(self.lesson.chapter.id) if self.lesson.chapter.id in ids else -1
        return ids[k + 1] if 0 <= k < len(ids) - 1 else None

    # ---- input -------------------------------------------------------------------------------
    def handle_event(self, scene, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            return bool(self.card is not None and self.card.collidepoint(ev.pos))
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(ev, "button", 0) == 1:
            if self.card is None or not self.card.collidepoint(ev.pos):
                return False
            if ev.type == pygame.MOUSEBUTTONDOWN:
                for name, r in self.rects.items():
                    if r.collidepoint(ev.pos):
                        self._button(scene, name)
                        break
            return True
        if ev.type == pygame.KEYDOWN and scene.tray_layer.tray is None and scene.drag_layer.drag is None:
            st = self.lesson.step
            graded = self.lesson.graded
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if st is not None and st.kind == "read":
                    self.session.next_step()
                    return True
                if graded is not None:       # the card's main button: Go on, or Try again after a costly pick
                    self._button(scene, "try_again" if graded.grade == "costly" else "go_on")
                    return True
            if graded is not None and ev.key in (pygame.K_r, pygame.K_BACKSPACE):   # (T asks the hint to think longer)
                self._button(scene, "try_again")
                return True
            if st is not None and st.kind == "choose" and graded is None and pygame.K_1 <= ev.key <= pygame.K_9:
                name = f"option{ev.key - pygame.K_1}"
                if name in self.rects:
                    self._button(scene, name)
                    return True
        return False

    def _button(self, scene, name: str) -> None:
        if name.startswith("option"):
            self._pick(scene, int(name[6:]))
        elif name == "try_again":
            if self.session.try_again():
                scene.flash("Move taken back: choose again.")
        elif name == "go_on":
            self.session.go_on()
        elif name == "next":
            self.session.next_step()
        elif name == "chapters":
            scene.request = "tutorial"
        elif name == "solo_easy":            # after the last chapter: a whole game of one's own
            scene.request = "solo_easy_coach"
        elif name == "next_chapter":
            nxt = self.next_chapter()
            scene.request = ("tutorial", nxt) if nxt else "tutorial"

    def options(self) -> list[tuple[object, object]]:
        """A choose step's (option, its legal move now) in the chapter's order ([] otherwise)."""
        st = self.lesson.step
        if st is None or st.kind != "choose" or self.lesson.graded is not None:
            return []
        game = self.session.game
        return [(o, legal_option(game, o.move)) for o in st.options]

    def option_label(self, action) -> str:
        game = self.session.game
        return describe(action, self.scene.words.names, [t.id for t in game.state.tribes]) if action is not None else "?"

    def _pick(self, scene, k: int) -> None:
        """An option's button: its move played through the session (graded there)."""
        opts = self.options()
        if not 0 <= k < len(opts) or opts[k][1] is None:
            return
        why = self.session.apply(opts[k][1])
        if why:
            scene.flash(why, bad=True)

    # ---- the step's move on the board --------------------------------------------------------
    def targets(self, scene) -> list[tuple]:
        """The spot keys of the step's move: [grip, target] (grip None for a click), [] if none
        (a choose step rings nothing: that would tell the answer)."""
        st = self.lesson.step
        if st is None or st.kind != "do":
            return []
        a = self.lesson.expected(self.session.game)
        if a is None:
            return []
        gs = drawn_gesture(a, make_ctx(self.session.game))
        if gs is None or gs == DECIDE:
            return []
        return list(gs)

    def _option_rects(self, scene) -> list[pygame.Rect]:
        """The decision bar's options that are this step's move (a choose step: its options)."""
        pats = self.lesson.patterns() if self.lesson.graded is None else []
        ch = scene.decision.choice
        if not pats or ch is None:
            return []
        return [r for r, o in getattr(ch, "rects", ()) if any(matches(p, a) for p in pats for a in o.actions)]

    def _centre(self, scene, key):
        if key is None:
            return None
        if isinstance(key, RegionSpot):
            return scene.region_point(key.region)
        sp = scene.spots.first(key)
        return sp.center if sp is not None else None

    def _mark(self, surf, scene, key, pulse: float) -> list[pygame.Rect]:
        """Ring the spot (or outline the Region); returns the rings' bounds."""
        L = scene.layout
        w = max(3, round((3 + 2 * pulse) * L.u))
        if isinstance(key, RegionSpot):
            clip = surf.get_clip()
            surf.set_clip(L.map)
            pts = pieces.region_outline(scene.map, scene.session.game.rules.board, key.region)
            pygame.draw.lines(surf, TUTOR_EDGE, True, pts, w + 4)
            pygame.draw.lines(surf, TUTOR, True, pts, w)
            surf.set_clip(clip)
            return []
        rings = []
        for sp in scene.spots.by_key.get(key, ()):
            pad = L.px(6) + round(3 * pulse)
            if sp.radius:
                pygame.draw.circle(surf, TUTOR_EDGE, sp.rect.center, sp.radius + pad, w + 4)
                pygame.draw.circle(surf, TUTOR, sp.rect.center, sp.radius + pad, w)
                side = 2 * round(sp.radius + pad)
                rings.append(pygame.Rect(0, 0, side, side).move(sp.rect.centerx - side // 2,
                                                                sp.rect.centery - side // 2))
            else:
                r = sp.rect.inflate(2 * pad, 2 * pad)
                pygame.draw.rect(surf, TUTOR_EDGE, r, w + 4, border_radius=L.px(8))
                pygame.draw.rect(surf, TUTOR, r, w, border_radius=L.px(8))
                rings.append(r.inflate(4, 4))
        return rings

    def _ring_bounds(self, scene, key) -> list:
        """Where the rings of `key` are drawn, at their widest: (outer, inner) rects of a
        ring's band, (centre, inner radius, outer radius) of a round one, or a Region's outline
        as a closed polyline."""
        L = scene.layout
        w = max(3, round(5 * L.u)) + 4
        if isinstance(key, RegionSpot):
            pts = pieces.region_outline(scene.map, scene.session.game.rules.board, key.region)
            return [list(pts) + list(pts[:1])] if pts else []
        out: list[tuple] = []
        for sp in scene.spots.by_key.get(key, ()):
            pad = L.px(6) + 3
            if sp.radius:
                out.append((sp.rect.center, sp.radius + pad - L.px(3), sp.radius + pad + w))
            else:
                outer = sp.rect.inflate(2 * pad, 2 * pad)
                out.append((outer.inflate(w, w), outer.inflate(-w - 2, -w - 2)))
        return out

    def _captions_on_top(self, surf, scene, rings, line) -> list[pygame.Rect]:
        """The words beside the ringed pieces (a Quest card's "1/1 Quests") drawn again over
        the rings and the arrow, on their own backdrop: the highlight never hides what it points
        at. Returns where they were drawn again."""
        P = scene.layout.px
        out = []
        for img, r, backdrop in scene.spots.captions:
            hit = any(r.colliderect(k) for k in rings) or way.crosses(r, line or ())
            if hit:
                if backdrop is not None:
                    pygame.draw.rect(surf, backdrop, r.inflate(P(6), P(2)), border_radius=P(4))
                surf.blit(img, r)
                out.append(r)
        return out

    # ---- the arrow's way ---------------------------------------------------------------------
    def _zone(self, scene, key, centre):
        """Where the arrow stops short of a spot: its ring (a Region: a little way from its point)."""
        L = scene.layout
        sp = scene.spots.first(key) if key is not None and not isinstance(key, RegionSpot) else None
        pad = L.px(6) + 3
        if sp is None:
            reach = L.px(22)
            return lambda q: math.hypot(q[0] - centre[0], q[1] - centre[1]) < reach
        if sp.radius:
            reach = sp.radius + pad
            return lambda q: math.hypot(q[0] - sp.rect.centerx, q[1] - sp.rect.centery) < reach
        box = sp.rect.inflate(2 * pad, 2 * pad)
        return lambda q: box.collidepoint(q)

    def route(self, scene, keys, a, b) -> list[tuple[float, float]]:
        """The arrow's way from the piece (at a) to its place (at b), bent round the printed words
        (arrow_way.route, the hint's too), from the piece's ring to the place's. Worked out
        again only when the table or the step changes."""
        words = scene.printed_words()
        memo = (tuple(keys), a, b, scene.base_key, len(words), scene.layout.size)
        if self._route_memo is not None and self._route_memo[0] == memo:
            return self._route_memo[1]
        L = scene.layout
        best = way.route(words, a, b, self._zone(scene, keys[0], a), self._zone(scene, keys[1], b),
                         pygame.Rect((0, 0), L.size), L.px)
        self._route_memo = (memo, best)
        return best

    def _arrow(self, surf, scene, path, phase: float) -> None:
        """Dashes running along `path` towards the place (which way the piece goes), on a dark
        edge, and the head at its end."""
        L = scene.layout
        w = max(3, round(4 * L.u))
        pygame.draw.lines(surf, TUTOR_EDGE, False, path, w + 4)
        seg, gap = L.px(16), L.px(9)
        marks = way.lengths(path)
        total = marks[-1]
        s = -(phase * (seg + gap)) % (seg + gap) - (seg + gap)
        while s < total:
            s0, s1 = max(0.0, s), min(total, s + seg)
            if s1 > s0:
                part = way.between(path, marks, s0, s1)
                if len(part) >= 2:
                    pygame.draw.lines(surf, TUTOR, False, part, w)
            s += seg + gap
        end, left, right = way.head_at(path, L.px(16))
        ux, uy = _unit(left, right, end)
        pygame.draw.polygon(surf, TUTOR_EDGE, [end, left, right], 0)
        pygame.draw.polygon(surf, TUTOR, [(end[0] - ux * 2, end[1] - uy * 2), left, right], 0)

    def _words_under(self, surf, scene, rings, path) -> list[pygame.Rect]:
        """The printed words the rings (_ring_bounds' bands and outlines) or the arrow's way will
        cross (to be put back over them: a highlight never hides the words it points at or
        passes). Worked out again only when the table, the step or the way changes."""
        frame = surf.get_rect()
        memo = (self._route_memo[0] if self._route_memo is not None else None, tuple(map(tuple, path)),
                repr(rings), frame.size)
        if self._under_memo is None or self._under_memo[0] != memo:
            head = None
            if path:                                  # the arrow's head, at its widest
                h = scene.layout.px(16) + 4
                head = pygame.Rect(0, 0, 2 * h, 2 * h)
                head.center = (round(path[-1][0]), round(path[-1][1]))
            hit = []
            for r in scene.printed_words():
                c = r.clip(frame)
                if c.w <= 0 or c.h <= 0:
                    continue
                if any(_on_ring(c, b) for b in rings) or way.crosses(c.inflate(6, 6), path) or \
                        (head is not None and c.colliderect(head)):
                    hit.append(r)
            self._under_memo = (memo, hit)
        return self._under_memo[1]

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, surf, scene=None) -> None:
        scene = scene or self.scene
        L = scene.layout
        pulse = 0.5 + 0.5 * math.sin(scene.now / 240)
        shown: list = []
        self.arrow_line = None
        self.arrow_path = None
        st = self.lesson.step
        if st is not None and st.kind in ("do", "choose") and scene.curtain_layer.tribe is None \
                and scene.tray_layer.tray is None:
            keys = self.targets(scene)
            pts = [self._centre(scene, k) for k in keys]
            path: list = []
            if len(pts) == 2 and pts[0] is not None and pts[1] is not None and scene.drag_layer.drag is None:
                path = self.route(scene, keys, pts[0], pts[1])
            bands = [b for key in keys if key is not None for b in self._ring_bounds(scene, key)]
            under = self._words_under(surf, scene, bands, path)
            rings = []
            # the words crossed come back over the rings and the arrow: their letters, on a halo
            # of their own paper (the arrow passes under them, no box cut out of it)
            # the log's lines the arrow still crosses come back over it as they were drawn (the log
            # is no part of the base picture: their boxes, on the log's own dark panel)
            log_under = [r for r in _log_words(scene) if path and way.crosses(r.inflate(4, 4), path)]
            with words_kept(surf, log_under), words_kept(surf, under, scene.base, halo_px(L.u)):
                for key in keys:
                    if key is not None:
                        rings += self._mark(surf, scene, key, pulse)
                self.arrow_path = path or None
                if path:
                    self._arrow(surf, scene, path, scene.now / 600)
                    self.arrow_line = (path[0], path[-1])
            self._captions_on_top(surf, scene, rings, path)
            shown = [p for p in pts if p is not None]
            for r in self._option_rects(scene):
                # a thin ring on the option's own edge, pulsing outwards: a wide one reached the
                # letters of the bar's line above and of the option's own words (issue 42)
                w = 2 + round(pulse)
                pygame.draw.rect(surf, TUTOR, r.inflate(2 * w - 2, 2 * w - 2), w, border_radius=L.px(6))
                shown.append(r.center)
        self._draw_card(surf, scene, shown)

    def _draw_card(self, surf, scene, avoid_points) -> None:
        """The step's card: what it says (_card_words), where it goes and how wide (_card_place),
        then its titles, words, options, buttons and the note beside them."""
        L = scene.layout
        P = L.px
        st, graded = self.lesson.step, self.lesson.graded
        w = min(P(440) if st is not None and st.kind == "choose" else P(400), L.map.w - P(20))
        size = max(T.MIN_TEXT, P(17) if graded is None else P(16))
        head, head_ink, body, buttons, opts = self._card_words(scene)
        w, r, (lines, olines, ohs, titles, head_y, body_y, _h) = self._card_place(scene, w, size, body, opts,
                                                                                  avoid_points)
        self.shown = (head, lines)       # what the card says (the tests read it)
        self.card = r
        tsize = max(T.MIN_TEXT, P(14))
        tlh = T.font(tsize, True).get_linesize()
        T.panel(surf, r.move(P(3), P(4)), (0, 0, 0), (0, 0, 0), P(10), 0)
        T.panel(surf, r, (50, 34, 50), TUTOR, P(10), 3)
        for j, line in enumerate(titles):
            surf.blit(T.fitted(line, tsize, w - P(24), T.INK_DIM, True), (r.x + P(12), r.y + P(8) + j * tlh))
        surf.blit(T.fitted(head, max(T.MIN_TEXT, P(20)), w - P(24), head_ink, True),
                  (r.x + P(12), r.y + head_y))
        y = r.y + body_y
        lh = T.font(size).get_linesize()
        for line in lines:
            surf.blit(T.text(line, size, T.INK), (r.x + P(14), y))
            y += lh
        self.rects = {}
        self._card_options(surf, scene, r, w, y + (P(8) if ohs else 0), olines, ohs)
        x = self._card_buttons(surf, scene, r, buttons)
        self._card_note(surf, scene, r, x, bool(opts))

    def _card_words(self, scene) -> tuple[str, tuple, str, list, list]:
        """(head, its ink, body, buttons, options) of the card for the step, the chapter's end or
        the coach's word on a pick."""
        lesson = self.lesson
        st = lesson.step
        graded = lesson.graded
        head_ink = TUTOR if st is not None else T.GOOD
        opts: list = []
        if st is None:
            head = "Chapter done!"
            nxt = next((c for c in lesson.chapters if c.id == self.next_chapter()), None)
            body = "Well played. " + (f"Next: {nxt.title} ({nxt.about[:1].lower() + nxt.about[1:]})" if nxt else
                                      "That was the last chapter: you know the whole game. Now a whole solo Easy "
                                      "game of your own, with the coach at your elbow (its chances and its word "
                                      "on your moves); press H at the table for a hint.")
            buttons = ([("next_chapter", "Next chapter")] if self.next_chapter() else
                       [("solo_easy", "Solo Easy, with the coach")]) + [("chapters", "Chapters")]
        else:
            n, total = lesson.number()
            head = f"Step {n} of {total}"
            body = st.text
            buttons = ([("next", "Next")] if st.kind == "read" else []) + [("chapters", "Chapters")]
            if graded is not None:       # the coach's word on the pick
                head = f"Step {n} of {total} · {HEADS[graded.grade]}"
                head_ink = GRADE_INK[graded.grade]
                body = graded.text.removeprefix(HEADS[graded.grade]).strip()
                buttons = [("try_again", "Try again") if graded.grade == "costly" else ("go_on", "Go on"),
                           ("chapters", "Chapters")]
            elif st.kind == "choose" and not self._option_rects(scene):
                opts = self.options()     # (a decision bar offering them has its own buttons)
        return head, head_ink, body, buttons, opts

    def _card_place(self, scene, w: int, size: int, body: str, opts: list, avoid_points):
        """(width, rect, measures) of the card: `w` wide where it finds room, else as wide as the
        island where that hides less of what it must not."""
        L = scene.layout
        P = L.px
        lesson = self.lesson
        ch = lesson.chapter
        lh = T.font(size).get_linesize()
        osize = max(T.MIN_TEXT, P(15))
        olh = T.font(osize).get_linesize()
        k = [c.id for c in lesson.chapters].index(ch.id) + 1 if ch in lesson.chapters else 1
        tsize = max(T.MIN_TEXT, P(14))
        tlh = T.font(tsize, True).get_linesize()

        def measure(w):
            lines = T.wrap(body, size, w - P(28))
            olines = [T.wrap(f"{k + 1}. {self.option_label(a)}", osize, w - P(44)) for k, (_, a) in enumerate(opts)]
            ohs = [len(ol) * olh + P(10) for ol in olines]
            opt_h = sum(ohs) + P(6) * len(ohs) + (P(8) if ohs else 0)
            # the chapter's title whole, on as many lines as it takes (a narrow window cut it short)
            titles = T.wrap(f"Guided game · Chapter {k} of {len(lesson.chapters)}: {ch.title}", tsize, w - P(24),
                            True)
            head_y = P(8) + tlh * len(titles)
            body_y = head_y + T.font(max(T.MIN_TEXT, P(20)), True).get_linesize() + P(2)
            return lines, olines, ohs, titles, head_y, body_y, body_y + lh * len(lines) + opt_h + P(52)

        got = measure(w)
        r = self._place(scene, pygame.Rect(0, 0, w, got[-1]), avoid_points)
        must = self.keep_clear(scene, avoid_points)[0]
        wide = L.map.w - P(20)
        if wide > w and any(r.colliderect(a) for a in must):
            # no room clear of the decision bar or the step's pieces (1024x640: the bar filled the
            # island's top, the card lay over its options): as wide as the island, so less tall
            got2 = measure(wide)
            r2 = self._place(scene, pygame.Rect(0, 0, wide, got2[-1]), avoid_points)
            bar = getattr(scene.decision.choice, "panel_rect", None) if scene.decision.choice is not None else None
            if sum(r2.colliderect(a) for a in must) < sum(r.colliderect(a) for a in must) or \
                    (bar is not None and r.colliderect(bar) and not r2.colliderect(bar)):
                w, r, got = wide, r2, got2
        return w, r, got

    def _card_options(self, surf, scene, r: pygame.Rect, w: int, y: int, olines, ohs) -> None:
        """The step's options as buttons under the words (when no decision bar offers them)."""
        P = scene.layout.px
        osize = max(T.MIN_TEXT, P(15))
        olh = T.font(osize).get_linesize()
        for k, (ol, oh) in enumerate(zip(olines, ohs, strict=True)):
            b = pygame.Rect(r.x + P(12), y, w - P(24), oh)
            hot = b.collidepoint(self.mouse)
            T.panel(surf, b, T.BUTTON_HI if hot else T.BUTTON, TUTOR if hot else T.PANEL_EDGE, P(7), 1)
            for j, line in enumerate(ol):
                surf.blit(T.text(line, osize, T.INK), (b.x + P(10), b.y + P(5) + j * olh))
            self.rects[f"option{k}"] = b
            y += oh + P(6)

    def _card_buttons(self, surf, scene, r: pygame.Rect, buttons) -> int:
        """The card's buttons along its foot, right to left; returns where the leftmost begins."""
        P = scene.layout.px
        x = r.right - P(12)
        for name, label in reversed(buttons):
            img = T.text(label, max(T.MIN_TEXT, P(16)), T.INK, True)
            b = pygame.Rect(0, 0, img.get_width() + P(28), P(32))
            b.bottomright = (x, r.bottom - P(10))
            prime = name in ("next", "next_chapter", "go_on", "try_again", "solo_easy")
            hot = b.collidepoint(self.mouse)
            T.panel(surf, b, T.BUTTON_HI if (prime or hot) else T.BUTTON, TUTOR if prime else T.PANEL_EDGE, P(7),
                    2 if prime else 1)
            surf.blit(img, img.get_rect(center=b.center))
            self.rects[name] = b
            x = b.left - P(10)
        return x

    def _card_note(self, surf, scene, r: pygame.Rect, x: int, opts: bool) -> None:
        """The note left of the buttons: what to do now."""
        P = scene.layout.px
        st, graded = self.lesson.step, self.lesson.graded
        note_words = None
        if st is not None and st.kind == "do":
            note_words = "the pink rings show the piece and where it goes"
        elif graded is not None:
            note_words = "R: try again" if graded.grade == "costly" else "Enter: go on"
        elif st is not None and st.kind == "choose":
            note_words = "a button (or 1-9), or the move on the board" if opts else "choose on the decision bar"
        if note_words:
            # left of the buttons: in a narrow card the Chapters button hid its end
            note = T.fitted(note_words, max(T.MIN_TEXT, P(12)), x - r.x - P(14), T.INK_FAINT)
            surf.blit(note, (r.x + P(14), r.bottom - P(26) - note.get_height() // 2))

    # ---- where the card goes -----------------------------------------------------------------
    def keep_clear(self, scene, avoid_points=()) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """(what the card may never hide, what it had better not hide): the step's piece and place,
        the goal meter and the decision bar; then what a step's words name on the island."""
        L = scene.layout
        P = L.px
        must = [pygame.Rect(p[0] - P(14), p[1] - P(14), P(28), P(28)) for p in avoid_points]
        st = self.lesson.step
        if st is not None and st.kind == "do":
            for key in self.targets(scene):
                if key is not None and not isinstance(key, RegionSpot):
                    must += [sp.rect for sp in scene.spots.by_key.get(key, ())]
        meter = scene.spots.first(GoalMeter())     # the goal in view stays in view
        if meter is not None:
            must.append(meter.rect)
        bar = getattr(scene.decision.choice, "panel_rect", None) if scene.decision.choice is not None else None
        if bar is not None:
            must.append(bar)                 # the decision bar stays readable and clickable
        return must, self._named(scene)

    def _named(self, scene) -> list[pygame.Rect]:
        """Where the Regions and Guardians the step's words name stand on the island."""
        st = self.lesson.step
        text = (st.text or "") if st is not None else ""
        if not text:
            return []
        P = scene.layout.px
        game = scene.session.game
        out = []
        for rid in game.rules.board.regions:
            name = scene.words.region(rid)
            if name.lower().removeprefix("the ") in text.lower():
                x, y = scene.region_point(rid)
                out.append(pygame.Rect(x - P(24), y - P(24), P(48), P(48)))
        for gd in game.state.guardians:
            if re.search(rf"\b{re.escape(gd)}\b(?!'s)", text, re.I):
                out += [sp.rect.inflate(P(8), P(8)) for sp in scene.spots.by_key.get(GuardianPiece(gd), ())]
        return out

    def _place(self, scene, r: pygame.Rect, avoid_points=()) -> pygame.Rect:
        """The card on the island only (never over a tribe board, the boards beside it or the log),
        at the corner or edge that hides none of what must stay clear, then the fewest named things."""
        L = scene.layout
        P = L.px
        room = L.map.inflate(-2 * P(10), -2 * P(10))
        must, named = self.keep_clear(scene, avoid_points)
        spots = []
        for y in (room.top, room.bottom - r.h, room.centery - r.h // 2):
            for x in (room.left, room.right - r.w, room.centerx - r.w // 2):
                spots.append(pygame.Rect(x, y, r.w, r.h).clamp(L.map))
        arrow = self.arrow_points(scene)
        # then the Guardian the last move moved, then the other Guardians: a step after a
        # Guardian's move (chapter 5: "now press Menace Draft" after the Bear's) hid the Bear
        history = scene.session.game.history
        last = history[-1]["action"] if history else None
        moved = last.get("guardian") if last is not None and last.kind == "move_guardian" else None
        figures = [(sp.rect, 10 if gd == moved else 1) for gd in scene.session.state.guardians
                   for sp in scene.spots.by_key.get(GuardianPiece(gd), ())]
        # the decision bar above all: where nothing is clear of everything (1024x640, the bar
        # over the island's top) the card lies over the goal meter rather than the bar's options
        bar = getattr(scene.decision.choice, "panel_rect", None) if scene.decision.choice is not None else None
        return min(spots, key=lambda c: (sum(1 for a in must if c.colliderect(a)) +
                                         (2 if bar is not None and c.colliderect(bar) else 0),
                                         sum(1 for a in named if c.colliderect(a)),
                                         sum(1 for q in arrow if c.collidepoint(q)),
                                         sum(w for a, w in figures if c.colliderect(a))))

    def arrow_points(self, scene) -> list[tuple[float, float]]:
        """Points along the arrow's way from the step's piece to its place (the card had better
        not hide it either), one every P(24)."""
        return way.spaced(getattr(self, "arrow_path", None) or [], scene.layout.px(24))


def _unit(left, right, end) -> tuple[float, float]:
    """The way an arrow head (its tip `end`, its back corners) points."""
    mx, my = (left[0] + right[0]) / 2, (left[1] + right[1]) / 2
    dx, dy = end[0] - mx, end[1] - my
    n = math.hypot(dx, dy) or 1.0
    return dx / n, dy / n


def _on_ring(r: pygame.Rect, band) -> bool:
    """Whether words at r lie under a ring: its band (outer, inner) or a Region's outline."""
    if isinstance(band, tuple) and len(band) == 3:            # a round ring
        (cx, cy), inner_r, outer_r = band
        near = math.hypot(max(r.left - cx, 0, cx - r.right), max(r.top - cy, 0, cy - r.bottom))
        far = max(math.hypot(x - cx, y - cy) for x in (r.left, r.right) for y in (r.top, r.bottom))
        return near <= outer_r and far >= inner_r
    if isinstance(band, tuple):
        outer, inner = band
        return r.colliderect(outer) and not inner.contains(r)
    return way.crosses(r.inflate(8, 8), band)                 # the outline's width either side

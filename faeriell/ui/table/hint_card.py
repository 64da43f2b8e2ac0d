"""A hint that stays and shows: the suggested move drawn on the table and its reason in a card.

The card follows a plan through the turn: when the player plays the hinted move, it stays,
says "Done: <that move>" and asks for the plan's next step (the table screen runs
bots.plan_hint in the background, as H does: the step the plan said at the Phase choice while
the engine allows it, else the expert's new look and what changed), so a Phase's hint that
names a line ("Play the Tribe Phase, then Build a Red Beacon ...") is followed step by step. It closes when the player does
something else (another move, or a move made before the next step was known), when the turn
is over (the next turn, a bot's move, the game's end) or when the player closes it: no timeout.
On the board, the move is a thick magenta arrow from the piece to where it goes and the piece
ghosted there, a colour and a shape the legal glow (gold, light blue) never
uses; a hint that answers a decision rings its tile in the bar instead. "Show me" plays the drag
as an animation without making the move. "Think longer" (or T) asks the expert for a few
seconds more and the card says whether it still agrees.

Self-contained: the table keeps one HintCard, calls `follow(version, session)` after each change
(`wants_next`: the screen should ask for the plan's next step now),
`draw(surf, scene)` each frame over everything but its own panels, and `click(pos)` first.
"""
from __future__ import annotations

import math

import pygame

from faeriell.ui.text import WordsSurface, halo_px, words_kept
from faeriell.ui.table import arrow_way as way
from faeriell.ui.table import theme as T
from faeriell.ui.table.gestures import drawn_gesture, make_ctx, PAY_FIELDS, TRAY_KINDS
from faeriell.ui.table.keys import GoalMeter, NodeSpot, RegionSpot
from faeriell.ui.table import pieces
HINT = (255, 84, 196)            # the hint's colour: never a legal-glow colour
HINT_DARK = (60, 10, 44)
DONE = (150, 210, 150)           # a step of the plan already played
SHOW_MS = 1100                   # one flight of "Show me"
SHOW_TIMES = 2                   # flights per press


class HintCard:
    def __init__(self) -> None:
        self.action = None
        self.reason = ""
        self.note = ""               # after thinking longer: agrees or changed its mind
        self.detail = ""             # what the move does, in words (a Harvest: where it stops, what it gives)
        self.version: int | None = None
        self.gesture: tuple | str | None = None   # (grip, target) on the table, "decide", or None
        self._way_memo: tuple | None = None   # (what the arrow's way was worked out from, the way)
        self._under_memo: tuple | None = None  # (the same for the words under the marks, those words)
        self._place_memo: tuple | None = None  # (the same for the card's place, that place)
        self.show_from: float | None = None
        self.rect: pygame.Rect | None = None
        self.buttons: dict[str, pygame.Rect] = {}
        self.thinking = False        # a longer look is under way
        # the plan this hint is a step of
        self.label = ""              # the hinted move in words (said as done once it is played)
        self.done: list[str] = []    # the plan's steps played so far, in words
        self.turn: tuple | None = None   # (stage, round, lap, active): the plan ends with this turn
        self.moves = 0               # moves in the game's history when this step was hinted
        self.player: int | None = None
        self.wants_next = False      # the hinted step was played: the next one is being asked

    # ---- state ------------------------------------------------------------------------------
    @property
    def shown(self) -> bool:
        return self.action is not None or self.wants_next

    def set(self, action, reason: str, version: int, gesture, note: str = "", label: str = "",
            game=None, detail: str = "") -> None:
        """Show a hinted move. The plan's steps done so far are kept when this is the next step
        (or a longer look) for the same position; a hint for another position starts a plan."""
        if not (self.shown and self.version == version):
            self.done = []
        self.action, self.reason, self.version, self.gesture = action, reason, version, gesture
        self.note = note
        self.label = label
        self.detail = detail
        self.show_from = None
        self.thinking = False
        self.wants_next = False
        if game is not None:
            s = game.state
            self.turn, self.moves, self.player = (s.stage, s.round, s.lap, s.active), len(game.history), game.acting

    def clear(self) -> None:
        self.action = None
        self.reason = self.note = self.label = self.detail = ""
        self.version = self.gesture = self.show_from = None
        self.rect = None
        self.buttons = {}
        self.thinking = False
        self.done = []
        self.turn = self.player = None
        self.wants_next = False

    def follow(self, version: int, session=None) -> bool:
        """The session's version moved on. The hinted move itself, played by the player in the
        same turn that goes on: the step is done and the card waits for the plan's next step
        (`wants_next`). Anything else: the hint has served. True if it went."""
        if not self.shown or version == self.version:
            return False
        if session is not None and self.action is not None and self._played(session):
            self.done.append(self.label)
            self.action, self.gesture, self.show_from = None, None, None
            self.reason = self.note = self.detail = ""
            self.version = version
            self.thinking = False
            self.wants_next = True
            return False
        self.clear()
        return True

    def _played(self, session) -> bool:
        """Was the change the hinted move, by the hinted player, with the turn still going on
        and that player (a person) still to act?"""
        g = session.game
        h = g.history
        if len(h) != self.moves + 1 or h[-1].get("player") != self.player:
            return False
        s = g.state
        if s.game_over or (s.stage, s.round, s.lap, s.active) != self.turn or g.acting != self.player:
            return False
        if not session.is_human_turn():
            return False
        return same_step(h[-1]["action"], self.action)

    def animating(self, now: float) -> bool:
        return self.show_from is not None and now - self.show_from < SHOW_MS * SHOW_TIMES

    def click(self, pos) -> str | None:
        """"show", "longer", "close", "inside" (a press on the card) or None."""
        if not self.shown or self.rect is None:
            return None
        for name, r in self.buttons.items():
            if r.collidepoint(pos):
                return name
        return "inside" if self.rect.collidepoint(pos) else None

    # ---- drawing ----------------------------------------------------------------------------
    def draw(self, surf, scene) -> None:
        if not self.shown:
            return
        # the move's arrow, rings, outline and ghost pass under the table's printed words (a
        # Region's name, a board's label, a count): those are put back over them, as they were
        # (their letters on a thin halo of their own paper: the marks pass under them, no box cut out)
        # the log's lines too (no part of the base: their boxes come back as the log drew them)
        kept = list(scene.log_layer.panel.words)
        # an open payment tray lies over the island: the arrow passes under it, its text whole (issue 42)
        tray = scene.tray_layer.tray
        if tray is not None and tray.panel_rect is not None:
            kept.append(pygame.Rect(tray.panel_rect))
        with words_kept(surf, kept), words_kept(surf, self._under_marks(scene, scene.printed_words()),
                                                          scene.base, halo_px(scene.layout.u)):
            self._marks(surf, scene)
        self._card(surf, scene)

    def _under_marks(self, scene, words) -> list:
        """The words the marks of _marks may reach: along the arrow, round its ends, on the
        Region's outline, under the ghost and the flight of "Show me", round a ringed option.
        Worked out again only when the table, the hint or the flight changes."""
        ch = scene.decision.choice
        memo = (self.gesture, self.action, scene.base_key, len(words), scene.layout.size,
                self.animating(scene.now), tuple(tuple(r) for r, _o in ch.rects) if ch is not None else ())
        if self._under_memo is None or self._under_memo[0] != memo:
            self._under_memo = (memo, self._find_under(scene, words))
        return self._under_memo[1]

    def _find_under(self, scene, words) -> list:
        P = scene.layout.px
        if not words:
            return []
        areas: list = []
        lines: list = []
        if self.gesture == "decide":
            ch = scene.decision.choice
            for r, _o in ch.rects if ch is not None else ():
                areas.append(r.inflate(P(16), P(16)))
            for o in ch.options if ch is not None else ():
                c = scene.target_point(o.spot) if o.spot is not None else None
                if c is not None:
                    areas.append(pygame.Rect(c[0] - P(32), c[1] - P(32), P(64), P(64)))
        else:
            pts = self._points(scene)
            if pts is None:
                return []
            start, end, sprite = pts
            reach = P(32) + (max(sprite.get_size()) // 2 if sprite is not None else 0)
            for c in (start, end):
                if c is not None:
                    areas.append(pygame.Rect(c[0] - reach, c[1] - reach, 2 * reach, 2 * reach))
            if start is not None:
                lines.append(self._way(scene) or [start, end])
                if self.animating(scene.now):              # the flight, lifted on its way
                    box = pygame.Rect(min(start[0], end[0]), min(start[1], end[1]),
                                      abs(end[0] - start[0]) + 1, abs(end[1] - start[1]) + 1)
                    areas.append(box.inflate(2 * reach, 2 * reach + P(60)))
            target = self._target()
            if isinstance(target, RegionSpot):
                outline = pieces.region_outline(scene.map, scene.session.game.rules.board, target.region)
                if outline:
                    lines.append(list(outline) + [outline[0]])
        return way.words_touched(words, areas, lines, P(14))

    def _target(self):
        """The place the hinted move goes to on the table (None when it is no move on the table)."""
        return self.gesture[1] if isinstance(self.gesture, tuple) else None

    def _points(self, scene):
        """(start, end, sprite) of the hinted move on screen (start None: nothing to pick up)."""
        if not isinstance(self.gesture, tuple):
            return None
        grip, target = self.gesture
        end = scene.target_point(target) if target is not None else None
        if end is None:
            return None
        start, sprite = None, None
        if grip is not None:
            sp = scene.spots.first(grip)
            if sp is not None:                 # the piece itself (a Hero's figure, not its panel)
                start, sprite = sp.grab_point, sp.sprite
        return start, end, sprite

    def _way(self, scene) -> list:
        """The arrow's way from the piece's ring to the place's, bent round the table's printed
        words (arrow_way.route: the guided step's arrow takes its way the same); [] when there is
        no piece to pick up or it lies on its place. Worked out again only when the table changes."""
        pts = self._points(scene)
        if pts is None or pts[0] is None:
            return []
        start, end, sprite = pts
        memo = (self.gesture, start, end, scene.base_key, len(scene.printed_words()),
                scene.layout.size)
        if self._way_memo is not None and self._way_memo[0] == memo:
            return self._way_memo[1]
        path = move_way(scene, start, end, sprite, scene.layout.px(26))
        self._way_memo = (memo, path)
        return path

    def _marks(self, surf, scene) -> None:
        P = scene.layout.px
        if self.gesture == "decide":
            self._ring_option(surf, scene)
            return
        pts = self._points(scene)
        if pts is None:
            return
        start, end, sprite = pts
        clip = surf.get_clip()
        target = self._target()
        if isinstance(target, RegionSpot):      # the whole Region, outlined thick
            surf.set_clip(scene.layout.map)
            pts_r = pieces.region_outline(scene.map, scene.session.game.rules.board, target.region)
            pygame.draw.lines(surf, HINT_DARK, True, pts_r, P(8))
            pygame.draw.lines(surf, HINT, True, pts_r, P(5))
            surf.set_clip(clip)
        path = self._way(scene)
        if path:
            arrow_along(surf, path, P(7))
        ring = pygame.Rect(0, 0, P(44), P(44))
        ring.center = end
        pygame.draw.circle(surf, HINT_DARK, end, P(24), P(7))
        pygame.draw.circle(surf, HINT, end, P(23), P(4))
        if sprite is not None:
            ghost = sprite.copy()
            ghost.set_alpha(150)
            surf.blit(ghost, ghost.get_rect(center=end))
            if start is not None:
                pygame.draw.circle(surf, HINT, start, max(sprite.get_width(), sprite.get_height()) // 2 + P(4), P(3))
        if self.animating(scene.now) and start is not None:
            t = ((scene.now - self.show_from) % SHOW_MS) / SHOW_MS
            t = min(1.0, t / 0.8)
            e = t * t * (3 - 2 * t)                    # ease in and out
            flight = [start] + path + [end]            # along the arrow's way
            marks = way.lengths(flight)
            x, y = way.point_at(flight, marks, marks[-1] * e)
            y -= math.sin(e * math.pi) * P(26)         # lifted
            if sprite is not None:
                surf.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
            pygame.draw.circle(surf, (255, 255, 255), (round(x), round(y) + P(14)), P(6))      # the hand
            pygame.draw.circle(surf, HINT, (round(x), round(y) + P(14)), P(6), P(2))
        surf.set_clip(clip)

    def _ring_option(self, surf, scene) -> None:
        ch = scene.decision.choice
        if ch is None:
            return
        P = scene.layout.px
        pulse = self.animating(scene.now) and int(scene.now // 180) % 2
        w = P(6) if pulse else P(4)
        for r, o in ch.rects:
            if self.action in (o.actions or ()):
                pygame.draw.rect(surf, HINT_DARK, r.inflate(P(10), P(10)), w + P(2), border_radius=P(8))
                pygame.draw.rect(surf, HINT, r.inflate(P(8), P(8)), w, border_radius=P(8))
        for o in ch.options:                           # an option that is a place on the table
            if o.spot is not None and self.action in (o.actions or ()):
                c = scene.target_point(o.spot)
                if c is not None:
                    pygame.draw.circle(surf, HINT_DARK, c, P(24), w + P(3))
                    pygame.draw.circle(surf, HINT, c, P(23), w)

    def _place(self, scene, sizes) -> pygame.Rect:
        """Where the card goes: of the places on the island for each of its `sizes` (w, h), the
        wide one first (its bottom and top corners, then every P(24) across the island; the log
        column last), the one that hides none of what must stay clear (the hinted piece and its
        place, the decision bar, the payment tray, the goal meter), then the least of the
        arrow's way, then the fewest printed words (the Regions' and Areas' names), then the
        fewest pieces; the first such in the order tried."""
        L = scene.layout
        ch, tray = scene.decision.choice, scene.tray_layer.tray
        memo = (tuple(sizes), self.gesture, self.action, scene.base_key, L.size,
                len(scene.printed_words()), tuple(ch.panel_rect or ()) if ch is not None else None,
                tuple(tray.panel_rect or ()) if tray is not None else None)
        if self._place_memo is None or self._place_memo[0] != memo:
            self._place_memo = (memo, self._find_place(scene, sizes))
        return self._place_memo[1].copy()

    def _find_place(self, scene, sizes) -> pygame.Rect:
        L = scene.layout
        P = L.px
        m = L.map
        room = m.inflate(-2 * P(8), -2 * P(8))
        must = self._keep_clear(scene)
        words = [r for r in scene.printed_words() if r.colliderect(m)]
        pieces = [sp.rect for sp in scene.spots.spots if m.collidepoint(sp.rect.center)
                  and not isinstance(sp.key, (NodeSpot, GoalMeter))]          # the pieces on the island
        along = self._way_points(scene)
        tries = []
        step = max(4, P(24))
        for w, h in sizes:                      # the wide card first, then the narrow one
            xs = [room.right - w, room.left] + list(range(room.right - w - step, room.left, -step))
            ys = [room.bottom - h, room.top] + list(range(room.bottom - h - step, room.top, -step))
            for y in ys:
                for x in xs:
                    tries.append(pygame.Rect(x, y, w, h).clamp(m))
        log = pygame.Rect(L.log.x + P(4), L.log.y + P(4), L.log.w - P(8), sizes[0][1])
        tries.append(log)                       # over the log: only when the island has no room

        def cost(k_r):
            k, r = k_r
            return (len(r.collidelistall(must)), r is log, sum(1 for q in along if r.collidepoint(q)),
                    len(r.collidelistall(words)), len(r.collidelistall(pieces)), k)
        best = min(enumerate(tries), key=cost)[1]
        if best is log:
            return best
        # then a few px either way: a card whose edge grazes a name (the top of 'TURTLE' under its
        # border) slides clear of it, or at least hides less of it
        reach = max(1, step // 2 + 2)
        base = scene.base
        inks = [base.ink_mask(w) if isinstance(base, WordsSurface) else None for w in words]

        def letters(i, r) -> int:             # how much of word i's letters (else its box) r hides
            c = r.clip(words[i])
            if inks[i] is None:
                return c.w * c.h
            mask, at = inks[i]
            return mask.overlap_area(pygame.mask.Mask(c.size, fill=True), (c.x - at[0], c.y - at[1]))

        def near(d):
            dx, dy = d
            r = best.move(dx, dy).clamp(m)
            hidden = sum(letters(i, r) for i in r.collidelistall(words))
            return (len(r.collidelistall(must)), sum(1 for q in along if r.collidepoint(q)),
                    len(r.collidelistall(words)), hidden, len(r.collidelistall(pieces)), abs(dx) + abs(dy))
        dx, dy = min(((dx, dy) for dx in range(-reach, reach + 1, 2) for dy in range(-reach, reach + 1)), key=near)
        return best.move(dx, dy).clamp(m)

    def _keep_clear(self, scene) -> list[pygame.Rect]:
        """What the card may never hide: the hinted piece and its place (their rings), the
        decision bar and the places its hinted option names, the payment tray, the goal meter."""
        P = scene.layout.px
        out = []
        ch = scene.decision.choice
        if ch is not None and ch.panel_rect is not None:
            out.append(ch.panel_rect)
        tray = scene.tray_layer.tray
        if tray is not None and tray.panel_rect is not None:
            out.append(tray.panel_rect)
        meter = scene.spots.first(GoalMeter())
        if meter is not None:
            out.append(meter.rect)
        if self.gesture == "decide":
            for o in ch.options if ch is not None else ():
                c = scene.target_point(o.spot) if o.spot is not None and self.action in (o.actions or ()) else None
                if c is not None:
                    out.append(pygame.Rect(c[0] - P(28), c[1] - P(28), P(56), P(56)))
            return out
        pts = self._points(scene)
        if pts is not None:
            start, end, sprite = pts
            out.append(pygame.Rect(end[0] - P(28), end[1] - P(28), P(56), P(56)))
            if start is not None:
                reach = (max(sprite.get_size()) // 2 if sprite is not None else 0) + P(8)
                out.append(pygame.Rect(start[0] - reach, start[1] - reach, 2 * reach, 2 * reach))
        return out

    def _way_points(self, scene) -> list[tuple[float, float]]:
        """Points along the arrow's way and round the outline of a Region it points at, one every
        P(24) (the card had better not hide them)."""
        gap = scene.layout.px(24)
        pts = way.spaced(self._way(scene), gap)
        target = self._target()
        if isinstance(target, RegionSpot):
            outline = pieces.region_outline(scene.map, scene.session.game.rules.board, target.region)
            if outline:
                pts += way.spaced(list(outline) + [outline[0]], gap)
        return pts

    def _card(self, surf, scene) -> None:
        L = scene.layout
        P = L.px
        size = max(10, P(14))
        w = min(L.map.w - P(40), P(440))
        done = f"Done: {self.done[-1]}." if self.done else ""
        reason = self.reason if not self.wants_next else "Thinking about the plan's next step…"
        detail = self.detail if not self.wants_next else ""
        paras = [(done, DONE), (reason, T.INK), (detail, T.INK), (self.note, T.GOLD)]

        def wrapped(width):
            return [(line, col) for para, col in paras if para for line in T.wrap(para, size, width)]
        lh = T.font(size).get_linesize()
        bh = P(26)

        def height(width):
            return P(8) + T.font(max(10, P(15)), True).get_linesize() + lh * len(wrapped(width - P(20))) + \
                P(8) + bh + P(8)
        labels = [("show", "Show me (S)"), ("longer", "Thinking…" if self.thinking else "Think longer (T)"),
                  ("close", "Close (Esc)")]
        if self.wants_next:                       # no move to show or to think about yet
            labels = labels[2:]
        elif self.gesture is None:                # nothing on the table to play: no Show me
            labels = labels[1:]
        # a narrower, taller card too, as wide as its buttons need: it finds room beside an arrow
        # or between the island's names where the wide one has none
        row = P(20) + sum(T.font(max(10, P(13)), True).size("Think longer (T)" if n == "longer" else lb)[0] + P(26)
                          for n, lb in labels)
        narrow = max(row, round(w * 0.7))
        sizes = [(w, height(w))] + ([(narrow, height(narrow))] if narrow < w - P(20) else [])
        r = self._place(scene, sizes)
        lines = wrapped(r.w - P(20))
        r.h = height(r.w)
        T.panel(surf, r, (48, 22, 44), HINT, P(8), 2)
        y = r.y + P(6)
        title = f"Hint · step {len(self.done) + 1} of your plan" if self.done else "Hint"
        head = T.fitted(title, max(10, P(15)), r.w - P(20), HINT, True)
        surf.blit(head, (r.x + P(10), y))
        y += head.get_height() + P(2)
        for line, col in lines:
            surf.blit(T.text(line, size, col), (r.x + P(10), y))
            y += lh
        self.buttons = {}
        bx = r.x + P(10)
        for name, label in labels:
            img = T.text(label, max(10, P(13)), T.INK, True)
            br = pygame.Rect(bx, r.bottom - P(8) - bh, img.get_width() + P(18), bh)
            if br.right > r.right - P(8):
                break
            T.panel(surf, br, T.BUTTON_HI if name == "show" else T.BUTTON, HINT if name == "show" else T.PANEL_EDGE,
                    P(6), 1)
            surf.blit(img, img.get_rect(center=br.center))
            self.buttons[name] = br
            bx = br.right + P(8)
        self.rect = r
        if r not in scene.spots.blockers:          # a press there is the card's, not a Region's
            scene.spots.blockers.append(r)


def same_step(played, hinted) -> bool:
    """The hinted move, as the player made it: a Tribe Action paid with other cards (of the tray's
    choosing) is the same step."""
    if played == hinted:
        return True
    if played.kind != hinted.kind or played.kind not in TRAY_KINDS:
        return False
    return played.without(*PAY_FIELDS) == hinted.without(*PAY_FIELDS)


def move_keys(scene, action) -> tuple:
    """(piece, place) a move is drawn with on the table (draw_move), () when it has none; the
    table scrolls its shared boards' column to them (side_column.show_pointed)."""
    gs = drawn_gesture(action, make_ctx(scene.session.game))
    return gs if isinstance(gs, tuple) else ()


def move_way(scene, start, end, sprite, ring: int) -> list:
    """The way of an arrow from a piece at `start` (its `sprite`, or None) to its place at `end`,
    from the piece's ring to the place's (`ring` px round it), bent round the table's printed
    words (arrow_way.route); [] when they are too close for an arrow. The hint's arrow and the
    replay's key moments (draw_move) take their ways here."""
    P = scene.layout.px
    lift = (max(sprite.get_size()) // 2 if sprite is not None else P(8)) + P(6)    # the piece's ring
    return way.route(scene.printed_words(), start, end, way.circle(start, lift), way.circle(end, ring),
                     pygame.Rect((0, 0), scene.layout.size), P)


def draw_move(surf, scene, action, col, dark, label: str = "") -> bool:
    """Any move drawn on the table as an arrow from its piece to its place (the replay's key
    moments: the move played and the better one; the table shows them when they lie in its
    scrolled column: scene.shown_moves). Its arrow bends round the printed words as the hint's
    does (move_way) and the words it still reaches are put back over it on their halo
    (text.words_kept); the label goes on top. False when it has no place to point at."""
    gs = move_keys(scene, action)
    if not gs:
        return False
    grip, target = gs
    end = scene.target_point(target) if target is not None else None
    sp = scene.spots.first(grip) if grip is not None else None
    if end is None:
        return False
    P = scene.layout.px
    path: list = []
    if sp is not None:
        start, sprite = sp.grab_point, sp.sprite
        key = (action, start, end, scene.base_key, len(scene.printed_words()), scene.layout.size)
        memo = scene.shown_ways                 # worked out again only when the table changes
        if key not in memo:
            if len(memo) > 16:
                memo.clear()
            memo[key] = move_way(scene, start, end, sprite, P(24))
        path = memo[key]
    words = scene.printed_words()
    ring = pygame.Rect(end[0] - P(30), end[1] - P(30), P(60), P(60))
    under = way.words_touched(words, [ring], [path] if path else [], P(14)) if words else []
    with words_kept(surf, under, scene.base, halo_px(scene.layout.u)):
        if path:
            arrow_along(surf, path, P(6), col, dark)
        pygame.draw.circle(surf, dark, end, P(22), P(6))
        pygame.draw.circle(surf, col, end, P(21), P(3))
    if label:
        img = T.text(label, max(10, P(13)), col, True)
        r = label_rect(scene, end, label)
        pygame.draw.rect(surf, dark, r, border_radius=P(4))
        surf.blit(img, img.get_rect(center=r.center))
    return True


def label_rect(scene, end, label: str) -> pygame.Rect:
    """Where draw_move's label ("played", "better") goes: on its dark box just above the ring."""
    P = scene.layout.px
    w, h = T.font(max(10, P(13)), True).size(label)
    r = pygame.Rect(0, 0, w, h)
    r.midbottom = (end[0], end[1] - P(24))
    return r.inflate(P(8), P(4))


def arrow_along(surf, path, width: int, col=HINT, dark=HINT_DARK) -> None:
    """A thick arrow with a dark outline along `path` (arrow_way.route's), its head at the end."""
    head = width * 3.0
    tip, left, right = way.head_at(path, head)
    marks = way.lengths(path)
    shaft = way.between(path, marks, 0.0, max(0.0, marks[-1] - head * 0.8))
    for c, extra in ((dark, 4), (col, 0)):
        if len(shaft) >= 2:
            pygame.draw.lines(surf, c, False, shaft, width + extra)
            for q in shaft[1:-1]:                  # round joints: no notches where the way bends
                pygame.draw.circle(surf, c, q, (width + extra) / 2)
        pygame.draw.polygon(surf, c, [tip, left, right])
        if extra:
            pygame.draw.polygon(surf, c, [tip, left, right], extra)


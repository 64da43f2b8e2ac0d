"""Guidance drawn on the table: a practice puzzle's goal and result, and the Starting Scenario's
First Tribe Phase tips.

    Puzzle.from_session(session)  # None unless the game came from a scenario file with a `goal`
    puzzle.follow(game)           # after every change (the scene calls it on a new session version)
    draw_goal(surf, p, rect, puzzle)          # the goal strip under the banner (base picture)
    PuzzleResult / TipCard: panels drawn over the table each frame, with their own buttons

The goal is followed by faeriell.puzzles.goal.PuzzleTracker; the tips are data/starting_scenario.yaml's
`tribes[i].tip` (our own words). Neither decides a rule.
"""
from __future__ import annotations

import math

import pygame

from faeriell.engine.card import colour_of
from faeriell.engine.names import PHASE_NAMES
from faeriell.ui.table import theme as T
from faeriell.ui.table.keys import Button, PoolCard, PuzzleCard, TableKey
from faeriell.puzzles.goal import Goal, GoalError, PuzzleMeta, PuzzleTracker
from faeriell.puzzles.files import puzzle_info
from pathlib import Path
from faeriell.puzzles.path import default_progress, PuzzlePath
from faeriell.engine import Action
from faeriell.engine.action_schema import SPECS
from faeriell.ui.table.gestures import PAY_FIELDS, PLACE_TYPE, target_value



# --------------------------------------------------------------------------- practice puzzles
class Puzzle:
    def __init__(self, scenario, game, progress=None, trainer=None, counted=None):
        self.trainer = trainer                 # the rated trainer (faeriell.practice.trainer) when rated
        self.counted = counted if counted is not None else set()   # puzzle ids already rated this sitting
        self.rating_change: tuple | None = None                    # (before, after) of the player's rating
        self.refuted = False                   # the table played the recorded wrong line out
        self.badge = "PUZZLE"
        self.scenario = scenario
        self.goal = Goal.from_dict(scenario.goal)
        self.tracker = PuzzleTracker(self.goal, game)
        self.decided_at: int | None = None     # len(history) when won or lost (an undo reopens it)
        self.overlay = False                   # the result panel is up
        self.show_hint = False                 # after a failed try, the player asked for the hint
        self.hinted = False                    # the hint was asked before this try was decided
        self.progress = progress               # faeriell.puzzles.path.Progress (None: the user's)
        self.next_path: str | None = None      # after a win: the next unsolved puzzle on the path
        self.kept: bool | None = None          # after a win: recorded as solved (None: not on the path)
        self.path_count: tuple[int, int] | None = None   # after a win on the path: (solved, puzzles on it)
        self.follow(game)

    @classmethod
    def from_session(cls, session) -> Puzzle | None:
        sc = session.scenario
        if sc is None or not sc.goal:
            return None
        try:
            return cls(sc, session.game, trainer=session.trainer, counted=session.rated_counted)
        except GoalError:          # a goal the tracker cannot follow: play on without it
            return None

    @property
    def name(self) -> str:
        return str(self.scenario.name)

    @property
    def description(self) -> str:
        d = getattr(self.scenario, "description", None)
        if not d:
            d = puzzle_info(self.path)["description"]     # "" when the file says none or cannot be read
        return " ".join(str(d or "").split())

    @property
    def path(self) -> str:
        return str(self.scenario.path)

    @property
    def result(self) -> str:
        return self.tracker.result

    def follow(self, game) -> bool:
        """Check the goal again; True when the result changed (the overlay then shows)."""
        before = self.tracker.result
        if before != "open" and self.decided_at is not None and len(game.history) < self.decided_at:
            self.tracker.result = "open"          # taken back by an undo
            self.decided_at = None
            self.overlay = False
        now = self.tracker.update(game)
        if now != "open" and self.decided_at is None:
            self.decided_at = len(game.history)
            self.overlay = True
            if now == "won":
                self._record_win()
            if self.trainer is not None:
                self._rate(now == "won")
        return now != before

    def _rate(self, won: bool) -> None:
        """The first try at a rated puzzle moves both ratings; the next one near the new rating."""
        pid = Path(self.path).stem
        if pid not in self.counted:
            self.counted.add(pid)
            # a solve after the hint is no clean solve: it counts as a miss (as lichess rates it)
            self.rating_change = self.trainer.record(pid, won and not self.hinted)
        nxt = self.trainer.next_puzzle(exclude={pid})
        self.next_path = nxt.path if nxt is not None else None

    def _record_win(self) -> None:
        """Mark this puzzle solved in the user's data folder and find the next unsolved one."""
        path = PuzzlePath.load()
        entry = path.by_path(self.path)
        if entry is None:                      # a scenario file outside the puzzle path
            return
        if self.progress is None:
            self.progress = default_progress()
        self.kept = self.progress.mark_solved(entry.id)
        nxt = path.next_unsolved(entry.id, self.progress)
        self.next_path = nxt.path if nxt else None
        ids = {e.id for e in path.entries}
        self.path_count = (len(ids & (self.progress.solved() | {entry.id})), len(ids))

    def practice_note(self) -> str:
        """What the win did to the puzzle path, counted from the progress file ('' off the path)."""
        if self.path_count is None:
            return ""
        solved, total = self.path_count
        if solved >= total:
            return f"You have solved all {total} puzzles on the path."
        return f"{solved} of the {total} puzzles on the path solved."

    @property
    def hint(self) -> str:
        try:
            text = PuzzleMeta.from_dict(getattr(self.scenario, "puzzle", None) or {}).hint
        except GoalError:
            text = ""
        return text or "Read the goal again: which of your pieces can reach it before the moment it names?"

    def status(self) -> str:
        return {"open": "In progress", "won": "Solved!", "lost": "Not solved"}[self.result]

    def won_text(self) -> str:
        return "Goal met: " + self.goal.text

    @property
    def can_refute(self) -> bool:
        """A recorded tempting wrong move the table can play out (and has not yet)."""
        return bool(getattr(self.scenario, "wrong", None)) and not self.refuted

    def why_lost(self, game, words=None) -> str:
        s = game.state
        if s.game_over:
            return s.end_reason or "the game ended before the goal was met."
        r0, lap0, a0, ph0 = self.tracker.start
        whose = "the"
        if words is not None and 0 <= a0 < len(s.tribes):
            whose = f"{words.tribe(s.tribes[a0].id)}'s" if s.players > 1 else "your"
        b = self.goal.before
        if b == "phase_end":
            ph = PHASE_NAMES.get(ph0, "")
            return _cap(f"{whose} {ph + ' ' if ph else ''}Phase ended before the goal was met.")
        if b == "turn_end":
            return _cap(f"{whose} turn ended before the goal was met.")
        if b == "round_end":
            return f"Round {r0} ended before the goal was met."
        return "The goal was not met in time."


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def draw_goal(surf, p, rect: pygame.Rect, puzzle: Puzzle) -> None:
    """The goal strip: the puzzle's name and goal, how it stands, and a Retry button."""
    P = p.P
    pygame.draw.rect(surf, (48, 40, 30), rect)
    pygame.draw.line(surf, T.GOLD, rect.bottomleft, rect.bottomright, 2)
    p.spots.add(PuzzleCard(), rect)
    # status chip and Retry at the right
    res = puzzle.result
    col = {"open": T.GLOW, "won": T.GOOD, "lost": T.BAD}[res]
    bx = rect.right - P(10)
    img = T.text("Retry", p.fs(15), T.INK, True)
    btn = pygame.Rect(0, 0, img.get_width() + P(22), rect.h - P(14))
    btn.midright = (bx, rect.centery)
    T.panel(surf, btn, T.BUTTON, T.PANEL_EDGE, P(6), 1)
    surf.blit(img, img.get_rect(center=btn.center))
    p.spots.add(Button("puzzle_retry"), btn)
    chip_t = T.text(puzzle.status(), p.fs(14), (20, 18, 16) if res != "open" else col, True)
    chip = pygame.Rect(0, 0, chip_t.get_width() + P(18), rect.h - P(18))
    chip.midright = (btn.left - P(10), rect.centery)
    if res == "open":
        T.panel(surf, chip, (40, 34, 26), col, chip.h // 2, 1)
    else:
        T.panel(surf, chip, col, T.shade(col, -60), chip.h // 2, 1)
    surf.blit(chip_t, chip_t.get_rect(center=chip.center))
    # the badge and the name, then the goal
    x = rect.x + P(10)
    badge = T.text(puzzle.badge, p.fs(12), (30, 24, 16), True)
    br = pygame.Rect(x, rect.y + P(6), badge.get_width() + P(12), badge.get_height() + P(4))
    T.panel(surf, br, T.GOLD, T.shade(T.GOLD, -50), P(4), 1)
    surf.blit(badge, badge.get_rect(center=br.center))
    room = chip.left - P(14) - (br.right + P(8))
    surf.blit(T.fitted(puzzle.name, p.fs(16), room, T.GOLD, True),
              (br.right + P(8), br.y - P(1)))
    goal = "Goal: " + (puzzle.goal.text or "see the description")
    room = chip.left - P(14) - x
    surf.blit(T.fitted(goal, p.fs(15), room, T.INK), (x, rect.y + P(25)))


class PuzzleResult:
    """'Solved!' or 'Not this time: why', with Retry, Back to Practice (or to start) and a look at the table."""

    def __init__(self):
        self.rects: dict[str, pygame.Rect] = {}
        self.panel_rect: pygame.Rect | None = None
        self.focus: int | None = None           # the button the keyboard is on (Tab / arrows)
        self.said = ""                          # the headline and text drawn last

    def step(self, d: int) -> None:
        n = len(self.rects)
        if n:
            self.focus = 0 if self.focus is None and d > 0 else ((self.focus or 0) + d) % n

    def focused(self) -> str | None:
        """The button Enter presses: the one the keyboard is on, else the first (the main one)."""
        names = list(self.rects)
        if not names:
            return None
        return names[self.focus % len(names)] if self.focus is not None else names[0]

    def click(self, pos) -> str | None:
        for name, r in self.rects.items():
            if r.collidepoint(pos):
                return name
        return "inside"

    def draw(self, surf, scene, puzzle: Puzzle) -> None:
        """The panel over the shaded table: the puzzle's name, the verdict, why (_words), the goal
        or the hint when lost, and the buttons (_buttons)."""
        L = scene.layout
        P = L.px
        shade = pygame.Surface(L.size, pygame.SRCALPHA)
        shade.fill((8, 6, 12, 150))
        surf.blit(shade, (0, 0))
        won = puzzle.result == "won"
        col = T.GOOD if won else T.BAD
        w = min(L.size[0] - P(40), P(560))
        head, sub = self._words(scene, puzzle, won)
        self.said = f"{head}: {sub}"
        lines = list(T.wrap(sub, max(10, P(18)), w - P(48)))[:6]      # a review reason and what is due
        extra = "Hint: " + puzzle.hint if puzzle.show_hint and not won else "Goal: " + puzzle.goal.text
        goal_lines = [] if won else list(T.wrap(extra, max(10, P(15)), w - P(48)))[:4]
        lh, glh = T.font(max(10, P(18))).get_linesize(), T.font(max(10, P(15))).get_linesize()
        h = P(28) + P(50) + lh * len(lines) + (P(8) + glh * len(goal_lines) if goal_lines else 0) + P(80)
        r = pygame.Rect(0, 0, w, h)
        r.center = L.map.center
        r.clamp_ip(pygame.Rect((0, 0), L.size))
        self.panel_rect = r
        T.panel(surf, r.move(P(4), P(6)), (0, 0, 0), (0, 0, 0), P(12), 0)
        T.panel(surf, r, (40, 36, 46), col, P(12), 3)
        y = r.y + P(20)
        img = T.text(puzzle.name, max(10, P(15)), T.INK_DIM, True)
        surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
        y += img.get_height() + P(4)
        img = T.outlined(head + ("" if won else ":"), max(12, P(38)), col, bold=True)
        surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
        y += img.get_height() + P(8)
        for line in lines:
            img = T.text(line, max(10, P(18)), T.INK)
            surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += lh
        if goal_lines:
            y += P(8)
            for line in goal_lines:
                img = T.text(line, max(10, P(15)), T.INK_DIM)
                surf.blit(img, img.get_rect(midtop=(r.centerx, y)))
                y += glh
        self._buttons(surf, scene, puzzle, r, won)

    @staticmethod
    def _words(scene, puzzle: Puzzle, won: bool) -> tuple[str, str]:
        """(headline, text): why it failed, or the rating's change and what the progress kept."""
        game = scene.session.game
        why = "" if won else puzzle.why_lost(game, scene.words)
        if not won and puzzle.refuted:
            first = puzzle.scenario.wrong[0][1]
            try:
                first = scene.words.action(Action.from_dict(first))
            except (ValueError, KeyError, TypeError):   # a `wrong:` move the words cannot say
                first = "the tempting move"
            why = f"The tempting move, {first}, played out on the table: {why}"
        head = "Solved!" if won else "Not this time"
        sub = puzzle.won_text() if won else why
        if puzzle.rating_change:
            a, b = puzzle.rating_change
            if won and getattr(puzzle, "hinted", False):
                sub += " Solved with the hint, so it counts as a miss for your rating."
            sub += f" Your puzzle rating went from {a:.0f} to {b:.0f}."   # the font has no arrow glyph
        if won and puzzle.kept is False:
            sub += " (Your progress could not be saved: " + str(puzzle.progress.error) + ".)"
        elif won and puzzle.kept and bool(getattr(puzzle.progress, "notice", "")):
            sub += " (" + puzzle.progress.notice + ".)"       # a damaged progress file was kept aside
        elif won and puzzle.kept:
            note = puzzle.practice_note()      # from the practice state itself: the path's count, the drills due
            if note:
                sub += " " + note
        return head, sub

    def _buttons(self, surf, scene, puzzle: Puzzle, r: pygame.Rect, won: bool) -> None:
        """The buttons along the panel's foot, the first the main one, the keyboard's ringed."""
        P = scene.layout.px
        # buttons: back where the puzzle was chosen (a Practice tab), else the start screen
        back = scene.session.back_to
        back_label = "Back to Practice" if back and back[0] == "practice" else "Back to start"
        if won:
            labels = ([("next", getattr(puzzle, "next_label", "Next puzzle"))] if puzzle.next_path else []) + \
                [("start", back_label), ("look", "Look at the table")]
        else:
            labels = [("retry", "Retry")] + ([] if puzzle.show_hint else [("hint", "Hint")]) + \
                ([("why", "Why it fails")] if puzzle.can_refute else []) + \
                [("start", back_label), ("look", "Look at the table")]
        imgs = [(name, T.text(s, max(10, P(17)), T.INK, True)) for name, s in labels]
        widths = [img.get_width() + P(28) for _, img in imgs]
        gap = P(12)
        x = r.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        by = r.bottom - P(52)
        self.rects = {}
        mouse = scene.mouse
        keyed = self.focus % len(labels) if self.focus is not None else None
        for k, ((name, img), bw) in enumerate(zip(imgs, widths, strict=True)):
            br = pygame.Rect(x, by, bw, P(36))
            prime = name == labels[0][0]
            hot = br.collidepoint(mouse) or k == keyed
            if k == keyed:
                pygame.draw.rect(surf, T.FOCUS, br.inflate(P(8), P(8)), max(2, P(3)), border_radius=P(9))
            fill = T.BUTTON_HI if (prime or hot) else T.BUTTON
            T.panel(surf, br, fill, T.GLOW if (prime or hot) else T.PANEL_EDGE, P(7), 1)
            surf.blit(img, img.get_rect(center=br.center))
            self.rects[name] = br
            x = br.right + gap


# --------------------------------------------------------------------------- Starting Scenario tips
def first_tribe_phase_tip(game, i: int) -> dict | None:
    """The Starting Scenario tip of tribe i while its first Tribe Phase is on (round 1), else None."""
    s = game.state
    if not game.variant("starting_scenario") or s.stage != "play" or s.game_over:
        return None
    if s.round != 1 or s.phase != "tribe" or s.active != i:
        return None
    specs = (game.rules.catalog.starting_scenario or {}).get("tribes") or []
    tid = s.tribes[i].id
    spec = next((x for x in specs if x.get("tribe") == tid), specs[i] if i < len(specs) else None)
    tip = (spec or {}).get("tip")
    return tip if isinstance(tip, dict) and tip.get("text") else None


def tip_keys(tip: dict, p, i: int) -> list[TableKey]:
    """The table spots a tip names (they glow while the tip shows): the pieces its move picks up,
    read off the legal moves of its kind that agree with what the tip names (the move's gesture,
    gestures.GESTURES: a Beacon of the tip's colour, every Herb that can be gathered, the face-up
    Perks), the place a drop goes when the tip names it (the Hero a Level Up is for), then the
    Essences it pays with."""
    kind = tip.get("action")
    spec = SPECS.get(str(kind))
    named = {f: v for f, v in tip.items() if spec is not None and f in spec.fields and f not in PAY_FIELDS}
    keys: list[TableKey] = []
    for grip, targets in p.index.drops.items():
        for target, acts in targets.items():
            if not any(a.kind == kind and all(a.get(f) == v for f, v in named.items()) for a in acts):
                continue
            if grip not in keys:
                keys.append(grip)
            aim = PLACE_TYPE.get(type(target))        # the field type a place fills (a Hero's slot)
            if target not in keys and aim is not None and spec is not None and any(
                    spec.fields[f].types == (aim,) and target_value(target, p.index.ctx) == v for f, v in named.items()):
                keys.append(target)
    pay = tip.get("pay") or ()
    cards = list(p.s.tribes[i].essences)
    for col in pay:
        card = next((c for c in cards if colour_of(c) == col), None)
        if card is not None:
            cards.remove(card)
            keys.append(PoolCard(i, card))
    return keys


class TipCard:
    """A dismissible card above the tribe board with the tribe's First Tribe Phase tip."""

    def __init__(self):
        self.dismissed: set[int] = set()
        self.rect: pygame.Rect | None = None
        self.ok_rect: pygame.Rect | None = None

    def current(self, scene) -> tuple[int, dict] | None:
        if scene.curtain_layer.tribe is not None or not scene.human_turn():
            return None
        i = scene.session.acting
        if i is None or i in self.dismissed or i != scene.viewer:
            return None
        g = scene.session.game
        tip = first_tribe_phase_tip(g, i)
        if not tip:
            return None
        if any(h.get("player") == i and getattr(h.get("action"), "kind", None) == tip.get("action")
               for h in g.history[-40:]):
            self.dismissed.add(i)            # the tip was followed: it has done its work
            return None
        return i, tip

    def click(self, scene, pos) -> bool:
        """True when the click was on the card (a click on 'Got it' dismisses it)."""
        if self.rect is None or scene.dialogs.shown is None or not self.rect.collidepoint(pos):
            return False
        if self.ok_rect is not None and self.ok_rect.collidepoint(pos):
            self.dismissed.add(scene.dialogs.shown)
            self.rect = None
        return True

    def draw(self, surf, scene) -> int | None:
        cur = self.current(scene)
        if cur is None:
            self.rect = None
            return None
        i, tip = cur
        L = scene.layout
        P = L.px
        p = scene.painted
        # the pieces it names glow (a slow pulse)
        pulse = 0.5 + 0.5 * math.sin(scene.now / 260)
        col = tuple(int(a + (b - a) * pulse) for a, b in zip(T.GOLD, (255, 250, 200), strict=False))
        for key in tip_keys(tip, p, i):
            for sp in scene.spots.by_key.get(key, ()):
                w = max(2, round((2 + 2 * pulse) * L.u))
                if sp.radius:
                    pygame.draw.circle(surf, col, sp.rect.center, sp.radius + P(5), w)
                else:
                    pygame.draw.rect(surf, col, sp.rect.inflate(P(8), P(8)), w, border_radius=P(7))
        w = min(P(340), L.map.w - P(20))
        size = max(10, P(15))
        lines = T.wrap(str(tip["text"]), size, w - P(24))
        lh = T.font(size).get_linesize()
        h = P(34) + lh * len(lines) + P(44)
        r = pygame.Rect(0, 0, w, h)
        r.bottomleft = (L.map.x + P(10), L.map.bottom - P(10))
        self.rect = r
        T.panel(surf, r.move(P(3), P(4)), (0, 0, 0), (0, 0, 0), P(10), 0)
        T.panel(surf, r, (54, 46, 34), T.GOLD, P(10), 2)
        trgb = p.tribe_rgb(i)
        pygame.draw.circle(surf, trgb, (r.x + P(18), r.y + P(17)), P(7))
        surf.blit(T.text("First Tribe Phase tip", max(10, P(17)), T.GOLD, True), (r.x + P(32), r.y + P(8)))
        y = r.y + P(32)
        for line in lines:
            surf.blit(T.text(line, size, T.INK), (r.x + P(12), y))
            y += lh
        img = T.text("Got it", max(10, P(15)), T.INK, True)
        ok = pygame.Rect(0, 0, img.get_width() + P(26), P(28))
        ok.bottomright = (r.right - P(10), r.bottom - P(9))
        hot = ok.collidepoint(scene.mouse)
        T.panel(surf, ok, T.BUTTON_HI if hot else T.BUTTON, T.GLOW if hot else T.PANEL_EDGE, P(6), 1)
        surf.blit(img, img.get_rect(center=ok.center))
        self.ok_rect = ok
        hint = T.text("the glowing pieces are the ones it names", max(9, P(12)), T.INK_FAINT)
        surf.blit(hint, (r.x + P(12), ok.centery - hint.get_height() // 2))
        return i

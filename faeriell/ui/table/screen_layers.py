"""The layers over the whole table: the hot-seat curtain, a puzzle's result panel, the Starting
Scenario tip card, and the notices (tooltip and message line). See layers.py for the stack."""
from __future__ import annotations

import pygame

from faeriell.ui.curtain import needs_curtain
from faeriell.ui.table import guide, overlays
from faeriell.ui.table.drill_coach import DrillCoach
from faeriell.ui.table import theme as T
from faeriell.ui.table.keyboard import TIP_OK
from faeriell.ui.table.events import is_cancel, is_enter, is_key, is_motion, is_press
from faeriell.ui.table.layers import Layer
from faeriell.practice.refute import refutation
from faeriell.puzzles.files import load_puzzle
from faeriell.storage.saves import FileServiceError


class PointerLayer(Layer):
    """Over the table's own layers: where the mouse is, and what a click does to the whole table
    (nothing is pointed at any more; the message line is put away). It takes only the window's
    events; the rest goes on down."""

    name = "pointer"

    def __init__(self, scene):
        self.scene = scene

    def handle(self, ev) -> bool:
        s, t = self.scene, ev.type
        if t in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            return True
        if t == pygame.WINDOWLEAVE:
            s.board.hover_key = None
            return True
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if t == pygame.MOUSEMOTION or ev.button in (1, 3):
                s.mouse = ev.pos
            if t == pygame.MOUSEBUTTONDOWN and ev.button == 1:
                s.board.hover_key = None
                if s.message and s.curtain_layer.tribe is None:
                    s.message = None         # a click puts the message away (a refusal says a new one)
        return False


class CurtainLayer(Layer):
    """Hot seat: the table hidden until the next player clicks or presses Enter (R4: the
    cards of the other tribes stay hidden). Esc goes to `on_escape` (the screen's menu): under
    the curtain nothing is in hand to put back."""

    name = "curtain"
    modal = True

    def __init__(self, scene):
        self.scene = scene
        self.tribe: int | None = None      # whose turn the curtain waits for
        self.on_escape = None              # set by the screen that has a menu
        self.last_human: int | None = None     # the seat a person played last

    def is_open(self) -> bool:
        return self.tribe is not None

    def lift(self) -> None:
        self.tribe = None
        self.scene.decision.ask_pending()

    def follow_seat(self) -> None:
        """A person's seat to act: the table is seen from it, behind the curtain first when
        another person played last and secrets change hands (R4)."""
        s = self.scene
        acting = s.session.acting
        if acting is None or s.session.seats[acting] != "human":
            return
        humans = sum(1 for x in s.session.seats if x == "human")
        if (self.last_human is not None and acting != self.last_human and s.hotseat_curtain and humans >= 2
                and needs_curtain(s.session.game, self.last_human, acting)):     # secrets change hands
            self.tribe = acting
        self.last_human = acting
        s.viewer = acting

    def handle(self, ev) -> bool:
        if is_press(ev) or is_enter(ev):
            self.lift()
            return True
        if is_key(ev, pygame.K_ESCAPE) and self.on_escape is not None:
            self.on_escape()
            return True
        return False

    def draw(self, surf) -> None:
        overlays.curtain(surf, self.scene)


class ResultLayer(Layer):
    """A practice puzzle's end: Solved! / Not this time, with its buttons (Esc: look at the
    table). Tab or the arrow keys move between the buttons, Enter presses one."""

    name = "result"
    modal = True

    def __init__(self, scene):
        self.scene = scene
        self.panel = guide.PuzzleResult()

    def is_open(self) -> bool:
        p = self.scene.puzzle
        return p is not None and p.overlay

    def handle(self, ev) -> bool:
        if is_press(ev):
            self.press(self.panel.click(ev.pos))
            return True
        if is_motion(ev):
            return True                      # its buttons light up under the mouse
        if is_cancel(ev) and ev.type == pygame.KEYDOWN:
            self.scene.puzzle.overlay = False  # look at the table
            return True
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT,
                                                   pygame.K_UP, pygame.K_DOWN):
            back = ev.key in (pygame.K_LEFT, pygame.K_UP) or bool(getattr(ev, "mod", 0) & pygame.KMOD_SHIFT)
            self.panel.step(-1 if back else 1)
            return True
        if is_enter(ev):
            self.press(self.panel.focused())
            return True
        return False

    def press(self, r: str | None) -> None:
        scene, puzzle = self.scene, self.scene.puzzle
        if r == "retry":
            self.retry()
        elif r == "next" and puzzle.next_path:
            self.retry(puzzle.next_path)
        elif r == "hint":
            puzzle.show_hint = True
        elif r == "why":
            self.show_refutation()
        elif r == "start":
            scene.request = "start"
        elif r == "look":
            puzzle.overlay = False

    def draw(self, surf) -> None:
        self.panel.draw(surf, self.scene, self.scene.puzzle)

    def show_refutation(self) -> str | None:
        """Why the puzzle's tempting move fails: the puzzle again, the recorded wrong line played out
        (faeriell.practice.refute), the result panel then says how it ends."""
        scene = self.scene
        if scene.puzzle is None or not scene.puzzle.can_refute:
            return "This puzzle records no tempting move."
        sc = scene.puzzle.scenario
        why = self.retry()
        if why:
            return why
        for a in refutation(sc, scene.session.game.rules):
            if scene.session.apply(a, person=False) is not None:   # the recorded line, not the player's
                break
        scene.puzzle.refuted = True
        scene.sync()
        scene.puzzle.overlay = scene.puzzle.result != "open"
        return None

    def retry(self, path: str | None = None) -> str | None:
        """Rebuild the puzzle from its file (or open the puzzle at `path`, the next one on the
        path); None when done, else why not (flashed too)."""
        scene = self.scene
        if scene.puzzle is None:
            return "This game is not a puzzle."
        if isinstance(scene.puzzle, DrillCoach):
            why = scene.puzzle.restart(scene.session, path)
            if why:
                scene.flash(why, bad=True)
                return why
            scene.puzzle = DrillCoach(scene.session, scene.puzzle.book)
            scene.puzzle.words = scene.words
            scene.layers.reset()
            scene.sync()
            scene.flash("The next drill." if path else "The position again: find a better move.")
            return None
        try:
            sc, game = load_puzzle(scene.session.game.rules, path or scene.puzzle.path)
        except FileServiceError as e:
            scene.flash(str(e), bad=True)
            return str(e)
        scene.session.scenario = sc
        if len(scene.session.seats) != game.state.players:      # a puzzle is played by hand, every seat
            scene.session.seats = ["human"] * game.state.players
        scene.session.replace_game(game)
        scene.puzzle = guide.Puzzle(sc, game, scene.puzzle.progress, scene.puzzle.trainer, scene.puzzle.counted)
        scene.dialogs.tips = guide.TipCard()
        scene.layers.reset()
        scene.sync()
        scene.flash(f"Next puzzle: {sc.name}." if path else "The puzzle starts again.")
        return None


class DialogLayer(Layer):
    """The Starting Scenario tip card of the acting tribe ('Got it' dismisses it; Enter too when
    nothing else is open)."""

    name = "dialogs"

    def __init__(self, scene):
        self.scene = scene
        self.tips = guide.TipCard()
        self.shown: int | None = None        # the tribe whose tip the last frame showed

    def handle(self, ev) -> bool:
        scene = self.scene
        if scene.tray_layer.tray is not None:
            return False
        if is_press(ev):
            return self.tips.click(scene, ev.pos)
        if is_motion(ev) and self.shown is not None and self.tips.rect is not None \
                and self.tips.rect.collidepoint(ev.pos):
            scene.redraw()                   # "Got it" lights up (the table under it follows too)
        return False

    def dismiss(self) -> bool:
        """'Got it' from the keyboard."""
        if self.shown is None:
            return False
        self.tips.dismissed.add(self.shown)
        self.tips.rect = None
        self.shown = None
        return True

    def update(self, dt_ms: int) -> bool:
        now = self.scene.now
        return self.shown is not None and int(now // 80) != int((now - dt_ms) // 80)   # the named pieces pulse

    def draw(self, surf) -> None:
        self.shown = self.tips.draw(surf, self.scene) if self.scene.tray_layer.tray is None else None
        r = self.tips.ok_rect
        if self.shown is not None and r is not None and self.scene.board.focus == TIP_OK:   # the keyboard's
            pygame.draw.rect(surf, (0, 0, 0), r.inflate(14, 14), 7, border_radius=9)
            pygame.draw.rect(surf, T.FOCUS, r.inflate(10, 10), 4, border_radius=8)


class NoticeLayer(Layer):
    """The tooltip and the message line: drawn over the table's panels, taking no input."""

    name = "notices"

    def __init__(self, scene):
        self.scene = scene

    def draw(self, surf) -> None:
        overlays.tip(surf, self.scene)
        overlays.message(surf, self.scene)


def covered_by(scene, pos) -> str | None:
    """The panel over the table that a press at `pos` reaches instead of what lies under it
    (None: the table itself). Follows the layer stack, top first."""
    if scene.curtain_layer.tribe is not None:
        return "curtain"
    if scene.puzzle is not None and scene.puzzle.overlay:
        return "puzzle result"
    tips = scene.dialogs.tips
    if scene.dialogs.shown is not None and tips.rect is not None and tips.rect.collidepoint(pos):
        return "tip card"
    if scene.tray_layer.tray is not None:
        return "payment tray"
    if scene.tutorial is not None and scene.tutorial.card is not None and scene.tutorial.card.collidepoint(pos):
        return "step card"
    if scene.decision.choice is not None and scene.decision.choice.click(pos) is not None:
        return "decision bar"
    return None

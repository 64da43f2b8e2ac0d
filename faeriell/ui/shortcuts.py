"""The table's services around whatever table scene is shown (TableHost wraps it):

    Esc       the menu: resume / undo / hint / save / load / new game / quit
    Ctrl+Z    undo (Session.undo; the reason is shown when the rules refuse)
    Ctrl+S    save to the user data folder under a timestamped name (the path is flashed)
    Ctrl+O    load a save (an in-window file list plus a path field)
    H         a hint from faeriell.bots.hint, thought out in a background thread
    F1        the list of shortcuts

Bot seats are played by a BotDriver (bot_driver.py) whose moves reach the table as
`table.animate(action)`. When the game ends, the end screen follows after a moment.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.bot_driver import BotDriver, Job, bots_module, game_copy, DEFAULT_DELAY
from faeriell.ui.dialogs import (FileDialog, FileServiceError, Menu, MessageBox, Toast, list_saves, load_game,
                                 recall_seats, remember_seats, save_game)
from faeriell.ui.scene import Scene

log = logging.getLogger(__name__)

HINT_BUDGET = 1.0           # handed to faeriell.bots.hint(game, budget)
SHORTCUTS = ("Esc: menu   Ctrl+Z: undo   Ctrl+S: save   Ctrl+O: load   H: hint   F1: this help")
HELP_TEXT = ("Esc opens the menu (resume, undo, hint, save, load, new game, quit).\n"
             "Ctrl+Z takes back your last move when the rules allow it.\n"
             "Ctrl+S saves the game in your Faeriell folder; Ctrl+O loads a save.\n"
             "H asks for a hint (the suggestion is shown on the table).\n"
             "Click another tribe's small board to see it large; click yours to come back.\n"
             "Hide folds a decision bar to its title line, to see the island under it.\n"
             "The game is also saved by itself after every turn: 'Continue' on the start screen resumes it.")


def _ctrl(ev) -> bool:
    return bool(ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))


class TableHost(Scene):
    def __init__(self, app, session, table, bot_delay: float = DEFAULT_DELAY, end_delay: float = 1.5):
        self.app = app
        self.session = session
        self.table = table
        self.driver = BotDriver(session, bot_delay)
        self.end_delay = end_delay
        self.modal = None
        self.toast = Toast()
        self.hint_job: Job | None = None
        self.end_shown = False
        self._over_since: float | None = None
        self._indicator = ""
        self.size = app.size
        remember_seats(session.game, session.seats)      # so its saves reopen with the same bots

    # ---- talking to the table ------------------------------------------------------------------
    def flash(self, text: str, error: bool = False) -> None:
        fn = getattr(self.table, "flash", None)
        if callable(fn):
            try:
                fn(text)
                return
            except Exception as exc:       # the message still reaches the player
                self.app._report("showing a message on the table", exc)
        self.toast.show(text, error=error)

    def _table_call(self, name: str, *args) -> bool:
        fn = getattr(self.table, name, None)
        if callable(fn):
            fn(*args)
            return True
        return False

    # ---- services ------------------------------------------------------------------------------
    def undo(self) -> None:
        reason = self.session.undo()
        if reason is None:
            self.flash("Move taken back.")
            return
        try:
            from faeriell.engine.undo import why_not_undo
            better = why_not_undo(self.session.game, 1)
            if better:
                reason = better
        except Exception:                  # the Session's own reason is good enough
            pass
        self.flash(reason)

    def save(self) -> None:
        try:
            path = save_game(self.session.game)
        except FileServiceError as e:
            self.flash(str(e), error=True)
            return
        self.flash(f"Saved to {path}")

    # ---- a failed autosave: a notice that stays, and a way to save elsewhere ------------------
    NOTICE_H = 40

    def save_notice(self) -> str:
        """The words of the notice shown while autosaves fail ('' when they work)."""
        problem = getattr(self.session, "autosave_problem", None)
        if not problem or not getattr(self.session, "autosave_enabled", False):
            return ""
        return f"Your game is not being saved: {problem}"

    def notice_rects(self):
        """(the notice, its 'Save elsewhere' button) in screen coordinates, or (None, None)."""
        if not self.save_notice():
            return None, None
        w, h = self.app.size
        bw = 170
        r = pygame.Rect(0, 0, min(w - 20, 880), self.NOTICE_H)
        r.midbottom = (w // 2, h - 70)
        button = pygame.Rect(r.right - bw - 6, r.y + 5, bw, r.height - 10)
        return r, button

    def open_save_elsewhere(self) -> None:
        folder = ""
        try:
            folder = str(Path.home())
        except (OSError, RuntimeError):
            pass
        self.modal = FileDialog(self.app.size, "Save the game elsewhere", lambda: [], self._save_elsewhere,
                                "Save", empty_text="Type a folder or a file name below: the game is saved "
                                "there now and after every turn.",
                                hint=f"a folder or a .json file, e.g. {folder or '~'}/faeriell.json")

    def _save_elsewhere(self, text: str) -> str | None:
        from faeriell.ui.dialogs import timestamped_save_path
        path = Path(text).expanduser()
        if path.is_dir():
            path = timestamped_save_path(path)
        elif path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        try:
            saved = save_game(self.session.game, path)
        except FileServiceError as e:
            return str(e)
        self.session.autosave_file = saved         # the next autosaves go there too
        self.session.autosave_problem = None
        self.flash(f"Saved to {saved}; the game now saves itself there after every turn.")
        return None

    def _draw_save_notice(self, surf) -> None:
        r, button = self.notice_rects()
        if r is None:
            return
        pygame.draw.rect(surf, (120, 30, 36), r, border_radius=8)
        pygame.draw.rect(surf, W.ACCENT, r, 1, border_radius=8)
        W.draw_text(surf, self.save_notice(), (r.x + 12, r.centery), 20, W.TEXT, anchor="midleft",
                    width=button.x - r.x - 20)
        pygame.draw.rect(surf, W.BTN_HOVER, button, border_radius=6)
        W.draw_text(surf, "Save elsewhere…", button.center, 19, W.TEXT, anchor="center", width=button.width - 8)

    def open_load_dialog(self) -> None:
        self.modal = FileDialog(self.app.size, "Load a game", list_saves, self._load_path, "Load",
                                empty_text="No saves yet (Ctrl+S saves the game)",
                                hint="or type the path of a save file")

    def _load_path(self, path: str) -> str | None:
        try:
            game = load_game(self.app.rules, path)
        except FileServiceError as e:
            return str(e)
        seats = recall_seats(game)
        if game.state.players == self.session.state.players and seats in (None, self.session.seats):
            self.session.replace_game(game)
            self.end_shown = game.state.game_over
            self._over_since = None
            self.flash(f"Loaded {path}")
        else:
            self.app.open_session(self.app.new_session(game, seats))
        return None

    def hint(self) -> None:
        mod = bots_module()
        if mod is None or not hasattr(mod, "hint"):
            self.flash("Hints come with the bots, which are not installed yet.")
            return
        if self.session.state.game_over:
            self.flash("The game is over.")
            return
        if not self.session.is_human_turn():
            self.flash("Hints are for your own turn.")
            return
        if self.hint_job is not None and not self.hint_job.done.is_set():
            return                            # already thinking
        game = game_copy(self.session.game)
        self.hint_job = Job(lambda: mod.hint(game, HINT_BUDGET), tag=self.session.version, name="hint")
        self.hint_job.start()

    def _hint_done(self) -> bool:
        job = self.hint_job
        if job is None or not job.done.is_set():
            return False
        self.hint_job = None
        if job.tag != self.session.version:
            return False                      # the position changed meanwhile: the hint is stale
        if job.error is not None:
            self.app._report("thinking about a hint", job.error)
            return True
        try:
            action, reason = job.result
        except (TypeError, ValueError):
            action, reason = None, str(job.result)
        self.flash(f"Hint: {reason}" if reason else f"Hint: {action}")
        if action is not None:
            for name in ("ghost", "show_ghost", "ghost_move"):
                if self._table_call(name, action):
                    break
        return True

    def new_game(self) -> None:
        s = self.session.state
        cfg = {"players": s.players, "mode": s.mode, "difficulty": s.difficulty, "variants": list(s.variants),
               "seats": list(self.session.seats)}
        self.app.show_start(tab="new", config=cfg)

    def open_menu(self) -> None:
        items = [("resume", "Resume", lambda: None),
                 ("undo", "Undo  (Ctrl+Z)", self.undo),
                 ("hint", "Hint  (H)", self.hint),
                 ("save", "Save  (Ctrl+S)", self.save),
                 ("load", "Load…  (Ctrl+O)", self.open_load_dialog),
                 ("new", "New game", self.new_game)]
        if self.session.state.game_over:
            items.append(("results", "Results", lambda: self.app.show_end(self.session, self)))
        items.append(("quit", "Quit", lambda: self.app.request_quit()))
        note = "The game saves itself after every turn."
        if self.save_notice():
            items.insert(4, ("save_elsewhere", "Save elsewhere…", self.open_save_elsewhere))
            note = self.save_notice()
        self.modal = Menu(self.app.size, items, note=note)

    def show_help(self) -> None:
        self.modal = MessageBox(self.app.size, "Shortcuts", HELP_TEXT)

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if self.modal is not None:
            self.modal.handle(ev)
            if self.modal is not None and self.modal.closed:
                self.modal = None
            return True
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(ev, "button", 0) == 1:
            _, button = self.notice_rects()
            if button is not None and button.collidepoint(ev.pos):
                if ev.type == pygame.MOUSEBUTTONUP:
                    self.open_save_elsewhere()
                return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                # Esc first cancels what the table has in hand (a drag, a choice); else the menu
                if not self.table.handle_event(ev):
                    self.open_menu()
                return True
            if _ctrl(ev) and ev.key == pygame.K_z:
                self.undo()
                return True
            if _ctrl(ev) and ev.key == pygame.K_s:
                self.save()
                return True
            if _ctrl(ev) and ev.key == pygame.K_o:
                self.open_load_dialog()
                return True
            if ev.key == pygame.K_h and not (ev.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)):
                self.hint()
                return True
            if ev.key == pygame.K_F1:
                self.show_help()
                return True
        return bool(self.table.handle_event(ev))

    def update(self, dt_ms: int) -> bool:
        changed = bool(self.table.update(dt_ms))
        self.driver.paused = self.modal is not None
        moved = self.driver.update()
        if moved is not None:
            action, _player = moved
            self._table_call("animate", action)
            changed = True
        for msg in self.driver.pop_messages():
            self.flash(msg)
            changed = True
        changed |= self._hint_done()
        changed |= self.toast.update()
        ind = self._indicator_text()
        if ind != self._indicator:
            self._indicator = ind
            changed = True
        if getattr(self.table, "request", None) == "start":      # a puzzle's "Back to start"
            self.table.request = None
            self.app.show_start(tab="practice")
            return True
        s = self.session.state
        puzzle = getattr(self.table, "puzzle", None) is not None   # its result panel says how it ended
        if s.game_over and not self.end_shown and self.modal is None and not puzzle:
            now = time.monotonic()
            if self._over_since is None:
                self._over_since = now
            if now - self._over_since >= self.end_delay:
                self.end_shown = True
                self.app.show_end(self.session, self)
                return True
        return changed

    def busy(self) -> bool:
        """True while something is due soon (a bot's move, the end screen): the loop then runs at
        the frame cap instead of sleeping until the next event."""
        s = self.session.state
        if s.game_over:
            return not self.end_shown and getattr(self.table, "puzzle", None) is None
        return self.modal is None and self.driver.is_bot(self.session.acting)

    def _indicator_text(self) -> str:
        if self.hint_job is not None and not self.hint_job.done.is_set():
            return "Thinking about a hint…"
        job = self.driver._job
        if job is not None and not job.done.is_set() and time.monotonic() - job.started_at > 0.4:
            i = self.session.acting
            return f"Player {i + 1} is thinking…" if i is not None else ""
        return ""

    def draw(self, surf) -> None:
        self.table.draw(surf)
        if self._indicator:
            fnt = W.font(19)
            img = fnt.render(self._indicator, True, W.TEXT)
            r = img.get_rect(midtop=(surf.get_width() // 2, 40)).inflate(20, 10)
            pygame.draw.rect(surf, (24, 28, 40), r, border_radius=12)
            pygame.draw.rect(surf, W.ACCENT, r, 1, border_radius=12)
            surf.blit(img, img.get_rect(center=r.center))
        self._draw_save_notice(surf)
        self.toast.draw(surf)
        if self.modal is not None:
            self.modal.draw(surf)

    def resize(self, size) -> None:
        self.size = tuple(size)
        self.table.resize(size)
        if self.modal is not None:
            self.modal.resize(size)

    def leave(self) -> None:
        if self.end_shown and self.session.state.game_over:
            return                            # to the end screen, which may come back here
        self.driver.stop()
        if getattr(self.session, "autosave_enabled", False) and self.session.game.history:
            self.session.autosave()           # Continue resumes exactly here, mid-turn too
        self._table_call("leave")

    def back_to_table(self) -> None:
        """From the end screen: look at the final position (no bounce back to the end screen)."""
        self.end_shown = True
        self.app.switch(self)

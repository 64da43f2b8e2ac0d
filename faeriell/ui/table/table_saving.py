"""The table screen's saving: Ctrl+S under a name, the way out when the data folder takes no
save (Save elsewhere…), and the notice that stays while autosaves fail. Nothing is replaced
without asking, and nothing that is not a Faeriell save is replaced at all."""
from __future__ import annotations

from pathlib import Path
from collections.abc import Callable

import pygame

from faeriell.safe_read import clip
from faeriell.storage.atomic import WriteRefused
from faeriell.storage.folders import DataDirError, saves_dir
from faeriell.storage.saves import (FileServiceError, save_game, suggest_save_name, timestamped_save_path,
                                    why_not_replace)
from faeriell.ui.dialogs import AskText, Confirm, FileDialog
from faeriell.ui.text import draw_text
from faeriell.ui.theme import ACCENT, BTN_HOVER, TEXT

NOTICE_H = 40               # the notice's height, px


class TableSaving:
    """One table screen's saving. `dialogs` is the screen's dialog layer (its `dialog` is the open
    one), `modal_size()` the size dialogs are laid out in, `flash(text, error=)` the message line."""

    def __init__(self, session, host, dialogs, modal_size: Callable[[], tuple[int, int]],
                 flash: Callable[..., None]):
        self.session = session
        self.host = host
        self.dialogs = dialogs
        self.modal_size = modal_size
        self.flash = flash

    def save(self) -> None:
        """Ask a name, then save under it (saves/ in the user data folder); a data folder that
        cannot be made (a read-only home) is said at once, with the way out."""
        try:
            saves_dir()
        except DataDirError as e:
            self._offer_elsewhere(str(e))
            return
        self.dialogs.dialog = AskText(self.modal_size(), "Save the game", "Name of the save (Enter keeps the one shown):",
                                      suggest_save_name(self.session.game), self._save_as, ok_label="Save")

    def _save_as(self, name: str) -> str | None:
        try:
            path = save_game(self.session.game, name=name, seats=self.session.seat_record())
        except DataDirError as e:              # the data folder went away since Ctrl+S
            self._offer_elsewhere(str(e))
            return None
        except FileServiceError as e:
            if isinstance(e.__cause__, OSError) and not isinstance(e.__cause__, WriteRefused):
                self._offer_elsewhere(str(e))     # the saves folder takes no file: a full or read-only disk
                return None
            return str(e)
        self.flash(f"Saved as “{path.stem}” ({path})")
        return None

    def _offer_elsewhere(self, reason: str) -> None:
        """One line on why the data folder takes no save, and the way out: Save elsewhere…"""
        reason = clip(reason, 300).rstrip(".")
        self.dialogs.dialog = Confirm(self.host.size, "The game cannot be saved there",
                                      f"Not saved: {reason}. Save elsewhere… saves it in a folder you choose.",
                                      "Save elsewhere…", self.open_save_elsewhere)

    # ---- a failed autosave: a notice that stays, and a way to save elsewhere ------------------

    def save_notice(self) -> str:
        """The words of the notice shown while autosaves fail ('' when they work)."""
        problem = self.session.autosave_problem
        if not problem or not self.session.autosave_enabled:
            return ""
        return f"Your game is not being saved: {problem}"

    def notice_rects(self):
        """(the notice, its 'Save elsewhere' button) in screen coordinates, or (None, None)."""
        if not self.save_notice():
            return None, None
        w, h = self.host.size
        bw = 170
        r = pygame.Rect(0, 0, min(w - 20, 880), NOTICE_H)
        r.midbottom = (w // 2, h - 70)
        button = pygame.Rect(r.right - bw - 6, r.y + 5, bw, r.height - 10)
        return r, button

    def notice_button(self) -> pygame.Rect | None:
        """The notice's 'Save elsewhere' button on screen, or None (no notice)."""
        return self.notice_rects()[1]

    def open_save_elsewhere(self) -> None:
        """Ask where: a folder or a .json file; the game saves itself there from now on."""
        folder = ""
        try:
            folder = str(Path.home())
        except (OSError, RuntimeError):
            pass
        self.dialogs.dialog = FileDialog(self.modal_size(), "Save the game elsewhere", lambda: [], self._save_elsewhere,
                                         "Save", empty_text="Type a folder or a file name below: the game is saved "
                                         "there now and after every turn.",
                                         hint=f"a folder or a .json file, e.g. {folder or '~'}/faeriell.json")

    def _save_elsewhere(self, text: str) -> str | None:
        """Save where the player typed. Nothing is replaced without asking, and nothing that is
        not a Faeriell save is replaced at all (the settings, the puzzle progress, a foreign file)."""
        path = Path(text).expanduser()
        if path.is_dir():
            path = timestamped_save_path(path)
        elif path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        refusal, question = why_not_replace(path, self.session.game)
        if refusal:
            return refusal
        if question:
            self.dialogs.dialog = Confirm(self.host.size, "Replace the save?", question, "Replace",
                                          lambda: self._save_elsewhere_to(path, replace=True))
            return None
        return self._save_elsewhere_to(path)

    def _save_elsewhere_to(self, path: Path, replace: bool = False) -> str | None:
        try:
            saved = save_game(self.session.game, path, replace=replace, seats=self.session.seat_record())
        except FileServiceError as e:
            self.flash(str(e), error=True)
            return str(e)
        self.session.autosave_file = saved         # the next autosaves go there too
        if not self.session.claim():               # another window autosaves to that file
            self.session.autosave_file = None
            self.flash(f"Saved to {saved}; another window saves its game there, so this game goes on "
                       "saving under its own name.", error=True)
            return None
        self.session.autosave_problem = None
        self.flash(f"Saved to {saved}; the game now saves itself there after every turn.")
        return None

    def draw_notice(self, surf) -> None:
        """The notice of a failing autosave, with its Save elsewhere… button (the keys layer draws it)."""
        r, button = self.notice_rects()
        if r is None:
            return
        pygame.draw.rect(surf, (120, 30, 36), r, border_radius=8)
        pygame.draw.rect(surf, ACCENT, r, 1, border_radius=8)
        draw_text(surf, self.save_notice(), (r.x + 12, r.centery), 20, TEXT, anchor="midleft",
                  width=button.x - r.x - 20)
        pygame.draw.rect(surf, BTN_HOVER, button, border_radius=6)
        draw_text(surf, "Save elsewhere…", button.center, 19, TEXT, anchor="center", width=button.width - 8)

"""The table screen (scene "table"): the table of faeriell/ui/table/, wrapped with the services
around it:

    Esc       the menu: resume / undo / hint / save / load / settings / new game / quit
    Ctrl+Z    undo (Session.undo; the reason is shown when the rules refuse)
    Ctrl+S    save under a name the player types (saves/ in the user data folder)
    Ctrl+O    load a save (an in-window file list plus a path field)
    H         a hint from faeriell.bots.plan_hint, the turn's plan kept (table/table_hints.py)
    + / -     zoom the island (as the wheel over it); Home shows it whole
    F1        the rules (the menu's Keys and shortcuts lists these)

Bot seats are played by a BotDriver (bot_driver.py) whose moves reach the table as
`anim.show_bot_move(table, action)`. When the game ends, the end screen follows after a moment.
Sound cues (faeriell/ui/sound.py) follow what happens: a piece picked up, a move made, a move
refused, the Doom marker stepping, an Achievement claimed, the end of the game. The settings
(bot speed, animations, curtain, text size) apply at once when changed in the Esc menu.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

from faeriell.engine.undo import why_not_undo
from faeriell.ui.canvas import virtual_size
from faeriell.ui.text import MIN_TEXT, draw_text, font, wrap
from faeriell.ui.theme import ACCENT, TEXT
from faeriell import bots
from faeriell.bots import helpers
from faeriell.ui.bot_driver import (PARTNER_SAYS_S, BotDriver,
                                    DEFAULT_DELAY)
from faeriell.ui.elbow_coach import ElbowCoach, question_text
from faeriell.ui.curtain import has_secrets
from faeriell.storage.background import Background
from faeriell.storage.folders import game_id_of
from faeriell.storage.listing import list_saves
from faeriell.storage.saves import FileServiceError, load_game
from faeriell.storage.seats import recall_seats, remember_seats
from faeriell.ui.dialogs import Confirm, FileDialog, Menu, MessageBox
from faeriell.ui.scene import Host, Scene
from faeriell.ui.settings_panel import SettingsDialog
from faeriell.ui.sound import cues, watch
from faeriell.ui.table import TableScene, anim, explain, tooltips
from faeriell.ui.table.keyboard import KEYS_HELP
from faeriell.ui.table.table_hints import TableHints
from faeriell.ui.table.table_saving import TableSaving
from faeriell.ui.table.table_seats import TableSeats
from faeriell.ui.table.window_layers import MenuLayer, ScreenDialogLayer, ScreenKeysLayer

if TYPE_CHECKING:
    from faeriell.session import Session

log = logging.getLogger(__name__)

SHORTCUTS = ("Esc: menu   Ctrl+Z: undo   Ctrl+S: save   Ctrl+O: load   H: hint   T: think longer   "
             "+/-: zoom   Home: whole island   F1: the rules")
HELP_TEXT = ("Esc opens the menu (resume, undo, hint, save, load, settings, players and bots, review, rules, "
             "new game, quit).\n"
             "Players and bots hands any seat to a person or a bot level, mid-game.\n"
             "Ctrl+Z takes back your last move when the rules allow it.\n"
             "Ctrl+S saves the game under a name you choose; Ctrl+O loads a save.\n"
             "H asks for a hint: it stays on the table, its move drawn, until you move or close it; "
             "T (or its Think longer button) asks the coach to think a few seconds more, S plays its move as a "
             "Show me, Esc closes it (and then a round's card).\n"
             "Click another tribe's small board to see it large; click yours to come back.\n"
             "Hide folds a decision bar to its title line, to see the island under it.\n"
             "+ (or =) and - zoom the island round its centre, as the wheel over it does; drag the sea to "
             "move it; Home shows the whole island again.\n"
             "The log: the wheel over it or PgUp/PgDn scroll it, End shows the newest line; "
             "its Larger button (or the grip at its corner) makes it larger.\n"
             "F11 switches fullscreen on and off (on every screen).\n"
             "The game is also saved by itself after every turn: 'Continue' on the start screen resumes it.")


INDICATOR_SIZE = 19            # the bot line's text (px at Interface size 100%)
INDICATOR_LINES = 3
PILL_PAD = (10, 5)             # inside the pill, px at 100%
PILL_MARGIN = 8                # from the island's edges


def pill_layout(text: str, area: pygame.Rect, factor: float = 1.0) -> tuple[pygame.Rect, list[str], int]:
    """Where a line over the island goes: (its pill, its lines, their font size), at the top of
    `area` and inside it whatever the text, the Text size and the Interface size `factor`."""
    size = max(MIN_TEXT, round(INDICATOR_SIZE * factor))
    pad_x, pad_y = round(PILL_PAD[0] * factor), round(PILL_PAD[1] * factor)
    margin = round(PILL_MARGIN * factor)
    room = max(40, area.w - 2 * margin - 2 * pad_x)
    fnt = font(size)
    lines = wrap(fnt, text, room) or [""]
    if len(lines) > INDICATOR_LINES:
        lines = lines[:INDICATOR_LINES - 1] + [" ".join(lines[INDICATOR_LINES - 1:])]   # drawn shrunk to fit
    tw = min(room, max(fnt.size(line)[0] for line in lines))
    r = pygame.Rect(0, 0, tw + 2 * pad_x, len(lines) * fnt.get_linesize() + 2 * pad_y)
    r.midtop = (area.centerx, area.top + margin // 2)
    return r.clamp(area), lines, size


class TableScreen(Scene):
    def __init__(self, host: Host, session: Session, table: TableScene | None = None, assets=None, curtain: bool = True,
                 map_path: str | None = None, bot_delay: float = DEFAULT_DELAY, end_delay: float = 1.5):
        """`table`: a table scene already built; else the table of faeriell/ui/table/ for this
        session (a failure to build it reaches the app's error panel, the start screen stays)."""
        self.host = host
        self.session: Session = session          # the game at the table (never None here)
        self.table: TableScene = (table if table is not None else
                                  TableScene(session, assets, host.size, hotseat_curtain=curtain, map_path=map_path))
        self.driver = BotDriver(session, bot_delay)
        # the expert's helper process starts now (a moment's import), ready by the first hint or expert move
        helpers.warm(bots.TABLE_HELPERS)
        self.elbow = ElbowCoach(session)          # the coach at your elbow (Settings), measuring in a thread
        self.table.before_move = self._ask_first
        self._follow_coach()
        self.end_delay = end_delay
        # the screen's dialogs and keys are layers of the table's one stack (table/window_layers.py)
        layers = self.table.layers
        for name in ("dialog", "keys", "menu"):     # a table handed on from another screen had them
            layers.remove(name)
        self.keys_layer = layers.push(ScreenKeysLayer(self, lambda: explain.rule_kind(self.table),
                                                      lambda: tooltips.rule_topic(self.table)))
        self.dialog_layer = layers.push(ScreenDialogLayer(self))
        layers.push(MenuLayer(self), below="board")
        self.table.curtain_layer.on_escape = self.open_menu
        self.hints = TableHints(session, self.table, lambda text: self.flash(text),
                                lambda what, exc: self.host.report(what, exc))
        self.saving = TableSaving(session, host, self.dialog_layer, self.modal_size, self.flash)
        self.seat_dialog = TableSeats(session, host, self.dialog_layer, self.flash)
        self.end_shown = False
        self._over_since: float | None = None
        self._indicator = ""
        self.indicator_rect: pygame.Rect | None = None     # where the bot line was drawn last
        self.size = host.size
        self._watched = watch(session.state)               # what the sound cues compare with
        self._held = False                                 # the table had a piece in hand
        self._message: tuple[str | None, int] | None = None   # the table's last message (a refusal sounds)
        session.listeners.append(self._session_changed)
        self._apply_anim_speed()
        self._curtain_on_open()
        remember_seats(session.game, session.seats)      # so its saves reopen with the same bots
        if not session.claim():                          # the same game is open in another window
            self._offer_copy()

    @property
    def modal(self):
        """The open dialog (the Esc menu, save, load, settings...), or None: the dialog layer's."""
        return self.dialog_layer.dialog

    @modal.setter
    def modal(self, dialog) -> None:
        self.dialog_layer.dialog = dialog

    # ---- one game, one window ------------------------------------------------------------------
    COPY_QUESTION = ("This game is open in another window. Play a copy of it here? The copy saves as a "
                     "game of its own; the other window's game and its turns are left as they are.")

    def _offer_copy(self) -> None:
        """Ask before playing on: a copy under its own name, or back to the start screen (nothing
        is saved over the other window's game meanwhile: its lock is not ours)."""
        self.modal = Confirm(self.host.size, "Open in another window", self.COPY_QUESTION, "Play a copy",
                             self._play_copy, no_label="Back", on_no=lambda: self.host.go("start"))

    def _play_copy(self) -> None:
        self.session.play_as_copy()
        self.session.claim()
        self.flash("You are playing a copy of this game: it saves as a game of its own.")

    # ---- settings, curtain, sounds -------------------------------------------------------------
    def _apply_anim_speed(self) -> None:
        anim.set_speed(self.host.settings.anim_factor)

    def settings_changed(self) -> None:
        """The player changed a setting (Esc menu > Settings): follow it now."""
        st = self.host.settings
        self.driver.delay = st.bot_delay
        self.table.hotseat_curtain = st.curtain
        if not st.curtain:
            self.table.curtain_layer.tribe = None
        self._apply_anim_speed()
        self._follow_coach()
        self.resize(self.host.size)        # a new text size lays the table out again

    # ---- the coach at your elbow (Settings: off by default) ------------------------------------
    def coach_on(self) -> bool:
        """The setting is on, and this is a game of the player's own (no puzzle, drill or chapter)."""
        wanted = self.host.settings.coach if self.session.coach is None else self.session.coach
        return wanted and self.table.puzzle is None and self.tutorial() is None

    def _follow_coach(self) -> None:
        self.driver.announce = PARTNER_SAYS_S if self.coach_on() else 0.0

    def _ask_first(self, action) -> bool:
        """Before a person's move: "Are you sure?" when the coach measured that it gives away more
        than its share of the side's win chance (values not ready yet: no question, the move is made)."""
        if not self.coach_on() or self.modal is not None:
            return False
        q = self.elbow.judge(action)
        acting = self.session.acting
        if q is None or acting is None:      # (a person's move: someone is acting)
            return False
        q.text = question_text(q, self.session.game, acting, self.table.words)
        self.modal = Confirm(self.modal_size(), "Are you sure?", q.text, "Keep my move",
                             lambda: self._keep(action), no_label="Take it back", on_no=self._took_back)
        return True

    def _keep(self, action) -> None:
        self.table.apply(action, asked=True)
        self._table_cues()

    def _took_back(self) -> None:
        self.flash("Taken back: the move was not made. Your turn still.")

    def _humans(self) -> int:
        return sum(1 for x in self.session.seats if x == "human")

    def _curtain_on_open(self) -> None:
        """A hot-seat game loaded or continued opens behind the curtain: whoever sits at the
        screen now may not be the player whose cards it would show."""
        table, s = self.table, self.session
        if not (s.opened_from_save and table.hotseat_curtain):
            return
        acting = s.acting
        if acting is None or s.seats[acting] != "human" or self._humans() < 2 or s.state.game_over:
            return
        if has_secrets(s.game, acting):
            table.curtain_layer.tribe = acting

    def _session_changed(self, what: str, action) -> None:
        before, self._watched = self._watched, watch(self.session.state)
        if what == "apply":
            for name in cues(before, self._watched):
                self.host.play_sound(name)

    def _table_cues(self) -> None:
        """A piece taken in hand, a refusal the table announced (its message in red)."""
        held = self.table.drag_layer.drag is not None
        if held and not self._held:
            self.host.play_sound("pickup")
        self._held = held
        msg = (self.table.message, self.table.message_serial)
        if msg != self._message:
            self._message = msg
            if msg[0] and self.table.message_bad:
                self.host.play_sound("refuse")

    # ---- talking to the table ------------------------------------------------------------------
    def flash(self, text: str, error: bool = False) -> None:
        """A message on the table's message line (a failed save's in red)."""
        self.table.flash(text, bad=error)

    # ---- services ------------------------------------------------------------------------------
    def undo(self) -> None:
        reason = self.session.undo()
        if reason is None:
            self.flash("Move taken back.")
            return
        self.flash(why_not_undo(self.session.game, 1) or reason)

    def open_settings(self) -> None:
        self.modal = SettingsDialog(self.modal_size(), self.host.settings, self._setting_changed,
                                    lambda: self.host.size)

    def _setting_changed(self, key: str) -> None:
        self.host.settings_changed()
        if key in ("volume", "mute"):
            self.host.play_sound("drop")          # hear the new volume

    def open_load_dialog(self) -> None:
        self.modal = FileDialog(self.modal_size(), "Load a game", lambda: Background(list_saves), self._load_path, "Load",
                                empty_text="No saves yet (Ctrl+S saves the game)",
                                hint="or type the path of a save file")

    def _load_path(self, path: str) -> str | None:
        try:
            game = load_game(self.host.rules, path)
        except FileServiceError as e:
            return str(e)
        seats = recall_seats(game)
        if game.state.players == self.session.state.players and seats in (None, self.session.seats):
            self.session.replace_game(game, game_id_of(path))
            self._watched = watch(self.session.state)
            self.end_shown = game.state.game_over
            self._over_since = None
            if not self.session.claim():       # open in another window: ask first
                self._offer_copy()
            else:
                self.flash(f"Loaded {path}")
            self._curtain_on_open()
        else:
            self.host.open_game(game, seats, path=path)
        return None

    def tutorial(self):
        """The guided chapter played here (faeriell/tutorial), or None."""
        return self.session.tutorial

    def leave_tutorial(self) -> None:
        self.host.go("tutorial")

    def hint(self, longer: bool = False) -> None:
        """H, T and the hint card's Think longer (table_hints.py)."""
        self.hints.ask(longer)

    def new_game(self) -> None:
        s = self.session.state
        cfg = {"players": s.players, "mode": s.mode, "difficulty": s.difficulty, "variants": list(s.variants),
               "seats": list(self.session.seats)}
        self.host.go("start", tab="new", config=cfg)

    def open_menu(self) -> None:
        items, note = self.menu_items()
        self.modal = Menu(self.modal_size(), items, note=note)

    def menu_items(self) -> tuple[list, str]:
        """The Esc menu's items, (id, label, action) each, in order, and its note on saving."""
        items = [("resume", "Resume", lambda: None),
                 ("undo", "Undo  (Ctrl+Z)", self.undo),
                 ("hint", "Hint  (H)", self.hint),
                 ("save", "Save  (Ctrl+S)", self.saving.save),
                 ("load", "Load…  (Ctrl+O)", self.open_load_dialog),
                 ("settings", "Settings…", self.open_settings),
                 ("seats", "Players and bots…", self.seat_dialog.open_seats),
                 ("review", "Review the game so far", self.review),
                 ("analyse", "Analyse from here", self.analyse),
                 ("rules", "Rules  (F1)", self.show_rules),
                 ("keys", "Keys and shortcuts", self.show_help),
                 ("new", "New game", self.new_game)]
        if self.session.state.game_over:
            items.append(("results", "Results", self.show_results))
        if self.tutorial() is not None:        # leave at any step: the chapter list resumes it
            items.insert(1, ("chapters", "Leave to the chapter list", self.leave_tutorial))
            items = [it for it in items if it[0] != "review"]     # a chapter's forced draws do not replay
        items.append(("quit", "Quit", self.host.quit))
        note = self.saving_note()
        if self.saving.save_notice():
            items.insert(4, ("save_elsewhere", "Save elsewhere…", self.saving.open_save_elsewhere))
            note = self.saving.save_notice()
        return items, note

    def saving_note(self) -> str:
        """What the menu says of saving: the truth for this table (a guided chapter, a puzzle or a
        drill is never autosaved: Session(autosave=False))."""
        if self.session.autosave_enabled:
            return "The game saves itself after every turn."
        if self.tutorial() is not None:
            return "The guided game is not saved; the chapter list takes you back to the step you left."
        return "A practice position is not saved; Retry sets it out again."

    # ---- any seat, any time: a person or a bot level for each seat, mid-game ----------------
    def review(self) -> None:
        if self.tutorial() is not None:       # its draws are the chapter's own: its moves alone do not replay it
            self.flash("A guided chapter has no review; play a game of your own to review it.", error=True)
            return
        self.host.go("review", session=self.session, back=self)

    def analyse(self) -> None:
        """The analysis board on a copy of this position; Back returns to this game."""
        self.host.go("analysis", game=self.session.game.copy(), back=self)

    def show_rules(self, kind: str | None = None, topic: str | None = None) -> None:
        self.host.go("rules", kind=kind, topic=topic, back=self)

    def show_help(self) -> None:
        text = HELP_TEXT if self.session.autosave_enabled else HELP_TEXT.rsplit("\n", 1)[0] + "\n" + self.saving_note()
        self.modal = MessageBox(self.modal_size(), "Keys and shortcuts", text + "\n\n" + KEYS_HELP, width=900)

    # ---- dialogs at the Interface size ----------------------------------------------------------
    def modal_factor(self) -> float:
        """How much larger the dialogs over the table are drawn (the table itself fits the window)."""
        return self.host.ui_factor()

    def modal_size(self) -> tuple[int, int]:
        return virtual_size(self.host.size, self.modal_factor())

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        # one stack: the dialog, the screen's keys, the table's layers, the Esc menu at the bottom
        changed = bool(self.table.handle_event(ev))
        self._table_cues()
        return changed

    def forget_hover(self) -> None:
        """Nothing on the table is pointed at (the mouse is on a dialog)."""
        self.table.board.hover_key = None

    def update(self, dt_ms: int) -> bool:
        changed = bool(self.table.update(dt_ms))       # the dialog's too (the Load list read in the background)
        self.driver.paused = self.modal is not None
        moved = self.driver.update()
        if moved is not None:
            action, _player = moved
            anim.show_bot_move(self.table, action)
            changed = True
        for msg in self.driver.pop_messages():
            self.flash(msg)
            changed = True
        changed |= self.hints.update()             # a thought out hint; the plan's next step asked
        self.elbow.update(self.coach_on())         # the values of a position stay while a dialog is open
        ind = self._indicator_text()
        if ind != self._indicator:
            self._indicator = ind
            changed = True
        if self.table.request == "think_longer":   # the hint card's button
            self.table.request = None
            self.hint(longer=True)
            changed = True
        request = self.table.request
        if request == "start":                                     # a puzzle's "Back to Practice"
            self.table.request = None
            name, kwargs = self.session.back_to or ("start", {})
            self.host.go(name, **kwargs)                           # the Practice tab it came from
            return True
        if request == "tutorial":                                  # the step card's "Chapters"
            self.table.request = None
            self.leave_tutorial()
            return True
        if request == "solo_easy_coach":                           # the last chapter's card
            self.table.request = None
            err = self.host.quick_solo("easy", True)
            if err:
                self.flash(err, error=True)
            return True
        if isinstance(request, tuple) and request[0] == "tutorial":   # "Next chapter"
            self.table.request = None
            err = self.host.open_tutorial(request[1], 0)
            if err:
                self.flash(err, error=True)
            return True
        s = self.session.state
        # a puzzle's result panel, or a chapter's step card, says how it ended
        puzzle = self.table.puzzle is not None or self.tutorial() is not None
        if s.game_over and not self.end_shown and self.modal is None and not puzzle:
            now = time.monotonic()
            if self._over_since is None:
                self._over_since = now
            if now - self._over_since >= self.end_delay:
                self.show_results()
                return True
        return changed

    def busy(self) -> bool:
        """True while something is due soon (a bot's move, the end screen): the loop then runs at
        the frame cap instead of sleeping until the next event."""
        s = self.session.state
        if s.game_over:
            return not self.end_shown and self.table.puzzle is None and self.tutorial() is None
        return self.modal is None and self.driver.is_bot(self.session.acting)

    def _indicator_text(self) -> str:
        said = self.driver.announcement()
        if said:                                  # a Full Coop partner says its move before it makes it
            return self.table.words.say(said)
        if self.hints.thinking():
            return "Thinking about a hint…"
        return self.driver.thinking_text(0.4)

    def indicator_layout(self) -> tuple[pygame.Rect, list[str], int]:
        """The pill of the bot line (a Full Coop partner's next move, "Thinking…"): over the island
        only, never the side columns, its text at the Interface size (as the dialogs over the table),
        wrapped on up to INDICATOR_LINES lines within the island's width."""
        return pill_layout(self._indicator, self.table.layout.map, self.modal_factor())

    def draw(self, surf) -> None:
        self.table.draw(surf)        # the keys layer draws the notes over it, the dialog layer the dialog

    def draw_notes(self, surf) -> None:
        """The bot line over the island and the notice of a failing autosave."""
        self.indicator_rect = None
        if self._indicator:
            r, lines, size = self.indicator_layout()
            card = self.table.coach.hint.rect if self.table.coach.hint.shown else None
            if card is not None and r.colliderect(card):     # the partner's line covered the hint card
                m = self.table.layout.map
                r.top = card.bottom + 8 if card.bottom + 8 + r.h <= m.bottom else m.top
                if r.colliderect(card):
                    r.bottom = m.bottom - 4
            pygame.draw.rect(surf, (24, 28, 40), r, border_radius=12)
            pygame.draw.rect(surf, ACCENT, r, 1, border_radius=12)
            lh = font(size).get_linesize()
            top = r.centery - len(lines) * lh // 2
            for k, line in enumerate(lines):
                draw_text(surf, line, (r.centerx, top + k * lh + lh // 2), size, TEXT,
                          anchor="center", width=r.w - 2 * round(PILL_PAD[0] * self.modal_factor()))
            self.indicator_rect = r
        self.saving.draw_notice(surf)

    def resize(self, size) -> None:
        self.size = tuple(size)
        self.table.resize(size)
        self.dialog_layer.resize()

    def leave(self) -> None:
        if self.end_shown and self.session.state.game_over:
            return                            # to the end screen, which may come back here (or close())
        self.close()

    def close(self) -> None:
        """The table is left for good: its threads stop, the game is saved and let go."""
        self.driver.stop()
        self.elbow.stop()
        if self.session.autosave_enabled and self.session.game.history:
            self.session.autosave()           # Continue resumes exactly here, mid-turn too
        self.session.release()                # another window may open this game now

    def show_results(self) -> None:
        """The end screen; its 'See the table' comes back here (no bounce back to the end screen)."""
        self.end_shown = True
        self.host.go("end", session=self.session, table=self)

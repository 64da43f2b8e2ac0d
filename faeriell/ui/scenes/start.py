"""The start screen (scene "start"): Quick solo (one click), Continue (the game played last), a new
game with every setting, Load (a save file), Practice (its own screen, scene "practice": the puzzles,
rated puzzles, drills, the ladder and the daily game) and Settings. Everything works by mouse.

The settings follow the rules the engine states (faeriell.engine.setup): solo is one player and one
player is solo; a combination the engine refuses (e.g. The Twins with three players) keeps Start
disabled and shows SetupError's own sentence.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial

import pygame

from faeriell.ui import widgets as W
from faeriell.ui.canvas import draw_title, header_top
from faeriell.ui.controls import Button, Choice, Label, ListBox, Toggle
from faeriell.ui.text_field import TextField
from faeriell.ui.text import draw_wrapped, wrapped_height
from faeriell.ui.theme import ACCENT, BG, ERROR, MUTED, NEUTRAL_RGB, OK, TEXT, tribe_rgb
from faeriell.ui.key_focus import KeyFocus
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.bot_driver import BOT_DESCRIPTIONS, BOT_LABELS, BOT_LEVELS
from faeriell.storage import background
from faeriell.storage.headers import describe_save
from faeriell.storage.listing import autosave_files, latest_autosave, list_saves
from faeriell.storage.saves import FileServiceError, load_game
from faeriell.storage.seats import recall_seats
from faeriell.ui.launch import new_seed
from faeriell.ui.scene import Host, MenuScene
from faeriell.practice.suggest import Suggestion, read_games, suggest_solo
from faeriell.win_rates import LEVEL_COLUMN, Rate, WinRates
from faeriell.engine import setup
from faeriell.tutorial.chapters import ChapterError, load_all
from faeriell.tutorial.progress import default_progress

log = logging.getLogger(__name__)

MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}
# A seat's segment is narrow: the level's short name there, its full name and what it does below.
SEAT_NAMES = {"human": "Human", **{lv: BOT_LABELS[lv].split(" (")[0] for lv in BOT_LEVELS}}
TABS = ("new", "load")
TAB_TITLES = {"new": "New game", "load": "Load a saved game"}


def _engine_setup():
    return setup


def last_game() -> tuple[bool, str]:
    """(is there a game to continue, what it is in a few words): read in a thread (background.Background)
    because it reads every autosave's header (storage.headers.save_header, once per version of a file)."""
    ap = latest_autosave()
    if ap is not None and ap.is_file():             # a pipe named like an autosave is no game to continue
        return True, describe_save(ap, short=True)
    return False, "no autosave yet" if ap is None and not autosave_files() else "no unfinished game"


def tutorial_progress() -> tuple[int, int]:
    """(chapters done, chapters there are) of the guided game: reads every chapter file and
    tutorial.json. (0, 0) when a chapter file is broken (the chapter list says why)."""
    try:
        ids = {c.id for c in load_all()}
    except ChapterError:
        return 0, 0
    return len(default_progress().done() & ids), len(ids)


def suggested_solo() -> Suggestion:
    """The solo game Quick solo suggests, from the player's statistics (practice.suggest). Only
    read: a damaged stats.json is the Progress screen's to set aside; here it suggests Easy."""
    return suggest_solo(read_games())


def start_texts() -> tuple[WinRates, tuple[int, int], Suggestion]:
    """What the start screen reads from files besides the saves: the bots' measured win rates
    (docs/balance.md) and the guided game's progress. Read in a thread (background.Background), as
    Continue's autosave is, so the first frame never waits on the disk; a missing or damaged
    file gives no figures (WinRates) or no progress (Progress), and nothing is written."""
    return WinRates.load(), tutorial_progress(), suggested_solo()


class StartScene(MenuScene):
    ui_scaled = True        # drawn larger with the Interface size (canvas.ui_factor)

    def __init__(self, host: Host, tab: str | None = None, message: str | None = None,
                 config: dict | None = None):
        self.host = host
        self.rules = host.rules
        cfg = dict(config or {})
        setup = _engine_setup()
        self.modes = list(setup.MODES)
        self.difficulties = list(setup.DIFFICULTIES)
        self.variant_ids = list(setup.VARIANTS)
        self.players = int(cfg.get("players") or 1)
        self.mode = cfg.get("mode") or ("solo" if self.players == 1 else "competitive")
        self.difficulty = cfg.get("difficulty") or "medium"
        self.variants = [v for v in (cfg.get("variants") or []) if v in self.variant_ids]
        # the bots' measured win rates (docs/balance.md) and the guided game's progress, read once
        # off the frame (start_texts): None until known (the texts then leave the figures out, the
        # guided game is offered as to a newcomer)
        self.win_rates: WinRates | None = None
        self.tutorial_done: tuple[int, int] | None = None
        self.suggestion: Suggestion | None = None   # Quick solo's game (practice.suggest), once read
        self._texts_job: background.Background | None = background.Background(start_texts)
        self.hover_level: str | None = None       # the bot level under the mouse on a seat row
        self.hover_difficulty: str | None = None
        seats = list(cfg.get("seats") or [])
        self.seats = [s if (s == "human" or s in BOT_LEVELS) else "human"
                      for s in (seats + ["human"] * 4)[:4]]
        self.seed_text = str(cfg.get("seed") or new_seed())
        self.seat_info: str | None = None
        self._reveal: str | None = None            # a widget the next layout scrolls into view
        self._last_other_mode = self.mode if self.mode != "solo" else "competitive"
        self.tab = tab if tab in TABS else "new"
        self.status: tuple[str, bool] | None = (message, True) if message else None
        self.size = host.size
        self.save_items: list | None = None
        self._saves_job: background.Background | None = None    # the Load list being read
        # Continue: the game played last, found off the frame (every autosave's header is read, and
        # a large or slow file would hold the first frame): (there is one, what it is) once known
        # (started by the first update: after the screen left behind has autosaved its game)
        self.continue_info: tuple[bool, str] | None = None
        self._continue_job: background.Background | None = None
        self.load_path = ""
        self._relayout = False
        self._scroll = dict.fromkeys(TABS, 0)
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        self.keys = KeyFocus()
        self.content = W.Container(pygame.Rect(0, 0, 1, 1), scrollable=True)
        self.layout()

    # ---- data --------------------------------------------------------------------------------
    def _modes_table(self, name: str) -> dict:
        """The rules' table of variants or difficulties ({} before the rules are read)."""
        table = self.rules.modes.get(name) if self.rules is not None else None
        return table if isinstance(table, dict) else {}

    def variant_info(self, v: str) -> tuple[str, str]:
        d = self._modes_table("variants").get(v) or {}
        return str(d.get("name") or v.replace("_", " ").capitalize()), str(d.get("text") or "")

    def difficulty_name(self, d: str) -> str:
        row = self._modes_table("difficulties").get(d)
        if isinstance(row, dict) and row.get("name"):
            return str(row["name"])
        return d.replace("_", " ").capitalize()

    def difficulty_text(self, d: str) -> str:
        """What a difficulty means (the set-up it deals) and how often the bots won at it in the
        chosen mode with the chosen player count (solo; Full Coop by its player count); where the
        report measured nothing for that game (competitive), no figure at all."""
        row = self._modes_table("difficulties").get(d)
        if not isinstance(row, dict):
            return self.difficulty_name(d)
        try:
            menaces, corr = int(row.get("menace", 0)), int(row.get("corruption", 0))
        except (TypeError, ValueError):     # int() of a rules file's value that is not a number
            return self.difficulty_name(d)
        # R33: a Corruption token under a Guardian makes it Corrupted: a Threatened Region yields
        # nothing, a Corrupted one brings a Corruption Event (rulebook, Harvest): fewer Menaces, worse
        if corr:
            start = (f"{menaces} Menaces and {corr} Corruption token{'s' if corr > 1 else ''} under the Guardians "
                     "at the start. A Corruption token is worse than a Menace: harvesting its Region brings a "
                     "Corruption Event instead of Essences")
        else:
            start = f"{menaces} Menaces and no Corruption at the start"
        text = f"{self.difficulty_name(d)}: {start}."
        if self.win_rates is None:                 # still being read
            return text
        got = []
        for level in ("expert", "normal", "easy"):          # said by the seat levels' own names
            r = self.win_rates.rate(self.mode, self.players, d, level)
            if r is not None:                               # "Expert 25% (12 games)" (Easy's hover text
                got.append(f"{SEAT_NAMES[level]} {r.short()}")     # says it was measured without its slips)
        if not got:
            return text
        game = "Solo" if self.mode == "solo" else f"{MODE_NAMES.get(self.mode, self.mode)} ({self.players} players)"
        return text + f" {game} wins measured: " + ", ".join(got) + "."

    def level_text(self, level: str) -> str:
        """What a bot level does, with its measured win rate at Medium (docs/balance.md): in the
        chosen mode with the chosen player count where measured (Full Coop), else solo, said so."""
        text = f"{BOT_LABELS[level]} — {BOT_DESCRIPTIONS[level].split(': ', 1)[-1]}"
        if self.win_rates is None:                 # still being read
            return text
        note = " (measured without its slips)" if level == "easy" else ""
        if self.mode == "coop" and level in LEVEL_COLUMN:
            r = self.win_rates.rate("coop", self.players, "medium", level)
            if r is not None:
                return text + f" Wins Full Coop ({self.players} players) at Medium: {r.say()}{note}."
        r = self.win_rates.for_level(level)
        if r is not None:
            return text + f" Wins solo at Medium: {r.say()}{note}."
        return text + " Its solo win rate is not measured."

    def tribe(self, i: int) -> tuple[str, tuple]:
        tribes = list(self.rules.catalog.tribes) if self.rules is not None else []
        if i >= len(tribes):         # no rules loaded (the window says so): plain names
            return f"Tribe {i + 1}", NEUTRAL_RGB
        tid = tribes[i]
        return self.rules.catalog.tribes[tid].get("name", tid), tribe_rgb(self.rules.catalog, tid)

    def seed(self) -> int | None:
        text = self.seed_text.strip()
        return int(text) if text.isdigit() else None

    def problem(self) -> str | None:
        """The engine's reason this set-up cannot start, or None."""
        if self.rules is None:
            return "The rules could not be loaded (see the error panel)."
        if self.seed() is None:
            return "The seed must be a whole number (or press 'New seed')."
        try:
            _engine_setup().validate_config(self.players, self.mode, self.difficulty, list(self.variants))
        except _engine_setup().SetupError as e:
            return str(e)
        return None

    def culprits(self) -> set[str]:
        """Variants whose removal makes the set-up valid (marked on their toggles)."""
        if not self.variants or self.rules is None:
            return set()
        setup = _engine_setup()
        try:
            setup.validate_config(self.players, self.mode, self.difficulty, list(self.variants))
            return set()
        except setup.SetupError:
            pass
        out = set()
        for v in self.variants:
            try:
                setup.validate_config(self.players, self.mode, self.difficulty, [x for x in self.variants if x != v])
                out.add(v)
            except setup.SetupError:
                pass
        return out

    def summary(self) -> str:
        bits = [MODE_NAMES.get(self.mode, self.mode), f"{self.players} player{'s' if self.players > 1 else ''}",
                self.difficulty_name(self.difficulty)]
        if self.variants:
            bits.append(", ".join(self.variant_info(v)[0] for v in self.variants))
        bots = [s for s in self.seats[: self.players] if s != "human"]
        if bots:
            bits.append(f"{len(bots)} bot{'s' if len(bots) > 1 else ''}")
        bits.append(f"seed {self.seed_text}")
        return " · ".join(bits)

    # ---- changes (each asks for a new layout after the event) -------------------------------
    def _changed(self) -> None:
        self._relayout = True
        if self.tab == "new":
            self.status = None            # the line below Start now explains the new settings

    def set_players(self, n) -> None:
        self.players = int(n)
        if self.players == 1:
            if self.mode != "solo":
                self._last_other_mode = self.mode
            self.mode = "solo"
        elif self.mode == "solo":
            self.mode = self._last_other_mode
        self._changed()

    def set_mode(self, mode) -> None:
        if mode == "solo":
            if self.mode != "solo":
                self._last_other_mode = self.mode
            self.players = 1
        else:
            self._last_other_mode = mode
            if self.players == 1:
                self.players = 2
        self.mode = mode
        self._changed()

    def set_difficulty(self, d) -> None:
        self.difficulty = d
        self._changed()

    def set_variant(self, v, on) -> None:
        if on and v not in self.variants:
            self.variants.append(v)
        elif not on and v in self.variants:
            self.variants.remove(v)
        self._changed()

    def set_seat(self, i, level) -> None:
        self.seats[i] = level
        self.seat_info = level if level in BOT_LEVELS else None
        self._reveal = "seat_info"       # with 3 or 4 seats the line that answers sits below the fold
        self._changed()

    def seats_text(self) -> str:
        """One line under the seats: what the bot level last picked (or first seated) does."""
        level = self.hover_level if self.hover_level in BOT_LEVELS else None
        if level is None:
            level = self.seat_info if self.seat_info in self.seats[: self.players] else None
        if level is None:
            level = next((s for s in self.seats[: self.players] if s in BOT_LEVELS), None)
        if level is None:
            return "Any seat can be a bot: " + ", ".join(BOT_LABELS[lv] for lv in BOT_LEVELS) + "."
        return self.level_text(level)

    def set_seed_text(self, text) -> None:
        self.seed_text = text

    def reseed(self) -> None:
        self.seed_text = str(new_seed())
        self._changed()

    def show_tab(self, tab) -> None:
        self._scroll[self.tab] = self.content.scroll
        self.content.scroll = 0
        self.tab = tab
        self.status = None
        if tab == "load":
            self.save_items, self._saves_job = None, None
        self._changed()

    # ---- actions -----------------------------------------------------------------------------
    def quick_solo(self) -> None:
        """The suggested solo game (Easy with the coach until a first win; Medium until the
        statistics are read)."""
        s = self.suggestion
        self._report(self.host.quick_solo(s.difficulty, s.coach) if s else self.host.quick_solo())

    def tutorial_state(self) -> tuple[int, int] | None:
        """(chapters done, chapters there are) of the guided game; None while being read."""
        return self.tutorial_done

    @property
    def texts_known(self) -> bool:
        """The win rates and the guided game's progress have been read (start_texts)."""
        return self._texts_job is None

    @staticmethod
    def tutorial_sub(state) -> str:
        done, total = state or (0, 0)
        return f"guided game · {done} of {total} chapters done" if done else "a guided first game"

    def _texts_read(self) -> bool:
        """The win rates and the guided game's progress, once read (start_texts): said in place
        (their labels were laid out for the longest figures), or laid out anew only when the
        guided game's button moves (every chapter done). True: changed."""
        job = self._texts_job
        if job is None or not job.finished:
            return False
        self._texts_job = None
        got = job.result()
        if not got:                       # a failure nobody foresaw: no figures, the newcomer's layout
            self.win_rates = WinRates({})
            return False

        def learning(state) -> bool:
            return state is None or state[0] < state[1]
        before = learning(self.tutorial_state())
        self.win_rates, self.tutorial_done, self.suggestion = got
        quick = self.root.find("quick_solo")
        if quick is not None:
            quick.sub = self.suggestion.sub
        state = self.tutorial_state()
        if learning(state) != before:
            self._relayout = True
            return True
        button = self.root.find("tutorial")
        if button is not None and learning(state):
            button.sub = self.tutorial_sub(state)
        for wid, text in (("difficulty_info", self.difficulty_text(self.hover_difficulty or self.difficulty)),
                          ("seat_info", self.seats_text())):
            label = self.content.find(wid)
            if isinstance(label, Label):
                label.text = text
        return True

    def _widest(self, texts):
        """texts() as long as they may get: while the win rates are being read, with the widest
        figures, so a label is laid out tall enough for the ones that come."""
        if self.win_rates is not None:
            return texts()
        widest = {d.replace("_", " "): {col: Rate(100, 9999, 9999) for col in LEVEL_COLUMN.values()}
                  for d in self.difficulties}
        self.win_rates = WinRates(dict.fromkeys(("solo", "coop 2", "coop 3", "coop 4"), widest))
        try:
            return texts()
        finally:
            self.win_rates = None

    def open_tutorial(self) -> None:
        self.host.go("tutorial")

    def start(self) -> None:
        why = self.problem()
        seed = self.seed()
        if why or seed is None:                  # (problem() says why when the seed is missing)
            self.status = (why or "", True)
            return
        self._report(self.host.new_game(self.players, self.mode, self.difficulty, list(self.variants),
                                        seed, list(self.seats[: self.players])))

    def open_settings(self) -> None:
        self.host.go("settings", back="start")

    def continue_game(self) -> None:
        self._report(self.host.continue_game())

    def load_selected(self, path=None) -> None:
        path = str(path or self.load_path or "").strip()
        if not path:
            self.status = ("Choose a save in the list or type its path.", True)
            return
        self._report(self.host.load(path))

    def replay_selected(self, path=None) -> None:
        """Step through the chosen save on a read-only table (the Replay screen)."""
        path = str(path or self.load_path or "").strip()
        if not path:
            self.status = ("Choose a save in the list or type its path.", True)
            return
        try:
            game = load_game(self.host.rules, path)
        except FileServiceError as e:
            self.status = (str(e), True)
            return
        self.host.go("replay", game=game, seats=recall_seats(game), start=len(game.history), back=self)

    def open_practice(self) -> None:
        """The puzzles, rated puzzles, drills, the ladder and the daily game: one screen of tabs."""
        self.host.go("practice", back=self)

    def _report(self, err: str | None) -> None:
        if err:
            self.status = (err, True)

    def _pick_save(self, path) -> None:
        self.load_path = str(path)
        f = self.content.find("load_path")
        if isinstance(f, TextField):
            f.text = self.load_path
        self.status = None

    # ---- layout ------------------------------------------------------------------------------
    def nav_width(self) -> int:
        return int(max(170, min(270, self.size[0] * 0.22)))

    def content_rect(self) -> pygame.Rect:
        w, h = self.size
        x = 24 + self.nav_width() + 24
        top = header_top()
        return pygame.Rect(x, top, max(120, w - x - 24), max(120, h - top - 24))

    def body_rect(self) -> pygame.Rect:
        r = self.content_rect()
        return pygame.Rect(r.x + 2, r.y + 50, r.width - 4, max(40, r.height - 50 - 70))

    def footer_rect(self) -> pygame.Rect:
        r = self.content_rect()
        return pygame.Rect(r.x + 16, r.bottom - 64, r.width - 32, 52)

    def layout(self) -> None:
        self._relayout = False
        old_scroll = self.content.scroll if self.content else 0
        w, h = self.size
        self.root = W.Container(pygame.Rect(0, 0, w, h))
        nav_w = self.nav_width()
        x, top = 24, header_top()
        has_auto, auto_text = self.continue_info or (True, "finding the game played last…")
        state = self.tutorial_state()
        done, total = state or (0, 0)
        learning = state is None or done < total   # a player new to the game is offered the guided game first
        # (height, gap after, label, action, Button keywords): laid out below, squeezed to fit the window
        nav: list[tuple[int, int, str, Callable[[], None], dict]] = []
        if learning:
            nav.append((70, 12, "Learn to play", self.open_tutorial,
                        {"id": "tutorial", "primary": True, "size": 28, "sub": self.tutorial_sub(state)}))
        nav.append((70 if not learning else 58, 12 if not learning else 16, "Quick solo", self.quick_solo,
                    {"id": "quick_solo", "primary": not learning, "size": 28 if not learning else 24,
                     "sub": self.suggestion.sub if self.suggestion else "1 player · new island"}))
        nav.append((58, 16, "Continue", self.continue_game,
                    {"id": "continue", "size": 24, "enabled": has_auto, "sub": auto_text}))
        for tab, label in (("new", "New game"), ("load", "Load a save")):
            nav.append((44, 8, label, partial(self.show_tab, tab),
                        {"id": f"tab_{tab}", "selected": (self.tab == tab)}))
        # the puzzles, rated puzzles, drills, the ladder and the daily game; Progress one click on
        nav.append((44, 8, "Practice", self.open_practice, {"id": "practice"}))
        nav.append((44, 8, "Analysis board", lambda: self.host.go("analysis", back=self), {"id": "analysis"}))
        nav.append((44, 8, "Settings", self.open_settings, {"id": "settings"}))
        nav.append((44, 8, "Rules", lambda: self.host.go("rules", back=self), {"id": "rules"}))
        if not learning:
            nav.append((44, 8, "Guided game", self.open_tutorial, {"id": "tutorial"}))
        nav.append((44, 0, "Quit", lambda: self.host.quit(), {"id": "quit"}))
        room = h - 16 - top
        need = sum(hh + gap for hh, gap, *_ in nav)
        squeeze = min(1.0, room / need) if need else 1.0       # a short window: every button a little less tall
        y = top
        for k, (hh, gap, label, action, kw) in enumerate(nav):
            bh = max(30, round(hh * squeeze))
            if k == len(nav) - 1:                              # Quit keeps to the bottom when there is room
                y = max(y, h - 24 - bh)
            self.root.add(Button((x, y, nav_w, bh), label, action, **kw))
            y += bh + max(4, round(gap * squeeze))

        body = self.body_rect()
        self.content = W.Container(body, scrollable=True)
        foot = self.footer_rect()
        if self.tab == "new":
            self._layout_new(body)
            self.root.add(Button((foot.right - 190, foot.y + 4, 190, 48), "Start", self.start, id="start",
                                 primary=True, size=28, enabled=self.problem() is None))
        else:
            self._layout_load(body)
            self.root.add(Button((foot.right - 190, foot.y + 4, 190, 48), "Load", self.load_selected, id="load",
                                 primary=True, size=28))
            self.root.add(Button((foot.right - 390, foot.y + 4, 190, 48), "Replay", self.replay_selected,
                                 id="replay", size=26))
        self.content.scroll = max(0, min(old_scroll if old_scroll else self._scroll.get(self.tab, 0),
                                         self.content.max_scroll()))
        self.content.settle()          # a relayout may have moved a caption under an edge
        if self._reveal:
            self.content.reveal(self._reveal)
            self._reveal = None
        self.root.add(self.content)

    def _caption(self, x, y, w, text) -> int:
        self.content.add(Label(pygame.Rect(x, y, w, 24), text, 20, ACCENT))
        return y + 26

    def _layout_new(self, body: pygame.Rect) -> None:
        pad = 16
        inner_w = body.width - 2 * pad - 8
        two = inner_w >= 700
        col_a_w = int(inner_w * 0.5) - 12 if two else inner_w
        xa = body.x + pad
        xb = xa + col_a_w + 24 if two else xa
        col_b_w = inner_w - col_a_w - 24 if two else inner_w
        y = body.y + 8
        y = self._caption(xa, y, col_a_w, "Players")
        self.content.add(Choice((xa, y, col_a_w, 38), [(n, str(n)) for n in range(1, 5)], self.players,
                                self.set_players, id="players", size=24))
        y += 50
        y = self._caption(xa, y, col_a_w, "Mode")
        self.content.add(Choice((xa, y, col_a_w, 38), [(m, MODE_NAMES.get(m, m)) for m in self.modes], self.mode,
                                self.set_mode, id="mode"))
        y += 50
        y = self._caption(xa, y, col_a_w, "Difficulty")
        self.content.add(Choice((xa, y, col_a_w, 38), [(d, self.difficulty_name(d)) for d in self.difficulties],
                                self.difficulty, self.set_difficulty, id="difficulty"))
        y += 42
        # as tall as the longest of the texts (the one under the mouse shows there): all of it, no jump
        longest = self._widest(lambda: [self.difficulty_text(d) for d in self.difficulties])
        info_h = max([38] + [wrapped_height(t, col_a_w, 16) + 2 for t in longest])
        self.content.add(Label(pygame.Rect(xa, y, col_a_w, info_h), self.difficulty_text(self.difficulty), 16,
                               TEXT, wrap_text=True, id="difficulty_info"))
        y += info_h + 6
        y = self._caption(xa, y, col_a_w, "Seats")
        label_w = min(128, col_a_w // 3)
        n_opts = 1 + len(BOT_LEVELS)
        # Six levels need room: when a segment beside the name would be too narrow for its word,
        # the name goes above its row.
        above = (col_a_w - label_w) / n_opts < 64
        for i in range(self.players):
            name, rgb = self.tribe(i)
            if above:
                self.content.add(Label(pygame.Rect(xa, y, col_a_w, 20), f"P{i + 1} {name}", 18, rgb))
                y += 21
                cx, cw = xa, col_a_w
            else:
                self.content.add(Label(pygame.Rect(xa, y, label_w, 34), f"P{i + 1} {name}", 20, rgb))
                cx, cw = xa + label_w, col_a_w - label_w
            opts = [("human", "Human")] + [(lv, SEAT_NAMES.get(lv, lv)) for lv in BOT_LEVELS]
            self.content.add(Choice((cx, y, cw, 34), opts, self.seats[i],
                                    (lambda v, i=i: self.set_seat(i, v)), id=f"seat{i + 1}", size=17))
            y += 40
        # as tall as the longest text it may show (a level under the mouse): all of it, no jump
        texts = self._widest(lambda: [self.seats_text()] + [self.level_text(lv) for lv in BOT_LEVELS])
        info_h = max([40] + [wrapped_height(t, col_a_w, 16) + 2 for t in texts])
        self.content.add(Label(pygame.Rect(xa, y - 2, col_a_w, info_h), self.seats_text(), 16, TEXT,
                               wrap_text=True, id="seat_info"))
        y += info_h + 2
        y += 6
        y = self._caption(xa, y, col_a_w, "Seed (the same seed deals the same island)")
        self.content.add(TextField((xa, y, col_a_w - 130, 36), self.seed_text, on_change=self.set_seed_text,
                                   on_submit=lambda _t: self.start(), id="seed", allowed="0123456789", max_len=9))
        self.content.add(Button((xa + col_a_w - 120, y, 120, 36), "New seed", self.reseed, id="reseed", size=20))
        y += 46
        yb = (body.y + 8) if two else y + 10
        yb = self._caption(xb, yb, col_b_w, "Variants")
        bad = self.culprits()
        for v in self.variant_ids:
            name, text = self.variant_info(v)
            th = Toggle.height_for(col_b_w, text)
            t = Toggle((xb, yb, col_b_w, th), name, v in self.variants, (lambda on, v=v: self.set_variant(v, on)),
                       id=f"variant_{v}", detail=text)
            t.warn = v in bad
            self.content.add(t)
            yb += th + 4

    def _layout_load(self, body: pygame.Rect) -> None:
        if self.save_items is None:        # read off the UI thread: 150 junk files never freeze the window
            job = self._saves_job
            if job is None:
                self._saves_job = job = background.Background(list_saves)
            if job.join(background.LIST_WAIT_S):
                self.save_items = list(job.result() or [])
                self._saves_job = None
        reading = self.save_items is None
        pad = 16
        x, w = body.x + pad, body.width - 2 * pad - 8
        list_h = max(60, body.height - 70)
        lb = ListBox((x, body.y + 6, w, list_h), self.save_items or [], on_select=self._pick_save,
                     on_activate=self.load_selected, id="saves",
                     empty_text=("Reading the saves…" if reading else
                                 "No saves yet: Ctrl+S on the table saves a game here"))
        self.content.add(lb)
        for k, item in enumerate(self.save_items or []):
            if item[0] == self.load_path:
                lb.selected = k
        self.content.add(TextField((x, body.y + 16 + list_h, w, 36), self.load_path, on_submit=self.load_selected,
                                   on_change=lambda t: setattr(self, "load_path", t), id="load_path",
                                   placeholder="or type the path of a save file (.json)"))

    # ---- tests and tools find widgets by id ----------------------------------------------------
    def screen_rect(self, wid: str) -> pygame.Rect | None:
        """Where a widget (or a Choice segment, 'players:2') is on screen now."""
        base = wid.partition(":")[0]
        for cont in (self.content, self.root):
            if cont.find(wid) is not None or cont.find(base) is not None:
                return cont.screen_rect(wid)
        return None

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if self.keys.handle(ev, self.root):        # Tab / arrows / Enter / Space (key_focus.py)
            return True
        if ev.type == pygame.KEYDOWN:
            field = self.root.focused_field()
            if field is None:
                if ev.key == pygame.K_ESCAPE:
                    self.host.quit()
                    return True
                if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    {"new": self.start, "load": self.load_selected}[self.tab]()
                    return True
        changed = self.root.handle(ev)
        if ev.type == pygame.MOUSEMOTION and self.tab == "new":
            changed |= self._follow_hover()
        if self._relayout:
            self.layout()
            changed = True
        return changed or ev.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and self.root.focused_field() is not None

    def _follow_hover(self) -> bool:
        """The info lines under Difficulty and the seats say what the segment under the mouse
        means (else what is chosen)."""
        diff = self.content.find("difficulty")
        # the segments' values are words (a difficulty, "human" or a bot level)
        hd = str(diff.options[diff.hover][0]) if isinstance(diff, Choice) and diff.hover is not None else None
        hl = None
        for i in range(self.players):
            seat = self.content.find(f"seat{i + 1}")
            if isinstance(seat, Choice) and seat.hover is not None:
                hl = str(seat.options[seat.hover][0])
        if (hd, hl) == (self.hover_difficulty, self.hover_level):
            return False
        self.hover_difficulty, self.hover_level = hd, hl
        label = self.content.find("difficulty_info")
        if isinstance(label, Label):
            label.text = self.difficulty_text(hd or self.difficulty)
        label = self.content.find("seat_info")
        if isinstance(label, Label):
            label.text = self.seats_text()
        return True

    def update(self, dt_ms: int) -> bool:
        changed = self._texts_read()
        if self.continue_info is None and self._continue_job is None:
            self._continue_job = background.Background(last_game)
        found = self._continue_job
        if found is not None and found.finished:
            self._continue_job = None
            # a failure nobody foresaw: Continue stays, and its click says what is wrong with the file
            self.continue_info = found.result() or (True, "the autosave could not be read")
            button = self.root.find("continue")
            if button is not None:        # said in place: a layout anew would drop a hover, a press, a scroll
                button.enabled, button.sub = self.continue_info
                changed = True
        job = self._saves_job
        if job is not None and job.finished:
            self._saves_job = None
            self.save_items = list(job.result() or [])
            if self.tab == "load":
                self._relayout = True
        if self._relayout:
            self.layout()
            return True
        return changed

    def draw(self, surf) -> None:
        w, h = self.size
        surf.fill(BG)
        draw_backdrop(surf, "start")
        draw_title(surf, "Sons of Faeriell", "the digital table · 1-4 players · competitive, Full Coop or Solo",
                   w - 50)
        r = self.content_rect()
        W.panel(surf, r, TAB_TITLES[self.tab])
        self.root.draw(surf)
        self.keys.draw(surf, self.root)
        foot = self.footer_rect()
        text_rect = pygame.Rect(foot.x, foot.y + 2, max(60, foot.width - 210), foot.height)
        if self.status:
            draw_wrapped(surf, self.status[0], text_rect, 18, ERROR if self.status[1] else OK, max_lines=3)
        elif self.tab == "new":
            why = self.problem()
            if why:
                draw_wrapped(surf, why, text_rect, 18, ERROR, max_lines=3)
            else:
                draw_wrapped(surf, self.summary(), text_rect, 18, MUTED, max_lines=3)
        else:
            draw_wrapped(surf, "Saves live in your Faeriell folder. Double-click a save to open it.", text_rect, 18,
                         MUTED, max_lines=3)

"""The Practice screen (scene "practice"), the one place the start screen's Practice opens, in tabs:
Puzzles (the themed path of data/puzzles/, and any scenario file by its path), Rated puzzles (served
near your Glicko-2 rating), Drills (your own key moments, due on a spaced schedule), the Ladder
(Solo and Full Coop) and the Daily game; Progress (scene "stats") is one click on. All it knows
comes from faeriell.practice and faeriell.puzzles.path (no pygame there); the games open at
the table through the Host, with `back=("practice", {"tab": ...})` so that the table's "Back to
Practice" (and the end screen's Back) return to the tab they came from.
"""
from __future__ import annotations

import datetime as dt
import time
from functools import partial

import pygame

from faeriell.puzzles.files import puzzle_info
from faeriell.ui import widgets as W
from faeriell.ui.controls import Button, Choice, Label, ListBox, Widget
from faeriell.ui.text_field import TextField
from faeriell.ui.text import draw_text, draw_wrapped, font, wrapped_height
from faeriell.ui.theme import ACCENT, ERROR, MUTED, OK, TEXT
from faeriell.ui.key_focus import KeyFocus
from faeriell.ui.scene import Host, MenuScene
from faeriell.practice.daily import daily_config, DailyBook, today, WEEKDAY_DIFFICULTY
from faeriell.practice.store import data_folder
from faeriell.practice.trainer import all_entries, Trainer
from faeriell.storage.background import Background, LIST_WAIT_S
from faeriell.practice.drills import DrillBook
from faeriell.practice.ladder import LADDER_NAMES, LadderBook, LADDERS
from faeriell.ui.table.words import Words
from faeriell.engine import Action
from faeriell.practice.schedule import wait_words
from faeriell.ui.launch import new_seed
from faeriell.engine.saves import replay, SaveError
from faeriell.puzzles.path import practice_items
from faeriell.practice.habits import costly_habit

TABS = (("puzzles", "Puzzles"), ("rated", "Rated puzzles"), ("drills", "Drills"), ("ladder", "Ladder"),
        ("daily", "Daily game"))
TITLES = {"puzzles": "Puzzles by theme", "rated": "Rated puzzles", "drills": "Drills: learn from your mistakes",
          "ladder": "The ladder", "daily": "The daily game"}
LEVEL_NAMES = {1: "Easy", 2: "Medium", 3: "Hard"}


class PracticeScene(MenuScene):
    ui_scaled = True        # drawn larger with the Interface size (canvas.ui_factor), like the start screen

    def __init__(self, host: Host, tab: str = "puzzles", folder=None, clock=time.time, back=None):
        self.host = host
        self.folder = folder if folder is not None else data_folder()
        self.clock = clock
        self.back_scene = back
        self.tab = tab if tab in dict(TABS) else "puzzles"
        self.status: tuple[str, bool] | None = None
        self.size = host.size
        self.selected_drill: str | None = None
        self.coop_players = 2                  # the Full Coop ladder at 2, 3 or 4 players (bot partners)
        self.puzzle_items: list | None = None  # the themed path, read when its tab is first shown
        self.puzzle_path = ""                  # the chosen puzzle (or a typed scenario file)
        self.keys = KeyFocus()
        self.summary = ""
        self.entries: list | None = None       # the rated trainer's puzzles, read off the UI thread
        self._entries_job: Background | None = None
        self.reload()
        self.layout()

    def _read_entries(self) -> bool:
        """Start (or look at) the read of the trainer's puzzle files; True once they are known."""
        if self.entries is not None:
            return True
        job = self._entries_job
        if job is None:
            self._entries_job = job = Background(all_entries)
        if not job.join(LIST_WAIT_S):
            return False
        self.entries = list(job.result() or [])
        self._entries_job = None
        self.reload()
        return True

    def update(self, dt_ms: int) -> bool:
        job = self._entries_job
        if job is not None and job.finished:
            self._read_entries()
            self.layout()
            return True
        return False

    def back_here(self) -> tuple[str, dict]:
        """Where the table's "Back to Practice" returns: this screen, on this tab."""
        return ("practice", {"tab": self.tab})

    # ---- data --------------------------------------------------------------------------------
    def reload(self) -> None:
        self.drills = DrillBook(self.folder, self.clock)
        self.trainer = Trainer(self.folder, self.entries or [], self.clock)
        self.ladder = LadderBook(self.folder)
        self.daily = DailyBook(self.folder)
        notes = [b.note for b in (self.drills, self.trainer, self.ladder, self.daily) if b.note]
        if notes:
            self.status = (" ".join(notes), True)

    def _words(self):
        rules = self.host.rules
        return Words(rules.catalog, list(rules.catalog.tribes), rules) if rules is not None else None

    def drill_items(self) -> list[tuple]:
        now = self.clock()
        words = self._words()
        out = []
        for d in self.drills.due(now) + self.drills.upcoming(now):
            try:
                played = words.action(Action.from_dict(d.played)) if words else str(d.played.get("action"))
            except (ValueError, KeyError, TypeError):   # a drills.json move the rules no longer know: its kind
                played = str(d.played.get("action", "a move"))
            when = wait_words(d.due, now)
            state = {"solved": "last time: found", "failed": "last time: missed"}.get(d.last, "new")
            out.append((d.id, f"{when.capitalize()} · round {d.round} · {d.label}",
                        f"You played: {played} · {state}"))
        return out

    # ---- actions -----------------------------------------------------------------------------
    def show_tab(self, tab: str) -> None:
        self.tab = tab
        self.status = None
        self.reload()
        self.layout()

    def start_drill(self, did: str | None = None) -> None:
        did = did or self.selected_drill
        due = self.drills.due()
        d = self.drills.get(did) if did else (due[0] if due else None)
        if d is None:
            self.status = ("No drill is due. Finish a game and open its review: your key moments become drills.",
                           True)
            return
        self._report(self.host.open_drill(d, self.drills, back=self.back_here()))

    def start_at(self, level) -> None:
        self.trainer.start_at(int(level))
        self.status = (f"Your puzzle rating starts at {self.trainer.player.rating:.0f} ({LEVEL_NAMES[int(level)]}).",
                       False)
        self.layout()

    def next_puzzle(self) -> None:
        e = self.trainer.next_puzzle()
        if e is None:
            self.status = ("No puzzle files were found in data/puzzles/.", True)
            return
        self._report(self.host.open_rated_puzzle(e.path, self.trainer, back=self.back_here()))

    def play_level(self, mode: str) -> None:
        lv = LADDERS[mode][self.ladder.unlocked(mode) - 1]
        players = 1 if mode == "solo" else self.coop_players
        seats = ["human"] + ["expert"] * (players - 1)          # expert partners at the Full Coop table
        self._report(self.host.new_game(players, mode, lv.difficulty, list(lv.variants), new_seed(), seats,
                                        back=self.back_here()))

    def today(self) -> dt.date:
        return today(self.clock())

    def play_daily(self) -> None:
        c = daily_config(self.today())
        self._report(self.host.new_game(c["players"], c["mode"], c["difficulty"], c["variants"], c["seed"],
                                        ["human"], back=self.back_here()))

    def _activate_puzzle(self, key) -> None:
        if key:                                  # a row without a file (a heading) opens nothing
            self.play_puzzle(key)

    def play_puzzle(self, path=None) -> None:
        """A puzzle of the path (or a scenario file typed by its path) at the table."""
        path = str(path or self.puzzle_path or "").strip()
        if not path:
            self.status = ("Choose a puzzle in the list or type the path of a scenario file.", True)
            return
        self._report(self.host.open_puzzle(path, back=self.back_here()))

    def _pick_puzzle(self, path) -> None:
        if not path:                          # a theme's heading row
            return
        self.puzzle_path = str(path)
        f = self.find("puzzle_path")
        if f is not None:
            f.text = ""                        # a puzzle is its name in the list, never a file path
        about = self.find("practice_about")
        if about is not None:
            about.head, about.text = self.practice_about()
        self.status = None

    def practice_about(self) -> tuple[str, str]:
        """What the chosen file is: its name, then its description and goal (a puzzle)."""
        path = str(self.puzzle_path or "").strip()
        if not path:
            return "", "Choose a puzzle or a scenario in the list."
        info = puzzle_info(path)
        bits = [info["name"]]
        if info["description"]:
            bits.append(info["description"])
        if info["goal"]:
            bits.append("Goal: " + info["goal"])
        elif not info["description"]:
            bits.append("A rule scenario: a position to play from (no goal).")
        return bits[0], "\n".join(bits[1:])

    def replay_best(self) -> None:
        best = self.daily.best(self.today())
        if best is None:
            self.status = ("No daily game finished today yet.", True)
            return
        try:
            game = replay(self.host.rules, best["origin"], best["actions"])
        except SaveError as e:
            self.status = (f"Your best game of the day could not be replayed: {e}", True)
            return
        self.host.go("replay", game=game, seats=["human"], start=0, back=self)

    def _report(self, err: str | None) -> None:
        if err:
            self.status = (err, True)
            self.layout()

    # ---- layout ------------------------------------------------------------------------------
    def content_rect(self) -> pygame.Rect:
        w, h = self.size
        x = 24 + 220 + 24
        return pygame.Rect(x, 96, max(200, w - x - 24), max(200, h - 96 - 24))

    def tab_label(self, tab: str, label: str) -> str:
        if tab == "drills":
            due = len(self.drills.due(self.clock()))
            return f"Drills · {due} due" if due else label
        return label

    def layout(self) -> None:
        w, h = self.size
        self.root = W.Container(pygame.Rect(0, 0, w, h))
        x, y = 24, 96
        for tab, label in TABS:
            self.root.add(Button((x, y, 220, 44), self.tab_label(tab, label), partial(self.show_tab, tab),
                                 id=f"tab_{tab}", selected=self.tab == tab))
            y += 52
        self.root.add(Button((x, y + 12, 220, 44), "Progress", lambda: self.host.go("stats", back=self),
                             id="progress"))
        self.root.add(Button((x, max(y + 70, h - 68), 220, 44), "Back", self.back, id="back"))
        r = self.content_rect()
        body = pygame.Rect(r.x + 16, r.y + 56, r.width - 32, r.height - 56 - 80)
        foot_y = r.bottom - 64
        getattr(self, f"_layout_{self.tab}")(body, foot_y, r)

    def _layout_puzzles(self, body, foot_y, r) -> None:
        if self.puzzle_items is None:
            self.puzzle_items = practice_items()
            if not self.puzzle_path:              # the first unsolved puzzle, ready to play
                keys = [k for k, _title, _ in self.puzzle_items if k]
                fresh = [k for k, title, _ in self.puzzle_items if k and not title.startswith("Solved")]
                self.puzzle_path = str((fresh or keys or [""])[0])
        about_h = 0
        if body.height >= 300:          # the chosen puzzle's words, whole at the Text size (up to half the room)
            head, text = self.practice_about()
            need = font(20).get_linesize() + 2 + wrapped_height(text, body.width - 8, 17) + 10
            about_h = min(max(92, need), body.height // 2)
        list_h = max(60, body.height - 46 - about_h)
        lb = ListBox((body.x, body.y, body.width, list_h), self.puzzle_items, on_select=self._pick_puzzle,
                     on_activate=self._activate_puzzle, id="puzzles",
                     empty_text="No puzzle files found in data/puzzles/")
        for k, item in enumerate(self.puzzle_items):
            if item[0] == self.puzzle_path:
                lb.selected = k
                lb.scroll = max(0, min(k * lb.row - list_h // 2, lb.max_scroll()))
        self.root.add(lb)
        if about_h:
            head, text = self.practice_about()
            self.root.add(_About(pygame.Rect(body.x + 4, body.y + list_h + 6, body.width - 8, about_h - 10), head,
                                 text, id="practice_about"))
        listed = {k for k, _, _ in self.puzzle_items if k}
        typed = "" if self.puzzle_path in listed else self.puzzle_path     # no file path for a listed puzzle
        self.root.add(TextField((body.x, body.y + list_h + about_h + 6, body.width, 36), typed,
                                on_submit=self.play_puzzle, on_change=lambda t: setattr(self, "puzzle_path", t),
                                id="puzzle_path", placeholder="or type the path of your own scenario file (.yaml)"))
        self.root.add(Button((r.right - 206, foot_y, 190, 48), "Play", self.play_puzzle, id="play",
                             primary=True, size=26))
        self.summary = ("Puzzles by theme, easiest first. Double-click one to play it; any scenario file opens "
                        "by its path.")

    def _layout_drills(self, body, foot_y, r) -> None:
        items = self.drill_items()
        habit = costly_habit(self.drills.drills)
        if habit is not None and body.height >= 260:
            # the pattern of the recent key moments first: the one thing to practise (issue 41, item 5)
            about = pygame.Rect(body.x + 4, body.y, body.width - 8, 60)
            self.root.add(_About(about, "Your most frequent costly habit", habit.words, id="habit"))
            self.root.add(Button((r.right - 412, foot_y, 190, 48), "Drill this habit",
                                 lambda: self.start_drill(habit.drill_ids[0]), id="drill_habit"))
            body = pygame.Rect(body.x, body.y + 68, body.width, body.height - 68)
        lb = ListBox(body, items, on_select=self._pick_drill, on_activate=self.start_drill, id="drills",
                     empty_text="No drills yet: finish a game and open its review")
        for k, it in enumerate(items):
            if it[0] == self.selected_drill:
                lb.selected = k
        self.root.add(lb)
        due = len(self.drills.due())
        self.root.add(Button((r.right - 206, foot_y, 190, 48), "Start drill", self.start_drill, id="start_drill",
                             primary=True, size=26, enabled=bool(items)))
        self.summary = (f"{due} drill{'s' if due != 1 else ''} due now, {len(items) - due} waiting. A drill comes "
                        f"back after 1 day, 3 days, a week, a month; a miss starts it again.")

    def _pick_drill(self, did) -> None:
        self.selected_drill = did

    def _layout_rated(self, body, foot_y, r) -> None:
        self._read_entries()
        y = body.y + 150
        self.root.add(Label(pygame.Rect(body.x, y, body.width, 24), "Start at a level (sets your rating):", 20,
                            ACCENT))
        self.root.add(Choice((body.x, y + 28, min(480, body.width), 38), list(LEVEL_NAMES.items()), None,
                             self.start_at, id="start_level"))
        nxt = self.trainer.next_puzzle()
        self.root.add(Button((r.right - 246, foot_y, 230, 48), "Next rated puzzle", self.next_puzzle,
                             id="next_puzzle", primary=True, size=24, enabled=nxt is not None))
        t = self.trainer
        self.summary = (f"Next: {nxt.name} (rated {t.puzzle_rating(nxt).rating:.0f})." if nxt else
                        "Reading the puzzles…" if self.entries is None else "No puzzles found.")

    def _layout_ladder(self, body, foot_y, r) -> None:
        half = (body.width - 16) // 2
        for k, mode in enumerate(("solo", "coop")):
            x = body.x + k * (half + 16)
            self.root.add(Button((x, foot_y, min(half, 260), 48), f"Play {'Solo' if k == 0 else 'Full Coop'} "
                                 f"level {self.ladder.unlocked(mode)}", partial(self.play_level, mode),
                                 id=f"play_{mode}", primary=k == 0, size=20))
        x = body.x + half + 16
        self.root.add(Label(pygame.Rect(x, foot_y - 84, half, 24), "Full Coop players (bot partners):", 17,
                            MUTED))
        self.root.add(Choice((x, foot_y - 56, min(half, 260), 34), [(n, str(n)) for n in (2, 3, 4)],
                             self.coop_players, self._set_coop_players, id="coop_players", size=18))
        self.summary = ""

    def _set_coop_players(self, n) -> None:
        self.coop_players = int(n)
        self.layout()

    def _layout_daily(self, body, foot_y, r) -> None:
        self.root.add(Button((r.right - 206, foot_y, 190, 48), "Play today", self.play_daily, id="play_daily",
                             primary=True, size=26))
        self.root.add(Button((r.right - 412, foot_y, 190, 48), "Replay my best", self.replay_best,
                             id="replay_best", size=22, enabled=self.daily.best(self.today()) is not None))
        self.summary = "The same island for every player today: the seed comes from the date."
        self.daily_note = daily_why(self.today())

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if self.root.focused_field() is not None and ev.type == pygame.KEYDOWN and ev.key != pygame.K_TAB:
            return self.root.handle(ev)               # the typing (Enter plays the file, Esc leaves the field)
        return self.menu_event(ev, escape=self.back, keys=self.keys) or (
            ev.type == pygame.TEXTINPUT and self.root.focused_field() is not None)

    def draw(self, surf) -> None:
        self.draw_heading(surf, "Practice")
        r = self.content_rect()
        W.panel(surf, r, TITLES[self.tab])
        body = pygame.Rect(r.x + 16, r.y + 56, r.width - 32, r.height - 56 - 80)
        getattr(self, f"_draw_{self.tab}", lambda s, b: None)(surf, body)
        self.root.draw(surf)
        self.keys.draw(surf, self.root)
        # the footer's words, left of its buttons (the widest footer: Daily's two)
        buttons = [wd.rect for wd in self.root.children if isinstance(wd, Button) and wd.rect.y >= r.bottom - 70
                   and wd.rect.x > r.x + r.width // 3]
        right = min([b.x for b in buttons] + [r.right - 16]) - 16
        foot = pygame.Rect(r.x + 16, r.bottom - 64, max(120, right - r.x - 16), 58)
        if self.status:
            draw_wrapped(surf, self.status[0], foot, 16, ERROR if self.status[1] else OK, max_lines=3)
        elif self.summary:
            draw_wrapped(surf, self.summary, foot, 16, MUTED, max_lines=3)

    def _draw_rated(self, surf, body) -> None:
        t = self.trainer
        draw_text(surf, f"Your puzzle rating: {t.player.rating:.0f}", (body.x, body.y), 34, TEXT)
        known = f"{len(t.entries)} puzzles" if self.entries is not None else "reading the puzzles…"
        draw_text(surf, f"± {2 * t.player.rd:.0f} · {t.tried} tried, {t.solved} solved · {known}",
                  (body.x, body.y + 42), 18, MUTED)
        chart = pygame.Rect(body.x, body.y + 240, body.width, max(60, body.height - 250))
        draw_line_chart(surf, chart, [r for _, r in t.history][-60:], "Rating, last 60 changes")

    def _draw_ladder(self, surf, body) -> None:
        """One table for both ladders (their levels are the same): each level's name once, then
        where you stand on it in Solo and in Full Coop."""
        # each column's name only: the levels marked "won" say how far the player came (with
        # "· best 3" the heads did not fit at 1024x640 and "Larger")
        heads = dict(LADDER_NAMES)
        # the columns as wide as their heads (not a quarter each): a narrow window leaves the
        # levels' long names their room (at 1024x640 the last one was cut)
        longest = max(font(0).size(f"{lv.number}. {lv.title}")[0] for lv in LADDERS["solo"])
        col = min(170, body.width // 4, max(font(20).size(h)[0] for h in heads.values()) + 14,
                  (body.width - longest - 12) // 2)
        xs = {"solo": body.right - 2 * col, "coop": body.right - col}
        draw_text(surf, "Level", (body.x, body.y), 20, ACCENT)
        for mode, x in xs.items():
            draw_text(surf, heads[mode], (x, body.y), 20, ACCENT, width=col - 8)
        y = body.y + 34
        for solo, coop in zip(LADDERS["solo"], LADDERS["coop"], strict=False):
            draw_text(surf, f"{solo.number}. {solo.title}", (body.x, y), 17, TEXT,
                      width=xs["solo"] - body.x - 12)
            for mode, lv in (("solo", solo), ("coop", coop)):
                best = self.ladder.best[mode]
                if lv.number <= best:
                    mark, colour = "won", OK
                elif lv.number == self.ladder.unlocked(mode):
                    mark, colour = "open", TEXT
                else:
                    mark, colour = "locked", MUTED
                draw_text(surf, mark, (xs[mode], y), 16, colour)
            y += 26

    def _draw_daily(self, surf, body) -> None:
        d = self.today()
        c = daily_config(d)
        draw_text(surf, d.strftime("%A %d %B %Y"), (body.x, body.y), 30, TEXT)
        draw_text(surf, f"Solo · {c['difficulty'].replace('_', ' ').capitalize()} · seed {c['seed']}",
                  (body.x, body.y + 40), 20, MUTED)
        draw_wrapped(surf, self.daily_note, pygame.Rect(body.x, body.y + 140, body.width,
                                                        max(40, min(120, body.bottom - body.y - 140))), 18, MUTED)
        best = self.daily.best(d)
        if best is None:
            text = "Your best today: not played yet."
        else:
            text = (f"Your best today: {'saved Faeriell' if best['won'] else 'lost'} with {best['achievements']} "
                    f"Achievement{'s' if best['achievements'] != 1 else ''}, Doom {best['doom']}, "
                    f"{best['rounds']} rounds.")
        draw_wrapped(surf, text, pygame.Rect(body.x, body.y + 80, body.width, 60), 20, TEXT)


def daily_why(date) -> str:
    """Why the daily game is as hard as it is: the day of the week sets it (practice.daily)."""
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    name = {d: d.replace("_", " ").capitalize() for d in WEEKDAY_DIFFICULTY}
    week = ", ".join(f"{day} {name[lv]}" for day, lv in zip(days, WEEKDAY_DIFFICULTY, strict=False))
    return (f"{name[daily_config(date)['difficulty']]} because it is {days[date.weekday()]}: the day of the week "
            f"sets the difficulty ({week}).")


class _About(Widget):
    """The chosen puzzle: its name, then its description and goal, wrapped to fit."""

    def __init__(self, rect, head: str, text: str, id=None):
        super().__init__(rect, id)
        self.head, self.text = head, text

    def draw(self, surf) -> None:
        r = self.rect
        y = r.y
        if self.head:
            draw_text(surf, self.head, (r.x, y), 20, ACCENT, width=r.width)
            y += max(24, font(20).get_linesize() + 2)
        size = 17                              # smaller type before any line is left out
        while size > 11 and wrapped_height(self.text, r.width, size) > r.bottom - y:
            size -= 1
        lines = max(1, (r.bottom - y) // (font(size).get_linesize() + 2))
        draw_wrapped(surf, self.text, pygame.Rect(r.x, y, r.width, r.bottom - y), size, TEXT, max_lines=lines)


def draw_line_chart(surf, rect: pygame.Rect, values: list[float], title: str) -> None:
    """A small line chart of `values` (oldest first) with its lowest and highest value marked."""
    W.panel(surf, rect)
    draw_text(surf, title, (rect.x + 10, rect.y + 6), 16, MUTED)
    if len(values) < 2:
        draw_text(surf, "Play rated puzzles to draw your rating here.", rect.center, 17, MUTED, anchor="center")
        return
    lo, hi = min(values), max(values)
    span = max(1.0, hi - lo)
    inner = rect.inflate(-60, -40).move(20, 8)
    pts = [(inner.x + k * inner.width / (len(values) - 1), inner.bottom - (v - lo) / span * inner.height)
           for k, v in enumerate(values)]
    pygame.draw.lines(surf, ACCENT, False, pts, 2)
    draw_text(surf, f"{hi:.0f}", (rect.x + 6, inner.y - 8), 14, MUTED)
    draw_text(surf, f"{lo:.0f}", (rect.x + 6, inner.bottom - 8), 14, MUTED)

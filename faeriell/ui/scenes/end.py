"""The end screen (scene "end"): how the game ended (state.end_reason), the ranking (state.ranking, winners
marked from state.winners) and each tribe's Achievements; New game / Back to start / See the table.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from faeriell.engine.endgame import coop_target
from faeriell.ui import widgets as W
from faeriell.ui.controls import Button
from faeriell.ui.text import draw_text, draw_wrapped, font, wrap, wrapped_height
from faeriell.ui.theme import BG, ERROR, MUTED, OK, PANEL_EDGE, TEXT, tribe_rgb
from faeriell.ui.key_focus import KeyFocus
from faeriell.ui.backdrop import draw_backdrop
from faeriell.ui.scene import Host, MenuScene
from faeriell.practice.record import game_finished

if TYPE_CHECKING:
    from faeriell.session import Session

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
GOLD = (240, 200, 90)


class EndScene(MenuScene):
    ui_scaled = True        # drawn larger with the Interface size (canvas.ui_factor)

    def __init__(self, host: Host, session: Session, table=None):
        """`table`: the table screen this game was played on (See the table goes back to it)."""
        self.host = host
        self.session: Session = session          # the finished game (never None here)
        self.played_on = table                # a TableScreen: `table` (Scene.table) is a TableScene drawn
        self._to_table = False                # See the table / Review: the table stays open
        self.size = host.size
        self.root = W.Container(pygame.Rect(0, 0, *self.size))
        self.keys = KeyFocus()
        self.practice_notes = self._keep_for_practice()
        self.layout()

    def _keep_for_practice(self) -> list[str]:
        """A finished game goes into the statistics, the ladder and the daily game (once)."""
        s = self.session
        if not s.state.game_over or s.practice_kept:
            return list(s.practice_notes)
        try:
            s.practice_notes = game_finished(s.game, s.credited_seats())   # a person's moves count, not bots'
        except (OSError, ValueError) as exc:   # a practice file that cannot be written (store.Document keeps
            self.host.report("keeping this game in your statistics", exc)   # a bad one aside): the end screen shows anyway
            s.practice_notes = []
        s.practice_kept = True
        return list(s.practice_notes)

    # ---- what to show --------------------------------------------------------------------------
    def headline(self) -> str:
        s = self.session.state
        if not s.game_over:
            return "The game goes on"
        if not s.winners:
            return "Faeriell falls"
        if s.mode in ("coop", "solo"):
            return "Faeriell is saved!"
        if len(s.winners) == 1:
            return f"{self.tribe_name(s.winners[0])} wins!"
        return "A shared victory"

    def tribe_name(self, i: int) -> str:
        t = self.session.state.tribes[i]
        return str((self.session.game.rules.catalog.tribes.get(t.id) or {}).get("name") or t.id.capitalize())

    def achievement_name(self, aid: str) -> str:
        return str((self.session.game.rules.catalog.achievements.get(aid) or {}).get("name") or aid)

    def rows(self) -> list[tuple[str, int]]:
        """(place label, tribe index) in ranking order; tribes outside the ranking follow, unplaced."""
        s = self.session.state
        ranking = [i for i in s.ranking if isinstance(i, int) and 0 <= i < len(s.tribes)]
        out = [(ORDINALS[k] if k < len(ORDINALS) else f"{k + 1}th", i) for k, i in enumerate(ranking)]
        out += [("–", i) for i in range(len(s.tribes)) if i not in ranking]
        return out

    def setup_line(self) -> str:
        s = self.session.state
        bits = [{"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}.get(s.mode, s.mode),
                f"{s.players} player{'s' if s.players != 1 else ''}", s.difficulty.replace("_", " ")]
        if s.variants:
            known = self.session.game.rules.modes.get("variants") or {}
            bits.append(", ".join(str((known.get(v) or {}).get("name") or v) for v in s.variants))
        if s.mode == "coop":
            row = coop_target(self.session.game)          # the engine's win row (data/modes.yaml, validated)
            held = sum(1 for holders in s.achievements.values() if holders)
            bits.append(f"{held} of {row['achievements']} Achievements held together")
        bits.append(f"round {s.round}")
        bits.append(f"Doom {s.doom}")
        return " · ".join(bits)

    # ---- buttons -------------------------------------------------------------------------------
    def new_game(self) -> None:
        s = self.session.state
        self.host.go("start", tab="new", config={"players": s.players, "mode": s.mode, "difficulty": s.difficulty,
                                               "variants": list(s.variants), "seats": list(self.session.seats)})

    def back(self) -> None:
        name, kwargs = self.session.back_to or ("start", {})
        self.host.go(name, **kwargs)          # a ladder or daily game: back to its Practice tab

    def see_table(self) -> None:
        if self.played_on is not None:
            self._to_table = True
            self.host.show(self.played_on)

    def review(self) -> None:
        self._to_table = True                 # the review comes back here, and may go on to the table
        self.host.go("review", session=self.session, back=self)

    def leave(self) -> None:
        """Left for anywhere but its table (or the review that comes back): the table is left too,
        so its game is let go (Continue, Load in this window find it free)."""
        to_table, self._to_table = self._to_table, False
        if self.played_on is not None and not to_table:
            self.played_on.close()

    def layout(self) -> None:
        w, h = self.size
        self.root = W.Container(pygame.Rect(0, 0, w, h))
        n = 4 if self.played_on is not None else 3
        bw, gap = min(220, (w - 80) // n), 16
        x = (w - (n * bw + (n - 1) * gap)) // 2
        y = h - 80
        self.root.add(Button((x, y, bw, 52), "Review the game", self.review, id="review", primary=True,
                             size=24))
        x += bw + gap
        self.root.add(Button((x, y, bw, 52), "New game", self.new_game, id="new_game", size=24))
        practice = (self.session.back_to or ("start",))[0] == "practice"
        self.root.add(Button((x + bw + gap, y, bw, 52), "Back to Practice" if practice else "Back to start",
                             self.back, id="back", size=24))
        if self.played_on is not None:
            self.root.add(Button((x + 2 * (bw + gap), y, bw, 52), "See the table", self.see_table, id="table",
                                 size=24))

    # ---- Scene ---------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        return self.menu_event(ev, escape=self.back, enter=self.new_game, keys=self.keys)

    def draw(self, surf) -> None:
        w, h = self.size
        s = self.session.state
        surf.fill(BG)
        draw_backdrop(surf, "end")
        won = bool(s.winners)
        draw_text(surf, self.headline(), (w // 2, 34), 64, GOLD if won else ERROR, anchor="midtop", width=w - 40)
        y = 100
        fnt = font(22)
        for line in wrap(fnt, s.end_reason or "", min(840, w - 40))[:3]:
            draw_text(surf, line, (w // 2, y), 22, TEXT, anchor="midtop")
            y += fnt.get_linesize() + 2
        draw_text(surf, self.setup_line(), (w // 2, y + 6), 18, MUTED, anchor="midtop", width=w - 40)
        y += 40
        if self.practice_notes:            # a ladder level opened, a daily best, a file that could not be kept
            draw_text(surf, " ".join(self.practice_notes), (w // 2, y - 8), 17, OK, anchor="midtop", width=w - 40)
            y += 22
        tw = min(860, w - 40)
        want = 50 + sum(self._row_height(i, tw) for _, i in self.rows())
        table = pygame.Rect(max(20, w // 2 - tw // 2), y, tw, max(60, min(want, h - 100 - y)))
        W.panel(surf, table)
        old = surf.get_clip()
        surf.set_clip(table)
        self._draw_rows(surf, table)
        surf.set_clip(old)
        self.root.draw(surf)
        self.keys.draw(surf, self.root)

    def _achievement_text(self, i: int) -> str:
        return ", ".join(self.achievement_name(a) for a in self.session.state.tribes[i].achievements) \
            or "no Achievement"

    def _row_height(self, i: int, table_w: int) -> int:
        text_w = table_w - 18 - 64 - 50
        return 52 + max(20, min(2 * 19, wrapped_height(self._achievement_text(i), text_w, 17))) + 10

    def _draw_rows(self, surf, table: pygame.Rect) -> None:
        s = self.session.state
        cat = self.session.game.rules.catalog
        x0, y = table.x + 18, table.y + 12
        cols = {"place": x0, "tribe": x0 + 64, "ach": table.right - 290, "cor": table.right - 170,
                "set": table.right - 80}
        for key, label in (("tribe", "Tribe"), ("ach", "Achievements"), ("cor", "Corruption"), ("set", "Settl.")):
            draw_text(surf, label, (cols[key], y), 18, MUTED)
        y += 26
        solo_need = None
        if s.mode == "solo":
            solo_need = int(self.session.game.rules.modes["solo"]["achievements"])   # validated at load
        for place, i in self.rows():
            t = s.tribes[i]
            rgb = tribe_rgb(cat, t.id)
            winner = i in s.winners
            pygame.draw.line(surf, PANEL_EDGE, (table.x + 10, y - 4), (table.right - 10, y - 4))
            draw_text(surf, place, (cols["place"], y + 4), 30, GOLD if winner else TEXT)
            pygame.draw.rect(surf, rgb, (cols["tribe"], y + 6, 18, 18), border_radius=4)
            seat = self.session.seats[i] if i < len(self.session.seats) else "human"
            who = f"player {i + 1}" + ("" if seat == "human" else f" · bot ({seat})")
            if t.sower:
                who += " · Corruption Sower"
            draw_text(surf, self.tribe_name(i), (cols["tribe"] + 26, y + 4), 26, rgb,
                      width=cols["ach"] - cols["tribe"] - 130)
            if winner:
                draw_text(surf, "winner", (cols["ach"] - 16, y + 8), 20, GOLD, anchor="topright")
            draw_text(surf, who, (cols["tribe"] + 26, y + 28), 17, MUTED, width=cols["ach"] - cols["tribe"] - 40)
            count = f"{len(t.achievements)}" + (f" / {solo_need}" if solo_need else "")
            draw_text(surf, count, (cols["ach"], y + 6), 28, TEXT)
            draw_text(surf, str(t.corruption), (cols["cor"], y + 6), 28, TEXT)
            draw_text(surf, str(len(t.settlements)), (cols["set"], y + 6), 28, TEXT)
            names = self._achievement_text(i)
            used = draw_wrapped(surf, names, pygame.Rect(cols["tribe"] + 26, y + 48,
                                                         table.right - cols["tribe"] - 50, 60), 17, TEXT,
                                max_lines=2)
            y += 52 + max(20, used) + 10

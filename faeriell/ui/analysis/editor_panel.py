"""The position editor's panel: a palette of pieces to drag onto the island, steppers for the
counts and the turn, and the position check's one line.

Every change is one of faeriell.analysis's edits (a new Position, or a Fault: the refusal in the
game's words, the position kept); the check (an.check) runs after each and its fault is shown
with its pieces marked on the table. Nothing here decides a rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable

import pygame

from faeriell import analysis as an
from faeriell.analysis.edit import owner_of_region
from faeriell.engine import Game
from faeriell.engine.names import Names
from faeriell.engine.words import COLORS, Colour
from faeriell.ui.text import draw_text
from faeriell.ui.theme import BTN, FIELD_BG, PANEL_EDGE, TEXT

TEXT_PX = 16
HEROES = ("adventurer", "chieftain", "shaman", "druid", "shadow", "sower")
PICKS = ("herbs", "attunements", "achievements", "perks")
PICK_WORDS = {"herbs": "Herb", "attunements": "Attunement", "achievements": "Achievement", "perks": "Perk"}
# The editor's pages, so each fits a 1024x640 window without scrolling: the palette's pieces, then
# the steppers of the board and the turn, the tribe's tracks, the tribe's cards (a stepper not
# named below is on "board").
PAGES = (("pieces", "Pieces"), ("board", "Board"), ("tribe", "Tribe"), ("cards", "Cards"))
TRIBE_PAGE = ("corruption", "ess_red", "ess_yellow", "ess_blue", "ess_green",
              "solved_red", "solved_yellow", "solved_blue", "solved_green")
CARDS_PAGE = ("pick_herbs", "herbs", "pick_attunements", "attunements", "pick_achievements", "achievements",
              "designated", "pick_perks", "hero_level")
UNDER = ("red", "yellow", "blue", "green", "corruption", None)
PHASES = (None, "tribe", "event", "hero")
MODES = ("competitive", "coop", "solo")
MODE_WORDS = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}


@dataclass
class Chip:
    """One piece of the palette: what it is ("settlement", "beacon", "hero", "totem",
    "guardian", "token", "drifter"), its variant (a colour, a Hero type, a Guardian...) and
    where it is drawn."""
    kind: str
    rect: pygame.Rect
    variant: str | None = None
    src: str | None = None       # a piece taken from the table: where it stood (a Region, Node, wheel space)
    seat: int | None = None      # ... and whose it is


class Editor:
    def __init__(self, pos: an.Position, rules):
        self.rules = rules
        self.pos = pos
        self.seat = 0
        self.fault: an.Fault | None = None
        self.refusal: str | None = None        # the last edit refused, in words
        self.refusal_kind: str | None = None   # ... and the rule F1 opens for it
        self.hero = 0                          # the Hero type, Guardian and token the chips place
        self.guardian = 0
        self.token = 0
        # which Herb, Attunement, Achievement and Perk the counts add: chosen by name, as a
        # player rebuilding their own table holds exactly these (an index into choices(what))
        self.picks = dict.fromkeys(PICKS, 0)
        self.names = Names.of(rules)
        self.page = "pieces"                     # which page is shown (PAGES)
        self.chips: list[Chip] = []
        self.rect = pygame.Rect(0, 0, 1, 1)      # the palette's and steppers' view (it scrolls)
        self.scroll = 0
        self.content_h = 0
        self._below = 0
        self.steppers: list[tuple[str, pygame.Rect]] = []
        self._shown: Game | None = None          # the last position that could be set on the table
        self.recheck()

    # ---- the position ------------------------------------------------------------------------
    def recheck(self) -> None:
        self.fault = an.check(self.pos, self.rules)

    def rule_kind(self) -> str | None:
        """What F1 explains in the editor: the last refusal's rule, else the check's fault's."""
        return self.refusal_kind or (self.fault.rule_kind if self.fault is not None else None)

    def legal(self) -> bool:
        return self.fault is None

    def game(self, check: bool = False):
        """The engine's game at the position; with check=False, a position whose pieces cannot
        all be set out (a file's, not yet mended) shows the last one that could, else an empty
        table of as many players."""
        if check:
            return an.build(self.pos, self.rules, check=True)
        try:
            self._shown = an.build(self.pos, self.rules, check=False)
        except (an.AnalysisError, ValueError, KeyError, TypeError):
            # build(check=False) sets out a file's position not yet mended: fields of any shape
            if self._shown is None:
                self._shown = an.build(an.empty_position(len(self.pos.tribes) or 2), self.rules, check=False)
        return self._shown

    def edit(self, fn: Callable[..., object], *args, **kw) -> bool:
        """Run one edit; True when the position changed (a refusal is kept in `refusal`)."""
        got = fn(self.pos, *args, rules=self.rules, **kw)
        if isinstance(got, an.Fault):
            self.refusal, self.refusal_kind = got.message, got.rule_kind
            return False
        self.refusal, self.refusal_kind = None, None
        if got == self.pos:
            return False
        self.pos = got                            # type: ignore[assignment]
        self.recheck()
        return True

    # ---- names the palette cycles through -------------------------------------------------------
    def guardians(self) -> list[str]:
        return sorted(self.pos.board.guardians)

    def guardian_id(self) -> str:
        g = self.guardians()
        return g[self.guardian % len(g)] if g else ""

    def hero_id(self) -> str:
        return HEROES[self.hero % len(HEROES)]

    def token_kind(self) -> str | None:
        return UNDER[self.token % len(UNDER)]

    # ---- a chip dropped on the table ------------------------------------------------------------
    def drop(self, chip: Chip, region: str | None, node: str | None) -> bool:
        """The chip dropped on `region` / `node` (None: not on the island); True when placed."""
        k, seat = chip.kind, self.seat
        if region is None and node is None:
            self.refusal = "Drop the piece on the island."
            return False
        if k == "settlement":
            return self.edit(an.place_settlement, seat, region)
        if k == "beacon":
            return self.edit(an.place_beacon, seat, region, chip.variant)
        if k == "totem":
            return self.edit(an.place_totem, region)
        if k == "guardian":
            return self.edit(an.move_guardian, self.guardian_id(), region)
        if k == "token":
            here = [g for g, r in self.pos.board.guardians.items() if r == region]
            if not here:
                self.refusal = "A Menace or Corruption token lies under a Guardian: drop it on a Guardian's Region."
                return False
            return self.edit(an.set_under, here[0], self.token_kind())
        if k == "hero":
            return self.edit(an.place_hero, seat, self.hero_id(), node)
        if k == "drifter":
            return self.edit(an.place_drifter, node, seat)
        return False

    # ---- a piece on the table dragged to a new place ----------------------------------------------
    def moved(self, chip: Chip, region: str | None, node: str | None, space: str | None) -> bool:
        """The piece `chip` took from the table (chip.src: where it stood) dropped on `region`,
        `node` or the wheel's `space`; True when it moved. A refusal keeps it where it was."""
        k, src = chip.kind, chip.src
        if k in ("harvest", "gem"):
            if space is None:
                self.refusal = "Drop it on a space of the Harvest wheel."
                return False
            if k == "harvest":
                return self.edit(an.set_harvest, space)
            gems = list(self.pos.board.winter_gems)
            if space in gems:
                self.refusal = "That space of the wheel holds a gem already."
                return False
            if src is None:                     # from the palette: one gem more
                return self.edit(an.set_winter_gems, gems + [space])
            return self.edit(an.set_winter_gems, [space if g == src else g for g in gems])
        if k in ("hero", "drifter"):
            if node is None:
                self.refusal = "Drop it on a Node: the dot where three Regions meet."
                return False
            if k == "hero":
                return self.edit(an.move_hero, chip.seat, chip.variant, node)
            dr = self.pos.board.drifter or {}
            return self.edit(_then(an.remove_drifter, an.place_drifter), (), (node, int(dr.get("owner", 1)) - 1))
        if region is None:
            self.refusal = "Drop the piece on the island."
            return False
        if k == "settlement":
            return self.edit(an.move_settlement, src, region)
        if k == "beacon":
            return self.edit(_then(an.remove_beacon, an.place_beacon), (src,), (chip.seat, region, chip.variant))
        if k == "totem":
            yellow = int((self.pos.board.totem or {}).get("yellow", 0))
            return self.edit(an.place_totem, region, yellow)
        if k == "guardian":
            return self.edit(an.move_guardian, chip.variant, region)
        return False

    def remove_gem(self, space: str | None) -> bool:
        """A right click on a wheel space takes its Winter's gem off."""
        gems = self.pos.board.winter_gems
        if space is None or space not in gems:
            return False
        return self.edit(an.set_winter_gems, [g for g in gems if g != space])

    def remove_figure(self, node: str | None) -> bool:
        """A right click on a Node takes off the Hero or the Drifter standing there."""
        if node is None:
            return False
        for seat, t in enumerate(self.pos.tribes):
            for hero, spec in t.heroes.items():
                if spec.node == node:
                    return self.edit(an.remove_hero, seat, hero)
        if self.pos.board.drifter and self.pos.board.drifter.get("node") == node:
            return self.edit(an.remove_drifter)
        return False

    def remove_at(self, region: str | None) -> bool:
        """A right click on a Region takes off its Settlement, else its Beacon, else the Totem."""
        if region is None:
            return False
        if owner_of_region(self.pos, region) is not None:
            return self.edit(an.remove_settlement, region)
        if any(region in t.beacons for t in self.pos.tribes):
            return self.edit(an.remove_beacon, region)
        if self.pos.board.totem and self.pos.board.totem.get("region") == region:
            return self.edit(an.remove_totem)
        return False

    # ---- the counts ------------------------------------------------------------------------------
    def counts(self) -> list[tuple[str, str, Callable[[int], bool]]]:
        """(id, label with its value, step(+1/-1)) of every stepper."""
        p, s = self.pos, self.seat
        t = p.tribes[s] if s < len(p.tribes) else an.TribeSpec()
        ess = {c: sum(1 for e in t.essences if e.split("@")[0] == c) for c in COLORS}
        wheel = list(self.rules.wheel)
        harvest = p.board.harvest or wheel[0]
        out: list[tuple[str, str, Callable[[int], bool]]] = [
            ("players", f"Players {p.setup.players}", lambda d: self.edit(an.set_setup, players=p.setup.players + d)),
            ("mode", f"Mode: {MODE_WORDS.get(p.setup.mode, p.setup.mode)}",
             lambda d: self.edit(an.set_setup, mode=MODES[(MODES.index(p.setup.mode) + d) % len(MODES)]
                                 if p.setup.mode in MODES else MODES[0])),
            ("doom", f"Doom {p.board.doom}", lambda d: self.edit(an.set_doom, p.board.doom + d)),
            ("round", f"Round {p.turn.round}", lambda d: self.edit(an.set_round, p.turn.round + d)),
            ("lap", f"Lap {p.turn.lap}", lambda d: self.edit(an.set_lap, p.turn.lap + d)),
            ("turn", f"Turn: player {p.turn.player}",
             lambda d: self.edit(an.set_turn, (p.turn.player - 1 + d) % len(p.tribes))),
            ("phase", f"Phase: {(p.turn.phase or 'to choose').capitalize()}",
             lambda d: self.edit(an.set_phase, PHASES[(PHASES.index(p.turn.phase) + d) % len(PHASES)])),
            ("harvest", f"Harvest: {harvest.capitalize()}",
             lambda d: self.edit(an.set_harvest, wheel[(wheel.index(harvest) + d) % len(wheel)])),
            ("corruption", f"Corruption {t.corruption}", lambda d: self.edit(an.set_corruption, s, t.corruption + d)),
        ]
        for c in COLORS:
            def step_essences(d: int, c: Colour = c) -> bool:
                return self.edit(an.set_essences, s, c, ess[c] + d)
            out.append((f"ess_{c}", f"{c.capitalize()} Essences {ess[c]}", step_essences))
        for c in COLORS:
            n = t.solved.get(c, 0)

            def step_solved(d: int, c: Colour = c, n: int = n) -> bool:
                return self.edit(an.set_solved, s, c, n + d)
            out.append((f"solved_{c}", f"Solved {c.capitalize()} {n}", step_solved))
        setters = {"herbs": an.set_herbs, "attunements": an.set_attunements,
                   "achievements": lambda pos, seat, held, rules=None: an.set_achievements(pos, seat, held, rules=rules)}
        for what, label in (("herbs", "Herbs"), ("attunements", "Attunements"), ("achievements", "Achievements")):
            held = getattr(t, what)
            out.append(self._pick_row(what, held))

            def step_named(d: int, what: str = what, held: tuple = held) -> bool:
                return self._named(setters[what], held, what, d)
            out.append((what, f"{label} {len(held)}", step_named))
        out.append(("designated", f"Designated {t.designated}",
                    lambda d: self.edit(an.set_achievements, s, t.achievements, t.designated + d)))
        # the level of the Hero the palette's Hero piece places: the Perk chosen above it, one more or fewer
        hero = self.hero_id()
        spec = t.heroes.get(hero)
        perks = spec.perks if spec is not None else ()
        out.append(self._pick_row("perks", perks))
        out.append(("hero_level", f"{hero.capitalize()} level {1 + len(perks)}" if spec
                    else f"{hero.capitalize()}: not placed",
                    lambda d: self._named(lambda pos, seat, held, rules=None: an.set_hero(
                        pos, seat, hero, perks=held, rules=rules), perks, "perks", d)))
        # Winter's gems lie on the wheel from the space after the Harvest token on (its frost creeps on)
        k = wheel.index(harvest)
        after = wheel[k + 1:] + wheel[:k + 1]
        n = len(p.board.winter_gems)
        out.append(("winter", f"Winter's gems {n}", lambda d: self.edit(an.set_winter_gems, after[:max(0, n + d)])))
        return out

    def choices(self, what: str) -> list[str]:
        """The cards or tiles of a kind the player may choose from, in the catalogue's order."""
        cat = self.rules.catalog
        ids = list(getattr(cat, what))
        if what == "achievements" and "purity" not in ids:
            ids.append("purity")
        return list(dict.fromkeys(ids))              # a Perk printed on several cards is one choice

    def picked(self, what: str) -> str:
        ids = self.choices(what)
        return ids[self.picks[what] % len(ids)]

    def name(self, what: str, item: str) -> str:
        """The name printed on the card or tile."""
        return {"herbs": self.names.herb, "attunements": self.names.attunement,
                "achievements": self.names.achievement, "perks": self.names.perk}[what](item)

    def _pick_row(self, what: str, held: tuple) -> tuple[str, str, Callable[[int], bool]]:
        """A stepper whose ends go through the names: which one the count under it adds or takes off."""
        item = self.picked(what)
        n = sum(1 for h in held if h == item)
        mark = f" (held{' ×' + str(n) if n > 1 else ''})" if n else ""
        return (f"pick_{what}", f"{PICK_WORDS[what]}: {self.name(what, item)}{mark}",
                lambda d: self._cycle_pick(what, d))

    def _cycle_pick(self, what: str, d: int) -> bool:
        self.picks[what] = (self.picks[what] + d) % len(self.choices(what))
        self.refusal, self.refusal_kind = None, None
        return False                                 # the position is unchanged; the label follows

    def _named(self, fn, held: tuple, what: str, d: int) -> bool:
        """One more: the chosen card (the engine refuses one none is left of, in its words); one
        fewer: the chosen card when it is held, else the last one added."""
        item = self.picked(what)
        if d > 0:
            return self.edit(fn, self.seat, tuple(held) + (item,))
        if not held:
            return False
        k = max(i for i, h in enumerate(held) if h == item) if item in held else len(held) - 1
        return self.edit(fn, self.seat, tuple(held[:k]) + tuple(held[k + 1:]))

    @staticmethod
    def page_of(wid: str) -> str:
        return "tribe" if wid in TRIBE_PAGE else "cards" if wid in CARDS_PAGE else "board"

    def step(self, wid: str, d: int) -> bool:
        for cid, _label, fn in self.counts():
            if cid == wid:
                return fn(d)
        return False

    # ---- drawing and pointing ------------------------------------------------------------------
    def chip_label(self, chip: Chip) -> str:
        if chip.kind == "settlement":
            return "Settlement"
        if chip.kind == "beacon":
            return f"{(chip.variant or '').capitalize()} Beacon"
        if chip.kind == "hero":
            return (chip.variant or self.hero_id()).capitalize()
        if chip.kind == "guardian":
            return f"Guardian: {(chip.variant or self.guardian_id()).capitalize()}"
        if chip.kind == "harvest":
            return "Harvest token"
        if chip.kind == "gem":
            return "Winter's gem"
        if chip.kind == "token":
            k = self.token_kind()
            return "Token: none" if k is None else f"{k.capitalize()} token"
        return {"totem": "Totem", "drifter": "Drifter"}.get(chip.kind, chip.kind)

    def layout(self, area: pygame.Rect, below: int = 0) -> int:
        """The page shown laid out in the view `area`: the palette's chips (page "pieces"), else
        that page's steppers, one a row (their words whole at a 1024x640 window's width); scrolled
        by `scroll` in a window shorter still. `below`: room kept under them. Returns the y under them."""
        self.rect, self._below = area, below
        x, gap = area.x, 4
        y = area.y - self.scroll
        top = y
        self.chips = []
        self.steppers = []
        if self.page == "pieces":
            kinds = [("settlement", None), ("hero", None)] + [("beacon", c) for c in COLORS] + [
                ("totem", None), ("drifter", None), ("guardian", None), ("token", None), ("gem", None)]
            cw, ch = (area.width - gap) // 2, 26
            for k, (kind, var) in enumerate(kinds):
                r = pygame.Rect(x + (k % 2) * (cw + gap), y + (k // 2) * (ch + gap), cw, ch)
                self.chips.append(Chip(kind, r, var))
            y += ((len(kinds) + 1) // 2) * (ch + gap) + 2
        else:
            sh = 22
            for wid, _label, _fn in self.counts():
                if self.page_of(wid) == self.page:
                    self.steppers.append((wid, pygame.Rect(x, y, area.width, sh)))
                    y += sh + 2
        self.content_h = y - top + below
        most = max(0, self.content_h - area.height)
        if self.scroll > most:                   # a taller window: no scroll left over
            self.scroll = most
            return self.layout(area, below)
        return y

    def wheel(self, dy: int) -> bool:
        most = max(0, self.content_h - self.rect.height)
        new = max(0, min(most, self.scroll - dy * 24))
        if new == self.scroll:
            return False
        self.scroll = new
        self.layout(self.rect, self._below)
        return True

    def chip_at(self, pos) -> Chip | None:
        if not self.rect.collidepoint(pos):
            return None
        return next((c for c in self.chips if c.rect.collidepoint(pos)), None)

    def stepper_hit(self, pos) -> tuple[str, int] | None:
        """(stepper id, -1 or +1) for a click on a stepper's − or + end."""
        if not self.rect.collidepoint(pos):
            return None
        for wid, r in self.steppers:
            if r.collidepoint(pos):
                if pos[0] < r.x + 22:
                    return wid, -1
                if pos[0] > r.right - 22:
                    return wid, 1
        return None

    def cycle(self, chip: Chip) -> None:
        """A click (no drag) on a chip that places one of several: the next of them."""
        if chip.kind == "hero":
            self.hero += 1
        elif chip.kind == "guardian":
            self.guardian += 1
        elif chip.kind == "token":
            self.token += 1

    def draw(self, surf, tribe_name: Callable[[int], str]) -> None:
        clip = surf.get_clip()
        surf.set_clip(self.rect.clip(clip) if clip else self.rect)
        try:
            self._draw(surf)
        finally:
            surf.set_clip(clip)
        if self.content_h > self.rect.height:    # a scroll bar says there is more
            r = self.rect
            h = max(20, r.height * r.height // self.content_h)
            y = r.y + (r.height - h) * self.scroll // max(1, self.content_h - r.height)
            pygame.draw.rect(surf, PANEL_EDGE, (r.right + 2, y, 4, h), border_radius=2)

    def _draw(self, surf) -> None:
        for chip in self.chips:
            pygame.draw.rect(surf, BTN, chip.rect, border_radius=5)
            if chip.kind == "beacon":
                rgb = {"red": (200, 70, 60), "yellow": (220, 190, 60), "blue": (70, 120, 210),
                       "green": (70, 160, 80)}[chip.variant or "red"]
                pygame.draw.rect(surf, rgb, chip.rect, 2, border_radius=5)
            else:
                pygame.draw.rect(surf, PANEL_EDGE, chip.rect, 1, border_radius=5)
            draw_text(surf, self.chip_label(chip), chip.rect.center, TEXT_PX, TEXT, anchor="center",
                        width=chip.rect.width - 6)
        labels = {wid: label for wid, label, _fn in self.counts()}
        for wid, r in self.steppers:
            pygame.draw.rect(surf, FIELD_BG, r, border_radius=4)
            for sign, rr in (("-", pygame.Rect(r.x, r.y, 22, r.h)), ("+", pygame.Rect(r.right - 22, r.y, 22, r.h))):
                pygame.draw.rect(surf, BTN, rr, border_radius=4)
                draw_text(surf, sign, rr.center, TEXT_PX + 2, TEXT, anchor="center")
            draw_text(surf, labels.get(wid, ""), (r.centerx, r.centery), TEXT_PX, TEXT, anchor="center",
                        width=r.width - 48)


def _then(take, put):
    """One edit of two: `take` off where a piece stood, `put` it down where it goes; the first
    refusal is the answer and the position stays as it was."""
    def both(pos, take_args, put_args, rules=None):
        got = take(pos, *take_args, rules=rules)
        return got if isinstance(got, an.Fault) else put(got, *put_args, rules=rules)
    return both

"""The position editor's panel: a palette of pieces to drag onto the island, steppers for the
counts and the turn, and the position check's one line.

Every change is one of faeriell.analysis's edits (a new Position, or a Fault: the refusal in the
game's words, the position kept); the check (an.check) runs after each and its fault is shown
with its pieces marked on the table. Nothing here decides a rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import pygame

from faeriell import analysis as an
from faeriell.analysis.edit import owner_of_region
from faeriell.ui import widgets as W

TEXT_PX = 16
COLOURS = ("red", "yellow", "blue", "green")
HEROES = ("adventurer", "chieftain", "shaman", "druid", "shadow", "sower")
UNDER = ("red", "yellow", "blue", "green", "corruption", None)
PHASES = (None, "tribe", "event", "hero")
MODES = ("competitive", "coop", "solo")
MODE_WORDS = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}


def position_of(setup: dict, board: dict, tribes: list, turn: dict) -> an.Position:
    """A written `position: empty` (a scenario's sections) as a Position, as written: nothing is
    built nor checked here, so a position the rules refuse reaches the editor with its fault."""
    def tup(v):
        return tuple(v) if isinstance(v, (list, tuple)) else ()
    st = an.Setup(int(setup.get("players", 2)), setup.get("mode", "competitive"),
                  setup.get("difficulty", "medium"), tup(setup.get("variants")), int(setup.get("seed", 0)))
    b = an.BoardSpec(
        doom=board.get("doom", 0), harvest=board.get("harvest"), first_player=board.get("first_player", 1),
        heartlands=dict(board.get("heartlands") or {}), guardians=dict(board.get("guardians") or {}),
        under=dict(board.get("under") or {}), totem=board.get("totem"), set_aside=tup(board.get("set_aside")),
        bag=tup(board["bag"]) if board.get("bag") is not None else None,
        herbs_up=tup(board["herbs_up"]) if board.get("herbs_up") is not None else None,
        perk_piles=tuple(tup(x) for x in board["perk_piles"]) if board.get("perk_piles") is not None else None,
        drifter=board.get("drifter"), winter_gems=tup(board.get("winter_gems")))
    ts = []
    for t in tribes:
        t = t or {}
        heroes = {h: an.HeroSpec(node=(d or {}).get("node"), perks=tup((d or {}).get("perks")),
                                 gems=(d or {}).get("gems"), quests=tup((d or {}).get("quests")))
                  for h, d in (t.get("heroes") or {}).items()}
        ts.append(an.TribeSpec(
            settlements=tup(t.get("settlements")), beacons=dict(t.get("beacons") or {}), heroes=heroes,
            essences=tup(t.get("essences")), corruption=t.get("corruption", 0),
            solved={**dict.fromkeys(COLOURS, 0), **dict(t.get("solved") or {})}, herbs=tup(t.get("herbs")),
            attunements=tup(t.get("attunements")), achievements=tup(t.get("achievements", ["purity"])),
            designated=t.get("designated", 0), sower=bool(t.get("sower"))))
    while len(ts) < st.players:
        ts.append(an.TribeSpec())
    tn = an.TurnSpec(player=turn.get("player", 1), phase=turn.get("phase"),
                     done=tup(turn["done"]) if turn.get("done") is not None else None,
                     lap=turn.get("lap", 1), round=turn.get("round", 1))
    return an.Position(st, b, tuple(ts), tn)


@dataclass
class Chip:
    """One piece of the palette: what it is ("settlement", "beacon", "hero", "totem",
    "guardian", "token", "drifter"), its variant (a colour, a Hero type, a Guardian...) and
    where it is drawn."""
    kind: str
    rect: pygame.Rect
    variant: Optional[str] = None


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
        self.chips: list[Chip] = []
        self.rect = pygame.Rect(0, 0, 1, 1)      # the palette's and steppers' view (it scrolls)
        self.scroll = 0
        self.content_h = 0
        self._below = 0
        self.steppers: list[tuple[str, pygame.Rect]] = []
        self._shown = None                       # the last position that could be set on the table
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

    def token_kind(self) -> Optional[str]:
        return UNDER[self.token % len(UNDER)]

    # ---- a chip dropped on the table ------------------------------------------------------------
    def drop(self, chip: Chip, region: Optional[str], node: Optional[str]) -> bool:
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

    def remove_figure(self, node: Optional[str]) -> bool:
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

    def remove_at(self, region: Optional[str]) -> bool:
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
        ess = {c: sum(1 for e in t.essences if e.split("@")[0] == c) for c in COLOURS}
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
        for c in COLOURS:
            out.append((f"ess_{c}", f"{c.capitalize()} Essences {ess[c]}",
                        lambda d, c=c: self.edit(an.set_essences, s, c, ess[c] + d)))
        for c in COLOURS:
            n = t.solved.get(c, 0)
            out.append((f"solved_{c}", f"Solved {c.capitalize()} {n}",
                        lambda d, c=c, n=n: self.edit(an.set_solved, s, c, n + d)))
        cat = self.rules.catalog
        out.append(("herbs", f"Herbs {len(t.herbs)}", lambda d: self._grow(an.set_herbs, t.herbs, list(cat.herbs), d)))
        out.append(("attunements", f"Attunements {len(t.attunements)}",
                    lambda d: self._grow(an.set_attunements, t.attunements, list(cat.attunements), d)))
        out.append(("achievements", f"Achievements {len(t.achievements)}",
                    lambda d: self._grow(lambda pos, seat, held, rules=None: an.set_achievements(
                        pos, seat, held, rules=rules), t.achievements, list(cat.achievements) + ["purity"], d)))
        out.append(("designated", f"Designated {t.designated}",
                    lambda d: self.edit(an.set_achievements, s, t.achievements, t.designated + d)))
        # the level of the Hero the palette's Hero piece places: one Perk more or fewer
        hero = self.hero_id()
        spec = t.heroes.get(hero)
        perks = spec.perks if spec is not None else ()
        out.append(("hero_level", f"{hero.capitalize()} level {1 + len(perks)}" if spec
                    else f"{hero.capitalize()}: not placed",
                    lambda d: self._grow(lambda pos, seat, held, rules=None: an.set_hero(
                        pos, seat, hero, perks=held, rules=rules), perks, list(cat.perks), d, repeat=True)))
        # Winter's gems lie on the wheel from the space after the Harvest token on (its frost creeps on)
        k = wheel.index(harvest)
        after = wheel[k + 1:] + wheel[:k + 1]
        n = len(p.board.winter_gems)
        out.append(("winter", f"Winter's gems {n}", lambda d: self.edit(an.set_winter_gems, after[:max(0, n + d)])))
        return out

    def _grow(self, fn, held: tuple, ids: list, d: int, repeat: bool = False) -> bool:
        """A count of named cards or tiles: one more is the first of `ids` the edit accepts (the
        engine refuses one none is left of; `repeat`: one already held may come again), one
        fewer drops the last added."""
        if d < 0:
            return bool(held) and self.edit(fn, self.seat, tuple(held[:-1]))
        for i in ids:
            if (repeat or i not in held) and self.edit(fn, self.seat, tuple(held) + (i,)):
                return True
        return False

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
            return self.hero_id().capitalize()
        if chip.kind == "guardian":
            return f"Guardian: {self.guardian_id().capitalize()}"
        if chip.kind == "token":
            k = self.token_kind()
            return "Token: none" if k is None else f"{k.capitalize()} token"
        return {"totem": "Totem", "drifter": "Drifter"}.get(chip.kind, chip.kind)

    def layout(self, area: pygame.Rect, below: int = 0) -> int:
        """Chips and steppers laid out in the view `area`, scrolled by `scroll` (a short window
        scrolls them with the wheel); `below`: room kept under them. Returns the y under them."""
        self.rect, self._below = area, below
        x, gap = area.x, 4
        y = area.y - self.scroll
        top = y
        cw, ch = (area.width - 2 * gap) // 3, 24
        kinds = [("settlement", None)] + [("beacon", c) for c in COLOURS] + [
            ("hero", None), ("totem", None), ("guardian", None), ("token", None), ("drifter", None)]
        self.chips = []
        for k, (kind, var) in enumerate(kinds):
            r = pygame.Rect(x + (k % 3) * (cw + gap), y + (k // 3) * (ch + gap), cw, ch)
            self.chips.append(Chip(kind, r, var))
        y += ((len(kinds) + 2) // 3) * (ch + gap) + 4
        self.steppers = []
        sw, sh = (area.width - gap) // 2, 22
        for k, (wid, _label, _fn) in enumerate(self.counts()):
            self.steppers.append((wid, pygame.Rect(x + (k % 2) * (sw + gap), y + (k // 2) * (sh + 2), sw, sh)))
        y += ((len(self.steppers) + 1) // 2) * (sh + 2)
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
            pygame.draw.rect(surf, W.PANEL_EDGE, (r.right + 2, y, 4, h), border_radius=2)

    def _draw(self, surf) -> None:
        for chip in self.chips:
            pygame.draw.rect(surf, W.BTN, chip.rect, border_radius=5)
            if chip.kind == "beacon":
                rgb = {"red": (200, 70, 60), "yellow": (220, 190, 60), "blue": (70, 120, 210),
                       "green": (70, 160, 80)}[chip.variant or "red"]
                pygame.draw.rect(surf, rgb, chip.rect, 2, border_radius=5)
            else:
                pygame.draw.rect(surf, W.PANEL_EDGE, chip.rect, 1, border_radius=5)
            W.draw_text(surf, self.chip_label(chip), chip.rect.center, TEXT_PX, W.TEXT, anchor="center",
                        width=chip.rect.width - 6)
        labels = {wid: label for wid, label, _fn in self.counts()}
        for wid, r in self.steppers:
            pygame.draw.rect(surf, W.FIELD_BG, r, border_radius=4)
            for sign, rr in (("-", pygame.Rect(r.x, r.y, 22, r.h)), ("+", pygame.Rect(r.right - 22, r.y, 22, r.h))):
                pygame.draw.rect(surf, W.BTN, rr, border_radius=4)
                W.draw_text(surf, sign, rr.center, TEXT_PX + 2, W.TEXT, anchor="center")
            W.draw_text(surf, labels.get(wid, ""), (r.centerx, r.centery), TEXT_PX, W.TEXT, anchor="center",
                        width=r.width - 48)

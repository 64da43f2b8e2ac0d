"""The drawing context handed to every panel: the game, the sprites, the scale, the spots.

Also decides what the viewer may see (R4): it reads the acting player's view from the engine's
`player_view`, so hidden cards stay hidden the same way the engine hides them.
"""
from __future__ import annotations

import pygame

from faeriell.engine.card import back_of, colour_of
from faeriell.engine.view import player_view
from faeriell.ui.assets import mark_letter
from faeriell.ui.table import theme as T
from faeriell.ui.table.gestures import MoveIndex
from faeriell.ui.table.spots import Spot, SpotMap
from faeriell.ui.table.words import Words
from faeriell.ui.table.keys import TableKey


class Paint:
    # set by the table's new_paint only (a Paint made elsewhere has neither: read with getattr)
    puzzle: object
    bot_line: str | None

    def __init__(self, session, assets, layout, spots: SpotMap, index: MoveIndex, words: Words,
                 viewer: int, lifted: TableKey | None = None, human: bool = True):
        self.session = session
        self.g = session.game
        self.s = self.g.state
        self.rules = self.g.rules
        self.cat = self.rules.catalog
        self.assets = assets
        self.layout = layout
        self.u = layout.u
        self.spots = spots
        self.index = index
        self.words = words
        self.viewer = viewer
        self.lifted = lifted
        self.human = human          # the acting seat is a human at this table
        acting = self.g.acting
        self.acting = acting if acting is not None else self.s.active
        self._view: dict | None = None
        self._afford: list[Spot] = []
        self._aim: list[Spot] = []      # where a pending decision's pieces go (a claim's slots)
        self.side_places: dict[tuple, pygame.Rect] = {}   # the shared boards' column, unscrolled (boards.draw_side)

    @property
    def view(self) -> dict:
        """The state as the viewer may see it (R4), from the engine's player_view."""
        if self._view is None:
            self._view = player_view(self.g, self.viewer)
        return self._view

    # ---- sizes and sprites -------------------------------------------------------------------
    def P(self, v: float) -> int:
        return max(1, round(v * self.u))

    def spr(self, name: str, h: float, lettered: bool = True) -> pygame.Surface:
        return self.assets.scaled(name, max(4, round(h)), lettered)

    def fs(self, size: float) -> int:
        """A font size in px for a design size."""
        return max(9, round(size * self.u))

    # ---- colours -----------------------------------------------------------------------------
    def tribe_rgb(self, i: int):
        tid = self.s.tribes[i].id
        return T.rgb((self.cat.tribes.get(tid) or {}).get("rgb"), (200, 200, 200))

    def ess_rgb(self, c: str):
        return T.rgb((self.cat.colors.get(c) or {}).get("rgb"), T.FALLBACK_RGB.get(c, (150, 150, 150)))

    def terrain_rgb(self, t: str):
        return T.rgb((self.cat.terrains.get(t) or {}).get("rgb"), (150, 150, 150))

    # ---- affordances -------------------------------------------------------------------------
    def active_key(self, key: TableKey) -> bool:
        """Can the acting (human) player pick this up or click it now?"""
        if not self.human:
            return False
        return key in self.index.drops or key in self.index.clicks

    def add(self, key: TableKey, rect, radius: float = 0.0, sprite=None, tip=None) -> Spot:
        if radius:
            sp = self.spots.add_circle(key, rect, radius, sprite, tip)
        else:
            sp = self.spots.add(key, rect, 0.0, sprite, tip)
        if self.active_key(key):
            self._afford.append(sp)
        elif self.human and key in self.index.aims:
            self._aim.append(sp)
        return sp

    def piece(self, surf, key: TableKey, img, at, radius: float = 0.0) -> Spot:
        """Draw a piece that can be picked up (at a Rect's corner, or centred on a point) unless
        it is the one being dragged, and add its spot."""
        if self.lifted != key:
            if isinstance(at, pygame.Rect):
                surf.blit(img, at)
            else:
                T.blit_center(surf, img, at)
        return self.add(key, at, radius, sprite=img)

    def keep_spots_within(self, first: int, rect: pygame.Rect) -> None:
        """The spots added since index `first` cut to `rect` (a panel that scrolls): what does
        not show there is neither pointed at nor outlined."""
        dropped = self.spots.keep_within(first, rect)
        if dropped:
            self._afford = [sp for sp in self._afford if id(sp) not in dropped]
            self._aim = [sp for sp in self._aim if id(sp) not in dropped]

    def draw_affordances(self, surf) -> None:
        """A thin golden outline around everything the acting player may move or click now."""
        w = max(1, self.P(2))
        for sp in self._afford:
            if self.lifted == sp.key:
                continue
            if sp.radius:
                ring = T.ring(int(sp.radius) + 2, T.AFFORD, w, 230)
                surf.blit(ring, ring.get_rect(center=sp.rect.center))
            else:
                pygame.draw.rect(surf, T.AFFORD, sp.rect.inflate(4, 4), w, border_radius=5)
        for sp in self._aim:
            if sp.radius:
                ring = T.ring(int(sp.radius) + 4, T.AIM, max(2, w), 255)
                surf.blit(ring, ring.get_rect(center=sp.rect.center))
            else:
                pygame.draw.rect(surf, T.AIM, sp.rect.inflate(6, 6), max(2, w), border_radius=6)

    # ---- cards -------------------------------------------------------------------------------
    def card(self, surf, card: str, rect: pygame.Rect, show_back: bool, rotated_deg: int = 0,
             seen_w: int | None = None) -> pygame.Rect | None:
        """An Essence card: its colour side; the owner also sees the Guardian on its back (R4),
        drawn inside the card as large as the card allows (`guardian_in`): a Quest card (its Hero
        must reach that Guardian), a card of the tribe's pool or of the payment tray
        (`seen_w`: the next card of the fan leaves that many px of this one seen). With the
        colour-blind letters on, such a card's letter stands small at its top left, over the
        banner, seen in the strip too, and the Guardian below it (the sprite's own letter disc,
        at the lower right, would take the Guardian's room and hide under the next card).
        Returns where the Guardian was drawn (None: not shown)."""
        col, back = colour_of(card), back_of(card)
        if col == "?":
            self.hidden_card(surf, rect)
            return None
        shown = bool(show_back and back)
        letter = mark_letter(f"essence_{col}") if shown and self.assets.marks else None
        img = self.spr(f"essence_{col}", rect.h, lettered=letter is None)
        if rotated_deg:
            img = T.rotated(img, rotated_deg)
        surf.blit(img, img.get_rect(center=rect.center))
        if not shown or back is None:                      # (shown: there is a back)
            return None
        face = img.get_rect(center=rect.center)
        seen = face.w if seen_w is None else max(4, min(face.w, seen_w))
        top = face.top + face.h // 4                      # under the banner that names the colour
        if letter:
            d = max(12, min(seen - 2, round(face.w * 0.45)))
            at = self.card_letter(surf, letter, pygame.Rect(face.left + 1, face.top + 1, d, d))
            top = max(top, at.bottom + 1)
        bottom = face.bottom - max(1, face.h // 14)
        return self.guardian_in(surf, back, pygame.Rect(face.left + 1, top, seen - 2, bottom - top))

    def card_letter(self, surf, letter: str, at: pygame.Rect) -> pygame.Rect:
        """A card's colour-blind letter in its disc, filling `at` (a square)."""
        disc = self.assets.letter(letter, at.w)
        return surf.blit(disc, at.topleft)

    def guardian_in(self, surf, back: str, room: pygame.Rect) -> pygame.Rect:
        """The Guardian `back` as large as `room` (the part of a card that is its own) allows,
        standing on its bottom edge, centred: the one drawing of a Guardian on a card (the pool,
        the Quests, the payment tray, the set-up's revealed cards, the discards)."""
        icon = self.spr(f"guardian_{back}", max(8, min(room.w, room.h)))
        at = icon.get_rect(midbottom=room.midbottom)
        surf.blit(icon, at)
        return at

    def card_back(self, surf, back: str, rect: pygame.Rect) -> pygame.Rect:
        """An Essence card lying Guardian side up (a discard, a card revealed for the set-up): its
        back, and the Guardian over the back's medallion, as large as the card, clear of the
        ribbon with the Region's name. Returns where the Guardian was drawn."""
        img = self.spr(f"card_back_{back}", rect.h)
        face = img.get_rect(center=rect.center)
        surf.blit(img, face)
        top = face.top + max(1, face.h // 20)
        return self.guardian_in(surf, back, pygame.Rect(face.left + 1, top, face.w - 2,
                                                         face.top + face.h * 72 // 100 - top))

    def hidden_card(self, surf, rect: pygame.Rect, back: str = "card_hidden") -> None:
        """A face-down card (or tile): `back` is its sprite (herb_back, sower_back, card_hidden)."""
        img = self.spr(back, rect.h)
        if img.get_width() > rect.w + 2:
            img = self.assets.scaled(back, max(4, round(rect.h * rect.w / img.get_width())))
        surf.blit(img, img.get_rect(center=rect.center))

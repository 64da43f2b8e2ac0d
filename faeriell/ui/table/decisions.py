"""Choices: a bar of options drawn with their pieces (cards, tokens, tiles), made by a click.

Used for pending decisions (R27: a Corruption Event, a Heartland colour, a starting Essence...),
for a drop that can mean several moves (a Hero dropped on a node: move or use a Perk; a Perk
tile: which other Perk to discard), and for the Moves fallback list. Long lists are split by
the field that varies (first the Hero, then the Perk, ...), so every option stays one or two
clicks away. An option may also name a spot on the table (a Region, a Perk tile): that spot
glows and a click on it picks the option too.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from typing import Any

import pygame

from faeriell.engine.action_schema import ACHIEVEMENT, CARD, COLOR, GUARDIAN, HERB, HERO, NODE, PERK, PHASE, PLAYER, REGION, SPECS
from faeriell.engine.card import colour_of
from faeriell.engine.consequences import consequences, cost_words
from faeriell.engine.names import Names
from faeriell.engine.words import COLORS
from faeriell.ui.surface_cache import surface_cache
from faeriell.ui.table import theme as T
from faeriell.ui.table.gestures import PAY_FIELDS, TRAY_KINDS, gesture, make_ctx
from faeriell.ui.table.keys import GuardianPiece, HerbUp, HeroSlot, InactiveHero, NodeSpot, PerkUp, RegionSpot, TableKey
from faeriell.engine.preview import harvest_preview
from faeriell.ui.table.keys import (DrifterPiece, HarvestToken, SettlementPiece, SupplyBeacon, SupplySettlement)

MAX_OPTIONS = 12
SLOT_ICON = "slot:"      # "slot:<tribe id>:<slot colour>": a claim's token on its slot, as the tribe board shows it
SPLIT_ORDER = ("kind", "hero", "perk", "card", "guardian", "achievement", "token", "choice", "region",
               "from", "deck", "color", "discard", "to", "target", "pay", "give", "take", "steps", "herb",
               "node", "phase")


@dataclass
class Option:
    label: str
    actions: list
    icons: list = field(default_factory=list)     # sprite names
    spot: TableKey | None = None                   # a table spot that also picks this option
    group: bool = False                            # opens a sub-choice


@dataclass
class Choice:
    title: str
    options: list
    cancellable: bool = True
    parent: Choice | None = None
    note: str = ""                                 # how to answer, under the title
    compact: bool = False                          # no tiles: the options are places on the table
    rects: list = field(default_factory=list)      # (rect, option) from the last draw
    said: list = field(default_factory=list)       # per tile, the lines it showed at the last draw
    cancel_rect: pygame.Rect | None = None
    back_rect: pygame.Rect | None = None
    fold_rect: pygame.Rect | None = None
    panel_rect: pygame.Rect | None = None
    hover: int = -1
    folded: bool = False                           # only the title line: the island shows
    focus: int | None = None                       # the option the keyboard is on (Tab / arrows)

    def spot_keys(self) -> dict:
        return {o.spot: o for o in self.options if o.spot is not None}

    # ---- input -----------------------------------------------------------------------------
    def click(self, pos):
        """The option clicked, 'cancel', 'back', 'inside' (a click on the panel) or None."""
        if self.cancel_rect and self.cancel_rect.collidepoint(pos):
            return "cancel"
        if self.back_rect and self.back_rect.collidepoint(pos):
            return "back"
        if self.fold_rect and self.fold_rect.collidepoint(pos):
            return "fold"
        for r, o in self.rects:
            if r.collidepoint(pos):
                return o
        if self.panel_rect and self.panel_rect.collidepoint(pos):
            return "inside"
        return None

    def motion(self, pos) -> bool:
        h = -1
        for k, (r, _opt) in enumerate(self.rects):
            if r.collidepoint(pos):
                h = k
        changed = h != self.hover
        self.hover = h
        return changed

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, surf, p, area: pygame.Rect, avoid=()) -> None:
        """Draw the bar at the top of `area`, or at its bottom when that hides fewer of the
        `avoid` rects (the pieces and places the decision asks about)."""
        P = p.P
        shown = [] if (self.compact or self.folded) else self.options
        foldable = not self.compact and bool(self.options)
        g = self._shape(p, area, shown, foldable)
        r = pygame.Rect(0, 0, g.w, g.h)
        r.midtop = (area.centerx, area.y + (P(4) if self.compact else P(8)))
        if avoid:
            low = r.copy()
            low.midbottom = (area.centerx, area.bottom - P(8))
            hidden = [sum(1 for a in avoid if x.colliderect(a)) for x in (r, low)]
            if hidden[1] < hidden[0]:
                r = low
        self.panel_rect = r
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect(), border_radius=P(8))
        surf.blit(shadow, r.move(P(3), P(4)))
        T.panel(surf, r, (40, 36, 46), T.GOLD, P(8), 2)
        tx, right = self._head_buttons(surf, p, r, foldable)
        y = r.y + P(9)
        for line in g.heads:
            surf.blit(T.fitted(line, p.fs(16), right - tx, T.GOLD, True), (tx, y))
            y += g.lh
        if g.notes:
            y += P(2)
            for line in g.notes:
                surf.blit(T.text(line, p.fs(13), T.INK_DIM), (r.x + P(10), y))
                y += g.nh
        self.rects = []
        self.said = []                    # the lines each tile shows (tests read them)
        for k, o in enumerate(shown):
            c, row = k % g.cols, k // g.cols
            rr = pygame.Rect(r.x + P(9) + c * (g.tile_w + P(6)), r.y + g.top + row * (g.tile_h + P(6)),
                             g.tile_w, g.tile_h)
            self.said.append(self._tile(surf, p, k, o, rr, g))
            self.rects.append((rr, o))

    def _shape(self, p, area: pygame.Rect, shown: list, foldable: bool) -> _BarShape:
        """The bar measured before it is drawn: its tiles, heading and notes."""
        P = p.P
        n = len(shown)
        tile_w = P(206)
        tile_h = P(50)
        if 0 < n <= 3:                    # a few options: wider tiles, whole sentences
            tile_w = max(tile_w, min(P(320), (area.w - P(24)) // n - P(6)))
        cols = max(1, min(n, (area.w - P(24)) // (tile_w + P(6)))) if n else 1
        rows = (n + cols - 1) // cols if n else 0
        # tall enough for every option's whole sentence (a cut rule is no rule), while the tiles
        # fit in half the area
        icon_h = P(38)
        flh = T.font(p.fs(13)).get_linesize()
        max_lines = 3
        for o in shown:
            room = tile_w - P(11) - (option_icon(p, o.icons[0], icon_h).get_width() + P(3) if o.icons else 0)
            need = len(T.wrap(o.label + (" ›" if o.group else ""), p.fs(13), room))
            while need > max_lines and rows * (need * flh + P(16)) <= area.h // 2:
                max_lines += 1
        tile_h = max(tile_h, max_lines * flh + P(10))
        w = cols * (tile_w + P(6)) + P(18) if n else 0
        # wide enough for the title on one line when the area allows it
        head_w = T.font(p.fs(16), True).size(self.title)[0] + P(40) + (P(80) if self.cancellable else 0) + \
            (P(66) if self.parent is not None else 0) + (P(68) if foldable else 0)
        w = max(w, min(area.w - P(16), max(P(420), head_w)))
        tx = P(10) + (P(66) if self.parent is not None else 0)
        right = w - P(10) - (P(78) if self.cancellable else 0) - (P(68) if foldable else 0)
        heads = T.wrap(self.title, p.fs(16), right - tx, True)[:1 if self.folded else 2]
        lh = T.font(p.fs(16), True).get_linesize()
        notes = T.wrap(self.note, p.fs(13), w - P(20))[:2] if self.note and not self.folded else ()
        nh = T.font(p.fs(13)).get_linesize()
        top = P(9) + lh * len(heads) + (len(notes) * nh + P(3) if notes else 0) + P(4)
        h = top + rows * (tile_h + P(6)) + (P(8) if rows else P(4))
        return _BarShape(w, h, top, cols, tile_w, tile_h, icon_h, flh, max_lines, heads, lh, notes, nh)

    def _head_buttons(self, surf, p, r: pygame.Rect, foldable: bool) -> tuple[int, int]:
        """Back (left), Cancel and Hide/Show (right) on the bar's top line, each when it applies;
        returns the room left between them for the title (x from, x to)."""
        P = p.P
        tx, right = r.x + P(10), r.right - P(10)
        self.back_rect = self.cancel_rect = self.fold_rect = None
        if self.parent is not None:
            self.back_rect = _head_button(surf, p, pygame.Rect(tx, r.y + P(6), P(58), P(22)), "‹ Back")
            tx = self.back_rect.right + P(8)
        if self.cancellable:
            self.cancel_rect = _head_button(surf, p, pygame.Rect(right - P(70), r.y + P(6), P(70), P(22)), "Cancel")
            right = self.cancel_rect.left - P(8)
        if foldable:                      # fold the bar away to look at the island under it
            self.fold_rect = _head_button(surf, p, pygame.Rect(right - P(60), r.y + P(6), P(60), P(22)),
                                          "Show" if self.folded else "Hide")
            right = self.fold_rect.left - P(8)
        return tx, right

    def _tile(self, surf, p, k: int, o, rr: pygame.Rect, g: _BarShape) -> list[str]:
        """One option's tile: its pictures, then its sentence whole; returns the lines shown."""
        P = p.P
        hot = k == self.hover or k == self.focus
        T.panel(surf, rr, T.BUTTON_HI if hot else (62, 54, 60), T.GLOW if hot else T.PANEL_EDGE, P(6), 1)
        if k == self.focus:
            pygame.draw.rect(surf, T.FOCUS, rr.inflate(P(6), P(6)), max(2, P(3)), border_radius=P(8))
        label = o.label + (" ›" if o.group else "")
        icons = o.icons[:3]
        while len(icons) > 1:         # fewer pictures rather than a cut sentence
            room = rr.w - P(9) - len(icons) * (g.icon_h + P(3))
            if len(T.wrap(label, p.fs(13), room)) <= 3:
                break
            icons = icons[:-1]
        x = rr.x + P(5)
        for name in icons:
            img = option_icon(p, name, g.icon_h)
            surf.blit(img, img.get_rect(midleft=(x, rr.centery)))
            x += img.get_width() + P(3)
        lines = list(T.wrap(label, p.fs(13), rr.right - x - P(4)))
        if len(lines) > g.max_lines:
            lines = lines[:g.max_lines - 1] + [T.fit_text(" ".join(lines[g.max_lines - 1:]), p.fs(13),
                                                          rr.right - x - P(4))]
        ly = rr.centery - len(lines) * g.flh // 2
        for line in lines:
            surf.blit(T.text(line, p.fs(13), T.INK), (x + P(2), ly))
            ly += g.flh
        return lines


@dataclass
class _BarShape:
    """The decision bar measured (Choice._shape): its size, the tiles' grid and the heading."""
    w: int
    h: int
    top: int                  # where the tiles start below the bar's top
    cols: int
    tile_w: int
    tile_h: int
    icon_h: int
    flh: int                  # a tile's line height
    max_lines: int            # the lines of the longest sentence a tile shows
    heads: tuple[str, ...]    # the heading, wrapped
    lh: int                   # the heading's line height
    notes: tuple[str, ...]    # the note, wrapped (none when folded)
    nh: int                   # the note's line height


def _head_button(surf, p, rect: pygame.Rect, label: str) -> pygame.Rect:
    T.panel(surf, rect, T.BUTTON, T.GOLD, p.P(5), 1)
    img = T.text(label, p.fs(14), T.INK, True)
    surf.blit(img, img.get_rect(center=rect.center))
    return rect


# --------------------------------------------------------------------------- icons

def option_icon(p, name: str, h: int) -> pygame.Surface:
    """An option's picture: a sprite, or (SLOT_ICON) the tribe's Achievement token sitting in the
    ring of the slot it leaves, in that slot's colour (the tribe board's look), so that a claim's
    options (red slot, blue slot, any-colour slot...) differ at a glance and not only in words."""
    if not name.startswith(SLOT_ICON):
        return p.spr(name, h)
    _, tid, col = name.split(":", 2)
    ring = p.ess_rgb(col) if col != "any" else (200, 200, 200)
    dots = tuple(p.ess_rgb(c) for c in COLORS) if col == "any" else ()
    return _slot_icon(p.spr(f"achievement_{tid}", max(4, round(h * 0.62))), ring, dots, max(8, round(h)))


@surface_cache(max_bytes=1 << 20, max_items=256)
def _slot_icon(token: pygame.Surface, ring: tuple, dots: tuple, h: int) -> pygame.Surface:
    out = pygame.Surface((h, h), pygame.SRCALPHA)
    c, r = (h // 2, h // 2), h // 2
    pygame.draw.circle(out, T.shade(ring, -60), c, r)
    pygame.draw.circle(out, ring, c, r, max(2, h // 9))
    for j, rgb in enumerate(dots):             # the any-colour slot: a dot of each colour round it
        x = c[0] + (-1 if j % 2 == 0 else 1) * round(r * 0.62)
        y = c[1] + (-1 if j < 2 else 1) * round(r * 0.62)
        pygame.draw.circle(out, rgb, (x, y), max(2, h // 11))
    out.blit(token, token.get_rect(center=c))
    return out


# --------------------------------------------------------------------------- building options

def group_actions(actions) -> list[tuple]:
    """[(key action, [actions])]: Tribe Actions differing only in payment form one group."""
    out: dict = {}
    for a in actions:
        k = a.without(*PAY_FIELDS) if a.kind in TRAY_KINDS else a
        out.setdefault(k, []).append(a)
    return list(out.items())


def varying_field(actions) -> str | None:
    fields: dict[str, set] = {}
    for a in actions:
        fields.setdefault("kind", set()).add(a.kind)
        for k, v in a.fields:
            fields.setdefault(k, set()).add(v)
    for name in SPLIT_ORDER:
        vals = fields.get(name)
        if vals and len(vals) > 1:
            return name
    for name, vals in fields.items():
        if len(vals) > 1:
            return name
    return None


def _corruption_icons(f, p, tid) -> list[str]:
    ch = f("choice")
    if ch == "yield":
        return ["essence_corruption"]
    if ch == "ignore":
        return ["doom_token"]
    out = [f"essence_{colour_of(str(c))}" for c in (f("pay") or ())]
    tg = f("target")
    if tg == "doom":
        out.append("doom_token")
    elif tg:
        out.append(f"guardian_{tg}")
    return out


def _rival_icons(f, p, tid) -> list[str]:
    out = []
    j = f("target")
    if isinstance(j, int) and 0 <= j < len(p.s.tribes):
        out.append(f"achievement_{p.s.tribes[j].id}")
    col = (p.s.pending or {}).get("color")
    if col:
        out.append(f"essence_{col}")
    return out


def _twins_icons(f, p, tid) -> list[str]:
    pay = f("pay") or ()
    return ([f"essence_{colour_of(str(c))}" for c in pay] + ["essence_corruption"])[:3] if pay else []


def _sower_icons(f, p, tid) -> list[str]:
    out = [f"hero_{f('hero')}_{tid}", f"hero_sower_{tid}"]
    out += [f"perk_{new}" for new in f("take") or ()]
    return out[:3]


def _claim_icons(f, p, tid) -> list[str]:
    out = [f"achievement_tile_{f('achievement')}"]
    tok = f("token")                  # which token: the slot's own ring, or the designated one
    out.append(f"achievement_{tid}" if tok == "designated" else f"{SLOT_ICON}{tid}:{tok}")
    pay = f("pay")
    if pay == "doom":
        out.append("doom_token")
    elif pay:
        out.append(f"essence_{colour_of(str(pay))}")
    return out


# Kinds whose pictures depend on their values as a whole (which choice, whose Achievement).
_WHOLE_ICONS = {"corruption": _corruption_icons, "menace_rival": _rival_icons, "twins_swap": _twins_icons,
                "become_sower": _sower_icons, "claim": _claim_icons}


def _perk_icon(v, tid) -> str:
    if v == "random-sower":            # a Sower Perk drawn at random: the pile's top face
        return "perk_sow-dread"
    return f"perk_{v}" if v != "shadow" else f"hero_shadow_{tid}"     # the Shadow's move: its Hero


def _card_icon(v, tid) -> str:
    """A card of a move: a Herb or an Attunement by what it is (a Lore move's card), else a Quest
    card by its colour."""
    c = str(v)
    if c.startswith("herb"):
        return f"herb_{c}"
    return f"essence_{colour_of(c)}" if "@" in c or c in COLORS else f"attunement_{c}"


# The picture of a field's value, by the field's type (action_schema.SPECS), in the order they are
# shown (at most three): the Hero, a Perk (taken, then discarded), a Herb, the card, the Guardian,
# the colour, the Phase. Regions, nodes, players and counts are places or numbers: no piece.
_TYPE_ICONS = {
    HERO: lambda v, tid: f"hero_{v}_{tid}",
    PERK: _perk_icon,
    HERB: lambda v, tid: f"herb_{v}",
    CARD: _card_icon,
    GUARDIAN: lambda v, tid: f"guardian_{v}",
    COLOR: lambda v, tid: f"essence_{v}",
    PHASE: lambda v, tid: f"phase_{v}_up",
}
_TYPE_ORDER = tuple(_TYPE_ICONS)

# Fields a kind does not picture, each for its reason: a level's options differ by their Perks
# (the Hero is the one levelled, three pictures are too few for it too); the Herb gathered is
# the piece dropped, the same for every option (they differ by the one discarded); a Perk's
# colour is what it trades, said in words; the Event card that moves a Guardian is no choice of
# the player's. (A Beacon's colour is its Beacon's picture: _grip_picture, no entry here.)
_NOT_PICTURED = {"level_up": {"hero"}, "free_level": {"hero"}, "gather_herb": {"herb"},
                 "perk": {"color"}, "move_guardian": {"card"}}

# The pictures of the pieces a move's gesture picks up that no field's type pictures
# (_TYPE_ICONS): the supply's Beacons and Settlements, a Settlement on the island, the Drifter,
# the Harvest token. An option adds its piece's picture after its fields' (by key type, so a new
# kind that picks up one of these pieces is pictured with no edit here).
_PIECE_ICONS: dict[type, Callable[[Any, str], str]] = {
    SupplyBeacon: lambda k, tid: f"beacon_{k.color}",
    SupplySettlement: lambda k, tid: f"settlement_{tid}",
    SettlementPiece: lambda k, tid: f"settlement_{tid}",
    DrifterPiece: lambda k, tid: "drifter",
    HarvestToken: lambda k, tid: "harvest_token",
}


def _grip_picture(a, p, tid) -> tuple[str | None, tuple]:
    """The picture of the piece `a`'s gesture picks up (_PIECE_ICONS), and the values that piece
    carries (a Beacon's colour: the field holding it is pictured by the piece); (None, ()) else."""
    try:
        gs = gesture(a, make_ctx(p.g))
    except (KeyError, TypeError, IndexError):    # as build_index: a move the table cannot draw
        return None, ()
    if not isinstance(gs, tuple) or len(gs) != 2 or gs[0] is None:
        return None, ()
    pic = _PIECE_ICONS.get(type(gs[0]))
    if pic is None:
        return None, ()
    return pic(gs[0], tid), tuple(getattr(gs[0], f.name) for f in dataclass_fields(gs[0]))


def _field_icons(a, tid, carried: tuple = ()) -> list[str]:
    """The pictures of `a`'s fields by their types (_TYPE_ICONS' order, then the spec's), but
    those the piece in hand shows (`carried`)."""
    spec = SPECS.get(a.kind)
    if spec is None:
        return []
    hidden = _NOT_PICTURED.get(a.kind, ())
    shown = []
    for name, fld in spec.fields.items():
        v = a.get(name)
        if not v or fld.many or name in hidden or v in carried:
            continue
        # of several types, only a card that may be a Herb or an Attunement (Lore's) is one piece
        typ = fld.types[0] if len(fld.types) == 1 else CARD if HERB in fld.types else None
        if typ in _TYPE_ICONS:
            shown.append((_TYPE_ORDER.index(typ), _TYPE_ICONS[typ](v, tid)))
    return [icon for _, icon in sorted(shown, key=lambda x: x[0])]


def icons_for(a, p) -> list[str]:
    """The little pictures beside an option: the pieces it moves or pays, at most three."""
    tid = p.s.tribes[p.acting].id
    whole = _WHOLE_ICONS.get(a.kind)
    if whole is not None:
        return whole(a.get, p, tid)
    piece, carried = _grip_picture(a, p, tid)
    out = _field_icons(a, tid, carried)
    if piece is not None:
        out.append(piece)
    return out[:3]


def _field_type(a, name: str) -> str | None:
    """The spec's type of the field `name` of `a` (action_schema.SPECS), when it has one type."""
    spec = SPECS.get(a.kind)
    fld = spec.fields.get(name) if spec is not None and name != "kind" else None
    return fld.types[0] if fld is not None and len(fld.types) == 1 and not fld.many else None


def _hero_spot(i: int, hero, p) -> TableKey:
    """A Hero on the table: its slot once it is on the board, else its card beside the board."""
    t = p.s.tribes[i]
    return HeroSlot(i, hero) if hero in t.heroes or hero not in t.inactive else InactiveHero(i, hero)


# The piece a varying field's value stands for, by the field's type: the option that tells this
# Hero or Guardian apart glows on it. Other types name no one piece per option (a colour is an
# Essence of the supply, a Perk taken may come from the Sower pile, a node or a Region is
# answered by the gesture below), so they glow nothing.
_PIECE_OF_TYPE = {
    HERO: lambda a, v, p: _hero_spot(p.acting, v, p),
    GUARDIAN: lambda a, v, p: GuardianPiece(v) if v in p.s.guardians else None,    # not a Corruption's `doom`
}
# What a move discards goes back face up (a Perk under its pile, a Herb to the row): its tile.
_DISCARDED = {PERK: PerkUp, HERB: HerbUp}
# Places of the island: a decision answered by a drop there is answered by where, not by what.
_PLACES = (RegionSpot, NodeSpot)


def _answer_spot(a, p) -> TableKey | None:
    """A decision's (R27) or set-up's option answered by a click on the table, or by a drop on a
    place of the island: that key, from the move's gesture (gestures.GESTURES), so the bar and
    the table agree on where each answer is."""
    spec = SPECS.get(a.kind)
    if spec is None or spec.phase not in ("decision", "setup"):
        return None
    try:
        gs = gesture(a, make_ctx(p.g))
    except (KeyError, TypeError, IndexError):    # as build_index: a move the table cannot draw
        return None
    if not isinstance(gs, tuple) or len(gs) != 2:
        return None
    grip, key = gs
    return key if grip is None or isinstance(key, _PLACES) else None


def option_spot(a, differing: str | None, p) -> TableKey | None:
    """The table spot that stands for this option, so it can glow and be clicked: where its
    gesture answers a decision, else the piece its varying field names (by the field's type)."""
    spot = _answer_spot(a, p)
    if spot is not None or differing is None:
        return spot
    v = a.get(differing)
    typ = _field_type(a, differing)
    if differing == "discard":
        tile = _DISCARDED.get(typ or "")
        return tile(v) if tile is not None and v else None
    piece = _PIECE_OF_TYPE.get(typ or "")
    return piece(a, v, p) if piece is not None and v else None


def _menace_rival_label(k, differing, p, words, label: str) -> str:
    col = (p.s.pending or {}).get("color")
    j = k.get("target")
    if col and isinstance(j, int) and 0 <= j < len(p.s.tribes):
        n = p.s.tribes[j].solved.get(col, 0)
        label = f"{words.player(j)}: {words.color(col)} track from {n} down to {max(0, n - 1)}"   # no arrow: the font has none
    return label


def _harvest_choice_label(k, differing, p, words, label: str) -> str:
    if k.has("region") and not k.has("color"):
        # which of your Regions to harvest: say what each gives, a Threatened one nothing (R31)
        pend = p.s.pending or {}
        gain = words.harvest_gain(harvest_preview(p.g, 0), pend.get("player", p.acting), k["region"])
        if gain:
            label = f"{label}: {gain}"
    return label


def _level_label(k, differing, p, words, label: str) -> str:
    return words.level_short(k) if differing not in (None, "hero", "kind") else label   # one Hero: only the Perks


# The kinds whose option says more than describe's label, each for a reason of its own: the
# rival's track as it moves (menace_rival), what a Region would give (harvest_choice, R31), what
# a starting Hero does (choose_hero), only the Perks when every choice is one Hero's (levels).
# A claim whose question names the Achievement is said without it (_option).
_MORE_WORDS = {
    "menace_rival": _menace_rival_label,
    "harvest_choice": _harvest_choice_label,
    "choose_hero": lambda k, differing, p, words, label: words.hero_choice(k),
    "level_up": _level_label,
    "free_level": _level_label,
}
# How an option that differs by what it discards says it (by the discard's type): a Herb is
# discarded, a Perk goes under its pile.
_DISCARD_WORDS = {HERB: (lambda w, v: f"Discard {w.herb(v)}", "herb_"),
                  PERK: (lambda w, v: f"Put {w.perk(v)} under its pile", "perk_")}


def _option(k, acts, differing, p, words, one_achievement: bool = False) -> Option:
    label, icons = words.action(k), icons_for(k, p)
    if k.kind == "claim" and one_achievement:       # the question names the Achievement
        label, icons = words.claim_short(k), icons[1:]
    elif (more := _MORE_WORDS.get(k.kind)) is not None:
        label = more(k, differing, p, words, label)
    if differing == "discard" and k.get("discard"):
        said = _DISCARD_WORDS.get(_field_type(k, "discard") or "")
        if said is not None:
            label, icons = said[0](words, k["discard"]), [f"{said[1]}{k['discard']}"]
    return Option(with_costs(label, k, p, words), acts, icons, option_spot(k, differing, p))


def with_costs(label: str, action, p, words) -> str:
    """The label with what the move also does that it does not say itself, before the click
    ("Ignore: Doom +1 · you lose the Corruption Cleanser Achievement"): the engine's preview of
    the move (engine.consequences), never a rule restated here."""
    g = p.g
    if g.state.game_over:
        return label
    said = label.replace("\u00a0", " ").lower()
    told = [c for c in consequences(g, action)      # a claim's own Achievement is its label's
            if not (c.kind == "claim" and c.achievement == action.get("achievement"))]
    extra = [w for w in cost_words(tuple(told), Names.of(g.rules), p.acting, who=lambda k: words.player(k or 0))
             if w.lower() not in said]
    return " · ".join([label, *(w.replace(" +", "\u00a0+").replace(" -", "\u00a0-") for w in extra)])


def _split_value(field_name: str, k):
    if field_name == "kind":
        return k.kind
    v = k.get(field_name)
    if field_name == "pay" and k.kind not in TRAY_KINDS:
        return len(v or ())              # Wido's swap: by how many Essences
    return v


def build_choice(title: str, actions, p, words, cancellable=True, parent=None, note: str = "",
                 compact: bool = False) -> Choice:
    """A Choice over these actions (grouped by payment for Tribe Actions, split when long)."""
    groups = group_actions(actions)
    keys = [k for k, _ in groups]
    differing = varying_field(keys) if len(keys) > 1 else None
    # Wido's swap lists many pairs: first how many Essences, then which
    limit = 5 if keys and all(k.kind == "twins_swap" for k in keys) else MAX_OPTIONS
    one = len({k.get("achievement") for k in keys if k.kind == "claim"}) == 1
    if len(groups) <= limit or compact:
        opts = [_option(k, acts, differing, p, words, one) for k, acts in groups]
        return Choice(title, opts, cancellable, parent, note=note, compact=compact)
    field_name = differing or "kind"
    buckets: dict = {}
    for k, acts in groups:
        buckets.setdefault(_split_value(field_name, k), []).extend(acts)
    if len(buckets) == 1 and limit < MAX_OPTIONS and len(groups) <= MAX_OPTIONS:
        # nothing left to split by: the moves themselves
        return Choice(title, [_option(k, acts, differing, p, words) for k, acts in groups], cancellable, parent,
                      note=note)
    opts = []
    for v, acts in buckets.items():
        sub = group_actions(acts)
        if len(sub) == 1:                # a bucket of one move is that move
            opts.append(_option(sub[0][0], sub[0][1], differing, p, words))
            continue
        label = _bucket_label(field_name, v, acts, words)
        sample = acts[0]
        opts.append(Option(f"{label} ({len(sub)})", acts, icons_for(sample, p)[:1], None, group=True))
    return Choice(title, opts, cancellable, parent, note=note)


# A group of moves named by the value they share, said by the field's type (action_schema).
_VALUE_WORDS = {
    HERO: lambda w, v: f"The {w.hero(v)}",
    PERK: lambda w, v: w.perk(v),
    GUARDIAN: lambda w, v: w.guardian(v),
    REGION: lambda w, v: w.region(v),
    ACHIEVEMENT: lambda w, v: w.achievement(v),
    COLOR: lambda w, v: w.color(v),
    PLAYER: lambda w, v: w.player(v),
    NODE: lambda w, v: _cap(w.node(v)),
}
# A become_sower's swaps, by one side (lists of Perks, paired by position)
_SWAP_SIDES = {"give": "Give up", "take": "Take"}


def _bucket_label(field_name, v, acts, words) -> str:
    if field_name == "kind":
        # a group of one kind: the kind in a sentence, as its spec says it ("Moving a Hero")
        spec = SPECS.get(str(v))
        return spec.doing if spec is not None and spec.doing else str(v).replace("_", " ").capitalize()
    if field_name == "pay" and isinstance(v, int):  # Wido's swap: by how many Essences (_split_value)
        return f"Swap {v} Essence{'s' if v != 1 else ''}"
    if field_name in _SWAP_SIDES:
        return f"{_SWAP_SIDES[field_name]} {', '.join(words.perk(p) for p in v)}" if v else "No swap"
    typ = _value_type(acts[0], field_name, v) if acts else None
    said = _VALUE_WORDS.get(typ or "")
    if said is not None:
        return said(words, v)
    return words.say(f"{field_name.replace('_', ' ')}: {v}")


def _value_type(a, name: str, v) -> str | None:
    """The type of `a`'s field `name` holding `v`: its one type, or of several (a Perk's `to`:
    a node, a Region, ...) the node a value joining Regions with "+" spells."""
    typ = _field_type(a, name)
    if typ is not None:
        return typ
    spec = SPECS.get(a.kind)
    fld = spec.fields.get(name) if spec is not None else None
    if fld is not None and NODE in fld.types and isinstance(v, str) and "+" in v:
        return NODE
    return None


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]

"""Choices: a bar of options drawn with their pieces (cards, tokens, tiles), made by a click.

Used for pending decisions (R27: a Corruption Event, a Heartland colour, a starting Essence...),
for a drop that can mean several moves (a Hero dropped on a node: move or use a Perk; a Perk
tile: which other Perk to discard), and for the Moves fallback list. Long lists are split by
the field that varies (first the Hero, then the Perk, ...), so every option stays one or two
clicks away. An option may also name a spot on the table (a Region, a Perk tile): that spot
glows and a click on it picks the option too.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from faeriell.ui.table import theme as T
from faeriell.ui.table.gestures import PAY_FIELDS, TRAY_KINDS

MAX_OPTIONS = 12
SPLIT_ORDER = ("kind", "hero", "perk", "card", "guardian", "achievement", "token", "choice", "region",
               "from", "deck", "color", "discard", "to", "target", "pay", "replace", "steps", "herb",
               "node", "phase")


@dataclass
class Option:
    label: str
    actions: list
    icons: list = field(default_factory=list)     # sprite names
    spot: tuple | None = None                      # a table spot that also picks this option
    group: bool = False                            # opens a sub-choice


@dataclass
class Choice:
    title: str
    options: list
    cancellable: bool = True
    parent: "Choice | None" = None
    rects: list = field(default_factory=list)      # (rect, option) from the last draw
    cancel_rect: pygame.Rect | None = None
    back_rect: pygame.Rect | None = None
    panel_rect: pygame.Rect | None = None
    hover: int = -1

    def spot_keys(self) -> dict:
        return {o.spot: o for o in self.options if o.spot is not None}

    # ---- input -----------------------------------------------------------------------------
    def click(self, pos):
        """The option clicked, 'cancel', 'back', 'inside' (a click on the panel) or None."""
        if self.cancel_rect and self.cancel_rect.collidepoint(pos):
            return "cancel"
        if self.back_rect and self.back_rect.collidepoint(pos):
            return "back"
        for r, o in self.rects:
            if r.collidepoint(pos):
                return o
        if self.panel_rect and self.panel_rect.collidepoint(pos):
            return "inside"
        return None

    def motion(self, pos) -> bool:
        h = -1
        for k, (r, o) in enumerate(self.rects):
            if r.collidepoint(pos):
                h = k
        changed = h != self.hover
        self.hover = h
        return changed

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, surf, p, area: pygame.Rect) -> None:
        P = p.P
        n = len(self.options)
        tile_w = P(206)
        tile_h = P(50)
        cols = max(1, min(n, (area.w - P(24)) // (tile_w + P(6))))
        rows = (n + cols - 1) // cols
        w = cols * (tile_w + P(6)) + P(18)
        w = max(w, min(area.w - P(16), P(420)))
        h = P(34) + rows * (tile_h + P(6)) + P(8)
        r = pygame.Rect(0, 0, w, h)
        r.midtop = (area.centerx, area.y + P(8))
        self.panel_rect = r
        shadow = pygame.Surface(r.inflate(P(10), P(10)).size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        surf.blit(shadow, r.move(P(3), P(4)).inflate(P(6), P(6)))
        T.panel(surf, r, (40, 36, 46), T.GOLD, P(8), 2)
        tx = r.x + P(10)
        if self.parent is not None:
            self.back_rect = pygame.Rect(tx, r.y + P(6), P(58), P(22))
            T.panel(surf, self.back_rect, T.BUTTON, T.GOLD, P(5), 1)
            img = T.text("‹ Back", p.fs(14), T.INK, True)
            surf.blit(img, img.get_rect(center=self.back_rect.center))
            tx = self.back_rect.right + P(8)
        else:
            self.back_rect = None
        right = r.right - P(10)
        if self.cancellable:
            self.cancel_rect = pygame.Rect(right - P(70), r.y + P(6), P(70), P(22))
            T.panel(surf, self.cancel_rect, T.BUTTON, T.GOLD, P(5), 1)
            img = T.text("Cancel", p.fs(14), T.INK, True)
            surf.blit(img, img.get_rect(center=self.cancel_rect.center))
            right = self.cancel_rect.left - P(8)
        else:
            self.cancel_rect = None
        title = T.fit_text(self.title, p.fs(16), right - tx, True)
        surf.blit(T.text(title, p.fs(16), T.GOLD, True), (tx, r.y + P(9)))
        self.rects = []
        for k, o in enumerate(self.options):
            c, row = k % cols, k // cols
            rr = pygame.Rect(r.x + P(9) + c * (tile_w + P(6)), r.y + P(34) + row * (tile_h + P(6)), tile_w, tile_h)
            hot = k == self.hover
            T.panel(surf, rr, T.BUTTON_HI if hot else (62, 54, 60), T.GLOW if hot else T.PANEL_EDGE, P(6), 1)
            x = rr.x + P(5)
            for name in o.icons[:3]:
                img = p.spr(name, tile_h - P(12))
                surf.blit(img, img.get_rect(midleft=(x, rr.centery)))
                x += img.get_width() + P(3)
            lines = T.wrap(o.label + (" ›" if o.group else ""), p.fs(13), rr.right - x - P(4))[:3]
            lh = T.font(p.fs(13)).get_linesize()
            y = rr.centery - len(lines) * lh // 2
            for line in lines:
                surf.blit(T.text(line, p.fs(13), T.INK), (x + P(2), y))
                y += lh
            self.rects.append((rr, o))


# --------------------------------------------------------------------------- building options

def group_actions(actions) -> list[tuple]:
    """[(key action, [actions])]: Tribe Actions differing only in payment form one group."""
    out: dict = {}
    for a in actions:
        k = a.without(*PAY_FIELDS) if a.kind in TRAY_KINDS else a
        out.setdefault(k, []).append(a)
    return list(out.items())


def varying_field(actions) -> str | None:
    fields = {}
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


def icons_for(a, p) -> list[str]:
    f = a.get
    out: list[str] = []
    i = p.acting
    tid = p.s.tribes[i].id
    k = a.kind
    if k == "corruption":
        ch = f("choice")
        if ch == "yield":
            return ["essence_corruption"]
        if ch == "ignore":
            return ["doom_token"]
        out += [f"essence_{c.split('@')[0]}" for c in (f("pay") or ())]
        tg = str(f("target") or "")
        for part in tg.split("+"):
            if part == "doom":
                out.append("doom_token")
            elif part:
                out.append(f"guardian_{part}")
        return out
    if k == "claim":
        out.append(f"achievement_tile_{f('achievement')}")
        out.append(f"achievement_{tid}")
        pay = f("pay")
        if pay == "doom":
            out.append("doom_token")
        elif pay:
            out.append(f"essence_{str(pay).split('@')[0]}")
        return out
    if f("hero") and k not in ("level_up", "free_level"):
        out.append(f"hero_{f('hero')}_{tid}")
    if k in ("level_up", "free_level"):
        out.append(f"perk_{f('perk')}" if f("perk") != "random-sower" else "perk_sow-dread")
    if f("discard"):
        out.append(f"herb_{f('discard')}" if k == "gather_herb" else f"perk_{f('discard')}")
    if k == "perk":
        out.append(f"perk_{f('perk')}" if f("perk") != "shadow" else f"hero_shadow_{tid}")
    if k == "lore":
        c = f("card")
        out.append(f"herb_{c}" if str(c).startswith("herb") else f"attunement_{c}")
    if f("guardian"):
        out.append(f"guardian_{f('guardian')}")
    if k in ("starting_essence", "track_choice") or (k == "harvest_choice" and f("color")):
        out.append(f"essence_{f('color')}")
    if k == "become_sower":
        out.append(f"hero_sower_{tid}")
    if k == "choose_phase":
        out.append(f"phase_{f('phase')}_up")
    if k == "discard_quest" or k == "solve_quest":
        out.append(f"essence_{str(f('card')).split('@')[0]}")
    if k == "go_quest":
        out.append(f"essence_{f('deck')}")
    if k in ("build_beacon",):
        out.append(f"beacon_{f('color')}")
    if k in ("build_settlement", "place_settlement", "move_settlement"):
        out.append(f"settlement_{tid}")
    if k == "drifter_move" or k == "drifter_shift":
        out.append("drifter")
    if k == "harvest":
        out.append("harvest_token")
    return out[:3]


def option_spot(a, differing: str | None, p) -> tuple | None:
    """The table spot that stands for this option, so it can glow and be clicked."""
    f = a.get
    i = p.acting
    k = a.kind
    if k == "harvest_choice" and not a.has("color"):
        return ("region", f("region"))
    if k == "discard_quest":
        return ("quest", i, f("hero"), f("card"))
    if k == "track_choice":
        return ("track", i, f("color"))
    if k == "choose_hero":
        return ("inactive", i, f("hero"))
    if differing == "discard":
        return ("herb_up", f("discard")) if k == "gather_herb" else ("perk_up", f("discard"))
    if differing == "hero" and f("hero"):
        return ("hero", i, f("hero"))
    if differing == "guardian" and f("guardian"):
        return ("guardian", f("guardian"))
    return None


def build_choice(title: str, actions, p, words, cancellable=True, parent=None) -> Choice:
    """A Choice over these actions (grouped by payment for Tribe Actions, split when long)."""
    groups = group_actions(actions)
    keys = [k for k, _ in groups]
    differing = varying_field(keys) if len(keys) > 1 else None
    if len(groups) <= MAX_OPTIONS:
        opts = []
        for k, acts in groups:
            label, icons = words.action(k), icons_for(k, p)
            if differing == "discard" and k.get("discard"):
                herb = k.kind == "gather_herb"
                name = words.herb(k["discard"]) if herb else words.perk(k["discard"])
                label = f"Discard {name}" if herb else f"Put {name} under its pile"
                icons = [f"herb_{k['discard']}" if herb else f"perk_{k['discard']}"]
            opts.append(Option(label, acts, icons, option_spot(k, differing, p)))
        return Choice(title, opts, cancellable, parent)
    field_name = differing or "kind"
    buckets: dict = {}
    for k, acts in groups:
        v = k.kind if field_name == "kind" else k.get(field_name)
        buckets.setdefault(v, []).extend(acts)
    opts = []
    for v, acts in buckets.items():
        label = _bucket_label(field_name, v, acts, words)
        sample = acts[0]
        opts.append(Option(f"{label} ({len(group_actions(acts))})", acts, icons_for(sample, p)[:1], None, group=True))
    return Choice(title, opts, cancellable, parent)


def _bucket_label(field_name, v, acts, words) -> str:
    if field_name == "kind":
        return words.action(acts[0]).split(":")[0] if acts[0].kind == "perk" else {
            "move_hero": "Move a Hero", "perk": "Perks", "lore": "Lore", "go_quest": "Quests",
        }.get(v, str(v).replace("_", " ").capitalize())
    if field_name == "hero":
        return f"The {words.hero(v)}"
    if field_name == "perk":
        return words.perk(v)
    if field_name == "guardian":
        return words.guardian(v)
    if field_name in ("region",):
        return words.region(v)
    if field_name == "to" and isinstance(v, str) and "+" in v:
        return words.node(v).replace("the node of ", "Node: ")
    if field_name == "achievement":
        return words.achievement(v)
    if field_name == "color":
        return words.color(v)
    if field_name == "replace":
        return "Swap " + ", ".join(str(x).replace(">", " for ") for x in (v or ())) if v else "No swap"
    return f"{field_name.replace('_', ' ')}: {v}"

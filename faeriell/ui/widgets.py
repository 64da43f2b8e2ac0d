"""Small mouse-first widgets for the menus (start screen, end screen, dialogs).

Every widget has a `rect` (in its container's coordinates), `handle(event) -> bool` (True when it
must be redrawn) and `draw(surface)`. A widget with an `id` can be found by tests and by the
scene (`Container.find(id)`), so a test clicks the very button a person would.

    panel = Container(pygame.Rect(0, 0, 400, 300))
    panel.add(Button((10, 10, 120, 36), "Start", on_click=start, id="start"))
    panel.handle(event); panel.draw(surface)

A click is a press and a release of the left button on the same widget. Nothing here knows a rule.
"""
from __future__ import annotations

import logging
import re
import time
import weakref
from collections import OrderedDict
from typing import Callable, Iterable

import pygame

from faeriell.resources import resource_dir
from faeriell.safe_read import clip
from faeriell.ui.settings import UI_SCALES

# ---------------------------------------------------------------------------------------- theme
BG = (20, 26, 38)
PANEL = (32, 38, 54)
PANEL_EDGE = (70, 78, 100)
TEXT = (236, 226, 200)
MUTED = (160, 152, 140)
ACCENT = (222, 176, 84)
BTN = (56, 64, 86)
BTN_HOVER = (74, 84, 112)
BTN_DOWN = (44, 50, 68)
BTN_ON = (176, 132, 56)
BTN_PRIMARY = (62, 122, 84)
BTN_PRIMARY_HOVER = (78, 146, 100)
DISABLED_BG = (44, 46, 56)
DISABLED_FG = (110, 108, 110)
ERROR = (240, 120, 108)
OK = (140, 210, 140)
FIELD_BG = (16, 20, 30)
SELECT = (70, 92, 140)

# Every open font of the UI, one per (file, point size), the least recently asked let go past
# OPEN_FONTS: SDL_ttf keeps a font's file open while the Font lives, and a Font opened anew per
# design size and per cache (theme.font and font each kept their own, for every window size and
# Text size a session met) held a hundred handles to the same two files. A frame asks far fewer.
OPEN_FONTS = 24
_FONTS: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
_PATHS: dict[bool, str | None] = {}        # font_path per weight, asked once (a stat per text was waste)
MAX_LINE = 300          # characters SDL_ttf is ever asked to draw in one go (under 20,000 px wide)
MAX_TEXT = 4000         # characters of one text laid out (wrapped, ellipsized) at all


# Words on screen. Every text rendered (SafeFont.render, and the composites made of one: an
# outlined name, a condensed label) is known as words; a WordsSurface (the table's base picture)
# remembers where each was blitted on it, so what is drawn over the table later (the guided
# step's arrow and rings, the hint's highlight) can keep clear of them, or draw them again on top.
_PRINTED: "weakref.WeakSet[pygame.Surface]" = weakref.WeakSet()


def printed(img: pygame.Surface) -> pygame.Surface:
    """`img` known as words (returned as it is)."""
    _PRINTED.add(img)
    return img


class WordsSurface(pygame.Surface):
    """A surface that remembers where words were blitted on it (`words`: rects, in blit order;
    `forget_words()` when it is drawn afresh); blitted on another, its words go with it (the
    island's names, drawn once on its own picture). It keeps each word's ink too (the rendered
    text and where its top left lay), so a word can be put back over a highlight as its letters
    and a thin halo (ink_mask), not as a box."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.forget_words()

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        if r.w <= 0 or r.h <= 0:
            return r
        if not hasattr(self, "words"):        # a copy() or subsurface() of one: pygame skips __init__
            self.forget_words()
        at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
        ax, ay = pygame.Rect(area).topleft if area is not None else (0, 0)
        if source in _PRINTED:
            self.words.append(r)
            self.inks.append((source, (at[0] - ax, at[1] - ay)))
        elif isinstance(source, WordsSurface) and getattr(source, "words", None):   # a picture with words
            for w, (img, off) in zip(source.words, source.inks):
                moved = w.move(at[0] - ax, at[1] - ay).clip(r)
                if moved.w > 0 and moved.h > 0:
                    self.words.append(moved)
                    self.inks.append((img, (off[0] + at[0] - ax, off[1] + at[1] - ay)))
        return r

    def forget_words(self) -> None:
        self.words: list[pygame.Rect] = []
        self.inks: list[tuple[pygame.Surface, tuple[int, int]]] = []     # beside words: (text, its top left)
        self._found: dict[tuple, int] = {}
        self._masks: dict[tuple, tuple[pygame.mask.Mask, tuple[int, int]]] = {}

    def ink_mask(self, r, grow: int = 0) -> tuple[pygame.mask.Mask, tuple[int, int]] | None:
        """The pixels of the word printed at `r` (one of `words`), grown by `grow` px all round,
        and where that mask's top left lies here; None for a rect that is no word of this surface.
        A text drawn without transparency is its whole box."""
        if not hasattr(self, "words"):
            return None
        r = pygame.Rect(r)
        key = (r.x, r.y, r.w, r.h, grow)
        got = self._masks.get(key)
        if got is not None:
            return got
        if len(self._found) != len(self.words):
            self._found = {(w.x, w.y, w.w, w.h): k for k, w in enumerate(self.words)}
        k = self._found.get(key[:4])
        if k is None:
            return None
        img, off = self.inks[k]
        ink = pygame.mask.from_surface(img, 40) if img.get_flags() & pygame.SRCALPHA or \
            img.get_colorkey() is not None else pygame.mask.Mask(img.get_size(), fill=True)
        part = pygame.mask.Mask(r.size)
        part.draw(ink, (off[0] - r.x, off[1] - r.y))          # the part of the text inside r
        if grow > 0:
            disc = pygame.mask.Mask((2 * grow + 1, 2 * grow + 1))
            for x in range(2 * grow + 1):
                for y in range(2 * grow + 1):
                    if (x - grow) ** 2 + (y - grow) ** 2 <= grow * grow + grow // 2:
                        disc.set_at((x, y))
            part = part.convolve(disc)
        got = (part, (r.x - grow, r.y - grow))
        self._masks[key] = got
        return got


def words_on(surf) -> list[pygame.Rect]:
    """Where words were blitted on `surf` (none known unless it is a WordsSurface)."""
    return list(getattr(surf, "words", ()))


def halo_px(unit: float) -> int:
    """How far round its letters a word put back over a highlight clears it (words_kept)."""
    return max(2, round(2.5 * unit))


class words_kept:
    """`with words_kept(surf, rects): draw a highlight`: the words at `rects` (words_on: the
    table's printed words) are put back over what was drawn, as they looked before it, so a
    highlight passes under them and never hides them. With `printed` (the WordsSurface the rects
    are words of) and a `halo`, each comes back as its letters and a halo of `halo` px of what lay
    under them (their own paper), the highlight showing round that: it passes under the word
    instead of stopping at a box round it."""

    def __init__(self, surf: pygame.Surface, rects, printed: "WordsSurface | None" = None, halo: int = 0) -> None:
        self.surf = surf
        frame = surf.get_rect()
        self.parts: list[tuple[pygame.Rect, pygame.mask.Mask | None]] = []
        for r in rects:
            got = printed.ink_mask(r, halo) if printed is not None and halo > 0 else None
            if got is None:
                c = pygame.Rect(r).clip(frame)
                if c.w > 0 and c.h > 0:
                    self.parts.append((c, None))
                continue
            mask, at = got
            box = pygame.Rect(at, mask.get_size())
            c = box.clip(frame)
            if c.w <= 0 or c.h <= 0:
                continue
            if c != box:                               # at the window's edge: the part inside it
                cut = pygame.mask.Mask(c.size)
                cut.draw(mask, (box.x - c.x, box.y - c.y))
                mask = cut
            self.parts.append((c, mask))
        self.saved: list[tuple[pygame.Surface, pygame.Rect, pygame.mask.Mask | None]] = []

    def __enter__(self) -> "words_kept":
        self.saved = [(self.surf.subsurface(r).copy(), r, m) for r, m in self.parts]
        return self

    def __exit__(self, *exc) -> bool:
        for img, r, mask in self.saved:
            if mask is None:
                self.surf.blit(img, r)
            else:
                mask.to_surface(self.surf, setsurface=img, unsetcolor=None, dest=r.topleft)
        return False


# Set to a list (tests): every text rendered, as (text, its font's size in px). Fonts are opened at
# pygame's 72 dpi, so a font's point size is its size in pixels (the em: "font-size: 11px").
TEXT_SIZES: list | None = None


class SafeFont(pygame.font.Font):
    """pygame's Font, but every text it measures or draws first goes through `safe_read.clip`:
    cut to MAX_LINE characters, lone surrogates and NULs made harmless. Text from a file (a
    region name of ten million characters in a refused save) can then never crash SDL_ttf.
    Every font of the UI is one of these (widgets.font, table/theme.font, map_view)."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):
        if TEXT_SIZES is not None and str(text).strip():
            TEXT_SIZES.append((str(text), self.point_size))
        return printed(super().render(clip(text, MAX_LINE), antialias, color, bgcolor, wraplength))

    def size(self, text):
        return super().size(clip(text, MAX_LINE))


# The game's own font, Noto Sans (hinted build, SIL Open Font License: fonts/OFL.txt). pygame's
# built-in font (FreeSansBold, used before) loses glyphs at small sizes: its hinting rounds "/"
# and spaces away ("lap 2/3" drew as "lap 23", "Round 2 begins" as "Round 2begins").
FONT_DIR = resource_dir("fonts")
FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
# Sizes across the UI are "design px", the size pygame's built-in font was asked for. That font
# draws at 0.6875 of it; Noto Sans at 0.7 of it sets a line about as wide, so layouts keep.
EM_PER_PX = 0.7
MIN_TEXT = 15          # design px: the smallest text drawn anywhere (Noto Sans at 10 pt: 10 px)
# From a window of LEGIBLE_WINDOW up the smallest text is LEGIBLE_TEXT instead: no text under 11 px
# at 1280x800 and larger at the default Text size (issue 42). A smaller window keeps its 10 px: its
# panels were laid out for it, and one pixel more cut labels there.
LEGIBLE_TEXT = 16      # design px: Noto Sans at 11 pt, 11 px (fonts open at 72 dpi: a point is a pixel)
LEGIBLE_WINDOW = (1280, 800)


def font_path(bold: bool = False) -> str | None:
    """The game's font file (None: it is missing, and pygame's own font stands in, logged once)."""
    path = FONT_DIR / FONT_FILES[bool(bold)]
    if path.is_file():
        return str(path)
    if not _MISSING:
        _MISSING.append(path)
        logging.getLogger(__name__).warning("font %s is missing: pygame's own font stands in", path)
    return None


_MISSING: list = []


def point_size(size: float) -> int:
    """The point size the font file is opened at for a design size."""
    return max(6, round(float(size) * EM_PER_PX))


def make_font(size: int, bold: bool = False) -> SafeFont:
    """The game's font at design size `size` (no Text size setting: see `font`), shared: the same
    point size of the same file is one Font (see OPEN_FONTS)."""
    bold = bool(bold)
    path = _PATHS[bold] if bold in _PATHS else _PATHS.setdefault(bold, font_path(bold))
    return point_font(point_size(size) if path is not None else -max(8, int(size)), bold)


def point_font(points: int, bold: bool = False) -> SafeFont:
    """The game's font file opened at `points` (a negative count: pygame's own font at that px, when
    the file is missing), from the shared cache (OPEN_FONTS); pygame_gui's sizes are points too."""
    key = (int(points), bool(bold))
    f = _FONTS.get(key)
    if f is not None:
        _FONTS.move_to_end(key)
        return f
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(bold) if points > 0 else None
    if path is None:
        f = SafeFont(None, abs(int(points)) if points < 0 else max(8, int(points)))
        f.set_bold(bool(bold))
    else:
        f = SafeFont(path, int(points))
    _FONTS[key] = f
    while len(_FONTS) > OPEN_FONTS:
        _FONTS.popitem(last=False)          # its file closes once nothing else holds that Font
    return f


_TEXT_SCALE = [1.0]                 # the Text size setting; every font of the window follows it
_FLOOR = [MIN_TEXT]                 # the smallest text for the window's size (set_window_size)
_RESCALE_HOOKS: list[Callable[[], None]] = []


def text_scale() -> float:
    return _TEXT_SCALE[0]


def scaled(size: float, grow_smallest: bool = False) -> int:
    """A font size in px after the player's Text size setting, never below the smallest text
    (smallest_text: MIN_TEXT, or LEGIBLE_TEXT in a window of 1280x800 and more).
    `grow_smallest` (the table's texts, theme.font): a size under the smallest counts as the
    smallest before a larger Text size scales it; else the table's many small texts stayed at the
    smallest at "Large" too and only its headings grew (issue 42)."""
    floor = _FLOOR[0]
    if grow_smallest:
        size = max(floor, size)
    return max(floor, int(size * _TEXT_SCALE[0]))


def smallest_text() -> int:
    """The smallest design size any text is drawn at now (it depends on the window's size)."""
    return _FLOOR[0]


def set_window_size(size) -> bool:
    """The window is `size` px: from LEGIBLE_WINDOW up no text is under LEGIBLE_TEXT. True when
    the smallest text changed (every cache of drawn text is emptied, as by a Text size change)."""
    w, h = (int(v) for v in tuple(size)[:2])
    floor = LEGIBLE_TEXT if w >= LEGIBLE_WINDOW[0] and h >= LEGIBLE_WINDOW[1] else MIN_TEXT
    if floor == _FLOOR[0]:
        return False
    _FLOOR[0] = floor
    for fn in _RESCALE_HOOKS:
        fn()
    return True


def on_rescale(fn: Callable[[], None]) -> Callable[[], None]:
    """Call fn (e.g. a cache's clear) whenever the text size changes."""
    _RESCALE_HOOKS.append(fn)
    return fn


def set_text_scale(scale: float) -> bool:
    """Change the text size of the whole window; True when it changed."""
    scale = float(scale)
    if scale == _TEXT_SCALE[0]:
        return False
    _TEXT_SCALE[0] = scale
    for fn in _RESCALE_HOOKS:
        fn()
    return True


class largest_text:
    """`with largest_text():` measures as if the Text size were its largest (the fonts it opens are
    the shared ones of their point size). A layout measured so keeps every control where it is whatever the Text size: a
    change of it never moves a control under the cursor (the Settings dialog)."""

    LARGEST = max(UI_SCALES)

    def __enter__(self):
        self._saved = _TEXT_SCALE[0]
        _TEXT_SCALE[0] = max(_TEXT_SCALE[0], self.LARGEST)
        return self

    def __exit__(self, *exc):
        _TEXT_SCALE[0] = self._saved
        return False


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The default font at `size` px, times the Text size setting (the shared Font of its point
    size: nothing else keeps fonts, so OPEN_FONTS bounds the open files)."""
    return make_font(scaled(size), bold)   # SafeFont at the Text size setting


_BREAKS = re.compile(r"[^\S\u00a0]+")   # whitespace but NBSP, a space no line breaks at ("Doom +1" stays whole)


def wrap(fnt: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split text into lines no wider than width (a word longer than width gets its own line;
    words joined by NBSP count as one)."""
    out: list[str] = []
    for para in clip(text, MAX_TEXT).split("\n"):
        cur = ""
        for word in (w for w in _BREAKS.split(para) if w):
            trial = f"{cur} {word}".strip()
            if cur and fnt.size(trial)[0] > width:
                out.append(cur)
                cur = word
            else:
                cur = trial
        out.append(cur)
    return out


def ellipsize(fnt: pygame.font.Font, text: str, width: int) -> str:
    """text, or its longest start that fits `width` px followed by an ellipsis."""
    text = clip(text, MAX_LINE)
    if fnt.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)             # the longest start that fits: found by halving
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


LABELS: list | None = None      # set to a list (tests): every label drawn, as (text, shown, rect, box_width)


def note_label(text: str, shown: str, rect, box_width) -> None:
    """Record a drawn label while LABELS is a list (tests measure each one against its box)."""
    if LABELS is not None:
        LABELS.append((text, shown, pygame.Rect(rect), box_width))


def fitting_size(text: str, size: int, width: int, bold: bool = False, measure=None,
                 grow_smallest: bool = False) -> int:
    """The largest design size up to `size` at which `text` fits `width` px, never under the
    smallest text: a label at a large Text size shrinks before it is ever cut."""
    measure = measure or font
    s = int(size)
    smallest = scaled(0, grow_smallest)      # the smallest `measure` draws now
    while s > 1 and scaled(s, grow_smallest) > smallest and measure(s, bold).size(text)[0] > width:
        s -= 1
    return s


def draw_text(surf, text, pos, size=20, color=TEXT, bold=False, anchor="topleft", width=None):
    """Blit one line; with `width`, shrunk to fit it (ellipsized only below the smallest text).
    Returns its rect."""
    text = clip(text, MAX_LINE)
    shown = text
    if width is not None:
        size = fitting_size(text, size, width, bold)
        shown = ellipsize(font(size, bold), text, width)
    img = font(size, bold).render(shown, True, color)
    r = img.get_rect(**{anchor: pos})
    surf.blit(img, r)
    note_label(text, shown, r, width)
    return r


def draw_wrapped(surf, text, rect, size=18, color=TEXT, line_gap=2, max_lines=None) -> int:
    """Blit text wrapped into rect's width from its top; returns the height used."""
    fnt = font(size)
    lines = wrap(fnt, text, max(10, rect.width))
    whole = lines
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(fnt, lines[-1] + " …", rect.width)
    y = rect.y
    for line in lines:
        if line:
            surf.blit(fnt.render(line, True, color), (rect.x, y))
        y += fnt.get_linesize() + line_gap
    if LABELS is not None:
        cut = lines is not whole or y - line_gap > rect.bottom + 1     # lines left out, or below the box
        note_label(text, "…" if cut else text, pygame.Rect(rect.x, rect.y, rect.w, y - rect.y), rect.w)
    return y - rect.y


def wrapped_height(text, width, size=18, line_gap=2) -> int:
    fnt = font(size)
    return len(wrap(fnt, text, max(10, width))) * (fnt.get_linesize() + line_gap)


# ---------------------------------------------------------------------------------------- UI scale
# The menus, dialogs and the start, settings, end and review screens are laid out in px for a
# window near 1280x800. The Interface size setting draws them larger as a whole: laid out for the
# window's size divided by a factor, drawn on a canvas of that size, scaled up to the window, and
# the mouse read back through the same factor. (The table lays itself out for any size itself.)
UI_DESIGN = (1280, 800)
UI_ROOM = (1024, 640)           # the smallest layout a scaled screen is given


def ui_factor(size, choice="auto") -> float:
    """How much larger the scaled screens are drawn in a window of `size`: "auto" follows the
    window (1.0 at 1280x800, 1.35 at 1920x1080), a number is the player's choice; never below 1
    nor so large that a screen gets less than UI_ROOM to lay itself out in."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    try:
        f = min(w / UI_DESIGN[0], h / UI_DESIGN[1]) if choice == "auto" else float(choice)
    except (TypeError, ValueError):
        f = 1.0
    room = min(w / UI_ROOM[0], h / UI_ROOM[1])
    return round(max(1.0, min(f, room, 2.0)), 3)


def virtual_size(size, f: float) -> tuple[int, int]:
    """The size a scaled screen lays itself out in."""
    return max(1, round(size[0] / f)), max(1, round(size[1] / f))


def scaled_event(ev, f: float):
    """A mouse event with its position in a scaled screen's own px (other events as they are)."""
    if f == 1.0 or not hasattr(ev, "pos"):
        return ev
    d = dict(ev.dict)
    d["pos"] = (int(ev.pos[0] / f), int(ev.pos[1] / f))
    if "rel" in d:
        d["rel"] = (round(ev.rel[0] / f), round(ev.rel[1] / f))
    return pygame.event.Event(ev.type, d)


class Canvas:
    """Where a scaled screen draws before it is scaled up to the window."""

    def __init__(self):
        self.surface: pygame.Surface | None = None

    def draw(self, target: pygame.Surface, f: float, draw: Callable, alpha: bool = False) -> None:
        if f == 1.0:
            draw(target)
            return
        size = virtual_size(target.get_size(), f)
        if self.surface is None or self.surface.get_size() != size or bool(self.surface.get_flags()
                                                                           & pygame.SRCALPHA) != alpha:
            self.surface = pygame.Surface(size, pygame.SRCALPHA) if alpha else pygame.Surface(size)
        if alpha:
            self.surface.fill((0, 0, 0, 0))
        else:
            self.surface.fill(BG)
        draw(self.surface)
        target.blit(pygame.transform.smoothscale(self.surface, target.get_size()), (0, 0))


def window_rect(rect, f: float) -> pygame.Rect:
    """A rect of a scaled screen, in the window's px (tests aim at it)."""
    r = pygame.Rect(rect)
    return pygame.Rect(round(r.x * f), round(r.y * f), max(1, round(r.w * f)), max(1, round(r.h * f)))


def _title_lines() -> tuple[int, int]:
    """(the subtitle's y, the bottom of the title block) of draw_title."""
    sub_y = 14 + font(60).get_ascent() + 4
    return sub_y, sub_y + font(20).get_linesize()


def header_top() -> int:
    """Where a screen's panels start below draw_title: measured at the largest Text size, so a
    change of it moves no control."""
    with largest_text():
        return max(96, _title_lines()[1] + 10)


def draw_title(surf, title: str, sub: str, width: int) -> None:
    """A screen's big title and the line under it (above header_top at any Text size)."""
    sub_y, _ = _title_lines()
    draw_text(surf, title, (24, 14), 60, ACCENT)
    draw_text(surf, sub, (26, sub_y), 20, MUTED, width=max(100, width))


def is_click_button(ev) -> bool:
    return getattr(ev, "button", 0) == 1


def moved(ev, offset) -> pygame.event.Event:
    """The event with its position shifted by -offset (into a child's coordinates)."""
    if not hasattr(ev, "pos"):
        return ev
    d = dict(ev.dict)
    d["pos"] = (ev.pos[0] - offset[0], ev.pos[1] - offset[1])
    return pygame.event.Event(ev.type, d)


# ---------------------------------------------------------------------------------------- widgets
class Widget:
    id: str | None = None
    hover = False

    def __init__(self, rect, id: str | None = None, visible: bool = True, enabled: bool = True):
        self.rect = pygame.Rect(rect)
        self.id = id
        self.visible = visible
        self.enabled = enabled

    def handle(self, ev) -> bool:
        return False

    def _track_hover(self, pos) -> bool:
        """Follow the mouse over the whole widget; True when `hover` changed (redraw)."""
        h = self.rect.collidepoint(pos)
        if h != self.hover:
            self.hover = h
            return True
        return False

    def draw(self, surf) -> None:
        pass

    def blur(self) -> bool:
        """Lose keyboard focus; True when that changed the look."""
        return False


class Label(Widget):
    def __init__(self, rect, text: str, size: int = 20, color=TEXT, bold=False, wrap_text=False,
                 id=None, align="left"):
        super().__init__(rect, id)
        self.text, self.size, self.color, self.bold = text, size, color, bold
        self.wrap_text, self.align = wrap_text, align

    def draw(self, surf) -> None:
        if self.wrap_text:
            draw_wrapped(surf, self.text, self.rect, self.size, self.color)
        elif self.align == "center":
            draw_text(surf, self.text, self.rect.center, self.size, self.color, self.bold, "center",
                      self.rect.width)
        else:
            draw_text(surf, self.text, (self.rect.x, self.rect.centery), self.size, self.color, self.bold,
                      "midleft", self.rect.width)


class Button(Widget):
    """A push button: on_click() runs on release over the button after a press on it."""

    def __init__(self, rect, text: str, on_click: Callable[[], None] | None = None, id=None,
                 primary=False, size=22, sub: str = "", enabled=True, selected=False):
        super().__init__(rect, id, enabled=enabled)
        self.text, self.on_click, self.primary, self.size, self.sub = text, on_click, primary, size, sub
        self.selected = selected
        self.hover = False
        self.down = False

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        if ev.type == pygame.MOUSEMOTION:
            return self._track_hover(ev.pos)
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev) and self.rect.collidepoint(ev.pos):
            self.down = True
            return True
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            was = self.down
            self.down = False
            if was and self.rect.collidepoint(ev.pos):
                if self.on_click:
                    self.on_click()
                return True
            return was
        return False

    def colours(self):
        if not self.enabled:
            return DISABLED_BG, DISABLED_FG
        if self.down:
            return BTN_DOWN, TEXT
        if self.selected:
            return BTN_ON, (30, 24, 16)
        if self.primary:
            return (BTN_PRIMARY_HOVER if self.hover else BTN_PRIMARY), (250, 250, 240)
        return (BTN_HOVER if self.hover else BTN), TEXT

    def draw(self, surf) -> None:
        if not self.visible:
            return
        bg, fg = self.colours()
        pygame.draw.rect(surf, bg, self.rect, border_radius=6)
        edge = ACCENT if (self.hover and self.enabled) else PANEL_EDGE
        pygame.draw.rect(surf, edge, self.rect, 1, border_radius=6)
        if self.sub:
            draw_text(surf, self.text, (self.rect.centerx, self.rect.y + self.rect.height * 0.36), self.size, fg,
                      anchor="center", width=self.rect.width - 10)
            draw_text(surf, self.sub, (self.rect.centerx, self.rect.y + self.rect.height * 0.74), 16,
                      fg if not self.enabled else MUTED if not self.selected else fg, anchor="center",
                      width=self.rect.width - 10)
        else:
            draw_text(surf, self.text, self.rect.center, self.size, fg, anchor="center", width=self.rect.width - 10)


class Choice(Widget):
    """A row of segments of which one is chosen: options = [(value, label), ...]."""

    def __init__(self, rect, options: list[tuple[object, str]], value, on_change=None, id=None, size=20):
        super().__init__(rect, id)
        self.options = list(options)
        self.value = value
        self.on_change = on_change
        self.size = size
        self.hover: int | None = None
        self._press: int | None = None
        self.disabled: set = set()

    def segment_rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.options))
        gap = 4
        w = (self.rect.width - gap * (n - 1)) / n
        return [pygame.Rect(round(self.rect.x + k * (w + gap)), self.rect.y, round(w), self.rect.height)
                for k in range(n)]

    def segment_id(self, value) -> str:
        return f"{self.id}:{value}"

    def rect_of(self, value) -> pygame.Rect | None:
        for (v, _), r in zip(self.options, self.segment_rects()):
            if v == value:
                return r
        return None

    def _at(self, pos) -> int | None:
        for k, r in enumerate(self.segment_rects()):
            if r.collidepoint(pos):
                return k
        return None

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        if ev.type == pygame.MOUSEMOTION:
            h = self._at(ev.pos)
            if h != self.hover:
                self.hover = h
                return True
            return False
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            self._press = self._at(ev.pos)
            return self._press is not None
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            k, self._press = self._press, None
            if k is not None and k == self._at(ev.pos):
                value = self.options[k][0]
                if value in self.disabled:
                    return True
                changed = value != self.value
                self.value = value
                if changed and self.on_change:
                    self.on_change(value)
                return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        for k, ((value, label), r) in enumerate(zip(self.options, self.segment_rects())):
            on = value == self.value
            off = value in self.disabled or not self.enabled
            bg = BTN_ON if on else DISABLED_BG if off else BTN_HOVER if k == self.hover else BTN
            fg = (30, 24, 16) if on else DISABLED_FG if off else TEXT
            pygame.draw.rect(surf, bg, r, border_radius=5)
            pygame.draw.rect(surf, ACCENT if k == self.hover and not off else PANEL_EDGE, r, 1, border_radius=5)
            draw_text(surf, label, r.center, self.size, fg, anchor="center", width=r.width - 6)


class Toggle(Widget):
    """A check box with a name and an optional explanation below it."""

    def __init__(self, rect, label: str, value: bool = False, on_change=None, id=None, detail: str = ""):
        super().__init__(rect, id)
        self.label, self.value, self.on_change, self.detail = label, bool(value), on_change, detail
        self.hover = False
        self._press = False
        self.warn = False

    @staticmethod
    def height_for(width: int, detail: str) -> int:
        return 26 + (wrapped_height(detail, width - 34, 16, 1) if detail else 0) + 4

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        if ev.type == pygame.MOUSEMOTION:
            return self._track_hover(ev.pos)
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            self._press = self.rect.collidepoint(ev.pos)
            return False
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            was, self._press = self._press, False
            if was and self.rect.collidepoint(ev.pos):
                self.value = not self.value
                if self.on_change:
                    self.on_change(self.value)
                return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        if self.hover:
            pygame.draw.rect(surf, (40, 48, 68), self.rect, border_radius=5)
        box = pygame.Rect(self.rect.x + 4, self.rect.y + 4, 20, 20)
        pygame.draw.rect(surf, FIELD_BG, box, border_radius=4)
        pygame.draw.rect(surf, ERROR if self.warn and self.value else ACCENT if self.value else PANEL_EDGE, box, 2,
                         border_radius=4)
        if self.value:
            pygame.draw.lines(surf, ACCENT, False, [(box.x + 4, box.y + 10), (box.x + 8, box.y + 15),
                                                    (box.x + 16, box.y + 5)], 3)
        fg = TEXT if self.enabled else DISABLED_FG
        draw_text(surf, self.label, (box.right + 8, box.centery), 21, fg, anchor="midleft",
                  width=self.rect.right - box.right - 10)
        if self.detail:
            draw_wrapped(surf, self.detail, pygame.Rect(box.right + 8, box.bottom + 3,
                                                        self.rect.right - box.right - 12, 200), 16, MUTED, 1)


class TextField(Widget):
    """A one-line text box: click to type (TEXTINPUT), Backspace, Enter submits, Esc leaves it."""

    def __init__(self, rect, text: str = "", on_submit=None, on_change=None, id=None, placeholder: str = "",
                 allowed: str | None = None, max_len: int = 400):
        super().__init__(rect, id)
        self.text, self.on_submit, self.on_change, self.placeholder = text, on_submit, on_change, placeholder
        self.allowed, self.max_len = allowed, max_len
        self.focused = False
        self._blink = 0.0

    def blur(self) -> bool:
        was, self.focused = self.focused, False
        return was

    def _set(self, text: str) -> None:
        if text != self.text:
            self.text = text[: self.max_len]
            if self.on_change:
                self.on_change(self.text)

    def handle(self, ev) -> bool:
        if not self.visible or not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            inside = self.rect.collidepoint(ev.pos)
            if inside != self.focused:
                self.focused = inside
                return True
            return False
        if not self.focused:
            return False
        if ev.type == pygame.TEXTINPUT:
            add = "".join(ch for ch in ev.text if ch.isprintable() and (self.allowed is None or ch in self.allowed))
            if add:
                self._set(self.text + add)
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_BACKSPACE:
                if ev.mod & pygame.KMOD_CTRL:
                    self._set(self.text.rstrip().rsplit(" ", 1)[0] if " " in self.text.rstrip() else "")
                else:
                    self._set(self.text[:-1])
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit:
                    self.on_submit(self.text)
                return True
            if ev.key == pygame.K_ESCAPE:
                self.focused = False
                return True
            if ev.key == pygame.K_v and ev.mod & pygame.KMOD_CTRL:
                try:
                    pasted = pygame.scrap.get_text()
                except (pygame.error, NotImplementedError):   # no clipboard (headless, no scrap module)
                    pasted = ""
                if pasted:
                    self._set(self.text + "".join(ch for ch in pasted if ch.isprintable()))
                return True
        return False

    def consumes_keys(self) -> bool:
        return self.focused

    def draw(self, surf) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surf, FIELD_BG, self.rect, border_radius=5)
        pygame.draw.rect(surf, ACCENT if self.focused else PANEL_EDGE, self.rect, 2 if self.focused else 1,
                         border_radius=5)
        fnt = font(20)
        inner = self.rect.inflate(-14, 0)
        shown = self.text or self.placeholder      # shown while focused too: AskText's suggested name
        img = fnt.render(shown, True, TEXT if self.text else MUTED)
        # keep the end of a long text (the caret) visible
        src = pygame.Rect(max(0, img.get_width() - inner.width + 4), 0, inner.width, img.get_height())
        surf.blit(img, (inner.x, self.rect.centery - img.get_height() // 2), src)
        if self.focused:
            x = inner.x + min(img.get_width() if self.text else 0, inner.width - 4) + 1
            pygame.draw.line(surf, ACCENT, (x, self.rect.y + 7), (x, self.rect.bottom - 8), 2)


class ListBox(Widget):
    """A scrolling list: items = [(key, title, detail)]; click selects, double click activates."""

    ROW = 44

    def __init__(self, rect, items=(), on_select=None, on_activate=None, id=None, empty_text="(nothing here)",
                 row=ROW):
        super().__init__(rect, id)
        self.items: list[tuple] = list(items)
        self.on_select, self.on_activate, self.empty_text = on_select, on_activate, empty_text
        self.row = scaled(row) if _TEXT_SCALE[0] != 1.0 else row      # rows grow with the text size
        self.selected: int | None = None
        self.hover: int | None = None
        self.scroll = 0
        self._press: int | None = None
        self._last_click = (None, 0.0)
        self._drag_from: tuple[int, int] | None = None
        self.mouse = (-1, -1)

    def set_items(self, items) -> None:
        self.items = list(items)
        self.selected = None if self.selected is None or self.selected >= len(self.items) else self.selected
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def selected_key(self):
        if self.selected is None or self.selected >= len(self.items):
            return None
        return self.items[self.selected][0]

    def max_scroll(self) -> int:
        return max(0, len(self.items) * self.row - self.rect.height)

    def row_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 2, self.rect.y + k * self.row - self.scroll, self.rect.width - 4, self.row)

    def _at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        k = (pos[1] - self.rect.y + self.scroll) // self.row
        return int(k) if 0 <= k < len(self.items) else None

    def handle(self, ev) -> bool:
        if not self.visible or not self.enabled:
            return False
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self._drag_from is not None and self.max_scroll():
                dy = ev.pos[1] - self._drag_from[1]
                if abs(dy) > 4:
                    self.scroll = max(0, min(self.max_scroll(), self.scroll - dy))
                    self._drag_from = ev.pos
                    self._press = None
                    return True
            h = self._at(ev.pos)
            if h != self.hover:
                self.hover = h
                return True
            return False
        if ev.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self.mouse) and self.max_scroll():
                steps = -ev.y if getattr(ev, "flipped", False) else ev.y
                self.scroll = max(0, min(self.max_scroll(), self.scroll - steps * self.row))
                self.hover = self._at(self.mouse)
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and is_click_button(ev):
            self._press = self._at(ev.pos)
            self._drag_from = ev.pos if self.rect.collidepoint(ev.pos) else None
            return False
        if ev.type == pygame.MOUSEBUTTONUP and is_click_button(ev):
            k, self._press = self._press, None
            self._drag_from = None
            if k is not None and k == self._at(ev.pos):
                now = time.monotonic()
                double = self._last_click[0] == k and now - self._last_click[1] < 0.45
                self._last_click = (k, now)
                self.selected = k
                if self.on_select:
                    self.on_select(self.items[k][0])
                if double and self.on_activate:
                    self.on_activate(self.items[k][0])
                return True
        return False

    def draw(self, surf) -> None:
        if not self.visible:
            return
        pygame.draw.rect(surf, FIELD_BG, self.rect, border_radius=6)
        pygame.draw.rect(surf, PANEL_EDGE, self.rect, 1, border_radius=6)
        if not self.items:
            draw_text(surf, self.empty_text, self.rect.center, 19, MUTED, anchor="center", width=self.rect.width - 10)
            return
        old = surf.get_clip()
        surf.set_clip(self.rect.inflate(-2, -2).clip(old) if old else self.rect.inflate(-2, -2))
        first = self.scroll // self.row
        last = min(len(self.items), first + self.rect.height // self.row + 2)
        for k in range(first, last):
            item = self.items[k]
            r = self.row_rect(k)
            if k == self.selected:
                pygame.draw.rect(surf, SELECT, r, border_radius=4)
            elif k == self.hover:
                pygame.draw.rect(surf, (36, 44, 62), r, border_radius=4)
            title = str(item[1]) if len(item) > 1 else str(item[0])
            detail = str(item[2]) if len(item) > 2 and item[2] else ""
            if detail and self.row >= 36:
                draw_text(surf, title, (r.x + 8, r.y + 5), 20, TEXT, width=r.width - 16)
                draw_text(surf, detail, (r.x + 8, r.y + 11 + font(20).get_height()), 16, MUTED, width=r.width - 16)
            else:
                draw_text(surf, title, (r.x + 8, r.centery), 19, TEXT, anchor="midleft", width=r.width - 16)
        surf.set_clip(old)
        if self.max_scroll():
            track = self.rect.height - 8
            frac = self.rect.height / (len(self.items) * self.row)
            bar_h = max(20, int(track * frac))
            y = self.rect.y + 4 + int((track - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surf, PANEL_EDGE, (self.rect.right - 7, y, 4, bar_h), border_radius=2)


class Container(Widget):
    """Widgets in one rect (their rects relative to the container's surface coordinates).

    With `scrollable`, content taller than the rect scrolls with the wheel (or a drag on empty space).
    """

    def __init__(self, rect, id=None, scrollable=False):
        super().__init__(rect, id)
        self.children: list[Widget] = []
        self.scrollable = scrollable
        self.scroll = 0
        self.content_h = 0
        self.mouse = (-1, -1)
        self._drag: tuple[int, int] | None = None

    def add(self, w: Widget) -> Widget:
        self.children.append(w)
        if self.scrollable:
            self.content_h = max(self.content_h, w.rect.bottom - self.rect.y + 8)
        return w

    def clear(self) -> None:
        self.children.clear()
        self.content_h = 0

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.rect.height) if self.scrollable else 0

    def _offset(self) -> tuple[int, int]:
        return (0, -self.scroll)

    def settle(self, direction: int = 1) -> None:
        """Scroll on a little (direction 1: down, -1: up) so that no one-line Label (a caption)
        is cut in half by the top or bottom edge: a wheel step of 40 px left 'Variants' half
        shown at the bottom of the start screen at 1024x700."""
        if not self.scrollable:
            return
        captions = [w.rect for w in self.children if isinstance(w, Label) and not w.wrap_text and w.visible]
        for _ in range(len(captions) + 1):     # moving past one caption may cut another: again
            top, bottom = self.rect.top + self.scroll, self.rect.bottom + self.scroll
            shift = 0
            for r in captions:
                for edge in (top, bottom):
                    if r.top < edge < r.bottom:    # cut: move on past it, in the way the player scrolls
                        shift = max(shift, r.bottom - edge) if direction > 0 else min(shift, r.top - edge)
            moved_to = max(0, min(self.max_scroll(), self.scroll + shift))
            if moved_to == self.scroll:
                return
            self.scroll = moved_to

    def reveal(self, wid: str, margin: int = 8) -> None:
        """Scroll the least that shows the whole widget (its top first when it is taller than the
        view): a line that answers a click should not sit below the fold."""
        w = self.find(wid) if self.scrollable else None
        if w is None:
            return
        want = self.scroll                       # the view shows rect.top + want .. rect.bottom + want
        if w.rect.bottom + margin > self.rect.bottom + want:
            want = w.rect.bottom + margin - self.rect.bottom
        if w.rect.top - margin < self.rect.top + want:
            want = w.rect.top - margin - self.rect.top
        self.scroll = max(0, min(self.max_scroll(), want))

    def find(self, wid: str) -> Widget | None:
        for w in self.children:
            if w.id == wid:
                return w
            if isinstance(w, Container):
                found = w.find(wid)
                if found is not None:
                    return found
        return None

    def screen_rect(self, wid: str) -> pygame.Rect | None:
        """Where the widget (or a Choice segment 'id:value') is on screen now."""
        base, _, value = wid.partition(":") if ":" in wid else (wid, "", "")
        w = self.find(wid) or self.find(base)
        if w is None:
            return None
        if isinstance(w, Choice) and value:
            opts = {str(v): v for v, _ in w.options}
            r = w.rect_of(opts.get(value, value))
        else:
            r = w.rect
        if r is None:
            return None
        r = r.move(0, -self.scroll)
        return r.clip(self.rect) if self.scrollable else r

    def focused_field(self) -> TextField | None:
        for w in self.children:
            if isinstance(w, TextField) and w.focused and w.visible:
                return w
            if isinstance(w, Container):
                f = w.focused_field()
                if f is not None:
                    return f
        return None

    def blur(self) -> bool:
        changed = False
        for w in self.children:
            changed |= w.blur()
        return changed

    def handle(self, ev) -> bool:
        if not self.visible:
            return False
        changed = False
        if hasattr(ev, "pos") and ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if self.scrollable:
            if ev.type == pygame.MOUSEWHEEL and self.rect.collidepoint(self.mouse) and self.max_scroll():
                inner = moved(pygame.event.Event(pygame.MOUSEMOTION, pos=self.mouse, rel=(0, 0), buttons=(0, 0, 0)),
                              self._offset())
                over_list = any(isinstance(w, ListBox) and w.visible and w.rect.collidepoint(inner.pos)
                                and w.max_scroll() for w in self.children)
                if not over_list:
                    steps = -ev.y if getattr(ev, "flipped", False) else ev.y
                    self.scroll = max(0, min(self.max_scroll(), self.scroll - 40 * steps))
                    self.settle(-1 if steps > 0 else 1)
                    return True
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3) and self.rect.collidepoint(ev.pos):
                self._drag = ev.pos
            elif ev.type == pygame.MOUSEBUTTONUP:
                self._drag = None
            elif ev.type == pygame.MOUSEMOTION and self._drag is not None and self.max_scroll() \
                    and getattr(ev, "buttons", (0, 0, 0))[2]:
                dy = ev.pos[1] - self._drag[1]
                self.scroll = max(0, min(self.max_scroll(), self.scroll - dy))
                self._drag = ev.pos
                changed = True
        inner_ev = moved(ev, self._offset()) if self.scrollable else ev
        if self.scrollable and hasattr(ev, "pos") and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and not self.rect.collidepoint(ev.pos):
            # a click outside the visible part must not reach a child scrolled out of view
            inner_ev = moved(ev, (10 ** 6, 10 ** 6))
        for w in list(self.children):
            changed |= bool(w.handle(inner_ev))
        return changed

    def draw(self, surf) -> None:
        if not self.visible:
            return
        if not self.scrollable:
            for w in self.children:
                w.draw(surf)
            return
        old = surf.get_clip()
        surf.set_clip(self.rect.clip(old) if old else self.rect)
        if self.scroll:
            # draw into a temporary surface shifted up by scroll
            tmp = pygame.Surface((surf.get_width(), max(surf.get_height(), self.rect.y + self.content_h + 8)),
                                 pygame.SRCALPHA)
            for w in self.children:
                w.draw(tmp)
            surf.blit(tmp, (0, -self.scroll))
        else:
            for w in self.children:
                w.draw(surf)
        surf.set_clip(old)
        if self.max_scroll():
            track = self.rect.height - 8
            bar_h = max(24, int(track * self.rect.height / max(1, self.content_h)))
            y = self.rect.y + 4 + int((track - bar_h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surf, PANEL_EDGE, (self.rect.right - 6, y, 4, bar_h), border_radius=2)


def panel(surf, rect, title: str | None = None, fill=PANEL) -> None:
    pygame.draw.rect(surf, fill, rect, border_radius=10)
    pygame.draw.rect(surf, PANEL_EDGE, rect, 1, border_radius=10)
    if title:
        draw_text(surf, title, (rect.x + 16, rect.y + 12), 28, ACCENT, bold=False)


def shade(surf, alpha: int = 150) -> None:
    veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    surf.blit(veil, (0, 0))


NEUTRAL_RGB = (180, 180, 180)


def tribe_rgb(catalog, tribe_id: str) -> tuple[int, int, int]:
    """The tribe's colour from data/ (validated at load), or a neutral swatch for an unknown id."""
    rgb = (catalog.tribes.get(tribe_id) or {}).get("rgb")
    if not rgb:
        return NEUTRAL_RGB
    r, g, b = (int(v) for v in rgb[:3])
    return r, g, b


def iter_widgets(root: Iterable[Widget]):
    for w in root:
        yield w
        if isinstance(w, Container):
            yield from iter_widgets(w.children)

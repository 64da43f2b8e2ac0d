"""Text: the fonts, the Text size (TextScale), the legibility floor, wrapping and drawing words."""
from __future__ import annotations

import logging
import re
import weakref
from collections import OrderedDict
from collections.abc import Callable

from typing import TYPE_CHECKING

import pygame

from faeriell.resources import resource_dir
from faeriell.safe_read import clip
from faeriell.ui.settings import UI_SCALES
from faeriell.ui.surface_cache import surface_cache
from faeriell.ui.theme import TEXT

if TYPE_CHECKING:                 # only the checker needs these names
    from pygame.typing import Point, RectLike

# Every open font of the UI, one per (file, point size), the least recently asked let go past
# OPEN_FONTS: SDL_ttf keeps a font's file open while the Font lives, and a Font opened anew per
# design size and per cache (theme.font and font each kept their own, for every window size and
# Text size a session met) held a hundred handles to the same two files. A frame asks far fewer.
OPEN_FONTS = 24
_FONTS: OrderedDict[tuple[int, bool], SafeFont] = OrderedDict()
_PATHS: dict[bool, str | None] = {}        # font_path per weight, asked once (a stat per text was waste)
MAX_LINE = 300          # characters SDL_ttf is ever asked to draw in one go (under 20,000 px wide)
MAX_TEXT = 4000         # characters of one text laid out (wrapped, ellipsized) at all


# Words on screen. Every text rendered (SafeFont.render, and the composites made of one: an
# outlined name, a condensed label) is known as words; a WordsSurface (the table's base picture)
# remembers where each was blitted on it, so what is drawn over the table later (the guided
# step's arrow and rings, the hint's highlight) can keep clear of them, or draw them again on top.
_PRINTED: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()


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

    def blit(self, source: pygame.Surface, dest: Point | RectLike = (0, 0), area: RectLike | None = None,
             special_flags: int = 0) -> pygame.Rect:
        r = super().blit(source, dest, area, special_flags)
        if r.w <= 0 or r.h <= 0:
            return r
        if not hasattr(self, "words"):        # a copy() or subsurface() of one: pygame skips __init__
            self.forget_words()
        # pygame also takes an object with a .rect here, which the program never passes: a Rect or a point
        at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))  # type: ignore[index, arg-type]
        ax, ay = pygame.Rect(area).topleft if area is not None else (0, 0)
        if source in _PRINTED:
            self.words.append(r)
            self.inks.append((source, (at[0] - ax, at[1] - ay)))
        elif isinstance(source, WordsSurface) and getattr(source, "words", None):   # a picture with words
            for w, (img, off) in zip(source.words, source.inks, strict=False):
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

    def __init__(self, surf: pygame.Surface, rects, printed: WordsSurface | None = None, halo: int = 0) -> None:
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

    def __enter__(self) -> words_kept:
        self.saved = [(self.surf.subsurface(r).copy(), r, m) for r, m in self.parts]
        return self

    def __exit__(self, *exc) -> None:
        for img, r, mask in self.saved:
            if mask is None:
                self.surf.blit(img, r)
            else:
                mask.to_surface(self.surf, setsurface=img, unsetcolor=None, dest=r.topleft)


# Set to a list (tests): every text rendered, as (text, its font's size in px). Fonts are opened at
# pygame's 72 dpi, so a font's point size is its size in pixels (the em: "font-size: 11px").
TEXT_SIZES: list | None = None


class SafeFont(pygame.font.Font):
    """pygame's Font, but every text it measures or draws first goes through `safe_read.clip`:
    cut to MAX_LINE characters, lone surrogates and NULs made harmless. Text from a file (a
    region name of ten million characters in a refused save) can then never crash SDL_ttf.
    Every font of the UI is one of these (text.font, table/theme.font, map_view)."""

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
SMALL_WINDOW = (1024, 640)


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
    the file is missing), from the shared cache (OPEN_FONTS); the rules screen sizes its own fonts in points (rules.list_face)."""
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


class TextScale:
    """The Text size setting and the smallest text for the window's size, with the listeners (the
    caches of drawn text) told when either changes. One instance, SCALE, owns them for the window."""

    def __init__(self) -> None:
        self.scale = 1.0                 # the Text size setting; every font of the window follows it
        self.floor = MIN_TEXT            # the smallest text for the window's size (set_window_size)
        self.listeners: list[Callable[[], None]] = []

    def get(self) -> float:
        return self.scale

    def set(self, scale: float) -> bool:
        """Change the text size of the whole window; True when it changed."""
        scale = float(scale)
        if scale == self.scale:
            return False
        self.scale = scale
        self.changed()
        return True

    def set_floor(self, floor: int) -> bool:
        if floor == self.floor:
            return False
        self.floor = floor
        self.changed()
        return True

    def listen(self, fn: Callable[[], None]) -> Callable[[], None]:
        self.listeners.append(fn)
        return fn

    def changed(self) -> None:
        for fn in self.listeners:
            fn()


SCALE = TextScale()


def text_scale() -> float:
    return SCALE.scale


def scaled(size: float, grow_smallest: bool = False) -> int:
    """A font size in px after the player's Text size setting, never below the smallest text
    (smallest_text: MIN_TEXT, or LEGIBLE_TEXT in a window of 1280x800 and more).
    `grow_smallest` (the table's texts, theme.font): a size under the smallest counts as the
    smallest before a larger Text size scales it; else the table's many small texts stayed at the
    smallest at "Large" too and only its headings grew (issue 42)."""
    floor = SCALE.floor
    if grow_smallest:
        size = max(floor, size)
    return max(floor, int(size * SCALE.scale))


def smallest_text() -> int:
    """The smallest design size any text is drawn at now (it depends on the window's size)."""
    return SCALE.floor


def set_window_size(size) -> bool:
    """The window is `size` px: from LEGIBLE_WINDOW up no text is under LEGIBLE_TEXT. True when
    the smallest text changed (every cache of drawn text is emptied, as by a Text size change)."""
    w, h = (int(v) for v in tuple(size)[:2])
    return SCALE.set_floor(LEGIBLE_TEXT if w >= SMALL_WINDOW[0] and h >= SMALL_WINDOW[1] else MIN_TEXT)


def on_rescale(fn: Callable[[], None]) -> Callable[[], None]:
    """Call fn (e.g. a cache's clear) whenever the text size changes."""
    return SCALE.listen(fn)


def set_text_scale(scale: float) -> bool:
    """Change the text size of the whole window; True when it changed."""
    return SCALE.set(scale)


class largest_text:
    """`with largest_text():` measures as if the Text size were its largest (the fonts it opens are
    the shared ones of their point size). A layout measured so keeps every control where it is whatever the Text size: a
    change of it never moves a control under the cursor (the Settings dialog)."""

    LARGEST = max(UI_SCALES)

    def __enter__(self):
        self._saved = SCALE.scale
        SCALE.scale = max(SCALE.scale, self.LARGEST)    # no listener: nothing is drawn meanwhile
        return self

    def __exit__(self, *exc):
        SCALE.scale = self._saved
        return False


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The default font at `size` px, times the Text size setting (the shared Font of its point
    size: nothing else keeps fonts, so OPEN_FONTS bounds the open files)."""
    # grow_smallest: a small text (a caption, a button's second line) grows with every Text size
    # step too, not only once it passes the smallest (issue 42: they stayed put at "Large")
    return make_font(scaled(size, grow_smallest=True), bold)   # SafeFont at the Text size setting


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
    if measure is None:
        measure, grow_smallest = font, True
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


# A font a widget writes in instead of font(size): face(bold=False) -> Font (the rules screen's sizes)
Face = Callable[..., pygame.font.Font]


@surface_cache(max_bytes=4 << 20)
def line_image(fnt: pygame.font.Font, text: str, width: int, colour) -> pygame.Surface:
    """`text` in `fnt`, cut with an ellipsis past `width` px; kept (a list redraws its rows each frame)."""
    return fnt.render(ellipsize(fnt, text, width), True, colour)


def draw_line_in(surf, fnt: pygame.font.Font, text: str, rect: pygame.Rect, colour, anchor: str = "midleft") -> None:
    """One line in `fnt` at rect's `anchor` (midleft, center...), cut with an ellipsis past rect's
    width (a face has a fixed size: it cannot shrink to fit as draw_text does)."""
    img = line_image(fnt, text, rect.width, tuple(colour))
    r = img.get_rect(**{anchor: getattr(rect, anchor)})
    surf.blit(img, r)
    if LABELS is not None:
        note_label(text, ellipsize(fnt, text, rect.width), r, rect.width)


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

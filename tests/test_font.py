"""The game's font (fonts/NotoSans-*.ttf) draws every glyph and every space at every size the UI uses.

pygame's built-in font lost glyphs at small sizes ("lap 2/3" drew as "lap 23", "Round 2 begins"
as "Round 2begins", "player" as "pl ayer"). These tests render the texts and read the pixels:
each glyph must leave ink where its metrics put it, each space must leave a blank gap between the
words, and no word may fall apart into two.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui import text as UT  # noqa: E402
from faeriell.ui.settings import UI_SCALES  # noqa: E402

SAMPLES = ["2/3", "lap 2/3", "2/4", "2 begins", "Round 2 begins", "player", "Longfeather",
           "2 Achievements", "moves the Harvest token 2 to the Bear", "Chieftain", "Adventurer",
           "Shaman", "Attunements", "1 yellow on the Totem", "Meadows 2/4, Rivers 2/4"]


def design_sizes() -> list[int]:
    """Every design size a font is asked for: the smallest text up to the end screen's title, at
    every Text size (text.font and table/theme.font go through text.scaled)."""
    sizes = set()
    for scale in UI_SCALES:
        UT.SCALE.scale = scale
        try:
            sizes.update(UT.scaled(s) for s in range(9, 49))
        finally:
            UT.SCALE.scale = 1.0
    return sorted(sizes)


@pytest.fixture(scope="module", autouse=True)
def _font_init():
    pygame.font.init()
    yield


def ink_columns(img: pygame.Surface) -> list[bool]:
    """For each pixel column of a rendered text, whether any pixel in it is inked."""
    mask = pygame.mask.from_surface(img, 60)
    w, h = mask.get_size()
    return [any(mask.get_at((x, y)) for y in range(h)) for x in range(w)]


def test_the_game_ships_its_font_with_its_licence():
    for bold in (False, True):
        path = UT.font_path(bold)
        assert path and os.path.getsize(path) > 100_000, path
    lic = (UT.FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL Open Font License" in lic and "Noto" in lic
    f = UT.make_font(20)
    assert not isinstance(f, type(None)) and f.get_height() > 0
    # the font is Noto Sans, not pygame's FreeSansBold
    assert pygame.font.Font(UT.font_path(), 20).size("player") == UT.make_font(20 / UT.EM_PER_PX).size("player")


def widest_gap(fnt, word: str) -> int:
    """The widest blank run of columns between the first and last ink of `word`."""
    cols = ink_columns(fnt.render(word, True, (255, 255, 255)))
    inked = [x for x, c in enumerate(cols) if c]
    run = best = 0
    for c in cols[inked[0]:inked[-1] + 1] if inked else ():
        run = 0 if c else run + 1
        best = max(best, run)
    return best


def font_problems(fnt, label: str) -> list[str]:
    """What is wrong with `fnt` on the SAMPLES: a glyph without metrics or without ink where its
    advance puts it, a space whose blank gap is under 3 px or no wider than a gap inside a
    word of the same text (the words touch, or a word reads as two)."""
    problems = []
    for text in SAMPLES:
        metrics = fnt.metrics(text)
        missing = [ch for ch, m in zip(text, metrics, strict=True) if m is None]
        if missing:
            problems.append(f"{label} {text!r}: no glyph for {missing}")
            continue
        cols = ink_columns(fnt.render(text, True, (255, 255, 255)))
        inside = max(widest_gap(fnt, w) for w in text.split(" "))
        for i, ch in enumerate(text):
            x0, x1 = fnt.size(text[:i])[0], fnt.size(text[:i + 1])[0]
            if ch == " ":
                run = best = 0
                for c in cols[max(0, x0 - 2):x1 + 2]:
                    run = 0 if c else run + 1
                    best = max(best, run)
                if best < 3 or best <= inside:
                    problems.append(f"{label} {text!r}: the space at {i} leaves {best} px "
                                    f"(gaps inside its words reach {inside} px)")
            elif not any(cols[max(0, x0):max(x0 + 1, x1)]):
                problems.append(f"{label} {text!r}: {ch!r} at {i} left no ink")
    return problems


@pytest.mark.parametrize("bold", [False, True])
def test_every_glyph_and_space_is_drawn_at_every_size(bold):
    problems = []
    for size in design_sizes():
        problems += font_problems(UT.make_font(size, bold), f"{size}px")
    assert not problems, "\n".join(problems[:20])


def test_the_old_built_in_font_fails_this_check():
    """The check is not blind: pygame's built-in font at the table's small sizes drops "/" or
    runs words together."""
    for size in (11, 13, 14):
        assert font_problems(pygame.font.Font(None, size), f"built-in {size}px"), size


def test_labels_are_never_smaller_than_the_minimum():
    for scale in UI_SCALES:
        UT.SCALE.scale = scale
        try:
            assert UT.scaled(1) == UT.MIN_TEXT
        finally:
            UT.SCALE.scale = 1.0
    assert UT.point_size(UT.MIN_TEXT) >= 10

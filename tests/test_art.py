"""Art that looks finished (issue 21.6): every card kind, tile and piece has a face of its own made
with game-icons.net icons (baked into sprites/ by tools/make_sprites.py, credited in
sprites/LICENSE-game-icons.md), and the start, end and curtain screens show the island."""
from __future__ import annotations

import os
import re
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests"))

import game_icons  # noqa: E402
import make_sprites as ms  # noqa: E402

SPRITES = ROOT / "sprites"


def test_every_icon_painted_with_is_copied_and_credited():
    src = (ROOT / "tools" / "make_sprites.py").read_text()
    named = set(re.findall(r'paste\([a-z]+, "([a-z-]+)"', src))
    for table in (ms.GUARDIAN_ICONS, ms.HERO_ICONS, ms.SYMBOL_ICONS, ms.TERRAIN_ICONS, ms.SOW_ICONS, ms.KIND_ICONS,
                  ms.PHASE_ICONS):
        named |= set(table.values())
    named |= {"herbs-bundle", "rune-stone", "laurels"}        # card patterns
    assert named <= set(game_icons.USED), named - set(game_icons.USED)
    licence = (SPRITES / "LICENSE-game-icons.md").read_text()
    assert "CC BY 3.0" in licence or "Attribution 3.0" in licence
    for name, (folder, _) in game_icons.USED.items():
        assert (ROOT / "tools" / "icons" / f"{name}.svg").exists(), name
        who = game_icons.AUTHORS[folder][0]
        assert re.search(rf"\| {re.escape(name)} \| \[{re.escape(who)}\]", licence), name
    # the game itself reads no SVG: the icons are baked into the PNGs
    for path in (ROOT / "faeriell").rglob("*.py"):
        assert ".svg" not in path.read_text(), path


CARDS = {"essence_", "card_back_", "perk_", "herb_", "attunement_", "achievement_tile_", "phase_"}


def _faces(prefix: str) -> dict[str, bytes]:
    out = {}
    for p in sorted(SPRITES.glob(f"{prefix}*.png")):
        img = pygame.image.load(str(p))
        out[p.stem] = pygame.image.tobytes(img, "RGBA")
    return out


@pytest.mark.parametrize("prefix", ["essence_", "card_back_", "perk_", "herb_", "attunement_", "achievement_tile_",
                                    "guardian_", "beacon_", "menace_", "terrain_", "hero_adventurer_", "phase_"])
def test_each_card_tile_and_piece_has_a_face_of_its_own(prefix):
    faces = _faces(prefix)
    assert len(faces) >= 2
    assert len(set(faces.values())) == len(faces), f"two {prefix}* sprites look the same"
    for name, data in faces.items():
        # a picture, not a plain rectangle with one mark: many shades in it
        shades = Counter((data[i] // 24, data[i + 1] // 24, data[i + 2] // 24) for i in range(0, len(data), 4)
                         if data[i + 3] > 200)
        assert len(shades) >= 14, (name, len(shades))
        if prefix in CARDS:
            # a card is no plain coloured rectangle: no one flat colour covers a quarter of it
            flat = Counter((data[i] // 8, data[i + 1] // 8, data[i + 2] // 8) for i in range(0, len(data), 4)
                           if data[i + 3] > 200)
            assert flat.most_common(1)[0][1] <= 0.25 * sum(flat.values()), name


def test_kinds_of_pieces_differ_in_shape_not_only_colour():
    """The Hero types and the Guardians tell apart in greyscale (their icons differ)."""
    for group in (["hero_adventurer_berrywort", "hero_chieftain_berrywort", "hero_druid_berrywort",
                   "hero_shaman_berrywort", "hero_shadow_berrywort", "hero_sower_berrywort"],
                  [f"guardian_{g}" for g in ms.GUARDIAN_ICONS]):
        seen = set()
        for name in group:
            img = pygame.transform.grayscale(pygame.image.load(str(SPRITES / f"{name}.png")))
            small = pygame.transform.smoothscale(img, (12, 12))
            seen.add(tuple(small.get_at((x, y)).r // 40 for x in range(12) for y in range(12)))
        assert len(seen) == len(group)


def _mean(surf, rect) -> tuple[float, float, float]:
    c = pygame.transform.average_color(surf, rect)
    return c[0], c[1], c[2]


def test_start_end_and_curtain_screens_show_the_island_each_in_its_own_light():
    from faeriell.ui import backdrop
    pygame.display.init()
    size = (1280, 800)
    shots = {}
    for mood in ("start", "end", None):
        surf = pygame.Surface(size)
        surf.fill((26, 24, 30))
        backdrop.draw_backdrop(surf, mood)
        shots[mood] = surf
    middle = pygame.Rect(440, 300, 400, 200)           # the island's middle
    plain = _mean(shots[None], middle)
    start, end = _mean(shots["start"], middle), _mean(shots["end"], middle)
    assert sum(start) > sum(plain) + 60                 # a picture, not the bare background
    assert end[0] / max(1, end[2]) > start[0] / max(1, start[2]) + 0.2     # the end at dusk: warmer
    # the curtain: the island tinted toward the colour of the tribe it passes to
    from test_table_support import Table, position
    g = position({}, {}, [{"settlements": ["bear-mountain"]}, {"settlements": ["wolf-mountain"]}])
    t = Table(g)
    t.scene.curtain_layer.tribe = 1
    t.scene.draw(t.screen)
    covered = _mean(t.screen, pygame.Rect(300, 560, 600, 120))
    assert sum(covered) > sum(plain) + 30
    rgb = t.scene.painted.tribe_rgb(1)
    other = backdrop.island_picture(size, "curtain", (rgb[2], rgb[0], rgb[1]))
    assert _mean(other, middle) != _mean(backdrop.island_picture(size, "curtain", rgb), middle)

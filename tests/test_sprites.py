"""Generated sprites: one for every catalog id, up to date with data/ (tools/make_sprites.py --check)."""
from __future__ import annotations

from script_support import load_script

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SPRITES = ROOT / "sprites"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.catalog_loader import default_catalog  # noqa: E402


def _load_tool():
    return load_script("tools/make_sprites.py")


ms = _load_tool()


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


def _size(name: str) -> tuple[int, int]:
    return pygame.image.load(str(SPRITES / f"{name}.png")).get_size()


def test_a_sprite_for_every_catalog_id(cat):
    need = ["totem", "havoc_token", "doom_token", "harvest_token", "corruption_token", "action_gem",
            "first_player", "drifter", "drifter_token"]
    need += [f"phase_{k}_{side}" for k in ("tribe", "event", "hero") for side in ("up", "down")]
    for tid in cat.tribes:
        need += [f"settlement_{tid}", f"achievement_{tid}"] + [f"hero_{h}_{tid}" for h in cat.heroes]
    for cid, entry in cat.colors.items():
        need.append(f"essence_{cid}")
        if not entry.get("wild"):
            need += [f"beacon_{cid}", f"menace_{cid}"]
    for gid in cat.guardians:
        need += [f"guardian_{gid}", f"card_back_{gid}"]
    need += [f"terrain_{t}" for t in cat.terrains]
    need += [f"perk_{p}" for p in cat.perks]
    need += [f"herb_{h}" for h in cat.herbs]
    need += [f"attunement_{a}" for a in cat.attunements]
    need += [f"achievement_tile_{a}" for a in cat.achievements]
    missing = [n for n in need if not (SPRITES / f"{n}.png").exists()]
    assert not missing, f"missing sprites: {missing}"
    assert set(need) <= set(ms.expected_names(cat))


def test_sprite_sizes_read_at_1280x800(cat):
    assert _size("essence_red") == (60, 84)
    assert _size(f"card_back_{next(iter(cat.guardians))}") == (60, 84)
    for name in ("menace_red", "doom_token", f"settlement_{next(iter(cat.tribes))}", "first_player"):
        w, h = _size(name)
        assert 24 <= w <= 48 and 24 <= h <= 48, name


def test_essence_cards_differ_by_symbol_not_only_colour(cat):
    symbols = [entry["symbol"] for entry in cat.colors.values()]
    assert len(set(symbols)) == len(symbols)
    unknown = [s for s in symbols if s.lower() not in ms.SYMBOLS]
    assert not unknown, f"symbols the generator cannot draw (it would write letters): {unknown}"
    grey = []
    for cid in cat.colors:
        img = pygame.image.load(str(SPRITES / f"essence_{cid}.png"))
        # compare the card centres in greyscale: the symbol, not the hue, must tell them apart
        px = [pygame.Color(img.get_at((x, y))).grayscale() for y in range(30, 60) for x in range(16, 44)]
        grey.append(tuple(p.r // 32 for p in px))
    assert len(set(grey)) == len(grey)


def test_committed_sprites_are_up_to_date():
    proc = subprocess.run([sys.executable, "tools/make_sprites.py", "--check"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, SDL_VIDEODRIVER="dummy"))
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_check_notices_data_and_file_changes(cat, tmp_path):
    out = tmp_path / "sprites"
    shutil.copytree(SPRITES, out)
    assert ms.check(cat, out) == []
    # a colour changed in data/
    colors = {k: dict(v) for k, v in cat.colors.items()}
    colors["red"]["rgb"] = [10, 20, 30]
    problems = ms.check(dataclasses.replace(cat, colors=colors), out)
    assert any("essence_red.png: data changed" in p for p in problems)
    # a new perk in data/
    perks = dict(cat.perks, **{"brand-new": {"id": "brand-new", "name": "Brand New", "abilities": []}})
    assert any("perk_brand-new.png" in p for p in ms.check(dataclasses.replace(cat, perks=perks), out))
    # a PNG edited by hand
    (out / "totem.png").write_bytes((out / "doom_token.png").read_bytes())
    assert any("totem.png" in p for p in ms.check(cat, out))


def test_generation_is_idempotent(cat, tmp_path):
    out = tmp_path / "sprites"
    written, unchanged = ms.generate(cat, out)
    assert written > 100 and unchanged == 0
    manifest = (out / "manifest.json").read_text()
    written, unchanged = ms.generate(cat, out)
    assert written == 0 and unchanged > 100
    assert (out / "manifest.json").read_text() == manifest
    assert ms.check(cat, out) == []
    # a sprite that the catalog no longer needs is removed on the next run
    perks = {k: v for k, v in cat.perks.items() if k != "swift"}
    ms.generate(dataclasses.replace(cat, perks=perks), out)
    assert not (out / "perk_swift.png").exists()

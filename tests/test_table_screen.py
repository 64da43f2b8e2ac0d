"""The full table renders: right size, not blank, every part drawn, at the design size and larger."""
from __future__ import annotations

import random

from test_table_support import Table  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.table.keys import HarvestToken  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def mid_game(players=3, seed=4, moves=90):
    g = new_game(default_rules(), players, "competitive", "medium", ["drifter"], seed)
    rnd = random.Random(seed)
    n = 0
    while not g.state.game_over and (g.state.stage == "setup" or n < moves):
        acts = g.legal_actions()
        busy = [a for a in acts if a.kind != "end_phase"] or acts
        g.apply(rnd.choice(busy))
        n += 1
    return g


def colour_count(img, step=3) -> int:
    seen = set()
    w, h = img.get_size()
    for y in range(0, h, step):
        for x in range(0, w, step):
            seen.add(tuple(img.get_at((x, y)))[:3])
    return len(seen)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_screenshot_of_the_full_table(tmp_path, size):
    t = Table(mid_game(), size=size)
    out = tmp_path / f"table_{size[0]}x{size[1]}.png"
    pygame.image.save(t.screen, str(out))
    img = pygame.image.load(str(out))
    assert img.get_size() == size
    assert colour_count(img) > 1500, "the table looks blank"
    L = t.scene.layout
    for name in ("banner", "map", "side", "board", "others", "wheel", "log"):
        r = getattr(L, name)
        assert r.w > 0 and r.h > 0 and pygame.Rect((0, 0), size).contains(r), name
        sub = img.subsurface(r)
        assert colour_count(sub, 4) > 12, f"{name} is empty"
    keys = {sp.key.tag for sp in t.scene.spots.spots}
    for kind in ("guardian", "settlement", "hero", "node", "deck", "perk_up", "herb_up", "achievement", "wheel",
                 "harvest_token", "doom", "corruption_track", "phase", "track", "slot_token", "tribe_board",
                 "tribe_small", "drifter"):
        assert kind in keys, f"no {kind} on the table"


def test_the_table_scales_and_resizes():
    t = Table(mid_game(), size=(1280, 800))
    small = t.scene.spot_pos(HarvestToken())
    screen = pygame.display.set_mode((2560, 1440))
    t.screen = screen
    t.scene.resize((2560, 1440))
    t.frame()
    assert t.scene.layout.u == pytest.approx(1.8)
    big = t.scene.spot_pos(HarvestToken())
    assert big != small
    assert t.scene.layout.map.w > 1280 * 0.5
    assert colour_count(screen, 6) > 1000

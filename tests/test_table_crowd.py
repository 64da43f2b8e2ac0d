"""Pieces never hide each other (issue 21.2): a crowded position drawn on a headless window, then
every piece's sprite is checked against what is drawn after it (a hit-mask per piece), and its
own pixels, its colour-blind letter above all, are found on the screen where it stands."""
from __future__ import annotations

from test_table_support import Table, position  # first: sets the dummy video driver

import pygame
import pytest

from faeriell.ui.table import pieces
from faeriell.ui.table.keys import AchievementTile, AchievementToken, BeaconPiece, GuardianPiece, HeroSlot, RegionSpot, SettlementPiece, TotemPiece, UnderGuardian, order

# the two Nodes of the island nearest each other (28 px apart at 1280x800)
NEAR_NODES = ("bear-mountain+snake-forest+stag-meadow", "snake-forest+stag-meadow+turtle-mountain")
# the order in which pieces.draw_pieces paints them (a later one may cover an earlier one)
DRAW_ORDER = ("heartland", "settlement", "beacon", "totem", "guardian", "hero", "drifter")


def crowded(players: int = 3):
    """The Bear's River holds a Settlement, a yellow Beacon, the Totem and the Bear with a yellow
    Menace, with three Heroes on its corners; the Wolf's and Owl's Regions are full too; two Heroes
    stand on the two Nodes nearest each other."""
    tribes = [{"settlements": ["bear-river", "wolf-meadow"], "beacons": {"bear-river": "yellow", "wolf-meadow": "red"},
               "heroes": {"shaman": {"node": {"near": "bear-river"}}, "druid": {"node": {"near": "wolf-meadow"}},
                          "adventurer": {"node": NEAR_NODES[0]}}},
              {"settlements": ["owl-forest"], "beacons": {"owl-forest": "blue"},
               "heroes": {"shaman": {"node": {"near": "bear-river"}},
                          "adventurer": {"node": {"near": "owl-forest"}}}},
              {"settlements": ["toad-river"], "heroes": {"chieftain": {"node": {"near": "bear-river"}},
                                                         "druid": {"node": NEAR_NODES[1]}}}]
    return position({"players": players},
                    {"guardians": {"bear": "bear-river", "wolf": "wolf-meadow", "owl": "owl-forest"},
                     "under": {"bear": "yellow", "wolf": "red", "owl": "corruption"},
                     "totem": {"region": "bear-river"}},
                    tribes[:players], {"player": 1, "phase": "tribe"})


def map_pieces(scene):
    """(key, sprite, screen rect) of every piece on the island, in drawing order; a Guardian's
    token is drawn just before its Guardian."""
    found = [sp for sp in scene.spots.spots if sp.sprite is not None and sp.key.tag in DRAW_ORDER + ("under",)
             and scene.layout.map.contains(sp.sprite.get_rect(center=sp.center))]

    def rank(sp):
        kind = "guardian" if sp.key.tag == "under" else sp.key.tag
        return (DRAW_ORDER.index(kind), order(sp.key)[1:] if kind != "guardian" else (sp.key.guardian, sp.key.tag != "under"))
    found.sort(key=rank)
    return [(sp.key, sp.sprite, sp.sprite.get_rect(center=sp.center)) for sp in found]


def visible_masks(found):
    """Per piece: the mask of its sprite's pixels that no later piece covers, in screen px."""
    out = []
    for k, (_own_key, img, rect) in enumerate(found):
        mine = pygame.mask.from_surface(img, 128)
        for _key, other, orect in found[k + 1:]:
            if orect.colliderect(rect):
                mine.erase(pygame.mask.from_surface(other, 128), (orect.x - rect.x, orect.y - rect.y))
        out.append(mine)
    return out


def letter_box(img) -> pygame.Rect:
    """Where assets.marked puts the colour-blind letter: a disc at the sprite's lower right."""
    w, h = img.get_size()
    d = max(8, round(min(w, h) * 0.52))
    return pygame.Rect(w - d - 1, h - d - 1, d, d)


@pytest.mark.parametrize("size,zoom", [((1280, 800), 0), ((1024, 700), 0), ((1280, 800), 2)])
def test_every_piece_of_a_crowded_position_shows(marks, size, zoom):
    t = Table(crowded(), size=size)
    if zoom:                                    # closer in, on the crowded Bear's River
        mv = t.scene.map
        mv.zoom_at(mv.map_to_screen(t.game.rules.board.regions["bear-river"].center), zoom)
        t.frame()
    found = map_pieces(t.scene)
    kinds = {key.tag for key, _, _ in found}
    assert {"settlement", "beacon", "totem", "guardian", "under", "hero"} <= kinds
    heroes = sum(1 for key, _, _ in found if isinstance(key, HeroSlot))
    assert heroes == 7 if not zoom else heroes >= 3
    for (key, img, rect), seen in zip(found, visible_masks(found), strict=True):
        own = pygame.mask.from_surface(img, 128)
        share = seen.count() / max(1, own.count())
        assert share >= 0.9, f"{key} is {100 - 100 * share:.0f}% hidden"
        if key.tag in ("beacon", "under", "settlement", "hero"):     # these carry a letter when marked
            box = letter_box(img)
            letter = pygame.mask.Mask(box.size, fill=True)
            mine = own.overlap_mask(letter, box.topleft)
            left = seen.overlap_mask(letter, box.topleft)
            assert left.count() >= 0.97 * mine.count(), f"the letter of {key} is covered"
        # and what the mask says is free is really this piece's picture on the screen
        same = total = 0
        for x in range(0, rect.w, 2):
            for y in range(0, rect.h, 2):
                if seen.get_at((x, y)) and img.get_at((x, y)).a >= 245:
                    total += 1
                    got, want = t.screen.get_at((rect.x + x, rect.y + y)), img.get_at((x, y))
                    same += all(abs(a - b) <= 12 for a, b in zip(got[:3], want[:3], strict=True))
        assert total and same >= 0.85 * total, f"{key}: {same}/{total} of its pixels on screen"


def test_a_crowded_regions_pieces_stay_near_it():
    t = Table(crowded())
    mv, board = t.scene.map, t.game.rules.board
    pole = mv.map_to_screen(board.regions["bear-river"].center)
    for key in (SettlementPiece(0, "bear-river"), BeaconPiece("bear-river"), TotemPiece(), GuardianPiece("bear"),
                UnderGuardian("bear")):
        c = t.scene.spot(key).center
        assert abs(c[0] - pole[0]) < 60 and abs(c[1] - pole[1]) < 60, (key, c, pole)


def test_a_lone_piece_keeps_its_usual_place():
    g = position({}, {}, [{"settlements": ["stag-meadow"]}, {}], {"player": 1, "phase": "tribe"})
    t = Table(g)
    mv, board = t.scene.map, g.rules.board
    want = pieces.region_point(mv, board, "stag-meadow", pieces.OFF_SETTLEMENT)
    got = t.scene.spot(SettlementPiece(0, "stag-meadow")).center
    assert abs(got[0] - want[0]) <= 8 and abs(got[1] - want[1]) <= 8, (got, want)


def test_the_regions_tooltip_lists_what_stands_there():
    t = Table(crowded())
    from faeriell.ui.table import tooltips
    title, lines = tooltips.tip(RegionSpot("bear-river"), t.scene.painted)
    text = " ".join(lines)
    assert "Settlement of" in text and "Yellow Beacon" in text and "Totem" in text and "Rhudo" in text


# a pool card's letter beside the Guardian on its back: tests/test_card_guardians.py


def test_achievement_tokens_on_one_tile_lie_side_by_side(marks):
    g = position({"players": 4}, {}, [{}, {}, {}, {}], {"player": 1, "phase": "tribe"})
    g.state.achievements["purity"] = [0, 1, 2, 3]        # a flag Achievement every tribe holds
    for tr in g.state.tribes:
        tr.achievements.append("purity")
    t = Table(g)
    tile = t.scene.spot(AchievementTile("purity")).rect
    toks = [sp for sp in t.scene.spots.spots if isinstance(sp.key, AchievementToken) and sp.key.achievement == "purity"]
    assert len(toks) == 4
    found = [(sp.key, sp.sprite, sp.rect) for sp in toks]
    for (key, img, rect), seen in zip(found, visible_masks(found), strict=True):
        assert tile.contains(rect), key
        own = pygame.mask.from_surface(img, 128)
        box = letter_box(img)
        letter = pygame.mask.Mask(box.size, fill=True)
        assert seen.overlap_mask(letter, box.topleft).count() >= 0.97 * own.overlap_mask(letter, box.topleft).count()
    # a click there still reaches the tile (its tooltip, its claims)
    assert t.scene.spots.top(toks[0].rect.center).key == AchievementTile("purity")

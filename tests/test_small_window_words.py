"""Words have room in small windows. At 800x520 the Heirloom Herbs' deck count hung over
"Perk tiles" and the Essence decks' counts over "Heirloom Herbs"; a Hero panel said "Corrup…"
(the Corruption Sower, "Advent…" the Adventurer) with "Level 1" and its gems drawn over one
another; at 640x480 the Achievement tiles read "Inf-" "luence", "Heirl…" "Herbs", "Corr…"
"Clea…". Now every count keeps clear of the label below or above it, a Hero's name runs across
its panel when it has no room beside the picture (broken between words), each row of the panel
under the one above, and a tile's name is broken between words, a single word only at one of its
syllables (pyphen), the tiles in three columns where four leave no room; another tribe's small
board says nothing cut ("Corr…", "Phases left: …" before), its rows apart, the Tribe Corruption
moved to where it has room and in its tooltip. Checked on what the table draws, real headless
window, at 640x480, 800x520, 1024x700 and 1280x800."""
from __future__ import annotations

from test_table_support import Table, position, sower_serving_doom  # first: sets the dummy video driver

import pygame  # noqa: E402
import pyphen  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui import text as UT  # noqa: E402
from faeriell.ui.table import boards, side_column  # noqa: E402
from faeriell.ui.table import theme as T  # noqa: E402
from faeriell.ui.table.keys import AchievementTile, HerbDeck, HeroSlot, PerkTile, TribeSmall  # noqa: E402
SIZES = [(640, 480), (800, 520), (1024, 700), (1280, 800)]


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def texts_drawn(monkeypatch) -> list:
    """(words, where they were blitted, their ink) for every text the table's theme renders
    (theme.text, theme.fitted) and blits on the table's picture, filled as the table draws."""
    made: dict = {}
    drawn: list = []
    real_text, real_fitted = T.text, T.fitted

    # each image is kept with its words: a freed image's id is handed to the next one made, and a
    # label then read as another's words ("Chieftain Cleanser" for "Corruption Cleanser", now and then)
    def text(s, *a, **k):
        img = real_text(s, *a, **k)
        made[id(img)] = (str(s), img)
        return img

    def fitted(s, *a, **k):
        img = real_fitted(s, *a, **k)
        made.setdefault(id(img), (str(s), img))
        return img
    real_blit = UT.WordsSurface.blit

    def blit(self, source, dest, area=None, special_flags=0):
        r = real_blit(self, source, dest, area, special_flags)
        if id(source) in made and made[id(source)][1] is source:
            drawn.append((made[id(source)][0], pygame.Rect(r), source.get_bounding_rect().move(r.topleft)))
        return r
    monkeypatch.setattr(T, "text", text)
    monkeypatch.setattr(T, "fitted", fitted)
    monkeypatch.setattr(UT.WordsSurface, "blit", blit)
    return drawn


def badges_drawn(monkeypatch) -> list:
    """(count, its badge's rect) for every count the shared boards draw in a badge."""
    out: list = []
    real = T.badge

    def badge(surf, center, s, *a, **k):
        r = real(surf, center, s, *a, **k)
        out.append((s, pygame.Rect(r)))
        return r
    monkeypatch.setattr(T, "badge", badge)
    return out


def redraw(t: Table) -> None:
    t.scene.redraw_base()
    t.frame()


def played(size, heroes=None) -> Table:
    tribes = [{"settlements": ["bear-mountain", "bear-river"],
               "heroes": heroes or {"druid": {"node": {"near": "bear-forest"}}},
               "essences": ["red", "red", "blue"]},
              {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}]
    return Table(position({}, {}, tribes, {"player": 1, "phase": "tribe"}), size=size)


@pytest.mark.parametrize("size", SIZES)
def test_the_columns_counts_keep_clear_of_its_labels(size, monkeypatch):
    t = played(size)
    drawn, badges = texts_drawn(monkeypatch), badges_drawn(monkeypatch)
    redraw(t)
    side = t.scene.layout.side
    labels = {s: ink for s, _r, ink in drawn if s in ("Essence decks", "Heirloom Herbs", "Perk tiles",
                                                      "Beacons & Spiritual Totem", "Attunements")
              and side.contains(ink)}
    assert len(labels) == 5, labels
    counts = [(s, r) for s, r in badges if side.contains(r)]
    counts += [(s, ink) for s, _r, ink in drawn if s.isdigit() and side.contains(ink)
               and ink.bottom < labels["Attunements"].top + 2]       # the decks', the Perk piles' counts
    assert len(counts) >= 10
    clashes = [(c, r, name) for c, r in counts for name, ink in labels.items() if r.colliderect(ink)]
    assert not clashes, (size, clashes)


def test_the_herb_decks_count_no_longer_touches_perk_tiles_at_800x520(monkeypatch):
    t = played((800, 520))
    drawn, badges = texts_drawn(monkeypatch), badges_drawn(monkeypatch)
    redraw(t)
    deck = t.scene.side_places[HerbDeck()]
    perk = next(ink for s, _r, ink in drawn if s == "Perk tiles")
    count = next(r for s, r in badges if r.colliderect(deck.inflate(0, 20)) and r.centerx == deck.centerx)
    assert count.bottom < perk.top, (count, perk)


def hero_panel(t, i, h) -> pygame.Rect:
    """The Hero's panel on the tribe board (its piece on the island has the same key)."""
    return next(sp.rect for sp in t.scene.spots.by_key[HeroSlot(i, h)] if t.scene.layout.board.contains(sp.rect))


def _hero_words(drawn, panel) -> list:
    return [(s, ink) for s, _r, ink in drawn if panel.contains(ink)]


@pytest.mark.parametrize("size", SIZES)
def test_a_hero_panel_names_its_hero_whole_above_its_level(size, monkeypatch):
    heroes = {"adventurer": {"node": {"near": "bear-forest"}}, "druid": {"node": {"near": "bear-river"}}}
    t = played(size, heroes)
    drawn = texts_drawn(monkeypatch)
    redraw(t)
    for h in ("adventurer", "druid"):
        panel = hero_panel(t, 0, h)
        words = _hero_words(drawn, panel)
        said = [s for s, _ in words]
        name = t.scene.words.hero(h)
        assert not [s for s in said if "…" in s], (size, said)
        assert name in said or "".join(s.rstrip("-") for s in said[:2]) == name, (size, said)
        level = next(ink for s, ink in words if s.startswith("Level "))
        for s, ink in words:
            if s != level and not s.startswith("Level ") and ink.colliderect(level):
                raise AssertionError((size, s, ink, level))
        gems_top = level.bottom                       # the gems: below "Level N", none over it
        perks = [sp.rect for key, sps in t.scene.spots.by_key.items() if isinstance(key, PerkTile) and (key.tribe, key.hero) == (0, h) for sp in sps]
        assert all(r.top >= gems_top for r in perks)


def sower_panel(monkeypatch, size):
    t = sower_serving_doom(size)
    drawn = texts_drawn(monkeypatch)
    redraw(t)
    return t, _hero_words(drawn, hero_panel(t, 1, "sower"))


@pytest.mark.parametrize("size", [(800, 520), (640, 480)])
def test_the_corruption_sowers_panel_says_its_name_whole(size, monkeypatch):
    t, words = sower_panel(monkeypatch, size)
    said = [s for s, _ in words]
    assert not [s for s in said if "…" in s], said
    assert "Corruption Sower" in said or ("Corruption" in said and "Sower" in said), said
    level = next(ink for s, ink in words if s == "Level 1")
    assert all(not ink.colliderect(level) for s, ink in words if s != "Level 1"), words


def _tile_lines(t, drawn) -> dict:
    """Each Achievement's name as its tile shows it: the lines drawn inside its tile."""
    out = {}
    for aid in t.game.rules.achievement_ids:
        tile = t.scene.spots.first(AchievementTile(aid))
        if tile is None:
            continue
        out[t.scene.words.achievement(aid)] = [s for s, _r, ink in drawn if tile.rect.contains(ink)
                                               and not any(c.isdigit() for c in s)]
    return out


@pytest.mark.parametrize("size", SIZES)
def test_achievement_names_break_between_words_or_at_a_syllable(size, monkeypatch):
    t = played(size)
    drawn = texts_drawn(monkeypatch)
    sc = t.scene
    seen: dict = {}
    for scroll in range(0, sc.side_over + 60, 60):    # the whole column (it scrolls at 640x480)
        drawn.clear()
        side_column.scroll_to(sc, scroll)
        redraw(t)
        seen.update({n: lines for n, lines in _tile_lines(t, drawn).items() if lines})
    assert len(seen) == len(t.game.rules.achievement_ids), sorted(seen)
    syllables = pyphen.Pyphen(lang="en_US")
    for name, lines in seen.items():
        assert not [s for s in lines if "…" in s], (size, name, lines)
        assert "".join(s[:-1] if s.endswith("-") else s + " " for s in lines).strip() == name, (size, name, lines)
        for s in lines:
            if s.endswith("-"):                       # a word broken where the dictionary breaks it
                word = next(w for w in name.split() if w.startswith(s[:-1]))
                assert (s[:-1], word[len(s) - 1:]) in list(syllables.iterate(word)), (size, name, lines)
    if size == (640, 480):
        assert seen["Influence"] == ["Influence"] and seen["Heirloom Herbs"] == ["Heirloom", "Herbs"]
        assert seen["Corruption Cleanser"] == ["Corruption", "Cleanser"]


def test_the_hyphen_falls_at_a_syllable_near_the_middle():
    size = T.MIN_TEXT
    narrow = T.font(size).size("Influ-")[0] + 1
    assert T.hyphenated("Influence", size, narrow) == ["Influ-", "ence"]
    assert T.hyphenated("Attunements", size, T.font(size).size("Attune-")[0] + 1) == ["Attune-", "ments"]
    assert T.name_lines("Heirloom Herbs", size, T.font(size).size("Heirloom")[0] + 1) == ["Heirloom", "Herbs"]
    assert T.hyphenated("Shaman", size, 5) is None          # no break fits: said otherwise (never cut mid-letter)
    assert boards._names_fit(("Influence",), size, narrow)


def three_tribes(size) -> Table:
    tribes = [{"settlements": ["bear-mountain"], "heroes": {"druid": {"node": {"near": "bear-forest"}}}},
              {"settlements": ["wolf-mountain"], "corruption": 2,
               "heroes": {"shaman": {"node": {"near": "wolf-river"}}, "adventurer": {"node": {"near": "wolf-forest"}}},
               "essences": ["red", "yellow", "blue", "blue", "green"]},
              {"settlements": ["owl-river"], "heroes": {"chieftain": {"node": {"near": "owl-forest"}}}}]
    return Table(position({"players": 3}, {}, tribes, {"player": 1, "phase": "tribe"}), size=size,
                 seats=["human", "easy", "easy"])


@pytest.mark.parametrize("size", SIZES)
def test_the_other_tribes_small_boards_say_nothing_cut_and_no_row_over_another(size, monkeypatch):
    t = three_tribes(size)
    drawn = texts_drawn(monkeypatch)
    UT.LABELS = []
    try:
        redraw(t)
        others = t.scene.layout.others
        cut = [(text, shown) for text, shown, _r, _b in UT.LABELS if text != shown]
    finally:
        UT.LABELS = None
    words = [(s, ink) for s, _r, ink in drawn if others.contains(ink) and ink.w and ink.h]
    assert words and not [s for s, _ in words if "…" in s], (size, [s for s, _ in words])
    assert not [c for c in cut if any(c[0] == s for s, _ in words)], (size, cut)
    touching = [(a, b) for k, (a, ra) in enumerate(words) for b, rb in words[k + 1:] if ra.colliderect(rb)]
    assert not touching, (size, touching)
    # the Tribe Corruption is said on the board, or in its tooltip when the board has no room (the
    # Phases left too)
    from faeriell.ui.table import tooltips
    for i in (1, 2):
        panel = next(sp.rect for sp in t.scene.spots.by_key[TribeSmall(i)])
        said = [s for s, ink in words if panel.contains(ink)]
        on_board = any(s.startswith("Corruption ") for s in said)
        assert on_board or f"Tribe Corruption {t.state.tribes[i].corruption}" in tooltips.tip(TribeSmall(i), t.scene.painted)[1]
        if size[0] >= 800:
            assert on_board, (size, said)
        phases = [line for line in tooltips.tip(TribeSmall(i), t.scene.painted)[1] if line.startswith("Phases left: ")]
        assert phases == ["Phases left: Tribe, Event, Hero"]          # said whole there, if not on the board
        assert "Menaces solved: Red 0, Yellow 0, Blue 0, Green 0" in tooltips.tip(TribeSmall(i), t.scene.painted)[1]

"""The Guardian on an Essence card's back reads wherever the table shows it (R4: its owner sees it):
the cards revealed for the coop / solo set-up, a crowded pool, and with the colour-blind letters
on (Settings) the pool, the Quests and the payment tray. Each was a 15-20 px disc at 1024x700
(a crowded pool's strip, the letter's disc taking the card's lower half, the back's medallion),
while the Quest card's and a short pool's Guardian were already as wide as the card. Drawing
spies on a headless window, and the mouse finds each card where its Guardian shows."""
from __future__ import annotations

from test_table_support import Table, assets, cards_drawn, position  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.assets import mark_letter  # noqa: E402
from faeriell.ui.table import paint  # noqa: E402
from faeriell.ui.table import theme as T  # noqa: E402
from faeriell.ui.table.keys import QuestCard, RegionSpot, SetupCard, SupplySettlement, WheelSpace  # noqa: E402
from faeriell.engine.card import back_of, colour_of  # noqa: E402
SIZES = [(1024, 700), (1280, 800)]
POOL = ["red@bear", "yellow@wolf", "blue@owl", "green@toad", "red@snake", "blue@stag", "green@boar",
        "yellow@turtle", "red@owl", "blue@bear", "green@wolf", "yellow@toad"]
HELD = {"herbs": ["herb-red"], "attunements": ["owl", "bear"]}     # the pool's neighbours on the board


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def guardians_drawn(monkeypatch) -> list:
    """(Guardian, where) of every Guardian the table draws on a card, in drawing order."""
    drawn: list = []
    real = getattr(paint.Paint, "guardian_in", None)

    def guardian_in(self, surf, back, room):
        at = real(self, surf, back, room)
        drawn.append((back, pygame.Rect(at)))
        return at
    monkeypatch.setattr(paint.Paint, "guardian_in", guardian_in, raising=False)
    return drawn


def letters_drawn(monkeypatch) -> list:
    """(letter, where) of every colour-blind letter the table draws on a card beside its Guardian."""
    drawn: list = []
    real = getattr(paint.Paint, "card_letter", None)

    def card_letter(self, surf, letter, at):
        r = real(self, surf, letter, at)
        drawn.append((letter, pygame.Rect(r)))
        return r
    monkeypatch.setattr(paint.Paint, "card_letter", card_letter, raising=False)
    return drawn


def spots_of(t, kind) -> list:
    return [sp for key, sps in t.scene.spots.by_key.items() if key.tag == kind for sp in sps]


def wheel_guardian(t) -> int:
    """The size of the Harvest wheel's Guardians: the smallest that reads on this table."""
    return round(t.scene.spot(WheelSpace(0)).radius / 0.62) - 1


def hover_finds(t, pos, key) -> None:
    t.move(pos)
    t.frame()
    assert t.scene.board.hover_key == key, (key, t.scene.board.hover_key)


def shows(t, img: pygame.Surface, at: pygame.Rect, share: float = 0.9) -> bool:
    """Are `img`'s opaque pixels on the screen at `at` (nothing drawn later covers them)?"""
    same = total = 0
    for x in range(img.get_width()):
        for y in range(img.get_height()):
            want = img.get_at((x, y))
            if want.a < 245:
                continue
            total += 1
            got = t.screen.get_at((at.x + x, at.y + y))
            same += all(abs(a - b) <= 12 for a, b in zip(got[:3], want[:3], strict=True))
    return total > 0 and same >= share * total


# ------------------------------------------------------------------ the set-up's revealed cards
@pytest.mark.parametrize("size", SIZES)
def test_the_revealed_set_up_cards_show_their_guardian_as_wide_as_the_card(size, monkeypatch):
    # the box drew each card's back as it is printed: its Guardian a 20 px medallion on a 32 px card
    guardians = guardians_drawn(monkeypatch)
    g = new_game(default_rules(), 1, "solo", "medium", [], 5)
    cards = list(g.state.tribes[0].setup_cards)
    assert cards and g.state.pending["kind"] == "place_settlement"
    t = Table(g, size=size)
    for c in cards:
        sp = t.scene.spot(SetupCard(0, c))
        assert sp is not None, c
        back = back_of(c)
        card = sp.rect.inflate(-t.scene.layout.px(4), 0)          # the spot reaches over the name below
        at = next((r for b, r in guardians if b == back and card.colliderect(r)), None)
        assert at is not None, f"{c}: no Guardian drawn on the card"
        assert card.contains(at), (c, card, at)
        assert at.w >= card.w * 0.8 and at.h >= wheel_guardian(t), (c, at, card)
        assert t.scene.layout.board.contains(at)
        hover_finds(t, at.center, sp.key)


@pytest.mark.parametrize("size", [(800, 520), (1024, 700), (1280, 800)])
def test_the_revealed_set_up_cards_names_stand_apart_inside_the_box(size):
    # at 800x520 "Owl Turtle Stag Snake" ran together as "OwlTurtleStagSnake" (each card's step
    # narrower than its name) and hung over the box's edge onto "Essences (0)"
    g = new_game(default_rules(), 1, "solo", "medium", [], 5)
    cards = list(g.state.tribes[0].setup_cards)
    t = Table(g, size=size)
    words = t.scene.printed_words()
    px = t.scene.layout.px
    names = []
    for c in cards:
        card = t.scene.spot(SetupCard(0, c)).rect           # the card and its name below
        under = [w for w in words if card.centery < w.top < card.bottom
                 and w.left < card.right and w.right > card.left]
        assert len(under) == 1, (c, card, under)
        names.append(under[0])
    for a, b in zip(names, names[1:], strict=False):
        assert a.right + px(2) <= b.left, (a, b)                 # a gap between two names
    for n in names:
        others = [w for w in words if w not in names and w.colliderect(n)]
        assert not others, (n, others)                           # nor over another word ("Essences (0)")


# ------------------------------------------------------------------ a crowded pool
@pytest.mark.parametrize("size, n, held", [(size, n, held) for size in SIZES for n in (7, 9, 12)
                                           for held in ({}, HELD)])
def test_a_crowded_pools_guardians_read_nearly_as_wide_as_the_card(size, n, held, monkeypatch):
    # at 1024x700 a pool of 12 left each card a 17 px strip: its Guardian was a 15 px disc; the
    # row now runs under the Phase tiles and gives the Herbs and Attunements what they need
    drawn = cards_drawn(monkeypatch)
    g = position({"players": 2}, tribes=[dict(essences=POOL[:n], **held), {}],
                 turn={"player": 1, "phase": "tribe"})
    t = Table(g, size=size)
    pool = sorted(spots_of(t, "pool_card"), key=lambda sp: sp.rect.x)
    assert len(pool) == n
    cw = pool[-1].rect.w
    herbs = spots_of(t, "herb_own") + spots_of(t, "attune_own")
    assert len(herbs) == sum(len(v) for v in held.values())
    board = t.scene.layout.board
    for k, sp in enumerate(pool):
        card_rect, icon = drawn[sp.key.card]
        assert icon is not None and card_rect.contains(icon), (sp.key, card_rect, icon)
        assert board.contains(card_rect)
        assert icon.h >= max(wheel_guardian(t), 0.65 * cw), (sp.key, icon, cw)
        if k + 1 < n:                                   # the next card leaves the whole Guardian seen
            assert icon.right <= pool[k + 1].rect.x, (sp.key, icon, pool[k + 1].rect)
        assert not any(h.rect.colliderect(card_rect) for h in herbs), sp.key
        hover_finds(t, icon.center, sp.key)
    for h in herbs:                                     # the Herbs and Attunements stay whole
        assert board.contains(h.rect) and not any(o.rect.colliderect(h.rect) for o in herbs if o is not h)
        hover_finds(t, h.rect.center, h.key)


def test_a_short_pool_stands_under_its_label(monkeypatch):
    # only a crowded pool runs under the Phase tiles
    g = position({"players": 2}, tribes=[{"essences": POOL[:4]}, {}], turn={"player": 1, "phase": "tribe"})
    t = Table(g, size=(1024, 700))
    tiles = [sp.rect for sp in spots_of(t, "phase")]
    pool = spots_of(t, "pool_card")
    assert len(pool) == 4 and tiles
    assert min(sp.rect.x for sp in pool) > max(r.right for r in tiles)


# ------------------------------------------------------------------ colour-blind letters
def check_lettered(t, drawn, letters, cards, wheel_share: float = 1.0) -> None:
    """Each card of `cards` (spot, its card's rect) shows its letter, seen, and its Guardian below
    it, both inside the part of the card the next one leaves seen, nothing covering either."""
    for sp, _card_rect in cards:
        c = sp.key.card
        rect, icon = drawn[c]
        letter = mark_letter(f"essence_{colour_of(c)}")
        at = next((r for ch, r in letters if ch == letter and rect.contains(r)), None)
        assert at is not None, f"{sp.key}: no letter drawn on the card"
        seen = sp.rect.clip(rect)
        assert seen.contains(at) and seen.contains(icon), (sp.key, seen, at, icon)
        assert not at.colliderect(icon), (sp.key, at, icon)
        assert shows(t, assets().letter(letter, at.w), at), f"{sp.key}: its letter is covered"
        assert icon.h >= wheel_share * wheel_guardian(t), (sp.key, icon)
        hover_finds(t, at.center, sp.key)


@pytest.mark.parametrize("size, n", [(size, n) for size in SIZES for n in (4, 12)])
def test_colour_blind_pool_cards_show_their_letter_and_a_large_guardian(marks, size, n, monkeypatch):
    # the letter's disc (the sprite's, at the lower right) left the Guardian a 15 px room above it
    # and, in a crowded pool, hid under the next card
    drawn, letters = cards_drawn(monkeypatch), letters_drawn(monkeypatch)
    g = position({"players": 2}, tribes=[{"essences": POOL[:n]}, {}], turn={"player": 1, "phase": "tribe"})
    t = Table(g, size=size)
    pool = sorted(spots_of(t, "pool_card"), key=lambda sp: sp.rect.x)
    assert len(pool) == n
    check_lettered(t, drawn, letters, [(sp, sp.rect) for sp in pool])
    if n == 4:                                      # seen whole: nearly as wide as the card
        for sp in pool:
            assert drawn[sp.key.card][1].w >= 0.75 * pool[-1].rect.w, sp.key


@pytest.mark.parametrize("size", SIZES)
def test_colour_blind_quest_cards_show_their_letter_and_their_guardian(marks, size, monkeypatch):
    # the Quest's Guardian, drawn as wide as the card, covered the letter's disc
    drawn, letters = cards_drawn(monkeypatch), letters_drawn(monkeypatch)
    g = position({"players": 1, "mode": "solo"},
                 tribes=[{"heroes": {"chieftain": {"node": "owl-forest+owl-river+wolf-meadow",
                                                   "quests": ["yellow@wolf"]}}}],
                 turn={"player": 1, "phase": "hero"})
    t = Table(g, size=size)
    quest = t.scene.spot(QuestCard(0, "chieftain", "yellow@wolf"))
    assert quest is not None
    check_lettered(t, drawn, letters, [(quest, quest.rect)], wheel_share=0.9)


@pytest.mark.parametrize("size", SIZES)
def test_colour_blind_payment_tray_cards_show_their_letter_and_guardian(marks, size, monkeypatch):
    # the tray's cards carried a Guardian half the card's width hanging off its corner
    drawn, letters = cards_drawn(monkeypatch), letters_drawn(monkeypatch)
    essences = ["red@bear", "red@owl", "blue@wolf", "blue@toad", "green@stag", "yellow@snake"]
    g = position({}, {}, [{"settlements": ["bear-mountain", "bear-river"],
                           "heroes": {"druid": {"node": {"near": "bear-forest"}}}, "essences": essences},
                          {"settlements": ["wolf-mountain", "wolf-meadow"]}], {"player": 1, "phase": "tribe"})
    t = Table(g, size=size)
    region = t.session.legal_of("build_settlement")[0]["region"]
    t.drag(SupplySettlement(0), RegionSpot(region))
    tray = t.scene.tray_layer.tray
    assert tray is not None, t.scene.message
    t.frame()
    rows = [(r, it) for r, it in tray.rects if it[0] in ("tray", "pool")]
    assert sorted(str(it[1]) for _, it in rows) == sorted(essences)
    for strip, (_row, c) in rows:          # each card's part the next one leaves seen
        rect, icon = drawn[c]
        letter = mark_letter(f"essence_{colour_of(c)}")
        at = next((r for ch, r in letters if ch == letter and rect.contains(r)), None)
        assert at is not None, f"{c}: no letter drawn on the card"
        seen = strip.clip(rect)
        assert seen.contains(at) and seen.contains(icon) and not at.colliderect(icon), (c, seen, at, icon)
        assert shows(t, assets().letter(letter, at.w), at), f"{c}: its letter is covered"
        assert icon.h >= wheel_guardian(t), (c, icon)


@pytest.mark.parametrize("size", [(640, 480), (800, 520), (1024, 600), (1024, 700)])
def test_the_pools_label_stands_clear_of_its_cards_in_a_small_window(size, monkeypatch):
    # the cards started a fixed 15 design px under "Essences (9)": below 1024x640 the smallest
    # text is taller than that and its letters ran over the cards' tops (and the Herbs')
    from test_label_fit import Recording, record_texts
    texts = record_texts(monkeypatch)
    g = position({"players": 2}, tribes=[dict(essences=POOL[:9], **HELD), {}], turn={"player": 1, "phase": "tribe"})
    t = Table(g, size=size)
    rec = Recording(t.screen.get_size(), texts)
    t.scene.base = rec
    t.scene.redraw_base()
    t.scene.draw(rec)
    board = t.scene.layout.board
    pieces = spots_of(t, "pool_card") + spots_of(t, "herb_own") + spots_of(t, "attune_own")
    assert len(pieces) == 12
    for label in ("Essences (9)", "Herbs & Attunements"):
        at = next(r for text, r in rec.blits if text == label and board.contains(r))
        rows = [y for y in range(at.top, at.bottom) for x in range(at.left, at.right)
                if sum(abs(a - b) for a, b in zip(rec.get_at((x, y))[:3], T.GOLD, strict=True)) < 90]
        assert rows, label
        letters = pygame.Rect(at.x, min(rows), at.w, max(rows) + 1 - min(rows))      # its letters' rows
        for sp in pieces:
            assert not letters.colliderect(sp.rect), (label, letters, sp.key, sp.rect)
            assert board.contains(sp.rect), sp.key

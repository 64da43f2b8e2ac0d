"""The log panel (issue 20 item 4, issue 21 item 5): grouped by round and turn, "you" for the one
human at the table, scrolled by the wheel and PgUp/PgDn/End, made larger by its button or its grip,
driven by real events on a headless window."""
from __future__ import annotations

from test_table_support import Table  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.bots import make_bot  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.ui.table.log_panel import base_form, log_rows, you_form  # noqa: E402


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def played(players=1, mode="solo", moves=60, seed=5):
    g = new_game(default_rules(), players, mode, "medium", [], seed)
    bot = make_bot("easy", seed=1)
    for _ in range(moves):
        if g.state.game_over:
            break
        g.apply(bot.choose(g, g.acting))
    return g


def test_verbs_and_names_are_said_to_you():
    assert [base_form(v) for v in ("builds", "reaches", "carries", "has", "goes", "passes", "dresses", "is")] == \
        ["build", "reach", "carry", "have", "go", "pass", "dress", "are"]
    me = "Longfeather (player 1)"
    assert you_form(f"{me} moves the Harvest token 2 to the Bear.", me) == "You move the Harvest token 2 to the Bear."
    assert you_form(f"{me}'s Shaman goes on a blue Quest.", me) == "Your Shaman goes on a blue Quest."
    assert you_form("A blue Menace now threatens the Toad.", me) == "A blue Menace now threatens the Toad."
    assert you_form(f"Berrywort (player 2) takes {me}'s place.", me) == "Berrywort (player 2) takes your place."


def test_the_log_is_grouped_by_round_and_turn():
    me = "Longfeather (player 1)"
    rows = log_rows([f"{me} settles the Stag's Forest.", "The game begins.", f"{me} plays the Event Phase.",
                     "Menace Draft: 1 token to draw.", f"{me} ends the Event Phase.",
                     f"Round 2 begins; {me} plays first.", f"{me} plays the Hero Phase."], me)
    assert [(r.kind, r.text) for r in rows] == [
        ("round", "Set-up"), ("line", "You settle the Stag's Forest."),
        ("round", "Round 1"), ("turn", "Your Event Phase"), ("line", "Menace Draft: 1 token to draw."),
        ("line", "You end the Event Phase."),
        ("round", "Round 2"), ("line", "You play first."), ("turn", "Your Hero Phase")]
    # two people at the table: nobody is "you"
    rows = log_rows([f"{me} plays the Event Phase."], None, trimmed=True)
    assert [(r.kind, r.text) for r in rows] == [("round", "Earlier"), ("turn", f"{me}: Event Phase")]


def test_a_real_game_log_has_headings_for_every_round_played():
    g = played()
    t = Table(g, seats=["human"])
    rows = log_rows([t.scene.words.say(x) for x in g.state.log], t.scene.log_layer.you())
    heads = [r.text for r in rows if r.kind == "round"]
    assert heads[:2] == ["Set-up", "Round 1"] and f"Round {g.state.round}" in heads
    assert any(r.kind == "turn" and r.text.startswith("Your ") for r in rows)
    assert not any("Longfeather" in r.text for r in rows), [r.text for r in rows if "Longfeather" in r.text]
    # against a bot the human is still "you"; two humans are each called by name
    assert Table(played(2, "competitive"), seats=["human", "easy"]).scene.log_layer.you() == "Longfeather (player 1)"
    assert Table(played(2, "competitive"), seats=["human", "human"]).scene.log_layer.you() is None


def test_the_wheel_and_keys_scroll_the_log():
    t = Table(played(moves=80), seats=["human"])
    log = t.scene.log_layer.panel
    assert log.lines > log.fit            # more than fits: there is something to scroll
    t.move(log.rect.center)
    t.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    t.frame()
    assert log.scroll == 3
    t.post(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="")
    t.frame()
    assert log.scroll == 3 + log.fit - 1
    t.post(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")
    t.frame()
    assert log.scroll == 3
    t.post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="")
    t.frame()
    assert log.scroll == 0
    for _ in range(200):                  # never past the oldest line
        t.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    t.frame()
    assert log.scroll == log.lines - log.fit


def test_the_log_grows_by_its_button_and_its_grip_and_covers_the_island():
    t = Table(played(moves=80), seats=["human"])
    log, L = t.scene.log_layer.panel, t.scene.layout
    small = log.rect.copy()
    fit = log.fit
    t.click(log.button.center)
    assert log.rect.w > small.w * 2 and log.rect.h > small.h and log.fit > fit
    # a press on the island under the grown log is the log's, not a piece's
    inside = (log.rect.right - 30, log.rect.centery)
    assert L.map.collidepoint(inside)
    version = t.session.version
    t.click(inside)
    assert t.session.version == version and t.scene.drag_layer.drag is None and t.scene.board.pressed is None
    t.click(log.button.center)
    assert log.rect == small
    # the grip at the top-right corner: drag it right and up
    g = log.grip.center
    t.move(g)
    t.post(pygame.MOUSEBUTTONDOWN, pos=g, button=1)
    t.frame()
    t.move((g[0] + 200, g[1] - 100), buttons=(1, 0, 0))
    t.frame()
    t.post(pygame.MOUSEBUTTONUP, pos=(g[0] + 200, g[1] - 100), button=1)
    t.frame()
    assert (log.rect.w, log.rect.h) == (small.w + 200, small.h + 100)
    assert log.rect.bottom == small.bottom and log.rect.left == small.left


def test_the_log_says_every_colour_as_the_cards_print_it(drawn):
    """'You gain 1 Red Essence', 'A Blue Menace now threatens ...': the engine's lines name colours
    by their ids; the log panel says them as printed (data/colors.yaml), read back by scrolling
    the whole log with the wheel."""
    import re
    t = Table(played(moves=120), seats=["human"])
    log = t.scene.log_layer.panel
    t.click(log.button.center)                       # the larger log
    t.move(log.rect.center)
    drawn.clear()
    for _ in range(log.lines // 3 + 2):              # from the newest line back to the oldest
        t.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
        t.frame()
    assert log.scroll == log.lines - log.fit
    said = " ".join(drawn)
    lower = re.findall(r"\b(?:red|yellow|blue|green) (?:Essences?|Menaces?|slot|deck|Beacon|tracking)", said)
    assert not lower, lower[:5]
    assert re.search(r"\b(?:Red|Yellow|Blue|Green) Essence", said)
    assert re.search(r"\b(?:Red|Yellow|Blue|Green) Menace", said)


def log_texts(t, texts) -> list[tuple[str, pygame.Rect]]:
    """The log's lines drawn on a frame (under its title row), top to bottom; `texts`: the
    texts rendered (test_label_fit.record_texts)."""
    from test_label_fit import Recording
    rec = Recording(t.screen.get_size(), texts)
    t.scene.base = rec
    t.scene.redraw_base()
    t.scene.draw(rec)
    log = t.scene.log_layer.panel
    title = max(k for k, (text, r) in enumerate(rec.blits) if text == "Log" and r.topleft < log.button.topleft)
    return sorted(((text, r) for text, r in rec.blits[title:]        # what the log drew, over the island
                   if log.rect.contains(r) and r.y > log.button.bottom and text.strip()), key=lambda x: x[1].y)


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_a_short_log_reads_from_the_top_of_its_panel(size, monkeypatch):
    # a few lines sat at the bottom of the panel under a large empty space: they read from its top
    from test_label_fit import record_texts
    t = Table(played(2, "competitive", moves=3), size=size, seats=["human", "human"])
    texts = record_texts(monkeypatch)
    log = t.scene.log_layer.panel
    P = t.scene.layout.px
    for grown in (False, True):
        if grown:
            t.click(log.button.center)               # the button makes it larger: still from the top
            assert log.grown
        shown = log_texts(t, texts)
        assert 2 <= len(shown) < log.fit, (shown, log.fit)
        assert shown[0][0] == "Set-up"
        assert shown[0][1].y <= log.button.bottom + P(3) + 1, (shown[0], log.button)
        gaps = {b[1].y - a[1].y for a, b in zip(shown, shown[1:], strict=False)}
        assert max(gaps) <= shown[0][1].h + P(4), (gaps, shown)     # one line under the other, no hole


def test_an_empty_log_says_what_it_will_hold_at_its_top(monkeypatch):
    t = Table(new_game(default_rules(), 2, "competitive", "medium", [], 3), seats=["human", "human"])
    assert not t.state.log
    from test_label_fit import record_texts
    shown = log_texts(t, record_texts(monkeypatch))
    assert [text for text, _r in shown] == ["Every move will be listed here."]
    assert shown[0][1].y <= t.scene.log_layer.panel.button.bottom + t.scene.layout.px(3) + 1

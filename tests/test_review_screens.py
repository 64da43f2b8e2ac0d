"""The review, the replay and the rules screens, driven by real mouse and key events."""
from __future__ import annotations

import math

# first: it sets the dummy video driver before pygame is imported
from test_app_support import click, finished, key, make_app, run_until

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.bots.base import HeuristicBot
from faeriell.engine import new_game
from faeriell.engine.state import to_dict
from faeriell.ui.scenes.replay import SPECTATOR, ReplayScene
from faeriell.ui.scenes.review import ReviewScene
from faeriell.ui.scenes.rules import RulesScene
from faeriell.ui.scenes.table import TableScreen
from faeriell.ui.table.keys import SupplyBeacon  # noqa: E402
from faeriell.ui.table import explain  # noqa: E402


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, players=1, mode="solo", seed=7)
    assert isinstance(a.scene, TableScreen), a.errors
    yield a
    pygame.display.quit()


def test_end_screen_review_then_key_moment_then_play_from_here(app):
    game = finished(app)
    click(app, "review")
    review = app.scene
    assert isinstance(review, ReviewScene)
    assert review.timeline.final_doom == game.state.doom
    assert "Doom rose" in review.verdict()
    # the key moments think in the background; the window keeps drawing its progress
    assert run_until(app, lambda: review.ready and review.moments, timeout=60)
    app.step()
    # every line the review shows is in the game's words
    from test_player_words import id_pattern
    ids = id_pattern(app.rules)
    shown = [review.headline(), review.verdict()] + [line for m in review.moments for line in review.moment_lines(m)]
    from faeriell.ui.review_charts import figure_lines
    shown += figure_lines(review.timeline, review.names)
    assert not [s for s in shown if ids.search(s)], [s for s in shown if ids.search(s)]
    rect, moment = review.moment_rects[0]
    click(app, rect.center)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    assert replay.k == moment.index and moment.index in replay.moments
    key(app, pygame.K_F1)                      # the rule behind the move at hand, and back
    assert isinstance(app.scene, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.scene is replay
    key(app, pygame.K_RIGHT)
    assert replay.k == moment.index + 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert replay.k == moment.index - 1
    click(app, "play_here")
    table = app.scene
    assert isinstance(table, TableScreen)
    assert len(table.session.game.history) == moment.index - 1
    assert to_dict(table.session.state) == to_dict(replay.replay.game.state)


def test_replay_is_read_only_and_steps_with_keys_and_buttons(app):
    game = finished(app)
    app.go("replay", game=game, seats=["human"], start=30)
    rp = app.scene
    assert rp.k == 30 and rp.viewer == 0
    before = to_dict(rp.session.state)
    # presses and drags on the island change nothing
    w, h = app.size
    for pos in ((w // 2, h // 2), (w // 3, h // 2), (200, h - 100)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(pos[0] + 40, pos[1]), rel=(40, 0),
                                             buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(pos[0] + 40, pos[1]), button=1))
        app.step()
    assert to_dict(rp.session.state) == before and rp.k == 30
    click(app, "next")
    assert rp.k == 31
    click(app, "first")
    assert rp.k == 0
    key(app, pygame.K_END)
    assert rp.k == len(game.history)
    assert to_dict(rp.session.state) == to_dict(game.state)
    key(app, pygame.K_PAGEUP)
    assert rp.k == len(game.history) - 10
    assert "Move" in rp.status() and "round" in rp.status()
    click(app, "back")
    assert not isinstance(app.scene, ReplayScene)


def test_hot_seat_replays_keep_every_hand_hidden(app):
    g = new_game(app.rules, 2, "competitive", "medium", [], 5)
    bot = HeuristicBot(1)
    for _ in range(40):
        g.apply(bot.choose(g, g.acting))
    app.go("replay", game=g, seats=["human", "human"], start=20)
    assert app.scene.viewer == SPECTATOR and app.scene.table.viewer == SPECTATOR
    app.go("replay", game=g, seats=["human", "easy"], start=20)
    assert app.scene.table.viewer == 0


def test_menu_review_of_the_game_so_far(app):
    s = app.session
    bot = HeuristicBot(0)
    for _ in range(60):
        assert s.apply(bot.choose(s.game, s.acting)) is None
    key(app, pygame.K_ESCAPE)
    click(app, "review")
    review = app.scene
    assert isinstance(review, ReviewScene)
    assert "so far" in review.headline()
    assert len(review.timeline.steps) == 60
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TableScreen) and app.scene.session is s


def _type(app, text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    app.step()
    app.step()


def test_f1_opens_the_rules_search_finds_and_a_click_opens_a_section(app):
    key(app, pygame.K_F1)
    rules = app.scene
    assert isinstance(rules, RulesScene)
    click(app, rules.search.rect.center)
    _type(app, "havoc")
    assert rules.query == "havoc"
    titles = [s.title for s in rules.shown]
    assert titles and all("havoc" in s.haystack() for s in rules.shown)
    # click the second item of the filtered list
    want = rules.shown[min(1, len(rules.shown) - 1)]
    line = next(k for k, (_sid, text) in enumerate(rules.list.items) if text == want.title)
    click(app, rules.list.row_rect(line).center)
    assert run_until(app, lambda: rules.current is want, timeout=2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TableScreen)


def test_a_refused_kind_opens_its_rule(app):
    app.go("rules", kind="build_beacon")
    assert app.scene.current.id == "build-beacon"
    assert "1 Yellow" in app.scene.current.text


def test_a_refused_piece_offers_its_rule_and_f1_opens_it(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch, players=2, seed=11)
    table = app.scene.table
    app.step()
    # in the set-up, a Beacon of the supply cannot be built yet: pressing it says why
    pos = table.spot_pos(SupplyBeacon("red"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()
    assert table.message_bad and table.refused_kind == "build_beacon"
    assert explain.rule_kind(table) == "build_beacon"
    drawn = []
    from faeriell.ui.table import theme
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1])
    app.dirty = True
    app.step()
    assert "F1: the rule behind this" in drawn
    key(app, pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.current.id == "build-beacon"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, TableScreen)
    pygame.display.quit()


def test_start_screen_opens_the_rules_and_replays_a_save(tmp_path, monkeypatch):
    from faeriell.storage.saves import save_game
    from faeriell.ui.scenes.start import StartScene
    app = make_app(tmp_path, monkeypatch)
    assert isinstance(app.scene, StartScene)
    click(app, "rules")
    assert isinstance(app.scene, RulesScene)
    key(app, pygame.K_ESCAPE)
    start = app.scene
    assert isinstance(start, StartScene)
    g = new_game(app.rules, 1, "solo", "medium", [], 9)
    bot = HeuristicBot(0)
    for _ in range(50):
        g.apply(bot.choose(g, g.acting))
    path = save_game(g, name="to replay")
    click(app, "tab_load")
    start = app.scene
    start.load_path = str(path)
    click(app, "replay")
    rp = app.scene
    assert isinstance(rp, ReplayScene) and rp.k == 50
    assert to_dict(rp.session.state) == to_dict(g.state)
    key(app, pygame.K_HOME)
    assert rp.k == 0
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, StartScene)
    pygame.display.quit()


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_key_moments_arrows_bend_round_words_and_pass_under_the_rest(tmp_path, monkeypatch, size):
    """The replay's key moment drew the move played (white) and the better one (magenta) as
    straight arrows across the table's printed words, covering their letters. Their ways are now
    the hint's (hint_card.move_way -> arrow_way.route: the one crossing the fewest words), and the
    words they still reach come back over them as their letters on a halo: no arrow colour on a
    printed word's letters (its label box, the replay's bar left out), the arrow seen round them."""
    from faeriell.ui import text as UT
    from faeriell.ui.scenes.replay import BETTER_DARK, BETTER_RGB, PLAYED_DARK, PLAYED_RGB
    from faeriell.ui.table import arrow_way as way
    from faeriell.ui.table.hint_card import label_rect, move_keys
    from test_table_support import colour_mask, words_under
    app = make_app(tmp_path, monkeypatch, size=size, players=1, mode="solo", seed=7)
    try:
        g = new_game(app.rules, 1, "solo", "medium", [], 7)
        bot = HeuristicBot(0)
        pairs: dict = {}                  # move index -> (the move played, another move drawn as better)
        for _ in range(400):
            if g.state.game_over or len(pairs) >= 10:
                break
            a = bot.choose(g, g.acting)
            if a.kind in ("place_settlement", "place_hero", "move_hero"):
                others = [b for b in g.legal_actions() if b.kind == a.kind and b != a]
                if others:
                    pairs[len(g.history)] = (a, others[len(others) // 2])
            g.apply(a)
        assert len(pairs) >= 6, pairs
        app.go("replay", game=g, seats=["easy"], start=0, better=pairs)
        rp = app.scene
        assert isinstance(rp, ReplayScene)
        colours = (PLAYED_RGB, PLAYED_DARK, BETTER_RGB, BETTER_DARK)
        drawn = straight_crossed = crossed = between = 0
        for k, pair in pairs.items():
            rp.seek(k)
            table = rp.table
            table.shown_moves = ()             # the table alone first: none of the arrows' colours on its words
            table.draw(pygame.display.get_surface())
            assert not words_under(table, colours, [rp.bar_rect()]), (k, "the arrows' colours without arrows")
            app.dirty = True
            app.step()
            hidden = [rp.bar_rect()]
            for a, label in zip(pair, ("played", "better"), strict=True):
                grip, target = move_keys(table, a)
                end = table.target_point(target)
                hidden.append(label_rect(table, end, label))
                sp = table.spots.first(grip)
                if sp is None:
                    continue
                paths = [p for key, p in table.shown_ways.items() if key[0] == a and p]
                if not paths:                  # a piece next to its place: its ring alone, as the hint's
                    assert math.dist(sp.grab_point, end) < table.layout.px(100), (k, a, "no arrow")
                    continue
                path = paths[-1]
                drawn += 1
                words = table.printed_words()
                straight = sum(1 for r in words if way.crosses(r.inflate(4, 4), [sp.grab_point, end]))
                now = [r for r in words if way.crosses(r.inflate(4, 4), path)]
                assert len(now) <= straight, (k, a, "the way chosen crosses more words than the straight line")
                straight_crossed += straight
                pink = colour_mask(pygame.display.get_surface(), colours)
                for r in now:
                    if any(r.colliderect(h) for h in hidden):
                        continue
                    crossed += 1
                    mask, at = table.base.ink_mask(r, UT.halo_px(table.layout.u))
                    assert not pink.overlap_area(mask, at), (k, a, r, "an arrow's colour on a word's letters or halo")
                    between += pink.overlap_area(pygame.mask.Mask(r.size, fill=True), r.topleft) > 0
            bad = words_under(table, colours, hidden)
            assert not bad, (k, pair, bad[:4])
        assert drawn >= 6 and straight_crossed, (drawn, straight_crossed)
        assert crossed and between, (crossed, between)     # some words lie on a way: seen round their letters
        assert not app.errors, app.errors
    finally:
        pygame.display.quit()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_replays_top_bar_never_cuts_the_move(tmp_path, monkeypatch, size):
    """Issue 42: "…Longfeather: Play the Tr…" at 1024 wide. The bar says where we are and the
    move played whole, on two lines when one does not hold them."""
    from faeriell.ui import text as UT
    a = make_app(tmp_path, monkeypatch, size=size, players=1, mode="solo", seed=7)
    try:
        game = finished(a)
        a.go("replay", game=game, seats=["human"], start=1)
        rp = a.scene
        longest = max(range(1, len(game.history) + 1), key=lambda k: len(rp.table.words.action(
            game.history[k - 1]["action"])))
        rp.seek(longest)
        UT.LABELS = []
        rp.draw(pygame.display.get_surface())
        head, move = rp.status_parts()
        mine = {head, move, rp.status()}
        shown = [(text, cut, r) for text, cut, r, _w in UT.LABELS if text in mine]
        assert any(move in text for text, _c, _r in shown), shown
        assert all(text == cut and rp.bar_rect().contains(r) for text, cut, r in shown), shown   # nothing cut
    finally:
        UT.LABELS = None
        pygame.display.quit()


def test_a_won_games_review_says_what_won_it_and_a_click_shows_the_move(tmp_path, monkeypatch):
    """Issue 41 ("say, from the review, what won it"): a won game's review has a "What won it" box
    under the key moments, with its strong moves in the game's words (what was played, the next best
    and what that gave up); a click on one opens the replay at that move. The thinking is stubbed to
    one strong move at a known decision, so the box's words are known in advance."""
    import faeriell.ui.scenes.review as review_scene
    from faeriell.review import background
    from faeriell.engine.saves import replay
    from faeriell.review.moments import Moment
    from faeriell.ui.scenes.end import EndScene
    from test_player_words import id_pattern
    a = make_app(tmp_path, monkeypatch, players=1, mode="solo", difficulty="easy", seed=3)
    try:
        s = a.session
        bot = HeuristicBot(3)                   # the greedy bot wins this solo Easy game
        while not s.state.game_over:
            assert s.apply(bot.choose(s.game, s.acting)) is None
        assert s.state.winners
        g = s.game
        w = replay(g.rules, g.origin, [])
        for k, h in enumerate(g.history):          # a decision of the player's after the first rounds
            if k > 60 and w.acting == 0 and w.state.stage == "play" and len(w.legal_actions()) > 1:
                break
            w.apply(h["action"])
        other = next(x for x in w.legal_actions() if x != g.history[k]["action"])
        strong = Moment(k, 0, w.state.round, g.history[k]["action"], g.history[k]["action"], 0.81, 0.81,
                        "By the round's end: 1 more Achievement (3 instead of 2).", other, 0.62)

        def work(origin, actions, players, out, stop=None, rules=None):
            out.put(("done", [], {"decisions": 3, "assessed": 3}, [background._pack(strong)]))

        class Stubbed(background.ReviewJob):
            def __init__(self, *args, **kw):
                kw["use_process"] = False
                super().__init__(*args, **kw)
        Stubbed.work = staticmethod(work)
        monkeypatch.setattr(review_scene, "ReviewJob", Stubbed)
        assert run_until(a, lambda: isinstance(a.scene, EndScene))
        click(a, "review")
        review = a.scene
        assert run_until(a, lambda: review.ready, timeout=30)
        a.step()
        assert review.turn_shown() and review.turn_job is None       # no "Could we have won?" for a win
        from faeriell.ui import review_won
        head, played, why = review_won.entry(review, review.job.strong[0])
        assert head == f"Round {w.state.round} · 19 points ahead" and played.startswith("You played: ")
        assert why.startswith(f"The next best, {review.words.action(other)}, would have given up 19 points.")
        assert not id_pattern(a.rules).search(played + why)
        rect, m = review.moment_rects[-1]
        assert m.index == k
        click(a, rect.center)
        assert isinstance(a.scene, ReplayScene) and a.scene.k == k
        assert not a.errors, a.errors
    finally:
        pygame.display.quit()

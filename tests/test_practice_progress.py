"""Statistics, the ladder, the daily game and the rated trainer: pygame-free, fake clocks."""
import datetime as dt
import json

import pytest

from faeriell.bots.base import HeuristicBot
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.practice import daily, ladder, stats
from faeriell.practice.trainer import LEVEL_RATING, Trainer
from faeriell.puzzles.path import PuzzlePath

DAY = 86400.0


class Clock:
    def __init__(self, t):
        self.t = t

    def __call__(self):
        return self.t


@pytest.fixture(scope="module")
def finished():
    rules = default_rules()
    g = new_game(rules, 1, "solo", "medium", [], 11)
    bot = HeuristicBot(11)
    while not g.state.game_over:
        g.apply(bot.choose(g, g.acting))
    return g


def summary(won=True, mode="solo", difficulty="easy", variants=(), key="k", t=0.0, seed=1, players=1):
    return stats.GameSummary(key, t, mode, difficulty, players, list(variants), seed, won, 3, 9, 7)


def test_a_finished_game_is_recorded_once_and_kept_through_a_corrupt_file(tmp_path, finished):
    clock = Clock(1_800_000_000.0)
    book = stats.StatsBook(tmp_path, clock)
    s = stats.from_game(finished, ["human"], clock())
    assert s.mode == "solo" and s.doom == finished.state.doom and s.won == bool(finished.state.winners)
    assert book.record(s) and not book.record(s)
    assert book.set_accuracy(s.key, 0.75)
    again = stats.StatsBook(tmp_path, clock)
    assert [g.key for g in again.games] == [s.key] and again.games[0].accuracy == 0.75
    (tmp_path / "stats.json").write_bytes(b"\xff\xfe garbage")
    fresh = stats.StatsBook(tmp_path, clock)
    assert fresh.games == [] and "stats.json.bad" in fresh.note and (tmp_path / "stats.json.bad").exists()
    assert fresh.record(s) and json.loads((tmp_path / "stats.json").read_text())["games"][0]["key"] == s.key


def test_tables_by_mode_and_the_last_30_days_against_all_time(tmp_path):
    now = 1_800_000_000.0
    book = stats.StatsBook(tmp_path, Clock(now))
    book.record(summary(True, key="a", t=now - 40 * DAY))
    book.record(summary(False, key="b", t=now - 2 * DAY, variants=["winters_grasp"]))
    book.record(summary(True, mode="coop", players=2, key="c", t=now - 1 * DAY))
    rows = dict(book.table("mode"))
    assert rows["solo"].games == 2 and rows["solo"].wins == 1 and rows["coop"].win_rate == 1.0
    assert dict(book.table("variants"))["winters_grasp"].games == 1
    recent, ever = book.compare(30)
    assert (recent.games, recent.wins, ever.games, ever.wins) == (2, 1, 3, 2)
    series = book.daily_series(30)
    assert len(series) == 30 and sum(n for _, n, _ in series) == 2 and sum(w for _, _, w in series) == 1


def test_the_ladder_opens_a_level_only_by_winning_the_one_below(tmp_path):
    solo = ladder.LADDERS["solo"]
    assert [lv.difficulty for lv in solo[:4]] == ["easy", "medium", "hard", "very_hard"] and len(solo) > 4
    book = ladder.LadderBook(tmp_path)
    assert book.unlocked("solo") == 1
    assert book.record(summary(True, difficulty="medium")) is None and book.unlocked("solo") == 1  # not open yet
    assert book.record(summary(False, difficulty="easy")) is None                                 # a loss
    assert book.record(summary(True, difficulty="easy")).difficulty == "medium"
    assert ladder.LadderBook(tmp_path).unlocked("solo") == 2                                       # kept
    assert ladder.LadderBook(tmp_path).unlocked("coop") == 1                                       # its own ladder
    top = solo[4]
    assert top.variants and book.level_of("solo", top.difficulty, list(top.variants)) == top


def test_the_daily_seed_is_fixed_by_the_date():
    # written down once: any machine, any day, computes the same numbers (SHA-256 of the date)
    assert daily.daily_seed(dt.date(2026, 12, 1)) == 280152501
    assert daily.daily_seed(dt.date(2026, 12, 2)) != daily.daily_seed(dt.date(2026, 12, 1))
    assert daily.today(1_796_083_200.0 + 3600) == dt.date(2026, 12, 1)
    cfg = daily.daily_config(dt.date(2026, 12, 1))
    assert cfg["seed"] == 280152501 and cfg["mode"] == "solo"


def test_the_daily_best_and_its_record(tmp_path):
    d = dt.date(2026, 12, 1)
    cfg = daily.daily_config(d)
    book = daily.DailyBook(tmp_path)
    lost = summary(False, difficulty=cfg["difficulty"], seed=cfg["seed"])
    assert book.record(lost, {"seed": 1}, [{"action": "x"}], d)
    won = summary(True, difficulty=cfg["difficulty"], seed=cfg["seed"])
    assert book.record(won, {"seed": 1}, [], d + dt.timedelta(days=1))     # finished after midnight
    assert not book.record(lost, {"seed": 1}, [], d)                      # worse: the best stays
    assert daily.DailyBook(tmp_path).best(d)["won"] is True
    assert not book.record(summary(True, seed=5), {}, [], d)              # not the daily game


def test_the_trainer_serves_near_the_rating_and_moves_it(tmp_path):
    entries = PuzzlePath.load().entries
    clock = Clock(100.0)
    t = Trainer(tmp_path, entries, clock)
    t.start_at(3)
    assert t.player.rating == LEVEL_RATING[3]
    first = t.next_puzzle()
    assert first.level == 3
    before, after = t.record(first.id, solved=True)
    assert after > before and t.puzzles[first.id].rating < LEVEL_RATING[3]
    assert t.next_puzzle().id != first.id                                 # not served again at once
    t2 = Trainer(tmp_path, entries, clock)
    assert t2.player.rating == pytest.approx(t.player.rating, abs=0.01) and len(t2.history) == 2 and t2.tried == 1
    _, low = t2.record(t2.next_puzzle().id, solved=False)
    assert low < after
    t3 = Trainer(tmp_path, entries, clock)
    t3.start_at(1)
    assert t3.next_puzzle().level == 1


def test_a_history_naming_removed_puzzles_loads_and_serves_the_rest(tmp_path):
    """The rated set changes between versions (data/puzzles/rated/README.md: puzzles whose proof did
    not hold were removed): a player's ratings.json naming such a puzzle (its rating, among the last
    served) loads without a note, serves only puzzles that exist, and keeps the old names' ratings
    (the puzzle may come back) when saved again."""
    entries = PuzzlePath.load().entries
    gone = "doom-solo1-easy-000000000000"          # a name no file has
    assert gone not in {e.id for e in entries}
    (tmp_path / "ratings.json").write_text(json.dumps({
        "version": 1, "player": [1600.0, 120.0, 0.06], "started": True, "history": [[50.0, 1600.0]],
        "puzzles": {gone: [1400.0, 90.0, 0.06]}, "recent": [gone], "solved": 3, "tried": 4}))
    t = Trainer(tmp_path, entries, Clock(100.0))
    assert t.note == "" and t.player.rating == 1600.0 and t.tried == 4
    assert t.by_id(gone) is None and t.record(gone, solved=True) is None      # not a puzzle to rate now
    assert t.tried == 4 and t.player.rating == 1600.0
    served = t.next_puzzle()
    assert served is not None and served.id != gone and served.id in {e.id for e in entries}
    t.record(served.id, solved=True)
    again = json.loads((tmp_path / "ratings.json").read_text())
    assert again["puzzles"][gone] == [1400.0, 90.0, 0.06] and served.id in again["puzzles"]
    assert Trainer(tmp_path, entries, Clock(200.0)).tried == 5

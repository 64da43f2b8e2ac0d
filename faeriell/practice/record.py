"""What a finished game and a finished review leave in the player's practice files.

    notes = game_finished(game, seats)            # statistics, the ladder, the daily game, Quick solo's next level
    review_finished(game, seats, moments, tally)  # drills from the human seats' key moments, accuracy
Each returns short sentences for the screen (a level opened, a bad file set aside). A file that
cannot be written loses nothing else and is said. No pygame here.
"""
from __future__ import annotations

import time

from faeriell.practice import daily, ladder, stats
from faeriell.practice.suggest import NAMES, suggest_solo
from faeriell.practice.drills import DrillBook
from faeriell.practice.store import data_folder


def _label(game) -> str:
    s = game.state
    mode = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}.get(s.mode, s.mode)
    return f"{mode}, {s.difficulty.replace('_', ' ')}, seed {s.seed}"


def game_finished(game, seats, folder=None, clock=time.time) -> list[str]:
    """`seats`: who played each seat (Session.credited_seats): only a game a person played a seat
    of is the player's; bots alone leave the statistics, the ladder and the daily game as they were."""
    folder = folder if folder is not None else data_folder()
    now = clock()
    summary = stats.from_game(game, seats, now)
    if summary is None:
        return []
    notes = []
    book = stats.StatsBook(folder, clock)
    if book.note:
        notes.append(book.note)
    before = suggest_solo(book.games)
    if not book.record(summary) and book.doc.error:
        notes.append(f"Your statistics could not be saved: {book.doc.error}.")
    after = suggest_solo(book.games)
    if after.difficulty != before.difficulty:        # a solo win moved the start screen's next game up
        notes.append(f"Quick solo now starts your next game at {NAMES[after.difficulty]}"
                     + (", the coach still at your elbow." if after.coach else "."))
    lad = ladder.LadderBook(folder)
    lv = ladder.LADDERS.get(summary.mode, [])
    opened = lad.record(summary)
    if opened is not None:
        notes.append(f"{ladder.LADDER_NAMES[summary.mode]} ladder: level {opened.number}, {opened.title}, is open.")
    elif summary.won and lv and lad.best[summary.mode] == len(lv) and lad.level_of(summary.mode, summary.difficulty,
                                                                                  summary.variants):
        notes.append(f"{ladder.LADDER_NAMES[summary.mode]} ladder: you hold its top level.")
    day = daily.DailyBook(folder)
    if day.record(summary, game.origin, [h["action"] for h in game.history], daily.today(now)):
        notes.append("Daily game: a new personal best for the day.")
    notes += [b.note for b in (lad, day) if b.note]          # entries left out of a damaged file, in a line
    return notes


def review_finished(game, seats, moments, tally=None, folder=None, clock=time.time) -> list[str]:
    """Drills for the key moments of human seats; the review's accuracy into the statistics."""
    folder = folder if folder is not None else data_folder()
    humans = [i for i, k in enumerate(list(seats)[: game.state.players]) if k == "human"]
    notes = []
    actions = [h["action"] for h in game.history]
    book = DrillBook(folder, clock)
    if book.note:
        notes.append(book.note)
    new = book.add_from_review(game.origin, actions, moments, humans, _label(game)) if humans else 0
    if new:
        notes.append(f"{new} new drill{'s' if new > 1 else ''} from this game: Practice, then Drills.")
    if book.doc.error:
        notes.append(f"Your drills could not be saved: {book.doc.error}.")
    if tally and tally.get("assessed") and game.state.game_over:
        acc = 1.0 - tally.get("graded", 0) / tally["assessed"]
        stats.StatsBook(folder, clock).set_accuracy(stats.game_key(game.origin, len(game.history)), acc)
    return notes

"""The review as plain text, for players who want to read or share it (`python -m faeriell.review`).

It says what the review screen shows, from the same parts: the timeline (timeline.record) for the
rounds, the key moments (moments.key_moments) for the grades, and the win chance the game shows
(bots.win_chance.shown_chance, the yardstick the key moments are graded by) for the curve: after
every round, how often the coach (the expert at the table's setting) went on to win from such a
position, where its games were measured (solo), else a fair player's learned chance
(checked on games it never saw: bench/README.md, "Win chances").

Every name is the game's own (tribes, heroes, regions, Achievements): never an id.
"""
from __future__ import annotations

from faeriell.bots.win_chance import shown_chance, shows_expert
from faeriell.engine import Action
from faeriell.engine.describe import describe
from faeriell.engine.names import Names
from faeriell.engine.saves import rebuild

from .moments import STRONG, Moment, key_moments
from .timeline import Timeline, record, sides

MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}
VALUE_LABEL = ("Win chance after each round: how often the coach, playing on from that position, went on "
               "to win, checked on games it never saw (100% once won, 0% once lost).")
# In competitive play every seat is someone's side, so the coach's chance there is measured with the
# coach in every seat: a position's worth between equals, whoever the opponents really are.
VALUE_LABEL_COMPETITIVE = ("Win chance after each round: how often that seat went on to win when every seat "
                           "played on from that position as the coach, checked on games it never saw "
                           "(100% once won, 0% once lost).")
# Where the expert's games were not measured (shows_expert), the chance is a fair player's.
FAIR_LABEL = ("Win chance after each round: how often a fair player went on to win from that position, "
              "learned from self-play and checked on games it never saw (100% once won, 0% once lost).")


def value_label(mode: str, players: int | None = None) -> str:
    if not shows_expert(mode, players):
        return FAIR_LABEL
    return VALUE_LABEL_COMPETITIVE if mode == "competitive" else VALUE_LABEL


def round_values(rules, origin: dict, actions: list) -> list[tuple[int, list[float]]]:
    """(round, win chance per side, 0..1) after every round that ended, and where the record stops."""
    game = rebuild(rules, origin)
    who = sides(game.state.mode, game.state.players)
    out: list[tuple[int, list[float]]] = []
    for raw in actions:
        action = raw if isinstance(raw, Action) else Action.from_dict(raw)
        rnd = game.state.round
        game.apply(action)
        if game.state.round != rnd or game.state.game_over:
            out.append((rnd, [shown_chance(game, p) for p in who]))
    if not game.state.game_over and (not out or out[-1][0] != game.state.round):
        out.append((game.state.round, [shown_chance(game, p) for p in who]))
    return out


def _side_names(names: Names, tl: Timeline) -> list[str]:
    if tl.mode == "coop":
        return ["The team"]
    return [names.tribes.get(t, t.title()) for t in tl.tribes][:len(sides(tl.mode, tl.players))]


def _outcome(names: Names, tl: Timeline) -> str:
    if not tl.game_over:
        return "The game is not over yet."
    if not tl.winners:
        return "Faeriell falls: nobody won."
    if tl.mode in ("coop", "solo"):
        return "Faeriell is saved."
    return ", ".join(names.tribes.get(tl.tribes[i], "?") for i in tl.winners) + " won."


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


def points(d: float) -> str:
    """A difference of win chances, in percentage points ('12 points')."""
    n = round(100 * d)
    return f"{n} point{'s' if n != 1 else ''}"


def moment_lines(m: Moment, names: Names, tribe_ids: list[str], tribe_names: list[str]) -> list[str]:
    """A graded move: what was played, the better move found and what it keeps more."""
    return _lines(m, names, tribe_ids, tribe_names, (m.grade or "").capitalize(),
                  f"Better: {describe(m.best, names, tribe_ids)} (win chance {percent(m.best_value)}, "
                  f"{points(m.fall)} more)")


def strong_lines(m: Moment, names: Names, tribe_ids: list[str], tribe_names: list[str]) -> list[str]:
    """A strong move: what was played, and the next best move found with its chance."""
    assert m.runner_up is not None
    return _lines(m, names, tribe_ids, tribe_names, f"{points(m.lead)} ahead",
                  f"The next best: {describe(m.runner_up, names, tribe_ids)} (win chance "
                  f"{percent(m.runner_up_value)})")


def _lines(m: Moment, names: Names, tribe_ids: list[str], tribe_names: list[str], verdict: str,
           other: str) -> list[str]:
    """A move's entry: its heading with `verdict`, what was played, the `other` move, and why."""
    who = tribe_names[m.player] if 0 <= m.player < len(tribe_names) else f"Player {m.player + 1}"
    lines = [f"Round {m.round}, move {m.index + 1} - {verdict}",
             f"  {who} played: {describe(m.played, names, tribe_ids)} (win chance {percent(m.played_value)})",
             f"  {other}"]
    if m.reason:
        lines.append(f"  Why: {names.text(m.reason)}")
    return lines


def review_text(rules, origin: dict, actions: list, players=None, moments: list | None = None,
                progress=None, strong: list | None = None) -> str:
    """The whole review as text. `moments` (and `strong`), when given, are used instead of
    working them out."""
    names = Names.of(rules)
    tl = record(rules, origin, actions)
    tribe_names = [names.tribes.get(t, t.title()) for t in tl.tribes]
    lines = [f"Faeriell game review: {MODE_NAMES.get(tl.mode, tl.mode)}, "
             f"{tl.players} player{'s' if tl.players != 1 else ''} ({', '.join(tribe_names)})",
             _outcome(names, tl) + f" {len(tl.rounds)} rounds, Doom {tl.final_doom} at the end.",
             ""]
    lines.append(value_label(tl.mode, tl.players))
    heads = _side_names(names, tl)
    lines.append("Round  Doom  " + "  ".join(f"{h:>12}" for h in heads))
    doom_at = {m.round: m.doom for m in tl.rounds}
    for rnd, values in round_values(rules, origin, actions):
        lines.append(f"{rnd:>5}  {doom_at.get(rnd, tl.final_doom):>4}  "
                     + "  ".join(f"{round(100 * v):>11d}%" for v in values))
    lines.append("")
    if moments is None:
        strong = []
        moments = key_moments(rules, origin, actions, players=players, progress=progress, strong=strong)
    lines.append("Key moments (graded by the win chance a move gives away against the best move found: "
                 "an inaccuracy from 5 points, a mistake from 10, a blunder from 15):")
    if not moments:
        lines.append("  None: no move fell clearly short of the best one found.")
    for m in sorted(moments, key=lambda m: m.index):
        lines.extend(moment_lines(m, names, list(tl.tribes), tribe_names))
    if strong:
        lines.append("")
        lines.append(f"Strong moves (at least {points(STRONG)} ahead of every other move compared):")
        for m in sorted(strong, key=lambda m: m.index):
            lines.extend(strong_lines(m, names, list(tl.tribes), tribe_names))
    return "\n".join(lines) + "\n"

"""The review as plain text, for players who want to read or share it (`python -m faeriell.review`).

It says what the review screen shows, from the same parts: the timeline (timeline.record) for the
rounds, the key moments (moments.key_moments) for the grades, and the expert's leaf value
(bots.expert.race_value, the yardstick the key moments are graded by) for the curve. There is no
learned win chance yet (issue 25, item 3), so the curve is labelled for what it is: a position
value in card units (one Achievement held is worth 12), not a probability.

Every name is the game's own (tribes, heroes, regions, Achievements): never an id.
"""
from __future__ import annotations

from faeriell.bots.evaluate import WIN
from faeriell.bots.expert import race_value
from faeriell.engine import Action
from faeriell.engine.describe import describe
from faeriell.engine.names import Names
from faeriell.engine.saves import rebuild

from .moments import Moment, key_moments
from .timeline import Timeline, record

MODE_NAMES = {"competitive": "Competitive", "coop": "Full Coop", "solo": "Solo"}
VALUE_LABEL = (f"Position value after each round (the expert's own estimate in card units, where one "
               f"Achievement held is worth 12 and a finished game about {WIN:+.0f} for a win, {-WIN:+.0f} "
               f"for a loss). This is not a win chance: no learned evaluation exists yet.")


def sides(mode: str, players: int) -> list[int]:
    """Whose value the curve follows: the one tribe (solo), the team (coop: one curve, seat 1's
    value, which counts the whole team's race), or each tribe (competitive)."""
    return [0] if mode in ("solo", "coop") else list(range(players))


def round_values(rules, origin: dict, actions: list) -> list[tuple[int, list[float]]]:
    """(round, value per side) after every round that ended, and where the record stops."""
    game = rebuild(rules, origin)
    who = sides(game.state.mode, game.state.players)
    out: list[tuple[int, list[float]]] = []
    for raw in actions:
        action = raw if isinstance(raw, Action) else Action.from_dict(raw)
        rnd = game.state.round
        game.apply(action)
        if game.state.round != rnd or game.state.game_over:
            out.append((rnd, [race_value(game, p) for p in who]))
    if not game.state.game_over and (not out or out[-1][0] != game.state.round):
        out.append((game.state.round, [race_value(game, p) for p in who]))
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


def moment_lines(m: Moment, names: Names, tribe_ids: list[str], tribe_names: list[str]) -> list[str]:
    who = tribe_names[m.player] if 0 <= m.player < len(tribe_names) else f"Player {m.player + 1}"
    grade = (m.grade or "").capitalize()
    gain = m.best_value - m.played_value
    lines = [f"Round {m.round}, move {m.index + 1} - {grade}",
             f"  {who} played: {describe(m.played, names, tribe_ids)}",
             f"  Better: {describe(m.best, names, tribe_ids)} (worth {gain:.1f} more in card units)"]
    if m.reason:
        lines.append(f"  Why: {names.text(m.reason)}")
    return lines


def review_text(rules, origin: dict, actions: list, players=None, moments: list | None = None,
                progress=None) -> str:
    """The whole review as text. `moments`, when given, are used instead of working them out."""
    names = Names.of(rules)
    tl = record(rules, origin, actions)
    tribe_names = [names.tribes.get(t, t.title()) for t in tl.tribes]
    lines = [f"Faeriell game review: {MODE_NAMES.get(tl.mode, tl.mode)}, "
             f"{tl.players} player{'s' if tl.players != 1 else ''} ({', '.join(tribe_names)})",
             _outcome(names, tl) + f" {len(tl.rounds)} rounds, Doom {tl.final_doom} at the end.",
             ""]
    lines.append(VALUE_LABEL)
    heads = _side_names(names, tl)
    lines.append("Round  Doom  " + "  ".join(f"{h:>12}" for h in heads))
    doom_at = {m.round: m.doom for m in tl.rounds}
    for rnd, values in round_values(rules, origin, actions):
        lines.append(f"{rnd:>5}  {doom_at.get(rnd, tl.final_doom):>4}  "
                     + "  ".join(f"{v:>12.1f}" for v in values))
    lines.append("")
    if moments is None:
        moments = key_moments(rules, origin, actions, players=players, progress=progress)
    lines.append("Key moments (graded by the value a move gives away against the best move found):")
    if not moments:
        lines.append("  None: no move fell clearly short of the best one found.")
    for m in sorted(moments, key=lambda m: m.index):
        lines.extend(moment_lines(m, names, list(tl.tribes), tribe_names))
    return "\n".join(lines) + "\n"

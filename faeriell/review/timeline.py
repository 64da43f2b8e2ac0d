"""What happened in a game, step by step: replay its actions and record what the engine did.

A game is its origin plus its actions, so the review replays them on a fresh game and listens to
the engine's own track movements (Doom with its reason, Essences gained, Menaces solved) while each
action and the automatic steps after it resolve. Nothing here decides a rule; it only watches.

`record(rules, origin, actions)` gives a `Timeline`:
  - `steps`: one `Step` per action (who, what, round, phase, Doom before and after, and the Doom
    movements with their causes);
  - `rounds`: per round, Doom and each tribe's Achievements at its end (coop: the team's count),
    and each side's learned win chance there (bots.win_chance: solo the tribe, coop the team,
    competitive each tribe);
  - `figures`: Essences gained by source, Menaces solved by colour, actions by phase.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from faeriell.engine import Action
from faeriell.engine.doom_causes import CAUSES, cause_of  # noqa: F401  (CAUSES: read by the review)
from faeriell.engine import names
from faeriell.engine.saves import SaveError, rebuild

# Doom's causes are filed by the engine (engine/doom_causes.py, the same words its history notes).

# Which action brought an Essence in (the action being resolved when it was gained).
_SOURCES: dict[str | None, str] = {          # (None: no action being resolved)
    "harvest": "Harvest", "harvest_choice": "Harvest",
    "solve_menace": "Menaces solved by Heroes", "beacon_solve": "Menaces solved by Beacons",
    "lore": "Lore Actions", "perk": "Perks", "solve_quest": "Quests",
    "corruption": "Corruption Events", "starting_essence": "Set-up", "place_settlement": "Set-up",
    "choose_hero": "Set-up", "place_hero": "Set-up",
}

PHASE_NAMES: dict[str | None, str] = {**{k: f"{v} Phase" for k, v in names.PHASE_NAMES.items()}, None: "Set-up"}


@dataclass
class Step:
    index: int                 # 0-based position in the action list
    player: int | None         # who acted (0-based), None for no one
    action: Action
    round: int
    phase: str | None
    doom_before: int
    doom_after: int
    doom_moves: list = field(default_factory=list)    # [(steps, cause)], in order
    random: bool = False


@dataclass
class RoundMark:
    round: int
    doom: int
    achievements: list          # per tribe, at the round's end
    team_distinct: int          # Achievements held by anyone (the coop count)
    team_tokens: int            # Achievement tokens on the board (the other coop count)
    chances: list = field(default_factory=list)   # win chance per side at the round's end (sides())


@dataclass
class Timeline:
    players: int
    mode: str
    tribes: list                # tribe ids in seat order
    steps: list
    rounds: list
    doom_by_cause: Counter
    gained: list                # per tribe: Counter {source: Essences}
    gained_colour: list         # per tribe: Counter {colour: Essences}
    solved: list                # per tribe: Counter {colour: Menaces}
    actions_by_phase: list      # per tribe: Counter {phase name: the player's decisions (forced steps left out)}
    final_doom: int
    winners: list
    end_reason: str
    game_over: bool
    achievements: list          # per tribe at the end

    def doom_series(self) -> list[tuple[int, int]]:
        """(round, Doom at its end) for each round played, the last one as it stands."""
        return [(m.round, m.doom) for m in self.rounds]

    def steps_of(self, player: int) -> list[Step]:
        return [st for st in self.steps if st.player == player]


def _team_counts(s) -> tuple[int, int]:
    distinct = sum(1 for holders in s.achievements.values() if holders)
    tokens = sum(len(holders) for holders in s.achievements.values())
    return distinct, tokens


def sides(mode: str, players: int) -> list[int]:
    """Whose win chance the review follows: the one tribe (solo), the team (coop: seat 1's, which
    is the team's), or each tribe (competitive)."""
    return [0] if mode in ("solo", "coop") else list(range(players))


def chances(game) -> list[float]:
    """Each side's win chance now (empty if the model file cannot be read: the review goes on)."""
    from faeriell.bots.win_chance import WinChanceModelError, shown_chance  # lazy: the bots load only when a chance is shown
    try:
        return [shown_chance(game, i) for i in sides(game.state.mode, game.state.players)]
    except WinChanceModelError:
        return []


def _mark(game) -> RoundMark:
    s = game.state
    distinct, tokens = _team_counts(s)
    return RoundMark(s.round, s.doom, [len(t.achievements) for t in s.tribes], distinct, tokens, chances(game))


class _Listener:
    """Records one game's track movements (Game.listener: the engine tells it each one)."""

    def __init__(self, game) -> None:
        self.game = game
        self.kind: str | None = None         # the action being resolved
        self.doom: list = []
        self.gains: list = []
        self.solves: list = []
        game.listener = self

    def on_doom(self, moved: int, why: str) -> None:
        self.doom.append((moved, cause_of(why)))

    def on_gain(self, i: int, colour: str, got: int) -> None:
        self.gains.append((i, colour, got, _SOURCES.get(self.kind, "Other")))

    def on_track(self, i: int, colour: str) -> None:
        # a tracking token moves up for a Menace solved or removed (and a few Perk rewards)
        self.solves.append((i, colour))


def _phase_label(stage: str, phase: str | None) -> str:
    """Where a move was made: 'Set-up' only in the set-up; between Phases, the choice of one."""
    if stage == "setup":
        return "Set-up"
    return PHASE_NAMES.get(phase, "Phase choice") if phase else "Phase choice"


def record(rules, origin: dict, actions: list, progress=None) -> Timeline:
    """Replay `actions` from `origin` and record the game (raises SaveError like saves.replay)."""
    game = rebuild(rules, origin)
    s = game.state
    ear = _Listener(game)
    steps: list[Step] = []
    rounds: list[RoundMark] = []
    n = s.players
    gained: list[Counter[str]] = [Counter() for _ in range(n)]
    gained_colour: list[Counter[str]] = [Counter() for _ in range(n)]
    solved: list[Counter[str]] = [Counter() for _ in range(n)]
    by_phase: list[Counter[str]] = [Counter() for _ in range(n)]
    doom_by_cause: Counter = Counter()
    total = len(actions)
    for k, raw in enumerate(actions):
        action = raw if isinstance(raw, Action) else Action.from_dict(raw)
        s = game.state
        player, rnd, phase, doom0, stage = game.acting, s.round, s.phase, s.doom, s.stage
        reason = game.why_not(action)
        # a decision is a move with another one beside it: a forced step (the last Phase tile,
        # a lone option) is not counted among the player's moves
        decided = player is not None and len(game.legal_actions()) > 1
        if reason is not None:
            raise SaveError(f"action {k + 1} of {total}, {action!r}, is not legal at its point: {reason}")
        ear.kind, ear.doom, ear.gains, ear.solves = action.kind, [], [], []
        game.apply(action)
        s = game.state
        steps.append(Step(k, player, action, rnd, phase, doom0, s.doom, list(ear.doom),
                          bool(game.history and game.history[-1]["revealed"])))
        for moved, cause in ear.doom:
            if moved > 0:
                doom_by_cause[cause] += moved
        for i, colour, got, source in ear.gains:
            gained[i][source] += got
            gained_colour[i][colour] += got
        for i, colour in ear.solves:
            solved[i][colour] += 1
        if decided and player is not None:          # (decided already says a player acted)
            by_phase[player][_phase_label(stage, phase)] += 1
        if s.round != rnd and phase is not None:
            # the round ended inside this action: its Doom includes Automatic Doom (R34)
            rounds.append(RoundMark(rnd, s.doom, [len(t.achievements) for t in s.tribes],
                                    *_team_counts(s), chances(game)))
        if progress is not None:
            progress(k + 1, total)
    s = game.state
    if not rounds or rounds[-1].round != s.round:
        rounds.append(_mark(game))
    return Timeline(players=n, mode=s.mode, tribes=[t.id for t in s.tribes], steps=steps,
                    rounds=rounds, doom_by_cause=doom_by_cause, gained=gained,
                    gained_colour=gained_colour, solved=solved, actions_by_phase=by_phase,
                    final_doom=s.doom, winners=list(s.winners), end_reason=s.end_reason,
                    game_over=s.game_over, achievements=[list(t.achievements) for t in s.tribes])


def record_game(game, progress=None) -> Timeline:
    """The timeline of a game in play or finished (from its origin and history)."""
    return record(game.rules, game.origin, [h["action"] for h in game.history], progress)

""""Could we have won?": a lost game's turning point, and the expert's line from there (no pygame).

The turning point is the first position, before a decision of a reviewed seat, where that seat's
side (solo: the tribe; Full Coop: the team; competitive: the tribe) had a win chance of at least
one in three (faeriell.bots.win_chance.shown_chance, read from what the seat could see): the first
moment the game was there to be won (issue 41, item 5; it was the last such moment before). From there the
expert plays every seat to the end of the game on the game's own draws (ExpertBot, a fixed and
modest number of worlds per decision, so the line is the same every time for a game): the replay
shows that line, and "Play from here" hands the seat to the player at that position.

    turn = could_we_have_won(rules, origin, actions, players, progress=..., should_stop=...)
    turn.index, turn.seat, turn.chance, turn.line, turn.won     (None: a won game, or no such moment)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from faeriell.bots.expert import ExpertBot
from faeriell.bots.win_chance import shown_chance
from faeriell.engine import Action
from faeriell.engine.saves import rebuild

AT_LEAST = 1 / 3          # "one in three": the side could still win from here
LINE_WORLDS = 2           # worlds the expert imagines per searched decision: modest, and fixed (same line)
MAX_LINE = 3000           # actions the expert's line may take (a game ends long before)


@dataclass
class Turn:
    index: int                        # actions played before the turning point
    seat: int                         # the reviewed seat acting there (0-based)
    round: int
    chance: float                     # the side's win chance there
    line: list[Action] = field(default_factory=list)     # the expert's moves from there
    won: bool = False                 # how the expert's line ended, for the side
    achievements: int = 0             # held by the seat's tribe (Full Coop: the team's distinct ones)
    doom: int = 0
    finished: bool = False            # the line reached the end of the game

    def to_dict(self) -> dict:
        return {"index": self.index, "seat": self.seat, "round": self.round, "chance": self.chance,
                "line": [a.to_dict() for a in self.line], "won": self.won, "achievements": self.achievements,
                "doom": self.doom, "finished": self.finished}

    @classmethod
    def from_dict(cls, d: dict) -> Turn:
        return cls(int(d["index"]), int(d["seat"]), int(d["round"]), float(d["chance"]),
                   [Action.from_dict(a) for a in d.get("line", [])], bool(d.get("won")),
                   int(d.get("achievements", 0)), int(d.get("doom", 0)), bool(d.get("finished")))


def side_won(game, seat: int) -> bool:
    return bool(game.state.game_over) and seat in (game.state.winners or [])


def side_achievements(game, seat: int) -> int:
    s = game.state
    if s.mode == "coop":
        return len({a for t in s.tribes for a in t.achievements})
    return len(s.tribes[seat].achievements)


def turning_point(rules, origin: dict, actions: list, players, chance=None, should_stop=None,
                  progress=None) -> tuple[int, int, int, float] | None:
    """(index, seat, round, chance) of the first decision of a seat in `players` whose side's win
    chance was at least AT_LEAST, or None (no such decision)."""
    chance = chance or shown_chance
    game = rebuild(rules, origin)
    total = len(actions)
    for k, raw in enumerate(actions):
        if should_stop is not None and should_stop():
            return None
        who = game.acting
        if who is not None and who in players and game.state.stage == "play" and not game.state.game_over:
            c = float(chance(game, who))
            if c >= AT_LEAST:
                return (k, who, game.state.round, c)
        game.apply(raw if isinstance(raw, Action) else Action.from_dict(raw))
        if progress is not None and (k % 20 == 0 or k + 1 == total):
            progress(k + 1, total)
    return None


def expert_line(game, seed: int = 0, worlds: int = LINE_WORLDS, progress=None, should_stop=None,
                max_actions: int = MAX_LINE) -> list[Action]:
    """The expert's moves for every seat from this position to the end (the game is played on)."""
    bots: dict[int, ExpertBot] = {}
    line: list[Action] = []
    while not game.state.game_over and len(line) < max_actions:
        if should_stop is not None and should_stop():
            break
        seat = game.acting
        acts = game.legal_actions()
        if len(acts) == 1:
            a = acts[0]
        else:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = ExpertBot(seed * 10 + seat, iterations=worlds)
            a = bot.choose(game, seat)
        game.apply(a)
        line.append(a)
        if progress is not None:
            progress(len(line), game.state.round)
    return line


def could_we_have_won(rules, origin: dict, actions: list, players, chance=None, progress=None,
                      should_stop=None, worlds: int = LINE_WORLDS) -> Turn | None:
    """The turning point of a game the reviewed side lost, with the expert's line from there;
    None when the side won, the game is not over, or the chance never reached one in three.
    `progress(stage, done, total)`: stage "chances" (done of the game's actions) then "line"
    (moves of the expert's line, total: the round it is in)."""
    actions = [a if isinstance(a, Action) else Action.from_dict(a) for a in actions]
    final = rebuild(rules, origin)
    for a in actions:
        final.apply(a)
    players = list(players)
    if not final.state.game_over or any(side_won(final, p) for p in players):
        return None
    found = turning_point(rules, origin, actions, players, chance, should_stop,
                          progress=(lambda d, t: progress("chances", d, t)) if progress else None)
    if found is None:
        return None
    k, seat, rnd, c = found
    game = rebuild(rules, origin)
    for a in actions[:k]:
        game.apply(a)
    given = origin.get("seed")
    seed = given if isinstance(given, int) else 0
    line = expert_line(game, seed=seed, worlds=worlds, should_stop=should_stop,
                       progress=(lambda d, r: progress("line", d, r)) if progress else None)
    return Turn(k, seat, rnd, c, line, side_won(game, seat), side_achievements(game, seat), game.state.doom,
                bool(game.state.game_over))

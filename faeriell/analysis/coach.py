"""The coach on the analysis board: its best moves with plan, reason and chance.

The table's own advice, nothing new: the move the hint gives (faeriell.bots.hint: the expert,
as H at the table) comes first; the other candidates are the heuristic's favourites as the
expert weighs them (lookahead.candidates). Each move's chance is the board's one figure,
shown_chance of the position after it (the same figure the tree shows beside that move, so the
two never disagree on one position), its reason the expert's words, its plan the mover's next moves as the coach would
play them in one imagined world. The coach reads only what the player to act may see
(player_view): the bag's order, the decks and the others' hidden cards are imagined, always,
and `imagined` says so for the panel.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from faeriell.bots import THINK_HARDER_BUDGET, hint
from faeriell.bots.expert import ExpertBot
from faeriell.bots.heuristic import best_action, score_actions
from faeriell.bots.knowledge import Ctx
from faeriell.bots.lookahead import candidates
from faeriell.bots.observe import observe
from faeriell.bots.win_chance import shown_chance as _shown
from faeriell.engine.actions import Action
from faeriell.engine.core import Game
from faeriell.engine.describe import describe
from faeriell.engine.names import Names

from .position import AnalysisError

SECONDS = 0.8                 # the hint's seconds at the table (bots.HINT_BUDGET)
WORLDS = 6                    # imagined worlds per move for its chance (the elbow coach's count)
LONGER_SECONDS = THINK_HARDER_BUDGET
LONGER_WORLDS = 16
PLAN_STEPS = 4                # the mover's next moves shown as a plan

IMAGINED = ("The coach imagined what nobody at the table can see (the bag's order, the decks and "
            "the other players' hidden cards), as it does in a game.")


CHANCE_WORDS = "the coach's chance"      # what the board calls every figure shown_chance gives


def shown_chance(game: Game, seat: int) -> float:
    """The one chance the analysis board shows ("the coach's chance"): `seat`'s side's chance to
    win from `game`, 0..1. Every figure on the board (a tree node's, a coach move's) comes from
    here, so the same position always shows the same figure with the same meaning: the chance the
    whole game shows (bots.win_chance.shown_chance: the learned chance re-scaled to the expert's
    own games where they were measured)."""
    return _shown(game, seat)


def chance_after_move(game: Game, seat: int, action: Action) -> float:
    """shown_chance of the position once `action` is played (on a copy)."""
    g = game.copy(log=False)
    g.apply(action)
    return shown_chance(g, seat)


@dataclass(frozen=True)
class CoachMove:
    action: Action
    label: str                # the move in the game's words
    plan: tuple[str, ...]     # the move, then the mover's next moves as the coach would play them
    reason: str               # why, in the expert's words
    chance: float             # the coach's chance for the mover's side after it (shown_chance), 0..1
    coach_pick: bool = False  # the move the hint itself gives


@dataclass(frozen=True)
class CoachAnswer:
    moves: tuple[CoachMove, ...]
    player: int               # the seat the advice is for (from 0)
    imagined: bool            # hidden things were imagined (always: see the module's docstring)
    note: str                 # what to say about it on the panel
    worlds: int
    seconds: float


def coach_moves(game: Game, n: int = 3, seconds: float = SECONDS, worlds: int = WORLDS, seed: int = 0,
                iterations: int | None = None, helpers: int = 0) -> CoachAnswer:
    """At least `n` moves (fewer only when fewer are legal), the coach's pick first, then by
    chance. `seconds`: the hint's thinking time; `worlds`: how long the caller asked it to
    think (kept on the answer; the chance itself is shown_chance, one figure for the board);
    `iterations` fixes the hint's work instead of the clock (tests); `helpers`: the hint's helper
    processes (the table gives bots.TABLE_HELPERS). Raises AnalysisError when nobody is to act.
    Takes seconds: call it off the frame, as the table's hint is."""
    player = game.acting
    if player is None:
        raise AnalysisError("The game is over: there is no move to advise.")
    pick, pick_reason = hint(game, budget=seconds, seed=seed, iterations=iterations, helpers=helpers)
    acts = list(game.legal_actions())
    rng = random.Random(f"analysis-coach/{seed}")
    world = observe(game, player, rng)
    scores = score_actions(world, player, acts, Ctx(world, player))
    chosen: list[Action] = [pick]
    for k in candidates(acts, scores, max(n + 2, 4)):
        if len(chosen) >= n + 2:
            break
        if acts[k] not in chosen and acts[k].without("pay", "discounts") != pick.without("pay", "discounts"):
            chosen.append(acts[k])
    chances = [chance_after_move(game, player, a) for a in chosen]
    names = Names.of(game.rules)
    tribe_ids = [t.id for t in game.state.tribes]
    words = ExpertBot(seed)
    out = []
    for j, a in enumerate(chosen):
        reason = pick_reason if j == 0 else words.reason(world, player, a)
        out.append(CoachMove(a, describe(a, names, tribe_ids), _plan(world, player, a, names, tribe_ids),
                             reason, chances[j], coach_pick=(j == 0)))
    first, rest = out[0], sorted(out[1:], key=lambda m: -m.chance)
    moves = tuple([first] + rest[:max(0, n - 1)])
    return CoachAnswer(moves, player, True, IMAGINED, worlds, seconds)


def think_longer(game: Game, n: int = 3, seed: int = 0, helpers: int = 0) -> CoachAnswer:
    """The same question with the table's "think longer" time and more worlds."""
    return coach_moves(game, n, seconds=LONGER_SECONDS, worlds=LONGER_WORLDS, seed=seed, helpers=helpers)


def _plan(world: Game, player: int, a: Action, names: Names, tribe_ids: list) -> tuple[str, ...]:
    """The move, then what the coach's playout policy plays next for the same player in an
    imagined world, while it is still that player's turn."""
    steps = [describe(a, names, tribe_ids)]
    w = world.copy(log=False)
    try:
        w.apply(a)
        turn = (w.state.round, w.state.lap)
        while len(steps) < PLAN_STEPS and w.acting == player and (w.state.round, w.state.lap) == turn:
            acts = list(w.legal_actions())
            if not acts:
                break
            nxt = best_action(w, player, acts, Ctx(w, player))[0]
            steps.append(describe(nxt, names, tribe_ids))
            w.apply(nxt)
    except (ValueError, KeyError, RuntimeError):    # the imagined world cannot go on: the plan stops
        pass
    return tuple(steps)


def node_chance(tree, node_id: int, worlds: int = WORLDS, seed: int = 0) -> float | None:
    """The coach's chance (shown_chance) for the side that made the move at `node_id`, in the
    position after it, as the coach panel gives it for that move; kept on the node
    (tree.set_chance) for the tree to show beside it. None at the root. `worlds` and `seed`
    are accepted for older callers and change nothing: the figure is one function's."""
    node = tree.node(node_id)
    if node.parent is None or node.action is None or node.player is None:
        return None
    chance = shown_chance(tree.game(node_id), node.player)
    tree.set_chance(node_id, chance)
    return chance

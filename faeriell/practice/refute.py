"""Why a tempting move fails: the puzzle's recorded `wrong:` line played out.

The wrong moves, then the solution's later moves while they stay legal, then the Phases run out
(ending a Phase where the rules allow it) until the goal is lost. tests/test_puzzles.py and
tools/puzzle_finder.py prove every puzzle this way; the table plays the same line to show a player
why the move fails.

    line = refutation(sc, rules)       # [Action, ...] from the puzzle's start, or [] when none
No pygame here.
"""
from __future__ import annotations

import hashlib
import io
import pickle

from faeriell import scenario
from faeriell.engine import Action
from faeriell.engine.card import Card, colour_of
from faeriell.engine.saves import canonical_json
from faeriell.engine.state import _STATE_FIELDS, to_dict
from faeriell.engine.turns import phases_left
from faeriell.puzzles.goal import Goal, PuzzleTracker

MAX_STEPS = 300


def refutation(sc, rules=None) -> list:
    if not getattr(sc, "wrong", None) or not getattr(sc, "goal", None):
        return []
    g = scenario.start(sc, rules)
    tracker = PuzzleTracker(Goal.from_dict(sc.goal), g)
    wrong = [Action.from_dict(v) for _, v, _ in sc.wrong]
    sol = [Action.from_dict(v) for _, v, _ in sc.solution]
    line = []

    def play(a) -> bool:
        if tracker.result != "open" or g.state.game_over or g.why_not(a) is not None:
            return False
        g.apply(a)
        line.append(a)
        tracker.update(g)
        return True

    for a in wrong:
        if not play(a):
            return line
    for a in sol[len(wrong):]:
        if not play(a):
            break
    for _ in range(MAX_STEPS):
        if tracker.result != "open" or g.state.game_over:
            break
        legal = g.legal_actions()
        play(next((a for a in legal if a.kind == "end_phase"), legal[0]))
    return line


# ------------------------------------------------------------------------------ the proof search
# tools/puzzle_finder.py --reprove runs it outside the tests (it can take seconds a puzzle); the
# results are written to data/puzzles/rated/PROOFS.txt and tests/test_rated_puzzles.py checks them.
MIN_DECK_FOR_COLOUR_FOLD = 8     # no Phase draws this many cards: no reshuffle within the window


class Proof:
    """What the search after a wrong move found. `result`: "won" (a line reaches the goal: `line`),
    "refuted" (every line searched to the goal's moment, none wins) or "bounded" (no line of up to
    `depth` moves wins; the whole tree outgrew `budget` positions). `positions`: states searched."""

    def __init__(self, result: str, positions: int, depth: int, line=(), folded: str = "cards") -> None:
        self.result, self.positions, self.depth, self.line, self.folded = result, positions, depth, list(line), folded

    def words(self) -> str:
        fold = {"colour": "payments folded by colour",
                "late": "payments folded by card, by colour once no Event Phase is left in the round"}.get(
            self.folded, "payments folded by card")
        if self.result == "refuted":
            return f"refuted exhaustively ({self.positions} positions, {fold})"
        if self.result == "bounded":
            return (f"bounded: no line of up to {self.depth} moves wins ({self.positions} positions, {fold}); "
                    "the whole tree was not finished")
        return f"NOT refuted: a line wins ({' / '.join(str(a) for a in self.line)})"


def _key(game) -> bytes:
    """The position as a transposition key: the whole state but its log (which differs between
    two orders of the same moves), as sorted JSON. Slow (to_dict); kept to check `_fast_key`."""
    d = to_dict(game.state)
    d.pop("log", None)
    return hashlib.blake2b(canonical_json(d).encode("ascii"), digest_size=16).digest()


def _fast_key(game) -> bytes:
    """The same position key from a pickle of the state's fields but the log: about ten times
    faster than `_key`. Equal pickles are equal states (a pickle writes every type and value), so a
    position is never taken for another; two equal states pickled differently (a dict filled in
    another order) are only a transposition missed, searched twice, never a wrong result."""
    s = game.state
    out = io.BytesIO()
    p = pickle.Pickler(out, protocol=5)
    p.fast = True              # no memo: a string met twice is written twice, whether or not it is one
    p.dump(tuple(getattr(s, f) for f in _STATE_FIELDS if f != "log"))   # object, so the key is the same in any process
    return hashlib.blake2b(out.getvalue(), digest_size=16).digest()


def colour_fold_is_sound(game, goal) -> bool:
    """Whether two payments of the same colours lead to the same outcome within the goal's moment.
    A card's back (the Guardian on it) is read only when a Guardian moves in an Event Phase (R29)
    and when a reshuffled deck is drawn again; neither happens within a Tribe or Hero Phase whose
    decks are not nearly empty, so there the back may be forgotten. Elsewhere payments are folded
    only when they are the very same cards.

    A "before the round ends" goal spans the Phases still to be played this round (each Tribe plays
    each Phase tile once a round, R26): the same holds when none of them is an Event Phase and every
    deck keeps MIN_DECK_FOR_COLOUR_FOLD cards for each of those Phases (the end of the round moves
    Doom and checks Achievements, reading no back)."""
    s = game.state
    if s.phase not in ("tribe", "hero"):
        return False
    if goal.before == "phase_end":
        phases = 1
    elif goal.before == "round_end":
        left = phases_left(s)
        if "event" in left:
            return False
        phases = 1 + len(left)
    else:
        return False
    return all(len(d) >= MIN_DECK_FOR_COLOUR_FOLD * phases for d in s.decks.values())


def search(game, goal, start, budget: int = 5000, depth: int = 1, max_depth: int = 60, deepen: int | None = 3,  # noqa: C901 - one iterative-deepening search with its cut-offs inline (they share its budget)
           key=_fast_key, colour_fold: bool = True) -> Proof:
    """Every line from `game` (a puzzle after its wrong move; `start` the puzzle's first mark, as
    PuzzleTracker.start) searched until the goal is met or its moment passes. Iterative deepening
    from `depth` moves up to `deepen` (a short win is found at once; a search cut by the budget
    still says how deep it looked), then one search to the end (`max_depth` moves; None: deepen one
    move at a time all the way, the first proofs' way, slower). A transposition table (a position
    shown not to win to the end is never searched again, nor one shown not to win within as many
    moves as are left; `key` the position's key), payments folded (colour_fold_is_sound), claims and
    Tribe Actions tried before walks and ending the Phase. Stops at `budget` positions.
    In a "before the round ends" window the fold is asked again at each position (sound there for the
    rest of the round once no Event Phase is left in it). `colour_fold=False`: payments folded only
    when they are the very same cards (to check the colour fold against)."""

    tracker = PuzzleTracker(goal, game)
    tracker.start = start
    by_colour = colour_fold and colour_fold_is_sound(game, goal)
    late = [0]                 # positions where the fold became sound after the window's start

    def folder(g):
        here = by_colour or (colour_fold and goal.before == "round_end" and colour_fold_is_sound(g, goal))
        if here and not by_colour:
            late[0] += 1

        def fold(a):
            if not a.has("pay"):
                return a
            pay = a["pay"]
            if isinstance(pay, (Card, str)):     # one card (a claim's) or Doom: folded only with itself
                return a
            return a.replace(pay=tuple(sorted(colour_of(c) for c in pay) if here else sorted(pay)))
        return fold

    def outcome(g) -> str:
        tracker.result = "open"
        return tracker.update(g)

    seen: dict = {}            # key -> moves left it was shown not to win within (max_depth+1: to the end)
    positions = [0]
    END = max_depth + 1

    class OutOfBudget(Exception):
        pass

    def order(a) -> int:
        return {"claim": 0, "end_phase": 9}.get(a.kind, 1 if a.has("pay") else 5)

    def dfs(g, left: int, line: list) -> tuple[list | None, bool]:
        """(winning line or None, whether the subtree was searched to its end)."""
        complete = True
        fold = folder(g)
        moves = {fold(a): a for a in g.legal_actions()}
        for a in sorted(moves.values(), key=order):
            positions[0] += 1
            if positions[0] > budget:
                raise OutOfBudget
            h = g.copy(log=False)
            h.apply(a)
            r = outcome(h)
            if r == "won":
                return line + [a], True
            if r == "lost":
                continue
            if left <= 1:
                complete = False
                continue
            k = key(h)
            shown = seen.get(k, 0)
            if shown >= END or shown >= left - 1:
                complete = complete and shown >= END
                continue
            won, done = dfs(h, left - 1, line + [a])
            if won is not None:
                return won, True
            seen[k] = END if done else max(shown, left - 1)
            complete = complete and done
        return None, complete

    first = outcome(game)
    if first == "won":
        return Proof("won", 0, 0, [], "colour" if by_colour else "cards")
    if first == "lost":
        return Proof("refuted", 0, 0, [], "colour" if by_colour else "cards")
    d, proven = depth, 0

    def how() -> str:
        return "colour" if by_colour else "late" if late[0] else "cards"
    try:
        while d <= max_depth:
            won, done = dfs(game, d, [])
            if won is not None:
                return Proof("won", positions[0], d, won, how())
            proven = d
            if done:
                return Proof("refuted", positions[0], d, [], how())
            if d >= max_depth:
                break                  # a line longer than max_depth moves: not searched to its end
            d = max_depth if deepen is not None and d >= deepen else d + 1
    except OutOfBudget:
        pass
    return Proof("bounded", positions[0], proven, [], how())

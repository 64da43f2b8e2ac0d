"""The proof search (faeriell.practice.refute.search) made faster is still sound: the pickled
position key never takes one position for another, the deepen-then-search-to-the-end order reaches
the same verdicts as the first search (deepening one move at a time, the JSON key), a win longer than
the deepening is still found, and a search cut short never says "refuted"."""
import dataclasses
import random
import re
from pathlib import Path

from faeriell import scenario
from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action
from faeriell.practice.refute import _fast_key, _key, search
from faeriell.puzzles.goal import Goal, PuzzleTracker

FOLDER = Path(__file__).parents[1] / "data" / "puzzles" / "rated"
RULES = default_rules()


def _proofs() -> dict:
    lines = (FOLDER / "PROOFS.txt").read_text(encoding="utf-8").splitlines()
    return {x.split(": ", 1)[0]: x.split(": ", 1)[1] for x in lines if x and not x.startswith("#")}


def _exhaustive(most: int, least: int = 1) -> list:
    """The rated puzzles whose recorded wrong move was refuted exhaustively within `most` positions."""
    out = []
    for name, r in sorted(_proofs().items()):
        m = re.search(r"refuted exhaustively \((\d+) positions", r)
        if m and least <= int(m.group(1)) <= most:
            out.append(FOLDER / name)
    return out


def _after(sc, line):
    goal = Goal.from_dict(sc.goal)
    g = scenario.start(sc, RULES)
    start = PuzzleTracker(goal, g).start
    for a in line:
        g.apply(a)
    return g, goal, start


def _fresh(o):
    """o rebuilt with every string a new object: an equal state that shares no string with o."""
    if type(o) is str:
        return (o + ".")[:-1]
    if type(o) is list:
        return [_fresh(x) for x in o]
    if type(o) is tuple:
        return tuple(_fresh(x) for x in o)
    if type(o) is dict:
        return {_fresh(k): _fresh(v) for k, v in o.items()}
    if hasattr(o, "__dataclass_fields__"):
        # through the class's own constructor: a compiled (native) state class refuses object.__new__
        return type(o)(**{f.name: _fresh(getattr(o, f.name)) for f in dataclasses.fields(o)})
    return o


def test_the_fast_key_never_takes_one_position_for_another():
    """Random lines from many puzzles' starts: two positions with one fast key always have one JSON
    key (the whole state but the log, sorted); the fast key does find transpositions (two moves
    played in either order give one key); and it reads values, not objects: the same state built of
    other string objects has the same key (so PROOFS.txt's counts are the same in any process)."""
    rng = random.Random(7)
    fast_to_json: dict = {}
    paths = sorted(FOLDER.glob("*.yaml"))[::12]
    for path in paths:
        sc = scenario.load(path)
        for _ in range(6):
            g = scenario.start(sc, RULES)
            for _ in range(8):
                legal = [a for a in g.legal_actions() if a.kind != "end_phase"]
                if g.state.game_over or not legal:
                    break
                g.apply(rng.choice(legal))
                fk, jk = _fast_key(g), _key(g)
                assert fast_to_json.setdefault(fk, jk) == jk, path.name
    assert len(fast_to_json) > 300
    g = scenario.start(scenario.load(paths[0]), RULES)        # the same state built of other objects
    twin = g.copy(log=False)
    twin.state = _fresh(twin.state)
    assert _key(twin) == _key(g) and _fast_key(twin) == _fast_key(g)
    swapped = 0
    for path in paths:
        g = scenario.start(scenario.load(path), RULES)
        moves = [a for a in g.legal_actions() if a.kind == "move_hero"]
        pairs = [(a, b) for a in moves for b in moves if a["hero"] < b["hero"]]
        for a, b in pairs[:3]:
            x, y = g.copy(log=False), g.copy(log=False)
            if x.why_not(a) or y.why_not(b):
                continue
            x.apply(a)
            y.apply(b)
            if x.why_not(b) or y.why_not(a):
                continue
            x.apply(b)
            y.apply(a)
            if _key(x) == _key(y):
                assert _fast_key(x) == _fast_key(y), (path.name, a, b)
                swapped += 1
    assert swapped >= 3, swapped


def test_the_search_reaches_the_first_searchs_verdicts():
    """On puzzles proven exhaustively, the new search (deepen to 3, then to the end; the fast key)
    and the first one (deepen one move at a time; the JSON key) agree after the wrong move (refuted)
    and after the solution's first move (won)."""
    paths = _exhaustive(most=3000, least=20)[:14]
    assert len(paths) >= 10
    for path in paths:
        sc = scenario.load(path)
        wrong = [Action.from_dict(v) for _, v, _ in sc.wrong]
        first = [Action.from_dict(sc.solution[0][1])]
        for line, want in ((wrong, "refuted"), (first, "won")):
            new = search(*_after(sc, line), budget=20000)
            old = search(*_after(sc, line), budget=100000, deepen=None, key=_key)
            assert new.result == old.result == want, (path.name, new.words(), old.words())


def test_a_win_longer_than_the_deepening_is_found_and_a_cut_search_never_refutes():
    """From the start of puzzles whose solution is five moves or more (no move forced), the search
    finds a winning line, which is a real win (replayed); searched to fewer moves than any win needs,
    the same position is not called refuted."""
    found = 0
    for path in sorted(FOLDER.glob("*.yaml")):
        sc = scenario.load(path)
        if len(sc.solution) < 5 or sc.goal["before"] != "phase_end":
            continue
        proof = search(*_after(sc, []), budget=30000)
        if proof.result == "bounded":
            continue                   # too big a tree for a test; not a verdict
        assert proof.result == "won", (path.name, proof.words())
        g, goal, start = _after(sc, [])
        tracker = PuzzleTracker(goal, g)
        for a in proof.line:
            g.apply(a)
            tracker.update(g)
        assert tracker.result == "won", (path.name, proof.line)
        if len(proof.line) > 3:        # deepening to 3 found no win first: none is shorter than 4 moves
            cut = search(*_after(sc, []), budget=30000, max_depth=3, deepen=None)
            assert cut.result != "refuted", (path.name, cut.words())
        found += 1
        if found >= 6:
            break
    assert found >= 4, found


FIXTURES = Path(__file__).parent / "fixtures" / "refute"      # two Full Coop "before the round ends" puzzles


def test_the_colour_fold_in_a_rounds_last_phases_keeps_the_verdicts():
    """A "before the round ends" window folds payments by colour only from a position where no Event
    Phase is left in the round (colour_fold_is_sound asked again at each position): at the start of
    these windows it does not apply; along the solution it comes to apply; from there, after each of
    several other moves, the search folding by colour and the one folding only the very same cards
    reach the same verdict."""
    from faeriell.practice.refute import colour_fold_is_sound
    compared = refuted = 0
    for path in sorted(FIXTURES.glob("*.yaml")):
        sc = scenario.load(path)
        g, goal, start = _after(sc, [])
        assert goal.before == "round_end" and not colour_fold_is_sound(g, goal), path.name
        sol = [Action.from_dict(v) for _, v, _ in sc.solution]
        k = next(k for k, a in enumerate(sol) if colour_fold_is_sound(*_after(sc, sol[:k])[:2]))
        g, goal, start = _after(sc, sol[:k])
        for b in [x for x in g.legal_actions() if x != sol[k] and x.kind != "end_phase"][:6]:
            h = g.copy(log=False)
            h.apply(b)
            folded = search(h.copy(log=False), goal, start, budget=6000)
            plain = search(h.copy(log=False), goal, start, budget=6000, colour_fold=False)
            if "bounded" in (folded.result, plain.result):
                continue
            assert folded.result == plain.result, (path.name, b, folded.words(), plain.words())
            compared += 1
            refuted += folded.result == "refuted"
        assert search(g.copy(log=False), goal, start, budget=6000).result == "won", path.name
    assert compared >= 6 and refuted >= 6, (compared, refuted)

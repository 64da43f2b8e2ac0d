"""The rated trainer's found puzzles (data/puzzles/rated/, tools/puzzle_finder.py --sweep): every
one is proven here like the themed path's: it opens unsolved, its solution wins, and its recorded
wrong move, played on with the rest of the solution and the Phases running out, loses.
(The exhaustive refutation is `tools/puzzle_finder.py --reprove`, run outside the tests; its
results are kept in data/puzzles/rated/PROOFS.txt, one line per puzzle, checked here to cover them.)"""
from pathlib import Path

import pytest

from faeriell import scenario
from faeriell.puzzle import PuzzleMeta, THEMES
from test_puzzles import test_a_wrong_first_move_does_not_reach_the_goal as wrong_loses
from test_puzzles import test_solution_wins as solution_wins

RATED = sorted((Path(__file__).parents[1] / "data" / "puzzles" / "rated").glob("*.yaml"))


def test_the_found_set_spans_modes_players_and_difficulties():
    assert len(RATED) >= 200, len(RATED)
    tables, difficulties = set(), set()
    for path in RATED:
        sc = scenario.load(path)
        meta = PuzzleMeta.from_dict(sc.puzzle)
        assert meta.theme in THEMES and meta.hint and sc.description and sc.wrong, path.name
        tables.add((sc.setup["mode"], sc.setup["players"]))
        difficulties.add(sc.setup["difficulty"])
    assert {("solo", 1), ("coop", 2), ("coop", 3), ("coop", 4)} <= tables, tables
    assert len(difficulties) >= 3, difficulties


def test_every_found_puzzle_has_its_exhaustive_check_written_down():
    proofs = (RATED[0].parent / "PROOFS.txt").read_text(encoding="utf-8").splitlines()
    said = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in proofs if line and not line.startswith("#")}
    assert set(said) == {p.name for p in RATED}
    assert all(("refuted" in r or "within the search budget" in r) and "removed" not in r for r in said.values())


@pytest.mark.parametrize("path", RATED, ids=[p.stem for p in RATED])
def test_each_found_puzzle_is_proven(path):
    solution_wins(path)
    wrong_loses(path)

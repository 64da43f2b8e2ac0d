"""The rated trainer's found puzzles (data/puzzles/rated/, tools/puzzle_finder.py --sweep): every
one is proven here like the themed path's: it opens unsolved, its solution wins, and its recorded
wrong move, played on with the rest of the solution and the Phases running out, loses.

The heavy refutation (every line after the wrong move, faeriell.practice.refute.search) is
`tools/puzzle_finder.py --reprove`, run outside the tests; its results are kept in
data/puzzles/rated/PROOFS.txt, one line per puzzle, checked here to cover every file and to say
"refuted exhaustively" for each (the folder's rule: no bounded proof ships), and the small
exhaustive proofs are searched again here with the same search and the same position counts
(data/puzzles/rated/README.md). tests/test_refute_search.py checks the search itself."""
import functools
import re
from pathlib import Path

import pytest

from faeriell import scenario
from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action
from faeriell.practice.refute import search
from faeriell.puzzles.goal import Goal, PuzzleMeta, PuzzleTracker, THEMES
from test_puzzles import test_a_wrong_first_move_does_not_reach_the_goal as wrong_loses
from test_puzzles import test_solution_wins as solution_wins

FOLDER = Path(__file__).parents[1] / "data" / "puzzles" / "rated"
RATED = sorted(FOLDER.glob("*.yaml"))
EXPERT = "found in expert self-play by tools/puzzle_finder.py"      # tools/puzzle_finder.py EXPERT_ORIGIN
SMALL = 1000              # exhaustive proofs of at most this many positions are searched again here


def _proofs() -> dict:
    lines = (FOLDER / "PROOFS.txt").read_text(encoding="utf-8").splitlines()
    return {x.split(": ", 1)[0]: x.split(": ", 1)[1] for x in lines if x and not x.startswith("#")}


@functools.cache
def _loaded() -> tuple:
    return tuple((p, scenario.load(p)) for p in RATED)


def test_the_found_set_spans_modes_players_difficulties_and_variants():
    tables, difficulties, variants, themes = set(), set(), set(), {}
    expert = 0
    for path, sc in _loaded():
        meta = PuzzleMeta.from_dict(sc.puzzle)
        assert meta.theme in THEMES and meta.hint and sc.description and sc.wrong, path.name
        assert path.name.startswith(meta.theme + "-"), path.name
        themes[meta.theme] = themes.get(meta.theme, 0) + 1
        if not str(sc.rules).startswith(EXPERT):
            assert str(sc.rules).startswith("found by tools/puzzle_finder.py"), path.name   # the first, heuristic set
            continue
        expert += 1
        tables.add((sc.setup["mode"], sc.setup["players"]))
        difficulties.add(sc.setup["difficulty"])
        variants.update(sc.setup.get("variants") or [])
    assert expert >= 200, expert
    assert {("solo", 1), ("coop", 2), ("coop", 3), ("coop", 4)} <= tables, tables
    assert len(difficulties) == 4 and len(variants) >= 4, (difficulties, variants)
    # every theme but Coop: no "before the round ends" puzzle is proven exhaustively yet (README.md)
    assert all(themes.get(t, 0) >= 25 for t in THEMES if t != "coop"), themes


def test_puzzle_texts_speak_in_the_games_words():
    """What the trainer shows (name, story, goal, hint) names no ids: no 'bear-river', no 'herb-red'."""
    ids = re.compile(r"@|_|\bherb-|\b(bear|boar|owl|snake|stag|toad|turtle|wolf)-(river|forest|meadow|mountain)\b")
    for path, sc in _loaded():
        for text in (sc.name, sc.description, sc.goal["text"], sc.puzzle["hint"]):
            assert not ids.search(str(text)), (path.name, text)


def test_every_found_puzzle_has_its_proof_written_down_and_it_is_exhaustive():
    """The rule (data/puzzles/rated/README.md): a puzzle ships only when the search after its wrong
    move reached the goal's moment on every line (refuted exhaustively); a bounded search, however
    deep, is not enough."""
    said = _proofs()
    assert set(said) == {p.name for p in RATED}
    for name, r in said.items():
        assert re.search(r"refuted exhaustively \(\d+ positions", r) and "bounded" not in r, (name, r)
    head = (FOLDER / "PROOFS.txt").read_text(encoding="utf-8")
    assert f"# {len(said)} puzzles: {len(said)} refuted exhaustively, 0 bounded, 0 other." in head


def test_the_small_exhaustive_proofs_hold():
    """Each recorded wrong move whose whole tree is small is searched again: no line after it wins;
    and the same search finds the win after the solution's first move (it can tell them apart)."""
    rules = default_rules()
    said = _proofs()
    checked = 0
    for path, sc in _loaded():
        m = re.search(r"refuted exhaustively \((\d+) positions", said[path.name])
        if not m or int(m.group(1)) > SMALL:
            continue
        goal = Goal.from_dict(sc.goal)
        for line, want in (([Action.from_dict(v) for _, v, _ in sc.wrong], "refuted"),
                           ([Action.from_dict(sc.solution[0][1])], "won")):
            g = scenario.start(sc, rules)
            start = PuzzleTracker(goal, g).start
            for a in line:
                g.apply(a)
            proof = search(g, goal, start, budget=SMALL * 4)        # as tools/puzzle_finder.py searched
            assert proof.result == want, (path.name, line, proof.words())
            if want == "refuted":
                assert proof.positions == int(m.group(1)), (path.name, proof.words())
        checked += 1
    assert checked >= 30, checked


@pytest.mark.parametrize("path", RATED, ids=[p.stem for p in RATED])
def test_each_found_puzzle_is_proven(path):
    solution_wins(path)
    wrong_loses(path)


def test_a_rated_puzzle_solved_after_the_hint_counts_as_a_miss(tmp_path, monkeypatch):
    """Issue 42 d: H at a rated puzzle showed the expert's move (in words of Achievements and Doom)
    and a solve by following it raised the rating as a clean solve."""
    from test_app_support import click, key, make_app, record_flashes, run_until
    import pygame
    from faeriell import scenario
    from faeriell.engine import Action
    from faeriell.ui.scenes.table import TableScreen
    app = make_app(tmp_path, monkeypatch)
    try:
        click(app, "practice")
        click(app, "tab_rated")
        assert run_until(app, lambda: app.scene.find("next_puzzle").enabled, 60)
        click(app, "start_level:1")
        before = app.scene.trainer.player.rating
        click(app, "next_puzzle")
        assert isinstance(app.scene, TableScreen), app.errors
        table = app.scene.table
        said = record_flashes(app.scene)
        key(app, pygame.K_h)
        assert app.scene.hints.job is None                    # no expert thinking about a move
        assert said and table.puzzle.hint in said[-1] and table.puzzle.goal.text in said[-1], said
        sc = scenario.load(table.puzzle.path)
        for _kind, value, _ in sc.solution:
            assert app.session.apply(Action.from_dict(value)) is None
        app.step()
        assert table.puzzle.result == "won"
        a, b = table.puzzle.rating_change
        assert a == before and b < before                    # a miss for the rating
        app.draw()
        assert "Solved with the hint" in table.result.panel.said
        assert not app.errors
    finally:
        pygame.display.quit()

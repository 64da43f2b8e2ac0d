"""Sharing an analysis: scenario export that the runner passes, save export, imports (file, pasted
text) checked like any file the game reads, and the round trip."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from faeriell import analysis as an
from faeriell.content.rules_loader import default_rules
from faeriell.engine.actions import Action
from faeriell.engine.state import to_dict
from faeriell.safe_read import LIMITS

RULES = default_rules()
REPO = Path(__file__).resolve().parents[1]


def a_tree():
    pos = an.empty_position(players=2, seed=5, rules=RULES)
    for edit in (lambda p: an.place_settlement(p, 0, "bear-mountain", rules=RULES),
                 lambda p: an.place_settlement(p, 1, "owl-river", rules=RULES),
                 lambda p: an.place_hero(p, 0, "druid", "bear-meadow+bear-river+owl-forest", perks=["swift"],
                                         rules=RULES),
                 lambda p: an.set_essences(p, 0, "red", 2, rules=RULES),
                 lambda p: an.set_essences(p, 0, "blue", 1, rules=RULES),
                 lambda p: an.set_corruption(p, 1, 2, rules=RULES),
                 lambda p: an.set_doom(p, 3, rules=RULES)):
        pos = edit(pos)
        assert isinstance(pos, an.Position), pos
    tree = an.Tree(pos, RULES)
    tree.play(Action("choose_phase", phase="tribe"))
    g = tree.game()
    build = next(a for a in g.legal_actions() if a.kind == "build_settlement")
    tree.play(build)
    tree.play(Action("end_phase"))
    tree.jump(0)
    tree.play(Action("choose_phase", phase="hero"))    # a side branch: not exported
    return tree


def env():
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def test_scenario_export_runs_as_pass_and_imports_back_the_same(tmp_path):
    tree = a_tree()
    path = an.write_scenario(tree, tmp_path / "line.yaml", name="Two lines")
    out = subprocess.run([sys.executable, "-m", "faeriell.scenario", str(path)], cwd=REPO, env=env(),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip() == "PASS Two lines"
    back = an.import_file(path, RULES)
    assert back.kind == "scenario" and back.name == "Two lines"
    assert back.position == tree.root
    assert [n.action for n in back.tree.main_line()] == [n.action for n in tree.main_line()]
    end = back.tree.main_line()[-1].id
    assert to_dict(back.tree.game(end).state) == to_dict(tree.game(tree.main_line()[-1].id).state)
    # and from pasted text
    pasted = an.import_text(an.scenario_text(tree, "Two lines"), RULES)
    assert pasted.position == tree.root
    assert [n.action for n in pasted.tree.main_line()] == [n.action for n in tree.main_line()]


def test_a_scenario_file_is_never_replaced_without_asking(tmp_path):
    tree = a_tree()
    p = tmp_path / "mine.yaml"
    p.write_text("keep me", encoding="utf-8")
    with pytest.raises(an.AnalysisError, match="already exists"):
        an.write_scenario(tree, p)
    assert p.read_text(encoding="utf-8") == "keep me"
    an.write_scenario(tree, p, replace=True)
    assert p.read_text(encoding="utf-8").startswith("name: Analysis")


def test_the_game_so_far_saves_and_opens_again(tmp_path):
    tree = a_tree()
    end = tree.main_line()[-1].id
    tree.jump(end)
    path = an.write_save(tree, path=tmp_path / "so-far.json")
    back = an.import_file(path, RULES)
    assert back.kind == "save"
    assert to_dict(back.tree.game().state)["tribes"] == to_dict(tree.game().state)["tribes"]
    assert back.position == an.from_game(tree.game())
    with pytest.raises(an.AnalysisError, match="Replace it"):
        an.write_save(tree, path=path)


@pytest.mark.parametrize("text,words", [
    ("name: x\nsetup: {players: 2}\nboard: {doom: 99}\n", "pasted text:3: position: board.doom"),
    ("name: x\nsetup: {players: 2}\nsteps:\n  - do: {action: fly_away}\n", "steps[0]"),
    ("name: x\nsetup: {players: [2]}\n", "setup.players"),
    ("name: [unclosed\n", "pasted text:"),
    ('{"format": 2, "origin": 7}', "pasted text"),
    ("   ", "empty"),
])
def test_pasted_text_is_refused_in_one_line(text, words):
    with pytest.raises(an.AnalysisError) as e:
        an.import_text(text, RULES)
    msg = str(e.value)
    assert words in msg and "\n" not in msg and "Traceback" not in msg


def test_pasted_text_has_the_file_size_limit():
    big = "name: x\n" + "#" * (LIMITS["scenario"] + 10)
    with pytest.raises(an.AnalysisError, match="too large"):
        an.import_text(big, RULES)


def test_a_file_that_is_neither_is_refused_naming_it(tmp_path):
    p = tmp_path / "notes.yaml"
    p.write_text("just: [a, list]\n", encoding="utf-8")
    with pytest.raises(an.AnalysisError) as e:
        an.import_file(p, RULES)
    assert str(p) in str(e.value) and "\n" not in str(e.value)
    with pytest.raises(an.AnalysisError, match="no such file"):
        an.import_file(tmp_path / "gone.yaml", RULES)
    with pytest.raises(an.AnalysisError):
        an.import_file(tmp_path, RULES)                   # a folder


def test_open_start_empty_and_from_a_file(tmp_path):
    st = an.open_start(None, RULES)
    assert st.kind == "empty" and an.check(st.position, RULES) is None and st.tree.current == 0
    path = an.write_scenario(a_tree(), tmp_path / "a.yaml")
    assert an.open_start(path, RULES).kind == "scenario"


def test_analyse_from_here_mid_decision_opens_at_the_last_moment_it_can():
    import random
    from faeriell.engine.setup import new_game
    g = new_game(RULES, 2, "competitive", "medium", [], 3)
    chooser = random.Random(3)
    while not (len(g.history) > 60 and g.state.pending is not None):
        g.apply(chooser.choice(list(g.legal_actions())))
    assert an.representable(g) is not None
    with pytest.raises(an.AnalysisError):
        an.open_game(g, earlier_ok=False)
    st = an.open_game(g)
    assert st.kind == "game" and "earlier" in st.note
    earlier, back = an.last_representable(g)
    assert back >= 1 and f"{back} move" in st.note
    assert an.representable(earlier) is None
    assert st.position == an.from_game(earlier)
    assert an.from_game(st.tree.game()) == st.position


def test_a_line_from_a_live_game_exports_as_a_passing_scenario(tmp_path):
    import random
    from faeriell import scenario as runner
    from faeriell.engine.setup import new_game
    g = new_game(RULES, 3, "coop", "medium", [], 21)
    chooser = random.Random(21)
    while not (len(g.history) > 80 and an.representable(g) is None):
        g.apply(chooser.choice(list(g.legal_actions())))
    st = an.open_game(g)
    for _ in range(12):                                 # a line with draws and decisions in it
        here = st.tree.game()
        if here.state.game_over:
            break
        st.tree.play(chooser.choice(list(here.legal_actions())))
    # the live game's hidden order is not the tree's: a tried line cannot show what the game hides
    assert st.tree.game(0).state.decks != g.state.decks
    path = an.write_scenario(st.tree, tmp_path / "live.yaml", name="From a game")
    sc = runner.load(path)
    assert runner.run(sc) is None
    back = an.import_file(path, RULES)
    assert back.position == st.position
    assert [n.action for n in back.tree.main_line()] == [n.action for n in st.tree.main_line()]


def test_a_save_made_mid_decision_opens_at_the_last_moment_it_can(tmp_path):
    import random
    from faeriell.engine.saves import dumps
    from faeriell.engine.setup import new_game
    g = new_game(RULES, 2, "competitive", "medium", [], 3)
    chooser = random.Random(3)
    while not (len(g.history) > 60 and g.state.pending is not None):
        g.apply(chooser.choice(list(g.legal_actions())))
    path = tmp_path / "mid.json"
    path.write_text(dumps(g), encoding="utf-8")
    st = an.import_file(path, RULES)
    assert st.kind == "save" and "earlier" in st.note
    assert an.check(st.position, RULES) is None


SAMPLES = sorted((REPO / "tests" / "scenarios" / "examples").glob("*.yaml")) + [
    REPO / "tests" / "scenarios" / "contract" / "decks-top-and-quest-deck-names.yaml",
    REPO / "tests" / "scenarios" / "contract" / "move-guardian-and-discard-quest.yaml"]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_our_scenario_files_open_and_export_back_as_passing_files(path):
    """A file written by hand (a `standard` set-up, `near` Nodes, fixed deck tops, a short Herb
    row) opens, exports as a file the runner passes, and opens again the same."""
    from faeriell import scenario as runner
    try:
        st = an.import_file(path, RULES)
    except an.AnalysisError as e:
        assert "forced draws" in str(e)
        return
    text = an.scenario_text(st.tree, "again")
    assert runner.run(runner.loads(text, "exported"), RULES) is None
    back = an.import_text(text, RULES)
    assert back.position == st.position
    assert [n.action for n in back.tree.main_line()] == [n.action for n in st.tree.main_line()]

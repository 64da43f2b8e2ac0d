"""The compiled engine (issue 43 item 6): requirements.txt installs native/, mypyc's build of
faeriell/engine in a folder of its own with a stamp of the sources (faeriell/engine/loader.py).
A compiled module is imported instead of its .py, so a build left behind an edit would play the old
rules silently: the loader lets it load only while every compiled module's source matches the
stamp. These tests check that choice on stand-in builds, then on the real import in a child
process; a build itself (a minute) is tested in tests/test_native_build.py without a compiler."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from faeriell.engine import loader

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_engine as be  # noqa: E402


def _fake(tmp_path: Path, built: bool = True) -> tuple[Path, Path]:
    """An engine folder with two modules, and an installed 'build' of one (an empty stand-in file)."""
    engine = tmp_path / "faeriell" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "faeriell" / "safe_read.py").write_text("Z = 0\n", encoding="utf-8")
    (engine / "costs.py").write_text("X = 1\n", encoding="utf-8")
    (engine / "core.py").write_text("Y = 2\n", encoding="utf-8")
    native = tmp_path / "site" / loader.NATIVE_PACKAGE
    (native / "engine").mkdir(parents=True)
    (native / "__init__.py").write_text("", encoding="utf-8")
    (native / "engine" / ("costs" + loader.EXT_SUFFIX)).write_bytes(b"")
    stamp = {"built": built, "reason": "" if built else "no C compiler", "ext_suffix": loader.EXT_SUFFIX,
             "mypy": "2.4.1", "modules": loader.digest([engine / "costs.py"]),
             "depends": loader.digest(loader.dependencies(engine))}
    (native / loader.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    return engine, native


def test_a_build_of_these_sources_loads(tmp_path):
    engine, native = _fake(tmp_path)
    got = loader.choose(engine, env="", folder=native)
    assert got.folder == native / "engine", got.reason


def test_an_edited_compiled_module_falls_back_to_pure_python(tmp_path):
    engine, native = _fake(tmp_path)
    (engine / "core.py").write_text("Y = 3\n", encoding="utf-8")     # not compiled: no matter
    assert loader.choose(engine, env="", folder=native).folder == native / "engine"
    (engine / "costs.py").write_text("X = 2\n", encoding="utf-8")
    got = loader.choose(engine, env="", folder=native)
    assert got.folder is None and "costs.py" in got.reason and "changed" in got.reason


def test_an_edited_module_the_compiled_ones_import_falls_back(tmp_path):
    engine, native = _fake(tmp_path)
    (tmp_path / "faeriell" / "safe_read.py").write_text("Z = 1\n", encoding="utf-8")
    got = loader.choose(engine, env="", folder=native)
    assert got.folder is None and "faeriell/safe_read.py" in got.reason


def test_the_stamped_outside_modules_are_the_ones_compiled_code_imports():
    import ast
    outside, left_out = set(), set()
    for src in loader.compiled_sources(be.ENGINE):
        for node in ast.walk(ast.parse(src.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("faeriell."):
                outside.add(node.module.split(".")[1])
            elif isinstance(node, ast.Import):
                outside |= {a.name.split(".")[1] for a in node.names if a.name.startswith("faeriell.")}
            elif isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
                left_out |= {n for n in names if n in loader.LEFT_OUT}
    assert outside - {"engine"} == set(loader.DEPENDS)
    # a compiled module calling a pure engine module holds its types unstamped: none does
    assert left_out == set()


def test_a_removed_source_or_a_missing_compiled_module_falls_back(tmp_path):
    engine, native = _fake(tmp_path)
    (engine / "costs.py").unlink()
    assert loader.choose(engine, env="", folder=native).folder is None
    engine, native = _fake(tmp_path / "again")
    (native / "engine" / ("costs" + loader.EXT_SUFFIX)).unlink()
    got = loader.choose(engine, env="", folder=native)
    assert got.folder is None and "missing" in got.reason


def test_a_stamp_for_another_python_or_none_falls_back(tmp_path):
    engine, native = _fake(tmp_path)
    stamp = json.loads((native / loader.STAMP).read_text(encoding="utf-8"))
    (native / loader.STAMP).write_text(json.dumps(dict(stamp, ext_suffix=".cpython-399-x.so")), encoding="utf-8")
    assert "another Python" in loader.choose(engine, env="", folder=native).reason
    (native / loader.STAMP).write_text("{not json", encoding="utf-8")
    assert loader.choose(engine, env="", folder=native).folder is None


def test_a_build_that_failed_says_why(tmp_path):
    engine, native = _fake(tmp_path, built=False)
    got = loader.choose(engine, env="", folder=native)
    assert got.folder is None and "no C compiler" in got.reason


def test_faeriell_engine_pure_forces_pure_and_compiled_insists(tmp_path):
    engine, native = _fake(tmp_path)
    assert loader.choose(engine, env="pure", folder=native).folder is None
    assert loader.choose(engine, env="compiled", folder=native).folder == native / "engine"
    (engine / "costs.py").write_text("X = 2\n", encoding="utf-8")
    with pytest.raises(ImportError, match="costs.py"):
        loader.choose(engine, env="compiled", folder=native)


_WHICH = """
import faeriell.engine as e, faeriell.engine.core as c
print(c.__file__.endswith(".py"), e.ENGINE_CHOICE.folder is None, e.ENGINE_CHOICE.reason)
"""


def _import_engine(site: Path | None, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k != loader.ENV} | env
    if site is not None:
        environ["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)])
    return subprocess.run([sys.executable, "-c", _WHICH], cwd=ROOT, capture_output=True, text=True, env=environ)


def test_the_real_engine_ignores_a_stale_build(tmp_path):
    # A 'build' of core.py whose stamp does not match the checkout's core.py: the empty stand-in
    # .so would fail to import if it were tried, so a clean run proves the pure core.py loaded.
    site = tmp_path / "site"
    native = site / loader.NATIVE_PACKAGE
    (native / "engine").mkdir(parents=True)
    (native / "__init__.py").write_text("", encoding="utf-8")
    (native / "engine" / ("core" + loader.EXT_SUFFIX)).write_bytes(b"")
    stamp = {"built": True, "ext_suffix": loader.EXT_SUFFIX, "modules": {"core.py": "0" * 16}}
    (native / loader.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    run = _import_engine(site, FAERIELL_ENGINE="")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("True True ") and "core.py" in run.stdout
    run = _import_engine(site, FAERIELL_ENGINE="compiled")
    assert run.returncode != 0 and "FAERIELL_ENGINE=compiled" in run.stderr


def test_faeriell_engine_pure_loads_pure_python_in_this_environment():
    run = _import_engine(None, FAERIELL_ENGINE="pure")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split(" ", 2)[:2] == ["True", "True"] and "FAERIELL_ENGINE=pure" in run.stdout


def test_the_tests_run_the_engine_they_were_asked_for():
    # The loader's choice is the engine the tests run: compiled exactly when it chose the build's
    # folder (and FAERIELL_ENGINE, when set, was obeyed: .ci/run sets it for each of its two runs).
    import faeriell.engine as engine
    import faeriell.engine.core as core
    compiled = not core.__file__.endswith(".py")
    assert compiled == (engine.ENGINE_CHOICE.folder is not None), engine.ENGINE_CHOICE.reason
    want = os.environ.get(loader.ENV, "")
    if want in ("pure", "compiled"):
        assert compiled == (want == "compiled"), engine.ENGINE_CHOICE.reason


def test_every_module_left_out_is_an_engine_module():
    # the reasons in LEFT_OUT name real modules (a rename would silently compile the module)
    assert set(loader.LEFT_OUT) <= {p.stem for p in be.ENGINE.glob("*.py")}
    assert {p.stem for p in loader.compiled_sources(be.ENGINE)}.isdisjoint(loader.LEFT_OUT)


def test_this_checkout_has_no_old_in_place_build():
    # tools/build_engine.py once compiled beside the sources; such files load whatever the stamp says.
    assert be.in_place_leftovers() == [], "python tools/build_engine.py --clean"


_WITHOUT_MYPY_EXTENSIONS = """
import random, sys

class _Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "mypy_extensions":
            raise ImportError("no mypy_extensions here")
        return None

sys.meta_path.insert(0, _Refuse())
from faeriell.content.rules_loader import default_rules
from faeriell.engine import new_game
from faeriell.engine.actions import Action
assert "mypy_extensions" not in sys.modules
g = new_game(default_rules(), 4, "competitive", "medium", (), 3)
rnd = random.Random(3)
for _ in range(40):
    g.apply(rnd.choice(g.legal_actions()))
print(str(Action("end_phase")), len(g.history))
"""


def test_the_engine_runs_without_mypy_extensions():
    # core.py and actions.py name mypyc_attr for a compiled build only; the game does not depend
    # on mypy_extensions, so without it the engine must import and play exactly as before.
    import subprocess
    run = subprocess.run([sys.executable, "-c", _WITHOUT_MYPY_EXTENSIONS], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["end_phase()", "40"]


def test_a_compiled_game_is_a_native_class():
    # The speed of the compiled engine rests on Game being a native class (its method calls C calls,
    # its attributes slots): nothing may keep undeclared attributes on a game or swap its methods.
    import faeriell.engine.core as core
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    g = new_game(default_rules(), 2, "competitive", "medium", (), 1)
    if core.__file__.endswith(".py"):
        pytest.skip("the pure engine is loaded: Game is a Python class there")
    assert not hasattr(g, "__dict__")
    with pytest.raises(AttributeError):
        g.memo_probe = 1        # type: ignore[attr-defined]


def test_the_rules_tables_are_native_and_still_pickle_and_copy():
    # Rules, Catalog and the board's classes are native when compiled too (slot reads on the hot
    # paths); they rebuild themselves when pickled (the expert's helpers) or deep-copied (a varied
    # catalog), so both must give back the same tables, pure or compiled.
    import copy
    import pickle
    import faeriell.engine.core as core
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine.rules import Rules
    rules = default_rules()
    back = pickle.loads(pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL))
    assert isinstance(back, Rules) and back is not rules
    assert back.board == rules.board and back.board.node_dist == rules.board.node_dist
    assert back.catalog.essences == rules.catalog.essences and back.all_cards == rules.all_cards
    assert back.tokens == rules.tokens and back.conditions == rules.conditions
    cat = copy.deepcopy(rules.catalog)
    assert cat is not rules.catalog and cat.costs == rules.catalog.costs
    assert cat.costs is not rules.catalog.costs      # deep: varying the copy leaves the original
    if core.__file__.endswith(".py"):
        return
    for obj in (rules, rules.catalog, rules.board, next(iter(rules.board.regions.values()))):
        assert not hasattr(obj, "__dict__"), type(obj).__name__

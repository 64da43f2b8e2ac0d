"""tools/build_engine.py (issue 43 item 6, the mypyc experiment): a compiled engine module is
imported instead of its .py, so a build left behind after an edit would play the old rules
silently. The build stamps what it compiled; these tests find a stale build, and check that
--clean takes away only what a build made. (Building itself takes minutes: not done here.)"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import build_engine as be  # noqa: E402


def _fake_build(tmp_path: Path) -> tuple[Path, Path]:
    """An engine folder with two modules, one 'compiled' (an empty stand-in file) and stamped."""
    root = tmp_path / "repo"
    engine = root / "faeriell" / "engine"
    engine.mkdir(parents=True)
    (engine / "costs.py").write_text("X = 1\n", encoding="utf-8")
    (engine / "core.py").write_text("Y = 2\n", encoding="utf-8")
    (engine / ("costs" + be.EXT_SUFFIX)).write_bytes(b"")
    (root / (be.GROUP + "__mypyc" + be.EXT_SUFFIX)).write_bytes(b"")
    (engine / be.STAMP_NAME).write_text(json.dumps(be.digest([engine / "costs.py"])), encoding="utf-8")
    return root, engine


def test_a_fresh_build_is_not_stale(tmp_path):
    _, engine = _fake_build(tmp_path)
    assert be.status(engine) == (["costs"], [])


def test_editing_a_compiled_module_makes_the_build_stale(tmp_path):
    _, engine = _fake_build(tmp_path)
    (engine / "core.py").write_text("Y = 3\n", encoding="utf-8")     # not compiled: no matter
    assert be.status(engine) == (["costs"], [])
    (engine / "costs.py").write_text("X = 2\n", encoding="utf-8")
    assert be.status(engine) == (["costs"], ["costs.py"])


def test_a_compiled_module_without_a_stamp_counts_as_stale(tmp_path):
    _, engine = _fake_build(tmp_path)
    (engine / be.STAMP_NAME).unlink()
    compiled, stale = be.status(engine)
    assert compiled == ["costs"] and stale


def test_clean_removes_the_built_files_and_nothing_else(tmp_path):
    root, engine = _fake_build(tmp_path)
    removed = be.clean(engine, root)
    assert {p.name for p in removed} == {"costs" + be.EXT_SUFFIX, be.STAMP_NAME,
                                         be.GROUP + "__mypyc" + be.EXT_SUFFIX}
    assert sorted(p.name for p in engine.iterdir()) == ["core.py", "costs.py"]
    assert list(root.iterdir()) == [root / "faeriell"]
    assert be.status(engine) == ([], [])


def test_every_module_left_out_is_an_engine_module():
    # the reasons in LEFT_OUT name real modules (a rename would silently compile the module)
    assert set(be.LEFT_OUT) <= {p.stem for p in be.ENGINE.glob("*.py")}
    assert {p.stem for p in be.compiled_sources()}.isdisjoint(be.LEFT_OUT)


def test_this_checkout_has_no_stale_compiled_engine():
    # After tools/build_engine.py, editing the engine without rebuilding (or --clean) fails here:
    # the tests would otherwise run the old compiled rules.
    compiled, stale = be.status()
    assert not stale, f"compiled engine modules out of date: {stale} (python tools/build_engine.py --clean)"


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
g.memo_probe = 1                        # still a plain Python class: achievements keeps memos so
print(str(Action("end_phase")), len(g.history))
"""


def test_the_engine_runs_without_mypy_extensions():
    # core.py and actions.py name mypyc_attr for a compiled build only; the game does not depend
    # on mypy_extensions, so without it the engine must import and play exactly as before.
    import subprocess
    run = subprocess.run([sys.executable, "-c", _WITHOUT_MYPY_EXTENSIONS], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["end_phase()", "40"]

"""What mypy checks (issue 43 item 3): the whole ui is in [tool.mypy] files and no override hides
a ui module's errors, so a ui change that breaks a type is caught by `mypy` (the .ci/run step)."""
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _mypy_config(text: str) -> dict:
    return tomllib.loads(text)["tool"]["mypy"]


def ui_left_out(text: str) -> list[str]:
    """Why the ui is not fully checked under this pyproject text (empty: it is)."""
    cfg = _mypy_config(text)
    out = []
    if "faeriell/ui" not in cfg.get("files", []):
        out.append("faeriell/ui is not in files")
    for o in cfg.get("overrides", []):
        mods = o.get("module", [])
        mods = [mods] if isinstance(mods, str) else mods
        if o.get("ignore_errors"):
            out += [f"{m} has ignore_errors" for m in mods if m == "faeriell.ui" or m.startswith("faeriell.ui.")]
    return out


def test_the_whole_ui_is_type_checked():
    assert ui_left_out((ROOT / "pyproject.toml").read_text()) == []


def test_a_ui_module_hidden_from_mypy_is_noticed():
    hidden = """
[tool.mypy]
files = ["faeriell/engine", "faeriell/ui"]

[[tool.mypy.overrides]]
module = ["faeriell.ui.scenes.table", "faeriell.analysis"]
ignore_errors = true
"""
    assert ui_left_out(hidden) == ["faeriell.ui.scenes.table has ignore_errors"]
    assert ui_left_out('[tool.mypy]\nfiles = ["faeriell/engine"]\n') == ["faeriell/ui is not in files"]


STRICT_FLAGS = ("disallow_untyped_defs", "disallow_incomplete_defs", "disallow_untyped_calls",
                "disallow_untyped_decorators", "disallow_any_generics", "disallow_subclassing_any",
                "warn_return_any", "no_implicit_reexport", "strict_equality", "extra_checks")


def engine_not_strict(text: str) -> list[str]:
    """Which of --strict's flags the whole engine (every module, new ones too) is not held to."""
    cfg = _mypy_config(text)
    for o in cfg.get("overrides", []):
        mods = o.get("module", [])
        mods = [mods] if isinstance(mods, str) else mods
        if "faeriell.engine.*" in mods and "faeriell.engine" in mods:
            return [f for f in STRICT_FLAGS if o.get(f) is not True]
    return ["no override names faeriell.engine and faeriell.engine.*"]


def test_the_whole_engine_is_held_to_mypy_strict():
    """Issue 43 item 3: `mypy --strict faeriell/engine` with 0 errors, kept by the project's own
    mypy run (.ci/run) through one override for every engine module."""
    assert engine_not_strict((ROOT / "pyproject.toml").read_text()) == []


def test_an_engine_left_partly_strict_is_noticed():
    partial = """
[tool.mypy]
files = ["faeriell/engine"]

[[tool.mypy.overrides]]
module = ["faeriell.engine", "faeriell.engine.core"]
disallow_untyped_defs = true
"""
    assert engine_not_strict(partial) == ["no override names faeriell.engine and faeriell.engine.*"]
    loose = partial.replace('"faeriell.engine.core"', '"faeriell.engine.*"')
    assert "warn_return_any" in engine_not_strict(loose)

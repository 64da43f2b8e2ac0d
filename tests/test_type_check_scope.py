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

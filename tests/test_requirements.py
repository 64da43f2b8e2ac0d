"""What the tests import is installed by requirements.txt alone (issue 40, item 9): the README's test
command makes a fresh virtual environment from that file and nothing else, so a library that only
requirements-dev.txt brings (numpy once was) fails there while CI, which installed both, stayed green."""
from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# bench/catanatron_ref.py is the side-by-side reference loop (bench/README.md installs catanatron for
# it by hand); no test loads it. setup.py's setuptools comes with pip's build.
NOT_REACHED_BY_TESTS = {ROOT / "bench" / "catanatron_ref.py", ROOT / "setup.py"}
# tools/build_app.py installs requirements-build.txt itself before it imports PyInstaller (inside
# build(), which the tests never call): its imports may come from that file.
BUILD_TOOL = ROOT / "tools" / "build_app.py"
# Optional, imported in a `try` whose `except ImportError` carries on without it: the engine's
# mypyc_attr marks (mypy_extensions, read only by a compiled build). native/'s build backend, which
# imports mypyc and setuptools, gets them from its own pinned build requirements, not from here.
OPTIONAL = {"mypy_extensions"}


def _sources() -> list[Path]:
    files = [ROOT / "main.py"]
    for folder in ("faeriell", "tests", "tools", "bench"):
        pattern = "*.py" if folder in ("tools", "bench") else "**/*.py"   # not bench/results' one-offs
        files += sorted((ROOT / folder).glob(pattern))
    return [f for f in files if f not in NOT_REACHED_BY_TESTS]


def _local_names() -> set[str]:
    """Modules of this repository, imported by path (tests/, tools/, bench/ put themselves on it)."""
    names = {"faeriell", "tests", "tools", "bench", "main"}
    for folder in ("tests", "tools", "bench"):
        names |= {p.stem for p in (ROOT / folder).glob("*.py")}
    return names


def imported_top_levels(files: list[Path]) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for f in files:
        for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"), filename=str(f))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for n in names:
                found.setdefault(n.split(".")[0], f)
    return found


def required_distributions(name: str = "requirements.txt") -> set[str]:
    text = (ROOT / name).read_text(encoding="utf-8")
    names = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            names.add(re.split(r"[<>=!~\[; ]", line, maxsplit=1)[0].lower().replace("_", "-"))
    return names


def test_every_library_the_tests_reach_is_in_requirements_txt():
    third_party = {m: f for m, f in imported_top_levels(_sources()).items()
                   if m not in sys.stdlib_module_names and m not in _local_names() and m not in OPTIONAL}
    dists = packages_distributions()
    required = required_distributions()
    for_the_build = required | required_distributions("requirements-build.txt")
    missing = []
    for module, where in sorted(third_party.items()):
        owners = {d.lower().replace("_", "-") for d in dists.get(module, [module])}
        if not owners & (for_the_build if where == BUILD_TOOL else required):
            missing.append(f"{module} ({where.relative_to(ROOT)}): one of {sorted(owners)}")
    assert not missing, "imported but not in requirements.txt: " + "; ".join(missing)


def test_the_check_sees_a_library_missing_from_requirements(tmp_path):
    """The scan is real: a file importing a library that requirements.txt does not name is caught."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    import numpy as np\n    from mypy import api\n", encoding="utf-8")
    found = imported_top_levels([probe])
    assert set(found) == {"numpy", "mypy"}
    assert "mypy" not in required_distributions()          # the type checker stays a dev tool

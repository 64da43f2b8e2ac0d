"""faeriell/storage/ is one module per concern (issue 44, item 3), read with `ast`:

- every module says its one concern in a docstring and stays at most 400 lines;
- the modules stand in one order, lowest first (ORDER, as the package's docstring lists them):
  a module imports only those before it, so a lower concern never reaches a higher one;
- every caller imports each name from the module that owns it, and the package re-exports none
  (faeriell/storage/__init__.py is its docstring only): a test that patched `storage.write_save`
  would patch a copy the saving code never calls.
"""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STORAGE = ROOT / "faeriell" / "storage"
ORDER = ("folders", "atomic", "locks", "tempfiles", "claims", "background", "headers", "listing", "saves",
         "seats")
MAX_LINES = 400


def _modules() -> dict[str, Path]:
    return {p.stem: p for p in sorted(STORAGE.glob("*.py")) if p.stem != "__init__"}


def test_each_module_says_its_concern_and_stays_short():
    found = _modules()
    assert set(found) == set(ORDER), f"modules of faeriell/storage/ not in ORDER (or gone): {set(found) ^ set(ORDER)}"
    for name, path in found.items():
        text = path.read_text(encoding="utf-8")
        assert ast.get_docstring(ast.parse(text)), f"storage/{name}.py says nowhere what it is for"
        assert len(text.splitlines()) <= MAX_LINES, f"storage/{name}.py has grown past {MAX_LINES} lines: split it"
    init = ast.get_docstring(ast.parse((STORAGE / "__init__.py").read_text(encoding="utf-8"))) or ""
    listed = [line.split()[0] for line in init.splitlines() if line.startswith("    ") and line.split()]
    assert tuple(listed) == ORDER, "the package's docstring lists its modules in another order than ORDER"


def storage_imports(source: str) -> list[tuple[str, int]]:
    """(module of faeriell.storage, line) for every import of one in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("faeriell.storage."):
                found.append((node.module.split(".")[2], node.lineno))
            elif node.module == "faeriell.storage":
                found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(a.name.split(".")[2], node.lineno) for a in node.names
                      if a.name.startswith("faeriell.storage.")]
    return found


def test_a_module_imports_only_the_modules_below_it():
    wrong = []
    for name, path in _modules().items():
        for dep, line in storage_imports(path.read_text(encoding="utf-8")):
            if dep not in ORDER or ORDER.index(dep) >= ORDER.index(name):
                wrong.append(f"storage/{name}.py:{line} imports {dep}")
    assert wrong == [], "a storage module reaches one on its own level or above (ORDER):\n  " + "\n  ".join(wrong)


def root_imports(source: str) -> list[tuple[str, int]]:
    """(what, line) for every name `source` takes from the package itself: `from faeriell.storage
    import NAME` where NAME is no module of it, `from faeriell import storage`, `import faeriell.storage`."""
    modules = set(ORDER)
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == "faeriell.storage":
            found += [(a.name, node.lineno) for a in node.names if a.name not in modules]
        elif isinstance(node, ast.ImportFrom) and node.module == "faeriell":
            found += [("storage", node.lineno) for a in node.names if a.name == "storage"]
        elif isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names if a.name == "faeriell.storage"]
    return found


def test_the_package_imports_each_name_from_its_owner():
    found = []
    for folder in ("faeriell", "tests", "tools", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == STORAGE / "__init__.py":
                continue
            text = path.read_text(encoding="utf-8")
            for what, line in root_imports(text):
                found.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    assert found == [], ("names imported from faeriell.storage itself; import (and patch) them in the module "
                         "that owns them (faeriell/storage/__init__.py lists which):\n  " + "\n  ".join(found))


def test_the_package_re_exports_nothing():
    tree = ast.parse((STORAGE / "__init__.py").read_text(encoding="utf-8"))
    body = [type(n).__name__ for n in tree.body[1:] if not (isinstance(n, ast.ImportFrom) and n.module == "__future__")]
    assert ast.get_docstring(tree) and body == [], f"faeriell/storage/__init__.py holds more than its docstring: {body}"
    package = importlib.import_module("faeriell.storage")
    assert not hasattr(package, "save_game")                 # only its submodules are its attributes


def test_the_scans_find_what_they_look_for():
    src = ("from faeriell.storage import saves, write_save\nfrom faeriell import storage\nimport faeriell.storage\n"
           "import faeriell.storage.background\nfrom faeriell.storage.headers import save_header\n")
    assert root_imports(src) == [("write_save", 1), ("storage", 2), ("faeriell.storage", 3)]
    assert storage_imports(src) == [("saves", 1), ("write_save", 1), ("background", 4), ("headers", 5)]

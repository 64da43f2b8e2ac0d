"""The package's modules import each other without a cycle, floor by floor (docs/ARCHITECTURE.md).

Two scans: the whole of faeriell/ by its parts (PACKAGE_FLOORS: the engine, content, bots, the
windowless tools, the ui, the command line), and faeriell/engine by its own floors (FLOORS).
Every module is parsed with `ast`, imports inside functions included: a function-level import
that only hides a cycle from Python is still a cycle here. Imports under `if TYPE_CHECKING:`
never run and are left out.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP = ROOT / "faeriell"
ENGINE = TOP / "engine"
PACKAGE = "faeriell.engine"
INIT = "__init__"

# The whole package by its parts, lowest first: a module belongs to the part named by the first
# component of its path inside faeriell/ (faeriell/ui/table/scene.py is `ui`); no module inside a
# folder stands on another floor than its folder (session.py, a game at the table without a
# window, left ui/ for that: the tutorial builds on it).
PACKAGE_FLOORS = {
    "base": (INIT, "resources", "safe_read", "children"),
    "values and engine": ("engine",),
    "content": ("content",),
    "bots": ("bots",),
    "without a window": ("puzzles", "scenario", "sim", "review", "storage", "win_rates",
                         "tutorial", "practice", "session", "selfcheck", "analysis"),
    "ui": ("ui",),
    "command line": ("cli", "__main__"),
}
PART_FLOOR = {m: k for k, mods in enumerate(PACKAGE_FLOORS.values()) for m in mods}

# Lower floors never import higher ones; modules of one floor may import each other (no cycle).
FLOORS = {
    "values": ("actions", "action_schema", "board", "card", "catalog", "describe", "doom_causes", "effect_kinds", "moves", "native",
               "names", "loader", "payment", "rng", "rules", "state", "words"),
    "registries and listings": ("registry", "legal", "costs"),
    "shared procedures": ("tracks", "corruption", "triggers", "endgame", "achievements"),
    "core": ("core",),
    "phases": ("turns", "tribe_phase", "event_phase", "hero_phase", "effects", "drifter", "setup"),
    "wiring": ("wiring",),
    "built on the game": ("position", "saves", "undo", "view", "invariants", "randomplay", "chance"),
    "package": (INIT,),
}
FLOOR_OF = {m: k for k, mods in enumerate(FLOORS.values()) for m in mods}
NEW_MODULE_FLOOR = list(FLOORS).index("phases")     # a module not listed above counts as a phase


def _under_type_checking(node, parents) -> bool:
    for p in parents:
        if isinstance(p, ast.If) and "TYPE_CHECKING" in ast.unparse(p.test):
            return True
    return False


def module_imports(name: str, source: str, modules: set, package: str = PACKAGE,
                   is_package: bool = False) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for every import in `source`, the source of
    module `name` of `package` ("__init__" for the package itself; `is_package`: `name` is a
    subpackage's __init__), counting only imports of modules inside `package`."""
    if name == INIT:
        here = []
    else:
        here = name.split(".") if is_package else name.split(".")[:-1]   # where `.` starts
    found = []

    def target(dotted: str) -> str | None:
        """The engine module a dotted path inside the engine names, or the package."""
        parts = dotted.split(".") if dotted else []
        while parts:
            if ".".join(parts) in modules:
                return ".".join(parts)
            parts.pop()
        return INIT

    def visit(node, parents, in_function):
        for child in ast.iter_child_nodes(node):
            fn = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, (ast.Import, ast.ImportFrom)) and not _under_type_checking(child, parents):
                for mod in _targets(child, here, target, modules, package):
                    if mod != name:
                        found.append((mod, child.lineno, in_function))
            visit(child, parents + [child], fn)

    visit(ast.parse(source), [], False)
    return found


def _targets(node, here, target, modules, package) -> list[str]:
    if isinstance(node, ast.Import):
        return [target(a.name[len(package) + 1:]) for a in node.names
                if a.name == package or a.name.startswith(package + ".")]
    if node.level:
        base = here[:len(here) - (node.level - 1)] if node.level > 1 else list(here)
        if node.level - 1 > len(here):
            return []                                           # outside the engine
        inside = ".".join(base + ([node.module] if node.module else []))
    elif node.module == package or (node.module or "").startswith(package + "."):
        inside = node.module[len(package) + 1:]
    else:
        return []
    out = []
    for alias in node.names:               # `from . import x` names the module x when there is one
        sub = f"{inside}.{alias.name}" if inside else alias.name
        out.append(sub if sub in modules else target(inside))
    return out


def engine_graph(folder: Path = ENGINE, package: str = PACKAGE) -> dict[str, list[tuple[str, int, bool]]]:
    """Module (dotted, relative to the package) -> its imports of the package's modules."""
    files = {}
    for path in sorted(folder.rglob("*.py")):
        rel = path.relative_to(folder).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        files[".".join(parts) or INIT] = path
    modules = set(files)
    return {name: module_imports(name, path.read_text(encoding="utf-8"), modules, package,
                                 is_package=path.name == "__init__.py" and name != INIT)
            for name, path in files.items()}


def package_graph() -> dict[str, list[tuple[str, int, bool]]]:
    return engine_graph(TOP, "faeriell")


def part_of(module: str) -> str:
    return module if module in PART_FLOOR else module.split(".")[0]


def test_no_import_cycle_anywhere_in_the_package():
    graph = package_graph()
    assert {"engine.core", "ui.app", "scenario", "puzzles.goal", "bots.expert"} <= set(graph)
    groups = cycle_groups(graph)
    assert groups == [], "import cycles inside faeriell/:\n  " + "\n  ".join(
        describe(graph, _a_cycle(graph, g)) + f"\n    (modules caught in the loop: {', '.join(sorted(g))})"
        for g in groups)


def test_no_part_of_the_package_imports_a_higher_floor():
    graph = package_graph()
    names = list(PACKAGE_FLOORS)
    unlisted = sorted({part_of(m) for m in graph} - set(PART_FLOOR))
    assert unlisted == [], f"parts of faeriell/ with no floor in PACKAGE_FLOORS: {unlisted}"
    wrong = []
    for mod, imports in sorted(graph.items()):
        mine = PART_FLOOR[part_of(mod)]
        for dep, line, _fn in imports:
            theirs = PART_FLOOR[part_of(dep)]
            if theirs > mine:
                wrong.append(f"{mod} ({names[mine]}) imports {dep} ({names[theirs]}) at line {line}")
    assert wrong == [], ("a module imports one on a higher floor (floors: tests/test_engine_layers.py"
                         " PACKAGE_FLOORS, docs/ARCHITECTURE.md):\n  " + "\n  ".join(wrong))


def test_nothing_below_the_ui_imports_pygame():
    below = PART_FLOOR["ui"]
    found = []
    for path in sorted(TOP.rglob("*.py")):
        rel = path.relative_to(TOP).with_suffix("").parts
        mod = ".".join(rel[:-1] if rel[-1] == "__init__" else rel) or INIT
        if PART_FLOOR[part_of(mod)] >= below:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n == "pygame" or n.startswith("pygame.") for n in names):
                found.append(f"{mod} (line {node.lineno})")
    assert found == [], f"modules below the ui import pygame: {found}"
    assert part_of("ui.table.scene") == "ui" and part_of("session") == "session"
    assert all("." not in m for mods in PACKAGE_FLOORS.values() for m in mods), \
        "a part is a whole folder or a top-level module: a module inside a folder stands on its folder's floor"


def test_the_package_scan_resolves_imports_as_python_does(tmp_path):
    pkg = tmp_path / "faeriell"
    (pkg / "ui").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "puzzle.py").write_text("from faeriell.ui.session import x\n")
    (pkg / "ui" / "__init__.py").write_text("from .session import x\n")
    (pkg / "ui" / "session.py").write_text("def f():\n    from faeriell import puzzle\n    from .. import safe\n")
    (pkg / "safe.py").write_text("import faeriell.ui\n")
    graph = engine_graph(pkg, "faeriell")
    assert graph["puzzle"] == [("ui.session", 1, False)]
    assert graph["ui"] == [("ui.session", 1, False)]
    assert graph["ui.session"] == [("puzzle", 2, True), ("safe", 3, True)]
    assert graph["safe"] == [("ui", 1, False)]
    assert find_cycles(graph) == [["puzzle", "ui.session", "puzzle"]]


def find_cycles(graph: dict) -> list[list[str]]:
    """One cycle per group of modules that all reach each other (Tarjan's strongly connected
    components), as a closed path; `cycle_groups` gives the whole groups."""
    return [_a_cycle(graph, group) for group in cycle_groups(graph)]


def cycle_groups(graph: dict) -> list[set]:
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w, _line, _fn in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(set(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return groups


def _a_cycle(graph, group) -> list[str]:
    """A shortest closed path from the group's first module back to it (breadth first)."""
    start = min(group)
    came = {}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w, _line, _fn in sorted(graph[v]):
            if w == start:
                path = [v]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return path[::-1] + [start]
            if w in group and w != start and w not in came:
                came[w] = v
                queue.append(w)
    raise AssertionError(f"no cycle through {sorted(group)}")


def describe(graph, cycle) -> str:
    steps = []
    for a, b in zip(cycle, cycle[1:], strict=False):
        line, lazy = next((ln, fn) for w, ln, fn in graph[a] if w == b)
        steps.append(f"{a} -> {b} (line {line}{', inside a function' if lazy else ''})")
    return " -> ".join(cycle) + "\n    " + "\n    ".join(steps)


def test_no_import_cycle_inside_the_engine():
    graph = engine_graph()
    assert "core" in graph and "achievements" in graph, sorted(graph)
    groups = cycle_groups(graph)
    assert groups == [], "import cycles inside faeriell/engine:\n  " + "\n  ".join(
        describe(graph, _a_cycle(graph, g)) + f"\n    (modules caught in the loop: {', '.join(sorted(g))})"
        for g in groups)


def test_no_engine_module_imports_a_higher_floor():
    graph = engine_graph()
    names = list(FLOORS)
    wrong = []
    for mod, imports in sorted(graph.items()):
        mine = FLOOR_OF.get(mod, NEW_MODULE_FLOOR)
        for dep, line, _fn in imports:
            theirs = FLOOR_OF.get(dep, NEW_MODULE_FLOOR)
            if theirs > mine:
                wrong.append(f"{mod} ({names[mine]}) imports {dep} ({names[theirs]}) at line {line}")
    assert wrong == [], ("an engine module imports one on a higher floor (floors: tests/"
                         "test_engine_layers.py FLOORS, docs/ARCHITECTURE.md):\n  " + "\n  ".join(wrong))


def test_every_listed_module_exists():
    graph = engine_graph()
    missing = sorted(set(FLOOR_OF) - set(graph))
    assert missing == [], f"FLOORS lists modules that are not in faeriell/engine: {missing}"


def declares(source: str) -> bool:
    """Does this module declare moves or tasks (a module-level MOVES or TASKS table)?"""
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in ("MOVES", "TASKS") for t in targets):
                return True
    return False


def fills_registry(source: str) -> bool:
    """Does this module fill the registry (registry.install, or writes into its tables)?"""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and ast.unparse(node.func).split(".")[-1] == "install":
            return True
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Subscript) and ast.unparse(t.value).split(".")[-1] in
                   ("MOVES", "TASKS", "QUIET_TASKS") for t in targets):
                return True
    return False


def test_the_wiring_table_lists_every_module_that_declares_moves_or_tasks():
    """The core finds moves and tasks only in the registry, and the registry is filled from one
    explicit table (wiring.PARTS), never by a module registering itself when imported (issue 43)."""
    from faeriell.engine import registry, wiring
    declaring = sorted(p.stem for p in ENGINE.glob("*.py")
                       if p.stem != "registry" and declares(p.read_text(encoding="utf-8")))
    assert {"turns", "tracks", "setup", "achievements"} <= set(declaring), declaring
    listed = sorted(m.__name__.rsplit(".", 1)[-1] for m in wiring.PARTS)
    assert listed == declaring, f"wiring.PARTS lists {listed}, the modules declaring moves or tasks are {declaring}"
    filling = sorted(p.stem for p in ENGINE.glob("*.py") if fills_registry(p.read_text(encoding="utf-8")))
    assert filling == ["registry", "wiring"], filling
    assert set(registry.MOVES) == {m.kind for part in wiring.PARTS for m in getattr(part, "MOVES", ())}
    assert set(registry.TASKS) == {t.name for part in wiring.PARTS for t in getattr(part, "TASKS", ())}


def test_a_kind_or_a_task_declared_twice_is_refused():
    from faeriell.engine import registry
    m = registry.MOVES["draft"]
    t = registry.Task("end_turn", registry.TASKS["end_turn"], quiet=True)
    moves, tasks = dict(registry.MOVES), dict(registry.TASKS)
    quiet = dict(registry.QUIET_TASKS)
    try:
        with pytest.raises(ValueError, match="'draft' is declared twice"):
            registry.install([m, m], [])
        with pytest.raises(ValueError, match="'end_turn' is declared twice"):
            registry.install([], [t, t])
    finally:
        registry.MOVES.clear()
        registry.MOVES.update(moves)
        registry.TASKS.clear()
        registry.TASKS.update(tasks)
        registry.QUIET_TASKS.clear()
        registry.QUIET_TASKS.update(quiet)


def _write(folder: Path, files: dict) -> Path:
    pkg = folder / "pkg"
    pkg.mkdir()
    for name, text in files.items():
        (pkg / f"{name}.py").write_text(text)
    return pkg


def test_the_scan_finds_a_cycle_hidden_in_a_function(tmp_path):
    pkg = _write(tmp_path, {
        "__init__": "from . import top\n",
        "top": "from .mid import x\n",
        "mid": "from faeriell.engine.low import y\nx = 1\n",
        "low": "def f():\n    from .top import z\n    return z\n",
        "free": "from . import low\nfrom .. import elsewhere\nimport os\n",
        "typed": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .top import T\n",
    })
    graph = engine_graph(pkg)
    assert ("top", 1, False) in graph["__init__"]
    assert ("low", 1, False) in graph["free"] and len(graph["free"]) == 1
    assert graph["typed"] == []
    cycles = find_cycles(graph)
    assert cycles == [["low", "top", "mid", "low"]], cycles
    text = describe(graph, cycles[0])
    assert "low -> top (line 2, inside a function)" in text and "mid -> low (line 1)" in text


def test_the_scan_finds_a_cycle_through_the_package(tmp_path):
    pkg = _write(tmp_path, {"__init__": "from .a import A\n", "a": "from faeriell.engine import b\n",
                            "b": "from . import A\n"})
    assert find_cycles(engine_graph(pkg)) == [["__init__", "a", "b", "__init__"]]


def test_declaring_and_filling_are_recognised():
    assert declares("MOVES = (move('x', f, g, h),)\n")
    assert declares("TASKS: tuple = (Task('end_turn', end_turn, quiet=True),)\n")
    assert not declares("def f():\n    MOVES = ()\n")
    assert fills_registry("from . import registry\nregistry.install([], [])\n")
    assert fills_registry("MOVES['x'] = 1\n") and fills_registry("registry.TASKS['x'] = f\n")
    assert not fills_registry("MOVES = (move('x', f, g, h),)\n")

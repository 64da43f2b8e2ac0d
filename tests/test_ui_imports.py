"""The screens stay apart: each scene module (faeriell/ui/scenes/) talks to the app only through
the Host interface of faeriell/ui/scene.py, so no scene imports the app or another scene - not
directly, not through a helper module, not inside a function - and faeriell/ui has no import
cycle. Read with `ast`, so imports inside functions count too.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "faeriell" / "ui"
APP = "faeriell.ui.app"
SCENES = "faeriell.ui.scenes"


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def ui_modules(root: Path = UI) -> dict[str, Path]:
    return {module_name(p): p for p in sorted(root.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """faeriell.ui modules `name` imports anywhere in its file. `from pkg import sub` counts as
    an import of pkg.sub when that is a module, else of pkg."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_pkg else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for a in node.names:
                sub = f"{mod}.{a.name}"
                out.add(sub if sub in known else mod)
    return {m for m in out if m in known and m != name}


def graph(root: Path = UI) -> dict[str, set[str]]:
    mods = ui_modules(root)
    known = set(mods)
    return {n: imports_of(n, p, known) for n, p in mods.items()}


def reachable(g: dict[str, set[str]], start: str) -> dict[str, list[str]]:
    """Every module `start` reaches, with one import chain to it."""
    seen = {start: [start]}
    todo = [start]
    while todo:
        m = todo.pop()
        for n in sorted(g.get(m, ())):
            if n not in seen:
                seen[n] = seen[m] + [n]
                todo.append(n)
    return seen


def scene_problems(g: dict[str, set[str]]) -> list[str]:
    out = []
    scenes = [m for m in g if m.startswith(SCENES + ".")]
    for s in scenes:
        for target, chain in reachable(g, s).items():
            if target == s:
                continue
            if target == APP or (target.startswith(SCENES + ".") and target != s):
                out.append(" -> ".join(chain))
    return out


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (or a module importing itself)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


# ------------------------------------------------------------------------------------ the rules
def test_there_are_scene_modules_and_each_is_registered():
    from faeriell.ui.registry import SCENES as REGISTRY, scene_class
    from faeriell.ui.scene import Scene
    g = graph()
    scene_mods = {m for m in g if m.startswith(SCENES + ".")}
    assert {"faeriell.ui.scenes.start", "faeriell.ui.scenes.end", "faeriell.ui.scenes.table"} <= scene_mods
    assert {cls.__module__ for cls in REGISTRY.values()} == scene_mods
    for name, cls in REGISTRY.items():
        assert scene_class(name) is cls and issubclass(cls, Scene)


def test_the_registry_holds_classes_imported_for_real():
    """The screens by name are the classes themselves, imported at the registry's top (issue 44,
    item 3): no "module:attr" strings, no importlib, so a wrong name fails at import and in mypy;
    and only the app imports the registry (a scene reaching it would reach every other scene)."""
    from faeriell.ui import registry
    assert all(isinstance(cls, type) for cls in registry.SCENES.values())
    tree = ast.parse((UI / "registry.py").read_text(encoding="utf-8"))
    assert "importlib" not in {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    top = {n.module for n in tree.body if isinstance(n, ast.ImportFrom)}
    assert {cls.__module__ for cls in registry.SCENES.values()} <= top      # at the top, not in a function
    g = graph()
    assert sorted(m for m, targets in g.items() if "faeriell.ui.registry" in targets) == [APP]


def test_no_scene_imports_the_app_or_another_scene():
    assert scene_problems(graph()) == []


def test_faeriell_ui_has_no_import_cycle():
    assert cycles(graph()) == []


def test_scenes_use_only_the_host_interface():
    """`self.host.X` in a scene module names only members of the Host protocol."""
    from faeriell.ui.scene import HOST_MEMBERS
    used = {}
    for name, path in ui_modules().items():
        if not name.startswith(SCENES + "."):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "host" and isinstance(node.value.value, ast.Name)
                    and node.value.value.id == "self"):
                used.setdefault(node.attr, name)
    assert used, "the scenes were expected to talk to their host"
    assert {k: v for k, v in used.items() if k not in HOST_MEMBERS} == {}


def test_the_app_is_a_host():
    from faeriell.ui.app import App
    from faeriell.ui.scene import HOST_MEMBERS
    missing = [m for m in HOST_MEMBERS if m not in ("rules", "settings") and not hasattr(App, m)]
    assert missing == []


# ------------------------------------------------------------------------------------ the checker itself
def test_the_checker_sees_function_level_imports_and_cycles(tmp_path):
    """The checks above can fail: a scene importing the app inside a function, a scene reaching
    another through a helper, and a cycle, all in a throw-away package."""
    pkg = tmp_path / "faeriell" / "ui"
    (pkg / "scenes").mkdir(parents=True)
    (tmp_path / "faeriell" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "app.py").write_text("import faeriell.ui.helper\n")
    (pkg / "helper.py").write_text("def f():\n    from faeriell.ui.scenes import end\n")
    (pkg / "scenes" / "__init__.py").write_text("")
    (pkg / "scenes" / "start.py").write_text("def go():\n    from faeriell.ui.app import App\n")
    (pkg / "scenes" / "end.py").write_text("from .. import helper\n")
    global ROOT
    old = ROOT
    ROOT = tmp_path
    try:
        g = graph(pkg)
    finally:
        ROOT = old
    assert g["faeriell.ui.scenes.start"] == {"faeriell.ui.app"}
    assert g["faeriell.ui.scenes.end"] == {"faeriell.ui.helper"}
    problems = scene_problems(g)
    assert "faeriell.ui.scenes.start -> faeriell.ui.app" in problems
    assert "faeriell.ui.scenes.start -> faeriell.ui.app -> faeriell.ui.helper -> faeriell.ui.scenes.end" \
        in problems
    assert cycles(g) == [["faeriell.ui.helper", "faeriell.ui.scenes.end"]]


def test_the_app_and_the_table_overlays_probe_no_scene_softly():
    """The app, the table's overlays and the hint card read declared attributes of the screen
    (Scene.table, Scene.session, quit_requested, next_scene), of the table scene (refused_kind,
    tutorial) and of the decision bar and the tray (rects, options, panel_rect): no getattr or
    hasattr that would quietly give a default once an attribute is renamed (issue 44, item 3)."""
    found = []
    for rel in ("app.py", "table/overlays.py", "table/hint_card.py"):
        for node in ast.walk(ast.parse((UI / rel).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
                found.append(f"{rel}:{node.lineno}")
    assert found == []

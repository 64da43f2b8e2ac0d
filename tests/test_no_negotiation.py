"""One package, no plug-in negotiation (issue 22, item 4): read with `ast`, every module of faeriell/.

- A catch-all (`except Exception`, `except BaseException`, a bare `except:`) that does not raise
  again stands only at a named edge: the frame loop's (the error panel), a worker's edge whose
  error the window shows, the program's edge, a file boundary, or a harness whose job is to
  report any engine failure with its seed. Every other handler names what it expects.
- Nothing tries to import one of our own modules to see whether it is there, and faeriell/ui asks
  no constructor for its signature nor a module spec whether undo, the bots or the table exist.
- ui/dialogs.py holds modals only: the file services are faeriell/storage/'s.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP = ROOT / "faeriell"

# (module path inside faeriell/, the function holding the handler) -> why a catch-all belongs there
EDGES = {
    ("ui/app.py", "App._guard"): "the frame loop's edge: the error panel shows what went wrong",
    ("ui/app.py", "App.draw"): "the notices and the error panel themselves: the last resort must not raise",
    ("ui/bot_driver.py", "Job.run"): "a worker thread's edge: the main thread reports its error",
    ("storage/background.py", "Background._run"): "a worker thread reading file headers: the list says why",
    ("review/background.py", "_work"): "the review's process: its error is shown in the window",
    ("review/background.py", "_turning_work"): "the turning point's process: its error is said in the review's box",
    ("ui/elbow_coach.py", "_Measure.run"): "the coach's worker thread: a position it cannot measure is not questioned",
    ("children.py", "end_all"): "the exit's last sweep: one ender failing must not spare the next child",
    ("cli.py", "main"): "the program's edge: a player never sees a traceback",
    ("engine/saves.py", "load"): "the save file's boundary: SaveError and nothing else, whatever the file holds",
    ("content/map_loader.py", "_read"): "the map file's boundary: pytmx raises many kinds on a broken file",
    ("ui/map_view.py", "MapView._load_background"): "the map's pictures (pytmx + pygame): drawn without tiles",
    ("engine/randomplay.py", "play_random"): "the self-play harness: any engine failure is reported with its seed",
    ("sim.py", "play_one"): "bot games without a window: a failing game is reported with its seed",
    ("scenario.py", "main"): "the scenario runner: a crash of one file must not hide the others' results",
    ("selfcheck.py", "main"): "the self-check: any failure of one check is its one line, and the next still runs",
}

CATCH_ALL = {"Exception", "BaseException"}


def _reraises(handler: ast.ExceptHandler) -> bool:
    """The handler tidies up and raises the same error again (a bare `raise` at its end)."""
    last = handler.body[-1] if handler.body else None
    return isinstance(last, ast.Raise) and last.exc is None


def _names(node: ast.expr | None) -> set[str]:
    if node is None:
        return {"<bare>"}
    if isinstance(node, ast.Tuple):
        return set().union(*(_names(e) for e in node.elts))
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    return set()


def catch_alls(source: str) -> list[tuple[str, int]]:
    """(enclosing function as Class.method, line) of every catch-all that swallows, in `source`."""
    found: list[tuple[str, int]] = []

    def walk(node: ast.AST, where: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                walk(child, where + [child.name])
                continue
            if isinstance(child, ast.ExceptHandler) and (_names(child.type) & (CATCH_ALL | {"<bare>"})) \
                    and not _reraises(child):
                # a nested function's own name counts as the outer one's (`def progress` inside `_work`)
                found.append((".".join(where[:2]) if where else "<module>", child.lineno))
            walk(child, where)
    walk(ast.parse(source), [])
    return found


def _modules():
    for path in sorted(TOP.rglob("*.py")):
        yield path.relative_to(TOP).as_posix(), path.read_text(encoding="utf-8")


def test_catch_alls_stand_only_at_the_named_edges():
    seen, stray = set(), []
    for rel, src in _modules():
        for where, line in catch_alls(src):
            if (rel, where) in EDGES:
                seen.add((rel, where))
            else:
                stray.append(f"faeriell/{rel}:{line} in {where}")
    assert stray == [], ("`except Exception` outside the named edges; name what is expected "
                         "(OSError, ValueError, IllegalAction...) or add the edge with its reason:\n  "
                         + "\n  ".join(stray))
    gone = sorted(set(EDGES) - seen)
    assert gone == [], f"edges listed but holding no catch-all any more (drop them from EDGES): {gone}"


def test_the_scan_finds_a_swallowing_catch_all_and_lets_a_tidy_up_through():
    src = ("def f():\n    try:\n        g()\n    except Exception:\n        pass\n"
           "class C:\n    def m(self):\n        try:\n            g()\n        except (OSError, BaseException):\n"
           "            return 1\n"
           "def tidy():\n    try:\n        g()\n    except BaseException:\n        cleanup()\n        raise\n"
           "def bare():\n    try:\n        g()\n    except:\n        pass\n"
           "def narrow():\n    try:\n        g()\n    except (OSError, ValueError):\n        pass\n")
    assert catch_alls(src) == [("f", 4), ("C.m", 10), ("bare", 21)]


def _tries_to_import_our_own(node: ast.Try) -> bool:
    catches_import = any(_names(h.type) & {"ImportError", "ModuleNotFoundError"} for h in node.handlers)
    ours = any(isinstance(n, ast.ImportFrom) and (n.level > 0 or (n.module or "").startswith("faeriell"))
               or isinstance(n, ast.Import) and any(a.name.startswith("faeriell") for a in n.names)
               for stmt in node.body for n in ast.walk(stmt))
    return catches_import and ours


def test_nothing_asks_whether_our_own_modules_exist():
    found = []
    for rel, src in _modules():
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and _tries_to_import_our_own(node):
                found.append(f"faeriell/{rel}:{node.lineno}: a try-import of our own module")
        if rel.startswith("ui/"):
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr in ("find_spec", "signature", "getfullargspec"):
                    found.append(f"faeriell/{rel}:{node.lineno}: .{node.attr}")
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                    if "inspect" in names or "importlib.util" in names:
                        found.append(f"faeriell/{rel}:{node.lineno}: imports {names}")
                if isinstance(node, ast.Name) and "StandIn" in node.id:
                    found.append(f"faeriell/{rel}:{node.lineno}: {node.id}")
    assert found == [], "the package negotiates with itself:\n  " + "\n  ".join(found)
    assert not (TOP / "ui" / "standin_table.py").exists()
    probe = ast.parse("try:\n    from faeriell.engine import undo\nexcept ImportError:\n    undo = None\n")
    assert _tries_to_import_our_own(probe.body[0])              # the check itself can fail


def test_dialogs_hold_modals_and_no_file_service():
    tree = ast.parse((TOP / "ui" / "dialogs.py").read_text(encoding="utf-8"))
    modules = {p.stem for p in (TOP / "storage").glob("*.py")}    # a module of storage/ is used, not re-exported
    imported = sorted(a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                      and (n.module or "").startswith("faeriell.storage") for a in n.names
                      if not (n.module == "faeriell.storage" and a.name in modules))
    assert imported == [], (f"ui/dialogs.py re-exports file services: {imported} "
                            "(callers import them from faeriell/storage/'s modules)")
    calls = sorted({n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                    and n.func.id == "open"})
    assert calls == [], "ui/dialogs.py opens files itself"
    defs = sorted(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.col_offset == 0)
    assert defs == [], f"ui/dialogs.py defines module-level services {defs}: they belong in faeriell/storage/"

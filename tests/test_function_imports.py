"""Imports of the package's own modules sit at the top of their module (issue 43, item 5).

An import of faeriell's own modules inside a function (`from faeriell.x import y`, `import
faeriell.x`, `from .x import y`), anywhere in the package (faeriell/ui included since its imports were hoisted),
stays there only for one of three reasons, written on its line:

    # cycle: ...     at the top it would close an import cycle (tests/test_engine_layers.py)
    # lazy: ...      it keeps something heavy (the bots, pygame, the engine for a --help) off a
                     path that must start fast or must not need it
    # patched: ...   a test replaces the name at its source, so it is looked up at each call

Read with `ast`; an import under `if TYPE_CHECKING:` never runs and is left out. The second test
runs the command-line tools' --help and checks that the lazy imports still keep them light.
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOP = ROOT / "faeriell"
LEFT_OUT: tuple[str, ...] = ()              # every package of faeriell/ is held to it
REASONS = ("# cycle:", "# lazy:", "# patched:")


def _own(node: ast.Import | ast.ImportFrom) -> bool:
    if isinstance(node, ast.Import):
        return any(a.name == "faeriell" or a.name.startswith("faeriell.") for a in node.names)
    return node.level > 0 or (node.module or "").split(".")[0] == "faeriell"


def function_imports(source: str) -> list[tuple[int, str]]:
    """(line, text) of every import of the package's own modules inside a function of `source`
    whose lines carry no reason (REASONS followed by some words)."""
    lines = source.splitlines()
    found = []

    def visit(node, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue                                           # never runs
            if in_function and isinstance(child, (ast.Import, ast.ImportFrom)) and _own(child):
                text = "\n".join(lines[child.lineno - 1:child.end_lineno])
                said = [text.split(r, 1)[1].strip() for r in REASONS if r in text]
                if not any(said):
                    found.append((child.lineno, lines[child.lineno - 1].strip()))
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(ast.parse(source), False)
    return found


def test_every_function_level_import_of_the_package_says_why_it_is_not_at_the_top():
    offenders = []
    for path in sorted(TOP.rglob("*.py")):
        rel = path.relative_to(TOP)
        if rel.parts[0] in LEFT_OUT:
            continue
        for line, text in function_imports(path.read_text(encoding="utf-8")):
            offenders.append(f"faeriell/{rel.as_posix()}:{line}: {text}")
    assert len(list(TOP.rglob("*.py"))) > 100                        # the scan saw the package
    assert offenders == [], (
        "imports of the package's own modules inside a function, with no reason on their line: move "
        "each to the top of its module, or say why it stays (" + ", ".join(REASONS) + " and the reason):\n  "
        + "\n  ".join(offenders))


def test_the_scan_finds_an_unexplained_import_and_accepts_an_explained_one():
    source = (
        "import os\n"
        "from faeriell.engine import Action\n"                         # at the top: fine
        "from typing import TYPE_CHECKING\n"
        "def f():\n"
        "    import json\n"                                            # not the package's: fine
        "    from faeriell.bots import make_bot\n"                    # 6: no reason
        "    from .turning import Turn  # lazy: the bots\n"
        "    import faeriell.sim as sim\n"                            # 8: no reason
        "    from . import plan  # cycle:\n"                          # 9: a tag without a reason
        "    if TYPE_CHECKING:\n"
        "        from faeriell.bots import Bot\n"                     # never runs: fine
        "    def g():\n"
        "        from ..x import (y,\n"                               # 13: nested, over two lines
        "                         z)  # patched: tests/test_x.py spies on x.y\n"
        "        from ..x import w\n"                                 # 15: no reason
        "    return lambda: __import__('faeriell')\n"
    )
    assert [line for line, _ in function_imports(source)] == [6, 8, 9, 15]


def test_the_tools_help_loads_neither_the_bots_nor_pygame():
    """What the lazy imports of the command-line tools are for: --help answers without the bots,
    numpy or pygame (python -X importtime shows the same)."""
    probe = ("import runpy, sys\n"
             "sys.argv = [sys.argv[1], '--help']\n"
             "try:\n"
             "    runpy.run_path(sys.argv[0], run_name='__main__') if sys.argv[0].endswith('.py') \\\n"
             "        else runpy.run_module(sys.argv[0], run_name='__main__', alter_sys=True)\n"
             "except SystemExit:\n"
             "    pass\n"
             "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'pygame', 'pygame_gui', 'pytmx')\n"
             "               or m.startswith(('faeriell.bots', 'faeriell.ui', 'faeriell.analysis')))\n"
             "print('HEAVY', heavy, file=sys.stderr)\n")
    for entry in ("main.py", "faeriell.sim", "faeriell.review"):
        proc = subprocess.run([sys.executable, "-c", probe, entry], cwd=ROOT, capture_output=True, text=True,
                              timeout=120)
        assert proc.returncode == 0 and "usage" in proc.stdout.lower(), (entry, proc.stderr[-2000:])
        assert "HEAVY []" in proc.stderr, f"{entry} --help loads: {proc.stderr[-2000:]}"

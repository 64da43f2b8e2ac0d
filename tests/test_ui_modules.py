"""The UI's shared drawing is split by concern (issue 44): theme, text, canvas, controls, widgets.
Each module stays small with a one-line docstring of its concern, and the Text size has one owner
(text.SCALE), not a module-global list anyone may write."""
import ast
import re
from pathlib import Path

from faeriell.ui import text as UT
from faeriell.ui import widgets as W

ROOT = Path(__file__).resolve().parents[1]
MODULES = ("theme", "text", "canvas", "controls", "widgets")
CAP = 500                     # lines per module


def test_each_module_is_small_and_says_its_concern():
    for name in MODULES:
        path = ROOT / "faeriell" / "ui" / f"{name}.py"
        src = path.read_text(encoding="utf-8")
        assert len(src.splitlines()) <= CAP, f"{path.name} has {len(src.splitlines())} lines (cap {CAP})"
        doc = ast.get_docstring(ast.parse(src))
        assert doc and doc.splitlines()[0].strip(), f"{path.name} has no docstring"


def test_nothing_reads_the_old_text_scale_globals():
    old = re.compile(r"\b_(TEXT_SCALE|RESCALE_HOOKS)\b")
    here = Path(__file__).name
    hits = [f"{p.relative_to(ROOT)}:{i}" for folder in ("faeriell", "tests") for p in (ROOT / folder).rglob("*.py")
            if p.name != here for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if old.search(line)]
    assert hits == []
    assert not hasattr(UT, "_TEXT_SCALE") and not hasattr(W, "_TEXT_SCALE")


def test_the_text_scale_tells_its_listeners_and_largest_text_restores_it():
    told = []
    scale = UT.TextScale()
    scale.listen(lambda: told.append(scale.get()))
    assert scale.set(1.15) is True and scale.set(1.15) is False
    assert told == [1.15]
    assert scale.set_floor(UT.LEGIBLE_TEXT) is True and len(told) == 2
    saved = UT.SCALE.get()
    try:
        UT.set_text_scale(1.0)
        with UT.largest_text():
            assert UT.text_scale() == max(UT.UI_SCALES)
        assert UT.text_scale() == 1.0
        assert UT.set_text_scale(1.3) is True and UT.SCALE.get() == 1.3 and UT.scaled(20) == 26
    finally:
        UT.set_text_scale(saved)


def own_names(source: str) -> set[str]:
    """The names a module defines itself at its top level (a def, a class, an assignment)."""
    names = set()
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def widgets_reaches(source: str) -> list[tuple[str, int]]:
    """(name, line) for every name `source` takes from faeriell.ui.widgets: `W.name` after
    `from faeriell.ui import widgets as W` (or `import faeriell.ui.widgets as W`), and
    `from faeriell.ui.widgets import name`."""
    tree = ast.parse(source)
    aliases, found = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "faeriell.ui":
            aliases |= {a.asname or a.name for a in node.names if a.name == "widgets"}
        elif isinstance(node, ast.ImportFrom) and node.module == "faeriell.ui.widgets":
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.Import):
            aliases |= {a.asname for a in node.names if a.name == "faeriell.ui.widgets" and a.asname}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            found.append((node.attr, node.lineno))
    return found


def test_widgets_keeps_its_own_names_only():
    """Each moved name is imported from its owner (theme, text, canvas, controls): widgets.py no
    longer re-exports them, and no caller reaches one through it (a patch of `W.font` would patch
    a copy nobody calls)."""
    src = (ROOT / "faeriell" / "ui" / "widgets.py").read_text(encoding="utf-8")
    stars = [n.module for n in ast.walk(ast.parse(src)) if isinstance(n, ast.ImportFrom)
             and any(a.name == "*" for a in n.names)]
    assert stars == [], f"widgets.py re-exports with import *: {stars}"
    own = own_names(src)
    wrong = []
    for folder in ("faeriell", "tests", "tools", "bench"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for name, line in widgets_reaches(path.read_text(encoding="utf-8")):
                if name not in own:
                    wrong.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert wrong == [], "names reached through widgets.py that it does not define:\n  " + "\n  ".join(wrong)


def test_the_widgets_scan_finds_what_it_looks_for():
    src = ("from faeriell.ui import widgets as W\nfrom faeriell.ui.widgets import Container, font\n"
           "W.panel(s, r)\nW.font(12)\n")
    assert sorted(widgets_reaches(src)) == [("Container", 2), ("font", 2), ("font", 4), ("panel", 3)]
    assert {"Container", "panel", "shade", "iter_widgets"} <= own_names(
        (ROOT / "faeriell" / "ui" / "widgets.py").read_text(encoding="utf-8"))

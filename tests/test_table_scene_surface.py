"""The layers and the modules of the table reach the scene through its public names only (issue
44, item 1): no `scene._x`, `s._x` or `self.scene._x` outside faeriell/ui/table/scene.py, so the
scene can change inside without breaking a layer (or a test: `scene._base_key = None` quietly set
nothing once the scene's name for it changed; tests call `scene.redraw_base()`). Read with `ast`."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENE = ROOT / "faeriell" / "ui" / "table" / "scene.py"
HOLDERS = {"scene", "table", "sc"}          # what the table's modules call the scene


def _holds_scene(v, s_is_scene: bool, in_tests: bool) -> bool:
    """`v` is the table scene: scene, table, sc (s in the table's modules), x.table, self.scene in
    the ui (in the tests `app.scene` is whatever screen is open: there only the Table helper's t.scene)."""
    if isinstance(v, ast.Name):
        return v.id in HOLDERS or (s_is_scene and v.id == "s")
    if isinstance(v, ast.Attribute):
        if v.attr == "table":
            return True
        if v.attr == "scene":
            return not in_tests or (isinstance(v.value, ast.Name) and v.value.id in ("t", "t2"))
    return False


def private_reaches(source: str, s_is_scene: bool, in_tests: bool = False) -> list[tuple[str, int]]:
    """(name, line) for every private member read through a name that holds the scene."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")):
            continue
        if _holds_scene(node.value, s_is_scene, in_tests):
            found.append((node.attr, node.lineno))
    for node in ast.walk(ast.parse(source)):       # getattr(scene, "_x", ...) reaches it too
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr") \
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                and str(node.args[1].value).startswith("_") and not str(node.args[1].value).startswith("__") \
                and _holds_scene(node.args[0], s_is_scene, in_tests):
            found.append((node.args[1].value, node.lineno))
    return found


def test_nothing_outside_the_scene_reaches_its_private_members():
    wrong = []
    for folder in ("faeriell/ui", "bench", "tools", "tests"):     # a test that set scene._x would set nothing
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == SCENE:
                continue
            table_module = path.parent.name == "table"     # there `s` is the scene (s = self.scene)
            text = path.read_text(encoding="utf-8")
            for name, line in private_reaches(text, table_module, folder == "tests"):
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert wrong == [], "private members of the table scene reached from outside it:\n  " + "\n  ".join(wrong)


def test_the_scan_finds_what_it_looks_for():
    src = ("scene._p\nself.scene._sync()\ns._button('x')\nself._own\nscene.public\nscene.__class__\n"
           "getattr(scene, '_base_key', None)\n")
    assert private_reaches(src, True) == [("_p", 1), ("_sync", 2), ("_button", 3), ("_base_key", 7)]
    assert private_reaches(src, False) == [("_p", 1), ("_sync", 2), ("_base_key", 7)]

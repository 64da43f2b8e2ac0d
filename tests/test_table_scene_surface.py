"""The layers and the modules of the table reach the scene through its public names only (issue
44, item 1): no `scene._x`, `s._x` or `self.scene._x` outside faeriell/ui/table/scene.py, so the
scene can change inside without breaking a layer. Read with `ast`."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENE = ROOT / "faeriell" / "ui" / "table" / "scene.py"
HOLDERS = {"scene", "table", "sc"}          # what the table's modules call the scene


def private_reaches(source: str, s_is_scene: bool) -> list[tuple[str, int]]:
    """(name, line) for every private member read through a name that holds the scene."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")):
            continue
        v = node.value
        holder = (isinstance(v, ast.Name) and (v.id in HOLDERS or (s_is_scene and v.id == "s"))) or \
                 (isinstance(v, ast.Attribute) and v.attr in ("scene", "table"))
        if holder:
            found.append((node.attr, node.lineno))
    return found


def test_nothing_outside_the_scene_reaches_its_private_members():
    wrong = []
    for folder in ("faeriell/ui", "bench", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == SCENE:
                continue
            table_module = path.parent.name == "table"     # there `s` is the scene (s = self.scene)
            for name, line in private_reaches(path.read_text(encoding="utf-8"), table_module):
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert wrong == [], "private members of the table scene reached from outside it:\n  " + "\n  ".join(wrong)


def test_the_scan_finds_what_it_looks_for():
    src = "scene._p\nself.scene._sync()\ns._button('x')\nself._own\nscene.public\nscene.__class__\n"
    assert private_reaches(src, True) == [("_p", 1), ("_sync", 2), ("_button", 3)]
    assert private_reaches(src, False) == [("_p", 1), ("_sync", 2)]

"""Handlers that catch TypeError or AttributeError (issue 43): outside the ui, only where a library
raises them (json.dumps, PyYAML's constructors), each saying so in a comment at the handler.
Anywhere else such a handler hides a bug: a reader checks each value's shape before it reads it
(engine.position.SHAPES, engine.action_schema, the catalog's schema), and safe_read.MALFORMED, what
loaders catch on a value they cannot take, holds neither."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "faeriell"
CAUGHT = {"TypeError", "AttributeError"}

# file -> how many such handlers it keeps, and whose exception they catch
KEPT = {
    "faeriell/content/yaml_lines.py": 1,      # PyYAML's constructors
    "faeriell/practice/store.py": 1,          # json.dumps, str.encode
    "faeriell/engine/saves.py": 1,            # json.dumps
}


def _handlers():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("faeriell/ui/"):
            continue                         # the ui's handlers are decided with the ui (issue 43)
        text = path.read_text()
        lines = text.splitlines()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ExceptHandler) and node.type is not None:
                names = {n.id for n in ast.walk(node.type) if isinstance(n, ast.Name)}
                if names & CAUGHT:
                    head = lines[node.lineno - 1:node.body[0].lineno]
                    yield rel, node.lineno, any("#" in ln for ln in head)


def test_type_and_attribute_errors_are_caught_only_where_a_library_raises_them():
    found: dict[str, int] = {}
    for rel, _, _ in _handlers():
        found[rel] = found.get(rel, 0) + 1
    assert found == KEPT


def test_each_kept_handler_says_whose_exception_it_catches():
    silent = [f"{rel}:{line}" for rel, line, commented in _handlers() if not commented]
    assert silent == []


def test_malformed_data_is_no_type_or_attribute_error():
    from faeriell.safe_read import MALFORMED
    assert not CAUGHT & {e.__name__ for e in MALFORMED}

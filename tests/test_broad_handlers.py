"""A handler that catches TypeError or AttributeError says on its line, or the line below, what
raises it (issue 43 item 3): a library on data it is handed (json.dumps, PyYAML, float() of a
file's value, a file's sections of another shape). Caught silently, these two hide our own
mistakes, so a guard that only papers over a None or a missing field is written as a check instead.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROAD = {"TypeError", "AttributeError"}


def unexplained(source: str) -> list[int]:
    """Lines of `except` clauses in `source` that catch TypeError or AttributeError with no
    comment on the clause's line or the line after it."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ExceptHandler) or node.type is None:
            continue
        caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
        names = {c.id if isinstance(c, ast.Name) else c.attr if isinstance(c, ast.Attribute) else "" for c in caught}
        if names & BROAD:
            here = lines[node.lineno - 1]
            after = lines[node.lineno] if node.lineno < len(lines) else ""
            if "#" not in here and not after.strip().startswith("#"):
                found.append(node.lineno)
    return found


def test_every_broad_handler_says_what_raises():
    offenders = [f"{p.relative_to(ROOT).as_posix()}:{n}" for p in sorted((ROOT / "faeriell").rglob("*.py"))
                 for n in unexplained(p.read_text(encoding="utf-8"))]
    assert offenders == [], "TypeError/AttributeError caught with no word on what raises them:\n  " + "\n  ".join(offenders)


def test_the_scan_sees_a_bare_broad_handler_and_accepts_a_named_one():
    bare = "try:\n    f()\nexcept (KeyError, TypeError):\n    pass\n"
    named = "try:\n    f()\nexcept TypeError:     # json.dumps: a value it cannot write\n    pass\n"
    below = "try:\n    f()\nexcept AttributeError:\n    # a file's list where a mapping belongs\n    pass\n"
    narrow = "try:\n    f()\nexcept KeyError:\n    pass\n"
    assert unexplained(bare) == [3]
    assert unexplained(named) == unexplained(below) == unexplained(narrow) == []

"""The two documents the code cites live in docs/: every ruling number cited anywhere in the
repository is written in docs/RULINGS.md, and the example of docs/SCENARIOS.md is a scenario
that passes."""
from __future__ import annotations

import re
from pathlib import Path

from faeriell import scenario as runner

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\bR([1-9][0-9]?)\b")


def _cited_numbers() -> set[int]:
    found: set[int] = set()
    for folder, pattern in (("faeriell", "*.py"), ("tests", "*.py"), ("data", "*.yaml"), ("tests", "*.yaml")):
        for path in (ROOT / folder).rglob(pattern):
            found.update(int(n) for n in CITED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_cited_ruling_is_written_in_docs():
    text = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    written = {int(n) for n in re.findall(r"^\*\*R([0-9]+) ", text, re.M)}
    assert written == set(range(1, 61)), sorted(set(range(1, 61)) ^ written)
    cited = _cited_numbers()
    assert len(cited) > 40                       # the scan really reads the code's citations
    assert cited <= written, f"cited but not in docs/RULINGS.md: {sorted(cited - written)}"


def test_the_scenario_format_example_passes(tmp_path):
    text = (ROOT / "docs" / "SCENARIOS.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    sc = runner.load(path)
    assert runner.run(sc) is None
    assert len(sc.steps) >= 4


def test_readme_points_to_both_documents():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/RULINGS.md" in readme and "docs/SCENARIOS.md" in readme

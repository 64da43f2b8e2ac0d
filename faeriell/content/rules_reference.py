"""The rules reference: data/rules/reference.yaml as searchable sections (no pygame).

The table's Rules screen shows these; a refused move links to the section of its action kind.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from faeriell.content.yaml_lines import YamlError, plain, read_yaml
from faeriell.resources import resource_dir

# data/ as faeriell/resources.py finds it: the checkout's, an installed package's or a frozen build's
REFERENCE_PATH = resource_dir("data") / "rules" / "reference.yaml"
_FIELDS = {"id", "title", "group", "keywords", "kinds", "text"}


class ReferenceError(ValueError):
    """The reference file is broken: names the file and the section."""


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    group: str
    keywords: tuple[str, ...]
    kinds: tuple[str, ...]
    text: str

    def paragraphs(self) -> list[str]:
        return [p.strip() for p in re.split(r"\n\s*\n", self.text) if p.strip()]

    def haystack(self) -> str:
        return " ".join((self.title, " ".join(self.keywords), self.text)).lower()


def _section(raw, where: str) -> Section:
    if not isinstance(raw, dict):
        raise ReferenceError(f"{where}: a section must be a mapping")
    unknown = set(raw) - _FIELDS
    if unknown:
        raise ReferenceError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    for key in ("id", "title", "group", "text"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise ReferenceError(f"{where}: field {key!r} must be non-empty text")
    lists = {}
    for key in ("keywords", "kinds"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ReferenceError(f"{where} ({raw['id']}): field {key!r} must be a list of words")
        lists[key] = tuple(value)
    return Section(raw["id"], raw["title"].strip(), raw["group"].strip(), lists["keywords"],
                   lists["kinds"], raw["text"].strip())


def load_reference(path: Path | str = REFERENCE_PATH) -> tuple[Section, ...]:
    path = Path(path)
    try:        # checked and bounded like every data file (regular file, size, alias expansion: issue 15)
        data = plain(read_yaml(path, str(path), YamlError, "data"))
    except YamlError as exc:               # "file:line: what", from the reader
        raise ReferenceError(f"cannot read the rules reference: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list):
        raise ReferenceError(f"{path}: expected a mapping with a 'sections' list")
    sections = tuple(_section(raw, f"{path}: section {k + 1}") for k, raw in enumerate(data["sections"]))
    seen: set[str] = set()
    for s in sections:
        if s.id in seen:
            raise ReferenceError(f"{path}: section id {s.id!r} is used twice")
        seen.add(s.id)
    return sections


@lru_cache(maxsize=1)
def reference() -> tuple[Section, ...]:
    return load_reference()


def groups(sections=None) -> list[str]:
    """The chapters, in the file's order."""
    out: list[str] = []
    for s in sections or reference():
        if s.group not in out:
            out.append(s.group)
    return out


def search(query: str, sections=None) -> list[Section]:
    """Sections matching every word of `query`, best first (title, then keywords, then text)."""
    sections = sections or reference()
    words = [w for w in re.findall(r"[\w']+", query.lower()) if w]
    if not words:
        return list(sections)
    scored = []
    for order, s in enumerate(sections):
        hay = s.haystack()
        if not all(w in hay for w in words):
            continue
        title, keys = s.title.lower(), " ".join(s.keywords).lower()
        score = sum(4 * (w in title) + 2 * (w in keys) + hay.count(w) for w in words)
        scored.append((-score, order, s))
    return [s for _, _, s in sorted(scored, key=lambda t: (t[0], t[1]))]


def section_for_kind(kind: str, sections=None) -> Section | None:
    """The section that explains an action kind (for 'the rule behind' a refused move)."""
    for s in sections or reference():
        if kind in s.kinds:
            return s
    return None


def section_by_id(section_id: str, sections=None) -> Section | None:
    for s in sections or reference():
        if s.id == section_id:
            return s
    return None

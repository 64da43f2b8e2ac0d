"""YAML with line numbers: mappings and sequences remember the line of each key and item,
so every loader (catalog, scenarios, saves) can name file, line and field in its errors.

The loader is bounded: a file is read through faeriell.safe_read (a regular file within its
kind's size limit, UTF-8), nesting is limited while composing, and the document's size *with
aliases expanded* is counted before anything is built, so an alias bomb (nested anchors, each
alias repeating the one before) is refused in milliseconds instead of filling memory.
"""
from __future__ import annotations

from pathlib import Path

import yaml
from yaml.composer import ComposerError
from yaml.constructor import ConstructorError

from faeriell.safe_read import UnsafeFile, clip, read_text, MAX_NUMBER_CHARS

MAX_DEPTH = 40               # the shipped data nests 7 deep
MAX_NODES = 50_000           # counted with aliases expanded; the largest data file has ~900


class YamlError(ValueError):
    pass


class _Map(dict):
    line = 0
    lines: dict
    duplicates: list  # (key, line) of keys given twice; reported with their field path


class _Seq(list):
    line = 0
    lines: list


class _LineLoader(yaml.SafeLoader):
    """SafeLoader (no tags that run code) keeping lines, with nesting and expansion bounded."""

    _depth = 0
    _nodes = 0

    def compose_node(self, parent, index):
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise ComposerError(None, None, f"nested more than {MAX_DEPTH} levels deep",
                                    self.peek_event().start_mark)
            self._nodes += 1
            if self._nodes > MAX_NODES:
                raise ComposerError(None, None, f"more than {MAX_NODES} values in one file",
                                    self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_document(self):
        node = super().compose_document()
        _check_expansion(node)
        return node


def _check_expansion(root) -> None:
    """Refuse a document whose aliases, expanded, make it larger or deeper than the bounds (or
    refer to themselves). Each distinct node is measured once (memo), without recursion."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    stack = [(root, False)]
    open_nodes: set[int] = set()
    while stack:
        node, done = stack.pop()
        key = id(node)
        kids = _children(node)
        if done:
            open_nodes.discard(key)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            if size[key] > MAX_NODES:
                raise ComposerError(None, None, f"aliases expand to more than {MAX_NODES} values",
                                    node.start_mark)
            if depth[key] > MAX_DEPTH:
                raise ComposerError(None, None, f"aliases nest more than {MAX_DEPTH} levels deep",
                                    node.start_mark)
            continue
        if key in size:
            continue
        if key in open_nodes:
            raise ComposerError(None, None, "an alias refers to the value that contains it",
                                node.start_mark)
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((k, False) for k in kids if id(k) not in size)


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _bounded_number(constructor):
    def construct(loader, node):
        if len(str(node.value)) > MAX_NUMBER_CHARS:
            raise ConstructorError(None, None, f"a number of {len(node.value)} characters "
                                   f"(at most {MAX_NUMBER_CHARS})", node.start_mark)
        return constructor(loader, node)
    return construct


def _construct_map(loader: _LineLoader, node: yaml.MappingNode) -> _Map:
    loader.flatten_mapping(node)
    out = _Map()
    out.line, out.lines, out.duplicates = node.start_mark.line + 1, {}, []
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        if isinstance(key, (list, dict)):
            raise ConstructorError(None, None, "a key must be a name or a number, not a list or "
                                   "a mapping", key_node.start_mark)
        if key in out:
            out.duplicates.append((key, line))
            continue
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = line
    return out


def _construct_seq(loader: _LineLoader, node: yaml.SequenceNode) -> _Seq:
    out = _Seq(loader.construct_object(n, deep=True) for n in node.value)
    out.line, out.lines = node.start_mark.line + 1, [n.start_mark.line + 1 for n in node.value]
    return out


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_seq)
_LineLoader.add_constructor("tag:yaml.org,2002:int", _bounded_number(yaml.SafeLoader.construct_yaml_int))
_LineLoader.add_constructor("tag:yaml.org,2002:float", _bounded_number(yaml.SafeLoader.construct_yaml_float))


def read_yaml(path: Path, shown: str, error=YamlError, kind: str = "data"):
    """The YAML document of a file, or `error` naming file and line (never another exception)."""
    try:
        text = read_text(path, kind, shown)
    except UnsafeFile as exc:
        msg = str(exc)
        if msg.startswith(f"{shown}:") and msg[len(shown) + 1:len(shown) + 2].isdigit():
            raise error(msg) from None             # already "file:line: ..."
        raise error(f"{shown}:0: (file): {_after(msg, shown)}") from None
    return parse_yaml(text, shown, error)


def parse_yaml(text: str, shown: str, error=YamlError):
    try:
        loader = _LineLoader(text)            # the reader refuses control characters here already
    except yaml.YAMLError as exc:
        raise error(f"{shown}:0: (yaml): {clip(str(exc).splitlines()[0])}") from None
    loader.name = shown
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        what = "syntax error: " if isinstance(exc, (yaml.scanner.ScannerError, yaml.parser.ParserError)) else ""
        raise error(f"{shown}:{line}: (yaml): {what}{clip(exc.problem or exc)}") from None
    except yaml.YAMLError as exc:
        raise error(f"{shown}:0: (yaml): {clip(exc)}") from None
    except (RecursionError, MemoryError, ValueError, TypeError, OverflowError) as exc:
        # PyYAML's constructors raise these on values they cannot build (a date out of range,
        # an unhashable mapping key, deep nesting), not a YAMLError
        raise error(f"{shown}:0: (yaml): cannot be read ({type(exc).__name__})") from None
    finally:
        loader.dispose()


def _after(msg: str, shown: str) -> str:
    """The reason of an UnsafeFile message, without the file name it starts with."""
    for lead in (f"{shown}: ", f"{shown} "):
        if msg.startswith(lead):
            return msg[len(lead):]
    return msg


def plain(value):
    """Drop the line bookkeeping: plain dicts and lists for the Catalog."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value



"""YAML with line numbers: mappings and sequences remember the line of each key and item,
so every loader (catalog, scenarios, saves) can name file, line and field in its errors."""
from __future__ import annotations

from pathlib import Path

import yaml


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
    pass


def _construct_map(loader: _LineLoader, node: yaml.MappingNode) -> _Map:
    loader.flatten_mapping(node)
    out = _Map()
    out.line, out.lines, out.duplicates = node.start_mark.line + 1, {}, []
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
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


def read_yaml(path: Path, shown: str, error=YamlError):
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{shown}:0: (file): cannot read: {exc.strerror}") from None
    loader = _LineLoader(text)
    loader.name = shown
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise error(f"{shown}:{line}: (yaml): syntax error: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise error(f"{shown}:0: (yaml): {exc}") from None
    finally:
        loader.dispose()


def plain(value):
    """Drop the line bookkeeping: plain dicts and lists for the Catalog."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value



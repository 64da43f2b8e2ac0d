"""`mypyc_attr`, the mark a mypyc build (tools/build_engine.py) reads: `@mypyc_attr(native_class=False)`
keeps a class a plain Python class when compiled, `allow_interpreted_subclasses=True` lets Python
code subclass a native one (core.Game). The game does not need mypy_extensions, which brings it;
without the package the mark does nothing."""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_C = TypeVar("_C")

try:
    from mypy_extensions import mypyc_attr
except ImportError:     # pragma: no cover - mypy_extensions comes with mypy
    def mypyc_attr(*args: object, **kwargs: object) -> Callable[[_C], _C]:  # type: ignore[misc]
        return lambda c: c

__all__ = ["mypyc_attr"]

"""Memos of drawn surfaces, bounded by the bytes of their pixels.

`functools.lru_cache(maxsize=4096)` bounds a cache by its number of entries, but a text surface
may weigh 1 KB or 200 KB and SDL's pixel memory is invisible to tracemalloc: over a long session
the table's caches filled to tens of MB (issue 15). A SurfaceCache forgets the least recently
used surfaces once their pixels pass `max_bytes` (or the entries pass `max_items`).

    @surface_cache(max_bytes=6 << 20)
    def text(s, size, color): ...

    surface_cache_bytes()        # pixels held by every cache, for bench/memory.py
"""
from __future__ import annotations

import functools
from collections import OrderedDict

import pygame

CACHES: list[SurfaceCache] = []


def surface_bytes(s) -> int:
    if not isinstance(s, pygame.Surface):
        return 64                    # not a surface: count it as small
    return s.get_pitch() * s.get_height()


class SurfaceCache:
    def __init__(self, fn, max_bytes: int, max_items: int):
        self.fn = fn
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.entries: OrderedDict = OrderedDict()
        self.bytes = 0
        functools.update_wrapper(self, fn)
        CACHES.append(self)

    def __call__(self, *args, **kwargs):
        key = args if not kwargs else args + (object, *sorted(kwargs.items()))
        entries = self.entries
        found = entries.get(key)
        if found is not None:
            entries.move_to_end(key)
            return found[0]
        value = self.fn(*args, **kwargs)
        size = surface_bytes(value)
        entries[key] = (value, size)
        self.bytes += size
        while entries and (self.bytes > self.max_bytes or len(entries) > self.max_items):
            _, (_, old) = entries.popitem(last=False)
            self.bytes -= old
        return value

    def cache_clear(self) -> None:
        self.entries.clear()
        self.bytes = 0

    def cache_info(self) -> tuple[int, int]:
        """(entries, bytes of pixels)."""
        return len(self.entries), self.bytes


def surface_cache(max_bytes: int = 4 << 20, max_items: int = 2048):
    def wrap(fn):
        return SurfaceCache(fn, max_bytes, max_items)
    return wrap


def surface_cache_bytes() -> int:
    return sum(c.bytes for c in CACHES)

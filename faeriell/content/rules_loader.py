"""The engine's static rules, built from the shipped map and data (outside the engine)."""
from __future__ import annotations

from functools import lru_cache

from faeriell.engine.rules import Rules

from .catalog_loader import default_catalog, load_catalog


@lru_cache(maxsize=4)
def default_rules(map_path: str | None = None, data_dir: str | None = None) -> Rules:
    from .map_loader import default_board, load_board  # lazy: the map is read with pytmx, which loads pygame
    board = load_board(map_path) if map_path else default_board()
    catalog = load_catalog(data_dir) if data_dir else default_catalog()
    return Rules(board, catalog)

"""The screen's thin adapter to faeriell.analysis's sharing, and the clipboard.

The screen keeps its tree as lines.Lines (rooted at any Game: a decision half made included);
faeriell.analysis's Tree is rooted at a written Position. to_tree / from_tree turn one into the
other by replaying the moves through the engine, so export and import stay theirs.

The clipboard is pygame-ce's (pygame.scrap); where there is none (no display, a driver without
one) the text is kept in this window and the screen says so.
"""
from __future__ import annotations

import logging

import pygame

from faeriell import analysis as an
from faeriell.ui.analysis.lines import Lines, Node

log = logging.getLogger(__name__)
_KEPT: list[str] = []          # the window's own clipboard when the system's cannot be reached


def to_tree(lines: Lines) -> an.Tree:
    """faeriell.analysis's Tree of these lines (every branch, the main line first, the chances
    kept, the current node the same). Raises AnalysisError when the root cannot be written."""
    tree = an.Tree.from_game(lines.root_game)
    tree.before = lines.before.copy() if lines.before is not None else None
    ids: dict[int, int] = {id(lines.root): 0}
    current = 0

    def copy(node: Node) -> None:
        nonlocal current
        for child in node.children:
            tree.jump(ids[id(node)])
            assert child.action is not None         # only the root has no move
            made = tree.play(child.action)
            ids[id(child)] = made.id
            if child.chance is not None:
                tree.set_chance(made.id, child.chance)
            if child is lines.current:
                current = made.id
            copy(child)
    copy(lines.root)
    tree.jump(current)
    return tree


def from_tree(tree: an.Tree, chance=None) -> Lines:
    """Lines of faeriell.analysis's Tree (its root's game, every move replayed)."""
    lines = Lines(tree.game(0), chance=chance)
    lines.before = tree.before.copy() if tree.before is not None else None

    def copy(nid: int, node: Node) -> None:
        for cid in tree.nodes[nid].children:
            lines.jump(node)
            action = tree.nodes[cid].action
            assert action is not None               # only the root has no move
            made = lines.play(action)
            copy(cid, made)
    copy(0, lines.root)
    lines.jump(lines.root)
    return lines


# ---------------------------------------------------------------- the clipboard
def _scrap_ready() -> bool:
    """pygame-ce's put_text / get_text need a window (SDL's clipboard), no init of their own."""
    try:
        return bool(pygame.display.get_init() and pygame.display.get_surface() is not None)
    except pygame.error:
        return False


def copy_text(text: str) -> bool:
    """Put `text` on the clipboard; False when only this window keeps it."""
    _KEPT[:] = [text]
    if not _scrap_ready():
        return False
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, NotImplementedError) as e:
        log.info("the clipboard refused the text: %s", e)
        return False


def paste_text() -> str:
    """The clipboard's text ("" when it holds none); this window's own copy when the system's
    clipboard cannot be read."""
    if _scrap_ready():
        try:
            got = pygame.scrap.get_text()
            if got:
                return str(got)
        except (pygame.error, NotImplementedError) as e:
            log.info("the clipboard could not be read: %s", e)
    return _KEPT[0] if _KEPT else ""

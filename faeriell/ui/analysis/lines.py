"""The moves played on the analysis board as a tree of variations (no pygame).

The root is a Game (a position built in the editor, a file, or a copy of a game in play); a node
is one move after its parent. Playing a move that a child already is goes to that child, else a
new branch is added. The game at a node is the root's copy with the path's moves applied: the
engine's own apply, so a node holds only what the engine accepted.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable

from faeriell.engine import Action, Game
from faeriell.analysis import shown_chance


def chance_of(game: Game, seat: int) -> float:
    """The figure beside each node: the coach's chance (faeriell.analysis.shown_chance), the
    very figure the coach panel gives for the same move."""
    return shown_chance(game, seat)


@dataclass(eq=False)
class Node:
    action: Action | None                 # None: the root
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    mover: int | None = None              # the seat that made the move
    chance: float | None = None           # the coach's chance for the mover after it

    def path(self) -> list[Node]:
        out: list[Node] = []
        n: Node | None = self
        while n is not None and n.action is not None:
            out.append(n)
            n = n.parent
        return out[::-1]

    def depth(self) -> int:
        return len(self.path())


class Lines:
    def __init__(self, root_game: Game, chance: Callable[[Game, int], float] | None = None):
        self.root_game = root_game.copy()
        self.root = Node(None)
        self.current = self.root
        self._games: dict[int, Game] = {id(self.root): self.root_game}
        self._chance = chance
        # the game that led to the root ("Analyse from here", a save opened): the save of the
        # game so far starts with it (analysis.so_far); None for a position set up or a scenario
        self.before: Game | None = None

    # ---- the game at a node ------------------------------------------------------------------
    def game_at(self, node: Node | None = None) -> Game:
        """A fresh copy of the game at `node` (the current one by default)."""
        node = node or self.current
        got = self._games.get(id(node))
        if got is None:
            assert node.action is not None          # the root's game is stored from the start
            g = self.game_at(node.parent).copy() if node.parent is not None else self.root_game.copy()
            g.apply(node.action)
            self._games[id(node)] = got = g
        return got.copy()

    def actions(self, node: Node | None = None) -> list[Action]:
        return [n.action for n in (node or self.current).path() if n.action is not None]

    # ---- playing and stepping ----------------------------------------------------------------
    def play(self, action: Action, after: Game | None = None) -> Node:
        """The move `action` from the current node (an existing child, else a new branch);
        `after`: the game once it was played, when the caller has it already."""
        for child in self.current.children:
            if child.action == action:
                self.current = child
                return child
        before = self._games.get(id(self.current))
        mover = before.acting if before is not None else None
        node = Node(action, self.current, mover=mover)
        self.current.children.append(node)
        if after is not None:
            self._games[id(node)] = after.copy()
        if self._chance is not None and mover is not None:
            try:
                node.chance = self._chance(self._games.get(id(node)) or self.game_at(node), mover)
            except (ValueError, KeyError, IndexError):
                node.chance = None           # a mode the model does not know: no figure shown
        self.current = node
        return node

    def back(self) -> bool:
        if self.current.parent is None:
            return False
        self.current = self.current.parent
        return True

    def forward(self) -> bool:
        if not self.current.children:
            return False
        self.current = self.current.children[0]
        return True

    def sibling(self, step: int) -> bool:
        """Up/Down: the branch beside this one (another move from the same position)."""
        parent = self.current.parent
        if parent is None or len(parent.children) < 2:
            return False
        k = parent.children.index(self.current)
        j = max(0, min(len(parent.children) - 1, k + step))
        if j == k:
            return False
        self.current = parent.children[j]
        return True

    def jump(self, node: Node) -> None:
        self.current = node

    def delete(self, node: Node | None = None) -> bool:
        """Take `node` and every move after it off the tree (the root stays); the current node
        moves to its parent when it was inside."""
        node = node or self.current
        if node.parent is None:
            return False
        inside: Node | None = self.current
        while inside is not None and inside is not node:
            inside = inside.parent
        node.parent.children.remove(node)
        for n in self.walk(node):
            self._games.pop(id(n), None)
        if inside is node:
            self.current = node.parent
        return True

    # ---- reading -----------------------------------------------------------------------------
    def walk(self, node: Node | None = None):
        node = node or self.root
        yield node
        for c in node.children:
            yield from self.walk(c)

    def rows(self) -> list[tuple[Node, int]]:
        """Every move as (node, indent): the main line of a node at its indent, each other
        branch one deeper, listed after the line it leaves."""
        out: list[tuple[Node, int]] = []

        def emit(node: Node, indent: int) -> None:
            for k, child in enumerate(node.children):
                d = indent if k == 0 else indent + 1
                out.append((child, d))
                emit(child, d)
        emit(self.root, 0)
        return out

    def branches(self) -> int:
        return sum(max(0, len(n.children) - 1) for n in self.walk()) + 1

"""A tree of variations from a root position: each node below the root holds one engine move.

    tree = Tree(position)                 # or Tree.from_game(game)
    node = tree.play(action)              # a new child of the current node, or the existing one
    tree.back(); tree.forward()           # to the parent; to the first child (the main line)
    tree.jump(node.id); tree.delete(node.id); tree.promote(node.id)
    tree.game()                           # the Game at the current node (a copy: yours to change)
    tree.main_line()                      # the nodes of the main line, root's child first

Every move is asked of the engine (Game.why_not, then apply): a refused move raises
AnalysisError with the engine's reason in the game's words, and the tree stays as it was.

The Game at a node is the root position's build with the moves of its line replayed: exact,
because the generator rides in the state (R36), so a scenario or a save written from the tree
plays the same. Replaying a long line at every step would cost its length in
moves, so games are cached (CACHE copies, the most recently used kept); a lookup replays only from
the nearest cached ancestor, and hands out a copy so the cache is never changed by its reader.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field

from faeriell.engine.actions import Action
from faeriell.engine.core import Game
from faeriell.engine.describe import describe
from faeriell.engine.names import Names

from .position import AnalysisError, Position, build, from_game, _rules

CACHE = 24          # games kept; each is a few tens of KB


@dataclass
class Node:
    id: int
    parent: int | None
    action: Action | None = None       # None only at the root
    text: str = ""                        # the move in the game's words (engine.describe)
    player: int | None = None          # the seat that made the move (from 0)
    children: list[int] = field(default_factory=list)    # the first is the main line
    chance: float | None = None        # the coach's win chance for the mover after it, if asked


def board_game(game: Game, rules=None) -> Game:
    """The Game the board plays a live moment on: its written position built anew, so the bag's
    and the decks' order are the position's own (from its seed), never the live game's. Every
    Tree of that moment is rooted at this game, so lines played on it export exactly (a line
    played on the live game itself may meet other draws once exported). AnalysisError at a
    moment the board cannot hold (position.representable)."""
    return build(from_game(game), rules or game.rules, check=True)


class Tree:
    def __init__(self, root: Position, rules=None) -> None:
        """The root position must pass the position check (PositionError, the engine's words)."""
        self.rules = rules or _rules()
        self.root = root
        g = build(root, self.rules, check=True)
        self.names = Names.of(self.rules)
        self.nodes: dict[int, Node] = {0: Node(0, None)}
        self.current = 0
        self._next = 1
        self._cache: OrderedDict[int, Game] = OrderedDict({0: g})
        # the game that led to the root, when the tree was opened on one ("Analyse from here", a
        # save): its origin and moves, so a save of the game so far holds the whole game
        self.before: Game | None = None

    @classmethod
    def from_game(cls, game: Game) -> Tree:
        """A tree rooted at this live game's moment. Its hidden things (the bag's and the decks'
        order) are dealt anew by the position's build, never the live game's: a line tried here
        must not show the cards a game still hides, and every tree then exports exactly."""
        tree = cls(from_game(game), game.rules)
        tree.before = game.copy()
        return tree

    # ---------------------------------------------------------------- reading
    def node(self, node_id: int) -> Node:
        try:
            return self.nodes[node_id]
        except KeyError:
            raise AnalysisError("That move is no longer in the tree.") from None

    def path(self, node_id: int | None = None) -> list[Node]:
        """The nodes from the root's first child down to `node_id` (default: the current node)."""
        n = self.node(self.current if node_id is None else node_id)
        out = []
        while n.parent is not None:
            out.append(n)
            n = self.nodes[n.parent]
        return out[::-1]

    def line(self, node_id: int | None = None) -> list[Action]:
        """The moves from the root to `node_id`."""
        return [n.action for n in self.path(node_id) if n.action is not None]

    def main_line(self) -> list[Node]:
        """The first child of each node from the root down."""
        out = []
        n = self.nodes[0]
        while n.children:
            n = self.nodes[n.children[0]]
            out.append(n)
        return out

    def game(self, node_id: int | None = None) -> Game:
        """The Game at `node_id` (default: the current node); a copy the caller may change."""
        nid = self.current if node_id is None else node_id
        path = [0] + [n.id for n in self.path(nid)]
        k = len(path) - 1
        while path[k] not in self._cache:
            k -= 1
        g = self._cache[path[k]].copy()
        self._cache.move_to_end(path[k])
        for step in path[k + 1:]:
            g.apply(self.nodes[step].action)      # type: ignore[arg-type]
            self._remember(step, g.copy())
        return g

    def _remember(self, nid: int, g: Game) -> None:
        self._cache[nid] = g
        self._cache.move_to_end(nid)
        while len(self._cache) > CACHE:
            oldest = next(k for k in self._cache if k != 0)      # the root is never dropped
            del self._cache[oldest]

    # ---------------------------------------------------------------- moving about
    def play(self, action: Action | dict) -> Node:
        """Play `action` at the current node: follow the child holding the same move, or add one.
        The engine decides: a refused move raises AnalysisError (its reason, the game's words)."""
        a = action if isinstance(action, Action) else Action.from_dict(action)
        here = self.nodes[self.current]
        for c in here.children:
            if self.nodes[c].action == a:
                self.current = c
                return self.nodes[c]
        g = self.game()
        reason = g.why_not(a)           # refuses in words what it cannot read, never raises
        if reason is not None:
            raise AnalysisError(self.names.text(str(reason)), rule_kind=a.kind)
        player = g.acting
        tribe_ids = [t.id for t in g.state.tribes]
        text = describe(a, self.names, tribe_ids)
        g.apply(a)
        node = Node(self._next, self.current, a, text, player)
        self._next += 1
        self.nodes[node.id] = node
        here.children.append(node.id)
        self._remember(node.id, g)
        self.current = node.id
        return node

    def back(self) -> Node:
        n = self.nodes[self.current]
        if n.parent is not None:
            self.current = n.parent
        return self.nodes[self.current]

    def forward(self) -> Node:
        n = self.nodes[self.current]
        if n.children:
            self.current = n.children[0]
        return self.nodes[self.current]

    def jump(self, node_id: int) -> Node:
        self.current = self.node(node_id).id
        return self.nodes[self.current]

    def delete(self, node_id: int) -> None:
        """Delete the branch from `node_id` down (the root stays); the current node moves up out
        of it if it was inside."""
        n = self.node(node_id)
        if n.parent is None:
            raise AnalysisError("The starting position cannot be deleted.")
        gone = self._subtree(node_id)
        if self.current in gone:
            self.current = n.parent
        self.nodes[n.parent].children.remove(node_id)
        for k in gone:
            del self.nodes[k]
            self._cache.pop(k, None)

    def promote(self, node_id: int) -> None:
        """Make the line to `node_id` the main line: each node on it becomes its parent's first child."""
        n = self.node(node_id)
        while n.parent is not None:
            siblings = self.nodes[n.parent].children
            siblings.remove(n.id)
            siblings.insert(0, n.id)
            n = self.nodes[n.parent]

    def _subtree(self, node_id: int) -> set[int]:
        out, todo = set(), [node_id]
        while todo:
            k = todo.pop()
            out.add(k)
            todo.extend(self.nodes[k].children)
        return out

    def set_chance(self, node_id: int, chance: float | None) -> None:
        self.node(node_id).chance = chance

"""Share an analysis: a scenario file (SCENARIOS.md) with the tree's main line as `do` steps, a save
of the game so far; open a scenario file, a save or pasted text back into the board.

Every import is read as the game reads any file: the same size limits (faeriell.safe_read), the
scenario reader's and the save reader's one-line refusals naming file, line and field (pasted
text is named "pasted text"). Writing never replaces a file unless `replace=True` (the screen
asks the player first).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from faeriell.engine.action_schema import file_number
from faeriell.engine.actions import Action
from faeriell.engine.core import Game
from faeriell.engine.position import PositionError
from faeriell.engine.core import IllegalAction
from faeriell.engine.saves import SaveError, load as load_save_data, parse as parse_save, rebuild
from faeriell.engine.view import resolve
from faeriell.safe_read import LIMITS, MALFORMED, UnsafeFile, clip, why_not_readable, read_text
from faeriell.scenario import ScenarioError, load as load_scenario, loads as loads_scenario, start as start_scenario
from faeriell.storage.atomic import atomic_write
from faeriell.storage.saves import FileServiceError, save_game

from .edit import settle
from .position import (AnalysisError, Fault, Position, empty_position, from_game, representable, to_sections,
                       _rules)
from .tree import Tree

PASTED = "pasted text"
# What the exported scenario checks at the end of its main line (SCENARIOS.md state paths).
EXPECT_PATHS = ("round", "doom", "active_player", "phase")


@dataclass
class AnalysisStart:
    """What the analysis board opens on: the position, its tree (the main line from a scenario's
    `do` steps, or a lone root), where it came from ("" for an empty board) and its kind
    ("empty", "scenario", "save", "game")."""
    position: Position
    tree: Tree
    source: str = ""
    kind: str = "empty"
    name: str = ""
    note: str = ""            # what the panel should say about where it opened (one line, or "")


# ---------------------------------------------------------------- export
def scenario_data(tree: Tree, name: str = "Analysis", rules_text: str = "") -> dict:
    """The scenario (a plain mapping in SCENARIOS.md's shape): the root position, the main
    line as `do` steps, and an `expect` of where that line ends."""
    sec = to_sections(tree.root)
    steps: list[dict] = []
    line = tree.main_line()
    for node in line:
        d = node.action.to_dict() if node.action is not None else {}
        if node.player is not None and "player" not in d:
            d["player"] = file_number(node.player)      # the seat as the file counts it, last as before
        steps.append({"do": d})
    end = tree.game(line[-1].id if line else 0)
    steps.append({"expect": {p: resolve(end, p) for p in EXPECT_PATHS}})
    data: dict = {"name": name or "Analysis"}
    if rules_text:
        data["rules"] = rules_text
    data.update(sec)
    data["steps"] = steps
    return data


def scenario_text(tree: Tree, name: str = "Analysis", rules_text: str = "") -> str:
    """The scenario as YAML text (for a file or the clipboard)."""
    return yaml.safe_dump(scenario_data(tree, name, rules_text), sort_keys=False, allow_unicode=True,
                          default_flow_style=None, width=100)


def write_scenario(tree: Tree, path: str | os.PathLike, name: str = "Analysis", replace: bool = False) -> Path:
    """Write the scenario file; an existing file is replaced only with `replace=True`.
    Raises AnalysisError (one line) when it cannot."""
    p = Path(path)
    if os.path.lexists(p) and not replace:
        raise AnalysisError(f"{clip(p.name, 80)} already exists. Replace it?")
    if os.path.lexists(p) and (p.is_symlink() or not p.is_file()):
        raise AnalysisError(f"{clip(p.name, 80)} is not a plain file; choose another name.")
    try:
        return atomic_write(p, scenario_text(tree, name))
    except OSError as e:
        raise AnalysisError(f"Could not write {clip(p.name, 80)}: {clip(e.strerror or e, 200)}") from None


def game_so_far(tree: Tree, node_id: int | None = None) -> Game:
    """The game so far at `node_id` (default: the current node), as a player means it: the whole
    game that led to the board (tree.before: "Analyse from here" or an opened save, with every
    move since its start) and then the moves of the explored line to the node. A tree with no
    game before it (an empty board, a scenario, a position set up in the editor) starts at its
    root position, as a scenario does. See so_far for a line the real game cannot follow."""
    return so_far(tree, node_id)[0]


def so_far(tree: Tree, node_id: int | None = None) -> tuple[Game, int, int]:
    """(the game so far, moves of the line it holds, moves of the line). The line was played on
    the board's own dealing of the hidden things (tree.py: never the real game's); on the real
    game a move that met other draws may be refused there: the game then stops before it."""
    line = tree.line(node_id)
    if tree.before is None:
        return tree.game(node_id), len(line), len(line)
    g = tree.before.copy()
    for k, action in enumerate(line):
        if g.why_not(action) is not None:
            return g, k, len(line)
        nxt = g.copy()
        try:
            nxt.apply(action)
        except (IllegalAction, *MALFORMED):     # a file's move the check let through but the engine
            return g, k, len(line)              # cannot perform (as saves.replay catches)
        g = nxt
    return g, len(line), len(line)


def write_save(tree: Tree, path: str | Path | None = None, name: str | None = None,
               node_id: int | None = None, replace: bool = False) -> Path:
    """Save the game so far (game_so_far; storage.saves.save_game: its folder, names and
    refusals). Raises AnalysisError with the one-line reason."""
    try:
        return save_game(game_so_far(tree, node_id), path=path, name=name, replace=replace)
    except FileServiceError as e:
        raise AnalysisError(clip(e, 300)) from None


# ---------------------------------------------------------------- import
def import_file(path: str | os.PathLike, rules=None) -> AnalysisStart:
    """Open a scenario file (.yaml/.yml, or YAML text) or a save (.json, or JSON text).
    Raises AnalysisError: one line naming the file (and line and field where there is one)."""
    p = Path(str(path)).expanduser()
    shown = str(path)
    if not os.path.lexists(p):
        raise AnalysisError(f"{clip(shown)}: no such file")
    kind = "save" if p.suffix.lower() == ".json" else "scenario"
    problem = why_not_readable(p, kind)
    if problem:
        raise AnalysisError(clip(problem, 300))
    try:
        text = read_text(p, kind, shown)
    except (UnsafeFile, OSError) as e:
        raise AnalysisError(clip(e, 300)) from None
    return _import(text, shown, rules, path=p)


def import_text(text: str, rules=None, shown: str = PASTED) -> AnalysisStart:
    """Open pasted text: a scenario (YAML) or a save (JSON), refused as a file of that kind
    would be (the same size limit, file named `shown`)."""
    if not isinstance(text, str):
        raise AnalysisError(f"{shown}: not text")
    raw = text.encode("utf-8", "surrogatepass")
    kind = "save" if text.lstrip().startswith("{") else "scenario"
    if len(raw) > LIMITS[kind]:
        raise AnalysisError(f"{shown}: too large for a {kind} ({len(raw)} bytes; at most {LIMITS[kind]})")
    if not text.strip():
        raise AnalysisError(f"{shown}: empty: paste a scenario or a saved game")
    return _import(text, shown, rules)


def _import(text: str, shown: str, rules, path: Path | None = None) -> AnalysisStart:
    rules = rules or _rules()
    if text.lstrip().startswith("{"):
        return _import_save(text, shown, rules)
    return _import_scenario(text, shown, rules, path)


def _import_save(text: str, shown: str, rules) -> AnalysisStart:
    try:
        g = load_save_data(rules, parse_save(text))
    except (SaveError, UnsafeFile) as e:
        raise AnalysisError(f"{clip(shown)}: {clip(e, 300)}") from None
    except MALFORMED as e:      # a save's value its checks let through that the engine cannot take
        raise AnalysisError(f"{clip(shown)}: not a saved game ({type(e).__name__})") from None
    try:
        st = open_game(g)          # a save made mid-decision opens at the last moment it can
    except (AnalysisError, PositionError) as e:
        raise AnalysisError(f"{clip(shown)}: {clip(e, 250)}") from None
    return AnalysisStart(st.position, st.tree, shown, "save", Path(shown).stem, note=st.note)


def _import_scenario(text: str, shown: str, rules, path: Path | None) -> AnalysisStart:
    try:
        sc = load_scenario(path) if path is not None else loads_scenario(text, shown)
        g = start_scenario(sc, rules)
    except ScenarioError as e:
        raise AnalysisError(clip(e, 300)) from None
    try:
        root = from_game(g)
        decks = sc.board.get("decks")
        if isinstance(decks, dict) and decks:       # the file fixes its draws: keep them
            root = root.replace(board=replace(root.board, decks={str(c): tuple(map(str, v or ()))
                                                                 for c, v in decks.items()}))
        # said one way, as an edit is: a file whose Herb row is short gets it refilled, as the
        # engine does whenever a tribe's Herbs are written
        settled = settle(root, rules)
        if isinstance(settled, Fault):
            raise AnalysisError(settled.message)
        root = settled
        tree = Tree(root, rules)
    except (AnalysisError, PositionError) as e:
        raise AnalysisError(f"{clip(shown)}: position: {clip(e, 250)}") from None
    for kind, value, line in sc.steps:
        if kind == "draw":          # forced draws change what the moves after them meet
            raise AnalysisError(f"{clip(shown)}:{line}: steps: a scenario with forced draws cannot open "
                                "on the analysis board")
        if kind != "do":
            continue
        d = {k: v for k, v in value.items() if k != "player"}
        try:
            tree.play(Action.from_dict(d))
        except AnalysisError as e:
            raise AnalysisError(f"{clip(shown)}:{line}: steps: {clip(e, 250)}") from None
        except MALFORMED as e:  # a step the engine cannot take as a move
            raise AnalysisError(f"{clip(shown)}:{line}: steps: not a move ({type(e).__name__})") from None
    tree.jump(0)
    return AnalysisStart(root, tree, shown, "scenario", sc.name)


def open_start(path: str | os.PathLike | None = None, rules=None) -> AnalysisStart:
    """What `python main.py --analysis [FILE]` opens: an empty board (two players, competitive),
    or FILE as a scenario or a save. Raises AnalysisError with one line naming the file."""
    if path is None or str(path) == "":
        rules = rules or _rules()
        pos = empty_position(rules=rules)
        return AnalysisStart(pos, Tree(pos, rules), "", "empty")
    return import_file(path, rules)


def open_game(game: Game, earlier_ok: bool = True) -> AnalysisStart:
    """"Analyse from here": the board on a live game's moment (the table, the replay, the review).
    A moment the board cannot hold (a decision half made, an Event Phase under way) opens at the
    latest one before it that it can, when `earlier_ok`, and `note` says so; else, or when there
    is none, AnalysisError."""
    why = representable(game)
    if why is None:
        tree = Tree.from_game(game)
        return AnalysisStart(tree.root, tree, "", "game")
    if not earlier_ok:
        raise AnalysisError(why)
    earlier, back = last_representable(game)
    if earlier is None:
        raise AnalysisError(why)
    tree = Tree.from_game(earlier)
    note = (f"The board opens {back} move{'s' if back != 1 else ''} earlier, the last moment it can show: "
            "a decision or an Event Phase was under way.")
    return AnalysisStart(tree.root, tree, "", "game", note=note)


def last_representable(game: Game) -> tuple[Game | None, int]:
    """The latest moment of `game`'s history the board can hold, and how many moves before the
    end it is: the game replayed from its origin (engine.saves.rebuild), move by move."""
    try:
        g = rebuild(game.rules, game.origin)
    except SaveError:
        return None, 0
    best: Game | None = None
    back = 0
    total = len(game.history)
    for k, entry in enumerate(game.history):
        if representable(g) is None:
            best, back = g.copy(), total - k
        try:
            g.apply(entry["action"])
        except (IllegalAction, *MALFORMED):     # a loaded save's move the engine cannot perform
            return best, back
    return best, back

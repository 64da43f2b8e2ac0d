"""Run scenario files (docs/SCENARIOS.md): `python -m faeriell.scenario FILE_OR_DIR...`

One line per scenario, `PASS name` or `FAIL name: step N: what differed`; exit 0 when all pass,
1 when one fails, 2 with file, line and field when a file is not a valid scenario.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from faeriell.content.rules_loader import default_rules
from faeriell.content.yaml_lines import parse_yaml, read_yaml, plain
from faeriell.engine.action_schema import action_problem
from faeriell.safe_read import MALFORMED, clip
from faeriell.engine import Action, IllegalAction, build_position, PositionError, matches
from faeriell.engine.state import to_dict
from faeriell.engine.view import resolve, holds, PathError
from faeriell.puzzles.goal import Goal, GoalError, PuzzleMeta

STEP_KINDS = ("do", "reject", "legal", "illegal", "expect", "draw")
TOP_KEYS = {"name", "rules", "setup", "board", "tribes", "turn", "steps", "goal", "description", "solution",
            "puzzle", "wrong"}
SETUP_KEYS = {"players", "mode", "difficulty", "variants", "seed", "position"}


class ScenarioError(ValueError):
    """A file that is not a valid scenario: the message names file, line and field."""


@dataclass
class Scenario:
    name: str
    path: str
    setup: dict
    board: dict
    tribes: list
    turn: dict
    steps: list                        # (kind, value, line)
    rules: str = ""
    description: str = ""
    goal: dict = field(default_factory=dict)
    solution: list = field(default_factory=list)
    lines: dict = field(default_factory=dict)     # line of each top-level field, for errors
    puzzle: dict = field(default_factory=dict)      # a puzzle's theme, level and hint (faeriell.puzzles.goal)
    wrong: list = field(default_factory=list)       # tempting first moves that lose (puzzles)


def _err(path, line, fld, msg):
    return ScenarioError(f"{path}:{line}: {clip(fld, 200)}: {clip(msg, 1000)}")


def load(path: str | Path) -> Scenario:
    path = Path(path)
    shown = str(path)
    return _from_data(read_yaml(path, shown, ScenarioError, kind="scenario"), shown)


def loads(text: str, shown: str) -> Scenario:
    """A scenario from text (pasted, not a file), read and refused as a file named `shown` would be
    (the size limit is the caller's: safe_read.LIMITS["scenario"])."""
    return _from_data(parse_yaml(text, shown, ScenarioError), shown)


def _from_data(data, shown: str) -> Scenario:
    if not isinstance(data, dict):
        raise _err(shown, 1, "(file)", "a scenario is a mapping with name, setup and steps")
    lines = getattr(data, "lines", {})
    for key in data:
        if key not in TOP_KEYS:
            raise _err(shown, lines.get(key, 1), key, f"unknown field (known: {', '.join(sorted(TOP_KEYS))})")
    for dup, line in getattr(data, "duplicates", []):
        raise _err(shown, line, dup, "given twice")
    if not isinstance(data.get("name"), str) or not data.get("name"):
        raise _err(shown, getattr(data, "line", 1), "name", "required: a short title")
    setup = data.get("setup") or {}
    if not isinstance(setup, dict):
        raise _err(shown, lines.get("setup", 1), "setup", "must be a mapping")
    setup_lines = getattr(setup, "lines", {})      # (an empty set-up is a plain {}: no lines)
    for key in setup:
        if key not in SETUP_KEYS:
            raise _err(shown, setup_lines.get(key, 1), f"setup.{key}",
                       f"unknown field (known: {', '.join(sorted(SETUP_KEYS))})")
    problem = _setup_problem(setup)
    if problem:
        key, msg = problem
        raise _err(shown, setup_lines.get(key, lines.get("setup", 1)), f"setup.{key}", msg)
    for key, typ in (("board", dict), ("tribes", list), ("turn", dict), ("goal", dict)):
        if key in data and data[key] is not None and not isinstance(data[key], typ):
            raise _err(shown, lines.get(key, 1), key, f"must be a {'mapping' if typ is dict else 'list'}")
    steps = _parse_steps(shown, data, "steps")
    solution = _parse_steps(shown, data, "solution")
    wrong = _parse_steps(shown, data, "wrong")
    goal = plain(data.get("goal") or {})
    if goal:
        try:
            Goal.from_dict(goal)
        except GoalError as e:
            raise _err(shown, lines.get("goal", 1), "goal", str(e)) from None
    meta = plain(data.get("puzzle") or {})
    if "puzzle" in data:
        try:
            PuzzleMeta.from_dict(meta)
        except GoalError as e:
            raise _err(shown, lines.get("puzzle", 1), "puzzle", str(e)) from None
    return Scenario(name=data["name"], path=shown, setup=plain(setup), board=plain(data.get("board") or {}),
                    tribes=plain(data.get("tribes") or []), turn=plain(data.get("turn") or {}),
                    steps=steps, rules=str(data.get("rules") or ""), goal=goal, solution=solution,
                    puzzle=meta, wrong=wrong,
                    description=str(data.get("description") or "").strip(), lines=dict(lines))


def _setup_problem(setup: dict):
    """(field, what is wrong) for a set-up value of the wrong type (the engine checks values)."""
    for key in ("players", "seed"):
        v = setup.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            return key, f"must be a whole number, not {clip(repr(v), 40)}"
    seed = setup.get("seed")
    if seed is not None and not 0 <= seed < 1 << 64:
        return "seed", "must be from 0 to 2^64-1"
    for key in ("mode", "difficulty", "position"):
        v = setup.get(key)
        if v is not None and not isinstance(v, str):
            return key, f"must be a name, not {clip(repr(v), 40)}"
    v = setup.get("variants")
    if v is not None and (not isinstance(v, list) or not all(isinstance(x, str) for x in v)):
        return "variants", f"must be a list of variant names, not {clip(repr(v), 40)}"
    return None


def _parse_steps(shown, data, key) -> list:
    lines = getattr(data, "lines", {})
    steps_raw = data.get(key) or []
    if not isinstance(steps_raw, list):
        raise _err(shown, lines.get(key, 1), key, "must be a list")
    steps = []
    for k, st in enumerate(steps_raw):
        line = steps_raw.lines[k] if hasattr(steps_raw, "lines") else 1
        where = f"{key}[{k}]"
        if not isinstance(st, dict) or len(st) != 1:
            raise _err(shown, line, where, f"each step is one of {', '.join(STEP_KINDS)}")
        kind, value = next(iter(st.items()))
        if kind not in STEP_KINDS:
            raise _err(shown, line, where, f"unknown step '{kind}' (known: {', '.join(STEP_KINDS)})")
        value = plain(value)
        if kind in ("do", "reject", "legal", "illegal"):
            if not isinstance(value, dict) or "action" not in value:
                raise _err(shown, line, f"{where}.{kind}", "an action needs an 'action' field")
            problem = action_problem(value, extra=("player",))
            player = value.get("player")
            if not problem and player is not None and (
                    not isinstance(player, int) or isinstance(player, bool) or not 1 <= player <= 4):
                problem = f"player must be a player number 1-4, not {clip(repr(player), 40)}"
            if problem:
                raise _err(shown, line, f"{where}.{kind}", problem)
        elif kind == "expect" and not isinstance(value, dict):
            raise _err(shown, line, f"{where}.expect", "must map state paths to values")
        elif kind == "draw" and (not isinstance(value, list)
                                 or not all(isinstance(v, str) for v in value)):
            raise _err(shown, line, f"{where}.draw", "must be a list of tokens or cards")
        steps.append((kind, value, line))
    return steps


def start(sc: Scenario, rules=None):
    """The game at the scenario's position."""
    if rules is None:
        rules = default_rules()
    for where, steps in (("steps", sc.steps), ("solution", sc.solution)):
        for k, (kind, value, line) in enumerate(steps):
            if kind != "draw":
                continue
            for item in value:
                if not _drawable(rules, item):
                    raise _err(sc.path, line, f"{where}[{k}].draw", f"{clip(repr(item), 60)} is no "
                               "token or card of the game (a colour, token or card id, optionally @side)")
    try:
        return build_position(rules, sc.setup, sc.board, sc.tribes, sc.turn)
    except PositionError as e:
        msg = str(e)
        section = msg.split(".", 1)[0].split("[", 1)[0].split(":", 1)[0]
        line = sc.lines.get(section) or sc.lines.get("setup", 1)
        raise ScenarioError(f"{sc.path}:{line}: position: {clip(e)}") from None
    except (ValueError, KeyError, IndexError, OverflowError, RecursionError) as e:
        # a value the set-up cannot take (each shape is checked first: position.check_shapes)
        section = _broken_section(sc, rules)
        raise ScenarioError(f"{sc.path}:{sc.lines.get(section, 1)}: {section}: malformed "
                            f"({type(e).__name__}: {clip(e)})") from None


def _broken_section(sc: Scenario, rules) -> str:
    """Which of setup, board, tribes, turn makes the position fail (each added in turn)."""
    parts: dict[str, Any] = {"board": {}, "tribes": [], "turn": {}}
    for section in ("setup", "board", "tribes", "turn"):
        if section != "setup":
            parts[section] = getattr(sc, section)
        try:
            build_position(rules, sc.setup, parts["board"], parts["tribes"], parts["turn"])
        except (PositionError, *MALFORMED):   # looking for the section, not the reason (as start() catches)
            return section
    return "setup"


def _drawable(rules, item: str) -> bool:
    """A name the engine's forced draws understand (SCENARIOS.md `draw:`): an Essence colour or
    card (red@owl), a bag token (red@owl, corruption@bear, havoc), a Herb or a Sower Perk."""
    name, at, side = item.partition("@")
    cat = rules.catalog
    sides = set(cat.guardians)
    names = (set(cat.colors) | {kind for kind, _ in rules.tokens.values()} | {"havoc"}
             | set(rules.herb_abilities) | set(cat.herbs)
             | {p["id"] if isinstance(p, dict) else p for p in cat.sower_perks(True)})
    return name in names and (not at or side in sides)


def _is_legal(g, pattern: Action) -> bool:
    player = pattern.get("player")
    if player is not None and (g.acting is None or player != g.acting):     # a seat (Action.from_dict)
        return False                      # a move is legal only for whoever must act now
    if any(matches(pattern, a) for a in g.legal_actions()):
        return True
    return g.why_not(pattern) is None           # refuses in words what it cannot read (issue 43)


def run(sc: Scenario, rules=None, steps=None) -> str | None:
    """None when every step holds, else 'step N: what differed'."""
    g = start(sc, rules)
    return play_steps(g, sc.steps if steps is None else steps)


def play_steps(g, steps) -> str | None:
    for n, (kind, value, line) in enumerate(steps, 1):
        try:
            problem = _step(g, kind, value)
        except (IllegalAction, PathError) as e:
            problem = str(e.args[0] if e.args else e)
        if problem:
            return f"step {n} (line {line}): {problem}"
    return None


def _step(g, kind, value):
    if kind == "draw":
        g.state.forced.extend(str(v) for v in value)
        return None
    if kind == "expect":
        diffs = []
        for path, want in value.items():
            got = resolve(g, str(path))
            if not holds(got, want):
                diffs.append(f"{path} is {got!r}, expected {want!r}")
        return "; ".join(diffs) or None
    action = Action.from_dict(value)
    if kind == "do":
        reason = g.why_not(action)
        if reason is not None:
            return f"the engine refused {action}: {reason}"
        g.apply(action)
        return None
    if kind == "reject":
        before = to_dict(g.state)
        try:
            g.apply(action)
        except IllegalAction as e:
            if to_dict(g.state) != before:
                return f"{action} was refused but the state changed"
            return None if e.reason else f"{action} was refused without a reason"
        return f"the engine accepted {action}"
    if kind == "legal":
        return None if _is_legal(g, action) else f"{action} is not legal now ({_why(g, action)})"
    if kind == "illegal":
        return f"{action} is legal now" if _is_legal(g, action) else None
    return f"unknown step {kind}"


def _why(g, action):
    return g.why_not(action) or "not listed"    # a partial action too: refused in words (issue 43)


def files(args) -> list[Path]:
    out = []
    for a in args:
        p = Path(a)
        if p.is_dir():
            out.extend(sorted(list(p.rglob("*.yaml")) + list(p.rglob("*.yml"))))
        else:
            out.append(p)
    return out


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    paths = files(argv)
    if not paths:
        print("no scenario files found", file=sys.stderr)
        return 2
    status = 0
    invalid = False
    for p in paths:
        if not p.exists():
            print(f"ERROR {p}: no such file", file=sys.stderr)
            invalid = True
            continue
        try:
            sc = load(p)
            problem = run(sc)
        except ScenarioError as e:        # not a valid scenario: say where, go on with the others
            print(f"ERROR {clip(e, 2000)}", file=sys.stderr)
            invalid = True
            continue
        except Exception as e:      # a bug must not hide the other results
            print(f"FAIL {p.name}: crashed: {type(e).__name__}: {e}")
            status = 1
            continue
        if problem:
            print(f"FAIL {sc.name}: {problem}")
            status = 1
        else:
            print(f"PASS {sc.name}")
    return 2 if invalid else status


if __name__ == "__main__":
    sys.exit(main())

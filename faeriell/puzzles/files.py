"""The puzzle files on disk: where they are (data/puzzles/, tests/scenarios/), their names and
goals for the practice list, and opening one at its position. No pygame here."""
from __future__ import annotations

import os
from pathlib import Path

from faeriell import scenario
from faeriell.content.yaml_lines import plain, read_yaml
from faeriell.resources import CHECKOUT, resource_dir
from faeriell.safe_read import clip, read_text, why_not_readable
from faeriell.storage.saves import FileServiceError

ROOT = CHECKOUT          # the folder that holds data/ (and tests/ in a source checkout)


def puzzle_dirs() -> list[Path]:
    return [d for d in (resource_dir("data") / "puzzles", ROOT / "tests" / "scenarios") if d.is_dir()]


_PUZZLE_NAMES: dict[tuple[str, float], str] = {}


def _puzzle_name(p: Path) -> str:
    try:
        key = (str(p), p.stat().st_mtime)
    except OSError:
        return p.stem
    name = _PUZZLE_NAMES.get(key)
    if name is None:
        name = p.stem.replace("-", " ").capitalize()
        try:
            for line in read_text(p, "scenario").splitlines()[:20]:
                if line.startswith("name:"):
                    name = clip(line[5:].strip().strip("'\""), 120) or name
                    break
        except (OSError, ValueError):
            pass
        _PUZZLE_NAMES[key] = name
    return name


def list_puzzles() -> list[tuple[str, str, str]]:
    """(path, scenario name, where) for every *.yaml under data/puzzles/ and tests/scenarios/."""
    out = []
    for d in puzzle_dirs():
        for p in sorted(list(d.rglob("*.yaml")) + list(d.rglob("*.yml"))):
            try:
                rel = str(p.relative_to(resource_dir("data").parent))
            except ValueError:
                rel = str(p)
            out.append((str(p), _puzzle_name(p), rel))
    return out


_PUZZLE_INFO: dict[tuple[str, float], dict] = {}


def puzzle_info(path: Path | str) -> dict:
    """{'name', 'description', 'goal'} of a scenario file (empty strings where it has none)."""
    p = Path(path)
    try:
        key = (str(p), p.stat().st_mtime)
    except OSError:
        return {"name": p.stem, "description": "", "goal": ""}
    info = _PUZZLE_INFO.get(key)
    if info is None:
        info = {"name": _puzzle_name(p), "description": "", "goal": ""}
        try:
            data = plain(read_yaml(p, str(p), kind="scenario"))
            if isinstance(data, dict):
                info["name"] = str(data.get("name") or info["name"])
                info["description"] = " ".join(str(data.get("description") or "").split())
                goal = data.get("goal")
                if isinstance(goal, dict):
                    info["goal"] = " ".join(str(goal.get("text") or "").split())
        except (OSError, ValueError):      # YamlError, UnsafeFile: an unreadable file still lists; opening it says why
            pass
        _PUZZLE_INFO[key] = info
    return info


def load_puzzle(rules, path: Path | str):
    """The game at a scenario file's position (faeriell.scenario.load + start)."""
    path = Path(str(path).strip()).expanduser()
    if not os.path.lexists(path):
        raise FileServiceError(f"No such file: {clip(path)}")
    problem = why_not_readable(path, "scenario")
    if problem:
        raise FileServiceError(problem)
    try:
        sc = scenario.load(path)
        game = scenario.start(sc, rules)
    except (OSError, ValueError) as e:     # ScenarioError, YamlError name file, line and field
        raise FileServiceError(clip(e, 1000)) from e
    return sc, game

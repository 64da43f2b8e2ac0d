"""The chapters of the guided first game, read from data/tutorial/*.yaml (no pygame here).

    title: The first Tribe Phase
    about: Spend your first Essences with your Hero's help.      # one line on the chapter list
    start:                       # one of:
      new: {players: 1, mode: solo, difficulty: easy, variants: [starting_scenario], seed: 3}
      position: {setup: ..., board: ..., tribes: ..., turn: ...}  # a written position (SCENARIOS.md)
      after: 01-setup            # where that chapter ends
      moves: [ACTION, ...]       # optional: played after the start, before the first step
    steps:
      - read: Words to read; the player presses Next.
      - do: {action: build_beacon, color: red, region: owl-river}   # fields left out match anything
        say: What to do and why, in plain words.
        refuse: What a different move is told (the step's own reason).
        wrong: {action: end_phase}       # optional: the wrong move --check tries (else any other legal one)
      - draw: [corruption@bear]          # the next random draws (silent; makes an Event certain)
      - choose:                          # the player picks; the coach grades the pick
          - move: {action: corruption, choice: cleanse_corruption}
            grade: best                  # best | good | costly (exactly one best)
            why: What this move gains or protects, and what it risks, in the game's words.
          - move: {action: corruption, choice: ignore}
            grade: costly
            why: ...
        say: The choice put to the player (what to weigh).
        refuse: What a move that is none of the options is told.

A `choose` step's options must each be legal when the step comes, and their grades must agree
with the bots' own evaluation of them (tutorial/grading.py; --check plays every option). A
costly pick is taken back (Try again); a good one goes on from the best, which the chapter
continues from (so resuming replays the best).

A step's expected move must be one the engine lists as legal when the step comes (the engine
decides legality; a step only narrows it): `python -m faeriell.tutorial --check` plays them all.
A file that is not a valid chapter is refused with file, line and field (ChapterError).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from faeriell.content.yaml_lines import plain, read_yaml
from faeriell.engine.action_schema import action_problem
from faeriell.resources import resource_dir
from faeriell.safe_read import clip

CHAPTER_DIR = resource_dir("data") / "tutorial"
TOP_KEYS = {"title", "about", "start", "steps"}
START_KEYS = {"new", "position", "after", "moves"}
NEW_KEYS = {"players", "mode", "difficulty", "variants", "seed"}
POSITION_KEYS = {"setup", "board", "tribes", "turn"}
STEP_KEYS = {"read": set(), "do": {"say", "refuse", "wrong"}, "draw": set(), "choose": {"say", "refuse"}}
OPTION_KEYS = {"move", "grade", "why"}
GRADES = ("best", "good", "costly")
MAX_TEXT = 600                  # a step's words fit the card on the table


class ChapterError(ValueError):
    """A chapter file that cannot be used: the message names file, line and field."""


@dataclass(frozen=True)
class Option:
    """One move a choose step offers, with the grade the chapter gives it and why."""
    move: dict                  # a pattern, as a do step's
    grade: str                  # "best" | "good" | "costly"
    why: str                    # what it gains or protects, what it risks (the chapter's words)
    line: int = 0


@dataclass(frozen=True)
class Step:
    kind: str                   # "read" | "do" | "draw" | "choose"
    text: str = ""              # read: the words; do: what to do and why
    action: dict = field(default_factory=dict)     # do: the expected move (a pattern)
    refuse: str = ""            # do: the reason any other move is refused
    wrong: dict | None = None   # do: the wrong move --check tries
    draws: tuple = ()           # draw: forced draws
    options: tuple = ()         # choose: the Options offered
    line: int = 0

    @property
    def best(self) -> Option | None:
        return next((o for o in self.options if o.grade == "best"), None)


@dataclass(frozen=True)
class Chapter:
    id: str                     # the file name without .yaml
    title: str
    about: str
    start: dict                 # {"new": {...}} | {"position": {...}} | {"after": id}, + "moves"
    steps: tuple
    path: str

    @property
    def moves(self) -> int:
        """How many moves the player makes in this chapter."""
        return sum(1 for s in self.steps if s.kind in ("do", "choose"))

    @property
    def shown_steps(self) -> list[int]:
        """The indexes of the steps the player sees (draws are silent)."""
        return [k for k, s in enumerate(self.steps) if s.kind != "draw"]


def _err(path, line, fld, msg) -> ChapterError:
    return ChapterError(f"{path}:{line}: {clip(fld, 200)}: {clip(msg, 600)}")


def _words(v) -> str:
    return " ".join(str(v).split())


def _action(path, line, where, value) -> dict:
    value = plain(value)
    problem = action_problem(value) if isinstance(value, dict) else "an action is a mapping with an 'action' name"
    if problem:
        raise _err(path, line, where, problem)
    return value


def load_chapter(path: Path | str) -> Chapter:
    path = Path(path)
    shown = str(path)
    data = read_yaml(path, shown, ChapterError, kind="scenario")
    if not isinstance(data, dict):
        raise _err(shown, 1, "(file)", "a chapter is a mapping with title, start and steps")
    lines = getattr(data, "lines", {})
    for dup, line in getattr(data, "duplicates", []):
        raise _err(shown, line, dup, "given twice")
    for key in data:
        if key not in TOP_KEYS:
            raise _err(shown, lines.get(key, 1), key, f"unknown field (known: {', '.join(sorted(TOP_KEYS))})")
    for key in ("title", "about"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise _err(shown, lines.get(key, 1), key, "required: a line of text")
    start = data.get("start")
    if not isinstance(start, dict):
        raise _err(shown, lines.get("start", 1), "start", "required: new, position or after")
    slines = getattr(start, "lines", {})
    for key in start:
        if key not in START_KEYS:
            raise _err(shown, slines.get(key, 1), f"start.{key}", f"unknown field (known: {', '.join(sorted(START_KEYS))})")
    kinds = [k for k in ("new", "position", "after") if k in start]
    if len(kinds) != 1:
        raise _err(shown, lines.get("start", 1), "start", "give exactly one of new, position, after")
    kind = kinds[0]
    allowed = NEW_KEYS if kind == "new" else POSITION_KEYS if kind == "position" else None
    if allowed is not None:
        if not isinstance(start[kind], dict):
            raise _err(shown, slines.get(kind, 1), f"start.{kind}", "must be a mapping")
        klines = getattr(start[kind], "lines", {})
        for key in start[kind]:
            if key not in allowed:
                raise _err(shown, klines.get(key, 1), f"start.{kind}.{key}",
                           f"unknown field (known: {', '.join(sorted(allowed))})")
    elif not isinstance(start["after"], str):
        raise _err(shown, slines.get("after", 1), "start.after", "the name of another chapter's file")
    moves = start.get("moves") or []
    if not isinstance(moves, list):
        raise _err(shown, slines.get("moves", 1), "start.moves", "must be a list of actions")
    mlines = getattr(moves, "lines", [1] * len(moves))
    start_out = {kind: plain(start[kind]),
                 "moves": [_action(shown, mlines[k], f"start.moves[{k}]", m) for k, m in enumerate(moves)]}
    raw = data.get("steps")
    if not isinstance(raw, list) or not raw:
        raise _err(shown, lines.get("steps", 1), "steps", "required: a list of steps")
    steps = [_step(shown, k, st, raw.lines[k] if hasattr(raw, "lines") else 1) for k, st in enumerate(raw)]
    if not any(s.kind in ("do", "choose") for s in steps):
        raise _err(shown, lines.get("steps", 1), "steps", "a chapter needs at least one move (a do step)")
    return Chapter(path.stem, _words(data["title"]), _words(data["about"]), start_out, tuple(steps), shown)


def _step(shown, k, st, line) -> Step:
    where = f"steps[{k}]"
    if not isinstance(st, dict):
        raise _err(shown, line, where, "a step is read, do, choose or draw")
    kinds = [x for x in STEP_KEYS if x in st]
    if len(kinds) != 1:
        raise _err(shown, line, where, "give exactly one of read, do, choose, draw")
    kind = kinds[0]
    slines = getattr(st, "lines", {})
    for key in st:
        if key != kind and key not in STEP_KEYS[kind]:
            raise _err(shown, slines.get(key, line), f"{where}.{key}", f"not a field of a {kind} step")
    if kind == "read":
        text = _words(st["read"] or "")
        if not text or len(text) > MAX_TEXT:
            raise _err(shown, line, f"{where}.read", f"words to read, at most {MAX_TEXT} characters")
        return Step("read", text, line=line)
    if kind == "draw":
        draws = plain(st["draw"])
        if not isinstance(draws, list) or not draws or not all(isinstance(x, str) for x in draws):
            raise _err(shown, line, f"{where}.draw", "a list of tokens or cards")
        return Step("draw", draws=tuple(draws), line=line)
    for key in ("say", "refuse"):
        v = st.get(key)
        if not isinstance(v, str) or not v.strip() or len(_words(v)) > MAX_TEXT:
            raise _err(shown, slines.get(key, line), f"{where}.{key}",
                       f"required: plain words (at most {MAX_TEXT} characters)")
    if kind == "choose":
        return Step("choose", _words(st["say"]), refuse=_words(st["refuse"]),
                    options=_options(shown, where, st["choose"], slines.get("choose", line)), line=line)
    action = _action(shown, slines.get("do", line), f"{where}.do", st["do"])
    wrong = _action(shown, slines.get("wrong", line), f"{where}.wrong", st["wrong"]) if "wrong" in st else None
    return Step("do", _words(st["say"]), action, _words(st["refuse"]), wrong, line=line)


def _options(shown, where, raw, line) -> tuple:
    if not isinstance(raw, list) or len(raw) < 2:
        raise _err(shown, line, f"{where}.choose", "a list of at least two options (move, grade, why)")
    olines = getattr(raw, "lines", [line] * len(raw))
    out = []
    for j, o in enumerate(raw):
        at, ow = olines[j], f"{where}.choose[{j}]"
        if not isinstance(o, dict):
            raise _err(shown, at, ow, "an option is a mapping with move, grade and why")
        for key in o:
            if key not in OPTION_KEYS:
                raise _err(shown, getattr(o, "lines", {}).get(key, at), f"{ow}.{key}",
                           f"unknown field (known: {', '.join(sorted(OPTION_KEYS))})")
        if "move" not in o:
            raise _err(shown, at, f"{ow}.move", "required: the move offered")
        move = _action(shown, at, f"{ow}.move", o["move"])
        grade = o.get("grade")
        if grade not in GRADES:
            raise _err(shown, at, f"{ow}.grade", f"one of {', '.join(GRADES)}")
        why = o.get("why")
        if not isinstance(why, str) or not why.strip() or len(_words(why)) > MAX_TEXT:
            raise _err(shown, at, f"{ow}.why", f"required: plain words (at most {MAX_TEXT} characters)")
        out.append(Option(move, grade, _words(why), at))
    if sum(o.grade == "best" for o in out) != 1:
        raise _err(shown, line, f"{where}.choose", "exactly one option is graded best")
    return tuple(out)


def load_all(folder: Path | str | None = None) -> list[Chapter]:
    """Every chapter (of data/tutorial/ unless `folder` says), in file-name order; a chapter
    starting `after` another must follow it."""
    folder = Path(folder if folder is not None else CHAPTER_DIR)
    files = sorted(p for p in folder.glob("*.yaml") if p.is_file()) if folder.is_dir() else []
    chapters = [load_chapter(p) for p in files]
    seen: set[str] = set()
    for c in chapters:
        after = c.start.get("after")
        if after is not None and after not in seen:
            raise ChapterError(f"{c.path}:1: start.after: no chapter {clip(after, 80)!r} comes before this one")
        seen.add(c.id)
    return chapters


def find_chapter(chapters: list[Chapter], name: str) -> Chapter | None:
    """The chapter called `name`: its number (3), its file name (03-heroes-and-round) or that name
    without the number (heroes-and-round)."""
    name = str(name).strip().lower()
    if name.isdigit():
        k = int(name)
        return chapters[k - 1] if 1 <= k <= len(chapters) else None
    for c in chapters:
        if name in (c.id.lower(), c.id.lower().partition("-")[2]):
            return c
    return None


def chapter_names(chapters: list[Chapter]) -> str:
    """'1 (01-setup) ... 8 (08-full-coop)': what --tutorial accepts."""
    return ", ".join(f"{k} ({c.id})" for k, c in enumerate(chapters, 1))

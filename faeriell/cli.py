"""Sons of Faeriell: open the table (the `faeriell` command, and python main.py in a checkout).

    faeriell                                  # the start screen (1280x800); Quick solo is one click
    faeriell --players 2 --seats human,hard --variants drifter --seed 7    # straight to the table
    faeriell --continue                       # the game played last (its autosave)
    faeriell --load FILE | --scenario FILE | --tutorial [CHAPTER]
    faeriell --analysis [FILE]                # the analysis board: empty, or on a scenario file or a save
    faeriell --screenshot first.png           # draw the first frame to a PNG and exit (exit 1 if an
                                              # error showed); headless: SDL_VIDEODRIVER=dummy
    faeriell --self-check                     # does this copy work? files, guided game, a game, child processes

Any set-up option (--players, --mode, --difficulty, --variants, --seed, --seats) starts the table
directly; what is left out follows the rules (one player plays solo, solo is one player).
Invalid options print a clear message and exit with code 2.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any

from faeriell.engine.saves import SaveError, check_shape, parse
from faeriell.engine.setup import DIFFICULTIES, MODES, VARIANTS, SetupError, validate_config
from faeriell.safe_read import clip, read_bytes, why_not_readable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SEATS = ("human", "random", "easy", "normal", "hard", "expert")


def _engine_names():
    """MODES, DIFFICULTIES and VARIANTS as the engine knows them (pure Python: --help stays quick)."""
    return tuple(MODES), tuple(DIFFICULTIES), tuple(VARIANTS)


MAX_SIZE = (7680, 4320)         # 8K: a window surface of 130 MB; 100000x100000 would take 40 GB
MAX_SEED = (1 << 64) - 1        # the engine's generator is 64-bit (R36): a save of a larger seed cannot load


def _shown(text: str) -> str:
    return repr(clip(text, 40))


def parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() and len(p.strip()) <= 6 for p in parts):
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {_shown(text)}")
    w, h = (int(p) for p in parts)
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(f"size must be at most {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return w, h


def parse_variants(text: str) -> list[str]:
    known = _engine_names()[2]
    out = []
    for v in (p.strip() for p in text.split(",")):
        if not v:
            continue
        v = v.replace("-", "_")
        if known and v not in known:
            raise argparse.ArgumentTypeError(f"unknown variant {v!r} (known: {', '.join(known)})")
        if v not in out:
            out.append(v)
    return out


def parse_seats(text: str) -> list[str]:
    out = [p.strip().lower() for p in text.split(",")]
    for s in out:
        if s not in SEATS:
            raise argparse.ArgumentTypeError(f"unknown seat {s!r}: each seat is one of {', '.join(SEATS)}")
    if not 1 <= len(out) <= 4:
        raise argparse.ArgumentTypeError("give 1 to 4 seats, separated by commas")
    return out


def parse_seed(text: str) -> int:
    t = text.strip()
    if not (t.isdigit() or (t[:1] == "-" and t[1:].isdigit())):
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {_shown(text)}")
    if t.startswith("-"):
        raise argparse.ArgumentTypeError("seed must not be negative")
    if len(t.lstrip("0")) > len(str(MAX_SEED)) or int(t) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed must be at most {MAX_SEED} (2^64-1)")
    return int(t)


def parse_positive(text: str) -> int:
    t = text.strip()
    if not t.isdigit() or len(t) > 4:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to 1000, not {_shown(text)}")
    n = int(t)
    if not 1 <= n <= 1000:
        raise argparse.ArgumentTypeError("must be from 1 to 1000")
    return n


def parse_delay(text: str) -> float:
    try:
        x = float(text) if len(text) <= 20 else float("nan")
    except ValueError:
        x = float("nan")
    if x != x:
        raise argparse.ArgumentTypeError(f"expected seconds, like 0.6, not {_shown(text)}")
    if not 0 <= x <= 60:
        raise argparse.ArgumentTypeError("must be between 0 and 60 seconds")
    return x


def _prog() -> str:
    name = os.path.basename(sys.argv[0] or "")
    return "main.py" if name == "main.py" else "faeriell"


class Parser(argparse.ArgumentParser):
    """argparse, with a refusal said in one line (the usage text is what --help is for)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {clip(message, 1500)} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    modes, diffs, variants = _engine_names()
    p = Parser(
        prog=_prog(), description="Sons of Faeriell: the digital table.",
        epilog="Any set-up option starts the table directly; without one the start screen opens.")
    g = p.add_argument_group("a new game")
    g.add_argument("--players", type=int, choices=(1, 2, 3, 4), metavar="N", help="number of players, 1-4")
    g.add_argument("--mode", choices=modes, help="competitive, coop (Full Coop) or solo")
    g.add_argument("--difficulty", choices=diffs, help=f"{', '.join(diffs)} (default medium)")
    g.add_argument("--variants", type=parse_variants, metavar="A,B",
                   help=(f"variants, comma-separated: {', '.join(variants)}" if variants
                         else "variants, comma-separated"))
    g.add_argument("--seed", type=parse_seed, metavar="S", help="random seed (the same seed deals the same game)")
    g.add_argument("--seats", type=parse_seats, metavar="human,hard,...",
                   help=f"who plays each seat, in order: {', '.join(SEATS)} (default: all human)")
    o = p.add_argument_group("other games")
    o.add_argument("--load", metavar="FILE", help="open a saved game")
    o.add_argument("--continue", dest="cont", action="store_true",
                   help="resume the game played last (its autosave)")
    o.add_argument("--scenario", metavar="FILE", help="play from a scenario or puzzle file (YAML)")
    o.add_argument("--analysis", nargs="?", const="", default=None, metavar="FILE",
                   help="the analysis board: empty, or set up from a scenario file or a save")
    o.add_argument("--tutorial", nargs="?", const="", default=None, metavar="CHAPTER",
                   help="the guided first game: resume where you left it, or open CHAPTER (its number or name)")
    w = p.add_argument_group("window")
    w.add_argument("--size", type=parse_size, default=(1280, 800), metavar="WxH",
                   help="window size (default 1280x800)")
    w.add_argument("--map", metavar="PATH", default=None, help="Tiled map to play on (default maps/faeriell.tmx)")
    w.add_argument("--screenshot", metavar="FILE", default=None,
                   help="render the first frame of the screen the other options open to FILE (PNG) and exit")
    w.add_argument("--no-curtain", dest="curtain", action="store_const", const=False, default=None,
                   help="hot-seat without the curtain that hides a player's cards between turns "
                        "(default: as in Settings)")
    w.add_argument("--bot-delay", type=parse_delay, default=None, metavar="SECONDS",
                   help="pause between bot moves so they can be followed (default: the bot speed in Settings)")
    w.add_argument("--fps", type=parse_positive, default=60, help="frame-rate cap (default 60)")
    w.add_argument("-v", "--verbose", action="store_true", help="log more (tracebacks of errors shown in the window)")
    w.add_argument("--self-check", action="store_true",
                   help="check that this copy of the game works (its files, the guided game's moves, a "
                        "whole game between bots, the expert's helper process, the review's process) "
                        "without opening a window, and exit (1 if a check fails)")
    return p


SETUP_OPTIONS = ("players", "mode", "difficulty", "variants", "seed", "seats")


def check_args(p: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.Namespace:
    """Combinations argparse cannot see; p.error() exits with code 2 and the reason."""
    sources = [name for name, on in (("--load", args.load), ("--continue", args.cont),
                                     ("--scenario", args.scenario),
                                     ("--tutorial", args.tutorial is not None),
                                     ("--analysis", args.analysis is not None)) if on]
    if len(sources) > 1:
        p.error(f"{' and '.join(sources)} cannot be combined: choose one game to open")
    given = [f"--{k}" for k in SETUP_OPTIONS if getattr(args, k) is not None]
    if sources and given:
        p.error(f"{sources[0]} opens an existing game; it cannot be combined with {', '.join(given)}")
    if args.map is not None:
        problem = _map_problem(args.map)
        if problem:
            refuse(p, f"--map: {problem}")
    for name, path, kind in (("--load", args.load, "save"), ("--scenario", args.scenario, "scenario")):
        if path:
            problem = _file_problem(path, kind)       # a folder, a pipe, too large, not a save: unread
            if problem:
                refuse(p, f"{name}: {problem}")
    if args.analysis:
        why = why_not_analysis(args.analysis, args.map)
        if why:
            refuse(p, f"--analysis: {why}")
    if args.tutorial:
        why = why_not_a_chapter(args.tutorial)
        if why:
            refuse(p, f"--tutorial: {why}")
    if args.load:
        why = why_not_a_save(args.load, args.map)
        if why:
            refuse(p, f"--load: {why}")
    if args.cont:
        _check_continue(p)
    if given:
        _check_setup(p, args)
    return args


def _check_continue(p: argparse.ArgumentParser) -> None:
    """--continue: an autosave of a game still going, readable."""
    from faeriell.storage.folders import DataDirError, autosave_dir, user_data_dir  # lazy: not for --help
    from faeriell.storage.listing import autosave_files, latest_autosave  # lazy: not for --help
    try:
        user_data_dir()
    except DataDirError as e:
        refuse(p, f"--continue: {e}")
    auto = latest_autosave()
    if auto is None and autosave_files():
        refuse(p, f"--continue: every game in {autosave_dir()} has ended; --load opens one of them")
    if auto is None:
        refuse(p, f"--continue: there is no autosave yet ({autosave_dir()})")
    problem = _file_problem(str(auto), "save")
    if problem:
        refuse(p, f"--continue: {problem}")


def _check_setup(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """The set-up options given make a game the rules allow."""
    from faeriell.ui.launch import resolve_setup  # lazy: pygame, not for --help
    if args.seats is not None and args.players is not None and len(args.seats) != args.players:
        p.error(f"--seats names {len(args.seats)} seat(s) but --players is {args.players}")
    cfg = resolve_setup(args.players, args.mode, args.difficulty, args.variants, args.seed, args.seats)
    try:
        validate_config(cfg["players"], cfg["mode"], cfg["difficulty"], cfg["variants"])
    except SetupError as e:
        p.error(f"this set-up is not possible: {e}")


def refuse(p: argparse.ArgumentParser, message: str) -> None:
    """A file the command line named cannot be opened: one line on stderr and exit code 2 (the
    options were fine, so no usage text)."""
    p.exit(2, f"{p.prog}: error: {clip(message, 1500)}\n")


def _file_problem(path: str, kind: str) -> str | None:
    """Why `path` cannot be a save / scenario, found without opening a window or replaying:
    missing, a folder or pipe, too large, not UTF-8, not JSON / YAML, not a save / scenario."""
    problem = why_not_readable(path, kind)
    if problem:
        return problem
    from faeriell.scenario import ScenarioError, load  # lazy: yaml and the catalog, not for --help
    try:
        if kind == "save":
            check_shape(parse(read_bytes(path, "save")))
        else:
            load(path)
    except (SaveError, ScenarioError) as e:     # what is wrong inside the file, in the loader's words
        return clip(e, 1000) if kind != "save" else f"{clip(path)}: {clip(e, 1000)}"
    except (OSError, ValueError) as e:           # gone or changed since it was checked; a read refused (UnsafeFile)
        return f"{clip(path)}: cannot be read ({type(e).__name__}: {clip(e)})"
    return None


def _map_problem(path: str) -> str | None:
    """Why `path` cannot be the map: missing, a folder, a pipe or device, too large, or a file it
    names (a tileset, an image) that may not be opened; None when it loads as an island."""
    problem = why_not_readable(path, "map")
    if problem:
        return problem
    from faeriell.content.map_loader import MapError, load_board  # lazy: pytmx loads pygame, not for --help
    try:
        load_board(path)
    except MapError as e:               # load_board turns whatever pytmx raises into a MapError
        return clip(e, 1000)
    except OSError as e:                # gone or unreadable since it was checked
        return f"{clip(path)}: not a map ({type(e).__name__}: {clip(e)})"
    return None


def why_not_a_save(path: str, map_path: str | None = None) -> str | None:
    """None when `path` opens as a saved game, else the reason (the engine's words)."""
    from faeriell.content.rules_loader import default_rules  # lazy: yaml and the catalog, not for --help
    from faeriell.storage.saves import FileServiceError, load_game  # lazy: not for --help
    try:
        rules = default_rules(map_path)
    except (OSError, ValueError):   # data/ or the map cannot be read (CatalogError, MapError, YamlError
        return None                 # are ValueErrors): the window opens and says so (app.NO_RULES)
    try:
        load_game(rules, path)
    except FileServiceError as e:
        return str(e)
    return None


def why_not_analysis(path: str, map_path: str | None = None) -> str | None:
    """None when `path` opens on the analysis board (a scenario file or a save), else the reason:
    one line naming the file (faeriell.analysis.open_start, the call the window makes)."""
    from faeriell.analysis import AnalysisError, open_start  # lazy: the analysis board loads the bots
    from faeriell.content.rules_loader import default_rules  # lazy: yaml and the catalog, not for --help
    try:
        rules = default_rules(map_path)
    except (OSError, ValueError):   # data/ or the map cannot be read: the window opens and says so
        return None
    try:
        open_start(path, rules)
    except AnalysisError as e:
        return clip(" ".join(str(e).split()), 1000)
    return None


def why_not_a_chapter(name: str) -> str | None:
    """None when `name` names a tutorial chapter, else the reason with the names there are."""
    from faeriell.tutorial.chapters import ChapterError, chapter_names, find_chapter, load_all  # lazy: yaml, not for --help
    try:
        chapters = load_all()
    except ChapterError as e:
        return str(e)
    if find_chapter(chapters, name) is None:
        return f"no chapter {clip(name, 60)!r}; the chapters are {chapter_names(chapters)}"
    return None


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = build_parser()
    return check_args(p, p.parse_args(argv))


def launch_options(args: argparse.Namespace):
    from dataclasses import fields
    from faeriell.ui.launch import LaunchOptions  # lazy: pygame, not for --help
    extra: dict[str, Any] = {}            # fields LaunchOptions may not have yet
    # --analysis reaches the window once LaunchOptions has its field (the screen's side of issue 45:
    # None = not asked, "" = an empty board, else the file); until then the flag is only checked
    if "analysis" in {f.name for f in fields(LaunchOptions)}:
        extra["analysis"] = getattr(args, "analysis", None)
    return LaunchOptions(players=args.players, mode=args.mode, difficulty=args.difficulty, variants=args.variants,
                         seed=args.seed, seats=args.seats, load=args.load, cont=args.cont, scenario=args.scenario,
                         tutorial=args.tutorial, curtain=args.curtain, bot_delay=args.bot_delay, **extra)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if args.self_check:      # the standalone build's check (issue 46): no window
        from faeriell.selfcheck import main as self_check  # lazy: not for --help
        return self_check()
    try:
        from faeriell.ui.app import App  # lazy: pygame and the window load only to open it
        app = App(size=args.size, map_path=args.map, fps=args.fps, resizable=args.screenshot is None,
                  options=launch_options(args))
        if args.screenshot:   # the PNG is written even when something failed; the exit code tells
            app.screenshot(args.screenshot)     # errors were logged to stderr already
            return 1 if app.errors or app.refusals else 0
        return app.run()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # no traceback for a player; the log has it with -v
        logging.getLogger("main").debug("fatal", exc_info=True)
        print(f"Faeriell could not start: {type(exc).__name__}: {clip(exc, 1000)}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Sons of Faeriell: open the table.

    python3 main.py                         # the window (1280x800)
    python3 main.py --size 1600x1000
    python3 main.py --screenshot first.png  # draw the first frame to a PNG and exit (exit 1 if
                                            # an error showed); headless: SDL_VIDEODRIVER=dummy
"""
from __future__ import annotations

import argparse
import logging
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("size must be at least 320x240")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    """The command line; later options (--players, --mode, ...) are added here."""
    p = argparse.ArgumentParser(prog="main.py", description="Sons of Faeriell: the digital table.")
    p.add_argument("--size", type=parse_size, default=(1280, 800), metavar="WxH",
                   help="window size (default 1280x800)")
    p.add_argument("--map", metavar="PATH", default=None, help="Tiled map to play on (default maps/faeriell.tmx)")
    p.add_argument("--screenshot", metavar="FILE", default=None,
                   help="render the first frame to FILE (PNG) and exit")
    p.add_argument("--fps", type=int, default=60, help="frame-rate cap (default 60)")
    p.add_argument("-v", "--verbose", action="store_true", help="log more (tracebacks of errors shown in the window)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        from faeriell.ui.app import App
        app = App(size=args.size, map_path=args.map, fps=args.fps, resizable=args.screenshot is None)
        if args.screenshot:   # the PNG is written even when something failed; the exit code tells
            app.screenshot(args.screenshot)     # errors were logged to stderr already
            return 1 if app.errors else 0
        return app.run()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # no traceback for a player; the log has it with -v
        logging.getLogger("main").debug("fatal", exc_info=True)
        print(f"Faeriell could not start: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

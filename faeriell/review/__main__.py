"""Review a saved game without the window: `python -m faeriell.review SAVE --text`.

Prints the review as text (review/text.py): the value curve after every round, then the key
moments with their grades, the better move and what it gains. `--players 1,2` reviews only those
seats (numbered from 1; default every seat). A file that is not a loadable save is refused with
the reason and exit code 2.
"""
from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m faeriell.review",
                                 description="Review a saved Faeriell game.")
    ap.add_argument("save", help="a save file (.json) the game wrote, or one from faeriell.sim --save-dir")
    ap.add_argument("--text", action="store_true",
                    help="print the review as text (the only output this command has)")
    ap.add_argument("--players", default=None,
                    help="review only these seats, numbered from 1, e.g. 1 or 1,3 (default: every seat)")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    from faeriell.content.rules_loader import default_rules  # lazy: --help answers without the engine
    from faeriell.engine.saves import SaveError, read_save  # lazy: --help answers without the engine
    from .text import review_text  # lazy: --help answers without the engine and the bots
    rules = default_rules()
    try:
        game = read_save(rules, args.save)
    except SaveError as e:
        print(f"faeriell.review: cannot review this file: {e}", file=sys.stderr)
        return 2
    players = None
    if args.players:
        try:
            players = [int(x) - 1 for x in args.players.split(",") if x.strip()]
        except ValueError:
            print(f"faeriell.review: --players takes seat numbers like 1,2, not {args.players!r}",
                  file=sys.stderr)
            return 2
        bad = [p + 1 for p in players if not 0 <= p < game.state.players]
        if bad:
            print(f"faeriell.review: this game has {game.state.players} seats; there is no seat {bad[0]}",
                  file=sys.stderr)
            return 2

    def progress(done, total):
        if not args.quiet and sys.stderr.isatty():
            print(f"\rthinking about move {done} of {total}", end="", file=sys.stderr, flush=True)

    text = review_text(rules, game.origin, [h["action"] for h in game.history], players=players,
                       progress=progress)
    if not args.quiet and sys.stderr.isatty():
        print(file=sys.stderr)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

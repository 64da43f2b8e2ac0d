#!/usr/bin/env python3
"""Game review benchmark: how long a review takes, what it costs the window, how fast replay steps.

    python3 bench/review.py                # headless; a seeded solo game played to its end
    python3 bench/review.py --games 3      # more games (the figures are per game)

Measured:
  * the review of a finished solo game at the default depth (the timeline plus the key moments,
    as the review screen computes them), wall clock, with the game's length in rounds and moves;
  * the review screen's frames while the key moments are worked out in the background: frame
    p50/p99 and frames per second (the screen must stay live);
  * replay: one step (a move on or back, then the table redrawn), p50/p99/max.
Targets (issue "Practice that teaches"): a 10-round solo review under 30 s, the window above 30 fps
while it runs, a replay step under 50 ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def played_game(rules, seed: int, level: str):
    from faeriell.bots.base import HeuristicBot
    from faeriell.engine import new_game
    g = new_game(rules, 1, "solo", "medium", [], seed)
    bot = HeuristicBot(seed, blunder=0.1) if level == "clumsy" else HeuristicBot(seed)
    while not g.state.game_over:
        g.apply(bot.choose(g, g.acting))
    return g


class _Host:
    size = (1280, 800)
    rules = None
    settings = None

    def go(self, *a, **k):
        pass

    def show(self, *a):
        pass

    def report(self, what, exc):
        raise exc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    import pygame
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(_Host.size)
    from faeriell.content.rules_loader import default_rules
    from faeriell.review.moments import key_moments
    from faeriell.review.timeline import record_game
    from faeriell.ui.scenes.replay import ReplayScene
    from faeriell.ui.scenes.review import ReviewScene
    from faeriell.session import Session
    rules = default_rules()
    for n in range(args.games):
        g = played_game(rules, args.seed + n, "clumsy")
        acts = [h["action"] for h in g.history]
        t0 = time.perf_counter()
        record_game(g)
        t_timeline = time.perf_counter() - t0
        t0 = time.perf_counter()
        moments = key_moments(rules, g.origin, acts, players=[0])
        t_moments = time.perf_counter() - t0
        print(f"game {n + 1}: {g.state.round} rounds, {len(acts)} moves; timeline {t_timeline:.2f} s, "
              f"key moments {t_moments:.1f} s ({len(moments)} found); review {t_timeline + t_moments:.1f} s")

        # the screen while the review thinks in the background
        host = _Host()
        scene = ReviewScene(host, Session(g, ["human"], autosave=False))
        frames = []
        start = time.perf_counter()
        while not scene.ready:
            f0 = time.perf_counter()
            for ev in pygame.event.get():
                scene.handle_event(ev)
            scene.update(16)
            scene.draw(screen)
            pygame.display.flip()
            frames.append(time.perf_counter() - f0)
            # a 60 fps cap, as the app's clock does, so the thread gets the rest
            rest = 1 / 60 - (time.perf_counter() - f0)
            if rest > 0:
                time.sleep(rest)
        wall = time.perf_counter() - start
        ms = [f * 1000 for f in frames]
        print(f"  review screen while thinking: {len(frames)} frames in {wall:.1f} s = {len(frames) / wall:.0f} fps; "
              f"frame p50 {statistics.median(ms):.1f} ms, p99 {_pct(ms, 0.99):.1f} ms")

        # replay steps: on and back, the table redrawn each time
        rp = ReplayScene(host, g, seats=["human"], start=0)
        rp.draw(screen)
        steps = []
        for k in range(min(120, len(acts))):
            f0 = time.perf_counter()
            rp.step(1 if k % 5 != 4 else -1)
            rp.draw(screen)
            steps.append((time.perf_counter() - f0) * 1000)
        f0 = time.perf_counter()
        rp.seek(len(acts))
        rp.draw(screen)
        jump = (time.perf_counter() - f0) * 1000
        print(f"  replay step + redraw: p50 {statistics.median(steps):.1f} ms, p99 {_pct(steps, 0.99):.1f} ms, "
              f"max {max(steps):.1f} ms; jump to the end {jump:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

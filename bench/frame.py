#!/usr/bin/env python3
"""Table frame benchmark: frame times, drag feedback cost, time to the first frame, peak memory.

    python3 bench/frame.py                 # headless (SDL_VIDEODRIVER=dummy), prints the figures
    python3 bench/frame.py --frames 600    # more frames per measurement

Measured on a mid-game table (3 tribes, ~100 random moves in):
  * frame p50/p99 at 1280x800 and 1920x1080 over a mix of frames: the mouse wandering over the
    table (tooltips, hover), dragging a piece, and a move applied every 15th frame (which
    redraws the base picture); the base redraw alone is printed too;
  * drag feedback: the cost of one MOUSEMOTION through handle_event while a piece is dragged
    (hit test + legal-target look-up), p50/p99/max;
  * launch to first frame: a fresh `python3` process that opens the window, loads the rules and
    map, sets up a game and draws the table once (wall clock from spawning it);
  * peak RSS of that process and of this one.
Targets: frame p50 < 6 ms at 1280x800, drag feedback < 1 ms, first frame < 1.5 s, RSS < 200 MB.

    python3 bench/frame.py --rules         # the rules screen instead (F1), same kind of figures

The rules screen (--rules): a fresh process that imports the screen, opens it and draws it once
(wall clock and peak RSS); the time to open (build) the screen; frame p50/p99 over a mix of the
mouse wandering, the wheel over the text, Up/Down through the sections and a search typed and
erased; and an idle frame (update + draw, nothing happening).
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

T_START = time.perf_counter()
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def first_frame_child(size) -> None:
    """Runs in a fresh process: open the window and draw the table once."""
    import pygame
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    from faeriell.ui.assets import Assets
    from faeriell.session import Session
    from faeriell.ui.table import TableScene
    g = new_game(default_rules(), 2, "competitive", "medium", [], 1)
    session = Session(g, autosave=False)
    scene = TableScene(session, Assets(), size)
    scene.draw(screen)
    pygame.display.flip()
    print(f"FIRST_FRAME {time.perf_counter() - T_START:.4f} RSS {_rss_mb():.1f}", flush=True)


def mid_game(players=3, seed=5, moves=100):
    from faeriell.content.rules_loader import default_rules
    from faeriell.engine import new_game
    g = new_game(default_rules(), players, "competitive", "medium", [], seed)
    rnd = random.Random(seed)
    n = 0
    while not g.state.game_over and (g.state.stage == "setup" or n < moves):
        acts = g.legal_actions()
        busy = [a for a in acts if a.kind != "end_phase"] or acts
        g.apply(rnd.choice(busy if rnd.random() < 0.85 else acts))
        n += 1
    return g


def measure(size, frames: int) -> dict:
    import pygame
    from faeriell.ui.assets import Assets
    from faeriell.session import Session
    from faeriell.ui.table import TableScene

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    g0 = mid_game()
    session = Session(g0.copy(), autosave=False)
    scene = TableScene(session, Assets(), size, hotseat_curtain=False)
    scene.draw(screen)
    w, h = size
    rnd = random.Random(1)

    def frame(ev=None) -> float:
        t = time.perf_counter()
        if ev is not None:
            scene.handle_event(ev)
        scene.update(16)
        scene.draw(screen)
        return (time.perf_counter() - t) * 1000

    # base redraws (what a move or a camera change costs)
    rebuild = []
    for _ in range(30):
        scene.redraw_base()
        t = time.perf_counter()
        scene.draw(screen)
        rebuild.append((time.perf_counter() - t) * 1000)

    mix, hover, drag_frames, motion = [], [], [], []
    # 1) the mouse wanders over the table; a move is applied every 15th frame
    for k in range(frames):
        pos = (rnd.randrange(w), rnd.randrange(h))
        if k % 15 == 14 and not session.state.game_over:
            acts = session.legal()
            session.apply(rnd.choice(acts))
            mix.append(frame())
        else:
            ms = frame(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            hover.append(ms)
            mix.append(ms)
    # 2) drag the piece with the most legal places around the table
    session.replace_game(g0.copy())
    scene.draw(screen)
    grip = None
    for _ in range(400):
        drops = scene.index.drops
        if drops and scene.human_turn():
            best = max(drops, key=lambda k: len(drops[k]))
            if scene.spots.first(best) is not None and len(drops[best]) >= 8:
                grip = best
                break
        acts = session.legal()
        session.apply(rnd.choice([a for a in acts if a.kind != "end_phase"] or acts))
        scene.draw(screen)
    if grip is not None:
        sp = scene.spots.first(grip)
        scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sp.center, button=1))
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(sp.center[0] + 20, sp.center[1]),
                                              rel=(20, 0), buttons=(1, 0, 0)))
        scene.draw(screen)
        held = scene.drag_layer.drag
        targets = [scene.spot(k).center for k in list(held.targets)[:50]] if held else []
        for k in range(frames):
            if targets and k % 3 == 0:
                pos = targets[k % len(targets)]
            else:
                pos = (rnd.randrange(w), rnd.randrange(h))
            ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0))
            t = time.perf_counter()
            scene.handle_event(ev)
            motion.append((time.perf_counter() - t) * 1000)
            ms = frame()
            drag_frames.append(ms + motion[-1])
            mix.append(drag_frames[-1])
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pygame.display.quit()
    return {"mix": mix, "hover": hover, "drag": drag_frames, "motion": motion, "rebuild": rebuild,
            "grip": grip}


class _RulesHost:
    """What the rules screen asks of the app: its size, and where Back goes (nowhere here)."""

    def __init__(self, size) -> None:
        self.size = size

    def show(self, scene) -> None:
        pass

    def go(self, name, **kw) -> None:
        pass


def rules_child(size) -> None:
    """Runs in a fresh process: import the rules screen, open it and draw it once."""
    import pygame
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    from faeriell.ui.scenes.rules import RulesScene
    scene = RulesScene(_RulesHost(size))
    scene.update(16)
    scene.draw(screen)
    pygame.display.flip()
    print(f"FIRST_FRAME {time.perf_counter() - T_START:.4f} RSS {_rss_mb():.1f}", flush=True)


def measure_rules(size, frames: int) -> dict:
    """The rules screen's open and frame times (only its public face: handle_event, update, draw,
    and the rects of its search field and text, so the same code measures any build of it)."""
    import pygame
    from faeriell.ui.scenes.rules import RulesScene

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    host = _RulesHost(size)
    opens = []
    for k in range(12):
        t = time.perf_counter()
        scene = RulesScene(host, topic=None if k % 2 else "harvest")
        scene.update(16)
        scene.draw(screen)
        opens.append((time.perf_counter() - t) * 1000)
    w, h = size
    rnd = random.Random(1)

    def key(k, text=""):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)

    cpu: list[float] = []

    def frame(evs=()) -> float:
        # through pygame's queue, as the app's loop gets them (SDL then knows where the mouse is,
        # and a widget's own events posted in one frame are handled in the next)
        for ev in evs:
            pygame.event.post(ev)
        t, c = time.perf_counter(), time.thread_time()
        for ev in pygame.event.get():
            scene.handle_event(ev)
        scene.update(16)
        scene.draw(screen)
        cpu.append((time.thread_time() - c) * 1000)     # this thread's CPU: steadier on a shared machine
        return (time.perf_counter() - t) * 1000

    idle = [frame() for _ in range(frames // 3)]
    del cpu[:]
    mix = []
    text_at = scene.text.rect.center
    search_at = scene.search.rect.center
    word = "doom"
    for k in range(frames):
        if k % 40 == 0:                    # a search typed, letter by letter, then erased
            frame([pygame.event.Event(pygame.MOUSEMOTION, pos=search_at, rel=(0, 0), buttons=(0, 0, 0))])
            frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=search_at, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=search_at, button=1)])
            frame()
            for ch in word:
                mix.append(frame([pygame.event.Event(pygame.TEXTINPUT, text=ch)]))
            for _ in word:
                mix.append(frame([key(pygame.K_BACKSPACE)]))
        elif k % 10 == 0:
            mix.append(frame([key(pygame.K_DOWN if k % 30 else pygame.K_UP)]))
        elif k % 3 == 0:
            mix.append(frame([pygame.event.Event(pygame.MOUSEMOTION, pos=text_at, rel=(0, 0), buttons=(0, 0, 0)),
                              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if k % 2 else 1, flipped=False,
                                                 precise_x=0.0, precise_y=0.0)]))
        else:
            pos = (rnd.randrange(w), rnd.randrange(h))
            mix.append(frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]))
    pygame.display.quit()
    return {"open": opens, "mix": mix, "idle": idle, "cpu": cpu}


def launches(flag: str, runs: int = 3):
    """([(wall s, inside s), ...], [peak RSS MB, ...]) of `runs` fresh processes started with
    `flag` at 1280x800 (each prints FIRST_FRAME); None, its stderr printed, when one fails."""
    firsts, rss_child = [], []
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run([sys.executable, __file__, flag, "1280x800"], cwd=ROOT,
                             capture_output=True, text=True, timeout=120)
        wall = time.perf_counter() - t
        line = next((x for x in out.stdout.splitlines() if x.startswith("FIRST_FRAME")), None)
        if line is None:
            print(out.stderr)
            return None
        parts = line.split()
        firsts.append((wall, float(parts[1])))
        rss_child.append(float(parts[3]))
    return firsts, rss_child


def rules_main(frames: int) -> int:
    print(f"Rules screen benchmark (SDL video driver: {os.environ.get('SDL_VIDEODRIVER')}, "
          f"Python {sys.version.split()[0]})")
    launched = launches("--child-rules")
    if launched is None:
        return 1
    firsts, rss_child = launched
    print(f"launch -> rules screen drawn (1280x800): {statistics.median(w for w, _ in firsts) * 1000:.0f} ms "
          f"wall clock ({statistics.median(i for _, i in firsts) * 1000:.0f} ms inside the process)")
    print(f"peak RSS of that process: {max(rss_child):.0f} MB")
    for size in ((1280, 800), (1920, 1080)):
        r = measure_rules(size, frames)
        print(f"\n{size[0]}x{size[1]}  ({len(r['mix'])} frames)")
        print(f"  open the screen         p50 {_pct(r['open'], .5):6.2f} ms   max {max(r['open']):6.2f} ms")
        print(f"  frame, mixed use        p50 {_pct(r['mix'], .5):6.2f} ms   p99 {_pct(r['mix'], .99):6.2f} ms")
        print(f"  frame, idle             p50 {_pct(r['idle'], .5):6.2f} ms   p99 {_pct(r['idle'], .99):6.2f} ms")
        print(f"  frame, mixed use, CPU   p50 {_pct(r['cpu'], .5):6.2f} ms   p99 {_pct(r['cpu'], .99):6.2f} ms")
    print(f"\npeak RSS of this benchmark process: {_rss_mb():.0f} MB")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--rules", action="store_true", help="measure the rules screen (F1) instead of the table")
    ap.add_argument("--child-first-frame", metavar="WxH", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--child-rules", metavar="WxH", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child_first_frame:
        first_frame_child(tuple(int(v) for v in args.child_first_frame.split("x")))
        return 0
    if args.child_rules:
        rules_child(tuple(int(v) for v in args.child_rules.split("x")))
        return 0
    if args.rules:
        return rules_main(args.frames)
    print(f"Table frame benchmark (SDL video driver: {os.environ.get('SDL_VIDEODRIVER')}, "
          f"Python {sys.version.split()[0]})")
    # launch to first frame, in fresh processes
    launched = launches("--child-first-frame")
    if launched is None:
        return 1
    firsts, rss_child = launched
    wall = statistics.median(w for w, _ in firsts)
    inside = statistics.median(i for _, i in firsts)
    print(f"launch -> first frame (1280x800): {wall * 1000:.0f} ms wall clock "
          f"({inside * 1000:.0f} ms inside the process)   target < 1500 ms")
    print(f"peak RSS of that process: {max(rss_child):.0f} MB   target < 200 MB")
    ok = wall < 1.5 and max(rss_child) < 200
    for size in ((1280, 800), (1920, 1080)):
        r = measure(size, args.frames)
        mix = r["mix"]
        print(f"\n{size[0]}x{size[1]}  ({len(mix)} frames; dragged piece: {r['grip']})")
        print(f"  frame, mixed play       p50 {_pct(mix, .5):6.2f} ms   p99 {_pct(mix, .99):6.2f} ms"
              + ("   target p50 < 6 ms" if size == (1280, 800) else ""))
        print(f"  frame, mouse over table p50 {_pct(r['hover'], .5):6.2f} ms   p99 {_pct(r['hover'], .99):6.2f} ms")
        if r["drag"]:
            print(f"  frame, while dragging   p50 {_pct(r['drag'], .5):6.2f} ms   p99 {_pct(r['drag'], .99):6.2f} ms")
            m = r["motion"]
            print(f"  drag feedback / motion  p50 {_pct(m, .5):6.3f} ms   p99 {_pct(m, .99):6.3f} ms   "
                  f"max {max(m):6.3f} ms   target < 1 ms")
            if size == (1280, 800):
                ok &= _pct(m, .99) < 1.0
        rb = r["rebuild"]
        print(f"  base redraw (after a move / pan)  p50 {_pct(rb, .5):6.2f} ms   max {max(rb):6.2f} ms")
        if size == (1280, 800):
            ok &= _pct(mix, .5) < 6.0
    print(f"\npeak RSS of this benchmark process: {_rss_mb():.0f} MB")
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""Regenerate docs/balance.md: how often bots win each mode and difficulty.

    python tools/balance_report.py                 # about 10 minutes on 2 cores
    python tools/balance_report.py --scale 0.2     # a quick, rough version
    python tools/balance_report.py --out /tmp/balance.md
    python tools/balance_report.py --ceiling bench/results/ceiling.json   # with the ceiling (default path)
    python tools/balance_report.py --expert off    # skip the expert even when faeriell.bots.expert exists
    python tools/balance_report.py --data d.json   # also keep every summary; --render d.json redraws fast

What it plays (every game seeded, so the same command gives the same games; a search bot's work
is fixed in playouts, not seconds, so the figures do not depend on the machine's speed or load).
Each cell takes the next block of seeds, from --seed (default 32000, in bench/README.md's measuring
range, where nothing is tuned; with --merge, one past the merged run's last seed), so no two cells
and no two merged runs play the same game; every cell keeps its seeds and its run:

* Solo and Full Coop (2 and 3 players): the search bot on every seat, each difficulty.
* The same with the heuristic bot (cheap, so larger samples): a second opinion on the ladder.
* Competitive, 2-4 players: heuristic bots on every seat, win rate by seat (first player first).
* With `--expert on` (default `auto`: when `faeriell.bots.expert` is importable): the expert on every
  seat in solo and coop, and the expert against the search bot in 2-player competitive play.
* The clairvoyant ceiling is not played here (it takes far longer): it is read from the JSON that
  `bench/ceiling.py --json` writes (`--ceiling`, default bench/results/ceiling.json when present).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell import sim  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine.saves import SaveError, read_save  # noqa: E402
from faeriell.sim import wilson  # noqa: E402
from bench import bots as bench_bots  # noqa: E402

DIFFS = ("easy", "medium", "hard", "very_hard")

# Sample sizes at --scale 1 (chosen for ~10 minutes on 2 cores).
SEARCH_GAMES = {"solo": 12, "coop2": 7, "coop3": 4}
HEURISTIC_GAMES = {"solo": 200, "coop2": 100, "coop3": 60}
COMPETITIVE_GAMES = {2: 300, 3: 200, 4: 150}
SEARCH_ITERATIONS = 4          # playouts per candidate move
SEARCH_WIDTH = 4               # candidate moves searched
# Imagined worlds per decision (the expert's fixed work): solo games are short enough for the
# 32 of the strength benchmark (bench/bots.py); coop keeps 8.
EXPERT_ITERATIONS = {"solo": 32, "coop2": 8, "coop3": 8, "competitive": 8}
EXPERT_COMPETITIVE_GAMES = 20  # expert vs search, 2 players, seats rotated
DEFAULT_CEILING = ROOT / "bench" / "results" / "ceiling.json"
# The expert as a seat plays it: one second a move, not a fixed number of worlds. Its cells are
# measured by bench/bots.py on the CPU clock (bench/README.md names these measuring seeds) and read
# here from their logs, so the report and the start screen quote what a player meets at the table.
ALONE = "--workers 2"                                              # two games at once, a core each
HELPED = "--workers 1 --expert-opts '{\"helpers\": 1}'"           # one game on two cores (bots/helpers.py)
ONE_CORE = "--workers 1"                                           # one game at a time, alone (the other core was busy)
TABLE_CLOCK_CELLS = (("solo", 1, "medium", "s17_solo_helpers.jsonl",
                      f"{HELPED} --expert-which solo --expert-games 80 --seed 28200"),
                     ("solo", 1, "hard", "s19_solo_hard.jsonl",
                      f"{ONE_CORE} --expert-which solo_hard --expert-games 40 --seed 28340"),
                     ("coop", 2, "medium", "s12_coop2.jsonl", f"{ALONE} --expert-which coop --expert-games 40 --seed 22030"),
                     ("coop", 3, "medium", "s13_coop3.jsonl", f"{ALONE} --expert-which coop3 --expert-games 40 --seed 23000"),
                     ("coop", 4, "medium", "s16_coop4.jsonl", f"{ALONE} --expert-which coop4 --expert-games 40 --seed 24000"))
TABLE_CLOCK_COMMAND = ("python bench/bots.py --expert-only --expert-budget 1.0 --cpu-clock {args} "
                       "--log bench/results/{log} --resume")
# The same expert on the compiled engine (issue 43), which requirements.txt installs: it imagines
# about twice the worlds in its second, so it is a stronger player and measured apart. Its cells are
# folders of finished games saved by `python -m faeriell.sim --save-dir` (the win chance's held-out
# games, bench/README.md), each counted by replaying it: (mode, players, difficulty, folders,
# command, helper processes). The logs above were all played on the pure Python engine.
SAVED_CLOCK_CELLS = (("solo", 1, "medium", ("s23_compiled_heldout",),
                      "FAERIELL_ENGINE=compiled python -m faeriell.sim --players 1 --mode solo --difficulty medium "
                      "--bots expert --budget 1.0 --cpu-clock --level-opts '{\"expert\": {\"helpers\": 1}}' "
                      "--games 60 --seed 64159 --workers 2 --save-dir bench/results/s23_compiled_heldout "
                      "(stopped after 58 games)", 1),
                     ("coop", 2, "medium", ("s24_expert_chance/coop2_heldout", "s26_expert_chance/coop2_heldout",
                                               "s27_expert_chance/coop2_heldout"),
                      "FAERIELL_ENGINE=compiled python -m faeriell.sim --players 2 --mode coop --difficulty medium "
                      "--bots expert,expert --budget 1.0 --cpu-clock --level-opts '{\"expert\": {\"helpers\": 1}}' "
                      "--games 100 --seed 64217 --workers 1 --save-dir bench/results/s24_expert_chance/coop2_heldout "
                      "(64217-64223), then --seed 64224 --save-dir bench/results/s26_expert_chance/coop2_heldout "
                      "(64224-64234), then --seed 64235 --save-dir bench/results/s27_expert_chance/coop2_heldout "
                      "(64235-64246); each run stopped at its session's end", 1))
DEFAULT_SEED = 32000           # bench/README.md "Seed ranges": the balance report's block
LABELS = (("solo", "Solo (1 player, 6 Achievements to win)"),
          ("coop2", "Full Coop, 2 players (10 Achievements or 12 tokens)"),
          ("coop3", "Full Coop, 3 players (14 Achievements or 17 tokens)"))


def expert_importable() -> bool:
    try:
        return importlib.util.find_spec("faeriell.bots.expert") is not None
    except (ImportError, ValueError):
        return False


def run(players, mode, difficulty, bots, games, seed, workers, iterations=None, rotate=False):
    args = sim.build_parser().parse_args(
        ["--players", str(players), "--mode", mode, "--difficulty", difficulty, "--bots", bots,
         "--games", str(games), "--seed", str(seed), "--workers", str(workers)]
        + (["--iterations", str(iterations)] if iterations else []) + (["--rotate"] if rotate else []))
    jobs = sim.make_jobs(args)
    if set(bots.split(",")) == {"search"}:          # the expert keeps its own width
        for j in jobs:
            j["search_opts"] = {"width": SEARCH_WIDTH}
    return sim.summarize(sim.run_jobs(jobs, workers))


def load_ceiling(path) -> dict | None:
    """The cells of a bench/ceiling.py JSON ({mode: {difficulty: summary}}), with its command."""
    if not path or not Path(path).exists():
        return None
    data = json.loads(Path(path).read_text())
    cmds = list(dict.fromkeys(sm["command"] for m in data.get("cells", {}).values() for sm in m.values()
                              if sm.get("command")))
    return {"cells": data.get("cells", {}),
            "command": " ; ".join(cmds) or data.get("command", "python bench/ceiling.py"),
            "settings": data.get("settings", {}), "planner": data.get("planner", "clairvoyant")}


def ceiling_cell(ceiling, label, d) -> str:
    sm = ((ceiling or {}).get("cells", {}).get(label) or {}).get(d)
    return fmt_rate(sm["wins"], sm["games"]) if sm else "not measured"


def last_seed(saved: dict | None) -> int:
    """The highest seed a saved run (with the runs it merged) played; runs from before cells kept
    their seeds played from their `seed` in steps of 1000 a cell."""
    if not saved:
        return DEFAULT_SEED - 1
    tops = [sm["seeds"][1] for *_, sm in saved.get("coop_rows", []) if sm.get("seeds")]
    tops += [sm["seeds"][1] for _, sm in saved.get("comp_rows", []) if sm.get("seeds")]
    tops += [saved["duel"]["seeds"][1]] if (saved.get("duel") or {}).get("seeds") else []
    return max(tops + [saved.get("last_seed", DEFAULT_SEED - 1)])


def merged_runs(old: dict) -> list[dict]:
    """The runs a merged report's cells come from, newest first (a report saved before runs were
    listed keeps its note as one entry)."""
    if old.get("runs"):
        return list(old["runs"])
    return [{"run": f"the run of {old.get('date')}", "cpu": old.get("cpu", 0),
             "played": old.get("merged") or "every cell", "legacy": True}]


def live_runs(runs: list[dict], saved: dict) -> list[dict]:
    """The runs that still supply a cell of `saved` (a run all of whose cells were played again
    drops out); an entry from before cells kept their run stays while some cell has no run."""
    cells = [sm for *_, sm in saved.get("coop_rows", [])] + [sm for _, sm in saved.get("comp_rows", [])]
    cells += [saved["duel"]] if saved.get("duel") else []
    named = {sm.get("run") for sm in cells}
    return [r for r in runs if r["run"] in named or (r.get("legacy") and None in named)]


def runs_line(cells: list) -> str:
    """Which run played a table's cells and on which seeds: one run, or say each."""
    if not cells:
        return "No cell of this table has been played."
    if any("run" not in sm for sm in cells):
        return "Some cells of this table were played before each cell kept its run and seeds: the note above says which runs."
    runs = list(dict.fromkeys(sm["run"] for sm in cells))
    seeds = [sm["seeds"] for sm in cells]
    span = f"seeds {min(a for a, _ in seeds)}-{max(b for _, b in seeds)}"
    if len(runs) == 1:
        return f"All cells of this table are from one run ({runs[0]}), on {span}."
    return f"The cells of this table come from {len(runs)} runs ({'; '.join(runs)}), on {span}."


def fmt_rate(k, n) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.0f}% ({k}/{n}; 95% CI {100 * lo:.0f}-{100 * hi:.0f}%)" if n else "-"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "balance.md"))
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every sample size")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=None,
                    help=f"first seed (default {DEFAULT_SEED}; with --merge, after the merged run's last)")
    ap.add_argument("--ceiling", default=str(DEFAULT_CEILING), help="bench/ceiling.py --json output")
    ap.add_argument("--expert", choices=("auto", "on", "off"), default="auto",
                    help="play the expert too (auto: when faeriell.bots.expert is importable)")
    ap.add_argument("--data", help="also write every summary here (JSON)")
    ap.add_argument("--render", help="draw the report from summaries written by --data, playing nothing")
    ap.add_argument("--levels", default="search,heuristic,expert",
                    help="comma list of the bots whose solo/coop cells are played (others come from --merge)")
    ap.add_argument("--no-competitive", action="store_true",
                    help="do not play the competitive tables (they come from --merge)")
    ap.add_argument("--difficulties", default=",".join(DIFFS), help="comma list of difficulties to play")
    ap.add_argument("--modes", default="solo,coop2,coop3", help="comma list of solo, coop2, coop3 to play")
    ap.add_argument("--expert-difficulties", default=None,
                    help="comma list of difficulties the expert plays (default: --difficulties)")
    ap.add_argument("--no-duel", action="store_true", help="do not play the expert against the search bot")
    ap.add_argument("--merge", help="summaries (--data JSON) that supply every cell not played in this run")
    args = ap.parse_args(argv)
    sc = args.scale
    ceiling = load_ceiling(args.ceiling)
    if args.render:
        saved = json.loads(Path(args.render).read_text())
        write_report(args, saved, ceiling)
        print(f"wrote {args.out} from {args.render}")
        return 0
    with_expert = args.expert == "on" or (args.expert == "auto" and expert_importable())

    def n(x):
        return max(2, int(round(x * sc)))

    t0 = time.perf_counter()
    coop_rows = []          # (bot, label, difficulty, summary)
    plan = []
    levels = [("search", SEARCH_GAMES, dict.fromkeys(SEARCH_GAMES, SEARCH_ITERATIONS)),
              ("heuristic", HEURISTIC_GAMES, dict.fromkeys(HEURISTIC_GAMES))]
    if with_expert:
        levels.append(("expert", SEARCH_GAMES, EXPERT_ITERATIONS))
    wanted = {x for x in args.levels.split(",") if x}
    levels = [lv for lv in levels if lv[0] in wanted]
    old = json.loads(Path(args.merge).read_text()) if args.merge else None
    first = args.seed if args.seed is not None else (last_seed(old) + 1 if old else DEFAULT_SEED)
    run_id = f"the run of {date.today().isoformat()} from seed {first}"
    next_seed = [first]

    def seeded(games):
        """Give the run's next `games` seeds to one cell: its first seed, and a function that tags the
        cell's summary, once played, with those seeds and this run."""
        lo = next_seed[0]
        next_seed[0] += games
        return lo, lambda sm: {**sm, "seeds": [lo, lo + games - 1], "run": run_id}
    modes = args.modes.split(",")
    for bot, sizes, its in levels:
        diffs = (args.expert_difficulties if bot == "expert" and args.expert_difficulties
                 else args.difficulties).split(",")
        for label, players, mode in (("solo", 1, "solo"), ("coop2", 2, "coop"), ("coop3", 3, "coop")):
            if label in modes:
                plan.extend((bot, label, players, mode, d, n(sizes[label]), its[label])
                            for d in DIFFS if d in diffs)
    for bot, label, players, mode, d, games, its in plan:
        lo, tag = seeded(games)
        sm = tag(run(players, mode, d, bot, games, lo, args.workers, its))
        coop_rows.append((bot, label, d, sm))
        print(f"[{time.perf_counter() - t0:6.0f} s] {bot} {label} {d}: team win rate "
              f"{100 * (sm.get('team_win_rate') or 0):.0f}% of {sm['finished']}", flush=True)
    if old:
        played = {(b, lb, d) for b, lb, d, _ in coop_rows}
        coop_rows = [tuple(r) for r in old["coop_rows"] if tuple(r[:3]) not in played] + coop_rows
    comp_rows = [tuple(r) for r in old["comp_rows"]] if old and args.no_competitive else []
    for players in () if args.no_competitive else (2, 3, 4):
        lo, tag = seeded(n(COMPETITIVE_GAMES[players]))
        sm = tag(run(players, "competitive", "medium", "heuristic", n(COMPETITIVE_GAMES[players]), lo, args.workers))
        comp_rows.append((players, sm))
        print(f"[{time.perf_counter() - t0:6.0f} s] competitive {players}p done", flush=True)
    duel = old.get("duel") if old else None
    if with_expert and "expert" in wanted and not args.no_duel:
        lo, tag = seeded(n(EXPERT_COMPETITIVE_GAMES))
        duel = tag(run(2, "competitive", "medium", "expert,search", n(EXPERT_COMPETITIVE_GAMES), lo,
                       args.workers, EXPERT_ITERATIONS["competitive"], rotate=True))
        print(f"[{time.perf_counter() - t0:6.0f} s] expert vs search done", flush=True)
    wall = time.perf_counter() - t0
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

    saved = {"coop_rows": [list(r) for r in coop_rows], "comp_rows": [list(r) for r in comp_rows],
             "duel": duel, "with_expert": with_expert, "scale": sc, "seed": first, "workers": args.workers,
             "last_seed": max(next_seed[0] - 1, last_seed(old)) if old else next_seed[0] - 1,
             "cpu": cpu, "wall": wall, "load": load, "date": date.today().isoformat()}
    names = ", ".join(t.split(" (")[0] for lb, t in LABELS if lb in modes)
    this_run = {"run": run_id, "cpu": cpu,
                "played": (f"the {', '.join(sorted(wanted))} cells of {names}"
                           + ("" if args.no_competitive else ", the competitive tables")
                           + ("" if not with_expert or "expert" not in wanted or args.no_duel
                              else " and the expert's duel"))}
    saved["runs"] = live_runs([this_run] + (merged_runs(old) if old else []), saved)
    if args.data:
        Path(args.data).parent.mkdir(parents=True, exist_ok=True)
        Path(args.data).write_text(json.dumps(saved, indent=1))
    write_report(args, saved, ceiling)
    print(f"wrote {args.out} in {wall:.0f} s")
    return 0


def ceiling_reading(ceiling: dict, coop_rows) -> list[str]:
    """Bullets comparing the ceiling with the honest bots, and where its Doom came from."""
    L = []
    names = {lb: t.split(" (")[0] for lb, t in LABELS}
    for label, _ in LABELS:
        cells = ceiling["cells"].get(label) or {}
        for d, sm in ((d, cells[d]) for d in DIFFS if d in cells):
            srch = next((x for b, lb, dd, x in coop_rows if b == "search" and lb == label and dd == d), None)
            best = (f" in {sm['mean_rounds']:.1f} rounds on average; the search bot "
                    f"{100 * srch['decided'] / srch['finished']:.0f}% in {srch['mean_rounds']:.1f} rounds"
                    if srch and srch.get("finished") else f" in {sm['mean_rounds']:.1f} rounds on average")
            dm = sm["doom_per_game"].get("all") or {}
            up = sorted(((c, v) for c, v in dm.items() if v > 0), key=lambda cv: -cv[1])
            back = -dm.get("Cleanse Corruption (back)", 0.0)
            L.append(f"- {names[label]}, {d.replace('_', ' ')}: the clairvoyant planner wins "
                     f"{100 * sm['win_rate']:.0f}% of {sm['games']} games{best}. Its Doom per game came from "
                     + ", ".join(f"{c} {v:.1f}" for c, v in up[:4])
                     + (f"; Cleanse Corruption took {back:.1f} back." if back > 0 else "."))
    return L


def race_section(ceiling: dict) -> list[str]:
    """Doom by cause and the Achievements held, in the clairvoyant planner's won and lost games."""
    L = ["## What decides the race (the clairvoyant planner's games)", "",
         "Doom per game by cause (spaces the engine moved the Doom token, by the reason it gives; "
         "Cleanse Corruption moves it back) and how often the team held each Achievement at the end.", "",
         "The clock is the rulebook's Automatic Doom: \"at the end of every round, after checking the "
         "winning conditions, move the Doom token forward a number of spaces equal to the number of "
         "Menaces depicted on the Doom track according to the token position\" (1 on spaces 0-4, 2 on "
         "5-9, 3 on 10-14), which alone ends a game after ten rounds. The one way back is a Corruption "
         "Event: \"Cleanse Corruption: spend one Essence of the color related to one of your active "
         "Heroes. Move the Doom token one space backward on the Doom track\". While Doom stays on 0-4 "
         "the Menace Draft draws one token a turn, so a team that cleanses every Corruption token it "
         "draws and keeps its Guardians free of Menaces (a Menace drawn for a Threatened Guardian is "
         "a step of Doom) holds the clock back for many rounds. Lost to Corruption never shows: it "
         "needs a Corruption Sower (\"If a player has already gained the Corruption Sower, any other "
         "player reaching the fifth Tribe Corruption level moves the Doom token 2 spaces forward\"), "
         "and Solo and Full Coop \"skip the '8. Corruption Sower' step\".", ""]
    for label, title in LABELS:
        cells = ceiling["cells"].get(label) or {}
        for d, sm in ((d, cells[d]) for d in DIFFS if d in cells):
            st = sm.get("settings") or ceiling.get("settings") or {}
            how = (f"{st.get('width')} candidates x {st.get('rollouts')} playouts per decision"
                   if st.get("planner", "clairvoyant") == "clairvoyant" else f"{st.get('planner')} planner")
            if st.get("seed") is not None:
                how += f"; seeds {st['seed']}-{st['seed'] + sm['games'] - 1}"
            L.append(f"**{title.split(' (')[0]}, {d.replace('_', ' ')}** ({sm['games']} games, "
                     f"{sm['wins']} won; mean rounds {sm['mean_rounds']:.1f}, Doom at the end "
                     f"{sm['mean_doom_end']:.1f}, Achievements held {sm['mean_achievements']:.1f}; {how})")
            L.append("")
            for part in ("won", "lost"):
                dm = sm["doom_per_game"].get(part) or {}
                if dm:
                    L.append(f"- Doom per {part} game: " + ", ".join(f"{c} {v:.1f}" for c, v in dm.items()))
            for part in ("won", "lost"):
                ac = sm["achievements_held"].get(part) or {}
                if ac:
                    L.append(f"- Achievements held in {part} games: "
                             + ", ".join(f"{a} {100 * v:.0f}%" for a, v in ac.items()))
            L.append("")
    return L


def table_clock_rows(results: Path = ROOT / "bench" / "results") -> list[tuple]:
    """(mode, players, difficulty, wins, games, first seed, last seed, command, helpers, engine) of
    every TABLE_CLOCK_CELLS log and SAVED_CLOCK_CELLS folder that exists: a game counts once it
    finished, a win when someone won; `helpers`: the helper processes its expert searched with (the
    log's settings); `engine`: "pure" or "compiled", the engine the games were played on."""
    rows = []
    for mode, players, d, log, opts in TABLE_CLOCK_CELLS:
        path = results / log
        if not path.exists():
            continue
        # bench/bots.py's own reader: a line cut by a stopped run is skipped, a replayed game counted once
        games = [g for g in bench_bots._logged(path).values() if "winners" in g and g["cfg"]["difficulty"] == d]
        if games:
            seeds = [g["cfg"]["seed"] for g in games]
            helpers = max(int(((g.get("level_opts") or {}).get("expert") or {}).get("helpers") or 0) for g in games)
            rows.append((mode, players, d, sum(bool(g["winners"]) for g in games), len(games), min(seeds),
                         max(seeds), TABLE_CLOCK_COMMAND.format(args=opts, log=log), helpers, "pure"))
    for mode, players, d, folders, command, helpers in SAVED_CLOCK_CELLS:
        outcomes = {seed: won for folder in folders
                    for seed, won in saved_outcomes(results / folder, mode, players, d).items()}
        if outcomes:
            seeds = sorted(outcomes)
            rows.append((mode, players, d, sum(outcomes.values()), len(seeds), seeds[0], seeds[-1],
                         command, helpers, "compiled"))
    order = {cell[:3]: i for i, cell in enumerate(TABLE_CLOCK_CELLS)}
    return sorted(rows, key=lambda r: (order.get(r[:3], len(order)), r[9] == "compiled"))


def saved_outcomes(folder: Path, mode: str, players: int, difficulty: str) -> dict[int, bool]:
    """{seed: somebody won} of the finished games saved in `folder` with this mode, player count and
    difficulty, each replayed through the rules (engine.saves.read_save). A save that does not
    replay stops the report with the file's name and the engine's reason; a game that did not end
    is left out (only a finished game has an outcome)."""
    if not folder.is_dir():
        return {}
    rules, got = default_rules(), {}
    for path in sorted(folder.glob("*.json")):
        try:
            g = read_save(rules, path)
        except SaveError as e:
            raise SystemExit(f"{path}: cannot count this game: {e}") from e
        o = g.origin
        if (o.get("mode"), o.get("players"), o.get("difficulty")) == (mode, players, difficulty) and g.state.game_over:
            got[int(o["seed"])] = bool(g.state.winners)
    return got


ENGINE_NAMES = {"pure": "pure Python", "compiled": "compiled"}


def table_clock_section(rows: list[tuple]) -> list[str]:
    L = ["## The expert at the table: one second a move", "",
         "A seat set to Expert thinks for a second of its own time a move rather than a fixed number "
         "of worlds, so it is measured apart: by `bench/bots.py` or `faeriell.sim` on the CPU clock, "
         "every seat the expert, on seeds no setting was tuned or trained on. The start screen quotes "
         "these figures for the Expert level. At the table, on a machine with a second core, the expert "
         "also has a helper process that weighs the same moves on more worlds in the same second "
         "(faeriell/bots/helpers.py); a row measured without it (\"alone\") is the strength of the "
         "expert on one core. The compiled engine, which the README's install builds, is about 1.7 "
         "times as fast as the pure Python one (the standalone build's, and the fallback), so its "
         "expert weighs more worlds in the same second and is measured apart: the start screen quotes "
         "the rows of the engine it plays. Where the compiled engine has no row of its own, it quotes "
         "the pure engine's, which understates it.", "",
         "| game | difficulty | expert wins | seeds | the expert thought | engine | command |",
         "|---|---|---|---|---|---|---|"]
    for mode, players, d, wins, games, lo, hi, cmd, helpers, engine in rows:
        game = "Solo" if mode == "solo" else f"Full Coop, {players} players"
        how = f"with {helpers} helper process{'es' if helpers > 1 else ''}" if helpers else "alone, one core"
        L.append(f"| {game} | {d.replace('_', ' ')} | {fmt_rate(wins, games)} | {lo}-{hi} ({games} games) | {how} "
                 f"| {ENGINE_NAMES[engine]} | `{cmd}` |")
    return L + [""]


def write_report(args, saved: dict, ceiling: dict | None) -> None:
    coop_rows = [tuple(r) for r in saved["coop_rows"]]
    comp_rows = [tuple(r) for r in saved["comp_rows"]]
    duel, with_expert = saved.get("duel"), saved.get("with_expert")
    sc, cpu, wall, load = saved["scale"], saved["cpu"], saved["wall"], saved["load"]
    seed, workers = saved["seed"], saved["workers"]
    L = []
    L.append("# Balance: how often the bots win")
    L.append("")
    L.append(f"Generated by `python tools/balance_report.py` on {saved['date']}"
             + (f" (scale {sc})" if sc != 1 else "") + f": {cpu / 60:.1f} CPU-minutes, "
             f"{wall / 60:.1f} minutes of wall time with {workers} worker processes (load average "
             f"{load:.1f} at the end). "
             f"Every game is seeded (this run's seeds start at {seed}; each table says which run and "
             "seeds its cells come from) and the bots' work is counted in playouts and imagined worlds, "
             "not seconds, so the same command plays the same games on any machine.")
    if len(saved.get("runs") or ()) > 1:
        L.append("")
        L.append("The cells come from these runs, newest first (the line under each table names the run "
                 "and seeds of its cells); the bots were as they were at each run:")
        L.append("")
        L.extend(f"- {r['run'][0].upper() + r['run'][1:]}"
                 + (f" ({r['cpu'] / 60:.1f} CPU-minutes)" if r.get("cpu") else "") + f": {r['played']}."
                 for r in saved["runs"])
    elif saved.get("merged"):
        L.append("")
        L.append(saved["merged"])
    L.append("")
    L.append("Bots: **search** = `SearchBot` with fixed work instead of a clock: "
             f"{SEARCH_ITERATIONS} imagined playouts for each of its best {SEARCH_WIDTH} candidate moves "
             "per decision, each playout to the end of the round (roughly what the `normal` level's 0.3 s "
             "buys on an idle core, a little less). **heuristic** = the greedy `HeuristicBot` (no noise). "
             "Percentages come with a 95% Wilson interval; small samples are wide.")
    L.append("")
    if ceiling:
        L.append("**clairvoyant ceiling** = `bench/ceiling.py`: a planner that sees the true order of the "
                 "decks and the bag (it plans on copies of the real game, whose generator is the game's "
                 "own) and plays every seat: per decision its best few candidate moves, each followed to "
                 "the end of the game by the heuristic, keeping the best plan found (the settings of each "
                 "cell are in \"What decides the race\" below). It is a lower bound on what perfect "
                 "foresight wins, and the ceiling an honest bot can approach. Figures from `"
                 + "`, `".join(c.strip() for c in ceiling["command"].split(" ; ")) + "`.")
        L.append("")
    L.append("**expert** = `ExpertBot` (`faeriell/bots/expert.py`) with fixed work: "
             f"{EXPERT_ITERATIONS['solo']} imagined worlds per decision in solo, "
             f"{EXPERT_ITERATIONS['coop2']} in coop and against the search bot"
             + ("." if with_expert else "; not played in this run (`--expert on` when it is importable)."))
    L.append("")

    def cell(bot, label, d):
        sm = next((sm for b, lb, dd, sm in coop_rows if b == bot and lb == label and dd == d), None)
        return (fmt_rate(sm["decided"], sm["finished"]) if sm and sm.get("finished") else "not run"), sm

    for label, title in LABELS:
        L.append(f"## {title}")
        L.append("")
        L.append("| difficulty | clairvoyant ceiling | expert wins | search bot wins | heuristic wins | "
                 "search: mean rounds | search: Doom at end | search: Achievements per tribe |")
        L.append("|---|---|---|---|---|---|---|---|")
        for d in DIFFS:
            s_txt, s = cell("search", label, d)
            h_txt, _ = cell("heuristic", label, d)
            e_txt, _ = cell("expert", label, d)
            L.append(f"| {d.replace('_', ' ')} | {ceiling_cell(ceiling, label, d)} | {e_txt} | {s_txt} | "
                     + (f"{h_txt} | {s['mean_rounds']:.1f} | {s['mean_doom_end']:.1f} | "
                        f"{s['mean_achievements_per_tribe']:.1f} |" if s else f"{h_txt} | - | - | - |"))
        L.append("")
        L.append(runs_line([sm for b, lb, d, sm in coop_rows if lb == label]))
        L.append("")
    if clock_rows := table_clock_rows():
        L.extend(table_clock_section(clock_rows))
    if ceiling and ceiling["cells"]:
        L.extend(race_section(ceiling))
    L.append("## Competitive (medium), heuristic bots on every seat: win rate by seat")
    L.append("")
    L.append("Seat 1 plays first in round 1. A game can end with nobody winning (Doom 15 without a "
             "Corruption Sower); those count in \"all games\" only. A shared victory counts for every "
             "sharer.")
    L.append("")
    L.append("| players | games | nobody won | " + " | ".join(f"seat {p} (all / decided)" for p in range(1, 5))
             + " | Sower rises | mean rounds |")
    L.append("|---|---|---|" + "---|" * 4 + "---|---|")
    for players, sm in comp_rows:
        cells = []
        for p in range(4):
            if p < players:
                row = sm["seats"][p]
                dec = row["win_rate_decided"]
                cells.append(f"{100 * row['win_rate']:.0f}% / {100 * dec:.0f}%" if dec is not None else "-")
            else:
                cells.append("")
        L.append(f"| {players} | {sm['finished']} | {sm['nobody_won']} | " + " | ".join(cells)
                 + f" | {sm['sower_rises']} | {sm['mean_rounds']:.1f} |")
    L.append("")
    if comp_rows:
        L.append(runs_line([sm for _, sm in comp_rows]))
        L.append("")
    L.append("How the competitive games ended:")
    L.append("")
    for players, sm in comp_rows:
        ends = ", ".join(f"{why} {k}" for why, k in sm["endings"].items())
        L.append(f"- {players} players: {ends}")
    L.append("")
    L.append("## Competitive, 2 players (medium): expert against the search bot, seats rotated")
    L.append("")
    if duel and duel.get("finished"):
        b = duel["bots"].get("expert", {})
        L.append(f"Expert wins {fmt_rate(b.get('wins', 0), duel['finished'])} of all games; "
                 f"of decided games {100 * (b.get('win_rate_decided') or 0):.0f}% "
                 f"({duel['decided']} decided, {duel['nobody_won']} with nobody winning). "
                 + runs_line([duel]).replace("All cells of this table are", "These games are"))
    else:
        L.append("Not played in this run (`--expert on` when `faeriell.bots.expert` is importable).")
    L.append("")
    L.append("## Reading it")
    L.append("")
    L.append("- These are bot-vs-game figures, not human ones: the bots are honest (they see only their "
             "own hidden cards) but far from perfect, so read them as a floor on what a careful player "
             "achieves and as a ladder between difficulties.")
    for label, name in (("solo", "Solo"), ("coop2", "2-player Coop"), ("coop3", "3-player Coop")):
        hs = [next((sm for b, lb, dd, sm in coop_rows if b == "heuristic" and lb == label and dd == d), None)
              for d in DIFFS]
        if None in hs:
            continue
        rates = [h["decided"] / h["finished"] if h["finished"] else 0.0 for h in hs]
        mono = all(rates[k] >= rates[k + 1] - 1e-9 for k in range(len(rates) - 1))
        L.append(f"- {name}, heuristic (the larger samples): "
                 + ", ".join(f"{d.replace('_', ' ')} {100 * x:.0f}%" for d, x in zip(DIFFS, rates, strict=True))
                 + (" - the ladder holds." if mono else
                    " - the ladder does not hold within these samples (differences of a few games)."))
    doom_share = [(p, sm["nobody_won"] / sm["finished"]) for p, sm in comp_rows if sm["finished"]]
    L.append("- Competitive games that end with nobody winning (Doom 15, no Sower): "
             + ", ".join(f"{p} players {100 * x:.0f}%" for p, x in doom_share)
             + ". Every tribe's Menace Draft feeds Doom, so more players bring the end closer while "
               "each tribe still needs five Achievements.")
    two = next((sm for p, sm in comp_rows if p == 2), None)
    if two:
        a, b = two["seats"][0], two["seats"][1]
        L.append(f"- 2 players: seat 1 wins {100 * a['win_rate']:.0f}%, seat 2 {100 * b['win_rate']:.0f}% "
                 f"of all games; the Corruption Sower rose in {two['sower_rises']} of {two['finished']} games "
                 "(the bots court Corruption when Doom looks faster than their Achievements).")
    L.append("- In Solo and Coop the Automatic Doom is the clock (about ten rounds); nearly every loss "
             "is Doom reaching 15. Achievements per tribe shows how close the bots came.")
    L.append("- The search bot's samples are small (it thinks); re-run with `--scale 4` for tighter "
             "intervals (four times as long).")
    if ceiling and ceiling["cells"]:
        L.extend(ceiling_reading(ceiling, coop_rows))
    L.append("")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text("\n".join(L) + "\n")


if __name__ == "__main__":
    sys.exit(main())

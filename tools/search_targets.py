"""Teach the heuristic what the search finds (expert iteration with a linear policy).

    python tools/search_targets.py collect --games 300 --seed 86000 --worlds 16 --out /tmp/targets.jsonl
    python tools/search_targets.py fit /tmp/targets.jsonl --mode solo            # prints; --write to keep

`collect` plays seeded games with the greedy heuristic on every seat and, at a share of the
decisions where the expert would search (more than one candidate, no clear favourite), runs the
expert's own search (lookahead.search with ExpertBot.spec: the same playout policy, horizon and
race leaf) over `--worlds` worlds imagined from the player's view, every candidate played in every
world (no pruning), and writes one JSON line a decision: each candidate's move features (summed
by name, heuristic.contributions) and its leaf values by world.

`fit` refits the mode's *move* feature weights (never the position value's, which the leaf reads)
so that the heuristic's score differences between candidates match the search's paired value
differences: ridge regression towards the current weights, the strength of the pull chosen on
held-out decisions (a fifth, by game) by the search value the heuristic's pick gives up against
the search's best. `--write` stores the result as the mode's own feature weights in
data/bots/weights.yaml (the tuner's format), with this command in its comments.

`outcomes` asks whether the search's preferences win games, not only race value: at the decisions
in a band of the heuristic's lead where the search prefers another move by more than two standard
errors, the heuristic's move and the search's are each played in the same imagined worlds from the
player's view and followed by the greedy heuristic to the game's end; one JSON line a decision
with both win counts, and a summary at the end.

    python tools/search_targets.py outcomes --games 200 --seed 86400 --min-margin 8 --max-margin 12 --out oc.jsonl

`leaves` and `configs` ask the same of two experts: two leaves at a fixed number of worlds, or two
sets of ExpertBot settings (`--a`, `--b`, JSON) each deciding as at the table (`--budget` CPU
seconds, the same generator state); where they choose different moves, both are played to the end.

    python tools/search_targets.py configs --games 100 --seed 85100 --b '{"width": 6}' --out w6.jsonl

The seeds of these commands are training seeds: bench/README.md's "Seed ranges" names them; strength
is never measured on them.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from contextlib import ExitStack
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def position_feature_names() -> set:
    """The features the position value (evaluate.py, so the race leaf) reads: never refitted."""
    import re
    src = (ROOT / "faeriell" / "bots" / "evaluate.py").read_text()
    from faeriell.bots.heuristic_meanings import FEATURES
    return {n for n in re.findall(r'"([a-z_]+)"', src) if n in FEATURES}


def collect_game(job) -> list[dict]:
    seed, mode, players, difficulty, worlds, share, weights_path, *rest = job
    margins = rest[0] if rest else (0.0, None)      # the heuristic's lead over its second move: [lo, hi)
    from faeriell.bots.expert import ExpertBot
    from faeriell.bots.heuristic import contributions
    from faeriell.bots.lookahead import search
    from faeriell.bots.weights import weight_book
    from faeriell.engine import new_game
    from faeriell.sim import rules
    g = new_game(rules(), players, mode, difficulty, [], seed)
    bot = ExpertBot(seed=seed * 7 + 1, iterations=worlds, prune_at=())
    if weights_path:
        bot.weights = weight_book(weights_path)
    lo, hi = margins
    hi = bot.margin_for(mode) if hi is None else hi
    out: list[dict] = []
    for p, view, acts, cands, scores, world0, _lead, _n in _decisions(g, bot, (lo, hi or 1e9), share, seed * 13 + 5):
        res = search(bot.spec(g.state.mode), p, [acts[k] for k in cands], _worlds_of(g, view, p),
                     rng=bot.rng, iterations=worlds, stats={})
        feats = []
        for k in cands:
            f: dict = {}
            for name, value, _wt in contributions(world0, p, acts[k], bot.ctx(world0, p)):
                f[name] = f.get(name, 0.0) + value
            feats.append(f)
        out.append({"seed": seed, "round": g.state.round, "kinds": [acts[k].kind for k in cands],
                    "scores": [scores[k][0] for k in cands], "features": feats,
                    "vals": [{str(i): v for i, v in vs.items()} for vs in res.vals]})
    return out


def search_preference(vals: list[dict]) -> tuple[int, float]:
    """(the candidate the search prefers to candidate 0 by more than two paired standard errors,
    its mean gain), or (0, 0.0) when none does."""
    best, pick = 0.0, 0
    for j in range(1, len(vals)):
        common = [k for k in vals[j] if k in vals[0]]
        if len(common) < 2:
            continue
        d = [vals[j][k] - vals[0][k] for k in common]
        m = sum(d) / len(d)
        se = (sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d)) ** 0.5
        if m > 2 * se and m > best:
            best, pick = m, j
    return pick, best


def _decisions(g, bot, margins, share: float = 1.0, pick_seed: int = 0):
    """Play `g` to its end with the greedy heuristic (the bot's weights) on every seat, yielding at
    each decision the expert would weigh whose favourite leads by [lo, hi): (player, view, moves,
    candidates, the heuristic's scores, the world they were scored in, the lead, the move number), a
    `share` of them at random."""
    from faeriell.bots.heuristic import playout_move, score_actions
    from faeriell.bots.lookahead import candidates
    from faeriell.bots.observe import determinize, view_of
    from faeriell.bots.search import HEURISTIC_ONLY
    lo, hi = margins
    pick = random.Random(pick_seed)
    n = 0
    while not g.state.game_over and n < 3000:
        p = g.acting
        acts = g.legal_actions()
        if len(acts) > 1 and g.state.stage == "play" and pick.random() < share \
                and not (acts[0].kind in HEURISTIC_ONLY and all(a.kind == acts[0].kind for a in acts)):
            view = view_of(g, p)
            world0 = determinize(g.rules, view, p, bot.rng)
            scores = score_actions(world0, p, acts, bot.ctx(world0, p))
            cands = candidates(acts, scores, bot.width)
            top = sorted((scores[k][0] for k in cands), reverse=True)
            if len(cands) > 1 and lo <= top[0] - top[1] < hi:
                yield p, view, acts, cands, scores, world0, top[0] - top[1], n
        g.apply(playout_move(g, weights=bot.weights.of(g.state.mode)), trusted=True)
        n += 1


def _play_out(g, view, p: int, moves: tuple, rollouts: int, seed: int) -> list[int]:
    """Wins of seat `p` after each of `moves`, each played in the same `rollouts` worlds imagined
    from `view` and followed by the greedy heuristic to the game's end."""
    from faeriell.bots.heuristic import playout_move
    from faeriell.bots.observe import determinize
    from faeriell.engine.core import IllegalAction
    wins = [0] * len(moves)
    rr = random.Random(seed)
    for _ in range(rollouts):
        ws = rr.getrandbits(64)
        for side, move in enumerate(moves):
            w = determinize(g.rules, view, p, random.Random(ws), chance=True)
            try:
                w.apply(move)
                steps = 0
                while not w.state.game_over and steps < 3000:
                    w.apply(playout_move(w), trusted=True)
                    steps += 1
            except (IllegalAction, RuntimeError):   # a world the engine refuses
                continue
            wins[side] += bool(w.state.game_over and p in w.state.winners)
    return wins


def _worlds_of(g, view, p):
    from faeriell.bots.observe import determinize
    return lambda prng: determinize(g.rules, view, p, prng, chance=True)


def outcomes_game(job) -> list[dict]:
    """`outcomes` for one seeded game (greedy heuristic on every seat)."""
    seed, mode, players, difficulty, worlds, rollouts, margins = job
    from faeriell.bots.expert import ExpertBot
    from faeriell.bots.lookahead import search
    from faeriell.engine import new_game
    from faeriell.sim import rules
    g = new_game(rules(), players, mode, difficulty, [], seed)
    bot = ExpertBot(seed=seed * 7 + 3, iterations=worlds, prune_at=())
    out: list[dict] = []
    for p, view, acts, cands, _sc, _w0, lead, n in _decisions(g, bot, margins):
        res = search(bot.spec(mode), p, [acts[k] for k in cands], _worlds_of(g, view, p),
                     rng=bot.rng, iterations=worlds, stats={})
        j, gain = search_preference(res.vals)
        if j:
            wins = _play_out(g, view, p, (acts[cands[0]], acts[cands[j]]), rollouts, seed * 1000 + n)
            out.append({"seed": seed, "round": g.state.round, "margin": lead, "gain": gain,
                        "kinds": [acts[cands[0]].kind, acts[cands[j]].kind], "wins": wins, "worlds": rollouts})
    return out


def leaves_game(job) -> list[dict]:
    """`leaves` for one seeded game: where the expert with leaf A and with leaf B (the same worlds,
    the same pick rule) play different moves, both moves played to the end."""
    seed, mode, players, difficulty, worlds, rollouts, share, leaf_a, leaf_b = job
    from faeriell.bots import learned_leaf  # noqa: F401 - registers the learned leaf
    from faeriell.bots.expert import ExpertBot
    from faeriell.bots.lookahead import search
    from faeriell.engine import new_game
    from faeriell.sim import rules
    g = new_game(rules(), players, mode, difficulty, [], seed)
    bots = [ExpertBot(seed=seed * 7 + 3, iterations=worlds, leaf=leaf) for leaf in (leaf_a, leaf_b)]
    out: list[dict] = []
    for p, view, acts, cands, _sc, _w0, lead, n in _decisions(g, bots[0], (0.0, bots[0].margin_for(mode)), share, seed):
        world_seed = bots[0].rng.getrandbits(64)
        picks = []
        for bot in bots:
            res = search(bot.spec(mode), p, [acts[k] for k in cands], _worlds_of(g, view, p),
                         rng=random.Random(world_seed), iterations=worlds, stats={})
            picks.append(res.best)
        if picks[0] != picks[1]:
            moves = (acts[cands[picks[0]]], acts[cands[picks[1]]])
            wins = _play_out(g, view, p, moves, rollouts, seed * 1000 + n)
            out.append({"seed": seed, "round": g.state.round, "margin": lead, "kinds": [m.kind for m in moves],
                        "leaves": [leaf_a, leaf_b], "wins": wins, "worlds": rollouts})
        else:
            out.append({"seed": seed, "round": g.state.round, "margin": lead, "same": True})
    return out


def configs_game(job) -> list[dict]:
    """`configs` for one seeded game: where the expert with settings A and with settings B (each
    deciding as at the table, on the one-second CPU clock, from the same generator state) play
    different moves, both moves played to the end."""
    seed, mode, players, difficulty, budget, rollouts, share, opts_a, opts_b = job
    from faeriell.bots.expert import ExpertBot
    from faeriell.engine import new_game
    from faeriell.sim import rules
    g = new_game(rules(), players, mode, difficulty, [], seed)
    bots = [ExpertBot(seed=seed * 7 + 3, budget=budget, clock="cpu", **opts) for opts in (opts_a, opts_b)]
    lead_max = max(b.margin_for(mode) or 1e9 for b in bots)
    out: list[dict] = []
    for p, view, _acts, _c, _sc, _w0, lead, n in _decisions(g, bots[0], (0.0, lead_max), share, seed):
        state = bots[0].rng.getstate()
        picks, worlds = [], []
        for bot in bots:
            bot.rng.setstate(state)
            a, _why = bot.decide(g, p)
            picks.append(a)
            worlds.append(bot.last_stats.get("worlds", 0))
        row = {"seed": seed, "round": g.state.round, "margin": lead, "worlds": worlds}
        if picks[0] != picks[1]:
            wins = _play_out(g, view, p, tuple(picks), rollouts, seed * 1000 + n)
            row.update({"kinds": [m.kind for m in picks], "wins": wins, "rollouts": rollouts})
        else:
            row["same"] = True
        out.append(row)
    return out


def _run(fn, jobs, out: str, workers: int, every: int = 0) -> list[dict]:
    """Play `jobs` with `fn` in `workers` processes, appending each game's lines to `out` as the
    game ends (a stopped run keeps them); every `every` games, say how many."""
    rows: list[dict] = []
    with open(out, "a", encoding="utf-8") as fh, ExitStack() as stack:
        # one worker plays here, in order: no fork of a process whose other threads may hold a
        # lock the child would wait on forever (a test run hung so, forking pytest)
        if workers <= 1 or len(jobs) <= 1:
            results = map(fn, jobs)
        else:
            results = stack.enter_context(Pool(workers)).imap_unordered(fn, jobs)
        for done, found in enumerate(results, 1):
            for r in found:
                fh.write(json.dumps(r) + "\n")
            fh.flush()
            rows += found
            if every and done % every == 0:
                print(f"{done}/{len(jobs)} games", flush=True)
    return rows


def _played_out_words(rows: list[dict], first: str, second: str) -> str:
    """The play-outs of `rows` said in one line: each move's wins, and how often the second won more."""
    n = sum(r.get("rollouts", r["worlds"]) for r in rows)
    a, b = sum(r["wins"][0] for r in rows), sum(r["wins"][1] for r in rows)
    more = sum(1 for r in rows if r["wins"][1] > r["wins"][0])
    fewer = sum(1 for r in rows if r["wins"][1] < r["wins"][0])
    return (f"played to the end in {n} worlds each way: {first} won {a} ({a / max(1, n):.1%}), {second} "
            f"{b} ({b / max(1, n):.1%}); {second} won more in {more}, fewer in {fewer}")


def cmd_outcomes(args) -> int:
    players = 1 if args.mode == "solo" else args.players
    hi = 1e9 if args.max_margin is None else args.max_margin
    jobs = [(args.seed + k, args.mode, players, args.difficulty, args.worlds, args.rollouts,
             (args.min_margin, hi)) for k in range(args.games)]
    rows = _run(outcomes_game, jobs, args.out, args.workers)
    print(f"{len(rows)} decisions where the search prefers another move; "
          + _played_out_words(rows, "the heuristic's move", "the search's"))
    return 0


def cmd_leaves(args) -> int:
    players = 1 if args.mode == "solo" else args.players
    jobs = [(args.seed + k, args.mode, players, args.difficulty, args.worlds, args.rollouts, args.share,
             args.leaf_a, args.leaf_b) for k in range(args.games)]
    rows = _run(leaves_game, jobs, args.out, args.workers)
    differ = [r for r in rows if not r.get("same")]
    print(f"{len(rows)} decisions searched with both leaves; they chose different moves in {len(differ)}; "
          + _played_out_words(differ, f"{args.leaf_a}'s move", f"{args.leaf_b}'s"))
    return 0


def cmd_configs(args) -> int:
    players = 1 if args.mode == "solo" else args.players
    opts = [json.loads(o) for o in (args.a, args.b)]
    jobs = [(args.seed + k, args.mode, players, args.difficulty, args.budget, args.rollouts, args.share,
             *opts) for k in range(args.games)]
    rows = _run(configs_game, jobs, args.out, args.workers, every=5)
    differ = [r for r in rows if not r.get("same")]
    print(f"{len(rows)} decisions decided both ways; they chose different moves in {len(differ)}; "
          + _played_out_words(differ, "A's move", "B's"))
    return 0


def cmd_collect(args) -> int:
    players = 1 if args.mode == "solo" else args.players
    jobs = [(args.seed + k, args.mode, players, args.difficulty, args.worlds, args.share, args.weights,
             (args.min_margin, args.max_margin)) for k in range(args.games)]
    _run(collect_game, jobs, args.out, args.workers, every=10)
    return 0


_ROW_FIELDS = ("seed", "kinds", "scores", "features", "vals")


def load_rows(path: str) -> list[dict]:
    """The decisions `collect` wrote; a file that cannot be read, or a line that is not one of
    them, stops the fit with its file, line and field named."""
    rows = []
    try:
        fh = open(path, encoding="utf-8")  # noqa: SIM115 (opened apart to name the error; read under `with fh` below)
    except OSError as e:
        raise SystemExit(f"{path}: cannot read it ({e.strerror})") from None
    with fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except ValueError as e:
                raise SystemExit(f"{path}:{n}: not a JSON line ({e})") from None
            missing = [k for k in _ROW_FIELDS if not isinstance(row, dict) or k not in row]
            if missing:
                raise SystemExit(f"{path}:{n}: a decision needs the field '{missing[0]}'")
            if not (len(row["features"]) == len(row["vals"]) >= 2):
                raise SystemExit(f"{path}:{n}: 'features' and 'vals' must give the same candidates (two or more)")
            rows.append(row)
    return rows


def paired_gain(vals: list[dict], j: int) -> float | None:
    """Candidate j's mean lead over candidate 0 on the worlds both were played in."""
    common = [k for k in vals[j] if k in vals[0]]
    if not common:
        return None
    return sum(vals[j][k] - vals[0][k] for k in common) / len(common)


def design(rows: list[dict], names: list[str]):
    """Per decision: (X, gains): X[j] the candidates' features minus candidate 0's; gains the
    paired search value of each candidate over candidate 0 (0 for candidate 0)."""
    import numpy as np
    idx = {n: i for i, n in enumerate(names)}
    out = []
    for r in rows:
        gains = [paired_gain(r["vals"], j) for j in range(len(r["vals"]))]
        keep = [j for j, gv in enumerate(gains) if gv is not None]
        if len(keep) < 2 or 0 not in keep:
            continue
        X = np.zeros((len(keep), len(names)))
        for a, j in enumerate(keep):
            for name, v in r["features"][j].items():
                if name in idx:
                    X[a, idx[name]] = v
        out.append((X - X[0], np.array([gains[j] for j in keep]), r["seed"]))
    return out


def regret(w, decisions) -> tuple[float, float]:
    """(mean search value given up by the heuristic's pick against the search's best, share of
    decisions where it picks the search's best), over `decisions`."""
    import numpy as np
    lost, hit = 0.0, 0
    for X, g, _ in decisions:
        s = X @ w
        k = int(np.argmax(s))
        lost += float(g.max() - g[k])
        hit += int(g[k] >= g.max() - 1e-12)
    n = max(1, len(decisions))
    return lost / n, hit / n


def fit_ridge(decisions, w0, free, lam: float, clip: float):
    """Weights near w0 (only the `free` ones move) whose score differences match the gains."""
    import numpy as np
    A = np.zeros((len(w0), len(w0)))
    b = np.zeros(len(w0))
    for X, g, _ in decisions:
        Xd, gd = X[1:], np.clip(g[1:], -clip, clip)
        A += Xd.T @ Xd
        b += Xd.T @ gd
    F = np.array(free)
    Af = A[np.ix_(F, F)] + lam * np.eye(len(F))
    # solve for the free weights with the fixed ones' share moved to the right-hand side
    fixed = np.array([i for i in range(len(w0)) if i not in set(free)], dtype=int)
    rhs = b[F] + lam * w0[F]
    if len(fixed):
        rhs -= A[np.ix_(F, fixed)] @ w0[fixed]
    w = w0.copy()
    w[F] = np.linalg.solve(Af, rhs)
    return w


def cmd_fit(args) -> int:
    import numpy as np
    from faeriell.bots.weights import weight_book
    rows = []
    for path in args.data:
        rows += load_rows(path)
    book = weight_book(args.weights) if args.weights else weight_book()
    base = book.of(args.mode)
    fw = dict(base.feature_weights)
    seen: set = set()
    for r in rows:
        for f in r["features"]:
            seen.update(f)
    names = sorted(n for n in seen if n in fw)
    w0 = np.array([fw[n] for n in names])
    frozen = position_feature_names() | set(args.freeze.split(",") if args.freeze else ())
    seeds = sorted({r["seed"] for r in rows})
    val_seeds = set(seeds[::5])
    dec = design(rows, names)
    train = [d for d in dec if d[2] not in val_seeds]
    val = [d for d in dec if d[2] in val_seeds]
    # only weights the data can speak of: a feature that differs between candidates often enough
    counts = np.zeros(len(names))
    for X, _, _ in train:
        counts += (np.abs(X[1:]) > 1e-9).sum(axis=0)
    free = [i for i, n in enumerate(names) if n not in frozen and counts[i] >= args.min_count]
    print(f"{len(rows)} decisions ({len(train)} to fit, {len(val)} held out, {len(seeds)} games); "
          f"{len(free)} of {len(names)} weights free")
    r0 = regret(w0, val)
    print(f"current weights: held-out regret {r0[0]:.3f}, picks the search's best {r0[1]:.1%}")
    best = (r0[0], None, w0)
    for lam in args.lams:
        w = fit_ridge(train, w0, free, lam * len(train), args.clip)
        rv, rt = regret(w, val), regret(w, train)
        print(f"lambda {lam:g}: held-out regret {rv[0]:.3f} ({rv[1]:.1%} best), training {rt[0]:.3f}")
        if rv[0] < best[0]:
            best = (rv[0], lam, w)
    if best[1] is None:
        print("no fit beats the current weights on the held-out decisions")
        return 1
    w = best[2]
    changed = {names[i]: round(float(w[i]), 3) for i in free if abs(w[i] - w0[i]) > 1e-3}
    print(f"kept lambda {best[1]:g}; changes:")
    for n, v in sorted(changed.items(), key=lambda kv: -abs(kv[1] - fw[kv[0]])):
        print(f"  {n}: {fw[n]:g} -> {v:g}")
    if args.out_json:
        Path(args.out_json).write_text(json.dumps(changed, indent=1))
    if args.write or args.out:
        from faeriell.bots.weights import default_path, dumps, notes_of
        from faeriell.storage.atomic import atomic_write
        src = Path(args.weights) if args.weights else default_path()
        tables = dict(book.tables)
        tables[args.mode] = base.with_(features=changed)
        cmd = "python tools/search_targets.py " + " ".join(args.argv)
        note = (f"{args.mode} move features fitted to the search by `{cmd}` ({len(rows)} searched "
                f"decisions of {len(seeds)} games, seeds {seeds[0]}-{seeds[-1]}); held-out regret "
                f"{r0[0]:.3f} -> {best[0]:.3f}.")
        kept = notes_of(src.read_text(encoding="utf-8"))
        out = Path(args.out) if args.out else default_path()
        atomic_write(out, dumps(tables, (kept + "\n" if kept else "") + note))
        print(f"wrote {out}")
    return 0


def _games_parser(sub, name: str, seed: int, worlds: int, worlds_help: str):
    """A subcommand that plays seeded games: the options `collect`, `outcomes` and `leaves` share."""
    p = sub.add_parser(name)
    p.add_argument("--mode", choices=("solo", "coop"), default="solo")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--difficulty", default="medium")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=seed)
    p.add_argument("--worlds", type=int, default=worlds, help=worlds_help)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", required=True, help="a JSON-lines file, appended to game by game")
    return p


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = _games_parser(sub, "collect", 86000, 16, "worlds of the search at each decision")
    c.add_argument("--share", type=float, default=0.5, help="share of the eligible decisions searched")
    c.add_argument("--weights", default=None, help="a weights file to play and search with")
    c.add_argument("--min-margin", type=float, default=0.0,
                   help="only decisions where the heuristic leads its second move by at least this")
    c.add_argument("--max-margin", type=float, default=None,
                   help="... and by less than this (default: the expert's clear_margin, past which it does not search)")
    o = _games_parser(sub, "outcomes", 86400, 16, "worlds of the search at each decision")
    o.add_argument("--rollouts", type=int, default=40, help="worlds each move is played to the end in")
    o.add_argument("--min-margin", type=float, default=0.0)
    o.add_argument("--max-margin", type=float, default=None)
    lv = _games_parser(sub, "leaves", 86900, 8, "worlds of each search")
    lv.add_argument("--rollouts", type=int, default=40, help="worlds each move is played to the end in")
    lv.add_argument("--share", type=float, default=0.3, help="share of the searched decisions compared")
    lv.add_argument("--leaf-a", default="race")
    lv.add_argument("--leaf-b", default="learned")
    cf = _games_parser(sub, "configs", 85100, 0, "unused")
    cf.add_argument("--budget", type=float, default=1.0, help="CPU seconds a decision, as at the table")
    cf.add_argument("--rollouts", type=int, default=40, help="worlds each move is played to the end in")
    cf.add_argument("--share", type=float, default=0.3, help="share of the eligible decisions compared")
    cf.add_argument("--a", default="{}", help="ExpertBot settings of A as JSON")
    cf.add_argument("--b", default='{"width": 6}', help="... and of B")
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--mode", choices=("solo", "coop"), default="solo")
    f.add_argument("--weights", default=None)
    f.add_argument("--lams", type=float, nargs="+", default=[0.01, 0.03, 0.1, 0.3, 1.0, 3.0])
    f.add_argument("--clip", type=float, default=15.0)
    f.add_argument("--min-count", type=int, default=30)
    f.add_argument("--freeze", default="")
    f.add_argument("--out-json", default=None)
    f.add_argument("--write", action="store_true", help="store them in data/bots/weights.yaml")
    f.add_argument("--out", default=None, help="write the weights file here instead (a trial)")
    args = ap.parse_args(argv)
    args.argv = list(argv if argv is not None else sys.argv[1:])
    return {"collect": cmd_collect, "outcomes": cmd_outcomes, "leaves": cmd_leaves, "configs": cmd_configs, "fit": cmd_fit}[args.cmd](args)


if __name__ == "__main__":
    raise SystemExit(main())

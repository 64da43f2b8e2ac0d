"""Self-play positions with their outcome: the data the win chance learns from and is checked on.

Shared by tools/train_win_chance.py (training and validation games) and bench/calibration.py
(held-out calibration games), so both see positions made the same way.

A *table* is (mode, players). The games of a run go through TABLES in turn and game k of a run
that starts at seed S is seeded S + k: the same arguments play the same games. Each game's
difficulty and each seat's policy are drawn from a generator seeded by the game's seed:

    greedy    the heuristic's favourite (heuristic.playout_move)
    noisy     the heuristic with its scores blurred (Gaussian, 1 card unit): a fair player
    clumsy    blurred by 2.5 card units with a random move one time in twenty (the `easy` bot)
    expert    ExpertBot with a tiny fixed number of worlds (`--expert-iterations`), for games of
              good play (slow: a separate, smaller set)

Positions are kept at a share (`keep`) of the decisions of the game in play (not set-up), drawn
by the game's generator: solo the tribe, Full Coop the team (seat 0: every seat gives the same
features), competitive every seat; each with the game's outcome for that side (1: among the
winners).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MODES_ORDER = ("solo", "coop", "competitive")
TABLES = (("solo", 1), ("coop", 2), ("coop", 3), ("coop", 4),
          ("competitive", 2), ("competitive", 3), ("competitive", 4))
# how often a table comes up in a run of heuristic games (solo is the mode people practise most)
SHARE = {("solo", 1): 4, ("coop", 2): 2, ("coop", 3): 1, ("coop", 4): 1,
         ("competitive", 2): 2, ("competitive", 3): 1, ("competitive", 4): 1}
DIFFICULTIES = ("easy", "medium", "hard", "very_hard")
DIFFICULTY_ODDS = (1, 3, 2, 1)
POLICIES = ("greedy", "noisy", "clumsy")
POLICY_ODDS = (2, 2, 1)
MAX_ACTIONS = 4000


def schedule(n: int, tables=None) -> list[tuple[str, int]]:
    """The tables of n games, in the order SHARE cycles through them."""
    cycle = [t for t in (tables or TABLES) for _ in range(SHARE.get(t, 1))]
    return [cycle[k % len(cycle)] for k in range(n)]


def jobs(seed: int, n: int, keep: float, expert_iterations: int = 0, tables=None,
         chance: bool = False, model: str | None = None) -> list[dict]:
    """Game k is seeded seed + k; an `expert_iterations` run gives every seat the expert;
    `chance` keeps the win chance of each position instead of its features: the shipped model's,
    or `model`'s (a file of the same format; the games are played the same either way)."""
    return [{"seed": seed + k, "mode": m, "players": p, "keep": keep, "expert": expert_iterations,
             "chance": chance, "model": model} for k, (m, p) in enumerate(schedule(n, tables))]


def _policy(name: str, rng: random.Random):
    from faeriell.bots.heuristic import playout_move

    if name == "greedy":
        return lambda g: playout_move(g)
    if name == "noisy":
        return lambda g: playout_move(g, rng, 1.0)

    def clumsy(g):
        if rng.random() < 0.05:
            return rng.choice(g.legal_actions())
        return playout_move(g, rng, 2.5)
    return clumsy


def _mover(bot):
    """A bot's move for whoever is to act (one function per bot, bound to that bot)."""
    return lambda game: bot.choose(game, game.acting)


_BOOKS: dict = {}


def _book(path: str):
    """A model file other than the shipped one, read once a process."""
    if path not in _BOOKS:
        from faeriell.bots.win_chance import read_model_book
        _BOOKS[path] = read_model_book(path)
    return _BOOKS[path]


def play(job: dict) -> dict:
    """Play one game; return its kept positions: {seed, mode, players, source, rows: [(features
    (or the win chance), outcome, seat)], rounds, won}."""
    from faeriell.bots.features import mode_features, vector
    from faeriell.engine import new_game
    from faeriell.sim import rules

    R = rules()
    rng = random.Random(f"win_chance_data/{job['seed']}")
    difficulty = rng.choices(DIFFICULTIES, DIFFICULTY_ODDS)[0]
    g = new_game(R, job["players"], job["mode"], difficulty, [], job["seed"])
    if job.get("expert"):
        from faeriell.bots.expert import ExpertBot
        bots = [ExpertBot(job["seed"] * 31 + k, iterations=job["expert"]) for k in range(job["players"])]
        movers = [_mover(b) for b in bots]
        source = "expert"
    else:
        names = [rng.choices(POLICIES, POLICY_ODDS)[0] for _ in range(job["players"])]
        movers = [_policy(n, random.Random(f"{job['seed']}/{k}")) for k, n in enumerate(names)]
        source = "heuristic"
    feats = mode_features(job["mode"], R)
    if job.get("chance"):                       # bench/calibration.py: the model's answer
        from faeriell.bots.win_chance import win_chance
        book = _book(job["model"]) if job.get("model") else None

        def measure(game, seat):
            return win_chance(game, seat, book)
    else:
        def measure(game, seat):
            return vector(game, seat, feats)
    seats = range(job["players"]) if job["mode"] == "competitive" else (0,)
    kept: list[tuple] = []          # (features or chance, seat)
    n = 0
    while not g.state.game_over and n < MAX_ACTIONS:
        if g.state.stage == "play" and rng.random() < job["keep"]:
            for seat in seats:
                kept.append((measure(g, seat), seat))
        mover = movers[g.acting]
        g.apply(mover(g), trusted=not job.get("expert"))
        n += 1
    s = g.state
    winners = set(s.winners) if s.game_over else set()
    rows = [(x, int(seat in winners), seat) for x, seat in kept]
    return {"seed": job["seed"], "mode": job["mode"], "players": job["players"], "difficulty": difficulty,
            "source": source, "rows": rows, "rounds": s.round, "finished": bool(s.game_over),
            "won": sorted(winners)}


def run(job_list: list[dict], workers: int = 2, progress=None) -> list[dict]:
    """Play the jobs on `workers` processes (fork), results in seed order."""
    from faeriell.sim import pool_map
    out = pool_map(play, job_list, workers, progress, chunksize=4)
    out.sort(key=lambda r: r["seed"])
    return out

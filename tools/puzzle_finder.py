"""Find practice-puzzle candidates in real games: seeded bot self-play, one Phase (or a coop lap) at
a time, kept when the line played gains an Achievement, brings Doom down, clears Menaces, cleanses
Corruption or harvests well, and a tempting other first move does not get there.

    python tools/puzzle_finder.py --games 20 --seed 1 --mode solo --out /tmp/candidates
    python tools/puzzle_finder.py --check data/puzzles/*.yaml     # solutions win, wrong moves refuted
    nice -n 19 python tools/puzzle_finder.py --sweep 3 --out data/puzzles/rated
        # the rated trainer's puzzles: solo and Full Coop 2-4 players, every difficulty, some
        # variants, `--sweep N` games each; the name, story and hint are written in our words

Each candidate is written as a scenario file (SCENARIOS.md, `position: empty`) with a `goal`, the
line the bot played as `solution`, and a `wrong` first move; the position is rebuilt from the file
and the line replayed on it before it is kept. Story, hint, theme and level are for a person to
write (the file holds a draft). Nothing here is used by the game itself.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from faeriell.bots import ExpertBot, HeuristicBot  # noqa: E402
from faeriell.bots.heuristic import score_actions  # noqa: E402
from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, new_game  # noqa: E402
from faeriell.engine.card import colour_of  # noqa: E402
from faeriell.engine.core import Game  # noqa: E402
from faeriell.engine.names import Names  # noqa: E402
from faeriell.engine.position import build  # noqa: E402
from faeriell.puzzles.goal import Goal, PuzzleTracker  # noqa: E402

BUDGET = 2500        # positions a refutation may visit
TEMPTING = 8         # the heuristic's favourite other first moves tried as the wrong move
PROVE = False        # --prove: keep a wrong first move only when no line after it wins (slow)

THEME_OF = {"beacons": "beacons", "totem": "beacons", "purity": "corruption", "cleanser": "corruption",
            "adventurer": "heroes", "shaman": "heroes", "druid": "heroes", "chieftain": "heroes",
            "vigor": "heroes", "spirit": "heroes", "ley-lines": "heroes", "influence": "heroes",
            "fellowship": "heroes"}


# ---------------------------------------------------------------------------- a state as a position
def _token_spec(rules, tok, side=None) -> str:
    kind, sides = rules.tokens[tok]
    if kind == "havoc":
        return "havoc"
    return f"{kind}@{side or (sides[0] if sides else '')}".rstrip("@")


def position_of(g: Game, draws: list[str], deck_tops: dict) -> dict:
    """The scenario sections (setup, board, tribes, turn) of g's position; `draws` are the bag
    tokens to be drawn first (as the real game drew them), `deck_tops` the Essence cards on top."""
    s, r = g.state, g.rules
    board = {"doom": s.doom, "harvest": r.wheel[s.harvest], "first_player": s.first_player + 1,
             "heartlands": {a: dict(h) for a, h in s.heartlands.items()},
             "guardians": {gd: d["region"] for gd, d in s.guardians.items()},
             "under": {gd: r.tokens[d["token"]][0] for gd, d in s.guardians.items() if d["token"]},
             "herbs_up": list(s.herbs_up), "perk_piles": [list(p) for p in s.perk_piles]}
    if s.totem.get("region"):
        board["totem"] = {"region": s.totem["region"], "yellow": len(s.totem["cards"])}
    rest = list(s.bag)
    bag = list(draws)
    for spec in draws:                      # the drawn tokens first, then the rest of the bag
        kind = spec.partition("@")[0]
        tok = next((t for t in rest if r.tokens[t][0] == kind), None)
        if tok is not None:
            rest.remove(tok)
    bag += [_token_spec(r, t) for t in rest]
    board["bag"] = bag
    if s.set_aside:
        board["set_aside"] = [_token_spec(r, t) for t in s.set_aside]
    if deck_tops:
        board["decks"] = {c: list(v) for c, v in deck_tops.items() if v}
    if s.drifter:
        board["drifter"] = {"node": s.drifter["node"], "owner": s.drifter["owner"] + 1}
    if s.winter_gems:
        board["winter_gems"] = [r.wheel[k] for k in s.winter_gems]
    tribes = []
    for t in s.tribes:
        heroes = {h: {"node": hero.node, "perks": list(hero.perks), "gems": hero.gems,
                      "quests": list(hero.quests)} for h, hero in t.heroes.items()}
        spec = {"settlements": list(t.settlements), "beacons": dict(t.beacons), "heroes": heroes,
                "essences": list(t.essences), "corruption": t.corruption, "solved": dict(t.solved),
                "herbs": list(t.herbs), "attunements": list(t.attunements),
                "achievements": list(t.achievements), "designated": t.designated}
        if t.sower and "sower" not in t.heroes:
            spec["sower"] = True
        tribes.append(spec)
    turn = {"player": s.active + 1, "phase": s.phase, "done": list(s.tribes[s.active].phases_done),
            "lap": s.lap, "round": s.round}
    setup = {"players": s.players, "mode": s.mode, "difficulty": s.difficulty, "variants": list(s.variants),
             "seed": s.seed, "position": "empty"}
    return {"setup": setup, "board": board, "tribes": tribes, "turn": turn}


def replay_line(rules, pos: dict, line: list) -> Game | None:
    """The position rebuilt and the line played on it (None when a move is refused)."""
    try:
        g = build(rules, pos["setup"], pos["board"], pos["tribes"], pos["turn"])
    except Exception:                 # noqa: BLE001 - a state the format cannot write
        return None
    for a in line:
        if g.state.game_over or g.why_not(a) is not None:
            return None
        g.apply(a)
    return g


# ---------------------------------------------------------------------------- what a line achieved
def goals_of(before: Game, after: Game, player: int, coop: bool) -> list[tuple[str, dict, str]]:
    """(theme, expect, text) for what the line changed in the player's (or team's) favour."""
    sb, sa = before.state, after.state
    out = []
    mine = set(range(sa.players)) if coop else {player}
    for aid, holders in sa.achievements.items():
        got = set(holders) - set(sb.achievements.get(aid, []))
        if got & mine:
            name = after.rules.catalog.achievements[aid]["name"] if hasattr(after.rules.catalog, "achievements") \
                else aid
            out.append((THEME_OF.get(aid, "harvest"), {f"achievements.{aid}": sorted(h + 1 for h in holders)},
                        f"Claim the {name} Achievement"))
    if sa.doom < sb.doom:
        out.append(("doom", {"doom": sa.doom}, f"Bring Doom down to {sa.doom}"))
    cleared = [gd for gd, d in sb.guardians.items() if d["token"] and not sa.guardians[gd]["token"]]
    if len(cleared) >= 2:
        out.append(("heroes", {f"guardians.{gd}.under": None for gd in cleared},
                    "Clear the Menaces of " + " and ".join(Names.of(after.rules).guardian(gd) for gd in cleared)))
    tb, ta = sb.tribes[player], sa.tribes[player]
    if ta.corruption < tb.corruption:
        out.append(("corruption", {f"p{player + 1}.corruption": ta.corruption},
                    f"Bring your Tribe Corruption down to {ta.corruption}"))
    if sb.phase == "event" and len(ta.essences) - len(tb.essences) >= 3:
        cols = {}
        for c in ta.essences:
            cols[colour_of(c)] = cols.get(colour_of(c), 0) + 1
        exp = {f"p{player + 1}.essences.total": len(ta.essences)}
        exp.update({f"p{player + 1}.essences.{c}": n for c, n in cols.items()})
        names = Names.of(after.rules)
        each = ", ".join(f"{n} {names.color(c)}" for c, n in sorted(cols.items()))
        out.append(("harvest", exp, f"Hold exactly {len(ta.essences)} Essences ({each})"))
    return out


class _Recording(Game):
    """A game that records the bag tokens it draws (as kind@side), in order: a subclass, as a
    compiled Game's methods cannot be swapped on it."""

    def __init__(self, g: Game) -> None:
        super().__init__(g.rules, g.state)
        self.origin, self.history = g.origin, g.history
        self.drawn: list[str] = []

    def draw_token(self):
        got = super().draw_token()
        if got is not None:
            self.drawn.append(_token_spec(self.rules, got[0], got[1]))
        return got


def wins(rules, pos, goal, line) -> int:
    """How many moves of the line win the goal from the position (0: it does not win)."""
    g = replay_line(rules, pos, [])
    if g is None:
        return 0
    tr = PuzzleTracker(goal, g)
    if tr.result != "open":
        return 0
    for n, a in enumerate(line, 1):
        if g.state.game_over or g.why_not(a) is not None:
            return 0
        g.apply(a)
        if tr.update(g) != "open":
            return n if tr.result == "won" else 0
    return 0


def refuted(rules, pos, goal, first, budget=4000, depth=6, prefix=()) -> bool | None:
    """True when no line of up to `depth` moves after `prefix` + `first` meets the goal before it
    passes (searched exhaustively, payments folded by colour); None when the budget ran out."""
    g = replay_line(rules, pos, [])
    if g is None:
        return None
    tr = PuzzleTracker(goal, g)
    for a in list(prefix) + [first]:
        if g.why_not(a) is not None:
            return None
        g.apply(a)
    left = [budget]

    def key(a):
        if not a.has("pay"):
            return a
        return a.replace(pay=tuple(sorted(colour_of(c) for c in a["pay"])))

    def dfs(game, tracker, d):
        if tracker.result == "won":
            return False
        if tracker.result == "lost" or d == 0 or game.state.game_over:
            return True
        left[0] -= 1
        if left[0] < 0:
            raise TimeoutError
        for a in {key(a): a for a in game.legal_actions()}.values():
            h = game.copy()
            t2 = PuzzleTracker(goal, h)
            t2.start, t2.result = tracker.start, tracker.result
            h.apply(a)
            t2.update(h)
            if not dfs(h, t2, d - 1):
                return False
        return True
    try:
        tr.update(g)
        return dfs(g, tr, depth)
    except TimeoutError:
        return None


# ---------------------------------------------------------------------------- self-play
EXPERT_WORLDS = 4       # the expert's fixed worlds a decision: a run is the same moves for a seed


def make_bots(kind: str, seed: int, players: int, iterations: int = EXPERT_WORLDS) -> list:
    """The seats of a self-play game: the expert with a fixed number of worlds (reproducible, no
    clock), or the greedy heuristic (the first rated set's origin)."""
    if kind == "expert":
        return [ExpertBot(seed * 10 + k, iterations=iterations) for k in range(players)]
    return [HeuristicBot(seed * 10 + k) for k in range(players)]


def candidates(rules, mode: str, players: int, seed: int, variants=(), difficulty: str = "medium",
               bot: str = "heuristic", iterations: int = EXPERT_WORLDS, max_rounds: int = 99,
               coop_laps: tuple = (3,)):
    """Play one seeded game and return the puzzles its windows make. A window opens at every
    Phase start (goal before the Phase ends; in Full Coop at a lap in `coop_laps`, also one before
    the round ends: the teamwork goals) and closes when its moment passes; the line is what the
    bots really played in it, so the game is played once whatever the bots cost."""
    g = _Recording(new_game(rules, players, mode, difficulty, list(variants), seed))
    bots = make_bots(bot, seed, players, iterations)
    drawn = g.drawn
    line: list = []
    who: list = []
    open_: list[dict] = []
    out: list = []
    steps = 0
    while not g.state.game_over and steps < 3000 and g.state.round <= max_rounds:
        s = g.state
        if s.stage == "play" and s.phase is not None and s.pending is None and g.history \
                and g.history[-1]["action"].kind == "choose_phase":
            windows = ["phase_end"] + (["round_end"] if s.mode == "coop" and s.lap in coop_laps else [])
            for window in windows:
                open_.append({"g0": g.copy(), "i0": len(line), "d0": len(drawn), "window": window,
                              "start": (s.round, s.lap, s.active, s.phase),
                              "decks0": {c: list(d) for c, d in s.decks.items()}})
        p = g.acting
        a = bots[p].choose(g, p)
        line.append(a)
        who.append(p)
        g.apply(a)
        steps += 1
        s = g.state
        for w in list(open_):
            r0, lap0, a0, ph0 = w["start"]
            done = s.game_over or (s.round != r0 if w["window"] == "round_end"
                                   else ((s.round, s.lap, s.active) != (r0, lap0, a0) or s.phase != ph0))
            if done:
                open_.remove(w)
                out.extend(_window(rules, w, g, line[w["i0"]:], who[w["i0"]:], drawn[w["d0"]:]))
    return out


def _window(rules, w: dict, g: Game, line: list, who: list, drawn: list) -> list[dict]:
    """The puzzles one closed window makes: each goal the line met, kept with a tempting other
    first move (the heuristic's favourites) that does not get there by the same line."""
    g0 = w["g0"]
    s0 = g0.state
    window = w["window"]
    coop = s0.mode in ("coop", "solo")
    tops = {}
    for c, d in w["decks0"].items():
        n = len(d) - len(g.state.decks[c])
        if n < 0:
            return []                  # a reshuffle: the draws are not the deck's top
        tops[c] = d[:n]
    pos = position_of(g0.copy(), list(drawn), tops)
    player = s0.active
    out = []
    for theme, expect, text in goals_of(g0.copy(), g, player, coop):
        if window == "round_end":
            theme = "coop"
        goal = Goal(text + (" before the round ends." if window == "round_end" else
                            f" before your {s0.phase.capitalize()} Phase ends."), expect, window)
        n = wins(rules, pos, goal, line)
        if not n:
            continue
        sol = line[:n]
        if window == "round_end" and len(set(who[:n])) < 2:
            continue                   # teamwork: two partners' moves are needed
        h = replay_line(rules, pos, [])
        if h is None:
            continue
        acts = [a for a in h.legal_actions() if a != sol[0] and a.kind != "end_phase"]
        if not acts:
            continue
        sc = score_actions(h, h.acting, acts)
        order = sorted(range(len(acts)), key=lambda k: -sc[k][0])
        tempting = [acts[k] for k in order[:TEMPTING] if not wins(rules, pos, goal, [acts[k]] + sol[1:])]
        if PROVE:
            tempting = [a for a in tempting if refuted(rules, pos, goal, a, budget=BUDGET, depth=len(sol) + 1)]
        if not tempting:
            continue
        out.append({"theme": theme, "goal": goal, "pos": pos, "line": sol, "wrong": tempting[0], "tempting": tempting,
                    "where": f"{s0.mode} {s0.players}p seed {s0.seed} round {s0.round} lap {s0.lap} "
                             f"player {s0.active + 1} {s0.phase}"})
    return out


def to_yaml(c: dict, name: str) -> str:
    doc = {"name": name, "rules": "found by tools/puzzle_finder.py: " + c["where"],
           "description": "DRAFT: a one-line story.",
           "puzzle": {"theme": c["theme"], "level": min(3, 1 + len(c["line"]) // 3), "hint": "DRAFT"},
           **c["pos"],
           "goal": {"text": c["goal"].text, "expect": c["goal"].expect, "before": c["goal"].before},
           "solution": [{"do": a.to_dict()} for a in c["line"]],
           "wrong": [{"do": c["wrong"].to_dict()}]}
    return yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=110)


# ---------------------------------------------------------------------------- the rated set
# the sweep: (mode, players, variants) x every difficulty; a table's name (solo1, coop3) picks rows
SWEEP = [("solo", 1, ()), ("coop", 2, ()), ("coop", 3, ()), ("coop", 4, ()),
         ("solo", 1, ("winters_grasp",)), ("coop", 2, ("advanced_menace_rule",)), ("solo", 1, ("kickstarter",)),
         ("solo", 1, ("advanced_menace_rule",)), ("coop", 3, ("kickstarter",)), ("solo", 1, ("shadows",))]
DIFFICULTY_WORDS = {"easy": "Easy", "medium": "Medium", "hard": "Hard", "very_hard": "Very Hard"}
MODE_WORDS = {"solo": "Solo", "coop": "Full Coop", "competitive": "Competitive"}
HINTS = {"harvest": "Count what the Harvest pays and which cards a move gives you before you spend any.",
         "beacons": "A Beacon or the Totem wants its colours: see which Essences you can still gather.",
         "doom": "Doom falls when a Menace is solved or a Beacon lights: which Hero is closest?",
         "heroes": "Look at each Hero's reach this Phase: a short walk first may open the longer one.",
         "corruption": "Cleansing costs cards you may need later: do it when it also moves you on.",
         "coop": "One partner can set up what the other finishes: plan the rest of the round, not one move."}
EXPERT_ORIGIN = "found in expert self-play by tools/puzzle_finder.py"     # the `rules:` line's start


def variant_words(rules, variants) -> str:
    names = rules.modes.get("variants", {})
    return ", ".join(str((names.get(v) or {}).get("name") or v.replace("_", " ").capitalize()) for v in variants)


def auto_yaml(c: dict, name: str, difficulty: str, rules=None, origin: str = "") -> str:
    """A finished rated puzzle: the draft's name, story and hint written from what it is.
    `origin` starts the `rules:` line (the expert's sweep says so; the first set says the finder)."""
    s = c["pos"]["setup"]
    players = s["players"]
    table = MODE_WORDS[s["mode"]] + (f", {players} players" if s["mode"] == "coop" else "")
    if s.get("variants") and rules is not None:
        table += ", " + variant_words(rules, s["variants"])
    goal_text = c["goal"].text.rstrip(".")
    moves = f"{len(c['line'])} move{'s' if len(c['line']) > 1 else ''}"
    story = (f"A position from seeded self-play ({table}, {DIFFICULTY_WORDS[difficulty]}, round "
             f"{c['pos']['turn']['round']}): {moves} do it.")
    if origin:
        story = (f"The expert reached this in a seeded game ({table}, {DIFFICULTY_WORDS[difficulty]}, round "
                 f"{c['pos']['turn']['round']}) and did it in {moves}.")
    doc = {"name": f"{goal_text.split(' before')[0].split(' (')[0]} (round {c['pos']['turn']['round']})",
           "rules": (origin or "found by tools/puzzle_finder.py") + ": " + c["where"] + f" {difficulty}",
           "description": story,
           "puzzle": {"theme": c["theme"], "level": level_of(c["line"]),
                      "hint": HINTS.get(c["theme"], HINTS["harvest"])},
           **c["pos"],
           "goal": {"text": c["goal"].text, "expect": c["goal"].expect, "before": c["goal"].before},
           "solution": [{"do": a.to_dict()} for a in c["line"]],
           "wrong": [{"do": c["wrong"].to_dict()}]}
    return yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=110)


def level_of(line) -> int:
    """The puzzle's level from its solution's length (1-2 moves Easy, 3-4 Medium, longer Hard); the
    trainer's first rating of a puzzle is its level's (practice/trainer.py LEVEL_RATING)."""
    return min(3, 1 + (len(line) - 1) // 2)


def position_key(c: dict) -> str:
    import hashlib
    import json
    return hashlib.sha1(json.dumps([c["pos"], c["goal"].expect], sort_keys=True, default=str).encode()).hexdigest()[:12]


def table_name(mode: str, players: int, variants=()) -> str:
    return f"{mode}{players}" + "".join("+" + v for v in variants)


def sweep(rules, games: int, seed: int, out: Path, limit: int, per_game: int = 3, bot: str = "heuristic",
          iterations: int = EXPERT_WORLDS, tables=None, minutes: float = 0.0, max_rounds: int = 99,
          per_theme: int = 0, coop_laps: tuple = (3,), proof_budget: int = 0, skip_until: int = 0,
          exhaustive: bool = False) -> int:
    """Self-play over SWEEP x difficulties; keep at most `per_game` puzzles a game (and `per_theme`
    of one theme, 0: no cap), each proven by replaying it from its file (the solution wins, the
    wrong move loses); with `proof_budget`, the wrong move is the first tempting one the proof search
    (refute.search, that many positions) finds no win after (with `exhaustive`: refutes exhaustively,
    a bounded proof is not enough), written to PROOFS.txt at once. Stop at
    `limit` files or after `minutes` of CPU; games before seed `skip_until` are not played. Game k of row r, difficulty
    d has the seed `seed + 100 k + 10 r + d`. Files are written as found (a run can be stopped)."""
    import time

    from faeriell import scenario
    have = {p.stem.rsplit("-", 1)[-1] for p in out.glob("*.yaml")}
    n = len(have)
    t0 = time.process_time()
    origin = EXPERT_ORIGIN + f" (ExpertBot, {iterations} worlds a decision)" if bot == "expert" else ""
    for k in range(games):
        for row, (mode, players, variants) in enumerate(SWEEP):
            if tables and table_name(mode, players, variants) not in tables:
                continue
            for d, difficulty in enumerate(DIFFICULTY_WORDS):
                if n >= limit or (minutes and time.process_time() - t0 > minutes * 60):
                    return n
                game_seed = seed + k * 100 + row * 10 + d
                if game_seed < skip_until:
                    continue
                g0 = time.process_time()
                try:
                    found = candidates(rules, mode, players, game_seed, variants, difficulty, bot=bot,
                                       iterations=iterations, max_rounds=max_rounds, coop_laps=coop_laps)
                except Exception as e:          # noqa: BLE001 - a set-up the rules refuse, or a bot stuck
                    print(f"skip {mode} {players}p {difficulty} {variants}: {type(e).__name__}: {e}", flush=True)
                    continue
                themes = _theme_counts(out)
                found.sort(key=lambda c: (themes.get(c["theme"], 0), -len(c["line"])))   # the thin themes first
                kept = 0
                per: dict = {}
                for c in found:
                    key = position_key(c)
                    if key in have or kept >= per_game or (per_theme and per.get(c["theme"], 0) >= per_theme):
                        continue
                    name = f"{c['theme']}-{mode}{players}-{difficulty.replace('_', '')}-{key}"
                    f = out / f"{name}.yaml"
                    proof = None
                    if proof_budget:      # the wrong move: the first tempting one no line after wins
                        for a in c["tempting"]:
                            f.write_text(auto_yaml({**c, "wrong": a}, name, difficulty, rules, origin))
                            proof = prove_wrong(rules, scenario.load(f), [a], proof_budget)
                            if proof is not None and accepted(proof, exhaustive):
                                c = {**c, "wrong": a}
                                break
                            proof = None
                        if proof is None:
                            f.unlink()
                            continue
                    f.write_text(auto_yaml(c, name, difficulty, rules, origin))
                    if not proven(rules, f):
                        f.unlink()
                        continue
                    if proof is not None:
                        write_proof(out / "PROOFS.txt", f"{f.name}: found, {c['wrong']} {proof.words()}")
                    have.add(key)
                    kept += 1
                    per[c["theme"]] = per.get(c["theme"], 0) + 1
                    n += 1
                    print(f"{n} {name}: {c['goal'].text} ({len(c['line'])} moves)", flush=True)
                print(f"# seed {game_seed} {table_name(mode, players, variants)} {difficulty}: {len(found)} "
                      f"candidates, {kept} kept, {time.process_time() - g0:.1f} s CPU", flush=True)
    return n


def _theme_counts(out: Path) -> dict:
    counts: dict = {}
    for p in out.glob("*.yaml"):
        t = p.name.split("-", 1)[0]
        counts[t] = counts.get(t, 0) + 1
    return counts


def proven(rules, path: Path) -> bool:
    """The file loads, its solution wins and its wrong line (played on, then the Phases run out) loses:
    the same proof tests/test_rated_puzzles.py runs."""
    from faeriell import scenario
    try:
        sc = scenario.load(path)
        goal = Goal.from_dict(sc.goal)
        g = scenario.start(sc, rules)
        tr = PuzzleTracker(goal, g)
        if tr.result != "open" or scenario.play_steps(g, sc.solution) is not None or tr.update(g) != "won":
            return False
        return wrong_line_loses(sc, rules)
    except Exception:                           # noqa: BLE001 - not a puzzle we can keep
        return False


def wrong_line_loses(sc, rules=None) -> bool:
    """The recorded wrong line played out (faeriell.practice.refute, the line the table shows) loses."""
    from faeriell import scenario
    from faeriell.practice.refute import refutation
    wrong = [Action.from_dict(v) for _, v, _ in sc.wrong]
    sol = [Action.from_dict(v) for _, v, _ in sc.solution]
    k = len(wrong) - 1
    if not wrong or wrong[:k] != sol[:k] or wrong[k] == sol[k]:
        return False
    line = refutation(sc, rules)
    if line[: len(wrong)] != wrong:
        return False
    g = scenario.start(sc, rules)
    tracker = PuzzleTracker(Goal.from_dict(sc.goal), g)
    for a in line:
        g.apply(a)
        tracker.update(g)
    return tracker.result == "lost"


def prove_wrong(rules, sc, wrong: list, budget: int):
    """The proof search (faeriell.practice.refute.search) after the wrong line `wrong`."""
    from faeriell import scenario
    from faeriell.practice.refute import search
    goal = Goal.from_dict(sc.goal)
    g = scenario.start(sc, rules)
    start = PuzzleTracker(goal, g).start
    for a in wrong:
        if g.why_not(a) is not None:
            return None
        g.apply(a)
    return search(g, goal, start, budget=budget, depth=1)


def accepted(proof, exhaustive: bool) -> bool:
    """A proof that keeps a puzzle: no line after its wrong move wins, searched to the end when
    `exhaustive` (data/puzzles/rated/README.md: every shipped puzzle is), else at least within a bound."""
    return proof.result == "refuted" or (not exhaustive and proof.result == "bounded")


def reprove(rules, path: Path, budget: int, tries: int = 4, exhaustive: bool = False) -> str:
    """Keep the puzzle only with a wrong first move after which no line wins: its own, else the
    most tempting other first move; refuted exhaustively (the search reached the goal's moment on
    every line), or bounded (no line of up to N moves wins; the tree outgrew the budget), said so.
    A puzzle with none is removed."""
    from faeriell import scenario
    sc = scenario.load(path)
    pos = {"setup": sc.setup, "board": sc.board, "tribes": sc.tribes, "turn": sc.turn}
    goal = Goal.from_dict(sc.goal)
    sol = [Action.from_dict(v) for k, v, _ in sc.solution if k == "do"]
    wrong = [Action.from_dict(v) for k, v, _ in sc.wrong]
    if len(wrong) == 1:
        proof = prove_wrong(rules, sc, wrong, budget)
        if proof is not None and accepted(proof, exhaustive):
            return f"{path.name}: kept, {wrong[0]} {proof.words()}"
    h = replay_line(rules, pos, [])
    acts = [a for a in h.legal_actions() if a != sol[0] and a.kind != "end_phase" and a not in wrong]
    sc_ = score_actions(h, h.acting, acts) if acts else []
    for k in sorted(range(len(acts)), key=lambda k: -sc_[k][0])[:tries]:
        a = acts[k]
        if wins(rules, pos, goal, [a] + sol[1:]):
            continue
        proof = prove_wrong(rules, sc, [a], budget)
        if proof is not None and accepted(proof, exhaustive):
            doc = yaml.safe_load(path.read_text())
            doc["wrong"] = [{"do": a.to_dict()}]
            path.write_text(yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=110))
            if proven(rules, path):
                return f"{path.name}: new wrong move {a} {proof.words()}"
    path.unlink()
    if exhaustive:
        return f"{path.name}: removed (no tried wrong first move was refuted exhaustively within {budget} positions)"
    return f"{path.name}: removed (after each tempting first move tried, a line still wins)"


PROOFS_HEAD = """# The rated puzzles' proofs (tools/puzzle_finder.py --reprove FILES --exhaustive-only --budget N;
# data/puzzles/rated/README.md). After each puzzle's recorded wrong first move every line was searched
# until the goal is met or its moment passes (faeriell/practice/refute.py search: deepening to 3 moves,
# then to the end; a transposition table; payments folded by colour where sound). 'refuted
# exhaustively (N positions)': the whole tree was searched and no line wins. The folder's rule: only
# such puzzles ship (a 'bounded: no line of up to D moves wins' proof, the tree outgrowing the budget,
# is not kept). Puzzles with no tried wrong move refuted exhaustively were removed.
# tests/test_rated_puzzles.py proves each file again (solution wins, the wrong line played out loses),
# checks that every file has its line here, and searches the small proofs again (the same counts).
"""


def write_proof(proofs: Path, line: str) -> None:
    """Put one puzzle's line into PROOFS.txt (replacing its old one), rewritten whole each time, so
    a run can be stopped; the head's tally is counted from the lines."""
    name = line.split(": ", 1)[0]
    lines = {}
    if proofs.exists():
        for x in proofs.read_text(encoding="utf-8").splitlines():
            if x and not x.startswith("#"):
                lines[x.split(": ", 1)[0]] = x
    if "removed" in line:
        lines.pop(name, None)
    else:
        lines[name] = line
    body = [lines[k] for k in sorted(lines)]
    full = sum(1 for x in body if "refuted exhaustively" in x)
    bounded = sum(1 for x in body if "bounded:" in x)
    tally = f"# {len(body)} puzzles: {full} refuted exhaustively, {bounded} bounded, {len(body) - full - bounded} other.\n"
    tmp = proofs.with_suffix(".tmp")
    tmp.write_text(PROOFS_HEAD + tally + "\n" + "\n".join(body) + "\n", encoding="utf-8")
    tmp.replace(proofs)


def check(rules, path: Path, budget: int) -> str:
    """Whether a puzzle file's solution wins and each `wrong:` first move is refuted."""
    from faeriell import scenario
    sc = scenario.load(path)
    pos = {"setup": sc.setup, "board": sc.board, "tribes": sc.tribes, "turn": sc.turn}
    goal = Goal.from_dict(sc.goal)
    sol = [Action.from_dict(v) for k, v, _ in sc.solution if k == "do"]
    out = [f"{path.name}: solution {'wins' if wins(rules, pos, goal, sol) else 'DOES NOT WIN'}"]
    wrong = [Action.from_dict(v) for k, v, _ in sc.wrong]
    if wrong:
        r = refuted(rules, pos, goal, wrong[-1], budget=budget, depth=len(sol) + 1, prefix=wrong[:-1])
        out.append({True: "refuted", False: "NOT refuted", None: "unknown (budget)"}[r] + f" {wrong[-1]}")
    return "; ".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", default="solo", choices=("solo", "coop", "competitive"))
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--out", default="/tmp/faeriell-puzzle-candidates")
    ap.add_argument("--variants", default="", help="comma-separated variants")
    ap.add_argument("--prove", action="store_true", help="prove each wrong first move loses (slow)")
    ap.add_argument("--check", nargs="*", help="puzzle files: does the solution win, is each wrong move refuted")
    ap.add_argument("--reprove", nargs="*", help="puzzle files: keep each with an exhaustively refuted wrong first "
                                                 "move (its own or another), else remove it")
    ap.add_argument("--budget", type=int, default=BUDGET, help="positions a refutation may visit")
    ap.add_argument("--proofs", default=str(ROOT / "data" / "puzzles" / "rated" / "PROOFS.txt"),
                    help="--reprove writes each puzzle's proof here as it goes")
    ap.add_argument("--fresh-only", action="store_true", help="--reprove: skip files this search already proved")
    ap.add_argument("--bounded-again", action="store_true",
                    help="--reprove: skip only the files refuted exhaustively (search the bounded ones again)")
    ap.add_argument("--difficulty", default="medium", choices=tuple(DIFFICULTY_WORDS))
    ap.add_argument("--sweep", type=int, default=0, metavar="N",
                    help="N games of every (mode, players, variants) in SWEEP at every difficulty, written finished")
    ap.add_argument("--limit", type=int, default=400, help="stop the sweep when the folder holds this many")
    ap.add_argument("--bot", default="heuristic", choices=("heuristic", "expert"), help="who plays the self-play games")
    ap.add_argument("--iterations", type=int, default=EXPERT_WORLDS, help="the expert's worlds a decision")
    ap.add_argument("--tables", default="", help="comma-separated rows of SWEEP (solo1, coop3, solo1+winters_grasp)")
    ap.add_argument("--minutes", type=float, default=0.0, help="stop the sweep after this much CPU time")
    ap.add_argument("--max-rounds", type=int, default=99, help="stop each game after this round")
    ap.add_argument("--per-game", type=int, default=3, help="puzzles kept from one game")
    ap.add_argument("--per-theme", type=int, default=0, help="puzzles of one theme kept from one game (0: any)")
    ap.add_argument("--proof-budget", type=int, default=0,
                    help="the sweep proves each wrong move with refute.search in this many positions (0: not)")
    ap.add_argument("--exhaustive-only", action="store_true",
                    help="--reprove and --proof-budget: keep a puzzle only when its wrong move is refuted exhaustively")
    ap.add_argument("--skip-until", type=int, default=0, help="the sweep skips games with a seed below this")
    ap.add_argument("--coop-laps", default="3", help="laps whose Phases also open a before-the-round-ends window")
    args = ap.parse_args(argv)
    global PROVE
    PROVE = args.prove
    rules = default_rules()
    if args.reprove:
        import time
        t0 = time.process_time()
        proofs = Path(args.proofs)
        done = set()
        if (args.fresh_only or args.bounded_again) and proofs.exists():     # proven by this search: skip
            done = {x.split(": ", 1)[0] for x in proofs.read_text(encoding="utf-8").splitlines()
                    if "refuted exhaustively" in x or ("bounded:" in x and not args.bounded_again)}
        for f in args.reprove:
            if Path(f).name in done:
                continue
            if args.minutes and time.process_time() - t0 > args.minutes * 60:
                print("# out of minutes", flush=True)
                break
            p0 = time.process_time()
            line = reprove(rules, Path(f), args.budget, exhaustive=args.exhaustive_only)
            write_proof(proofs, line)
            print(f"{line} [{time.process_time() - p0:.1f} s]", flush=True)
        return 0
    if args.check:
        for f in args.check:
            print(check(rules, Path(f), args.budget), flush=True)
        return 0
    players = args.players or (1 if args.mode == "solo" else 2)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.sweep:
        n = sweep(rules, args.sweep, args.seed, out, args.limit, per_game=args.per_game, bot=args.bot,
                  iterations=args.iterations, tables=[t for t in args.tables.split(",") if t],
                  minutes=args.minutes, max_rounds=args.max_rounds, per_theme=args.per_theme,
                  coop_laps=tuple(int(x) for x in args.coop_laps.split(",") if x),
                  proof_budget=args.proof_budget, skip_until=args.skip_until, exhaustive=args.exhaustive_only)
        print(f"{n} puzzles in {out}")
        return 0
    n = 0
    for k in range(args.games):
        seed = args.seed + k
        for c in candidates(rules, args.mode, players, seed, [v for v in args.variants.split(",") if v],
                            args.difficulty):
            n += 1
            name = f"{c['theme']}-{args.mode}-{seed}-{n}"
            (out / f"{name}.yaml").write_text(to_yaml(c, name))
            print(f"{name}: {c['goal'].text} ({len(c['line'])} moves; wrong first move {c['wrong']})", flush=True)
    print(f"{n} candidates in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

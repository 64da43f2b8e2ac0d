"""ExpertBot: plans past the end of the round, on worlds imagined from its player's view.

One decision:

1. Score every legal move with the heuristic on one imagined world; fold payment variants into one
   candidate (its best payment) and keep the best `width` (always with "end the Phase" in view).
2. Until the budget (seconds) or `iterations` (worlds) runs out: imagine a fresh world from the
   player's view (observe.determinize: others' hidden cards, decks, bag order and the generator
   redrawn), and for every candidate still in the race play it in a copy of that world and let
   every seat follow a fast heuristic policy to the end of the round *and `rounds` rounds more*
   (or to the end of the game; with `finish` set, every playout goes to the game's end once the
   Doom track leaves `finish` rounds or fewer). All candidates of one world meet the same luck (common random
   numbers) and are compared pairwise; candidates clearly behind are dropped along the way.
3. The leaf value is pluggable (`leaf`, leaves.py); by mode (EXPERT_LEAVES): in solo the learned
   win chance (win_chance.py), elsewhere `race_value`: the evaluation of
   evaluate.py plus the race that decides solo and Full Coop: Achievements still needed against
   the rounds Doom leaves (Automatic Doom, R34, moves 1, 2 then 3 spaces a round). A finished
   game is a win or a loss; a loss still counts the team's Achievements, so a losing line that
   came closer is preferred. The loop is the one search of lookahead.py.
4. Play the best candidate when it beats the heuristic's favourite pairwise by more than `z`
   standard errors, else the favourite.

In coop the value is the team's (evaluate.py counts distinct Achievements and tokens toward the
coop target), and every partner in a playout plays its own heuristic, so a claim a partner is
about to make is not worth duplicating unless the tokens pay.

`clairvoyant=True` plans on copies of the true game instead (it sees deck and bag order): the
ceiling an honest bot can approach, for benchmarks only.

The reason given with a move (the hint's text) names the move and its concrete gain in the game's
words (engine.names, engine.describe): Achievements claimed or approached ("Vigor 3/4"), Essences, Menaces, Doom; and
what the imagined futures of that very move looked like. It never cites another move.
"""
from __future__ import annotations

import pickle
import time
from concurrent.futures import CancelledError

from faeriell.engine.achievements import region_terrains, tribe_measures
from faeriell.engine.action_schema import SPECS
from faeriell.engine.card import back_of, colour_of
from faeriell.engine.core import Game, IllegalAction
from faeriell.engine.endgame import coop_target
from faeriell.engine.event_phase import harvest_yield
from faeriell.engine.hero_phase import move_range, quest_colours, solvable_colours
from faeriell.engine.preview import harvest_preview

from faeriell.engine.describe import describe, noun, noun_fields
from faeriell.engine.moves import (ChoosePhase, Corruption, DiscardQuest, GoQuest, Harvest, HarvestChoice, MoveGuardian,
                                   MoveHero, Perk, SolveQuest)
from faeriell.engine.moves import view as move_view
from faeriell.engine.names import PHASE_NAMES, Names
from faeriell.engine.words import COLORS

from .base import BaseBot
from .tables import tables
from .heuristic import best_action, score_actions
from .leaves import (CLAIM, CORRUPT, LOSS_ACH, RACE, SCALE, end_summary, expert_spec, race_slack,  # noqa: F401 - said here
                     race_value, rounds_left, team_count)
from .lookahead import Spec, candidates, clock_of, search
from .observe import determinize, view_of
from .search import HEURISTIC_ONLY
from . import helpers

# How far the heuristic's favourite must lead its second move (card units) for the expert to play it
# without a search, by mode (CLEAR_MARGIN elsewhere). Solo looks further: past a lead of 8 the
# search still preferred another move in 13% of decisions up to a lead of 12, and played to the
# game's end by the greedy heuristic in 40 imagined worlds those moves won 15.1% of games against
# the favourite's 11.4% (78 decisions, 25 better and 10 worse; bench/README.md, session 13).
CLEAR_MARGIN = 8.0
CLEAR_MARGINS = {"solo": 12.0}
# The leaf a playout's end is valued by, by mode (a leaves.LEAVES name; DEFAULT_LEAF elsewhere).
# Solo: the learned win chance (win_chance.py). Where the two leaves make the expert choose
# different moves (the same worlds), the learned leaf's moves won more games played to the end
# (bench/README.md, session 13); Full Coop and competitive keep the race leaf they were measured with.
DEFAULT_LEAF = "race"
EXPERT_LEAVES = {"solo": "learned"}


class ExpertBot(BaseBot):
    name = "expert"

    def __init__(self, seed: int | None = 0, budget: float = 1.0, iterations: int | None = None,
                 width: int = 4, rounds: int = 1, clairvoyant: bool = False, z: float = 1.0,
                 noise: float = 0.25, max_playout: int = 600, clear_margin: float | None | str = "by mode",
                 weights=None, leaf="by mode", clock="wall", finish: float | None = None,
                 prune_at: tuple = (2, 4, 8, 16, 32, 64), helpers: int = 0) -> None:
        super().__init__(seed, weights)
        self.budget = float(budget)
        # what the budget counts (lookahead.clock_of): "wall" at the table, the hint and "think
        # longer" (a player waits in wall time); "cpu" (this process's CPU time) in benchmarks, so a
        # loaded machine does not starve the search of the worlds one idle second buys
        self.clock = clock
        self.iterations = iterations      # fixed number of worlds instead of the clock
        self.width = width
        self.rounds = rounds              # rounds played beyond the current one in a playout
        self.clairvoyant = clairvoyant
        self.z = z
        self.noise = noise                # playout policy: heuristic + Gaussian noise (card units)
        self.max_playout = max_playout
        # the heuristic is this sure: no search (None: always search; "by mode": CLEAR_MARGINS)
        self.clear_margin = clear_margin
        # the leaf evaluator (a leaves.LEAVES name or a factory; "by mode": EXPERT_LEAVES)
        self.leaf = leaf
        # near the end the race leaf's estimate decides the game: once the Doom track leaves
        # `finish` rounds or fewer (leaves.rounds_left), a playout goes to the game's end, where
        # its leaf is the true win or loss (None: never)
        self.finish = finish
        self.prune_at = tuple(prune_at)   # after these worlds, candidates clearly behind drop out
        # helper processes that weigh the same candidates on worlds of their own (helpers.py);
        # only on the clock, never with fixed `iterations`, the clairvoyant's or a leaf factory
        self.helpers = helpers
        self.last_stats: dict = {}

    # ---------------------------------------------------------------------------- worlds
    def _world(self, game, view, player, rng) -> Game:
        if self.clairvoyant:
            return game.copy(log=False)
        return determinize(game.rules, view, player, rng)

    # ---------------------------------------------------------------------------- decide
    def decide(self, game, player: int):
        wall0 = time.perf_counter()
        t0 = clock_of(self.clock)()          # the budget's clock
        acts = self._legal(game, player)
        view = None if self.clairvoyant else view_of(game, player)
        world0 = self._world(game, view, player, self.rng)
        scores = score_actions(world0, player, acts, self.ctx(world0, player))
        self.last_stats = {"playouts": 0, "candidates": 1, "searched": False, "worlds": 0}
        best_k = max(range(len(acts)), key=lambda k: scores[k][0])
        pick, outlook = best_k, None
        if not (len(acts) == 1 or (acts[0].kind in HEURISTIC_ONLY and all(a.kind == acts[0].kind for a in acts))):
            cands = self._candidates(acts, scores)
            top = sorted((scores[k][0] for k in cands), reverse=True)
            margin = self.margin_for(game.state.mode)
            if len(cands) > 1 and not (margin is not None and top[0] - top[1] >= margin):
                j, outlook = self._search(game, view, player, [acts[k] for k in cands], t0)
                pick = cands[j]
                self.last_stats.update({"candidates": len(cands), "searched": True})
        self.last_stats["seconds"] = time.perf_counter() - wall0
        a = acts[pick]
        return a, self.reason(world0, player, a, outlook)

    def leaf_for(self, mode: str):
        """The leaf evaluator (a LEAVES name or a factory) this bot values playouts by in `mode`."""
        return EXPERT_LEAVES.get(mode, DEFAULT_LEAF) if self.leaf == "by mode" else self.leaf

    def margin_for(self, mode: str) -> float | None:
        """The lead past which this bot plays the heuristic's favourite unsearched in `mode`."""
        if self.clear_margin == "by mode":
            return CLEAR_MARGINS.get(mode, CLEAR_MARGIN)
        return None if self.clear_margin is None else float(self.clear_margin)

    def _candidates(self, acts, scores) -> list[int]:
        width = self.width
        if self.iterations is None and self.budget < 0.5:
            width = min(width, 4)          # a short budget goes further on fewer candidates
        return candidates(acts, scores, width)

    # ---------------------------------------------------------------------------- search
    def spec(self, mode: str, to_end: bool = False, difficulty: str | None = None) -> Spec:
        """The expert's search (lookahead.py): its playout policy (the heuristic without the
        saving-up wish, blurred by `noise`), to the end of the round and `rounds` more, valued by
        its leaf (`leaf`: "by mode", the default, is EXPERT_LEAVES: the learned win chance in solo,
        "race" elsewhere; or a name of leaves.LEAVES, or a factory weights -> Evaluator), pruned
        after `prune_at` worlds; its clock may stop inside the first world. `to_end`: playouts go
        to the end of the game (see `finish`). `difficulty`: the weights the file sets for it, if any."""
        return expert_spec(self.weights.of(mode, difficulty), self.leaf_for(mode), self.noise, self.rounds, self.max_playout,
                           self.prune_at, self.z, to_end)

    def _search(self, game, view, player, cands, t0):
        n = len(cands)
        ends: list[list] = [[] for _ in range(n)]        # (Achievements, Doom, round) at leaves

        def new_world(prng):
            if self.clairvoyant:
                return game.copy(log=False)
            return determinize(game.rules, view, player, prng, chance=True)

        to_end = self.finish is not None and rounds_left(game.state.doom, game.rules) <= self.finish
        self.last_stats["to_end"] = to_end
        clock = clock_of(self.clock)
        helping = self._call_helpers(game, view, player, cands, to_end, t0, clock)

        def more():
            parts = self._helped(helping)
            for part in parts:
                for j in range(n):
                    ends[j].extend(part["ends"][j])
                self.last_stats["playouts"] += part["playouts"]
                self.last_stats["helper_worlds"] = self.last_stats.get("helper_worlds", 0) + part["worlds"]
            return [(part["vals"], part["worlds"]) for part in parts]
        out = search(self.spec(game.state.mode, to_end, game.state.difficulty), player, cands, new_world, rng=self.rng, budget=self.budget,
                     iterations=self.iterations, t0=t0, stats=self.last_stats, clock=clock,
                     on_leaf=lambda j, w, v: ends[j].append(end_summary(w, player)), more=more if helping else None)
        self.last_stats["worlds"] = out.worlds
        return out.best, _outlook(ends[out.best], game.state.mode == "coop")

    def _call_helpers(self, game, view, player, cands, to_end, t0, clock) -> list:
        """Start the helper processes on this decision (helpers.py); [] where they do not apply."""
        if not self.helpers or self.iterations is not None or self.clairvoyant or not isinstance(self.leaf, str):
            return []
        mode = game.state.mode
        left = max(0.0, t0 + self.budget - clock())
        spec = {"weights": self.weights.of(mode, game.state.difficulty), "leaf": self.leaf_for(mode), "noise": self.noise,
                "rounds": self.rounds, "max_playout": self.max_playout, "prune_at": self.prune_at, "z": self.z,
                "to_end": to_end}
        wall = self.clock in (None, "wall")
        return helpers.submit(self.helpers, {
            "rules": game.rules, "view": view, "player": player, "cands": list(cands), "spec": spec,
            "clock": self.clock if isinstance(self.clock, str) else "wall",
            "budget": left, "deadline": (time.perf_counter() + left) if wall else None,
            "seed": self.rng.getrandbits(62)})

    def _helped(self, futures) -> list[dict]:
        """The helpers' results: waited for on the CPU clock (a benchmark: the budget is theirs too),
        briefly on the wall clock (a player waits; a helper still starting is left behind)."""
        out = []
        grace = 0.1 if self.clock in (None, "wall") else 30.0 + 10 * self.budget
        for f in futures:
            try:
                out.append(f.result(timeout=grace))
            except (TimeoutError, CancelledError, RuntimeError, OSError, pickle.PickleError):
                # late, cancelled, its pool broken (BrokenProcessPool is a RuntimeError) or its
                # answer unreadable: the bot's own worlds decide
                f.cancel()
                self.last_stats["helpers_missed"] = self.last_stats.get("helpers_missed", 0) + 1
        return out

    # ---------------------------------------------------------------------------- words
    def reason(self, world, player: int, a, outlook=None) -> str:
        """The move, what it achieves and why now, then what it costs or risks, in the game's
        words (words only: the move is already chosen)."""
        names = Names.of(world.rules)
        head = describe(a, names, [t.id for t in world.state.tribes])
        aim, risks = self.aim_and_risks(world, player, a, names)
        text = head + (f": {aim}" if aim else "") + "."
        if risks:
            text += " " + ("It " if risks[0].startswith(_COST_WORDS) else "Risk: ") + "; ".join(risks) + "."
        if outlook:
            text += f" {outlook}"
        return text


    @staticmethod
    def aim_and_risks(world, player: int, a, names: Names) -> tuple[str, list[str]]:
        """(what `a` achieves or is for, in words, after describe's words for it in `reason`;
        what it costs or risks): the partner's line says the aim beside the move's label without
        reading it back out of the reason."""
        gains, risks = gain_and_risk(world, player, a, names)
        if gains:
            return "; ".join(gains), risks
        if a.kind == "end_phase":
            return "nothing left in this Phase is worth what it costs", risks
        return why_kind(world, player, a), risks


def _outlook(ends, coop=False) -> str | None:
    """What this move tends to lead to when played forward, in plain words (no count of the
    imagined games: a learner needs the direction, not the statistics)."""
    if not ends:
        return None
    n = len(ends)
    ach = sum(e[0] for e in ends) / n
    doom = sum(e[1] for e in ends) / n
    rnd = max(e[4] for e in ends)
    wins = sum(1 for e in ends if e[2])
    who = "the team" if coop else "you"
    txt = (f"Played forward to the end of round {rnd}, it leaves {who} about {round(ach)} "
           f"Achievement{'s' if round(ach) != 1 else ''} with Doom near {round(doom)}")
    if wins and wins * 2 >= n:
        txt += ", often a win"
    return txt + "."


# ------------------------------------------------------------------------------ gains in words
_COST_WORDS = ("spends", "pays")
_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
# what each kind of Achievement measure counts, for "2 of the 4 it needs"
_UNITS = {"solved": "{color} Menaces solved", "terrain": "{terrain} Regions", "herbs": "Heirloom Herbs",
          "attunements": "Attunements", "beacons": "Beacons", "shire": "Regions in one Shire", "perks": "Perks"}


def _nth(n: int) -> str:
    return _ORDINAL.get(n if n < 20 else n % 10, f"{n}th") if not 10 < n % 100 < 14 else f"{n}th"


def _goal_words(world, player: int, s1, names: Names) -> str:
    """': your 4th Achievement of 6' - where a claim leaves the player against the win."""
    s0 = world.state
    r = world.rules
    if s0.mode == "solo":
        return f"your {_nth(len(s1.tribes[player].achievements))} Achievement of {int(r.modes['solo']['achievements'])}"
    if s0.mode == "coop":
        need = int(coop_target(world)["achievements"])
        have = sum(1 for holders in s1.achievements.values() if holders)
        return f"the team's {_nth(have)} of the {need} it needs"
    return f"your {_nth(len(s1.tribes[player].achievements))} (a 5th ends the game at the round's end)"


def _progress_words(r, aid, cond, value: int, names: Names) -> str:
    """'a step toward Chieftain (your Chieftain at level 2 of the 4 it needs)'."""
    tgt = int(cond.get("min", 1))
    m = cond.get("measure")
    if m == "hero_level":
        what = f"your {names.hero(cond.get('hero'))} at level {value} of the {tgt} it needs"
    elif m in _UNITS:
        unit = _UNITS[m].format(color=names.color(cond.get("color", "")),
                                terrain=str(((r.catalog.terrains or {}).get(cond.get("terrain")) or {})
                                            .get("name") or str(cond.get("terrain", "")).title()))
        what = f"{value} of {tgt} {unit}"
    else:
        what = f"{value} of {tgt}"
    if value >= tgt:
        return f"{what}: enough for the {names.achievement(aid)} Achievement, if no tribe has more"
    return f"a step toward the {names.achievement(aid)} Achievement ({what})"


def _token_words(world, a, cond, names: Names) -> str:
    """Why a Settlement on a Region of another Terrain moves a Terrain Achievement: the Terrain
    token on its Area's Heartland counts as well (R5), which a learner cannot guess from "a
    Settlement in the Owl's Meadow: a step toward the Forests Achievement". Words only: the
    count itself is the engine's (achievements.tribe_measures)."""
    reg, terrain = a.get("region"), cond.get("terrain")
    if cond.get("measure") != "terrain" or reg not in world.rules.region_area:
        return ""
    printed, *token = region_terrains(world, reg)
    if printed == terrain or terrain not in token:
        return ""
    return f"the {names.terrain(terrain)} token on this Heartland counts"


def _within_reach(world, player: int) -> set:
    """What the player could pay for if it were their Tribe Phase now: ("build_beacon", colour),
    ("level_up", hero), ("build_settlement",), ("dress_hero",) (`bought_item`). The engine lists
    it; this only reads."""
    st = world.copy(log=False).state
    st.phase, st.pending, st.queue, st.active = "tribe", None, [], player
    g = Game(world.rules, st)
    return {item for act in g.legal_actions() if (item := bought_item(act)) is not None}


# The Tribe Actions a hint promises ("enough for a Red Beacon in your Tribe Phase this round",
# bench/hint_plan.py counts the promises kept): the purchases a tribe saves up for. What each buys
# is its spec's noun, one told from another by the fields that noun names (describe.noun_fields).
PROMISED = frozenset({"build_beacon", "build_settlement", "dress_hero", "level_up"})


def bought_item(a) -> tuple | None:
    """The thing of `_within_reach` a Tribe Action buys (None for any other move): what a promise
    of "enough for ..." is kept by: its kind and the values its noun names, ("build_beacon", "red")."""
    if a.kind not in PROMISED:
        return None
    return (a.kind, *(a.get(f) for f in noun_fields(a.kind)))


def tribe_line_buys(world, player: int) -> set:
    """What the coach's own line for a Tribe Phase begun now would buy (`_within_reach`'s items):
    the greedy heuristic's moves from its start to its end, the policy the hint's plan plays inside
    a Phase (plan.make_plan). Only what this line buys is promised; the rest is said as a chance."""
    st = world.copy(log=False).state
    st.phase, st.pending, st.queue, st.active = "tribe", None, [], player
    g = Game(world.rules, st)
    out: set[tuple] = set()
    for _ in range(12):                     # a Tribe Phase is a few moves; this bounds a runaway
        if g.state.game_over or g.acting != player or g.state.phase != "tribe":
            break
        acts = g.legal_actions()
        if not acts:
            break
        a = best_action(g, player, list(acts))[0]
        if a.kind == "end_phase":
            break
        item = bought_item(a)
        if item is not None:
            out.add(item)
        try:
            g.apply(a, trusted=True)
        except IllegalAction:
            break
        if g.history and g.history[-1].get("revealed"):
            break                           # what follows a draw is not known yet
    return out


def promised_items(before, after, player: int) -> list:
    """What a move (or a line) from `before` to `after` brings within reach that the coach's own
    Tribe Phase line from `after` would buy (tribe_line_buys): a promise the coach keeps, nearest
    first. The engine lists what can be paid; nothing here counts a cost."""
    fresh = _within_reach(after, player) - _within_reach(before, player)
    if not fresh:
        return []
    return sorted(fresh & tribe_line_buys(after, player))


def _reach_note(world, g, player: int, names: Names) -> str:
    """': enough for a Level Up of your Shaman in your Tribe Phase this round' when the coach's
    own Tribe Phase line would buy it; ': could pay for a Red Beacon in your Tribe Phase next
    round, if nothing better comes' when it is only a chance (the promise a learner was let down
    by: the Harvest hint promised a Level Up, then the Tribe Phase bought something else)."""
    s0, s1 = world.state, g.state
    if not (s1.stage == "play" and not s1.game_over and s0.stage == "play"):
        return ""
    fresh = sorted(_within_reach(g, player) - _within_reach(world, player))
    if not fresh:
        return ""
    t = s1.tribes[player]
    # a move that ends the round leaves the new round's Phases open: that Tribe Phase is the next
    # round's, not this one's, and a Harvest and a Draft come first: said as a chance only
    this_round = s1.round == s0.round and ("tribe" not in t.phases_done or s1.phase == "tribe")
    when = "in your Tribe Phase this round" if this_round else "in your Tribe Phase next round"
    sure = [x for x in fresh if x in tribe_line_buys(g, player)] if this_round else []
    maybe = [x for x in fresh if x not in sure]
    if sure:
        note = ": enough for " + " or ".join(_reach_words(x, names) for x in sure[:2]) + " " + when
        if maybe and len(sure) < 2:
            note += f" (or {_reach_words(maybe[0], names)}, if nothing better comes)"
        return note
    return (": could pay for " + " or ".join(_reach_words(x, names) for x in maybe[:2]) + " " + when
            + ", if nothing better comes")


def _reach_words(item, names: Names) -> str:
    """'a Red Beacon', 'a Level Up of your Shaman': a `bought_item` by its spec's noun (describe.noun)."""
    kind = item[0]
    return noun(kind, names, dict(zip(noun_fields(kind), item[1:], strict=True)))


_PHASE_WHY = {"event": "move a Great Guardian, draw Menaces and move the Harvest token for Essences",
              "hero": "move your Heroes to solve Menaces and Quests"}
# The Tribe Actions as the hint names what a Tribe Phase offers ("a Beacon or a Level Up");
# a kind not named here is said by its sentence in the schema (action_schema.SPECS' `doing`).
def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _phase_offers(world, player: int, a) -> list[str] | None:
    """The kinds of move (other than ending it) the Phase `a` chooses offers `player` at once, as
    the engine lists them in a copy where it is chosen; None when the copy refuses the move."""
    g = world.copy(log=False)
    try:
        g.apply(a, trusted=True)
    except IllegalAction:
        return None
    if g.state.active != player or g.state.phase != a.get("phase"):
        return None
    kinds: list[str] = []
    for x in g.legal_actions():
        if x.kind != "end_phase" and x.kind not in kinds:
            kinds.append(x.kind)
    return kinds


def _tribe_phase_why(world, player: int, a) -> str:
    """What a Tribe Phase gives `player` in this very position: the Tribe Actions the engine
    offers once it is chosen, or, when it offers none, that it only uses the turn (and which
    Phase tiles it keeps for later, read off the engine's list of Phases to choose now)."""
    kinds = _phase_offers(world, player, a)
    if kinds is None:
        return ""
    held = len(world.state.tribes[player].essences)
    if kinds:
        names = Names.of(world.rules)
        nouns = [noun(k, names) if SPECS[k].noun else SPECS[k].doing.lower() or k for k in kinds]
        if len(nouns) > 4:                   # a hint card's line, not the whole menu
            nouns = nouns[:3] + [f"{len(nouns) - 3} other Tribe Actions"]
        return ("spend Essences on " if held else "Tribe Actions open now: ") + _or_list(nouns)
    others = [PHASE_NAMES.get(x.get("phase"), str(x.get("phase"))) for x in world.legal_actions()
              if x.kind == "choose_phase" and x.get("phase") != a.get("phase")]
    text = ("with no Essences to spend it offers no Tribe Action now" if not held else
            "the Essences held pay for no Tribe Action now")
    if others:
        return (text + ": it only uses up this turn and keeps the "
                + " and ".join(others) + " Phase" + ("s" if len(others) > 1 else "") + " for later turns")
    return text + ": it only uses up this turn"


def why_kind(world, player: int, a) -> str:
    """What a move is for when it changes nothing to count yet, said of this position (a Phase
    by what the engine offers in it)."""
    match move_view(a):
        case ChoosePhase(phase="tribe"):
            return _tribe_phase_why(world, player, a)
        case ChoosePhase(phase="hero") if _phase_offers(world, player, a) == []:
            return "it offers no move now: it only uses up this turn"
        case ChoosePhase(phase=phase):
            return _PHASE_WHY.get(phase, "")
        case GoQuest():
            return "a Quest card that pays its reward once the Hero solves it"
        case MoveHero():
            return "on the way to a Menace or a Quest"
        case SolveQuest():
            return "the Quest pays its reward now"
        case Corruption(choice="ignore"):
            return "your Essences and your Tribe Corruption stay as they are"
        case Corruption(choice="yield"):
            return "Doom does not move"
        case Corruption(choice="cleanse_tribe"):
            return "one Essence turns your Tribe Corruption back a space, with no Doom"
        case Corruption(choice="cleanse_corruption", target=target):
            return ("more time before Doom's end to reach your Achievements, for one Essence"
                    if target in (None, "doom") else
                    "one Essence frees a Corrupted Guardian's Region, so it harvests again")
        case Harvest():
            return _harvest_why(world, player, a)
        case MoveGuardian():
            return _guardian_why(world, player, a)
        case Perk(hero=hero, perk=perk) if perk and hero:
            # what the Perk's own ability does (its effect kind in the catalog), said as the Hero's gain
            r = world.rules
            if r.perk_has(perk, "gain_gem"):
                return f"one more Action gem for your {Names.of(r).hero(hero)} this Phase: another step toward a Menace or a Quest"
            if r.perk_has(perk, "path_move") or r.perk_has(perk, "extra_move"):
                return f"your {Names.of(r).hero(hero)} goes further this Phase, toward a Menace or a Quest"
        case DiscardQuest():
            # a Quest pool holds as many Quests as its Hero's level: one must go, the one least worth keeping
            return "the Hero holds more Quests than its level allows, so one goes: the coach keeps the others"
        case HarvestChoice(region=region) if region:
            if world.region_status(region) == "corrupted":
                return "a Corrupted Region: it brings a Corruption Event instead of an Essence"
            return "its Essence pays toward your next Tribe Actions"
    return ""


def _guardian_why(world, player: int, a) -> str:
    """Why a Great Guardian goes to this Region when none of your Settlements is touched (those are
    said by the Regions' statuses): what it brings within your Heroes' reach this round, by the
    heuristic's own test (a Hero's steps to the Region against its move range, the colours it may
    solve there, a Quest it holds for this Guardian); else that it lands away from your Settlements."""
    s, r = world.state, world.rules
    names = Names.of(r)
    gd, reg = a.get("guardian"), a.get("region")
    d = s.guardians.get(gd)
    if d is None or reg is None:
        return ""
    tok = d.get("token")
    kind = r.token_kind(tok) if tok else None
    dist = tables(r).node_region_dist
    guardian = names.guardian_name(gd)
    for h, hero in s.tribes[player].heroes.items():
        if not hero.node or dist.get(hero.node, {}).get(reg, 99) > move_range(world, hero):
            continue
        came = "stays" if dist.get(hero.node, {}).get(d.get("region"), 99) <= move_range(world, hero) else "comes"
        if kind in COLORS and kind in solvable_colours(world, player, hero, reg):
            return (f"its {names.color(kind)} Menace {came} within reach of your {names.hero(h)}, "
                    "who can solve it in the Hero Phase")
        if any(back_of(c) == gd and colour_of(c) in quest_colours(world, hero) for c in hero.quests):
            return f"{guardian} {came} within reach of your {names.hero(h)}, who holds a Quest for it"
    owner = world.owner_of(reg)
    if owner is not None and owner != player and kind is not None and s.mode != "coop":
        rival = s.tribes[owner]
        tribe = str((r.catalog.tribes.get(rival.id) or {}).get("name") or rival.id.title())
        return f"it lands on the {tribe}'s Settlement in {names.region(reg)}, not on yours"
    return f"it lands in {names.region(reg)}, away from your Settlements"


def _harvest_why(world, player: int, a) -> str:
    """Why a move of the Harvest token, read off the engine's preview of each stop within reach
    (preview.harvest_preview, event_phase.harvest_yield): what the player then takes there, or
    that it takes nothing and whether another stop would have given something."""
    steps = a.get("steps")
    if not isinstance(steps, int):          # a listed harvest always counts its steps
        return ""
    pv = harvest_preview(world, steps)
    if pv["frozen"]:
        return "that space is frozen, so nobody harvests: it only moves the token on"
    mine = next((t for t in pv["tribes"] if t["player"] == player), None)
    rows = [] if mine is None else [r for r in mine["regions"] if r["gives"]]
    if rows or (mine is not None and mine["bonus"]):
        if not pv["area"] and len(rows) > 1:
            return "you then pick which of your Regions there gives you its Essence"
        return "you then take the Essences your Regions there give"
    stops = [x for x in world.legal_actions() if x.kind == "harvest"]
    size = len(world.rules.wheel)
    others = [x for x in stops if x != a and (harvest_yield(world, (world.state.harvest + int(x.get("steps"))) % size)
                                             or ((0, 0),) * (player + 1))[player][0] > 0]
    if others:
        return ("it harvests nothing for you now, though another stop would give an Essence: the coach "
                "prefers where it leaves the token for later Harvests")
    return "no stop within reach harvests for you this time: where the token stops sets next round's Harvest"


def describe_gain(world, player: int, a, names: Names) -> list[str]:
    """What `a` changes for `player`'s side, in words: its gains, then its costs and risks."""
    gains, risks = gain_and_risk(world, player, a, names)
    return gains + risks


def gain_and_risk(world, player: int, a, names: Names) -> tuple[list[str], list[str]]:
    """(what `a` achieves, what it costs or risks) for `player`, in plain words."""
    return line_gain_and_risk(world, player, [a], names)


def line_gain_and_risk(world, player: int, line, names: Names) -> tuple[list[str], list[str]]:  # noqa: C901 - one clause per kind of gain or risk a plan's line is said by; goes with issue 43 item 4
    """(what the moves of `line`, played in turn, achieve together, what they cost or risk) for
    `player`: the plan's aim says the whole line at once, by the same words as one move."""
    g = world.copy(log=False)
    s0 = world.state
    try:
        for x in line:
            g.apply(x, trusted=True)
    except IllegalAction:      # an imagined world that refuses the move: say nothing
        return [], []
    if not line:
        return [], []
    # the move the kind-specific words read: the line's last that is more than ending the Phase
    a = next((x for x in reversed(line) if x.kind != "end_phase"), line[-1])
    s1 = g.state
    r = world.rules
    out: list[str] = []
    risks: list[str] = []
    # A token from the bag or a roll of the generator differs in every imagined world: then the
    # tokens are not promised (only the sure parts are told). Cards taken from a colour's deck
    # are that colour's Essences in every world, so those gains are told.
    luck = s1.rng_draws != s0.rng_draws or len(s1.bag) != len(s0.bag)
    t0, t1 = s0.tribes[player], s1.tribes[player]
    new = [x for x in t1.achievements if x not in t0.achievements]
    for aid in new:
        out.append(f"claims {names.achievement(aid)}: {_goal_words(world, player, s1, names)}")
    lost = [x for x in t0.achievements if x not in t1.achievements]
    for aid in lost:
        risks.append(f"gives up {names.achievement(aid)}")
    if s0.mode == "coop":
        for j in range(s0.players):
            if j != player:
                for aid in s1.tribes[j].achievements:
                    if aid not in s0.tribes[j].achievements:
                        tid = s1.tribes[j].id
                        tribe = str((r.catalog.tribes.get(tid) or {}).get("name") or tid.title())
                        out.append(f"{tribe} (player {j + 1}) claims {names.achievement(aid)} for the team")
    # Progress towards an Achievement (minimum thresholds).
    m0, m1 = tribe_measures(world, player), tribe_measures(g, player)
    steps = []
    told_levels: set = set()         # Heroes whose level the progress already tells
    for aid, cond in r.conditions.items():
        if aid in t1.achievements:
            continue
        if cond.get("kind") != "most":
            if m1.get(aid, 0) > m0.get(aid, 0):
                out.append(f"the {names.achievement(aid)} Achievement can then be claimed")
            continue
        b, c = m0.get(aid, 0), m1.get(aid, 0)
        if c > b:
            words, why = _progress_words(r, aid, cond, c, names), _token_words(world, a, cond, names)
            if why:
                words = words[:-1] + f": {why})" if words.endswith(")") else f"{words} ({why})"
            steps.append((-c / max(1, int(cond.get("min", 1))), words))
            if cond.get("measure") == "hero_level":
                told_levels.add(cond.get("hero"))
    steps.sort(key=lambda x: x[0])                  # the nearest first; two are enough to read
    out += [w for _, w in steps[:2]]
    if len(steps) > 2:
        out.append(f"and {len(steps) - 2} more Achievement{'s' if len(steps) > 3 else ''} a step nearer")
    # Menaces solved or cleared.
    told: set = set()                # Regions whose Harvest the words already tell
    for gd, d0 in s0.guardians.items():
        tok0, tok1 = d0.get("token"), s1.guardians[gd].get("token")
        if tok0 and not tok1:
            kind = r.token_kind(tok0)
            what = "Corruption" if kind == "corruption" else f"{names.color(kind)} Menace"
            reg = d0.get("region")
            mine = reg in t0.settlements
            out.append(f"clears the {what} of {names.guardian_name(gd)}"
                       + (f", so your Settlement in {names.region(reg)} harvests again" if mine else ""))
            told.add(reg)
    # A Great Guardian moved with its Menace or Corruption: your Regions it leaves or comes to
    # (the engine's statuses before and after; what a bag token brings is luck, not told)
    if not luck:
        st0, st1 = world.region_statuses(), g.region_statuses()
        for reg in sorted(set(t0.settlements) & set(t1.settlements) - told):
            if st0.get(reg) and not st1.get(reg):
                out.append(f"your Settlement in {names.region(reg)} harvests again "
                           f"(no longer {'Threatened' if st0[reg] == 'threatened' else 'Corrupted'})")
            elif st1.get(reg) and not st0.get(reg):
                risks.append(f"your Settlement in {names.region(reg)} becomes "
                             + ("Threatened: no Harvest there" if st1[reg] == "threatened" else
                                "Corrupted: its Harvest brings a Corruption Event"))
    # Essences, and what they bring within reach.
    def pool(t):
        c: dict = {}
        for x in t.essences:
            col = colour_of(x)
            c[col] = c.get(col, 0) + 1
        return c
    p0, p1 = pool(t0), pool(t1)
    gained = {c: p1.get(c, 0) - p0.get(c, 0) for c in set(p0) | set(p1) if p1.get(c, 0) > p0.get(c, 0)}
    spent = {c: p0.get(c, 0) - p1.get(c, 0) for c in set(p0) | set(p1) if p0.get(c, 0) > p1.get(c, 0)}
    if gained and not luck:
        out.append("gains " + names.essences(gained) + _reach_note(world, g, player, names))
    # Regions, Heroes.
    for reg in t1.settlements:
        if reg not in t0.settlements and a.kind not in ("build_settlement", "place_settlement", "move_settlement"):
            out.append(f"a Settlement in {names.region(reg)} (it harvests there)")
    for h, hero in t1.heroes.items():
        before = t0.heroes.get(h)
        if before is not None and hero.level > before.level and h not in told_levels:
            out.append(f"the {names.hero(h)} reaches level {hero.level}")
    if s1.round != s0.round and not s1.game_over:
        out.append("ends the round")
    if luck and out:
        out.append("the tokens or cards it brings are luck")
    elif luck and a.kind == "draft":
        out.append("it brings the Menaces your Heroes solve for Essences and Achievements (which tokens "
                   "come out of the bag is luck)")
    elif luck:
        # the move's own aim, with the luck beside it: "it turns up something new" alone was no
        # reason (issue 41: "Take a Red Essence: it turns up something new")
        why = why_kind(world, player, a)
        out.append(f"{why} (what it turns up is luck)" if why else
                   "what it turns up is luck, and nothing it surely brings counts toward an Achievement yet")
    # Costs and risks.
    if spent and not luck:
        risks.insert(0, "spends " + names.essences(spent))
    if s1.doom != s0.doom and not luck:
        d = s1.doom - s0.doom
        if d > 0:
            risks.append(f"Doom +{d} (to {s1.doom} of {r.doom_max})")
        else:
            out.append(f"Doom {d} (to {s1.doom} of {r.doom_max})")
    if t1.corruption != t0.corruption and not luck:
        d = t1.corruption - t0.corruption
        if d > 0:
            risks.append(f"Tribe Corruption +{d} (to {t1.corruption})")
        else:
            out.append(f"Tribe Corruption {d}")
    return out, risks

"""The chance that a side wins from a position: a learned evaluation (issue 25, items 3 and 4).

    win_chance(game, seat) -> float in [0, 1]
        solo: the tribe's chance; Full Coop: the team's (any seat gives the same); competitive: the
        seat's tribe's. A finished game gives 1.0 (the seat is among the winners) or 0.0. Instant
        (well under a millisecond): a model on named features (features.py), no search.
    chance_after(game, seat, actions, worlds=8, seed=0) -> list[float]
        For each action (legal for `seat` now): the win chance after it, averaged over `worlds`
        worlds imagined from the seat's view (observe.determinize), each played on by the greedy
        heuristic to the end of the round and then valued by win_chance. Every action meets the
        same worlds (common random numbers), so two actions differ by their play, not their luck.
        Deterministic for a seed.

The model (one per mode: a logistic regression or a one-hidden-layer network on the mode's
features, standardized) is data: data/bots/win_chance.json, written by tools/train_win_chance.py
with the command, the seed ranges and the dataset in the file, read once into frozen values.
A bad file is refused with the file and the field named (WinChanceModelError).

Both calls are thread-safe: the model is frozen, and nothing here keeps state between calls.
"""
from __future__ import annotations

import random
import threading
from dataclasses import dataclass, replace
from math import exp, isfinite, tanh
from pathlib import Path

from faeriell.engine.chance import set_chance
from faeriell.resources import resource_dir
from faeriell.safe_read import parse_json, read_text

from .features import feature, mode_features, vector
from .heuristic import score_actions
from .knowledge import Ctx
from .observe import fork, observe
from .weights import weights_for

MODES = ("solo", "coop", "competitive")
# The expert's chance is scaled per table where its games were measured: Full Coop and competitive by
# the number of players (issue 41 item 1), since two, three and four searching seats reach differently
# far; a table's chance is shown as the coach's only where that table's games were measured.
TABLES = ("coop2", "coop3", "coop4", "competitive2", "competitive3", "competitive4")
BY_PLAYERS = ("coop", "competitive")
FORMAT = 1
MAX_PLAYOUT = 600        # actions a playout may take before it is valued where it stands


class WinChanceModelError(ValueError):
    """The model file cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class Model:
    """One mode's model: z = (x - mean) / scale; out = w . tanh(H z + c) + b (or w . z + b)."""
    mode: str
    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    bias: float
    hidden: tuple[tuple[float, ...], ...] = ()
    hidden_bias: tuple[float, ...] = ()
    # Competitive's expert chance also reads the table: `rival` times the learned logit (`base`'s) of
    # the strongest other seat. The learned model values each seat alone, so two seats can both read
    # 90%; with the expert in every seat only one of them goes on to win (expert_chance.json).
    rival: float = 0.0
    base: Model | None = None

    def logit(self, x) -> float:
        z = [(v - m) / s for v, m, s in zip(x, self.mean, self.scale, strict=True)]
        if self.hidden:
            z = [tanh(c + sum(h * q for h, q in zip(row, z, strict=True))) for row, c in zip(self.hidden, self.hidden_bias, strict=True)]
        return self.bias + sum(w * q for w, q in zip(self.weights, z, strict=True))

    def chance(self, x) -> float:
        return _sigmoid(self.logit(x))


def _sigmoid(t: float) -> float:
    if t >= 0:
        return 1.0 / (1.0 + exp(-t))
    e = exp(t)
    return e / (1.0 + e)


@dataclass(frozen=True)
class ModelBook:
    path: str
    models: dict          # mode -> Model (never changed once read)
    meta: dict            # command, seeds, dataset: what made the file

    def of(self, mode: str, players: int | None = None) -> Model:
        """`mode`'s model; with `players`, the one scaled for that table where there is one."""
        if players is not None:
            table = self.models.get(table_key(mode, players))
            if table is not None:
                return table
        return self.models[mode]


def table_key(mode: str, players: int) -> str:
    """The key of a table in an expert-chance file: Full Coop and competitive by their players, solo by mode."""
    return f"{mode}{players}" if mode in BY_PLAYERS else mode


def default_path() -> Path:
    return Path(resource_dir("data")) / "bots" / "win_chance.json"


def _numbers(path, where: str, value, n: int | None = None, positive: bool = False) -> tuple[float, ...]:
    if not isinstance(value, list):
        raise WinChanceModelError(f"{path}: {where}: expected a list of numbers, not {type(value).__name__}")
    if n is not None and len(value) != n:
        raise WinChanceModelError(f"{path}: {where}: expected {n} numbers, found {len(value)}")
    out = []
    for k, v in enumerate(value):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not isfinite(float(v)):
            raise WinChanceModelError(f"{path}: {where}[{k}]: {v!r} is not a finite number")
        if positive and v <= 0:
            raise WinChanceModelError(f"{path}: {where}[{k}]: a scale must be above 0, not {v!r}")
        out.append(float(v))
    return tuple(out)


def _number(path, where: str, value) -> float:
    return _numbers(path, where, [value])[0]


def parse_model(path, mode: str, d) -> Model:
    where = f"models.{mode}"
    if not isinstance(d, dict):
        raise WinChanceModelError(f"{path}: {where}: expected a mapping")
    for key in ("features", "mean", "scale", "weights", "bias"):
        if key not in d:
            raise WinChanceModelError(f"{path}: {where}.{key}: missing")
    feats = d["features"]
    if not isinstance(feats, list) or not feats or not all(isinstance(f, str) for f in feats):
        raise WinChanceModelError(f"{path}: {where}.features: expected a list of feature names")
    for k, f in enumerate(feats):
        try:
            feature(f)
        except KeyError:
            raise WinChanceModelError(f"{path}: {where}.features[{k}]: unknown feature {f!r} "
                                      f"(faeriell/bots/features.py names them)") from None
    n = len(feats)
    mean = _numbers(path, f"{where}.mean", d["mean"], n)
    scale = _numbers(path, f"{where}.scale", d["scale"], n, positive=True)
    hidden: tuple = ()
    hidden_bias: tuple = ()
    if d.get("hidden"):
        rows = d["hidden"]
        if not isinstance(rows, list):
            raise WinChanceModelError(f"{path}: {where}.hidden: expected a list of rows")
        hidden = tuple(_numbers(path, f"{where}.hidden[{k}]", row, n) for k, row in enumerate(rows))
        hidden_bias = _numbers(path, f"{where}.hidden_bias", d.get("hidden_bias"), len(hidden))
    weights = _numbers(path, f"{where}.weights", d["weights"], len(hidden) if hidden else n)
    bias = _number(path, f"{where}.bias", d["bias"])
    return Model(mode, tuple(feats), mean, scale, weights, bias, hidden, hidden_bias)


def read_model_book(path) -> ModelBook:
    """Read and check a model file (WinChanceModelError names the file and the field)."""
    path = Path(path)
    try:
        d = parse_json(read_text(path, "data", shown=path), shown=path)
    except (OSError, ValueError) as exc:      # UnsafeFile and bad JSON are ValueErrors naming the file
        raise WinChanceModelError(f"{path}: cannot be read: {exc}") from None
    if not isinstance(d, dict):
        raise WinChanceModelError(f"{path}: expected a mapping at the top")
    if d.get("format") != FORMAT:
        raise WinChanceModelError(f"{path}: format: expected {FORMAT}, found {d.get('format')!r}")
    models = d.get("models")
    if not isinstance(models, dict):
        raise WinChanceModelError(f"{path}: models: missing or not a mapping")
    book = {}
    for mode in MODES:
        if mode not in models:
            raise WinChanceModelError(f"{path}: models.{mode}: missing")
        book[mode] = parse_model(path, mode, models[mode])
    meta = {k: v for k, v in d.items() if k != "models"}
    return ModelBook(str(path), book, meta)


_BOOK: ModelBook | None = None
_LOCK = threading.Lock()


def model_book() -> ModelBook:
    """The shipped models, read once (thread-safe)."""
    global _BOOK
    if _BOOK is None:
        with _LOCK:
            if _BOOK is None:
                _BOOK = read_model_book(default_path())
    return _BOOK


# The chance the game shows (the review, the coach at your elbow, "Could we have won?") means "the
# coach, playing on from here, wins" (issue 41): the learned model re-scaled per mode to how the
# expert's own games ended (data/bots/expert_chance.json, tools/fit_expert_chance.py). A mode with no
# expert games keeps the learned chance, which is a fair heuristic player's (`shows_expert` says so).

def expert_path() -> Path:
    return Path(resource_dir("data")) / "bots" / "expert_chance.json"


def read_scaling(path) -> dict[str, tuple[float, ...]]:
    """{mode or table: (a, b, round, rival)} of an expert-chance file (WinChanceModelError names the
    file and the field); a table (TABLES, e.g. "coop2") scales its mode's model for that many players.
    `rival` (competitive only) weighs the strongest other seat's learned logit."""
    path = Path(path)
    try:
        d = parse_json(read_text(path, "data", shown=path), shown=path)
    except (OSError, ValueError) as exc:
        raise WinChanceModelError(f"{path}: cannot be read: {exc}") from None
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise WinChanceModelError(f"{path}: format: expected {FORMAT}")
    modes = d.get("modes")
    if not isinstance(modes, dict):
        raise WinChanceModelError(f"{path}: modes: missing or not a mapping")
    out: dict[str, tuple[float, ...]] = {}
    for mode, entry in modes.items():
        if mode not in MODES + TABLES:
            raise WinChanceModelError(f"{path}: modes.{mode}: not a mode or a table "
                                      f"(one of {', '.join(MODES + TABLES)})")
        if not isinstance(entry, dict):
            raise WinChanceModelError(f"{path}: modes.{mode}: expected a mapping")
        a = _number(path, f"modes.{mode}.a", entry.get("a"))
        if a <= 0:          # a scaling that turned the order round would say a better position is worse
            raise WinChanceModelError(f"{path}: modes.{mode}.a: must be above 0, not {a}")
        c = _number(path, f"modes.{mode}.round", entry.get("round", 0.0))
        rival = _number(path, f"modes.{mode}.rival", entry.get("rival", 0.0))
        if rival and not mode.startswith("competitive"):
            raise WinChanceModelError(f"{path}: modes.{mode}.rival: only a competitive table has rivals")
        out[mode] = (a, _number(path, f"modes.{mode}.b", entry.get("b")), c, rival)
    return out


def scaled_book(book: ModelBook, scaling: dict) -> ModelBook:
    """`book` with each scaled mode's logit turned into a * logit + c * z_round + b, z_round the
    model's standardized round feature (the output layer is linear, so that is the same model with
    its last weights times a, c more on the round's, and its bias a * bias + b). A scaling is
    (a, b), (a, b, c) or (a, b, c, rival); a table's key (e.g. "coop2") scales its mode's model under
    its own key; a rival term keeps the learned model beside it to value the other seats."""
    models = dict(book.models)
    for mode, (a, b, *rest) in scaling.items():
        c = rest[0] if rest else 0.0
        rival = rest[1] if len(rest) > 1 else 0.0
        m = book.models[mode if mode in MODES else next(b for b in BY_PLAYERS if mode.startswith(b))]
        weights = [a * w for w in m.weights]
        if c:
            if m.hidden or "round" not in m.features:
                raise WinChanceModelError(f"models.{mode}: a round term needs a linear model that reads the round")
            weights[m.features.index("round")] += c
        models[mode] = replace(m, weights=tuple(weights), bias=a * m.bias + b,
                               rival=rival, base=m if rival else None)
    return ModelBook(book.path, models, {**book.meta, "scaled": sorted(scaling)})


_SHOWN: ModelBook | None = None


def shown_book() -> ModelBook:
    """The models whose chances the game shows: the expert's where measured (read once)."""
    global _SHOWN
    if _SHOWN is None:
        with _LOCK:
            if _SHOWN is None:
                path = expert_path()
                scaling = read_scaling(path) if path.is_file() else {}
                _SHOWN = scaled_book(_BOOK or _read_default(), scaling)
    return _SHOWN


def _read_default() -> ModelBook:
    global _BOOK
    _BOOK = read_model_book(default_path())
    return _BOOK


def shows_expert(mode: str, players: int | None = None) -> bool:
    """Whether the chance shown in `mode` (at a table of `players`) is the expert's (else the
    learned, heuristic player's)."""
    scaled = shown_book().meta.get("scaled", ())
    return mode in scaled or (players is not None and table_key(mode, players) in scaled)


def shown_chance(game, seat: int) -> float:
    """The chance the game shows for `seat`'s side: win_chance read with shown_book()."""
    return win_chance(game, seat, shown_book())


def _check_features(model: Model, rules) -> None:
    """A competitive model names one feature per tribe; a catalog with other tribes gets no
    silent zeros (its seat would read as no tribe at all)."""
    expected = set(mode_features(model.mode, rules))
    if set(model.features) != expected:
        missing = sorted(expected - set(model.features))
        extra = sorted(set(model.features) - expected)
        raise WinChanceModelError(f"models.{model.mode}.features: do not match this game's features "
                                  f"(missing {missing}, not read {extra}): train the model again")


_CHECKED: set = set()      # (model, rules) pairs whose features were compared once


def win_chance(game, seat: int, book: ModelBook | None = None) -> float:
    """The chance in [0, 1] that `seat`'s side wins from here (see the module's docstring)."""
    s = game.state
    if not 0 <= seat < s.players:
        raise ValueError(f"seat {seat} is not at this table of {s.players}")
    if s.game_over:
        return 1.0 if seat in s.winners else 0.0
    model = (book or model_book()).of(s.mode, s.players)
    key = (id(model), id(game.rules))
    if key not in _CHECKED:
        _check_features(model, game.rules)
        _CHECKED.add(key)
    t = model.logit(vector(game, seat, model.features))
    if model.base is not None:          # a rival term (competitive): the strongest other seat
        t += model.rival * max(model.base.logit(vector(game, other, model.features))
                               for other in range(s.players) if other != seat)
    return _sigmoid(t)


def _world_rng(seed: int, k: int) -> random.Random:
    return random.Random(f"win_chance/{seed}/{k}")


def _heuristic_move(w):
    """The greedy heuristic's move for whoever acts, as the expert's playouts make it (without
    the saving-up wish, which costs half the time and changes little over one round)."""
    acts = w.legal_actions()
    if len(acts) == 1:
        return acts[0]
    i = w.acting
    ctx = Ctx(w, i, weights_for(w.state.mode))
    ctx.saving = ()
    sc = score_actions(w, i, acts, ctx)
    return acts[max(range(len(acts)), key=lambda q: sc[q][0])]


def _played_on(world, seat: int, start_round: int, book) -> float:
    s = world.state
    steps = 0
    while not s.game_over and s.round == start_round and steps < MAX_PLAYOUT:
        world.apply(_heuristic_move(world), trusted=True)
        steps += 1
    return win_chance(world, seat, book)


def chance_after(game, seat: int, actions: list, worlds: int = 8, seed: int = 0,
                 book: ModelBook | None = None) -> list[float]:
    """The win chance after each of `actions` (see the module's docstring)."""
    return [chance for chance, _ends in played_out(game, seat, actions, worlds, seed, book)]


def played_out(game, seat: int, actions: list, worlds: int = 8, seed: int = 0,
               book: ModelBook | None = None) -> list[tuple[float, list]]:
    """chance_after with the positions it valued: per action (mean win chance, the `worlds`
    positions at the end of the round), for a reader that tells what the action led to."""
    if game.state.game_over:
        raise ValueError("the game is over: no action comes after it")
    if game.acting != seat:
        raise ValueError(f"seat {seat} is not the one to act (seat {game.acting} is)")
    if worlds < 1:
        raise ValueError(f"worlds must be at least 1, not {worlds}")
    book = book or model_book()
    start = game.state.round
    totals = [0.0] * len(actions)
    ends: list[list] = [[] for _ in actions]
    for k in range(worlds):
        rng = _world_rng(seed, k)
        world = observe(game, seat, rng)
        set_chance(world, rng)              # every action meets the same Menace Draft
        for j, a in enumerate(actions):
            w = fork(world)
            w.apply(a, trusted=True)
            totals[j] += _played_on(w, seat, start, book)
            ends[j].append(w)
    return [(t / worlds, e) for t, e in zip(totals, ends, strict=True)]

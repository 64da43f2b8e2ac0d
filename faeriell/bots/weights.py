"""The heuristic's weights per mode, as data: data/bots/weights.yaml, read once into frozen values.

Three kinds of numbers, all in card units:

* the parameters tuned per mode (`ach`, `prog`, `hero_run`, ...): solo and Full Coop are a race
  against the Doom clock, not against rivals, so each mode has its own table (tuned by self-play:
  tools/tune_heuristic.py writes the file). The measures read them (an Achievement's worth, the
  cost of a step of Doom, a new Hero's gems...);
* the feature weights (the file's `features:` table, shared by the modes; a mode's table may set
  some for itself under its own `features:`): a move's score is the sum of weight x value over
  its features (heuristic_meanings.py names and documents each one, heuristic_features.py computes them). The file must name every
  feature the heuristic has, and no other;
* the constants (the file's `constants:` table, CONSTANTS): hand-set numbers inside the measures
  that every mode shares, said once there and read as fields of Weights (`w.fellowship_prog`).
* a mode's parameters changed at one difficulty (the file's optional `by_difficulty:` table,
  written by `tools/tune_heuristic.py --by-difficulty`): a game at that difficulty reads its mode's
  table with those changes (solo at Hard: Doom's pace differs, so a step of it weighs differently).
  The learned win chance's features keep the mode's table they were trained with.

A bot's `Ctx` holds the `Weights` of its game's mode; nothing swaps module globals, so hints
thinking in a thread and a bot of another mode never see each other's weights.

    book = weight_book()               # {mode: Weights}, loaded once per file
    w = book.of("solo"); w.ach         # 12.0
    book.of("solo", "hard")            # solo's table with its by_difficulty changes at Hard
    w.feature_weights["price"]         # -1.0
    text = dumps({"solo": w, ...})     # the file the tuner writes
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cached_property, lru_cache
from pathlib import Path

from faeriell.resources import resource_dir
from faeriell.content.yaml_lines import YamlError, plain, read_yaml
from faeriell.engine.setup import DIFFICULTIES
from .heuristic_meanings import FEATURES

MODES = ("competitive", "solo", "coop")
MODELS = ("linear", "cost")

# What each weight means, in card units (one ordinary Essence card is worth about 1); the file the
# tuner writes carries these as comments.
MEANING = {
    "ach": "one Achievement held, in cards",
    "prog": "share of an Achievement earned linearly on the way to its threshold",
    "focus": "solo/coop: share kept by progress towards an Achievement outside the plan",
    "beacon_run": "a Beacon's Menace solves to come, in cards per round left (5 at most)",
    "team_dup": "coop: an Achievement a partner already holds only adds a token",
    "save_weight": "extra worth of a card kept for a wished same-colour purchase, per card of net gain",
    "doom_coop": "solo/coop: cost of a step of Doom ...",
    "doom_coop_slope": "... growing with the spaces filled ...",
    "doom_coop_near": "... and sharply near the end",
    "harvest_next": "share of the next round's best Harvest (from where this one leaves the token)",
    "area_bonus": "a Settlement, per own Settlement already in its Area (Area Harvests pay each)",
    "hero_run": "a new Hero: its two Action gems a round, in cards per round left (4 at most)",
    "settle_prod": "a Settlement's Harvest, in cards per round left",
    "quest_black": "share of a Corruption Event's worth (its Cleanse) in drawing a black Quest",
    "quest_colour": "drawing a colour Quest (a card later)",
    "solve_doom": "share of a Doom step in clearing a Menace (one target fewer for the Draft)",
    "later": "a Hero's target out of reach this Phase, against one in reach ...",
    "decay": "... and less for each move it is away",
    "reserve": "solo/coop: share of a Doom step (and of the Cleanser) the last Essence able to pay a "
               "Cleanse is worth beyond its price",
    "model": "'linear': progress valued by the share of the threshold it covers; 'cost': by the share "
             "of the remaining cost it pays (an experiment: it beat random less often)",
}


# Hand-set numbers of the bots' valuation that every mode shares: the file's `constants:` table,
# said once there (neither tuned per mode nor a feature's weight; the tuner leaves them alone).
CONSTANTS = {
    "fellowship_prog": "share of Fellowship earned on the way as a new Hero or Perk counts it (the position "
                       "value's share is `prog`)",
    "any_slot": "paying an Achievement's any slot, beyond its card: the slot that takes every colour is worth keeping",
    "harvest_partner": "coop: a partner's Harvest card, against one of mine",
    "harvest_rival": "competitive: a rival's Harvest card, against one of mine (two players) ...",
    "harvest_crowd": "... times this with three or four players",
    "doubled_beacon_card": "the second card a Beacon harvests on a Heartland whose token repeats its Terrain "
                           "(the Harvest pays two of one colour; 0.0 is the bots' old count of one, kept so "
                           "their moves do not change)",
    "herb_discount": "a discount Herb (rotated for a discount or a Menace solve), in cards per round left (4 at most)",
    "herb_gem": "a Herb's Action gem for an active Hero, in cards per round left (4 at most)",
    "herb_harvest": "a Herb adding a card to a Terrain's Harvest, in cards per round left (5 at most)",
}


@dataclass(frozen=True)
class Weights:
    ach: float
    prog: float
    focus: float
    beacon_run: float
    team_dup: float
    save_weight: float
    doom_coop: float
    doom_coop_slope: float
    doom_coop_near: float
    harvest_next: float
    area_bonus: float
    hero_run: float
    settle_prod: float
    quest_black: float
    quest_colour: float
    solve_doom: float
    later: float
    decay: float
    reserve: float
    fellowship_prog: float
    any_slot: float
    harvest_partner: float
    harvest_rival: float
    harvest_crowd: float
    doubled_beacon_card: float
    herb_discount: float
    herb_gem: float
    herb_harvest: float
    model: str = "linear"
    features: tuple = ()     # ((feature name, weight), ...): the heuristic's feature weights

    def with_(self, **changes) -> Weights:
        """A copy with some weights changed (the tuner's trials); `features={name: weight}` changes
        those feature weights."""
        if isinstance(changes.get("features"), dict):
            changes["features"] = tuple({**dict(self.features), **changes["features"]}.items())
        return replace(self, **changes)

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @cached_property
    def feature_weights(self) -> dict:
        """Feature name -> weight, built once per Weights (each decision's Scorer reads it)."""
        return dict(self.features)


NUMBERS = tuple(f.name for f in fields(Weights)
                if f.name not in ("model", "features") and f.name not in CONSTANTS)   # what the tuner may change


class WeightsError(ValueError):
    """The weights file is missing, malformed or incomplete; the message names file and field."""


@dataclass(frozen=True)
class WeightBook:
    tables: tuple            # ((mode, Weights), ...) in MODES order
    by_difficulty: tuple = ()   # (((mode, difficulty), Weights), ...): a mode's table changed at one difficulty

    def of(self, mode: str, difficulty: str | None = None) -> Weights:
        """The weights of `mode` (at `difficulty`, where the file changes some for it); a mode
        without its own table plays by the competitive one."""
        if difficulty is not None and self.by_difficulty:
            w = dict(self.by_difficulty).get((mode, difficulty))
            if w is not None:
                return w
        d = dict(self.tables)
        return d.get(mode) or d["competitive"]


def default_path() -> Path:
    return resource_dir("data") / "bots" / "weights.yaml"


def _feature_table(row, where: str, shown: str, complete: bool) -> dict:
    """A `features:` table checked against the heuristic's features (heuristic_meanings.FEATURES):
    every name known, every weight a number, and (the shared table) every feature given."""
    if not isinstance(row, dict):
        raise WeightsError(f"{shown}: {where} must be a mapping of feature names to weights")
    unknown = [k for k in row if k not in FEATURES]
    if unknown:
        raise WeightsError(f"{shown}: {where}.{unknown[0]} is not a feature the heuristic has")
    missing = [k for k in FEATURES if k not in row] if complete else []
    if missing:
        raise WeightsError(f"{shown}: {where}.{missing[0]} is missing (every feature needs its weight)")
    return {k: _number(v, f"{where}.{k}", shown) for k, v in row.items()}


def _number(v, where: str, shown: str) -> float:
    """A weight of the file: a number (not a boolean), else refused naming its field."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise WeightsError(f"{shown}: {where} must be a number, not {v!r}")
    return float(v)


def parse(data, shown: str) -> WeightBook:
    if not isinstance(data, dict) or not isinstance(data.get("weights"), dict):
        raise WeightsError(f"{shown}: expected a mapping 'weights' with one table per mode")
    if "features" not in data:
        raise WeightsError(f"{shown}: expected a mapping 'features' with the weight of every feature")
    shared = _feature_table(data["features"], "features", shown, complete=True)
    consts = _constants(data.get("constants"), shown)
    tables = []
    for mode in MODES:
        row = data["weights"].get(mode)
        if not isinstance(row, dict):
            raise WeightsError(f"{shown}: weights.{mode} is missing (every mode needs its table)")
        unknown = set(row) - set(MEANING) - {"features"}
        if unknown & set(CONSTANTS):
            raise WeightsError(f"{shown}: weights.{mode}.{sorted(unknown & set(CONSTANTS))[0]} is shared by the "
                               f"modes: it belongs in `constants:`")
        if unknown:
            raise WeightsError(f"{shown}: weights.{mode}.{sorted(unknown)[0]} is not a weight the bots know")
        missing = [k for k in NUMBERS if k not in row]
        if missing:
            raise WeightsError(f"{shown}: weights.{mode}.{missing[0]} is missing")
        numbers = {k: _number(row[k], f"weights.{mode}.{k}", shown) for k in NUMBERS}
        model = row.get("model", "linear")
        if model not in MODELS:
            raise WeightsError(f"{shown}: weights.{mode}.model must be one of {', '.join(MODELS)}")
        own = _feature_table(row["features"], f"weights.{mode}.features", shown, complete=False) \
            if "features" in row else {}
        feats = tuple((k, own.get(k, shared[k])) for k in FEATURES)
        tables.append((mode, Weights(**numbers, **consts, model=model,
                                     features=feats)))
    return WeightBook(tuple(tables), _by_difficulty(data.get("by_difficulty"), dict(tables), shown))


def _by_difficulty(table, tables: dict, shown: str) -> tuple:
    """The optional `by_difficulty:` table: {mode: {difficulty: {weight: number}}}, each a change of
    that mode's parameters at one difficulty (the rest as the mode's table)."""
    if table is None:
        return ()
    if not isinstance(table, dict):
        raise WeightsError(f"{shown}: by_difficulty must be a mapping of modes")
    out = []
    for mode, rows in table.items():
        if mode not in MODES:
            raise WeightsError(f"{shown}: by_difficulty.{mode} is not a mode (one of {', '.join(MODES)})")
        if not isinstance(rows, dict):
            raise WeightsError(f"{shown}: by_difficulty.{mode} must be a mapping of difficulties")
        for diff, row in rows.items():
            where = f"by_difficulty.{mode}.{diff}"
            if diff not in DIFFICULTIES:
                raise WeightsError(f"{shown}: {where}: {diff!r} is not a difficulty (one of {', '.join(DIFFICULTIES)})")
            if not isinstance(row, dict) or not row:
                raise WeightsError(f"{shown}: {where} must be a mapping of weights to numbers")
            unknown = [k for k in row if k not in NUMBERS]
            if unknown:
                raise WeightsError(f"{shown}: {where}.{unknown[0]} is not a weight the bots know")
            out.append(((mode, diff), tables[mode].with_(**{k: _number(v, f"{where}.{k}", shown) for k, v in row.items()})))
    return tuple(out)


def _constants(row, shown: str) -> dict:
    """The `constants:` table: every name of CONSTANTS, each a number, and no other."""
    if not isinstance(row, dict):
        raise WeightsError(f"{shown}: expected a mapping 'constants' with the bots' shared numbers")
    unknown = [k for k in row if k not in CONSTANTS]
    if unknown:
        raise WeightsError(f"{shown}: constants.{unknown[0]} is not a number the bots know")
    missing = [k for k in CONSTANTS if k not in row]
    if missing:
        raise WeightsError(f"{shown}: constants.{missing[0]} is missing")
    return {k: _number(row[k], f"constants.{k}", shown) for k in CONSTANTS}


@lru_cache(maxsize=4)
def _load(path: str) -> WeightBook:
    try:
        data = plain(read_yaml(Path(path), path))
    except YamlError as e:
        raise WeightsError(str(e)) from None
    return parse(data, path)


def weight_book(path: str | Path | None = None) -> WeightBook:
    """The weights file read once (per path) into frozen tables."""
    return _load(str(path or default_path()))


def weights_for(mode: str, difficulty: str | None = None) -> Weights:
    return weight_book().of(mode, difficulty)


HEADER = ("# The heuristic's weights per mode (faeriell/bots/weights.py), in card units: one ordinary",
          "# Essence card is worth about 1. Written by tools/tune_heuristic.py; edit by hand only to try",
          "# a value (the tuner overwrites the mode it tunes).")


BY_DIFFICULTY_HEADER = ("# A mode's parameters changed at one difficulty (the rest as its table above); written by",
                        "# tools/tune_heuristic.py --by-difficulty.")


CONSTANTS_HEADER = ("# Numbers of the bots' valuation shared by the modes (weights.py CONSTANTS), set by hand: the",
                    "# tuner leaves them alone.")


FEATURES_HEADER = ("# The features of a move (faeriell/bots/heuristic_features.py) and of a position (evaluate.py),",
                   "# what each measures (heuristic_meanings.py) and their weights, shared by the modes: a score",
                   "# is the sum of weight x value over its features, in card units.",
                   "# Set by hand; a mode may set its own under its table's `features:` (the tuner writes one",
                   "# there when it is named: tools/tune_heuristic.py --only NAME).")


def notes_of(text: str) -> str:
    """The notes (provenance) of a weights file: its comment lines between the header and the tables."""
    out = []
    for line in text.splitlines():
        if line.startswith("weights:"):
            break
        if line.startswith("#") and line not in HEADER:
            out.append(line[2:] if line.startswith("# ") else line[1:])
    return "\n".join(out)


def dumps(tables: dict, note: str = "", by_difficulty: dict | None = None) -> str:
    """The weights file's text for `tables` ({mode: Weights}), one commented line a weight, with
    `note` (the provenance: how each table was tuned) as comments above them. The feature weights
    are written once (the competitive table's), each mode's own differences under its table.
    `by_difficulty` ({(mode, difficulty): Weights}) is written as each one's changes from its mode's table."""
    lines = list(HEADER)
    if note:
        lines += [f"# {x}" for x in note.splitlines()]
    lines.append("weights:")
    shared = dict(tables["competitive"].features)
    for mode in MODES:
        w = tables[mode]
        lines.append(f"  {mode}:")
        for k, v in w.to_dict().items():
            if k != "features" and k not in CONSTANTS:
                lines.append(f"    {k}: {v!r}" if k != "model" else f"    {k}: {v}")
        if mode == "competitive":
            lines[-len(NUMBERS) - 1:] = [f"{x:<34}# {MEANING[x.split(':')[0].strip()]}"
                                         for x in lines[-len(NUMBERS) - 1:]]
        own = {k: v for k, v in w.features if shared.get(k) != v}
        if own:
            lines.append("    features:")
            lines += [f"      {k}: {v!r}" for k, v in own.items()]
    changes = {key: {k: getattr(w, k) for k in NUMBERS if getattr(w, k) != getattr(tables[key[0]], k)}
               for key, w in sorted((by_difficulty or {}).items())}
    changes = {key: row for key, row in changes.items() if row}
    if changes:
        lines += BY_DIFFICULTY_HEADER
        lines.append("by_difficulty:")
        for mode in MODES:
            rows = {d: row for (m, d), row in changes.items() if m == mode}
            if rows:
                lines.append(f"  {mode}:")
                for d, row in rows.items():
                    lines.append(f"    {d}:")
                    lines += [f"      {k}: {v!r}" for k, v in row.items()]
    lines += CONSTANTS_HEADER
    lines.append("constants:")
    base = tables["competitive"]
    lines += [f"{f'  {k}: {getattr(base, k)!r}':<34}# {CONSTANTS[k]}" for k in CONSTANTS]
    lines += FEATURES_HEADER
    lines.append("features:")
    lines += [f"{f'  {k}: {shared[k]!r}':<34}# {FEATURES[k]}" for k in FEATURES]
    return "\n".join(lines) + "\n"

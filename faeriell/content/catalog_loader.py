"""Load data/*.yaml into a validated Catalog.

Every problem is reported as one CatalogError naming the file, the line and the field path:

    data/perks.yaml:42: perks[3].abilities[0].effect: unknown effect kind 'teleport' (known: ...)

Each file has one schema (FILES below) plus an optional check of its counts against the rulings.
Ids are collected from all files first, so any file may refer to any other.

    python -m faeriell.content.catalog_loader [DATA_DIR]     validate and print a summary
"""
from __future__ import annotations

import functools
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path


from faeriell.engine import effect_kinds as ek
from faeriell.engine.catalog import Catalog
from faeriell.engine.words import COLORS
from faeriell.safe_read import clip
from faeriell.resources import resource_dir

DEFAULT_DATA_DIR = resource_dir("data")


class CatalogError(ValueError):
    """A data file is not a valid part of the catalog."""


# ---------------------------------------------------------------------------------------------
# What the rulings fix. The data must match these; the numbers themselves live in data/ for the
# engine, and are repeated here only to be checked.
EXPECTED_PERK_TILES = {"base": 22, "kickstarter": 16, "sower": 5, "sower_kickstarter": 4}  # R21-R23
EXPECTED_HERB_CARDS = {"copies": 16, "kickstarter_copies": 20}                           # R24
ESSENCES_PER_COLOR, BACKS_PER_GUARDIAN = 16, 2                                           # R4
ATTUNEMENT_COST = 4                                                                      # R17
MENACE_PER_COLOR, CORRUPTION_TOKENS, HAVOC_TOKENS = 4, 4, 1                              # R6
WHEEL_SPACES = 12                                                                        # R11
BEACONS_PER_COLOR = 2                                                                    # R13
TERRAIN_TOKENS_PER_TERRAIN = 2                                                           # R5
ACHIEVEMENT_IDS = (  # SCENARIOS.md
    "adventurer", "shaman", "druid", "chieftain", "vigor", "spirit", "ley-lines", "influence",
    "mountains", "rivers", "forests", "meadows", "fellowship", "herbs", "attunements", "beacons",
    "totem", "shire", "purity", "cleanser")
MENACE_COLORS = COLORS                                                                   # R6


# ---------------------------------------------------------------------------------------------
# YAML with line numbers: mappings and sequences remember the line of each key / item.

from .yaml_lines import _Map, _Seq, read_yaml, plain as _plain  # noqa: E402


def _read_yaml(path: Path, shown: str):
    return read_yaml(path, shown, CatalogError)


# ---------------------------------------------------------------------------------------------
# Where we are in a file, for error messages.

@dataclass(frozen=True)
class At:
    file: str
    path: str
    line: int

    def fail(self, message: str):
        raise CatalogError(f"{self.file}:{self.line}: {clip(self.path or '(top)', 200)}: {clip(message, 1000)}")

    def key(self, mapping, key) -> At:
        line = mapping.lines.get(key, self.line) if isinstance(mapping, _Map) else self.line
        return At(self.file, f"{self.path}.{key}" if self.path else str(key), line)

    def item(self, seq, index: int) -> At:
        line = seq.lines[index] if isinstance(seq, _Seq) else self.line
        return At(self.file, f"{self.path}[{index}]", line)


def _show(value) -> str:
    return f"{type(value).__name__} {value!r}"


def _mapping(value, at: At) -> None:
    """Fail unless value is a mapping without duplicate keys."""
    if not isinstance(value, dict):
        at.fail(f"expected a mapping, got {_show(value)}")
    for key, line in getattr(value, "duplicates", ()):
        path = f"{at.path}.{key}" if at.path else str(key)
        At(at.file, path, line).fail("duplicate key")


# ---------------------------------------------------------------------------------------------
# Schema pieces. check(value, at, ids) raises CatalogError; ids maps a kind to the known ids.

class Spec:
    def check(self, value, at: At, ids: dict) -> None:
        raise NotImplementedError


class Str(Spec):
    def check(self, value, at, ids):
        if not isinstance(value, str) or not value.strip():
            at.fail(f"expected a non-empty string, got {_show(value)}")


class Int(Spec):
    def __init__(self, low: int = 0):
        self.low = low

    def check(self, value, at, ids):
        if isinstance(value, bool) or not isinstance(value, int):
            at.fail(f"expected an integer, got {_show(value)}")
        if value < self.low:
            at.fail(f"expected an integer >= {self.low}, got {value}")


class Bool(Spec):
    def check(self, value, at, ids):
        if not isinstance(value, bool):
            at.fail(f"expected true or false, got {_show(value)}")


class Enum(Spec):
    def __init__(self, *values):
        self.values = values

    def check(self, value, at, ids):
        if value not in self.values:
            at.fail(f"expected one of {', '.join(map(str, self.values))}, got {value!r}")


class Ref(Spec):
    """The id of something that exists: ids[kind] (plus a few fixed words)."""

    def __init__(self, kind: str, *extra: str):
        self.kind, self.extra = kind, extra

    def check(self, value, at, ids):
        known = [*ids.get(self.kind, ()), *self.extra]
        if not isinstance(value, str) or value not in known:
            at.fail(f"unknown {self.kind} {value!r} (known: {', '.join(known)})")


class List(Spec):
    def __init__(self, item: Spec, length: int | None = None):
        self.item, self.length = item, length

    def check(self, value, at, ids):
        if not isinstance(value, list):
            at.fail(f"expected a list, got {_show(value)}")
        if self.length is not None and len(value) != self.length:
            at.fail(f"expected {self.length} items, got {len(value)}")
        for i, item in enumerate(value):
            self.item.check(item, at.item(value, i), ids)


class Map(Spec):
    def __init__(self, key: Spec, value: Spec):
        self.key, self.value = key, value

    def check(self, value, at, ids):
        _mapping(value, at)
        for k, v in value.items():
            self.key.check(k, at.key(value, k), ids)
            self.value.check(v, at.key(value, k), ids)


class Rec(Spec):
    """A mapping with a fixed set of fields: `required` must all be there, `optional` may be.
    exactly_one: of the optional fields, exactly one must be given."""

    def __init__(self, required: dict, optional: dict | None = None, exactly_one: bool = False):
        self.required, self.optional, self.exactly_one = required, optional or {}, exactly_one

    def check(self, value, at, ids):
        _mapping(value, at)
        allowed = {**self.required, **self.optional}
        for key in value:
            if key not in allowed:
                at.key(value, key).fail(f"unknown field (allowed: {', '.join(allowed)})")
        for key in self.required:
            if key not in value:
                at.fail(f"missing required field '{key}'")
        if self.exactly_one and sum(k in value for k in self.optional) != 1:
            at.fail(f"needs exactly one of: {', '.join(self.optional)}")
        for key, spec in allowed.items():
            if key in value:
                spec.check(value[key], at.key(value, key), ids)


class Entries(Spec):
    """A list of records, each with a unique string `id`."""

    def __init__(self, record: Rec):
        self.record = Rec({"id": Str(), **record.required}, record.optional)

    def check(self, value, at, ids):
        if not isinstance(value, list):
            at.fail(f"expected a list of entries, got {_show(value)}")
        seen = set()
        for i, entry in enumerate(value):
            where = at.item(value, i)
            entry_id = entry.get("id") if isinstance(entry, dict) else None
            if isinstance(entry_id, str):       # any other id is the record's check to refuse
                if entry_id in seen:
                    where.key(entry, "id").fail(f"duplicate id {entry_id!r}")
                seen.add(entry_id)
            self.record.check(entry, where, ids)


def _param_spec(name: str, typ) -> Spec:
    """The Spec of one effect / condition param, from its type and PARAM_REFS."""
    if typ is list:
        return List(Ref(ek.PARAM_REFS[name]), ek.PARAM_LENGTHS.get(name))
    if typ is str and name in ek.PARAM_REFS:
        return Ref(ek.PARAM_REFS[name])
    return {int: Int(), bool: Bool(), str: Str()}[typ]


class Tagged(Spec):
    """{<tag>: <name>, ...fixed fields, ...params}: which params are allowed depends on the name
    under `tag` (an effect kind, an achievement measure). Subclasses give params() and may add
    extra_check()."""

    tag: str
    what: str                # for messages: "effect kind", "measure"
    fields: dict             # fixed fields every such mapping has (tag included)
    known: dict              # the names `tag` may take (the engine's table of them)

    def params(self, name) -> tuple[dict, dict]:
        """(required, optional) params of that name, each {param: type}."""
        raise NotImplementedError

    def extra_check(self, name, value, at) -> None:
        pass

    def check(self, value, at, ids):
        _mapping(value, at)
        for key, spec in self.fields.items():
            if key not in value:
                at.fail(f"missing required field '{key}'")
            spec.check(value[key], at.key(value, key), ids)
        name = value[self.tag]
        if name not in self.known:
            at.key(value, self.tag).fail(
                f"unknown {self.what} {name!r} (known: {', '.join(self.known)})")
        required, optional = self.params(name)
        allowed = {**required, **optional}
        for key in value:
            if key not in self.fields and key not in allowed:
                at.key(value, key).fail(f"unknown param for {self.what} '{name}' "
                                        f"(allowed: {', '.join(allowed) or 'none'})")
        for key in required:
            if key not in value:
                at.fail(f"{self.what} '{name}' is missing param '{key}'")
        for key, typ in allowed.items():
            if key in value:
                _param_spec(key, typ).check(value[key], at.key(value, key), ids)
        self.extra_check(name, value, at)


class Ability(Tagged):
    """{timing, effect, ...params} checked against faeriell/engine/effect_kinds.py."""

    tag, what, known = "effect", "effect kind", ek.EFFECT_KINDS
    fields = {"timing": Enum(*sorted(ek.TIMINGS)), "effect": Str()}

    def params(self, kind):
        return ek.EFFECT_KINDS[kind], ek.OPTIONAL_PARAMS.get(kind, {})

    def extra_check(self, kind, value, at):
        allowed = ek.KIND_TIMINGS[kind]
        if value["timing"] not in allowed:
            at.key(value, "timing").fail(
                f"effect kind '{kind}' takes timing {', '.join(sorted(allowed))}, "
                f"not {value['timing']!r}")


class Condition(Tagged):
    """{kind, measure, ...params} checked against CONDITION_MEASURES."""

    tag, what, known = "measure", "measure", ek.CONDITION_MEASURES
    fields = {"kind": Enum(*sorted(ek.CONDITION_KINDS)), "measure": Str()}

    def params(self, measure):
        return ek.CONDITION_MEASURES[measure]["params"], {}

    def extra_check(self, measure, value, at):
        want = ek.CONDITION_MEASURES[measure]["kind"]
        if value["kind"] != want:
            at.key(value, "kind").fail(f"measure '{measure}' is of kind {want!r}")


# ---------------------------------------------------------------------------------------------
# One schema per file.

RGB = List(Int(), 3)
ABILITIES = List(Ability())
BONUS = Rec({}, {key: Ref(kind) for key, kind in ek.BONUS_KEYS.items()}, exactly_one=True)
COLOR, TERRAIN, GUARDIAN, HERO = Ref("color"), Ref("terrain"), Ref("guardian"), Ref("hero")
COUNT = Rec({"of": Enum("active_heroes", "hero_level", "settlements_owned"), "add": Int()})
COUNT_COST = Rec({"count": COUNT, "same_color": Bool()})
MENACE_COLOR = Enum(*MENACE_COLORS)

SCHEMAS: dict[str, Spec] = {
    "colors.yaml": Rec({"colors": Entries(Rec(
        {"name": Str(), "essence_name": Str(), "rgb": RGB, "symbol": Str()}, {"wild": Bool()}))}),
    "terrains.yaml": Rec({"terrains": Entries(Rec(
        {"name": Str(), "essence": COLOR, "rgb": RGB}))}),
    "guardians.yaml": Rec({"guardians": Entries(Rec(
        {"name": Str(), "title": Str(), "area": GUARDIAN}))}),
    "tribes.yaml": Rec({"tribes": Entries(Rec(
        {"name": Str(), "color_name": Str(), "rgb": RGB}))}),
    "heroes.yaml": Rec({"heroes": Entries(Rec(
        {"name": Str(), "color": COLOR, "starting": Bool(), "text": Str()},
        {"variant": Ref("variant"), "innate": Ability()}))}),
    "essences.yaml": Rec({"decks": Map(COLOR, List(GUARDIAN))}),
    "perks.yaml": Rec({"perks": Entries(Rec(
        {"name": Str(), "set": Enum(*EXPECTED_PERK_TILES), "copies": Int(1),
         "abilities": ABILITIES, "text": Str()}))}),
    "herbs.yaml": Rec({"herbs": Entries(Rec(
        {"name": Str(), "copies": Int(1), "kickstarter_copies": Int(1), "abilities": ABILITIES,
         "text": Str()},
        {"bonus": BONUS}))}),
    "attunements.yaml": Rec({"attunements": Entries(Rec(
        {"name": Str(), "cost": Map(COLOR, Int(1)), "lore": Ability(), "bonus": BONUS,
         "text": Str()}))}),
    "achievements.yaml": Rec({"achievements": Entries(Rec(
        {"group": Enum("hero", "essence", "terrain", "tribe", "pillar"), "name": Str(),
         "condition": Condition(), "text": Str()}))}),
    "bag.yaml": Rec({
        "menace": List(Rec({"color": MENACE_COLOR, "sides": List(GUARDIAN, 2)})),
        "corruption": List(Rec({"sides": List(GUARDIAN, 2)})),
        "havoc": Int()}),
    "tracks.yaml": Rec({
        "doom": Rec({"min": Int(), "max": Int(1), "start": Int(),
                     "draft": List(Rec({"from": Int(), "to": Int(), "tokens": Int(1)})),
                     "event_stops_draft_from": Int()}),
        "tribe_corruption": Rec({"min": Int(), "max": Int(1), "start": Int(),
                                 "sower_at": Int(1), "lost_doom": Int()}),
        "menace_track": Rec({"min": Int(), "max": Int(1)}),
        "settlements_per_tribe": Int(1),
        "harvest_steps": Rec({"min": Int(1), "add": Int()}),
        "beacons": Map(MENACE_COLOR, Int(1)),
        "heroes": Rec({"max_active": Int(1), "max_level": Int(1), "base_gems": Int(1),
                       "gems_at_level": Map(Int(1), Int(1))}),
        "achievement_slots": List(Ref("color", "any")),
        "achievement_tokens": Int(1),
        "terrain_tokens": Map(TERRAIN, Int(1)),
        "herbs_face_up": Int(1),
        "perk_piles": Int(1),
        "endgame": Rec({"achievements_end_round": Int(1), "achievements_win_now": Int(1)})}),
    "harvest_wheel.yaml": Rec({"spaces": List(Ref("wheel_space"))}),
    "costs.yaml": Rec({
        "dress_hero": COUNT_COST,
        "level_up": COUNT_COST,
        "build_settlement": COUNT_COST,
        "build_beacon": Rec({"fixed": List(Ref("color", "any", "BEACON_COLOR"))}),
        "control_totem": Rec({"fixed": List(Ref("color", "any")),
                              "plus": Rec({"of": Enum("totem_yellow"), "color": COLOR}),
                              "leave_on_totem": Int()}),
        "gather_herb": Rec({"fixed": List(Ref("color", "any"))}),
        "attune": Rec({"from": Enum("attunement"), "settlement_discount": Int()}),
        "move_settlement": Rec({"one_of": List(COLOR), "once_per_phase": Bool(),
                                "variant": Ref("variant")})}),
    "modes.yaml": Rec({
        "difficulties": Map(Str(), Rec({"name": Str(), "menace": Int(), "corruption": Int(),
                                        "corruption_in_setup_bag": Bool()})),
        "coop_solo": Rec({
            "setup": List(Rec({"min_players": Int(1), "max_players": Int(1), "cards": Int(1),
                               "heroes_aside": Int()})),
            "no_sower": Bool(), "yield_barred_at": Int(1), "automatic_doom": Bool(),
            "terrain_harvest": Enum("active_player", "every_player")}),
        "coop": Rec({"win": List(Rec({"players": Int(1), "achievements": Int(1),
                                      "tokens": Int(1)}))}),
        "solo": Rec({"setup_players": Int(1), "achievements": Int(1)}),
        "twins": Rec({
            "players": Int(1), "extra_settlement": Rec({"essence": Bool()}),
            "free_level_up": Bool(), "doom": Int(),
            "tash": Rec({"player": Int(1), "claim": Ref("achievement"), "cleanse_both": Bool()}),
            "wido": Rec({"player": Int(1), "tribe_corruption": Int(),
                         "swap_for_corruption": Int(), "sower_perk_on_level_up": Bool()})}),
        "winters_grasp": Rec({"guardians": Map(Ref("difficulty"), Int(1))}),
        "variants": Map(Str(), Rec({"name": Str(), "text": Str()}))}),
    "starting_scenario.yaml": Rec({
        "heartlands": Map(GUARDIAN, Rec({"region": Ref("region"), "token": TERRAIN})),
        "harvest": Ref("wheel_space"),
        "tribes": List(Rec(
            {"tribe": Ref("tribe"), "settlement_areas": List(GUARDIAN), "hero": HERO,
             "essences": List(COLOR),
             "tip": Rec({"action": Ref("action"), "pay": List(COLOR), "text": Str()},
                        {"color": COLOR, "guardian": GUARDIAN, "hero": HERO})}))}),
}


# ---------------------------------------------------------------------------------------------
# Counts and cross-checks the schemas cannot express (all cite the ruling they enforce).

def _tally(pairs, at: At, what: str, expected: dict, rule: str):
    got: Counter = Counter()
    for key, n in pairs:
        got[key] += n
    for key, want in expected.items():
        if got[key] != want:
            at.fail(f"{what} {key!r}: {got[key]}, expected {want} ({rule})")


def _check_essences(data, at, ids):
    decks = data["decks"]
    decks_at = at.key(data, "decks")
    missing = [c for c in ids["color"] if c not in decks]
    if missing:
        decks_at.fail(f"no deck for colour(s) {', '.join(missing)} (R4)")
    for color, backs in decks.items():
        where = decks_at.key(decks, color)
        if len(backs) != ESSENCES_PER_COLOR:
            where.fail(f"{len(backs)} cards, expected {ESSENCES_PER_COLOR} (R4)")
        _tally(((g, 1) for g in backs), where, "cards with Guardian",
               dict.fromkeys(ids["guardian"], BACKS_PER_GUARDIAN), "R4")


def _check_perks(data, at, ids):
    perks = data["perks"]
    _tally(((p["set"], p["copies"]) for p in perks), at.key(data, "perks"), "tiles in set",
           EXPECTED_PERK_TILES, "R21-R23")


def _check_herbs(data, at, ids):
    herbs = data["herbs"]
    for key, want in EXPECTED_HERB_CARDS.items():
        got = sum(h[key] for h in herbs)
        if got != want:
            at.key(data, "herbs").fail(f"{got} cards by {key}, expected {want} (R24)")


def _check_attunements(data, at, ids):
    entries = data["attunements"]
    where = at.key(data, "attunements")
    got = [a["id"] for a in entries]
    if sorted(got) != sorted(ids["guardian"]):
        where.fail(f"ids must be the Guardians, one each (R25); got {', '.join(got)}")
    for i, a in enumerate(entries):
        total = sum(a["cost"].values())
        if total != ATTUNEMENT_COST:
            where.item(entries, i).key(a, "cost").fail(
                f"costs {total} Essences, expected {ATTUNEMENT_COST} (R17)")


def _check_achievements(data, at, ids):
    got = [a["id"] for a in data["achievements"]]
    if sorted(got) != sorted(ACHIEVEMENT_IDS):
        missing = [a for a in ACHIEVEMENT_IDS if a not in got]
        extra = [a for a in got if a not in ACHIEVEMENT_IDS]
        at.key(data, "achievements").fail(
            f"must be exactly the 20 SCENARIOS.md ids; missing: {', '.join(missing) or '-'}; "
            f"unexpected: {', '.join(extra) or '-'}")


def _check_sides(tokens, at: At, what: str, guardians):
    sides = Counter(g for t in tokens for g in t["sides"])
    if len(tokens) * 2 != len(guardians) or set(sides) != set(guardians) or max(sides.values(), default=0) != 1:
        at.fail(f"the sides of the {what} tokens must show each Guardian exactly once (R6); "
                f"got {dict(sides)}")


def _check_bag(data, at, ids):
    menace, where = data["menace"], at.key(data, "menace")
    _tally(((t["color"], 1) for t in menace), where, "menace tokens of colour",
           dict.fromkeys(MENACE_COLORS, MENACE_PER_COLOR), "R6")
    for color in MENACE_COLORS:
        _check_sides([t for t in menace if t["color"] == color], where, color, ids["guardian"])
    corruption = data["corruption"]
    if len(corruption) != CORRUPTION_TOKENS:
        at.key(data, "corruption").fail(
            f"{len(corruption)} tokens, expected {CORRUPTION_TOKENS} (R6)")
    _check_sides(corruption, at.key(data, "corruption"), "corruption", ids["guardian"])
    if data["havoc"] != HAVOC_TOKENS:
        at.key(data, "havoc").fail(f"{data['havoc']}, expected {HAVOC_TOKENS} (R6)")


def _check_tracks(data, at, ids):
    doom, where = data["doom"], at.key(data, "doom")
    expect_from = doom["min"]
    for i, band in enumerate(doom["draft"]):
        if band["from"] != expect_from or band["to"] < band["from"]:
            where.key(doom, "draft").item(doom["draft"], i).fail(
                f"bands must cover {doom['min']}..{doom['max'] - 1} in order (R7)")
        expect_from = band["to"] + 1
    if expect_from != doom["max"]:
        where.key(doom, "draft").fail(f"bands must end at {doom['max'] - 1} (R7)")
    _tally(data["beacons"].items(), at.key(data, "beacons"), "beacons of colour",
           dict.fromkeys(MENACE_COLORS, BEACONS_PER_COLOR), "R13")
    _tally(data["terrain_tokens"].items(), at.key(data, "terrain_tokens"), "tokens of terrain",
           dict.fromkeys(ids["terrain"], TERRAIN_TOKENS_PER_TERRAIN), "R5")


def _check_wheel(data, at, ids):
    spaces, where = data["spaces"], at.key(data, "spaces")
    if len(spaces) != WHEEL_SPACES or len(set(spaces)) != WHEEL_SPACES:
        where.fail(f"{len(spaces)} spaces ({len(set(spaces))} distinct), "
                   f"expected {WHEEL_SPACES} distinct (R11)")


def _check_modes(data, at, ids):
    frozen = data["winters_grasp"]["guardians"]
    missing = [d for d in ids["difficulty"] if d not in frozen]
    if missing:
        at.key(data, "winters_grasp").key(data["winters_grasp"], "guardians").fail(
            f"no count for difficulty {', '.join(missing)}")


def _check_start(data, at, ids):
    hearts, where = data["heartlands"], at.key(data, "heartlands")
    missing = [g for g in ids["guardian"] if g not in hearts]
    if missing:
        where.fail(f"no Heartland for {', '.join(missing)}")
    for g, h in hearts.items():
        if not h["region"].startswith(g + "-"):
            where.key(hearts, g).fail(f"region {h['region']!r} is not in the {g} Area (R1)")
    _tally(((h["token"], 1) for h in hearts.values()), where, "tokens of terrain",
           dict.fromkeys(ids["terrain"], TERRAIN_TOKENS_PER_TERRAIN), "R5")


POST_CHECKS = {
    "essences.yaml": _check_essences, "perks.yaml": _check_perks, "herbs.yaml": _check_herbs,
    "attunements.yaml": _check_attunements, "achievements.yaml": _check_achievements,
    "bag.yaml": _check_bag, "tracks.yaml": _check_tracks, "harvest_wheel.yaml": _check_wheel,
    "modes.yaml": _check_modes, "starting_scenario.yaml": _check_start,
}

# Id kinds defined by entry lists: kind -> (file, top-level key).
ENTRY_IDS = {
    "color": ("colors.yaml", "colors"), "terrain": ("terrains.yaml", "terrains"),
    "guardian": ("guardians.yaml", "guardians"), "tribe": ("tribes.yaml", "tribes"),
    "hero": ("heroes.yaml", "heroes"), "perk": ("perks.yaml", "perks"),
    "herb": ("herbs.yaml", "herbs"), "achievement": ("achievements.yaml", "achievements"),
}


def _collect_ids(raw: dict) -> dict[str, list[str]]:
    """Every id any file defines, gathered leniently before validation (bad shapes are skipped:
    the schemas report them)."""
    def entry_ids(file, key):
        data = raw.get(file)
        items = data.get(key) if isinstance(data, dict) else None
        return [e["id"] for e in items or () if isinstance(e, dict) and isinstance(e.get("id"), str)]

    def keys(file, *path):
        data = raw.get(file)
        for key in path:
            data = data.get(key) if isinstance(data, dict) else None
        return [k for k in data if isinstance(k, str)] if isinstance(data, dict) else []

    ids = {kind: entry_ids(file, key) for kind, (file, key) in ENTRY_IDS.items()}
    ids["action"] = keys("costs.yaml")
    ids["variant"] = keys("modes.yaml", "variants")
    ids["difficulty"] = keys("modes.yaml", "difficulties")
    ids["region"] = [f"{g}-{t}" for g in ids["guardian"] for t in ids["terrain"]]  # R1
    ids["wheel_space"] = ids["guardian"] + ids["terrain"]
    ids["payment"] = ids["color"] + list(ek.PAYMENT_WORDS)
    ids["period"] = list(ek.PERIODS)
    return ids


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_catalog(data_dir: str | Path | None = None) -> Catalog:
    """Read and validate every data file; raise CatalogError on the first problem."""
    data_dir = Path(data_dir) if data_dir is not None else DEFAULT_DATA_DIR
    raw, shown = {}, {}
    for name in SCHEMAS:
        shown[name] = _shown(data_dir / name)
        raw[name] = _read_yaml(data_dir / name, shown[name])
    ids = _collect_ids(raw)
    for name, schema in SCHEMAS.items():
        data = raw[name]
        at = At(shown[name], "", getattr(data, "line", 1))
        schema.check(data, at, ids)
        if name in POST_CHECKS:
            POST_CHECKS[name](data, at, ids)
    d = {name: _plain(data) for name, data in raw.items()}

    def by_id(name, key):
        return {e["id"]: e for e in d[name][key]}

    return Catalog(
        colors=by_id("colors.yaml", "colors"),
        terrains=by_id("terrains.yaml", "terrains"),
        guardians=by_id("guardians.yaml", "guardians"),
        tribes=by_id("tribes.yaml", "tribes"),
        heroes=by_id("heroes.yaml", "heroes"),
        perks=by_id("perks.yaml", "perks"),
        herbs=by_id("herbs.yaml", "herbs"),
        attunements=by_id("attunements.yaml", "attunements"),
        achievements=by_id("achievements.yaml", "achievements"),
        essences=d["essences.yaml"]["decks"],
        bag=d["bag.yaml"],
        tracks=d["tracks.yaml"],
        harvest_wheel=d["harvest_wheel.yaml"]["spaces"],
        costs=d["costs.yaml"],
        modes=d["modes.yaml"],
        starting_scenario=d["starting_scenario.yaml"],
    )


@functools.lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The catalog of the repository's data/, loaded once. Shared: do not mutate it."""
    return load_catalog()


def _summary(cat: Catalog) -> str:
    return "\n".join([
        f"colours {len(cat.colors)}, terrains {len(cat.terrains)}, guardians {len(cat.guardians)},"
        f" tribes {len(cat.tribes)}, heroes {len(cat.heroes)}",
        f"essence cards {sum(map(len, cat.essences.values()))}"
        f" ({len(cat.essences)} decks)",
        f"perk tiles: base {len(cat.perk_tiles({'base'}))},"
        f" kickstarter {len(cat.perk_tiles({'kickstarter'}))},"
        f" sower {len(cat.sower_perks(False))} (with kickstarter {len(cat.sower_perks(True))})",
        f"herb cards {len(cat.herb_cards(False))} (kickstarter {len(cat.herb_cards(True))}),"
        f" attunements {len(cat.attunements)}, achievements {len(cat.achievements)}",
        f"bag: {len(cat.bag['menace'])} menace, {len(cat.bag['corruption'])} corruption,"
        f" {cat.bag['havoc']} havoc; harvest wheel {len(cat.harvest_wheel)} spaces",
        f"tribe actions: {', '.join(cat.costs)}",
        f"difficulties: {', '.join(cat.modes['difficulties'])};"
        f" variants: {', '.join(cat.modes['variants'])}",
    ])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) > 1:
        print("usage: python -m faeriell.content.catalog_loader [DATA_DIR]", file=sys.stderr)
        return 2
    try:
        cat = load_catalog(argv[0] if argv else None)
    except CatalogError as exc:
        print(f"error: {clip(exc, 2000)}", file=sys.stderr)
        return 1
    except (RecursionError, MemoryError, ValueError, KeyError) as exc:
        # a value the schema let through that the loader cannot take: still one line, no traceback
        print(f"error: {clip(argv[0] if argv else _shown(DEFAULT_DATA_DIR))}: the data cannot be "
              f"validated ({type(exc).__name__}: {clip(exc)})", file=sys.stderr)
        return 1
    print(f"catalog OK: {argv[0] if argv else _shown(DEFAULT_DATA_DIR)}")
    print(_summary(cat))
    return 0


if __name__ == "__main__":
    sys.exit(main())

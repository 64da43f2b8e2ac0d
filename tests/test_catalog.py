"""The component catalog: data/*.yaml loads, matches the rulings, and every broken file is
reported with its file, line and field."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from faeriell.content.catalog_loader import (
    DEFAULT_DATA_DIR, CatalogError, default_catalog, load_catalog, main)
from faeriell.engine import effect_kinds as ek
from faeriell.engine.catalog import Catalog

GUARDIANS = ["bear", "stag", "owl", "wolf", "boar", "toad", "snake", "turtle"]  # R1


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return default_catalog()


# ------------------------------------------------------------------------------------------
# The real data


def test_default_catalog_is_cached_and_complete(cat):
    assert default_catalog() is cat
    assert list(cat.colors) == ["red", "yellow", "blue", "green", "corruption"]
    assert {t: cat.terrain_color(t) for t in cat.terrains} == {
        "mountain": "red", "meadow": "yellow", "river": "blue", "forest": "green"}  # R3
    assert {h: cat.hero_color(h) for h in cat.heroes} == {
        "adventurer": "red", "chieftain": "yellow", "shaman": "blue", "druid": "green",
        "shadow": "corruption", "sower": "corruption"}  # R3
    assert [h for h, v in cat.heroes.items() if v["starting"]] == [
        "adventurer", "chieftain", "shaman", "druid"]
    assert list(cat.guardians) == GUARDIANS
    assert cat.guardians["stag"]["name"] == "Koos"  # R2
    assert [t["color_name"] for t in cat.tribes.values()] == ["orange", "purple", "cyan", "lime"]
    assert len({c["symbol"] for c in cat.colors.values()}) == 5


def test_entries_keep_their_id_and_are_plain_data(cat):
    for table in (cat.colors, cat.perks, cat.herbs, cat.attunements, cat.achievements):
        for key, entry in table.items():
            assert entry["id"] == key
            assert type(entry) is dict
    assert type(cat.essences["red"]) is list


def test_essence_decks_R4(cat):
    assert sum(len(d) for d in cat.essences.values()) == 80
    for color in cat.colors:
        assert Counter(cat.essences[color]) == dict.fromkeys(GUARDIANS, 2)


def test_perk_counts_and_ids_R21_R22_R23(cat):
    assert len(cat.perk_tiles({"base"})) == 22
    assert len(cat.perk_tiles({"kickstarter"})) == 16
    assert len(cat.perk_tiles({"base", "kickstarter"})) == 38  # Components: KS has 38 tiles
    assert len(cat.sower_perks(False)) == 5 and len(cat.sower_perks(True)) == 9
    base = [p for p, v in cat.perks.items() if v["set"] == "base"]
    assert base == [
        "convert-yellow-blue", "convert-green-blue", "convert-red-blue", "convert-green-red",
        "convert-yellow-green", "convert-yellow-red", "path-river", "path-mountain",
        "path-forest", "path-meadow", "gem-blue", "gem-yellow", "gem-red", "gem-green",
        "quester", "cleanser", "swift", "pursuer"]
    assert {p for p in base if cat.perks[p]["copies"] == 2} == {
        "quester", "cleanser", "swift", "pursuer"}
    ks = [p for p, v in cat.perks.items() if v["set"] == "kickstarter"]
    assert ks == [
        "nudge-snake-wolf", "call-turtle-snake", "nudge-bear-toad", "call-bear-stag",
        "nudge-boar-turtle", "call-toad-owl", "nudge-owl-stag", "call-boar-wolf", "warden",
        "mentor", "corruptor-blue-yellow", "corruptor-red-green"]
    assert {p for p in ks if cat.perks[p]["copies"] == 2} == {
        "warden", "mentor", "corruptor-blue-yellow", "corruptor-red-green"}
    assert cat.sower_perks(True) == [
        "sow-dread", "sow-ravage", "sow-hunger", "sow-frenzy", "sow-ruin",
        "sow-summon", "sow-tithe", "sow-harvest", "sow-alchemy"]


def test_perk_abilities(cat):
    def first(perk):
        return cat.perks[perk]["abilities"][0]
    assert first("swift") == {"timing": "ongoing", "effect": "extra_move", "nodes": 1}
    assert first("pursuer")["effect"] == "move_after_solve"
    assert first("quester")["effect"] == "quest_any" and first("cleanser")["effect"] == "cleanse_any"
    assert first("gem-blue") == {"timing": "activated", "effect": "gain_gem", "pay": "blue"}
    assert cat.perks["path-river"]["abilities"] == [
        {"timing": "special", "effect": "path_move", "terrain": "river"},
        {"timing": "activated", "effect": "remove_menace", "terrain": "river", "cost_gems": 1}]
    assert first("convert-green-red")["colors"] == ["green", "red"]
    assert first("call-bear-stag")["cost_gems"] == 1
    assert [a["pay"] for a in cat.perks["corruptor-blue-yellow"]["abilities"]] == ["blue", "yellow"]
    assert [a["effect"] for a in cat.perks["sow-hunger"]["abilities"]] == [
        "doom_gain_corruption", "lose_gem_on_gain"]  # R23: one tile


def test_every_effect_kind_is_registered_and_used(cat):
    assert set(ek.KIND_TIMINGS) == set(ek.EFFECT_KINDS) == set(ek.OPTIONAL_PARAMS)
    used = [a["effect"] for p in cat.perks.values() for a in p["abilities"]]
    used += [a["effect"] for h in cat.herbs.values() for a in h["abilities"]]
    used += [a["lore"]["effect"] for a in cat.attunements.values()]
    used += [h["innate"]["effect"] for h in cat.heroes.values() if "innate" in h]
    assert set(used) == set(ek.EFFECT_KINDS)


def test_herbs_R24(cat):
    assert len(cat.herb_cards(False)) == 16 and len(cat.herb_cards(True)) == 20
    ks_extra = Counter(cat.herb_cards(True)) - Counter(cat.herb_cards(False))
    assert ks_extra == dict.fromkeys(
        ["herb-chieftain", "herb-adventurer", "herb-druid", "herb-shaman"], 1)
    assert cat.herbs["herb-red"]["copies"] == 2
    assert cat.herbs["herb-druid"]["bonus"] == {"hero_level": "druid"}
    assert cat.herbs["herb-river"]["bonus"] == {"terrain": "river"}


def test_attunements_R17_R25(cat):
    assert {g: a["cost"] for g, a in cat.attunements.items()} == {
        "bear": {"blue": 2, "red": 1, "yellow": 1},
        "stag": {"green": 2, "yellow": 1, "red": 1},
        "owl": {"green": 2, "blue": 1, "yellow": 1},
        "wolf": {"red": 2, "yellow": 1, "green": 1},
        "boar": {"blue": 2, "green": 1, "yellow": 1},
        "toad": {"blue": 2, "green": 1, "red": 1},
        "snake": {"red": 2, "blue": 1, "yellow": 1},
        "turtle": {"yellow": 2, "blue": 1, "green": 1},
    }
    assert {g: a["bonus"] for g, a in cat.attunements.items()} == {
        "bear": {"hero_level": "shaman"}, "stag": {"hero_level": "druid"},
        "toad": {"terrain": "river"}, "owl": {"terrain": "forest"},
        "boar": {"terrain": "meadow"}, "wolf": {"terrain": "mountain"},
        "turtle": {"hero_level": "chieftain"}, "snake": {"hero_level": "adventurer"}}
    assert all(a["lore"]["effect"] == "area_move" for a in cat.attunements.values())


def test_achievements_match_scenarios_ids(cat):
    assert list(cat.achievements) == [
        "adventurer", "shaman", "druid", "chieftain", "vigor", "spirit", "ley-lines",
        "influence", "mountains", "rivers", "forests", "meadows", "fellowship", "herbs",
        "attunements", "beacons", "totem", "shire", "purity", "cleanser"]
    a = cat.achievements
    assert a["vigor"]["condition"] == {"kind": "most", "measure": "solved", "color": "red", "min": 4}
    assert a["ley-lines"]["condition"]["color"] == "green"
    assert a["fellowship"]["condition"] == {"kind": "most", "measure": "perks", "min": 3,
                                            "heroes": 3}  # R32
    assert a["purity"]["condition"] == {"kind": "flag", "measure": "pure"}
    assert Counter(v["group"] for v in a.values()) == dict.fromkeys(
        ["hero", "essence", "terrain", "tribe", "pillar"], 4)


def test_texts_are_present(cat):
    for table in (cat.heroes, cat.perks, cat.herbs, cat.attunements, cat.achievements):
        for entry in table.values():
            assert entry["text"].strip(), entry["id"]
    assert "one node further" in cat.perks["swift"]["text"]
    assert "Blue Menace" in cat.herbs["herb-blue"]["text"]
    assert "at least 4" in cat.achievements["shire"]["text"]


def test_bag_tracks_wheel(cat):
    assert len(cat.bag["menace"]) == 16 and len(cat.bag["corruption"]) == 4
    assert cat.bag["havoc"] == 1  # R6
    for color in ["red", "yellow", "blue", "green"]:
        sides = [g for t in cat.bag["menace"] if t["color"] == color for g in t["sides"]]
        assert sorted(sides) == sorted(GUARDIANS)
    assert cat.harvest_wheel == ["bear", "stag", "mountain", "owl", "wolf", "meadow", "boar",
                                 "toad", "river", "snake", "turtle", "forest"]  # R11
    t = cat.tracks
    assert (t["doom"]["min"], t["doom"]["max"]) == (0, 15)  # R7
    assert [b["tokens"] for b in t["doom"]["draft"]] == [1, 2, 3]
    assert t["tribe_corruption"]["max"] == 5 and t["settlements_per_tribe"] == 6  # R8, R10
    assert sum(t["beacons"].values()) == 8 and sum(t["terrain_tokens"].values()) == 8  # R13, R5
    assert t["achievement_slots"] == ["red", "yellow", "blue", "green", "any"]  # R12
    assert t["heroes"]["gems_at_level"] == {4: 3}


def test_costs_and_modes(cat):
    c = cat.costs
    assert c["build_beacon"]["fixed"] == ["yellow", "BEACON_COLOR", "any"]  # R15
    assert c["gather_herb"]["fixed"] == ["green", "any", "any"]  # R16
    assert c["dress_hero"]["count"] == {"of": "active_heroes", "add": 1}  # R14
    assert c["attune"] == {"from": "attunement", "settlement_discount": 1}  # R17
    m = cat.modes
    assert {d: (v["menace"], v["corruption"]) for d, v in m["difficulties"].items()} == {
        "easy": (3, 0), "medium": (4, 0), "hard": (3, 1), "very_hard": (3, 2)}  # R33
    assert m["solo"]["achievements"] == 6  # R35
    assert m["winters_grasp"]["guardians"] == {"easy": 1, "medium": 2, "hard": 3, "very_hard": 5}


def _affordable(cat, tribe) -> bool:
    """R20: the tip's payment covers the action's cost after the Hero's innate discount and any
    Settlement discount (a small stand-in for the engine's payment check)."""
    tip, cost = tribe["tip"], cat.costs[tribe["tip"]["action"]]
    free = 0
    if "fixed" in cost:
        need = [tribe["tip"]["color"] if c == "BEACON_COLOR" else c for c in cost["fixed"]]
    elif "from" in cost:
        need = [c for c, n in cat.attunements[tip["guardian"]]["cost"].items() for _ in range(n)]
        free = cost["settlement_discount"] * tribe["settlement_areas"].count(tip["guardian"])
    else:  # level_up of a level 1 Hero
        need = [tribe["essences"][0]] * (1 + cost["count"]["add"])
    innate = cat.heroes[tribe["hero"]]["innate"]
    if innate["action"] == tip["action"] and innate["color"] in need:
        need.remove(innate["color"])
    for card in sorted(tip["pay"], key=lambda c: c not in need):
        need.remove(card if card in need else "any")
    return len(need) == free and not Counter(tip["pay"]) - Counter(tribe["essences"])


def test_starting_scenario(cat):
    s = cat.starting_scenario
    for g, expected in {"owl": {"region": "owl-river"}, "toad": {"region": "toad-forest"},
                        "wolf": {"region": "wolf-meadow", "token": "mountain"},
                        "boar": {"region": "boar-mountain", "token": "meadow"}}.items():
        assert expected.items() <= s["heartlands"][g].items()
    assert Counter(h["token"] for h in s["heartlands"].values()) == dict.fromkeys(cat.terrains, 2)
    assert s["harvest"] == "bear"
    assert [(t["tribe"], t["hero"], t["essences"]) for t in s["tribes"]] == [
        ("longfeather", "chieftain", ["red", "yellow"]), ("berrywort", "shaman", ["green", "blue"]),
        ("stoneroot", "druid", ["red", "green"]), ("cedarmoon", "adventurer", ["red", "blue"])]
    assert [t["settlement_areas"] for t in s["tribes"]] == [
        ["owl", "toad"], ["wolf", "boar"], ["snake", "turtle"], ["bear", "stag"]]
    for tribe in s["tribes"]:
        assert _affordable(cat, tribe), tribe["tribe"]


def test_cli(capsys, tmp_path):
    assert main([]) == 0
    assert "perk tiles: base 22" in capsys.readouterr().out
    assert main([str(tmp_path)]) == 1  # no files there
    assert "colors.yaml:0:" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------
# Broken data: copy data/ and break one file per test.


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    monkeypatch.chdir(tmp_path)  # errors then name files as data/<file>
    return target


def _mutate(data: Path, file: str, old: str, new: str) -> None:
    path = data / file
    text = path.read_text()
    assert text.count(old) == 1, f"fixture text not unique in {file}: {old!r}"
    path.write_text(text.replace(old, new))


def _line_of(data: Path, file: str, pattern: str) -> int:
    text = (data / file).read_text()
    match = re.search(pattern, text, re.M)
    assert match, pattern
    return text[:match.start()].count("\n") + 1


BROKEN = [
    # (id, file, old, new, line pattern, field, message part)
    ("unknown-field", "perks.yaml", "  - id: swift\n", "  - id: swift\n    colour: red\n",
     r"^    colour: red", "perks[16].colour", "unknown field (allowed: id, name, set"),
    # an id that is a list is refused by the id's own check (it raised TypeError where
    # duplicate ids are looked for: issue 43)
    ("id-list", "perks.yaml", "  - id: swift\n", "  - id: [swift]\n", r"^  - id: \[swift\]", "perks[16].id",
     "expected a non-empty string, got _Seq ['swift']"),
    ("unknown-effect", "perks.yaml", "effect: extra_move", "effect: teleport",
     r"effect: teleport", "perks[16].abilities[0].effect",
     "unknown effect kind 'teleport' (known: convert, path_move"),
    ("missing-param", "perks.yaml", "effect: path_move, terrain: river}", "effect: path_move}",
     r"effect: path_move}", "perks[6].abilities[0]", "'path_move' is missing param 'terrain'"),
    ("unknown-param", "perks.yaml", "extra_move, nodes: 1}", "extra_move, nodes: 1, range: 2}",
     r"range: 2", "perks[16].abilities[0].range", "unknown param for effect kind 'extra_move'"),
    ("param-type", "perks.yaml", "extra_move, nodes: 1}", "extra_move, nodes: one}",
     r"nodes: one", "perks[16].abilities[0].nodes", "expected an integer, got str 'one'"),
    ("wrong-timing", "perks.yaml", "timing: ongoing, effect: extra_move",
     "timing: special, effect: extra_move", r"effect: extra_move",
     "perks[16].abilities[0].timing", "takes timing ongoing"),
    ("bad-guardian-in-param", "perks.yaml", "guardians: [snake, wolf]", "guardians: [snake, dragon]",
     r"dragon", "perks[18].abilities[0].guardians[1]", "unknown guardian 'dragon'"),
    ("bad-payment", "perks.yaml", "pay: non_corruption", "pay: gold",
     r"pay: gold", "perks[27].abilities[1].pay", "unknown payment 'gold'"),
    ("bad-color", "attunements.yaml", "cost: {blue: 2, red: 1, yellow: 1}",
     "cost: {blue: 2, purple: 1, yellow: 1}", r"purple", "attunements[0].cost.purple",
     "unknown color 'purple' (known: red, yellow, blue, green, corruption)"),
    ("bad-terrain", "herbs.yaml", "effect: harvest_bonus, terrain: river}",
     "effect: harvest_bonus, terrain: swamp}", r"swamp", "herbs[11].abilities[0].terrain",
     "unknown terrain 'swamp'"),
    ("bad-hero", "achievements.yaml", "hero: shaman, min: 4", "hero: wizard, min: 4",
     r"wizard", "achievements[1].condition.hero", "unknown hero 'wizard'"),
    ("bad-bonus", "attunements.yaml", "bonus: {hero_level: shaman}", "bonus: {hero_level: wizard}",
     r"wizard", "attunements[0].bonus.hero_level", "unknown hero 'wizard'"),
    ("bad-achievement", "modes.yaml", "claim: cleanser", "claim: sainthood",
     r"sainthood", "twins.tash.claim", "unknown achievement 'sainthood'"),
    ("bad-region", "starting_scenario.yaml", "owl-river", "owl-swamp",
     r"owl-swamp", "heartlands.owl.region", "unknown region 'owl-swamp'"),
    ("bad-action", "starting_scenario.yaml", "action: attune", "action: pray",
     r"action: pray", "tribes[1].tip.action", "unknown action 'pray'"),
    ("bad-measure", "achievements.yaml", "measure: shire", "measure: castle",
     r"measure: castle", "achievements[17].condition.measure", "unknown measure 'castle'"),
    ("missing-field", "heroes.yaml", "    starting: false       # replaces", "    # replaces",
     r"^  - id: sower", "heroes[5]", "missing required field 'starting'"),
    ("wrong-type", "perks.yaml", "    name: Mentor\n    set: kickstarter\n    copies: 2",
     "    name: Mentor\n    set: kickstarter\n    copies: two",
     r"copies: two", "perks[27].copies", "expected an integer, got str 'two'"),
    ("duplicate-id", "guardians.yaml", "id: stag", "id: bear",
     r"id: bear, name: Koos", "guardians[1].id", "duplicate id 'bear'"),
    ("duplicate-key", "colors.yaml", "    symbol: sun\n", "    symbol: sun\n    symbol: moon\n",
     r"symbol: moon", "colors[1].symbol", "duplicate key"),
    ("essence-count", "essences.yaml", "red: [bear, bear,", "red: [bear,",
     r"^  red:", "decks.red", "15 cards, expected 16 (R4)"),
    ("essence-backs", "essences.yaml", "blue: [bear, bear,", "blue: [bear, stag,",
     r"^  blue:", "decks.blue", "Guardian 'bear': 1, expected 2 (R4)"),
    ("perk-count-base", "perks.yaml", "    name: Swift\n    set: base\n    copies: 2",
     "    name: Swift\n    set: base\n    copies: 1",
     r"^perks:", "perks", "tiles in set 'base': 21, expected 22"),
    ("perk-count-sower", "perks.yaml", "    name: Ruin\n    set: sower\n",
     "    name: Ruin\n    set: sower_kickstarter\n", r"^perks:", "perks",
     "tiles in set 'sower': 4, expected 5"),
    ("herb-count", "herbs.yaml", "    name: Vigor Herb\n    copies: 2\n",
     "    name: Vigor Herb\n    copies: 3\n", r"^herbs:", "herbs",
     "17 cards by copies, expected 16 (R24)"),
    ("achievement-ids", "achievements.yaml", "id: shire", "id: shires",
     r"^achievements:", "achievements", "missing: shire; unexpected: shires"),
    ("attunement-cost", "attunements.yaml", "cost: {yellow: 2, blue: 1, green: 1}",
     "cost: {yellow: 2, blue: 1}", r"cost: \{yellow: 2, blue: 1\}", "attunements[7].cost",
     "costs 3 Essences, expected 4 (R17)"),
    ("bag-sides", "bag.yaml", "{color: red, sides: [bear, wolf]}",
     "{color: red, sides: [bear, stag]}", r"^menace:", "menace",
     "red tokens must show each Guardian exactly once (R6)"),
    ("havoc", "bag.yaml", "havoc: 1", "havoc: 2", r"^havoc", "havoc", "2, expected 1 (R6)"),
    ("wheel", "harvest_wheel.yaml", "turtle, forest]", "turtle]", r"^spaces", "spaces",
     "expected 12 distinct (R11)"),
    ("beacons", "tracks.yaml", "beacons: {red: 2,", "beacons: {red: 3,", r"^beacons", "beacons",
     "'red': 3, expected 2 (R13)"),
    ("heartland-tokens", "starting_scenario.yaml", "bear-mountain, token: forest",
     "bear-mountain, token: river", r"^heartlands", "heartlands",
     "tokens of terrain 'river': 3, expected 2 (R5)"),
]


@pytest.mark.parametrize("file, old, new, pattern, field, message",
                         [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN])
def test_broken_data_names_file_line_and_field(data, file, old, new, pattern, field, message):
    _mutate(data, file, old, new)
    with pytest.raises(CatalogError) as err:
        load_catalog(data)
    text = str(err.value)
    expected_prefix = f"data/{file}:{_line_of(data, file, pattern)}: {field}: "
    assert text.startswith(expected_prefix), text
    assert message in text, text


def test_yaml_syntax_error_names_file_and_line(data):
    _mutate(data, "heroes.yaml", "    name: Druid\n", "    name: Druid: the green\n")
    with pytest.raises(CatalogError) as err:
        load_catalog(data)
    match = re.match(r"data/heroes\.yaml:(\d+): \(yaml\): syntax error", str(err.value))
    assert match, str(err.value)
    assert int(match.group(1)) == _line_of(data, "heroes.yaml", r"Druid: the green")


def test_missing_file_is_an_error(data):
    (data / "bag.yaml").unlink()
    with pytest.raises(CatalogError, match=r"data/bag\.yaml:0: \(file\): cannot read"):
        load_catalog(data)


def test_catalog_error_is_a_value_error():
    assert issubclass(CatalogError, ValueError)


def test_every_condition_measure_the_loader_accepts_is_measured():
    """data/achievements.yaml is checked against effect_kinds.CONDITION_MEASURES; the engine reads
    each measure through achievements._source, so a measure accepted there must be known here."""
    from faeriell.engine.achievements import _source
    from faeriell.engine.effect_kinds import CONDITION_MEASURES
    samples = {str: "x", int: 3}
    for measure, spec in CONDITION_MEASURES.items():
        cond = {"measure": measure, **{k: samples[t] for k, t in spec["params"].items()}}
        assert _source(cond)[0] == measure

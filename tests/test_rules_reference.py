"""The rules reference (data/rules/reference.yaml): complete, in the game's words, searchable."""
import re

import pytest

import faeriell.engine  # noqa: F401  (registers every action kind)
from faeriell.content import rules_reference as ref
from faeriell.engine.registry import MOVES

SECTIONS = ref.reference()


def test_every_action_kind_has_a_rule_behind_it():
    # a refused move offers "the rule behind it": every kind a player can be refused needs a section
    missing = sorted(k for k in MOVES if ref.section_for_kind(k) is None)
    assert missing == []


def test_kinds_named_by_the_reference_exist():
    named = {k for s in SECTIONS for k in s.kinds}
    assert named - set(MOVES) == set()


@pytest.mark.parametrize("topic", ["setup", "round", "tribe-phase", "event-phase", "hero-phase", "harvest",
                                   "claiming", "achievement-list", "doom", "tribe-corruption", "endgame",
                                   "solo", "coop", "shadows", "drifter", "twins", "winters-grasp",
                                   "kickstarter", "optional-rules", "corruption-event"])
def test_the_issue_topics_are_covered(topic):
    assert ref.section_by_id(topic) is not None


def test_each_tribe_action_states_its_cost():
    for kind in ("dress_hero", "level_up", "build_settlement", "build_beacon", "control_totem",
                 "gather_herb", "attune"):
        assert "cost" in ref.section_for_kind(kind).text.lower(), kind


def _data_ids():
    """Every id the data files give (cards, tiles, Guardians...) and every Region id (R1)."""
    import yaml
    from pathlib import Path
    ids = set()

    def walk(node):
        if isinstance(node, dict):
            if isinstance(node.get("id"), str):
                ids.add(node["id"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    for path in Path(ref.REFERENCE_PATH).parents[1].glob("*.yaml"):
        walk(yaml.safe_load(path.read_text()))
    areas = ("bear", "stag", "owl", "wolf", "boar", "toad", "snake", "turtle")
    ids |= {f"{a}-{t}" for a in areas for t in ("mountain", "meadow", "river", "forest")}
    return {i for i in ids if re.search(r"[-_@]", i)}


def test_player_text_has_no_ruling_numbers_or_ids():
    ids = _data_ids()
    assert {"herb-green", "bear-river"} <= ids
    for s in SECTIONS:
        for text in (s.title, s.text):
            assert not re.search(r"\bR\d+\b", text), s.id
            assert not re.search(r"\w@\w", text), s.id
            words = set(re.findall(r"[a-z]+(?:[-_][a-z]+)+", text))
            assert not words & ids, (s.id, words & ids)
            assert not any("_" in w for w in words), (s.id, words)


def test_search_ranks_title_matches_first_and_needs_every_word():
    assert ref.search("harvest")[0].id == "harvest"
    assert ref.search("totem")[0].id == "control-totem"
    hits = ref.search("doom havoc")
    assert hits and all("havoc" in s.haystack() and "doom" in s.haystack() for s in hits)
    assert ref.search("zzzz nothing") == []
    assert len(ref.search("   ")) == len(SECTIONS)


def test_a_broken_reference_names_file_and_section(tmp_path):
    bad = tmp_path / "reference.yaml"
    bad.write_text("sections:\n  - id: a\n    title: A\n    group: G\n    text: x\n    colour: red\n")
    with pytest.raises(ref.ReferenceError, match=r"reference.yaml: section 1: unknown field 'colour'"):
        ref.load_reference(bad)
    bad.write_text("sections:\n  - id: a\n    title: A\n    group: G\n    text: x\n"
                   "  - id: a\n    title: B\n    group: G\n    text: y\n")
    with pytest.raises(ref.ReferenceError, match="used twice"):
        ref.load_reference(bad)
    bad.write_bytes(b"sections: [\xff\xfe]")
    with pytest.raises(ref.ReferenceError, match="cannot read"):
        ref.load_reference(bad)

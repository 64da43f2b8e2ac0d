"""The log says each thing once, in the game's words (a first game's playtest):

- an Essence gained is one line: a move whose own line says the card ("You take a Blue Essence
  from the Bear's Forest", "trade 1 Yellow for 1 Green") adds no "You gain 1 Blue Essence" after
  it; a gain the move's line does not say names where it came from (a Harvest's Region, a Herb);
- a Menace drawn for a Guardian that already has a token is said in the rulebook's words,
  "already Threatened" or "already Corrupted", never "troubled", and Doom files it as before.
"""
from __future__ import annotations

import random
import re

from test_table_support import position  # first: sets the dummy video driver

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, new_game  # noqa: E402
from faeriell.engine.describe import second_person  # noqa: E402

R = default_rules()
CONFIGS = [(2, "competitive", []), (3, "coop", ["shadows", "drifter"]), (1, "solo", []),
           (2, "competitive", ["twins", "kickstarter"]), (4, "competitive", [])]
COLOUR = r"(Red|Yellow|Blue|Green|Corruption)"
SAYS_CARD = re.compile(r"\b(?:takes? an? " + COLOUR + r" Essence|trade 1 \w+ for 1 " + COLOUR + r"|: take (.+))")
GAINS = re.compile(r"\bgains? (\d+) " + COLOUR + r" Essences?\b")


def _played(seed, players, mode, variants, steps=900):
    """(action, the log lines it added) for a seeded random game."""
    g = new_game(R, players, mode, "medium", variants, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if g.state.game_over:
            break
        legal = g.legal_actions()
        a = legal[rng.randrange(len(legal))]
        before = len(g.state.log)
        g.apply(a)
        if len(g.state.log) < before:          # the log was trimmed (it keeps its last 300 lines)
            continue
        out.append((a, g.state.log[before:]))
    return out


def test_an_essence_the_move_already_names_is_not_said_again():
    told = 0
    kinds = set()
    for k in range(4 * len(CONFIGS)):
        players, mode, variants = CONFIGS[k % len(CONFIGS)]
        for a, lines in _played(300 + k, players, mode, variants):
            for ln, after in zip(lines, lines[1:] + [""], strict=True):
                m = SAYS_CARD.search(ln)
                if not m:
                    continue
                told += 1
                kinds.add(a.kind)
                who = ln.split(" (player ")[0]
                named = {c for c in m.groups() if c} | set(re.findall(COLOUR, m.group(3) or ""))
                g = GAINS.search(after)
                assert not (g and after.startswith(who) and g.group(2) in named), \
                    f"{a}: one Essence said twice: {ln!r} then {after!r}"
    assert told > 40, f"only {told} lines named the Essence taken"
    assert {"starting_essence", "harvest_choice", "perk"} <= kinds, kinds


def test_a_harvest_gain_says_where_it_came_from():
    seen = 0
    for k in range(2 * len(CONFIGS)):
        players, mode, variants = CONFIGS[k % len(CONFIGS)]
        for a, lines in _played(310 + k, players, mode, variants):
            stops = [n for n, ln in enumerate(lines) if ln.startswith("The Harvest token stops at the ")]
            if a.kind != "harvest" or not stops:
                continue                          # a Guardian space: every owned Region pays
            for ln in lines[stops[0]:]:
                if GAINS.search(ln):
                    seen += 1
                    assert re.search(r" from the \w+'s (Forest|Meadow|River|Mountain)\.$", ln), ln
    assert seen > 10, f"only {seen} Harvest gains seen"


TERRAIN_PICK = re.compile(r" harvests (?:1 " + COLOUR + r" Essence|nothing) from the \w+'s (?:Forest|Meadow|River|Mountain)"
                          r"(: it is Threatened)?\.$")


def test_a_terrain_harvest_pick_is_one_line_with_what_it_gave():
    """A Terrain Harvest's pick of a Region was "harvests from the Bear's Forest." and then "gains 1
    Green Essence.": the engine says it in one line where the gain is made (the colour is the
    Harvest's, not the move's): "harvests 1 Green Essence from the Bear's Forest."; a Threatened
    one "harvests nothing from ...: it is Threatened."; a Corrupted one raises its Event."""
    said = {"gave": 0, "threatened": 0}
    for k in range(4 * len(CONFIGS)):
        players, mode, variants = CONFIGS[k % len(CONFIGS)]
        for a, lines in _played(330 + k, players, mode, variants):
            if a.kind != "harvest_choice" or a.has("color") or not lines:
                continue
            first = lines[0]
            who = first.split(" (player ")[0]
            if " harvests from " in first:          # a Corrupted Region, or no card left to draw
                assert any("Corruption" in ln or "is left to draw" in ln for ln in lines[1:]), lines
                continue
            m = TERRAIN_PICK.search(first)
            assert m and first.startswith(who), lines
            said["threatened" if m.group(2) else "gave"] += 1
            assert not any(GAINS.search(ln) and ln.startswith(who) and " from " not in ln for ln in lines[1:]), \
                f"{a}: the gain said again: {lines}"
            if m.group(1):
                assert second_person(first, first.split(" harvests ")[0]).startswith(
                    f"You harvest 1 {m.group(1)} Essence from the "), first
    assert said["gave"] > 12 and said["threatened"] > 0, said


def test_the_playtests_line_said_to_you():
    who = "Longfeather (player 1)"
    assert second_person(f"{who} takes a Blue Essence from the Bear's Forest.", who) == \
        "You take a Blue Essence from the Bear's Forest."
    assert second_person(f"{who} gains 1 Green Essence from its Forest Herb.", who) == \
        "You gain 1 Green Essence from your Forest Herb."


def _menace_for_a_taken_bear(under):
    g = position({"variants": []},
                 {"harvest": "forest", "guardians": {"bear": "bear-river"}, "under": {"bear": under}, "bag": ["red@bear"]},
                 [{"settlements": ["bear-mountain", "bear-river"], "heroes": {"druid": {"node": {"near": "bear-forest"}}}},
                  {"settlements": ["wolf-mountain", "wolf-meadow"], "heroes": {"shaman": {"node": {"near": "wolf-river"}}}}],
                 {"player": 1, "phase": "event"})
    before = len(g.state.log)
    g.apply(Action("draft"))
    return g, g.state.log[before:]


def test_a_menace_for_a_guardian_with_a_token_says_threatened_or_corrupted():
    for under, word in (("yellow", "Threatened"), ("corruption", "Corrupted")):
        g, lines = _menace_for_a_taken_bear(under)
        text = " ".join(lines)
        assert f"A Red Menace for the Bear, already {word}: discarded." in lines, lines
        assert f"Doom rises by 1 to 1 (Red Menace for the Bear, already {word})." in lines, lines
        assert "troubled" not in text.lower()
        assert g.history[-1]["events"] == [["doom", 1, "Menace discarded"]]


def test_no_log_line_says_troubled():
    for k, (players, mode, variants) in enumerate(CONFIGS):
        for a, lines in _played(320 + k, players, mode, variants, steps=600):
            for ln in lines:
                assert "troubl" not in ln.lower(), (a, ln)


DOOM_LINE = re.compile(r"^Doom (rises|falls) by (\d+) to (\d+)( \([^()]+(\([^()]*\))?[^()]*\))?\.$")


def test_doom_moving_is_said_in_words_with_where_it_stands():
    # "Doom -1 (Cleanse Corruption) -> 4." read as notation; now "Doom falls by 1 to 4 (Cleanse
    # Corruption)." - and the numbers are the track's: the move and where it stops
    seen = 0
    for k, (players, mode, variants) in enumerate(CONFIGS):
        g = new_game(R, players, mode, "medium", variants, 330 + k)
        rng = random.Random(330 + k)
        for _ in range(600):
            if g.state.game_over:
                break
            legal = g.legal_actions()
            before, n = g.state.doom, len(g.state.log)
            g.apply(legal[rng.randrange(len(legal))])
            if len(g.state.log) < n:             # the log was trimmed (it keeps its last 300 lines)
                continue
            lines = g.state.log[n:]
            for ln in lines:
                assert "->" not in ln, ln
            doom = [m for m in (DOOM_LINE.match(ln) for ln in lines) if m]
            if doom:
                first, last = doom[0], doom[-1]
                step = int(first.group(2)) * (1 if first.group(1) == "rises" else -1)
                assert int(first.group(3)) - step == before or len(doom) > 1, (before, lines)
                assert int(last.group(3)) == g.state.doom, (g.state.doom, lines)
                seen += 1
    assert seen > 5

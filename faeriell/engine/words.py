"""The game's fixed words as types: modes, difficulties, variants, stages, phases, colours, terrains.

Each word set is said once here, as a `Literal` for the type checker and a tuple in the rules'
order for the program. The values stay plain strings, so states, saves, scenario files and the
log read and write exactly as before; mypy catches a misspelt word ("cooperative", "Red") where a
field or a signature is typed with one of these. tests/test_words.py checks that each tuple says
the same words as its type and as data/ (terrains.yaml, colors.yaml, modes.yaml).
"""
from __future__ import annotations

from typing import Final, Literal

Mode = Literal["competitive", "coop", "solo"]
MODES: Final[tuple[Mode, ...]] = ("competitive", "coop", "solo")

Difficulty = Literal["easy", "medium", "hard", "very_hard"]            # R33
DIFFICULTIES: Final[tuple[Difficulty, ...]] = ("easy", "medium", "hard", "very_hard")

Variant = Literal["shadows", "drifter", "twins", "winters_grasp", "kickstarter", "advanced_menace_rule",
                  "no_doom_end_after_five", "starting_scenario"]
VARIANTS: Final[tuple[Variant, ...]] = (
    "shadows", "drifter", "twins", "winters_grasp", "kickstarter", "advanced_menace_rule",
    "no_doom_end_after_five", "starting_scenario")

Stage = Literal["setup", "play", "over"]

Phase = Literal["tribe", "event", "hero"]                               # the Phase tiles, R26
PHASES: Final[tuple[Phase, ...]] = ("tribe", "event", "hero")

# The Event Phase's steps: the Guardian's move, the Menace Draft, Beacon solves, then done (R28-R31).
EventStep = Literal["guardian", "draft", "beacons", "done"]

# The four Essence colours a Terrain gives, and the five with Corruption (R3, R4).
Colour = Literal["red", "yellow", "blue", "green"]
COLORS: Final[tuple[Colour, ...]] = ("red", "yellow", "blue", "green")
EssenceColour = Literal["red", "yellow", "blue", "green", "corruption"]
ESSENCE_COLOURS: Final[tuple[EssenceColour, ...]] = ("red", "yellow", "blue", "green", "corruption")

Terrain = Literal["mountain", "meadow", "river", "forest"]                # R1
TERRAINS: Final[tuple[Terrain, ...]] = ("mountain", "meadow", "river", "forest")

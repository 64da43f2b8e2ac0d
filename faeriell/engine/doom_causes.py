"""Why Doom moved, in the few causes a player reads (the round summary, the review).

`Game.move_doom(n, why)` is called with a sentence; `cause_of(why)` files it under one cause.
Values floor: plain strings only.
"""
from __future__ import annotations

# A needle in the engine's own sentence -> the cause a player reads (first match wins).
_CAUSES = (
    ("Automatic Doom", "Automatic Doom"),            # R34
    # a Menace drawn for a Guardian already Threatened or Corrupted is discarded, Doom +1 (the
    # rulebook's Menace Draft); "discarded" is its word, "a taken Guardian" was ours
    ("already Threatened", "Menace discarded"),
    ("already Corrupted", "Menace discarded"),
    ("Ignore Corruption", "Ignore Corruption"),
    ("Havoc", "Havoc"),
    ("unpaid Achievement", "Unpaid claim"),          # R12
    ("lost to Corruption", "Lost to Corruption"),    # R38
    ("Cleanse Corruption", "Cleanse Corruption"),
    ("Ravage", "Corruption Sower Perk"),
    ("Ruin", "Corruption Sower Perk"),
    ("Twins", "The Twins set-up"),
)
CAUSES = tuple(dict.fromkeys(c for _, c in _CAUSES))


def cause_of(why: str) -> str:
    low = (why or "").lower()
    for needle, cause in _CAUSES:
        if needle.lower() in low:
            return cause
    return "Other"

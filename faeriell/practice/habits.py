"""Your most frequent costly habit: what your recent key moments have in common (issue 41, item 5).

Every key moment of a person's seat is kept as a drill (drills.py): the move played, the review's
better move and how much win chance the difference cost. Read together, the recent ones show a
pattern a single review cannot: the same kind of move, again and again, where another kind was
worth more ("Ending the Phase where building a Beacon was worth more: 4 of your last 11 costly
moves"). The pattern is the pair (what was played, what was better), each said by its kind:
the Phase chosen, the Corruption choice, or the action's kind, in the game's words.

    habit = costly_habit(book.drills)      # Habit | None (fewer than MIN_TIMES alike: no habit)
    habit.words, habit.drill_ids

No pygame here.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from faeriell.engine.action_schema import SPECS
from faeriell.engine.names import PHASE_NAMES

RECENT = 20          # the newest key moments looked at
MIN_TIMES = 3        # a pattern seen this often among them is a habit

# The Corruption Event's choices, said as a player would (describe's labels carry the costs).
_CHOICES = {"cleanse": "Cleansing Corruption", "cleanse_tribe": "Cleansing your Tribe",
            "yield": "Yielding to Corruption", "ignore": "Ignoring a Corruption Event"}


@dataclass(frozen=True)
class Habit:
    played: str          # the played kind, in words ("Ending the Phase")
    better: str          # the better kind, in words ("building a Beacon")
    times: int           # moments with this pattern among the recent ones
    of: int              # the recent moments looked at
    fall: float          # their mean fall in win chance (0..1)
    drill_ids: tuple[str, ...]

    @property
    def words(self) -> str:
        points = round(100 * self.fall)
        return (f"{self.played} where {self.better[:1].lower() + self.better[1:]} was worth more: "
                f"{self.times} of your last {self.of} costly moves, about {points} points of win chance each.")


def kind_words(action: dict) -> str | None:
    """What sort of move `action` (a drill's action dict) is, in the game's words; None for one
    too particular to group (a move no spec names)."""
    kind = action.get("action", action.get("kind"))
    if kind == "choose_phase":
        phase = PHASE_NAMES.get(str(action.get("phase")))
        return f"Playing the {phase} Phase" if phase else None
    if kind == "end_phase":
        return "Ending the Phase"
    if kind == "corruption":
        return _CHOICES.get(str(action.get("choice")))
    spec = SPECS.get(str(kind))
    if spec is None or not spec.doing:
        return None
    return spec.doing


def costly_habit(drills, recent: int = RECENT, min_times: int = MIN_TIMES) -> Habit | None:
    """The most frequent (played, better) pattern among the `recent` newest drills, if it comes up
    at least `min_times` times; ties go to the costlier pattern."""
    newest = sorted(drills, key=lambda d: d.created, reverse=True)[:recent]
    groups: dict[tuple[str, str], list] = defaultdict(list)
    for d in newest:
        played, better = kind_words(d.played), kind_words(d.best)
        if played and better and played != better:
            groups[(played, better)].append(d)
    if not groups:
        return None
    (played, better), found = max(groups.items(),
                                  key=lambda kv: (len(kv[1]), sum(d.fall for d in kv[1])))
    if len(found) < min_times:
        return None
    return Habit(played, better, len(found), len(newest), sum(d.fall for d in found) / len(found),
                 tuple(d.id for d in found))

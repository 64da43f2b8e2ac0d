"""What a move costs or brings beyond its own label, known before it is made: Doom moved, Tribe
Corruption changed, Achievements lost or claimed (issue 41: "every cost said before it is paid").

    consequences(game, action)   # (Consequence(kind="lose", tribe=0, achievement="cleanser"), ...)
    cost_words(cons, names, me)  # ["you lose the Corruption Cleanser", "Doom +1"]

The engine's own move is played on copies, so nothing here restates a rule. A move that draws or
shows something hidden is played in several worlds whose hidden piles are shuffled anew (the real
order is never read), and only what every world agrees on is said: "Doom +1" is told only when no
draw could make it otherwise, so a preview never gives away a card or a token.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .actions import Action
from .core import Game, IllegalAction
from .names import Names
from .rng import Rng, seed_state

Kind = Literal["doom", "corruption", "lose", "claim"]
WORLDS = 4        # worlds for a move that draws: enough that a luck-dependent count disagrees somewhere


@dataclass(frozen=True)
class Consequence:
    kind: Kind
    amount: int = 0                 # doom and corruption: steps, signed
    tribe: int | None = None        # corruption, lose, claim: whose (0-based)
    achievement: str | None = None  # lose, claim: which
    cause: str | None = None        # doom: why it moved ("Ignore Corruption", "Automatic Doom", ...)


class _Holder:
    """A generator over a plain int, for shuffling a world's piles without touching its own."""

    def __init__(self, seed: int) -> None:
        self.rng = seed_state(seed)
        self.rng_draws = 0


def _outcome(g: Game, action: Action) -> tuple[Counter[Consequence], bool] | None:
    """Play `action` on `g` (a copy): what it did, and whether it drew or showed something hidden.
    None when the engine refuses it."""
    s = g.state
    before = [t.corruption for t in s.tribes]
    try:
        g.apply(action)
    except IllegalAction:              # a refused move has no preview
        return None
    entry = g.history[-1]
    out: Counter[Consequence] = Counter()
    doom: Counter[str] = Counter()           # by cause: a Cleanse's step stays known when the draws go on
    for ev in entry.get("events", ()):
        if ev[0] == "doom":
            doom[str(ev[2])] += int(ev[1])
        elif ev[0] in ("claim", "lose"):
            out[Consequence(ev[0], 1, int(ev[1]), str(ev[2]))] += 1
    for cause, steps in doom.items():
        if steps:
            out[Consequence("doom", steps, cause=cause)] += 1
    for k, (was, t) in enumerate(zip(before, s.tribes, strict=True)):
        if t.corruption != was:
            out[Consequence("corruption", t.corruption - was, k)] += 1
    return out, bool(entry.get("revealed"))


def _shuffled_world(g: Game, k: int) -> Game:
    """A copy of `g` whose face-down piles and generator are dealt anew (world k): what a player
    cannot see differs between worlds, what they can see does not."""
    w = g.copy(log=False)
    s = w.state
    rng = Rng(_Holder(hash((len(g.history), s.round, k)) & 0xFFFFFFFF))
    for colour in sorted(s.decks):
        rng.shuffle(s.decks[colour])
    rng.shuffle(s.herb_deck)
    s.forced = []                       # a scenario's fixed draws are hidden too
    s.bag_order = []
    s.rng = seed_state(rng.below(1 << 30) + k)
    return w


def consequences(g: Game, action: Action) -> tuple[Consequence, ...]:
    """What `action` does to Doom, Tribe Corruption and the Achievements, up to the next decision,
    in whatever order the hidden piles lie. () for a move the engine refuses."""
    first = _outcome(g.copy(log=False), action)
    if first is None:
        return ()
    seen, revealed = first
    if revealed:                        # keep what every dealing agrees on
        for k in range(WORLDS):
            other = _outcome(_shuffled_world(g, k), action)
            if other is None:
                return ()
            seen = seen & other[0]
    order = {"lose": 0, "doom": 1, "corruption": 2, "claim": 3}
    return tuple(sorted(seen.elements(), key=lambda c: (order[c.kind], c.tribe or 0, c.achievement or "")))


def cost_words(cons: tuple[Consequence, ...], names: Names, me: int | None,
               who: Callable[[int | None], str] | None = None) -> list[str]:
    """The consequences in the game's words, the mover's first: "you lose the Corruption Cleanser",
    "Doom +1", "Tribe Corruption +1", "Mossback claims Purity". `who(k)` names tribe k
    (default "player k+1")."""
    def tribe(k: int | None) -> str:
        return (who(k) if who else f"player {int(k or 0) + 1}")

    out = []
    several_dooms = sum(c.kind == "doom" for c in cons) > 1
    for c in cons:
        if c.kind == "lose":
            assert c.achievement is not None    # _outcome names it for every claim and loss
            name = names.achievement(c.achievement)
            out.append(f"you lose the {name} Achievement" if c.tribe == me else f"{tribe(c.tribe)} loses the {name} Achievement")
        elif c.kind == "claim":
            assert c.achievement is not None
            name = names.achievement(c.achievement)
            out.append(f"you claim the {name} Achievement" if c.tribe == me else f"{tribe(c.tribe)} claims the {name} Achievement")
        elif c.kind == "doom":               # the cause only where several move it
            out.append(f"Doom {c.amount:+d}" + (f" ({c.cause})" if several_dooms else ""))
        elif c.kind == "corruption":
            whose = "Tribe Corruption" if c.tribe == me else f"{tribe(c.tribe)}'s Tribe Corruption"
            out.append(f"{whose} {c.amount:+d}")
    return out

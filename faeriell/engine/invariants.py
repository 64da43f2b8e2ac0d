"""Things that hold after every action of every game (checked by random play, issue 3 item 6)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .achievements import qualifiers
from .card import Card
from .state import GameState, to_dict, state_from_dict

if TYPE_CHECKING:                       # core's Game only as a type: position imports this module
    from .core import Game


def all_cards(s: GameState) -> Counter[Card]:
    c: Counter[Card] = Counter()
    for pile in list(s.decks.values()) + list(s.discards.values()):
        c.update(pile)
    for t in s.tribes:
        c.update(t.essences)
        c.update(t.setup_cards)
        for h in t.heroes.values():
            c.update(h.quests)
    c.update(s.totem["cards"])
    return c


def check(g: Game) -> list[str]:
    s, r = g.state, g.rules
    bad = []
    cards = all_cards(s)
    if cards != Counter(r.all_cards):
        diff = (cards - Counter(r.all_cards)) + (Counter(r.all_cards) - cards)
        bad.append(f"Essence cards not conserved: {sum(cards.values())} in play, diff {dict(diff)}")
    toks = list(s.bag) + list(s.set_aside) + list(s.out_of_play) + \
        [d["token"] for d in s.guardians.values() if d["token"]]
    if s.pending and s.pending.get("token"):
        toks.append(s.pending["token"])          # a drawn Corruption token awaiting its Event
    if s.stage != "setup" and sorted(toks) != sorted(r.tokens):
        bad.append(f"bag tokens not conserved: {len(toks)} of {len(r.tokens)}")
    owners = Counter(reg for t in s.tribes for reg in t.settlements)
    if any(n > 1 for n in owners.values()):
        bad.append("a Region holds two Settlements")
    for i, t in enumerate(s.tribes):
        if len(t.settlements) > r.settlements_per_tribe:
            bad.append(f"p{i + 1} has {len(t.settlements)} Settlements")
        if not 0 <= t.corruption <= r.corruption_max:
            bad.append(f"p{i + 1} Tribe Corruption {t.corruption}")
        if any(not 0 <= v <= r.menace_max for v in t.solved.values()):
            bad.append(f"p{i + 1} Menace track out of range {t.solved}")
        if len(t.achievements) + t.designated + len(t.slots) > r.tokens_per_tribe:
            bad.append(f"p{i + 1} has more than {r.tokens_per_tribe} Achievement tokens")
        for h in t.heroes.values():
            if h.level > r.max_level or h.gems < 0:
                bad.append(f"p{i + 1} {h.type} level {h.level} gems {h.gems}")
    nodes = [h.node for t in s.tribes for h in t.heroes.values() if h.node]
    if s.drifter and s.drifter.get("node"):
        nodes.append(s.drifter["node"])
    if len(nodes) != len(set(nodes)):
        bad.append("two figures share a node (R37)")
    if not 0 <= s.doom <= r.doom_max:
        bad.append(f"Doom {s.doom}")
    if s.stage == "play" and s.pending is None and not s.game_over:
        q = qualifiers(g)
        for aid, holders in s.achievements.items():
            for i in holders:
                if i not in q[aid]:
                    bad.append(f"p{i + 1} holds {aid} without meeting it")
    d = to_dict(s)
    if to_dict(state_from_dict(d)) != d:
        bad.append("save -> load changed the state")
    return bad

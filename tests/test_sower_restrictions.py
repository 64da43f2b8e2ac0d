"""Every "the Corruption Sower cannot" of the rulebook, on every path random play reaches
(rulebook "Playing the Corruption Sower"; R23, R39, R45):

- it solves no Menace by any means - Hero Action, Herb Lore, or a Perk that is not a Sower Perk
  (a Path tile's remove, the Warden) - so no listed move offers one, and no move by it removes a
  Menace token except through a Sower Perk;
- it goes on and solves Quests only for Corruption Essences;
- it cannot win by Achievements (a game it is in never ends with it among Achievement winners).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import new_game  # noqa: E402
from faeriell.engine.card import colour_of  # noqa: E402

R = default_rules()

def _menaces(s):
    return {gd: d["token"] for gd, d in s.guardians.items() if d.get("token")}


def _sower_offers(g, a):
    """Why the listed action `a` would break a Sower restriction, or None."""
    if a.get("hero") != "sower":
        return None
    k = a.kind
    if k == "solve_menace":
        return "a Hero Action solve"
    if k == "lore" and a.get("guardian"):
        return "a Herb Lore solve"
    if k == "perk" and a.get("guardian") and a["perk"] not in R.sower_perk_ids \
            and (R.perk_has(a["perk"], "remove_menace")):
        return "a Hero Perk's remove"
    if k == "go_quest" and a.get("deck") != "corruption":
        return "a Quest of another colour"
    if k == "solve_quest" and colour_of(a["card"]) != "corruption":
        return "solving a Quest of another colour"
    return None


def test_the_sower_keeps_its_restrictions_in_random_play():
    seen_sower_states = 0
    sower_moves = 0
    for seed in range(12):
        rng = random.Random(seed)
        players = 2 + seed % 3
        g = new_game(R, players, "competitive", ("hard", "very_hard")[seed % 2],
                     ["kickstarter", "shadows"] + (["twins"] if players == 2 and seed % 4 == 0 else []),
                     seed)
        while g.state.stage == "setup":
            g.apply(g.legal_actions()[0], trusted=True)
        # Tribe 1 arrives at Tribe Corruption 5 (its Sower rises at the end of the first turn)
        # with a Hero whose Perks and Herbs would let any other Hero solve Menaces.
        t = g.state.tribes[0]
        t.corruption = 5
        t.herbs = ["herb-blue", "herb-red", "herb-green", "herb-yellow"]
        for hero in t.heroes.values():
            hero.perks = ["path-river", "warden", "path-mountain"][: 1 + seed % 3]
            hero.gems = g.max_gems(hero)
        for _ in range(600):
            s = g.state
            if s.game_over:
                break
            legal = list(g.legal_actions())
            if not legal:
                break
            if s.sower is not None:
                seen_sower_states += 1
                for a in legal:
                    why = _sower_offers(g, a)
                    assert why is None, f"seed {seed}: the Sower is offered {why}: {a}"
            # random play, except that tribes yield whenever they can, so that Sowers rise early
            yields = [x for x in legal if x.kind == "corruption" and x.get("choice") == "yield"]
            a = yields[0] if yields else legal[rng.randrange(len(legal))]
            before = _menaces(s)
            g.apply(a)
            if a.get("hero") == "sower" and s.sower is not None and a.kind != "choose_phase":
                sower_moves += 1
                gone = set(before) - set(_menaces(g.state))
                if gone and not (a.kind == "perk" and a["perk"] in R.sower_perk_ids):
                    # a Menace left the island by a move of the Sower that is not a Sower Perk
                    raise AssertionError(f"seed {seed}: {a} removed the Menace of {sorted(gone)}")
        s = g.state
        if s.game_over and s.sower is not None and not s.end_reason.startswith("Doom reached"):
            assert s.sower not in s.winners, f"seed {seed}: the Sower won by Achievements"
    # the games must really reach Sower positions and moves for the checks to mean anything
    assert seen_sower_states > 300, seen_sower_states
    assert sower_moves > 50, sower_moves

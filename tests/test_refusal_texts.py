"""Refusal texts are for players: they never cite a ruling number such as "(R28)".

Rulings are cited in code comments and tests (house rule); what `game.why_not` returns is shown
on the table when a drop snaps back. Random games are played, and at every few steps illegal
moves are made up three ways: moves that were legal a few steps earlier, listed moves with one
field swapped for a value another move used, and every move kind with no fields at all. Every
reason given must be free of ruling numbers.
"""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, new_game  # noqa: E402
from faeriell.engine import registry  # noqa: E402

R = default_rules()
RULING = re.compile(r"\bR\d+\b")

CONFIGS = [
    (2, "competitive", "very_hard", ["kickstarter", "shadows", "drifter", "winters_grasp",
                                      "advanced_menace_rule", "no_doom_end_after_five"]),
    (3, "competitive", "hard", ["kickstarter", "shadows"]),
    (2, "competitive", "medium", ["twins", "kickstarter"]),
    (2, "coop", "hard", ["shadows", "drifter"]),
    (1, "solo", "easy", ["starting_scenario"]),
]


def _made_up(g, rng, stale, values):
    legal = list(g.legal_actions())
    for a in legal:
        for k, v in a.fields:
            values.setdefault(k, set()).add(v)
    out = rng.sample(stale, min(len(stale), 12))
    for a in rng.sample(legal, min(len(legal), 12)):
        for k, _ in a.fields:
            pool = sorted(values.get(k, ()), key=repr)
            if pool:
                out.append(a.replace(**{k: rng.choice(pool)}))
            out.append(a.without(k))
    out.extend(Action(kind) for kind in registry.MOVES)
    stale.extend(rng.sample(legal, min(len(legal), 5)))
    del stale[:-200]
    return out


def _refusals(seed, players, mode, difficulty, variants, max_steps=400):
    rng = random.Random(seed)
    g = new_game(R, players, mode, difficulty, variants, seed)
    stale, values, texts = [], {}, {}
    for step in range(max_steps):
        if g.state.game_over:
            break
        if step % 3 == 0:
            for a in _made_up(g, rng, stale, values):
                why = g.why_not(a)
                if why is not None:
                    texts.setdefault(why, a)
        legal = g.legal_actions()
        if not legal:
            break
        g.apply(legal[rng.randrange(len(legal))])
    return texts


def test_refusal_texts_cite_no_ruling_numbers():
    seen = {}
    for k, (players, mode, difficulty, variants) in enumerate(CONFIGS):
        seen.update(_refusals(100 + k, players, mode, difficulty, variants))
    # the made-up moves reach many different refusals, so the check below means something
    assert len(seen) > 150, f"only {len(seen)} different refusal texts were reached"
    cited = {text: a for text, a in seen.items() if RULING.search(text)}
    assert not cited, "refusal texts cite rulings: " + "; ".join(
        f"{text!r} (for {a})" for text, a in list(cited.items())[:10])


def test_the_check_would_catch_a_citation():
    # the pattern the test above relies on
    assert RULING.search("That node is taken (R37).")
    assert RULING.search("R28: draw first")
    assert not RULING.search("Draw the Menace Draft first.")

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
from faeriell.engine.action_schema import SPECS  # noqa: E402
from faeriell.engine.names import Names  # noqa: E402

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


def _made_up(g, rng, stale, values, domain=()):
    """Illegal moves made up from the legal ones; with `domain` (ids of every kind), also each
    field of a few listed moves, and of every kind, set to an id of another kind or of nothing
    the position offers."""
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
    if domain:
        for a in rng.sample(legal, min(len(legal), 8)):
            for k, _ in a.fields:
                out.append(a.replace(**{k: rng.choice(domain)}))
        for kind, spec in SPECS.items():
            for k in spec.fields:
                out.append(Action(kind, **{k: rng.choice(domain)}))
    stale.extend(rng.sample(legal, min(len(legal), 5)))
    del stale[:-200]
    return out


def _refusals(seed, players, mode, difficulty, variants, max_steps=400, domain=()):
    rng = random.Random(seed)
    g = new_game(R, players, mode, difficulty, variants, seed)
    stale, values, texts = [], {}, {}
    for step in range(max_steps):
        if g.state.game_over:
            break
        if step % 3 == 0:
            for a in _made_up(g, rng, stale, values, domain):
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


# ---- refusals speak the game's words: no id of data/*.yaml or the map, no raw colour key ------
def known_ids(rules) -> dict:
    """Every id a player must never read -> its printed name: the keys of data/*.yaml's
    catalogs (colours, Terrains, Guardians, tribes, Heroes, Perks, Herbs, Attunements,
    Achievements) and the map's Regions. An id spelled exactly as its printed name is no id."""
    names = Names.of(rules)
    said = {"colors": names.color, "terrains": names.terrain, "guardians": names.guardian_name,
            "tribes": names.tribe, "heroes": names.hero, "perks": names.perk, "herbs": names.herb,
            "attunements": names.attunement, "achievements": names.achievement}
    out = {}
    for table, say in said.items():
        for key in getattr(rules.catalog, table) or {}:
            if say(key) != key:
                out[key] = say(key)
    out.update({r: names.region(r) for r in rules.board.regions})
    return out


def id_words(rules) -> re.Pattern:
    """An id as a whole word (not inside a longer id), or a raw key with an underscore."""
    ids = sorted(known_ids(rules), key=len, reverse=True)
    return re.compile(r"(?<![\w@+'-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w@+-])|\b[a-z]+_[a-z_]+\b"
                      r"|\b[a-z]+@[a-z]+\b|\bNone\b")        # None: a field left out, echoed


def _domain(rules) -> list:
    cat = rules.catalog
    ids: list = []
    for table in ("colors", "terrains", "guardians", "heroes", "perks", "herbs", "achievements"):
        ids += sorted(getattr(cat, table) or {})
    ids += sorted(rules.board.regions) + sorted(rules.board.nodes)[:6]
    return ids + ["any", "designated", "doom", "yield", "cleanse_tribe", ("red", "blue"), 0, 3, 9]


def test_refusals_name_no_ids():
    """Every reason why_not gives, as the table shows it (Names.text), over seeded random games in
    several modes, for legal moves with a field swapped for an id of any kind: no id or raw key
    (the playtest read "Claim one of: purity" and "a red slot")."""
    names = Names.of(R)
    pat = id_words(R)
    domain = _domain(R)
    seen = {}
    for k, (players, mode, difficulty, variants) in enumerate(CONFIGS):
        seen.update(_refusals(200 + k, players, mode, difficulty, variants, max_steps=300, domain=domain))
    assert len(seen) > 200, f"only {len(seen)} different refusal texts were reached"
    bad = {}
    for why, a in seen.items():
        said = names.text(why)
        if pat.search(said):
            bad.setdefault(said, a)
    assert not bad, f"{len(bad)} refusals show ids: " + "; ".join(
        f"{text!r} (for {a})" for text, a in sorted(bad.items())[:15])


def test_the_id_check_would_catch_ids():
    pat = id_words(R)
    for bad in ("Claim one of: purity.", "No token of yours covers a red slot.", "from the corruption deck",
                "Choose yield, ignore or cleanse_tribe.", "You have no red@owl card.", "settles bear-mountain",
                "No None Beacon is left."):
        assert pat.search(bad), bad
    for good in ("Claim Purity.", "No Achievement token of yours lies on a Red slot.", "the Bear's Mountain",
                 "Rhudo the Bear", "Choose Yield, Ignore or a Cleanse.", "the Corruption deck"):
        assert not pat.search(good), good

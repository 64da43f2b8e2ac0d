"""No internal ids in player text (issue 13, item 2): every string the table draws (log, banner,
boards, decision bars, toasts), every piece's tooltip and the refusals of random illegal drops
and moves (the engine's why_not included), collected from seeded games in every mode and
variant, and none may show an id (`bear-mountain`, `herb-green`, `red@owl`, `the shaman`) or a
ruling number (R28)."""
from __future__ import annotations

import random
import re

from test_table_support import Table  # first: sets the dummy video driver

import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, new_game  # noqa: E402
from faeriell.engine.names import Names  # noqa: E402
from faeriell.ui.table import anim, explain as table_explain, tooltips  # noqa: E402
from faeriell.ui.table.dragdrop import Drag  # noqa: E402
from faeriell.ui.table.keys import RegionSpot  # noqa: E402

GAMES = [
    {"players": 2, "mode": "competitive", "variants": [], "seed": 11},
    {"players": 3, "mode": "coop", "variants": ["drifter", "shadows"], "seed": 12},
    {"players": 1, "mode": "solo", "variants": ["winters_grasp"], "seed": 13},
    {"players": 2, "mode": "competitive", "variants": ["twins", "advanced_menace_rule"], "seed": 14},
    {"players": 4, "mode": "competitive", "variants": ["kickstarter", "starting_scenario", "no_doom_end_after_five"],
     "seed": 15},
]


def id_pattern(rules) -> re.Pattern:
    """What an internal id looks like in a sentence: a Region, node, Perk, Herb or Achievement id
    with its hyphens, a card `colour@guardian`, a lower-case Hero or Guardian after 'the', a
    ruling number."""
    cat = rules.catalog
    multi = set(rules.board.regions) | {k for k in cat.perks if "-" in k} | {k for k in cat.herbs if "-" in k} \
        | {k for k in cat.achievements if "-" in k}
    single = set(cat.heroes) | set(cat.guardians)
    parts = [r"(?<![\w-])(?:" + "|".join(sorted(map(re.escape, multi), key=len, reverse=True)) + r")(?![\w-])",
             r"\b[a-z]+@[a-z]+\b",
             r"[a-z]+-[a-z]+\+[a-z]+-[a-z]+",
             r"\b(?:the|a|an|your|Your|The) (?:" + "|".join(sorted(single)) + r")\b",
             r"\bR\d{1,2}\b",
             r"\b[a-z]+_[a-z_]+\b",
             # a raw colour key ("pays 1 corruption", "a red slot"): the cards print "Red", "Corruption"
             r"(?<![\w@+'-])(?:" + "|".join(sorted(cat.colors)) + r")(?![\w@+-])"]
    return re.compile("|".join(parts))


def test_the_pattern_catches_ids_and_spares_words():
    pat = id_pattern(default_rules())
    for bad in ("settles bear-mountain.", "gathers herb-green", "a red@owl card", "moves the shaman.",
                "over (R28).", "decide: harvest_choice", "to bear-forest+bear-meadow+bear-river",
                "Hint: takes the Totem (pays 1 corruption)", "No token of yours covers a red slot."):
        assert pat.search(bad), bad
    names = Names.of(default_rules())
    for good in ("settles the Bear's Mountain.", "gathers Ley Lines Herb", "a face-up Perk tile",
                 "Set-up: choose a Hero", "a two-player game", "Move the Shaman"):
        assert not pat.search(good), good
        assert not pat.search(names.text(good)), good
    for raw in ("settles bear-mountain.", "gathers herb-green", "You have no red@owl card.", "moves the shaman.",
                "Hint: the Druid goes on a corruption Quest (pays 1 corruption, 2 red)",
                "That step of the Event Phase is over (R28).", "The Drifter wanders to bear-forest+bear-meadow+bear-river."):
        assert not pat.search(names.text(raw)), names.text(raw)


def _collect(t: Table, rng: random.Random, out: list[str]) -> None:
    """Tooltips of every piece, the choice bar, and the refusals of a few random illegal drops."""
    sc = t.scene
    sc.redraw_base()
    t.frame()
    p = sc.painted
    for key in list(sc.spots.by_key):
        tipped = tooltips.tip(key, p)
        if tipped:
            out.append(tipped[0])
            out.extend(tipped[1])
        why = table_explain.cannot_pick(sc, key)
        if why:
            out.append(why)
    idx = sc.index
    grips = list(idx.drops)
    places = [k for k in sc.spots.by_key if k.tag in ("region", "node", "guardian", "hero", "achievement", "wheel")]
    places += [RegionSpot(r) for r in rng.sample(sorted(t.game.rules.board.regions), 6)]
    for _ in range(8):
        if not grips or not places:
            break
        grip = rng.choice(grips)
        place = rng.choice(places)
        if place in idx.drops.get(grip, {}):
            continue
        d = Drag(grip, None, (0, 0), (0, 0), idx.targets(grip), {type(k) for k in idx.targets(grip)})
        d.hover = place
        out.append(table_explain.why_not_drop(sc, d))
    # the engine's own refusals of moves that are not legal now, said by the table
    legal = list(t.session.legal())[:40]
    for a in rng.sample(legal, min(6, len(legal))):
        for f, v in a.fields:
            if isinstance(v, str) and f in ("region", "to", "node", "hero", "guardian", "perk", "herb", "card"):
                other = rng.choice(sorted(t.game.rules.board.regions)) if f == "region" else v + "x"
                why = t.session.why_not(a.replace(**{f: other}))
                if why:
                    out.append(sc.words.plain(why))
                break
    # hints: the bots' one-line reasons, shown as the table shows them (TableHost flashes them)
    from faeriell.bots import explain
    for a in rng.sample(legal, min(3, len(legal))):
        sc.flash(f"Hint: {explain(t.game, a)}")
        out.append(sc.message)
    for kind in ("build_beacon", "attune", "move_guardian", "solve_quest", "level_up"):
        why = t.session.why_not(Action(kind))
        if why:
            out.append(sc.words.plain(why))
    if sc.message:
        out.append(sc.message)


@pytest.mark.parametrize("cfg", GAMES, ids=lambda c: f"{c['mode']}-{c['players']}p-{'+'.join(c['variants']) or 'plain'}")
def test_no_internal_ids_in_player_text(cfg, drawn):
    rules = default_rules()
    pat = id_pattern(rules)
    g = new_game(rules, cfg["players"], cfg["mode"], "medium", cfg["variants"], cfg["seed"])
    t = Table(g, seats=["human"] * cfg["players"])
    rng = random.Random(cfg["seed"])
    texts: list[str] = []
    for step in range(160):
        if g.state.game_over:
            break
        if step % 20 == 0:
            _collect(t, rng, texts)
        legal = list(t.session.legal())
        a = rng.choice(legal)
        t.session.apply(a)
        anim.show_bot_move(t.scene, a)            # a bot's narration of the same move
        if t.scene.message:
            texts.append(t.scene.message)
        t.frame()
    _collect(t, rng, texts)
    t.scene.redraw_base()
    t.frame()
    texts += drawn
    bad = sorted({s for s in texts if s and pat.search(s)})
    assert not bad, f"{len(bad)} player texts show ids, e.g. " + " | ".join(bad[:12])

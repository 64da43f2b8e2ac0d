"""Every hint's reason in the goal's terms (issue 41, item 3): a move of the Harvest token says what
it brings the player, read off the engine's preview of the stop (or that it brings nothing, and
whether another stop would have); luck is named only beside what the move is for, never alone
("Take a Red Essence: it turns up something new (what exactly is luck)" was no reason). Seeded
games played by the greedy heuristic; the reason is the expert's words (ExpertBot.reason), which
the hint shows. No search: words only."""
from __future__ import annotations

import pytest

from faeriell import bots
from faeriell.bots.expert import ExpertBot
from faeriell.engine import new_game
from faeriell.engine.describe import describe
from faeriell.engine.names import Names
from faeriell.sim import rules


def _reasons(mode: str, players: int, seed: int, rounds: int = 4):
    """(action, head, reason) for every decision of the seeded game's play, its first rounds."""
    g = new_game(rules(), players, mode, "medium", [], seed)
    heur = bots.make_bot("heuristic", seed=seed)
    names = Names.of(g.rules)
    out = []
    while not g.state.game_over and g.state.round <= rounds:
        p = g.acting
        a = heur.choose(g, p)
        if g.state.stage == "play" and len(g.legal_actions()) > 1:
            head = describe(a, names, [t.id for t in g.state.tribes])
            out.append((a, head, ExpertBot(0).reason(g, p, a)))
        g.apply(a)
    return out


@pytest.mark.parametrize("mode, players, seed", [("solo", 1, 90990), ("coop", 2, 90995), ("solo", 1, 90991)])
def test_every_harvest_move_says_what_it_brings_and_luck_is_never_the_whole_reason(mode, players, seed):
    seen = _reasons(mode, players, seed)
    harvests = [(a, head, r) for a, head, r in seen if a.kind == "harvest"]
    assert harvests
    for _a, head, reason in harvests:
        # the head, then a reason after a colon: what it gains, or what the stop brings
        assert reason.startswith(head + ": "), reason
    for a, head, reason in seen:
        assert "something new" not in reason, reason
        if "is luck" in reason and a.kind != "draft":
            # luck beside a gain or the move's aim: words before it, in the same clause
            clause = reason[len(head):].split("is luck")[0]
            assert len(clause.strip(" :(")) > len("what it turns up"), reason


def test_a_harvest_that_brings_nothing_says_so_and_whether_another_stop_would():
    said = [r for mode, players, seed in (("solo", 1, 90990), ("coop", 2, 90995), ("solo", 1, 90991))
            for a, _h, r in _reasons(mode, players, seed, rounds=6) if a.kind == "harvest"]
    nothing = [r for r in said if "harvests nothing for you" in r or "no stop within reach harvests for you" in r]
    assert nothing, said
    for r in nothing:
        assert "another stop would give an Essence" in r or "next round's Harvest" in r, r


def test_a_guardian_moved_off_your_settlement_says_it_harvests_again():
    """A Great Guardian moved with its Menace off a Region of yours: the Region harvests again (the
    engine's statuses before and after), said in the reason; one moved onto it is said as a risk."""
    freed = 0
    for seed in (90990, 90991):
        g = new_game(rules(), 1, "solo", "medium", [], seed)
        heur = bots.make_bot("heuristic", seed=seed)
        names = Names.of(g.rules)
        while not g.state.game_over:
            p = g.acting
            a = heur.choose(g, p)
            if g.state.stage == "play" and a.kind == "move_guardian":
                after = g.copy(log=False)
                after.apply(a, trusted=True)
                mine = g.state.tribes[p].settlements
                before, now = g.region_statuses(), after.region_statuses()
                reason = ExpertBot(0).reason(g, p, a)
                for reg in mine:
                    if before.get(reg) and not now.get(reg):
                        freed += 1
                        assert f"your Settlement in {names.region(reg)} harvests again" in reason, reason
                    if now.get(reg) and not before.get(reg):
                        assert f"your Settlement in {names.region(reg)} becomes" in reason, reason
            g.apply(a)
    assert freed >= 1


def test_a_perk_a_discarded_quest_and_a_harvest_choice_say_what_they_are_for():
    """"Vigor Focus (Shaman). It spends 1 Red Essence." said what it cost and not what it gives: a
    Perk that buys an Action gem or a longer move says so (its ability in the catalog), a Quest
    discarded says why one must go, a Region picked in a Harvest what it brings."""
    kinds: dict = {}
    rules_ = rules()
    for mode, players, seed in (("solo", 1, 90990), ("coop", 2, 90995), ("solo", 1, 90991)):
        for a, head, reason in _reasons(mode, players, seed, rounds=20):
            told = a.kind in ("discard_quest", "harvest_choice") or (a.kind == "perk" and any(
                rules_.perk_has(a.get("perk"), k) for k in ("gain_gem", "path_move", "extra_move")))
            if told:
                kinds[a.kind] = kinds.get(a.kind, 0) + 1
                assert reason.startswith(head + ": "), reason
    assert kinds.get("perk") and kinds.get("harvest_choice"), kinds


def test_every_guardian_move_gives_a_reason_in_the_games_words():
    """A Great Guardian moved where none of your Settlements is touched said nothing before (14 of
    18 such hints): now it says what it brings within your Heroes' reach, or that it lands away
    from your Settlements, by the Region's printed name."""
    from test_player_words import id_pattern
    ids = id_pattern(rules())
    kinds = set()
    for mode, players, seed in (("solo", 1, 90990), ("competitive", 2, 90993), ("coop", 2, 90994)):
        g = new_game(rules(), players, mode, "medium", [], seed)
        heur = bots.make_bot("heuristic", seed=seed)
        names = Names.of(g.rules)
        while not g.state.game_over:
            p = g.acting
            for a in g.legal_actions():
                if a.kind != "move_guardian":
                    continue
                reason = ExpertBot(0).reason(g, p, a)
                head = describe(a, names, [t.id for t in g.state.tribes])
                assert reason.startswith(head + ": ") and len(reason) > len(head) + 5, reason
                assert not ids.search(reason), reason
                kinds.add("reach" if "within reach" in reason else "away" if "away from" in reason else "other")
            g.apply(heur.choose(g, p))
    assert {"reach", "away"} <= kinds, kinds

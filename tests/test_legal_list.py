"""The legal-action list (engine/legal.py): lazy, but indistinguishable from the full list.

Tribe Actions are targets x payments built on demand; these tests compare every way of reading
the lazy sequence with the plain list it stands for, at many random Tribe Phase moments, and
check that apply() still refuses what is not listed (the fast path trusts only listed moves).
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, new_game  # noqa: E402
from faeriell.engine.core import IllegalAction  # noqa: E402
from faeriell.engine.legal import LegalActions, Paid  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402
from faeriell.engine.card import colour_of  # noqa: E402

R = default_rules()


def tribe_moments(seeds=range(6), want=12):
    """Games stopped in a Tribe Phase with at least a few paid actions listed."""
    found = []
    for seed in seeds:
        g = new_game(R, 3, "competitive", "medium", (), seed)
        rnd = random.Random(seed)
        while not g.state.game_over and len(found) < want * (seed + 1) // len(seeds) + 1:
            s = g.state
            if s.stage == "play" and s.pending is None and s.phase == "tribe" and len(g.legal_actions()) > 4:
                found.append(g)
                break
            g.apply(rnd.choice(g.legal_actions()))
    assert found, "random games reach Tribe Phases with something to buy"
    return found


def test_lazy_list_reads_like_the_full_list():
    for g in tribe_moments():
        acts = g.legal_actions()
        assert isinstance(acts, LegalActions)
        full = list(acts)
        assert len(full) == len(acts)
        assert [acts[k] for k in range(len(acts))] == full            # indexing = iteration
        assert [acts[-k] for k in range(1, len(acts) + 1)] == full[::-1]
        assert acts[1:4] == full[1:4] and acts[::3] == full[::3]
        assert acts == full and full == list(acts) and not (acts != full)  # noqa: SIM202 (checks the list's own !=)
        assert acts + [] == full and [] + acts == full and acts.index(full[-1]) == len(full) - 1
        assert len(set(full)) == len(full), "no move is listed twice"
        assert all(a in acts for a in full)
        assert all(g.why_not(a) is None for a in full), "every listed move passes the check"
        with pytest.raises(IndexError):
            acts[len(acts)]


def test_paid_actions_come_from_groups_and_stay_canonical():
    g = tribe_moments()[0]
    acts = g.legal_actions()
    assert any(isinstance(p, Paid) for p in acts._parts), "Tribe Actions are listed lazily"
    for a in acts:
        if a.has("pay"):
            # Built lazily, yet equal to the same move spelled by hand (pay order is not meaning).
            again = Action.from_dict(a.to_dict())
            assert again == a and hash(again) == hash(a) and again in acts
            assert list(a["pay"]) == sorted(a["pay"])


def test_unlisted_moves_are_still_judged_and_leave_the_state_untouched():
    g = tribe_moments()[0]
    acts = g.legal_actions()
    paid = next(a for a in acts if a.has("pay"))
    before = to_dict(g.state)
    wrong = paid.replace(pay=("red",) * 9)
    assert wrong not in acts
    with pytest.raises(IllegalAction):
        g.apply(wrong)
    assert to_dict(g.state) == before
    assert Action("build_settlement", region="nowhere", pay=("red",)) not in acts
    assert repr(acts) == repr(list(acts))


def test_a_move_spelled_with_named_cards_is_checked_not_looked_up():
    """'red@owl' is not in the list (the list names colours), so apply() judges it in full."""
    for g in tribe_moments():
        acts = g.legal_actions()
        paid = [a for a in acts if a.has("pay") and a["pay"] and "corruption" not in map(colour_of, a["pay"])]
        if not paid:
            continue
        a = paid[0]
        i = g.acting
        cards = list(g.state.tribes[i].essences)
        named = []
        for col in a["pay"]:
            card = next(c for c in cards if c.colour == col.colour)
            cards.remove(card)
            named.append(card)
        spelled = a.replace(pay=tuple(named))
        assert spelled not in acts
        assert g.why_not(spelled) is None
        g.apply(spelled)
        assert g.history[-1]["action"] == spelled
        return
    pytest.skip("no payment without Corruption in these seeds")


def test_every_listed_action_is_in_canonical_form():
    """Listings build some Actions from pre-sorted fields (Action.raw) for speed: each must equal
    the same move spelled by hand, with the same hash, in every phase and decision."""
    seen = set()
    for seed, players, mode in [(0, 4, "competitive"), (1, 4, "competitive"), (2, 3, "competitive"),
                                (3, 2, "coop"), (4, 1, "solo")]:
        g = new_game(R, players, mode, "medium", (), seed)
        rnd = random.Random(seed)
        while not g.state.game_over:
            acts = g.legal_actions()
            full = list(acts)
            assert [acts[k] for k in range(len(acts))] == full and acts[-1] == full[-1]
            for a in acts:
                again = Action.from_dict(a.to_dict())
                assert again == a and hash(again) == hash(a), a
                assert g.normalize(a) == a, a          # apply() skips normalising listed moves
                seen.add(a.kind)
            g.apply(rnd.choice(acts))
    assert {"move_hero", "go_quest", "choose_phase", "place_settlement", "corruption", "harvest",
            "harvest_choice", "discard_quest", "choose_hero", "place_hero", "end_phase"} <= seen, seen


def test_a_listing_reads_as_its_parts_joined_whatever_their_order():
    """Empty parts are skipped and neighbouring plain lists merge; a listing left with one plain
    list is indexed directly, any other through its parts (LegalActions.__init__ tells which)."""
    end = Action("end_phase")
    mv = [Action("move_hero", hero="bard", to=n) for n in ("n1", "n2")]
    paid = Paid("attune")
    paid.add((("guardian", "owl"),), [(("red",), ()), (("blue",), ())])
    empty = Paid("gather_herb")
    bought = list(paid)
    for parts, full in [([empty, mv, (), [end]], mv + [end]),
                        ([paid, mv], bought + mv),
                        ([mv, paid, [end]], mv + bought + [end]),
                        ([mv, empty, [end]], mv + [end])]:
        acts = LegalActions(parts)
        assert len(acts) == len(full)
        assert [acts[k] for k in range(len(full))] == full, parts
        assert [acts[-k] for k in range(1, len(full) + 1)] == full[::-1]
        assert all(a in acts for a in full) and Action("end_phase", x=1) not in acts
        with pytest.raises(IndexError):
            acts[len(full)]

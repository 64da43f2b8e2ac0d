"""Issue 43 item 4, the table's part: a move kind is drawn from its spec (action_schema.SPECS: its
fields and each field's type) and its gesture, not from if-chains per kind in the decision bar
or the drop explanations. A kind declared with its fields and a gesture gets its option's spot,
its pictures and the meaning of a drop on a wrong place with no other edit."""
from __future__ import annotations

import inspect
import os
import types

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine import Action, new_game  # noqa: E402
from faeriell.engine.action_schema import COLOR, GUARDIAN, HERO, REGION, SPECS, Field, Spec  # noqa: E402
from faeriell.ui.table import decisions, gestures, guide  # noqa: E402
from faeriell.ui.table.keys import (GuardianPiece, HeroSlot, InactiveHero, NodeSpot, RegionSpot,  # noqa: E402
                                    SupplyBeacon, TotemPiece)

R = default_rules()


def presenter(g):
    # what decisions.py reads of the table's presenter
    return types.SimpleNamespace(s=g.state, acting=g.acting if g.acting is not None else g.state.active, g=g)


def index_of(g, actions):
    sess = types.SimpleNamespace(game=g, version=0, legal=lambda: actions)
    return gestures.build_index(sess)


@pytest.fixture
def game():
    g = new_game(R, players=2, mode="competitive", seed=3, variants=["drifter"])
    while g.state.pending is not None or g.state.phase == "setup":     # past set-up, by its first choices
        g.apply(g.legal_actions()[0])
    return g


def test_no_kind_is_named_where_options_and_drops_are_derived():
    kinds = set(SPECS)
    for fn in (decisions.option_spot, decisions._answer_spot, decisions.icons_for, decisions._field_icons,
               decisions._grip_picture, decisions._bucket_label, gestures.drop_meaning, gestures._aimed_field,
               guide.tip_keys):
        src = inspect.getsource(fn)
        named = sorted(k for k in kinds if f'"{k}"' in src or f"'{k}'" in src)
        assert not named, (fn.__name__, named)


def test_a_heros_spot_is_where_the_hero_is(game):
    p = presenter(game)
    t = game.state.tribes[p.acting]
    on_board = next(iter(t.heroes))
    assert decisions.option_spot(Action("become_sower", hero=on_board), "hero", p) == HeroSlot(p.acting, on_board)
    # a Hero not dressed yet is its card beside the board (the dress_hero gesture picks it up there)
    waiting = next(h for h in t.inactive if h not in t.heroes)
    a = Action("dress_hero", hero=waiting, node=next(iter(game.rules.board.nodes)))
    assert decisions.option_spot(a, "hero", p) == InactiveHero(p.acting, waiting)


def test_a_guardian_an_option_names_glows_and_doom_does_not(game):
    p = presenter(game)
    gd = sorted(game.state.guardians)
    shift = Action("drifter_shift", **{"from": gd[0], "to": gd[1]})
    assert decisions.option_spot(shift, "to", p) == GuardianPiece(gd[1])
    assert decisions.option_spot(Action("corruption", choice="cleanse_corruption", target="doom"), "target", p) is None


def test_a_new_kind_is_drawn_from_its_spec_and_gesture(game, monkeypatch):
    # a made-up decision answered by a click on a Region, naming a Hero and a Guardian
    monkeypatch.setitem(SPECS, "bless_region", Spec("bless_region", "decision",
                                                    {"hero": Field((HERO,)), "guardian": Field((GUARDIAN,)),
                                                     "region": Field((REGION,))}, {}))
    monkeypatch.setitem(gestures.GESTURES, "bless_region", lambda a, c: (None, RegionSpot(a["region"])))
    p = presenter(game)
    tid = game.state.tribes[p.acting].id
    hero = next(iter(game.state.tribes[p.acting].heroes))
    gd = sorted(game.state.guardians)[0]
    region = sorted(game.rules.board.regions)[0]
    a = Action("bless_region", hero=hero, guardian=gd, region=region)
    assert decisions.option_spot(a, None, p) == RegionSpot(region)       # where it is clicked
    assert decisions.icons_for(a, p) == [f"hero_{hero}_{tid}", f"guardian_{gd}"]


def test_a_new_kind_picking_up_a_beacon_is_pictured_by_it_and_named_by_its_spec(game, monkeypatch):
    # a made-up Tribe Action that carries a Beacon of the supply to a Region: the Beacon's picture
    # stands for its colour (the piece in hand), and a group of such moves is named by its spec
    monkeypatch.setitem(SPECS, "raise_beacon", Spec("raise_beacon", "tribe",
                                                    {"color": Field((COLOR,)), "region": Field((REGION,))}, {},
                                                    doing="Raising a Beacon"))
    monkeypatch.setitem(gestures.GESTURES, "raise_beacon",
                        lambda a, c: (SupplyBeacon(a["color"]), RegionSpot(a["region"])))
    p = presenter(game)
    a = Action("raise_beacon", color="blue", region=sorted(game.rules.board.regions)[0])
    assert decisions.icons_for(a, p) == ["beacon_blue"]          # not an Essence beside its Beacon
    assert decisions._bucket_label("kind", "raise_beacon", [a], None) == "Raising a Beacon"


def test_a_new_drop_is_reaimed_by_the_field_its_place_fills(game, monkeypatch):
    monkeypatch.setitem(SPECS, "carry_totem", Spec("carry_totem", "tribe", {"region": Field((REGION,))}, {}))
    monkeypatch.setitem(gestures.GESTURES, "carry_totem", lambda a, c: (TotemPiece(), RegionSpot(a["region"])))
    here, there = sorted(game.rules.board.regions)[:2]
    idx = index_of(game, [Action("carry_totem", region=here)])
    assert gestures.drop_meaning(idx, TotemPiece(), RegionSpot(there)) == [Action("carry_totem", region=there)]
    assert gestures.drop_meaning(idx, TotemPiece(), NodeSpot(next(iter(game.rules.board.nodes)))) == []


def test_a_drop_fills_the_field_its_legal_drop_fills_and_nothing_else(game):
    p = presenter(game)
    hero = next(iter(game.state.tribes[p.acting].heroes))
    nodes = sorted(game.rules.board.nodes)
    step = Action("perk", hero=hero, perk="path-forest", node=nodes[0])     # a Hero's step by a Perk
    walk = Action("move_hero", hero=hero, to=nodes[1], path=(nodes[2], nodes[1]))
    idx = index_of(game, [step, walk])
    grip = HeroSlot(p.acting, hero)
    assert idx.drops[grip]                           # both are drops of the Hero on a node
    assert gestures.drop_meaning(idx, grip, NodeSpot(nodes[3])) == [
        step.replace(node=nodes[3]), Action("move_hero", hero=hero, to=nodes[3])]   # the old way is gone
    # a Hero dropped on a Region means neither move: no Region field is filled for them
    assert gestures.drop_meaning(idx, grip, RegionSpot(sorted(game.rules.board.regions)[0])) == []

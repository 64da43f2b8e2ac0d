"""The typed views of the moves (faeriell/engine/moves.py, issue 43 item 2) are generated from
action_schema.SPECS by tools/gen_moves.py: the file says what the specs say, and every move the
engine lists reads as its kind's class and back unchanged."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from faeriell.content.rules_loader import default_rules
from faeriell.engine import Action, moves
from faeriell.engine.action_schema import SPECS, Field, Spec
from faeriell.engine.card import parse
from faeriell.engine.moves import BuildBeacon, MoveSettlement, view
from faeriell.engine.randomplay import play_random

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("gen_moves", ROOT / "tools" / "gen_moves.py")
assert _spec is not None and _spec.loader is not None
gen_moves = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_moves)


def test_moves_py_is_what_the_specs_generate():
    assert gen_moves.main(["--check"]) == 0, "run python3 tools/gen_moves.py"
    assert (ROOT / "faeriell" / "engine" / "moves.py").read_text(encoding="utf-8") == gen_moves.render()


def test_a_changed_spec_makes_the_check_fail(monkeypatch):
    b = SPECS["build_beacon"]
    changed = Spec(b.kind, b.phase, {**b.fields, "height": Field(("count",))}, b.spelled, b.say, b.doing, b.noun)
    monkeypatch.setattr(gen_moves, "SPECS", {**SPECS, "build_beacon": changed})
    assert "height: int | None = None" in gen_moves.render()
    assert gen_moves.main(["--check"]) == 1


def test_every_kind_has_its_class_with_the_specs_fields():
    for kind, spec in SPECS.items():
        cls = getattr(moves, gen_moves.class_name(kind))
        assert kind == cls.KIND
        assert frozenset(spec.fields) | frozenset(spec.spelled) == cls.FIELDS


def test_a_view_reads_the_fields_and_gives_the_action_back():
    a = Action("build_beacon", region="bear-river", color="red", pay=["yellow", "red", "blue"])
    b = BuildBeacon.of(a)
    assert (b.region, b.color, b.pay, b.discounts) == ("bear-river", "red", tuple(map(parse, ("blue", "red", "yellow"))), None)
    assert b.action() == a and view(a) == b
    m = MoveSettlement.of(Action("move_settlement", **{"from": "bear-river", "to": "bear-forest"}))
    assert (m.from_, m.to) == ("bear-river", "bear-forest")
    assert m.action() == Action("move_settlement", **{"from": "bear-river", "to": "bear-forest"})


@pytest.mark.parametrize("a, why", [
    (Action("build_settlement", region="bear-river"), "is not a build_beacon"),
    (Action("build_beacon", region="bear-river", color="red", hero="druid"), "no field 'hero'"),
    (Action("build_beacon", color="red"), "needs its 'region'"),
])
def test_a_view_refuses_an_action_that_does_not_fit(a, why):
    with pytest.raises(ValueError, match=why):
        BuildBeacon.of(a)


def test_every_listed_move_reads_as_its_kind_and_back():
    rules = default_rules()
    seen: set[str] = set()

    def each(g, n):
        if n % 3:
            return
        for a in list(g.legal_actions())[:300]:
            v = view(a)
            assert a.kind == type(v).KIND and v.action() == a, a
            seen.add(a.kind)

    for players, mode, variants, seed in [(2, "competitive", ("drifter", "winters_grasp"), 1),
                                          (3, "competitive", ("advanced_menace_rule", "shadows"), 2),
                                          (2, "competitive", ("twins",), 3), (1, "solo", (), 5), (4, "coop", (), 4)]:
        play_random(rules, players=players, mode=mode, variants=variants, seed=seed, check_every=False,
                    on_action=each, max_actions=1500)
    assert len(seen) >= 25, sorted(set(SPECS) - seen)

"""Actions are small frozen values with a readable form."""
import pytest

from faeriell.engine.actions import Action, matches


def test_readable_and_equal_regardless_of_payment_order():
    a = Action("build_settlement", region="bear-forest", pay=["red", "corruption"])
    b = Action("build_settlement", pay=("corruption", "red"), region="bear-forest")
    assert a == b and hash(a) == hash(b)
    assert repr(a) == "build_settlement(pay=[corruption, red], region=bear-forest)"


def test_frozen():
    a = Action("end_phase")
    with pytest.raises(AttributeError):
        a.kind = "draft"


def test_dict_round_trip():
    a = Action("move_hero", hero="druid", path=["n1", "n2"])
    assert Action.from_dict(a.to_dict()) == a
    with pytest.raises(ValueError):
        Action.from_dict({"hero": "druid"})


def test_pattern_matching_ignores_missing_fields_and_card_backs():
    full = Action("build_settlement", region="bear-forest", pay=("red", "red"))
    assert matches(Action("build_settlement"), full)
    assert matches(Action("build_settlement", pay=["red@owl", "red"]), full)
    assert not matches(Action("build_settlement", region="owl-river"), full)
    assert not matches(Action("build_beacon"), full)

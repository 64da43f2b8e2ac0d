"""The table's keys (issue 44 item 2): one frozen value type per kind of thing on the table, found
by its type wherever the table dispatches; no dispatch on a string inside a tuple comes back."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from faeriell.ui.table import explain, gestures, keyboard, tooltips
from faeriell.ui.table import keys as K

TABLE = Path(__file__).resolve().parents[1] / "faeriell" / "ui" / "table"

# kinds with no tooltip of their own, and why
NO_TIP = {
    K.TribeBoard: "the whole board: each thing on it has its own tooltip",
    K.AchievementToken: "lies under its Achievement tile, whose tooltip says who holds it",
    K.DrifterPiece: "the Drifter says itself through its Node",
    K.PlayArea: "the island as a whole: only a drop target",
    K.TipOk: "the tip card's own button",
}


def test_every_kind_is_frozen_hashable_and_equal_by_value():
    kinds = K.all_kinds()
    assert len(kinds) == len(set(kinds)) >= 50
    for kind in kinds:
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, kind
        assert kind.tag and "__slots__" in kind.__dict__, kind          # slots: small, no stray fields
    a, b = K.HeroSlot(0, "druid"), K.HeroSlot(0, "druid")
    assert a == b and hash(a) == hash(b) and a is not b
    assert len({a, b, K.HeroSlot(1, "druid")}) == 2
    assert K.TotemPiece() == K.TotemPiece()
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.hero = "shaman"   # type: ignore[misc]


def test_kinds_with_the_same_fields_are_still_different_things():
    # tuples ("beacon", r) and ("region", r) differed by their first item; the types must too
    assert K.BeaconPiece("bear-river") != K.RegionSpot("bear-river")
    assert K.TotemPiece() != K.DrifterPiece()
    assert K.PerkUp("x") != K.SowerPerk("x")
    assert K.TribeSmall(0) != K.TribeBoard(0)
    assert len({K.HerbOwn(0, "c"), K.AttuneOwn(0, "c"), K.PoolCard(0, "c"), K.SetupCard(0, "c")}) == 4


def test_order_sorts_across_kinds_as_the_tuples_did():
    keys = [K.RegionSpot("b"), K.GuardianPiece("owl"), K.RegionSpot("a"), K.HeroSlot(1, "x"), K.HeroSlot(0, "y")]
    assert sorted(keys, key=K.order) == [K.GuardianPiece("owl"), K.HeroSlot(0, "y"), K.HeroSlot(1, "x"),
                                         K.RegionSpot("a"), K.RegionSpot("b")]


def test_every_kind_has_a_tooltip_or_says_why_not():
    for kind in K.all_kinds():
        assert (kind in tooltips.KINDS) != (kind in NO_TIP), kind
    assert all(isinstance(k, type) and issubclass(k, K.TableKey) for k in tooltips.KINDS)


def test_pieces_and_places_are_explained_by_type():
    assert all(issubclass(k, K.TableKey) for k in explain.PIECES)
    # every place a drop can mean something on is named, in the message line and in a refusal
    for place in [*gestures.TARGET_VALUE, K.WheelSpace]:
        assert place in explain.PLACE_NAMES and place in keyboard.PLACE_WORDS, place
    for place in explain.PLACES:
        assert place in explain.PLACE_NAMES, place


TAGS = "|".join(sorted((re.escape(k.tag) for k in K.all_kinds()), key=len, reverse=True))
FORBIDDEN = [
    # a key read as a tuple: key[0], sp.key[1], grip[3], target[1], hover[1] ...
    (re.compile(r"(?:\bkey|\.key|\bgrip|\bhover|\bhover_key|\btarget)\s*\[\s*-?\d"), "a key read by position"),
    # dispatch on a kind's name: x[0] == "region", x[0] in ("node", ...)
    (re.compile(r'\[0\]\s*(?:==|!=|in|not in)\s*\(?\s*"(?:' + TAGS + ')"'), "dispatch on a kind's name"),
    # a spot registered under a tuple
    (re.compile(r"\.add(?:_circle|_grip)?\(\s*\("), "a spot added under a tuple"),
    # dispatch on the plain name the keys keep for sorting
    (re.compile(r"\.tag\s*(?:==|!=|in|not in)\s"), "dispatch on a key's tag"),
]


def offences(text: str) -> list[str]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        code = line.split("#", 1)[0]
        out += [f"{n}: {why}: {line.strip()}" for pat, why in FORBIDDEN if pat.search(code)]
    return out


def test_no_table_module_dispatches_on_a_tuple_key():
    found = {p.name: offences(p.read_text(encoding="utf-8")) for p in sorted(TABLE.glob("*.py"))}
    assert not {k: v for k, v in found.items() if v}, found


def test_the_guard_sees_the_old_forms():
    assert offences('    if key[0] == "region":')
    assert offences('        region = drag.hover[1] if drag.hover[0] == "region" else None')
    assert offences('    keys = [k for k in idx.clicks if k[0] in ("button", "node")]')
    assert offences('    p.spots.add(("tribe_board", i), rect)')
    assert offences('    if sp.key.tag == "wheel":')
    assert not offences('    if isinstance(key, RegionSpot):')
    assert not offences('    back_label = "Back" if back and back[0] == "practice" else "Start"')

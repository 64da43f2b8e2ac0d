"""Saves written by an older build keep loading (tests/fixtures/saves_v1, written by main at
d3484b0): version 1 hashed the log's old words, which this build no longer writes, so its hash is
not compared, but every action is replayed through the rules and round, Doom and the active
player must match; saved again, the game is a version 2 save whose hash is checked."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine.saves import SaveError, dumps, load, loads  # noqa: E402
from faeriell.engine.state import to_dict  # noqa: E402

R = default_rules()
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "saves_v1").glob("*.json"))


def test_the_fixtures_are_there():
    assert len(FIXTURES) == 4


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_version_1_save_loads_and_saves_again_as_version_2(path):
    text = path.read_text()
    data = json.loads(text)
    assert data["version"] == 1
    g = loads(R, text)
    assert len(g.history) == len(data["actions"])
    snap = data["snapshot"]
    assert (g.state.round, g.state.doom, g.state.active + 1) == (snap["round"], snap["doom"],
                                                                 snap["active_player"])
    again = dumps(g)
    assert json.loads(again)["version"] == 2
    back = loads(R, again)
    assert to_dict(back.state) == to_dict(g.state)


@pytest.mark.parametrize("path", FIXTURES[:1], ids=lambda p: p.stem)
def test_a_version_1_save_whose_game_went_elsewhere_is_still_refused(path):
    data = json.loads(path.read_text())
    data["snapshot"]["doom"] = (data["snapshot"]["doom"] + 3) % 16
    with pytest.raises(SaveError, match="snapshot mismatch: .*doom"):
        load(R, json.dumps(data))
    data = json.loads(path.read_text())
    data["actions"] = data["actions"][:-1]
    data["players_of_actions"] = data["players_of_actions"][:-1]
    with pytest.raises(SaveError, match="snapshot mismatch"):
        load(R, json.dumps(data))


def test_a_version_2_save_with_a_wrong_hash_is_refused():
    g = loads(R, FIXTURES[0].read_text())
    data = json.loads(dumps(g))
    data["snapshot"]["hash"] = "0" * 64
    with pytest.raises(SaveError, match="state hash"):
        load(R, json.dumps(data))

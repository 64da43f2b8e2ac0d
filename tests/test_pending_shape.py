"""The typed shapes of a pending decision and a history entry (engine/state.py: Pending,
DecisionKind, HistoryEntry) say what random play really writes: every key a decision carries is
declared, with a value of the declared kind, and every asked kind is a DecisionKind. The types
only help the checker if they are the truth, so random games of every mode and variant read them."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import get_args

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from faeriell.content.rules_loader import default_rules  # noqa: E402
from faeriell.engine.actions import Action  # noqa: E402
from faeriell.engine.randomplay import play_random  # noqa: E402
from faeriell.engine.state import DecisionKind, HistoryEntry, Pending  # noqa: E402
from faeriell.engine.words import COLORS, TERRAINS  # noqa: E402

KINDS = set(get_args(DecisionKind))


def _is_list_of(v, ok) -> bool:
    return isinstance(v, list) and all(ok(x) for x in v)


# What each optional key's value must be (the TypedDict's annotation, read as a check).
VALUE_OK = {
    "token": lambda v: v is None or isinstance(v, str),
    "guardian": lambda v: v is None or isinstance(v, str),
    "reward_track": lambda v: isinstance(v, bool),
    "hero": lambda v: isinstance(v, str),
    "colors": lambda v: _is_list_of(v, lambda c: c in COLORS),
    "achievements": lambda v: _is_list_of(v, lambda x: isinstance(x, str)),
    "color": lambda v: v in COLORS,
    "rivals": lambda v: _is_list_of(v, lambda x: type(x) is int),
    "region": lambda v: isinstance(v, str),
    "terrain": lambda v: v in TERRAINS,
    "regions": lambda v: _is_list_of(v, lambda x: isinstance(x, str)),
    "bonus": lambda v: isinstance(v, bool),
    "extra": lambda v: isinstance(v, bool),
}

CONFIGS = [
    {"players": 2, "mode": "competitive", "variants": ("twins", "advanced_menace_rule"), "seed": 3},
    {"players": 3, "mode": "competitive", "variants": ("shadows", "advanced_menace_rule"), "seed": 0},
    {"players": 4, "mode": "competitive", "variants": ("drifter", "winters_grasp"), "seed": 7},
    {"players": 2, "mode": "coop", "variants": ("advanced_menace_rule",), "seed": 11},
    {"players": 1, "mode": "solo", "variants": (), "seed": 13},
]


def _keys(typed_dict: type) -> set[str]:
    """A TypedDict's keys as declared in engine/state.py's source, its bases' too (a compiled
    engine keeps neither its __annotations__ nor its key sets)."""
    import ast
    tree = ast.parse((ROOT / "faeriell" / "engine" / "state.py").read_text(encoding="utf-8"))
    classes = {n.name: n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}

    def keys(name: str) -> set[str]:
        node = classes[name]
        own = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
        return own.union(*(keys(b.id) for b in node.bases if isinstance(b, ast.Name) and b.id in classes))
    return keys(typed_dict.__name__)


def test_every_optional_key_has_a_check():
    assert set(VALUE_OK) == _keys(Pending) - {"player", "kind"}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['players']}p-{c['mode']}")
def test_random_play_writes_only_declared_decisions_and_entries(config):
    rules = default_rules()
    seen: list[dict] = []

    def look(g, n):
        if g.state.pending is not None:
            seen.append(dict(g.state.pending))
        entry = g.history[-1]
        assert set(entry) <= _keys(HistoryEntry), entry
        assert {"action", "player", "revealed", "turn"} <= set(entry), entry
        assert isinstance(entry["revealed"], bool)
        assert isinstance(entry["action"], Action)
        assert entry["player"] is None or type(entry["player"]) is int
        assert len(entry["turn"]) == 4 and entry["turn"][0] in ("setup", "play", "over")
        for ev in entry.get("events", ()):
            assert isinstance(ev, list) and ev[0] in ("doom", "claim", "lose"), ev

    g, n = play_random(rules, check_every=False, on_action=look, **config)
    assert n > 0 and seen
    for pend in seen:
        assert pend["kind"] in KINDS, pend
        assert 0 <= pend["player"] < g.state.players and type(pend["player"]) is int, pend
        for k, v in pend.items():
            if k in ("player", "kind"):
                continue
            assert k in VALUE_OK, f"{pend['kind']} carries the undeclared key {k!r}"
            assert VALUE_OK[k](v), f"{pend['kind']}'s {k} = {v!r} is not of its declared type"

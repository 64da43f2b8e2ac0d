"""The bots ask the engine what a rule gives and keep only their valuation (the project's rule: one
source of truth, the engine). Two pieces of rules the bots used to restate, now read from the engine:

* what a Harvest stop pays each tribe: event_phase.harvest_yield (frost, Herb bonuses, who picks);
* what claiming an Achievement may cost: achievements.claim_means (the designated tokens, the slots
  and the colours that pay each, R12);
* whether a Corruption Event may be answered by Yielding: corruption.yield_allowed (coop and solo).

This test reads faeriell/bots with `ast` and fails when a bot reads those facts from the state
itself again, which is how the copies began."""
from __future__ import annotations

import ast
from pathlib import Path

BOTS = Path(__file__).resolve().parent.parent / "faeriell" / "bots"

# State fields whose meaning is a rule the engine applies: Winter's Grasp frost (harvest_yield),
# a tribe's designated tokens and uncovered Achievement slots (claim_means).
FORBIDDEN_FIELDS = {"winter_gems": "event_phase.harvest_yield", "designated": "achievements.claim_means",
                    "slots": "achievements.claim_means"}
# Rule settings read from the catalog whose meaning an engine function applies.
FORBIDDEN_SETTINGS = {"yield_barred_at": "corruption.yield_allowed"}
# herb_ability(herb, "harvest_bonus") is what a Harvest adds; a bot may ask whether a Herb has it
# (its worth to gather) but not count it into a Harvest.
ALLOWED_HARVEST_BONUS = {"herb_worth"}


def _sources():
    for path in sorted(BOTS.glob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _functions(tree):
    """(function name, node) for every node, the innermost enclosing function's name ('' at top)."""
    def walk(node, name):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else name
            yield inner, child
            yield from walk(child, inner)
    yield from walk(tree, "")


def copies(tree, name) -> list[str]:
    """Where a module's code reads a forbidden field or counts a Herb's Harvest bonus."""
    found = []
    for fn, node in _functions(tree):
        if isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_FIELDS:
            found.append(f"{name}:{node.lineno} reads .{node.attr}: ask {FORBIDDEN_FIELDS[node.attr]}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "herb_ability"
                and any(isinstance(a, ast.Constant) and a.value == "harvest_bonus" for a in node.args)
                and fn not in ALLOWED_HARVEST_BONUS):
            found.append(f"{name}:{node.lineno} in {fn}(): a Harvest's Herb bonus is event_phase.harvest_yield's")
        elif isinstance(node, ast.Constant) and node.value in FORBIDDEN_SETTINGS:
            found.append(f"{name}:{node.lineno} reads {node.value!r}: ask {FORBIDDEN_SETTINGS[node.value]}")
    return found


def test_no_bot_reads_the_harvest_or_claim_facts_from_the_state():
    found = [x for path, tree in _sources() for x in copies(tree, path.name)]
    assert not found, "\n".join(found)


def test_the_guard_finds_the_old_copies():
    # The bots' Harvest count and claim cost as they were before they asked the engine.
    old = ast.parse(
        "def _harvest_value(self, idx):\n"
        "    if idx in self.s.winter_gems:\n        return (-0.2, 'frozen')\n"
        "    for h in self.t.herbs:\n        ab = self.r.herb_ability(h, 'harvest_bonus')\n"
        "def claim_cost(self):\n    free = self.t.designated\n    slots = list(self.t.slots)\n"
        "def herb_worth(self, herb):\n    return self.r.herb_ability(herb, 'harvest_bonus')\n"
        "def event_value(self, c):\n    return c.t.corruption >= self.r.modes['coop_solo']['yield_barred_at']\n")
    found = copies(old, "old.py")
    assert [x.split(" ")[0] for x in found] == ["old.py:2", "old.py:5", "old.py:7", "old.py:8", "old.py:12"], found

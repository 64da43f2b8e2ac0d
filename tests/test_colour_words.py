"""The guided game and the rules at hand say a colour as the game prints it ("Red Essence",
"a Yellow Quest", "pay two Green"), never in lower case ("red Menace"): the engine's names say
them capitalised (engine/names.py), and the prose now matches. Ids and keys stay as they are
(the moves' `pay: [red, yellow]`, `red@owl`): only the words a player reads are scanned."""
from __future__ import annotations

import re

from faeriell.content.rules_reference import load_reference
from faeriell.engine.names import Names
from faeriell.content.rules_loader import default_rules
from faeriell.tutorial.chapters import load_all

LOWER = re.compile(r"(?<![\w@-])(red|yellow|blue|green)(?![\w@-])")


def lower_colours(where: str, text: str) -> list[str]:
    return [f"{where}: ...{text[max(0, m.start() - 30):m.end() + 30]}..." for m in LOWER.finditer(text)]


def test_the_guided_game_says_colours_capitalised():
    found = []
    chapters = load_all()
    assert len(chapters) >= 8
    for ch in chapters:
        found += lower_colours(f"{ch.id} title", ch.title) + lower_colours(f"{ch.id} about", ch.about)
        for k, st in enumerate(ch.steps):
            found += lower_colours(f"{ch.id} step {k + 1}", st.text)
            found += lower_colours(f"{ch.id} step {k + 1} refuse", st.refuse)
    assert not found, "\n".join(found)


def test_the_rules_at_hand_say_colours_capitalised():
    found = []
    for s in load_reference():
        found += lower_colours(f"{s.id} title", s.title) + lower_colours(s.id, s.text)
    assert not found, "\n".join(found)


def test_the_engine_says_them_so_too():
    """What the prose is matched to: a bare colour id in an engine sentence comes out capitalised."""
    names = Names.of(default_rules())
    assert names.text("gains 1 red Essence; a blue Menace") == "Gains 1 Red Essence; a Blue Menace"

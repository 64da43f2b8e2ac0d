"""One input path at the table (issue 44, item 1): the table screen's dialogs (the Esc menu, save,
load, settings...) and its keys are layers of the table's own stack, so every event meets them in
the same one order as the table's layers; nothing fabricates an event; the stack's docstring,
docs/ARCHITECTURE.md and the code give the same order. Real posted events, a real window."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from test_app_support import ROOT, click, ctrl, key, make_app  # first: sets the dummy video driver

import pygame  # noqa: E402
import pytest  # noqa: E402

from faeriell.ui.table import layers as layers_module  # noqa: E402
from faeriell.ui.table.layers import Layer  # noqa: E402
from faeriell.ui.table.keys import SupplySettlement  # noqa: E402

KINDS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEWHEEL)


class Probe(Layer):
    def __init__(self, name, log):
        self.name, self.log = name, log

    def handle(self, ev) -> bool:
        self.log.append(ev.type)
        return False


@pytest.fixture
def app(tmp_path, monkeypatch):
    a = make_app(tmp_path, monkeypatch, players=2, seats=["human", "human"], seed=7, curtain=False)
    yield a
    pygame.display.quit()


def post_one_of_each(app, pos) -> None:
    ev = pygame.event.post
    ev(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    ev(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    ev(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    ev(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F7, mod=0, unicode="", scancode=0))
    ev(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=0, flipped=False))
    app.step()


def documented_order(text: str) -> list[str]:
    """The layer names of the indented list in layers.py's docstring, top first."""
    return [m.group(1) for m in re.finditer(r"^    ([a-z]+) {2,}\S", text, re.M)]


def test_the_screen_stack_is_one_stack_top_first(app):
    names = app.scene.table.layers.names()
    assert names[:3] == ["dialog", "keys", "pointer"] and names[-1] == "menu", names
    doc = documented_order(layers_module.__doc__ or "")
    assert [n for n in doc if n != "tutorial"] == names       # the docstring says the order the code has


def test_the_docstring_and_architecture_agree_and_place_the_tutorial(app):
    doc = documented_order(layers_module.__doc__ or "")
    arch = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| `([a-z]+)`", arch, re.M)
    assert table == doc, "docs/ARCHITECTURE.md's layer table and layers.py's docstring differ"
    assert app.open_tutorial("01-setup", 0) is None
    names = app.scene.table.layers.names()
    assert names == doc                                        # a guided chapter: its card where both say


def test_an_open_dialog_is_the_top_layer_and_takes_every_kind_of_event(app):
    table = app.scene.table
    log: list = []
    table.layers.push(Probe("under the dialog", log), below="dialog")
    sea = (table.layout.map.x + 3, table.layout.map.y + 3)
    key(app, pygame.K_ESCAPE)                                   # nothing in hand: the Esc menu
    assert app.scene.modal is not None and table.layers.top().name == "dialog"
    log.clear()
    post_one_of_each(app, sea)
    assert log == []                                            # the menu took them all
    key(app, pygame.K_ESCAPE)                                   # Esc in the menu closes the menu
    assert app.scene.modal is None
    log.clear()
    post_one_of_each(app, sea)
    assert set(KINDS) <= set(log)                               # now they go on down


def test_esc_puts_back_a_piece_in_hand_before_it_opens_the_menu(app):
    table = app.scene.table
    click(app, table.spot_pos(SupplySettlement(0)))        # a Settlement picked up by a click
    assert table.drag_layer.drag is not None
    key(app, pygame.K_ESCAPE)
    assert table.drag_layer.drag is None and app.scene.modal is None       # put back; no menu
    key(app, pygame.K_ESCAPE)
    assert app.scene.modal is not None                          # nothing in hand now: the menu


def test_the_shortcuts_are_a_layer_over_the_table(app):
    table = app.scene.table
    log: list = []
    table.layers.push(Probe("under the keys", log), below="keys")
    ctrl(app, pygame.K_s)
    assert app.scene.modal is not None and app.scene.modal.find("name") is not None
    assert pygame.KEYDOWN not in log                            # Ctrl+S was the keys layer's
    key(app, pygame.K_ESCAPE)
    assert app.scene.modal is None
    click(app, (table.layout.map.x + 3, table.layout.map.y + 3))
    assert pygame.MOUSEBUTTONDOWN in log


def test_no_ui_code_fabricates_an_input_event():
    """A cancel or a sync is a call, not a made-up event handed to the input (the old
    scene._cancel handed the layers an Esc press; the replay a USEREVENT to sync the table)."""
    made = []
    for path in sorted((ROOT / "faeriell" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("handle", "handle_event"):
                for arg in node.args:
                    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "Event":
                        made.append(f"{Path(path).relative_to(ROOT)}:{node.lineno}")
    assert made == [], "events made up and handed to the input in faeriell/ui:\n  " + "\n  ".join(made)

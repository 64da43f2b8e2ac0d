"""The table's input as a stack of layers: every event goes to the top layer first, then down,
in ONE order for every kind of event (a press, a motion, a release, a key, the wheel).

    class Hint(Layer):                     # a layer of your own (a tutorial, a hint overlay)
        name = "hint"
        def is_open(self): return self.move is not None
        def handle(self, ev): ...          # True: consumed (the layers below never see it)
        def draw(self, surf): ...
    scene.layers.push(Hint(scene), below="result")     # under the puzzle result and the curtain

The stack of the table screen, top first (faeriell/ui/table/scene.py builds the table's own
layers; the screen, faeriell/ui/scenes/table.py, puts its own on top and at the bottom:
window_layers.py). tests/test_table_layers.py checks this list against the code:

    dialog       the screen's open dialog: the Esc menu, save, load, settings... (modal)
    keys         the screen's shortcuts (Ctrl+Z/S/O, H, T, F1); draws the bot line, the save notice
    pointer      where the mouse is; a click puts the message line away (takes only window events)
    curtain      hot seat: the table hidden until the next player is ready (modal; Esc: the menu)
    result       a practice puzzle's result panel (modal)
    notices      the tooltip and the message line (draw only)
    tutorial     a guided chapter's step card (only in a chapter)
    coach        the hint card that stays until a move, and the round's summary card (coach_layer.py)
    dialogs      the Starting Scenario tip card
    tray         the payment tray of a Tribe Action (takes every press while open)
    decision     the decision bar: a pending decision, a drop with several meanings, the Moves list
    log          the log: its wheel, PgUp/PgDn/End, its size button and grip; grown, it covers the island
    drag         a piece in hand (dragged, or picked up by a click or by the keyboard)
    board        the island and the boards: pressing, clicking, panning, zooming, hovering, focus
    menu         an Esc that no layer above took (nothing in hand) opens the Esc menu

The decision bar sits above the piece in hand, so that a click on the bar is the bar's; while a
piece is held the bar takes only clicks on its own panel. Esc meets the layers in the same order
as every other key: what holds something puts it back, and only an Esc nobody took reaches the
menu at the bottom. Drawing goes the other way, bottom first, so the top layer is drawn last.

A layer owns its state (the tray its Tray, the drag its Drag...); the scene keeps what no layer
owns (the session, the layout, the island, the base picture, the message, the flights) and the
moves every layer may ask for (`scene.resolve(actions, title)`, `scene.apply(action)`).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar


class Layer:
    """One layer of the table's input. Subclass it and override what you need.

    name      how the stack finds it (`scene.layers["tray"]`)
    modal     while open, an event it does not consume still stops here
    is_open() False: the layer is skipped for events and not drawn
    handle(ev) -> bool   True when consumed (it also means: redraw)
    update(dt_ms) -> bool  True when the picture changed
    draw(surf)           drawn over the layers below it
    reset()              the position changed (a move was made, a game loaded): drop what was in hand
    """

    name = "layer"
    modal = False

    def is_open(self) -> bool:
        return True

    def handle(self, ev) -> bool:
        return False

    def update(self, dt_ms: int) -> bool:
        return False

    def draw(self, surf) -> None:
        pass

    def reset(self) -> None:
        pass



L = TypeVar("L", bound=Layer)      # push hands back the layer as its own kind


class LayerStack:
    """Layers bottom first; events go top first, drawing bottom first."""

    def __init__(self, layers=()):
        self._layers: list[Layer] = list(layers)

    def __iter__(self) -> Iterator[Layer]:
        return iter(self._layers)

    def __getitem__(self, name: str) -> Layer:
        for layer in self._layers:
            if layer.name == name:
                return layer
        raise KeyError(f"no layer called {name!r} (there are: {', '.join(self.names())})")

    def __contains__(self, name: str) -> bool:
        return any(layer.name == name for layer in self._layers)

    def names(self) -> list[str]:
        """Top first, as events meet them."""
        return [layer.name for layer in reversed(self._layers)]

    def push(self, layer: L, below: str | None = None) -> L:
        """Put `layer` on top, or just under the layer called `below`."""
        if below is None:
            self._layers.append(layer)
        else:
            k = next(i for i, x in enumerate(self._layers) if x.name == below)
            self._layers.insert(k, layer)
        return layer

    def remove(self, layer: Layer | str) -> None:
        self._layers = [x for x in self._layers if x is not layer and x.name != layer]

    def open_layers(self) -> list[Layer]:
        """The open layers, top first."""
        return [x for x in reversed(self._layers) if x.is_open()]

    def top(self) -> Layer | None:
        """The topmost open layer that takes input (a draw-only layer takes none)."""
        return next(iter(self.open_layers()), None)

    def handle(self, ev) -> bool:
        for layer in self.open_layers():
            if layer.handle(ev):
                return True
            if layer.modal:
                return False
        return False

    def update(self, dt_ms: int) -> bool:
        changed = False
        for layer in self._layers:
            changed |= bool(layer.update(dt_ms))
        return changed

    def draw(self, surf) -> None:
        for layer in self._layers:
            if layer.is_open():
                layer.draw(surf)

    def reset(self) -> None:
        for layer in self._layers:
            layer.reset()

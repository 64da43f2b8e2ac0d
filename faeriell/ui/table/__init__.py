"""The game table scene (pygame-ce): the island, the boards, and drag-and-drop moves.

    from faeriell.ui.table import TableScene
    scene = TableScene(session, assets, (1280, 800), hotseat_curtain=True)

Modules: layout (where things go), theme (colours, text), spots (hit testing), gestures (legal
actions <-> mouse gestures, indexed per session version), paint (the drawing context, what the
viewer may see), island (the MapView under the pieces), pieces (the island's pieces), boards
(shared boards, Harvest wheel), tribe_board (player boards), chrome (banner, log), decisions
(choices), payment (the tray), dragdrop (glow and dim while dragging), overlays (tooltip, message,
curtain), guide (a practice puzzle's goal and result, the Starting Scenario tips), tooltips, anim,
words (plain names and sentences), scene (the Scene). The input is a stack of layers (layers:
the protocol and the stack; events: what an event means; screen_layers: curtain, puzzle result,
tip card, notices; tray_layer, decision_layer, drag_layer, board_layer).
"""
from faeriell.ui.table.scene import TableScene

__all__ = ["TableScene"]

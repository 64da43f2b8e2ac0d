"""The analysis board's screen parts (the screen itself is faeriell/ui/scenes/analysis.py).

    lines.py          the moves played on the board as a tree of variations, kept by the screen
    tree_panel.py     the tree drawn as rows (branches indented, the coach's chance beside each)
    coach_panel.py    the coach's best moves, thought out in a thread (bot_driver.Job)
    editor_panel.py   the editor's palette and steppers over faeriell.analysis's edits
    editing.py        the screen's editor (EditorMixin): drags onto the island, the check's marks
    share_actions.py  the screen's export / copy / paste / open (ShareMixin)
    sharing.py        the screen's lines <-> faeriell.analysis's Tree; the clipboard

No rule is decided here: every move is the table's (its drag machinery asks the engine), and
the position's model (edits, check, import, export) is faeriell/analysis's.
"""

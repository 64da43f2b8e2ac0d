"""The analysis board's screen parts (the screen itself is faeriell/ui/scenes/analysis.py).

    lines.py        the moves played on the board as a tree of variations, kept by the screen
    tree_panel.py   the tree drawn as rows (branches indented, the coach's chance beside each)
    coach_panel.py  the coach's best moves, thought out in a thread (bot_driver.Job)

No rule is decided here: every move is the table's (its drag machinery asks the engine), and
the position's model (check, import, export) is faeriell/analysis's.
"""

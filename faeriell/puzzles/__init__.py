"""The practice puzzles, in one place (no pygame here):

    goal.py    a puzzle's goal and its place on the path (Goal, PuzzleTracker, PuzzleMeta, THEMES)
    path.py    the puzzle path of data/puzzles/ by theme and level, and which ones the player solved
    files.py   the puzzle files on disk: where they are, their names and goals, opening one

Nothing is re-exported here: import from the module that owns a name.
"""

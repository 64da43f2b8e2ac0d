"""The guided first game: chapters of data/tutorial/ played on the real table, one step at a
time (chapters.py reads them, lesson.py follows one, session.py gates the table's moves through
it, progress.py remembers finished chapters, check.py is `python -m faeriell.tutorial --check`).
No pygame in this package."""

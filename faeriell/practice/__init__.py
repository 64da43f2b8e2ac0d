"""Practice that adapts to the player (no pygame here): Glicko-2 ratings, drills from the player's
own key moments on a spaced schedule, the rated puzzle trainer, statistics, the ladder and the daily
game. Everything is kept in the data folder through faeriell.practice.store (each change read,
merged and written whole under the file's lock, fitted to what the reader accepts; a bad file or
bad entries kept aside as *.bad and said in one line)."""

"""Practice that adapts to the player (no pygame here): Glicko-2 ratings, drills from the player's
own key moments on a spaced schedule, the rated puzzle trainer, statistics, the ladder and the daily
game. Everything is kept in the data folder through faeriell.practice.store (atomic writes; a bad
file is kept aside as *.bad and a fresh one started)."""

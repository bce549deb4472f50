"""Carcassonne Safari in the terminal: the board (`board`), the numbered action
menu (`menu`), the game loop (`play`) and replays (`replay`)."""

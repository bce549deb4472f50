"""Africa in the terminal: the hex map and holdings (`board`), the numbered
action menu (`menu`), the game loop (`play`) and replays (`replay`)."""

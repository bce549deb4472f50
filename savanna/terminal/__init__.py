"""The terminal front end of savanna: board rendering (`board`), the numbered
action menu (`menu`), the interactive game loop (`play`), replays (`replay`)
and batch simulation (`simulate`). Rendering functions take a game and return
rich renderables; the loops do the reading and printing."""

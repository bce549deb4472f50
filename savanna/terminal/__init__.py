"""The terminal front end of savanna: a package per game, `safari` and `africa`,
each with its board rendering (`board`), numbered action menu (`menu`),
interactive game loop (`play`) and replays (`replay`); beside them what both
games share: the seat log (`log`) and batch simulation (`simulate`).
Rendering functions take a game and return rich renderables; the loops do the
reading and printing."""

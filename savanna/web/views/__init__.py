"""The views of a game: pure functions of a stored game (its record), its position and a
viewer, that never write. `build` makes a view's common part and calls the game's own view
module (views/<game>.py, named in the game's description) and the room's fields (`room`);
`patch` compares two views of a game for the live feeds."""

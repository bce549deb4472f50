"""The terminal front end of savanna: a package per game (the one its description
in `savanna.games` names), each with its board rendering (`board`), numbered
action menu (`menu`), game loop (`play`) and replays (`replay`), and the entry
points `play_game` and `replay_game`; beside them what every game shares: the
interactive loop (`loop`) and its full screen (`screen`), the menu's frame
(`action_menu`), stepping through a replay (`stepping`), the seats' colours
(`seats`), the seat log (`log`) and batch simulation (`simulate`). Rendering
functions take a game and return rich renderables; the loops do the reading and
printing."""

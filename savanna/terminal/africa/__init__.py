"""Africa in the terminal: the hex map and holdings (`board`), the numbered
action menu (`menu`), the game loop (`play`) and replays (`replay`).

`play_game`, `replay_game` and `say_fact` (the coach's facts in words) are the entry points
every game's terminal package offers; the command line finds them through the game's description."""

from .coaching import say_fact
from .play import play as play_game
from .replay import replay as replay_game

__all__ = ["play_game", "replay_game", "say_fact"]

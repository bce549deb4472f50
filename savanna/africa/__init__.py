"""Africa (Reiner Knizia, Goldsieber 2001): the rules engine.

    from savanna import africa
    g = africa.new_game(players=3, seed=1, hidden_treasure=False)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    g.scores

Pure rules: no I/O, and no randomness but the seed's (the first player and
the face-down tiles). With `chance="explicit"`, each tile discovered is a chance
node whose outcome (`~elephant`) is applied like an action (savanna/chance.py).
The rules text is ../shared/rules/africa-knizia-rules-fr.txt;
what it leaves open (the map, the tile mix, a few readings) is in
savanna/africa/data/README.md.

The contract, as Safari's: `g.current_player` (the seat to act; None when
over), `g.legal_actions()` (Action strings with `.kind`), `g.apply(a)` (an
illegal or malformed action raises ValueError and changes nothing), `g.scores`,
`g.is_terminal()`, `g.returns()`, `g.winners()`, `g.clone()`, `g.to_json()` /
`africa.from_json(text)`, `g.history` and `g.actors` (who played each action),
`g.active_player`, `g.determinize(rng)`, `g.tiles_left` (tiles still face
down), `g.final_points` (what final scoring added, per seat; None until the
end) with `g.final_breakdown` (the same by part: a dict per seat of "objects",
"gold", "gems" and "total"), and for a UI `g.view(seat)` (never showing
another seat's hidden gold and gems; its "final_points" is the breakdown),
`g.board_view()`, `g.pending_choice()`.

Notation: one action, one string, no spaces. A space is named like a chess
square, column letter then row number from the north: `f1`.

| decision | string | example |
|---|---|---|
| set-up: put your explorer on a free city | `P<space>` | `Pf1` |
| step 0, 1 or 2 spaces (own space: stay) | `S<space>` | `Sg3` |
| at the start of a turn: jump instead (option A, the whole turn) | `jump` | |
| where the jump lands | `J<space>` | `Jk9` |
| discover the face-down tile next to the explorer | `D<space>` | `Dg4` |
| move the face-up animal on or next to the explorer | `A<space>` | `Ag4` |
| move the face-up nomads on or next to the explorer | `N<space>` | `Ng4` |
| where that animal or nomad goes (a discovered one may stay: its own space) | `><space>` | `>h5` |
| base camp on the explorer's space, for points / to explore | `B+`, `B$` | |
| no action after this step | `pass` | |
| exchange the object just found for one of seat N's / all of seat N's of a kind | `E<N>:<kind>`, `E<N>:<kind>*` | `E1:cauldron`, `E1:robe*` |
| no exchange | `keep` | |
| explicit chance only: the tile a discovery turns up | `~<tile>` | `~elephant`, `~gold-2` |

A turn of option B reads `S.. action [> or E/keep] S.. action [> or E/keep]`;
option A reads `jump J..`. A discovered animal or nomad asks `>` only when it
could go somewhere better; an object asks `E`/`keep` only when an exchange is
possible.
"""

from __future__ import annotations

from typing import Any

from savanna import saved_games

from . import serialization
from .actions import Action
from .game import Game
from .phases import PHASE_NAMES
from .serialization import SAVED_DEFAULTS
from .state import READ_ONLY
from .tiles import GameData, default_data, load_data

__all__ = ["Action", "Game", "GameData", "PHASE_NAMES", "READ_ONLY", "new_game", "from_json", "from_dict", "load_data",
           "default_data", "parse_action"]


def new_game(players: int = 2, seed: int | None = None, hidden_treasure: bool = False,
             first_player: int | None = None, data: dict[str, Any] | str | GameData | None = None,
             tile_layout: dict[str, str] | None = None, revealed: list[str] | None = None,
             chance: str = "sampled") -> Game:
    """A new game.

    `hidden_treasure`: the rules' option: each seat's gold and gems are hidden from the others.
    `first_player`: the seat that starts (None: drawn by the seed).
    `data`: another map and tile mix in the africa-data/1 format (None: the game's own).
    `tile_layout`: {space: tile id} fixing which tile lies face down where; the rest are shuffled by the seed.
    `revealed`: spaces whose tiles start face up (for tests and puzzles; not objects).
    `chance`: "sampled" (the seed shuffles the tiles face down) or "explicit" (each discovery is
    followed by a chance node: `chance_outcomes()`, the tile turned up applied as `~elephant`)."""
    return Game(players=players, seed=seed, hidden_treasure=hidden_treasure, first_player=first_player, data=data,
                tile_layout=tile_layout, revealed=revealed, chance=chance)


def from_json(text: str | bytes) -> Game:
    """Restore a game saved with `Game.to_json()`; a malformed file raises ValueError."""
    return from_dict(saved_games.parse(text))


def from_dict(data: Any) -> Game:
    """Restore a game from a save's parsed JSON: its settings, then its actions replayed (the
    scores checked); ValueError if malformed."""
    settings, actions = serialization.read(data)
    try:
        game = Game(**settings)
    except ValueError as e:
        raise ValueError(f"saved game: {e}") from None
    return saved_games.replay(game, actions, data)


def parse_action(text: str) -> Action:
    """Parse notation into an Action (checks the form only, not legality)."""
    return Action.parse(text)

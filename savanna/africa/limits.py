"""The bounds of Africa's game data and saved games (savanna/limits.py says why there are any).

Each is far above the game's own data (africa.json: a map of 13 rows of 14 columns, 101
spaces, 5 cities, 15 tile types of at most 14 tiles, 2 to 5 players, 2 camps each and 10
in the supply, points of at most 12) and low enough that a saved game at every bound at
once loads and replays in a fraction of a second. `check_data` looks at the data's sizes
before any of it is built; the saved game's are checked by `saved_games.check`.
"""

from __future__ import annotations

from typing import Any

from savanna.limits import TEXT, at_most, short

ROWS, COLUMNS = 99, 26  # of the map: a space's name is a column letter and a row number of two digits
SPACES = 400  # discovery spaces and cities: what every action's work grows with
CITIES = 32
PLAYERS = 10  # the notation names a seat by one digit (E<seat>:<kind>)
TILE_TYPES = 64
VALUE = 16  # nuggets or stones on one gold or gems tile
CAMPS = 64  # camps_per_player and camp_supply
POINTS = 1000  # last_monument_bonus, and each number of object_sets and treasure_awards
OBJECT_SETS = 64  # entries of object_sets, so at most 63 like objects
NAME = 40  # characters in a city's name
DATA_CHARS = 64 * 1024  # the whole data as JSON (africa.json: 1.5 KB): bounds what no other bound counts, like notes
# A game has no length the rules bound (a seat may pass turn after turn); random players,
# the slowest to end, took at most 3,600 actions in 40 games on the game's own map, greedy ones 300.
ACTIONS = 10_000
EXPLICIT_ACTIONS = ACTIONS + SPACES  # an explicit-chance game: and a tile turned up per discovery space at most


def check_data(d: dict[str, Any]) -> None:
    """Refuse game data (plain JSON) in which a number or list is over its bound, before any
    of it is built. Only sizes are looked at: GameData and Board check the rest."""
    at_most("game data: name", d.get("name"), TEXT, "characters")
    m = d.get("map")
    if isinstance(m, dict):
        rows = m.get("rows")
        at_most("game data: map: 'rows'", rows, ROWS, "rows")
        rows = [r for r in rows if isinstance(r, str)] if isinstance(rows, list) else []
        for i, row in enumerate(rows, 1):
            at_most(f"game data: map: row {i}", row, COLUMNS, "columns")
        at_most("game data: map", sum(len(r) - r.count(".") - r.count(" ") for r in rows), SPACES, "spaces")
        cities = m.get("cities")
        at_most("game data: map: 'cities'", cities, CITIES, "cities")
        for mark, name in cities.items() if isinstance(cities, dict) else ():
            at_most(f"game data: map: cities[{short(mark)}]", name, NAME, "characters")
        at_most("game data: map: note", m.get("note"), TEXT, "characters")
    tiles = d.get("tiles")
    at_most("game data: 'tiles'", tiles, TILE_TYPES, "tile types")
    for i, t in enumerate(tiles if isinstance(tiles, list) else [], 1):
        if isinstance(t, dict):
            where = f"game data: tile entry {i}"
            at_most(f"{where}: count", t.get("count"), SPACES)
            at_most(f"{where}: value", t.get("value"), VALUE)
    players = d.get("players")
    if isinstance(players, list) and len(players) == 2:
        at_most("game data: the most players", players[1], PLAYERS)
    at_most("game data: camps_per_player", d.get("camps_per_player"), CAMPS)
    at_most("game data: camp_supply", d.get("camp_supply"), CAMPS)
    at_most("game data: last_monument_bonus", d.get("last_monument_bonus"), POINTS)
    for key, most in (("object_sets", OBJECT_SETS), ("treasure_awards", 2)):
        values = d.get(key)
        at_most(f"game data: {key}", values, most, "numbers")
        for j, v in enumerate(values if isinstance(values, list) else []):
            at_most(f"game data: {key}[{j}]", v, POINTS)

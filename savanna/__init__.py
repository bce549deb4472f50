"""savanna: board games' rules engines, computer players and apps (the games: `savanna.games`)."""

__version__ = "0.1.0"

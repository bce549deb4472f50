"""savanna: Carcassonne Safari (and Knizia's Africa), engines, players and apps."""

__version__ = "0.1.0"

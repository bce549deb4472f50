"""Carcassonne Safari's part of the view's models (views/models.py says what they are for; the view
itself is built by views/safari.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from .model_parts import Closed, Open, Point, Seat, ViewBase


class SafariSeat(Seat):
    meeples: int
    tokens: dict[str, int]


class SafariRules(Closed):
    players: int
    final_scoring: Literal["all", "majority"]
    tiles: str


class TileFeature(Closed):
    kind: Literal["trail", "bush", "baobab"]
    sides: str | None = None
    animals: str | None = None
    birds: int | None = None
    at: str | None = None


class Layout(Closed):
    """A tile at a rotation: edges N E S W (s savanna, t trail, b bush), open savanna corners, features."""

    id: str | None = None
    rotation: int
    edges: str
    corners: list[str]
    features: list[TileFeature]


class DrawnTile(Closed):
    id: str
    layouts: list[Layout]


class BoardFeature(TileFeature):
    meeples: list[int]
    complete: bool
    feature: int | None


class BoardTile(Closed):
    x: int
    y: int
    id: str
    rotation: int
    edges: str
    corners: list[str]
    features: list[BoardFeature]


class Feature(Closed):
    """A whole trail or bush."""

    feature: int
    kind: Literal["trail", "bush"]
    spaces: list[Point]
    animals: str
    animal_count: int
    birds: int
    open_ends: int
    complete: bool
    meeples: list[int]
    leaders: list[int]
    points_if_completed: int
    points_if_completed_with_token: int
    final_points: list[int]


class WateringHole(Closed):
    point: Point
    slots: list[str]
    meeples: list[int]
    diggers: list[list[int]]
    complete: bool
    next_points: int | None
    next_completes: bool


class HolePoints(Closed):
    dig: int
    complete: int


class Scoring(Open):
    """In phase "score": the feature being scored and the choice asked."""

    feature: int
    kind: Literal["trail", "bush"]
    leaders: list[int]
    asking: int | None
    points: int
    points_with_token: int


class Tokens(Closed):
    supply: int
    discards: dict[str, int]
    on_table: dict[str, int]


class SafariView(ViewBase):
    """Carcassonne Safari's view (views/safari.py)."""

    game: Literal["safari"]
    seats: list[SafariSeat]
    rules: SafariRules
    animals: dict[str, str]
    drawn_tile: DrawnTile | None
    remaining_tiles: dict[str, int]
    removed_tiles: list[str]
    board: list[BoardTile]
    features: list[Feature]
    watering_holes: list[WateringHole]
    hole_points: HolePoints
    rangers: list[Point | None]
    empty_spaces: list[Point]
    scoring: Scoring | None
    tokens: Tokens
    last_placed: Point | None
    final_points: list[int] | None


VIEW = SafariView  # the game's view, as views/models.py joins them

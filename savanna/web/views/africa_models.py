"""Africa's part of the view's models (views/models.py says what they are for; the view
itself is built by views/africa.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from .model_parts import Closed, Seat, ViewBase


class AfricaSeat(Seat):
    explorer: str | None
    camps: int
    objects: dict[str, int]
    gold: int | None = Field(description="null: hidden from this viewer")
    gems: int | None = Field(description="null: hidden from this viewer")
    treasure_tiles: int


class AfricaRules(Closed):
    players: int
    hidden_treasure: bool


class Space(Closed):
    space: str
    row: int
    col: int
    city: str | None
    tile: str | None
    kind: str | None
    camp: int | None
    explorers: list[int]


class Monuments(Closed):
    found: int
    total: int


class FinalPoints(Closed):
    objects: int
    gold: int
    gems: int
    total: int


class AfricaView(ViewBase):
    """Africa's view (views/africa.py), as its viewer may see it."""

    game: Literal["africa"]
    seats: list[AfricaSeat]
    rules: AfricaRules
    viewer: int | None
    step: Literal[1, 2] | None
    board: list[Space]
    camp_supply: int
    monuments: Monuments
    last_monument_bonus: int | None
    tiles_face_down: int
    unseen_tiles: dict[str, int]
    pending: dict[str, Any] | None
    final_points: list[FinalPoints] | None


VIEW = AfricaView  # the game's view, as views/models.py joins them

"""The parts of the view's models that every game's view has (views/models.py says what the
models are for; each game's own part is in views/<game>_models.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Point = list[int]  # [x, y]


class Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Event(Open):
    """What an action scored (an engine's event): its kind, the seat, the points, and where."""

    what: str
    seat: int | None = None
    points: int | None = None


class Action(Closed):
    """An action of the history: its number (from 1), turn, seat and notation."""

    move: int
    turn: int
    seat: int | None
    action: str


class HistoryEntry(Action):
    scored: list[Event] | None = Field(None, description="what the action scored (only if it scored)")
    took: float | None = Field(None, description="seconds the action took (a timed game)")


class ScoreEntry(Closed):
    """One finished turn, for the end chart; the last one (final: true) adds final scoring."""

    turn: int
    seat: int | None
    moves: int
    scores: list[int]
    final: bool


class Seat(Closed):
    """A seat as every game shows it (build.py, room.py); each game adds its own fields."""

    seat: int
    name: str
    kind: Literal["human", "computer"]
    player: str | None
    hotseat: bool
    connected: bool
    claimed: bool
    open: bool
    resigned: bool
    score: int


class TakebackRequest(Open):
    seat: int
    by: list[int]
    moves: int
    to: int
    waiting: list[int]
    accepted: list[int]


class Takeback(Closed):
    to: list[int | None]
    request: TakebackRequest | None
    last: dict[str, Any] | None
    count: int


class Away(Closed):
    seconds: float
    from_: str = Field(alias="from")
    to: str


class Control(Closed):
    base: float | None = None
    increment: float | None = None
    days: int | None = None


class Clock(Closed):
    control: Control
    kind: Literal["realtime", "correspondence"]
    remaining: list[float]
    running: int | None
    at: str | None
    deadline: str | None
    first_move: bool
    low: float
    flagged: list[int]
    away: Away | None


class Replay(Closed):
    step: int
    steps: int
    game_status: Literal["playing", "over"]
    last_action: HistoryEntry | None
    next_action: HistoryEntry | None


class ViewBase(Closed):
    """The common part of a game's view (build.py), the room's (room.py) and the clock's (clocks.py)."""

    id: str
    game: str
    status: Literal["playing", "over"]
    version: int
    created: str
    updated: str
    seed: str | None
    deal: Literal["random", "chosen"]
    rated: bool
    spectators: int
    current_player: int | None
    active_player: int | None
    phase: str
    turn: int
    moves: int = Field(description="actions played so far")
    tiles_left: int
    legal_actions: list[str]
    history_from: int = Field(description="how many actions come before the first entry of history")
    history: list[HistoryEntry] = Field(description="the latest actions (views/history.py: the last 50, all while "
                                        "there are fewer); the older ones on request (GET "
                                        "/api/games/{id}/history, or the socket's history message)")
    score_history: list[ScoreEntry] = Field(description="the scores after each turn: every entry once the game "
                                            "is over, the last one while it is played")
    winners: list[int]
    final_scoring: list[Event] | None
    on_resign: Literal["computer", "end"]
    resign_player: str
    ranking: list[int] | None
    ended: dict[str, Any] | None
    takeback: Takeback
    hints: list[int]
    clock: Clock | None
    ended_by: Literal["play", "resigned", "time", "aborted"] | None
    times: list[float]
    on_time: Literal["computer", "end", "skip"]
    replay: Replay | None = Field(None, description="only in a replay's view")

"""The view's JSON as pydantic models: what GET /api/games/{id} answers and the socket sends (whole,
or as the patches that add up to it), for both games. The views stay the dicts the view modules
build (build.py, room.py, clocks.py, safari.py, africa.py, whose docstrings say what each field
means); these models describe them, so that a JSON Schema can be generated from them
(static/view.schema.json, which the page's JSDoc types follow) and real views checked against it
(tests/test_view_schema.py).

Objects are closed (a field a view module adds must be described here, or the test of real views
fails), except the engines' events (a scoring's "what", "seat", "points" and where: each kind of
event has fields of its own, documented by the engine's `apply_explained`) and a few objects the
room keeps as the table wrote them (a takeback's request and outcome, a resignation's end).

    python -m savanna.web.views.models > savanna/web/static/view.schema.json
    python -m savanna.web.views.models --jsdoc > savanna/web/static/view-types.js
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

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
    moves: int
    tiles_left: int
    legal_actions: list[str]
    history: list[HistoryEntry]
    score_history: list[ScoreEntry]
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


# ------------------------------------------------------------------ Carcassonne Safari


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


# ------------------------------------------------------------------ Africa


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


View = Annotated[Union[SafariView, AfricaView], Field(discriminator="game")]
VIEW = TypeAdapter(View)


def schema() -> dict[str, Any]:
    """The view's JSON Schema (static/view.schema.json)."""
    out = VIEW.json_schema(by_alias=True)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "savanna game view",
            "description": "A game's view: GET /api/games/{id} and the socket (savanna/web/views/models.py)", **out}


def schema_text() -> str:
    return json.dumps(schema(), indent=1, sort_keys=True) + "\n"


def _js_type(s: dict[str, Any]) -> str:
    """A JSON Schema's type as a JSDoc (TypeScript) type."""
    if "$ref" in s:
        return s["$ref"].rsplit("/", 1)[1]
    for union in ("anyOf", "oneOf"):
        if union in s:
            return "(" + " | ".join(_js_type(x) for x in s[union]) + ")"
    if "const" in s:
        return json.dumps(s["const"])
    if "enum" in s:
        return "(" + " | ".join(json.dumps(v) for v in s["enum"]) + ")"
    kind = s.get("type")
    if kind == "array":
        if "prefixItems" in s:
            return "[" + ", ".join(_js_type(x) for x in s["prefixItems"]) + "]"
        return f"Array<{_js_type(s.get('items', {}))}>"
    if kind == "object":
        extra = s.get("additionalProperties")
        return f"Object<string, {_js_type(extra) if isinstance(extra, dict) else 'any'}>"
    return {"integer": "number", "number": "number", "string": "string", "boolean": "boolean",
            "null": "null"}.get(kind or "", "any")


def jsdoc_text() -> str:
    """The view's types as JSDoc typedefs (static/view-types.js), from the schema: the pages'
    modules name them (`import("./view-types.js").View`) and TypeScript's checker reads them."""
    out = ["// @ts-check", "// The game view's types, generated from its JSON Schema (view.schema.json) by",
           "// savanna/web/views/models.py: python -m savanna.web.views.models --jsdoc. Do not edit.", ""]
    full = schema()
    defs = dict(full["$defs"])
    for name in sorted(defs):
        d = defs[name]
        out.append("/**")
        if d.get("description"):
            out += [f" * {line}".rstrip() for line in d["description"].splitlines()]
        out.append(f" * @typedef {{Object}} {name}")
        required = set(d.get("required", ()))
        for field, f in d.get("properties", {}).items():
            key = field if field in required else f"[{field}]"
            text = f" - {f['description']}" if f.get("description") else ""
            out.append(f" * @property {{{_js_type(f)}}} {key}{text}")
        out += [" */", ""]
    out += ["/**", " * A game's view, either game's (its \"game\" says which).", f" * @typedef {{{_js_type(full)}}} View",
            " */", "", "export {};", ""]
    return "\n".join(out)


if __name__ == "__main__":
    import sys

    print(jsdoc_text() if "--jsdoc" in sys.argv else schema_text(), end="")

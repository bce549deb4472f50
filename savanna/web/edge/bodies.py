"""The request bodies of the REST API, strict: JSON types as they are ("2" and true are not 2
and 1), unknown fields refused. A new game's options are the games' own: `CreateIn` takes them
in "options" ({"final_scoring": "majority"}), and, as before there was more than one game,
each lobby option of a game as a field of its own; their names and kinds come from the games'
descriptions (savanna.games), and the table checks them against the game chosen. The commands
about a game in play (an action, a takeback, its answer, a resignation) are commands.py's, which
the WebSocket's messages are read into as well: a body here adds the seat's token."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field, create_model

from savanna import games, limits
from savanna.limits import SEED_BITS

from ..live.room import NAME_LIMIT, GameError, clock
from .commands import STRICT, Act, Answer, TakeBack


class SeatIn(BaseModel):
    model_config = STRICT
    kind: Literal["human", "computer"] = Field("human", description="a person, or a computer player")
    name: str | None = Field(None, description=f"display name, at most {NAME_LIMIT} characters")
    player: str | None = Field(None, description="computer seats: a level (easy, medium, hard) or a spec such "
                                                 "as 'mcts:time=2' (see GET /api/players); default medium")
    hotseat: bool = Field(False, description="human seats: played from the shared hotseat token")
    account: str | None = Field(None, max_length=200, description="human seats: invited by name, claimed by that "
                                                                  "account at once (no join link)")
    open: bool = Field(False, description="human seats: open, the first logged-in person to take it claims it "
                                          "(POST /api/games/{id}/seats/{seat}/take)")


class NewGame(BaseModel):
    """What every new game takes (`CreateIn` adds the games' options)."""

    model_config = STRICT
    seats: list[SeatIn] | None = Field(None, max_length=limits.PLAYERS,
                                       description="2 to 5 seats, in turn order; default: you against the medium "
                                                   "computer player")
    players: int | None = Field(None, description="number of seats (checked against seats if both are given)")
    options: dict[str, Any] | None = Field(None, description="the game's options by name (see GET /api/catalogue); "
                                                             "each missing one at its default")
    seed: int | None = Field(None, description=(
        f"seed of the shuffles: a JSON integer of at most {SEED_BITS} bits, either sign (default: a random "
        "128-bit one; kept hidden until the end, then shown in the view as a decimal string). Sent and "
        "read exactly, at any size: a JavaScript client writes the digits into the JSON text itself (as "
        "the lobby does), since a Number keeps only 53 bits. A string (\"7\") is refused, as everywhere "
        "in these bodies."))
    hotseat: bool = Field(False, description="every human seat plays from one shared token (one screen)")
    listed: bool = Field(True, description="shown in the lobby list")
    rated: bool = Field(False, description="a rated game (needs a session and its X-CSRF-Token): every human seat "
                                           "invited by name or open, distinct accounts; no seed, no hotseat, no "
                                           "takebacks")
    on_resign: Literal["computer", "end"] = Field("computer", description="what a resignation does: the seat "
                                                  "passes to a computer player, or the game ends (resign.py)")
    resign_player: str = Field("medium", description="the computer player a resigned seat passes to")
    clock: Any = Field(None, description=(
        "the time control: {\"base\": SECONDS, \"increment\": SECONDS} for real time (Fischer: base "
        f"{clock.BASE[0]:g} to {clock.BASE[1]:g} s, whole or not; increment {clock.INCREMENT[0]:g} to "
        f"{clock.INCREMENT[1]:g} s, added when a seat hands the turn on), {{\"days\": N}} for correspondence "
        f"(N days a turn, one of {', '.join(map(str, clock.DAYS))}), or null: untimed. A person who makes no "
        "first move in time (real time: a window of seconds; correspondence: the turn's days) aborts the "
        "game, unrated. Out of bounds: 400 bad_clock naming the field"))
    on_time: Literal["computer", "end", "skip"] = Field("computer", description=(
        "what a flag fall does in a game of more than two seats: the seat passes to a computer player "
        "(resign_player), the game ends, or (skip) the seat leaves and the others play on to the game's "
        "natural end, its pieces staying; in two seats the seat out of time loses. It ranks last either way"))

    def game_options(self) -> dict[str, Any]:
        """The options given, in "options" or as fields of their own (the table checks them)."""
        out = dict(self.options or {})
        for name in OPTION_FIELDS:
            value = getattr(self, name)
            if value is not None:
                if name in out and out[name] != value:
                    raise GameError("bad_request", f"{name} is given twice, as {value!r} and in options as "
                                                   f"{out[name]!r}")
                out[name] = value
        return out


def _option_field(option: games.Option) -> tuple[Any, Any]:
    kind = bool if option.kind == games.BOOL else str
    owners = [s.title for s in games.specs() if s.option(option.name) is not None]
    return kind | None, Field(None, description=f"{' and '.join(owners)}: {option.help} (default {option.default!r})")


OPTION_FIELDS = {name: _option_field(o) for name, o in games.all_options().items() if o.lobby}
if TYPE_CHECKING:  # (the checker sees its one field of its own: the rest are the games' options, as registered)
    class CreateIn(NewGame):
        game: str
else:
    CreateIn = create_model(
        "CreateIn", __base__=NewGame,
        game=(Literal[tuple(games.names())], Field(games.DEFAULT_GAME, description="the game: " + " or ".join(
            f"{s.name} ({s.title})" for s in games.specs()))),
        **OPTION_FIELDS)


class TokenIn(TakeBack):
    """A takeback's, a resignation's (its seat) and a deletion's body."""

    token: str | None = Field(None, description="the seat's secret token (from its join link); for DELETE, "
                                                "the creator token")


class AnswerIn(Answer):
    token: str | None = Field(None, description="the answering seat's token")


class ActionIn(Act):
    token: str | None = Field(None, description="the seat's secret token (from its join link)")


IMPORT_FIELDS = {"saved", "seats", "hotseat", "listed", "on_resign", "resign_player"}


def import_body(body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/games/import's body as the table's import_game takes it: a saved game alone,
    or {"saved": <it>, "seats": [...], "hotseat": bool, "listed": bool, "on_resign",
    "resign_player"}."""
    if "rated" in body:
        raise GameError("bad_import", "an uploaded game cannot be rated: a rated game is dealt by the server "
                                      "(its uploader would hold the seed)")
    if "saved" not in body:
        return {"data": body, "seats": None, "hotseat": None, "listed": True}
    extra = set(body) - IMPORT_FIELDS
    if extra:
        raise GameError("bad_request", f"unknown fields {sorted(extra)}")
    seats, hotseat, listed = body.get("seats"), body.get("hotseat"), body.get("listed", True)
    if seats is not None:
        if not isinstance(seats, list):
            raise GameError("bad_request", "seats must be a list")
        try:
            seats = [SeatIn.model_validate(s).model_dump() for s in seats]
        except ValueError as e:
            raise GameError("bad_request", f"seats: {e}") from None
    if (hotseat is not None and not isinstance(hotseat, bool)) or not isinstance(listed, bool):
        raise GameError("bad_request", "hotseat and listed must be true or false")
    return {"data": body["saved"], "seats": seats, "hotseat": hotseat, "listed": listed,
            "on_resign": body.get("on_resign"), "resign_player": body.get("resign_player")}

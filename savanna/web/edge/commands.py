"""The commands a client sends about a game: one typed set, the REST routes' bodies and the
WebSocket's messages alike. Strict, as every body is (bodies.py): JSON types as they are ("2"
and true are not 2 and 1).

    Act         {"action", "version"?}          play an action (POST .../actions, "action")
    TakeBack    {"seat"?, "version"?}            take back a seat's last turn (POST .../takeback, "takeback")
    Answer      {"accept", "moves"?}             answer a takeback asked (POST .../takeback/answer,
                                                 "takeback_answer")
    Resign      {"seat"?}                        resign a seat (POST .../resign, "resign")
    Auth        {"token"}                        act for another token's seats ("auth")
    Ping, State {}                               "ping" (-> "pong"), "state" (the whole view)
    History     {"from", "to"?}                  the history entries of actions from+1 .. to, which
                                                 a view carries only the latest of (GET .../history,
                                                 "history"; views/history.py)

A REST body adds the seat's "token" (bodies.py: ActionIn, TokenIn, AnswerIn); a socket message
has its connection's, and carries "type" and "ref" besides (socket.py reads a message's own
fields into its command and leaves the others).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

STRICT = ConfigDict(extra="forbid", strict=True)  # JSON types as they are: "2" and true are not 2 and 1


class Command(BaseModel):
    model_config = STRICT


class Act(Command):
    action: str = Field(..., description="an action in notation, e.g. 'T0,-1@0', 'M:trail:S', 'pass'")
    version: int | None = Field(None, description="the view's version the action was chosen from (optional): "
                                                  "refused as stale if the game has moved on")

    @field_validator("action", mode="before")
    @classmethod
    def _notation(cls, value: Any) -> Any:
        if not isinstance(value, str):  # (said as the table says it)
            raise ValueError("the action must be a notation string, e.g. 'T0,-1@0' or 'pass'")
        return value


class TakeBack(Command):
    seat: int | None = Field(None, description="which of the token's seats (a hotseat token plays several)")
    version: int | None = Field(None, description="the view's version the request was made from (optional): "
                                                  "refused as stale if the game has moved on")


class Answer(Command):
    accept: bool = Field(..., description="true: agree to the takeback; false: refuse it (the asker: withdraw it)")
    moves: int | None = Field(None, description="the game's length the request was made at (the view's "
                                                "takeback.request.moves): refused as stale if it has moved on")


class Resign(Command):
    seat: int | None = Field(None, description="which of the token's seats (a hotseat token plays several)")


class Auth(Command):
    token: Any = Field(None, description="a seat's secret token (from its join link); checked by the game")


class Ping(Command):
    pass


class State(Command):
    pass


class History(Command):
    first: int = Field(..., alias="from", ge=0, description="actions before the first entry wanted, from 0")
    to: int | None = Field(None, ge=0, description="actions up to the last entry wanted (none: as many as a page "
                                                   "holds)")

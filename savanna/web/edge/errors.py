"""How the API answers what goes wrong: every error is {"type": "error", "code", "message"}
with the HTTP status of its code (table/errors.py), a crash's 500 included. A body that is
not JSON ("bad_json") also says where the parser stopped, "line" and "column" (from 1)."""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..live.room import GameError

log = logging.getLogger("savanna.web")


def error(code: str, message: str) -> JSONResponse:
    e = GameError(code, message)
    return JSONResponse(e.as_dict(), status_code=e.status)


def where_in(text: Any, loc: Any) -> dict[str, int]:
    """{"line", "column"} (from 1) of where the JSON parser stopped in `text` (its location
    `("body", offset)`), for a page to say in its language; {} if it is not known."""
    pos = loc[-1] if isinstance(loc, (list, tuple)) and loc else None
    if not isinstance(text, str) or not isinstance(pos, int) or isinstance(pos, bool) or not 0 <= pos <= len(text):
        return {}
    return {"line": text.count("\n", 0, pos) + 1, "column": pos - text.rfind("\n", 0, pos)}


def json_problem(e: BaseException) -> str:
    """What is wrong with a text the JSON parser refused, in words for the sender: Python's own
    message, but a number longer than Python converts (4300 digits) said as such."""
    text = str(e)
    if isinstance(e, ValueError) and "integer string conversion" in text:
        limit = sys.get_int_max_str_digits()
        return f"a number in it has more than {limit} digits" if limit else text
    if isinstance(e, RecursionError):
        return "it is nested too deeply"
    return text


def validation_message(errors: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for e in errors[:5]:
        loc = [str(x) for x in e.get("loc", ()) if x != "body"]
        parts.append((".".join(loc) + ": " if loc else "") + str(e.get("msg", "invalid")))
    return "; ".join(parts) or "the request is not valid"


def install(app: FastAPI) -> None:
    """The app's exception handlers: a GameError, a body FastAPI could not read, an HTTP error
    of Starlette's (404, 405, 413), and anything else (500, logged)."""

    @app.exception_handler(GameError)
    async def game_error(_: Request, e: GameError) -> JSONResponse:
        return JSONResponse(e.as_dict(), status_code=e.status, headers=getattr(e, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, e: RequestValidationError) -> JSONResponse:
        errors = list(e.errors())
        bad = [x for x in errors if x.get("type") == "json_invalid"]
        if bad:
            detail = (bad[0].get("ctx") or {}).get("error", "")
            out = GameError("bad_json", "the body is not valid JSON" + (f": {detail}" if detail else "")).as_dict()
            return JSONResponse({**out, **where_in(e.body, bad[0].get("loc", ()))}, status_code=400)
        return error("bad_request", validation_message(errors))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, e: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(e.status_code, "bad_request")
        cause = e.__cause__
        if e.status_code == 400 and isinstance(cause, (ValueError, RecursionError)):  # FastAPI could not parse the body
            return error("bad_json", f"the body is not valid JSON: {json_problem(cause)}")
        return JSONResponse({"type": "error", "code": code, "message": str(e.detail)}, status_code=e.status_code,
                            headers=getattr(e, "headers", None))

    @app.exception_handler(Exception)
    async def crashed(_: Request, e: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return error("server_error", "the server failed to answer; nothing was changed")

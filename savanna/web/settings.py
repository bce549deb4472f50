"""The web app's settings, stated once: each option's type, default, help and checks.

    Settings(max_think=3)                   # create_app(settings=...) or create_app(max_think=3)
    SAVANNA_MAX_THINK=3 savanna serve       # the environment: SAVANNA_ and the name
    savanna serve --max-think 3             # a flag, made from the field (add_arguments)

A flag given beats the environment, which beats the default; the database is $DATABASE_URL
as it always was, and the mail server $SAVANNA_SMTP_URL. `savanna serve --workers N` hands the
settings to each worker process whole, as JSON (app.py's app_from_environment).

A refused setting is a pydantic ValidationError (a ValueError) whose error carries an
OptionError: its text names the option as the caller knows it, the field's name for
create_app, the flag for `savanna serve` (Settings.reasons).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .edge.guard import MESSAGE_LIMIT
from .edge.ratelimit import DEFAULT_COACH_LIMIT, DEFAULT_CREATE_LIMIT, DEFAULT_LOGIN_LIMIT, DEFAULT_REGISTER_LIMIT
from .live.connection import Limits
from .live.expiry import DEFAULT_EXPIRE_AFTER
from .table.clock import FIRST_MOVE
from .table.seats import MAX_THINK


class OptionError(ValueError):
    """A setting refused. `template` names options as {field} ({option}: the one refused), filled
    in by whoever reports it: the field's name for create_app, its flag for `savanna serve`."""

    def __init__(self, field: str, template: str, **values: Any):
        self.field, self.template, self.values = field, template, values
        super().__init__(self.named(lambda name: name))

    def named(self, name: Callable[[str], str]) -> str:
        fields = {f for f in re.findall(r"\{(\w+)", self.template) if f not in self.values}
        return self.template.format(**self.values, **{f: name(self.field if f == "option" else f) for f in fields})


def _option(default: Any, help: str, *, flag: str | None | bool = True, metavar: str | None = None,
            **more: Any) -> Any:
    """A field with its flag's particulars beside it: `flag` (False: none; True: --the-name),
    `metavar`, and any of `flag_type` (what the flag reads, when the field holds something else),
    `scale` (the flag's unit in the field's), `at_least` (the flag's least, in its unit), `former`
    (older names still read, hidden), `serve_default` (the server's default, when not create_app's)."""
    extra: dict[str, Any] = {key: more.pop(key) for key in ("flag_type", "scale", "at_least", "former",
                                                            "serve_default") if key in more}
    if "flag_type" in extra:
        extra["flag_type"] = extra["flag_type"].__name__
    extra.update(flag=flag, metavar=metavar)
    return Field(default, description=help, json_schema_extra=extra, **more)


class Settings(BaseSettings):
    """Everything create_app and `savanna serve` are told. The fields' order is the flags' order
    in `savanna serve --help`."""

    model_config = SettingsConfigDict(env_prefix="SAVANNA_", extra="forbid", populate_by_name=True,
                                      validate_default=False)

    # ---- where the server listens (savanna serve's, not the app's)
    host: str = _option("127.0.0.1", "address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: "
                                     "every network)")
    port: int = _option(8000, "port (default 8000)", ge=1, le=65535)
    database_url: str | None = _option(
        None, "a SQLite file, or a database URL such as postgresql://user:pass@host/db (default: $DATABASE_URL, "
              "else savanna.db in your data directory)", flag="--db", metavar="PATH|URL",
        validation_alias="DATABASE_URL")
    computer_delay: float = _option(
        0.0, "pause after each computer move so that people can follow it (default 0.6; 0: none)",
        metavar="SECONDS", serve_default=0.6)
    allowed_origins: list[str] = _option(
        [], "a site whose pages may open this server's WebSockets besides its own, e.g. https://example.org "
            "(repeatable; browsers on other sites are refused)", flag="--allow-origin", metavar="URL")
    allowed_hosts: list[str] | None = _option(
        None, "a name this server is reached by, e.g. games.example.org or '*.example.org' (repeatable). Requests "
              "naming another host are refused (DNS rebinding); localhost and IP addresses are always allowed. "
              "'*': any (behind a proxy that checks)", flag="--allowed-host", metavar="NAME")
    log_level: Literal["debug", "info", "warning", "error"] = _option(
        "info", "what the server logs: its own lines (games created, resumed, expired) and uvicorn's (default info)")
    max_think: float = _option(
        MAX_THINK, f"the most a computer seat may think a move (default {MAX_THINK:g}); a game asking for more is "
                   "refused, and one stored before with more gets this", metavar="SECONDS")
    search_workers: int | None = _option(
        None, "computer searches run at once, each in a worker process; games beyond wait their turn, in turn by "
              "the client address that created them, then by game (default: the cores but one, at least 1). Random "
              "and greedy players ('easy', 'medium') never wait behind a search: they move in a worker of their "
              "own. On PostgreSQL the cap holds across every server process sharing the database (each shares its "
              "own places in turn)", metavar="N", ge=1, le=256)
    search_budget: float | None = _option(
        None, "search seconds one game's computer seats may use in an hour of real time; past it they play the "
              "'medium' (greedy) player, at once, until older searches leave the hour (default: 300 times "
              "--max-think, 600 at its default, more than a whole game needs; 0: no bound)", metavar="SECONDS")
    first_move: float = _option(
        FIRST_MOVE, "seconds a person has for a first move in a real-time game; a seat that makes none in that "
                    "time aborts the game, unrated (default 30; 5 to 600). Correspondence games give the turn's "
                    "days", metavar="SECONDS")
    coach_iterations: int | None = _option(
        None, "the coach's hints and reviews search N iterations a decision instead of --max-think's time "
              "(hints) and half a second (reviews): the same answers on any machine (tests)",
        metavar="N", ge=1, le=100_000)
    computer_only: bool = _option(
        False, "allow games without a human seat (refused by default: each one is CPU spent for no one)",
        flag="--computer-only-games")
    create_limit: str | None = _option(
        DEFAULT_CREATE_LIMIT, "how many games one client address may create or import, e.g. '30/minute;300/hour' "
                              "(the default), '100/hour', or 'none'; over it the server answers 429 with "
                              "Retry-After. Uploads of a tile set to view are limited alike", metavar="LIMITS")
    expire_after: timedelta | None = _option(
        DEFAULT_EXPIRE_AFTER, "delete games still being played that had no move and no connection for DAYS days "
                              "(default 30; 0: keep them all). Finished games are always kept",
        metavar="DAYS", flag_type=float)
    forwarded_allow_ips: str | None = _option(
        None, "the reverse proxies whose X-Forwarded-For header is believed as the client's address (for the "
              "limits and the logs): comma-separated addresses or networks, '*' for any (only if every connection "
              "comes through your proxy), or 'none'. Default: $FORWARDED_ALLOW_IPS, else 127.0.0.1,::1 (a proxy "
              "on this machine), as uvicorn does", metavar="IPS")
    # ---- WebSockets (live/connection.py's Limits); the caps' former names still read, hidden
    max_spectators: int = _option(
        Limits.spectators, "spectators' WebSocket connections at once, in all (default 2000; on PostgreSQL, of every "
                           "server process sharing the database together); more are refused (close code 1013, the "
                           "reason names the cap). A seat's own token is never refused for spectators",
        metavar="N", ge=1, former=["--max-connections"])
    max_game_spectators: int = _option(Limits.game_spectators, "spectators of one game (default 64)", metavar="N",
                                       ge=1, former=["--max-game-connections"])
    max_address_spectators: int = _option(
        Limits.address_spectators, "spectators from one client address in all (default 100), an IPv6 address "
                                   "counting by its /64; behind a reverse proxy, name it in --forwarded-allow-ips, "
                                   "or every client has its address", metavar="N", ge=1)
    max_address_game_spectators: int = _option(
        Limits.address_game_spectators, "spectators of one game from one client address (default 16)", metavar="N",
        ge=1, former=["--max-address-connections"])
    max_seat_connections: int = _option(
        Limits.seat_connections, "connections of one seat at once (default 8; on PostgreSQL, to every server "
                                 "process together): one more closes the seat's oldest (close code 4409), never "
                                 "refusing the newest", metavar="N", ge=1)
    # ---- accounts (edge/accounts.py)
    https: bool = _option(False, "a reverse proxy in front terminates TLS: the session cookie is always marked "
                                 "Secure (without it, only when the request itself came over HTTPS)")
    login_limit: str | None = _option(
        DEFAULT_LOGIN_LIMIT, f"log-in attempts per client address, and per account name (default "
                             f"'{DEFAULT_LOGIN_LIMIT}'; 'none': no limit); over it the server answers 429 with "
                             "Retry-After", metavar="LIMITS")
    register_limit: str | None = _option(
        DEFAULT_REGISTER_LIMIT, f"accounts registered per client address, and attempts per name (default "
                                f"'{DEFAULT_REGISTER_LIMIT}'; 'none': no limit)", metavar="LIMITS")
    # ---- mail (live/smtp.py)
    smtp: str | None = _option(
        None, "send players mail (\"your turn\" in correspondence games, \"your time runs low\") through this mail "
              "server: smtp://user:password@host:587?from=savanna@example.org&starttls=1, or "
              "smtps://user:password@host:465?from=...; options: from (required), starttls, site (the links' "
              "start, e.g. https://games.example.org), timeout. Default: $SAVANNA_SMTP_URL; without it, no mail",
        metavar="URL", validation_alias="SAVANNA_SMTP_URL")
    # ---- the connections themselves (edge/tcp.py)
    max_queued_bytes: int = _option(
        Limits.queue_bytes, "messages waiting for a WebSocket client that reads too slowly, in KB, before it is "
                            "closed (code 1013; default 1024, at least 256: a whole view must fit); a whole view "
                            "replaces the views waiting before it", flag="--max-queued-kb", metavar="KB",
        scale=1024, at_least=256)
    header_timeout: float = _option(
        10.0, "a connection must send its request's headers within SECONDS of opening (or of the answer before, "
              "on a kept-alive connection), else it is closed (default 10; 0: no deadline, only behind a proxy "
              "that has one)", metavar="SECONDS")
    max_address_sockets: int = _option(
        256, "TCP connections one client address holds at once (IPv6: its /64), HTTP and WebSocket alike; one "
             "more is answered 503 (default 256; 0: no cap). A trusted proxy's (--forwarded-allow-ips) is not "
             "capped: cap per client in the proxy", metavar="N", ge=0)
    max_sockets: int | None = _option(
        None, "TCP connections held at once in all, per server process; at the cap the one waiting longest for "
              "its headers is closed to make room, else a new one is answered 503 (default: the file-descriptor "
              "limit, raised to its hard limit, less a tenth kept for the database, logs and workers; 0: no cap)",
        metavar="N", ge=0)
    workers: int = _option(
        1, "server processes on this port (default 1). Above 1 needs PostgreSQL (--db postgresql+psycopg://...), "
           "through which they share live updates, computer seats and limits; separate `savanna serve` processes "
           "on other machines may share it too", metavar="N", ge=1, le=256)

    # ---- the app's own, without a flag (tests and maintenance)
    autoplay: bool = _option(True, "computer seats play (False: they wait, for tests and maintenance)", flag=False)
    message_limit: int = _option(MESSAGE_LIMIT, "bytes at most of a WebSocket message or an action's body",
                                 flag=False, ge=1)
    search_processes: bool = _option(True, "searches run in worker processes (False: threads, for tests)",
                                     flag=False)
    clock_loop: bool = _option(True, "games end on time by themselves (False: tests that make flags fall)",
                               flag=False)
    mail_delays: tuple[float, ...] = _option((5.0, 30.0, 120.0), "seconds between the tries of a mail that failed",
                                             flag=False)
    coach_limit: str | None = _option(DEFAULT_COACH_LIMIT, "the hints and reviews one client address may ask for, "
                                                           "in the limits' notation", flag=False)
    review_loop: bool = _option(True, "reviews are computed (False: tests that drive them)", flag=False)

    # ---- the checks

    @field_validator("computer_delay")
    @classmethod
    def _computer_delay(cls, v: float) -> float:
        if not 0 <= v <= 60:
            raise OptionError("computer_delay", "{option} must be from 0 to 60 seconds, not {v:g}", v=v)
        return v

    @field_validator("allowed_origins")
    @classmethod
    def _origins(cls, v: list[str]) -> list[str]:
        from .edge.guard import origin_of

        for origin in v:
            try:
                origin_of(origin)
            except ValueError:
                raise OptionError("allowed_origins", "{option} must be an http(s) origin such as https://example.org, "
                                                     "not {origin!r}", origin=origin) from None
        return v

    @field_validator("max_think")
    @classmethod
    def _max_think(cls, v: float) -> float:
        if not 0.05 <= v <= 60:
            raise OptionError("max_think", "{option} must be from 0.05 to 60 seconds, not {v:g}", v=v)
        return v

    @field_validator("first_move")
    @classmethod
    def _first_move(cls, v: float) -> float:
        if not 5 <= v <= 600:
            raise OptionError("first_move", "{option} must be from 5 to 600 seconds, not {v:g}", v=v)
        return v

    @field_validator("search_budget")
    @classmethod
    def _search_budget(cls, v: float | None) -> float | None:
        if v is not None and not v >= 0:
            raise OptionError("search_budget", "{option} must be 0 (no bound) or a number of seconds, not {v:g}", v=v)
        return v

    @field_validator("create_limit", "login_limit", "register_limit", "coach_limit")
    @classmethod
    def _limits(cls, v: str | None, info: Any) -> str | None:
        from .edge.ratelimit import parse_limits

        try:
            parse_limits(v)
        except ValueError as e:
            raise OptionError(info.field_name, "{option}: {reason}", reason=str(e)) from None
        return v

    @field_validator("smtp")
    @classmethod
    def _smtp(cls, v: str | None) -> str | None:
        from .live.smtp import parse_smtp

        if v:
            try:
                parse_smtp(v)
            except ValueError as e:
                raise OptionError("smtp", "{option}: {reason}", reason=str(e)) from None
        return v or None  # (an empty $SAVANNA_SMTP_URL: no mail, as before)

    @field_validator("header_timeout")
    @classmethod
    def _header_timeout(cls, v: float) -> float:
        if not 0 <= v <= 3600:
            raise OptionError("header_timeout", "{option} must be from 0 (none) to 3600 seconds, not {v:g}", v=v)
        return v

    @field_validator("expire_after", mode="before")
    @classmethod
    def _expire_after(cls, v: Any) -> Any:
        # a number is days, as the flag reads it (and the environment); 0: never
        days = v.total_seconds() / 86400 if isinstance(v, timedelta) else v
        if isinstance(days, str):
            try:
                days = float(days)
            except ValueError:
                return v  # (an ISO 8601 duration, as the settings' JSON has it)
        if isinstance(days, int | float) and not isinstance(days, bool):
            if not days >= 0:
                raise OptionError("expire_after", "{option} must be 0 (never) or a number of days, not {days:g}",
                                  days=days)
            return timedelta(days=days) if days > 0 else None
        return v

    @model_validator(mode="after")
    def _workers(self) -> Settings:
        if self.workers > 1:
            from .store.storage import StorageError, backend_of, database_url, redact

            url = database_url(self.database_url)
            try:
                backend = backend_of(url)
            except StorageError as e:
                raise OptionError("database_url", "{reason}", reason=str(e)) from None
            if backend != "postgresql":
                raise OptionError("workers", "{option} {workers} needs PostgreSQL ({database_url} "
                                             "postgresql+psycopg://...): server processes tell each other of every "
                                             "move, and share computer seats and limits, through the database, and "
                                             "a SQLite file ({shown}) serves one process; run one process on "
                                             "SQLite, or give a PostgreSQL database", workers=self.workers,
                                  shown=redact(url))
        return self

    @classmethod
    def given(cls, settings: Settings | None = None, /, **options: Any) -> Settings:
        """`settings` (else the environment's and the defaults) with `options` over them, all
        checked; a database_url of None leaves the settings' (create_app's first argument)."""
        if options.get("database_url", "") is None:
            del options["database_url"]
        if settings is None:
            return cls(**options)
        return cls.model_validate({**settings.model_dump(), **options}) if options else settings

    # ---- the flags

    @classmethod
    def add_arguments(cls, parser: argparse.ArgumentParser) -> None:
        """A flag for each field that has one (`savanna serve`'s), its help the field's description;
        none has a default of its own (unset flags are left to the environment and the model)."""
        for name, field, extra in _flagged(cls):
            options: dict[str, Any] = {"dest": name, "default": argparse.SUPPRESS,
                                       "help": (field.description or "").replace("%", "%%")}
            kind = _kind(field.annotation)
            if kind is bool:
                options["action"] = "store_true"
            else:
                options["metavar"] = extra.get("metavar") or None
                if get_origin(kind) is Literal:
                    options["choices"] = get_args(kind)
                elif get_origin(kind) is list:
                    options["action"] = "append"
                else:
                    options["type"] = _reader(extra["flag"], kind, field, extra)
            parser.add_argument(extra["flag"], **options)
            for former in extra.get("former", ()):
                parser.add_argument(former, **{**options, "help": argparse.SUPPRESS})

    @classmethod
    def from_arguments(cls, args: argparse.Namespace) -> Settings:
        """The settings of a `savanna serve` command line: the flags given, over the environment,
        over the defaults (the server's where it has its own)."""
        given = {name: getattr(args, name) for name, _, _ in _flagged(cls) if hasattr(args, name)}
        settings = cls(**given)
        served = {name: extra["serve_default"] for name, _, extra in _flagged(cls)
                  if "serve_default" in extra and name not in settings.model_fields_set}
        return settings.model_copy(update=served) if served else settings

    @classmethod
    def reasons(cls, error: ValidationError, name: Callable[[str], str] | None = None) -> list[str]:
        """What `error` refused, a line a setting, each option named by `name` (default: its flag)."""
        name = name or cls.flag_of
        lines = []
        for e in error.errors():
            cause = (e.get("ctx") or {}).get("error")
            if isinstance(cause, OptionError):
                lines.append(cause.named(name))
            else:
                field = str(e["loc"][0]) if e["loc"] else ""
                lines.append(f"{name(field) if field in cls.model_fields else field}: {e['msg']}")
        return lines

    @classmethod
    def flag_of(cls, name: str) -> str:
        """The `savanna serve` flag of a field ('--db' for database_url), else its name."""
        return next((extra["flag"] for field, _, extra in _flagged(cls) if field == name), name)


def _flagged(cls: type[Settings]) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    for name, field in cls.model_fields.items():
        extra = dict(field.json_schema_extra) if isinstance(field.json_schema_extra, dict) else {}
        if extra.get("flag") is False:
            continue
        if extra.get("flag") in (None, True):
            extra["flag"] = "--" + name.replace("_", "-")
        yield name, field, extra


def _kind(annotation: Any) -> Any:
    """The type a flag reads of a field's annotation: X of `X | None`."""
    if get_origin(annotation) not in (Union, UnionType):
        return annotation
    args = [a for a in get_args(annotation) if a is not type(None)]
    return args[0] if len(args) == 1 else annotation


def _reader(flag: str, kind: Any, field: Any, extra: dict[str, Any]) -> Callable[[str], Any]:
    """What argparse reads a flag's text with: a whole number within the field's bounds (said
    as argparse says it, exit code 2), a float, or text."""
    kind = {"float": float, "int": int}.get(extra.get("flag_type", ""), kind)
    if kind is not int:
        return kind if kind in (float, str) else str
    low = extra.get("at_least")
    high = None
    for bound in field.metadata:
        low = getattr(bound, "ge", low) if low is None else low
        high = getattr(bound, "le", high) if high is None else high
    scale: int = extra.get("scale", 1)

    def read(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{flag} must be a whole number, not {text!r}") from None
        if (low is not None and n < low) or (high is not None and n > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{flag} must be {span}, not {n}")
        return n * scale

    return read

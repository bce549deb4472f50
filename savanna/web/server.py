"""`savanna serve`'s server: the app of a Settings run by uvicorn, in one process or in several
(`--workers`: each builds its app from the settings handed to it whole, app.py's
app_from_environment), behind the connection guards of edge/tcp.py."""

from __future__ import annotations

import copy
import gc
import os
from collections.abc import Callable
from typing import Any

from .app import APP_OPTIONS_ENV, create_app
from .edge import tcp
from .edge.guard import is_address
from .settings import Settings
from .store.storage import Store, StorageError, database_url, redact


class CannotStart(Exception):
    """The server cannot start (its database cannot be opened, ...): the message says why."""


def serve(settings: Settings, announce: Callable[[str], None] = print) -> None:
    """Run the server until it is stopped. `announce` is told, once the app is made and before
    uvicorn starts, where to open it."""
    import uvicorn

    try:
        url = database_url(settings.database_url)
        host = settings.host
        names = [] if not host or is_address(host) else [host]  # (addresses are always allowed)
        settings = settings.model_copy(update={"database_url": url,
                                               "allowed_hosts": names + (settings.allowed_hosts or [])})
        if settings.workers > 1:
            Store(url).close()  # a database that cannot be opened fails here, not in every worker
            os.environ[APP_OPTIONS_ENV] = settings.model_dump_json()
            app: Any = "savanna.web.app:app_from_environment"
        else:
            app = create_app(settings=settings)
    except StorageError as e:
        raise CannotStart(str(e)) from None
    shown = "localhost" if host in ("0.0.0.0", "::", "") else (f"[{host}]" if ":" in host else host)
    announce(f"savanna web app: open http://{shown}:{settings.port}/ (games in {redact(url)}; Ctrl+C stops)")
    # A move allocates thousands of objects that die with it, and each game keeps some for a
    # while: at the collector's default threshold (700 more made than freed) it ran several
    # times a move, and its full passes paused the server for up to 100 ms. What start-up made
    # lives as long as the server: frozen out of every pass.
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    # WebSocket frames over 64 KB are cut off by the protocol; the app answers those over 4 KB.
    # No permessage-deflate: after the first view a connection gets patches of 1-3 KB, and
    # compressing each for each connection cost more of the server than anything but the view
    # the client's address (rate limits, logs) from X-Forwarded-For only when a trusted proxy sent it
    proxies = settings.forwarded_allow_ips
    proxy: dict[str, Any] = {"proxy_headers": False} if proxies is not None and proxies.strip().lower() == "none" else \
        {"proxy_headers": True, "forwarded_allow_ips": proxies}
    workers: dict[str, Any] = {"workers": settings.workers, "factory": True} if settings.workers > 1 else {}
    uvicorn.run(app, host=host, port=settings.port, ws_max_size=64 * 1024, ws_per_message_deflate=False,
                log_level=settings.log_level, log_config=log_config(settings.log_level), **proxy, **workers,
                **guarded_connections(settings))


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging setup, with the server's own logger ("savanna": games created, resumed,
    expired) beside uvicorn's, on the same handler, at `level`; tokens redacted on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {**config.get("filters", {}),
                         "redact": {"()": "savanna.web.edge.guard.RedactTokens"}}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact")
    config["loggers"]["savanna"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config


def guarded_connections(settings: Settings) -> dict[str, Any]:
    """uvicorn's protocol classes that time a request's headers and cap connections per address
    and in all (edge/tcp.py), set from --header-timeout, --max-address-sockets and --max-sockets;
    the file-descriptor limit raised to its hard limit on the way."""
    limit = tcp.fd_limit()
    total = tcp.default_max_sockets(limit) if settings.max_sockets is None else settings.max_sockets
    tcp.configure(tcp.Limits(header_timeout=settings.header_timeout or None,
                             max_per_address=settings.max_address_sockets or None, max_total=total or None))
    return {"http": tcp.GuardedHttp, "ws": tcp.GuardedWebSocket or "auto"}  # type: ignore[truthy-function]

"""The WebSocket protocol `savanna serve` runs uvicorn with: uvicorn's own (on the `websockets`
library, sans-I/O), waiting CLOSE_TIMEOUT seconds instead of 10 for a client's answer to a close.

When the server closes a connection (a spectator refused over a cap, a slow reader, a seat's
oldest connection) its close frame carries the code and the reason, which the client has at
once; the server then waits for the client's own close frame before it drops the TCP
connection. A client that never answers (a flood of refused sockets) held each socket 10 s;
now CLOSE_TIMEOUT. A browser answers within milliseconds.

    uvicorn.run(app, ws=protocol())   # or a subclass of QuickClose (edge/tcp.py's GuardedWebSocket)
"""

from __future__ import annotations

from typing import Any

CLOSE_TIMEOUT = 1.0  # seconds

QuickClose: type[Any] | None = None  # (an older uvicorn, without it)
try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # an older uvicorn: its own protocol, as chosen by "auto"
    pass
else:
    class _QuickClose(WebSocketsSansIOProtocol):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.close_timeout = CLOSE_TIMEOUT

    _QuickClose.__name__ = _QuickClose.__qualname__ = "QuickClose"  # (as uvicorn's `ws` option names it)
    QuickClose = _QuickClose


def protocol() -> str:
    """uvicorn's `ws` option: this module's protocol, or "auto" if this uvicorn has no sans-I/O one."""
    return f"{__name__}:QuickClose" if QuickClose is not None else "auto"

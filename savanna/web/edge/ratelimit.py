"""How many games one client address may create: limits per address, over moving windows.

    limiter = CreationLimits("30/minute;300/hour")   # the `limits` package's notation; None: no limit
    limiter.hit("create", address)                   # raises RateLimited (HTTP 429) when over

Each kind of request ("create": new games and imports together; "tiles": a user's tile set
laid out) counts separately, per client address. A request refused counts for nothing. The
windows move (the `limits` package's moving-window strategy): "30/minute" allows 30 in any
60 seconds, so no burst of twice the limit straddles a window's edge.

The address is the connection's (`request.client.host`). Behind a reverse proxy that is
the proxy's, unless the server believes the proxy's X-Forwarded-For: uvicorn does, for the
addresses `savanna serve --forwarded-allow-ips` names (default 127.0.0.1, a proxy on the
same machine), and rewrites the client address before the app sees it. An IPv6 client
counts by its /64 network: one household or server is given a whole /64, and would
otherwise have more addresses than any limit.

With one server process (SQLite) the counts live in its memory (a `limits` storage,
`memory://`): a restart forgets them. On PostgreSQL, where several server processes may
share the database, they live in it (ratestore.DatabaseStorage), and every process counts
the same requests.
"""

from __future__ import annotations

import math
import time

from fastapi import Request
from limits import RateLimitItem, parse_many
from limits.storage import Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from ..addresses import client_key as client_key  # (re-exported: edge modules take it from here too)
from ..live.room import GameError

def client_host(request: Request) -> str | None:
    """The client's address (uvicorn's: a trusted proxy's X-Forwarded-For already applied)."""
    return request.client.host if request.client else None


# a club organiser creating a tournament's round by hand, or by a script that waits when
# told, stays under it; a script creating thousands does not get far
DEFAULT_CREATE_LIMIT = "30/minute;300/hour"
NO_LIMIT = ("", "none", "off", "0")

WHAT = {"create": "games created or imported", "tiles": "tile sets laid out", "login": "log-in attempts",
        "login-name": "log-in attempts", "register": "accounts registered", "register-name": "registrations",
        "lookup": "look-ups of held seats", "hint": "hints asked", "review": "reviews asked"}
# per client address, and per account name (edge/accounts.py): a person who mistypes a few times
# stays well under them; guessing passwords does not get far
DEFAULT_LOGIN_LIMIT = "10/minute;60/hour"
DEFAULT_REGISTER_LIMIT = "5/minute;20/hour"
# the coach's requests (edge/coach_routes.py): a person asks a hint a turn at most; each is a search
DEFAULT_COACH_LIMIT = "20/minute;200/hour"


def parse_limits(spec: str | None) -> list[RateLimitItem]:
    """The limits of a spec such as "30/minute;300/hour" (the `limits` package's notation:
    N per [M] second|minute|hour|day, separated by ; , or |). None, "", "none", "off" or
    "0": no limit. ValueError, with what is wrong, for anything else."""
    if spec is None or spec.strip().lower() in NO_LIMIT:
        return []
    try:
        items = parse_many(spec.strip())
    except ValueError:
        raise ValueError(f"not a rate limit: {spec!r} (expected e.g. '30/minute;300/hour', or 'none')") from None
    for item in items:
        if item.amount < 1:
            raise ValueError(f"not a rate limit: {spec!r} (each limit allows at least 1)")
    return items


class RateLimited(GameError):
    """Over a limit: HTTP 429, with the seconds to wait in `retry_after` (the Retry-After header)."""

    def __init__(self, message: str, retry_after: int):
        super().__init__("rate_limited", message)
        self.retry_after = retry_after

    @property
    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


class CreationLimits:
    """The limits per client address of the requests that make something (see the module
    docstring). Thread-safe (the storage locks)."""

    def __init__(self, spec: str | None = DEFAULT_CREATE_LIMIT, storage: str | Storage = "memory://"):
        """`storage`: a `limits` storage URI, or a storage (ratestore.DatabaseStorage)."""
        self.items = parse_limits(spec)
        self.spec = "; ".join(describe(i) for i in self.items) or "none"
        made = storage_from_string(storage) if isinstance(storage, str) else storage
        assert isinstance(made, Storage)  # (a "memory://" or database URI: a storage of blocking calls, not asyncio's)
        self.storage: Storage = made
        self.limiter = MovingWindowRateLimiter(self.storage)

    def hit(self, kind: str, host: str | None) -> None:
        """Count one request of `kind` from `host`, or raise RateLimited (and count nothing)
        if that would pass one of the limits."""
        self.hit_key(kind, client_key(host), "your address")

    def hit_key(self, kind: str, key: str, whom: str) -> None:
        """`hit` counted under any `key` (an account name's hash), `whom` naming it in the message."""
        if not self.items:
            return
        over = [item for item in self.items if not self.limiter.test(item, kind, key)]
        if not over:
            for item in self.items:
                if not self.limiter.hit(item, kind, key):  # another thread came first
                    over.append(item)
                    break
            if not over:
                return
        now = time.time()
        wait = max(math.ceil(self.limiter.get_window_stats(item, kind, key).reset_time - now) for item in over)
        wait = max(wait, 1)
        item = max(over, key=lambda i: i.get_expiry())
        where = ("for " if whom.startswith("this") else "from ") + whom
        raise RateLimited(f"too many {WHAT.get(kind, kind)} {where}: at most {describe(item)} (this server's "
                          f"limit is {self.spec}); try again in {_duration(wait)}", wait)

    def reset(self) -> None:
        """Forget every count (tests, maintenance)."""
        self.storage.reset()


def describe(item: RateLimitItem) -> str:
    """"30 per minute", "2 per 10 seconds"."""
    name = item.GRANULARITY.name
    return f"{item.amount} per " + (name if item.multiples == 1 else f"{item.multiples} {name}s")


def _duration(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minutes"

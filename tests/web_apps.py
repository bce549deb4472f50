"""The web apps the tests build: savanna.web's create_app, but hashing passwords with argon2
at its cheapest (a server's default costs ~50 ms to 300 ms a hash, and every app hashes a dummy
password at start, so an app per test spent more on that than on the test). The tests of
hashing itself pass a `password_hasher` of their own, which is kept."""

from __future__ import annotations

from typing import Any

from argon2 import PasswordHasher

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


def create_app(database_url: str | None = None, **options: Any) -> Any:
    """savanna.web.create_app(database_url, **options), with the cheap hasher unless `options` name one."""
    from savanna.web import create_app as real

    options.setdefault("password_hasher", CHEAP)
    return real(database_url, **options)

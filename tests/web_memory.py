"""The web app and its table on no database: every store in memory (savanna/web/store/stores.py's
memory_stores, each kept to its SQL twin's semantics by tests/test_web_stores_contract.py), for
the tests of what is above the store (the table's rules, the subscribers, the routes' logic)
that would otherwise build a database only to hold their rows."""

from __future__ import annotations

from typing import Any

import pytest

from savanna.web.store.stores import Stores, memory_stores


def memory_app(stores: Stores | None = None, **options: Any) -> Any:
    """web_apps.create_app(**options) on `stores` (default: new memory stores): app.state.parts.stores
    (`app.state.parts.store` the games', as on a database)."""
    from web_apps import create_app

    return create_app(None, stores=stores or memory_stores(), **options)


# A module whose tests of what is above the store run on the memory stores overrides its `app`
# fixture with `app_of` and marks those tests ON_MEMORY: they run once, on memory (the others
# on each database, as conftest.py's `app`). `client` and `shared_client` follow its `app`.
ON_MEMORY = pytest.mark.parametrize("backend", ["memory"])


def app_of(request: Any, backend: str, app_options: dict[str, Any]) -> Any:
    """The app a test asked for: on the memory stores when its backend is "memory", else on `db`."""
    if backend == "memory":
        return memory_app(**app_options)
    from web_apps import create_app

    return create_app(request.getfixturevalue("db"), **app_options)

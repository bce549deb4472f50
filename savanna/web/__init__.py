"""The web app: games stored as seed, rules and actions, played through the engines, shown to
browsers as JSON views, served over REST and WebSockets (app.py tells the layers).

    from savanna.web import create_app
    app = create_app("sqlite:///games.db")      # or `savanna serve`
    app = create_app(settings=Settings(max_think=3))   # every option: savanna/web/settings.py

Needs the `web` extra: pip install 'savanna[web]'.
"""

from typing import TYPE_CHECKING, Any

__all__ = ["CannotStart", "Settings", "create_app", "serve"]

if TYPE_CHECKING:  # (the checker sees the names; at run time they are imported when asked for, below)
    from .app import create_app
    from .server import CannotStart, serve
    from .settings import Settings

_WHERE = {"create_app": "app", "Settings": "settings", "serve": "server", "CannotStart": "server"}


def __getattr__(name: str) -> Any:
    # imported when asked for: a computer search's worker process (live/worker.py) imports this
    # package on its way to the position, and needs none of the web stack
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

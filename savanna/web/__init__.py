"""The web app: games stored as seed, rules and actions, played through the engines, shown to
browsers as JSON views, served over REST and WebSockets (app.py tells the layers).

    from savanna.web import create_app
    app = create_app("sqlite:///games.db")      # or `savanna serve`

Needs the `web` extra: pip install 'savanna[web]'.
"""

__all__ = ["create_app"]


def __getattr__(name: str):
    # imported when asked for: a computer search's worker process (live/worker.py) imports this
    # package on its way to the position, and needs none of the web stack
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

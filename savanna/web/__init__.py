"""The web app's server: games stored as seed, rules and actions (storage), played through
the engine (service), shown to browsers as JSON (view), served over REST and WebSockets (app).

    from savanna.web import create_app
    app = create_app("sqlite:///games.db")      # or `savanna serve`

Needs the `web` extra: pip install 'savanna[web]'.
"""

__all__ = ["create_app"]


def __getattr__(name: str):
    # imported when asked for: a search worker (computers.py) needs none of the web stack
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

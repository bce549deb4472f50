"""The web app's server: games stored as seed, rules and actions (storage), played through
the engine (service), shown to browsers as JSON (view), served over REST and WebSockets (app).

    from savanna.web import create_app
    app = create_app("sqlite:///games.db")      # or `savanna serve`

Needs the `web` extra: pip install 'savanna[web]'.
"""

from .app import create_app

__all__ = ["create_app"]

"""What the edge is handed by app.py: the collaborators it calls down into."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..live.conductor import Conductor
from ..live.expiry import Expiry
from ..live.games import LiveGames
from ..live.searches import Searches
from ..live.room import Accounts, GameService, GameStore, Ratings
from .ratelimit import CreationLimits


@dataclass(kw_only=True)
class Parts:
    store: GameStore
    service: GameService
    live: LiveGames
    searches: Searches
    expiry: Expiry
    limits: CreationLimits
    accounts: Accounts
    ratings: Ratings
    coach_limits: CreationLimits  # hints and reviews asked, per client address
    cluster: Any = None  # live.cluster.Cluster when several server processes share the database
    message_limit: int = 4 * 1024
    account_limits: dict[str, CreationLimits] = field(default_factory=dict)  # "login", "register"
    https: bool = False  # a proxy terminates TLS: the session cookie is always Secure
    mail: Any = None  # store.mail.MailStore: the players' addresses (kept with mail off too: they can be removed)
    mail_on: bool = False  # `savanna serve --smtp`: the server sends mail
    hints: Any = None  # live.hints.Hints
    reviews: Any = None  # live.reviews.Reviews
    conductor: Conductor = field(init=False)  # every change to a game goes down through it: live's

    def __post_init__(self) -> None:
        self.conductor = self.live.conductor

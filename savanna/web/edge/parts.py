"""The app's parts, in one place: what app.py builds and hands the edge's routers, and what
`app.state.parts` holds (tests and tools read the app's parts there, and nowhere else)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..live.clocks import Clocks
from ..live.conductor import Conductor
from ..live.expiry import Expiry
from ..live.games import LiveGames
from ..live.hints import Hints
from ..live.mail import MailNotices
from ..live.reads import GameReads
from ..live.reviews import Reviews
from ..live.room import Accounts, GameService, GameStore, Ratings, Stores
from ..live.searches import Searches
from .ratelimit import CreationLimits


@dataclass(kw_only=True)
class Parts:
    stores: Stores  # every store (store/stores.py: SQL, or memory in tests)
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
    notices: MailNotices | None = None  # the players' mail sent (`savanna serve --smtp`; None: no mail)
    hints: Hints
    reviews: Reviews
    clocks: Clocks | None = None  # the flags' loop (live/clocks.py)
    conductor: Conductor = field(init=False)  # every change to a game goes down through it: live's
    reads: GameReads = field(init=False)  # what the edge reads of the games (live/reads.py)

    def __post_init__(self) -> None:
        self.conductor = self.live.conductor
        self.reads = GameReads(self.service, self.live)

    @property
    def mail_on(self) -> bool:
        """Whether the server sends mail (`savanna serve --smtp`)."""
        return self.notices is not None

"""What the edge knows of the layers below it: the names of the table and the store it uses
(the errors, a seat request's credential, the seats' limits, the accounts' types, the mail
addresses' owners, the collaborators app.py hands it), re-exported here, so that the edge
imports neither the table nor the store (an import-linter contract in pyproject.toml). Every
change to a game the edge asks for goes through the conductor (conductor.py), and every read of
one through reads.py's GameReads."""

from __future__ import annotations

from ..store.mail import account_owner, seat_owner
from ..store.schema import ADDRESS_MAX
from ..store.interface import GameStore
from ..store.storage import Store
from ..store.stores import Stores
from ..table import clock
from ..table import mail as seat_mail
from ..table.accounts import IDLE, PASSWORD_MAX, Accounts, Current, Login, normalised
from ..table.errors import GameError
from ..table.held import MAX_PAIRS
from ..table.ratings import Ratings
from ..table.seats import MAX_ITERATIONS, NAME_LIMIT, Credential, checked_token, seat_of
from ..table.service import GameService

__all__ = ["ADDRESS_MAX", "IDLE", "MAX_ITERATIONS", "MAX_PAIRS", "NAME_LIMIT", "PASSWORD_MAX", "Accounts",
           "Credential", "Current", "GameError", "GameService", "GameStore", "Login", "Ratings", "Store", "Stores", "account_owner",
           "checked_token", "clock", "normalised", "seat_mail", "seat_of", "seat_owner"]

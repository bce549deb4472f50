"""Mail to the players: who gets which notice of a game, and their addresses.

Two notices, each sent at most once (store/mail.py's `mail_notices`, keyed by game, seat, kind and
the game's turn number, claimed before the mail goes out):

- "turn": a correspondence game's turn is a seat's (a person's, not a hotseat's), and that seat
  has an address;
- "low": a timed game's running seat (a person's) has less than the low-time threshold left of
  its turn (clock.low: real time min(60 s, 20% of the base), correspondence 12 h), once per turn.

A seat's address is its own (typed by its holder: `set_seat_address`, dropped when the game ends)
else the address of the account that claimed it. Addresses live in their own table, never in a
game's row: no view, export or lobby item reads them, and none is logged.
"""

from __future__ import annotations

import dataclasses
import re
from email.headerregistry import Address as MailAddress
from typing import Any

from ..store.interface import MailStorage
from ..store.mail import Address, account_owner, seat_owner
from ..store.schema import ADDRESS_MAX
from ..store.storage import GameRecord
from . import claims, clock
from .errors import GameError
from .room import Room
from .seats import HUMAN, checked_token, seat_of

LANGUAGES = ("en", "fr", "it", "de")
LOCAL_MAX = 64  # RFC 5321
_LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)\Z")
_LOCAL = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*\Z")


def checked_address(value: Any) -> str:
    """An e-mail address as typed, checked (GameError "bad_email" saying what is wrong): one
    address, `local@domain`, at most 254 characters, a plain ASCII local part (no quotes, no
    spaces, at most 64), a domain of at least two labels (an international one as IDNA allows).
    Returned with its domain in lower case."""
    if not isinstance(value, str):
        raise GameError("bad_email", "the e-mail address must be text, e.g. ann@example.org")
    text = value.strip()
    if not text:
        raise GameError("bad_email", "the e-mail address is empty (to remove it, send null)")
    if len(text) > ADDRESS_MAX:
        raise GameError("bad_email", f"the e-mail address is longer than {ADDRESS_MAX} characters")
    if text.count("@") != 1:
        raise GameError("bad_email", "an e-mail address has one @, between a name and a domain: ann@example.org")
    local, domain = text.split("@")
    if not local or len(local) > LOCAL_MAX or not _LOCAL.match(local):
        raise GameError("bad_email", f"the part before the @ must be 1 to {LOCAL_MAX} letters (a-z), digits, dots "
                                     "or !#$%&'*+/=?^_`{|}~- (no spaces, quotes or accents), not starting, "
                                     "ending or doubling a dot")
    try:
        ascii_domain = domain.encode("idna").decode("ascii").lower()
    except (UnicodeError, ValueError):
        raise GameError("bad_email", "the domain after the @ is not a valid domain name") from None
    labels = ascii_domain.split(".")
    if len(labels) < 2 or not all(_LABEL.match(label) for label in labels) or labels[-1].isdigit():
        raise GameError("bad_email", "the domain after the @ must be a name such as example.org (labels of letters, "
                                     "digits and -, at least two)")
    try:  # the standard library must make a header of it
        MailAddress(addr_spec=f"{local}@{ascii_domain}")
    except Exception:
        raise GameError("bad_email", "the e-mail address cannot be written in a mail header") from None
    return f"{local}@{domain.lower()}"


def ascii_address(address: str) -> str:
    """A checked address as a mail header carries it: its domain IDNA-encoded."""
    local, _, domain = address.rpartition("@")
    return f"{local}@{domain.encode('idna').decode('ascii')}"


def checked_language(value: Any) -> str | None:
    """One of the mail's languages, or None (then the request's, else English)."""
    if value is None:
        return None
    if not isinstance(value, str) or value not in LANGUAGES:
        raise GameError("bad_request", f"lang must be one of {', '.join(LANGUAGES)}")
    return value


def set_seat_address(service: Room, mail: MailStorage, game_id: str, credential: Any, seat: Any, email: Any,
                     lang: str, site: str) -> int:
    """Set (or, `email` None, remove) the address of a seat the credential holds, in a game not
    over: the seat's number."""
    address = None if email is None else checked_address(email)
    rec = service.record(game_id)
    mine = checked_token(rec.seats, credential)
    number = seat_of(rec.summary.get("current_player"), mine, seat, "set the e-mail address of")
    if rec.status == "over":
        raise GameError("game_over", "the game is over: it sends no more mail")
    if address is None:
        mail.remove(seat_owner(game_id, number))
    else:
        mail.put(seat_owner(game_id, number), address, lang, site, game_id=game_id)
    return number


def mailed(seat: dict[str, Any]) -> bool:
    """Whether a seat may be mailed at all: a person's, played by one holder (not a hotseat screen's)."""
    return seat["kind"] == HUMAN and not seat.get("hotseat") and not seat.get("resigned") and not seat.get("open")


def owners(game_id: str, seats: list[dict[str, Any]], seat: Any) -> list[str]:
    """Whose addresses a seat's notices may go to, the first found first: the seat's own, its
    account's (none for a seat that is not mailed)."""
    if not isinstance(seat, int) or not 0 <= seat < len(seats) or not mailed(seats[seat]):
        return []
    account = seats[seat].get("account")
    return [seat_owner(game_id, seat)] + ([account_owner(account)] if isinstance(account, int) else [])


def recipient(mail: MailStorage, rec: GameRecord, seat: int) -> Address | None:
    """Where a seat's notices go: its own address, else its account's; None if neither."""
    owners_ = owners(rec.id, rec.seats, seat)
    found = mail.many(owners_)
    return next((found[o] for o in owners_ if o in found), None)


@dataclasses.dataclass(frozen=True)
class Notice:
    game_id: str
    seat: int
    kind: str  # "turn" | "low"
    turn: int  # the game's turn number (summary["turn"])
    left: float | None  # seconds left of the turn, when known
    deadline: float | None  # epoch seconds: when the turn's time ends


def due(rec: GameRecord, now: float) -> list[Notice]:
    """The notices a stored game owes at `now` (before its addresses and what was sent are read)."""
    state = rec.meta.get("clock")
    if rec.status != "playing" or not state or claims.waiting(rec):
        return []
    seat = state.get("running")
    if seat is None or seat != rec.summary.get("current_player") or not 0 <= seat < len(rec.seats) \
            or not mailed(rec.seats[seat]):
        return []
    turn = int(rec.summary.get("turn") or 0)
    control = state["control"]
    ends = clock.deadline(state)
    out = []
    if "days" in control:  # a correspondence turn's time is its deadline's, first move or not
        remaining = None if ends is None else ends - now
        out.append(Notice(rec.id, seat, "turn", turn, remaining, ends))
    elif state["moved"][seat]:  # (a first move's window is no clock of its own)
        remaining = clock.left(state, now)[seat]
    else:
        remaining = None
    if remaining is not None and 0 < remaining < clock.low(control):
        out.append(Notice(rec.id, seat, "low", turn, remaining, ends))
    return out

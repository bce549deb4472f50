"""Accounts and their sessions, synchronous (no FastAPI, no asyncio): the edge's
edge/accounts.py calls this, and the store's store/accounts.py keeps what it says.

    accounts = Accounts(AccountStore(engine))
    login = accounts.register("Zaza", "a long passphrase", agent="Firefox", address="192.0.2.1")
    login.session_id     # the secret: the session cookie's value, given once, stored only as a hash
    accounts.current(login.session_id)   -> Current(account, session), or GameError "not_logged_in"

Accounts are optional: a person plays through join links without one.

Names: 2 to 24 characters after Unicode NFKC normalisation, letters, digits, spaces, "_" and
"-" (no space at either end, never two together); unique after NFKC and casefolding ("Zaza",
"ZAZA" and "Ｚａｚａ" are one name); and none that impersonates a computer player: a name made
only of the computer levels' and players' names (savanna.ai: easy, medium, hard, random, greedy,
mcts ..., and the levels' names in the pages' languages) and words such as "computer", "bot",
"AI", or holding a word "computer" (or "ordinateur", "Rechner", "elaboratore").

Passwords: 8 to 256 characters, not one of the 10,000 most common (common_passwords.txt, whose
header names its source), compared casefolded; hashed with Argon2id (argon2-cffi's
PasswordHasher), and hashed again at a successful login when the hasher's parameters have
changed since (`check_needs_rehash`).

Logging in: an unknown name and a wrong password get the same GameError ("bad_login") after the
same work: an unknown name is verified against a dummy hash made with the same parameters.
Every login (and registration) makes a new session with a new random id: a session id an
attacker planted before (session fixation) is never the one after. A session ends at log out,
when its account's password changes (all but the one changing it), when its account is deleted,
when ended from the account's list of sessions, or after `idle` without a request (refused
then, and deleted at the next login of anyone).

What the WebSocket will need to accept a session as it accepts a seat token (issue 28's seats
that count): `current(session_id)` gives the account of a cookie's session, or refuses it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets
import unicodedata
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from savanna.ai.base import LEVELS, PLAYERS

from ..store.accounts import AccountRecord, NameTaken, SessionRecord
from ..store.interface import AccountStorage
from .errors import GameError

NAME_MIN, NAME_MAX = 2, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 256
SESSION_BYTES = 32  # the secret session id: 43 URL-safe characters
IDLE = timedelta(days=30)  # a session unused this long has ended
SEEN_EVERY = timedelta(minutes=1)  # how often a session's "last seen" is written
AGENT_MAX = 200
HANDLE = re.compile(r"[A-Za-z0-9_-]{1,32}")  # a session's public id (token_urlsafe's alphabet)
COMMON_PASSWORDS = Path(__file__).with_name("common_passwords.txt")

# words naming a computer player, in the pages' languages: a name made only of these, or of
# these and the players' and levels' names, is a computer's
COMPUTER_WORDS = {"computer", "ordinateur", "rechner", "elaboratore", "calcolatore"}
MACHINE_WORDS = COMPUTER_WORDS | {"cpu", "ai", "ia", "ki", "bot", "robot", "engine", "level", "niveau", "livello",
                                  "stufe", "player", "joueur", "giocatore", "spieler"}
LEVEL_WORDS = {"easy", "medium", "hard", "facile", "moyen", "difficile", "medio", "difficile", "leicht",
               "mittel", "schwer"}


def normalised(name: str) -> str:
    """A name as names are compared: NFKC, casefolded, NFKC again."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def _machine_names() -> set[str]:
    words = set(MACHINE_WORDS) | LEVEL_WORDS
    for level, player in LEVELS.items():
        words.add(normalised(level))
        words.update(normalised(w) for w in re.split(r"[^\w]+", player) if w)
    words.update(normalised(p) for p in PLAYERS)
    return words


def check_name(name: Any) -> str:
    """The name as it will be shown (NFKC), or GameError "bad_name" saying what is wrong."""
    if not isinstance(name, str):
        raise GameError("bad_name", "the name must be a string")
    shown = unicodedata.normalize("NFKC", name)
    if not NAME_MIN <= len(shown) <= NAME_MAX:
        raise GameError("bad_name", f"a name has {NAME_MIN} to {NAME_MAX} characters, not {len(shown)}")
    if not all(c.isalpha() or c.isdecimal() or c in " _-" for c in shown):
        raise GameError("bad_name", "a name holds only letters, digits, spaces, '_' and '-'")
    if shown != shown.strip() or "  " in shown:
        raise GameError("bad_name", "a name neither starts nor ends with a space, nor has two together")
    words = [w for w in re.split(r"[ _\-]+", normalised(shown)) if w]
    machine = _machine_names()
    if not words or all(w in machine or w.isdigit() for w in words) or any(w in COMPUTER_WORDS for w in words) \
            or normalised(shown).replace(" ", "").replace("_", "").replace("-", "") in machine:
        raise GameError("bad_name", f"{shown!r} is a computer player's name: people choose another")
    return shown


@lru_cache(maxsize=1)
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, casefolded."""
    text = COMMON_PASSWORDS.read_text(encoding="utf-8")
    return frozenset(line.casefold() for line in text.splitlines() if line and not line.startswith("#"))


def check_password(password: Any) -> str:
    """The password, or GameError "weak_password" saying what is wrong."""
    if not isinstance(password, str):
        raise GameError("weak_password", "the password must be a string")
    if len(password) < PASSWORD_MIN:
        raise GameError("weak_password", f"a password has at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise GameError("weak_password", f"a password has at most {PASSWORD_MAX} characters")
    try:
        password.encode("utf-8")
    except UnicodeEncodeError:
        raise GameError("weak_password", "the password is not valid Unicode text") from None
    if password.casefold() in common_passwords():
        raise GameError("weak_password", "that password is one of the 10,000 most common: choose another")
    return password


def id_hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


@dataclasses.dataclass(frozen=True)
class Login:
    """A new session: its secret id (the cookie's value, given once), its CSRF token, its account."""

    session_id: str
    csrf: str
    account: AccountRecord
    session: SessionRecord


@dataclasses.dataclass(frozen=True)
class Current:
    """The account and session a session id names."""

    account: AccountRecord
    session: SessionRecord


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Accounts:
    """Accounts and sessions (module docstring). Thread-safe."""

    def __init__(self, store: AccountStorage, hasher: PasswordHasher | None = None, idle: timedelta = IDLE):
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.idle = idle
        # what an unknown name's password is verified against: the same work as a known name's
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))

    # ------------------------------------------------------------ in and out

    def register(self, name: Any, password: Any, agent: str = "", address: str = "") -> Login:
        shown = check_name(name)
        check_password(password)
        key = normalised(shown)
        if self.store.by_key(key) is not None:
            raise GameError("name_taken", f"the name {shown!r} is taken (names are the same in any case)")
        try:
            account = self.store.create(shown, key, self.hasher.hash(password), _now())
        except NameTaken:
            raise GameError("name_taken", f"the name {shown!r} is taken (names are the same in any case)") from None
        return self._open(account, agent, address)

    def login(self, name: Any, password: Any, agent: str = "", address: str = "") -> Login:
        """A new session for the name and password, or GameError "bad_login" (the same for an
        unknown name and a wrong password, after the same work)."""
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > PASSWORD_MAX:
            raise GameError("bad_login", "unknown name or wrong password")
        try:  # a name no account can have is not looked up (nor sent to the database), but verified all the same
            account = self.store.by_key(normalised(check_name(name)))
        except GameError:
            account = None
        stored = account.password_hash if account is not None and account.password_hash else self._dummy
        if not self._verify(stored, password) or account is None:
            raise GameError("bad_login", "unknown name or wrong password")
        if self.hasher.check_needs_rehash(stored):  # the hasher's parameters changed since
            self.store.set_password(account.id, self.hasher.hash(password), expected=stored)
        return self._open(account, agent, address)

    def _verify(self, stored: str, password: str) -> bool:
        try:
            return self.hasher.verify(stored, password.encode("utf-8", "surrogatepass"))
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def _open(self, account: AccountRecord, agent: str, address: str) -> Login:
        session_id = secrets.token_urlsafe(SESSION_BYTES)
        now = _now()
        session = SessionRecord(id_hash=id_hash(session_id), handle=secrets.token_urlsafe(9), account_id=account.id,
                                csrf=secrets.token_urlsafe(24), created_at=now, seen_at=now,
                                agent=summary_of_agent(agent), address=(address or "")[:64])
        self.store.add_session(session)
        self.store.end_idle(now - self.idle)  # (one indexed statement: the sessions nobody came back to go)
        return Login(session_id=session_id, csrf=session.csrf, account=account, session=session)

    def current(self, session_id: Any) -> Current:
        """The account and session of a session id, or GameError "not_logged_in"."""
        if not isinstance(session_id, str) or not 20 <= len(session_id) <= 100:
            raise GameError("not_logged_in", "you are not logged in")
        digest = id_hash(session_id)
        session = self.store.session(digest)
        now = _now()
        if session is None or session.seen_at < now - self.idle:
            if session is not None:
                self.store.end_session(digest)
            raise GameError("not_logged_in", "you are not logged in, or your session has ended: log in again")
        account = self.store.by_id(session.account_id)
        if account is None or account.deleted_at is not None:
            raise GameError("not_logged_in", "you are not logged in, or your session has ended: log in again")
        if now - session.seen_at >= SEEN_EVERY:
            self.store.seen(digest, now)
            session = dataclasses.replace(session, seen_at=now)
        return Current(account, session)

    def named(self, name: Any) -> tuple[int, str] | None:
        """The (id, name) of the account called `name` (in any case, after normalisation); None
        if there is none (a deleted account's name names none)."""
        if not isinstance(name, str) or len(name) > 4 * NAME_MAX:
            return None
        account = self.store.by_key(normalised(name.strip()))
        return None if account is None else (account.id, account.name)

    def check_csrf(self, current: Current, token: Any) -> None:
        """GameError "bad_csrf_token" unless `token` is the session's CSRF token."""
        if not isinstance(token, str) or not token:
            raise GameError("bad_csrf_token", "a request made with the session cookie needs its CSRF token in the "
                                              "X-CSRF-Token header (from GET /api/me or the savanna_csrf cookie)")
        if not hmac.compare_digest(token.encode("utf-8", "surrogatepass"), current.session.csrf.encode()):
            raise GameError("bad_csrf_token", "the X-CSRF-Token header is not this session's CSRF token")

    def logout(self, session_id: Any) -> bool:
        """End the session (no error if it had ended)."""
        if not isinstance(session_id, str) or not session_id:
            return False
        return self.store.end_session(id_hash(session_id))

    # ------------------------------------------------------------ one's own

    def sessions(self, current: Current) -> list[dict[str, Any]]:
        """The account's sessions, as the "your sessions" list shows them."""
        return [{"id": s.handle, "current": s.id_hash == current.session.id_hash,
                 "created": s.created_at.isoformat(), "last_seen": s.seen_at.isoformat(),
                 "agent": s.agent, "address": s.address}
                for s in self.store.sessions(current.account.id) if s.seen_at >= _now() - self.idle]

    def end_session(self, current: Current, handle: Any) -> None:
        if not isinstance(handle, str) or not HANDLE.fullmatch(handle) \
                or not self.store.end_by_handle(current.account.id, handle):
            raise GameError("not_found", "you have no session with that id")

    def change_password(self, current: Current, old: Any, new: Any) -> int:
        """Change the password (the current one asked again); every other session ends: how many."""
        self._confirm(current, old)
        check_password(new)
        if not self.store.set_password(current.account.id, self.hasher.hash(new)):
            raise GameError("not_logged_in", "your account has been deleted")
        return self.store.end_others(current.account.id, keep=current.session.id_hash)

    def delete(self, current: Current, password: Any) -> None:
        """Delete the account (its password asked again): store/accounts.py says what stays."""
        self._confirm(current, password)
        self.store.delete(current.account.id, _now())

    def _confirm(self, current: Current, password: Any) -> None:
        stored = self.store.by_id(current.account.id)
        if stored is None or not stored.password_hash:
            raise GameError("not_logged_in", "your account has been deleted")
        if not isinstance(password, str) or len(password) > PASSWORD_MAX or not self._verify(stored.password_hash,
                                                                                             password):
            raise GameError("wrong_password", "that is not your current password")

    def end_idle(self) -> int:
        return self.store.end_idle(_now() - self.idle)


def summary_of_agent(agent: str) -> str:
    """A browser's User-Agent, summed up for the sessions list ("Firefox on Linux"), else its start."""
    agent = agent or ""
    browser = next((b for b, mark in (("Edge", "Edg/"), ("Opera", "OPR/"), ("Firefox", "Firefox/"),
                                      ("Chrome", "Chrome/"), ("WebKit", "AppleWebKit/")) if mark in agent), None)
    system = next((s for s, mark in (("Android", "Android"), ("iOS", "iPhone"), ("iPadOS", "iPad"),
                                     ("Windows", "Windows"), ("macOS", "Mac OS X"), ("Linux", "Linux"))
                   if mark in agent), None)
    if browser and system:
        return f"{browser} on {system}"
    return "".join(c for c in agent if c.isprintable())[:AGENT_MAX]

"""The players' mail at work (table/mail.py says who gets what): a thread that looks at each timed
game just written (told by the conductor's subscriber, subscribers/mail.py) and, on a timer, at the timed games whose deadline comes
near (the games' indexed `deadline` column), and hands the notices due to the sender (smtp.py).

Each notice is claimed in the database before it is sent (store/mail.py): of several server
processes on one database, or one restarted, exactly one sends it. A game's end drops the
addresses typed for its seats (subscribers/seats_forgotten.py), and the timer drops those of games gone.
"""

from __future__ import annotations

import hashlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from typing import Any

from ..store.interface import MailStorage
from ..store.mail import Address, account_owner
from ..store.storage import GameRecord
from ..table import clock
from ..table import mail as notices
from ..table.mail_words import Words, compose
from ..table.service import GameService
from .smtp import Sender, SmtpSettings

log = logging.getLogger("savanna.web")

SCAN_EVERY = 30.0  # seconds between looks at the timed games near their deadline (at most)
AHEAD = clock.LOW_DAYS  # how far before a deadline a game may owe a "low" notice
PER_ADDRESS = 50  # mails one address gets in a day, at most (across server processes)
FULL_EVERY = 600.0  # seconds between looks at every timed game (a "your turn" missed)
FOREVER = 10 * 365 * 86400.0
TIDY_EVERY = 3600.0  # seconds between drops of the seat addresses of games over or gone


class MailNotices:
    """See the module docstring. `now`: the service's clock (epoch seconds)."""

    def __init__(self, service: GameService, mail: MailStorage, settings: SmtpSettings, words: Words, *,
                 sender: Sender | None = None, now: Callable[[], float] | None = None,
                 scan_every: float = SCAN_EVERY, per_address: int = PER_ADDRESS):
        self.service, self.mail, self.settings, self.words = service, mail, settings, words
        self.sender = sender or Sender(settings)
        self.now = now or (lambda: getattr(service, "now", time.time)())  # (read at each use: tests set it)
        self.scan_every, self.per_address = scan_every, per_address
        self._queue: queue.Queue[str | None] = queue.Queue()  # games to check; None: stop
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._claimed: set[tuple[str, int, str, int]] = set()  # what this process has seen claimed
        self._tidied = 0.0
        self._full = float("-inf")  # (the first scan looks at every timed game)

    # ------------------------------------------------------------- told

    def look(self, game_id: str) -> None:
        """Look at a game soon (a timed game written, subscribers/mail.py; a seat's address was
        just given: its turn may be now)."""
        self._queue.put(game_id)

    # ------------------------------------------------------------- the work

    def check(self, rec: GameRecord) -> int:
        """Send the notices the game owes now: how many were handed to the sender."""
        handed = 0
        for notice in notices.due(rec, self.now()):
            key = (notice.game_id, notice.seat, notice.kind, notice.turn)
            if key in self._claimed:
                continue
            to = notices.recipient(self.mail, rec, notice.seat)
            if to is None:
                continue
            to_hash = hashlib.sha256(to.address.lower().encode("utf-8")).hexdigest()
            over = self.mail.sent_to(to_hash, datetime.now(timezone.utc) - timedelta(days=1)) >= self.per_address
            if not self.mail.claim(*key, to_hash=to_hash):
                self._claimed.add(key)
                continue
            self._claimed.add(key)
            if over:  # (anyone may type anyone's address for a seat: a flood of games is not a flood of mail)
                log.warning("mail %s game %s seat %d: skipped, its address had %d mails in a day", notice.kind,
                            rec.id, notice.seat, self.per_address)
                self.mail.done(*key, "skipped")
                continue
            account = rec.seats[notice.seat].get("account")
            by_account = isinstance(account, int) and self.mail.get(account_owner(account)) == to
            site = self.settings.site or to.site
            msg = compose(notice, rec, Address(to.address, to.lang, site), self.settings.sender, self.words,
                          by_account)
            what = f"{notice.kind} game {rec.id} seat {notice.seat} turn {notice.turn}"

            def done(sent: bool, key: tuple[str, int, str, int] = key) -> None:
                self.mail.done(*key, "sent" if sent else "failed")

            self.sender.put(msg, what, done)
            handed += 1
        return handed

    def check_game(self, game_id: str) -> float | None:
        """`check` the game as stored: when its seat to act runs low next (`next_low`)."""
        rec = self.service.store.get(game_id)
        if rec is None:
            return None
        self.check(rec)
        return self.next_low(rec)

    def next_low(self, rec: GameRecord) -> float | None:
        """When the game's running seat goes under its low-time threshold, if still to come."""
        state: dict[str, Any] | None = rec.meta.get("clock")
        ends = clock.deadline(state) if state else None
        if state is None or ends is None:
            return None
        at = ends - clock.low(state["control"])
        return at if at > self.now() else None

    def scan(self, ahead: float = AHEAD) -> float | None:
        """Look at every timed game whose deadline is less than `ahead` away and whose seat to act
        has an address (each read whole only then); when the next one not yet due comes due (its
        deadline less its low-time threshold), if any. Once every FULL_EVERY seconds, every timed
        game: a "your turn" this process or another missed (stopped between a move and its mail)."""
        now = self.now()
        if now - self._full >= FULL_EVERY:
            ahead, self._full = max(ahead, FOREVER), now
        games = self.mail.timed_games(now + ahead)
        wanted = {game_id: notices.owners(game_id, seats, seat) for game_id, seats, seat in games}
        found = self.mail.many(o for os_ in wanted.values() for o in os_)
        upcoming: list[float] = []
        for game_id, os_ in wanted.items():
            if not any(o in found for o in os_):
                continue
            rec = self.service.store.get(game_id)
            if rec is None:
                continue
            try:
                self.check(rec)
            except Exception:  # (one game's failure stops no other's mail)
                log.exception("mail: game %s: its notices failed", game_id)
                continue
            at = self.next_low(rec)
            if at is not None:
                upcoming.append(at)
        if now - self._tidied > TIDY_EVERY:
            self.tidy()
            self._tidied = now
        return min(upcoming, default=None)

    def tidy(self) -> None:
        """Drop the seat addresses of games over or gone (an end this process did not see)."""
        for game_id in self.mail.seat_games():
            rec = self.service.store.get(game_id)
            if rec is None or rec.status == "over":
                self.mail.drop_game(game_id)

    def _run(self) -> None:
        wake = 0.0  # (wall-clock time of the next scan: at once at start)
        while not self._stop.is_set():
            wait = wake - time.time()
            try:
                game_id = self._queue.get(timeout=min(self.scan_every, wait)) if wait > 0 else self._queue.get_nowait()
            except queue.Empty:
                game_id = None
            if self._stop.is_set():
                break
            try:
                if game_id is not None:
                    try:
                        at = self.check_game(game_id)
                    finally:
                        self._queue.task_done()
                    if at is not None:  # a real-time clock may run low before the next scan
                        wake = min(wake, time.time() + max(0.0, at - self.now()))
                if time.time() >= wake:
                    nxt = self.scan()
                    # (the service's clock may not be the wall's: the distance to it is what counts)
                    wake = time.time() + (self.scan_every if nxt is None else
                                          max(0.05, min(self.scan_every, nxt - self.now())))
            except Exception:  # the database away a while: again at the next look
                log.exception("mail: looking for notices failed")
                wake = time.time() + self.scan_every
            if len(self._claimed) > 100_000:
                self._claimed.clear()

    # ------------------------------------------------------------- running

    def start(self) -> None:
        self.sender.start()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="savanna-mail", daemon=True)
            self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._queue.put(None)
        if self._thread is not None:
            self._thread.join(5.0)
            self._thread = None
        self.sender.close()

    def idle(self) -> bool:
        """Nothing waits to be looked at or sent (for tests)."""
        return self._queue.unfinished_tasks == 0 and self.sender.idle()

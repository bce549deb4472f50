"""The server's mail: `savanna serve --smtp URL`, sent by the standard library's smtplib from a
thread of its own, so that a slow or dead mail server never holds up a move or the server.

    smtp://user:password@host:587?from=savanna@example.org&starttls=1
    smtps://user:password@host:465?from=savanna@example.org
    smtp://localhost:25?from=savanna@example.org&site=https://games.example.org&timeout=10

`from` is required (the mails' sender); `starttls=1` upgrades a plain connection (smtp://;
smtps:// is TLS from the start); `site` is the address the mails' links start with (default:
the server's address as the person who gave the e-mail address reached it); `timeout` seconds
a connection may take (default 10). The user and password are percent-encoded as in any URL.
A mail that cannot be sent is tried again a few times (`Sender.delays`), then given up and
logged, without the address.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
import smtplib
import ssl
import threading
from collections.abc import Callable
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

log = logging.getLogger("savanna.web")

OPTIONS = ("from", "starttls", "site", "timeout")


@dataclasses.dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    sender: str
    tls: bool = False  # smtps://: TLS from the start
    starttls: bool = False
    user: str | None = dataclasses.field(default=None, repr=False)
    password: str | None = dataclasses.field(default=None, repr=False)
    site: str = ""
    timeout: float = 10.0

    def shown(self) -> str:
        """The settings fit to log: no password."""
        scheme = "smtps" if self.tls else "smtp"
        who = f"{self.user}@" if self.user else ""
        tls = " with STARTTLS" if self.starttls else ""
        return f"{scheme}://{who}{self.host}:{self.port} from {self.sender}{tls}"


def parse_smtp(url: str) -> SmtpSettings:
    """`--smtp`'s URL read (module docstring); ValueError saying what is wrong."""
    if not isinstance(url, str) or not url.strip():
        raise ValueError("give an SMTP URL such as smtp://user:password@mail.example.org:587?from=savanna@example.org"
                         "&starttls=1")
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as e:
        raise ValueError(f"not an SMTP URL: {e}") from None
    if parts.scheme not in ("smtp", "smtps"):
        raise ValueError(f"an SMTP URL starts with smtp:// or smtps://, not {parts.scheme or 'nothing'}://")
    if not parts.hostname:
        raise ValueError("the SMTP URL names no host (smtp://HOST:PORT?from=...)")
    try:
        query = parse_qs(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query))
    except ValueError:
        raise ValueError("the SMTP URL's query is not name=value pairs joined by &") from None
    wrong = sorted(set(query) - set(OPTIONS))
    if wrong:
        raise ValueError(f"the SMTP URL has no option {wrong[0]!r} (its options: {', '.join(OPTIONS)})")
    one = {k: v[-1] for k, v in query.items()}
    sender = one.get("from", "")
    if "@" not in sender:
        raise ValueError("the SMTP URL needs the mails' sender: ?from=savanna@example.org")
    flags = {"1": True, "true": True, "yes": True, "0": False, "false": False, "no": False}
    if one.get("starttls", "0").lower() not in flags:
        raise ValueError("starttls is 1 or 0")
    starttls = flags[one.get("starttls", "0").lower()]
    if parts.scheme == "smtps" and starttls:
        raise ValueError("smtps:// is TLS from the start: starttls is for smtp://")
    try:
        timeout = float(one.get("timeout", "10"))
    except ValueError:
        timeout = -1.0
    if not 0.5 <= timeout <= 300:
        raise ValueError("timeout is from 0.5 to 300 seconds")
    site = one.get("site", "").rstrip("/")
    if site and urlsplit(site).scheme not in ("http", "https"):
        raise ValueError("site is the server's address as people reach it, e.g. https://games.example.org")
    return SmtpSettings(host=parts.hostname, port=port or (465 if parts.scheme == "smtps" else 25), sender=sender,
                        tls=parts.scheme == "smtps", starttls=starttls,
                        user=unquote(parts.username) if parts.username else None,
                        password=unquote(parts.password) if parts.password else None, site=site, timeout=timeout)


def deliver(settings: SmtpSettings, msg: EmailMessage) -> None:
    """Send one mail now (smtplib; raises what it raises)."""
    context = ssl.create_default_context()
    if settings.tls:
        client: smtplib.SMTP = smtplib.SMTP_SSL(settings.host, settings.port, timeout=settings.timeout, context=context)
    else:
        client = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout)
    with client:
        if settings.starttls:
            client.starttls(context=context)
        if settings.user:
            client.login(settings.user, settings.password or "")
        client.send_message(msg)


class Sender:
    """Mails sent one after the other from a thread of its own, each tried `1 + len(delays)` times."""

    def __init__(self, settings: SmtpSettings, delays: tuple[float, ...] = (5.0, 30.0, 120.0),
                 send: Callable[[SmtpSettings, EmailMessage], None] = deliver):
        self.settings, self.delays, self.send = settings, delays, send
        self._queue: queue.Queue[tuple[EmailMessage, str, Callable[[bool], None]] | None] = queue.Queue()  # None: stop
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="savanna-mail-send", daemon=True)
            self._thread.start()

    def close(self, wait: float = 5.0) -> None:
        self._stop.set()
        self._queue.put(None)
        if self._thread is not None:
            self._thread.join(wait)
            self._thread = None

    def put(self, msg: EmailMessage, what: str, done: Callable[[bool], None]) -> None:
        """Send `msg` (`what` names it in the log: never the address); `done(sent)` after."""
        self._queue.put((msg, what, done))

    def idle(self) -> bool:
        return self._queue.unfinished_tasks == 0

    def _run(self) -> None:
        while not self._stop.is_set():
            item = self._queue.get()
            try:
                if item is not None:
                    self._one(*item)
            finally:
                self._queue.task_done()

    def _one(self, msg: EmailMessage, what: str, done: Callable[[bool], None]) -> None:
        sent = False
        for attempt, pause in enumerate((0.0, *self.delays)):
            if pause and self._stop.wait(pause):
                break
            try:
                self.send(self.settings, msg)
                sent = True
                break
            except (OSError, smtplib.SMTPException) as e:  # (its text may name the address: not logged)
                code = getattr(e, "smtp_code", None)
                log.warning("mail %s: try %d failed: %s%s", what, attempt + 1, type(e).__name__,
                            f" {code}" if code else "")
        if sent:
            log.info("mail %s sent", what)
        else:
            log.warning("mail %s given up", what)
        try:
            done(sent)
        except Exception:
            log.exception("mail %s: noting it failed", what)

"""The notices' mails, written in the person's language: the sentences are English here, marked
N_() for the pages' catalogues (babel.cfg; the translations are in locale/<lang>/messages.po),
and translated by the catalogue the caller hands over (edge/i18n.py's, by app.py)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

from savanna import games

from ..store.mail import Address
from ..store.storage import GameRecord
from .mail import Notice, ascii_address

Words = Callable[[str], dict[str, Any]]  # lang -> {msgid: translation}


def N_(text: str) -> str:
    return text


TURN_SUBJECT = N_("Your turn in {game}")
TURN_BODY = N_("It is your turn in the game of {game} with {players}.")
TURN_UNTIL = N_("Your turn ends at {deadline}.")
LOW_SUBJECT = N_("Your time runs low in {game}")
LOW_BODY = N_("Your time runs low in the game of {game} with {players}: {left} left.")
OPEN = N_("Open the game: {link}")
BROWSER = N_("(Open it in the browser where you play this seat, or with your join link.)")
STOP_ACCOUNT = N_("You get this mail because your account has an e-mail address. To stop these mails, remove it on your account page: {link}")
STOP_SEAT = N_("You get this mail because you gave an e-mail address for your seat in this game. To stop these mails, remove it on the game's page, under \"E-mail me when it is my turn\".")


def duration(seconds: float) -> str:
    """A time left, the same in every language: 2 d 3 h, 11 h 59 min, 4 min 05 s, 45 s."""
    s = max(0, int(seconds))
    d, h, m = s // 86400, s % 86400 // 3600, s % 3600 // 60
    if d:
        return f"{d} d {h} h"
    if h:
        return f"{h} h {m:02d} min"
    if m:
        return f"{m} min {s % 60:02d} s"
    return f"{s} s"


def when(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def compose(notice: Notice, rec: GameRecord, to: Address, sender: str, words: Words, account: bool) -> EmailMessage:
    """The mail of `notice` to `to` (its language and site), from `sender`; `account`: the address
    is the account's (else the seat's own), which says how to stop the mails."""
    table = words(to.lang) if to.lang != "en" else {}

    def say(text: str, **kw: Any) -> str:
        return (table.get(text) or text).format(**kw)

    try:
        title = games.spec(rec.game).title
    except ValueError:
        title = rec.game
    players = ", ".join(s["name"] for i, s in enumerate(rec.seats) if i != notice.seat)
    link = f"{to.site.rstrip('/')}/play/{rec.id}"
    if notice.kind == "turn":
        subject = say(TURN_SUBJECT, game=title)
        lines = [say(TURN_BODY, game=title, players=players)]
        if notice.deadline is not None:
            lines.append(say(TURN_UNTIL, deadline=when(notice.deadline)))
    else:
        subject = say(LOW_SUBJECT, game=title)
        lines = [say(LOW_BODY, game=title, players=players, left=duration(notice.left or 0))]
    lines += ["", say(OPEN, link=link)]
    if not account:
        lines.append(say(BROWSER))
    lines += ["", "-- ", say(STOP_ACCOUNT, link=f"{to.site.rstrip('/')}/account") if account else say(STOP_SEAT)]
    msg = EmailMessage()
    msg["Subject"] = subject
    msg["From"] = sender
    msg["To"] = ascii_address(to.address)
    msg["Date"] = formatdate(localtime=False)
    msg["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies
    msg["Content-Language"] = to.lang
    msg.set_content("\n".join(lines) + "\n")
    return msg

"""The conductor: every change to a game goes down through it, and what follows comes back up
through it, one way each.

    edge        a request or socket message, parsed and checked, handed here
    conductor   in the pool of moves: the table's `handle(concern, ...)`, which takes the
                game's lock, checks, stores (the store), releases the lock and returns
                (its answer, [events]) (table/events.py)
                then, in the loop: the game's viewers get their new views (publishing.py)
                (a deleted game's, by its creator or expired, are told and closed),
                and last the subscribers are handed the events, outside any lock: first those
                of the loop (computer play: a computer seat to act is let move), then those of
                a worker thread (ratings, mail, hints, reviews) (live/subscribers/, declared in
                app.py)

A subscriber that fails is logged and the others still run; a request's answer waits for them
(a rated game's last move answers once its ratings are settled). The computer seats' moves and
the clocks' flag falls come through here too, so that their events are told alike, and so do
the writes other servers sharing the database made (live/sync.py: Notified). `run` is the same
without the loop (tools, tests, a thread of the server's own): the loop's subscribers are not told.

What is not a subscriber: the notice to the other servers of a write (store/storage.py's
`tell_others`). It is sent in the write's own statement or transaction, so that it is delivered
at the write's commit, never without it nor after a later write's; sent by a subscriber, it would
be a transaction of its own after the lock is released.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from ..table import claims, takeback
from ..table import resign as resigning
from ..table.events import Deleted, Event, Outcome
from .subscribers import Subscriber

log = logging.getLogger("savanna.web")

# what a deleted game's connections are told before they are closed
DELETED = "the game was deleted by its creator"
EXPIRED = "the game was deleted: nobody moved in it or watched it for too long"


def act(service: Any, game_id: str, token: Any, action: Any, version: Any = None) -> Any:
    """A seat's action (the table's `act`), as a concern the conductor hands the table."""
    return service.act(game_id, token, action, version)


def computer_move(service: Any, record: Any, position: Any, action: str) -> None:
    """A computer seat's action chosen in `position` (the table's `computer_move`)."""
    service.computer_move(record, position, action)


def expire(service: Any, before: datetime, keep: list[str]) -> list[str]:
    """The unfinished games untouched since `before` deleted, but `keep` (the table's `expire`)."""
    return list(service.expire(before, keep))


def create(service: Any, **body: Any) -> Any:
    """A new game (the table's `create`: its Created answer, with the tokens)."""
    return service.create(**body)


def import_game(service: Any, **body: Any) -> Any:
    """A saved game as a new one (the table's `import_game`)."""
    return service.import_game(**body)


class Conductor:
    """See the module docstring. `service`: the table (table/service.GameService, or anything
    with its `handle`); `live`: the LiveGames whose connections see the games (its pool of moves,
    `publish`, `publish_after`, `gone`; None: nobody to show, as in `run`); `subscribers`: those
    told of each event in a worker thread, in order, and `in_loop` those told first, in the loop
    (app.py declares them; `subscribe` adds more)."""

    def __init__(self, service: Any, live: Any = None, subscribers: Iterable[Subscriber] = (),
                 in_loop: Iterable[Subscriber] = ()):
        self.service = service
        self.live = live
        self.subscribers: list[Subscriber] = list(subscribers)
        self.in_loop: list[Subscriber] = list(in_loop)

    def subscribe(self, *subscribers: Subscriber, in_loop: bool = False) -> None:
        """Tell `subscribers` of every event from now on: in a worker thread, or (`in_loop`:
        quick ones, handing on to asyncio) in the event loop, before the others."""
        (self.in_loop if in_loop else self.subscribers).extend(subscribers)

    # ------------------------------------------------------ the way back up

    def wanted(self, events: Iterable[Event], subscribers: Iterable[Subscriber] | None = None
               ) -> list[tuple[Event, Subscriber]]:
        """Each (event, subscriber) where the subscriber (default: the worker thread's) wants the
        event, in order."""
        subs = list(self.subscribers if subscribers is None else subscribers)
        return [(event, s) for event in events for s in subs
                if getattr(s, "wants", None) is None or s.wants(event)]  # (a plain callable wants every event)

    def tell(self, events: Iterable[Event], subscribers: Iterable[Subscriber] | None = None) -> None:
        """Hand each event to every subscriber (default: the worker thread's) that wants it; one
        that fails is logged and the others still run (a rated game's settlement that fails is
        caught up by live/ratings.py's sweep)."""
        self._hand(self.wanted(events, subscribers))

    @staticmethod
    def _hand(pairs: list[tuple[Event, Subscriber]]) -> None:
        for event, subscriber in pairs:
            try:
                subscriber(event)
            except Exception:
                log.exception("game %s: what follows %s failed (%s)", event.game_id, type(event).__name__,
                              type(subscriber).__name__)

    async def told(self, outcome: Outcome) -> None:
        """`tell` the outcome's events: first to the loop's subscribers, here, then to the others
        in a worker thread (they write to the database), if any of them wants one of the events
        (most moves: none, and no thread is crossed)."""
        if outcome.events and self.in_loop:
            self.tell(outcome.events, self.in_loop)
        pairs = self.wanted(outcome.events)
        if pairs:
            await asyncio.to_thread(self._hand, pairs)

    # ------------------------------------------------------ the way down

    def run(self, concern: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`concern(service, *args)` here and now, its events told: its answer (no viewer is shown)."""
        outcome = self.service.handle(concern, *args, **kwargs)
        self.tell(outcome.events)
        return outcome.value

    async def handle(self, concern: Callable[..., Any], *args: Any, **kwargs: Any) -> Outcome:
        """The table's `handle` in the pool of moves: (answer, events), nothing published or told yet."""
        outcome: Outcome = await self.live.work(lambda: self.service.handle(concern, *args, **kwargs))
        return outcome

    async def change(self, game_id: str, concern: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`concern(service, game_id, *args)`: a change of the game (a takeback, an answer, a
        resignation, a claim, a hint noted; table/): then its connections see it, and the
        subscribers are told (a computer seat to act moves: a resigned seat's computer may be).
        Its answer (GameError if refused: nothing changed, no one is told)."""
        outcome = await self.handle(concern, game_id, *args, **kwargs)
        await self.live.publish(game_id)
        await self.told(outcome)
        return outcome.value

    async def act(self, game_id: str, token: Any, action: Any, version: Any = None) -> Any:
        """Play the seat's action (GameError if refused); its connections get the new views in
        the same trip to the pool (publishing.py's publish_after), then the subscribers are told."""
        outcome = await self.live.publish_after(game_id, lambda: self.service.handle(act, game_id, token, action,
                                                                                     version), record=_record)
        await self.told(outcome)
        return outcome.value

    async def computer_move(self, record: Any, position: Any, action: str) -> None:
        """Store a computer seat's action (nothing if someone moved first); the viewers see it."""
        outcome = await self.handle(computer_move, record, position, action)
        await self.live.publish(record.id)
        await self.told(outcome)

    async def create(self, **body: Any) -> Any:
        """Create a game (the table's `create`'s keywords): its Created answer (told: a computer
        seat may sit first)."""
        outcome = await self.handle(create, **body)
        await self.told(outcome)
        return outcome.value

    async def import_game(self, **body: Any) -> Any:
        """Import a saved game (the table's `import_game`'s keywords): its Created answer."""
        outcome = await self.handle(import_game, **body)
        await self.told(outcome)
        return outcome.value

    # ------------------------------------------------------ the room's commands (table/)

    async def take_back(self, game_id: str, token: Any, seat: Any = None, version: Any = None) -> Any:
        """Take back the seat's last turn, or ask for it (takeback.take_back): (record, outcome)."""
        return await self.change(game_id, takeback.take_back, token, seat, version)

    async def answer(self, game_id: str, token: Any, accept: Any, moves: Any = None) -> Any:
        """Answer the takeback asked for (takeback.answer): (record, outcome)."""
        return await self.change(game_id, takeback.answer, token, accept, moves)

    async def resign(self, game_id: str, token: Any, seat: Any = None) -> Any:
        """Resign the token's seat (table/resign.py's resign): (record, outcome)."""
        return await self.change(game_id, resigning.resign, token, seat)

    async def claim(self, game_id: str, token: Any, account: int, name: str) -> Any:
        """Claim a join link's seat for an account (claims.claim): (record, seat, outcome)."""
        return await self.change(game_id, claims.claim, token, account, name)

    async def take_seat(self, game_id: str, seat: Any, account: int, name: str) -> Any:
        """Take an open seat for an account (claims.take): (record, outcome)."""
        return await self.change(game_id, claims.take, seat, account, name)

    async def delete(self, game_id: str, token: Any, concern: Callable[..., Any] = resigning.delete) -> Any:
        """Delete the unfinished game by its creator's token (table/resign.py's delete): its
        connections here are told and closed (the other servers' when they hear of it,
        cluster.py), then the subscribers."""
        outcome = await self.handle(concern, game_id, token)
        await self.deleted(outcome)
        await self.told(outcome)
        return outcome.value

    async def expire(self, before: datetime, keep: Iterable[str] = ()) -> list[str]:
        """Delete the unfinished games untouched since `before`, but those in `keep` (the table's
        `expire`; live/expiry.py's sweep): each one's connections here are told and closed, then
        the subscribers hear of each Deleted, as of a deletion by its creator. The ids deleted.
        (In a worker thread of its own, not the pool of moves: a sweep may delete many games.)"""
        outcome = await asyncio.to_thread(self.service.handle, expire, before, list(keep))
        await self.deleted(outcome)
        await self.told(outcome)
        return list(outcome.value)

    async def deleted(self, outcome: Outcome) -> None:
        """The connections of each game the outcome deleted are told why, and closed."""
        for event in outcome.events:
            if isinstance(event, Deleted):
                await self.live.gone(event.game_id, EXPIRED if event.expired else DELETED)


def _record(outcome: Outcome) -> Any:
    return outcome.value

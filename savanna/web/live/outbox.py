"""What waits to be sent on one WebSocket connection: bounded, with whole views collapsed.

A client that reads slower than its messages come (or not at all) must not make the server
keep them without end: 40 clients that never read, each asking for the 52 KB whole view ten
times a second, took a server from 102 to 484 MB. So an outbox holds at most `max_bytes`
(and `max_messages`; any one message fits an empty outbox); `put` says when a message does
not fit, and the connection is then closed.

A whole view supersedes every view and patch queued before it: the client's copy is that
view once it arrives, and patches queued after it apply to it. So they are dropped, and a
client that asks for the whole view again and again while not reading holds one. The other
messages (replies, errors) keep their order. A dropped whole view's "ref" goes to the newest
one when that has none of its own, so that the request is still answered; of two requests
with refs both waiting, the later one is answered.
"""

from __future__ import annotations

import sys
from collections import deque

from .feed import Whole

QUEUE_BYTES = 1024 * 1024  # waiting for one connection before it is closed as too slow
QUEUE_MESSAGES = 256


class Outbox:
    """Messages for one connection, oldest first: text, or a `Whole` view made text when taken."""

    def __init__(self, max_bytes: int = QUEUE_BYTES, max_messages: int = QUEUE_MESSAGES):
        self.max_bytes, self.max_messages = max_bytes, max_messages
        self._items: deque[tuple[str | Whole, bool, int]] = deque()  # (message, a view?, size)
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def put(self, message: str | Whole, view: bool = False) -> bool:
        """Queue a message (`view`: a patch; a Whole is a view). False if it does not fit: then
        nothing is queued, and the connection is to be closed."""
        if isinstance(message, Whole):
            self._collapse(message)
            size, view = message.size, True
        else:
            size = sys.getsizeof(message)
        if self._items and (self.bytes + size > self.max_bytes or len(self._items) >= self.max_messages):
            return False  # (one message alone always fits: a view larger than the bound still goes)
        self._items.append((message, view, size))
        self.bytes += size
        return True

    def _collapse(self, whole: Whole) -> None:
        """Drop the views and patches that `whole` supersedes (see the module docstring)."""
        if not any(view for _, view, _ in self._items):
            return
        kept: deque[tuple[str | Whole, bool, int]] = deque()
        ref = None
        for item in self._items:
            message, view, size = item
            if not view:
                kept.append(item)
                continue
            self.bytes -= size
            if isinstance(message, Whole) and message.ref is not None:
                ref = message.ref
        self._items = kept
        if whole.ref is None:
            whole.ref = ref

    def pop(self) -> str | None:
        """The oldest message as text (None: there is none)."""
        if not self._items:
            return None
        message, _, size = self._items.popleft()
        self.bytes -= size
        return message.text() if isinstance(message, Whole) else message

    def views(self) -> int:
        """How many whole views are waiting (for tests)."""
        return sum(isinstance(m, Whole) for m, _, _ in self._items)

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

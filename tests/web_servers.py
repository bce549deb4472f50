"""What the tests of real server processes share: a GET that must answer 200, and waiting
for a condition that asks the servers (in a thread: it blocks)."""

from __future__ import annotations

import asyncio
import time

from web_remote import request


def get(server, path):
    status, body = request(server.base, "GET", path)
    assert status == 200, (path, status, body)
    return body


async def wait_until(pred, timeout, what):
    deadline = time.monotonic() + timeout
    while not await asyncio.to_thread(pred):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.05)

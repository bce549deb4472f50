"""A flood of logins waits its turn for the password hasher: a server process hashes at most
`edge/accounts.py HASHING` passwords at once, and the rest wait in the event loop, not in the
threads that games' moves and the lobby use, so the lobby answers during the flood."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("argon2")

from argon2 import PasswordHasher
from fastapi.testclient import TestClient

from savanna.web import create_app
from savanna.web.edge import accounts as edge_accounts

PASSWORD = "savanna-lion-42"
HASH_SECONDS = 0.15


class SlowHasher(PasswordHasher):
    """argon2's hasher, cheap, made to take HASH_SECONDS a call, counting the calls at once."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=1024, parallelism=1)
        self.lock = threading.Lock()
        self.now = 0
        self.peak = 0
        self.calls = 0

    def _slow(self, fn, *args):
        with self.lock:
            self.now += 1
            self.calls += 1
            self.peak = max(self.peak, self.now)
        try:
            time.sleep(HASH_SECONDS)
            return fn(*args)
        finally:
            with self.lock:
                self.now -= 1

    def hash(self, password, *, salt=None):
        return self._slow(super().hash, password)

    def verify(self, hash, password):
        return self._slow(super().verify, hash, password)


@pytest.mark.parametrize("at_once", [1, 2])
def test_a_flood_of_logins_hashes_a_few_at_a_time_and_the_lobby_still_answers(tmp_path, monkeypatch, at_once):
    monkeypatch.setattr(edge_accounts, "HASHING", at_once)
    hasher = SlowHasher()
    app = create_app(f"sqlite:///{tmp_path / 'flood.db'}", autoplay=False, password_hasher=hasher,
                     login_limit="none", register_limit="none")
    with TestClient(app, raise_server_exceptions=False) as c:
        assert c.post("/api/accounts", json={"name": "Zaza", "password": PASSWORD}).status_code == 201
        hasher.peak = hasher.calls = 0
        logins = 4 * at_once + 4

        def login(i: int) -> int:
            wrong = "" if i % 2 else "-wrong"
            return c.post("/api/session", json={"name": "Zaza", "password": PASSWORD + wrong}).status_code

        with ThreadPoolExecutor(logins) as pool:
            started = time.monotonic()
            flood = [pool.submit(login, i) for i in range(logins)]
            time.sleep(HASH_SECONDS)  # the flood has begun
            t = time.monotonic()
            lobby = c.get("/api/games")
            lobby_took = time.monotonic() - t
            codes = [f.result() for f in flood]
            flood_took = time.monotonic() - started
    assert lobby.status_code == 200
    assert sorted(set(codes)) == [200, 401]
    assert hasher.calls == logins
    assert hasher.peak == at_once  # never more at once, and the limit is reached
    # the logins queue: the flood takes its hashes' time in turns, the lobby does not wait for them
    assert flood_took >= logins * HASH_SECONDS / at_once * 0.9
    assert lobby_took < flood_took / 3

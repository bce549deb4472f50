"""The app's table driven as the server drives it: each write through the app's conductor
(live/conductor.py), so that what follows it (ratings settled, mail, reviews queued: its
subscribers) happens as after a request's. Reads are the table's own.

    service = conducted(app)
    service.act(game_id, token, action)          # GameService.act, its events told
    service.run(resigning.resign, game_id, token)  # any concern of the table, alike
"""

from __future__ import annotations

from typing import Any

from savanna.web.table.service import GameService


class Conducted:
    def __init__(self, service: GameService, conductor: Any):
        self.service, self.conductor = service, conductor

    def __getattr__(self, name: str) -> Any:
        return getattr(self.service, name)

    def run(self, concern: Any, *args: Any, **kwargs: Any) -> Any:
        return self.conductor.run(concern, *args, **kwargs)

    def act(self, *args: Any, **kwargs: Any) -> Any:
        return self.run(GameService.act, *args, **kwargs)

    def computer_step(self, game_id: str) -> bool:
        return self.run(GameService.computer_step, game_id)

    def create(self, **kwargs: Any) -> Any:
        return self.run(GameService.create, **kwargs)


def conducted(app: Any) -> Conducted:
    return Conducted(app.state.parts.service, app.state.parts.conductor)

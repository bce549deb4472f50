"""A stored game's position: the engine's game rebuilt from its settings and actions, with
what the room and its views need besides (the turn of each action, the scores after each
turn, what each action scored). The only web module a computer search's worker imports."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from savanna import games


@dataclass
class Position:
    """An engine game rebuilt from its actions, with what the view needs besides:
    the turn of each action and the scores after each turn. Never changed once
    made (cached positions are shared): `advanced` returns a new one."""

    game: Any
    turns: list[int] = field(default_factory=list)  # turn number (from 1) of each action
    score_history: list[dict[str, Any]] = field(default_factory=list)
    events: list[list[dict[str, Any]]] = field(default_factory=list)  # what each action scored (apply_explained)

    @property
    def turn(self) -> int:
        """The turn being played now (from 1): the entries but the final one, which only the
        game's end adds, last. (Counted without a walk: a replay asks it at every action.)"""
        h = self.score_history
        return len(h) - (1 if h[-1]["final"] else 0)

    @classmethod
    def start(cls, game: Any) -> Position:
        return cls(game, [], [{"turn": 0, "seat": None, "moves": 0, "scores": game.scores, "final": False}])

    @classmethod
    def rebuild(cls, name: str, settings: dict[str, Any], actions: Iterable[str], what: str = "game") -> Position:
        """New game of the game `name` from stored settings, then every action through the engine."""
        try:
            game = games.spec(name).rebuild(settings)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{what}: {e}") from None
        pos = cls.start(game)
        for i, a in enumerate(actions):
            try:
                pos._apply(a)
            except ValueError as e:
                raise ValueError(f"{what}: action {i + 1} ({a!r}) cannot be replayed: {e}") from None
        return pos

    def caught_up(self, actions: Sequence[str]) -> Position | None:
        """This position after the actions of `actions` past its own, if its own are the first
        of them (else None: rebuild instead)."""
        done = len(self.game.history)
        if len(actions) < done or [str(a) for a in self.game.history] != list(actions[:done]):
            return None
        pos = self
        try:
            for a in actions[done:]:
                pos = pos.advanced(a)
        except ValueError:
            return None  # cannot happen to a stored game; a rebuild says what is wrong
        return pos

    def advanced(self, action: str) -> Position:
        """This position after `action`; ValueError (the engine's) if it is not legal now."""
        pos = Position(self.game.clone(), self.turns[:], self.score_history[:], self.events[:])  # (entries are never changed)
        pos._apply(action)
        return pos

    def _apply(self, action: str) -> None:
        g = self.game
        turn = self.turn
        active = g.active_player
        scored = g.apply_explained(action)  # raises ValueError, changing nothing
        self.turns.append(turn)
        self.events.append(scored)
        if g.is_terminal() or g.active_player != active:
            scores = g.scores
            final = g.final_points if g.is_terminal() else None
            before = [s - f for s, f in zip(scores, final)] if final else scores
            self.score_history.append({"turn": turn, "seat": active, "moves": len(g.history), "scores": before,
                                       "final": False})
            if final is not None:
                self.score_history.append({"turn": turn, "seat": None, "moves": len(g.history), "scores": scores,
                                           "final": True})

    def summary(self) -> dict[str, Any]:
        """What the lobby and the start-up scan read of a stored game without rebuilding it."""
        g = self.game
        return {"current_player": g.current_player, "active_player": g.active_player, "phase": g.phase_name,
                "scores": g.scores, "moves": len(g.history), "turn": self.turn, "tiles_left": g.tiles_left,
                "winners": g.winners()}

"""Position evaluation, by game: each game's knowledge lives in its own module
(the one its description in `savanna.games` names), and the players ask for it
here, so greedy and search stay written once for every game.

An evaluation module offers `values(game, viewer=None) -> [expected final score
per seat]` (as seat `viewer` can know it: a game with hidden holdings must not
read the others'; None: everything in the game, as in a determinized world) and
`follow_ups(game, actions)`: the actions worth a look when a player's turn goes
on after its first decision. Optionally `outcomes(game, action)`: an action's
possible results with their chances when it reveals something hidden (a tile
turned face up), so that no player learns the hidden tile by trying the action
on a copy; and `policy(actions, rng)` for search play-outs.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from savanna import games


def _score_values(game: Any, viewer: int | None = None) -> list[float]:
    return [float(s) for s in game.scores]


GENERIC = SimpleNamespace(values=_score_values, follow_ups=lambda game, actions: actions)

_BY_TYPE: dict[type, Any] = {}  # players ask at every move: the description is read once per engine type


def evaluation_for(game: Any):
    """The evaluation module for a game object, as its game's description names it
    (score-only for a game no description claims)."""
    ev = _BY_TYPE.get(type(game))
    if ev is None:
        try:
            ev = games.spec_of(game).part("evaluation")
        except ValueError:
            ev = GENERIC
        ev = _BY_TYPE.setdefault(type(game), ev)
    return ev


def margin(values: list[float], seat: int) -> float:
    """How far `seat` is ahead of its strongest rival."""
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def outcomes(game: Any, action: Any, ev: Any) -> list[tuple[float, Any]]:
    """The positions `action` may lead to, with their chances, as the seat to act can
    know them (one position, certain, unless the module says otherwise)."""
    chance = getattr(ev, "outcomes", None)
    out = chance(game, action) if chance is not None else None
    if out is None:
        g = game.clone()
        g.apply(action)
        out = [(1.0, g)]
    return out


def expected_values(game: Any, action: Any, seat: int, ev: Any) -> list[float]:
    """The values after `action`, averaged over its outcomes, each seen through
    `seat`'s best follow-up."""
    out = outcomes(game, action, ev)
    if len(out) == 1:
        return values_after_follow_up(out[0][1], seat, ev)
    total = [0.0] * game.players
    for p, g in out:
        for s, x in enumerate(values_after_follow_up(g, seat, ev)):
            total[s] += p * x
    return total


def values_after_follow_up(game: Any, seat: int, ev: Any) -> list[float]:
    """The values of a position, seen through `seat`'s best follow-up when the same
    seat must act again this turn (a turn of two steps: the action after placing a tile)."""
    if not game.is_terminal() and game.current_player == seat:
        best = None
        for a in ev.follow_ups(game, game.legal_actions()):
            out = outcomes(game, a, ev)
            if len(out) == 1:
                v = ev.values(out[0][1], seat)
            else:
                v = [0.0] * game.players
                for p, h in out:
                    for s, x in enumerate(ev.values(h, seat)):
                        v[s] += p * x
            m = margin(v, seat)
            if best is None or m > best[0]:
                best = (m, v)
        if best is not None:
            return best[1]
    return ev.values(game, seat)


def ranked(game: Any, actions: list, seat: int, ev: Any) -> list[tuple[float, Any]]:
    """Every action with the greedy judgement of it (`seat`'s margin after it and its
    best follow-up), best first; equal judgements keep the order of `actions`."""
    out = [(margin(expected_values(game, a, seat, ev), seat), i, a) for i, a in enumerate(actions)]
    out.sort(key=lambda t: (-t[0], t[1]))
    return [(m, a) for m, _, a in out]


def greedy_action(game: Any, actions: list, ev: Any, rng: random.Random) -> Any:
    """The greedy player's choice: the action with the best judgement, ties broken by `rng`."""
    if len(actions) == 1:
        return actions[0]
    seat = game.current_player
    best = float("-inf")
    choice: list = []
    for a in actions:
        v = margin(expected_values(game, a, seat, ev), seat)
        if v > best + 1e-9:
            best, choice = v, [a]
        elif v > best - 1e-9:
            choice.append(a)
    return rng.choice(choice)

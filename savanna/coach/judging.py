"""The judge: the expected final margin of a position's best moves and of the move played.

The root of the players' search (savanna/ai/mcts.py) with the move played kept in every round:
all candidates are played out in the same worlds, each dealt by `game.determinize(rng)` from
what the seat to act can know, so the difference between two moves is not the luck of the deal
and nothing hidden (the stack, another seat's holdings) changes the judgement. The root's moves
are ranked in such a world too: a tile or token drawn while trying a move on a copy is never
the real one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from savanna.ai.evaluation import evaluation_for, ranked
from savanna.ai.mcts import MCTSPlayer, Node
from savanna.chance import CHANCE


@dataclass(frozen=True)
class Candidate:
    """A move judged: its expected final margin over the strongest rival (points), the play-outs
    behind that, and the rest of the seat's own turn the search preferred after it."""

    action: str
    margin: float
    visits: int
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Judgement:
    """`moves` best first, as the rounds of halving ranked them (those that lasted longest first,
    each round's by margin; the move played, kept past its round, ranks in it unless it lasted
    on its merits); `played` is among them; `loss` = best margin - played margin, >= 0."""

    seat: int
    moves: tuple[Candidate, ...]
    played: Candidate | None
    loss: float
    iterations: int
    seconds: float


def active(game: Any) -> Any:
    return getattr(game, "active_player", game.current_player)


def find(actions: list, played: Any) -> Any:
    """The legal action `played` names (ValueError naming it if none)."""
    for a in actions:
        if a == played:
            return a
    raise ValueError(f"{played!r} is not a legal action here")


def judge(game: Any, played: Any = None, *, time: float | None = None, iterations: int | None = None,
          seed: int = 0, k: int = 8, clock: str = "wall") -> Judgement:
    """Judge the decision of the seat to act in `game` (not changed): the greedy judgement's
    best `k` moves and `played`, by sequential halving as the players search (`time` seconds
    and/or `iterations` play-outs; neither: one second)."""
    seat = game.current_player
    if game.is_terminal() or seat is None or seat == CHANCE:
        raise ValueError("nothing to judge: no seat is to decide here")
    player = MCTSPlayer(seed=seed, time=time, iterations=iterations, k=k, clock=clock)
    start = player.clock()
    rng = random.Random(seed)
    view = game.determinize(rng)  # the root judged in a world of what the seat knows: never the real one
    ev = evaluation_for(view)
    actions = list(view.legal_actions())
    keep = None if played is None else find(actions, played)
    order = [a for _, a in ranked(view, actions, seat, ev)]
    moves = order[:k]
    if keep is not None and keep not in moves:
        moves.append(keep)
    if len(moves) == 1:
        nodes = {moves[0]: Node()}
        player.last_iterations = 0
        values = {moves[0]: ranked(view, moves, seat, ev)[0][0]}
    else:
        moves, nodes = player.search(view, moves, seat, ev, start, keep=keep, first=True)
        values = {a: nodes[a].mean() for a in moves}
    judged = [Candidate(str(a), values[a], nodes[a].visits, then(view, a, nodes[a], seat, ev))
              for a in moves if values[a] > float("-inf")]
    best = judged[0]
    mine = next((c for c in judged if c.action == keep), None) if keep is not None else None
    loss = max(0.0, best.margin - mine.margin) if mine is not None else 0.0
    return Judgement(seat, tuple(judged), mine, loss, player.last_iterations, player.clock() - start)


def reveals(game: Any, action: Any, ev: Any) -> bool:
    """Whether `action` turns up something hidden (its outcomes, as the evaluation knows them, are several)."""
    chance = getattr(ev, "outcomes", None)
    out = chance(game, action) if chance is not None else None
    return out is not None and len(out) > 1


def then(view: Any, move: Any, node: Node, seat: int, ev: Any) -> tuple[str, ...]:
    """The rest of the seat's turn after `move` in `view`: forced steps and the search's most
    played choices, up to the first that turns up something hidden (what follows it
    depends on what that is)."""
    if reveals(view, move, ev):
        return ()
    g = view.clone()
    turn = active(g)
    g.apply(move)
    out: list[str] = []
    while not g.is_terminal() and g.current_player == seat and active(g) == turn:
        legal = g.legal_actions()
        if len(legal) == 1:
            a = legal[0]
        else:
            tried = [(ch.visits, i, a) for i, a in enumerate(legal)
                     if (ch := node.children.get(a)) is not None and ch.visits]
            if not tried:
                break
            a = max(tried, key=lambda t: (t[0], -t[1]))[2]
            node = node.children[a]
        out.append(str(a))
        if reveals(g, a, ev):
            break
        g.apply(a)
    return tuple(out)

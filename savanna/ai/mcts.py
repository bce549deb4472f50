"""Monte Carlo tree search that plays hidden information honestly.

Information-set search from one seat's point of view: every play-out runs in a
*determinization* of the game, a copy whose hidden parts (the order of what is
still to be drawn, the face-down tiles, the other seats' holdings that an
option hides) are dealt again by `game.determinize(rng)`, so the search never
peeks.

The root's moves are the greedy judgement's best `k` (placement and follow-up
judged together, as the greedy player does), and the root spends its budget
by *sequential halving*: in rounds, every move still in play is played out in
the same freshly dealt worlds (paired comparisons: the luck of the draw is
common to all of them), and after each round the worse half goes. Below each
root move the tree covers the rest of the seat's own turn (in a turn of two
steps, the move after a placement), its moves widened
progressively in greedy order and chosen by UCB. Beyond the seat's turn,
play-outs let every seat play the greedy policy, so each move is judged by the
replies a sound opponent makes to it with the tile it actually draws, until
`depth` turns have ended (default: one round, every seat once); then the
position is valued by the game's evaluation as the seat's margin over its
strongest rival. Scoring choices that fall to another seat inside the turn are
the greedy policy's too.
"""

from __future__ import annotations

import math
import random
from time import perf_counter, process_time
from typing import Any

from savanna.chance import decision_view

from .base import chance_choice, legal_actions, register
from .evaluation import evaluation_for, greedy_action, margin, ranked


class Node:
    """A position of the seat's own turn: its moves tried so far, in greedy order."""

    __slots__ = ("children", "visits", "total", "order")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of the seat's margins over the play-outs through here
        self.order: list | None = None  # the moves here, best greedy judgement first

    def mean(self) -> float:
        return self.total / self.visits if self.visits else float("-inf")


def _active(game: Any) -> Any:
    return getattr(game, "active_player", game.current_player)


@register("mcts", options={
    "time": (float, "seconds per move (default 1)"),
    "iterations": (int, "play-outs per move instead of a time budget (with time too: whichever ends first)"),
    "k": (int, "moves searched at the root: the greedy judgement's best k (default 8)"),
    "depth": (int, "turns played out before evaluating, counted from the move (default: one per seat)"),
    "c": (float, "exploration constant below the root, in points (default 4)"),
    "widen": (float, "progressive widening below the root (default 1; 0: only greedy's follow-up)", 0),
    "playout": (str, "play-out policy: greedy (default) or fast (the game's quick default policy)"),
    "clock": (str, "what the time budget counts: wall (default) or cpu, the process's own "
                   "CPU time, so that a benchmark's figures do not depend on what else runs"),
})
class MCTSPlayer:
    """Monte Carlo tree search: sequential halving at the root, greedy play-outs."""

    name = "mcts"

    def __init__(self, seed: int | None = None, time: float | None = None, iterations: int | None = None,
                 k: int = 8, depth: int | None = None, c: float = 4.0, widen: float = 1.0,
                 playout: str = "greedy", clock: str = "wall"):
        for label, v in (("time", time), ("iterations", iterations), ("k", k), ("depth", depth), ("c", c)):
            if v is not None and not v > 0:
                raise ValueError(f"mcts: {label} must be a positive number, not {v!r}")
        if not widen >= 0:
            raise ValueError(f"mcts: widen must be a number >= 0, not {widen!r}")
        if clock not in ("wall", "cpu"):
            raise ValueError(f"mcts: clock must be wall or cpu, not {clock!r}")
        if playout not in ("greedy", "fast"):
            raise ValueError(f"mcts: playout must be greedy or fast, not {playout!r}")
        self.clock = perf_counter if clock == "wall" else process_time
        self.rng = random.Random(seed)
        self.budget = time if time is not None else (None if iterations is not None else 1.0)
        self.iterations = iterations
        self.k = k
        self.depth = depth
        self.c = c
        self.widen = widen
        self.playout = playout
        self.last_iterations = 0
        self._stop: float | None = None  # when the search under way must end (its budget spent)

    # --------------------------------------------------------------- search

    def choose(self, game: Any) -> Any:
        drawn = chance_choice(game, self.rng)
        if drawn is not None:
            return drawn
        actions = legal_actions(game)
        if len(actions) == 1:
            return actions[0]
        start = self.clock()
        game = decision_view(game, self.rng)  # an explicit-chance game: judged in a sampled world
        ev = evaluation_for(game)
        seat = game.current_player
        moves = [a for _, a in ranked(game, actions, seat, ev)[:self.k]]
        if len(moves) == 1:
            return moves[0]
        return self.search(game, moves, seat, ev, start)[0][0]

    def search(self, game: Any, moves: list, seat: int, ev: Any, start: float | None = None, *,
               keep: Any = None, first: bool = False) -> tuple[list, dict[Any, Node]]:
        """Sequential halving over `moves` (the root's, greedy order) for `seat`: every move
        still in play is played out in the same freshly dealt worlds of `game`, and after each
        round the worse half goes. Returns every move, best first (the survivors by their mean
        play-out, then those halved out, the later the better), and the root nodes.
        `keep`: a move never halved out (a judge's move played); `first`: the first world is
        played out for every move whatever the time (a judge needs a value of each)."""
        if start is None:
            start = self.clock()
        moves = list(moves)
        nodes = {a: Node() for a in moves}
        depth = self.depth or game.players
        rounds = math.ceil(math.log2(len(moves)))
        gone: list[list] = []  # the moves halved out, round by round
        kept_at = None  # the round that would have halved out `keep`
        played = 0
        # the time budget is a bound, not a wish (a clock may be running): no play-out starts that
        # the longest so far says would end past it, and one under way when it is spent stops there
        stop = self._stop = None if self.budget is None else start + self.budget
        longest = 0.0
        for r in range(rounds):
            worlds = None if self.iterations is None else \
                max(1, (self.iterations - played) // ((rounds - r) * len(moves)))
            # given both, the time budget bounds the iterations (a server caps every search so)
            end = None if self.budget is None else \
                self.clock() + (self.budget - (self.clock() - start)) / (rounds - r)
            w = 0
            while not (spent := stop is not None and self.clock() + longest >= stop
                       and not (first and played == 0)):
                world = game.determinize(self.rng)  # one deal for every move still in play
                for a in moves:
                    now = self.clock()
                    if stop is not None and now + longest >= stop and not (first and w == 0 and r == 0):
                        spent = True
                        break
                    self._iterate(world.clone(), a, nodes[a], seat, depth, ev)
                    longest = max(longest, self.clock() - now)
                    played += 1
                if spent:
                    break
                w += 1
                if (worlds is not None and w >= worlds) or (end is not None and self.clock() >= end):
                    break
            moves.sort(key=lambda a: nodes[a].mean(), reverse=True)  # (stable: untried moves stay in greedy order)
            if spent:
                break
            if r < rounds - 1:
                half = math.ceil(len(moves) / 2)
                if kept_at is None and keep in moves[half:]:
                    kept_at = len(gone)
                gone.append([a for a in moves[half:] if a != keep])
                moves = moves[:half] + [a for a in moves[half:] if a == keep]
        self.last_iterations = played
        if kept_at is not None and len(moves) > 1 and moves[-1] == keep:  # kept, not won its place:
            moves.pop()  # it ranks among the moves of the round that would have halved it out
            gone[kept_at] = sorted([*gone[kept_at], keep], key=lambda a: nodes[a].mean(), reverse=True)
        for out in reversed(gone):
            moves += out
        return moves, nodes

    def _iterate(self, world: Any, move: Any, node: Node, seat: int, depth: int, ev: Any) -> None:
        """One play-out of `move` in `world` (a determinized copy it consumes): down the
        tree of the seat's own turn, then the greedy policy; backs up the seat's margin."""
        turn = _active(world)
        world.apply(move)
        path = [node]
        while (not world.is_terminal() and world.current_player == seat and _active(world) == turn):
            if self._stop is not None and self.clock() >= self._stop:
                break
            legal = world.legal_actions()
            if len(legal) == 1:
                world.apply(legal[0])
                continue
            if node.order is None:
                node.order = [a for _, a in ranked(world, legal, seat, ev)]
            allowed = 1 + int(self.widen * math.sqrt(node.visits))
            possible = set(legal)
            here = [a for a in node.order[:allowed] if a in possible]
            if not here:  # this deal offers other moves (drawn tokens differ): play it out
                break
            a = self._select(node, here)
            world.apply(a)
            child = node.children.get(a)
            if child is None:
                child = node.children[a] = Node()
            node = child
            path.append(node)
        value = self._playout(world, seat, turn, depth, ev)
        for nd in path:
            nd.visits += 1
            nd.total += value

    def _select(self, node: Node, moves: list) -> Any:
        """UCB over margins in points; an untried move first (greedy order)."""
        best = None
        best_v = float("-inf")
        log_n = math.log(max(node.visits, 1))
        for a in moves:
            ch = node.children.get(a)
            if ch is None or ch.visits == 0:
                return a
            v = ch.total / ch.visits + self.c * math.sqrt(log_n / ch.visits)
            if v > best_v:
                best, best_v = a, v
        return best

    # ------------------------------------------------------------- play-out

    def _playout(self, world: Any, seat: int, turn: Any, depth: int, ev: Any) -> float:
        """Every seat plays the policy until `depth` turns have ended since the root's;
        the seat's margin over its strongest rival, final or evaluated."""
        rng = self.rng
        ended = 0
        fast = getattr(ev, "policy", _fast_policy) if self.playout == "fast" else None
        stop = self._stop
        while not world.is_terminal():
            if stop is not None and self.clock() >= stop:
                break  # (valued as it stands: the time is spent)
            active = _active(world)
            if active != turn:
                ended += 1
                turn = active
                if ended >= depth:
                    break
            actions = world.legal_actions()
            if fast is not None:
                world.apply(actions[0] if len(actions) == 1 else fast(actions, rng))
            else:
                world.apply(greedy_action(world, actions, ev, rng))
        if world.is_terminal():
            return margin([float(s) for s in world.scores], seat)
        return margin(ev.values(world), seat)


def _fast_policy(actions: list, rng: random.Random) -> Any:
    """Fast and not silly: meeples and token additions often, ranger moves rarely."""
    kind = getattr(actions[0], "kind", None)
    if kind in ("T", "R>"):
        return rng.choice(actions)
    if kind == "+":
        return actions[-1] if rng.random() < 0.7 else actions[0]
    meeples = [a for a in actions if getattr(a, "kind", None) == "M"]
    r = rng.random()
    if meeples and r < 0.6:
        return rng.choice(meeples)
    if r < 0.85:
        return actions[-1] if getattr(actions[-1], "kind", None) == "pass" else rng.choice(actions)
    return rng.choice(actions)

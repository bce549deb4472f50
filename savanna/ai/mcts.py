"""Monte Carlo tree search that plays hidden information honestly.

Information-set MCTS (single observer): every iteration draws a
*determinization* of the game, a copy whose hidden parts (the order of the
land tile stack and of the face-down token pile) are reshuffled by
`game.determinize(rng)` (Africa: the face-down tiles, and under its
hidden-treasure option the other seats' gold and gems), so the search never
peeks at the real stack. One tree
is shared by all determinizations: a node's children are the actions played
there in any of them, and selection uses UCB with availability counts
(a child is scored against the iterations in which it was legal).

Every node keeps a reward per seat, and the seat to move at a node chooses by
its own reward, so scoring choices that fall to a seat other than the active
one are searched like any move. Play-outs run a fast default policy for a few
turns, then the position is valued by the game's evaluation and turned into a
win chance per seat.

Branching is large (dozens of placements, hundreds of digs), so nodes widen
progressively: a node with N visits has about `widen * sqrt(N)` children, the
most promising first (at the root by the greedy evaluation; deeper by the kind
of action: meeples and scoring before pass, before watering holes, before
ranger moves).
"""

from __future__ import annotations

import math
import random
from time import perf_counter, process_time
from typing import Any

from .base import legal_actions, register
from .evaluation import evaluation_for, expected_values

# Order in which untried actions are expanded below the root, by kind.
KIND_PRIORITY = {"M": 0, "+": 0, "T": 1, "pass": 1, "X": 2, "D": 3, "R>": 4, "R": 5}


class Node:
    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self, players: int):
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = [0.0] * players
        self.avail = 0


@register("mcts", options={
    "time": (float, "seconds per move (default 1)"),
    "iterations": (int, "iterations per move instead of a time budget"),
    "c": (float, "exploration constant (default 0.4)"),
    "depth": (int, "play-out length in turns before evaluating (default 1: finish the turn)", 0),
    "widen": (float, "progressive widening factor (default 2)"),
    "scale": (float, "points of lead that make a 73% win chance at a leaf (default 8)"),
    "prior": (int, "visits the greedy judgement of a root move is worth (default 10)", 0),
    "clock": (str, "what the time budget counts: wall (default) or cpu, the process's own "
                   "CPU time, so that a benchmark's figures do not depend on what else runs"),
})
class MCTSPlayer:
    """Information-set Monte Carlo tree search with evaluated play-outs."""

    name = "mcts"
    WORLDS = 64  # determinizations sampled per decision

    def __init__(self, seed: int | None = None, time: float | None = None, iterations: int | None = None,
                 c: float = 0.4, depth: int = 1, widen: float = 2.0, scale: float = 8.0, prior: int = 10,
                 clock: str = "wall"):
        for label, v in (("time", time), ("iterations", iterations), ("c", c), ("widen", widen), ("scale", scale)):
            if v is not None and not v > 0:
                raise ValueError(f"mcts: {label} must be a positive number, not {v!r}")
        if not isinstance(depth, int) or depth < 0:
            raise ValueError(f"mcts: depth must be a whole number >= 0, not {depth!r}")
        if clock not in ("wall", "cpu"):
            raise ValueError(f"mcts: clock must be wall or cpu, not {clock!r}")
        self.clock = perf_counter if clock == "wall" else process_time
        self.rng = random.Random(seed)
        self.budget = time if time is not None else (None if iterations is not None else 1.0)
        self.iterations = iterations
        self.c = c
        self.depth = depth
        self.widen = widen
        self.scale = scale
        self.prior = prior
        self.last_iterations = 0
        self._kept: tuple | None = None

    # --------------------------------------------------------------- search

    def choose(self, game: Any) -> Any:
        actions = legal_actions(game)
        if len(actions) == 1:
            return actions[0]
        ev = evaluation_for(game)
        seat = game.current_player
        root = self._kept_subtree(game, seat)
        prior = self._seed_root(game, root, actions, ev)
        start = self.clock()
        deadline = None if self.budget is None else start + self.budget
        # A fixed sample of worlds, each copied per iteration: copying is far cheaper
        # than reshuffling the hidden stack and pile every time.
        worlds = [game.determinize(self.rng) for _ in range(self.WORLDS)]
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if n % 16 == 0 and n:
                now = self.clock()
                if deadline is not None and now >= deadline:
                    break
                if n % 64 == 0 and self._decided(root, seat, n, now - start, deadline, now):
                    break
            self._iterate(worlds[n % self.WORLDS].clone(), root, prior, ev)
            n += 1
        self.last_iterations = n
        legal = set(actions)
        best = max((ch.visits, ch.reward[seat] / max(ch.visits, 1), str(a)) + (a,)
                   for a, ch in root.children.items() if a in legal)
        choice = best[-1]
        history = getattr(game, "history", None)
        self._kept = None if history is None else (list(history), choice, seat, root.children[choice])
        return choice

    def _kept_subtree(self, game: Any, seat: int) -> Node:
        """The subtree searched under this player's previous choice, when the game has
        gone on by exactly that choice and the same seat acts again (Safari: the action
        after placing a tile); else a fresh root. Its statistics came from worlds of the
        same information set, so they are a head start, not a peek."""
        kept, self._kept = self._kept, None
        history = getattr(game, "history", None)
        if kept is None or history is None:
            return Node(game.players)
        before, choice, kept_seat, node = kept
        if (kept_seat != seat or len(history) != len(before) + 1 or history[-1] != choice
                or history[:-1] != before):
            return Node(game.players)
        return node

    def _decided(self, root: Node, seat: int, n: int, elapsed: float, deadline: float | None,
                 now: float) -> bool:
        """True when the most visited move can no longer be overtaken in the budget left
        (the choice is by visits), so the rest of the budget would change nothing."""
        if self.iterations is not None:
            left = self.iterations - n
        else:
            left = (deadline - now) * n / max(elapsed, 1e-9)
        first = second = 0
        for ch in root.children.values():
            v = ch.visits
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first - second > left

    def _seed_root(self, game: Any, root: Node, actions: list, ev: Any) -> dict:
        """Start every new root child from the greedy judgement of it (looking through
        the seat's own follow-up, as the greedy player does), worth `prior` visits, so
        the search begins where greedy play would and departs from it on evidence.
        Returns the order in which the root's untried moves are expanded."""
        seat = game.current_player
        n0 = self.prior
        order = []
        for a in actions:
            v = expected_values(game, a, seat, ev)  # never tries a discovery on the real game
            chances = self._win_chances(v)
            child = root.children.get(a)
            if child is None:  # kept children keep what the search found
                child = root.children[a] = Node(game.players)
                child.visits = child.avail = n0
                child.reward = [n0 * x for x in chances]
            order.append((chances[seat], self.rng.random(), a))
        root.visits = sum(ch.visits for ch in root.children.values())
        order.sort(reverse=True)
        return {a: i for i, (_, _, a) in enumerate(order)}

    def _win_chances(self, v: list[float]) -> list[float]:
        out = []
        for s, mine in enumerate(v):
            rival = max(x for t, x in enumerate(v) if t != s)
            out.append(1.0 / (1.0 + math.exp(-(mine - rival) / self.scale)))
        return out

    def _iterate(self, world: Any, root: Node, prior: dict, ev: Any) -> None:
        """One iteration in `world`, a determinized copy of the game that it consumes."""
        rng = self.rng
        node = root
        path = [root]
        c = self.c
        while not world.is_terminal():
            legal = world.legal_actions()
            seat = world.current_player
            children = node.children
            present = [a for a in legal if a in children]
            allowed = 1 + int(self.widen * math.sqrt(node.visits))
            if len(present) < len(legal) and len(present) < allowed:
                if node is root:
                    a = min((a for a in legal if a not in children), key=prior.__getitem__)
                else:
                    untried = [a for a in legal if a not in children]
                    best_kind = min(KIND_PRIORITY.get(a.kind, 9) for a in untried)
                    a = rng.choice([a for a in untried if KIND_PRIORITY.get(a.kind, 9) == best_kind])
                child = children[a] = Node(world.players)
                for b in present:
                    children[b].avail += 1
                child.avail += 1
                world.apply(a)
                path.append(child)
                break
            log_total = 0.0
            best_v = -1.0
            best_a = None
            for a in present:
                ch = children[a]
                ch.avail += 1
            for a in present:
                ch = children[a]
                if ch.visits == 0:
                    v = float("inf")
                else:
                    log_total = math.log(ch.avail)
                    v = ch.reward[seat] / ch.visits + c * math.sqrt(log_total / ch.visits)
                if v > best_v:
                    best_v, best_a = v, a
            world.apply(best_a)
            node = children[best_a]
            path.append(node)
        reward = self._playout(world, ev)
        for nd in path:
            nd.visits += 1
            r = nd.reward
            for s, x in enumerate(reward):
                r[s] += x

    # ------------------------------------------------------------- play-out

    def _playout(self, world: Any, ev: Any) -> list[float]:
        rng = self.rng
        turns = 0
        start = world.active_player if hasattr(world, "active_player") else None
        policy = getattr(ev, "policy", self._default_policy)
        while not world.is_terminal() and turns < self.depth:
            actions = world.legal_actions()
            world.apply(policy(actions, rng))
            if hasattr(world, "active_player") and world.active_player != start:
                turns += 1
                start = world.active_player
        if world.is_terminal():
            scores = world.scores
            best = max(scores)
            tied = scores.count(best)
            return [1.0 / tied if s == best else 0.0 for s in scores]
        return self._win_chances(ev.values(world))

    @staticmethod
    def _default_policy(actions: list, rng: random.Random) -> Any:
        """Fast and not silly: meeples and token additions often, ranger moves rarely."""
        if len(actions) == 1:
            return actions[0]
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

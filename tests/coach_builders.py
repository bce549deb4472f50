"""Positions for the coach's tests: a game moved on to a decision, and a copy of it with the
same public state and another hidden one."""

from __future__ import annotations

from savanna import games
from savanna.ai import make_player


def position(name: str, seed: int, steps: int, **options):
    """A game of `name` after `steps` greedy actions, moved on to the next decision."""
    g = games.spec(name).new_game(players=2, seed=seed, **options)
    p = make_player("greedy", seed=seed)
    for _ in range(steps):
        g.apply(p.choose(g))
    while len(g.legal_actions()) < 2:
        g.apply(p.choose(g))
    return g


def hidden_shuffled(g, rng):
    """A copy of `g` with the same public state and another hidden one: the order of the
    stack and the token pile, or which tile lies under each face-down marker."""
    h = g.clone()
    if hasattr(h, "stack"):
        rng.shuffle(h.stack)
        rng.shuffle(h.pile)
    else:
        spaces = [sp for sp, d in enumerate(h.down) if d]
        tiles = [h.content[sp] for sp in spaces]
        rng.shuffle(tiles)
        for sp, t in zip(spaces, tiles):
            h.content[sp] = t
    return h


def holdings_swapped(g):
    """A copy of an Africa game under hidden treasure in which a seat other than the one to act
    holds another kind of treasure tile than it does (swapped with a face-down one), or None if
    no such swap is possible here."""
    h = g.clone()
    T = h.num_types
    treasure = [t.index for t in h.data.types if h.data.is_treasure[t.index]]
    for s in range(h.players):
        if s == h.current_player:
            continue
        for t in treasure:
            if not h.held[s * T + t]:
                continue
            for sp, down in enumerate(h.down):
                u = h.content[sp]
                if down and u in treasure and u != t:
                    h.held[s * T + t] -= 1
                    h.held[s * T + u] += 1
                    h.content[sp] = t
                    return h
    return None

"""Helpers for the Africa tests: games set up on the real map with a fixed
tile layout, and short ways to drive them."""

from __future__ import annotations

from savanna import africa

CITIES = ("f1", "l2", "b4", "m8", "i12")  # Algiers, Cairo, Dakar, Zanzibar, Cape Town


def game(layout=None, revealed=None, players=2, first=0, cities=CITIES, hidden=False, seed=7, place=True):
    """A game with `layout` ({space: tile id}) face down, `revealed` spaces face up, seat `first`
    to start, and (if `place`) explorers on `cities` in placing order (the first player first)."""
    g = africa.new_game(players=players, seed=seed, first_player=first, tile_layout=layout, revealed=revealed,
                        hidden_treasure=hidden)
    if place:
        for c in cities[:players]:
            g.apply("P" + c)
    return g


def play(g, *actions):
    for a in actions:
        g.apply(a)


def pass_turn(g):
    """The seat to move stays put and does nothing, twice."""
    e = g.explorers()[g.current_player]
    play(g, "S" + e, "pass", "S" + e, "pass")


def to_seat(g, seat):
    """Pass turns until `seat` is to move."""
    while g.current_player != seat:
        pass_turn(g)


def legal(g):
    return sorted(str(a) for a in g.legal_actions())

"""The animal token supply: a face-down pile, its discards, and reshuffling.

When a token must be drawn and the pile is empty, the discards are shuffled
into a new pile; with none there either, nothing is drawn. Every shuffle comes
from the game's seed, so a game is reproducible from its seed and actions.
At the end, each token in a player's supply scores 1.

The functions taking `g` read and change a `Game`'s token state: `pile` and
`discards` (animal indices, the pile's top at its end), `reshuffles`, and
`hands` (seat-major rows of `num_animals` counts).
"""

from __future__ import annotations

import random
from typing import TypeVar

from savanna.chance import EXPLICIT
from savanna.limits import at_most, short

from . import actions as act
from . import limits
from .state import State
from .actions import Action
from .tileset import TileSet

T = TypeVar("T")


def shuffled(seed: int, what: str, items: list[T]) -> list[T]:
    """A copy of `items` shuffled by a generator named for seed and purpose.

    The steps of CPython 3.11's `Random.shuffle` (Fisher-Yates, each index drawn
    by rejection from `getrandbits`), written out: the deal of every saved game
    depends on them, so they are the project's, not the interpreter's, and a
    new game starts without a method call per card."""
    out = list(items)
    getrandbits = random.Random(f"safari/{seed}/{what}").getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]
    return out


def initial_pile(seed: int, counts: tuple[int, ...], order: list[int]) -> list[int]:
    """The face-down pile, top at the end: `order` first, the rest shuffled."""
    rest = list(counts)
    for a in order:
        rest[a] -= 1
    pool = [a for a, n in enumerate(rest) for _ in range(n)]
    top_first = list(order) + shuffled(seed, "tokens", pool)
    top_first.reverse()
    return top_first


def check_order(ts: TileSet, token_order: str | None) -> list[int]:
    """The animal indices of a game's `token_order` (letters drawn first), checked against the set."""
    if token_order is None:
        return []
    if not isinstance(token_order, str):
        raise ValueError("token_order must be a string of animal letters, e.g. 'AEGLZ'")
    at_most("token_order", token_order, limits.TOKENS, "tokens")  # (past the set's own, the loop says which)
    left = list(ts.token_counts)
    out = []
    for ch in token_order:
        if ch not in ts.animal_index:
            raise ValueError(f"token_order: {ch!r} is not an animal letter of this tile set ({ts.animals})")
        a = ts.animal_index[ch]
        if left[a] == 0:
            raise ValueError(f"token_order: more {ch!r} tokens than the game has ({ts.token_counts[a]})")
        left[a] -= 1
        out.append(a)
    return out


def draw(g: State, seat: int, n: int) -> None:
    """`n` tokens from the pile into a seat's supply. (Explicit chance: queued, to be drawn
    at chance nodes before the turn goes on.)"""
    if g.chance == EXPLICIT:
        g.draws.extend((seat,) * n)
        return
    pile = g.pile
    k = g.num_animals
    for _ in range(n):
        if not pile:
            if not g.discards:
                return
            g.reshuffles += 1
            pile.extend(shuffled(g.seed, f"discards/{g.reshuffles}", sorted(g.discards)))
            g.discards.clear()
        g.hands[seat * k + pile.pop()] += 1


def pile_ready(g: State) -> bool:
    """Explicit chance: whether a token is left to draw; when the pile is empty, the discards
    become the pile first (a multiset: nothing to shuffle)."""
    if not g.pile and g.discards:
        g.reshuffles += 1
        g.pile = sorted(g.discards)
        g.discards = []
    return bool(g.pile)


def outcome_counts(g: State) -> list[tuple[act.Action, int]]:
    """A token draw's chance outcomes, with how many tokens in the pile show each."""
    counts = [0] * g.num_animals
    for a in g.pile:
        counts[a] += 1
    return [(act.outcome(g.tileset.animals[a]), n) for a, n in enumerate(counts) if n]


def take_outcome(g: State, a: Action) -> None:
    """A token draw's outcome `a` (~<animal>), checked, from the pile to the seat first to draw."""
    (name,) = a.args
    ts = g.tileset
    i = ts.animal_index.get(name)
    if i is None:
        raise ValueError(f"illegal action {a}: an animal token is drawn now (~<animal letter>: "
                         f"{', '.join('~' + x for x in ts.animals)}), and {short(name)} is not an animal")
    if i not in g.pile:
        raise ValueError(f"illegal action {a}: no {ts.animal_names[name]} token is left to draw "
                         "(its probability is 0)")
    g.pile.remove(i)
    seat = g.draws.pop(0)
    g.hands[seat * g.num_animals + i] += 1


def held(g: State, seat: int) -> list[str]:
    """The letters of the animals a seat has tokens of, in the tile set's order."""
    k = g.num_animals
    hands = g.hands
    base = seat * k
    return [a for i, a in enumerate(g.tileset.animals) if hands[base + i]]


def final_points(g: State, points: list[int]) -> None:
    """Final scoring: 1 per token in supply, added to `points` (with its events)."""
    k = g.num_animals
    hands = g.hands
    for s in range(g.players):
        n = sum(hands[s * k:(s + 1) * k])
        points[s] += n
        if g.explain is not None and n:
            g.explain.append({"what": "final_tokens", "seat": s, "points": n, "tokens": {a: hands[s * k + i] for i, a in enumerate(g.tileset.animals) if hands[s * k + i]}})


def an_animal(ts: TileSet, letter: str) -> str:
    """'an elephant', 'a lion': an animal's name with its article, for messages."""
    noun = ts.animal_names[letter]
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun

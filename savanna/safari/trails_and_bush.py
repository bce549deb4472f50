"""Trails and bush: connected features kept by union-find, and their points.

Every trail or bush part on a tile is a node. Matching edges of two tiles join
their nodes; the root of a set holds the totals for the whole feature:

- open ends: trail or bush edges not yet matched. Each join removes two.
  A trail that ends on a tile (at a baobab, bush, junction or in the
  savanna) has only one edge there, so that end is closed already; a trail
  is complete when it has no open end, and so is a bush.
- the animals on it (a bit mask for the distinct ones, and a total),
- the birds above a bush,
- how many meeples stand on it.

Scoring a completed trail or bush: the players with the most meeples on it
score, each 1, 3, 6, 10, 15 for 1..5 distinct animals (more animals follow the
same triangle numbers), counting the token they added, plus 1 per bird for a
bush. In final scoring an incomplete one gives 1 per animal and per bird.

The rules of play on them (functions of a `Game`, which keeps the turn flow):
- a meeple goes on a feature of the tile just placed: a trail or bush only
  while no meeple stands anywhere on the whole feature, a baobab always
  (baobabs.py) (`meeple_spots`, `place_meeple`);
- a completed one with meeples scores for its leaders, the seats with most
  meeples there (ties share), in turn order from the active player; each
  leader holding a token of an animal not on it is asked first whether to add
  one (`start_scoring`, `resolve`, `token_choices`, `add_token`); the added
  tokens are discarded and every meeple on it goes home (`score_completed`);
- at the end, an incomplete one scores for every seat with a meeple there
  (final_scoring "all", the English rulebook) or for its leaders
  ("majority", the German edition) (`final_points`).
"""

from __future__ import annotations

import functools

from . import actions as act
from . import baobabs, tokens
from .geometry import SIDES, xy
from .regions import BUSH_KIND, KIND_NAMES
from .state import State
from .actions import Action

BAOBAB_SPOT = ("baobab", -1)  # (a baobab's place in `meeple_spots`: it takes a meeple always, baobabs.py)


def leaders(counts: list[int], first: int) -> list[int]:
    """Seats with the most meeples (ties share), in turn order from `first`."""
    best = max(counts)
    if best == 0:
        return []
    n = len(counts)
    return [s for s in ((first + i) % n for i in range(n)) if counts[s] == best]


# ------------------------------------------------------------------ meeples


def meeple_spots(g: State) -> list[tuple[str, int]]:
    """The features of the tile just placed that a meeple may go on, as (kind, the first of its
    sides): a trail or bush while no meeple stands on the whole feature; a baobab (BAOBAB_SPOT)."""
    tt, rot, _, _, _, nodes = g.board[g.placed]
    sides = tt.rotations[rot].feature_sides
    regions = g.regions
    out = []
    for i, f in enumerate(tt.features):
        if f.kind == "baobab":
            out.append(BAOBAB_SPOT)
        elif not regions.meeples[regions.find(nodes[i])]:
            out.append((f.kind, sides[i][0]))
    return out


def place_meeple(g: State, a: Action) -> None:
    """`a` (M:<kind>[:<side>]): a meeple from the active seat's supply on a feature of the tile
    just placed: a trail or bush with no meeple on it anywhere, or its baobab (baobabs.py)."""
    kind, side = a.args
    seat = g.active
    tt, rot, _, name, _, nodes = g.board[g.placed]
    sides = tt.rotations[rot].feature_sides
    found = [i for i, f in enumerate(tt.features) if f.kind == kind and (side < 0 or side in sides[i])]
    if not found:
        what = kind + (f" on its {SIDES[side]} edge" if side >= 0 else "")
        raise ValueError(f"illegal action {a}: the tile just placed ({name}) has no {what}")
    if len(found) > 1:
        raise ValueError(f"illegal action {a}: the tile just placed has several {kind}s; name one by its side")
    if not g.supply_meeples[seat]:
        raise ValueError(f"illegal action {a}: seat {seat} has no meeple in supply")
    if kind == "baobab":
        baobabs.place_meeple(g, seat)
        return
    node = nodes[found[0]]
    regions = g.regions
    root = regions.find(node)
    if regions.meeples[root]:
        raise ValueError(f"illegal action {a}: that {kind} already has a meeple on it")
    regions.meeples[root] += 1
    g.feature_meeples.append((seat, node))
    g.supply_meeples[seat] -= 1


def meeple_counts(g: State, root: int) -> list[int]:
    """The meeples on the feature of `root`, per seat."""
    counts = [0] * g.players
    find = g.regions.find
    for seat, node in g.feature_meeples:
        if find(node) == root:
            counts[seat] += 1
    return counts


def meeple_counts_by_root(g: State) -> dict[int, list[int]]:
    """Every trail and bush with meeples on it (by root, in the order of their first
    meeple): the meeples there per seat; one pass over the meeples."""
    out: dict[int, list[int]] = {}
    find = g.regions.find
    for seat, node in g.feature_meeples:
        root = find(node)
        counts = out.get(root)
        if counts is None:
            counts = out[root] = [0] * g.players
        counts[seat] += 1
    return out


# ---------------------------------------------------------- scoring in play


def start_scoring(g: State) -> None:
    """Queue the features the tile just placed completed that have meeples on them, with
    their leaders (`g.jobs`), in the order of the tile's features; one shared by two of its
    parts once."""
    regions = g.regions
    jobs = []
    seen = []
    for node in g.board[g.placed][5]:
        if node < 0:
            continue
        root = regions.find(node)
        if regions.open[root] or root in seen:
            continue
        seen.append(root)
        if regions.meeples[root]:
            jobs.append((root, leaders(meeple_counts(g, root), g.active)))
    g.jobs = jobs
    g.job_seat = 0
    g.job_adds = []


def resolve(g: State) -> bool:
    """Score the queued features in turn; True when a leader must first choose a token to add
    (one is asked only when holding a token of an animal not on the feature), False when all
    are scored."""
    regions = g.regions
    k = g.num_animals
    hands = g.hands
    while g.jobs:
        root, seats = g.jobs[0]
        mask = regions.mask[root]
        while g.job_seat < len(seats):
            seat = seats[g.job_seat]
            base = seat * k
            if any(hands[base + i] and not mask >> i & 1 for i in range(k)) and seat not in g.gone:
                return True  # (a seat that left adds nothing: leaving.py)
            g.job_adds.append(None)
            g.job_seat += 1
        score_completed(g, root, seats, g.job_adds)
        g.jobs.pop(0)
        g.job_seat = 0
        g.job_adds = []
    return False


def token_choices(g: State) -> list[act.Action]:
    """What the asked leader may do: +none, or add a token of an animal not on the feature."""
    regions = g.regions
    root, seats = g.jobs[0]
    mask = regions.mask[regions.find(root)]
    idx = g.tileset.animal_index
    return [act.add(None)] + [act.add(a) for a in tokens.held(g, seats[g.job_seat]) if not mask >> idx[a] & 1]


def add_token(g: State, a: Action) -> None:
    """`a` (+<animal> or +none): the asked leader's choice."""
    (animal,) = a.args
    seat = g.jobs[0][1][g.job_seat]  # (the seat to act: current_player in phase SCORE)
    if animal is not None:
        ts = g.tileset
        if animal not in ts.animal_index:
            raise ValueError(f"illegal action {a}: {animal!r} is not an animal ({ts.animals})")
        i = ts.animal_index[animal]
        if not g.hands[seat * g.num_animals + i]:
            raise ValueError(f"illegal action {a}: seat {seat} has no {ts.animal_names[animal]} token")
        regions = g.regions
        if regions.mask[regions.find(g.jobs[0][0])] >> i & 1:
            raise ValueError(f"illegal action {a}: that feature already has {tokens.an_animal(ts, animal)}")
        g.hands[seat * g.num_animals + i] -= 1
    g.job_adds.append(animal)
    g.job_seat += 1


def score_completed(g: State, root: int, seats: list[int], adds: list[str | None]) -> None:
    """Each leader scores the feature (with the token it added, discarded); its meeples go home."""
    regions = g.regions
    idx = g.tileset.animal_index
    for seat, animal in zip(seats, adds):
        g.score[seat] += regions.completed_points(root, animal is not None)
        if animal is not None:
            g.discards.append(idx[animal])
        if g.explain is not None:
            bush = regions.kind[root] == BUSH_KIND
            g.explain.append({
                "what": "feature", "kind": KIND_NAMES[regions.kind[root]], "feature": root, "seat": seat,
                "points": regions.completed_points(root, animal is not None),
                "animals": animal_letters(g.tileset.animals, regions.mask[root]), "added": animal,
                "birds": regions.birds[root] if bush else 0, "leaders": list(seats),
                "space": list(xy(g.placed))})
    keep = []
    find = regions.find
    for seat, node in g.feature_meeples:
        if find(node) == root:
            g.supply_meeples[seat] += 1
        else:
            keep.append((seat, node))
    g.feature_meeples = keep
    regions.meeples[root] = 0


# ------------------------------------------------------------ final scoring


def final_points(g: State) -> list[int]:
    """What the incomplete trails and bush give each seat at the end: 1 per animal and bird,
    to every seat with a meeple there ('all') or to the leaders ('majority')."""
    points = [0] * g.players
    regions = g.regions
    explain = g.explain
    where = a_space_of_each_feature(g) if explain is not None else {}
    for r, counts in meeple_counts_by_root(g).items():
        for s in final_scorers(g, counts):
            points[s] += regions.final_points(r)
            if explain is not None:
                explain.append({"what": "final_feature", "kind": KIND_NAMES[regions.kind[r]], "feature": r,
                                "seat": s, "points": regions.final_points(r), "animals": regions.total[r],
                                "birds": regions.birds[r], "meeples": counts[s], "space": where.get(r)})
    return points


def final_scorers(g: State, counts: list[int]) -> list[int]:
    """The seats an incomplete trail or bush with these meeples per seat scores for at the end:
    every seat with a meeple there ('all') or the leaders ('majority'), in seat order."""
    if g.final_scoring == "all":
        return [s for s in range(g.players) if counts[s]]
    return leaders(counts, 0)


def a_space_of_each_feature(g: State) -> dict[int, list[int]]:
    """A tile of every trail and bush, by root (the northernmost, then westernmost), for
    the final scoring's events."""
    out: dict[int, tuple[int, int]] = {}
    find = g.regions.find
    for sp, tile in g.board.items():
        x, y = xy(sp)
        for node in tile[5]:
            if node >= 0:
                r = find(node)
                if r not in out or (y, x) < (out[r][1], out[r][0]):
                    out[r] = (x, y)
    return {r: list(p) for r, p in out.items()}


@functools.lru_cache(maxsize=1024)
def animal_letters(letters: str, mask: int) -> str:
    """The animal letters of a feature's bit mask, in the tile set's order."""
    return "".join(a for i, a in enumerate(letters) if mask >> i & 1)

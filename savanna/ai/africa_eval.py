"""What an Africa position is worth to each seat: the expected final score.

Score so far, plus what final scoring would give now (sets of objects, the gold
and gems majorities, by the engine's own `scoring` module), plus modest
estimates of what is still to come: base camps in reserve, objects towards a
bigger set while more of their kind lie face down, and the animal or nomads
the seat to act is about to place. The constants are tuned by arena runs
(bench/strength.py --game africa); they are estimates, not rules.

Honesty. A discovery is valued by its expectation over the tiles not yet
seen (`outcomes`), never by the tile really lying there. Under the
hidden-treasure option, a seat's evaluation (`viewer`) never reads the other
seats' gold and gems: it knows only what they hold together (the mix less the
unseen, the face-up and its own) and that only a seat with a base camp on the
map can hold any, and shares that out evenly among those seats.

Reads the engine's internal arrays: this runs for every candidate of every
decision, and the public inspection methods build dictionaries for display.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from savanna.africa.animals_and_nomads import empties, same, targets
from savanna.africa.game import Game
from savanna.africa.phases import ACTION, OVER, TARGET
from savanna.africa.scoring import majority, object_points


@dataclass
class Weights:
    camp: float = 2.0  # a base camp in reserve, early in the game
    next_object: float = 0.35  # share of the next object's set gain, per unseen tile of its kind / 5
    pending: float = 1.0  # the animal or nomads about to be placed: its best score


DEFAULT = Weights()
TREASURE = ("gold", "gems")


def values(g: Game, viewer: int | None = None, w: Weights = DEFAULT) -> list[float]:
    """Expected final score of every seat, as `viewer` can know it (None: from
    everything the game holds, as in a determinized world)."""
    n = g.players
    v = [float(s) for s in g.score]
    if g.phase == OVER:
        return v
    gd = g.data
    T = g.num_types
    held = g.held
    content, down = g.content, g.down
    unseen = [0] * T
    for sp in g.board.discovery:
        if down[sp]:
            unseen[content[sp]] += 1
    left = gd.monuments - g.monuments_found
    early = left / gd.monuments
    sets = gd.object_sets
    top = len(sets) - 1

    # objects: the sets now, and a share of the next one's gain while more lie face down
    for s in range(n):
        base = s * T
        counts = [held[base + k] for k in gd.objects]
        v[s] += object_points(counts, sets)
        for k, c in zip(gd.objects, counts):
            if 0 < c < top and unseen[k]:
                v[s] += w.next_object * early * (sets[c + 1] - sets[c]) * min(1.0, unseen[k] / 5.0)

    # gold and gems: the majorities now (for a viewer under the hidden option, as it can know them)
    for kind in TREASURE:
        amounts = _treasure(g, kind, viewer, unseen)
        for s, p in enumerate(majority(amounts, gd.treasure_awards)):
            v[s] += p

    camp_v = w.camp * early
    for s in range(n):
        v[s] += g.reserve[s] * camp_v
    if g.phase == TARGET:
        v[g.active] += w.pending * _pending_points(g)
    return v


def _treasure(g: Game, kind: str, viewer: int | None, unseen: list[int]) -> list[float]:
    """Nuggets (kind gold) or stones (gems) per seat; the others' as `viewer` can know them."""
    gd = g.data
    T = g.num_types
    types = [t for t in gd.types if t.kind == kind]
    held = g.held
    out = [float(sum(t.value * held[s * T + t.index] for t in types)) for s in range(g.players)]
    if viewer is None or not g.hidden_treasure:
        return out
    # What the viewer knows: how many treasure tiles each seat took, and which tiles the
    # others and the face-down markers hold together; each of the others' tiles is
    # worth the average of that pool.
    treasure = [t.index for t in gd.types if gd.is_treasure[t.index]]
    tiles = [sum(held[s * T + t] for t in treasure) for s in range(g.players)]
    pool_tiles, pool_value = _pool(g, viewer, tiles)
    mine = out[viewer]
    per_tile = (pool_value[kind] - mine) / pool_tiles if pool_tiles else 0.0
    return [mine if s == viewer else tiles[s] * per_tile for s in range(g.players)]


def _pool(g: Game, viewer: int, tiles: list[int]) -> tuple[int, dict[str, float]]:
    """The tiles the other seats and the face-down markers hold together (public under the
    hidden option): their number, and the nuggets and stones in them plus the viewer's."""
    gd = g.data
    content, down = g.content, g.down
    face_down = 0
    value = {"gold": 0.0, "gems": 0.0}
    for tt in gd.types:
        if tt.kind in value:
            value[tt.kind] += tt.value * tt.count
    for sp in g.board.discovery:
        t = content[sp]
        if t >= 0 and gd.is_treasure[t]:
            if down[sp]:
                face_down += 1
            else:
                value[gd.kind_of[t]] -= gd.value_of[t]
    return face_down + sum(n for s, n in enumerate(tiles) if s != viewer), value


def _pending_points(g: Game) -> float:
    """What the animal or nomads waiting for their space would score at best."""
    o = g.pending
    t = g.content[o]
    where = targets(g, o)
    if g.data.is_animal[t]:
        here = same(g, o, t, o)
        best = max((same(g, sp, t, o) for sp in where), default=here)
        return (1 + best) if g.pending_discovered else best - here
    here = empties(g, o, o)
    best = max((empties(g, sp, o) for sp in where), default=here)
    return best if g.pending_discovered else best - here


def outcomes(g: Game, action) -> list[tuple[float, Game]] | None:
    """A discovery's possible results with their chances: one per kind of tile not
    yet seen, as likely as its count among them. The tile is put on the space by
    swapping it with a face-down space that holds it, so the unseen mix stays
    right; nothing here reads what lies where. Under the hidden-treasure option the
    seat to act does not know which face-down treasure is gold and which gems: a
    treasure tile is drawn from all it cannot see (the face-down treasure and the
    others' holdings). None for any action but a discovery."""
    if action.kind != "D" or g.phase != ACTION:
        return None
    sp = g.board.index.get(action.args[0])
    if sp is None or not g.down[sp]:
        return None
    gd = g.data
    treasure = gd.is_treasure
    hidden = g.hidden_treasure
    where: dict[int, int] = {}
    counts: dict[int, float] = {}
    content = g.content
    for s in g.board.discovery:
        if g.down[s]:
            t = content[s]
            key = -1 if hidden and treasure[t] else t  # -1: a treasure tile, kind unknown
            counts[key] = counts.get(key, 0) + 1
            where.setdefault(key, s)
    total = sum(counts.values())
    if -1 in counts:
        n = counts.pop(-1)
        T = g.num_types
        me = g.active
        mix = {t.index: float(sum(g.held[o * T + t.index] for o in range(g.players) if o != me))
               for t in gd.types if treasure[t.index]}
        for s in g.board.discovery:
            t = content[s]
            if g.down[s] and t >= 0 and treasure[t]:
                mix[t] += 1
        size = sum(mix.values())
        for t, m in mix.items():
            if m:
                counts[t] = n * m / size
                where[t] = where[-1]
    out = []
    for t in sorted(counts):
        h = g.clone()
        other = where[t]
        h.content[other], h.content[sp] = h.content[sp], t  # the tile there; sp's goes where t was
        h.apply(action)
        out.append((counts[t] / total, h))
    return out


def follow_ups(g: Game, actions: list) -> list:
    """Every action of the same seat's next decision is worth a look (there are few)."""
    return actions


def policy(actions: list, rng: random.Random):
    """Play-outs: discover more often than not, else anything."""
    if len(actions) > 1 and rng.random() < 0.7:
        found = [a for a in actions if a.kind == "D"]
        if found:
            return rng.choice(found)
    return rng.choice(actions)

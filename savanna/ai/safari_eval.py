"""What a Safari position is worth to each seat: the expected final score.

Score so far, plus for every trail and bush with meeples the chance it
completes times its completed points (else its final-scoring points), plus
what meeples, tokens, baobab and watering-hole meeples in play are expected
to bring. The constants are tuned by measured games (bench/tune_safari_eval.py,
on the real tile set); they are estimates, not rules.

This reads the engine's state directly, through its documented read-only
interface (`savanna.safari.game.READ_ONLY`): the evaluation runs for every
candidate action of every search iteration, and the public inspection
methods build dictionaries for display.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from types import SimpleNamespace

from savanna.safari.game import SCORE, Game
from savanna.safari.geometry import RING
from savanna.safari.regions import BUSH_KIND, distinct_points, popcount


# Tuned on the real tile set (real-1) by bench/tune_safari_eval.py (coordinate search from the
# weights tuned on the invented set: meeple 2.5 -> 3.5, bush_close 0.70 -> 0.80, tiles_per_end
# 5 -> 7; bench/tuning-results/safari-eval-real-1.json). On 200 fresh deals (seed 2000, 400 games,
# seats swapped) greedy with these beats greedy with the old ones 62.7% (95% CI 57.9-67.3%),
# by a mean margin of +8.8 points (95% CI +6.2 to +11.4).
@dataclass
class Weights:
    meeple: float = 3.5  # a meeple in supply, early in the game
    token: float = 1.4  # a token in supply, early (it is worth 1 at the end)
    trail_close: float = 0.80  # chance factor per open end of a trail
    bush_close: float = 0.80  # ... of a bush
    tiles_per_end: float = 7.0  # tiles needed in the stack per open end to have time
    hole_chance: tuple = (0.0, 0.30, 0.50, 0.75)  # a watering hole completes, by tokens on it
    horizon: float = 24.0  # tiles left at which meeples and tokens lose their extra value


DEFAULT = Weights()


def values(g: Game, viewer: int | None = None, w: Weights = DEFAULT) -> list[float]:
    """Expected final score of every seat (`viewer` changes nothing: Safari's holdings are public)."""
    n = g.players
    left = len(g.stack)
    early = min(1.0, left / w.horizon)
    v = [float(s) for s in g.score]
    meeple_v = w.meeple * early
    token_v = 1.0 + (w.token - 1.0) * early
    k = g.num_animals
    hands = g.hands
    for s in range(n):
        v[s] += g.supply_meeples[s] * meeple_v + sum(hands[s * k:(s + 1) * k]) * token_v

    regions = g.regions
    find = regions.find
    counts: dict[int, list[int]] = {}
    for seat, node in g.feature_meeples:
        r = find(node)
        c = counts.get(r)
        if c is None:
            c = counts[r] = [0] * n
        c[seat] += 1
    share_all = g.final_scoring == "all"
    for r, c in counts.items():
        ends = regions.open[r]
        bush = regions.kind[r] == BUSH_KIND
        birds = regions.birds[r]
        done = distinct_points(popcount(regions.mask[r])) + (birds if bush else 0)
        final = regions.total[r] + birds
        if ends == 0:
            p = 1.0
        else:
            p = (w.bush_close if bush else w.trail_close) ** ends * min(1.0, left / (w.tiles_per_end * ends))
        best = max(c)
        for s in range(n):
            if not c[s]:
                continue
            if c[s] == best:
                v[s] += p * (done + c[s] * meeple_v) + (1 - p) * final
            elif share_all:
                v[s] += (1 - p) * final + p * c[s] * meeple_v

    board = g.board
    for sp, seat in g.baobab_meeples.items():
        around = sum(1 for o in RING if sp + o in board)
        p = min(1.0, left / (2.0 * (8 - around) + 1)) * (around / 8.0)
        v[seat] += p * (2 * token_v + meeple_v)
    holes = g.holes
    chance = w.hole_chance
    for point, diggers in g.hole_meeples.items():
        toks = holes[point]
        p = chance[4 - toks.count("")] * min(1.0, left / 8.0)  # holes with diggers hold 1 to 3 tokens
        for seat, _ in diggers:
            v[seat] += p * (3 + meeple_v)
    if g.displaced >= 0 and g.phase != SCORE:
        v[g.active] += 3  # the displaced ranger's points come at the end of the turn
    return v


def follow_ups(g: Game, actions: list) -> list:
    """The follow-up actions worth looking at after placing a tile: meeples and pass
    (digs, expansions and ranger moves barely depend on where the tile went)."""
    return [a for a in actions if a.kind in ("M", "pass")]


def evaluation(w: Weights) -> SimpleNamespace:
    """This evaluation with other weights, as an object the players take in place of the
    module (`values`, `follow_ups`); for tuning. The players' default path uses the
    module itself, valued by DEFAULT."""
    return SimpleNamespace(values=partial(values, w=w), follow_ups=follow_ups)

"""The statistics of an arena: Wilson score intervals for win rates and Elo
ratings fitted by maximum likelihood (the Bradley-Terry model on the Elo scale).

Pure functions on plain numbers; no dependencies beyond the standard library.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal distribution
ELO_SCALE = 400 / math.log(10)  # Elo points per natural-log unit of odds


def wilson_interval(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of `wins` in `n` trials (ties shared
    count fractionally); (0.0, 1.0) when there are no trials."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be from 0 to n ({n}), not {wins}")
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return (max(0.0, center - half), min(1.0, center + half))


def elo_expected(diff: float) -> float:
    """The expected score of a player rated `diff` Elo above its opponent."""
    return 1 / (1 + 10 ** (-diff / 400))


def _strongly_connected(score: Sequence[Sequence[float]]) -> bool:
    """Whether every player has scored (won or drawn) against a chain of players leading
    to every other player: the condition for the maximum-likelihood ratings to be finite."""
    n = len(score)

    def reach(edge) -> set[int]:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j in range(n):
                if j not in seen and edge(i, j):
                    seen.add(j)
                    todo.append(j)
        return seen

    return (len(reach(lambda i, j: score[i][j] > 0)) == n
            and len(reach(lambda i, j: score[j][i] > 0)) == n)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b by Gaussian elimination with partial pivoting (a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        if abs(m[p][c]) < 1e-300:
            raise ZeroDivisionError("singular matrix")
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def fit_elo(score: Sequence[Sequence[float]], games: Sequence[Sequence[float]],
            anchor: int = 0, z: float = Z95) -> dict:
    """Elo ratings by maximum likelihood from pairwise results.

    `score[i][j]`: what player i scored against player j (a win 1, a draw 1/2), over
    `games[i][j]` (= games[j][i]) encounters. The model is Bradley-Terry on the Elo scale:
    i beats j with probability 1 / (1 + 10^((R_j - R_i) / 400)), draws counting half.
    Ratings are relative: player `anchor` is fixed at 0.

    When the maximum-likelihood ratings are infinite (some player won, or lost, every
    encounter in a way no chain of results bridges), one virtual draw is added between
    every pair of players, which keeps them finite; `prior` says so.

    Returns {"ratings": [...], "ci": [(low, high), ...] (95%, relative to the anchor),
    "prior": bool}.
    """
    n = len(score)
    if n == 0:
        return {"ratings": [], "ci": [], "prior": False}
    s = [[float(score[i][j]) if i != j else 0.0 for j in range(n)] for i in range(n)]
    g = [[float(games[i][j]) if i != j else 0.0 for j in range(n)] for i in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and abs(g[i][j] - g[j][i]) > 1e-9:
                raise ValueError("games must be symmetric")
            if i != j and abs(s[i][j] + s[j][i] - g[i][j]) > 1e-6:
                raise ValueError(f"score[{i}][{j}] + score[{j}][{i}] must equal games[{i}][{j}]")
    prior = n > 1 and not _strongly_connected(s)
    if prior:
        for i in range(n):
            for j in range(n):
                if i != j:
                    s[i][j] += 0.5
                    g[i][j] += 1.0
    free = [i for i in range(n) if i != anchor]
    beta = [0.0] * n  # natural-log odds units

    def loglik(b: list[float]) -> float:
        total = 0.0
        for i in range(n):
            for j in range(n):
                if s[i][j] > 0:
                    total -= s[i][j] * math.log1p(math.exp(b[j] - b[i]))
        return total

    def hessian(b: list[float]) -> list[list[float]]:
        h = [[0.0] * len(free) for _ in free]
        for a, i in enumerate(free):
            for c, j in enumerate(free):
                if a == c:
                    h[a][a] = sum(g[i][k] * _pq(b[i] - b[k]) for k in range(n) if k != i)
                else:
                    h[a][c] = -g[i][j] * _pq(b[i] - b[j])
        return h  # the negative Hessian: positive definite

    current = loglik(beta)
    for _ in range(200):
        grad = [sum(s[i][k] - g[i][k] * _sigmoid(beta[i] - beta[k]) for k in range(n) if k != i) for i in free]
        if max((abs(x) for x in grad), default=0.0) < 1e-10:
            break
        try:
            step = _solve(hessian(beta), grad)
        except ZeroDivisionError:
            break
        t = 1.0
        while t > 1e-10:
            trial = beta[:]
            for a, i in enumerate(free):
                trial[i] += t * step[a]
            value = loglik(trial)
            if value >= current - 1e-12:
                break
            t /= 2
        beta, current = trial, value
    ratings = [b * ELO_SCALE for b in beta]
    ci: list[tuple[float, float]] = [(r, r) for r in ratings]
    if free:
        try:
            cov = _inverse(hessian(beta))
            for a, i in enumerate(free):
                half = z * math.sqrt(max(cov[a][a], 0.0)) * ELO_SCALE
                ci[i] = (ratings[i] - half, ratings[i] + half)
        except ZeroDivisionError:  # players with no encounters at all
            for i in free:
                ci[i] = (-math.inf, math.inf)
    return {"ratings": ratings, "ci": ci, "prior": prior}


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _pq(x: float) -> float:
    p = _sigmoid(x)
    return p * (1 - p)

"""Ratings for free-for-all games of 2 to 5 seats: OpenSkill's Plackett-Luce model.

One rating per game (each game of savanna.games apart), kept as `Rating(mu, sigma)`: mu the estimated
skill, sigma its uncertainty, on OpenSkill's own scale (a newcomer is mu 25, sigma 25/3).
`rate` updates a finished game's seats from their ranks (0 = first; ties share a rank; the
caller ranks a resigned or timed-out seat last). Plackett-Luce rates a whole finishing order
at once, so a 5-seat game is one update, not ten pairwise ones.

What players see is `shown(r)`, an Elo-like number (see there); `provisional` says when that
number is still a guess. `level_seed` gives a computer level's rating as measured by
bench/rate_levels.py (savanna/level_ratings.json), so that the levels start on the players'
own scale. Pure: no web, no database; the only I/O is reading that packaged file.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from openskill.models import PlackettLuce

from savanna.games import GAMES

MODEL = PlackettLuce()  # OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300

# shown = SHOWN_BASE + SHOWN_SCALE * (mu - MODEL.mu). The scale makes a gap of 400 points mean
# 10:1 odds between two well-known players (small sigma) in a 2-seat game, as in Elo:
# Plackett-Luce gives the first of two players exp(mu1/c) / (exp(mu1/c) + exp(mu2/c)) with
# c = sqrt(2 beta^2 + sigma1^2 + sigma2^2), about beta*sqrt(2) once sigmas are small, and
# Elo gives 1 / (1 + 10^(-d/400)); equal odds when d = (mu1 - mu2) * 400 / (ln 10 * beta*sqrt(2)).
SHOWN_BASE = 1500
SHOWN_SCALE = 400 / (math.log(10) * MODEL.beta * math.sqrt(2))  # about 29.5 points per unit of mu

# A rating is provisional while sigma is above this: about 9 two-seat games from a newcomer's
# 25/3 (more in larger games, where each seat's result says less about it). In shown points
# it is an uncertainty of some 190 (sigma * SHOWN_SCALE).
PROVISIONAL_SIGMA = 6.5

LEVEL_RATINGS = "level_ratings.json"  # in the savanna package; written by bench/rate_levels.py --combine


@dataclass(frozen=True)
class Rating:
    """One account's rating for one game, on OpenSkill's scale."""

    mu: float
    sigma: float


def new_rating() -> Rating:
    """A newcomer's rating: mu 25, sigma 25/3 (shown as 1500, provisional)."""
    return Rating(MODEL.mu, MODEL.sigma)


def _check_rating(r: Any, where: str) -> None:
    if not isinstance(r, Rating):
        raise ValueError(f"{where} must be a Rating, not {type(r).__name__}")
    if not (math.isfinite(r.mu) and math.isfinite(r.sigma) and r.sigma > 0):
        raise ValueError(f"{where} must have a finite mu and a finite positive sigma, not {r}")


def rate(ratings: list[Rating], ranks: list[int]) -> list[Rating]:
    """The seats' new ratings after one finished game, in the seats' order.

    `ranks[i]` is seat i's place, lower is better (0 or 1 for the winner, either works: only the
    order counts); equal ranks are a tie and share the place. Raises ValueError naming what is
    wrong for fewer than 2 seats, a ranks list of another length, a rank that is not an integer,
    or a rating that is not finite."""
    if not isinstance(ratings, (list, tuple)) or not isinstance(ranks, (list, tuple)):
        raise ValueError("ratings and ranks must be lists, one entry per seat")
    if len(ratings) < 2:
        raise ValueError(f"a rated game needs at least 2 seats, not {len(ratings)}")
    if len(ranks) != len(ratings):
        raise ValueError(f"ranks has {len(ranks)} entries for {len(ratings)} seats: one rank per seat")
    for i, r in enumerate(ratings):
        _check_rating(r, f"seat {i}'s rating")
    for i, rank in enumerate(ranks):
        if isinstance(rank, bool) or not isinstance(rank, int):
            raise ValueError(f"seat {i}'s rank must be an integer, not {rank!r}")
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    out = MODEL.rate(teams, ranks=[float(k) for k in ranks])
    return [Rating(float(team[0].mu), float(team[0].sigma)) for team in out]


def shown(r: Rating) -> int:
    """The number players see: 1500 + 29.5 * (mu - 25), rounded; a newcomer shows 1500.

    It follows mu, the best estimate, so a win always raises it and a loss lowers it. (The
    conservative mu - 3*sigma that OpenSkill calls the ordinal would start everyone at the
    bottom and rise with every game played, even lost ones: a number players misread.) The
    uncertainty is shown apart, as `provisional`. The scale is Elo's: 400 points between two
    well-known players are 10:1 odds in a 2-seat game."""
    _check_rating(r, "the rating")
    return round(SHOWN_BASE + SHOWN_SCALE * (r.mu - MODEL.mu))


def provisional(r: Rating, games: int) -> bool:
    """Whether the shown number is still a guess: while sigma > PROVISIONAL_SIGMA (6.5).

    Only the uncertainty decides, not `games` alone: a computer level seeded from the bench's
    hundreds of games is settled before its first game here, and a newcomer's sigma (25/3) is
    above the threshold until some 9 two-seat games have brought it down. `games` (the rated
    games played) must be a count: 0 or more."""
    _check_rating(r, "the rating")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a count of 0 or more, not {games!r}")
    return r.sigma > PROVISIONAL_SIGMA


@lru_cache(maxsize=1)
def _level_ratings() -> dict:
    try:
        text = resources.files("savanna").joinpath(LEVEL_RATINGS).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return json.loads(text)


def level_seed(game: str, spec: str) -> Rating | None:
    """A computer level's bench-measured rating for `game`, or None when the bench has not rated it.

    `spec` is a level's name (easy, medium, hard) or the player spec it stands for (random,
    greedy, mcts:time=1); the file names each level's spec beside its figures."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
    if not isinstance(spec, str):
        raise ValueError(f"a computer level is named by text, not {type(spec).__name__}")
    levels = _level_ratings().get(game, {})
    entry = levels.get(spec.strip()) or next(
        (e for e in levels.values() if isinstance(e, dict) and e.get("spec") == spec.strip()), None)
    if not entry:
        return None
    return Rating(float(entry["mu"]), float(entry["sigma"]))

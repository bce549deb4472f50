"""The rating model (savanna/rating.py): OpenSkill Plackett-Luce for 2 to 5 seats, the shown
number, provisional, and the computer levels' seeds."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from savanna import games, rating
from savanna.rating import Rating, level_seed, new_rating, provisional, rate, shown


def test_a_winner_gains_and_a_loser_loses():
    a, b = new_rating(), new_rating()
    wa, lb = rate([a, b], [0, 1])
    assert wa.mu > a.mu and lb.mu < b.mu
    assert wa.sigma < a.sigma and lb.sigma < b.sigma  # a game says something about both
    assert shown(wa) > 1500 > shown(lb)


def test_ties_share_a_rank():
    a, b, c = new_rating(), new_rating(), new_rating()
    x, y, z = rate([a, b, c], [0, 0, 2])
    assert x == y  # equal before, tied: equal after
    assert x.mu > a.mu and z.mu < c.mu
    p, q = rate([a, b], [1, 1])
    assert p.mu == pytest.approx(a.mu) and q.mu == pytest.approx(b.mu)


def test_five_seats_in_finishing_order():
    out = rate([new_rating() for _ in range(5)], [0, 1, 2, 3, 4])
    mus = [r.mu for r in out]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == 5
    assert mus[0] > 25 > mus[4]


def test_order_matters_not_the_rank_numbers():
    rs = [Rating(27.0, 5.0), Rating(24.0, 7.0), Rating(25.0, 8.0)]
    assert rate(rs, [0, 1, 2]) == rate(rs, [1, 5, 9])  # only the order counts
    assert rate(rs, [0, 1, 2]) != rate(rs, [2, 1, 0])


def test_beating_a_stronger_player_gains_more():
    me = new_rating()
    beat_weak = rate([me, Rating(20.0, 3.0)], [0, 1])[0]
    beat_strong = rate([me, Rating(32.0, 3.0)], [0, 1])[0]
    assert beat_strong.mu > beat_weak.mu > me.mu


def test_a_newcomer_shows_1500_and_the_scale_is_elos():
    assert shown(new_rating()) == 1500
    # 400 points between two settled players: about 10:1 odds in a 2-seat game
    gap = 400 / rating.SHOWN_SCALE
    c = math.sqrt(2) * rating.MODEL.beta
    assert 1 / (1 + math.exp(-gap / c)) == pytest.approx(10 / 11)
    assert shown(Rating(25 + gap, 1.0)) == 1900


def test_provisional_flips_after_enough_games():
    me, other = new_rating(), new_rating()
    assert provisional(me, 0)
    played = 0
    while provisional(me, played):
        # alternating results against an equal opponent: the number stays, the uncertainty falls
        me, other = rate([me, other], [played % 2, 1 - played % 2])
        played += 1
        assert played < 40, "a rating should settle within 40 two-seat games"
    assert 5 <= played <= 15 and me.sigma <= rating.PROVISIONAL_SIGMA
    assert not provisional(Rating(30.0, 2.0), 0)  # a measured seed is settled at once


@pytest.mark.parametrize("ratings, ranks, message", [
    ([], [], "at least 2 seats"),
    ([Rating(25.0, 8.0)], [0], "at least 2 seats"),
    ([Rating(25.0, 8.0)] * 2, [0], "ranks has 1 entries for 2 seats"),
    ([Rating(25.0, 8.0)] * 3, [0, 1, 2, 3], "ranks has 4 entries for 3 seats"),
    ([Rating(25.0, 8.0)] * 2, [0, "1"], "seat 1's rank must be an integer"),
    ([Rating(25.0, 8.0)] * 2, [0, True], "seat 1's rank must be an integer"),
    ([Rating(25.0, 8.0), Rating(math.nan, 8.0)], [0, 1], "seat 1's rating must have a finite mu"),
    ([Rating(25.0, 8.0), Rating(25.0, 0.0)], [0, 1], "finite positive sigma"),
    ([Rating(25.0, 8.0), (25.0, 8.0)], [0, 1], "seat 1's rating must be a Rating"),
    ("ab", [0, 1], "must be lists"),
])
def test_bad_input_says_what_is_wrong(ratings, ranks, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        rate(ratings, ranks)


def test_bad_games_count_and_rating_are_refused():
    with pytest.raises(ValueError, match="games must be a count"):
        provisional(new_rating(), -1)
    with pytest.raises(ValueError, match="games must be a count"):
        provisional(new_rating(), 1.5)
    with pytest.raises(ValueError, match="finite"):
        shown(Rating(math.inf, 1.0))


ratings_st = st.builds(Rating, st.floats(-20, 70), st.floats(0.5, 12))


@st.composite
def games_st(draw):
    n = draw(st.integers(2, 5))
    rs = draw(st.lists(ratings_st, min_size=n, max_size=n))
    ranks = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    return rs, ranks


@settings(max_examples=150, deadline=None)
@given(games_st())
def test_rate_keeps_the_seats_and_finite_numbers(game):
    rs, ranks = game
    out = rate(rs, ranks)
    assert len(out) == len(rs)
    for r in out:
        assert isinstance(r, Rating) and math.isfinite(r.mu) and math.isfinite(r.sigma) and r.sigma > 0
        assert isinstance(shown(r), int)


@settings(max_examples=150, deadline=None)
@given(games_st(), st.data())
def test_first_never_gains_less_than_last(game, data):
    rs, _ = game
    seat = data.draw(st.integers(0, len(rs) - 1))
    others = list(range(1, len(rs)))  # the others' places, the same in both games
    first = [0 if i == seat else others.pop(0) for i in range(len(rs))]
    last = [len(rs) if i == seat else r for i, r in enumerate(first)]
    assert rate(rs, first)[seat].mu >= rate(rs, last)[seat].mu


@pytest.fixture
def levels_file(monkeypatch, tmp_path):
    """level_seed reading a given table instead of the packaged one."""
    def use(table):
        monkeypatch.setattr(rating, "_level_ratings", lambda: table)
    return use


def test_level_seed_by_level_or_spec(levels_file):
    name = games.names()[0]
    levels_file({name: {"easy": {"mu": 18.5, "sigma": 1.2, "games": 300, "spec": "random"}}})
    assert level_seed(name, "easy") == Rating(18.5, 1.2)
    assert level_seed(name, "random") == Rating(18.5, 1.2)
    assert level_seed(name, "hard") is None
    assert level_seed(games.names()[1], "easy") is None  # another game: not in this table
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        level_seed("chess", "easy")


def test_the_packaged_table_rates_the_levels_of_every_game():
    """savanna/level_ratings.json (bench/rate_levels.py --combine): every game's levels, each a
    finite rating measured over some games, and the random player below the greedy one."""
    table = rating._level_ratings()
    assert set(table) == set(games.names())
    for game, levels in table.items():
        assert {"easy", "medium", "hard"} <= set(levels)
        for level, entry in levels.items():
            seed = level_seed(game, level)
            assert seed == level_seed(game, entry["spec"]) == Rating(entry["mu"], entry["sigma"])
            assert math.isfinite(seed.mu) and 0 < seed.sigma <= rating.MODEL.sigma and entry["games"] > 0
        assert levels["easy"]["mu"] < levels["medium"]["mu"], game

"""The clock's pure functions (savanna/web/table/clock.py): parsing time controls, spending time,
increments, correspondence turns, first-move windows, outages credited, replays."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from savanna.web.table import clock
from savanna.web.table.errors import GameError

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----------------------------------------------------------------- parse


def test_parse_accepts_the_controls():
    assert clock.parse(None) is None
    assert clock.parse({"base": 3, "increment": 1}) == {"base": 3.0, "increment": 1.0}
    assert clock.parse({"base": 2.5}) == {"base": 2.5, "increment": 0.0}
    assert clock.parse({"days": 3}) == {"days": 3}
    for p in clock.PRESETS:
        assert clock.parse({"base": p["base"], "increment": p["increment"]})


@pytest.mark.parametrize("value, field", [
    ({"base": 0, "increment": 1}, "clock.base"), ({"base": -5}, "clock.base"), ({"base": 10801}, "clock.base"),
    ({"base": float("nan")}, "clock.base"), ({"base": float("inf")}, "clock.base"), ({"base": True}, "clock.base"),
    ({"base": "60"}, "clock.base"), ({"base": 60, "increment": -1}, "clock.increment"),
    ({"base": 60, "increment": 181}, "clock.increment"), ({"increment": 2}, "clock.base"),
    ({"days": 4}, "clock.days"), ({"days": 3.0}, "clock.days"), ({"days": True}, "clock.days"),
    ({"days": 3, "base": 60}, "days"), ({"base": 60, "delay": 2}, "delay"), ([60, 2], "clock"), ("5+3", "clock"),
    ({"base": 10 ** 400}, "clock.base"),
])
def test_parse_refuses_naming_the_field(value, field):
    with pytest.raises(GameError) as e:
        clock.parse(value)
    assert e.value.code == "bad_clock" and field in e.value.message


JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                       lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=9), c, max_size=3),
                       max_leaves=8)


@FAST
@given(st.one_of(JSONISH, st.fixed_dictionaries({}, optional={"base": JSONISH, "increment": JSONISH,
                                                               "days": JSONISH})))
def test_parse_fuzz_a_control_or_bad_clock(value):
    try:
        control = clock.parse(value)
    except GameError as e:
        assert e.code == "bad_clock" and e.message.startswith("clock")
        return
    if control is not None:
        assert clock.parse(control) == control  # a parsed control parses to itself
        assert clock.turn_time(control) > 0


# ------------------------------------------------------------ the clock


def test_realtime_spends_the_seat_to_acts_time_and_adds_the_increment():
    s = clock.start({"base": 10.0, "increment": 2.0}, 2, 100.0, 0, moved=[True, True])
    assert clock.deadline(s) == 110.0 and not clock.due(s, 109.9) and clock.due(s, 110.0)
    assert clock.left(s, 103.0) == [7.0, 10.0]
    s = clock.after_action(s, 0, 0, 103.0)  # a turn of several actions: no increment yet
    assert s["remaining"] == [7.0, 10.0] and s["times"] == [3.0]
    s = clock.after_action(s, 0, 1, 104.0)  # the hand-over: the increment
    assert s["remaining"] == [8.0, 10.0] and s["running"] == 1 and s["times"] == [3.0, 1.0]
    assert clock.deadline(s) == 114.0
    s = clock.after_action(s, 1, None, 120.0)  # over: nothing runs
    assert s["running"] is None and clock.deadline(s) is None and s["remaining"] == [8.0, -6.0]
    assert clock.left(s, 1e9) == [8.0, 0.0]


def test_first_move_window_runs_instead_of_the_clock():
    s = clock.start({"base": 60.0, "increment": 0.0}, 2, 0.0, 0, first_move=30.0)
    assert clock.in_window(s) and clock.deadline(s) == 30.0 and clock.left(s, 29.0) == [60.0, 60.0]
    s = clock.after_action(s, 0, 1, 20.0)  # the first move costs nothing
    assert s["remaining"] == [60.0, 60.0] and s["moved"] == [True, False] and clock.deadline(s) == 50.0
    s = clock.after_action(s, 1, 0, 25.0)
    assert clock.deadline(s) == 85.0 and not clock.in_window(s)


def test_correspondence_starts_each_turn_afresh():
    day = clock.DAY
    s = clock.start({"days": 2}, 3, 0.0, 0, moved=[True] * 3)
    assert clock.deadline(s) == 2 * day
    s = clock.after_action(s, 0, 1, 1.5 * day)
    assert s["remaining"][0] == 0.5 * day and s["remaining"][1] == 2 * day and clock.deadline(s) == 3.5 * day
    s = clock.after_action(s, 1, 2, 2 * day)
    s = clock.after_action(s, 2, 0, 2.5 * day)
    assert s["remaining"][0] == 2 * day  # no carry-over
    assert clock.low({"days": 2}) == 12 * 3600 and clock.low({"base": 60, "increment": 0}) == 12


def test_outage_is_credited_to_the_running_clock():
    s = clock.start({"base": 10.0, "increment": 0.0}, 2, 0.0, 0, moved=[True, True])
    t = clock.shifted(s, 4.0, 9.0)
    assert clock.left(t, 12.0) == [3.0, 10.0] and t["away"] == [{"from": 4.0, "to": 9.0}]
    assert clock.shifted(s, -5.0, -1.0) == s  # before the clock started: nothing to credit
    assert clock.shifted(clock.start({"days": 1}, 2, 0.0, None), 1.0, 5.0)["away"] == []


def test_restarted_keeps_the_time_spent():
    s = clock.start({"base": 10.0, "increment": 1.0}, 2, 0.0, 0, moved=[True, True])
    s = clock.restarted(s, 1, 4.0)
    assert s["remaining"] == [6.0, 10.0] and s["running"] == 1 and s["since"] == 4.0
    s["flagged"].append(1)
    s = clock.restarted(s, 1, 5.0)
    assert s["running"] is None and s["remaining"] == [6.0, 9.0]  # a fallen seat's clock runs no more


def test_turns_left():
    assert clock.turns_left(0, 2) == 1 and clock.turns_left(10, 2) == 5 and clock.turns_left(11, 3) == 4


# ------------------------------------------------------------ properties

CONTROLS = st.one_of(
    st.builds(lambda b, i: {"base": b, "increment": i}, st.floats(1, 600), st.floats(0, 30)),
    st.sampled_from(clock.DAYS).map(lambda d: {"days": d}))


@st.composite
def games(draw):
    """A control, seats, and a run of actions: (seat before, seat after, seconds it took)."""
    control = draw(CONTROLS)
    seats = draw(st.integers(2, 5))
    seat = 0
    steps = []
    for _ in range(draw(st.integers(0, 30))):
        nxt = draw(st.one_of(st.just(seat), st.integers(0, seats - 1)))
        took = draw(st.floats(0, 50, allow_nan=False))
        steps.append((seat, nxt, took))
        seat = nxt
    if steps and draw(st.booleans()):
        b, _, t = steps[-1]
        steps[-1] = (b, None, t)
    moved = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    return control, seats, steps, moved


@FAST
@given(games(), st.floats(0, 1e9))
def test_remaining_only_grows_by_increment_reset_or_outage(g, t0):
    control, seats, steps, moved = g
    s = clock.start(control, seats, t0, 0, moved=moved)
    now = t0
    for before, after, took in steps:
        now += took
        was = clock.left(s, now)
        s2 = clock.after_action(s, before, after, now)
        got = clock.left(s2, now)
        for seat in range(seats):
            allowed = was[seat] + 0.001  # (times are kept to the millisecond)
            if after is not None and after != before:
                if "days" in control and seat == after:
                    allowed = clock.turn_time(control)
                elif "base" in control and seat == before:
                    allowed += control["increment"]
            assert got[seat] <= allowed + 1e-6
            assert got[seat] <= was[seat] + 1e-6 or after != before
        # time passing never makes any clock grow
        assert all(a <= b + 1e-9 for a, b in zip(clock.left(s2, now + 7), got))
        # an outage gives back at most its length, to the running clock only
        out = clock.shifted(s2, now - 3, now + 2)
        later = clock.left(out, now + 5)
        for seat in range(seats):
            assert later[seat] <= clock.left(s2, now + 5)[seat] + 5 + 1e-6
            if seat != s2["running"]:
                assert later[seat] == clock.left(s2, now + 5)[seat]
        s = s2


@FAST
@given(games())
def test_times_add_up_to_the_time_used(g):
    control, seats, steps, moved = g
    if "days" in control:
        control = {"base": 600.0, "increment": 3.0}
    s = clock.start(control, seats, 0.0, 0, moved=moved)
    now = 0.0
    used = [0.0] * seats
    increments = [0.0] * seats
    mv = list(moved)
    for (before, after, took) in steps:
        now += took
        s = clock.after_action(s, before, after, now)
        if mv[before]:
            used[before] += s["times"][-1]
        mv[before] = True
        if after is not None and after != before:
            increments[before] += control["increment"]
    assert len(s["times"]) == len(steps)
    assert math.isclose(sum(s["times"]), now, abs_tol=0.001 * len(steps) + 1e-6)
    for seat in range(seats):
        assert math.isclose(control["base"] + increments[seat] - s["remaining"][seat], used[seat], abs_tol=1e-6)


@FAST
@given(games())
def test_replayed_equals_stepwise(g):
    control, seats, steps, moved = g
    s = clock.start(control, seats, 0.0, 0, moved=moved)
    now = 0.0
    for before, after, took in steps:
        now += took
        s = clock.after_action(s, before, after, now)
    r = clock.replayed(control, seats, [(b, a) for b, a, _ in steps], s["times"], moved=moved, first=0)
    assert r["running"] == s["running"] and r["moved"] == s["moved"] and r["times"] == s["times"]
    assert all(math.isclose(a, b, abs_tol=0.001 * len(steps) + 1e-6) for a, b in zip(r["remaining"], s["remaining"]))

"""The coach's hint: a legal best move and its turn, with facts, the next best, and no peeking;
and a property over random positions of both games."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coach_builders import hidden_shuffled, position

from savanna import coach, games


def apply_all(g, actions):
    for a in actions:
        assert a in g.legal_actions(), (a, actions)
        g.apply(a)


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_a_hint_is_legal_and_has_reasons(name):
    g = position(name, 9, 16)
    h = coach.hint(g, iterations=40, seed=2)
    json.dumps(h)
    assert h["seat"] == g.current_player and h["moves"] == len(g.history) and h["iterations"] > 0
    assert 1 <= len(h["others"]) <= 3
    for move in [h["best"], *h["others"]]:
        assert set(move) == {"action", "then", "margin", "events", "now", "facts"}
        assert move["action"] in g.legal_actions()
        view = g.determinize(random.Random(2))
        apply_all(view, [move["action"], *move["then"]])
        assert move["now"] == sum(e["points"] for e in move["events"] if e["seat"] == h["seat"])
        assert all(isinstance(f, dict) and "fact" in f for f in move["facts"])
    assert h["best"]["facts"]
    margins = [m["margin"] for m in [h["best"], *h["others"]]]
    assert len({m["action"] for m in [h["best"], *h["others"]]}) == len(margins)


def test_a_safari_hint_tells_what_its_turn_scores():
    """A position where the best placement closes the seat's feature: its events say so, and
    the facts name the meeple's fate."""
    g = position("safari", 2, 33)
    h = coach.hint(g, iterations=40, seed=0)
    best = h["best"]
    kinds = {f["fact"] for f in best["facts"]}
    assert best["now"] == sum(e["points"] for e in best["events"] if e["seat"] == h["seat"])
    assert kinds & {"meeple", "meeple_kept", "fits", "closes", "ranger", "token"}


def test_an_africa_hint_tells_no_discovery_in_advance():
    """A discovery ends what a hint tells: nothing after it, no event of the tile found."""
    g = position("africa", 2, 27)
    h = coach.hint(g, iterations=40, seed=0)
    told = 0
    for move in [h["best"], *h["others"]]:
        acts = [move["action"], *move["then"]]
        found = [i for i, a in enumerate(acts) if a.startswith("D")]
        if found:
            told += 1
            assert found[0] == len(acts) - 1
            assert not any(e["what"] in ("treasure", "animal", "nomads") for e in move["events"])
            assert {"fact": "discovers", "space": acts[-1][1:]} in move["facts"]
    assert told


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_a_hint_never_peeks(name):
    g = position(name, 5, 18)
    h = hidden_shuffled(g, random.Random(3))
    a, b = coach.hint(g, iterations=24, seed=1), coach.hint(h, iterations=24, seed=1)
    a.pop("budget"), b.pop("budget")
    assert a == b


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["safari", "africa"]), seed=st.integers(0, 10_000), steps=st.integers(0, 60),
       players=st.integers(2, 4), pick=st.integers(0, 1000), chance=st.sampled_from(["sampled", "explicit"]))
def test_the_judge_holds_its_promises_in_any_position(name, seed, steps, players, pick, chance):
    g = games.spec(name).module.new_game(players=players, seed=seed, chance=chance)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    while not g.is_terminal() and (g.current_player == -1 or len(g.legal_actions()) < 2):
        g.apply(rng.choice(g.legal_actions()))
    if g.is_terminal():
        return
    legal = g.legal_actions()
    played = legal[pick % len(legal)]
    j = coach.judge(g, played, iterations=8, seed=seed, k=3)
    assert j.played is not None and j.played.action == played
    assert j.loss >= 0 and j.loss == max(0.0, j.moves[0].margin - j.played.margin)
    actions = [c.action for c in j.moves]
    assert len(set(actions)) == len(actions) and set(actions) <= set(legal)
    assert all(c.visits >= 1 and c.margin == c.margin for c in j.moves)
    view = g.determinize(random.Random(seed))
    for c in j.moves:
        apply_all(view.clone(), [c.action, *c.then])


def test_a_bad_budget_or_move_is_refused_clearly():
    g = position("safari", 1, 3)
    with pytest.raises(ValueError, match="alternatives must be a whole number"):
        coach.hint(g, iterations=4, alternatives=-1)
    with pytest.raises(ValueError, match="iterations must be a positive number"):
        coach.judge(g, iterations=0)
    with pytest.raises(ValueError, match="is not a legal action"):
        coach.judge(g, 17, iterations=4)

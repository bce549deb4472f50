"""The coach in English for the terminal: the hint and the review as sentences, and every
fact each game's advice part gives has words in its terminal package."""

from __future__ import annotations

import random

import pytest
from coach_builders import position

from savanna import coach, games
from savanna.coach import text


def facts_seen(name: str) -> list[dict]:
    """The facts of every legal move, with its turn played out at random, in a few positions."""
    advice = games.spec(name).part("advice")
    out = []
    for seed, steps in ((1, 8), (2, 21), (3, 34), (4, 47), (5, 60)):
        g = position(name, seed, steps)
        for a in g.legal_actions():
            h = g.clone()
            seat, acts, events = h.current_player, [a], h.apply_explained(a)
            rng = random.Random(seed)
            while not h.is_terminal() and h.current_player == seat and not str(acts[-1]).startswith("D"):
                b = rng.choice(h.legal_actions())
                acts.append(b)
                events += h.apply_explained(b)
            out += advice.facts(g, seat, [str(x) for x in acts], events)
    return out


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_every_fact_has_words(name):
    say = games.spec(name).part("terminal").say_fact
    seen = facts_seen(name)
    kinds = {f["fact"] for f in seen}
    assert len(kinds) >= 4, kinds
    for f in seen:
        words = say(f)
        assert words and "{" not in words, f


def test_the_safari_facts_say_where_the_meeple_goes():
    g = position("safari", 3, 0)
    advice = games.spec("safari").part("advice")
    place = next(a for a in g.legal_actions() if a.startswith("T"))
    assert {"fact": "meeple_kept", "free": g.supply_meeples[0]} in advice.facts(g, 0, [place, "pass"], [])
    assert {"fact": "meeple", "on": "bush"} in advice.facts(g, 0, [place, "M:bush:N"], [])
    got = advice.facts(g, 0, [place, "D0,0:NE=G"], [{"what": "dig", "seat": 0, "points": 3, "animal": "G",
                                                      "point": [1, 0]}])
    assert {"fact": "fits", "animal": "G", "point": [1, 0], "points": 3} in got
    assert "the giraffe fits the watering hole at 1,0: +3" == games.spec("safari").part("terminal").say_fact(got[-1])


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_a_hint_in_english(name):
    g = position(name, 8, 20)
    h = coach.hint(g, iterations=16, seed=0)
    say = games.spec(name).part("terminal").say_fact
    lines = text.hint_lines(h, say)
    assert lines[0].startswith(f"Best: {h['best']['action']}") and "expected margin" in lines[0]
    assert sum(line.startswith("Also: ") for line in lines) == len(h["others"])


def test_a_review_in_english():
    entries = [{"index": 4, "seat": 0, "turn": 2, "played": "T1,0@0", "loss": 6.0, "mark": "mistake", "margin": -2.0,
                "best": {"action": "T0,1@90", "then": ["M:trail:N"], "margin": 4.0}, "moves": []},
               {"index": 7, "seat": 0, "turn": 3, "played": "pass", "loss": 0.0, "mark": None, "margin": 1.0,
                "best": {"action": "pass", "then": [], "margin": 1.0}, "moves": []}]
    r = {"status": "done", "thresholds": coach.marks.THRESHOLDS, "entries": entries,
         "seats": coach.marks.summary(entries, [0], 2)}
    lines = text.review_lines(r, ["Ann", "Bob"])
    assert any(line.startswith("Ann: 2 decisions in 2 turns, 6 points lost (3 a turn); 0 small losses, 1 mistake, "
                               "0 blunders") for line in lines), lines
    assert "  turn 2, Ann: T1,0@0 ? -- a mistake (?), -6 points; better: T0,1@90 then M:trail:N (+4 against -2)" \
        in lines
    assert not any("Bob" in line for line in lines)


def greedy_game(name: str, seed: int, steps: int, **options):
    from savanna.ai import make_player

    g = games.spec(name).new_game(players=2, seed=seed, **options)
    p = make_player("greedy", seed=seed)
    for _ in range(steps):
        g.apply(p.choose(g))
    return g


def test_the_africa_facts_say_what_a_camp_takes_and_the_majority_it_wins():
    advice = games.spec("africa").part("advice")
    g = greedy_game("africa", 1, 32)
    facts = advice.facts(g, g.current_player, ["B$"], [])
    assert facts == [{"fact": "camp", "for": "explore", "points": 0}, {"fact": "takes", "tiles": {"gems-2": 1}},
                     {"fact": "majority", "kind": "gems", "place": "first"}]
    say = games.spec("africa").part("terminal").say_fact
    assert [say(f) for f in facts[1:]] == ["takes 1 gems-2", "takes the most gems"]
    hidden = greedy_game("africa", 1, 32, hidden_treasure=True)
    if "B$" in hidden.legal_actions():  # under the hidden option no majority is told
        assert not [f for f in advice.facts(hidden, hidden.current_player, ["B$"], []) if f["fact"] == "majority"]

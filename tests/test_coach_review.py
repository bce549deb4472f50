"""The coach's review: decisions found, a planted blunder marked, resumed from entries done
with the same result, and each seat's summary; marks by the thresholds."""

from __future__ import annotations

import json

import pytest

from savanna import coach, games
from savanna.ai import make_player
from savanna.ai.evaluation import evaluation_for, ranked
from savanna.coach import marks, review


def played(name: str, seed: int, actions: int, plant: int | None = None):
    """A game of `name` played by greedy players for `actions` actions; at the first decision
    from action `plant` on, the seat plays the move the greedy judgement ranks last (a planted
    blunder). Returns the game and the planted index (None if none)."""
    g = games.spec(name).new_game(players=2, seed=seed)
    p = make_player("greedy", seed=seed)
    planted = None
    while len(g.history) < actions and not g.is_terminal():
        legal = g.legal_actions()
        if plant is not None and planted is None and len(g.history) >= plant and len(legal) > 1:
            r = ranked(g, legal, g.current_player, evaluation_for(g))
            if r[0][0] - r[-1][0] > 12:
                planted = len(g.history)
                actions = planted + 6
                g.apply(r[-1][1])
                continue
        g.apply(p.choose(g))
    return g, planted


def test_marks_follow_the_thresholds():
    t = marks.THRESHOLDS
    assert t["inaccuracy"] < t["mistake"] < t["blunder"]
    assert marks.mark(0) is None and marks.mark(t["inaccuracy"] - 0.01) is None
    assert marks.mark(t["inaccuracy"]) == "inaccuracy"
    assert marks.mark(t["mistake"]) == "mistake"
    assert marks.mark(t["blunder"] + 100) == "blunder"


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_decisions_are_the_steps_with_a_choice(name):
    g, _ = played(name, 2, 30)
    replay = games.spec(name).new_game(players=2, seed=2)
    want = []
    for i, a in enumerate(g.history):
        if replay.current_player is not None and replay.current_player >= 0 and len(replay.legal_actions()) > 1:
            want.append(i)
        replay.apply(a)
    assert review.decisions(g) == want and want
    seat0 = review.decisions(g, [0])
    assert seat0 and set(seat0) < set(want)
    assert all(g.actors[i] == 0 for i in seat0)


def test_a_planted_blunder_is_marked():
    g, planted = played("safari", 11, 40, plant=20)
    assert planted is not None
    seat = g.actors[planted]
    r = review.review(g, [seat], iterations=48, seed=0)
    entry = next(e for e in r["entries"] if e["index"] == planted)
    assert entry["mark"] in ("mistake", "blunder"), entry
    assert entry["loss"] >= marks.THRESHOLDS["mistake"]
    assert entry["best"]["action"] != entry["played"]
    assert entry["played"] in [m["action"] for m in entry["moves"]]
    summary = r["seats"][seat]
    assert r["seats"][1 - seat] is None
    assert planted in summary["worst"] and summary["counts"][entry["mark"]] >= 1
    assert summary["lost"] >= entry["loss"]


def test_a_review_resumes_from_the_entries_done_with_the_same_result(monkeypatch):
    g, _ = played("safari", 4, 16)
    calls = []
    seen = []
    whole = review.review(g, iterations=8, seed=3, progress=lambda d, t: seen.append((d, t)))
    assert whole["status"] == "done"
    n = whole["progress"]["total"]
    assert n == len(whole["entries"]) == len(review.decisions(g)) and seen == [(d, n) for d in range(1, n + 1)]
    real = review.judge_entry
    monkeypatch.setattr(review, "judge_entry", lambda *a, **k: (calls.append(a[1]), real(*a, **k))[1])
    half = whole["entries"][: n // 2]
    again = review.review(g, iterations=8, seed=3, done=half)
    assert again == whole
    assert calls == [e["index"] for e in whole["entries"][n // 2:]]  # the entries done were not judged again
    json.dumps(again)  # (JSON, as stored and served)


def test_a_review_entry_has_the_documented_shape():
    g, _ = played("africa", 6, 14)
    r = review.review(g, [1], iterations=8, seed=0)
    assert r["budget"] is None or r["budget"] > 0
    assert r["thresholds"] == marks.thresholds_for("africa") and len(r["seats"]) == 2 and r["seats"][0] is None
    for e in r["entries"]:
        assert set(e) == {"index", "seat", "turn", "played", "loss", "mark", "margin", "best", "moves"}
        assert e["seat"] == 1 and e["turn"] >= 1 and e["loss"] >= 0
        assert e["mark"] == marks.mark(e["loss"], r["thresholds"])
        assert e["best"] == e["moves"][0] and set(e["best"]) == {"action", "then", "margin"}
        assert e["margin"] == next(m["margin"] for m in e["moves"] if m["action"] == e["played"])
    turns = [e["turn"] for e in r["entries"]]
    assert turns == sorted(turns)


def test_leaving_is_no_decision_and_the_seat_left_has_no_more():
    g = games.spec("safari").new_game(players=3, seed=5)
    p = make_player("greedy", seed=5)
    for _ in range(7):
        g.apply(p.choose(g))
    gone = g.current_player
    at = len(g.history)
    g.apply("out")
    for _ in range(12):
        g.apply(p.choose(g))
    found = review.decisions(g)
    assert at not in found and found
    assert not [i for i in found if i > at and g.actors[i] == gone]
    assert review.decisions(g, [gone]) == [i for i in found if g.actors[i] == gone]


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_a_saved_game_is_reviewed_as_played(name):
    """A game saved and loaded (as the web app and `savanna review FILE` rebuild it) replays to
    the same positions: the same decisions, judged the same."""
    g, _ = played(name, 12, 12)
    loaded = games.spec(name).module.from_json(g.to_json())
    assert review.decisions(loaded) == review.decisions(g)
    assert review.review(loaded, [0], iterations=6) == review.review(g, [0], iterations=6)


def test_nothing_to_judge_is_said_clearly():
    g, _ = played("safari", 3, 4)
    chance = games.spec("safari").module.new_game(players=2, seed=3, chance="explicit")
    chance.apply(chance.legal_actions()[0])
    while chance.current_player != -1:
        chance.apply(chance.legal_actions()[0])
    with pytest.raises(ValueError, match="nothing to judge"):
        coach.judge(chance, iterations=4)
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    with pytest.raises(ValueError, match="nothing to judge"):
        coach.judge(g, iterations=4)
    with pytest.raises(ValueError, match="nothing to judge"):
        coach.hint(g, iterations=4)


def test_each_game_marks_by_its_own_thresholds():
    # Africa's judgements spread wider (fewer play-outs a judgement): its marks start higher
    safari, africa = marks.thresholds_for("safari"), marks.thresholds_for("africa")
    assert safari == marks.THRESHOLDS and all(africa[k] > safari[k] for k in marks.KINDS)
    g, _ = played("africa", 6, 14)
    assert marks.thresholds_for(g) == africa
    loss = (safari["mistake"] + africa["mistake"]) / 2  # a mistake in Safari, a small loss in Africa
    assert marks.mark(loss, safari) == "mistake" and marks.mark(loss, africa) == "inaccuracy"
    i = review.decisions(g, [1])[0]
    before, _ = played("africa", 6, i)
    entry = review.judge_entry(before, i, g.history[i], iterations=4)
    assert entry["mark"] == marks.mark(entry["loss"], africa)

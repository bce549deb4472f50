"""The coach's judge: paired worlds, the move played kept, a loss never below 0, and no peeking
(the same judgement whatever the hidden order or holdings are)."""

from __future__ import annotations

import random

import pytest

from coach_builders import hidden_shuffled, holdings_swapped, position

from savanna import coach


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_the_move_played_is_judged_among_the_best_and_its_loss_is_never_negative(name):
    g = position(name, 3, 14)
    worst = g.legal_actions()[-1]
    j = coach.judge(g, worst, iterations=48, seed=1)
    assert j.seat == g.current_player
    assert j.played is not None and j.played.action == worst
    assert worst in [c.action for c in j.moves]
    assert j.loss >= 0 and j.loss == pytest.approx(max(0.0, j.moves[0].margin - j.played.margin))
    assert j.played.visits >= max(c.visits for c in j.moves) - 1  # kept in every round
    assert j.iterations > 0 and len(g.history) == len(position(name, 3, 14).history)  # game untouched
    legal = set(g.legal_actions())
    assert all(c.action in legal for c in j.moves)
    best = coach.judge(g, j.moves[0].action, iterations=48, seed=1)
    assert best.loss == 0 or best.played.action != best.moves[0].action


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_candidates_are_played_out_in_the_same_worlds(name, monkeypatch):
    """Every candidate of a round sees each dealt world: the worlds dealt are one per round
    step, not one per candidate."""
    from savanna.ai import mcts

    g = position(name, 5, 10)
    dealt = []
    real = type(g).determinize

    def counting(self, rng, *args, **kwargs):
        dealt.append(1)
        return real(self, rng, *args, **kwargs)

    monkeypatch.setattr(type(g), "determinize", counting)
    seen = []
    real_iterate = mcts.MCTSPlayer._iterate
    monkeypatch.setattr(mcts.MCTSPlayer, "_iterate",
                        lambda self, world, move, *a: (seen.append(move), real_iterate(self, world, move, *a)))
    j = coach.judge(g, iterations=40, seed=2, k=4)
    assert len(seen) == j.iterations
    assert len(dealt) - 1 < j.iterations / 2  # (one deal for the root's ranking)


@pytest.mark.parametrize("name", ["safari", "africa"])
def test_the_judge_never_peeks(name):
    g = position(name, 7, 12)
    h = hidden_shuffled(g, random.Random(1))
    assert (getattr(g, "stack", None) or g.content) != (getattr(h, "stack", None) or h.content)
    a = coach.judge(g, g.legal_actions()[0], iterations=30, seed=4)
    b = coach.judge(h, h.legal_actions()[0], iterations=30, seed=4)
    assert a.moves == b.moves and a.loss == b.loss
    # (and this would see a judge that peeks: one searching the real hidden order)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(type(g), "determinize", lambda self, rng, *args: self.clone())
        assert coach.judge(g, g.legal_actions()[0], iterations=30, seed=4).moves != \
            coach.judge(h, h.legal_actions()[0], iterations=30, seed=4).moves


def test_the_judge_refuses_what_is_no_decision():
    g = position("safari", 1, 4)
    with pytest.raises(ValueError, match="not a legal action"):
        coach.judge(g, "T99,99@0", iterations=8)


def test_the_judge_never_peeks_at_another_seat_s_hidden_treasure():
    g = position("africa", 1, 50, hidden_treasure=True)
    h = holdings_swapped(g)
    assert h is not None and h.held != g.held
    a = coach.judge(g, g.legal_actions()[-1], iterations=24, seed=5)
    b = coach.judge(h, h.legal_actions()[-1], iterations=24, seed=5)
    assert a.moves == b.moves and a.loss == b.loss

"""Properties of random games: tiles are never created or lost, scores never
fall, every legal action applies, copies and saved games continue exactly as
the original, determinized worlds agree with all that is public.

Games are played by a seeded random policy (the seed drawn by hypothesis).
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from savanna import africa

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**31 - 1)
PLAYERS = st.integers(2, 5)


def mix(g) -> Counter:
    return Counter({t.id: t.count for t in g.data.types})


def tiles_everywhere(g) -> Counter:
    c: Counter = Counter()
    for sp in range(g.board.n):
        if g.content[sp] >= 0:
            c[g.data.types[g.content[sp]].id] += 1
    for s in range(g.players):
        c.update(g.held_tiles(s))
    return c


def check(g, prev_scores):
    assert tiles_everywhere(g) == mix(g)
    assert all(a >= b for a, b in zip(g.scores, prev_scores)), (prev_scores, g.scores)
    placed = [e for e in g.explorer if e >= 0]
    assert len(set(placed)) == len(placed)
    assert not any(g.down[e] for e in placed)
    on_board = sum(1 for c in g.camp if c >= 0)
    assert on_board + sum(g.reserve) + g.supply == 2 * g.players + 10
    monuments = sum(1 for sp in range(g.board.n) if g.content[sp] >= 0 and not g.down[sp]
                    and g.data.kind_of[g.content[sp]] == "monument")
    assert monuments == g.monuments_found
    assert g.tiles_face_down == g.tiles_left == sum(g.down)
    assert not any(g.camp[sp] >= 0 and g.content[sp] >= 0 for sp in range(g.board.n))
    assert not any(g.down[sp] and g.board.is_city[sp] for sp in range(g.board.n))


def signature(g):
    return (g.content, g.down, g.camp, g.explorer, g.held, g.reserve, g.supply, g.score, g.phase, g.active,
            g.step, g.pending, g.new_object, g.history)


def play_out(g, rng, limit=20_000):
    n = 0
    while not g.is_terminal() and n < limit:
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return g


@FAST
@given(PLAYERS, SEEDS, st.booleans())
def test_invariants_hold_at_every_step(players, seed, hidden):
    g = africa.new_game(players=players, seed=seed, hidden_treasure=hidden)
    rng = random.Random(seed)
    prev = g.scores
    while not g.is_terminal():
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert all(isinstance(a, africa.Action) and a.kind for a in legal)
        actor = g.current_player
        g.apply(rng.choice(legal))
        assert g.actors[-1] == actor
        check(g, prev)
        prev = g.scores
    assert g.monuments_found == 11 and g.camp_supply == 0
    assert g.final_points is not None and g.winners()
    assert g.final_points == [p["total"] for p in g.final_breakdown]
    assert len(g.history) == len(g.actors)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(PLAYERS, SEEDS)
def test_every_legal_action_applies(players, seed):
    g = africa.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not g.is_terminal():
        legal = g.legal_actions()
        if steps % 7 == 0:
            for a in legal:
                h = g.clone()
                h.apply(a)
                h2 = g.clone()
                h2.apply(str(a))        # the notation string does the same
                assert signature(h) == signature(h2)
        g.apply(rng.choice(legal))
        steps += 1


@FAST
@given(PLAYERS, SEEDS, st.integers(0, 1500))
def test_clone_evolves_identically_and_independently(players, seed, prefix):
    g = africa.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(prefix):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    before = g.to_json()
    c = g.clone()
    play_out(c, random.Random(1))
    assert g.to_json() == before                     # the copy's moves do not touch the original
    play_out(g, random.Random(1))
    assert g.to_json() == c.to_json() and g.scores == c.scores


@FAST
@given(PLAYERS, SEEDS, st.integers(0, 1500), st.booleans())
def test_saved_mid_game_continues_identically(players, seed, prefix, hidden):
    g = africa.new_game(players=players, seed=seed, hidden_treasure=hidden)
    rng = random.Random(seed)
    for _ in range(prefix):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    r = africa.from_json(g.to_json())
    assert r.to_json() == g.to_json()
    assert json.dumps(r.view(None)) == json.dumps(g.view(None))
    assert r.legal_actions() == g.legal_actions()
    play_out(g, random.Random(2))
    play_out(r, random.Random(2))
    assert r.to_json() == g.to_json()


@FAST
@given(PLAYERS, SEEDS, st.integers(0, 1500), st.integers(0, 99))
def test_determinize_agrees_with_what_is_public(players, seed, prefix, rseed):
    g = africa.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(prefix):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    d = g.determinize(random.Random(rseed))
    assert json.dumps(d.view(None)) == json.dumps(g.view(None))     # all that shows is the same
    assert d.legal_actions() == g.legal_actions()
    assert d.unseen_tiles() == g.unseen_tiles()
    assert d.down == g.down
    for sp in range(g.board.n):
        if not g.down[sp]:
            assert d.content[sp] == g.content[sp]
    # the same world whatever the real layout was: it depends on the public part only
    g2 = g.clone()
    spaces = [sp for sp in range(g.board.n) if g.down[sp]]
    tiles = [g2.content[sp] for sp in spaces]
    random.Random(3).shuffle(tiles)
    for sp, t in zip(spaces, tiles):
        g2.content[sp] = t
    assert g2.determinize(random.Random(rseed)).content == d.content
    play_out(d, random.Random(4))
    assert d.is_terminal() or len(d.history) > len(g.history)


@FAST
@given(PLAYERS, SEEDS)
def test_replay_from_seed_and_actions(players, seed):
    g = play_out(africa.new_game(players=players, seed=seed), random.Random(seed))
    r = africa.new_game(players=players, seed=seed)
    for a in g.history:
        r.apply(str(a))
    assert r.scores == g.scores and r.to_json() == g.to_json() and r.final_points == g.final_points
    assert r.final_breakdown == g.final_breakdown


def test_same_seed_same_layout_different_seeds_differ():
    a = africa.new_game(players=3, seed=10)
    b = africa.new_game(players=3, seed=10)
    c = africa.new_game(players=3, seed=11)
    assert a.content == b.content and a.first_player == b.first_player
    assert a.content != c.content


@FAST
@given(PLAYERS, SEEDS)
def test_hidden_holdings_never_show_to_others(players, seed):
    g = africa.new_game(players=players, seed=seed, hidden_treasure=True)
    rng = random.Random(seed)
    while not g.is_terminal():
        if rng.random() < 0.05:
            for viewer in [None] + list(range(players)):
                unseen = g.view(viewer)["unseen_tiles"]  # gold and gems face down count as one
                assert not any(k.startswith(("gold", "gems")) for k in unseen)
                assert sum(unseen.values()) == g.tiles_face_down
                for s in g.view(viewer)["seats"]:
                    if s["seat"] != viewer:
                        assert s["gold"] is None and s["gems"] is None
                    else:
                        assert s["gold"] == g.treasure(viewer)["gold"]
        g.apply(rng.choice(g.legal_actions()))
    assert all(s["gold"] is not None for s in g.view(None)["seats"])

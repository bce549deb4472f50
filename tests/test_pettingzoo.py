"""The PettingZoo environments of both games, the incremental Safari observations and the
vector environment (savanna/research/: safari_tracker.py, turn_env.py, safari_env.py,
africa_encoding.py, africa_env.py, vector.py, safari_vector.py, africa_vector.py)."""

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from savanna import africa, safari
from savanna.research.africa_encoding import AfricaEncoding
from savanna.research.africa_env import AfricaEnv
from savanna.research.africa_vector import AfricaVectorEnv
from savanna.research.safari_encoding import OutsideWindowError, SafariEncoding
from savanna.research.safari_env import SafariEnv
from savanna.research.safari_tracker import OBSERVATION_DTYPE, SafariTracker
from savanna.research.safari_vector import SafariVectorEnv

dict_obs = [pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),  # dict observations, as classic envs
            pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")]


# ------------------------------------------------- incremental Safari observations


def _same(tr, e, g, players, strict=True):
    for seat in range(players):
        b = e.observation(g, seat)
        # a copy (from the buffer as the last seat's call left it), and the tracker's own buffer
        # turned to this seat and to the next (the next sync turns it back)
        a = tr.observation(g, seat)
        own = tr.observation(g, seat, copy=False)
        assert np.array_equal(a, own), f"seat {seat}: the copy and the buffer differ"
        assert own is tr.observation(g, (seat + 1) % players, copy=False)
        assert a.dtype == tr.dtype == np.int16 and b.dtype == np.float32
        if not np.array_equal(a, b):
            bad = np.flatnonzero(a != b)[:5]
            names = [e.plane_names[i // e.spaces] if i < e.plane_size else e.vector_names[i - e.plane_size]
                     for i in bad]
            raise AssertionError(f"seat {seat}, after {len(g.history)} actions ({g.phase_name}): {names}")
    try:
        want = e.legal_mask(g, strict=strict, dtype=np.int8)
    except OutsideWindowError:
        with pytest.raises(OutsideWindowError):
            tr.legal_mask(g, strict=strict, dtype=np.int8)
        return
    assert np.array_equal(tr.legal_mask(g, strict=strict, dtype=np.int8), want)
    assert np.array_equal(tr.legal_mask(g, strict=strict), e.legal_mask(g, strict=strict))
    assert tr.legal_indices(g, strict) == e.legal_indices(g, strict)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5), keen=st.floats(0, 1),
       gaps=st.lists(st.integers(1, 4), min_size=1, max_size=8))
def test_incremental_observation_equals_the_encoding_after_every_action(seed, players, keen, gaps):
    """A tracker's observations (every seat) and masks equal the from-scratch encoding's, checked
    after every action, or after a few at once (the tracker then catches up several actions)."""
    g = safari.new_game(players=players, seed=seed)
    e = SafariEncoding(players)
    tr = SafariTracker(e)
    rng = random.Random(seed)
    step = 0
    while True:
        _same(tr, e, g, players)
        if g.is_terminal():
            break
        for _ in range(gaps[step % len(gaps)]):
            legal = g.legal_actions()
            # keen players put meeples, dig and add tokens: shared features, holes, scoring choices
            eager = [a for a in legal if a.kind in ("M", "D", "X", "+")]
            g.apply(rng.choice(eager) if eager and rng.random() < keen else rng.choice(legal))
            if g.is_terminal():
                break
        step += 1


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_incremental_observation_in_a_small_window(seed):
    """Tiles, frontier and watering holes past the window's edge: the same cropping and the same
    OutsideWindowError as the encoding."""
    g = safari.new_game(players=2, seed=seed)
    e = SafariEncoding(2, window=3)
    tr = SafariTracker(e)
    rng = random.Random(seed)
    while not g.is_terminal():
        _same(tr, e, g, 2, strict=rng.random() < 0.5)
        g.apply(rng.choice(g.legal_actions()))
    _same(tr, e, g, 2)


def test_a_tracker_reads_a_new_game_whole():
    e = SafariEncoding(2)
    tr = SafariTracker(e)
    rng = random.Random(3)
    g = safari.new_game(players=2, seed=3)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    _same(tr, e, g, 2)  # a game met in the middle
    h = g.clone()
    for _ in range(5):
        h.apply(rng.choice(h.legal_actions()))
    _same(tr, e, h, 2)  # another game object (a clone, ahead)
    _same(tr, e, g, 2)  # and back: the original, behind it
    f = safari.from_json(g.to_json())
    _same(tr, e, f, 2)


def test_observation_buffers_without_copy():
    e = SafariEncoding(2)
    tr = SafariTracker(e)
    g = safari.new_game(players=2, seed=1)
    a = tr.observation(g, 0, copy=False)
    assert a is tr.observation(g, 0, copy=False)
    assert np.array_equal(a, e.observation(g, 0))
    b = tr.observation(g, 0)
    assert b is not a and np.array_equal(a, b)
    out = np.empty(e.observation_size, np.float32)
    assert tr.observation(g, 1, out=out) is out and np.array_equal(out, e.observation(g, 1))


def test_a_tracker_kept_in_given_arrays():
    """A tracker given an observation row and a mask row keeps them current in place (what a
    vector environment's rows are); arrays of the wrong kind are refused by name."""
    e = SafariEncoding(2)
    obs = np.full((2, e.observation_size), 7, OBSERVATION_DTYPE)
    masks = np.full((2, e.size), 7, np.int8)
    tr = SafariTracker(e, observation=obs[1], mask=masks[1])
    g = safari.new_game(players=2, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        assert np.shares_memory(tr.observation(g, g.current_player, copy=False), obs[1])
        assert np.array_equal(obs[1], e.observation(g, g.current_player))
        assert np.shares_memory(tr.action_mask(g, copy=False), masks[1])
        assert np.array_equal(masks[1], e.legal_mask(g, dtype=np.int8))
        g.apply(rng.choice(g.legal_actions()))
    assert (obs[0] == 7).all() and (masks[0] == 7).all()  # the other rows untouched
    with pytest.raises(ValueError, match="observation array"):
        SafariTracker(e, observation=np.zeros(e.observation_size, np.float32))
    with pytest.raises(ValueError, match="mask array"):
        SafariTracker(e, mask=np.zeros(e.size - 1, np.int8))
    with pytest.raises(ValueError, match="observation array"):
        SafariTracker(e, observation=np.zeros((e.observation_size, 2), OBSERVATION_DTYPE)[:, 0])


# ------------------------------------------------------------------ Africa encoding


@pytest.mark.parametrize("players,hidden", [(2, False), (3, True), (5, False)])
def test_africa_actions_have_their_own_index_and_back(players, hidden):
    g = africa.new_game(players=players, seed=players, hidden_treasure=hidden)
    e = AfricaEncoding.for_game(g)
    assert e.size == 5 + 7 * g.board.n + (players - 1) * 4 * 2
    rng = random.Random(players)
    kinds = set()
    while not g.is_terminal():
        legal = g.legal_actions()
        idx = [e.action_to_index(g, a) for a in legal]
        assert len(set(idx)) == len(idx) and sorted(idx) == e.legal_indices(g)
        assert all(e.index_to_action(g, i) == a for i, a in zip(idx, legal))
        mask = e.legal_mask(g)
        assert mask.sum() == len(legal) and sorted(idx) == list(np.flatnonzero(mask))
        kinds.update(a.kind for a in legal)
        o = e.observation(g, rng.randrange(players))
        assert o.shape == (e.observation_size,) and (o >= e.observation_low).all() and (o <= e.observation_high).all()
        g.apply(rng.choice(legal))
    assert {"P", "S", "jump", "J", "D", "B", "pass"} <= kinds
    for bad in (-1, e.size, 1.5, "2", None):
        with pytest.raises(ValueError):
            e.index_to_action(g, bad)


def test_africa_exchange_indices_are_relative_to_the_seat_acting():
    g = africa.new_game(players=3, seed=1)
    e = AfricaEncoding.for_game(g)
    g.active = 2  # (only who acts matters to the index)
    g.phase = 1
    i = e.action_to_index(g, "E0:robe*")
    assert i == e.EXCHANGE + ((1 - 1) * 4 + 2) * 2 + 1  # seat 0 is one on from seat 2
    assert e.index_to_action(g, i) == "E0:robe*"
    assert e.index_to_action(g, e.EXCHANGE + (4 + 0) * 2) == "E1:statue"


def test_africa_observation_content():
    g = africa.new_game(players=3, seed=4)
    e = AfricaEncoding.for_game(g)
    planes, vec = e.split(e.observation(g, 1))
    P, V = e.plane, e.vec
    assert planes[P["space"]].sum() == g.board.n and planes[P["city"]].sum() == len(g.board.cities)
    assert planes[P["face_down"]].sum() == g.tiles_face_down
    assert vec[V["phase_setup"]] == 1 and vec[V[f"to_act_seat{(g.current_player - 1) % 3}"]] == 1
    rng = random.Random(0)
    while g.phase_name == "setup":
        g.apply(rng.choice(g.legal_actions()))
    planes, vec = e.split(e.observation(g, 1))
    for s, where in enumerate(g.explorers()):
        r, c = g.board.rc[g.board.space(where)]
        assert planes[P[f"explorer_seat{(s - 1) % 3}"], r, c] == 1
    unseen = g.unseen_tiles()
    for t in e.type_ids:
        assert vec[V[f"unseen_{t}"]] == unseen.get(t, 0)


def test_africa_hidden_treasure_stays_hidden():
    """Under the option, a seat's observation is the same in every world consistent with what it
    knows (`determinize(rng, seat)` redeals the others' gold and gems and the face-down treasure),
    and shows no other seat's gold or gems; without it, the others' gold is shown."""
    for hidden in (True, False):
        g = africa.new_game(players=3, seed=7, hidden_treasure=hidden)
        e = AfricaEncoding.for_game(g)
        rng = random.Random(2)
        held_by_others = False
        while not g.is_terminal() and len(g.history) < 3000:
            legal = g.legal_actions()
            camp = [a for a in legal if a == "B$"]
            g.apply(camp[0] if camp and rng.random() < 0.8 else rng.choice(legal))
            if len(g.history) % 25:
                continue
            for seat in range(3):
                o = e.observation(g, seat)
                _, vec = e.split(o)
                for j in (1, 2):
                    other = (seat + j) % 3
                    tr = g.treasure(other)
                    held_by_others |= tr["gold"] + tr["gems"] > 0
                    if hidden:
                        assert vec[e.vec[f"gold_seat{j}"]] == vec[e.vec[f"gems_seat{j}"]] == 0
                        assert vec[e.vec[f"treasure_hidden_seat{j}"]] == 1
                    else:
                        assert vec[e.vec[f"gold_seat{j}"]] == tr["gold"]
                for k in range(2):
                    world = g.determinize(random.Random(k), seat)
                    assert np.array_equal(o, e.observation(world, seat))
        assert held_by_others


# ---------------------------------------------------------------- AEC environments


@pytest.mark.parametrize("make", [lambda: SafariEnv(players=3, seed=1),
                                  lambda: SafariEnv(players=2, seed=2, copy_observations=False),
                                  lambda: AfricaEnv(players=3, seed=1),
                                  lambda: AfricaEnv(players=2, seed=2, hidden_treasure=True)])
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_api_test(make):
    from pettingzoo.test import api_test

    api_test(make(), num_cycles=150, verbose_progress=False)


@pytest.mark.parametrize("make", [lambda: SafariEnv(players=2, seed=4), lambda: AfricaEnv(players=3, seed=4)])
def test_seed_test(make):
    from pettingzoo.test import seed_test

    seed_test(make, num_cycles=150)


def _random_aec(env, rng, seed=None, limit=100_000):
    env.reset(seed=seed)
    counts = dict.fromkeys(env.possible_agents, 0)
    finals = {}
    for agent in env.agent_iter(limit):
        obs, reward, terminated, truncated, info = env.last()
        counts[agent] += 1
        if terminated or truncated:
            finals[agent] = (reward, terminated, truncated)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return counts, finals


@pytest.mark.parametrize("make", [lambda mc: SafariEnv(players=2, seed=1, max_cycles=mc),
                                  lambda mc: AfricaEnv(players=3, seed=1, max_cycles=mc)])
def test_max_cycles_truncates_after_that_many_rounds(make):
    """PettingZoo's max_cycles_test needs a parallel environment and plays unmasked random
    actions, illegal in a turn-based game (PettingZoo's classic games do not take it either);
    this is its check for a turn-based game: after max_cycles rounds every agent is truncated,
    with reward 0, and every seat has had its turns."""
    rng = np.random.default_rng(0)
    for mc in (1, 3, 7):
        env = make(mc)
        counts, finals = _random_aec(env, rng, seed=mc)
        n = env.players
        assert sorted(finals) == env.possible_agents and env.agents == []
        assert all(f == (0, False, True) for f in finals.values())
        assert env.turns == mc * n and env.infos == {}
        assert all(c >= mc + 1 for c in counts.values())  # its decisions of mc turns, then the dead step


def test_africa_default_max_cycles_leaves_random_games_alone():
    env = AfricaEnv(players=2, seed=3)
    assert env.max_cycles == 1000
    rng = np.random.default_rng(1)
    for s in range(2):
        _, finals = _random_aec(env, rng, seed=s)
        assert all(term and not trunc for _, term, trunc in finals.values())
        assert sorted(r for r, _, _ in finals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_africa_env_plays_to_the_end_with_rewards():
    rng = np.random.default_rng(2)
    env = AfricaEnv(players=3, seed=5, reward="margin")
    _, finals = _random_aec(env, rng, seed=9)
    scores = env.game.scores
    for s, agent in enumerate(env.possible_agents):
        assert finals[agent][0] == scores[s] - max(v for i, v in enumerate(scores) if i != s)
    env.reset(seed=1, options={"first_player": 2})
    assert env.agent_selection == "player_2"
    with pytest.raises(ValueError):
        env.step(int(np.flatnonzero(env.observe("player_2")["action_mask"] == 0)[0]))
    assert env.observe("player_0")["action_mask"].sum() == 0
    with pytest.raises(ValueError):
        AfricaEnv(max_cycles=0)


def test_copy_observations_false_hands_out_the_buffer():
    for make in (SafariEnv, AfricaEnv):
        env = make(players=2, seed=0, copy_observations=False)
        ref = make(players=2, seed=0)
        env.reset(seed=3)
        ref.reset(seed=3)
        rng = random.Random(0)
        for _ in range(30):
            agent = env.agent_selection
            a, b = env.observe(agent), ref.observe(agent)
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            assert env.observe(agent)["observation"] is a["observation"]
            i = rng.choice(list(np.flatnonzero(a["action_mask"])))
            env.step(i)
            ref.step(i)


# ----------------------------------------------------------------- vector environments


@pytest.mark.parametrize("copy", [True, False])
@pytest.mark.parametrize("make,single", [
    (lambda n, **k: SafariVectorEnv(n, players=2, **k), lambda **k: SafariEnv(players=2, **k)),
    (lambda n, **k: AfricaVectorEnv(n, players=3, **k), lambda **k: AfricaEnv(players=3, **k)),
])
def test_vector_env_equals_single_envs(make, single, copy):
    """Row i of a vector environment reset with seed s is a single environment reset with s + i
    (and reset again when its game ends): same observations, masks, seats and rewards. (Safari's
    rows are its trackers' own buffers, updated in place, through every reset.)"""
    n = 3
    venv = make(n, max_cycles=4, copy=copy)
    obs, infos = venv.reset(seed=10)
    assert obs["observation"].shape == (n, venv.single_observation_space["observation"].shape[0])
    assert obs["action_mask"].shape == (n, venv.single_action_space.n) and obs["action_mask"].dtype == np.int8
    assert venv.observation_space["observation"].shape == obs["observation"].shape
    singles = [single(max_cycles=4) for _ in range(n)]
    for i, env in enumerate(singles):
        env.reset(seed=10 + i)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        actions = []
        for i, env in enumerate(singles):
            agent = env.agent_selection
            o = env.observe(agent)
            assert infos["seat"][i] == env.possible_agents.index(agent)
            assert np.array_equal(o["observation"], obs["observation"][i])
            assert np.array_equal(o["action_mask"], obs["action_mask"][i])
            actions.append(int(rng.choice(np.flatnonzero(o["action_mask"]))))
        obs, rewards, term, trunc, infos = venv.step(np.array(actions))
        assert rewards.shape == (n, venv.players)
        for i, env in enumerate(singles):
            env.step(actions[i])
            if term[i] or trunc[i]:
                ended += 1
                assert infos["_final_scores"][i] and list(infos["final_scores"][i]) == env.game.scores
                assert [env.rewards[a] for a in env.possible_agents] == list(rewards[i])
                assert env.terminations[env.agent_selection] == term[i]
                assert env.truncations[env.agent_selection] == trunc[i]
                env.reset()
            else:
                assert not rewards[i].any()
    assert ended >= n  # every game was cut by max_cycles (or ended) at least once, and went on


def test_vector_env_determinism_copies_and_bad_actions():
    a, b = SafariVectorEnv(4, seed=1), SafariVectorEnv(4, seed=1, copy=False)
    oa, ia = a.reset(seed=5)
    ob, ib = b.reset(seed=5)
    assert np.array_equal(oa["observation"], ob["observation"]) and np.array_equal(ia["seat"], ib["seat"])
    rng = np.random.default_rng(3)
    kept = oa
    first = oa["observation"].copy()
    for _ in range(20):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in oa["action_mask"]])
        oa, ra, ta, ua, ia = a.step(acts)
        ob, rb, tb, ub, ib = b.step(acts)
        assert np.array_equal(oa["observation"], ob["observation"])
        assert np.array_equal(oa["action_mask"], ob["action_mask"])
    assert np.array_equal(kept["observation"], first)  # copy=True: earlier arrays stay as they were
    again, *_ = b.step(np.array([np.flatnonzero(m)[0] for m in ob["action_mask"]]))
    assert again["observation"] is ob["observation"]  # copy=False: the same arrays, overwritten
    for arr in again.values():  # and read only: they are the trackers' own state
        with pytest.raises(ValueError):
            arr[0, 0] = 1
    assert oa["observation"].flags.writeable  # copy=True: the caller's to change
    bad = np.array([np.flatnonzero(m == 0)[0] for m in oa["action_mask"]])
    before = [len(g.history) for g in a.games]
    with pytest.raises(ValueError):
        a.step(np.array([np.flatnonzero(oa["action_mask"][0])[0]] + list(bad[1:])))
    assert [len(g.history) for g in a.games] == before  # nothing played
    with pytest.raises(ValueError):
        a.step(np.zeros(3, int))


def test_vector_env_auto_resets_finished_games():
    venv = AfricaVectorEnv(2, players=2, seed=0, max_cycles=1)
    obs, infos = venv.reset(seed=0)
    rng = np.random.default_rng(0)
    seen = 0
    for _ in range(40):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, term, trunc, infos = venv.step(acts)
        for i in np.flatnonzero(trunc):
            seen += 1
            assert len(venv.games[i].history) == 0 and venv.turns[i] == 0  # a new game already
            assert infos["_final_scores"][i] and not rewards[i].any()
    assert seen >= 2


def test_the_engines_import_no_research_package():
    import subprocess
    import sys

    code = ("import sys, savanna.safari, savanna.africa; "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'savanna.research') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

"""The research interfaces: the shared action/observation encoding, the PettingZoo
environment and the OpenSpiel game (savanna/research/)."""

import pathlib
import random
import subprocess
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None

import numpy as np
import pytest

from savanna import safari
from savanna.ai import make_player
from savanna.research import safari_encoding as enc_mod
from savanna.research.safari_encoding import DEFAULT_WINDOW, OutsideWindowError, SafariEncoding
from savanna.safari.geometry import corner_slot, slot_corner, space, xy

from openspiel_helpers import check_information_state, play_bot, sample

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _random_game(players, seed, steps, rng_seed=0):
    g = safari.new_game(players=players, seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(steps):
        if g.is_terminal():
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# --------------------------------------------------------------- packaging


def test_engine_imports_no_research_package():
    code = ("import sys, savanna, savanna.safari; "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel', 'savanna.research') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.skipif(tomllib is None, reason="tomllib needs Python 3.11")
def test_test_extra_pulls_in_the_research_extra():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {"numpy", "gymnasium", "pettingzoo", "open_spiel"} <= set(extras["research"])
    assert "savanna[research]" in extras["test"]


# ---------------------------------------------------------------- encoding


def test_action_space_layout():
    e = SafariEncoding(players=2)
    s = (2 * DEFAULT_WINDOW + 1) ** 2
    k = 5
    assert (e.PASS, e.ADD, e.MEEPLE, e.PLACE) == (0, 1, 7, 16)
    assert e.TOKEN == e.PLACE + 4 * s and e.MOVE == e.TOKEN + 4 * s * k
    assert e.RETURN == e.MOVE + 2 * s and e.size == e.RETURN + s == 45_403
    g = safari.new_game(players=2, seed=1)
    assert e.index_to_action(g, 0) == "pass"
    assert e.index_to_action(g, 1) == "+none" and e.index_to_action(g, 2) == "+A"
    assert e.index_to_action(g, e.MEEPLE + 2) == "M:trail:S" and e.index_to_action(g, e.MEEPLE + 8) == "M:baobab"
    origin = DEFAULT_WINDOW * (2 * DEFAULT_WINDOW + 1) + DEFAULT_WINDOW  # space (0, 0)
    assert e.index_to_action(g, e.PLACE + 4 * (origin + 1) + 1) == "T1,0@90"
    # a token index is a dig where the slot touches no token of its hole, an expansion where it does
    assert e.index_to_action(g, e.TOKEN + (4 * origin + 1) * k + 2) == "D0,0:SE=G"
    hole = safari.new_game(players=2, seed=1)
    se = corner_slot(space(0, 0), 1)  # (0, 0)'s SE corner: a slot of the hole at its SE point
    point, j = se >> 2, se & 3
    hole.holes[point] = tuple("G" if q == j else "" for q in range(4))  # a giraffe dug there
    sp, c = slot_corner(point * 4 + (j + 1) % 4)  # the slot beside it, on a neighbouring tile
    x, y = xy(sp)
    i = e.TOKEN + (4 * ((y + DEFAULT_WINDOW) * (2 * DEFAULT_WINDOW + 1) + x + DEFAULT_WINDOW) + c) * k + 4
    corner = ("NE", "SE", "SW", "NW")[c]
    assert e.index_to_action(hole, i) == f"X{x},{y}:{corner}=Z"
    assert e.index_to_action(g, i) == f"D{x},{y}:{corner}=Z"
    assert e.index_to_action(g, e.RETURN + origin + 3) == "R>3,0"
    # ranger moves: by ranger (order of ranger_spaces()) and destination
    r0 = g.ranger_spaces()[0]
    assert e.index_to_action(g, e.MOVE + origin - 1) == f"R{r0[0]},{r0[1]}>-1,0"
    assert e.action_to_index(g, f"R{r0[0]},{r0[1]}>2,0") == e.MOVE + origin + 2
    r1 = g.ranger_spaces()[1]
    assert e.action_to_index(g, f"R{r1[0]},{r1[1]}>2,0") == e.MOVE + s + origin + 2


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_legal_action_has_its_own_index_and_back(players):
    rng = random.Random(players)
    decisions = 0
    kinds: set[str] = set()
    for seed in range(3):
        g = safari.new_game(players=players, seed=seed)
        e = enc_mod.encoding_for(g)
        while not g.is_terminal():
            legal = g.legal_actions()
            kinds.update(a.kind for a in legal)
            idx = [e.action_to_index(g, a) for a in legal]
            assert len(set(idx)) == len(idx)  # (a dig and an expansion never share a token index)
            assert all(e.index_to_action(g, i) is a or e.index_to_action(g, i) == a for i, a in zip(idx, legal))
            mask = enc_mod.legal_mask(g)
            assert mask.dtype == bool and mask.shape == (e.size,) and mask.sum() == len(legal)
            assert sorted(idx) == enc_mod.legal_indices(g) == list(np.flatnonzero(mask))
            g.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    assert decisions > 400 and {"D", "X"} <= kinds


def test_index_to_action_refuses_what_is_not_an_action():
    g = safari.new_game(players=2, seed=2)
    e = enc_mod.encoding_for(g)
    for bad in (-1, e.size, 2.5, "3", None):
        with pytest.raises(ValueError):
            e.index_to_action(g, bad)
    assert e.index_to_action(g, np.int64(0)) == "pass"
    with pytest.raises(ValueError):
        e.action_to_index(g, "T1,2")  # malformed notation
    with pytest.raises(ValueError):
        e.action_to_index(g, "R5,5>2,0")  # no ranger there


def test_a_displaced_ranger_has_no_move_index():
    # place tiles on a ranger's space when possible, until one waits to be put back
    g = safari.new_game(players=2, seed=1)
    rng = random.Random(1)
    while not g.is_terminal() and g.phase_name != "ranger":
        legal = g.legal_actions()
        hits = [a for a in legal if a.kind == "T" and xy(a.args[0]) in g.ranger_spaces()]
        g.apply(hits[0] if hits else rng.choice(legal))
    assert g.phase_name == "ranger"
    e = enc_mod.encoding_for(g)
    gone = g.ranger_spaces().index(None)
    with pytest.raises(ValueError, match="displaced"):
        e.index_to_action(g, e.MOVE + gone * e.spaces)
    mask = e.legal_mask(g)
    assert all(e.RETURN <= i < e.size for i in np.flatnonzero(mask))


def test_meeple_notation_without_side_maps_to_the_legal_index():
    for seed in range(50):
        g = safari.new_game(players=2, seed=seed)
        g.apply(g.legal_actions()[0])
        legal = [a for a in g.legal_actions() if a.kind == "M" and a != "M:baobab"]
        kinds = [a.args[0] for a in legal]
        for a in legal:
            if kinds.count(a.args[0]) == 1:
                tile = next(t for t in g.tiles_on_board() if (t["x"], t["y"]) == g.last_placed)
                if sum(f["kind"] == a.args[0] for f in tile["features"]) == 1:
                    assert enc_mod.action_to_index(g, f"M:{a.args[0]}") == enc_mod.action_to_index(g, a)
                    return
    pytest.fail("no tile with a single trail or bush found")


def test_the_default_window_covers_random_games():
    """Count legal actions outside the window: none in 200 random games (2 to 5 players).
    Tiles and the empty spaces next to them only ever grow, and every action's space is a tile
    or such an empty space, so the spaces at the end bound every action of the game."""
    outside = 0
    extent = 0
    for seed in range(200):
        players = 2 + seed % 4
        g = safari.new_game(players=players, seed=1000 + seed)
        p = make_player("random", seed)
        while not g.is_terminal():
            g.apply(p.choose(g))
        spaces = g.empty_spaces() + [(t["x"], t["y"]) for t in g.tiles_on_board()]
        far = max(max(abs(x), abs(y)) for x, y in spaces)
        extent = max(extent, far)
        outside += sum(max(abs(x), abs(y)) > DEFAULT_WINDOW for x, y in spaces)
    assert outside == 0
    assert extent <= DEFAULT_WINDOW - 3  # and with margin (the measured maximum was 16)


def test_legal_actions_are_checked_against_the_window_at_every_decision():
    outside = 0
    for seed in range(12):
        g = safari.new_game(players=2 + seed % 4, seed=seed)
        p = make_player("random", seed)
        while not g.is_terminal():
            outside += len(enc_mod.outside_window(g))
            enc_mod.legal_mask(g)  # strict: would raise OutsideWindowError
            g.apply(p.choose(g))
    assert outside == 0


def test_a_small_window_reports_what_it_cannot_encode():
    g = _random_game(2, seed=4, steps=60)
    while g.phase_name != "place":
        g.apply(g.legal_actions()[0])
    small = SafariEncoding(players=2, window=2)
    out = small.outside_window(g)
    assert out and all(a.kind == "T" for a in out)
    with pytest.raises(OutsideWindowError):
        small.legal_mask(g)
    loose = small.legal_mask(g, strict=False)
    assert loose.sum() == len(g.legal_actions()) - len(out)
    obs = small.observation(g, 0)  # the board planes just crop
    assert obs.shape == (small.observation_size,)
    with pytest.raises(ValueError):
        SafariEncoding(players=2, window=1)


def test_observation_shape_bounds_and_names():
    for players in (2, 4):
        rng = random.Random(players)
        g = safari.new_game(players=players, seed=9)
        e = enc_mod.encoding_for(g)
        assert len(e.plane_names) == e.num_planes and len(e.vector_names) == e.vector_size
        assert e.observation_size == e.num_planes * e.spaces + e.vector_size
        phases = set()
        while not g.is_terminal():
            for seat in range(players):
                o = e.observation(g, seat)
                assert o.dtype == np.float32 and o.shape == (e.observation_size,)
                assert (o >= e.observation_low).all() and (o <= e.observation_high).all()
            phases.add(g.phase_name)
            g.apply(rng.choice(g.legal_actions()))
        assert {"place", "action"} <= phases


def test_observation_content():
    g = safari.new_game(players=3, seed=5)
    e = enc_mod.encoding_for(g)
    planes, vec = e.split(e.observation(g, 1))
    P, V, h = e.plane, e.vec, e.window
    # the real start tile: (-1,0) bush S with an elephant, (0,0) a trail ending S with a
    # giraffe, (1,0) bush N and a trail ending E with an ape; no birds
    assert planes[P["tile"]].sum() == 3
    assert planes[P["tile"], h, h - 1:h + 2].tolist() == [1, 1, 1]
    assert planes[P["edge_bush_S"], h, h - 1] == 1 and planes[P["animal_E"], h, h - 1] == 1
    assert planes[P["edge_trail_S"], h, h] == 1 and planes[P["edge_trail_E"], h, h] == 0
    assert planes[P["animal_G"], h, h] == 1
    assert planes[P["edge_bush_N"], h, h + 1] == 1 and planes[P["edge_trail_E"], h, h + 1] == 1
    assert planes[P["animal_A"], h, h + 1] == 1 and planes[P["birds"]].sum() == 0
    for i, (x, y) in enumerate(g.ranger_spaces()):
        assert planes[P[f"ranger_{i}"], y + h, x + h] == 1
    assert planes[P["frontier"]].sum() == len(g.empty_spaces())
    fits = sum(planes[P[f"fits_{r}"]].sum() for r in (0, 90, 180, 270))
    assert fits == len(g.legal_actions())
    assert vec[V["phase_place"]] == 1 and vec[V["tiles_left"]] == g.tiles_left
    # seats are relative: seat 1 observes; the one to act (seat 0) is two seats on of 3
    assert vec[V["to_act_seat2"]] == 1
    for s in range(3):
        for a, n in g.tokens(s).items():
            assert vec[V[f"tokens_seat{(s - 1) % 3}_{a}"]] == n
    tid = g.drawn_tile.split("/")[0]
    assert vec[V[f"drawn_{tid}"]] == 1
    assert vec[V["token_pile"]] == g.supply_size()
    # after play: meeples and scores land on the right relative seats
    rng = random.Random(1)
    while not g.is_terminal() and not any(t for t in g.tiles_on_board() for f in t["features"] if f["meeples"]):
        legal = g.legal_actions()
        m = [a for a in legal if a.kind == "M"]
        g.apply(m[0] if m else rng.choice(legal))
    planes, vec = e.split(e.observation(g, 2))
    for t in g.tiles_on_board():
        for f in t["features"]:
            for s in f["meeples"]:
                assert planes[P[f"meeple_seat{(s - 2) % 3}"], t["y"] + h, t["x"] + h] >= 1
    assert [vec[V[f"score_seat{(s - 2) % 3}"]] for s in range(3)] == g.scores


def test_observation_never_shows_the_hidden_order():
    g = _random_game(3, seed=8, steps=50)
    for k in range(3):
        other = g.determinize(random.Random(k))  # same public state, the stack and pile reshuffled
        assert other.stack != g.stack or other.pile != g.pile
        for seat in range(3):
            assert np.array_equal(enc_mod.observation(g, seat), enc_mod.observation(other, seat))


def test_importing_a_custom_window_encoding_through_module_functions():
    g = safari.new_game(players=2, seed=3)
    a = g.legal_actions()[0]
    i = enc_mod.action_to_index(g, a, window=10)
    assert enc_mod.index_to_action(g, i, window=10) == a
    assert enc_mod.legal_mask(g, window=10).shape == (SafariEncoding(2, 10).size,)
    obs = enc_mod.observation(g, 0, window=10)
    planes, _ = enc_mod.split_observation(g, obs, window=10)
    assert planes.shape == (SafariEncoding(2, 10).num_planes, 21, 21)


# -------------------------------------------------------------- PettingZoo


@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")  # dict observations, as classic envs
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_pettingzoo_api_test():
    from pettingzoo.test import api_test

    from savanna.research.safari_env import SafariEnv

    api_test(SafariEnv(players=3, seed=1), num_cycles=120, verbose_progress=False)


def _play_env(env, seed, rng):
    env.reset(seed=seed)
    seen_other = False
    finals = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            finals[agent] = reward
            env.step(None)
            continue
        g = env.game
        assert agent == f"player_{g.current_player}"
        if g.current_player != g.active_player:
            seen_other = True
        assert reward == 0
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(g.legal_actions())
        # keen on meeples and keeping tokens, so that shared features and scoring choices happen
        e = env.encoding
        keen = [i for i in legal if e.MEEPLE <= i < e.MEEPLE + 8] or [i for i in legal if not e.TOKEN <= i < e.MOVE]
        env.step(int(rng.choice(keen or legal)))
    return finals, seen_other


def test_pettingzoo_game_to_the_end_with_rewards():
    from savanna.research.safari_env import SafariEnv

    rng = np.random.default_rng(0)
    env = SafariEnv(players=3, seed=2)
    other_seat_asked = False
    for seed in range(4):
        finals, seen = _play_env(env, seed, rng)
        other_seat_asked |= seen
        assert sorted(finals) == env.possible_agents and env.agents == []
        scores = env.game.scores
        best = max(scores)
        for s, agent in enumerate(env.possible_agents):
            want = -1.0 if scores[s] < best else (1.0 if scores.count(best) == 1 else 0.0)
            assert finals[agent] == want
    env = SafariEnv(players=2, seed=2, reward="margin")
    finals, _ = _play_env(env, 7, rng)
    a, b = env.game.scores
    assert finals == {"player_0": a - b, "player_1": b - a}
    assert other_seat_asked, "a scoring choice should fall to a seat that is not the active one"


def test_pettingzoo_mask_only_for_the_agent_to_act_and_illegal_actions_refused():
    from savanna.research.safari_env import SafariEnv

    env = SafariEnv(players=2, seed=0)
    env.reset(seed=3)
    me = env.agent_selection
    other = next(a for a in env.agents if a != me)
    assert env.observe(me)["action_mask"].sum() == len(env.game.legal_actions())
    assert env.observe(other)["action_mask"].sum() == 0
    mask = env.observe(me)["action_mask"]
    with pytest.raises(ValueError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.action_notation(int(np.flatnonzero(mask)[0])) in env.game.legal_actions()
    # a seeded reset replays exactly
    env.reset(seed=11)
    first = [env.game.drawn_tile, env.game.tokens(0)]
    env.reset(seed=11)
    assert [env.game.drawn_tile, env.game.tokens(0)] == first
    env.reset(seed=1, options={"tile_order": ["S03", "S19"], "token_order": "ZZ"})
    assert env.game.drawn_tile == "S03/1" and env.game.tokens(0) == {"Z": 2}
    with pytest.raises(ValueError):
        SafariEnv(reward="points")


# ---------------------------------------------------------------- OpenSpiel


@pytest.fixture(scope="module")
def pyspiel():
    import pyspiel

    import savanna.research.openspiel_safari  # noqa: F401 (registers the game)

    return pyspiel


def test_openspiel_game_type_and_info(pyspiel):
    from savanna.research.openspiel_safari import SafariObserver

    game = pyspiel.load_game("python_savanna_safari", {"players": 3, "seed": 1})
    t = game.get_type()
    assert t.short_name == "python_savanna_safari"
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    ts = safari.load_tiles()
    assert game.num_players() == 3 and game.max_chance_outcomes() == len(ts.outcome_names) + 5 == 68
    e = SafariEncoding(players=3)
    assert game.num_distinct_actions() == e.size
    obs = SafariObserver(game, pyspiel.IIGObservationType(perfect_recall=False), None)
    info = SafariObserver(game, pyspiel.IIGObservationType(perfect_recall=True), None)
    assert game.observation_tensor_size() == e.observation_size + len(obs.chance_names) == obs.tensor.size
    assert game.information_state_tensor_size() == info.tensor.size == \
        obs.tensor.size + game.history_rows * len(info.history_names)
    assert game.max_game_length() == 72 * (3 + 4 * 3)
    assert game.max_chance_nodes_in_history() == 72 * 5 + 2 * 3  # each tile, the deal, 4 tokens a turn
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)


@pytest.mark.parametrize("players", [None, 3, 4, 5])
@pytest.mark.parametrize("serialize", [False, True])
def test_openspiel_random_sim_test(pyspiel, players, serialize):
    # the issue's own check: a clone given the same action (a draw too) reaches the same state
    game = pyspiel.load_game("python_savanna_safari") if players is None else \
        pyspiel.load_game("python_savanna_safari", {"players": players})
    pyspiel.random_sim_test(game, num_sims=5 if players is None else 2, serialize=serialize, verbose=False)


def test_openspiel_state_follows_the_engine(pyspiel):
    from savanna.chance import CHANCE

    game = pyspiel.load_game("python_savanna_safari", {"players": 2})
    state = game.new_initial_state()
    engine = safari.new_game(players=2, seed=0, chance="explicit")
    rng = np.random.RandomState(0)
    e = SafariEncoding(players=2)
    chance_nodes = 0
    while not state.is_terminal():
        obs = np.asarray(state.observation_tensor(1), np.float32)
        head, block = obs[:e.observation_size], obs[e.observation_size:]
        if state.is_chance_node():
            chance_nodes += 1
            assert engine.current_player == CHANCE and state.current_player() == pyspiel.PlayerId.CHANCE
            outcomes = state.chance_outcomes()
            # the engine's outcomes and probabilities, in index order
            assert [(state.action_to_string(pyspiel.PlayerId.CHANCE, i), p) for i, p in outcomes] == \
                sorted(engine.chance_outcomes(), key=lambda ap: state.action_index(ap[0]))
            assert state.legal_actions() == [i for i, _ in outcomes] == sorted(i for i, _ in outcomes)
            assert block[0] == 1 and block[1] + block[2] == 1 and head[e.plane_size:].sum() > 0
            assert head[e.plane_size + e.vec["phase_place"]] == 0
            a = sample(state, rng)
        else:
            assert state.current_player() == engine.current_player
            legal = state.legal_actions()
            assert [state.action_to_string(a) for a in legal] == \
                sorted(engine.legal_actions(), key=lambda a: e.action_to_index(engine, a))
            assert np.array_equal(head, e.observation(engine, 1)) and not block.any()
            a = legal[rng.randint(len(legal))]
        engine.apply(state.action_to_string(state.current_player(), a))
        state.apply_action(a)
    assert engine.is_terminal() and state.returns() == engine.returns()
    assert chance_nodes == sum(1 for x in engine.history if x[0] == "~") >= 72 + 4
    assert chance_nodes <= game.max_chance_nodes_in_history()
    assert state.information_state_string(0).split("\n")[:3] == ["p0", "c:~" + engine.history[0][1:],
                                                                   "c:" + engine.history[1]]
    assert state.observation_string(1).startswith("p1\nphase=over")


def test_openspiel_information_state_is_the_public_history(pyspiel):
    game = pyspiel.load_game("python_savanna_safari", {"players": 2})
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(40):
        state.apply_action(sample(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert len(state.history()) == 40
    check_information_state(pyspiel, game, state, 1)


def test_openspiel_serialisation_replays_the_draws(pyspiel):
    game = pyspiel.load_game("python_savanna_safari", {"players": 3, "final_scoring": "majority"})
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    for _ in range(60):
        state.apply_action(sample(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    assert again.engine().to_json() == state.engine().to_json()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()


def _play_against_random(game, bot, seed):
    state, moves = play_bot(game, bot, make_player("random", seed), seed)
    g = state.engine()
    assert g.is_terminal() and g.tiles_left == 0
    assert state.returns() == g.returns() and max(state.returns()) == 1.0
    return moves


def test_openspiel_ismcts_against_the_random_player(pyspiel):
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_savanna_safari", {"players": 2})
    for seed in (1, 2):
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2,
                               random_state=np.random.RandomState(seed))
        assert _play_against_random(game, bot, seed) >= 72 // 2


def test_openspiel_mcts_against_the_random_player(pyspiel):
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_savanna_safari", {"players": 2})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator, solve=False,
                       random_state=np.random.RandomState(2))
    assert _play_against_random(game, bot, 5) >= 72 // 2


def test_openspiel_savanna_players_choose_draws_too(pyspiel):
    game = pyspiel.load_game("python_savanna_safari", {"players": 2})
    state = game.new_initial_state()
    player = make_player("random", 3)
    for _ in range(30):
        action = state.action_index(player.choose(state.engine()))  # at a chance node, an outcome by its odds
        assert action in state.legal_actions()
        state.apply_action(action)
    assert any(step.player == pyspiel.PlayerId.CHANCE for step in state.full_history())

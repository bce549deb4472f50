"""Explicit chance in both engines (savanna/chance.py): every draw a chance node whose
outcomes and probabilities are exactly what is left, outcomes applied and saved like
actions, the two modes tied together (an explicit game given the draws a sampled game
made plays out the same), bad outcomes refused, and the computer players and
`determinize` at home in explicit games."""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from savanna import africa, safari
from savanna.ai import make_player
from savanna.chance import CHANCE, is_chance_node, resolve, sample_outcome
from savanna.safari import limits as safari_limits
from savanna.safari import tokens as safari_tokens
from savanna.safari.game import Game as SafariGame
from savanna.safari.geometry import xy
from savanna.safari.tileset import packaged_data

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(0, 2**31 - 1)
PLAYERS = st.integers(2, 5)


def few_tokens_set() -> dict:
    """The real tiles with two tokens of each animal: the pile runs out, and the discards
    become the pile, in most games."""
    data = packaged_data()
    data["animal_tokens"] = {a: 2 for a in data["animal_tokens"]}
    data.pop("version")
    return data


FEW = few_tokens_set()
TILE_SETS = st.sampled_from([None, "few"])


def tiles_arg(name):
    return FEW if name == "few" else None


def busy(g, rng):
    """A legal action at a decision node: meeples and token additions often (baobab draws and
    discards come up), else anything."""
    acts = g.legal_actions()
    keen = [a for a in acts if a.kind in "M+" and a != "+none"]
    return rng.choice(keen) if keen and rng.random() < 0.7 else rng.choice(acts)


# ------------------------------------------------------------------- Safari


def safari_left(g) -> tuple[Counter, Counter]:
    """What has not been drawn, from what is on view: land tile outcomes (the set less the
    tiles on the table, the removed and the one drawn) and tokens (the set less those in the
    seats' supplies, on the table and discarded)."""
    ts = g.tileset
    tiles = Counter(ts.outcome_names[o] for o in ts.outcome_of)
    for t in g.tiles_on_board():
        if t["id"] != "START":
            tiles[ts.outcome_name(t["id"])] -= 1
    for name in g.removed_tiles + ([g.drawn_tile] if g.drawn_tile else []):
        tiles[ts.outcome_name(name)] -= 1
    tokens = Counter(dict(zip(ts.animals, ts.token_counts)))
    for s in range(g.players):
        tokens.subtract(g.tokens(s))
    tokens.subtract(g.tokens_on_table())
    tokens.subtract(g.discard_pile())
    return +tiles, +tokens


def check_safari_chance_node(g):
    assert g.is_chance_node() and is_chance_node(g) and g.current_player == CHANCE
    assert g.phase_name == "draw" and g.active_player is not None
    outcomes = g.chance_outcomes()
    counts = g.chance_counts()
    assert [a for a, _ in outcomes] == [a for a, _ in counts] == g.legal_actions()
    assert all(p > 0 for _, p in outcomes) and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert all(p == n / sum(m for _, m in counts) for (_, p), (_, n) in zip(outcomes, counts))
    tiles, tokens = safari_left(g)
    drawn = Counter({a[1:]: n for a, n in counts})
    if g.draws:  # a token: what the pile holds (the discards, if it was empty)
        assert drawn == Counter(g.tileset.animals[a] for a in g.pile)
        assert drawn == tokens
        assert sum(drawn.values()) == g.supply_size()
    else:
        assert drawn == tiles and sum(drawn.values()) == g.tiles_left


def play_explicit_safari(players, seed, tiles, rseed, check=True):
    g = safari.new_game(players=players, seed=seed, tiles=tiles, chance="explicit")
    rng = random.Random(rseed)
    nodes = 0
    while not g.is_terminal():
        if g.is_chance_node():
            nodes += 1
            if check:
                check_safari_chance_node(g)
            g.apply(sample_outcome(g, rng))
        else:
            assert g.current_player >= 0 and g.chance_outcomes() == [] and g.chance_counts() == []
            g.apply(busy(g, rng))
    return g, nodes


@SETTINGS
@given(players=PLAYERS, seed=SEEDS, tiles=TILE_SETS, rseed=SEEDS)
def test_safari_chance_nodes_offer_exactly_what_is_left(players, seed, tiles, rseed):
    g, nodes = play_explicit_safari(players, seed, tiles_arg(tiles), rseed)
    land = sum(1 for a in g.history if a[0] == "~" and a[1:] not in g.tileset.animal_index)
    assert land == 72 and g.tiles_left == 0  # every land tile drawn once, the removed too
    assert nodes == sum(1 for a in g.history if a[0] == "~")
    assert all(s == CHANCE for s, a in zip(g.actors, g.history) if a[0] == "~")
    assert all(s >= 0 for s, a in zip(g.actors, g.history) if a[0] != "~")
    assert len(g.history) <= safari_limits.max_actions(72, players, "explicit")


class RecordingSafari(SafariGame):
    """A sampled game that notes each draw it makes, as the chance outcome it would be (its
    token draws while `recording_token_draws` lasts)."""

    def __init__(self, *args, **kwargs):
        self.drawn: list[str] = []
        super().__init__(*args, **kwargs)

    def _draw_tile(self):
        ts = self.tileset
        n = len(self.removed)
        super()._draw_tile()
        for c in self.removed[n:] + ([self.tile] if self.phase_name == "place" else []):
            self.drawn.append("~" + ts.outcome_names[ts.outcome_of[c]])


@contextlib.contextmanager
def recording_token_draws():
    """While it lasts, the engine's token draws (safari/tokens.py's `draw`) into a RecordingSafari
    are noted too."""
    draw = safari_tokens.draw

    def noted(g, seat, n):
        if not isinstance(g, RecordingSafari):
            return draw(g, seat, n)
        k = g.num_animals
        for _ in range(n):  # one at a time: the same draws as n at once
            before = g.hands[seat * k:(seat + 1) * k]
            draw(g, seat, 1)
            got = [i for i, (a, b) in enumerate(zip(before, g.hands[seat * k:(seat + 1) * k])) if a != b]
            if not got:
                break
            g.drawn.append("~" + g.tileset.animals[got[0]])

    safari_tokens.draw = noted
    try:
        yield
    finally:
        safari_tokens.draw = draw


def safari_board(g):
    """The table, copies alike counted as one (which of them lies there is immaterial)."""
    ts = g.tileset
    return sorted((t["x"], t["y"], t["id"] if t["id"] == "START" else ts.outcome_name(t["id"]), t["rotation"],
                   json.dumps(t["features"], sort_keys=True)) for t in g.tiles_on_board())


def safari_twin(players, seed, tiles, rseed):
    """A sampled game played to the end, and the explicit game given its draws in order."""
    with recording_token_draws():
        s = RecordingSafari(players=players, seed=seed, tiles=tiles)
        rng = random.Random(rseed)
        while not s.is_terminal():
            s.apply(busy(s, rng))
    e = safari.new_game(players=players, seed=seed, tiles=tiles, chance="explicit")
    moves, draws = iter(s.history), iter(s.drawn)
    while not e.is_terminal():
        e.apply(next(draws) if e.is_chance_node() else next(moves))
    assert next(moves, None) is None and next(draws, None) is None
    return s, e


@SETTINGS
@given(players=PLAYERS, seed=SEEDS, tiles=TILE_SETS, rseed=SEEDS)
def test_safari_explicit_game_given_a_sampled_games_draws_ends_the_same(players, seed, tiles, rseed):
    s, e = safari_twin(players, seed, tiles_arg(tiles), rseed)
    assert e.scores == s.scores and e.final_points == s.final_points
    assert safari_board(e) == safari_board(s)
    assert e.watering_holes() == s.watering_holes() and e.ranger_spaces() == s.ranger_spaces()
    assert [e.tokens(p) for p in range(e.players)] == [s.tokens(p) for p in range(s.players)]
    assert e.reshuffles == s.reshuffles and e.discard_pile() == s.discard_pile()
    assert Counter(map(e.tileset.outcome_name, e.removed_tiles)) == Counter(map(s.tileset.outcome_name, s.removed_tiles))
    assert [a for a in e.history if a[0] != "~"] == s.history


def test_the_pile_runs_out_and_the_discards_become_it():
    for seed in range(40):
        s, e = safari_twin(5, seed, FEW, seed)
        if e.reshuffles:
            break
    assert e.reshuffles and e.scores == s.scores
    # the draw after the pile ran out offered what had been discarded
    replay = safari.new_game(players=5, seed=seed, tiles=FEW, chance="explicit")
    for a in e.history:
        if replay.is_chance_node() and replay.draws and replay.reshuffles:
            check_safari_chance_node(replay)
            break
        replay.apply(a)
    else:
        raise AssertionError("no draw after the reshuffle")


@SETTINGS
@given(players=PLAYERS, seed=SEEDS, rseed=SEEDS, cut=st.integers(0, 400))
def test_safari_explicit_saves_round_trip(players, seed, rseed, cut):
    g, _ = play_explicit_safari(players, seed, None, rseed, check=False)
    part = safari.new_game(players=players, seed=seed, chance="explicit")
    for a in g.history[:cut]:
        part.apply(a)
    for game in (g, part):
        data = json.loads(game.to_json())
        assert data["chance"] == "explicit" and data["actions"] == [str(a) for a in game.history]
        again = safari.from_json(game.to_json())
        assert again.chance == "explicit" and again.history == game.history and again.scores == game.scores
        assert again.legal_actions() == game.legal_actions() and again.chance_outcomes() == game.chance_outcomes()
        assert again.to_json() == game.to_json()
    # a copy continues exactly as the original
    c = part.clone()
    for a in g.history[cut:]:
        part.apply(a)
        c.apply(a)
    assert c.to_json() == part.to_json() == g.to_json()


def test_safari_sampled_games_are_saved_as_before():
    g = safari.new_game(players=2, seed=1)
    assert g.chance == "sampled" and "chance" not in json.loads(g.to_json())
    assert not g.is_chance_node() and g.chance_outcomes() == [] and g.current_player == 0
    data = json.loads(g.to_json())
    data["chance"] = "sampled"
    assert safari.from_json(json.dumps(data)).chance == "sampled"
    data["chance"] = "dice"
    with pytest.raises(ValueError, match="saved game: chance must be 'sampled'.*or 'explicit'"):
        safari.from_json(json.dumps(data))


def test_safari_explicit_game_refuses_orders_and_bad_modes():
    with pytest.raises(ValueError, match="an explicit-chance game has none"):
        safari.new_game(seed=1, chance="explicit", tile_order=["S05"])
    with pytest.raises(ValueError, match="an explicit-chance game has none"):
        safari.new_game(seed=1, chance="explicit", token_order="AE")
    with pytest.raises(ValueError, match="chance must be"):
        safari.new_game(seed=1, chance=True)


def refused(g, action, match):
    before = g.to_json()
    with pytest.raises(ValueError, match=match):
        g.apply(action)
    assert g.to_json() == before


def test_safari_malformed_and_impossible_outcomes_are_refused():
    for text in ("~", "~ S05", "~S05 x", "~~A", "~" + "S" * 41):
        with pytest.raises(ValueError, match="malformed chance outcome"):
            safari.parse_action(text)
    g = safari.new_game(players=2, seed=1, chance="explicit")
    assert g.phase_name == "draw" and g.draws == [0, 0, 1, 1]  # the deal first
    refused(g, "~S05", "an animal token is drawn now.*'S05' is not an animal")
    refused(g, "~Q", "'Q' is not an animal")
    refused(g, "pass", "a token is drawn now: apply a chance outcome")
    for a in ("~A", "~A", "~E", "~E"):
        g.apply(a)
    assert g.tokens(0) == Counter("AA") and g.tokens(1) == Counter("EE")
    refused(g, "~A", "a land tile is drawn now.*'A' is no tile")
    refused(g, "~S03", "the copies of S03 are not all alike.*~S03/1")
    refused(g, "~S03/3", "copies alike are one outcome: write ~S03/2")
    refused(g, "~S01/2", "copies alike are one outcome: write ~S01")
    refused(g, "~S99", "'S99' is no tile")
    g.apply("~S05")  # its one copy
    assert g.drawn_tile == "S05/1" and g.phase_name == "place" and g.current_player == 0
    refused(g, "~S07/1", "no draw is due now")
    g.apply(next(a for a in g.legal_actions() if xy(a.args[0]) not in g.ranger_spaces()))
    g.apply("pass")
    assert g.is_chance_node() and ("~S05", 1) not in g.chance_counts()
    refused(g, "~S05", "no S05 tile is left to draw \\(its probability is 0\\)")
    refused(safari.new_game(seed=1), "~A", "this game draws by its seed")
    # a token of an animal no longer in the pile
    one = packaged_data()
    one["animal_tokens"] = {"A": 1, "E": 9, "G": 0, "L": 10, "Z": 10}
    one.pop("version")
    g = safari.new_game(players=2, seed=1, tiles=one, chance="explicit")
    assert [a for a, _ in g.chance_counts()] == ["~A", "~E", "~L", "~Z"]
    g.apply("~A")
    refused(g, "~A", "no ape token is left to draw \\(its probability is 0\\)")
    refused(g, "~G", "no giraffe token is left")


def test_safari_a_tile_that_fits_nowhere_is_drawn_and_removed():
    corners = ["NE", "SE", "SW", "NW"]
    plain = {"edges": "ssss", "features": [], "savanna_corners": corners}
    tiles = {
        "format": "safari-tiles/1", "animals": {"A": "ape"}, "animal_tokens": {"A": 4}, "players": [2, 2],
        "start": {"cells": [{"at": [0, 0], **plain, "animals": []}]}, "ranger_spaces": [[1, 0], [-1, 0]],
        "tiles": [{"id": "P", **plain, "count": 3, "copies": [[], [], []]},
                  {"id": "X", "edges": "bbbb", "features": [{"kind": "bush", "edges": list("NESW")}],
                   "count": 1, "copies": [["A"]]}],  # all bush: nothing ever shows bush to it
    }
    g = safari.new_game(players=2, seed=1, tiles=tiles, chance="explicit")
    for a in ("~A", "~A", "~A", "~A"):
        g.apply(a)
    assert g.chance_counts() == [("~P", 3), ("~X", 1)]
    g.apply("~X")  # drawn, fits nowhere, removed: the next draw at once
    assert g.removed_tiles == ["X/1"] and g.is_chance_node() and g.chance_counts() == [("~P", 3)]
    assert g.history[-1] == "~X" and g.actors[-1] == CHANCE
    refused(g, "~X", "no X tile is left to draw")
    g.apply("~P")
    assert g.drawn_tile == "P/1" and g.current_player == 0
    # the sampled game draws and removes it the same
    for seed in range(20):
        s, e = safari_twin(2, seed, tiles, seed)
        assert s.removed_tiles == e.removed_tiles == ["X/1"] and e.scores == s.scores


def test_safari_determinize_gives_a_sampled_world_of_what_is_left():
    g, _ = play_explicit_safari(3, 4, None, 4, check=False)
    part = safari.new_game(players=3, seed=4, chance="explicit")
    rng = random.Random(1)
    seen = {"decision": 0, "tile": 0, "token": 0}
    for a in g.history:
        w = part.determinize(rng)
        assert w.chance == "sampled" and not w.is_chance_node() and part.chance == "explicit"
        assert w.scores == part.scores and w.history[:len(part.history)] == part.history
        if part.is_chance_node():
            kind = "token" if part.draws else "tile"
            seen[kind] += 1
            if kind == "tile":  # the draw is made in the world, from what was left
                assert w.is_terminal() or w.remaining_tiles() + Counter(
                    [w.drawn_tile.split("/")[0]] + [n.split("/")[0] for n in w.removed_tiles[len(part.removed_tiles):]]
                ) == part.remaining_tiles()
            else:
                assert sum(sum(w.tokens(s).values()) for s in range(3)) > sum(
                    sum(part.tokens(s).values()) for s in range(3))
        else:
            seen["decision"] += 1
            assert w.legal_actions() == part.legal_actions() and w.remaining_tiles() == part.remaining_tiles()
            assert Counter(w.pile) == Counter(part.pile)
        part.apply(a)
    assert all(seen.values())


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:iterations=8,k=3,depth=1"])
def test_safari_players_play_explicit_games(spec):
    g = safari.new_game(players=2, seed=9, chance="explicit")
    player = make_player(spec, 1)
    rng = random.Random(2)
    decisions = 0
    while not g.is_terminal() and decisions < (6 if spec.startswith("mcts") else 40):
        a = player.choose(g)
        assert a in g.legal_actions()
        if not g.is_chance_node():
            decisions += 1
        g.apply(a)
        if rng.random() < 0.5:
            resolve(g, rng)
    assert decisions and any(s == CHANCE for s in g.actors)


# -------------------------------------------------------------------- Africa


def check_africa_chance_node(g):
    assert g.is_chance_node() and g.current_player == CHANCE and g.phase_name == "reveal"
    assert g.active_player >= 0 and g.pending_choice()["choice"] == "reveal"
    outcomes, counts = g.chance_outcomes(), g.chance_counts()
    assert [a for a, _ in outcomes] == [a for a, _ in counts] == g.legal_actions()
    assert all(p > 0 for _, p in outcomes) and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    if not g.fixed:
        assert Counter({a[1:]: n for a, n in counts}) == g.unseen_tiles()


def play_explicit_africa(players, seed, rseed, **kw):
    g = africa.new_game(players=players, seed=seed, chance="explicit", **kw)
    rng = random.Random(rseed)
    nodes = 0
    while not g.is_terminal():
        if g.is_chance_node():
            nodes += 1
            check_africa_chance_node(g)
            g.apply(sample_outcome(g, rng))
        else:
            acts = g.legal_actions()
            found = [a for a in acts if a.kind == "D"]
            g.apply(rng.choice(found) if found and rng.random() < 0.5 else rng.choice(acts))
    return g, nodes


@SETTINGS
@given(players=PLAYERS, seed=SEEDS, rseed=SEEDS, hidden=st.booleans())
def test_africa_chance_nodes_offer_exactly_the_unseen_tiles(players, seed, rseed, hidden):
    g, nodes = play_explicit_africa(players, seed, rseed, hidden_treasure=hidden)
    discoveries = [i for i, a in enumerate(g.history) if a.kind == "D"]
    assert nodes == len(discoveries) and all(g.history[i + 1][0] == "~" for i in discoveries)
    assert all(s == CHANCE for s, a in zip(g.actors, g.history) if a[0] == "~")
    assert g.monuments_found == 11
    again = africa.from_json(g.to_json())
    assert json.loads(g.to_json())["chance"] == "explicit"
    assert again.history == g.history and again.scores == g.scores and again.to_json() == g.to_json()


@SETTINGS
@given(players=PLAYERS, seed=SEEDS, rseed=SEEDS)
def test_africa_explicit_game_given_a_sampled_games_draws_ends_the_same(players, seed, rseed):
    s = africa.new_game(players=players, seed=seed)
    e = africa.new_game(players=players, seed=seed, chance="explicit")
    assert e.first_player == s.first_player
    rng = random.Random(rseed)
    while not s.is_terminal():
        acts = s.legal_actions()
        found = [a for a in acts if a.kind == "D"]
        a = rng.choice(found) if found and rng.random() < 0.5 else rng.choice(acts)
        tile = s.data.types[s.content[s.board.index[a.args[0]]]].id if a.kind == "D" else None
        s.apply(a)
        e.apply(a)
        if tile is not None:
            assert e.is_chance_node()
            e.apply("~" + tile)
        assert e.scores == s.scores and e.board_view() == s.board_view() and e.phase_name == s.phase_name
    assert e.is_terminal() and e.final_points == s.final_points and e.final_breakdown == s.final_breakdown
    assert [e.held_tiles(p) for p in range(players)] == [s.held_tiles(p) for p in range(players)]


def discovering(**kw):
    """A 2-player explicit game at its first chance node: seat 0 on f1 discovers e1."""
    g = africa.new_game(players=2, seed=1, first_player=0, chance="explicit", **kw)
    for a in ("Pf1", "Pl2", "Sf1", "De1"):
        g.apply(a)
    assert g.is_chance_node() and g.board.labels[g.reveal_at] == "e1"
    return g


def test_africa_malformed_and_impossible_outcomes_are_refused():
    for text in ("~", "~Elephant", "~ele phant", "~9lion"):
        with pytest.raises(ValueError, match="malformed chance outcome"):
            africa.parse_action(text)
    far = ["c2", "d2", "c3", "d3", "e3", "f3", "g3", "h2", "i2", "j2", "k2"]  # none next to f1
    g = discovering(tile_layout={sp: "monument" for sp in far})
    refused(g, "pass", "is turned up now: apply a chance outcome")
    refused(g, "~unicorn", "'unicorn' is not a tile of this game")
    assert "~monument" not in dict(g.chance_outcomes())  # all eleven lie elsewhere
    refused(g, "~monument", "no monument tile is left face down to be found there \\(its probability is 0\\)")
    g.apply("~lion")
    assert g.tile_at("e1") == "lion" and not g.is_chance_node()
    refused(g, "~lion", "no tile is being turned up now")
    refused(africa.new_game(players=2, seed=1), "~lion", "this game's tiles lie where its seed put them")


def test_africa_a_fixed_space_shows_its_tile_with_certainty():
    g = discovering(tile_layout={"e1": "elephant", "f2": "elephant"})
    assert g.chance_outcomes() == [("~elephant", 1.0)]
    refused(g, "~lion", "the tile layout puts elephant on e1")
    g.apply("~elephant")
    assert g.tile_at("e1") == "elephant"
    # elsewhere the fixed tiles are not among the chances: 7 elephants less the 2 placed
    h = discovering(tile_layout={"f2": "elephant", "g1": "elephant"})
    assert dict(h.chance_counts())["~elephant"] == 5 and sum(n for _, n in h.chance_counts()) == 94


def test_africa_determinize_and_players_in_explicit_games():
    g = africa.new_game(players=3, seed=5, chance="explicit")
    rng = random.Random(3)
    players = [make_player("random", 1), make_player("greedy", 2), make_player("mcts:iterations=6,k=3,depth=1", 3)]
    reveals = 0
    while not g.is_terminal() and len(g.history) < 120:
        if g.is_chance_node():
            w = g.determinize(rng)
            assert w.chance == "sampled" and not w.is_chance_node()
            assert not w.down[g.reveal_at] and w.tiles_face_down == g.tiles_face_down - 1
            reveals += 1
        else:
            w = g.determinize(rng)
            assert w.legal_actions() == g.legal_actions() and w.unseen_tiles() == g.unseen_tiles()
        a = players[g.active_player].choose(g)
        assert a in g.legal_actions()
        g.apply(a)
    assert reveals


def test_africa_sampled_games_are_saved_as_before_and_bounds_allow_the_reveals():
    from savanna.africa import limits

    g = africa.new_game(players=2, seed=1)
    assert g.chance == "sampled" and "chance" not in json.loads(g.to_json())
    assert limits.EXPLICIT_ACTIONS == limits.ACTIONS + limits.SPACES
    data = json.loads(africa.new_game(players=2, seed=1, chance="explicit").to_json())
    data["actions"] = ["pass"] * (limits.EXPLICIT_ACTIONS + 1)
    with pytest.raises(ValueError, match=f"at most {limits.EXPLICIT_ACTIONS} allowed"):
        africa.from_json(json.dumps(data))


# ------------------------------------------------------- where games are played


def test_the_terminal_and_the_web_app_refuse_explicit_games(tmp_path):
    import subprocess
    import sys

    g = safari.new_game(players=2, seed=1, chance="explicit")
    g.apply("~A")
    path = tmp_path / "explicit.json"
    path.write_text(g.to_json())
    r = subprocess.run([sys.executable, "-m", "savanna", "play", "--load", str(path)], capture_output=True,
                       text=True, input="")
    assert r.returncode == 1 and "plays chance explicitly" in r.stderr
    pytest.importorskip("sqlalchemy")
    from savanna.web.table.errors import GameError
    from savanna.web.table.service import GameService
    from savanna.web.store.storage import Store

    service = GameService(Store(str(tmp_path / "games.db")))
    for game in (g, africa.new_game(players=2, seed=1, chance="explicit")):
        with pytest.raises(GameError, match="plays chance explicitly.*the web app plays sampled games"):
            service.import_game(json.loads(game.to_json()))
    assert service.import_game(json.loads(safari.new_game(players=2, seed=1).to_json())).id


def test_africa_determinize_keeps_an_explicit_games_fixed_tiles():
    layout = {"f2": "elephant", "g1": "statue", "c3": "monument"}
    g = discovering(tile_layout=layout)
    for k in range(5):
        w = g.determinize(random.Random(k))
        assert all(w.data.types[w.content[w.board.index[sp]]].id == t for sp, t in layout.items())
        assert w.tile_at("e1") != "face-down"  # the discovery under way, turned up in that world

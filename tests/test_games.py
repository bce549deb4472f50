"""One suite over every registered game (savanna.games), like OpenSpiel's generic simulation
test: random play to the end with copies, saves and loads along the way, sampled and explicit
chance, scoring events that add up, bad notation refused without a change, and the web app's
view built for every seat and a spectator. A third game registered in savanna.games is tested
here without a line of new test code."""

from __future__ import annotations

import ast
import importlib
import json
import random
import re
import types
from pathlib import Path

import pytest

from savanna import games
from savanna.chance import CHANCE

NAMES = games.names()
STATIC = Path(__file__).resolve().parent.parent / "savanna" / "web" / "static"


@pytest.fixture(params=NAMES)
def spec(request) -> games.GameSpec:
    return games.spec(request.param)


def option_values(spec: games.GameSpec) -> list[dict]:
    """Each value of each option, the others at their defaults."""
    out = [{}]
    for o in spec.options:
        values = [True, False] if o.kind == games.BOOL else list(o.values())
        out += [{o.name: v} for v in values if v != o.default]
    return out


# ------------------------------------------------------------------ the description


def test_the_description_is_whole(spec):
    assert spec.name in games.GAMES and games.spec(spec.name) is spec
    assert spec.title and 2 <= spec.min_players <= spec.default_players <= spec.max_players
    module = spec.module
    for name in ("new_game", "from_json", "from_dict", "SAVED_DEFAULTS"):
        assert hasattr(module, name), f"{spec.engine} has no {name}"
    assert set(module.SAVED_DEFAULTS) <= set(spec.stored)
    assert {o.name for o in spec.options} <= set(spec.stored)
    assert set(spec.own_data) <= set(spec.stored) and set(spec.deal_settings) <= set(spec.stored)
    for o in spec.options:
        assert o.help and o.label and o.check(None, spec.name) == o.default
        if o.kind == games.CHOICE:
            assert o.default in o.values() and all(c.help for c in o.choices)
    assert spec.settings() == {o.name: o.default for o in spec.options}
    with pytest.raises(ValueError, match="no option"):
        spec.settings({"no_such_option": 1})
    for part in ("evaluation", "terminal", "view"):
        assert spec.part(part).__name__ == getattr(spec, part)
    if spec.routes:
        assert callable(importlib.import_module(spec.routes).router)
    for name in (*spec.scripts, *spec.styles):
        assert (STATIC / name).is_file(), f"{name} is not in the web app's static folder"


def test_the_description_names_its_research_module(spec):
    pytest.importorskip("numpy")
    assert spec.part("research").__name__ == spec.research


def test_every_option_value_makes_a_game_the_engine_saves(spec):
    for given in option_values(spec):
        g = spec.new_game(players=spec.min_players, seed=3, **given)
        assert isinstance(g, games.State)
        settings = spec.stored_settings(g)
        assert settings["players"] == spec.min_players and settings["seed"] == 3
        for k, v in given.items():
            assert settings[k] == v
        assert spec.rebuild(settings).to_json() == g.to_json()
        assert spec.describe({**spec.settings(), **given})


def test_seat_counts_are_the_engines(spec):
    for n in range(spec.min_players, spec.max_players + 1):
        assert spec.new_game(players=n, seed=1).players == n
    for n in (spec.min_players - 1, spec.max_players + 1):
        with pytest.raises(ValueError):
            spec.new_game(players=n, seed=1)


def readers(spec: games.GameSpec) -> list[Path]:
    """The research and players' modules that import the game's engine."""
    package = spec.engine.rsplit(".", 1)[-1]
    pattern = re.compile(rf"^\s*(from {re.escape(spec.engine)}\b|from savanna import .*\b{package}\b|"
                         rf"import {re.escape(spec.engine)}\b)", re.M)
    root = STATIC.parent.parent
    return [p for folder in ("research", "ai") for p in sorted((root / folder).glob("*.py"))
            if pattern.search(p.read_text(encoding="utf-8"))]


def test_research_and_the_evaluation_read_only_the_engines_documented_state(spec):
    """What an engine lets code outside it read of a game is its public methods and its
    READ_ONLY attributes (documented in its docs and docstrings); nothing outside writes one."""
    game_class = type(spec.new_game(seed=1))
    public = {n for n in dir(game_class) if not n.startswith("_")
              and not isinstance(getattr(game_class, n), types.MemberDescriptorType)}
    allowed = public | set(spec.module.READ_ONLY)
    assert set(spec.module.READ_ONLY) <= set(game_class.__slots__)
    found = readers(spec)
    assert found, f"no module of research or the players imports {spec.engine}"
    for path in found:
        read, written = set(), set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("g", "game"):
                (read if isinstance(node.ctx, ast.Load) else written).add(node.attr)
        assert read <= allowed, f"{path.name} reads {sorted(read - allowed)} of a game, which {spec.engine} does not document"
        assert not written, f"{path.name} writes {sorted(written)} of a game"


# ------------------------------------------------------------------ play


def play_out(g, rng: random.Random, check_every: int = 17) -> int:
    """Random legal actions to the end, checking the common interface along the way; returns
    the number of actions."""
    module = type(g).__module__.rsplit(".", 1)[0]
    spec = games.spec_of(g)
    assert spec.engine == module
    steps = 0
    while not g.is_terminal():
        seat = g.current_player
        if g.is_chance_node():
            assert seat == CHANCE
            outcomes = g.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            assert seat is not None and 0 <= seat < g.players
            legal = list(g.legal_actions())
            assert legal and len(set(map(str, legal))) == len(legal)
            action = rng.choice(legal)
        before = g.scores
        events = g.apply_explained(str(action))
        after = g.scores
        for s in range(g.players):  # what it scored adds up to the change of the scores
            assert sum(e["points"] for e in events if e["seat"] == s) == after[s] - before[s], events
        assert g.history[-1] == str(action) and g.actors[-1] == seat
        steps += 1
        if steps % check_every == 0 and not g.is_terminal():
            copy = g.clone()
            assert copy.to_json() == g.to_json()
            loaded = spec.module.from_json(g.to_json())
            assert loaded.to_json() == g.to_json() and loaded.scores == g.scores
            assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in g.legal_actions()]
            assert loaded.current_player == g.current_player and loaded.tiles_left == g.tiles_left
            copy.apply(str((copy.chance_outcomes()[0][0]) if copy.is_chance_node() else copy.legal_actions()[0]))
            assert g.to_json() == loaded.to_json()  # the copy's move left the original alone
        assert steps < 5000, "the game does not end"
    assert g.current_player is None and list(g.legal_actions()) == []
    assert g.tiles_left >= 0
    finals = g.final_points
    assert isinstance(finals, list) and len(finals) == g.players and all(isinstance(p, int) for p in finals)
    best = max(g.scores)
    assert g.winners() == [s for s in range(g.players) if g.scores[s] == best]
    assert g.returns() == [1.0 if s in g.winners() else 0.0 for s in range(g.players)]
    return steps


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_play_to_the_end(spec, seed):
    rng = random.Random(seed)
    players = spec.min_players + (seed % (spec.max_players - spec.min_players + 1))
    g = spec.new_game(players=players, seed=seed)
    assert play_out(g, rng) > 0
    again = spec.module.from_json(g.to_json())
    assert again.is_terminal() and again.scores == g.scores and again.final_points == g.final_points


@pytest.mark.parametrize("seed", range(8))
def test_seats_leaving_at_random_points_the_others_play_to_the_end(spec, seed):
    """`out` (the seat to act leaves: never legal, the server's on a flag fall) at random moments;
    the game reaches its end, copies and saves stay equal, and a seat that left never acts again."""
    rng = random.Random(seed)
    players = rng.randint(max(3, spec.min_players), spec.max_players)
    g = spec.module.new_game(players=players, seed=seed, chance=("sampled", "explicit")[seed % 2])
    leave_at = set(rng.sample(range(200), rng.randint(1, players - 1)))
    step = due = 0
    while not g.is_terminal():
        due += step in leave_at
        assert "out" not in map(str, g.legal_actions())
        if due and not g.is_chance_node():  # (at a chance node no seat acts: it leaves at the next)
            seat = g.current_player
            g.apply("out")
            assert g.gone[-1] == seat and g.history[-1] == "out" and g.actors[-1] == seat
            due -= 1
        else:
            assert g.current_player not in g.gone
            g.apply(rng.choice(g.legal_actions()))
        step += 1
        if step % 25 == 0:
            assert g.clone().to_json() == g.to_json() and g.clone().gone == g.gone
            assert spec.module.from_json(g.to_json()).gone == g.gone
        assert step < 5000, "the game does not end"
    assert g.gone and len(g.gone) < players  # the others played it to its end
    for seat in g.gone:
        first = next(i for i, (a, s) in enumerate(zip(g.history, g.actors)) if a == "out" and s == seat)
        assert seat not in g.actors[first + 1:]
    again = spec.module.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.gone == g.gone and again.is_terminal()
    assert again.scores == g.scores and again.final_points == g.final_points


def test_explicit_chance_plays_to_the_end_and_saves(spec):
    rng = random.Random(5)
    g = spec.module.new_game(players=spec.default_players, seed=5, chance="explicit")
    assert g.chance == "explicit"
    play_out(g, rng, check_every=29)
    assert any(a == CHANCE for a in g.actors)
    assert spec.module.from_json(g.to_json()).scores == g.scores


def test_a_determinized_copy_is_a_sampled_world_that_plays_on(spec):
    rng = random.Random(2)
    g = spec.new_game(players=spec.default_players, seed=2)
    for _ in range(12):
        g.apply(rng.choice(list(g.legal_actions())))
    world = g.determinize(random.Random(9))
    assert world.chance == "sampled" and world.scores == g.scores and world.current_player == g.current_player
    play_out(world, random.Random(3), check_every=10_000)


BAD = ["", " ", "pass pass", "T", "~", "~nothing", "x" * 65, "\x00", "é", "{}", "None", "-1", "M:", ">", "R>", "+"]


def test_bad_notation_is_refused_and_changes_nothing(spec):
    rng = random.Random(4)
    g = spec.new_game(players=spec.default_players, seed=4)
    for step in range(40):
        before = g.to_json()
        legal = {str(a) for a in g.legal_actions()}
        for text in BAD:
            if text in legal:
                continue
            with pytest.raises(ValueError):
                g.apply(text)
            assert g.to_json() == before, text
        g.apply(rng.choice(sorted(legal)))


# ------------------------------------------------------------------ the web app's view


def test_the_view_is_built_for_every_seat_and_a_spectator(spec, tmp_path):
    pytest.importorskip("sqlalchemy")
    from savanna.web.store.memory import MemoryStore
    from savanna.web.table.service import GameService
    from savanna.web.views import build as views

    service = GameService(MemoryStore())  # (no database: the views are the point)
    try:
        n = spec.default_players
        c = service.create(seats=[{"kind": "human", "name": f"P{i}"} for i in range(n)], game=spec.name, seed=8)
        tokens = {s["seat"]: s["token"] for s in c.seats}
        rng = random.Random(8)
        rec = service.record(c.id)
        for step in range(400):
            pos = service.position(rec)
            if step % 25 == 0 or rec.status == "over":
                seen = {}
                for viewer in (None, *range(n)):
                    v = views.build(rec, pos, connected={0}, spectators=1, viewer=viewer)
                    json.dumps(v)  # plain JSON
                    assert v["game"] == spec.name and v["id"] == c.id and v["version"] == rec.version
                    assert len(v["seats"]) == n and [s["name"] for s in v["seats"]] == [f"P{i}" for i in range(n)]
                    assert [s["connected"] for s in v["seats"]] == [i == 0 for i in range(n)]
                    assert v["legal_actions"] == [str(a) for a in pos.game.legal_actions()]
                    assert v["moves"] == len(rec.actions) and v["tiles_left"] == pos.game.tiles_left
                    assert v["rules"]["players"] == n
                    assert (v["seed"] is not None) == (rec.status == "over")
                    seen[viewer] = v
                if not views.hides(rec):  # the same view for all (but whom it names as built for)
                    same = [{k: x for k, x in v.items() if k != "viewer"} for v in seen.values()]
                    assert all(v == same[0] for v in same)
            if rec.status == "over":
                break
            g = pos.game
            rec = service.act(c.id, tokens[g.current_player], str(rng.choice(list(g.legal_actions()))), rec.version)
        rec, replay_pos, _, meta = service.replay(c.id, 3)
        v = views.build(rec, replay_pos, replay=meta)
        assert v["moves"] == 3 and v["replay"]["step"] == 3
    finally:
        service.close()
        service.store.close()

"""The generic modules know each game through its description (savanna.games), so each test
here runs over every registered game: the command line's option flags, the terminal's entry
points, the evaluation lookup, the arena's settings and rules line, the vector environment."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from builders import run_main
from savanna import games
from savanna.ai.evaluation import evaluation_for
from savanna.arena import Arena, match_settings, rules_line, run_arena
from savanna.cli import build_parser
from savanna.terminal.simulate import simulate

GAMES = games.names()


@pytest.mark.parametrize("name", GAMES)
def test_the_command_line_offers_a_game_its_options_and_refuses_the_others(name, monkeypatch, capsys):
    spec = games.spec(name)
    for option in games.all_options().values():
        value = True if option.kind == games.BOOL else option.values()[-1] if option.choices else "x"
        given = [option.flag] if option.kind == games.BOOL else [option.flag, str(value)]
        for command in (["play", name], ["simulate", "1", "--game", name], ["arena", "a", "b", "--game", name]):
            assert getattr(build_parser().parse_args(command + given), option.name) == value
        if spec.option(option.name) is None:
            code, _, err = run_main(["simulate", "1", "--game", name, *given], "", monkeypatch, capsys)
            assert code == 2 and f"{option.flag} is a setting of {games.having(option.name)[0]}, not of {name}" in err


@pytest.mark.parametrize("name", GAMES)
def test_a_game_has_its_terminal_entry_points_and_evaluation(name):
    spec = games.spec(name)
    terminal = spec.part("terminal")
    assert callable(terminal.play_game) and callable(terminal.replay_game)
    game = spec.new_game(seed=1)
    assert games.spec_of(game) is spec
    assert evaluation_for(game) is spec.part("evaluation") and evaluation_for(game) is evaluation_for(game.clone())


@pytest.mark.parametrize("name", GAMES)
def test_the_arena_and_simulate_record_a_game_s_options(name):
    spec = games.spec(name)
    result = run_arena(Arena(players=["random", "random"], games=2, game=name, seed=1, workers=1))
    settings = result["settings"]
    assert all(settings[o.name] is not None for o in spec.options)
    assert match_settings(settings) == {"game": name, "seats": 2, **spec.recorded(settings)}
    assert rules_line(settings) == spec.describe(spec.settings())
    summary = simulate(1, ["random", "random"], seed=1, console=Console(file=io.StringIO()), game=name)
    assert summary.settings == spec.settings() and summary.games == 1


@pytest.mark.parametrize("name", GAMES)
def test_vector_make_builds_the_game_s_own_vector_environment(name):
    pytest.importorskip("gymnasium")
    from savanna.research import vector

    spec = games.spec(name)
    envs = vector.make(name, 2, players=spec.min_players, seed=0)
    assert isinstance(envs, vector.TurnBasedVectorEnv) and type(envs) is spec.part("vector").make
    obs, infos = envs.reset(seed=0)
    assert obs["action_mask"].shape == (2, envs.single_action_space.n)

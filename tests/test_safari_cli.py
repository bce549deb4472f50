"""The command line and the terminal front end: play driven by piped input,
simulate, replay, argument errors, and the board renderer."""

from __future__ import annotations

import re
import io
import json
import os
import pathlib
import subprocess
import sys

import pytest
from rich.console import Console

from savanna import safari

from builders import scripted_game
from builders import run_main
from savanna.ai import make_player
from savanna.terminal.safari.board import (
    hole_corners, render_board, render_drawn_tile, render_final, render_status, tile_cells,
)
from savanna.terminal.log import seat_log, split_turns
from savanna.terminal.safari.menu import build_menu
from savanna.terminal.safari.play import normalize, play
from savanna.terminal.safari.replay import replay, turns_of


# ------------------------------------------------------------------ helpers



def plain(renderable, width=200) -> str:
    console = Console(width=width, color_system=None, force_terminal=False, record=False)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


def board_blocks(text: str) -> dict[tuple[int, int], list[str]]:
    """Cut a rendered (single strip) board into its 7x3 blocks by (x, y)."""
    lines = text.split("\n")
    xs = [int(v) for v in lines[0].split()]
    blocks = {}
    row = 1
    while row + 2 < len(lines) and lines[row + 1][:4].strip().lstrip("-").isdigit():
        y = int(lines[row + 1][:4])
        for i, x in enumerate(xs):
            start = 4 + 7 * i
            blocks[(x, y)] = [lines[row + r][start:start + 7].ljust(7) for r in range(3)]
        row += 3
    return blocks


def finished_game(seed=3, players=2):
    g = safari.new_game(players=players, seed=seed)
    ps = [make_player("random", seed=seed * 16 + s) for s in range(players)]
    while not g.is_terminal():
        g.apply(ps[g.current_player].choose(g))
    return g


class Scripted:
    """A computer player that plays a script, then the first legal action."""

    name = "scripted"

    def __init__(self, script):
        self.script = list(script)

    def choose(self, game):
        return self.script.pop(0) if self.script else game.legal_actions()[0]


# ---------------------------------------------------------------- play

def test_play_whole_game_answering_1(monkeypatch, capsys):
    code, out, err = run_main(["play", "--seed", "5"], "1\n" * 3000, monkeypatch, capsys)
    assert code == 0, err
    assert "Game over" in out
    assert "of which final scoring" in out
    assert "winner" in out
    assert "Traceback" not in out + err
    # computer moves are shown in notation
    assert "greedy: T" in out  # the default opponent


def test_play_piped_subprocess_with_bad_lines():
    lines = ["foo", "999", "T99,99@0", "M:trail", "", "help", "list", "board"] + ["1"] * 3000
    proc = subprocess.run([sys.executable, "-m", "savanna.cli", "play", "--seed", "2", "--players", "3"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COLUMNS": "100"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "malformed action 'foo'" in out
    assert "no choice 999" in out
    assert "illegal action T99,99@0: space 99,99 is not next to any tile" in out
    assert "must be placed first" in out  # M:trail during placement: the engine's message
    assert "Commands" in out  # help
    assert "Game over" in out
    assert "Traceback" not in proc.stderr


def test_play_eof_ends_cleanly(monkeypatch, capsys):
    code, out, err = run_main(["play", "--seed", "1"], "1\n1\n", monkeypatch, capsys)
    assert code == 0
    assert "End of input" in out
    assert "Game over" not in out


def test_play_quit_and_save_command(tmp_path, monkeypatch, capsys):
    path = tmp_path / "g.json"
    code, out, _ = run_main(["play", "--seed", "4"], f"1\n1\nsave {path}\nquit\n", monkeypatch, capsys)
    assert code == 0
    assert f"saved to {path}" in " ".join(out.split())  # (a long temporary path wraps onto its own line)
    assert "You left the game" in out
    g = safari.from_json(path.read_text())
    assert not g.is_terminal() and g.seed == 4 and len(g.history) >= 2


def test_play_save_option_and_load(tmp_path, monkeypatch, capsys):
    path = tmp_path / "auto.json"
    code, out, _ = run_main(["play", "--seed", "8", "--players", "3", "--seat", "1", "--save", str(path)],
                            "1\n" * 6, monkeypatch, capsys)
    assert code == 0 and "End of input" in out
    partial = safari.from_json(path.read_text())
    assert 0 < len(partial.history) and not partial.is_terminal()
    code, out, _ = run_main(["play", "--load", str(path), "--seat", "1", "--save", str(path)], "1\n" * 3000,
                            monkeypatch, capsys)
    assert code == 0 and "Game over" in out
    final = safari.from_json(path.read_text())
    assert final.is_terminal()
    assert [str(a) for a in final.history[:len(partial.history)]] == [str(a) for a in partial.history]


def test_play_load_corrupt_or_finished(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    code, _, err = run_main(["play", "--load", str(bad)], "", monkeypatch, capsys)
    assert code == 1 and "saved game" in err
    done = tmp_path / "done.json"
    done.write_text(finished_game().to_json())
    code, _, err = run_main(["play", "--load", str(done)], "", monkeypatch, capsys)
    assert code == 1 and "already over" in err


def test_typed_notation_space_and_lowercase(monkeypatch, capsys):
    g = scripted_game(players=2, seed=5, tile_order=["S32", "S07/1"])
    outputs = []

    def feed(prompt):
        outputs.append(g.phase_name)
        if len(outputs) == 1:
            return "out"  # the server's flag fall alone: refused, and asked again
        if len(outputs) == 2:
            return "2,0"  # only rotation 0 fits there
        if len(outputs) == 3:
            return "m:trail:w"
        raise EOFError

    console = Console(file=io.StringIO(), width=100)
    code = play(g, [None, Scripted(["T-2,0@0", "pass"])], 0, console, input_fn=feed, echo=False)
    assert code == 0
    assert "'out' is not a move: to leave the game, type quit" in console.file.getvalue()
    assert [str(a) for a in g.history[:4]] == ["T2,0@0", "M:trail:W", "T-2,0@0", "pass"]


def test_normalize():
    assert normalize("t2,-1@90") == "T2,-1@90"
    assert normalize("2,-1@90") == "T2,-1@90"
    assert normalize(" m:Trail:s ") == "M:trail:S"
    assert normalize("d1,0:se=g") == "D1,0:SE=G"
    assert normalize("x2,0:sw=z") == "X2,0:SW=Z"
    assert normalize("+l") == "+L"
    assert normalize("+None") == "+none"
    assert normalize("r-1,-1>0,-1") == "R-1,-1>0,-1"
    assert normalize("Pass") == "pass"


def test_scoring_choice_is_asked_of_the_human_out_of_turn():
    # seat 1 (the human) puts a meeple on the start trail; seat 0 completes it
    g = scripted_game(players=2, seed=5, tile_order=["S32", "S07/1", "S28/1"], token_order="AALZ")
    seen = []

    def feed(prompt):
        seen.append((g.phase_name, [str(a) for a in g.legal_actions()]))
        answers = {1: "T-2,0@0", 2: "M:trail:E", 3: "+L"}
        if len(seen) in answers:
            return answers[len(seen)]
        raise EOFError

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    play(g, [Scripted(["T2,0@0", "pass", "T-3,0@0", "pass"]), None], 1, console, input_fn=feed, echo=False)
    assert seen[2] == ("score", ["+none", "+L", "+Z"])
    assert "+L" in [str(a) for a in g.history]
    text = out.getvalue()
    assert "seat 0's turn · a scoring choice for you" in text
    assert "Add a token?" in text
    flat = " ".join(text.split())
    # the meeple menu describes the whole trail the new tile joins
    assert "M:trail:E trail E–W: E · whole trail: 5 tiles, 5 animals (E G), 1 open end" in flat
    # the scoring choice names the feature, its animals, its leaders and the points
    assert "the trail completed by the tile at -3,0 is being scored (6 tiles, animals E G)" in flat
    assert "Its leader (seat 1) scores 3 points" in flat
    assert "+none keep your tokens: 3 points" in flat and "+L add your L token: 6 points for you" in flat
    assert g.scores == [0, 6]


def test_play_bad_arguments(monkeypatch, capsys):
    code, _, err = run_main(["play", "--players", "7"], "", monkeypatch, capsys)
    assert code == 2 and "--players must be from 2 to 5" in err
    code, _, err = run_main(["play", "--opponent", "nobody"], "", monkeypatch, capsys)
    assert code == 2 and "unknown player 'nobody'" in err and re.search(r"known players: .*greedy.*mcts.*random", err)
    code, _, err = run_main(["play", "--seat", "3"], "", monkeypatch, capsys)
    assert code == 2 and "--seat must be from 0 to 1" in err
    code, _, err = run_main(["play", "--final-scoring", "most"], "", monkeypatch, capsys)
    assert code == 2 and "invalid choice" in err


def test_version(monkeypatch, capsys):
    code, out, _ = run_main(["--version"], "", monkeypatch, capsys)
    assert code == 0 and out.startswith("savanna ")


def test_no_command_prints_help(monkeypatch, capsys):
    code, out, _ = run_main([], "", monkeypatch, capsys)
    assert code == 2 and "play" in out and "simulate" in out and "replay" in out


# ------------------------------------------------------------ simulate

def test_simulate_5(tmp_path, monkeypatch, capsys):
    code, out, err = run_main(["simulate", "5", "--seed", "1", "--save-dir", str(tmp_path)], "", monkeypatch, capsys)
    assert code == 0, err
    for word in ("mean score", "median", "max", "win share", "mean game time", "mean actions per game"):
        assert word in out
    assert "5 games" in out
    files = sorted(tmp_path.iterdir())
    assert len(files) == 5
    games = [safari.from_json(f.read_text()) for f in files]
    assert all(g.is_terminal() for g in games)
    assert [g.seed for g in games] == [1, 2, 3, 4, 5]


def test_simulate_win_shares_add_up():
    from savanna.terminal.simulate import simulate

    s = simulate(4, ["random"] * 3, seed=10, console=Console(file=io.StringIO()))
    assert s.games == 4 and len(s.wins) == 3
    assert sum(s.wins) == pytest.approx(4)


def test_simulate_unknown_player(monkeypatch, capsys):
    code, _, err = run_main(["simulate", "2", "--player", "wizard"], "", monkeypatch, capsys)
    assert code == 2 and re.search(r"known players: .*greedy.*mcts.*random", err)


# -------------------------------------------------------------- replay

def test_replay_saved_game(tmp_path, monkeypatch, capsys):
    g = finished_game()
    path = tmp_path / "game.json"
    path.write_text(g.to_json())
    code, out, err = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert code == 0, err
    turns = len(split_turns(seat_log(g)))
    assert f"Turn 1/{turns}" in out and f"Turn {turns}/{turns}" in out
    assert str(g.history[0]) in out
    assert "Game over" in out
    # --step with piped stdin plays through
    code, out2, _ = run_main(["replay", str(path), "--step"], "", monkeypatch, capsys)
    assert code == 0 and f"Turn {turns}/{turns}" in out2


def test_replay_step_back_and_quit():
    g = finished_game(seed=4)
    answers = iter(["", "", "b", "q"])
    out = io.StringIO()
    replay(g, Console(file=out, width=120, color_system=None), step=True, input_fn=lambda p: next(answers),
           interactive=True)
    text = out.getvalue()
    assert "The start" in text
    assert text.count("Turn 1/") == 2 and text.count("Turn 2/") == 1 and "Turn 3/" not in text
    assert "Game over" not in text


def test_replay_turns_cover_history():
    g = finished_game(seed=6, players=3)
    turns = turns_of(g)
    assert [a for t in turns for _, a in t[0]] == [str(a) for a in g.history]
    assert turns[-1][2].scores == g.scores


def test_replay_of_a_save_from_before_tile_set_versions_steps_on_its_own_set(monkeypatch, capsys):
    # a turn-by-turn replay plays the game again: on the set the file was played on
    legacy = pathlib.Path(__file__).parent / "data" / "legacy" / "safari-finished.json"
    g = safari.from_json(legacy.read_text())
    turns = turns_of(g)
    assert all(t[2].tileset.version == "reconstruction-1" for t in turns)
    assert turns[-1][2].scores == g.scores == json.loads(legacy.read_text())["scores"]
    code, out, err = run_main(["replay", str(legacy)], "", monkeypatch, capsys)
    assert code == 0 and "Game over" in out, err


@pytest.mark.parametrize("content", ["{not json", '{"format": "nope"}', ""])
def test_replay_corrupt_file(tmp_path, monkeypatch, capsys, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert code == 1
    assert "savanna: error: saved game" in err
    assert "Traceback" not in err


def test_replay_tampered_scores(tmp_path, monkeypatch, capsys):
    data = json.loads(finished_game().to_json())
    data["scores"][0] += 1
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, _, err = run_main(["replay", str(path)], "", monkeypatch, capsys)
    assert code == 1 and "the file says" in err


def test_replay_missing_file(monkeypatch, capsys):
    code, _, err = run_main(["replay", "/nonexistent/game.json"], "", monkeypatch, capsys)
    assert code == 1 and "cannot read" in err


# ------------------------------------------------------------ rendering

def test_board_shows_start_tile_animals():
    g = safari.new_game(players=2, seed=1)  # the real start tile: three cells
    blocks = board_blocks(plain(render_board(g, mark_fits=False)))
    west, middle, east = blocks[(-1, 0)], blocks[(0, 0)], blocks[(1, 0)]
    # (-1,0): the elephant in the bush along the S edge; savanna above
    assert set(west[2]) == {"░", "E"} and west[2].count("E") == 1
    assert west[0][0] == west[0][6] == "·" and west[1].strip() == ""
    # (0,0): a trail from the S edge that ends in the centre, the giraffe beside it on the S row
    assert middle[2][3] == "┃" and middle[1][3] == "╻" and middle[0][3] == " "
    assert "G" in middle[2] and "G" not in middle[0] + middle[1]
    # (1,0): bush along the N edge; a trail from the E edge ending in the centre, the ape on it
    assert set(east[0]) == {"░"}
    assert east[1] == "   ╺A━━"
    assert east[2][0] == east[2][6] == "·"
    # the rangers on their spaces
    assert "R" in "".join(blocks[(-1, -1)]) and "R" in "".join(blocks[(1, 1)])


def test_board_shows_placed_tile_at_its_coordinates():
    g = scripted_game(players=2, seed=1, tile_order=["S19"])  # all bush, E G G, 3 birds
    g.apply("T0,-1@0")
    blocks = board_blocks(plain(render_board(g)))
    block = "".join(blocks[(0, -1)])
    assert sorted(c for c in block if c.isupper()) == ["E", "G", "G"]
    assert block.count("v") == 3
    assert "░" in block
    assert blocks[(0, -2)] == [" " * 7] * 3  # nothing north of it


def test_board_marks_spaces_where_the_tile_fits():
    g = safari.new_game(players=2, seed=1)
    menu = build_menu(g)
    blocks = board_blocks(plain(render_board(g, labels=menu.labels)))
    for (x, y), label in menu.labels.items():
        assert label in blocks[(x, y)][1]
    fits = {tuple(int(v) for v in str(a)[1:].split("@")[0].split(",")) for a in g.legal_actions()}
    assert set(menu.labels) == fits


def test_board_meeple_and_watering_hole():
    g = scripted_game(players=2, seed=5, tile_order=["S32", "S07/1"], token_order="AALZ")
    g.apply("T2,0@0")
    g.apply("M:trail:W")
    g.apply("T-2,0@0")
    g.apply("D-2,0:SW=L")
    assert seat_log(g) == [(0, "T2,0@0"), (0, "M:trail:W"), (1, "T-2,0@0"), (1, "D-2,0:SW=L")]
    blocks = board_blocks(plain(render_board(g)))
    assert "0" in "".join(blocks[(2, 0)])  # seat 0's meeple on the trail
    assert blocks[(-2, 0)][2][0] == "L"  # the token on the SW corner
    assert hole_corners(g) == ({(-2, 0): {"SW": "L"}}, {(-2, 0): {"SW": 1}})  # dug by seat 1, whose meeple is there
    text = plain(render_status(g, ["you", "random"], recent=True, you=0))
    assert "T2,0@0 M:trail:W" in text and "-2,1" in text  # recent moves; the hole at point -2,1


def test_wide_board_is_cut_into_strips():
    g = finished_game(seed=3)
    xs = [t["x"] for t in g.tiles_on_board()]
    width = 4 + 7 * 5
    text = plain(render_board(g, width=width), width=width)
    assert max(len(line) for line in text.split("\n")) <= width
    columns = max(xs) - min(xs) + 3
    headers = [line for line in text.split("\n") if line.startswith("    ") and line.split()
               and all(v.lstrip("-").isdigit() for v in line.split())]
    assert len(headers) == -(-columns // 5)


def test_every_tile_renders_its_animals_birds_and_edges():
    for t in safari.new_game(players=2, seed=1).tileset.data["tiles"]:
        for n in range(t["count"]):
            name = f"{t['id']}/{n + 1}"
            g = safari.new_game(players=2, seed=1, tile_order=[name])
            assert g.drawn_tile == name
            animals = t["copies"][n]
            for rot in (0, 90, 180, 270):
                tile = g.drawn_tile_layout(rot)
                cells = tile_cells(tile)
                chars = "".join(ch for row in cells for ch, _ in row)
                letters = sorted(c for c in chars if c.isupper())
                assert letters == sorted("".join(animals)), (t["id"], rot, chars)
                birds = sum(f.get("birds", 0) for f in t["features"])
                assert chars.count("v") == birds, (t["id"], rot)
                for side, edge, mid in zip("NESW", tile["edges"], [(0, 3), (1, 6), (2, 3), (1, 0)]):
                    ch = cells[mid[0]][mid[1]][0]
                    if edge == "t":  # a line, or half of one where a trail from N or S ends at once
                        assert ch in "┃━┛┓┏┗╹╻", (t["id"], rot, side, ch)
                    elif edge == "b":
                        assert ch in "░AEGLZv", (t["id"], rot, side, ch)
                    else:
                        assert ch not in "┃━░", (t["id"], rot, side, ch)


def test_drawn_tile_and_final_panel():
    g = safari.new_game(players=2, seed=1)
    text = plain(render_drawn_tile(g))
    assert "@0" in text and "@270" in text
    assert g.drawn_tile in plain(render_status(g))
    end = finished_game()
    text = plain(render_final(end, ["you", "random"], you=0))
    assert "winner" in text and str(end.scores[0]) in text


def test_menu_numbers_every_legal_action():
    g = finished_game(seed=9)
    g2 = safari.new_game(players=2, seed=9)
    ps = [make_player("random", seed=9 * 16 + s) for s in range(2)]
    while not g2.is_terminal():
        menu = build_menu(g2)
        assert sorted(menu.actions) == sorted(str(a) for a in g2.legal_actions())
        assert len(set(menu.actions)) == len(menu.actions)
        plain(menu.render())
        g2.apply(ps[g2.current_player].choose(g2))
    assert g2.scores == g.scores


def test_play_accepts_strength_levels_and_player_specs(monkeypatch, capsys):
    code, out, err = run_main(["play", "--seed", "4", "--opponent", "easy"], "1\n" * 3000, monkeypatch, capsys)
    assert code == 0 and "random: T" in out and "Game over" in out
    code, out, err = run_main(["play", "--seed", "4", "--opponent", "mcts:time=0"], "", monkeypatch, capsys)
    assert code == 2 and "time must be a positive number" in err

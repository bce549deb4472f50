"""The `savanna` command line.

    savanna play [GAME] [--players N] [--seat S] [--opponent NAME] [--seed N] [OPTIONS]
                 [--save FILE] [--load FILE]
    savanna simulate N [--game G] [--players P] [--player NAME ...] [--seed S] [OPTIONS] [--save-dir DIR]
    savanna replay FILE [--step]
    savanna review FILE [--seat N] [--think S] [--json]
    savanna arena PLAYER PLAYER [PLAYER ...] --games N [--game G] [--seats S] [--seed S]
                  [OPTIONS] [--workers W] [--ray ADDRESS|local [--ray-niceness N]] [--out FILE] [--save-games DIR]
    savanna arena --summarize FILE
    savanna serve [--host 127.0.0.1] [--port 8000] [--db PATH|URL] [--workers N] [--allow-origin URL ...]
                  [--create-limit "30/minute;300/hour"|none] [--expire-after DAYS] [--forwarded-allow-ips IPS]
                  [--max-spectators N] [--max-game-spectators N] [--max-address-spectators N]
                  [--max-address-game-spectators N] [--max-seat-connections N]
                  [--max-queued-kb KB] [--header-timeout SECONDS] [--max-address-sockets N] [--max-sockets N]
                  [--https] [--login-limit LIMITS] [--register-limit LIMITS]
    savanna --version

The games, and each game's OPTIONS (a flag per option, e.g. --final-scoring all), are those
savanna.games describes; an option given for a game that has it not is refused.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import socket
import sys
from typing import Any

from rich.console import Console

from savanna import __version__, games, saved_games



def _check_player(parser: argparse.ArgumentParser, name: str) -> None:
    """A player spec ('greedy', 'mcts:time=2', 'hard'); a bad one ends with argparse's message."""
    from savanna.ai import parse_spec

    try:
        parse_spec(name)
    except ValueError as e:
        parser.error(str(e))


def _count(low: int, high: int | None = None, what: str = "a number"):
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if n < low or (high is not None and n > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {span}, not {n}")
        return n
    return parse


def build_parser() -> argparse.ArgumentParser:
    specs = games.specs()
    titles = [s.title for s in specs]
    low, high = min(s.min_players for s in specs), max(s.max_players for s in specs)
    parser = argparse.ArgumentParser(
        prog="savanna", description=f"{' and '.join(titles)} in the terminal: play against computer "
                                    "players, simulate games between them, replay saved games.")
    parser.add_argument("--version", action="version", version=f"savanna {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="play a game against computer players",
                       description=f"Play {titles[0]} (the default){''.join(' or ' + t for t in titles[1:])} "
                                   "against computer players. On your turn type a number from the list or an "
                                   "action in notation; 'help' lists the commands.")
    p.add_argument("game", nargs="?", choices=sorted(games.GAMES), default=games.DEFAULT_GAME, metavar="GAME",
                   help=f"the game: {' or '.join(sorted(games.GAMES))} (default {games.DEFAULT_GAME})")
    p.add_argument("--players", type=_count(low, high, "--players"), default=None, metavar="N",
                   help=f"number of players, {low} to {high} (default 2)")
    p.add_argument("--seat", type=_count(0, high - 1, "--seat"), default=0, metavar="S",
                   help="your seat, 0 plays first (default 0)")
    p.add_argument("--opponent", action="append", default=None, metavar="PLAYER",
                   help="computer player for the other seats: easy (random), medium (greedy, the default), "
                        "hard (mcts, 1 s a move), or a spec such as mcts:time=3; repeat to give one per seat")
    p.add_argument("--seed", type=int, default=None, help="seed for the tile and token shuffles")
    _add_game_options(p)
    p.add_argument("--save", metavar="FILE", help="save the game to FILE after every move and at the end")
    p.add_argument("--load", metavar="FILE", help="continue a saved game (its players, seed and rules)")
    p.set_defaults(handler=cmd_play, subparser=p)

    s = sub.add_parser("simulate", help="play N games between computer players and summarise them",
                       description="Play N games between computer players and print a summary per seat.")
    s.add_argument("games", type=_count(1, None, "N"), metavar="N", help="number of games")
    s.add_argument("--players", type=_count(low, high, "--players"), default=None, metavar="P",
                   help=f"number of players, {low} to {high} (default 2, or as many as --player names)")
    s.add_argument("--player", nargs="+", action="extend", default=None, metavar="NAME",
                   help="computer player per seat (one name: every seat; default random)")
    _add_game_choice(s)
    s.add_argument("--seed", type=int, default=None, help="seed of the first game; game i uses seed+i")
    _add_game_options(s)
    s.add_argument("--save-dir", metavar="DIR", help="save each game as JSON in DIR")
    s.set_defaults(handler=cmd_simulate, subparser=s)

    r = sub.add_parser("replay", help="step through a saved game",
                       description="Show a saved game turn by turn, with the board after each turn.")
    r.add_argument("file", metavar="FILE", help="a game saved by 'play --save' or 'simulate --save-dir'")
    r.add_argument("--step", action="store_true",
                   help="wait between turns: Enter next, b back, q quit (only when reading a terminal)")
    r.set_defaults(handler=cmd_replay, subparser=r)
    _add_review(sub, high)

    _add_arena(sub)

    w = sub.add_parser("serve", help="run the web app's server",
                       description="Run the web app: games in the browser against people and computer players, "
                                   "with join links, live updates and replays. Games are kept in a database and "
                                   "survive a restart.")
    _add_serve_flags(w)
    w.set_defaults(handler=cmd_serve, subparser=w)
    return parser


def _add_serve_flags(w: argparse.ArgumentParser) -> None:
    """`savanna serve`'s flags: the web settings' fields (savanna/web/settings.py), each with its
    help, type and checks there; a flag given beats $SAVANNA_..., which beats the default."""
    try:
        from savanna.web import Settings
    except ImportError:  # without the web extra: `savanna serve` says what to install
        return
    Settings.add_arguments(w)


def _arena_error(message: str) -> None:
    """One line on stderr, never wrapped: 'savanna arena: error: ...'."""
    Console(stderr=True).print(f"savanna arena: error: {message}", style="bold red", highlight=False,
                               markup=False, soft_wrap=True)


def _one_line_errors(p: argparse.ArgumentParser) -> None:
    """Argument errors of `p` as one line, without the usage."""
    def error(message: str):
        # "argument --games: --games must be ..." -> "--games must be ..."
        message = re.sub(r"^argument (\S+): (?=\1\b)", "", message)
        _arena_error(f"{message} (see: {p.prog} --help)")
        sys.exit(2)
    p.error = error  # type: ignore[method-assign]


def _add_arena(sub) -> None:
    a = sub.add_parser(
        "arena", help="rate computer players against each other over many games, in parallel",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Play many games between computer players, on all cores or a Ray cluster. Seats rotate so\n"
                    "every player sits in every seat equally often (2 players: pairs of games on the same deal\n"
                    "with the seats swapped). Reports per player: games, wins (a tie between k winners gives\n"
                    "each 1/k), win rate with its 95% Wilson score interval, mean score, mean margin (own score\n"
                    "minus the best other seat's) and an Elo rating fitted by maximum likelihood over all\n"
                    "pairwise results in the games, relative to the first player (fixed at 0).",
        epilog="players: a name with options, e.g. random, greedy, mcts:time=1\n\nexamples:\n"
               "  savanna arena greedy random --games 200 --seed 1 --out greedy-random.json\n"
               "  savanna arena mcts:time=1 greedy --games 200 --ray 10.0.0.5:6379\n"
               "  savanna arena --summarize greedy-random.json")
    a.add_argument("players", nargs="*", metavar="PLAYER", help="two or more players (repeats allowed)")
    a.add_argument("--games", type=_count(1, None, "--games"), metavar="N",
                   help="number of games, rounded up to whole seat rotations")
    _add_game_choice(a)
    low, high = min(s.min_players for s in games.specs()), max(s.max_players for s in games.specs())
    a.add_argument("--seats", type=_count(1, None, "--seats"), metavar="S",
                   help=f"players per game, {low} to {high} (default: the number of players given)")
    a.add_argument("--seed", type=int, default=None,
                   help="arena seed: game and player seeds derive from it and the game index (default random)")
    _add_game_options(a)
    a.add_argument("--workers", type=_count(1, None, "--workers"), metavar="W",
                   help="processes (or, with --ray local, CPUs) to play on (default: all cores)")
    a.add_argument("--ray", metavar="ADDRESS",
                   help="run the games as Ray tasks: 'local' starts Ray on this machine, an address "
                        "(host:port or ray://host:port) connects to a cluster (pip install 'savanna[distributed]')")
    a.add_argument("--ray-niceness", type=_count(0, 19, "--ray-niceness"), default=0, metavar="N",
                   help="the niceness the games' Ray workers run at, 0 (normal priority, the default) to 19 "
                        "(yield to all other work; Ray's own default is 15)")
    a.add_argument("--out", metavar="FILE", help="save settings, every game and the summary as JSON")
    a.add_argument("--save-games", metavar="DIR", help="save each game as JSON in DIR (for savanna replay)")
    a.add_argument("--summarize", metavar="FILE", nargs="+",
                   help="print the summary of results files saved with --out (several files of the same "
                        "players are merged, e.g. a long match run in parts with different --seed)")
    a.set_defaults(handler=cmd_arena, subparser=a)
    _one_line_errors(a)


def _add_game_choice(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=sorted(games.GAMES), default=games.DEFAULT_GAME,
                        help=f"the game (default {games.DEFAULT_GAME})")


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """A flag per option of every game, as its description gives it: a choice takes one of its
    values, a yes-or-no option is a switch. Not given, a flag is None (the game's default)."""
    for option in games.all_options().values():
        text = f"{' and '.join(games.having(option.name))}: {option.help}"
        if option.kind == games.BOOL:
            parser.add_argument(option.flag, dest=option.name, action="store_true", default=None,
                                help=text.replace("%", "%%"))
            continue
        if option.kind == games.CHOICE:
            text += "; " + "; ".join(f"{c.value}{' (default)' if c.value == option.default else ''} – {c.help}"
                                     for c in option.choices)
            parser.add_argument(option.flag, dest=option.name, default=None, choices=option.values(),
                                help=text.replace("%", "%%"))
        else:
            parser.add_argument(option.flag, dest=option.name, default=None, metavar=option.name.upper(),
                                help=text.replace("%", "%%"))


def _options_given(parser: argparse.ArgumentParser, game: str, args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line; one of another game ends with argparse's message."""
    given = {name: getattr(args, name) for name in games.all_options() if getattr(args, name, None) is not None}
    foreign = games.foreign_option(game, given)
    if foreign:
        option, owners = foreign
        parser.error(f"{option.flag} is a setting of {' and '.join(owners)}, not of {game}")
    return given


def _read_save(path: str):
    """A saved game of any game (the file names its game: "game", else its "format"), the seats
    it names and the hints it records (each None: it has none)."""
    import json

    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None  # the game's own loader says what is wrong
    name = games.name_of_save(data)  # (a file that is no save: the default game's loader says why)
    if not isinstance(name, str) or name not in games.GAMES:
        raise ValueError(f"{path} is a game of {name!r}, which this version does not know "
                         f"(known games: {', '.join(sorted(games.GAMES))})")
    return games.game_module(name).from_json(text), saved_games.seats_of(data), saved_games.hints_of(data)


def _error(console: Console, message: str) -> None:
    console.print(f"savanna: error: {message}", style="bold red", highlight=False, markup=False)


def cmd_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from savanna.ai import make_player

    err = Console(stderr=True)
    names = args.opponent or ["greedy"]
    for name in names:
        _check_player(parser, name)
    given = _options_given(parser, args.game, args)
    hints = None
    if args.load:
        if args.players is not None:
            parser.error("--players cannot be combined with --load: the saved game fixes the players")
        try:
            game, _, hints = _read_save(args.load)
        except ValueError as e:
            _error(err, str(e))
            return 1
        if game.is_terminal():
            _error(err, f"the game in {args.load} is already over (try: savanna replay {args.load})")
            return 1
        if getattr(game, "chance", "sampled") != "sampled":
            _error(err, f"the game in {args.load} plays chance explicitly (its draws are chance nodes, for "
                        "research); the terminal plays sampled games")
            return 1
    else:
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        try:
            game = games.spec(args.game).new_game(players=args.players, seed=seed, **given)
        except ValueError as e:
            _error(err, str(e))
            return 1
    n = game.players
    if args.seat >= n:
        parser.error(f"--seat must be from 0 to {n - 1} in a {n}-player game, not {args.seat}")
    others = [s for s in range(n) if s != args.seat]
    if len(names) not in (1, len(others)):
        parser.error(f"give one --opponent for every computer seat ({len(others)}), or one for all")
    players: list = [None] * n
    for i, s in enumerate(others):
        name = names[0] if len(names) == 1 else names[i]
        players[s] = make_player(name, seed=game.seed * 16 + s)
    terminal = games.spec_of(game).part("terminal")
    return terminal.play_game(game, players, args.seat, Console(), save_path=args.save, hints=hints)


def cmd_simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from savanna.terminal.simulate import render_summary, simulate

    names = args.player or ["random"]
    for name in names:
        _check_player(parser, name)
    given = _options_given(parser, args.game, args)
    spec = games.spec(args.game)
    n = args.players or (len(names) if len(names) > 1 else 2)
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        parser.error(f"--player names {len(names)} players but --players is {n}")
    if not spec.min_players <= n <= spec.max_players:
        parser.error(f"a game has {spec.min_players} to {spec.max_players} players, not {n}")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    console = Console()
    try:
        summary = simulate(args.games, names, seed, args.save_dir, console, game=args.game, settings=given)
    except OSError as e:
        _error(Console(stderr=True), f"cannot save games: {e}")
        return 1
    console.print(render_summary(summary))
    if args.save_dir:
        console.print(f"games saved in {args.save_dir}", style="dim", highlight=False)
    return 0


def cmd_replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from savanna.terminal.seats import seats_line

    try:
        game, seats, _ = _read_save(args.file)
    except ValueError as e:
        _error(Console(stderr=True), str(e))
        return 1
    console = Console()
    if seats:
        console.print(seats_line(seats))
    return games.spec_of(game).part("terminal").replay_game(game, console, step=args.step)


def _add_review(sub, high: int) -> None:
    from savanna.coach.marks import REVIEW_THINK

    v = sub.add_parser("review", help="the coach's review of a finished saved game",
                       description="Judge every decision of a finished saved game by the strongest computer "
                                   "player's search, from the position and information the seat had: the expected "
                                   "final margin of the move played against the best move found. Prints the moves "
                                   "marked as small losses, mistakes and blunders, each seat's summary and its "
                                   "three worst moves with the better move; or the review as JSON.")
    v.add_argument("file", metavar="FILE", help="a finished game saved by 'play --save' or 'simulate --save-dir'")
    v.add_argument("--seat", type=_count(0, high - 1, "--seat"), default=None, metavar="N",
                   help="review seat N only (default: the people's seats the save names, else every seat)")
    v.add_argument("--think", type=_seconds("--think"), default=REVIEW_THINK, metavar="S",
                   help=f"seconds of search per decision (default {REVIEW_THINK:g}; a whole game has some "
                        "80 to 140 decisions per seat)")
    v.add_argument("--json", action="store_true", help="print the review as JSON (what the web app serves)")
    v.set_defaults(handler=cmd_review, subparser=v)


def _seconds(what: str, high: float = 60.0):
    def parse(text: str) -> float:
        try:
            x = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number of seconds, not {text!r}") from None
        if not 0 < x <= high:
            raise argparse.ArgumentTypeError(f"{what} must be more than 0 and at most {high:g} seconds, not {text}")
        return x
    return parse


def reviewed_seats(seats: list[dict[str, str]] | None, players: int) -> list[int]:
    """The seats a review of a saved game judges: the people's, as its seats section names them;
    every seat when it names none or no person (a game of computers, an imported one)."""
    people = [i for i, s in enumerate(seats or ()) if s["kind"] == "human"]
    return people or list(range(players))


def cmd_review(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from savanna.coach import review
    from savanna.saved_games import default_name
    from savanna.terminal.coach import render_review

    err = Console(stderr=True)
    try:
        game, seats, _ = _read_save(args.file)
    except ValueError as e:
        _error(err, str(e))
        return 1
    if not game.is_terminal():
        _error(err, f"the game in {args.file} is not over: a review is of a finished game "
                    f"(finish it: savanna play --load {args.file})")
        return 1
    if args.seat is not None and args.seat >= game.players:
        parser.error(f"--seat must be from 0 to {game.players - 1} in a {game.players}-player game, not {args.seat}")
    chosen = [args.seat] if args.seat is not None else reviewed_seats(seats, game.players)
    columns = (TextColumn("[bold]review"), BarColumn(), MofNCompleteColumn(), TextColumn("eta"),
               TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("decisions", total=None)
        result = review.review(game, chosen, time=args.think,
                               progress=lambda done, total: progress.update(task, completed=done, total=total))
    if args.json:
        print(json.dumps(result))
        return 0
    names = [s.get("name") or default_name(i, s["kind"], s.get("player")) for i, s in enumerate(seats)] \
        if seats else None
    Console().print(render_review(result, names, title=games.spec_of(game).title), highlight=False)
    return 0


def _wide_console() -> Console:
    """stdout; when it is not a terminal, wide enough that the arena's table is not cut to 80 columns."""
    out = Console()
    return out if out.is_terminal else Console(width=max(out.width, 160))


def cmd_arena(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    import os

    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from savanna.arena import (
        Arena,
        ArenaError,
        merge_results,
        render_summary,
        run_arena,
        save_results,
    )

    err = Console(stderr=True)
    out = _wide_console()
    if args.summarize:
        if args.players or args.games is not None:
            parser.error("--summarize reads a results file: give no players or --games with it")
        try:
            summary, settings = merge_results(args.summarize)
        except ValueError as e:
            _arena_error(str(e))
            return 1
        out.print(render_summary(summary, settings))
        return 0
    if len(args.players) < 2:
        parser.error("give two or more players, e.g. savanna arena greedy random --games 100")
    if args.games is None:
        parser.error("--games N is required")
    if args.out:
        folder = os.path.dirname(os.path.abspath(args.out))
        if not os.path.isdir(folder):
            _arena_error(f"cannot write {args.out}: no directory {folder}")
            return 1
    given = _options_given(parser, args.game, args)
    arena = Arena(players=args.players, games=args.games, game=args.game, seats=args.seats, seed=args.seed,
                  settings=given, workers=args.workers, ray=args.ray, save_games=args.save_games,
                  ray_niceness=args.ray_niceness)
    columns = (TextColumn("[bold]arena"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TextColumn("eta"), TimeRemainingColumn())
    errors: list[str] = []

    def on_result(record: dict) -> None:
        if record["error"]:
            errors.append(f"game {record['index'] + 1}: {record['error']}")
            if err.is_terminal and len(errors) == 1:
                progress.console.print(errors[0], style="red", highlight=False, markup=False)
        progress.advance(task)

    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("games", total=None)
        try:
            result = run_arena(arena, on_start=lambda total: progress.update(task, total=total),
                               on_result=on_result, on_note=lambda text: progress.console.print(
                                   f"note: {text}", style="yellow", highlight=False, markup=False))
        except ArenaError as e:
            progress.stop()
            _arena_error(str(e))
            return 1
    settings = result["settings"]
    if settings["games"] != settings["games_requested"]:
        err.print(f"played {settings['games']} games, a multiple of {settings['rotation']} so every player sits "
                  f"in every seat equally often", style="dim", highlight=False)
    out.print(render_summary(result["summary"], settings))
    code = 0
    if errors:
        for message in errors[:3]:
            _arena_error(message)
        if len(errors) > 3:
            _arena_error(f"... {len(errors)} games in all ended with an error (see the records with --out)")
        code = 1
    if args.out:
        try:
            save_results(args.out, result)
        except OSError as e:
            _arena_error(f"cannot write {args.out}: {e.strerror or e}")
            return 1
        out.print(f"results saved in {args.out} (savanna arena --summarize {args.out})", style="dim",
                  highlight=False)
    if args.save_games:
        out.print(f"games saved in {args.save_games}", style="dim", highlight=False)
    return code


def _cannot_listen(host: str, port: int) -> str | None:
    """Why a server could not listen on host:port now (None: it could). The probe sets
    SO_REUSEADDR as uvicorn does, so only a port that something listens on is refused."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as e:
        return f"no such address ({e.strerror or e})"
    family, kind, proto, _, address = infos[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as e:
        return e.strerror or str(e)
    return None


def cmd_serve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    err = Console(stderr=True)
    try:
        import uvicorn  # noqa: F401  (the web extra's server)
        from pydantic import ValidationError

        from savanna.web import CannotStart, Settings, serve
    except ImportError as e:
        _error(err, f"the web app needs its extra ({e.name} is missing): pip install 'savanna[web]'")
        return 1
    try:
        settings = Settings.from_arguments(args)
    except ValidationError as e:
        _error(err, Settings.reasons(e)[0])
        return 1
    busy = _cannot_listen(settings.host, settings.port)
    if busy is not None:  # said now, before the database is opened and the app starts up
        _error(err, f"cannot listen on {settings.host}:{settings.port}: {busy} (another server, perhaps another "
                    f"savanna serve, may have it); choose another port with --port, e.g. --port {settings.port + 1}")
        return 1
    try:
        serve(settings, announce=lambda line: Console().print(line, highlight=False, markup=False, soft_wrap=True))
    except CannotStart as e:
        _error(err, str(e))
        return 1
    return 0


def __getattr__(name: str) -> Any:
    # the web settings' default, read when asked for (the web extra may be missing)
    if name == "DEFAULT_CREATE_LIMIT":
        from savanna.web import Settings

        return Settings.model_fields["create_limit"].default
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return args.handler(args.subparser, args)
    except KeyboardInterrupt:
        Console(stderr=True).print("interrupted", style="yellow")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

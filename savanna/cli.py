"""The `savanna` command line.

    savanna play [--players N] [--seat S] [--opponent NAME] [--seed N] [--final-scoring all|majority]
                 [--save FILE] [--load FILE]
    savanna simulate N [--players P] [--player NAME ...] [--seed S] [--final-scoring ...] [--save-dir DIR]
    savanna replay FILE [--step]
    savanna --version
"""

from __future__ import annotations

import argparse
import secrets
import sys

from rich.console import Console

from savanna import __version__

FINAL_SCORING = ("all", "majority")


def _players_known() -> list[str]:
    from savanna.ai import PLAYERS

    return sorted(PLAYERS)


def _check_player(parser: argparse.ArgumentParser, name: str) -> None:
    known = _players_known()
    if name not in known:
        parser.error(f"unknown player {name!r}; known players: {', '.join(known)}")


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
    parser = argparse.ArgumentParser(
        prog="savanna", description="Carcassonne Safari in the terminal: play against computer players, "
                                    "simulate games between them, replay saved games.")
    parser.add_argument("--version", action="version", version=f"savanna {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="play a game against computer players",
                       description="Play Carcassonne Safari against computer players. On your turn type a number "
                                   "from the list or an action in notation; 'help' lists the commands.")
    p.add_argument("--players", type=_count(2, 5, "--players"), default=None, metavar="N",
                   help="number of players, 2 to 5 (default 2)")
    p.add_argument("--seat", type=_count(0, 4, "--seat"), default=0, metavar="S",
                   help="your seat, 0 plays first (default 0)")
    p.add_argument("--opponent", action="append", default=None, metavar="NAME",
                   help="computer player for the other seats (default random); repeat to give one per seat")
    p.add_argument("--seed", type=int, default=None, help="seed for the tile and token shuffles")
    p.add_argument("--final-scoring", choices=FINAL_SCORING, default="all",
                   help="'all': every meeple on an unfinished trail or bush scores (English rulebook, default); "
                        "'majority': only the majority (German edition)")
    p.add_argument("--save", metavar="FILE", help="save the game to FILE after every move and at the end")
    p.add_argument("--load", metavar="FILE", help="continue a saved game (its players, seed and rules)")
    p.set_defaults(handler=cmd_play, subparser=p)

    s = sub.add_parser("simulate", help="play N games between computer players and summarise them",
                       description="Play N games between computer players and print a summary per seat.")
    s.add_argument("games", type=_count(1, None, "N"), metavar="N", help="number of games")
    s.add_argument("--players", type=_count(2, 5, "--players"), default=None, metavar="P",
                   help="number of players, 2 to 5 (default 2, or as many as --player names)")
    s.add_argument("--player", nargs="+", action="extend", default=None, metavar="NAME",
                   help="computer player per seat (one name: every seat; default random)")
    s.add_argument("--seed", type=int, default=None, help="seed of the first game; game i uses seed+i")
    s.add_argument("--final-scoring", choices=FINAL_SCORING, default="all")
    s.add_argument("--save-dir", metavar="DIR", help="save each game as JSON in DIR")
    s.set_defaults(handler=cmd_simulate, subparser=s)

    r = sub.add_parser("replay", help="step through a saved game",
                       description="Show a saved game turn by turn, with the board after each turn.")
    r.add_argument("file", metavar="FILE", help="a game saved by 'play --save' or 'simulate --save-dir'")
    r.add_argument("--step", action="store_true",
                   help="wait between turns: Enter next, b back, q quit (only when reading a terminal)")
    r.set_defaults(handler=cmd_replay, subparser=r)
    return parser


def _read_game(path: str):
    from savanna import safari

    try:
        with open(path, "rb") as f:
            text = f.read()
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    return safari.from_json(text)


def _error(console: Console, message: str) -> None:
    console.print(f"savanna: error: {message}", style="bold red", highlight=False, markup=False)


def cmd_play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from savanna import safari
    from savanna.ai import make_player
    from savanna.terminal.play import play

    err = Console(stderr=True)
    names = args.opponent or ["random"]
    for name in names:
        _check_player(parser, name)
    if args.load:
        if args.players is not None:
            parser.error("--players cannot be combined with --load: the saved game fixes the players")
        try:
            game = _read_game(args.load)
        except ValueError as e:
            _error(err, str(e))
            return 1
        if game.is_terminal():
            _error(err, f"the game in {args.load} is already over (try: savanna replay {args.load})")
            return 1
    else:
        seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        try:
            game = safari.new_game(players=args.players or 2, seed=seed, final_scoring=args.final_scoring)
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
    return play(game, players, args.seat, Console(), save_path=args.save)


def cmd_simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from savanna.terminal.simulate import render_summary, simulate

    names = args.player or ["random"]
    for name in names:
        _check_player(parser, name)
    n = args.players or (len(names) if len(names) > 1 else 2)
    if len(names) == 1:
        names = names * n
    if len(names) != n:
        parser.error(f"--player names {len(names)} players but --players is {n}")
    if not 2 <= n <= 5:
        parser.error(f"a game has 2 to 5 players, not {n}")
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    console = Console()
    try:
        summary = simulate(args.games, names, seed, args.final_scoring, args.save_dir, console)
    except OSError as e:
        _error(Console(stderr=True), f"cannot save games: {e}")
        return 1
    console.print(render_summary(summary))
    if args.save_dir:
        console.print(f"games saved in {args.save_dir}", style="dim", highlight=False)
    return 0


def cmd_replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from savanna.terminal.replay import replay

    try:
        game = _read_game(args.file)
    except ValueError as e:
        _error(Console(stderr=True), str(e))
        return 1
    return replay(game, Console(), step=args.step)


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

"""Playing the games of an arena: one game (`play_game`, the unit of work), and many
in parallel, on a local process pool or as Ray tasks on a cluster.

`play_game` never raises for what a player does: a player that fails or returns an
illegal action ends its game with a record whose `error` names the player, its
seat and the action.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from typing import Any
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from savanna import games

from .schedule import Task


class ArenaError(Exception):
    """A problem with the arena's input or set-up, to be shown as a one-line message."""


def _short(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0]}" if text else type(e).__name__


def play_game(task: Task) -> dict:
    """Play one game of an arena and return its record (a JSON-able dict)."""
    from savanna.ai import make_player

    t0 = time.perf_counter()
    record = {"index": task.index, "block": task.block, "seed": task.seed, "seats": list(task.seats),
              "players": list(task.specs), "player_seeds": list(task.player_seeds), "scores": None,
              "winners": None, "actions": 0, "seconds": 0.0, "error": None, "error_seat": None}
    g = games.spec(task.game).new_game(players=len(task.seats), seed=task.seed, **task.settings)
    players = []
    for seat, spec in enumerate(task.specs):
        try:
            players.append(make_player(spec, seed=task.player_seeds[seat]))
        except Exception as e:  # noqa: BLE001 - a player that cannot even be built
            record["error"] = f"player {spec!r} (seat {seat}) could not be created: {_short(e)}"
            record["error_seat"] = seat
            record["seconds"] = time.perf_counter() - t0
            return record
    actions = 0
    while not g.is_terminal():
        seat = g.current_player
        spec = task.specs[seat]
        try:
            action = players[seat].choose(g)
        except Exception as e:  # noqa: BLE001
            record["error"] = f"player {spec!r} (seat {seat}) failed at action {actions + 1}: {_short(e)}"
            record["error_seat"] = seat
            break
        try:
            g.apply(action)
        except Exception as e:  # noqa: BLE001 - the engine refuses it and leaves the game unchanged
            reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            record["error"] = (f"player {spec!r} (seat {seat}) played an illegal action {str(action)!r} "
                               f"at action {actions + 1}: {reason}")
            record["error_seat"] = seat
            break
        actions += 1
    record["actions"] = actions
    record["seconds"] = time.perf_counter() - t0
    if record["error"] is None:
        record["scores"] = list(g.scores)
        record["winners"] = list(g.winners())
    if task.keep_json:
        record["game_json"] = g.to_json()
    return record


# ------------------------------------------------------------------ local

def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _ignore_sigint() -> None:
    """In pool workers: Ctrl-C is the parent's to handle (it cancels the games not started)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(tasks: list[Task], workers: int, on_result: Callable[[dict], None]) -> None:
    """Play `tasks` on a pool of `workers` processes (1: in this process), calling
    `on_result` with each record as it finishes (in completion order)."""
    workers = max(1, min(workers, len(tasks)))
    if workers == 1:
        for t in tasks:
            on_result(play_game(t))
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        pending = {pool.submit(play_game, t) for t in tasks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                on_result(f.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


# ------------------------------------------------------------------ Ray

RAY_CONNECT_TIMEOUT = 5.0  # seconds to reach a cluster's address before giving up

# Ray (2.60) swaps a loopback node address for the machine's own, so a Ray "on 127.0.0.1"
# listens on every interface; with clusters "disabled" (meant for Windows and macOS, harmless
# for one machine) it keeps 127.0.0.1. It must be set in the environment before Ray is
# imported, for the processes that start Ray and for the client alike.
RAY_LOOPBACK_ENV = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
RAY_DEFAULT_NICENESS = 0  # Ray's own default, 15, makes its workers yield to anything else running


def _host_port(address: str) -> tuple[str, int] | None:
    """The TCP endpoint of a Ray address ('host:port', 'ray://host:port'), or None
    when it is not a network address (e.g. 'auto')."""
    default = 6379
    rest = address
    if "://" in address:
        scheme, rest = address.split("://", 1)
        if scheme == "ray":
            default = 10001
    rest = rest.split("/", 1)[0]
    if not rest or rest == "auto":
        return None
    if rest.startswith("["):  # [ipv6]:port
        host, _, tail = rest[1:].partition("]")
        port = tail.lstrip(":")
    else:
        host, _, port = rest.rpartition(":") if rest.count(":") == 1 else (rest, "", "")
    if not port:
        return host, default
    try:
        return host, int(port)
    except ValueError:
        raise ArenaError(f"--ray {address}: the port must be a number, not {port!r}") from None


def check_reachable(address: str, timeout: float = RAY_CONNECT_TIMEOUT) -> None:
    """Fail fast when a Ray address does not accept connections (Ray itself retries
    for minutes)."""
    endpoint = _host_port(address)
    if endpoint is None:
        return
    host, port = endpoint
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except socket.gaierror as e:
        raise ArenaError(f"cannot reach the Ray cluster at {address}: unknown host {host!r} ({e.strerror})") from None
    except TimeoutError:
        raise ArenaError(f"cannot reach the Ray cluster at {address}: no answer within {timeout:g} s") from None
    except OSError as e:
        raise ArenaError(f"cannot reach the Ray cluster at {address}: {e.strerror or e}") from None


def is_loopback(address: str) -> bool:
    """Whether a Ray address ('local', or a cluster's) is on this machine's loopback only."""
    if address == "local":
        return True
    endpoint = _host_port(address)
    if endpoint is None:  # 'auto': whatever the environment says
        return False
    host = endpoint[0]
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _keep_ray_on_loopback() -> None:
    """Make this process's Ray, and every process it starts, stay on loopback (unless the
    user set RAY_LOOPBACK_ENV themselves)."""
    if not os.environ.get(RAY_LOOPBACK_ENV):
        os.environ[RAY_LOOPBACK_ENV] = "0"
    constants = sys.modules.get("ray._private.ray_constants")
    if constants is not None and os.environ[RAY_LOOPBACK_ENV] == "0":
        # Ray was imported before (a program using the arena as a library): it read the
        # environment then, so tell it now
        setattr(constants, "ENABLE_RAY_CLUSTER", False)  # (a module of Ray's, untyped here)


def import_ray():
    try:
        import ray
    except ImportError:
        raise ArenaError("--ray needs Ray, which is not installed: pip install 'savanna[distributed]'") from None
    return ray


def init_ray(address: str, workers: int | None = None, niceness: int = RAY_DEFAULT_NICENESS):
    """Start Ray on this machine (`address` 'local', using `workers` CPUs, default all,
    whose workers run at `niceness`) or connect to a cluster; returns the ray module.
    Ray on loopback ('local', 127.0.0.1:port, localhost:port) listens on loopback only.
    Raises ArenaError with a one-line message when Ray is missing or the cluster cannot
    be reached."""
    import logging

    local = address == "local"
    if is_loopback(address):
        _keep_ray_on_loopback()
    if not local:
        check_reachable(address)
        # Ray's own connection attempts retry for minutes; shorten them when the port
        # answers but no Ray is behind it (only where the user has not set them).
        os.environ.setdefault("RAY_py_gcs_connect_timeout_s", str(int(RAY_CONNECT_TIMEOUT)))
        os.environ.setdefault("RAY_gcs_rpc_server_connect_timeout_s", str(int(RAY_CONNECT_TIMEOUT)))
        os.environ.setdefault("RAY_NUM_REDIS_GET_RETRIES", str(int(RAY_CONNECT_TIMEOUT)))
    ray = import_ray()
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR,
              "ignore_reinit_error": True}
    if local:
        kwargs.update(address="local", num_cpus=workers or default_workers(),
                      _system_config={"worker_niceness": niceness})
    else:
        import savanna

        # ship this savanna to the cluster's workers, so they need not have it installed
        kwargs.update(address=address, runtime_env={"py_modules": [savanna]})
    log: list[str] = []
    try:
        with contextlib.nullcontext() if local else _captured_stderr(log):
            try:
                ray.init(**kwargs)
            except BaseException:
                if ray.is_initialized():
                    ray.shutdown()
                raise
    except (Exception, SystemExit) as e:  # noqa: BLE001 - Ray raises many kinds
        where = "start Ray on this machine" if local else f"connect to the Ray cluster at {address}"
        reason = _ray_reason(log)
        if not local and _refused_token(f"{e} {reason}"):
            raise ArenaError(f"cannot {where}: the cluster asks for its authentication token. {_token_hint()}") from None
        raise ArenaError(f"cannot {where}: {_short(e)}" + (f" ({reason})" if reason else "")) from None
    return ray


def _refused_token(text: str) -> bool:
    return any(k in text for k in ("Unauthenticated", "InvalidAuthToken", "Authentication token is missing"))


def _token_hint() -> str:
    """What to set for a cluster that asks for a token (Ray 2.59 and later turn token
    authentication on by default in `ray start`)."""
    if os.environ.get("RAY_AUTH_MODE", "").lower() != "token":
        return ("It uses token authentication (on by default since Ray 2.59): set RAY_AUTH_MODE=token. "
                "Ray then reads the token from RAY_AUTH_TOKEN, else the file RAY_AUTH_TOKEN_PATH names, "
                "else ~/.ray/auth_token, which `ray start` writes on the head node; from another machine, "
                "give it the head node's token (`ray get-auth-token` there)")
    return ("RAY_AUTH_MODE=token is set, but the token is not the cluster's: set RAY_AUTH_TOKEN to the "
            "head node's token (`ray get-auth-token` there), or RAY_AUTH_TOKEN_PATH to a file holding it")


def _ray_reason(log: list[str]) -> str:
    """The last reason Ray's core logged for failing to connect, e.g. 'Unauthenticated: ...'."""
    for line in reversed(log):
        if "Failed to" in line and ": " in line:
            return line.split("] ", 1)[-1].split(": ", 1)[-1].strip()[:200]
    return ""


@contextlib.contextmanager
def _captured_stderr(log: list[str]):
    """Capture file descriptor 2 into `log` (Ray's C++ core logs its connection retries
    there, a line a second)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError, AttributeError):
        yield
        return
    with tempfile.TemporaryFile() as tmp:
        try:
            os.dup2(tmp.fileno(), 2)
            yield
        finally:
            try:
                sys.stderr.flush()
            except (OSError, ValueError):
                pass
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            log.extend(tmp.read().decode("utf-8", "replace").splitlines())


def renice(niceness: int) -> int:
    """Set this process's niceness to `niceness` where it may (raising it always; lowering
    it only with the privilege to); the niceness it then has."""
    now = os.nice(0)
    if now != niceness:
        with contextlib.suppress(OSError):
            now = os.nice(niceness - now)
    return now


def play_game_at(task: Task, niceness: int) -> tuple[dict, int]:
    """A Ray task: `play_game` at `niceness` (a cluster's workers run at whatever it was
    started with, Ray's default being 15); the record and the niceness it was played at."""
    played = renice(niceness)
    return play_game(task), played


def niceness_note(asked: int, played: int) -> str | None:
    """What to tell someone whose games ran at another niceness than asked (None: they did not)."""
    if played <= asked:
        return None
    return (f"the cluster's Ray workers ran at nice {played}, not {asked}, and may not lower it, so other "
            f"work on its machines slows the games: start its nodes with RAY_worker_niceness={asked}")


def run_ray(tasks: list[Task], address: str, workers: int | None, on_result: Callable[[dict], None],
            niceness: int = RAY_DEFAULT_NICENESS, on_note: Callable[[str], None] | None = None) -> None:
    """Play `tasks` as Ray tasks (one CPU each) on a local Ray or a cluster, at `niceness`;
    `on_note` hears once if a cluster's workers could not run at it."""
    ray = init_ray(address, workers, niceness)
    noted = False
    try:
        remote = ray.remote(num_cpus=1, max_retries=1)(play_game_at)
        pending = [remote.remote(t, niceness) for t in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=None)
            for ref in done:
                try:
                    record, played = ray.get(ref)
                except Exception as e:  # noqa: BLE001 - a worker lost or a task crashed
                    raise ArenaError(f"a Ray task failed: {_short(e)}") from None
                note = niceness_note(niceness, played)
                if note and on_note and not noted:
                    noted = True
                    on_note(note)
                on_result(record)
    finally:
        ray.shutdown()


def run_tasks(tasks: Iterable[Task], workers: int | None = None, ray_address: str | None = None,
              on_result: Callable[[dict], None] | None = None, ray_niceness: int = RAY_DEFAULT_NICENESS,
              on_note: Callable[[str], None] | None = None) -> list[dict]:
    """Play all tasks; the records in game order. On Ray, the workers run at `ray_niceness`;
    `on_note` hears what the user should know about the run."""
    tasks = list(tasks)
    records: list[dict] = []

    def collect(r: dict) -> None:
        records.append(r)
        if on_result:
            on_result(r)

    if ray_address:
        run_ray(tasks, ray_address, workers, collect, ray_niceness, on_note)
    else:
        run_local(tasks, workers or default_workers(), collect)
    records.sort(key=lambda r: r["index"])
    return records

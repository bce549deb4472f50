"""An arena's results: the summary per player (computed from the per-game records, so
saved results can be summarised again), its table, and the JSON file.

Definitions:
- games: the seats a player took (one per game unless --seats exceeds the players);
- wins: a game's winners share it, so a tie between k winners gives each 1/k;
- win rate: wins / games, with the 95% Wilson score interval;
- margin: the player's score minus the best score of the other seats;
- Elo: Bradley-Terry maximum likelihood over every pair of seats with different
  players in every game (more points beats fewer; equal points are a draw),
  relative to the first player, whose rating is fixed at 0.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict

from rich import box
from rich.console import Group, JustifyMethod
from rich.table import Table
from rich.text import Text

from savanna import games

from .stats import fit_elo, wilson_interval

FORMAT = "savanna-arena/1"


def player_labels(specs: list[str]) -> list[str]:
    """Names for the table: the specs, with #2, #3 .. on repeats."""
    seen: Counter = Counter()
    out = []
    for s in specs:
        seen[s] += 1
        out.append(s if seen[s] == 1 else f"{s}#{seen[s]}")
    return out


def summarize(specs: list[str], records: list[dict]) -> dict:
    """The summary of an arena between `specs` from its game records."""
    n = len(specs)
    labels = player_labels(specs)
    ok = [r for r in records if r.get("error") is None]
    games = [0] * n
    wins = [0.0] * n
    score_sum = [0.0] * n
    margin_sum = [0.0] * n
    pair_score = [[0.0] * n for _ in range(n)]
    pair_games = [[0.0] * n for _ in range(n)]
    h2h = [[[0, 0, 0] for _ in range(n)] for _ in range(n)]  # [i][j]: i won, j won, drew
    nseats = max((len(r["seats"]) for r in records), default=0)
    seat_games = [0] * nseats
    seat_wins = [0.0] * nseats
    for r in ok:
        seats, scores, winners = r["seats"], r["scores"], r["winners"]
        k = len(seats)
        share = 1 / len(winners) if winners else 0.0
        for s, p in enumerate(seats):
            games[p] += 1
            score_sum[p] += scores[s]
            margin_sum[p] += scores[s] - max((scores[t] for t in range(k) if t != s), default=scores[s])
            seat_games[s] += 1
            if s in winners:
                wins[p] += share
                seat_wins[s] += share
        for a in range(k):
            for b in range(a + 1, k):
                pa, pb = seats[a], seats[b]
                if pa == pb:
                    continue
                pair_games[pa][pb] += 1
                pair_games[pb][pa] += 1
                if scores[a] > scores[b]:
                    pair_score[pa][pb] += 1
                    h2h[pa][pb][0] += 1
                    h2h[pb][pa][1] += 1
                elif scores[a] < scores[b]:
                    pair_score[pb][pa] += 1
                    h2h[pa][pb][1] += 1
                    h2h[pb][pa][0] += 1
                else:
                    pair_score[pa][pb] += 0.5
                    pair_score[pb][pa] += 0.5
                    h2h[pa][pb][2] += 1
                    h2h[pb][pa][2] += 1
    elo = fit_elo(pair_score, pair_games, anchor=0)
    players = []
    for i in range(n):
        lo, hi = wilson_interval(wins[i], games[i])
        players.append({
            "player": labels[i], "spec": specs[i], "games": games[i], "wins": wins[i],
            "win_rate": wins[i] / games[i] if games[i] else None, "win_rate_ci": [lo, hi],
            "mean_score": score_sum[i] / games[i] if games[i] else None,
            "mean_margin": margin_sum[i] / games[i] if games[i] else None,
            "elo": elo["ratings"][i], "elo_ci": list(elo["ci"][i]),
        })
    pairwise = []
    for i in range(n):
        for j in range(i + 1, n):
            w, l, d = h2h[i][j]
            if w + l + d:
                pairwise.append({"players": [labels[i], labels[j]], "wins": [w, l], "draws": d,
                                 "score": (w + d / 2) / (w + l + d)})
    summary = {
        "games": len(ok), "errors": len(records) - len(ok), "players": players,
        "elo": {"anchor": labels[0] if labels else None, "anchor_rating": 0, "prior": elo["prior"],
                "method": "Bradley-Terry maximum likelihood over pairwise results, first player fixed at 0"},
        "pairwise": pairwise,
        "seats": [{"seat": s, "games": seat_games[s], "wins": seat_wins[s],
                   "win_rate": seat_wins[s] / seat_games[s] if seat_games[s] else None} for s in range(nseats)],
        "mean_seconds": sum(r["seconds"] for r in ok) / len(ok) if ok else None,
        "mean_actions": sum(r["actions"] for r in ok) / len(ok) if ok else None,
    }
    if n == 2 and nseats == 2:
        summary["pairs"] = _pairs(ok, labels)
    return summary


def _pairs(ok: list[dict], labels: list[str]) -> dict:
    """2 players: per block (the same deal, seats swapped), who won both games."""
    blocks: dict[tuple, list[dict]] = defaultdict(list)
    for r in ok:  # the deal's seed too: merged parts of a match reuse block numbers
        blocks[(r["block"], r.get("seed"))].append(r)
    both = [0, 0]
    split = 0
    for rs in blocks.values():
        if len(rs) != 2:
            continue
        pts = [0.0, 0.0]
        for r in rs:
            for s in r["winners"]:
                pts[r["seats"][s]] += 1 / len(r["winners"])
        if pts[0] == 2:
            both[0] += 1
        elif pts[1] == 2:
            both[1] += 1
        else:
            split += 1
    return {"players": labels, "won_both": both, "split": split}


# ------------------------------------------------------------------ table

def _pct(x: float | None) -> str:
    return "–" if x is None else f"{x:.1%}"


def _num(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "–"
    return f"{x:+.1f}" if signed else f"{x:.1f}"


def _elo(x: float) -> str:
    return "∞" if math.isinf(x) else f"{x:+.0f}"


def _wins(x: float) -> str:
    return f"{x:g}" if x == int(x) else f"{x:.2f}"


def render_summary(summary: dict, settings: dict | None = None) -> Group:
    """The summary as rich renderables: the table per player, then the details."""
    s = settings or {}
    title = f"{summary['games']} games"
    if s:
        rules = "".join(f" · {line}" for line in [rules_line(s)] if line)
        title += f" · {s.get('game', games.DEFAULT_GAME)} · {s.get('seats')} seats{rules} · seed {s.get('seed')}"
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("player", "left"), ("games", "right"), ("wins", "right"), ("win rate", "right"), ("95% CI", "right"),
        ("score", "right"), ("margin", "right"), ("Elo ± 95%", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    for i, p in enumerate(summary["players"]):
        lo, hi = p["win_rate_ci"]
        ci = f"{lo * 100:.1f}–{hi * 100:.1f}" if p["games"] else "–"
        if i == 0:
            elo = "0"
        else:
            half = (p["elo_ci"][1] - p["elo_ci"][0]) / 2
            elo = f"{_elo(p['elo'])} ± {'∞' if math.isinf(half) else f'{half:.0f}'}"
        table.add_row(p["player"], str(p["games"]), _wins(p["wins"]), _pct(p["win_rate"]), ci,
                      _num(p["mean_score"]), _num(p["mean_margin"], signed=True), elo)
    parts: list = [table]
    lines: list[str] = []
    players = summary["players"]
    if len(players) == 2 and summary["pairwise"]:
        pw = summary["pairwise"][0]
        (a, b), (wa, wb), d = pw["players"], pw["wins"], pw["draws"]
        lines.append(f"head-to-head: {a} {wa} – {wb} {b}, {d} tied")
        if "pairs" in summary:
            pr = summary["pairs"]
            lines.append(f"same deal, seats swapped: {a} won both {pr['won_both'][0]}, split {pr['split']}, "
                         f"{b} won both {pr['won_both'][1]}")
    elif len(players) > 2 and summary["pairwise"]:
        parts.append(Text("pairwise: the row player's score against the column player (draws count half)",
                          style="dim"))
        m = Table(box=None)
        m.add_column("")
        labels = [p["player"] for p in players]
        for lab in labels:
            m.add_column(lab, justify="right")
        score = {(tuple(pw["players"])): pw["score"] for pw in summary["pairwise"]}
        for i, a in enumerate(labels):
            row = []
            for j, b in enumerate(labels):
                if i == j:
                    row.append("")
                elif (a, b) in score:
                    row.append(f"{score[(a, b)]:.0%}")
                elif (b, a) in score:
                    row.append(f"{1 - score[(b, a)]:.0%}")
                else:
                    row.append("–")
            m.add_row(a, *row)
        parts.append(m)
    if summary["seats"]:
        lines.append("win share by seat: " + ", ".join(f"{x['seat']}: {_pct(x['win_rate'])}" for x in summary["seats"]))
    extra = []
    if summary.get("mean_seconds") is not None:
        extra.append(f"mean game {summary['mean_seconds'] * 1000:.0f} ms, {summary['mean_actions']:.0f} actions")
    if s.get("wall_seconds") is not None:
        extra.append(f"wall time {s['wall_seconds']:.1f} s on {s.get('backend', '?')}")
    if extra:
        lines.append(" · ".join(extra))
    anchor = summary["elo"]["anchor"]
    note = f"Elo: maximum likelihood over all pairwise results, relative to {anchor} = 0"
    if summary["elo"]["prior"]:
        note += " (with one virtual draw per pair: someone won or lost every encounter)"
    lines.append(note)
    if summary["errors"]:
        lines.append(f"{summary['errors']} game(s) ended with an error and are not counted")
    parts.append(Text("\n".join(lines), style="dim"))
    return Group(*parts)


# ------------------------------------------------------------------ file

def results_document(settings: dict, records: list[dict], summary: dict) -> dict:
    return {"format": FORMAT, "settings": settings,
            "games": [{k: v for k, v in r.items() if k != "game_json"} for r in records], "summary": summary}


def save_results(path: str, document: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1)
        f.write("\n")


def load_results(path: str) -> dict:
    """A results file written by `savanna arena --out`; ValueError with a one-line
    message when it cannot be read or is not one."""
    try:
        with open(path, "rb") as f:
            data = json.loads(f.read())
    except OSError as e:
        raise ValueError(f"cannot read {path}: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path} is not a JSON file: {e}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a savanna arena results file (format {FORMAT!r})")
    settings, games = data.get("settings"), data.get("games")
    if not isinstance(settings, dict) or not isinstance(settings.get("players"), list) or not isinstance(games, list):
        raise ValueError(f"{path}: missing settings.players or games")
    n = len(settings["players"])
    for i, r in enumerate(games):
        ok = isinstance(r, dict) and isinstance(r.get("seats"), list) and all(
            isinstance(p, int) and 0 <= p < n for p in r["seats"])
        if ok and r.get("error") is None:
            ok = (isinstance(r.get("scores"), list) and len(r["scores"]) == len(r["seats"])
                  and all(isinstance(x, (int, float)) for x in r["scores"])
                  and isinstance(r.get("winners"), list)
                  and all(isinstance(w, int) and 0 <= w < len(r["seats"]) for w in r["winners"]))
        if not ok:
            raise ValueError(f"{path}: game record {i} is malformed")
        r.setdefault("seconds", 0.0)
        r.setdefault("actions", 0)
        r.setdefault("block", i)
    return data


def match_settings(settings: dict) -> dict:
    """What makes two results files parts of one match (besides the players): the game, the
    seats, and the game's options as its description reads them from `settings` (a file from
    before an option existed was played under what the engine's old saves were)."""
    out = {"game": settings.get("game", games.DEFAULT_GAME), "seats": settings.get("seats")}
    try:
        spec = games.spec(out["game"])
    except ValueError:  # a game this version does not know: its name is all there is to compare
        return out
    return {**out, **spec.recorded(settings)}


def rules_line(settings: dict) -> str:
    """The options a results file's games were played under, in a line ("final scoring 'all' ·
    ..."); "" for a game this version does not know."""
    match = match_settings(settings)
    try:
        return games.spec(match["game"]).describe(match)
    except ValueError:
        return ""


def merge_results(paths: list[str]) -> tuple[dict, dict]:
    """(summary, settings) of the results files at `paths`, parts of one match played with
    different seeds: their games summarized together; seeds, game count and wall time of
    the whole. ValueError if a file cannot be read, or rates other players or was played
    under other rules than the first."""
    files = [load_results(path) for path in paths]
    first = files[0]["settings"]
    games = list(files[0]["games"])
    for path, more in zip(paths[1:], files[1:]):
        theirs = more["settings"]
        if theirs["players"] != first["players"]:
            raise ValueError(f"{path} rates other players ({', '.join(theirs['players'])}) "
                             f"than {paths[0]} ({', '.join(first['players'])})")
        ours, other = match_settings(first), match_settings(theirs)
        for key in {**ours, **other}:
            if other.get(key) != ours.get(key):
                raise ValueError(f"{path} was played with {key} {other.get(key)!r}, "
                                 f"{paths[0]} with {ours.get(key)!r}: not parts of one match")
        games += more["games"]
    settings = dict(first)
    if len(files) > 1:
        settings["seed"] = "/".join(str(f["settings"].get("seed")) for f in files)
        settings["games"] = len(games)
        walls = [f["settings"].get("wall_seconds") for f in files]
        settings["wall_seconds"] = sum(walls) if None not in walls else None
        backends = sorted({str(f["settings"].get("backend", "?")) for f in files})
        settings["backend"] = f"{' / '.join(backends)}, {len(files)} parts"
    return summarize(first["players"], games), settings

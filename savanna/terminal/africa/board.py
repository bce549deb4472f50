"""Drawing a game of Africa with rich: the hex map, the seats' holdings, the end.

Every function takes a game and returns rich renderables; nothing is printed.
A space is a cell 5 characters wide and 2 lines tall; odd rows sit half a cell
to the east, as on the board::

    g3 ♟1     top: the space's name, then an explorer (its seat's digit, in colour)
    ELE       bottom: what lies there

Bottom line: `▒▒▒` a face-down tile; a face-up animal (ELE LIO GIR ZEB RHI),
gold `$1`/`$2`, gems `◆1`/`◆2`, `NOM` nomads, `MON` a monument; `⌂` a base camp
in its seat's colour; a city shows its name. Spaces named by the actions on
offer are underlined.
"""

from __future__ import annotations

from rich.console import Group, JustifyMethod
from rich.table import Table
from rich.text import Text

from ..screen import BoardView, Grid, Window
from ..seats import SEAT_NAMES, seat_badge, seat_style

CELL = 6  # characters per space, the gap included
KIND_STYLE = {
    "animal": "#000000 on #87af5f", "gold": "bold #000000 on #ffd700", "gems": "bold #ffffff on #af00af",
    "nomad": "#000000 on #d7875f", "monument": "bold #ffffff on #767676", None: "#000000 on #d7af87",
}
FACE_DOWN = "#5f5f5f on #303030"
CITY = "bold #ffffff on #005f87"
LABEL = "#3a3a3a on #d7af87"
LABEL_DOWN = "#8a8a8a on #303030"
OFFERED = " underline bold"
SHORT = {"nomads": "NOM", "monument": "MON"}


def short(tile: str, kind: str | None) -> str:
    """Three characters for a face-up tile."""
    if kind == "gold":
        return "$" + tile.rsplit("-", 1)[-1]
    if kind == "gems":
        return "◆" + tile.rsplit("-", 1)[-1]
    return SHORT.get(tile, tile[:3].upper())


def render_map(game, offered: set[str] | frozenset = frozenset()) -> Text:
    """The map, row by row; `offered`: spaces named by the actions on offer."""
    spaces = game.board_view()
    cols = [sp["col"] for sp in spaces]  # columns with no space at all are left out
    rows = [sp["row"] for sp in spaces]
    lines = _map_lines(spaces, offered, range(min(cols), max(cols) + 1), range(min(rows), max(rows) + 1))
    return Text("\n").join(lines) + Text("\n")


def _map_lines(spaces: list[dict], offered, cols: range, rows: range) -> list[Text]:
    """The lines of the map's columns `cols` and rows `rows` (as `render_map` draws them): a
    line of column letters, then two lines a row, its number first."""
    by_row: dict[int, dict[int, dict]] = {}
    for sp in spaces:
        by_row.setdefault(sp["row"], {})[sp["col"]] = sp
    lines = [Text("   " + "".join(f"{chr(97 + c):<{CELL}}" for c in cols), "dim")]
    for r in rows:
        indent = " " * (CELL // 2 if r % 2 else 0)
        top, bottom = Text(f"{r + 1:>2} " + indent, "dim"), Text("   " + indent)
        for c in cols:
            cell = by_row.get(r, {}).get(c)
            if cell is None:
                top.append(" " * CELL)
                bottom.append(" " * CELL)
                continue
            _cell(cell, top, bottom, cell["space"] in offered)
        top.rstrip()  # (in place)
        lines += [top, bottom]
    return lines


def map_view(game, offered: set[str] | frozenset = frozenset()) -> BoardView:
    """The map for a screen of any size (see `screen.BoardView`): cells are spaces, the focus
    the space of the question under way (the animal to move), else the explorer of the seat
    to move, else the middle of the map."""
    spaces = game.board_view()
    cols = [sp["col"] for sp in spaces]
    rows = [sp["row"] for sp in spaces]
    where = {sp["space"]: (sp["col"], sp["row"]) for sp in spaces}
    pending = game.pending_choice() or {}
    seat = game.current_player
    explorer = game.view(None)["seats"][seat]["explorer"] if seat is not None else None
    focus = where.get(pending.get("from") or pending.get("space") or explorer or "",
                      ((min(cols) + max(cols)) // 2, (min(rows) + max(rows)) // 2))
    # a row's number and an odd row's half-cell indent before the cells; the column letters above
    grid = Grid(min(cols), max(cols), min(rows), max(rows), focus, CELL, 2, 3 + CELL // 2, 1)

    def draw(win: Window) -> list[Text]:
        return _map_lines(spaces, offered, range(win.x0, win.x1 + 1), range(win.y0, win.y1 + 1))

    return BoardView(grid, draw)


def _cell(sp: dict, top: Text, bottom: Text, offered: bool) -> None:
    down = sp["tile"] == "face-down"
    if sp["city"]:
        base = CITY
    elif down:
        base = LABEL_DOWN
    else:
        base = KIND_STYLE.get(sp["kind"], KIND_STYLE[None]) if sp["tile"] else LABEL
    top.append(f"{sp['space']:<3}", base + (OFFERED if offered else ""))
    if sp["explorers"]:
        top.append(f"♟{sp['explorers'][0]}", seat_style(sp["explorers"][0]))
    else:
        top.append("  ", base)
    top.append(" ")
    if sp["camp"] is not None:
        bottom.append(f" ⌂{sp['camp']} ", seat_style(sp["camp"]))
    elif down:
        bottom.append("▒▒▒▒▒", FACE_DOWN)
    elif sp["tile"]:
        bottom.append(f" {short(sp['tile'], sp['kind']):<4}", KIND_STYLE.get(sp["kind"], KIND_STYLE[None]))
    elif sp["city"]:
        bottom.append(f"{sp['city'][:5]:<5}", CITY)
    else:
        bottom.append("     ", KIND_STYLE[None])
    bottom.append(" ")


def legend() -> Text:
    t = Text("Map: ", style="dim")
    for text, style, what in (("▒▒▒", FACE_DOWN, "face down"), ("ELE", KIND_STYLE["animal"], "animal"),
                              ("$2", KIND_STYLE["gold"], "gold (nuggets)"), ("◆1", KIND_STYLE["gems"], "gems (stones)"),
                              ("NOM", KIND_STYLE["nomad"], "nomads"), ("MON", KIND_STYLE["monument"], "monument"),
                              ("Cairo", CITY, "city"), ("♟0", seat_style(0), "explorer of seat 0"),
                              ("⌂0", seat_style(0), "base camp of seat 0")):
        t.append(text, style)
        t.append(f" {what}  ", "dim")
    t.append("· underlined space names are on offer", "dim")
    return t


def _objects(objects: dict[str, int]) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(objects.items())) or "–"


def render_holdings(game, names: list[str], viewer: int | None, everything: bool = False) -> Group:
    """Scores and holdings per seat as `viewer` may see them (`everything`: all, for replays)."""
    view = game.view(viewer)
    table = Table(box=None, pad_edge=False, padding=(0, 1))
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("seat", "left"), ("player", "left"), ("score", "right"), ("explorer", "left"), ("camps", "right"),
        ("objects", "left"), ("gold", "right"), ("gems", "right"))
    for col, justify in columns:
        table.add_column(col, justify=justify, header_style="bold")
    for s, seat in enumerate(view["seats"]):
        who = "you" if s == viewer else names[s]
        gold: str | Text
        gems: str | Text
        if everything:
            tr = game.treasure(s)
            gold, gems = str(tr["gold"]), str(tr["gems"])
        elif seat["gold"] is None:
            gold = gems = Text(f"hidden ({seat.get('treasure_tiles', '?')} tiles)", style="dim")
        else:
            gold, gems = str(seat["gold"]), str(seat["gems"])
        table.add_row(seat_badge(s), f"{who} ({SEAT_NAMES[s % len(SEAT_NAMES)]})", str(seat["score"]),
                      seat["explorer"] or "–", str(seat["camps"]), _objects(seat["objects"]), gold, gems)
    m = view["monuments"]
    status = Text(f"monuments {m['found']}/{m['total']} (the last ends the game) · camps in supply "
                  f"{view['camp_supply']} · tiles face down {view['tiles_face_down']}", style="dim")
    if view["hidden_treasure"] and not everything:
        status.append(" · hidden treasure: others' gold and gems are face down", style="dim")
    return Group(table, status)


def seat_chunks(game, names: list[str], viewer: int | None) -> list[Text]:
    """Each seat in a few words, for a screen's status ('▶ 0 you 4 pts · ♟f1 · ⌂2 · gold 0 gems 0
    · robe 1'), as `viewer` may see it; ▶ marks the seat to move."""
    view = game.view(viewer)
    chunks = []
    for s, seat in enumerate(view["seats"]):
        t = Text()
        t.append("▶ " if s == view["current_player"] else "  ", "bold")
        t.append_text(seat_badge(s))
        t.append(" you" if s == viewer else f" {names[s]}", "bold" if s == viewer else "")
        t.append(f" {seat['score']} pts", "bold")
        t.append(f" · ♟{seat['explorer'] or '–'} · ⌂{seat['camps']}", "dim")
        if seat["gold"] is None:
            t.append(f" · treasure hidden ({seat.get('treasure_tiles', '?')})", "dim")
        else:
            t.append(f" · gold {seat['gold']} gems {seat['gems']}", "dim")
        if seat["objects"]:
            t.append(" · " + _objects(seat["objects"]), "dim")
        chunks.append(t)
    return chunks


def map_info(game) -> Text:
    """The map's counts in a few words: monuments turned, face-down tiles, camps in supply."""
    view = game.view(None)
    m = view["monuments"]
    return Text(f"monuments {m['found']}/{m['total']} · {view['tiles_face_down']} face down · "
                f"{view['camp_supply']} camps", style="dim")


def render_final(game, names: list[str], you: int | None = None) -> Group:
    """Final scoring per seat and the winners."""
    table = Table(title="Final scoring", title_justify="left", box=None, padding=(0, 1))
    for col in ("seat", "player", "in play", "objects", "gold", "gems", "total"):
        table.add_column(col, justify="left" if col in ("seat", "player") else "right", header_style="bold")
    points = game.final_breakdown or [{"objects": 0, "gold": 0, "gems": 0, "total": 0}] * game.players
    for s in range(game.players):
        p = points[s]
        who = "you" if s == you else names[s]
        table.add_row(seat_badge(s), who, str(game.scores[s] - p["total"]), str(p["objects"]), str(p["gold"]),
                      str(p["gems"]), Text(str(game.scores[s]), style="bold"))
    winners = game.winners()
    line = Text()
    if winners:
        words = ", ".join("you" if w == you else f"seat {w}" + (f" ({names[w]})" if names[w] != f"seat {w}" else "")
                          for w in winners)
        line.append(("Winners: " if len(winners) > 1 else "Winner: ") + words, "bold green")
    bonus = game.view(None)["last_monument_bonus"]
    if bonus is not None:
        line.append(f"   seat {bonus} turned the last monument (+3)", "dim")
    return Group(table, line)

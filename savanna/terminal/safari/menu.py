"""Safari's numbered menu of legal actions, grouped so that long lists stay short:
placements by space with their rotations, digs and expansions by corner,
ranger moves by ranger. Long groups are folded into one line (`list` unfolds
them); the numbers stay the same either way."""

from __future__ import annotations

from collections import OrderedDict

from rich.text import Text

from savanna.safari.regions import distinct_points

from ..action_menu import FOLD_ENTRIES, Menu, Section, num
from .board import describe_feature


def _coords(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def build_menu(game) -> Menu:
    """Number every legal action, grouped for reading."""
    menu = Menu()
    phase = game.phase_name
    actions = [str(a) for a in game.legal_actions()]
    if phase == "place":
        _placements(menu, actions, game.last_placed or (0, 0))
    elif phase == "action":
        _after_placing(menu, game, actions)
    elif phase == "score":
        _scoring(menu, game, actions)
    elif phase == "ranger":
        _ranger_back(menu, actions)
    else:
        for a in actions:
            menu.add(a)
        menu.sections.append(Section("Actions", [Text(a) for a in actions]))
    return menu


def _placements(menu: Menu, actions: list[str], near: tuple[int, int]) -> None:
    """By space, the spaces nearest the last tile first (where the board's view is centred;
    a screen too small for them all shows those first), then row by row."""
    groups: OrderedDict[tuple[int, int], list[tuple[str, str]]] = OrderedDict()
    for a in actions:
        where, rot = a[1:].split("@")
        groups.setdefault(_coords(where), []).append((rot, a))
    entries = []
    def order(item):
        (x, y), _ = item
        dx, dy = abs(x - near[0]), abs(y - near[1])
        return max(dx, dy), dx + dy, y, x

    for sp, rots in sorted(groups.items(), key=order):
        t = Text(f"{sp[0]},{sp[1]}".rjust(6) + ": ", "bold")
        nums = []
        for rot, a in sorted(rots, key=lambda r: int(r[0])):
            n = menu.add(a)
            nums.append(n)
            t.append_text(num(n))
            t.append(f" @{rot}  ")
        t.rstrip()
        entries.append(t)
        menu.labels[sp] = str(nums[0]) if len(nums) == 1 else f"{nums[0]}-{nums[-1]}"
    menu.sections.append(Section("Place the tile (T<x>,<y>@<rotation>), by space:", entries,
                                 1, len(menu.actions)))


def _after_placing(menu: Menu, game, actions: list[str]) -> None:
    kinds: dict[str, list[str]] = {"pass": [], "M": [], "X": [], "D": [], "R": []}
    for a in actions:
        kinds["pass" if a == "pass" else a[0]].append(a)
    placed = game.last_placed
    tile = next((t for t in game.tiles_on_board() if (t["x"], t["y"]) == placed), None)
    wholes = {f["feature"]: f for f in game.features()}
    if kinds["pass"]:
        n = menu.add("pass")
        t = num(n)
        t.append(" pass  (nothing more this turn)")
        menu.sections.append(Section("End the turn:", [t], n, n))
    if kinds["M"]:
        entries = []
        first = len(menu.actions) + 1
        for a in kinds["M"]:
            n = menu.add(a)
            t = num(n)
            t.append(f" {a}", "bold")
            feat = _feature_of(tile, a)
            if feat is not None:
                t.append("  " + describe_feature(feat), "dim")
                if feat["kind"] == "baobab":
                    t.append(" (draw 2 tokens now)", "dim")
                elif feat.get("feature") in wholes:
                    t.append(" · " + describe_whole(wholes[feat["feature"]]), "dim")
            entries.append(t)
        menu.sections.append(Section("Meeple on the new tile:", entries, first, len(menu.actions)))
    if kinds["X"]:
        _corner_section(menu, kinds["X"], "Expand a watering hole (+4/+5/+6):", "X<x>,<y>:<corner>=<animal>")
    if kinds["D"]:
        _corner_section(menu, kinds["D"], "Dig a watering hole (+3, a meeple goes on it):",
                        "D<x>,<y>:<corner>=<animal>")
    if kinds["R"]:
        groups: OrderedDict[str, list[tuple[str, str]]] = OrderedDict()
        for a in kinds["R"]:
            src, dst = a[1:].split(">")
            groups.setdefault(src, []).append((dst, a))
        entries = []
        first = len(menu.actions) + 1
        for src, moves in groups.items():
            for dst, a in sorted(moves, key=lambda m: (_coords(m[0])[1], _coords(m[0])[0])):
                n = menu.add(a)
                t = num(n)
                t.append(f" {src}>{dst}")
                entries.append(t)
        menu.sections.append(Section("Move a ranger (R<from>><to>):", entries, first, len(menu.actions),
                                     fold=len(entries) > FOLD_ENTRIES, hint="R<x>,<y>><x>,<y>"))


def _feature_of(tile: dict | None, action: str) -> dict | None:
    if tile is None:
        return None
    parts = action.split(":")
    kind = parts[1]
    side = parts[2] if len(parts) > 2 else None
    for f in tile["features"]:
        if f["kind"] == kind and (side is None or side in f["sides"]):
            return f
    return None


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def describe_whole(feature: dict) -> str:
    """A whole trail or bush (an entry of `game.features()`) in words:
    'whole trail: 3 tiles, 4 animals (E G Z), 2 open ends'; only whether it is
    complete, or its open ends, when it lies on one tile."""
    ends = "complete: scores at once" if feature["complete"] else _plural(feature["open_ends"], "open end")
    if len(feature["spaces"]) == 1:
        return ends
    bits = [_plural(len(feature["spaces"]), "tile")]
    n = feature["animal_count"]
    bits.append(_plural(n, "animal") + f" ({' '.join(feature['animals'])})" if n else "no animals")
    if feature["kind"] == "bush" and feature["birds"]:
        bits.append(_plural(feature["birds"], "bird"))
    return f"whole {feature['kind']}: " + ", ".join(bits + [ends])


def _corner_section(menu: Menu, actions: list[str], title: str, hint: str) -> None:
    groups: OrderedDict[tuple[tuple[int, int], str], list[tuple[str, str]]] = OrderedDict()
    for a in actions:
        where, rest = a[1:].split(":")
        corner, animal = rest.split("=")
        groups.setdefault((_coords(where), corner), []).append((animal, a))
    order = ("NW", "NE", "SW", "SE")
    entries = []
    first = len(menu.actions) + 1
    for (sp, corner), opts in sorted(groups.items(), key=lambda g: (g[0][0][1], g[0][0][0], order.index(g[0][1]))):
        t = Text(f"{sp[0]},{sp[1]}:{corner}".rjust(9), "bold")
        for animal, a in sorted(opts):
            n = menu.add(a)
            t.append(" ")
            t.append_text(num(n))
            t.append(f"={animal}")
        entries.append(t)
    menu.sections.append(Section(title, entries, first, len(menu.actions), fold=len(entries) > FOLD_ENTRIES // 2 + 4,
                                 hint=hint))


def _scoring(menu: Menu, game, actions: list[str]) -> None:
    sc = game.scoring()
    animals, birds = sc["animals"], sc["birds"]
    points = distinct_points(len(animals)) + birds
    more = distinct_points(len(animals) + 1) + birds
    entries = []
    for a in sorted(actions, key=lambda a: (a != "+none", a)):
        n = menu.add(a)
        t = num(n)
        t.append(" " + a, "bold")
        t.append(f"  keep your tokens: {_plural(points, 'point')}" if a == "+none" else
                 f"  add your {a[1:]} token: {_plural(more, 'point')} for you", "dim")
        entries.append(t)
    whole = next((f for f in game.features() if f["feature"] == sc["feature"]), None)
    x, y = sc["placed_at"]
    what = [_plural(len(whole["spaces"]), "tile")] if whole else []
    what.append("animals " + " ".join(animals) if animals else "no animals")
    if birds:
        what.append(_plural(birds, "bird"))
    seats = ", ".join(f"seat {s}" for s in sc["leaders"])
    leaders = f"Its leaders ({seats}) score {_plural(points, 'point')} each" if len(sc["leaders"]) > 1 else \
        f"Its leader ({seats}) scores {_plural(points, 'point')}"
    added = [f"seat {s} added {a}" for s, a in zip(sc["leaders"], sc["added"]) if a]
    intro = Text(style="italic")
    intro.append(f"Seat {sc['asking']}: the {sc['kind']} completed by the tile at {x},{y} is being scored "
                 f"({', '.join(what)}). {leaders}")
    intro.append(f"; {', '.join(added)}" if added else "")
    intro.append(". You may add one token of an animal not on it: it counts for you alone, then is discarded.")
    menu.intro = intro
    menu.sections.append(Section("Add a token?", entries, 1, len(menu.actions)))


def _ranger_back(menu: Menu, actions: list[str]) -> None:
    entries = []
    for a in sorted(actions, key=lambda a: (_coords(a[2:])[1], _coords(a[2:])[0])):
        n = menu.add(a)
        t = num(n)
        t.append(" " + a)
        entries.append(t)
        menu.labels[_coords(a[2:])] = str(n)
    menu.sections.append(Section("Your tile displaced a ranger (+3): put it on an empty space next to a tile:",
                                 entries, 1, len(menu.actions)))

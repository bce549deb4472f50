"""The Safari engine's read-only state (docs/safari.md, "The engine's state, read-only"):
what it documents is what the attributes hold, the code that reads the engine reads
nothing else and changes nothing, and the legality of the action step is the engine's
own (`Game.action_options`), which `legal_actions()` is made of."""

from __future__ import annotations

import ast
import copy
import pathlib
import random
import re
import types
from collections import Counter

import pytest

from savanna import safari
from savanna.ai import safari_eval
from savanna.research.safari_encoding import SafariEncoding
from savanna.research.safari_tracker import SafariTracker
from savanna.safari import actions as act
from savanna.safari import game as game_module
from savanna.safari.game import READ_ONLY, Game
from savanna.safari.geometry import slot_corner, xy
from savanna.safari.phases import ACTION, OVER, PHASE_NAMES, PLACE, RANGER, SCORE
from savanna.safari.rangers import blocked
from savanna.safari.regions import BUSH_KIND, KIND_NAMES, Regions

ROOT = pathlib.Path(__file__).resolve().parent.parent
GAME_NAMES = {"g", "game"}  # what the readers call a game
# the public methods and properties of a Game (its slots are member descriptors: not these)
PUBLIC = {n for n in dir(Game) if not n.startswith("_")
          and not isinstance(getattr(Game, n), types.MemberDescriptorType)}


def readers() -> list[pathlib.Path]:
    """The modules of the research interfaces and the computer players that import the Safari engine."""
    found = []
    for folder in ("research", "ai"):
        for path in sorted((ROOT / "savanna" / folder).glob("*.py")):
            if re.search(r"^\s*(from savanna\.safari\b|from savanna import .*\bsafari\b|import savanna\.safari\b)",
                         path.read_text(), re.M):
                found.append(path)
    return found


def reads(path: pathlib.Path) -> tuple[set[str], set[str], set[str]]:
    """(attributes read of a game, of its `regions`, written or deleted on either) in one module's source."""
    tree = ast.parse(path.read_text())
    regions_names: set[str] = set()
    for node in ast.walk(tree):  # names bound to a game's regions: regions = g.regions
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) and node.value.attr == "regions":
            regions_names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    of_game, of_regions, written = set(), set(), set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        if isinstance(base, ast.Name) and base.id in GAME_NAMES:
            target = of_game
        elif (isinstance(base, ast.Name) and base.id in regions_names) or \
                (isinstance(base, ast.Attribute) and base.attr == "regions"
                 and isinstance(base.value, ast.Name) and base.value.id in GAME_NAMES):
            target = of_regions
        else:
            continue
        (target if isinstance(node.ctx, ast.Load) else written).add(node.attr)
    return of_game, of_regions, written


def test_the_readers_are_found_and_read_the_state():
    paths = {p.name for p in readers()}
    assert "safari_tracker.py" in paths and "safari_eval.py" in paths
    tracker = next(p for p in readers() if p.name == "safari_tracker.py")
    of_game, of_regions, _ = reads(tracker)
    assert {"regions", "action_options", "feature_meeples", "hands"} <= of_game and {"find", "mask"} <= of_regions


@pytest.mark.parametrize("path", readers(), ids=lambda p: p.name)
def test_research_and_the_evaluation_read_only_the_documented_state(path):
    of_game, of_regions, written = reads(path)
    assert of_game <= set(READ_ONLY) | PUBLIC, f"{path.name} reads undocumented {sorted(of_game - set(READ_ONLY) - PUBLIC)}"
    assert of_regions <= set(Regions.READ_ONLY), f"{path.name} reads undocumented {sorted(of_regions - set(Regions.READ_ONLY))}"
    assert not written, f"{path.name} writes {sorted(written)} of a game"


def test_the_documented_state_is_the_games_and_said_everywhere():
    slots = set(Game.__slots__)
    assert set(READ_ONLY) <= slots and len(set(READ_ONLY)) == len(READ_ONLY)
    doc = Game.__doc__
    section = (ROOT / "docs" / "safari.md").read_text().split("## The engine's state, read-only")[1].split("\n## ")[0]
    for name in READ_ONLY:
        assert re.search(rf"\b{name}\b", doc), f"the Game docstring does not say what {name} holds"
        assert f"`{name}`" in section, f"docs/safari.md does not say what {name} holds"
    regions = Regions()
    for name in Regions.READ_ONLY:
        assert hasattr(regions, name) and re.search(rf"`{name}\b", Regions.__doc__) and re.search(rf"`{name}\b", section)
    assert "action_options" in PUBLIC and "`g.action_options()`" in section


# ------------------------------------------------------------- the state itself


def games(n: int = 12):
    """Random games at every step: sampled and explicit, 2 to 5 players, both tile sets."""
    for seed in range(n):
        g = safari.new_game(players=2 + seed % 4, seed=seed, final_scoring=("all", "majority")[seed % 2],
                            tiles=("real-1", "reconstruction-1")[seed // 2 % 2],
                            chance="explicit" if seed % 3 == 2 else "sampled")
        rng = random.Random(seed)
        yield g
        while not g.is_terminal():
            g.apply(rng.choice(g.legal_actions()))
            yield g


def rebuilt_after_placing(g: Game) -> list:
    """legal_actions() in the action phase, as docs/safari.md says it is made of action_options()."""
    animals, meeples, digs, expands, movers = g.action_options()
    out = [act.meeple(kind, side) for kind, side in meeples]
    for slot in digs:
        sp, c = slot_corner(slot)
        out += [act.corner_action(act.DIG, sp, c, a) for a in animals]
    for slot, letters in expands:
        sp, c = slot_corner(slot)
        out += [act.corner_action(act.EXPAND, sp, c, a) for a in letters]
    for sp in g.frontier:
        if sp not in movers:
            out += [act.move(r, sp) for r in movers]
    return out + [act.PASS_ACTION]


def check_state(g: Game) -> None:
    """Each documented attribute says what the public methods say."""
    ts = g.tileset
    k = g.num_animals
    assert k == len(ts.animals) and len(g.hands) == g.players * k
    assert g.score == g.scores and PHASE_NAMES[g.phase] == g.phase_name
    assert g.active_player == (None if g.phase == OVER else g.active)
    assert g.drawn_tile == (ts.copies[g.tile].name if g.tile >= 0 and g.phase != OVER else None)
    assert len(g.actors) == len(g.history) and (g.final_points is None) == (g.phase != OVER)
    for s in range(g.players):
        assert g.supply_meeples[s] == g.meeples(s)
        assert Counter({ts.animals[i]: n for i, n in enumerate(g.hands[s * k:(s + 1) * k]) if n}) == g.tokens(s)
    assert len(g.pile) == g.supply_size() and Counter(ts.animals[a] for a in g.discards) == g.discard_pile()
    assert len(g.stack) == g.tiles_left and Counter(ts.copies[c].type.id for c in g.stack) == g.remaining_tiles()
    assert [ts.copies[c].name for c in g.removed] == g.removed_tiles
    assert [None if r < 0 else xy(r) for r in g.rangers] == g.ranger_spaces()
    assert (g.displaced >= 0) == (-1 in g.rangers) and all(g.rangers[i] == -1 for i in [g.displaced] if i >= 0)
    assert [xy(sp) for sp in g.frontier] == g.empty_spaces()
    tiles = g.tiles_on_board()
    assert [(xy(sp), t[3], t[1] * 90) for sp, t in g.board.items()] == [((t["x"], t["y"]), t["id"], t["rotation"])
                                                                         for t in tiles]
    for sp, seat in g.baobab_meeples.items():
        shown = next(t for t in tiles if (t["x"], t["y"]) == xy(sp))
        assert [f["meeples"] for f in shown["features"] if f["kind"] == "baobab"] == [[seat]]
    holes = {h["point"]: h for h in g.watering_holes()}
    assert set(holes) == {xy(p) for p in g.holes}
    for p, toks in g.holes.items():
        assert holes[xy(p)]["slots"] == list(toks)
        assert holes[xy(p)]["diggers"] == [list(d) for d in g.hole_meeples.get(p, ())]
    regions = g.regions
    meeples: dict[int, list[int]] = {}
    for seat, node in g.feature_meeples:
        meeples.setdefault(regions.find(node), [0] * g.players)[seat] += 1
    for f in g.features():
        r = f["feature"]
        assert regions.find(r) == r and KIND_NAMES[regions.kind[r]] == f["kind"]
        assert regions.open[r] == f["open_ends"] and (regions.open[r] == 0) == f["complete"]
        assert regions.total[r] == f["animal_count"] and regions.birds[r] == f["birds"]
        assert "".join(a for i, a in enumerate(ts.animals) if regions.mask[r] >> i & 1) == f["animals"]
        assert meeples.get(r, [0] * g.players) == f["meeples"] and regions.meeples[r] == sum(f["meeples"])
    if g.phase == SCORE:
        sc = g.scoring()
        root, seats = g.jobs[0]
        assert (sc["feature"], sc["leaders"], sc["asking"], sc["added"]) == (root, seats, seats[g.job_seat], g.job_adds)
        assert sc["birds"] == (regions.birds[root] if regions.kind[root] == BUSH_KIND else 0)
    if g.phase == PLACE:  # the frontier's patterns: where and how the drawn tile fits
        fits = ts.copies[g.tile].type.fits
        assert [act.place(sp, r) for sp, pat in g.frontier.items() for r in fits[pat]] == g.legal_actions()
    if g.phase == ACTION:
        assert rebuilt_after_placing(g) == g.legal_actions()
    if g.phase == RANGER:
        assert [act.return_ranger(sp) for sp in g.frontier if sp not in blocked(g)] == g.legal_actions()


def test_the_state_says_what_the_methods_say():
    phases = Counter()
    for g in games():
        check_state(g)
        phases[g.phase_name] += 1
    assert all(phases[p] for p in ("place", "action", "score", "ranger", "over", "draw"))


def test_action_options_in_detail():
    seen = Counter()
    for g in games(8):
        if g.phase != ACTION:
            continue
        animals, meeples, digs, expands, movers = g.action_options()
        seat = g.active
        assert animals == sorted(g.tokens(seat), key=g.tileset.animals.index)
        if not g.supply_meeples[seat]:
            assert meeples == [] and not digs
        if not animals:
            assert not digs and expands == []
        for slot, letters in expands:
            assert letters and not set(letters) & set(g.holes[slot >> 2]) and set(letters) <= set(animals)
        assert movers == (() if g.displaced >= 0 else tuple(g.rangers))
        seen["meeple"] += bool(meeples)
        seen["dig"] += bool(digs)
        seen["expand"] += bool(expands)
        seen["no move"] += not movers
    assert all(seen[w] for w in ("meeple", "dig", "expand", "no move"))


def snapshot(g: Game) -> dict:
    """All of a game's state, as plain data."""
    out = {name: copy.deepcopy(getattr(g, name)) for name in Game.__slots__
           if name not in ("tileset", "regions", "board")}
    regions = g.regions  # (its parents as roots: find() shortens the paths it walks, as it may)
    out["regions"] = [[regions.find(i) for i in range(len(regions.parent))]] + \
        [getattr(regions, name)[:] for name in Regions.__slots__ if name != "parent"]
    out["board"] = {sp: (id(t[0]),) + t[1:] for sp, t in g.board.items()}
    return out


def test_the_readers_change_nothing():
    trackers: dict[int, SafariTracker] = {}
    for i, g in enumerate(games(6)):
        if i % 3 or g.is_chance_node():  # (the encodings observe decision nodes)
            continue
        enc = SafariEncoding.for_game(g)
        before = snapshot(g)
        tracker = trackers.setdefault(id(g), SafariTracker(enc))
        tracker.observation(g, 0)
        tracker.legal_mask(g, strict=False)
        enc.observation(g, g.players - 1)
        enc.legal_mask(g, strict=False)
        safari_eval.values(g)
        if g.phase == ACTION:
            g.action_options()
        assert snapshot(g) == before


def test_tile_layout_is_still_where_it_was_imported_from():
    from savanna.safari.inspection import tile_layout

    assert game_module.tile_layout is tile_layout

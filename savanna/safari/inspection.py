"""What a game shows: the seats' scores and supplies, the tiles left, and, as plain data for
display, the tiles on the table, the whole trails and bush, the watering holes, the feature
scoring now, the drawn tile turned each way.

`Inspection` holds these public methods of `Game` (a base class of it, with no state of its
own): they read the game's state and change nothing. The engine's own turn flow never calls
them; the research tracker and the evaluation read the state itself (game.py, "read-only").
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from . import actions as act
from . import watering_holes as holes

from .baobabs import complete
from .geometry import CORNERS, POINTS, SIDES, xy
from .phases import OVER, PHASE_NAMES, SCORE
from .tileset import TileType
from .regions import BUSH_KIND, KIND_NAMES
from .state import State
from .trails_and_bush import animal_letters, final_scorers, leaders, meeple_counts_by_root


class Inspection(State):
    __slots__ = ()

    @property
    def tile_set(self) -> str | dict[str, Any] | None:
        """The tile set as a save names it: a packaged set's version ("real-1"), or a user's whole set."""
        return self.tileset.version if self.custom_tiles is None else self.custom_tiles

    @property
    def scores(self) -> list[int]:
        return self.score[:]

    def meeples(self, seat: int) -> int:
        """Meeples in the seat's supply."""
        self._check_seat(seat)
        return self.supply_meeples[seat]

    def tokens(self, seat: int) -> Counter[str]:
        """Animal tokens in the seat's supply, as {letter: count} (missing letters count 0)."""
        self._check_seat(seat)
        k = self.num_animals
        row = self.hands[seat * k:(seat + 1) * k]
        return Counter({a: n for a, n in zip(self.tileset.animals, row) if n})

    def winners(self) -> list[int]:
        best = max(self.score)
        return [s for s, v in enumerate(self.score) if v == best] if self.phase == OVER else []

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    @property
    def drawn_tile(self) -> str | None:
        """The name of the tile to place this turn ("S03/2"), or None."""
        return self.tileset.copies[self.tile].name if self.tile >= 0 and self.phase != OVER else None

    @property
    def tiles_left(self) -> int:
        """Land tiles still face down in the stack (not counting the drawn one)."""
        return len(self.stack)

    def remaining_tiles(self) -> Counter[str]:
        """Tile types still face down, by id: public knowledge (their order is not)."""
        return Counter(self.tileset.copies[c].type.id for c in self.stack)

    @property
    def removed_tiles(self) -> list[str]:
        return [self.tileset.copies[c].name for c in self.removed]

    def ranger_spaces(self) -> list[tuple[int, int] | None]:
        return [None if r < 0 else xy(r) for r in self.rangers]

    def supply_size(self) -> int:
        """Face-down animal tokens left to draw."""
        return len(self.pile)

    def discard_pile(self) -> Counter[str]:
        return Counter(self.tileset.animals[a] for a in self.discards)

    def tokens_on_table(self) -> Counter[str]:
        """Tokens in watering holes and tokens added to a feature now being scored."""
        c: Counter[str] = Counter()
        for toks in self.holes.values():
            c.update(t for t in toks if t)
        c.update(a for a in self.job_adds if a)
        return c

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")

    @property
    def active_player(self) -> int | None:
        """The seat whose turn it is (None when over); see current_player for who must act."""
        return None if self.phase == OVER else self.active

    @property
    def last_placed(self) -> tuple[int, int] | None:
        """The space of the latest tile placed (this turn's once placed), or None."""
        for a in reversed(self.history):
            if a.kind == act.PLACE:
                return xy(a.args[0])
        return None

    # ------------------------------------------------------------- display

    def layout_key(self) -> tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
        """What tiles_on_board(), features() and empty_spaces() depend on, cheaply: tiles and their
        joins change only when a tile is laid (and the board grows), meeples when one comes or goes.
        Two positions of one line of play (one reached from the other) with equal keys give equal
        answers: a caller may keep the answers while the key stays (the web app's views do)."""
        return len(self.board), tuple(self.feature_meeples), tuple(self.baobab_meeples.items())

    def tiles_on_board(self) -> list[dict[str, Any]]:
        """Every tile on the table, for display: where, which, turned how, and what is on it.
        Each feature names the whole trail or bush it belongs to (`feature`, see `features()`)."""
        out = []
        find, still_open = self.regions.find, self.regions.open
        owners: dict[int, list[int]] = {}
        for seat, node in self.feature_meeples:
            owners.setdefault(node, []).append(seat)
        board = self.board
        for sp, (tt, rot, animals, name, _, nodes) in board.items():
            x, y = xy(sp)
            edges, corners, features = _layout_parts(tt, rot, animals)
            shown = []
            for node, (kind, sides, letters, birds, at) in zip(nodes, features):
                if kind == "baobab":
                    holder = self.baobab_meeples.get(sp)
                    shown.append({"kind": kind, "sides": sides, "animals": letters, "birds": birds,
                                  "meeples": [] if holder is None else [holder],
                                  "complete": complete(board, sp), "feature": None, **({"at": at} if at else {})})
                else:
                    root = find(node)
                    shown.append({"kind": kind, "sides": sides, "animals": letters, "birds": birds,
                                  "meeples": owners.get(node, []), "complete": still_open[root] == 0,
                                  "feature": root})
            out.append({"x": x, "y": y, "id": name, "rotation": rot * 90, "edges": edges, "corners": list(corners),
                        "features": shown})
        return out

    def features(self) -> list[dict[str, Any]]:
        """Every whole trail and bush on the table: its spaces, animals, birds, open ends and meeples
        (per seat), and what it would score as it stands: "leaders", the seats with most meeples
        on it (in seat order; none without a meeple); "points_if_completed", what each leader would
        score were it completed now, and "points_if_completed_with_token", with a token of a new
        kind added; "final_points", per seat, what it gives at the end if it stays as it is (the
        game's final_scoring rule: every seat with a meeple there, or the leaders; all 0 once
        complete)."""
        regions = self.regions
        find = regions.find
        parts: dict[int, set[int]] = {}
        for sp, tile in self.board.items():
            for node in tile[5]:
                if node >= 0:
                    root = find(node)
                    spaces = parts.get(root)
                    if spaces is None:
                        parts[root] = {sp}
                    else:
                        spaces.add(sp)
        meeples = meeple_counts_by_root(self)
        letters = self.tileset.animals
        out = []
        for root, spaces in parts.items():
            counts = meeples[root][:] if root in meeples else [0] * self.players
            complete = regions.open[root] == 0
            final = [0] * self.players
            if not complete:
                for s in final_scorers(self, counts):
                    final[s] = regions.final_points(root)
            out.append({
                "feature": root, "kind": KIND_NAMES[regions.kind[root]], "spaces": sorted(map(xy, spaces)),
                "animals": animal_letters(letters, regions.mask[root]),
                "animal_count": regions.total[root], "birds": regions.birds[root], "open_ends": regions.open[root],
                "complete": complete, "meeples": counts, "leaders": leaders(counts, 0),
                "points_if_completed": regions.completed_points(root, False),
                "points_if_completed_with_token": regions.completed_points(root, True),
                "final_points": final,
            })
        return out

    def scoring(self) -> dict[str, Any] | None:
        """The trail or bush now scoring and the choice asked, in the score phase; else None.
        "points": what the asked seat scores without a token; "points_with_token": with one
        (any token it may add is a kind not yet there, so each adds the same)."""
        if self.phase != SCORE:
            return None
        root, seats = self.jobs[0]
        regions = self.regions
        letters = self.tileset.animals
        return {
            "feature": root, "kind": KIND_NAMES[regions.kind[root]],
            "animals": "".join(a for i, a in enumerate(letters) if regions.mask[root] >> i & 1),
            "birds": regions.birds[root] if regions.kind[root] == BUSH_KIND else 0,
            "leaders": list(seats), "asking": seats[self.job_seat], "added": list(self.job_adds),
            "placed_at": xy(self.placed),
            "points": regions.completed_points(root, False), "points_with_token": regions.completed_points(root, True),
        }

    def watering_holes(self) -> list[dict[str, Any]]:
        """Every point holding tokens: its slots (0 SE of the NW space, 1 SW of the NE space, 2 NW of the
        SE space, 3 NE of the SW space), the seats with a meeple there and the slot each dug; what
        the next token to expand it scores ("next_points", None once complete) and whether that
        token completes it ("next_completes": then each seat with a meeple there scores
        hole_points()["complete"])."""
        out = []
        for p, t in self.holes.items():
            diggers = self.hole_meeples.get(p, ())
            n = holes.count(t)
            out.append({"point": xy(p), "slots": list(t), "meeples": [s for s, _ in diggers],
                        "diggers": [list(d) for d in diggers], "complete": "" not in t,
                        "next_points": holes.EXPAND_POINTS.get(n + 1), "next_completes": n == 3})
        return out

    @staticmethod
    def hole_points() -> dict[str, int]:
        """What watering holes score: "dig", digging a new one (its digger, who puts a meeple on
        it); "complete", to each seat with a meeple on a hole when its fourth token completes it
        (once a seat). A token expanding a hole scores that hole's "next_points" (watering_holes())."""
        return {"dig": holes.DIG_POINTS, "complete": holes.COMPLETE_POINTS}

    def drawn_tile_layout(self, rotation: int = 0) -> dict[str, Any] | None:
        """The drawn tile turned by `rotation` degrees: edges, corners and features."""
        if self.tile < 0 or self.phase == OVER:
            return None
        if rotation not in (0, 90, 180, 270):
            raise ValueError(f"rotation must be 0, 90, 180 or 270, not {rotation!r}")
        c = self.tileset.copies[self.tile]
        return {"id": c.name, **tile_layout(c.type, rotation // 90, c.animals)}

    def empty_spaces(self) -> list[tuple[int, int]]:
        """Empty spaces next to a tile."""
        return [xy(s) for s in self.frontier]


def tile_layout(tt: TileType, rot: int, animals: tuple[str, ...]) -> dict[str, Any]:
    """A tile turned by rotation index `rot` (0..3), as plain data for display."""
    edges, corners, features = _layout_parts(tt, rot, animals)
    return {"rotation": rot * 90, "edges": edges, "corners": list(corners),
            "features": [{"kind": k, "sides": s, "animals": a, "birds": b, **({"at": at} if at else {})}
                         for k, s, a, b, at in features]}


@functools.lru_cache(maxsize=4096)
def _layout_parts(tt: TileType, rot: int, animals: tuple[str, ...]) -> tuple[str, tuple[str, ...], tuple[tuple[str, str, str, int, str | None], ...]]:
    """The text of a turned tile's layout, worked out once (the web app shows every tile after every move):
    edges, open corners, and (kind, sides, animals, birds, where the picture has it) per feature."""
    rd = tt.rotations[rot]
    return ("".join("stb"[e] for e in rd.edges), tuple(CORNERS[c] for c in rd.corners),
            tuple((f.kind, "".join(SIDES[x] for x in rd.feature_sides[i]), animals[i], f.birds,
                   None if f.at is None else POINTS[(f.at + 2 * rot) % len(POINTS)])
                  for i, f in enumerate(tt.features)))

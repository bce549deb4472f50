"""The state of a game of Carcassonne Safari and its turn flow.

A turn (SAFARI.md, "A turn"):
  1. place the drawn tile (`T`), displacing a ranger standing there;
  2. one of: a meeple on that tile (`M`), dig (`D`) or expand (`X`) a watering
     hole, move a ranger (`R`), or `pass`;
  3. score what the tile completed: baobabs first (their tokens may be used
     at once), then each trail and bush, whose leading players may each add a
     token (`+A` .. `+none`) in turn order from the active player;
  4. a displacing player scores 3 and puts the ranger back (`R>`).
Then the next player draws; a tile that fits nowhere is removed and another
drawn. After the turn of the last land tile comes final scoring.

Chance (savanna/chance.py): by default (`chance="sampled"`) the seed shuffles
the land tile stack and the token pile, and the draws happen inside the
actions. With `chance="explicit"` the stack and the pile are multisets in no
order, and every draw is a chance node (phase "draw", `current_player` CHANCE):
the deal's tokens, each land tile (a tile that fits nowhere is drawn, removed,
and another drawn), and the tokens of a baobab. Its outcomes are `~<tile>`
(the tile set's `outcome_names`: copies alike are one outcome) and
`~<animal>`; the turn goes on where the draw interrupted it (`resume`).

The hot path is incremental: the empty spaces next to tiles are kept with the
edge pattern they demand, features are joined by union-find, and watering
hole slots open to digging are kept as tiles and tokens arrive.
"""

from __future__ import annotations

import functools
import secrets
import weakref
from collections import Counter
from typing import Any, Iterable

from savanna import events
from savanna.chance import CHANCE, EXPLICIT, SAMPLED, check_mode
from savanna.limits import at_most, check_seed

from . import actions as act
from . import limits
from . import watering_holes as wh
from .actions import Action
from .geometry import CORNERS, RING, SIDES, STEP, corner_slot, fmt_space, slot_corner, space, xy
from .serialization import dump
from .tileset import OPEN_PATTERN, TileSet, TileType, load_tiles
from .tokens import initial_pile, shuffled
from .trails_and_bush import BUSH_KIND, TRAIL_KIND, Regions, leaders

PLACE, ACTION, SCORE, RANGER, OVER, DRAW = range(6)
PHASE_NAMES = ("place", "action", "score", "ranger", "over", "draw")
# what comes after the draws of an explicit-chance game (Game.resume)
GO_ON, GO_DRAW_TILE, GO_SCORE_TURN, GO_SCORE_FEATURES = range(4)
FINAL_SCORING = ("all", "majority")
KIND_NAMES = ("trail", "bush")
EDGE_NAMES = ("savanna", "trail", "bush")
RANGER_POINTS = 3


class Game:
    """A game of Carcassonne Safari. Make one with `new_game` or `from_json`."""

    __slots__ = (
        "tileset", "players", "seed", "final_scoring", "tile_order", "token_order", "custom_tiles",
        "board", "frontier", "regions", "feature_meeples", "baobab_meeples", "holes", "hole_meeples",
        "free_slots", "dig_slots", "pile", "discards", "reshuffles", "hands", "supply_meeples", "score",
        "stack", "removed", "rangers", "phase", "active", "tile", "placed", "displaced", "jobs",
        "job_seat", "job_adds", "history", "actors", "final_points", "_nanimals", "chance", "draws", "resume",
        "explain",
    )

    # ------------------------------------------------------------------ set-up

    def __init__(self, players: int = 2, seed: int | None = None, final_scoring: str = "all",
                 tiles: dict | str | TileSet | None = None, tile_order: Iterable[str] | None = None,
                 token_order: str | None = None, chance: str = SAMPLED):
        ts = load_tiles(tiles)
        check_mode(chance)
        if chance == EXPLICIT and (tile_order is not None or token_order is not None):
            raise ValueError("tile_order and token_order set the order of a sampled game's draws; "
                             "an explicit-chance game has none: it draws at its chance nodes")
        if not isinstance(players, int) or isinstance(players, bool) or not ts.min_players <= players <= ts.max_players:
            raise ValueError(f"players must be a whole number from {ts.min_players} to {ts.max_players}, not {players!r}")
        if final_scoring not in FINAL_SCORING:
            raise ValueError(f"final_scoring must be 'all' (English rulebook) or 'majority' (German edition), not {final_scoring!r}")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        check_seed(seed)
        self.explain: list[dict[str, Any]] | None = None  # scoring events, while apply_explained runs
        self.tileset = ts
        self.players = players
        self.seed = seed
        self.final_scoring = final_scoring
        self.custom_tiles = None if ts.packaged else ts.data  # a user's own set is saved whole
        self._nanimals = k = len(ts.animals)
        self.chance = chance
        self.draws: list[int] = []  # explicit chance: the seats still to draw a token each, in order
        self.resume = GO_ON  # explicit chance: what follows those draws

        # land tiles: the given order on top, the rest shuffled by the seed
        order = self._tile_order(ts, tile_order)
        self.tile_order = [ts.copies[i].name for i in order] if tile_order is not None else None
        chosen = set(order)
        if chance == EXPLICIT:  # no order: a copy is taken when a chance outcome names it
            self.stack = [c.index for c in ts.copies]
        else:
            rest = shuffled(seed, "tiles", [c.index for c in ts.copies if c.index not in chosen])
            self.stack = (order + rest)[::-1]  # top at the end
        self.removed: list[int] = []

        # animal tokens
        tok = self._token_order(ts, token_order)
        self.token_order = token_order
        if chance == EXPLICIT:  # sorted: a multiset
            self.pile = [a for a, n in enumerate(ts.token_counts) for _ in range(n)]
        else:
            self.pile = initial_pile(seed, ts.token_counts, tok)
        self.discards: list[int] = []
        self.reshuffles = 0
        self.hands = [0] * (players * k)
        self.supply_meeples = [ts.meeples_per_player] * players
        self.score = [0] * players

        self.feature_meeples: list[tuple[int, int]] = []  # (seat, node)
        self.baobab_meeples: dict[int, int] = {}  # space -> seat
        self.holes: dict[int, tuple[str, ...]] = {}
        self.hole_meeples: dict[int, tuple[tuple[int, int], ...]] = {}  # point -> ((seat, slot), ..)
        start = _start_position(ts)  # the start tile and rangers, laid once per tile set
        self.board = start.board.copy()
        self.frontier = start.frontier.copy()
        self.regions = start.regions.copy()
        self.free_slots = start.free_slots.copy()
        self.dig_slots = start.dig_slots.copy()
        self.rangers = start.rangers[:]

        for seat in range(players):
            self._draw_tokens(seat, 2)

        self.history: list[Action] = []
        self.actors: list[int] = []  # the seat that played each action of history
        self.final_points: list[int] | None = None
        self.active = 0
        self.placed = -1
        self.displaced = -1
        self.jobs: list[tuple[int, list[int]]] = []
        self.job_seat = 0
        self.job_adds: list[str | None] = []
        self.tile = -1
        self.phase = PLACE
        if self.draws:  # explicit chance: the deal is drawn first
            self._await_draws(GO_DRAW_TILE)
        else:
            self._draw_tile()

    @staticmethod
    def _tile_order(ts: TileSet, tile_order: Iterable[str] | None) -> list[int]:
        if tile_order is None:
            return []
        if isinstance(tile_order, str):
            tile_order = tile_order.replace(",", " ").split()
        if not isinstance(tile_order, (list, tuple)):
            raise ValueError(f"tile_order must be a list of tile names like ['S03', 'S07/2'], not {tile_order!r}")
        at_most("tile_order", tile_order, limits.TILES, "tiles")  # (past the set's own, the loop says which)
        used: set[int] = set()
        out = []
        for name in tile_order:
            if not isinstance(name, str):
                raise ValueError(f"tile_order entries must be tile names like 'S03' or 'S03/2', not {name!r}")
            if "/" in name:
                c = ts.copy_by_name.get(name)
                if c is None:
                    raise ValueError(f"tile_order: no tile copy {name!r} in this tile set")
                if c.index in used:
                    raise ValueError(f"tile_order: tile {name!r} is listed twice")
            else:
                if name not in ts.type_by_id:
                    raise ValueError(f"tile_order: no tile type {name!r} in this tile set")
                c = next((c for c in ts.copies if c.type.id == name and c.index not in used), None)
                if c is None:
                    raise ValueError(f"tile_order: no copy of {name!r} is left")
            used.add(c.index)
            out.append(c.index)
        return out

    @staticmethod
    def _token_order(ts: TileSet, token_order: str | None) -> list[int]:
        if token_order is None:
            return []
        if not isinstance(token_order, str):
            raise ValueError("token_order must be a string of animal letters, e.g. 'AEGLZ'")
        at_most("token_order", token_order, limits.TOKENS, "tokens")  # (past the set's own, the loop says which)
        left = list(ts.token_counts)
        out = []
        for ch in token_order:
            if ch not in ts.animal_index:
                raise ValueError(f"token_order: {ch!r} is not an animal letter of this tile set ({ts.animals})")
            a = ts.animal_index[ch]
            if left[a] == 0:
                raise ValueError(f"token_order: more {ch!r} tokens than the game has ({ts.token_counts[a]})")
            left[a] -= 1
            out.append(a)
        return out

    # --------------------------------------------------------------- copying

    def clone(self) -> "Game":
        """An independent copy; cheap enough for search."""
        g = Game.__new__(Game)
        g.explain = None
        g.tileset = self.tileset
        g.players = self.players
        g.seed = self.seed
        g.final_scoring = self.final_scoring
        g.tile_order = self.tile_order
        g.token_order = self.token_order
        g.custom_tiles = self.custom_tiles
        g._nanimals = self._nanimals
        g.chance = self.chance
        g.draws = self.draws[:]
        g.resume = self.resume
        g.board = self.board.copy()
        g.frontier = self.frontier.copy()
        g.regions = self.regions.copy()
        g.feature_meeples = self.feature_meeples[:]
        g.baobab_meeples = self.baobab_meeples.copy()
        g.holes = self.holes.copy()
        g.hole_meeples = self.hole_meeples.copy()
        g.free_slots = self.free_slots.copy()
        g.dig_slots = self.dig_slots.copy()
        g.pile = self.pile[:]
        g.discards = self.discards[:]
        g.reshuffles = self.reshuffles
        g.hands = self.hands[:]
        g.supply_meeples = self.supply_meeples[:]
        g.score = self.score[:]
        g.stack = self.stack[:]
        g.removed = self.removed[:]
        g.rangers = self.rangers[:]
        g.phase = self.phase
        g.active = self.active
        g.tile = self.tile
        g.placed = self.placed
        g.displaced = self.displaced
        g.jobs = self.jobs[:]
        g.job_seat = self.job_seat
        g.job_adds = self.job_adds[:]
        g.history = self.history[:]
        g.actors = self.actors[:]
        g.final_points = None if self.final_points is None else self.final_points[:]
        return g

    __copy__ = clone

    def determinize(self, rng) -> "Game":
        """A copy whose hidden parts (the order of the land tile stack and of the
        face-down token pile, and how the discards will be reshuffled) are drawn
        from `rng`: a world consistent with all that any seat can know, for search
        that must not peek. Not for saving: its seed is no longer the game's.

        Of an explicit-chance game it is a sampled-chance world, its stack and pile
        an order of what is left: search and the computer players play on in it
        without chance nodes. At a chance node, the pending draws are made from
        that order (and are not in its history)."""
        g = self.clone()
        g.stack.sort()  # forget the real order first: the result depends on what is known only
        g.pile.sort()
        rng.shuffle(g.stack)
        rng.shuffle(g.pile)
        g.seed = rng.getrandbits(31)  # later reshuffles of the discards are unknown too
        if g.chance == EXPLICIT:
            g.chance = SAMPLED
            if g.phase == DRAW:
                draws, g.draws = g.draws, []
                if draws:
                    for seat in draws:
                        g._draw_tokens(seat, 1)
                    g._go_on()
                else:
                    g._draw_tile()
        return g

    # ---------------------------------------------------------- public state

    @property
    def current_player(self) -> int | None:
        """The seat that must act now; a scoring choice may fall to a seat other than the active one."""
        if self.phase == OVER:
            return None
        if self.phase == SCORE:
            return self.jobs[0][1][self.job_seat]
        if self.phase == DRAW:
            return CHANCE
        return self.active

    def is_chance_node(self) -> bool:
        """Whether the next step is a draw (explicit-chance games only)."""
        return self.phase == DRAW

    def chance_counts(self) -> list[tuple[Action, int]]:
        """At a chance node, each outcome with how many of what is left show it (a land
        tile outcome: its copies in the stack; an animal: its tokens in the pile), in the
        tile set's order; elsewhere []. The probabilities are these counts over their sum."""
        if self.phase != DRAW:
            return []
        ts = self.tileset
        if self.draws:
            counts = [0] * self._nanimals
            for a in self.pile:
                counts[a] += 1
            return [(act.outcome(ts.animals[a]), n) for a, n in enumerate(counts) if n]
        counts = [0] * len(ts.outcome_names)
        outcome_of = ts.outcome_of
        for c in self.stack:
            counts[outcome_of[c]] += 1
        return [(act.outcome(ts.outcome_names[o]), n) for o, n in enumerate(counts) if n]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability (they sum to 1); elsewhere []."""
        counts = self.chance_counts()
        total = sum(n for _, n in counts)
        return [(a, n / total) for a, n in counts]

    @property
    def tile_set(self) -> str | dict:
        """The tile set as a save names it: a packaged set's version ("real-1"), or a user's whole set."""
        return self.tileset.version if self.custom_tiles is None else self.custom_tiles

    @property
    def scores(self) -> list[int]:
        return self.score[:]

    def meeples(self, seat: int) -> int:
        """Meeples in the seat's supply."""
        self._check_seat(seat)
        return self.supply_meeples[seat]

    def tokens(self, seat: int) -> Counter:
        """Animal tokens in the seat's supply, as {letter: count} (missing letters count 0)."""
        self._check_seat(seat)
        k = self._nanimals
        row = self.hands[seat * k:(seat + 1) * k]
        return Counter({a: n for a, n in zip(self.tileset.animals, row) if n})

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """OpenSpiel-style outcome: 1 for each winner (ties share), 0 otherwise; all 0 while playing."""
        if self.phase != OVER:
            return [0.0] * self.players
        best = max(self.score)
        return [1.0 if s == best else 0.0 for s in self.score]

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

    def remaining_tiles(self) -> Counter:
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

    def discard_pile(self) -> Counter:
        return Counter(self.tileset.animals[a] for a in self.discards)

    def tokens_on_table(self) -> Counter:
        """Tokens in watering holes and tokens added to a feature now being scored."""
        c: Counter = Counter()
        for toks in self.holes.values():
            c.update(t for t in toks if t)
        c.update(a for a in self.job_adds if a)
        return c

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")

    # ---------------------------------------------------------- board layout

    def _put(self, sp: int, tt: TileType, rot: int, animals: tuple[str, ...], name: str) -> None:
        """Lay a tile: join its features, update the frontier and open corners."""
        rd = tt.rotations[rot]
        regions = self.regions
        ts = self.tileset
        nodes = []
        for f, a in zip(tt.features, animals):
            if f.kind == "baobab":
                nodes.append(-1)
            else:
                kind = TRAIL_KIND if f.kind == "trail" else BUSH_KIND
                nodes.append(regions.add(kind, len(f.sides), ts.mask(a), len(a), f.birds))
        parts = tuple(nodes)
        nodes.append(-1)  # (a side with no feature, -1, reads this last entry)
        side_nodes = tuple([nodes[i] for i in rd.side_feature])
        board = self.board
        board[sp] = (tt, rot, animals, name, side_nodes, parts)
        frontier = self.frontier
        frontier.pop(sp, None)
        edges = rd.edges
        for d in range(4):
            nb = sp + STEP[d]
            other = board.get(nb)
            if other is None:
                shift = ((d + 2) & 3) * 2
                frontier[nb] = (frontier.get(nb, OPEN_PATTERN) & ~(3 << shift)) | (edges[d] << shift)
            else:
                mine = side_nodes[d]
                if mine >= 0:
                    regions.join(mine, other[4][(d + 2) & 3])
        holes = self.holes
        for c in rd.corners:
            slot = corner_slot(sp, c)
            self.free_slots[slot] = None
            if wh.dig_allowed(holes.get(slot >> 2), slot & 3):
                self.dig_slots[slot] = None

    def _fits_anywhere(self, tt: TileType) -> bool:
        fits = tt.fits
        for pat in self.frontier.values():
            if fits[pat]:
                return True
        return False

    def _draw_tile(self) -> None:
        """Draw the next tile that fits somewhere; none left ends the game. (Explicit
        chance: a chance node, if any tile is left.)"""
        if self.chance == EXPLICIT:
            self.tile = -1
            if self.stack:
                self.phase = DRAW
            else:
                self._final_scoring()
            return
        copies = self.tileset.copies
        while self.stack:
            c = self.stack.pop()
            if self._fits_anywhere(copies[c].type):
                self.tile = c
                self.phase = PLACE
                return
            self.removed.append(c)
        self.tile = -1
        self._final_scoring()

    # ---------------------------------------------------------------- tokens

    def _draw_tokens(self, seat: int, n: int) -> None:
        if self.chance == EXPLICIT:  # drawn at chance nodes, before the turn goes on
            self.draws.extend((seat,) * n)
            return
        pile = self.pile
        k = self._nanimals
        for _ in range(n):
            if not pile:
                if not self.discards:
                    return
                self.reshuffles += 1
                pile.extend(shuffled(self.seed, f"discards/{self.reshuffles}", sorted(self.discards)))
                self.discards.clear()
            self.hands[seat * k + pile.pop()] += 1

    def _await_draws(self, then: int) -> None:
        """Explicit chance: make the queued token draws chance nodes, then do `then`."""
        self.resume = then
        self._next_draw()

    def _next_draw(self) -> None:
        """The next queued token draw as a chance node; when the pile is empty, the discards
        become the pile (a multiset: nothing to shuffle); with none there either, nothing is
        drawn. No draw left: the turn goes on."""
        draws = self.draws
        if draws:
            if not self.pile and self.discards:
                self.reshuffles += 1
                self.pile = sorted(self.discards)
                self.discards = []
            if self.pile:
                self.phase = DRAW
                return
            draws.clear()
        self._go_on()

    def _go_on(self) -> None:
        then, self.resume = self.resume, GO_ON
        if then == GO_DRAW_TILE:
            self._draw_tile()
        elif then == GO_SCORE_TURN:
            self._score_turn()
        elif then == GO_SCORE_FEATURES:
            self._score_features()

    def _take_outcome(self, a: Action):
        """Check a chance outcome and take what it names from the stack or the pile (changing
        nothing if it is illegal); return what then follows."""
        (name,) = a.args
        ts = self.tileset
        if self.draws:
            i = ts.animal_index.get(name)
            if i is None:
                raise ValueError(f"illegal action {a}: an animal token is drawn now (~<animal letter>: "
                                 f"{', '.join('~' + x for x in ts.animals)}), and {name!r} is not an animal")
            if i not in self.pile:
                raise ValueError(f"illegal action {a}: no {ts.animal_names[name]} token is left to draw "
                                 "(its probability is 0)")
            self.pile.remove(i)
            seat = self.draws.pop(0)
            self.hands[seat * self._nanimals + i] += 1
            return self._next_draw
        o = ts.outcome_index.get(name)
        if o is None:
            alias = ts.outcome_name(name)
            if alias is None and name in ts.type_by_id:
                alias = next(n for n in ts.outcome_names if n.split("/")[0] == name)
                raise ValueError(f"illegal action {a}: the copies of {name} are not all alike; name the tile "
                                 f"drawn as its outcome, e.g. ~{alias}")
            if alias is not None:
                raise ValueError(f"illegal action {a}: copies alike are one outcome: write ~{alias}")
            raise ValueError(f"illegal action {a}: a land tile is drawn now (~<tile>, e.g. ~{ts.outcome_names[0]}), "
                             f"and {name!r} is no tile of this tile set")
        outcome_of = ts.outcome_of
        c = next((c for c in self.stack if outcome_of[c] == o), -1)
        if c < 0:
            raise ValueError(f"illegal action {a}: no {name} tile is left to draw (its probability is 0)")
        self.stack.remove(c)  # the first copy of those alike: which one is immaterial
        return lambda: self._drawn_tile(c)

    def _drawn_tile(self, c: int) -> None:
        if self._fits_anywhere(self.tileset.copies[c].type):
            self.tile = c
            self.phase = PLACE
        else:
            self.removed.append(c)
            self._draw_tile()

    def _hand_animals(self, seat: int) -> list[str]:
        k = self._nanimals
        hands = self.hands
        base = seat * k
        return [a for i, a in enumerate(self.tileset.animals) if hands[base + i]]

    # --------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action now, and nothing else."""
        phase = self.phase
        if phase == PLACE:
            return self._legal_placements()
        if phase == ACTION:
            return self._legal_after_placing()
        if phase == SCORE:
            root = self.regions.find(self.jobs[0][0])
            mask = self.regions.mask[root]
            seat = self.jobs[0][1][self.job_seat]
            idx = self.tileset.animal_index
            return [act.add(None)] + [act.add(a) for a in self._hand_animals(seat) if not mask >> idx[a] & 1]
        if phase == RANGER:
            other = self.rangers[1 - self.displaced]
            ret = act._RETURN
            return [ret.get(sp) or act.return_ranger(sp) for sp in self.frontier if sp != other]
        if phase == DRAW:
            return [a for a, _ in self.chance_counts()]
        return []

    def _legal_placements(self) -> list[Action]:
        fits = self.tileset.copies[self.tile].type.fits
        cache = act._PLACE
        out = []
        for sp, pat in self.frontier.items():
            for r in fits[pat]:
                out.append(cache.get(sp * 4 + r) or act.place(sp, r))
        return out

    def _legal_after_placing(self) -> list[Action]:
        seat = self.active
        out: list[Action] = []
        animals = self._hand_animals(seat)
        if self.supply_meeples[seat]:
            tt, rot, _, _, _, nodes = self.board[self.placed]
            sides = tt.rotations[rot].feature_sides
            regions = self.regions
            for i, f in enumerate(tt.features):
                if f.kind == "baobab":
                    out.append(act.meeple("baobab"))
                elif not regions.meeples[regions.find(nodes[i])]:
                    out.append(act.meeple(f.kind, sides[i][0]))
            if animals:
                for slot in self.dig_slots:
                    row = _dig_row(slot)
                    for a in animals:
                        out.append(row[a])
        if animals:
            for point, toks in self.holes.items():
                if "" not in toks:
                    continue
                for k in range(4):
                    slot = point * 4 + k
                    if slot in self.free_slots and wh.expand_allowed(toks, k):
                        sp, c = slot_corner(slot)
                        for a in animals:
                            if a not in toks:
                                out.append(act.corner_action(act.EXPAND, sp, c, a))
        if self.displaced < 0:
            cache = act._MOVE
            r0, r1 = self.rangers
            for sp in self.frontier:
                if sp != r0 and sp != r1:
                    out.append(cache.get(r0 << 24 | sp) or act.move(r0, sp))
                    out.append(cache.get(r1 << 24 | sp) or act.move(r1, sp))
        out.append(act.PASS_ACTION)
        return out

    # ----------------------------------------------------------------- apply

    def apply(self, action: Action | str) -> None:
        """Play an action (or its notation). An illegal or malformed one raises
        ValueError saying why, and leaves the game unchanged."""
        a = action if type(action) is Action else act.parse(action)
        phase = self.phase
        seat = self.current_player
        kind = a.kind
        if phase == OVER:
            raise ValueError(f"illegal action {a}: the game is over")
        if phase == DRAW:
            if kind != act.CHANCE:
                raise ValueError(f"illegal action {a}: a {'token' if self.draws else 'land tile'} is drawn now: "
                                 "apply a chance outcome (~<tile> or ~<animal>, see chance_outcomes())")
            then = self._take_outcome(a)
            self.history.append(a)
            self.actors.append(CHANCE)
            then()
            return
        if kind == act.CHANCE:
            raise ValueError(f"illegal action {a}: no draw is due now" if self.chance == EXPLICIT else
                             f"illegal action {a}: this game draws by its seed (chance='sampled'); "
                             "chance outcomes are for explicit-chance games")
        if phase == PLACE:
            if kind != act.PLACE:
                raise ValueError(f"illegal action {a}: the tile {self.drawn_tile} must be placed first (T<x>,<y>@<r>)")
            self._place(a)
        elif phase == ACTION:
            if kind == act.MEEPLE:
                self._meeple(a)
            elif kind == act.DIG:
                self._dig(a)
            elif kind == act.EXPAND:
                self._expand(a)
            elif kind == act.MOVE:
                self._move_ranger(a)
            elif kind != act.PASS:
                raise ValueError(f"illegal action {a}: after placing a tile, play M.., D.., X.., R<from>><to> or pass")
            self.history.append(a)
            self.actors.append(self.active)
            if self.draws:  # explicit chance: a baobab's tokens are drawn first
                self._await_draws(GO_SCORE_TURN)
            else:
                self._score_turn()
            return
        elif phase == SCORE:
            if kind != act.ADD:
                raise ValueError(f"illegal action {a}: seat {self.current_player} must choose a token to add (+<animal> or +none)")
            self._add_token(a)
        else:
            if kind != act.RETURN:
                raise ValueError(f"illegal action {a}: the displaced ranger must be put back (R><x>,<y>)")
            self._return_ranger(a)
        self.history.append(a)
        self.actors.append(seat)

    def apply_explained(self, action: Action | str) -> list[dict[str, Any]]:
        """`apply(action)`, and what it scored: a list of events, one per seat that scored
        (or, for a completed baobab, got its meeple and two tokens back), in the order the
        engine scored them. Their points add up to the change of `scores`. Each has "what",
        "seat" and "points", and where it happened: "space" [x, y] (a tile) or "point"
        [x, y] (a watering hole: the NW corner of space (x, y)):

            {"what": "dig", "animal", "point"}                              3 points
            {"what": "expand", "animal", "tokens": 2..4, "point"}           4, 5, 6
            {"what": "hole", "meeples": n, "point"}     a completed hole: 3 to each digger
            {"what": "feature", "kind": "trail" | "bush", "feature": id, "animals": "EGL"
             (the kinds on it), "added": letter | None (this seat's token), "birds",
             "leaders": [seat, ...], "space": the tile that completed it}   1, 3, 6, 10, 15
                                                    for 1..5 kinds, + 1 per bird of a bush
            {"what": "ranger", "space"}                                     3
            {"what": "baobab", "tokens": drawn, "space"}                    0 (meeple home)
            {"what": "final_feature", "kind", "feature", "animals": count, "birds",
             "meeples": n, "space": one of its tiles}   final scoring of an unfinished one
            {"what": "final_tokens", "tokens": {letter: n}}    1 per token in supply

        An illegal action raises ValueError, as `apply` does, and changes nothing."""
        return events.explained(self, action)

    def _place(self, a: Action) -> None:
        sp, rot = a.args
        copy = self.tileset.copies[self.tile]
        tt = copy.type
        pat = self.frontier.get(sp)
        if pat is None:
            where = "already has a tile" if sp in self.board else "is not next to any tile"
            raise ValueError(f"illegal action {a}: space {fmt_space(sp)} {where}")
        if rot not in tt.fits[pat]:
            edges = tt.rotations[rot].edges
            for d in range(4):
                need = (pat >> (2 * d)) & 3
                if need != 3 and need != edges[d]:
                    raise ValueError(
                        f"illegal action {a}: tile {copy.name} turned {rot * 90} shows {EDGE_NAMES[edges[d]]} on its "
                        f"{SIDES[d]} edge where the neighbour shows {EDGE_NAMES[need]}")
        self._put(sp, tt, rot, copy.animals, copy.name)
        self.placed = sp
        if sp in self.rangers:
            i = self.rangers.index(sp)
            self.rangers[i] = -1
            self.displaced = i
        self.phase = ACTION

    def _meeple(self, a: Action) -> None:
        kind, side = a.args
        seat = self.active
        tt, rot, _, name, _, nodes = self.board[self.placed]
        sides = tt.rotations[rot].feature_sides
        found = [i for i, f in enumerate(tt.features) if f.kind == kind and (side < 0 or side in sides[i])]
        if not found:
            what = kind + (f" on its {SIDES[side]} edge" if side >= 0 else "")
            raise ValueError(f"illegal action {a}: the tile just placed ({name}) has no {what}")
        if len(found) > 1:
            raise ValueError(f"illegal action {a}: the tile just placed has several {kind}s; name one by its side")
        if not self.supply_meeples[seat]:
            raise ValueError(f"illegal action {a}: seat {seat} has no meeple in supply")
        i = found[0]
        if kind == "baobab":
            self.baobab_meeples[self.placed] = seat
            self.supply_meeples[seat] -= 1
            self._draw_tokens(seat, 2)
            return
        regions = self.regions
        root = regions.find(nodes[i])
        if regions.meeples[root]:
            raise ValueError(f"illegal action {a}: that {kind} already has a meeple on it")
        regions.meeples[root] += 1
        self.feature_meeples.append((seat, nodes[i]))
        self.supply_meeples[seat] -= 1

    def _slot_of(self, a: Action) -> tuple[int, int, str]:
        """Check a dig or expand names an open corner and a token the player has."""
        sp, c, animal = a.args
        seat = self.active
        ts = self.tileset
        if animal not in ts.animal_index:
            raise ValueError(f"illegal action {a}: {animal!r} is not an animal ({ts.animals})")
        placed = self.board.get(sp)
        if placed is None:
            raise ValueError(f"illegal action {a}: there is no tile at {fmt_space(sp)}")
        if c not in placed[0].rotations[placed[1]].corners:
            raise ValueError(f"illegal action {a}: corner {CORNERS[c]} of {fmt_space(sp)} is not open savanna")
        slot = corner_slot(sp, c)
        if slot not in self.free_slots:
            raise ValueError(f"illegal action {a}: corner {CORNERS[c]} of {fmt_space(sp)} already holds a token")
        if not self.hands[seat * self._nanimals + ts.animal_index[animal]]:
            raise ValueError(f"illegal action {a}: seat {seat} has no {ts.animal_names[animal]} token")
        return slot, slot >> 2, animal

    def _dig(self, a: Action) -> None:
        slot, point, animal = self._slot_of(a)
        seat = self.active
        if slot not in self.dig_slots:
            raise ValueError(f"illegal action {a}: a new watering hole can only be dug at a point with no token, "
                             "or whose only token is diagonally across")
        if not self.supply_meeples[seat]:
            raise ValueError(f"illegal action {a}: digging needs a meeple, and seat {seat} has none in supply")
        self._lay_token(slot, point, animal)
        self.supply_meeples[seat] -= 1
        self.hole_meeples[point] = self.hole_meeples.get(point, ()) + ((seat, slot & 3),)
        self.score[seat] += wh.DIG_POINTS
        if self.explain is not None:
            self.explain.append({"what": "dig", "seat": seat, "points": wh.DIG_POINTS, "animal": animal,
                                 "point": list(xy(point))})

    def _expand(self, a: Action) -> None:
        slot, point, animal = self._slot_of(a)
        seat = self.active
        toks = self.holes.get(point)
        if not wh.expand_allowed(toks, slot & 3):
            raise ValueError(f"illegal action {a}: expanding needs a token next to that corner at the same watering hole")
        if animal in toks:
            raise ValueError(f"illegal action {a}: that watering hole already has {_a(self.tileset.animal_names[animal])}")
        toks = self._lay_token(slot, point, animal)
        n = wh.count(toks)
        self.score[seat] += wh.EXPAND_POINTS[n]
        if self.explain is not None:
            self.explain.append({"what": "expand", "seat": seat, "points": wh.EXPAND_POINTS[n], "animal": animal,
                                 "tokens": n, "point": list(xy(point))})
        if n == 4:
            owners = [s for s, _ in self.hole_meeples.pop(point, ())]
            for s in set(owners):
                self.score[s] += wh.COMPLETE_POINTS
            if self.explain is not None:
                for s in sorted(set(owners)):
                    self.explain.append({"what": "hole", "seat": s, "points": wh.COMPLETE_POINTS,
                                         "meeples": owners.count(s), "point": list(xy(point))})
            for s in owners:
                self.supply_meeples[s] += 1

    def _lay_token(self, slot: int, point: int, animal: str) -> tuple[str, ...]:
        seat = self.active
        self.hands[seat * self._nanimals + self.tileset.animal_index[animal]] -= 1
        k = slot & 3
        toks = self.holes.get(point, wh.EMPTY_HOLE)
        toks = toks[:k] + (animal,) + toks[k + 1:]
        self.holes[point] = toks
        del self.free_slots[slot]
        for j in range(4):
            s = point * 4 + j
            if s in self.free_slots and wh.dig_allowed(toks, j):
                self.dig_slots[s] = None
            else:
                self.dig_slots.pop(s, None)
        return toks

    def _move_ranger(self, a: Action) -> None:
        src, dst = a.args
        if self.displaced >= 0:
            raise ValueError(f"illegal action {a}: no ranger may be moved in a turn whose tile displaced one")
        if src not in self.rangers:
            raise ValueError(f"illegal action {a}: no ranger stands on {fmt_space(src)}")
        if dst in self.rangers:
            raise ValueError(f"illegal action {a}: the other ranger stands on {fmt_space(dst)}" if dst != src
                             else f"illegal action {a}: the ranger must move to another space")
        if dst not in self.frontier:
            where = "holds a tile" if dst in self.board else "is not next to a tile"
            raise ValueError(f"illegal action {a}: space {fmt_space(dst)} {where}")
        self.rangers[self.rangers.index(src)] = dst

    def _add_token(self, a: Action) -> None:
        (animal,) = a.args
        seat = self.current_player
        if animal is not None:
            ts = self.tileset
            if animal not in ts.animal_index:
                raise ValueError(f"illegal action {a}: {animal!r} is not an animal ({ts.animals})")
            i = ts.animal_index[animal]
            if not self.hands[seat * self._nanimals + i]:
                raise ValueError(f"illegal action {a}: seat {seat} has no {ts.animal_names[animal]} token")
            regions = self.regions
            if regions.mask[regions.find(self.jobs[0][0])] >> i & 1:
                raise ValueError(f"illegal action {a}: that feature already has {_a(ts.animal_names[animal])}")
            self.hands[seat * self._nanimals + i] -= 1
        self.job_adds.append(animal)
        self.job_seat += 1
        self._resolve_scoring()

    def _return_ranger(self, a: Action) -> None:
        (sp,) = a.args
        if sp not in self.frontier:
            where = "holds a tile" if sp in self.board else "is not next to a tile"
            raise ValueError(f"illegal action {a}: space {fmt_space(sp)} {where}")
        if sp in self.rangers:
            raise ValueError(f"illegal action {a}: the other ranger stands on {fmt_space(sp)}")
        self.rangers[self.displaced] = sp
        self._end_turn()

    # --------------------------------------------------------------- scoring

    def _score_turn(self) -> None:
        """Step 3: what the placed tile completed."""
        sp = self.placed
        board = self.board
        bm = self.baobab_meeples
        if bm:
            for q in (sp,) + tuple(sp + o for o in RING):
                if q in bm and all(q + o in board for o in RING):
                    seat = bm.pop(q)
                    self.supply_meeples[seat] += 1
                    if self.explain is None:
                        self._draw_tokens(seat, 2)
                        continue
                    k = self._nanimals
                    before = sum(self.hands[seat * k:(seat + 1) * k]) + len(self.draws)  # explicit: queued
                    self._draw_tokens(seat, 2)
                    self.explain.append({"what": "baobab", "seat": seat, "points": 0, "space": list(xy(q)),
                                         "tokens": sum(self.hands[seat * k:(seat + 1) * k]) + len(self.draws) - before})
        if self.draws:  # explicit chance: the tokens are drawn before the features score
            self._await_draws(GO_SCORE_FEATURES)
            return
        self._score_features()

    def _score_features(self) -> None:
        """Step 3 for the trails and bush the placed tile completed."""
        sp = self.placed
        board = self.board
        regions = self.regions
        jobs = []
        seen = []
        for node in board[sp][5]:
            if node < 0:
                continue
            root = regions.find(node)
            if regions.open[root] or root in seen:
                continue
            seen.append(root)
            if regions.meeples[root]:
                jobs.append((root, leaders(self._meeple_counts(root), self.active)))
        self.jobs = jobs
        self.job_seat = 0
        self.job_adds = []
        self._resolve_scoring()

    def _meeple_counts(self, root: int) -> list[int]:
        counts = [0] * self.players
        find = self.regions.find
        for seat, node in self.feature_meeples:
            if find(node) == root:
                counts[seat] += 1
        return counts

    def _meeple_counts_by_root(self) -> dict[int, list[int]]:
        """Every trail and bush with meeples on it (by root, in the order of their first
        meeple): the meeples there per seat; one pass over the meeples."""
        out: dict[int, list[int]] = {}
        find = self.regions.find
        for seat, node in self.feature_meeples:
            root = find(node)
            counts = out.get(root)
            if counts is None:
                counts = out[root] = [0] * self.players
            counts[seat] += 1
        return out

    def _resolve_scoring(self) -> None:
        """Ask the next leading player with a usable token, or score and go on."""
        regions = self.regions
        k = self._nanimals
        while self.jobs:
            root, seats = self.jobs[0]
            mask = regions.mask[root]
            while self.job_seat < len(seats):
                base = seats[self.job_seat] * k
                if any(self.hands[base + i] and not mask >> i & 1 for i in range(k)):
                    self.phase = SCORE
                    return
                self.job_adds.append(None)
                self.job_seat += 1
            self._score_feature(root, seats, self.job_adds)
            self.jobs.pop(0)
            self.job_seat = 0
            self.job_adds = []
        if self.displaced >= 0:
            self.score[self.active] += RANGER_POINTS
            if self.explain is not None:
                self.explain.append({"what": "ranger", "seat": self.active, "points": RANGER_POINTS,
                                     "space": list(xy(self.placed))})
            self.phase = RANGER
            return
        self._end_turn()

    def _score_feature(self, root: int, seats: list[int], adds: list[str | None]) -> None:
        regions = self.regions
        idx = self.tileset.animal_index
        for seat, animal in zip(seats, adds):
            self.score[seat] += regions.completed_points(root, animal is not None)
            if animal is not None:
                self.discards.append(idx[animal])
            if self.explain is not None:
                bush = regions.kind[root] == BUSH_KIND
                self.explain.append({
                    "what": "feature", "kind": KIND_NAMES[regions.kind[root]], "feature": root, "seat": seat,
                    "points": regions.completed_points(root, animal is not None),
                    "animals": _animal_letters(self.tileset.animals, regions.mask[root]), "added": animal,
                    "birds": regions.birds[root] if bush else 0, "leaders": list(seats),
                    "space": list(xy(self.placed))})
        keep = []
        find = regions.find
        for seat, node in self.feature_meeples:
            if find(node) == root:
                self.supply_meeples[seat] += 1
            else:
                keep.append((seat, node))
        self.feature_meeples = keep
        regions.meeples[root] = 0

    def _end_turn(self) -> None:
        self.displaced = -1
        self.placed = -1
        if not self.stack:
            self.tile = -1
            self._final_scoring()
            return
        self.active = (self.active + 1) % self.players
        self._draw_tile()

    def _final_scoring(self) -> None:
        """Incomplete trails and bush: 1 per animal and bird, to every player with a
        meeple there ('all') or to the leaders ('majority'); 1 per token in supply."""
        points = [0] * self.players
        regions = self.regions
        explain = self.explain
        where = self._a_space_of_each_feature() if explain is not None else {}
        for r, counts in self._meeple_counts_by_root().items():
            if self.final_scoring == "all":
                seats = [s for s in range(self.players) if counts[s]]
            else:
                seats = leaders(counts, 0)
            for s in seats:
                points[s] += regions.final_points(r)
                if explain is not None:
                    explain.append({"what": "final_feature", "kind": KIND_NAMES[regions.kind[r]], "feature": r,
                                    "seat": s, "points": regions.final_points(r), "animals": regions.total[r],
                                    "birds": regions.birds[r], "meeples": counts[s], "space": where.get(r)})
        k = self._nanimals
        for s in range(self.players):
            points[s] += sum(self.hands[s * k:(s + 1) * k])
            self.score[s] += points[s]
            if explain is not None and any(self.hands[s * k:(s + 1) * k]):
                explain.append({"what": "final_tokens", "seat": s, "points": sum(self.hands[s * k:(s + 1) * k]),
                                "tokens": {a: n for a, n in self.tokens(s).items()}})
        self.final_points = points
        self.phase = OVER

    def _a_space_of_each_feature(self) -> dict[int, list[int]]:
        """A tile of every trail and bush, by root (the northernmost, then westernmost), for
        the final scoring's events."""
        out: dict[int, tuple[int, int]] = {}
        find = self.regions.find
        for sp, tile in self.board.items():
            x, y = xy(sp)
            for node in tile[5]:
                if node >= 0:
                    r = find(node)
                    if r not in out or (y, x) < (out[r][1], out[r][0]):
                        out[r] = (x, y)
        return {r: list(p) for r, p in out.items()}

    # ------------------------------------------------------------ inspection

    def layout_key(self) -> tuple:
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
            for node, (kind, sides, letters, birds) in zip(nodes, features):
                if kind == "baobab":
                    seat = self.baobab_meeples.get(sp)
                    shown.append({"kind": kind, "sides": sides, "animals": letters, "birds": birds,
                                  "meeples": [] if seat is None else [seat],
                                  "complete": all(sp + o in board for o in RING), "feature": None})
                else:
                    root = find(node)
                    shown.append({"kind": kind, "sides": sides, "animals": letters, "birds": birds,
                                  "meeples": owners.get(node, []), "complete": still_open[root] == 0,
                                  "feature": root})
            out.append({"x": x, "y": y, "id": name, "rotation": rot * 90, "edges": edges, "corners": list(corners),
                        "features": shown})
        return out

    def features(self) -> list[dict[str, Any]]:
        """Every whole trail and bush on the table: its spaces, animals, birds, open ends and meeples."""
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
        meeples = self._meeple_counts_by_root()
        letters = self.tileset.animals
        out = []
        for root, spaces in parts.items():
            out.append({
                "feature": root, "kind": KIND_NAMES[regions.kind[root]], "spaces": sorted(map(xy, spaces)),
                "animals": _animal_letters(letters, regions.mask[root]),
                "animal_count": regions.total[root], "birds": regions.birds[root], "open_ends": regions.open[root],
                "complete": regions.open[root] == 0,
                "meeples": meeples[root][:] if root in meeples else [0] * self.players,
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
        SE space, 3 NE of the SW space), the seats with a meeple there and the slot each dug."""
        out = []
        for p, t in self.holes.items():
            diggers = self.hole_meeples.get(p, ())
            out.append({"point": xy(p), "slots": list(t), "meeples": [s for s, _ in diggers],
                        "diggers": [list(d) for d in diggers], "complete": "" not in t})
        return out

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

    def __repr__(self) -> str:
        return (f"<safari.Game players={self.players} seed={self.seed} phase={self.phase_name} "
                f"turn_actions={len(self.history)} scores={self.score}>")

    # ---------------------------------------------------------------- saving

    def to_json(self) -> str:
        return dump(self)


def _a(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def tile_layout(tt: TileType, rot: int, animals: tuple[str, ...]) -> dict[str, Any]:
    """A tile turned by rotation index `rot` (0..3), as plain data for display."""
    edges, corners, features = _layout_parts(tt, rot, animals)
    return {"rotation": rot * 90, "edges": edges, "corners": list(corners),
            "features": [{"kind": k, "sides": s, "animals": a, "birds": b} for k, s, a, b in features]}


@functools.lru_cache(maxsize=4096)
def _layout_parts(tt: TileType, rot: int, animals: tuple[str, ...]) -> tuple[str, tuple[str, ...], tuple]:
    """The text of a turned tile's layout, worked out once (the web app shows every tile after every move):
    edges, open corners, and (kind, sides, animals, birds) per feature."""
    rd = tt.rotations[rot]
    return ("".join("stb"[e] for e in rd.edges), tuple(CORNERS[c] for c in rd.corners),
            tuple((f.kind, "".join(SIDES[x] for x in rd.feature_sides[i]), animals[i], f.birds)
                  for i, f in enumerate(tt.features)))


@functools.lru_cache(maxsize=1024)
def _animal_letters(letters: str, mask: int) -> str:
    """The animal letters of a feature's bit mask, in the tile set's order."""
    return "".join(a for i, a in enumerate(letters) if mask >> i & 1)


_DIG_ROWS: dict[int, dict[str, Action]] = {}


def _dig_row(slot: int) -> dict[str, Action]:
    """The dig actions on one slot, by animal letter (interned)."""
    row = _DIG_ROWS.get(slot)
    if row is None:
        sp, c = slot_corner(slot)
        row = _DIG_ROWS[slot] = _LazyRow(sp, c)
    return row


class _LazyRow(dict):
    __slots__ = ("sp", "c")

    def __init__(self, sp: int, c: int):
        super().__init__()
        self.sp, self.c = sp, c

    def __missing__(self, animal: str) -> Action:
        a = self[animal] = act.corner_action(act.DIG, self.sp, self.c, animal)
        return a


_START_POSITIONS: weakref.WeakKeyDictionary[TileSet, Game] = weakref.WeakKeyDictionary()


def _start_position(ts: TileSet) -> Game:
    """The table with the start tile and the rangers laid, once per tile set: every new
    game copies it (laying the start joins features and opens corners, as costly as the
    rest of setting up)."""
    g = _START_POSITIONS.get(ts)
    if g is None:
        g = Game.__new__(Game)
        g.tileset = ts
        g.board, g.frontier, g.regions, g.holes, g.free_slots, g.dig_slots = {}, {}, Regions(), {}, {}, {}
        for cell in ts.start:
            g._put(space(cell.x, cell.y), cell.type, 0, cell.animals, "START")
        g.rangers = [space(x, y) for x, y in ts.ranger_spaces]
        for r in g.rangers:
            if r not in g.frontier:
                raise ValueError(f"tile set: ranger space {fmt_space(r)} is not next to the start tile")
        _START_POSITIONS[ts] = g
    return g

"""Incremental Safari observations and legal masks: `SafariTracker`.

`SafariEncoding.observation(game, seat)` builds the board planes from scratch
(every tile, feature and watering hole, about 1.4 ms a call); a tracker keeps
the board planes of one game and, at each call, updates only what the actions
played since the last call changed, then copies them out. Its output is
exactly the from-scratch encoding's (tests/test_pettingzoo.py checks it after
every action of random games); it is what `SafariEnv` and the vector
environments use.

    from savanna.research.safari_tracker import SafariTracker

    tr = SafariTracker(encoding)           # one per game being played
    obs = tr.observation(game, seat)       # == encoding.observation(game, seat)
    mask = tr.legal_mask(game)             # == encoding.legal_mask(game)
    tr.observation(game, seat, copy=False) # the tracker's own buffer: no copy, overwritten later
    # obs is int16 (OBSERVATION_DTYPE); its values equal the encoding's float32 ones

What changes, and how it is found (the tracker reads the engine's state
through its documented read-only interface, `savanna.safari.game.READ_ONLY`
and `Game.action_options()`, as `savanna.ai`'s evaluation does; nothing in
the engine knows of it):
- tiles placed: the `T` actions in `game.history` past the last call; each
  sets its cell's tile, edge, corner, baobab, trail/bush, animal and bird
  planes (fixed per tile and rotation, worked out once), and the frontier
  around it;
- whole trails and bush (completion, distinct animals, open ends, meeples per
  seat): the tracker mirrors the engine's union-find with a list of member
  parts per feature, and redraws the cells of every feature that a new tile
  joined or whose meeples changed (the meeples are compared with the last
  call's), for that kind of feature only;
- baobabs completed around a new tile, meeples on baobabs (compared), tokens
  and diggers of watering holes (the holes whose tokens or diggers changed),
  rangers, the last tile placed, the feature being scored and the drawn
  tile's placements (`fits_*`): redrawn where they were and where they are;
- the vector part (scores, supplies, the drawn tile, ...) is copied at each
  call from arrays kept per seat and rewritten only where they changed (who
  acts, the scores and supplies, the tiles left), and from tables worked out
  once per encoding (the drawn tile's part);
- the legal mask: the placements from the frontier's patterns (each cell's
  pattern kept in an array; a table per tile type gives the rotations that
  fit, for every cell at once: also the `fits_*` planes), the actions
  after placing from the engine's own legality of that step,
  `action_options()` (its ranger moves through the frontier plane), a
  ranger's put-back likewise from the frontier plane less
  `rangers.blocked`, the rest from `legal_actions()`; only the entries set
  for the last state are cleared.

Seats are relative to the observer. The tracker keeps one buffer, its seat
planes (meeples, meeples per feature, diggers: four planes a seat, seat after
seat) in the order of absolute seats; a copy for another seat turns that block
as it copies (two contiguous copies), and `copy=False` turns it in place (the
next sync turns it back before it writes).

Observations are int16 (`OBSERVATION_DTYPE`): every entry is a whole number
(flags, counts, open ends, scores clipped to SCORE_BOUND = 1000), so 16 bits
hold it exactly at half float32's size (222 KB rather than 444 KB for two seats:
copying it is the largest single cost of a step). `SafariTracker(enc,
dtype=np.float32)` gives the encoding's own dtype.

Copies: `observation(game, seat)` and `legal_mask(game)` return new arrays;
`observation(..., copy=False)` and `legal_mask(..., copy=False)` the tracker's
own buffer and mask, valid until the next call for this game (read or copy
them before): what `SafariEnv(copy_observations=False)` hands out.

A game other than the last one seen, or whose history does not continue the
one seen, is read whole again (a reset, a loaded or cloned game).
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from savanna.safari.geometry import RING, STEP, corner_slot, slot_corner, space
from savanna.safari.inspection import tile_layout
from savanna.safari.phases import ACTION, PLACE, RANGER, SCORE
from savanna.safari.rangers import blocked
from savanna.safari.regions import BUSH_KIND, popcount

from .safari_encoding import ROTATIONS, SCORE_BOUND, SEAT_PLANES, OutsideWindowError, SafariEncoding, encode_drawn_layout

__all__ = ["OBSERVATION_DTYPE", "SafariTracker"]

# every entry of an observation is a whole number below 32,768 (counts, flags, scores clipped to
# SCORE_BOUND), so 16-bit integers hold it exactly at half float32's size
OBSERVATION_DTYPE = np.int16
NO_SPACE = 256  # the frontier pattern of a cell that is not on the frontier (engine patterns are 0..255)
_DIG_EXPAND = frozenset(("D", "X"))  # the action kinds that lay watering-hole tokens


class _Tables:
    """What a tracker needs of an encoding, worked out once per encoding and shared."""

    def __init__(self, enc: SafariEncoding):
        P, V, h, w = enc.plane, enc.vec, enc.window, enc.width
        n, k = enc.players, enc.num_animals
        self.S = S = enc.spaces
        self.cell = {space(x, y): (y + h) * w + (x + h) for y in range(-h, h + 1) for x in range(-h, h + 1)}
        self.xy_of_cell = [enc.xy_of(s) for s in range(S)]
        self.P = P
        # board plane offsets in the flat (C * S) stack
        self.off_tile = P["tile"] * S
        self.off_baobab_done = P["baobab_complete"] * S
        self.off_done = (P["trail_complete"] * S, P["bush_complete"] * S)
        self.off_distinct = (P["trail_distinct"] * S, P["bush_distinct"] * S)
        self.off_ends = (P["trail_open_ends"] * S, P["bush_open_ends"] * S)
        self.off_kind_meeples = (P["trail_meeples_seat0"] * S, P["bush_meeples_seat0"] * S)
        self.off_meeple = P["meeple_seat0"] * S
        self.off_ranger = [P[f"ranger_{i}"] * S for i in range(enc.rangers)]
        self.off_token = P[f"token_NE_{enc.animals[0]}"] * S
        self.off_digger = P["digger_seat0"] * S
        self.off_frontier = P["frontier"] * S
        self.off_fits = P["fits_0"] * S
        self.off_last = P["last_placed"] * S
        self.off_scoring = P["scoring"] * S
        # the seats' planes: one block, seat by seat (`seat_stride` planes each); an observer's
        # copy turns the block so that its own seat's planes come first (two contiguous copies)
        first = P[f"{SEAT_PLANES[0]}_seat0"]
        assert all(P[f"{grp}_seat{j}"] == first + j * enc.seat_stride + i
                   for j in range(n) for i, grp in enumerate(SEAT_PLANES))
        self.seat_step = enc.seat_stride * S  # flat distance from a seat's plane to the next seat's
        self.seat_block = (first * S, (first + n * enc.seat_stride) * S)
        self._static: dict[tuple, tuple] = {}
        self.enc = enc
        # vector offsets
        self.v_phase = V["phase_place"]
        self.v_to_act = V["to_act_seat0"]
        self.v_active = V["active_seat0"]
        self.v_score = V["score_seat0"]
        self.v_meeples = V["meeples_seat0"]
        self.v_tokens = V[f"tokens_seat0_{enc.animals[0]}"]
        self.v_tiles_left = V["tiles_left"]
        self.v_left = V[f"left_{enc.type_ids[0]}"]
        self.v_pile = V["token_pile"]
        self.v_discarded = V[f"discarded_{enc.animals[0]}"]
        self.v_drawn = V[f"drawn_{enc.type_ids[0]}"]
        self.v_drawn_end = V["drawn270_baobab"] + 1
        self.v_scoring = V[f"scoring_{enc.animals[0]}"]
        self.v_scoring_birds = V["scoring_birds"]
        self.v_scoring_kind = (V["scoring_trail"], V["scoring_bush"])
        self.v_leader = V["scoring_leader_seat0"]
        self.v_asks = V["scoring_asks_seat0"]
        self.v_added = V[f"scoring_added_{enc.animals[0]}"]
        self.v_displaced = V["ranger_0_displaced"] if enc.rangers else 0
        ts = enc.tileset
        self.copy_type_list = [enc.type_index[c.type.id] for c in ts.copies]
        self.head = self.v_discarded + k  # phase .. discarded: one stretch from 0
        assert self.v_phase == 0 and self.v_drawn == self.head and self.v_left == self.v_tiles_left + 1
        assert self.v_score == self.v_active + n
        self.num_types = len(enc.type_ids)
        self._drawn: dict[int, np.ndarray] = {}
        self._fits: dict[int, tuple[Any, np.ndarray]] = {}
        self._corners: dict[int, int] = {}
        self.k = k
        self.tileset = ts
        self.fit_of_copy = [self.fit_table(c.type) for c in ts.copies]  # by tile copy, for the encoding's set

    def static(self, tt: Any, rot: int, animals: tuple[str, ...]) -> tuple[list[int], list[int]]:
        """The fixed planes of a tile turned `rot`: (plane offsets, values), as `SafariEncoding._board` sets them."""
        key = (id(tt), rot, animals)
        got = self._static.get(key)
        if got is not None and got[2] is tt:
            return got[0], got[1]
        P, S, ai = self.P, self.S, self.enc.animal_index
        rd = tt.rotations[rot]
        vals: dict[int, float] = {P["tile"]: 1.0}
        for d, e in enumerate(rd.edges):
            if e == 1:
                vals[P["edge_trail_N"] + d] = 1.0
            elif e == 2:
                vals[P["edge_bush_N"] + d] = 1.0
        for c in rd.corners:
            vals[P["open_corner_NE"] + c] = 1.0
        for f, letters in zip(tt.features, animals):
            if f.kind == "baobab":
                vals[P["baobab"]] = 1.0
                continue
            vals[P[f.kind]] = 1.0
            for ch in letters:
                q = P["animal_" + ch] if ch in ai else None
                if q is not None:
                    vals[q] = vals.get(q, 0.0) + 1
            vals[P["birds"]] = vals.get(P["birds"], 0.0) + f.birds
        order = sorted(q for q, v in vals.items() if v)
        out = ([q * S for q in order], [int(vals[q]) for q in order])
        self._static[key] = (out[0], out[1], tt)
        return out

    def corner_of(self, slot: int) -> int:
        """4 * cell + corner of a watering-hole slot's tile corner (the part of a dig or expand
        index before the animal), or -1 outside the window."""
        got = self._corners.get(slot)
        if got is None:
            sp, c = slot_corner(slot)
            s = self.cell.get(sp)
            got = self._corners[slot] = -1 if s is None else 4 * s + c
        return got

    def fit_table(self, tt: Any) -> np.ndarray:
        """(257, 4) uint8s: entry (p, r) is 1 if the tile type turned r fits a frontier space of
        pattern p; row 256 (`NO_SPACE`, a space not on the frontier) is 0."""
        got = self._fits.get(id(tt))
        if got is None or got[0] is not tt:
            tab = np.zeros((NO_SPACE + 1, 4), np.uint8)
            for pat, rs in enumerate(tt.fits):
                tab[pat, list(rs)] = 1
            got = self._fits[id(tt)] = (tt, tab)
        return got[1]

    def drawn(self, copy: int) -> np.ndarray:
        """The vector from the drawn tile's part to its end for one tile copy (its type and its
        four rotations, then zeros: what follows is for the other phases)."""
        seg = self._drawn.get(copy)
        if seg is None:
            enc = self.enc
            V = enc.vec
            vec = np.zeros(enc.vector_size, np.float32)
            c = enc.tileset.copies[copy]
            if c.type.id in enc.type_index:
                vec[V[f"drawn_{c.type.id}"]] = 1
            for r in ROTATIONS:  # (tile_layout gives what g.drawn_tile_layout(r) gives)
                encode_drawn_layout(vec, V, r, tile_layout(c.type, r // 90, c.animals))
            seg = self._drawn[copy] = vec[self.v_drawn:].astype(np.int16)
        return seg



def _tables(enc: SafariEncoding) -> _Tables:
    """The tables of an encoding (made at its first tracker, then kept on it)."""
    t = _TABLES.get(enc)
    if t is None:
        t = _TABLES[enc] = _Tables(enc)
    return t


_TABLES: weakref.WeakKeyDictionary[SafariEncoding, _Tables] = weakref.WeakKeyDictionary()


def _storage(given: np.ndarray | None, size: int, dtype: np.dtype, what: str) -> np.ndarray:
    """A zeroed array of `size` entries: `given` (checked) or a new one."""
    if given is None:
        return np.zeros(size, dtype)
    if not isinstance(given, np.ndarray) or given.shape != (size,) or given.dtype != dtype \
            or not given.flags.c_contiguous or not given.flags.writeable:
        raise ValueError(f"the {what} array must be a writeable contiguous {dtype} array of {size} entries")
    given.fill(0)
    return given


class SafariTracker:
    """The observation and legal mask of one game at a time, kept up to date incrementally.

    Equal, array for array, to `encoding.observation(game, seat)` and
    `encoding.legal_mask(game)`; see the module's docstring."""

    def __init__(self, encoding: SafariEncoding, dtype: Any = OBSERVATION_DTYPE,
                 observation: np.ndarray | None = None, mask: np.ndarray | None = None):
        """`observation` and `mask`, if given, are the arrays to keep the observation and the
        int8 mask in (a row of a batch each: `observation(copy=False)` and
        `action_mask(copy=False)` are then those rows, brought up to date in place)."""
        self.encoding = encoding
        self.t = _tables(encoding)
        self.dtype = np.dtype(dtype)
        # one observation: board planes kept current by `sync`, then the vector. Its per-seat
        # planes are those of seat `view`'s observation: a copy for another seat rotates them as
        # it copies; `observation(copy=False)` rotates them in place, and `sync` back to 0 (the
        # order of absolute seats) before it writes
        self.full = _storage(observation, encoding.observation_size, self.dtype, "observation")
        self.buf = self.full[:encoding.plane_size]
        self._mv = memoryview(self.buf)  # type: ignore[arg-type]  # (numpy's stubs give an ndarray its buffer from Python 3.12 only)
        self.view = 0
        self.game: Any = None
        self.n = 0
        self.synced = False
        self._mask = mask = _storage(mask, encoding.size, np.dtype(np.int8), "mask")
        self._seats = frozenset(range(encoding.players))
        self._mm = memoryview(mask)  # type: ignore[arg-type]  # (numpy's stubs give an ndarray its buffer from Python 3.12 only; entry by entry: faster than NumPy for a few entries)
        self._undo: list = []  # where the mask was set: lists of indices
        self._undo_views: list = []  # and stretches of it (views)
        # views made once (making one costs about as much as the copy through it)
        t, S, enc = self.t, self.t.S, encoding
        self._fits = self.buf[t.off_fits:t.off_fits + 4 * S]
        self._place = mask[enc.PLACE:enc.PLACE + 4 * S]
        self._moves = (mask[enc.MOVE:enc.MOVE + S], mask[enc.MOVE + S:enc.MOVE + 2 * S], mask[enc.MOVE:enc.MOVE + 2 * S])
        self._return = mask[enc.RETURN:enc.RETURN + S]
        w = enc.width
        self._fits3 = self._fits.reshape(4, w, w)  # (rotation, row, column)
        self._place3 = self._place.reshape(w, w, 4)  # (row, column, rotation)
        self._heads: list[list] = [[(), -1, None] for _ in range(encoding.players)]  # per seat (`vector`)
        self._left: tuple = (None, 0, None)  # `_stack_counts`: the game, its stack's length, the counts
        self._legal: list[int] | None = None
        self._outside = 0

    @property
    def planes(self) -> np.ndarray:
        """The board planes as seat 0 sees them (C, W, W) (a view: read only)."""
        self._rotate(0)
        return self.buf.reshape(self.encoding.plane_shape)

    def _rotate(self, seat: int) -> None:
        """Turn the per-seat planes of the buffer to `seat`'s view."""
        shift = (seat - self.view) % self.encoding.players
        if shift:
            (a, b), cut = self.t.seat_block, shift * self.t.seat_step
            block = self.buf[a:b]
            first = block[:cut].copy()
            block[:b - a - cut] = block[cut:]
            block[b - a - cut:] = first
            self.view = seat

    # ------------------------------------------------------------- state

    def _restart(self, g: Any) -> list[int]:
        self.buf.fill(0)
        self.view = 0
        w = self.encoding.width
        self.pattern = np.full((w, w), NO_SPACE, np.intp)  # each cell's frontier pattern
        self.pattern_flat = self.pattern.ravel()
        self._front8 = np.zeros(self.t.S, np.int8)  # the frontier plane, as the move masks take it
        self._f8 = memoryview(self._front8)  # type: ignore[arg-type]  # (numpy's stubs give an ndarray its buffer from Python 3.12 only)
        # the rows and columns (from, to) around every tile laid so far, so the frontier's: the
        # placements are worked out over that box only (it only grows)
        h = self.encoding.window
        self.box = [h, h + 1, h, h + 1]  # (the start tile's space, (0, 0), is the window's middle)
        self.fits_box: tuple | None = None  # the box the `fits_*` planes were last drawn in
        self.game = g
        self.n = 0  # history entries read
        self.last_action = None
        self.node_space: dict[int, int] = {}
        self.members: dict[int, list[int]] = {}  # tracked root -> its parts (nodes)
        self.troot: dict[int, int] = {}  # node -> tracked root
        # baobabs not yet surrounded (a surrounded one stays so): how many of the eight spaces
        # around each are empty, and, for each of those spaces, the baobabs it waits for
        self.baobab_missing: dict[int, int] = {}
        self.baobab_waiting: dict[int, list[int]] = {}
        self.fm: frozenset = frozenset()
        self.fm_list: list = []
        self.bm: dict[int, int] = {}
        self.holes: dict[int, tuple] = {}
        self.hole_meeples: dict[int, tuple] = {}
        # where the markers are drawn: the rangers' spaces (-1 none), the last tile's, the scoring
        # feature's cells (flat indices)
        self.marked_rangers: list[int] = []
        self.marked_last: int | None = None
        self.marked_scoring: set[int] = set()
        self.front_out: set[int] = set()  # empty spaces next to a tile outside the window
        self._heads = [[(), -1, None] for _ in range(self.encoding.players)]
        self._left = (None, 0, None)
        return list(g.board)

    def sync(self, g: Any) -> None:
        """Bring the board planes up to `g`'s state, and work out its legal actions."""
        hist = g.history
        n = self.n if g is self.game else -1
        if n < 0 or len(hist) < n or (n and hist[n - 1] is not self.last_action):
            placed = self._restart(g)
            self.last_sp = next((a.args[0] for a in reversed(hist) if a.kind == "T"), None)
            dug = True
        elif len(hist) == n and self.synced:
            return  # nothing played since
        else:
            placed = []
            dug = False  # (only a dig or an expansion changes a hole)
            for a in hist[n:]:
                kind = a.kind
                if kind == "T":
                    placed.append(a.args[0])
                elif kind in _DIG_EXPAND:
                    dug = True
            if placed:
                self.last_sp = placed[-1]
        self.synced = False
        self.n = len(hist)
        self.last_action = hist[-1] if hist else None
        t = self.t
        S = t.S
        cell = t.cell
        board = g.board
        regions = g.regions
        find = regions.find
        if self.view:
            self._rotate(0)
        mv = self._mv  # the buffer, written entry by entry (faster than NumPy for a few entries)
        step = t.seat_step  # (a seat's plane to the next seat's)

        # 1. new tiles: fixed planes, feature members, frontier, baobabs around
        new_nodes: list[int] = []
        new_baobabs: list[int] = []
        if placed:
            node_space, members, troot = self.node_space, self.members, self.troot
            for sp in placed:
                tt, rot, animals, _, _, nodes = board[sp]
                s = cell.get(sp)
                if s is not None:
                    offs, vals = t.static(tt, rot, animals)
                    for o, v in zip(offs, vals):
                        mv[o + s] = v
                if tt.baobab >= 0:
                    new_baobabs.append(sp)
                for node in nodes:
                    if node >= 0:
                        node_space[node] = sp
                        members[node] = [node]
                        troot[node] = node
                        new_nodes.append(node)
            touched = set(new_nodes)
            for sp in placed:  # (once every new part is known: neighbours may be new too)
                for d in range(4):
                    nb = board.get(sp + STEP[d])
                    if nb is not None:
                        for node in nb[5]:
                            if node >= 0:
                                touched.add(troot[node])
            for tr in touched:
                r = find(tr)
                if r != tr and tr in members:
                    moved = members.pop(tr)
                    members[r].extend(moved)
                    for node in moved:
                        troot[node] = r
            frontier = g.frontier
            front = t.off_frontier
            f8 = self._f8
            bdone = t.off_baobab_done
            missing, waiting = self.baobab_missing, self.baobab_waiting
            for q in new_baobabs:
                empty = [q + o for o in RING if q + o not in board]
                if empty:
                    missing[q] = len(empty)
                    for e in empty:
                        waiting.setdefault(e, []).append(q)
                else:
                    s = cell.get(q)
                    if s is not None:
                        mv[bdone + s] = 1
            front_out = self.front_out
            pattern = self.pattern_flat
            box = self.box
            w = self.encoding.width
            for sp in placed:
                s = cell.get(sp)
                if s is not None:
                    mv[front + s] = f8[s] = 0
                    pattern[s] = NO_SPACE
                    y, x = divmod(s, w)
                    if y <= box[0]:
                        box[0] = y - 1 if y else 0
                    if y + 2 > box[1]:
                        box[1] = y + 2 if y + 2 < w else w
                    if x <= box[2]:
                        box[2] = x - 1 if x else 0
                    if x + 2 > box[3]:
                        box[3] = x + 2 if x + 2 < w else w
                else:
                    front_out.discard(sp)
                    box[:] = [0, w, 0, w]  # (a tile outside the window: its neighbours may be inside, on the edge)
                for d in range(4):
                    nb = sp + STEP[d]
                    p = frontier.get(nb)
                    if p is not None:  # an empty space next to the tile: what it now demands
                        s = cell.get(nb)
                        if s is not None:
                            mv[front + s] = f8[s] = 1
                            pattern[s] = p
                        else:
                            front_out.add(nb)
                for q in waiting.pop(sp, ()):
                    missing[q] -= 1
                    if not missing[q]:
                        del missing[q]
                        s = cell.get(q)
                        if s is not None:
                            mv[bdone + s] = 1

        # 2. meeples: on trails and bush (by part), on baobabs (by space)
        n_seats = self.encoding.players
        meeple_cells: set[int] = set()
        changed_nodes: list[int] = []
        fm_list = g.feature_meeples
        if fm_list != self.fm_list:
            fm = frozenset(fm_list)
            for _, node in fm.symmetric_difference(self.fm):
                changed_nodes.append(node)
                meeple_cells.add(self.node_space[node])
            self.fm = fm
            self.fm_list = fm_list[:]
        bm = g.baobab_meeples
        if bm != self.bm:
            for sp in set(bm).union(self.bm):
                if bm.get(sp) != self.bm.get(sp):
                    meeple_cells.add(sp)
            self.bm = dict(bm)
        by_root: dict[int, list[int]] = {}
        if fm_list and (meeple_cells or new_nodes):
            for seat, node in fm_list:
                root = find(node)
                counts = by_root.get(root)
                if counts is None:
                    counts = by_root[root] = [0] * n_seats
                counts[seat] += 1
        if meeple_cells:
            owners: dict[int, list[int]] = {}
            for seat, node in fm_list:
                owners.setdefault(node, []).append(seat)
            for sp in meeple_cells:
                s = cell.get(sp)
                if s is None:
                    continue
                base = t.off_meeple + s
                counts = [0] * n_seats
                for node in board[sp][5]:
                    if node >= 0:
                        for seat in owners.get(node, ()):
                            counts[seat] += 1
                seat = bm.get(sp)
                if seat is not None:
                    counts[seat] += 1
                for j in range(n_seats):
                    mv[base + j * step] = counts[j]

        # 3. whole features joined or whose meeples changed: redraw their cells
        if new_nodes or changed_nodes:
            roots = {find(node) for node in new_nodes}
            roots.update(find(node) for node in changed_nodes)
            node_space, members = self.node_space, self.members
            cells = {node_space[node] for r in roots for node in members[r]}
            opened, masks, kinds = regions.open, regions.mask, regions.kind
            o_done, o_dist, o_ends, o_meeple = t.off_done, t.off_distinct, t.off_ends, t.off_kind_meeples
            of_root: dict[int, tuple[int, int, int]] = {}  # root -> (kind, open ends, distinct animals)
            for sp in cells:
                s = cell.get(sp)
                if s is None:
                    continue
                done = [0, 0]
                dist = [0, 0]
                ends = [0, 0]
                meeples = [[0] * n_seats, [0] * n_seats]
                redraw = [False, False]  # the kinds of a feature redrawn here (the other kind's stay)
                for node in board[sp][5]:
                    if node < 0:
                        continue
                    r = find(node)
                    got = of_root.get(r)
                    if got is None:
                        got = of_root[r] = (1 if kinds[r] == BUSH_KIND else 0, opened[r], popcount(masks[r]))
                    kd, op, dd = got
                    if r in roots:
                        redraw[kd] = True
                    if op == 0:
                        done[kd] = 1
                    elif op > ends[kd]:
                        ends[kd] = op
                    if dd > dist[kd]:
                        dist[kd] = dd
                    counts = by_root.get(r)
                    if counts is not None:
                        m = meeples[kd]
                        for j in range(n_seats):
                            if counts[j] > m[j]:
                                m[j] = counts[j]
                for kd in (0, 1):
                    if not redraw[kd]:
                        continue
                    mv[o_done[kd] + s] = done[kd]
                    mv[o_dist[kd] + s] = dist[kd]
                    mv[o_ends[kd] + s] = ends[kd]
                    base = o_meeple[kd] + s
                    m = meeples[kd]
                    for j in range(n_seats):
                        mv[base + j * step] = m[j]

        # 4. watering holes whose tokens or diggers changed: the four cells around each
        holes, hm = g.holes, g.hole_meeples
        points: set[int] = set()
        if dug and holes != self.holes:
            old = self.holes
            points.update(p for p, toks in holes.items() if old.get(p) != toks)
            self.holes = dict(holes)
        if dug and hm != self.hole_meeples:
            old = self.hole_meeples
            points.update(p for p in set(hm).union(old) if hm.get(p) != old.get(p))
            self.hole_meeples = dict(hm)
        if points:
            k = t.k
            ai = self.encoding.animal_index
            for sp in {slot_corner(p * 4 + j)[0] for p in points for j in range(4)}:
                s = cell.get(sp)
                if s is None:
                    continue
                tokens = [0] * (4 * k)
                diggers = [0] * n_seats
                for c in range(4):
                    slot = corner_slot(sp, c)
                    p, j = slot >> 2, slot & 3
                    toks = holes.get(p)
                    if toks is not None and toks[j] and toks[j] in ai:
                        tokens[c * k + ai[toks[j]]] = 1
                    for seat, jj in hm.get(p, ()):
                        if jj == j:
                            diggers[seat] += 1
                for q in range(4 * k):
                    mv[t.off_token + q * S + s] = tokens[q]
                for j in range(n_seats):
                    mv[t.off_digger + j * step + s] = diggers[j]

        # 5. markers that move: the rangers, the last tile, the feature scoring (each in planes of
        # its own: the old place cleared, then the new one set)
        phase = g.phase
        rangers = g.rangers
        shown = self.marked_rangers
        if rangers != shown:
            off_ranger = t.off_ranger
            for i, r in enumerate(rangers[:len(off_ranger)]):
                was = shown[i] if i < len(shown) else -1
                if r != was:
                    s = cell.get(was)
                    if s is not None:
                        mv[off_ranger[i] + s] = 0
                    s = cell.get(r)
                    if s is not None:
                        mv[off_ranger[i] + s] = 1
            self.marked_rangers = rangers[:]
        if self.last_sp != self.marked_last:
            s = None if self.marked_last is None else cell.get(self.marked_last)
            if s is not None:
                mv[t.off_last + s] = 0
            s = None if self.last_sp is None else cell.get(self.last_sp)
            if s is not None:
                mv[t.off_last + s] = 1
            self.marked_last = self.last_sp
        if phase == SCORE or self.marked_scoring:
            scoring: set[int] = set()
            if phase == SCORE:
                node_space = self.node_space
                for node in self.members.get(find(g.jobs[0][0]), ()):
                    s = cell.get(node_space[node])
                    if s is not None:
                        scoring.add(t.off_scoring + s)
            was_scoring = self.marked_scoring
            if scoring != was_scoring:
                for i in was_scoring.difference(scoring):
                    mv[i] = 0
                for i in scoring.difference(was_scoring):
                    mv[i] = 1
                self.marked_scoring = scoring
        placing = phase == PLACE and g.tile >= 0
        place_outside = 0
        if placing:
            ts = g.tileset
            tt = ts.copies[g.tile].type
            y0, y1, x0, x1 = box = self.box
            # (row, column, rotation) -> fits; (patterns are 0 .. NO_SPACE: "clip" clips none, and
            # spares the bounds check)
            table = (t.fit_of_copy[g.tile] if ts is t.tileset else t.fit_table(tt)).take(
                self.pattern[y0:y1, x0:x1], axis=0, mode="clip")
            if self.front_out:  # (placements outside the window: counted, for strict masks)
                frontier = g.frontier
                place_outside = sum(len(tt.fits[frontier[sp]]) for sp in self.front_out)
        # the placements
        fits_shown = self.fits_box
        if fits_shown is not None:
            self._fits3[:, fits_shown[0]:fits_shown[1], fits_shown[2]:fits_shown[3]] = 0
            self.fits_box = None
        if placing:
            self._fits3[:, y0:y1, x0:x1] = table.transpose(2, 0, 1)
            self.fits_box = (y0, y1, x0, x1)

        # the legal actions, as a mask
        mm = self._mm
        for at in self._undo:  # clear what the last state set (cheaper than the whole array)
            for i in at:
                mm[i] = 0
        for view in self._undo_views:
            view[:] = 0
        self._undo = []
        self._undo_views = views = []
        if placing:
            at = self._place3[y0:y1, x0:x1]
            at[:] = table
            views.append(at)
            self._outside = place_outside
        elif phase == PLACE:
            self._outside = 0
        else:
            self._outside = self._legal_now(g)
        self._legal = None
        self.synced = True

    # ------------------------------------------------------- legal actions

    def _legal_now(self, g: Any) -> int:
        """Mark the legal actions outside the place phase in the mask; how many lie outside the window."""
        enc, t = self.encoding, self.t
        cell = t.cell
        phase = g.phase
        outside = 0
        S = t.S
        if phase == ACTION:  # (the engine's legality: Game.action_options; the indices as the encoding's)
            animals, meeples, digs, expands, movers = g.action_options()
            k = t.k
            ai = enc.animal_index
            held = [ai[a] for a in animals]
            corner_of = t.corner_of
            out = [enc.PASS]
            m0 = enc.MEEPLE
            for kind, side in meeples:
                out.append(m0 + (8 if side < 0 else (0 if kind == "trail" else 4) + side))
            if digs:
                dig0 = enc.TOKEN
                corners = t._corners
                for slot in digs:
                    b = corners.get(slot)
                    if b is None:
                        b = corner_of(slot)
                    if b < 0:
                        outside += len(held)
                        continue
                    b = dig0 + b * k
                    for a in held:
                        out.append(b + a)
            exp0 = enc.TOKEN
            for slot, letters in expands:
                b = corner_of(slot)
                if b < 0:
                    outside += len(letters)
                else:
                    b = exp0 + b * k
                    for a in letters:
                        out.append(b + ai[a])
            mm = self._mm
            for i in out:
                mm[i] = 1
            self._undo.append(out)
            if movers:  # each to any space of the frontier but theirs
                front = self._front8
                m0, m1 = enc.MOVE, enc.MOVE + S
                move0, move1, both = self._moves
                move0[:] = front
                move1[:] = front
                self._undo_views.append(both)
                for r in movers:
                    s = cell.get(r)
                    if s is not None:
                        mm[m0 + s] = 0
                        mm[m1 + s] = 0
                outside += 2 * len(self.front_out.difference(movers))
        elif phase == RANGER:  # (as the engine's rangers.put_back_choices)
            ret = enc.RETURN
            self._return[:] = self._front8
            self._undo_views.append(self._return)
            stop = blocked(g)
            for r in stop:
                s = cell.get(r)
                if s is not None:
                    self._mm[ret + s] = 0
            outside += len(self.front_out.difference(stop))
        elif phase == SCORE:
            adds = [enc.action_to_index(g, a) for a in g.legal_actions()]
            mm = self._mm
            for i in adds:
                mm[i] = 1
            self._undo.append(adds)
        return outside

    def _check_window(self, strict: bool) -> None:
        if strict and self._outside:
            w = self.encoding.width
            raise OutsideWindowError(f"{self._outside} legal actions lie outside the {w}x{w} window; "
                                     "use a larger window")

    def legal_indices(self, game: Any, strict: bool = True) -> list[int]:
        """`encoding.legal_indices(game, strict)`, from the tracker."""
        self.sync(game)
        self._check_window(strict)
        if self._legal is None:
            self._legal = np.flatnonzero(self._mask).tolist()
        return self._legal[:]

    def legal_mask(self, game: Any, strict: bool = True, dtype: Any = bool, copy: bool = True) -> np.ndarray:
        """`encoding.legal_mask(game, strict, dtype)`, from the tracker: a new array, or with
        `copy=False` the tracker's own int8 mask (read only; the next call for this game changes it)."""
        self.sync(game)
        self._check_window(strict)
        if not copy:
            return self._mask
        return self._mask.astype(dtype)

    def action_mask(self, game: Any, copy: bool = True) -> np.ndarray:
        """`legal_mask(game, dtype=np.int8, copy=copy)`, as the environments hand it out."""
        self.sync(game)
        return self.synced_mask(copy)

    def synced_mask(self, copy: bool = True) -> np.ndarray:
        """`action_mask` of the game last synced (by `observation` or any other call), without
        looking at it again: for a caller that has just made that call."""
        if self._outside:
            self._check_window(True)
        return self._mask.copy() if copy else self._mask

    def legal_mask_into(self, game: Any, out: np.ndarray, strict: bool = True) -> None:
        """Write `legal_mask(game, strict)` into `out` (a row of a batch)."""
        self.sync(game)
        self._check_window(strict)
        out[:] = self._mask

    def is_legal(self, game: Any, index: int) -> bool:
        """Whether an action index is legal now (as the mask says)."""
        self.sync(game)
        i = int(index)
        return 0 <= i < self._mask.shape[0] and self._mm[i] == 1

    # --------------------------------------------------------- observation

    def observation(self, game: Any, seat: int, out: np.ndarray | None = None, copy: bool = True) -> np.ndarray:
        """`encoding.observation(game, seat)`, from the tracker: a new array, or written into `out`;
        with `copy=False` (and no `out`) the tracker's own buffer for that seat, which the next
        call for this game overwrites (read it, or copy it, before)."""
        enc = self.encoding
        if (type(seat) is not int and not isinstance(seat, int)) or seat not in self._seats \
                or game.players != enc.players:
            if game.players != enc.players:
                raise ValueError(f"this encoding is for {enc.players} players, the game has {game.players}")
            raise ValueError(f"seat must be 0 to {enc.players - 1}, not {seat!r}")
        self.sync(game)
        P = enc.plane_size
        if out is None and not copy:
            self._rotate(seat)
            self.vector(game, seat, self.full[P:])
            return self.full
        buf = self.buf
        to: Any  # (a memoryview, or the caller's array)
        fro: Any
        if out is None:
            out = self.full.copy()  # (one copy; the vector part is written over below)
            to, fro = memoryview(out), self._mv  # type: ignore[arg-type]  # (as above; same type: slices copied with less overhead)
        else:
            out[:P] = buf
            to, fro = out, buf
        shift = (seat - self.view) % enc.players
        if shift:  # relative seat j's planes come from the buffer's seat (j + shift) % n
            (a, b), cut = self.t.seat_block, shift * self.t.seat_step
            to[a:b - cut] = fro[a + cut:b]
            to[b - cut:b] = fro[a:a + cut]
        self.vector(game, seat, out[P:])
        return out

    def _stack_counts(self, g: Any) -> np.ndarray:
        """The vector's `tiles_left` and `left_<type>` entries (one stretch) for `g`'s tile stack.
        Kept from call to call: a tile drawn since the last call (the stack one shorter, and the
        drawn tile the one being placed) is taken off; any other change counts the stack again."""
        seen, length, counts = self._left
        stack = g.stack
        n = len(stack)
        if seen is g and n == length:
            return counts
        if seen is g and n == length - 1 and g.phase == PLACE and g.tile >= 0:
            counts[0] = n  # (in place: the counts are only ever copied into a vector)
            counts[1 + self.t.copy_type_list[g.tile]] -= 1
        else:
            ct = self.t.copy_type_list
            tally = [0] * (1 + self.t.num_types)
            for c in stack:
                tally[1 + ct[c]] += 1
            tally[0] = n
            counts = np.array(tally, self.dtype)
        self._left = (g, n, counts)
        return counts

    def _counts(self, g: Any, seat: int) -> np.ndarray:
        """The vector's entries from the first to the last `discarded_` for `seat`, with zeros for
        who acts and the tiles left (`_stack_counts`)."""
        t = self.t
        n, k = self.encoding.players, t.k
        head: list[float] = [0] * t.head
        score, supply, hands = g.score, g.supply_meeples, g.hands
        for j in range(n):
            s = (seat + j) % n
            v = score[s]
            head[t.v_score + j] = v if v < SCORE_BOUND else SCORE_BOUND
            head[t.v_meeples + j] = supply[s]
        head[t.v_tokens:t.v_tokens + n * k] = hands[seat * k:] + hands[:seat * k]
        head[t.v_pile] = len(g.pile)
        for a in g.discards:
            head[t.v_discarded + a] += 1
        return np.fromiter(head, self.dtype, t.head)

    def vector(self, g: Any, seat: int, vec: np.ndarray) -> None:
        """The vector part (as `SafariEncoding._vector`), into `vec`."""
        t = self.t
        n = self.encoding.players
        k = t.k
        phase = g.phase
        # the head (phase .. discarded tokens: contiguous) in two parts: who acts in which phase,
        # written entry by entry, and the scores, supplies and piles, which change a few times a
        # turn: kept per seat as an array, made again when they change
        score, supply, hands, pile, discards = g.score, g.supply_meeples, g.hands, g.pile, g.discards
        # (the discards only grow between reshuffles, and a game's history is one line: their
        # count and the reshuffles so far tell them apart)
        key = (*score, *supply, *hands, len(pile), len(discards), g.reshuffles)
        lead = self._heads[seat]  # [key, tiles left, the stretch 0 .. head, who acts being 0]
        if lead[0] != key or self.game is not g:
            arr = self._counts(g, seat)
            lead = self._heads[seat] = [key, -1, arr]
        arr = lead[2]
        counts = self._stack_counts(g)
        if lead[1] != self._left[1]:  # (the count of tiles left tells the counts apart: they only shrink)
            arr[t.v_tiles_left:t.v_left + t.num_types] = counts
            lead[1] = self._left[1]
        vec[:t.head] = arr
        # who acts in which phase: three entries, written one by one
        mv = memoryview(vec)  # type: ignore[arg-type]  # (numpy's stubs give an ndarray its buffer from Python 3.12 only)
        mv[t.v_phase + phase] = 1
        cp = g.current_player
        if cp is not None:
            mv[t.v_to_act + (cp - seat) % n] = 1
            mv[t.v_active + (g.active - seat) % n] = 1
        if phase == PLACE and g.tile >= 0:
            vec[t.v_drawn:] = t.drawn(g.tile)
            return
        vec[t.head:] = 0
        if phase == SCORE:
            regions = g.regions
            root, seats = g.jobs[0]
            mask = regions.mask[root]
            for i in range(k):
                if mask >> i & 1:
                    vec[t.v_scoring + i] = 1
            kind = regions.kind[root]
            vec[t.v_scoring_birds] = regions.birds[root] if kind == BUSH_KIND else 0
            vec[t.v_scoring_kind[kind]] = 1
            for s in seats:
                vec[t.v_leader + (s - seat) % n] = 1
            vec[t.v_asks + (seats[g.job_seat] - seat) % n] = 1
            ai = self.encoding.animal_index
            for ch in g.job_adds:
                if ch:
                    vec[t.v_added + ai[ch]] = 1
        elif phase == RANGER:
            for r, where in enumerate(g.rangers):
                if where < 0 and r < self.encoding.rangers:
                    vec[t.v_displaced + r] = 1

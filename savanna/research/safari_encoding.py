"""A fixed action space and an observation tensor for Carcassonne Safari.

Both research interfaces (the PettingZoo environment and the OpenSpiel game)
use this module, so an index means the same action, and a tensor the same
thing, in both.

    from savanna import safari
    from savanna.research import safari_encoding as encoding

    g = safari.new_game(players=2, seed=1)
    mask = encoding.legal_mask(g)                  # numpy bool array, one entry per action index
    i = encoding.action_to_index(g, g.legal_actions()[0])
    g.apply(encoding.index_to_action(g, i))        # the engine's Action (its notation string)
    obs = encoding.observation(g, seat=0)          # flat float32 vector
    planes, vector = encoding.split_observation(g, obs)   # (C, W, W) board planes and the rest

The module-level functions use `encoding_for(game, window)`, a cached
`SafariEncoding` for the game's tile set, number of players and window; build
a `SafariEncoding` yourself to hold one.

The window
----------
Actions and board planes cover a square window of spaces centred on the start
tile's middle space (0, 0): x and y from -window to +window, so (2*window+1)^2
spaces. The default half-width, `DEFAULT_WINDOW` = 20 (a 41 x 41 window), was
measured on the real tile set (`python bench/board_extent.py`): in 5,040 games
(5,000 between random players with 2 to 5 seats, 40 between greedy players) no
tile lay further than 14 spaces from (0, 0) in x or y, and no empty space next
to a tile (where tiles and rangers go) further than 15; the tail falls by a
factor of 3 to 5 per step (games reaching 10: 769, 12: 57, 13: 12, 14: 2), so a legal
action outside the default window is not expected in practice. Should one occur, `legal_mask`
raises `OutsideWindowError` (or, with `strict=False`, leaves it out), and
`outside_window(game)` lists such actions. Board planes simply omit anything
outside the window.

Action indices (K animals in the tile set's order, A E G L Z for the game's
own set; S = (2*window+1)^2 spaces, space index s = (y+window)*(2*window+1) +
(x+window); rotation index r = 0..3 for 0, 90, 180, 270; corner index c = 0..3
for NE, SE, SW, NW; ranger index i = its position in `game.ranger_spaces()`):

| block      | size   | index                                  | notation          |
|------------|--------|----------------------------------------|-------------------|
| pass       | 1      | 0                                      | `pass`            |
| add        | K+1    | 1 (+none), 2+k (+animal k)             | `+none`, `+L`     |
| meeple     | 9      | K+2 + j: j = side 0..3 for trail N E S W, 4+side for bush, 8 baobab | `M:trail:S`, `M:baobab` |
| place      | 4S     | PLACE + 4s + r                         | `T2,-1@90`        |
| token      | 4SK    | TOKEN + (4s + c)*K + k                 | `D1,0:SE=G`, `X2,0:SW=Z` |
| move       | 2S     | MOVE + i*S + s (s: the destination)    | `R-1,-1>0,-1`     |
| return     | S      | RETURN + s                             | `R>3,0`           |

A meeple action names its feature by kind and the first of its sides in N E S
W order, exactly as `legal_actions()` writes it. A token block index lays
animal k's token on corner c of the tile at s: a dig (`D`) where that slot
touches no token of its watering hole, an expansion (`X`) where it does. The
two never share a slot (a slot next to a token may only be expanded, a slot with
no token beside it only dug), so one block holds both and the state says which,
as it says which ranger a move index names. The offsets are attributes of
`SafariEncoding` (`PLACE`, `TOKEN`, ...), `size` is the total (45,403 with the
default window and tile set, whatever the number of players).

Observation
-----------
`observation(game, seat)` is a flat float32 vector: the board planes (C, W, W)
in C order, then a vector of V numbers; `split_observation` cuts it, and
`plane_names` / `vector_names` name every plane and every vector entry.
Every entry is a whole number from 0 to `observation_high` (at most 1,000, the
score bound), so the PettingZoo environments hand the same values out as int16
(`tracker.OBSERVATION_DTYPE`). Seats are relative to the observer: "seat 0" is the observing seat, "seat 1"
the next in turn order, and so on. It holds only what every seat can see (in
Safari all is public but the order of the face-down land tiles and animal
tokens, which it never shows: the remaining tiles and tokens are given as
counts).

Board planes (at each space of the window):
- `tile`; `edge_trail_N..W`, `edge_bush_N..W`: the kind of each edge;
  `open_corner_NE..NW`: corners showing only savanna;
- `baobab`, `baobab_complete`; `trail`, `bush` (the tile has one),
  `trail_complete`, `bush_complete` (one of them here is complete),
  `trail_distinct`, `bush_distinct` (distinct animals on the whole feature
  through this tile, the largest if several), `trail_open_ends`,
  `bush_open_ends` (open ends of the whole feature, the largest);
- `animal_<X>`: animals of species X printed on the tile; `birds`;
- for each relative seat j in turn, four planes: `meeple_seat<j>`, that
  seat's meeples on this tile's features; `trail_meeples_seat<j>`,
  `bush_meeples_seat<j>`, its meeples on the whole trail / bush through this
  tile (the largest if several); `digger_seat<j>`, its digging meeples on the
  tile's corners (`seat_stride` = 4 planes from one seat's to the next's);
- `ranger_0`, `ranger_1` (in the order of `game.ranger_spaces()`);
- `token_<corner>_<X>`: an animal token X on that corner of the tile (watering
  holes);
- `frontier`: empty spaces next to a tile; `fits_<r>`: in the place phase, the
  drawn tile can go there turned r degrees (the legal placements);
- `last_placed`: the latest tile placed; `scoring`: the spaces of the trail or
  bush being scored while a scoring choice is asked.

Vector: phase (one-hot place, action, score, ranger, over); the seat to act and
the active seat (one-hot, relative); per relative seat its score (clipped to
`SCORE_BOUND`), meeples in supply and tokens per species; land tiles left, and
per tile type how many are left; face-down tokens left and discarded tokens per
species; the drawn tile (in the place phase only): its type (one-hot), and for
each rotation 0, 90, 180, 270 its edges (one-hot s/t/b per side), open corners,
which sides one feature joins (pairs NE NS NW ES EW SW), the animals and birds
of the feature on each side, and whether it has a baobab; while scoring, the
feature's animals, birds, kind, leading seats, the seat asked and the tokens
added so far; in the ranger phase, which ranger is to be put back.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from typing import Any

import numpy as np

from savanna.safari import Action, parse_action
from savanna.safari.actions import DIG, EXPAND, corner_action
from savanna.safari.actions import move as move_action
from savanna.safari.actions import place as place_action
from savanna.safari.geometry import corner_slot, space, xy
from savanna.safari.watering_holes import expand_allowed

DEFAULT_WINDOW = 20
SCORE_BOUND = 1000.0

SIDES = "NESW"
CORNERS = ("NE", "SE", "SW", "NW")
SEAT_PLANES = ("meeple", "trail_meeples", "bush_meeples", "digger")  # the board planes each seat has
ROTATIONS = (0, 90, 180, 270)
PHASES = ("place", "action", "score", "ranger", "over")
SIDE_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
# slot k of a watering-hole point (x, y) -> (dx, dy, corner index) of the tile corner it is
SLOT_CORNER = ((-1, -1, 1), (0, -1, 2), (0, 0, 3), (-1, 0, 0))

__all__ = [
    "DEFAULT_WINDOW",
    "SCORE_BOUND",
    "OutsideWindowError",
    "SafariEncoding",
    "action_to_index",
    "encoding_for",
    "index_to_action",
    "legal_indices",
    "legal_mask",
    "observation",
    "outside_window",
    "shared_encoding",
    "split_observation",
]


class OutsideWindowError(ValueError):
    """An action whose space lies outside the encoding's window."""


class SafariEncoding:
    """The action space and observation layout for one tile set, number of players and window.

    `SafariEncoding(players=2, window=DEFAULT_WINDOW, tiles=None)`; `tiles` is a
    TileSet or tile-set data as `safari.new_game` takes it (None: the game's own).
    `SafariEncoding.for_game(game, window)` builds one matching a game.
    """

    def __init__(self, players: int = 2, window: int = DEFAULT_WINDOW, tiles: Any = None):
        from savanna.safari import load_tiles

        ts = load_tiles(tiles)
        if not isinstance(window, int) or isinstance(window, bool) or window < 2:
            raise ValueError(f"window must be a whole number of at least 2 (the half-width), not {window!r}")
        if not isinstance(players, int) or not ts.min_players <= players <= ts.max_players:
            raise ValueError(f"players must be {ts.min_players} to {ts.max_players}, not {players!r}")
        self.tileset = ts
        self.players = players
        self.window = window
        self.width = w = 2 * window + 1
        self.spaces = s = w * w
        self.animals = ts.animals
        self.num_animals = k = len(ts.animals)
        self.animal_index = {a: i for i, a in enumerate(ts.animals)}
        self.rangers = len(ts.ranger_spaces)

        # ---- action blocks
        self.PASS = 0
        self.ADD = 1
        self.MEEPLE = self.ADD + k + 1
        self.PLACE = self.MEEPLE + 9
        self.TOKEN = self.PLACE + 4 * s  # digs and expansions: the slot's hole says which
        self.MOVE = self.TOKEN + 4 * s * k
        self.RETURN = self.MOVE + self.rangers * s
        self.size = self.RETURN + s
        self._to_index: dict[Action, int] = {}
        self._to_action: dict[int, Action] = {}
        self._tokens: dict[int, tuple] = {}  # token index -> (point, slot at the point, dig, expansion)
        self._space_of = [space(*self.xy_of(c)) for c in range(s)]  # window cell -> the engine's space code

        # ---- observation layout
        p = players
        planes = ["tile"] + [f"edge_trail_{d}" for d in SIDES] + [f"edge_bush_{d}" for d in SIDES]
        planes += [f"open_corner_{c}" for c in CORNERS]
        planes += ["baobab", "baobab_complete", "trail", "bush", "trail_complete", "bush_complete",
                   "trail_distinct", "bush_distinct", "trail_open_ends", "bush_open_ends"]
        planes += [f"animal_{a}" for a in ts.animals] + ["birds"]
        # the planes of each seat together, seat by seat: an observer's view turns them as one block
        planes += [f"{group}_seat{j}" for j in range(p) for group in SEAT_PLANES]
        self.seat_stride = len(SEAT_PLANES)  # from a seat's plane to the next seat's of the same group
        planes += [f"ranger_{i}" for i in range(self.rangers)]
        planes += [f"token_{c}_{a}" for c in CORNERS for a in ts.animals]
        planes += ["frontier"] + [f"fits_{r}" for r in ROTATIONS] + ["last_placed", "scoring"]
        self.plane_names = planes
        self.plane = {n: i for i, n in enumerate(planes)}

        self.type_ids = [t.id for t in ts.types]
        self.type_index = {t: i for i, t in enumerate(self.type_ids)}
        vec: list[str] = [f"phase_{ph}" for ph in PHASES]
        vec += [f"to_act_seat{j}" for j in range(p)] + [f"active_seat{j}" for j in range(p)]
        vec += [f"score_seat{j}" for j in range(p)] + [f"meeples_seat{j}" for j in range(p)]
        vec += [f"tokens_seat{j}_{a}" for j in range(p) for a in ts.animals]
        vec += ["tiles_left"] + [f"left_{t}" for t in self.type_ids]
        vec += ["token_pile"] + [f"discarded_{a}" for a in ts.animals]
        vec += [f"drawn_{t}" for t in self.type_ids]
        for r in ROTATIONS:
            vec += [f"drawn{r}_edge_{d}_{e}" for d in SIDES for e in "stb"]
            vec += [f"drawn{r}_open_{c}" for c in CORNERS]
            vec += [f"drawn{r}_joins_{SIDES[a]}{SIDES[b]}" for a, b in SIDE_PAIRS]
            vec += [f"drawn{r}_side_{d}_{a}" for d in SIDES for a in ts.animals]
            vec += [f"drawn{r}_side_{d}_birds" for d in SIDES]
            vec += [f"drawn{r}_baobab"]
        vec += [f"scoring_{a}" for a in ts.animals] + ["scoring_birds", "scoring_trail", "scoring_bush"]
        vec += [f"scoring_leader_seat{j}" for j in range(p)] + [f"scoring_asks_seat{j}" for j in range(p)]
        vec += [f"scoring_added_{a}" for a in ts.animals]
        vec += [f"ranger_{i}_displaced" for i in range(self.rangers)]
        self.vector_names = vec
        self.vec = {n: i for i, n in enumerate(vec)}
        self.num_planes = len(planes)
        self.plane_shape = (len(planes), w, w)
        self.vector_size = len(vec)
        self.plane_size = len(planes) * s
        self.observation_size = self.plane_size + len(vec)
        self.observation_low = np.zeros(self.observation_size, np.float32)
        self.observation_high = self._bounds()

    @classmethod
    def for_game(cls, game: Any, window: int = DEFAULT_WINDOW) -> SafariEncoding:
        return encoding_for(game, window)

    def __repr__(self) -> str:
        return (f"<SafariEncoding players={self.players} window={self.window} actions={self.size} "
                f"planes={self.plane_shape} vector={self.vector_size}>")

    # ------------------------------------------------------------- actions

    def _space(self, code: int) -> int:
        x, y = xy(code)
        h = self.window
        if -h <= x <= h and -h <= y <= h:
            return (y + h) * self.width + (x + h)
        raise OutsideWindowError(f"space {x},{y} lies outside the {self.width}x{self.width} window "
                                 f"(coordinates -{h}..{h}); use a larger window")

    def xy_of(self, s: int) -> tuple[int, int]:
        y, x = divmod(s, self.width)
        return x - self.window, y - self.window

    def action_to_index(self, game: Any, action: Action | str) -> int:
        """The index of an action (or its notation) in this game's current state.
        Raises OutsideWindowError for a space outside the window, ValueError for malformed notation."""
        a = action if type(action) is Action else parse_action(action)
        i = self._to_index.get(a)
        if i is not None:
            return i
        kind = a.kind
        if kind == "R":
            src, dst = a.args
            where = game.ranger_spaces()
            sx, sy = xy(src)
            if (sx, sy) not in where:
                raise ValueError(f"action {a}: no ranger stands on {sx},{sy}")
            return self.MOVE + where.index((sx, sy)) * self.spaces + self._space(dst)
        if kind == "M" and a.args[1] < 0 and a.args[0] != "baobab":
            return self._meeple_without_side(game, a)
        i = self._index(a)
        self._to_index[a] = i
        if kind not in ("D", "X"):  # (a token index is a dig or an expansion as the state has it)
            self._to_action.setdefault(i, a)
        return i

    def _index(self, a: Action) -> int:
        kind, args = a.kind, a.args
        k = self.num_animals
        if kind == "pass":
            return self.PASS
        if kind == "+":
            return self.ADD if args[0] is None else self.ADD + 1 + self._animal(a, args[0])
        if kind == "M":
            what, side = args
            return self.MEEPLE + (8 if what == "baobab" else (0 if what == "trail" else 4) + side)
        if kind == "T":
            return self.PLACE + 4 * self._space(args[0]) + args[1]
        if kind in ("D", "X"):
            sp, c, animal = args
            return self.TOKEN + (4 * self._space(sp) + c) * k + self._animal(a, animal)
        if kind == "R>":
            return self.RETURN + self._space(args[0])
        raise ValueError(f"action {a}: unknown kind {kind!r}")

    def _animal(self, a: Action, letter: str) -> int:
        i = self.animal_index.get(letter)
        if i is None:
            raise ValueError(f"action {a}: {letter!r} is not an animal of this tile set ({self.animals})")
        return i

    def _meeple_without_side(self, game: Any, a: Action) -> int:
        kind = a.args[0]
        where = game.last_placed
        tile = next((t for t in game.tiles_on_board() if (t["x"], t["y"]) == where), None) if where else None
        sides = [f["sides"] for f in (tile["features"] if tile else []) if f["kind"] == kind]
        if len(sides) != 1:
            raise ValueError(f"action {a}: name the {kind} by one of its sides, e.g. M:{kind}:N")
        return self.MEEPLE + (0 if kind == "trail" else 4) + SIDES.index(sides[0][0])

    def index_to_action(self, game: Any, index: int) -> Action:
        """The engine's Action for an index in this game's current state (not checked for legality:
        `game.apply` does that). Raises ValueError for an index out of range, or a ranger move
        naming a ranger that is not on the board."""
        if type(index) is int or isinstance(index, np.integer):  # (NumPy integers hash as ints)
            a = self._to_action.get(index)
            if a is not None:
                return a
        try:
            i = int(index)
        except (TypeError, ValueError):
            raise ValueError(f"an action index must be a whole number, not {index!r}") from None
        if i != index or not 0 <= i < self.size:
            raise ValueError(f"action index {index!r} is outside 0..{self.size - 1}")
        if self.TOKEN <= i < self.MOVE:
            return self._token_action(game, i)
        if self.MOVE <= i < self.RETURN:
            r, s = divmod(i - self.MOVE, self.spaces)
            src = game.rangers[r]  # (the engine's space code, -1 when displaced)
            if src < 0:
                raise ValueError(f"action index {i}: ranger {r} is off the board (displaced)")
            return move_action(src, self._space_of[s])  # (interned by the engine, as parse_action gives)
        a = self._to_action.get(i)
        if a is not None:
            return a
        if self.PLACE <= i < self.TOKEN:  # (the engine's constructor: no notation to write and parse)
            s, r = divmod(i - self.PLACE, 4)
            a = place_action(self._space_of[s], r)
        else:
            a = parse_action(self._text(i))
        self._to_action[i] = a
        self._to_index.setdefault(a, i)
        return a

    def _token_action(self, game: Any, i: int) -> Action:
        """A token index as the dig or expansion it is now: an expansion where the slot touches a
        token of its watering hole, else a dig."""
        got = self._tokens.get(i)
        if got is None:
            sc, animal = divmod(i - self.TOKEN, self.num_animals)
            s, c = divmod(sc, 4)
            sp, ch = self._space_of[s], self.animals[animal]
            slot = corner_slot(sp, c)
            got = self._tokens[i] = (slot >> 2, slot & 3, corner_action(DIG, sp, c, ch), corner_action(EXPAND, sp, c, ch))
        point, j, dig, expand = got
        return expand if expand_allowed(game.holes.get(point), j) else dig

    def _text(self, i: int) -> str:
        k = self.num_animals
        if i == self.PASS:
            return "pass"
        if i < self.MEEPLE:
            j = i - self.ADD
            return "+none" if j == 0 else f"+{self.animals[j - 1]}"
        if i < self.PLACE:
            j = i - self.MEEPLE
            return "M:baobab" if j == 8 else f"M:{'trail' if j < 4 else 'bush'}:{SIDES[j % 4]}"
        if i < self.TOKEN:
            s, r = divmod(i - self.PLACE, 4)
            x, y = self.xy_of(s)
            return f"T{x},{y}@{ROTATIONS[r]}"
        x, y = self.xy_of(i - self.RETURN)
        return f"R>{x},{y}"

    def legal_indices(self, game: Any, strict: bool = True) -> list[int]:
        """The indices of the legal actions, ascending. A legal action outside the window raises
        OutsideWindowError, or with `strict=False` is left out."""
        out = []
        for a in game.legal_actions():
            try:
                out.append(self.action_to_index(game, a))
            except OutsideWindowError:
                if strict:
                    raise
        out.sort()
        return out

    def legal_mask(self, game: Any, strict: bool = True, dtype: Any = bool) -> np.ndarray:
        """A `size`-long array, true (1) at the legal actions' indices."""
        mask = np.zeros(self.size, dtype)
        idx = self.legal_indices(game, strict)
        if idx:
            mask[idx] = 1
        return mask

    def outside_window(self, game: Any) -> list[Action]:
        """The legal actions that this window cannot encode (normally none)."""
        out = []
        for a in game.legal_actions():
            try:
                self.action_to_index(game, a)
            except OutsideWindowError:
                out.append(a)
        return out

    # --------------------------------------------------------- observation

    def _bounds(self) -> np.ndarray:
        """Upper bounds of every observation entry (the lower bound is 0)."""
        ts = self.tileset
        k = self.num_animals
        tiles = [(c.type, c.animals) for c in ts.copies] + [(c.type, c.animals) for c in ts.start]
        max_animal = max(max((sum(a.count(ch) for a in an) for ch in ts.animals), default=0) for _, an in tiles)
        max_birds = max(sum(f.birds for f in tt.features) for tt, _ in tiles)
        total_birds = sum(sum(f.birds for f in tt.features) for tt, _ in tiles)
        max_feats = max(len(tt.features) for tt, _ in tiles)
        open_ends = 4.0 * len(tiles)
        meeples = ts.meeples_per_player
        plane_hi = np.ones(self.num_planes, np.float32)
        for n in ("trail_distinct", "bush_distinct"):
            plane_hi[self.plane[n]] = k
        for n in ("trail_open_ends", "bush_open_ends"):
            plane_hi[self.plane[n]] = open_ends
        for a in ts.animals:
            plane_hi[self.plane[f"animal_{a}"]] = max(1, max_animal)
        plane_hi[self.plane["birds"]] = max(1, max_birds)
        for j in range(self.players):
            plane_hi[self.plane[f"meeple_seat{j}"]] = max_feats
            plane_hi[self.plane[f"trail_meeples_seat{j}"]] = meeples
            plane_hi[self.plane[f"bush_meeples_seat{j}"]] = meeples
            plane_hi[self.plane[f"digger_seat{j}"]] = 4
        vec_hi = np.ones(self.vector_size, np.float32)
        counts = Counter(c.type.id for c in ts.copies)
        for j in range(self.players):
            vec_hi[self.vec[f"score_seat{j}"]] = SCORE_BOUND
            vec_hi[self.vec[f"meeples_seat{j}"]] = meeples
            for letter, count in zip(ts.animals, ts.token_counts):
                vec_hi[self.vec[f"tokens_seat{j}_{letter}"]] = max(1, count)
        vec_hi[self.vec["tiles_left"]] = len(ts.copies)
        for t in self.type_ids:
            vec_hi[self.vec[f"left_{t}"]] = max(1, counts[t])
        vec_hi[self.vec["token_pile"]] = max(1, sum(ts.token_counts))
        for letter, count in zip(ts.animals, ts.token_counts):
            vec_hi[self.vec[f"discarded_{letter}"]] = max(1, count)
        for r in ROTATIONS:
            for d in SIDES:
                for a in ts.animals:
                    vec_hi[self.vec[f"drawn{r}_side_{d}_{a}"]] = max(1, max_animal)
                vec_hi[self.vec[f"drawn{r}_side_{d}_birds"]] = max(1, max_birds)
        vec_hi[self.vec["scoring_birds"]] = max(1, total_birds)
        hi = np.empty(self.observation_size, np.float32)
        hi[:self.plane_size] = np.repeat(plane_hi, self.spaces)
        hi[self.plane_size:] = vec_hi
        return hi

    def split(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Views of a flat observation: board planes (C, W, W) and the vector (V,)."""
        return obs[:self.plane_size].reshape(self.plane_shape), obs[self.plane_size:]

    def observation(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of `game` for `seat` as a flat float32 vector (written into `out` if given)."""
        if game.players != self.players:
            raise ValueError(f"this encoding is for {self.players} players, the game has {game.players}")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        if out is None:
            out = np.zeros(self.observation_size, np.float32)
        else:
            out.fill(0)
        planes, vec = self.split(out)
        self._board(game, seat, planes)
        self._vector(game, seat, vec)
        return out

    def _board(self, g: Any, seat: int, planes: np.ndarray) -> None:
        h, n, P = self.window, self.players, self.plane
        ai = self.animal_index

        def cell(x: int, y: int):
            return (y + h, x + h) if -h <= x <= h and -h <= y <= h else None

        feats = {f["feature"]: f for f in g.features()}
        tile, baobab, baobab_done = P["tile"], P["baobab"], P["baobab_complete"]
        meeple0, birds = P["meeple_seat0"], P["birds"]
        stride = self.seat_stride
        edge_plane = {"t": P["edge_trail_N"], "b": P["edge_bush_N"]}
        corner0 = P["open_corner_NE"]
        animal0 = P[f"animal_{self.animals[0]}"]
        kinds = {kind: (P[kind], P[f"{kind}_complete"], P[f"{kind}_distinct"], P[f"{kind}_open_ends"],
                        P[f"{kind}_meeples_seat0"]) for kind in ("trail", "bush")}
        for t in g.tiles_on_board():
            at = cell(t["x"], t["y"])
            if at is None:
                continue
            i, j = at
            planes[tile, i, j] = 1
            for d, e in enumerate(t["edges"]):
                if e in edge_plane:
                    planes[edge_plane[e] + d, i, j] = 1
            for c in t["corners"]:
                planes[corner0 + CORNERS.index(c), i, j] = 1
            for f in t["features"]:
                for s in f["meeples"]:
                    planes[meeple0 + (s - seat) % n * stride, i, j] += 1
                if f["kind"] == "baobab":
                    planes[baobab, i, j] = 1
                    if f["complete"]:
                        planes[baobab_done, i, j] = 1
                    continue
                has, done, distinct, ends, meeples0 = kinds[f["kind"]]
                planes[has, i, j] = 1
                if f["complete"]:
                    planes[done, i, j] = 1
                for ch in f["animals"]:
                    planes[animal0 + ai[ch], i, j] += 1
                planes[birds, i, j] += f["birds"]
                whole = feats.get(f["feature"])
                if whole is not None:
                    planes[distinct, i, j] = max(planes[distinct, i, j], len(whole["animals"]))
                    planes[ends, i, j] = max(planes[ends, i, j], whole["open_ends"])
                    for s, m in enumerate(whole["meeples"]):
                        if m:
                            q = meeples0 + (s - seat) % n * stride
                            planes[q, i, j] = max(planes[q, i, j], m)

        token0, digger0, k = P[f"token_NE_{self.animals[0]}"], P["digger_seat0"], self.num_animals
        for hole in g.watering_holes():
            px, py = hole["point"]
            for slot, letter in enumerate(hole["slots"]):
                if letter and letter in ai:
                    dx, dy, c = SLOT_CORNER[slot]
                    at = cell(px + dx, py + dy)
                    if at is not None:
                        planes[token0 + c * k + ai[letter], at[0], at[1]] = 1
            for s, slot in hole["diggers"]:
                dx, dy, _ = SLOT_CORNER[slot]
                at = cell(px + dx, py + dy)
                if at is not None:
                    planes[digger0 + (s - seat) % n * stride, at[0], at[1]] += 1

        for r, where in enumerate(g.ranger_spaces()):
            if where is not None and r < self.rangers:
                at = cell(*where)
                if at is not None:
                    planes[P[f"ranger_{r}"], at[0], at[1]] = 1
        front = P["frontier"]
        for x, y in g.empty_spaces():
            at = cell(x, y)
            if at is not None:
                planes[front, at[0], at[1]] = 1
        if g.phase_name == "place":
            fits0 = P["fits_0"]
            for a in g.legal_actions():
                x, y = xy(a.args[0])
                at = cell(x, y)
                if at is not None:
                    planes[fits0 + a.args[1], at[0], at[1]] = 1
        last = g.last_placed
        if last is not None:
            at = cell(*last)
            if at is not None:
                planes[P["last_placed"], at[0], at[1]] = 1
        sc = g.scoring()
        if sc is not None and sc["feature"] in feats:
            for x, y in feats[sc["feature"]]["spaces"]:
                at = cell(x, y)
                if at is not None:
                    planes[P["scoring"], at[0], at[1]] = 1

    def _vector(self, g: Any, seat: int, vec: np.ndarray) -> None:
        V, n, ai = self.vec, self.players, self.animal_index
        phase = g.phase_name
        vec[V[f"phase_{phase}"]] = 1
        if g.current_player is not None:
            vec[V[f"to_act_seat{(g.current_player - seat) % n}"]] = 1
        if g.active_player is not None:
            vec[V[f"active_seat{(g.active_player - seat) % n}"]] = 1
        scores = g.scores
        for s in range(n):
            j = (s - seat) % n
            vec[V[f"score_seat{j}"]] = min(float(scores[s]), SCORE_BOUND)
            vec[V[f"meeples_seat{j}"]] = g.meeples(s)
            for a, c in g.tokens(s).items():
                if a in ai:
                    vec[V[f"tokens_seat{j}_{a}"]] = c
        vec[V["tiles_left"]] = g.tiles_left
        for t, c in g.remaining_tiles().items():
            if t in self.type_index:
                vec[V[f"left_{t}"]] = c
        vec[V["token_pile"]] = g.supply_size()
        for a, c in g.discard_pile().items():
            if a in ai:
                vec[V[f"discarded_{a}"]] = c
        if phase == "place" and g.drawn_tile:
            tid = g.drawn_tile.split("/")[0]
            if tid in self.type_index:
                vec[V[f"drawn_{tid}"]] = 1
            for r in ROTATIONS:
                encode_drawn_layout(vec, V, r, g.drawn_tile_layout(r))
        sc = g.scoring()
        if sc is not None:
            for ch in sc["animals"]:
                vec[V[f"scoring_{ch}"]] = 1
            vec[V["scoring_birds"]] = sc["birds"]
            vec[V[f"scoring_{sc['kind']}"]] = 1
            for s in sc["leaders"]:
                vec[V[f"scoring_leader_seat{(s - seat) % n}"]] = 1
            vec[V[f"scoring_asks_seat{(sc['asking'] - seat) % n}"]] = 1
            for ch in sc["added"]:
                if ch:
                    vec[V[f"scoring_added_{ch}"]] = 1
        if phase == "ranger":
            for r, where in enumerate(g.ranger_spaces()):
                if where is None and r < self.rangers:
                    vec[V[f"ranger_{r}_displaced"]] = 1

    def describe(self) -> str:
        """A short text naming the action blocks and the observation layout."""
        k, s = self.num_animals, self.spaces
        lines = [f"window {self.width}x{self.width} (x, y in -{self.window}..{self.window}), {self.size} actions:",
                 f"  pass {self.PASS}; add {self.ADD}..{self.ADD + k}; meeple {self.MEEPLE}..{self.MEEPLE + 8}",
                 f"  place {self.PLACE}+4s+r; token (dig or expand) {self.TOKEN}+(4s+c)*{k}+a",
                 f"  move {self.MOVE}+ranger*{s}+s; return {self.RETURN}+s",
                 (f"observation: {self.num_planes} planes {self.plane_shape} then {self.vector_size} numbers "
                  f"= {self.observation_size}")]
        return "\n".join(lines)


_CACHE: OrderedDict[tuple, SafariEncoding] = OrderedDict()


def encode_drawn_layout(vec: np.ndarray, V: dict[str, int], r: int, lay: dict[str, Any]) -> None:
    """Write the drawn tile's layout at rotation `r` (edges, open corners, baobab, which sides
    join, animals and birds per side) into the vector part `vec`, whose names index `V`."""
    base = V[f"drawn{r}_edge_N_s"]
    for d, e in enumerate(lay["edges"]):
        vec[base + 3 * d + "stb".index(e)] = 1
    for c in lay["corners"]:
        vec[V[f"drawn{r}_open_{c}"]] = 1
    for f in lay["features"]:
        if f["kind"] == "baobab":
            vec[V[f"drawn{r}_baobab"]] = 1
            continue
        sides = [SIDES.index(d) for d in f["sides"]]
        for a, b in SIDE_PAIRS:
            if a in sides and b in sides:
                vec[V[f"drawn{r}_joins_{SIDES[a]}{SIDES[b]}"]] = 1
        for d in f["sides"]:
            for ch in f["animals"]:
                vec[V[f"drawn{r}_side_{d}_{ch}"]] += 1
            vec[V[f"drawn{r}_side_{d}_birds"]] = f["birds"]


def encoding_for(game: Any, window: int = DEFAULT_WINDOW) -> SafariEncoding:
    """The (cached) encoding for a game's tile set and number of players, with this window."""
    return shared_encoding(game.players, window, game.tileset)


def shared_encoding(players: int = 2, window: int = DEFAULT_WINDOW, tiles: Any = None) -> SafariEncoding:
    """One encoding per tile set (None: the game's own), number of players and window, shared
    (kept in a small cache): environments built alike share its tables and index caches."""
    from savanna.safari import load_tiles

    ts = load_tiles(tiles)
    if type(players) is not int or type(window) is not int:
        return SafariEncoding(players, window, ts)  # (which says what is wrong)
    key = (id(ts), players, window)
    enc = _CACHE.get(key)
    if enc is None or enc.tileset is not ts:
        enc = _CACHE[key] = SafariEncoding(players, window, ts)
        while len(_CACHE) > 16:
            _CACHE.popitem(last=False)
    return enc


def action_to_index(game: Any, action: Action | str, window: int = DEFAULT_WINDOW) -> int:
    """The fixed index of an action (or its notation) in `game`'s current state."""
    return encoding_for(game, window).action_to_index(game, action)


def index_to_action(game: Any, index: int, window: int = DEFAULT_WINDOW) -> Action:
    """The engine's Action for an index in `game`'s current state; ValueError if there is none."""
    return encoding_for(game, window).index_to_action(game, index)


def legal_indices(game: Any, window: int = DEFAULT_WINDOW, strict: bool = True) -> list[int]:
    """The legal actions' indices, ascending."""
    return encoding_for(game, window).legal_indices(game, strict)


def legal_mask(game: Any, window: int = DEFAULT_WINDOW, strict: bool = True) -> np.ndarray:
    """A bool array over the action space, true at the legal actions. A legal action outside the
    window raises OutsideWindowError (with strict=False it is left out)."""
    return encoding_for(game, window).legal_mask(game, strict)


def outside_window(game: Any, window: int = DEFAULT_WINDOW) -> list[Action]:
    """Legal actions that the window cannot encode (normally none)."""
    return encoding_for(game, window).outside_window(game)


def observation(game: Any, seat: int, window: int = DEFAULT_WINDOW) -> np.ndarray:
    """The flat float32 observation of `game` for `seat`."""
    return encoding_for(game, window).observation(game, seat)


def split_observation(game: Any, obs: np.ndarray, window: int = DEFAULT_WINDOW) -> tuple[np.ndarray, np.ndarray]:
    """Board planes (C, W, W) and vector (V,) views of a flat observation."""
    return encoding_for(game, window).split(obs)

"""A fixed action space and an observation tensor for Africa (`savanna.africa`).

The Africa counterpart of `savanna.research.safari_encoding` (Safari), used by
`AfricaEnv` (`savanna.research.africa_env`) and the vector environment:

    from savanna import africa
    from savanna.research.africa_encoding import AfricaEncoding

    g = africa.new_game(players=3, seed=1)
    e = AfricaEncoding.for_game(g)
    mask = e.legal_mask(g)                          # numpy bool array over the action space
    g.apply(e.index_to_action(g, int(mask.nonzero()[0][0])))
    obs = e.observation(g, seat=0)                  # flat float32 vector
    planes, vector = e.split(obs)                   # (C, H, W) map planes and the rest

Action indices (N = the map's spaces in reading order, the engine's space
numbers; K = kinds of object; n = players):

| block        | size          | index                                       | notation      |
|--------------|---------------|---------------------------------------------|---------------|
| pass         | 1             | 0                                           | `pass`        |
| jump         | 1             | 1                                           | `jump`        |
| camp         | 2             | 2 for points, 3 to explore                  | `B+`, `B$`    |
| keep         | 1             | 4                                           | `keep`        |
| set-up       | N             | SETUP + space                               | `Pf1`         |
| step         | N             | STEP + space                                | `Sg3`         |
| jump to      | N             | JUMP_TO + space                             | `Jk9`         |
| discover     | N             | DISCOVER + space                            | `Dg4`         |
| animal       | N             | ANIMAL + space                              | `Ag4`         |
| nomads       | N             | NOMAD + space                               | `Ng4`         |
| target       | N             | TO + space                                  | `>h5`         |
| exchange     | (n-1)*K*2     | EXCHANGE + ((j-1)*K + k)*2 + all            | `E1:robe*`    |

An exchange names the other seat relative to the seat acting (j = 1 the next
seat in turn order, ...), the object kind k (in the data's order) and whether
it takes all of that kind (`*`). `size` is the total (720 for two players
with the game's own data).

Observation: map planes (C, H, W) over the map's rows and columns (an odd row
sits half a hex east, as in the data; cells that are no space are 0 in every
plane), in C order, then a vector. Seats are relative to the observer ("seat
0" is the observer, "seat 1" the next in turn order, ...). It holds only what
that seat may see: no face-down tile's kind (the face-down tiles are given as
counts by kind, as `Game.view` gives them), and under the `hidden_treasure`
option no other seat's gold or gems (until the game is over), nor the gold
and gems kinds of the face-down tiles (they count together as
`unseen_treasure`).

Planes: `space`, `city`, `face_down`, `empty` (no tile and no base camp),
`tile_<id>` (the face-up tile, one plane per tile type), `camp_seat<j>`,
`explorer_seat<j>`, `pending` (the animal or nomads waiting for a target).

Vector: phase (one-hot: setup, move, jump, action, target, exchange, over,
reveal: an explicit-chance game's draw, at which no seat is to act),
`second_step`; `to_act_seat<j>`, `first_player_seat<j>`,
`bonus_seat<j>` (who took the last monument's bonus); per relative seat its
score (clipped to `SCORE_BOUND`), base camps in reserve, objects of each kind,
gold and gems (nuggets, stones; 0 when hidden), gold and gems tiles held (a
count, public), `treasure_hidden_seat<j>`; camps in the supply, monuments
found, tiles face down, unseen tiles per kind (`unseen_<id>`; the gold and
gems kinds 0 under the hidden option) and `unseen_treasure`; the pending
tile's kind and whether it was just discovered; the object just found (in
the exchange phase).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from savanna.africa import actions as act
from savanna.africa.phases import ACTION, MOVE, OVER, PHASE_NAMES, REVEAL, TARGET, TRADE
from savanna.africa.tiles import GameData, load_data

SCORE_BOUND = 1000.0
TREASURE = ("gold", "gems")

__all__ = ["SCORE_BOUND", "AfricaEncoding"]


class AfricaEncoding:
    """The action space and observation layout for one map and tile mix and a number of players.

    `AfricaEncoding(players=2, data=None)`; `data` as `africa.new_game` takes it (None: the game's own).
    `AfricaEncoding.for_game(game)` builds one matching a game (cached per data and players)."""

    _cache: dict[tuple, AfricaEncoding] = {}

    def __init__(self, players: int = 2, data: Any = None):
        gd = load_data(data)
        if not isinstance(players, int) or isinstance(players, bool) or not gd.min_players <= players <= gd.max_players:
            raise ValueError(f"players must be {gd.min_players} to {gd.max_players}, not {players!r}")
        self.data: GameData = gd
        self.players = n = players
        b = gd.board
        self.board = b
        self.spaces = N = b.n
        self.height = H = len(b.rows)
        self.width = W = max(len(r) for r in b.rows)
        self.cells = H * W
        self.cell = np.array([r * W + c for r, c in b.rc], np.intp)  # space -> cell
        self.objects = list(gd.objects)  # tile type indices of the object kinds
        K = len(self.objects)
        types = gd.types
        self.type_ids = [t.id for t in types]

        # ---- actions
        self.PASS, self.JUMP, self.CAMP_POINTS, self.CAMP_EXPLORE, self.KEEP = range(5)
        self.SETUP = 5
        self.STEP = self.SETUP + N
        self.JUMP_TO = self.STEP + N
        self.DISCOVER = self.JUMP_TO + N
        self.ANIMAL = self.DISCOVER + N
        self.NOMAD = self.ANIMAL + N
        self.TO = self.NOMAD + N
        self.EXCHANGE = self.TO + N
        self.size = self.EXCHANGE + (n - 1) * K * 2
        self._space_block = {act.SETUP: self.SETUP, act.STEP: self.STEP, act.JUMP_TO: self.JUMP_TO,
                             act.DISCOVER: self.DISCOVER, act.ANIMAL: self.ANIMAL, act.NOMAD: self.NOMAD,
                             act.TO: self.TO}
        self._single: dict[str, int] = {act.PASS_ACTION: self.PASS, act.JUMP_ACTION: self.JUMP, act.CAMP_FOR_POINTS: self.CAMP_POINTS,
                        act.CAMP_TO_EXPLORE: self.CAMP_EXPLORE, act.KEEP_ACTION: self.KEEP}
        self._to_index: dict[str, int] = dict(self._single)
        self._to_action: list[Any] = [act.PASS_ACTION, act.JUMP_ACTION, act.CAMP_FOR_POINTS, act.CAMP_TO_EXPLORE,
                                      act.KEEP_ACTION]
        for kind in act.SPACE_KINDS:
            base = self._space_block[kind]
            for sp in range(N):
                a = act.on_space(kind, b.labels[sp])
                self._to_index[a] = base + sp
                self._to_action.append(a)
        self._object_kind = {types[t].id: k for k, t in enumerate(self.objects)}

        # ---- observation layout
        planes = ["space", "city", "face_down", "empty"] + [f"tile_{t}" for t in self.type_ids]
        planes += [f"camp_seat{j}" for j in range(n)] + [f"explorer_seat{j}" for j in range(n)] + ["pending"]
        self.plane_names = planes
        self.plane = {p: i for i, p in enumerate(planes)}
        obj_ids = [types[t].id for t in self.objects]
        vec = [f"phase_{p}" for p in PHASE_NAMES] + ["second_step"]
        vec += [f"to_act_seat{j}" for j in range(n)] + [f"first_player_seat{j}" for j in range(n)]
        vec += [f"bonus_seat{j}" for j in range(n)]
        for j in range(n):
            vec += [f"score_seat{j}", f"camps_seat{j}"] + [f"{o}_seat{j}" for o in obj_ids]
            vec += [f"gold_seat{j}", f"gems_seat{j}", f"treasure_tiles_seat{j}", f"treasure_hidden_seat{j}"]
        vec += ["camp_supply", "monuments_found", "tiles_face_down"] + [f"unseen_{t}" for t in self.type_ids]
        vec += ["unseen_treasure"] + [f"pending_{t}" for t in self.type_ids] + ["pending_discovered"]
        vec += [f"found_{o}" for o in obj_ids]
        self.vector_names = vec
        self.vec = {v: i for i, v in enumerate(vec)}
        self.num_planes = len(planes)
        self.plane_shape = (len(planes), H, W)
        self.plane_size = len(planes) * H * W
        self.vector_size = len(vec)
        self.observation_size = self.plane_size + len(vec)
        self._seat_block = K + 6  # vector entries per seat: score, camps, K objects, gold, gems, tiles, hidden
        self._static = np.zeros(self.plane_size, np.float32)
        self._static[self.plane["space"] * H * W + self.cell] = 1
        for c in b.cities:
            self._static[self.plane["city"] * H * W + self.cell[c]] = 1
        self._treasure_types = [t.index for t in types if t.kind in TREASURE]
        self._is_treasure = np.array([t.kind in TREASURE for t in types])
        self._value = np.array([t.value for t in types], np.float32)
        self._kind_gold = np.array([t.kind == "gold" for t in types])
        self._kind_gems = np.array([t.kind == "gems" for t in types])
        self.observation_low = np.zeros(self.observation_size, np.float32)
        self.observation_high = self._bounds()

    @classmethod
    def for_game(cls, game: Any) -> AfricaEncoding:
        key = (id(game.data), game.players)
        e = cls._cache.get(key)
        if e is None or e.data is not game.data:
            e = cls._cache[key] = cls(game.players, game.data)
            while len(cls._cache) > 16:
                cls._cache.pop(next(iter(cls._cache)))
        return e

    def __repr__(self) -> str:
        return (f"<AfricaEncoding players={self.players} actions={self.size} planes={self.plane_shape} "
                f"vector={self.vector_size}>")

    # ------------------------------------------------------------- actions

    def action_to_index(self, game: Any, action: Any) -> int:
        """The index of an action (or its notation) in this game's current state; ValueError for
        malformed notation or a space or seat the game does not have."""
        a = action if isinstance(action, act.Action) else act.parse(action)
        i = self._to_index.get(a)
        if i is not None:
            return i
        if a.kind == act.EXCHANGE:
            other, kind, everything = a.args
            k = self._object_kind.get(kind)
            me = game.current_player
            if k is None or me is None or not 0 <= other < self.players or other == me:
                raise ValueError(f"action {a}: no such exchange in this game")
            j = (other - me) % self.players
            return self.EXCHANGE + ((j - 1) * len(self.objects) + k) * 2 + (1 if everything else 0)
        raise ValueError(f"action {a}: {a.args[0] if a.args else a} is not on this map")

    def index_to_action(self, game: Any, index: int) -> Any:
        """The engine's Action for an index in this game's current state (not checked for legality:
        `game.apply` does that); ValueError for an index out of range, or an exchange with nobody to act."""
        try:
            i = int(index)
        except (TypeError, ValueError):
            raise ValueError(f"an action index must be a whole number, not {index!r}") from None
        if i != index or not 0 <= i < self.size:
            raise ValueError(f"action index {index!r} is outside 0..{self.size - 1}")
        if i < self.EXCHANGE:
            return self._to_action[i]
        me = game.current_player
        if me is None:
            raise ValueError(f"action index {i}: an exchange, and the game is over")
        j, rest = divmod(i - self.EXCHANGE, 2 * len(self.objects))
        k, everything = divmod(rest, 2)
        other = (me + j + 1) % self.players
        return act.exchange(other, self.data.types[self.objects[k]].id, bool(everything))

    def legal_indices(self, game: Any) -> list[int]:
        """The indices of the legal actions, ascending."""
        to_index = self._to_index
        out = []
        for a in game.legal_actions():
            i = to_index.get(a)
            out.append(i if i is not None else self.action_to_index(game, a))
        out.sort()
        return out

    def legal_mask(self, game: Any, dtype: Any = bool) -> np.ndarray:
        """A `size`-long array, true (1) at the legal actions' indices."""
        mask = np.zeros(self.size, dtype)
        idx = self.legal_indices(game)
        if idx:
            mask[idx] = 1
        return mask

    # --------------------------------------------------------- observation

    def _bounds(self) -> np.ndarray:
        gd = self.data
        hi = np.ones(self.observation_size, np.float32)
        V, P = self.vec, self.plane_size
        counts = {t.id: t.count for t in gd.types}
        gold = sum(t.value * t.count for t in gd.types if t.kind == "gold")
        gems = sum(t.value * t.count for t in gd.types if t.kind == "gems")
        treasure = sum(t.count for t in gd.types if t.kind in TREASURE)
        for j in range(self.players):
            hi[P + V[f"score_seat{j}"]] = SCORE_BOUND
            hi[P + V[f"camps_seat{j}"]] = max(1, gd.camps_per_player + gd.camp_supply)
            for t in self.objects:
                tid = gd.types[t].id
                hi[P + V[f"{tid}_seat{j}"]] = counts[tid]
            hi[P + V[f"gold_seat{j}"]] = max(1, gold)
            hi[P + V[f"gems_seat{j}"]] = max(1, gems)
            hi[P + V[f"treasure_tiles_seat{j}"]] = max(1, treasure)
        hi[P + V["camp_supply"]] = max(1, gd.camp_supply)
        hi[P + V["monuments_found"]] = gd.monuments
        hi[P + V["tiles_face_down"]] = len(gd.board.discovery)
        for tt in gd.types:
            hi[P + V[f"unseen_{tt.id}"]] = tt.count
        hi[P + V["unseen_treasure"]] = max(1, treasure)
        return hi

    def split(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Views of a flat observation: map planes (C, H, W) and the vector (V,)."""
        return obs[:self.plane_size].reshape(self.plane_shape), obs[self.plane_size:]

    def observation(self, game: Any, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of `game` for `seat` as a flat float32 vector (written into `out` if given)."""
        g = game
        if g.players != self.players or g.board.n != self.spaces:
            raise ValueError(f"this encoding is for {self.players} players on a map of {self.spaces} spaces; "
                             f"the game has {g.players} players and {g.board.n} spaces")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        if out is None:
            out = np.empty(self.observation_size, np.float32)
        P, HW, n = self.plane_size, self.cells, self.players
        planes = out[:P]
        planes[:] = self._static
        pl = self.plane
        cell = self.cell
        content = np.array(g.content, np.intp)
        down = np.array(g.down, bool)
        camp = np.array(g.camp, np.intp)
        planes[pl["face_down"] * HW + cell[down]] = 1
        up = (content >= 0) & ~down
        planes[(pl["tile_" + self.type_ids[0]] + content[up]) * HW + cell[up]] = 1
        planes[pl["empty"] * HW + cell[(content < 0) & (camp < 0)]] = 1
        has = camp >= 0
        if has.any():
            planes[(pl["camp_seat0"] + (camp[has] - seat) % n) * HW + cell[has]] = 1
        ex0 = pl["explorer_seat0"]
        for s, e in enumerate(g.explorer):
            if e >= 0:
                planes[(ex0 + (s - seat) % n) * HW + cell[e]] = 1
        phase = g.phase
        if phase == TARGET:
            planes[pl["pending"] * HW + cell[g.pending]] = 1
        self._vector(g, seat, out[P:], content, down)
        return out

    def _vector(self, g: Any, seat: int, vec: np.ndarray, content: np.ndarray, down: np.ndarray) -> None:
        V, n = self.vec, self.players
        gd = self.data
        vec.fill(0)
        phase = g.phase
        vec[V["phase_" + PHASE_NAMES[phase]]] = 1
        if phase in (MOVE, ACTION, TARGET, TRADE, REVEAL) and g.step:
            vec[V["second_step"]] = 1
        cp = g.current_player
        if cp is not None and cp >= 0:  # (an explicit-chance game's draw: nobody acts)
            vec[V["to_act_seat0"] + (cp - seat) % n] = 1
        vec[V["first_player_seat0"] + (g.first_player - seat) % n] = 1
        if g.bonus_holder >= 0:
            vec[V["bonus_seat0"] + (g.bonus_holder - seat) % n] = 1
        T = g.num_types
        held = np.array(g.held, np.float32).reshape(n, T)
        hidden = g.hidden_treasure and phase != OVER
        base0 = V["score_seat0"]
        K = len(self.objects)
        for s in range(n):
            j = (s - seat) % n
            b = base0 + j * self._seat_block
            row = held[s]
            vec[b] = min(float(g.score[s]), SCORE_BOUND)
            vec[b + 1] = g.reserve[s]
            vec[b + 2:b + 2 + K] = row[self.objects]
            vec[b + 4 + K] = row[self._is_treasure].sum()
            if hidden and s != seat:
                vec[b + 5 + K] = 1
            else:
                vec[b + 2 + K] = row @ (self._value * self._kind_gold)
                vec[b + 3 + K] = row @ (self._value * self._kind_gems)
        vec[V["camp_supply"]] = g.supply
        vec[V["monuments_found"]] = g.monuments_found
        vec[V["tiles_face_down"]] = g.n_down
        unseen = np.bincount(content[down], minlength=len(self.type_ids)).astype(np.float32)
        vec[V["unseen_treasure"]] = unseen[self._is_treasure].sum()
        if hidden:
            unseen[self._is_treasure] = 0
        u0 = V["unseen_" + self.type_ids[0]]
        vec[u0:u0 + len(self.type_ids)] = unseen
        if phase == TARGET:
            vec[V["pending_" + self.type_ids[0]] + g.content[g.pending]] = 1
            vec[V["pending_discovered"]] = 1 if g.pending_discovered else 0
        elif phase == TRADE:
            vec[V["found_" + gd.types[self.objects[0]].id] + self.objects.index(g.new_object)] = 1

    def describe(self) -> str:
        """A short text naming the action blocks and the observation layout."""
        return (f"{self.spaces} spaces, {self.size} actions: pass 0, jump 1, B+ 2, B$ 3, keep 4; "
                f"P {self.SETUP}+s, S {self.STEP}+s, J {self.JUMP_TO}+s, D {self.DISCOVER}+s, A {self.ANIMAL}+s, "
                f"N {self.NOMAD}+s, > {self.TO}+s, E {self.EXCHANGE}+((j-1)*K+k)*2+all\n"
                f"observation: {self.num_planes} planes {self.plane_shape} then {self.vector_size} numbers "
                f"= {self.observation_size}")

"""The state of a game of Africa and its turn flow.

Set-up: the seed draws the first player and shuffles the tiles face down onto
the discovery spaces. From the first player on, in seat order (clockwise),
each seat puts its explorer on a free city (`P`).

A turn is a short sequence of small decisions by the active seat:

    jump   J<space>                               (A: the whole turn)
    S<space>  action  [target | exchange]  S<space>  action  [target | exchange]   (B)

where `S` is a step of 0, 1 or 2 spaces (`S` on the explorer's own space
stays) and an action is one of: `D` discover an adjacent tile, `A`/`N` move
a face-up animal/nomads on or next to the explorer, `B+`/`B$` a base camp
for points/to explore, `pass`. A discovered or moved animal or nomad then
asks where it goes (`>`), unless a discovered one has nowhere better to go,
and a discovered object offers an exchange (`E..`/`keep`) when one is
possible. The game ends at once when the last monument is turned.

Spaces are ints inside the engine (see board.py); tile types are ints, the
index of their entry in the data.

Chance (savanna/chance.py): by default (`chance="sampled"`) the seed shuffles
the tiles onto the discovery spaces, and `D<space>` turns up the one lying
there. With `chance="explicit"` what lies face down is not decided: `D<space>`
leads to a chance node (phase "reveal", `current_player` CHANCE) whose outcomes
are the kinds of tile still face down, each as likely as its count among them,
and the outcome applied (`~elephant`) is the tile turned up there. The seed
still draws the first player (unless given) and the tiles of `revealed`, set-up
that every seat sees before play; a space of `tile_layout` can only show its
tile. Inside, the face-down spaces hold the unseen tiles as placeholders in
space order: a reveal swaps the tile named onto the space.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from typing import Any

from savanna import events
from savanna.chance import CHANCE, EXPLICIT, SAMPLED, check_mode
from savanna.limits import at_most, check_seed

from . import actions as act
from .actions import Action
from .scoring import final_scoring
from .serialization import dump
from .tiles import GameData, load_data

SETUP, MOVE, JUMP, ACTION, TARGET, TRADE, OVER, REVEAL = range(8)
PHASE_NAMES = ("setup", "move", "jump", "action", "target", "exchange", "over", "reveal")
EMPTY = -1
TREASURE_KINDS = ("gold", "gems")


def _tables(board) -> dict[str, list[Action]]:
    """The space actions of a board, by kind, indexed by space (built once per board)."""
    t = getattr(board, "_actions", None)
    if t is None:
        t = {k: [act.on_space(k, lb) for lb in board.labels] for k in act.SPACE_KINDS}
        board._actions = t
    return t


class Game:
    """A game of Africa. Make one with `new_game` or `from_json`."""

    __slots__ = (
        "data", "board", "players", "seed", "hidden_treasure", "first_player", "tile_layout", "revealed",
        "custom_data", "content", "down", "camp", "explorer", "held", "reserve", "supply", "score", "phase",
        "active", "step", "pending", "pending_discovered", "new_object", "monuments_found", "bonus_holder",
        "n_down", "turn", "history", "actors", "final_points", "final_breakdown", "_T", "_acts", "chance", "fixed",
        "reveal_at", "explain",
    )

    # ------------------------------------------------------------------ set-up

    def __init__(self, players: int = 2, seed: int | None = None, hidden_treasure: bool = False,
                 first_player: int | None = None, data: dict | str | GameData | None = None,
                 tile_layout: dict[str, str] | None = None, revealed: list[str] | None = None,
                 chance: str = SAMPLED):
        gd = load_data(data)
        check_mode(chance)
        if not isinstance(players, int) or isinstance(players, bool) or not gd.min_players <= players <= gd.max_players:
            raise ValueError(f"players must be a whole number from {gd.min_players} to {gd.max_players}, not {players!r}")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        check_seed(seed)
        self.explain: list[dict[str, Any]] | None = None  # scoring events, while apply_explained runs
        if not isinstance(hidden_treasure, bool):
            raise ValueError(f"hidden_treasure must be True or False, not {hidden_treasure!r}")
        if first_player is not None and (not isinstance(first_player, int) or isinstance(first_player, bool)
                                         or not 0 <= first_player < players):
            raise ValueError(f"first_player must be a seat from 0 to {players - 1} (or None: drawn by the seed), "
                             f"not {first_player!r}")
        self.data = gd
        self.board = b = gd.board
        self.players = players
        self.seed = seed
        self.hidden_treasure = hidden_treasure
        self.custom_data = None if data is None else gd.data
        self._T = len(gd.types)
        self._acts = _tables(b)
        rng_first = random.Random(f"africa/{seed}/first")
        self.first_player = first_player if first_player is not None else rng_first.randrange(players)

        # the tiles, face down: the fixed layout first, the rest shuffled by the seed
        fixed = self._layout(gd, tile_layout)
        self.tile_layout = None if tile_layout is None else {b.labels[sp]: gd.types[t].id for sp, t in sorted(fixed.items())}
        left = [t.count for t in gd.types]
        for t in fixed.values():
            left[t] -= 1
        pool = [t for t, n in enumerate(left) for _ in range(n)]
        random.Random(f"africa/{seed}/tiles").shuffle(pool)
        self.content = [EMPTY] * b.n
        self.down = [False] * b.n
        free = iter(pool)
        for sp in b.discovery:
            self.content[sp] = fixed[sp] if sp in fixed else next(free)
            self.down[sp] = True
        self.n_down = len(b.discovery)
        self.monuments_found = 0
        self.revealed = self._reveal(gd, revealed)
        self.chance = chance
        self.fixed = frozenset(fixed) if chance == EXPLICIT else frozenset()
        self.reveal_at = EMPTY  # explicit chance: the space being discovered
        if chance == EXPLICIT:  # forget where the seed put them: placeholders, in space order
            spaces = [sp for sp in b.discovery if self.down[sp] and sp not in self.fixed]
            for sp, t in zip(spaces, sorted(self.content[sp] for sp in spaces)):
                self.content[sp] = t

        self.camp = [EMPTY] * b.n
        self.explorer = [EMPTY] * players
        self.held = [0] * (players * self._T)
        self.reserve = [gd.camps_per_player] * players
        self.supply = gd.camp_supply
        self.score = [0] * players
        self.phase = SETUP
        self.active = self.first_player
        self.step = 0
        self.pending = EMPTY
        self.pending_discovered = False
        self.new_object = EMPTY
        self.bonus_holder = EMPTY
        self.turn = 0
        self.history: list[Action] = []
        self.actors: list[int] = []
        self.final_points: list[int] | None = None  # what final scoring added, per seat
        self.final_breakdown: list[dict[str, int]] | None = None  # the same by part: objects, gold, gems, total

    @staticmethod
    def _layout(gd: GameData, tile_layout) -> dict[int, int]:
        if tile_layout is None:
            return {}
        if not isinstance(tile_layout, dict):
            raise ValueError("tile_layout must map space names to tile ids, e.g. {'f2': 'elephant'}")
        at_most("tile_layout", tile_layout, len(gd.board.discovery), "spaces")  # (the map's)
        left = {t.id: t.count for t in gd.types}
        out = {}
        for name, tid in tile_layout.items():
            try:
                sp = gd.board.space(name)
            except ValueError as e:
                raise ValueError(f"tile_layout: {e}") from None
            if gd.board.is_city[sp]:
                raise ValueError(f"tile_layout: {name} is a city, which holds no tile")
            if tid not in left:
                raise ValueError(f"tile_layout: {tid!r} is not a tile of this game ({', '.join(t.id for t in gd.types)})")
            if left[tid] == 0:
                raise ValueError(f"tile_layout: more {tid!r} tiles than the game has ({gd.by_id[tid].count})")
            left[tid] -= 1
            out[sp] = gd.by_id[tid].index
        return out

    def _reveal(self, gd: GameData, revealed) -> list[str] | None:
        """Tiles that start face up (a set-up for tests and puzzles, not in the rules)."""
        if revealed is None:
            return None
        if isinstance(revealed, str) or not isinstance(revealed, (list, tuple)):
            raise ValueError("revealed must be a list of space names, e.g. ['f2', 'g2']")
        at_most("revealed", revealed, len(gd.board.discovery), "spaces")  # (the map's)
        b = gd.board
        names = []
        for name in revealed:
            try:
                sp = b.space(name)
            except ValueError as e:
                raise ValueError(f"revealed: {e}") from None
            if b.is_city[sp]:
                raise ValueError(f"revealed: {name} is a city, which holds no tile")
            if not self.down[sp]:
                raise ValueError(f"revealed: {name} is listed twice")
            t = gd.types[self.content[sp]]
            if t.kind == "object":
                raise ValueError(f"revealed: {name} holds an object ({t.id}); objects never lie face up")
            if t.kind == "monument":
                self.monuments_found += 1
                if self.monuments_found >= gd.monuments:
                    raise ValueError("revealed: every monument would be face up, and the game over before it starts")
            self.down[sp] = False
            self.n_down -= 1
            names.append(name)
        return sorted(names)

    # --------------------------------------------------------------- copying

    def clone(self) -> "Game":
        """An independent copy; cheap enough for search."""
        g = Game.__new__(Game)
        g.explain = None
        g.data = self.data
        g.board = self.board
        g.players = self.players
        g.seed = self.seed
        g.hidden_treasure = self.hidden_treasure
        g.first_player = self.first_player
        g.tile_layout = self.tile_layout
        g.revealed = self.revealed
        g.custom_data = self.custom_data
        g._T = self._T
        g._acts = self._acts
        g.chance = self.chance
        g.fixed = self.fixed
        g.reveal_at = self.reveal_at
        g.content = self.content[:]
        g.down = self.down[:]
        g.camp = self.camp[:]
        g.explorer = self.explorer[:]
        g.held = self.held[:]
        g.reserve = self.reserve[:]
        g.supply = self.supply
        g.score = self.score[:]
        g.phase = self.phase
        g.active = self.active
        g.step = self.step
        g.pending = self.pending
        g.pending_discovered = self.pending_discovered
        g.new_object = self.new_object
        g.monuments_found = self.monuments_found
        g.bonus_holder = self.bonus_holder
        g.n_down = self.n_down
        g.turn = self.turn
        g.history = self.history[:]
        g.actors = self.actors[:]
        g.final_points = None if self.final_points is None else self.final_points[:]
        g.final_breakdown = None if self.final_breakdown is None else [dict(p) for p in self.final_breakdown]
        return g

    __copy__ = clone

    def determinize(self, rng, seat: int | None = None) -> "Game":
        """A copy whose hidden part -- which tile lies under each face-down marker --
        is drawn from `rng` among the tiles not yet seen: a world consistent with all
        that `seat` (default: the seat to act) can know, for search that must not peek.

        Under the hidden-treasure option the hidden part is larger, as `view(seat)`
        shows it: which gold and gems tiles the other seats hold (each keeps its
        number of them, which is public) and which of the face-down treasure tiles
        are gold and which gems. Those tiles are pooled and dealt again. Not for
        saving: its seed is no longer the game's.

        Of an explicit-chance game it is a sampled-chance world (the face-down tiles
        dealt as above), in which search and the computer players play on without
        chance nodes; at a chance node, the tile now dealt to the space being
        discovered is turned up (not in its history)."""
        g = self.clone()
        fixed = g.fixed  # an explicit game's tile_layout: public, kept (a sampled game has none here)
        spaces = [sp for sp, d in enumerate(g.down) if d and sp not in fixed]
        hidden = g.hidden_treasure and g.phase != OVER
        if seat is None:
            seat = g.active if g.phase == REVEAL else g.current_player  # at a chance node: the discoverer
        treasure = g.data.is_treasure
        lump = next((t.index for t in g.data.types if treasure[t.index]), EMPTY) if hidden else EMPTY
        pool: list[int] = []
        if hidden:  # face-down gold and gems look alike: one stand-in kind, dealt below
            for sp in spaces:
                if treasure[g.content[sp]]:
                    pool.append(g.content[sp])
                    g.content[sp] = lump
        tiles = sorted(g.content[sp] for sp in spaces)  # forget the real layout first
        rng.shuffle(tiles)
        for sp, t in zip(spaces, tiles):
            g.content[sp] = t
        if hidden:
            g._redeal_treasure(rng, seat, pool, [sp for sp in spaces if g.content[sp] == lump])
        g.seed = rng.getrandbits(31)
        if g.chance == EXPLICIT:
            g.chance = SAMPLED
            g.fixed = frozenset()
            if g.phase == REVEAL:
                sp, g.reveal_at = g.reveal_at, EMPTY
                g._turn_up(sp)
        return g

    def _redeal_treasure(self, rng, seat: int | None, pool: list[int], down_spaces: list[int]) -> None:
        """Deal `pool` (the face-down gold and gems) and the other seats' gold and gems
        again: each other seat gets as many tiles as it had, the rest go face down on
        `down_spaces`."""
        T = self._T
        treasure = [t.index for t in self.data.types if self.data.is_treasure[t.index]]
        counts = {}
        for s in range(self.players):
            if s != seat:
                counts[s] = 0
                for t in treasure:
                    n = self.held[s * T + t]
                    counts[s] += n
                    pool += [t] * n
                    self.held[s * T + t] = 0
        pool.sort()  # the multiset is public, its order is not
        rng.shuffle(pool)
        deal = iter(pool)
        for s, n in counts.items():
            for _ in range(n):
                self.held[s * T + next(deal)] += 1
        for sp in down_spaces:
            self.content[sp] = next(deal)

    # ---------------------------------------------------------- public state

    @property
    def current_player(self) -> int | None:
        """The seat that must act now (None when the game is over)."""
        if self.phase == OVER:
            return None
        if self.phase == SETUP:
            return (self.first_player + sum(1 for e in self.explorer if e >= 0)) % self.players
        if self.phase == REVEAL:
            return CHANCE
        return self.active

    @property
    def active_player(self) -> int | None:
        """The seat whose turn it is (during set-up, the seat placing its explorer); None when over."""
        return self.active if self.phase == REVEAL else self.current_player

    def is_chance_node(self) -> bool:
        """Whether the next step is turning up a discovered tile (explicit-chance games only)."""
        return self.phase == REVEAL

    def chance_counts(self) -> list[tuple[Action, int]]:
        """At a chance node, each kind of tile the discovered space may show with how many of
        the tiles face down are of that kind (a space of `tile_layout`: its own tile, alone),
        in the data's order; elsewhere []. The probabilities are these counts over their sum."""
        if self.phase != REVEAL:
            return []
        types = self.data.types
        if self.reveal_at in self.fixed:
            return [(act.outcome(types[self.content[self.reveal_at]].id), 1)]
        counts = [0] * self._T
        content, down, fixed = self.content, self.down, self.fixed
        for sp in self.board.discovery:
            if down[sp] and sp not in fixed:
                counts[content[sp]] += 1
        return [(act.outcome(types[t].id), n) for t, n in enumerate(counts) if n]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability (they sum to 1); elsewhere []."""
        counts = self.chance_counts()
        total = sum(n for _, n in counts)
        return [(a, n / total) for a, n in counts]

    @property
    def scores(self) -> list[int]:
        return self.score[:]

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        """OpenSpiel-style outcome: 1 for each winner (ties share), 0 otherwise; all 0 while playing."""
        if self.phase != OVER:
            return [0.0] * self.players
        best = max(self.score)
        return [1.0 if s == best else 0.0 for s in self.score]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = max(self.score)
        return [s for s, v in enumerate(self.score) if v == best]

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0 to {self.players - 1}, not {seat!r}")

    # holdings: the engine's own, all-seeing view (a UI shows `view(seat)` instead)

    def objects(self, seat: int) -> dict[str, int]:
        """The objects a seat holds, {kind: count}. Objects are always public."""
        self._check_seat(seat)
        base = seat * self._T
        return {self.data.types[t].id: self.held[base + t] for t in self.data.objects if self.held[base + t]}

    def treasure(self, seat: int) -> dict[str, int]:
        """Nuggets of gold and stones of gems a seat holds (all-seeing: see `view` for the hidden option)."""
        self._check_seat(seat)
        base = seat * self._T
        out = {"gold": 0, "gems": 0}
        for t in self.data.types:
            if t.kind in out:
                out[t.kind] += t.value * self.held[base + t.index]
        return out

    def held_tiles(self, seat: int) -> dict[str, int]:
        """Every tile a seat holds, by id (all-seeing)."""
        self._check_seat(seat)
        base = seat * self._T
        return {t.id: self.held[base + t.index] for t in self.data.types if self.held[base + t.index]}

    def camps(self, seat: int) -> int:
        """Base camps in the seat's reserve."""
        self._check_seat(seat)
        return self.reserve[seat]

    @property
    def camp_supply(self) -> int:
        """Base camps left in the supply for monuments."""
        return self.supply

    def explorers(self) -> list[str | None]:
        """Each seat's explorer's space, None before it is placed."""
        return [None if e < 0 else self.board.labels[e] for e in self.explorer]

    @property
    def tiles_face_down(self) -> int:
        return self.n_down

    @property
    def tiles_left(self) -> int:
        """The tiles still face down (Safari's name: the tiles still to come into play)."""
        return self.n_down

    def unseen_tiles(self) -> Counter:
        """The tiles still face down, by id: public (the mix less what was seen), though not where they lie."""
        types = self.data.types
        return Counter(types[self.content[sp]].id for sp, d in enumerate(self.down) if d)

    def tile_at(self, space: str) -> str | None:
        """The id of the face-up tile on a space, "face-down", or None for none."""
        sp = self.board.space(space)
        if self.down[sp]:
            return "face-down"
        t = self.content[sp]
        return None if t < 0 else self.data.types[t].id

    @property
    def step_number(self) -> int:
        """1 or 2: which step of option B the turn is at."""
        return self.step + 1

    # --------------------------------------------------------- the rules' predicates

    def _empty(self, sp: int) -> bool:
        """No marker (face up or down) and no base camp; explorers and cities do not count."""
        return self.content[sp] < 0 and self.camp[sp] < 0

    def _others(self, seat: int) -> list[int]:
        me = self.explorer[seat]
        return [e for e in self.explorer if e >= 0 and e != me]

    def _reach(self, seat: int) -> list[int]:
        """The explorer's space and every space within two steps, never onto or
        through a face-down marker or another explorer."""
        start = self.explorer[seat]
        down = self.down
        others = self._others(seat)
        nbs = self.board.neighbours
        out = [start]
        for nb in nbs[start]:
            if not down[nb] and nb not in others:
                out.append(nb)
        first = len(out)
        for i in range(1, first):
            for nb in nbs[out[i]]:
                if not down[nb] and nb not in others and nb not in out:
                    out.append(nb)
        return out

    def _has_jump(self) -> bool:
        placed = sum(1 for e in self.explorer if e >= 0)
        return self.board.n - self.n_down - placed > 0

    def _jump_targets(self) -> list[int]:
        down = self.down
        ex = self.explorer
        return [sp for sp in range(self.board.n) if not down[sp] and sp not in ex]

    def _same(self, sp: int, t: int, lifted: int) -> int:
        """Face-up tiles of type t next to sp, not counting the lifted space."""
        content, down = self.content, self.down
        return sum(1 for nb in self.board.neighbours[sp] if nb != lifted and content[nb] == t and not down[nb])

    def _empties(self, sp: int, lifted: int) -> int:
        """Empty spaces next to sp, the lifted space counting as empty."""
        content, camp = self.content, self.camp
        return sum(1 for nb in self.board.neighbours[sp] if nb == lifted or (content[nb] < 0 and camp[nb] < 0))

    def _animal_targets(self, o: int, t: int, any_only: bool = False) -> list[int]:
        """Empty spaces where the animal at o would have more of its species around it."""
        base = self._same(o, t, o)
        content, down, camp = self.content, self.down, self.camp
        nbs = self.board.neighbours
        out: list[int] = []
        for sp in range(self.board.n):
            if content[sp] != t or down[sp] or sp == o:
                continue
            for e in nbs[sp]:
                if e != o and content[e] < 0 and camp[e] < 0 and e not in out and self._same(e, t, o) > base:
                    out.append(e)
                    if any_only:
                        return out
        out.sort()
        return out

    def _nomad_targets(self, o: int, any_only: bool = False) -> list[int]:
        """Empty spaces with more empty spaces around them than the nomads at o have."""
        base = self._empties(o, o)
        content, camp = self.content, self.camp
        out = []
        for sp in range(self.board.n):
            if sp != o and content[sp] < 0 and camp[sp] < 0 and self._empties(sp, o) > base:
                out.append(sp)
                if any_only:
                    break
        return out

    def _targets(self, o: int) -> list[int]:
        t = self.content[o]
        return self._animal_targets(o, t) if self.data.is_animal[t] else self._nomad_targets(o)

    def _movable(self, sp: int, kind_is) -> bool:
        t = self.content[sp]
        if t < 0 or self.down[sp] or not kind_is[t]:
            return False
        if self.data.is_animal[t]:
            return bool(self._animal_targets(sp, t, True))
        return bool(self._nomad_targets(sp, True))

    def _trades(self) -> list[Action]:
        me = self.active
        T = self._T
        new = self.new_object
        mine = self.held[me * T + new]
        types = self.data.types
        out = []
        for s in range(self.players):
            if s == me:
                continue
            for k in self.data.objects:
                n = self.held[s * T + k]
                if k == new or not n:
                    continue
                out.append(act.exchange(s, types[k].id))
                if n >= 2 and mine >= n:
                    out.append(act.exchange(s, types[k].id, True))
        return out

    # --------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action now, and nothing else."""
        phase = self.phase
        A = self._acts
        if phase == MOVE:
            S = A[act.STEP]
            out = [S[sp] for sp in self._reach(self.active)]
            if self.step == 0 and self._has_jump():
                out.append(act.JUMP_ACTION)
            return out
        if phase == ACTION:
            return self._legal_in_action()
        if phase == TARGET:
            TO = A[act.TO]
            targets = self._targets(self.pending)
            return ([TO[self.pending]] if self.pending_discovered else []) + [TO[sp] for sp in targets]
        if phase == TRADE:
            return [act.KEEP_ACTION] + self._trades()
        if phase == JUMP:
            J = A[act.JUMP_TO]
            return [J[sp] for sp in self._jump_targets()]
        if phase == SETUP:
            P = A[act.SETUP]
            return [P[c] for c in self.board.cities if c not in self.explorer]
        if phase == REVEAL:
            return [a for a, _ in self.chance_counts()]
        return []

    def _legal_in_action(self) -> list[Action]:
        seat = self.active
        e = self.explorer[seat]
        A = self._acts
        D = A[act.DISCOVER]
        down = self.down
        nbs = self.board.neighbours[e]
        out = [D[nb] for nb in nbs if down[nb]]
        gd = self.data
        for sp in (e,) + nbs:
            t = self.content[sp]
            if t < 0 or down[sp]:
                continue
            if gd.is_animal[t]:
                if self._animal_targets(sp, t, True):
                    out.append(A[act.ANIMAL][sp])
            elif gd.is_nomad[t]:
                if self._nomad_targets(sp, True):
                    out.append(A[act.NOMAD][sp])
        if self.reserve[seat] and self.content[e] < 0 and self.camp[e] < 0:
            out.append(act.CAMP_FOR_POINTS)
            out.append(act.CAMP_TO_EXPLORE)
        out.append(act.PASS_ACTION)
        return out

    # ----------------------------------------------------------------- apply

    def apply(self, action: Action | str) -> None:
        """Play an action (or its notation). An illegal or malformed one raises
        ValueError saying why, and leaves the game unchanged."""
        a = action if type(action) is Action else act.parse(action)
        phase = self.phase
        kind = a.kind
        if phase == OVER:
            raise ValueError(f"illegal action {a}: the game is over")
        seat = self.current_player
        if phase == REVEAL:
            if kind != act.CHANCE:
                raise ValueError(f"illegal action {a}: the tile discovered on {self._where(self.reveal_at)} is "
                                 "turned up now: apply a chance outcome (~<tile>, see chance_outcomes())")
            self._reveal_outcome(a)
        elif kind == act.CHANCE:
            raise ValueError(f"illegal action {a}: no tile is being turned up now" if self.chance == EXPLICIT else
                             f"illegal action {a}: this game's tiles lie where its seed put them (chance='sampled'); "
                             "chance outcomes are for explicit-chance games")
        elif phase == MOVE:
            if kind == act.STEP:
                self._step(a)
            elif kind == act.JUMP:
                self._jump(a)
            else:
                raise ValueError(f"illegal action {a}: seat {seat} must now move the explorer: "
                                 + ("S<space> (0, 1 or 2 spaces) or jump" if self.step == 0 else
                                    "S<space> (0, 1 or 2 spaces) for the second step"))
        elif phase == ACTION:
            if kind == act.DISCOVER:
                self._discover(a)
            elif kind in (act.ANIMAL, act.NOMAD):
                self._choose_piece(a)
            elif kind == act.CAMP:
                self._camp(a)
            elif kind == act.PASS:
                self._after_action()
            else:
                raise ValueError(f"illegal action {a}: seat {seat} must now choose an action: D<space>, A<space>, "
                                 "N<space>, B+, B$ or pass")
        elif phase == TARGET:
            if kind != act.TO:
                what = self.data.types[self.content[self.pending]].id
                raise ValueError(f"illegal action {a}: seat {seat} must now say where the {what} from "
                                 f"{self.board.labels[self.pending]} go: ><space>")
            self._place_piece(a)
        elif phase == TRADE:
            if kind == act.KEEP:
                self.new_object = EMPTY
                self._after_action()
            elif kind == act.EXCHANGE:
                self._exchange(a)
            else:
                raise ValueError(f"illegal action {a}: seat {seat} must now exchange the new object or keep it: "
                                 "E<seat>:<kind>, E<seat>:<kind>* or keep")
        elif phase == JUMP:
            if kind != act.JUMP_TO:
                raise ValueError(f"illegal action {a}: seat {seat} must now say where the explorer jumps: J<space>")
            self._jump_to(a)
        else:
            if kind != act.SETUP:
                raise ValueError(f"illegal action {a}: seat {seat} must first put its explorer on a city: P<space>")
            self._setup(a)
        self.history.append(a)
        self.actors.append(seat)

    def apply_explained(self, action: Action | str) -> list[dict[str, Any]]:
        """`apply(action)`, and what it scored: a list of events in the order the engine
        scored them, whose points add up to the change of `scores`. Each has "what", "seat"
        and "points"; "space" is the space's label, "tile" the tile's id:

            {"what": "treasure", "tile": "gold-2", "space"}        discovered: its value
            {"what": "animal", "tile", "space", "same": n}        a discovered animal where
                                                 it stays: 1 + the same animals around it
            {"what": "nomads", "tile", "space", "empty": n}       discovered nomads: 1 per
                                                 empty space around them
            {"what": "move", "tile", "from", "space", "before", "after"}   a moved animal or
                                                 nomads: the gain (after - before)
            {"what": "camp", "space"}             a base camp for points: 1 per tile around
            {"what": "explore", "space", "tiles": n}    a base camp to explore: 0 points
            {"what": "monument", "space", "last": bool, "camp": bool}   the last one: its bonus
            {"what": "final", "objects", "gold", "gems" (points of each), "sets": {kind: n},
             "nuggets", "stones"}                final scoring, one per seat

        An illegal action raises ValueError, as `apply` does, and changes nothing."""
        return events.explained(self, action)

    def _note(self, what: str, seat: int, points: int, **more: Any) -> None:
        """A scoring event (called only while `explain` is a list: see apply_explained)."""
        self.explain.append({"what": what, "seat": seat, "points": points, **more})

    def _space(self, a: Action) -> int:
        sp = self.board.index.get(a.args[0])
        if sp is None:
            raise ValueError(f"illegal action {a}: {a.args[0]} is not a space of the map")
        return sp

    def _where(self, sp: int) -> str:
        lb = self.board.labels[sp]
        name = self.board.city_name[sp]
        return f"{lb} ({name})" if name else lb

    def _setup(self, a: Action) -> None:
        sp = self._space(a)
        if not self.board.is_city[sp]:
            raise ValueError(f"illegal action {a}: {self._where(sp)} is not a city; explorers start on cities")
        if sp in self.explorer:
            raise ValueError(f"illegal action {a}: another explorer is already in {self._where(sp)}")
        seat = self.current_player
        self.explorer[seat] = sp
        if all(e >= 0 for e in self.explorer):
            self.phase = MOVE
            self.active = self.first_player

    def _step(self, a: Action) -> None:
        sp = self._space(a)
        seat = self.active
        if sp not in self._reach(seat):
            if self.down[sp]:
                why = "a face-down marker lies there"
            elif sp in self._others(seat):
                why = "another explorer stands there"
            elif sp not in self.board.within(self.explorer[seat], 2, lambda _: True):
                why = "it is more than two spaces away"
            else:
                why = "every way there in two steps crosses a face-down marker or another explorer"
            raise ValueError(f"illegal action {a}: the explorer cannot step to {self._where(sp)}: {why}")
        self.explorer[seat] = sp
        self.phase = ACTION

    def _jump(self, a: Action) -> None:
        if self.step:
            raise ValueError(f"illegal action {a}: a jump replaces the whole turn; it cannot follow a first step")
        if not self._has_jump():
            raise ValueError(f"illegal action {a}: there is no space to jump to")
        self.phase = JUMP

    def _jump_to(self, a: Action) -> None:
        sp = self._space(a)
        seat = self.active
        if self.down[sp]:
            raise ValueError(f"illegal action {a}: a face-down marker lies on {self._where(sp)}")
        if sp == self.explorer[seat]:
            raise ValueError(f"illegal action {a}: the explorer is already on {self._where(sp)}")
        if sp in self.explorer:
            raise ValueError(f"illegal action {a}: another explorer stands on {self._where(sp)}")
        self.explorer[seat] = sp
        self._end_turn()

    def _adjacent_or_here(self, a: Action, sp: int) -> None:
        e = self.explorer[self.active]
        if sp != e and sp not in self.board.neighbours[e]:
            raise ValueError(f"illegal action {a}: {self._where(sp)} is neither the explorer's space "
                             f"({self._where(e)}) nor next to it")

    def _discover(self, a: Action) -> None:
        sp = self._space(a)
        seat = self.active
        e = self.explorer[seat]
        if sp not in self.board.neighbours[e]:
            raise ValueError(f"illegal action {a}: {self._where(sp)} is not next to the explorer ({self._where(e)})")
        if not self.down[sp]:
            raise ValueError(f"illegal action {a}: there is no face-down marker on {self._where(sp)}")
        if self.chance == EXPLICIT:  # what it is, is the chance node's to say
            self.reveal_at = sp
            self.phase = REVEAL
            return
        self._turn_up(sp)

    def _reveal_outcome(self, a: Action) -> None:
        """An explicit-chance outcome: the tile named is the one on the space discovered."""
        (tid,) = a.args
        gd = self.data
        sp = self.reveal_at
        t = gd.by_id.get(tid)
        if t is None:
            raise ValueError(f"illegal action {a}: {tid!r} is not a tile of this game "
                             f"({', '.join(x.id for x in gd.types)})")
        content = self.content
        if sp in self.fixed:
            if content[sp] != t.index:
                raise ValueError(f"illegal action {a}: the tile layout puts {gd.types[content[sp]].id} on "
                                 f"{self._where(sp)} (its probability is 1, {tid}'s 0)")
        elif content[sp] != t.index:
            other = next((q for q in self.board.discovery
                          if self.down[q] and content[q] == t.index and q not in self.fixed), EMPTY)
            if other < 0:
                raise ValueError(f"illegal action {a}: no {tid} tile is left face down to be found there "
                                 "(its probability is 0)")
            content[other], content[sp] = content[sp], t.index
        self.reveal_at = EMPTY
        self._turn_up(sp)

    def _turn_up(self, sp: int) -> None:
        """The discovered tile on `sp` is turned face up, with what follows."""
        seat = self.active
        gd = self.data
        t = self.content[sp]
        self.down[sp] = False
        self.n_down -= 1
        kind = gd.kind_of[t]
        if kind == "gold" or kind == "gems":
            self.score[seat] += gd.value_of[t]
            if self.explain is not None:
                self._note("treasure", seat, gd.value_of[t], tile=gd.types[t].id, space=self.board.labels[sp])
        elif kind == "object":
            self.content[sp] = EMPTY
            self.held[seat * self._T + t] += 1
            self.new_object = t
            if self._trades():
                self.phase = TRADE
                return
            self.new_object = EMPTY
        elif kind == "animal" or kind == "nomad":
            if self._targets(sp):
                self.phase = TARGET
                self.pending = sp
                self.pending_discovered = True
                return
            self._score_discovered(sp, t)
        else:  # monument
            self.monuments_found += 1
            if self.monuments_found == gd.monuments:
                self.score[seat] += gd.last_monument_bonus
                if self.explain is not None:
                    self._note("monument", seat, gd.last_monument_bonus, tile=gd.types[t].id,
                               space=self.board.labels[sp], last=True, camp=False)
                self.bonus_holder = seat
                self._final_scoring()
                return
            if self.explain is not None:
                self._note("monument", seat, 0, tile=gd.types[t].id, space=self.board.labels[sp], last=False,
                           camp=self.supply > 0)
            if self.supply:
                self.supply -= 1
                self.reserve[seat] += 1
        self._after_action()

    def _score_discovered(self, sp: int, t: int) -> None:
        if self.data.is_animal[t]:
            same = self._same(sp, t, EMPTY)
            self.score[self.active] += 1 + same
            if self.explain is not None:
                self._note("animal", self.active, 1 + same, tile=self.data.types[t].id,
                           space=self.board.labels[sp], same=same)
        else:
            empty = self._empties(sp, EMPTY)
            self.score[self.active] += empty
            if self.explain is not None:
                self._note("nomads", self.active, empty, tile=self.data.types[t].id, space=self.board.labels[sp],
                           empty=empty)

    def _choose_piece(self, a: Action) -> None:
        sp = self._space(a)
        self._adjacent_or_here(a, sp)
        gd = self.data
        t = self.content[sp]
        want = "animal" if a.kind == act.ANIMAL else "nomads"
        if t < 0 or self.down[sp]:
            raise ValueError(f"illegal action {a}: there is no face-up {want} on {self._where(sp)}")
        if (a.kind == act.ANIMAL and not gd.is_animal[t]) or (a.kind == act.NOMAD and not gd.is_nomad[t]):
            raise ValueError(f"illegal action {a}: the tile on {self._where(sp)} is {gd.types[t].id}, not {want}")
        if not self._targets(sp):
            raise ValueError(f"illegal action {a}: no empty space would improve the {want} on {self._where(sp)}")
        self.phase = TARGET
        self.pending = sp
        self.pending_discovered = False

    def _place_piece(self, a: Action) -> None:
        dst = self._space(a)
        o = self.pending
        t = self.content[o]
        seat = self.active
        if dst == o:
            if not self.pending_discovered:
                raise ValueError(f"illegal action {a}: a move must take the tile elsewhere")
            self._score_discovered(o, t)
        else:
            if dst not in self._targets(o):
                animal = self.data.is_animal[t]
                if not self._empty(dst):
                    why = "it is not empty"
                elif animal:
                    why = (f"it would not have more {self.data.types[t].id}s around it than "
                           f"{self.board.labels[o]} has ({self._same(o, t, o)})")
                else:
                    why = f"it would not have more empty spaces around it than {self.board.labels[o]} has " \
                          f"({self._empties(o, o)})"
                raise ValueError(f"illegal action {a}: the {self.data.types[t].id} cannot go to {self._where(dst)}: {why}")
            if self.pending_discovered:
                self.content[o] = EMPTY
                self.content[dst] = t
                self._score_discovered(dst, t)
            else:
                if self.data.is_animal[t]:
                    before, after = self._same(o, t, o), self._same(dst, t, o)
                else:
                    before, after = self._empties(o, o), self._empties(dst, o)
                gain = after - before
                self.content[o] = EMPTY
                self.content[dst] = t
                self.score[seat] += gain
                if self.explain is not None:
                    self._note("move", seat, gain, tile=self.data.types[t].id, space=self.board.labels[dst],
                               **{"from": self.board.labels[o]}, before=before, after=after)
        self.pending = EMPTY
        self.pending_discovered = False
        self._after_action()

    def _exchange(self, a: Action) -> None:
        other, kind, everything = a.args
        me = self.active
        gd = self.data
        new = self.new_object
        new_id = gd.types[new].id
        if other >= self.players:
            raise ValueError(f"illegal action {a}: there is no seat {other} in a {self.players}-player game")
        if other == me:
            raise ValueError(f"illegal action {a}: the exchange is with another player")
        t = gd.by_id.get(kind)
        if t is None or t.kind != "object":
            raise ValueError(f"illegal action {a}: {kind!r} is not a kind of object "
                             f"({', '.join(gd.types[k].id for k in gd.objects)})")
        if t.index == new:
            raise ValueError(f"illegal action {a}: exchanging a {new_id} for a {kind} changes nothing")
        T = self._T
        n = self.held[other * T + t.index]
        if not n:
            raise ValueError(f"illegal action {a}: seat {other} has no {kind}")
        if everything:
            if n == 1:
                raise ValueError(f"illegal action {a}: seat {other} has a single {kind}; write E{other}:{kind}")
            mine = self.held[me * T + new]
            if mine < n:
                raise ValueError(f"illegal action {a}: taking all {n} of seat {other}'s {kind}s needs {n} {new_id}s "
                                 f"to give, and seat {me} has {mine}")
        else:
            n = 1
        self.held[me * T + t.index] += n
        self.held[me * T + new] -= n
        self.held[other * T + t.index] -= n
        self.held[other * T + new] += n
        self.new_object = EMPTY
        self._after_action()

    def _camp(self, a: Action) -> None:
        seat = self.active
        e = self.explorer[seat]
        if not self.reserve[seat]:
            raise ValueError(f"illegal action {a}: seat {seat} has no base camp left")
        if not self._empty(e):
            what = "a base camp" if self.camp[e] >= 0 else "a tile"
            raise ValueError(f"illegal action {a}: a base camp needs an empty space, and {self._where(e)} holds {what}")
        self.camp[e] = seat
        self.reserve[seat] -= 1
        content, down = self.content, self.down
        gd = self.data
        if a.args[0] == act.CAMP_POINTS:
            n = sum(1 for nb in self.board.neighbours[e]
                    if content[nb] >= 0 and not down[nb] and gd.counts_for_camp[content[nb]])
            self.score[seat] += n
            if self.explain is not None:
                self._note("camp", seat, n, space=self.board.labels[e])
        else:
            base = seat * self._T
            taken = 0
            for nb in self.board.neighbours[e]:
                t = content[nb]
                if t >= 0 and not down[nb] and gd.is_treasure[t]:
                    self.held[base + t] += 1
                    content[nb] = EMPTY
                    taken += 1
            if self.explain is not None:
                self._note("explore", seat, 0, space=self.board.labels[e], tiles=taken)
        self._after_action()

    def _after_action(self) -> None:
        if self.step == 0:
            self.step = 1
            self.phase = MOVE
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.step = 0
        self.turn += 1
        self.active = (self.active + 1) % self.players
        self.phase = MOVE

    def _final_scoring(self) -> None:
        gd = self.data
        T = self._T
        objects = [[self.held[s * T + k] for k in gd.objects] for s in range(self.players)]
        gold = [0] * self.players
        gems = [0] * self.players
        for s in range(self.players):
            for t in gd.types:
                n = self.held[s * T + t.index]
                if n and t.kind == "gold":
                    gold[s] += n * t.value
                elif n and t.kind == "gems":
                    gems[s] += n * t.value
        self.final_breakdown = final_scoring(objects, gold, gems, gd.object_sets, gd.treasure_awards)
        self.final_points = [p["total"] for p in self.final_breakdown]
        for s, p in enumerate(self.final_breakdown):
            self.score[s] += p["total"]
            if self.explain is not None:
                self._note("final", s, p["total"], objects=p["objects"], gold=p["gold"], gems=p["gems"],
                           sets=self.objects(s), nuggets=gold[s], stones=gems[s])
        self.phase = OVER

    # ------------------------------------------------------------ inspection

    def space_view(self, sp: int) -> dict[str, Any]:
        b = self.board
        r, c = b.rc[sp]
        t = self.content[sp]
        if self.down[sp]:
            tile, kind = "face-down", None
        elif t < 0:
            tile, kind = None, None
        else:
            tile, kind = self.data.types[t].id, self.data.types[t].kind
        return {"space": b.labels[sp], "row": r, "col": c, "city": b.city_name[sp], "tile": tile, "kind": kind,
                "camp": None if self.camp[sp] < 0 else self.camp[sp],
                "explorers": [s for s, e in enumerate(self.explorer) if e == sp]}

    def board_view(self) -> list[dict[str, Any]]:
        """Every space: name, row and column (odd rows sit half a hex east), city, the face-up
        tile (id and kind) or "face-down" or None, the base camp's seat, the explorers there."""
        return [self.space_view(sp) for sp in range(self.board.n)]

    def pending_choice(self) -> dict[str, Any] | None:
        """What the seat to move is in the middle of, for a UI: a tile to place, an exchange to make."""
        if self.phase == TARGET:
            t = self.content[self.pending]
            return {"choice": "target", "from": self.board.labels[self.pending], "tile": self.data.types[t].id,
                    "discovered": self.pending_discovered,
                    "targets": [self.board.labels[sp] for sp in self._targets(self.pending)]}
        if self.phase == TRADE:
            return {"choice": "exchange", "object": self.data.types[self.new_object].id}
        if self.phase == REVEAL:
            return {"choice": "reveal", "space": self.board.labels[self.reveal_at]}
        return None

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """All that `seat` may see (None: a spectator), as plain data. Under the hidden-treasure
        option, another seat's gold and gems are None until the game is over, and the tiles
        still face down count gold and gems together as "treasure"."""
        if seat is not None:
            self._check_seat(seat)
        seats = []
        over = self.phase == OVER
        for s in range(self.players):
            visible = over or not self.hidden_treasure or s == seat
            tr = self.treasure(s)
            base = s * self._T
            seats.append({
                "seat": s, "score": self.score[s], "explorer": self.explorers()[s], "camps": self.reserve[s],
                "objects": self.objects(s),
                "gold": tr["gold"] if visible else None, "gems": tr["gems"] if visible else None,
                # how many gold and gem tiles a seat took is public; what they are is not
                "treasure_tiles": sum(self.held[base + t.index] for t in self.data.types if t.kind in TREASURE_KINDS),
            })
        unseen = self.unseen_tiles()
        if self.hidden_treasure and not over:  # else the face-down mix would tell what the others took
            kinds = {t.id: t.kind for t in self.data.types}
            lumped: Counter = Counter()
            for tile, n in unseen.items():
                lumped["treasure" if kinds[tile] in TREASURE_KINDS else tile] += n
            unseen = lumped
        return {
            "game": "africa", "players": self.players, "viewer": seat, "phase": self.phase_name,
            "current_player": self.current_player, "active_player": self.active_player,
            "step": self.step + 1 if self.phase in (MOVE, ACTION, TARGET, TRADE, REVEAL) else None, "turn": self.turn,
            "hidden_treasure": self.hidden_treasure, "board": self.board_view(), "seats": seats,
            "camp_supply": self.supply, "monuments": {"found": self.monuments_found, "total": self.data.monuments},
            "last_monument_bonus": None if self.bonus_holder < 0 else self.bonus_holder,
            "tiles_face_down": self.n_down, "unseen_tiles": dict(sorted(unseen.items())),
            "pending": self.pending_choice(), "final_points": self.final_breakdown,
            "legal_actions": [str(a) for a in self.legal_actions()] if seat is not None and seat == self.current_player else [],
        }

    def __repr__(self) -> str:
        return (f"<africa.Game players={self.players} seed={self.seed} phase={self.phase_name} "
                f"actions={len(self.history)} scores={self.score}>")

    # ---------------------------------------------------------------- saving

    def to_json(self) -> str:
        return dump(self)

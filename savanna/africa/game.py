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

`out` (not a move: never in legal_actions) makes the seat to act leave the
game; turn order skips it from then on (leaving.py).

This module is that flow: whose turn it is, which question comes next, what is
legal now. Each rule is in the file named for it, as functions of the game:
explorers.py (the steps and the jump), discovery.py (a tile discovered and what
it turns up), animals_and_nomads.py, base_camps.py, objects.py (and exchanges),
scoring.py (final scoring; the scoring events). layout.py lays the tiles out at
set-up; display.py builds `view` and the other displays.

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
from savanna.limits import check_seed, short

from . import actions as act
from . import animals_and_nomads, base_camps, discovery, display, explorers, layout, leaving, objects
from .actions import Action
from .phases import ACTION, EMPTY, JUMP, MOVE, OVER, PHASE_NAMES, REVEAL, SETUP, TARGET, TRADE
from .scoring import apply_final_scoring
from .inspection import Inspection
from .serialization import dump
from .tiles import GameData, load_data


class Game(Inspection):
    """A game of Africa. Make one with `new_game` or `from_json`. What code outside the engine
    may read of its state, and what each attribute holds: state.py (READ_ONLY)."""

    __slots__ = (
        "data", "board", "players", "seed", "hidden_treasure", "first_player", "tile_layout", "revealed",
        "custom_data", "content", "down", "camp", "explorer", "held", "reserve", "supply", "score", "phase",
        "active", "step", "pending", "pending_discovered", "new_object", "monuments_found", "bonus_holder",
        "n_down", "turn", "history", "actors", "final_points", "final_breakdown", "num_types", "_acts", "chance",
        "fixed", "reveal_at", "explain", "gone",
    )

    # ------------------------------------------------------------------ set-up

    def __init__(self, players: int = 2, seed: int | None = None, hidden_treasure: bool = False,
                 first_player: int | None = None, data: dict[str, Any] | str | GameData | None = None,
                 tile_layout: dict[str, str] | None = None, revealed: list[str] | None = None,
                 chance: str = SAMPLED):
        gd = load_data(data)
        check_mode(chance)
        if not isinstance(players, int) or isinstance(players, bool) or not gd.min_players <= players <= gd.max_players:
            raise ValueError(f"players must be a whole number from {gd.min_players} to {gd.max_players}, not {short(players)}")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {short(seed)}")
        check_seed(seed)
        self.explain: list[dict[str, Any]] | None = None  # scoring events, while apply_explained runs
        if not isinstance(hidden_treasure, bool):
            raise ValueError(f"hidden_treasure must be True or False, not {short(hidden_treasure)}")
        if first_player is not None and (not isinstance(first_player, int) or isinstance(first_player, bool)
                                         or not 0 <= first_player < players):
            raise ValueError(f"first_player must be a seat from 0 to {players - 1} (or None: drawn by the seed), "
                             f"not {short(first_player)}")
        self.data = gd
        self.board = b = gd.board
        self.players = players
        self.seed = seed
        self.hidden_treasure = hidden_treasure
        self.custom_data = None if data is None else gd.data
        self.num_types = len(gd.types)
        self._acts = act.space_tables(b)
        rng_first = random.Random(f"africa/{seed}/first")
        self.first_player = first_player if first_player is not None else rng_first.randrange(players)

        self.chance = chance
        self.reveal_at = EMPTY  # explicit chance: the space being discovered
        layout.deal(self, tile_layout, revealed)  # content, down, n_down, monuments_found, tile_layout, revealed, fixed

        self.camp = [EMPTY] * b.n
        self.explorer = [EMPTY] * players
        self.held = [0] * (players * self.num_types)
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
        self.gone: list[int] = []  # the seats that left (`out`, leaving.py), in the order they left
        self.history: list[Action] = []
        self.actors: list[int] = []
        self.final_points: list[int] | None = None  # what final scoring added, per seat
        self.final_breakdown: list[dict[str, int]] | None = None  # the same by part: objects, gold, gems, total

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
        g.num_types = self.num_types
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
        g.gone = self.gone[:]
        g.history = self.history[:]
        g.actors = self.actors[:]
        g.final_points = None if self.final_points is None else self.final_points[:]
        g.final_breakdown = None if self.final_breakdown is None else [dict(p) for p in self.final_breakdown]
        return g

    __copy__ = clone

    def determinize(self, rng: random.Random, seat: int | None = None) -> "Game":
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

    def _redeal_treasure(self, rng: random.Random, seat: int | None, pool: list[int], down_spaces: list[int]) -> None:
        """Deal `pool` (the face-down gold and gems) and the other seats' gold and gems
        again: each other seat gets as many tiles as it had, the rest go face down on
        `down_spaces`."""
        T = self.num_types
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
    # (the reads of a position: inspection.py)

    def chance_counts(self) -> list[tuple[Action, int]]:
        """At a chance node, each kind of tile the discovered space may show with how many of
        the tiles face down are of that kind (a space of `tile_layout`: its own tile, alone),
        in the data's order; elsewhere []. The probabilities are these counts over their sum."""
        return discovery.chance_counts(self) if self.phase == REVEAL else []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability (they sum to 1); elsewhere []."""
        counts = self.chance_counts()
        total = sum(n for _, n in counts)
        return [(a, n / total) for a, n in counts]

    # --------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action now, and nothing else."""
        phase = self.phase
        A = self._acts
        if phase == MOVE:
            S = A[act.STEP]
            out = [S[sp] for sp in explorers.reach(self, self.active)]
            if self.step == 0 and explorers.can_jump(self):
                out.append(act.JUMP_ACTION)
            return out
        if phase == ACTION:
            return self._legal_in_action()
        if phase == TARGET:
            TO = A[act.TO]
            targets = animals_and_nomads.targets(self, self.pending)
            return ([TO[self.pending]] if self.pending_discovered else []) + [TO[sp] for sp in targets]
        if phase == TRADE:
            return [act.KEEP_ACTION] + objects.exchanges(self)
        if phase == JUMP:
            J = A[act.JUMP_TO]
            return [J[sp] for sp in explorers.jump_targets(self)]
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
                if animals_and_nomads.animal_targets(self, sp, t, True):
                    out.append(A[act.ANIMAL][sp])
            elif gd.is_nomad[t]:
                if animals_and_nomads.nomad_targets(self, sp, True):
                    out.append(A[act.NOMAD][sp])
        if base_camps.can_build(self, seat):
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
        if kind == act.OUT:
            self._leave(a)
            return
        seat = self.current_player
        assert seat is not None  # (a game not over has a seat to act, or CHANCE)
        if phase == REVEAL:
            if kind != act.CHANCE:
                raise ValueError(f"illegal action {a}: the tile discovered on {self.board.where(self.reveal_at)} is "
                                 "turned up now: apply a chance outcome (~<tile>, see chance_outcomes())")
            sp = discovery.reveal(self, a)
            self.reveal_at = EMPTY
            self._turn_up(sp)
        elif kind == act.CHANCE:
            raise ValueError(f"illegal action {a}: no tile is being turned up now" if self.chance == EXPLICIT else
                             f"illegal action {a}: this game's tiles lie where its seed put them (chance='sampled'); "
                             "chance outcomes are for explicit-chance games")
        elif phase == MOVE:
            if kind == act.STEP:
                explorers.step(self, a)
                self.phase = ACTION
            elif kind == act.JUMP:
                explorers.check_jump(self, a)
                self.phase = JUMP
            else:
                raise ValueError(f"illegal action {a}: seat {seat} must now move the explorer: "
                                 + ("S<space> (0, 1 or 2 spaces) or jump" if self.step == 0 else
                                    "S<space> (0, 1 or 2 spaces) for the second step"))
        elif phase == ACTION:
            if kind == act.DISCOVER:
                sp = discovery.discovered(self, a)
                if self.chance == EXPLICIT:  # what it is, is the chance node's to say
                    self.reveal_at = sp
                    self.phase = REVEAL
                else:
                    self._turn_up(sp)
            elif kind in (act.ANIMAL, act.NOMAD):
                self.pending = animals_and_nomads.chosen(self, a)
                self.pending_discovered = False
                self.phase = TARGET
            elif kind == act.CAMP:
                base_camps.build(self, a)
                self._after_action()
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
            animals_and_nomads.place(self, a)
            self.pending = EMPTY
            self.pending_discovered = False
            self._after_action()
        elif phase == TRADE:
            if kind == act.EXCHANGE:
                objects.exchange(self, a)
            elif kind != act.KEEP:
                raise ValueError(f"illegal action {a}: seat {seat} must now exchange the new object or keep it: "
                                 "E<seat>:<kind>, E<seat>:<kind>* or keep")
            self.new_object = EMPTY
            self._after_action()
        elif phase == JUMP:
            if kind != act.JUMP_TO:
                raise ValueError(f"illegal action {a}: seat {seat} must now say where the explorer jumps: J<space>")
            explorers.jump(self, a)
            self._end_turn()
        else:
            if kind != act.SETUP:
                raise ValueError(f"illegal action {a}: seat {seat} must first put its explorer on a city: P<space>")
            explorers.place(self, a, seat)
            if leaving.set_up(self):
                self.phase = MOVE
                self.active = leaving.first_to_move(self)
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

    def _leave(self, a: Action) -> None:
        """`out`: the seat to act leaves (leaving.py): the rest of its turn is given up (a tile
        it discovered stays where it lies, and scores there), and the game goes on without it."""
        seat = leaving.check(self, a)
        phase = self.phase
        self.gone.append(seat)
        if phase == TARGET and self.pending_discovered:
            animals_and_nomads.place(self, self._acts[act.TO][self.pending])
        self.pending = EMPTY
        self.pending_discovered = False
        self.new_object = EMPTY
        if leaving.all_gone(self):
            apply_final_scoring(self)
            self.phase = OVER
        elif phase == SETUP:
            if leaving.set_up(self):
                self.phase = MOVE
                self.active = leaving.first_to_move(self)
        else:
            self._end_turn()
        self.history.append(a)
        self.actors.append(seat)

    # ------------------------------------------------------------- the flow

    def _turn_up(self, sp: int) -> None:
        """The tile discovered on `sp` is turned face up: a question follows, or the action
        ends, or (the last monument) the game."""
        question = discovery.turn_up(self, sp)
        if question is None:
            self._after_action()
        elif question == OVER:
            apply_final_scoring(self)
            self.phase = OVER
        else:
            self.phase = question

    def _after_action(self) -> None:
        if self.step == 0:
            self.step = 1
            self.phase = MOVE
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.step = 0
        self.turn += 1
        self.active = leaving.next_seat(self, self.active) if self.gone else (self.active + 1) % self.players
        self.phase = MOVE

    # ------------------------------------------------------------ inspection (display.py)

    def space_view(self, sp: int) -> dict[str, Any]:
        return display.space_view(self, sp)

    def board_view(self) -> list[dict[str, Any]]:
        """Every space: name, row and column (odd rows sit half a hex east), city, the face-up
        tile (id and kind) or "face-down" or None, the base camp's seat, the explorers there."""
        return display.board_view(self)

    def pending_choice(self) -> dict[str, Any] | None:
        """What the seat to move is in the middle of, for a UI: a tile to place, an exchange to make."""
        return display.pending_choice(self)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """All that `seat` may see (None: a spectator), as plain data. Under the hidden-treasure
        option, another seat's gold and gems are None until the game is over, and the tiles
        still face down count gold and gems together as "treasure"."""
        if seat is not None:
            self._check_seat(seat)
        return display.view(self, seat)

    def __repr__(self) -> str:
        return (f"<africa.Game players={self.players} seed={self.seed} phase={self.phase_name} "
                f"actions={len(self.history)} scores={self.score}>")

    # ---------------------------------------------------------------- saving

    def to_json(self, seats: list[dict[str, Any]] | None = None, hints: list[dict[str, int]] | None = None) -> str:
        """The saved game (serialization.py); with `seats`, who sat at it (saved_games.check_seats);
        with `hints`, the coach's hints given in it (saved_games.check_hints)."""
        return dump(self, seats, hints)

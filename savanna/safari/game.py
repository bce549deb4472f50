"""The state of a game of Carcassonne Safari and its turn flow.

A turn (docs/safari.md, "A turn"):
  1. place the drawn tile (`T`), displacing a ranger standing there;
  2. one of: a meeple on that tile (`M`), dig (`D`) or expand (`X`) a watering
     hole, move a ranger (`R`), or `pass`;
  3. score what the tile completed: baobabs first (their tokens may be used
     at once), then each trail and bush, whose leading players may each add a
     token (`+A` .. `+none`) in turn order from the active player;
  4. a displacing player scores 3 and puts the ranger back (`R>`).
Then the next player draws; a tile that fits nowhere is removed and another
drawn. After the turn of the last land tile comes final scoring.

`out` (not a move: never legal_actions) makes the seat to act leave the game;
turn order skips it from then on (leaving.py).

Chance (savanna/chance.py): by default (`chance="sampled"`) the seed shuffles
the land tile stack and the token pile, and the draws happen inside the
actions. With `chance="explicit"` the stack and the pile are multisets in no
order, and every draw is a chance node (phase "draw", `current_player` CHANCE):
the deal's tokens, each land tile (a tile that fits nowhere is drawn, removed,
and another drawn), and the tokens of a baobab. Its outcomes are `~<tile>`
(the tile set's `outcome_names`: copies alike are one outcome) and
`~<animal>`; the turn goes on where the draw interrupted it (`resume`).

Each rule is in the file named for it, as functions of the game that this
turn flow calls: table.py (placing a tile), trails_and_bush.py (meeples on
trails and bush, who leads, the token choice, scoring in play and at the end),
watering_holes.py (digging, expanding, completing), rangers.py, baobabs.py,
tokens.py (the token supply) and stack.py (the land tiles). inspection.py
holds the public reads of a position. The hot path is incremental: the empty
spaces next to tiles are kept with the edge pattern they demand, features are
joined by union-find, and the slots open to digging are kept as tiles and
tokens arrive.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Callable, Iterable

from savanna import events
from savanna.chance import CHANCE, EXPLICIT, SAMPLED, check_mode
from savanna.limits import check_seed, short

from . import actions as act
from . import baobabs, leaving, rangers, stack, table, tokens
from . import trails_and_bush as tb
from . import watering_holes as wh
from .actions import Action
from .inspection import Inspection, tile_layout
from .phases import ACTION, DRAW, OVER, PHASE_NAMES, PLACE, RANGER, SCORE
from .serialization import dump
from .tileset import TileSet, load_tiles
from .tokens import initial_pile, shuffled

__all__ = ["Game", "READ_ONLY", "FINAL_SCORING", "PHASE_NAMES", "PLACE", "ACTION", "SCORE", "RANGER", "OVER", "DRAW",
           "tile_layout"]  # (tile_layout: inspection.py's, here too for those that import it from here)

# what comes after the draws of an explicit-chance game (Game.resume)
GO_ON, GO_DRAW_TILE, GO_SCORE_TURN, GO_SCORE_FEATURES = range(4)
FINAL_SCORING = ("all", "majority")
# the attributes of a Game that code outside the engine may read (the class docstring says what each holds)
READ_ONLY = ("players", "seed", "tileset", "final_scoring", "chance", "phase", "active", "tile", "history", "actors",
             "score", "final_points", "supply_meeples", "num_animals", "hands", "pile", "discards", "reshuffles",
             "stack", "removed", "draws", "board", "frontier", "regions", "feature_meeples", "baobab_meeples",
             "holes", "hole_meeples", "rangers", "displaced", "jobs", "job_seat", "job_adds", "gone")


class Game(Inspection):
    """A game of Carcassonne Safari. Make one with `new_game` or `from_json`.

    The engine's state, read-only (READ_ONLY; docs/safari.md, "The engine's state, read-only"):
    search, research and the evaluation read these attributes for speed, and change nothing.
    Spaces, points and slots are geometry.py's codes; an animal is a letter, or an index into
    `tileset.animals`; a tile copy is an index into `tileset.copies`; seats count from 0.

      players, seed, tileset, final_scoring, chance   the settings (`tileset` a TileSet)
      phase         phases.py: PLACE, ACTION, SCORE, RANGER, OVER or DRAW (`phase_name`)
      active        the seat whose turn it is (`current_player`: who must act now)
      tile          the drawn copy, else -1
      history, actors   the actions played, in order; the seat that played each (CHANCE: a draw)
      score, final_points   the scores by seat (`scores`: a copy); what final scoring added (None before)
      supply_meeples    meeples in supply, by seat
      num_animals, hands    len(tileset.animals); tokens in supply: hands[seat * num_animals + i]
                    of animal i
      pile, discards    the face-down tokens (the top at the end) and the discarded: animal indices
      reshuffles    how many times the discards became the pile
      stack, removed    the land tiles face down (copies; a sampled game's top at the end); the
                    copies removed because they fit nowhere
      draws         explicit chance: the seats still to draw a token, in order
      board         space -> (TileType, rotation 0..3, animals per feature, copy name, node per
                    side (-1: none), node per feature (-1: a baobab)); table.py
      frontier      each empty space next to a tile -> the edges it demands (table.py;
                    TileType.fits[it]: the rotations that fit)
      regions       the trails and bush: a trails_and_bush.Regions over those nodes
      feature_meeples   (seat, node) of each meeple on a trail or bush
      baobab_meeples    space -> the seat of the meeple on the baobab there
      holes, hole_meeples   point -> its four slots' animal letters ("" empty); point ->
                    ((seat, slot 0..3), ...) of the meeples on that hole
      rangers, displaced    the rangers' spaces (-1: displaced); the index of the one this
                    turn's tile displaced, else -1
      jobs, job_seat, job_adds  phase SCORE: [(root, leading seats), ...], the completed trails
                    and bush left to score this turn, the first now; the index of its leader
                    asked; the tokens its leaders added so far (letter or None)
      gone          the seats that left the game (`out`, leaving.py), in the order they left
    The action step's legality, as data: `action_options()`."""

    __slots__ = (
        "tileset", "players", "seed", "final_scoring", "tile_order", "token_order", "custom_tiles",
        "board", "frontier", "regions", "feature_meeples", "baobab_meeples", "holes", "hole_meeples",
        "free_slots", "dig_slots", "pile", "discards", "reshuffles", "hands", "supply_meeples", "score",
        "stack", "removed", "rangers", "phase", "active", "tile", "placed", "displaced", "jobs",
        "job_seat", "job_adds", "history", "actors", "final_points", "num_animals", "chance", "draws", "resume",
        "explain", "gone",
    )

    # ------------------------------------------------------------------ set-up

    def __init__(self, players: int = 2, seed: int | None = None, final_scoring: str = "all",
                 tiles: dict[str, Any] | str | TileSet | None = None, tile_order: Iterable[str] | None = None,
                 token_order: str | None = None, chance: str = SAMPLED):
        ts = load_tiles(tiles)
        check_mode(chance)
        if chance == EXPLICIT and (tile_order is not None or token_order is not None):
            raise ValueError("tile_order and token_order set the order of a sampled game's draws; "
                             "an explicit-chance game has none: it draws at its chance nodes")
        if not isinstance(players, int) or isinstance(players, bool) or not ts.min_players <= players <= ts.max_players:
            raise ValueError(f"players must be a whole number from {ts.min_players} to {ts.max_players}, not {short(players)}")
        if final_scoring not in FINAL_SCORING:
            raise ValueError(f"final_scoring must be 'all' (English rulebook) or 'majority' (German edition), not {short(final_scoring)}")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {short(seed)}")
        check_seed(seed)
        self.explain: list[dict[str, Any]] | None = None  # scoring events, while apply_explained runs
        self.tileset = ts
        self.players = players
        self.seed = seed
        self.final_scoring = final_scoring
        self.custom_tiles = None if ts.packaged else ts.data  # a user's own set is saved whole
        self.num_animals = k = len(ts.animals)
        self.chance = chance
        self.draws: list[int] = []  # explicit chance: the seats still to draw a token each, in order
        self.resume = GO_ON  # explicit chance: what follows those draws

        # land tiles: the given order on top, the rest shuffled by the seed
        order = stack.check_order(ts, tile_order)
        self.tile_order = [ts.copies[i].name for i in order] if tile_order is not None else None
        chosen = set(order)
        if chance == EXPLICIT:  # no order: a copy is taken when a chance outcome names it
            self.stack = [c.index for c in ts.copies]
        else:
            rest = shuffled(seed, "tiles", [c.index for c in ts.copies if c.index not in chosen])
            self.stack = (order + rest)[::-1]  # top at the end
        self.removed: list[int] = []

        # animal tokens
        tok = tokens.check_order(ts, token_order)
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
        start = table.start_position(ts)  # the start tile and rangers, laid once per tile set
        self.board = start.board.copy()
        self.frontier = start.frontier.copy()
        self.regions = start.regions.copy()
        self.free_slots = start.free_slots.copy()
        self.dig_slots = start.dig_slots.copy()
        self.rangers = start.rangers[:]

        for seat in range(players):
            tokens.draw(self, seat, 2)

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
        self.gone: list[int] = []
        if self.draws:  # explicit chance: the deal is drawn first
            self._await_draws(GO_DRAW_TILE)
        else:
            self._draw_tile()

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
        g.num_animals = self.num_animals
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
        g.gone = self.gone[:]
        return g

    __copy__ = clone

    def determinize(self, rng: random.Random) -> "Game":
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
                        tokens.draw(g, seat, 1)
                    g._go_on()
                else:
                    g._draw_tile()
        return g

    # ---------------------------------------------------------- public state
    # (current_player and is_terminal: state.py's State)

    def is_chance_node(self) -> bool:
        """Whether the next step is a draw (explicit-chance games only)."""
        return self.phase == DRAW

    def chance_counts(self) -> list[tuple[Action, int]]:
        """At a chance node, each outcome with how many of what is left show it (a land
        tile outcome: its copies in the stack; an animal: its tokens in the pile), in the
        tile set's order; elsewhere []. The probabilities are these counts over their sum."""
        if self.phase != DRAW:
            return []
        return tokens.outcome_counts(self) if self.draws else stack.outcome_counts(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability (they sum to 1); elsewhere []."""
        counts = self.chance_counts()
        total = sum(n for _, n in counts)
        return [(a, n / total) for a, n in counts]

    def returns(self) -> list[float]:
        """OpenSpiel-style outcome: 1 for each winner (ties share), 0 otherwise; all 0 while playing."""
        if self.phase != OVER:
            return [0.0] * self.players
        best = max(self.score)
        return [1.0 if s == best else 0.0 for s in self.score]

    # ------------------------------------------------------- draws and chance

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
        self.tile = stack.draw(self)
        if self.tile >= 0:
            self.phase = PLACE
        else:
            self._final_scoring()

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
            if tokens.pile_ready(self):
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

    def _take_outcome(self, a: Action) -> Callable[[], None]:
        """Check a chance outcome and take what it names from the pile or the stack (changing
        nothing if it is illegal); return what then follows."""
        if self.draws:
            tokens.take_outcome(self, a)
            return self._next_draw
        c = stack.take_outcome(self, a)
        return lambda: self._drawn_tile(c)

    def _drawn_tile(self, c: int) -> None:
        if table.fits_anywhere(self, self.tileset.copies[c].type):
            self.tile = c
            self.phase = PLACE
        else:
            self.removed.append(c)
            self._draw_tile()

    # --------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal action now, and nothing else."""
        phase = self.phase
        if phase == PLACE:
            return table.placements(self)
        if phase == ACTION:
            return self._legal_after_placing()
        if phase == SCORE:
            return tb.token_choices(self)
        if phase == RANGER:
            return rangers.put_back_choices(self)
        if phase == DRAW:
            return [a for a, _ in self.chance_counts()]
        return []

    def action_options(self) -> tuple[list[str], list[tuple[str, int]], Any, list[tuple[int, list[str]]],
                                      tuple[int, ...]]:
        """The legality of the action step (phase "action"), as data: legal_actions() makes its
        actions of it, and research its legal mask. (animals, meeples, digs, expands, movers):
        - animals: the letters of the tokens the active seat holds, in the tile set's order;
        - meeples: (kind, side) of each feature of the tile just placed that a meeple may go on
          (`M:<kind>:<side>`; side -1: the baobab, `M:baobab`), trails_and_bush.meeple_spots;
        - digs: the slots where a hole may be dug, with any of `animals` (none without a meeple
          or a token);
        - expands: (slot, letters) where a token may expand a hole, with those of `animals`;
        - movers: the spaces of the rangers that may move, each to any space of the frontier
          but theirs (none in a turn whose tile displaced one).
        Besides these, `pass` is always legal. Read only, like the state."""
        seat = self.active
        animals = tokens.held(self, seat)
        if self.supply_meeples[seat]:
            meeples = tb.meeple_spots(self)
            digs = self.dig_slots if animals else ()
        else:
            meeples, digs = [], ()
        expands = wh.expansions(self, animals) if animals else []
        return animals, meeples, digs, expands, rangers.movable(self)

    def _legal_after_placing(self) -> list[Action]:
        animals, meeples, digs, expands, movers = self.action_options()
        out = []
        for kind, side in meeples:
            out.append(act.meeple(kind, side))
        wh.hole_actions(out, animals, digs, expands)
        if movers:
            rangers.moves(self, out, movers)
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
        assert seat is not None  # (a game not over has a seat to act, or CHANCE)
        if kind == act.OUT:
            self._leave(a)
            return
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
            table.place(self, a)
            if self.placed in self.rangers:
                rangers.displace(self)
            self.phase = ACTION
        elif phase == ACTION:
            if kind == act.MEEPLE:
                tb.place_meeple(self, a)
            elif kind == act.DIG:
                wh.dig(self, a)
            elif kind == act.EXPAND:
                wh.expand(self, a)
            elif kind == act.MOVE:
                rangers.move(self, a)
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
            tb.add_token(self, a)
            self._resolve_scoring()
        else:
            if kind != act.RETURN:
                raise ValueError(f"illegal action {a}: the displaced ranger must be put back (R><x>,<y>)")
            rangers.put_back(self, a)
            self._end_turn()
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

    def _leave(self, a: Action) -> None:
        """`out`: the seat to act leaves (leaving.py); what it was in the middle of is settled
        the way that adds nothing, and the game goes on without it."""
        seat = leaving.check(self, a)
        phase = self.phase
        self.gone.append(seat)
        self.history.append(a)
        self.actors.append(seat)
        if phase == PLACE:  # the drawn tile passes to the next seat
            if leaving.all_gone(self):
                self.tile = -1
                self._final_scoring()
            else:
                self.active = leaving.next_seat(self, seat)
        elif phase == ACTION:  # it passes
            self._score_turn()
        elif phase == SCORE:  # it adds no token
            tb.add_token(self, act.add(None))
            self._resolve_scoring()
        else:  # RANGER
            leaving.put_back_for(self)
            self._end_turn()

    # --------------------------------------------------------------- scoring

    def _score_turn(self) -> None:
        """Step 3: what the placed tile completed, baobabs first (baobabs.py)."""
        if self.baobab_meeples:
            baobabs.score_completed(self)
        if self.draws:  # explicit chance: the tokens are drawn before the features score
            self._await_draws(GO_SCORE_FEATURES)
            return
        self._score_features()

    def _score_features(self) -> None:
        """Step 3 for the trails and bush the placed tile completed (trails_and_bush.py)."""
        tb.start_scoring(self)
        self._resolve_scoring()

    def _resolve_scoring(self) -> None:
        """Score the features, asking a leader to choose a token when one may; then step 4."""
        if self.jobs and tb.resolve(self):
            self.phase = SCORE
            return
        if self.displaced >= 0:
            rangers.score_displacing(self)
            if self.active not in self.gone:
                self.phase = RANGER
                return
            leaving.put_back_for(self)
        self._end_turn()

    def _end_turn(self) -> None:
        self.displaced = -1
        self.placed = -1
        if not self.stack or (self.gone and leaving.all_gone(self)):
            self.tile = -1
            self._final_scoring()
            return
        self.active = leaving.next_seat(self, self.active) if self.gone else (self.active + 1) % self.players
        self._draw_tile()

    def _final_scoring(self) -> None:
        """Incomplete trails and bush (trails_and_bush.final_points: "all" or "majority"),
        then 1 per token in supply."""
        points = tb.final_points(self)
        tokens.final_points(self, points)
        for s in range(self.players):
            self.score[s] += points[s]
        self.final_points = points
        self.phase = OVER

    def __repr__(self) -> str:
        return (f"<safari.Game players={self.players} seed={self.seed} phase={self.phase_name} "
                f"turn_actions={len(self.history)} scores={self.score}>")

    # ---------------------------------------------------------------- saving

    def to_json(self, seats: list[dict[str, Any]] | None = None, hints: list[dict[str, int]] | None = None) -> str:
        """The saved game (serialization.py); with `seats`, who sat at it (saved_games.check_seats);
        with `hints`, the coach's hints given in it (saved_games.check_hints)."""
        return dump(self, seats, hints)

"""What a game shows of itself: who acts, the scores, each seat's holdings, the tiles still
unseen. `Inspection` holds these public methods of `Game` (a base class of it, with no state
of its own): they read the game's state and change nothing.
"""

from __future__ import annotations

from collections import Counter

from savanna.chance import CHANCE

from . import leaving
from .phases import OVER, PHASE_NAMES, REVEAL, SETUP
from .state import State


class Inspection(State):
    __slots__ = ()

    @property
    def current_player(self) -> int | None:
        """The seat that must act now (None when the game is over)."""
        if self.phase == OVER:
            return None
        if self.phase == SETUP:
            if self.gone:
                return leaving.setup_seat(self)
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
        base = seat * self.num_types
        return {self.data.types[t].id: self.held[base + t] for t in self.data.objects if self.held[base + t]}

    def treasure(self, seat: int) -> dict[str, int]:
        """Nuggets of gold and stones of gems a seat holds (all-seeing: see `view` for the hidden option)."""
        self._check_seat(seat)
        base = seat * self.num_types
        out = {"gold": 0, "gems": 0}
        for t in self.data.types:
            if t.kind in out:
                out[t.kind] += t.value * self.held[base + t.index]
        return out

    def held_tiles(self, seat: int) -> dict[str, int]:
        """Every tile a seat holds, by id (all-seeing)."""
        self._check_seat(seat)
        base = seat * self.num_types
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

    def unseen_tiles(self) -> Counter[str]:
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

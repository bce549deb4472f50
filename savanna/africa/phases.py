"""Where a game stands (`Game.phase`), and EMPTY, the engine's "none": no tile or base
camp on a space, no explorer placed, no tile waiting to be placed, no seat."""

from __future__ import annotations

SETUP, MOVE, JUMP, ACTION, TARGET, TRADE, OVER, REVEAL = range(8)
PHASE_NAMES = ("setup", "move", "jump", "action", "target", "exchange", "over", "reveal")
EMPTY = -1

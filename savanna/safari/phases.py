"""The phases of a turn, as `Game.phase` holds them (`Game.phase_name` names them).

PLACE: the drawn tile is to be placed; ACTION: one action or pass; SCORE: a leading
player chooses a token to add to a completed trail or bush; RANGER: the displaced
ranger is put back; OVER: the game has ended; DRAW: a chance node (explicit chance).
"""

PLACE, ACTION, SCORE, RANGER, OVER, DRAW = range(6)
PHASE_NAMES = ("place", "action", "score", "ranger", "over", "draw")

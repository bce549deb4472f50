"""The coach: how good a move is, as the strongest computer player judges it.

`judge` values a position's best moves (and the move played) by the search the players use,
in worlds dealt from what the seat to act can know; `hint` turns that into advice for the seat
to act; `review` (a module) judges every decision of a finished game; `marks` says how much a
loss is. Pure: no I/O, no web; the facts it gives are data, the words are the interfaces'.
"""

from __future__ import annotations

from . import marks, review
from .hints import hint
from .judging import Candidate, Judgement, judge

__all__ = ["Candidate", "Judgement", "hint", "judge", "marks", "review"]

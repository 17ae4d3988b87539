"""A solver plan: for each call, where the tile went and which column bottoms then moved onto rows.

A step is `(place, moves)`: `place` is ROW (the tile is a 1 and starts the next row) or a column index,
`moves` the column indices whose bottom tile moved onto a row, in order. Rows are never named: a tile goes
onto any row ending one lower (rows with equal ends are interchangeable), as in the move notation.
"""
from __future__ import annotations

from string import ascii_uppercase
from typing import NamedTuple, Sequence

from . import engine
from .notation import ROW, Move, Token
from .rules import Rules


class Step(NamedTuple):
    """One call of a plan: where the tile went (ROW or a column), and the columns whose bottom tiles then moved
    onto rows, in order. Read by unpacking, so a plain `(place, moves)` tuple is a step too."""

    place: int
    moves: tuple[int, ...]


def column_letters(columns: int) -> str:
    """Letters for a plan whose caller names no columns (a library call without a game): A, B, C ..."""
    return ascii_uppercase[:columns]


def token(step: Step, letters: str) -> str:
    """The notation token of one step, e.g. `R`, `B`, `C>C`, `A>BD`."""
    place, moves = step
    head = "R" if place == ROW else letters[place]
    return head + ">" + "".join(letters[m] for m in moves) if moves else head


def replay(calls: Sequence[int], steps: Sequence[Step], columns: int, rows: int, high: int,
           letters: str | None = None) -> int:
    """Tiles left after playing `steps`, checked by the rules; ValueError names the first step that breaks one
    (its columns named by `letters`, A, B, C ... when not given)."""
    if len(steps) != len(calls):
        raise ValueError(f"{len(steps)} steps for {len(calls)} calls")
    rules = Rules(high=high, rows=rows, columns=columns, letters=column_letters(columns) if letters is None else letters)
    tokens = [Token(None, place, tuple(Move(column, None) for column in moves)) for place, moves in steps]
    outcome = engine.replay(rules, calls, tokens)
    if outcome.violation is not None:
        broken = outcome.violation
        call = broken.number or 0
        raise ValueError(f"call {call + 1}: {token(steps[call], rules.letters)} breaks {broken.rule} "
                         f"({broken.reason})")
    return outcome.board.tiles_left

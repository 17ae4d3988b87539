"""A solver plan: for each call, where the tile went and which column bottoms then moved onto rows.

A step is `(place, moves)`: `place` is ROW (the tile is a 1 and starts the next row) or a column index,
`moves` the column indices whose bottom tile moved onto a row, in order. Rows are never named: a tile goes
onto any row ending one lower (rows with equal ends are interchangeable), as in the move notation.
"""
from __future__ import annotations

from string import ascii_uppercase
from typing import Sequence

ROW = -1
Step = tuple[int, tuple[int, ...]]


def column_letters(columns: int) -> str:
    return ascii_uppercase[:columns]


def token(step: Step, letters: str) -> str:
    """The notation token of one step, e.g. `R`, `B`, `C>C`, `A>BD`."""
    place, moves = step
    head = "R" if place == ROW else letters[place]
    return head + ">" + "".join(letters[m] for m in moves) if moves else head


def replay(calls: Sequence[int], steps: Sequence[Step], columns: int, rows: int) -> int:
    """Tiles left after playing `steps`; ValueError names the first step that breaks a rule."""
    if len(steps) != len(calls):
        raise ValueError(f"{len(steps)} steps for {len(calls)} calls")
    ends = [0] * rows
    cols: list[list[int]] = [[] for _ in range(columns)]
    for i, (number, (place, moves)) in enumerate(zip(calls, steps)):
        if place == ROW:
            if number != 1 or 0 not in ends:
                raise ValueError(f"call {i + 1}: {number} cannot start a row")
            ends[ends.index(0)] = 1
        elif number == 1 or not 0 <= place < columns:
            raise ValueError(f"call {i + 1}: {number} cannot go to column {place}")
        else:
            cols[place].append(number)
        for column in moves:
            if not 0 <= column < columns or not cols[column] or cols[column][-1] - 1 not in ends:
                raise ValueError(f"call {i + 1}: no tile in column {column} fits a row")
            tile = cols[column].pop()
            ends[ends.index(tile - 1)] = tile
    return sum(map(len, cols))

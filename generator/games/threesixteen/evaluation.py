"""Strong's static evaluation of a 3x16 position (lower is better), shared by the online strategies and playouts.

It reads each column from top to bottom: a column drains cleanly when its tiles fall towards the bottom (the
smallest, needed first, at the bottom). Every tile lying below a smaller one forces the rows apart: the row that
takes the lower tile must pass the upper one first, so another row has to take it. A run of tiles that never
falls, from the top down to a tile, needs a row of its own for each tile, and only rows that have not passed a
tile can take it: a run longer than those rows strands a tile for good. A high bottom tile or an empty column
is room for the high numbers still to come. The weights were tuned by simulation on seeded deals with 5
columns (coordinate search on deals 1000-1299, checked on deals 0-299).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .rules import Board, Rules, fits


@dataclass(frozen=True)
class Weights:
    """Costs of the evaluation (lower is better); see the module docstring."""

    rise_pair: float = 0.25     # a tile below a smaller one, for every such pair in a column
    equal_pair: float = 0.125   # a tile below an equal one (both need a row at the same end)
    rise_gap: float = 1.2       # per step of a rise between neighbours
    fall_gap: float = 0.1       # per step of a fall between neighbours (a loose fit wastes a high bottom)
    chain_full: float = 1.0     # a column with a never-falling run as long as the rows: every row is spoken for
    stranded: float = 5.0       # per tile by which a never-falling run outnumbers the rows that can take it
    on_rows: float = 0.7        # per tile in the rows (a reward)
    empty: float = 0.5          # per empty column (a reward)
    homeless: float = 1.1       # per unseen tile higher than every bottom, with no empty column and no row for it
    spread: float = 0.2         # per step between the most and the least advanced row


def evaluate(board: Board, unseen: Sequence[int], w: Weights, rules: Rules) -> float:
    """Strong's static evaluation of a position (lower is better; see the module docstring)."""
    rows = rules.rows
    ends = board.ends
    score = -w.on_rows * sum(ends) + w.spread * (max(ends) - min(ends))
    top = 0
    empty = 0
    for column in board.columns:
        if not column:
            empty += 1
            continue
        top = max(top, column[-1])
        score += _cached_column_cost(column, ends, w, rows)
    score -= w.empty * empty
    if not empty:
        homeless = sum(unseen[v] for v in range(top + 1, rules.high + 1) if not fits(v, ends))
        score += w.homeless * homeless
    return score


def column_cost(column: tuple[int, ...], ends: tuple[int, ...], w: Weights, rows: int) -> float:
    """What one column's order will cost the rows, read from the top tile down to the bottom one."""
    cost = 0.0
    runs: list[int] = []  # runs[i]: the longest never-falling run from the top that ends at tile i
    longest = 0
    stranded = 0
    for i, tile in enumerate(column):
        run = 1
        for j in range(i):
            upper = column[j]
            if upper <= tile:
                run = max(run, runs[j] + 1)
                cost += w.rise_pair if upper < tile else w.equal_pair
        runs.append(run)
        longest = max(longest, run)
        stranded = max(stranded, run - sum(end < tile for end in ends))
        if i:
            upper = column[i - 1]
            cost += w.rise_gap * (tile - upper) if tile > upper else w.fall_gap * (upper - tile)
    if longest >= rows:
        cost += w.chain_full
    return cost + w.stranded * stranded


_cached_column_cost = lru_cache(maxsize=1 << 16)(column_cost)

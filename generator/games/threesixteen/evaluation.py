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
from typing import NamedTuple, Sequence

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


class Shape(NamedTuple):
    """What a column's order costs whatever the rows: pairs and gaps, and the never-falling runs (see column_cost)."""

    cost: float
    runs: tuple[int, ...]   # runs[i]: the longest never-falling run from the top that ends at tile i
    longest: int


#: how many column shapes, and column costs for given row ends, an evaluation keeps before it forgets them all
#: (some tens of megabytes at most)
REMEMBERED = 1 << 17


class Evaluation:
    """Strong's static evaluation with one set of weights. It remembers the costs and shapes of the columns it has
    read, and a column one tile longer is read from the shape of the shorter one."""

    def __init__(self, rules: Rules, weights: Weights = Weights()) -> None:
        self.rules = rules
        self.w = weights
        self._shapes: dict[tuple[int, ...], Shape] = {(): Shape(0.0, (), 0)}
        self._costs: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}

    def __call__(self, board: Board, unseen: Sequence[int]) -> float:
        """The position's cost (lower is better; see the module docstring); `unseen` counts the tiles to come."""
        w = self.w
        ends = board.ends
        score = -w.on_rows * sum(ends) + w.spread * (max(ends) - min(ends))
        top = 0
        empty = 0
        for column in board.columns:
            if not column:
                empty += 1
                continue
            top = max(top, column[-1])
            score += self.column_cost(column, ends)
        score -= w.empty * empty
        if not empty:
            score += w.homeless * self.homeless(top, ends, unseen)
        return score

    def homeless(self, top: int, ends: Sequence[int], unseen: Sequence[int]) -> int:
        """Unseen tiles higher than every bottom (`top` the highest) that fit no row."""
        return sum(unseen[v] for v in range(top + 1, self.rules.high + 1) if not fits(v, ends))

    def column_cost(self, column: tuple[int, ...], ends: tuple[int, ...]) -> float:
        """What one column's order will cost the rows, read from the top tile down to the bottom one."""
        key = (column, ends)
        found = self._costs.get(key)
        if found is None:
            w = self.w
            shape = self.shape(column)
            stranded = max(0, max(run - sum(end < tile for end in ends) for tile, run in zip(column, shape.runs)))
            found = shape.cost + (w.chain_full if shape.longest >= self.rules.rows else 0.0) + w.stranded * stranded
            if len(self._costs) >= REMEMBERED:
                self._costs = {}
            self._costs[key] = found
        return found

    def shape(self, column: tuple[int, ...]) -> Shape:
        found = self._shapes.get(column)
        if found is None:
            above = self.shape(column[:-1])
            if len(self._shapes) >= REMEMBERED:
                self._shapes = {(): Shape(0.0, (), 0)}
            found = self._shapes[column] = _grow(above, column, self.w)
        return found


def _grow(above: Shape, column: tuple[int, ...], w: Weights) -> Shape:
    """The shape of `column` from the shape of the column without its bottom tile."""
    tile = column[-1]
    cost = above.cost
    run = 1
    for upper, upper_run in zip(column, above.runs):
        if upper <= tile:
            run = max(run, upper_run + 1)
            cost += w.rise_pair if upper < tile else w.equal_pair
    if len(column) > 1:
        upper = column[-2]
        cost += w.rise_gap * (tile - upper) if tile > upper else w.fall_gap * (upper - tile)
    return Shape(cost, above.runs + (run,), max(above.longest, run))

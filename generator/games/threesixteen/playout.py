"""Strong's play on plain lists, fast enough to finish thousands of imagined games per call (for `sampling`).

A playout takes a board and one imagined order of calls to come and plays them the way `strong` would. It gives
the same placements as strong: a called tile that fits a row goes there, and otherwise to the column whose cost
(strong's evaluation) rises least; but it works on tuples and lists and compares only what differs between the
columns. Moves are made as soon as they fit; only when two columns offer a tile for the same row end does it
weigh every set of moves with strong's full evaluation, as strong does. It differs from strong only where strong would leave a fitting tile in its column (rare).
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from .evaluation import Evaluation
from .rules import Board, fits


class Judged(NamedTuple):
    """A board where no more tile fits, and strong's evaluation of it (lower is better)."""

    score: float
    board: Board


class Playout:
    def __init__(self, evaluate: Evaluation) -> None:
        self.evaluate = evaluate
        self.rules = evaluate.rules

    def play(self, board: Board, future: Sequence[int], unseen: Sequence[int]) -> Board:
        """The board after `future` (calls in one imagined order) from `board`; `unseen` counts what is to come."""
        ends = list(board.ends)
        columns = list(board.columns)
        unseen = list(unseen)
        for number in future:
            unseen[number] -= 1
            if number == 1:
                ends[ends.index(0)] = 1
            elif fits(number, ends):
                ends[ends.index(number - 1)] = number
            else:
                where = self.column_for(number, ends, columns, unseen)
                columns[where] = columns[where] + (number,)
                continue
            self.move_all(ends, columns, unseen)
        return Board(tuple(ends), tuple(columns))

    def column_for(self, number: int, ends: list[int], columns: list[tuple[int, ...]], unseen: list[int]) -> int:
        """Strong's column for a tile that fits no row: the least rise in cost (the first of equals)."""
        w = self.evaluate.w
        cost = self.evaluate.column_cost
        row_ends = tuple(ends)
        bottoms = [column[-1] if column else 0 for column in columns]
        empty = bottoms.count(0)
        highest = max(range(len(bottoms)), key=bottoms.__getitem__)
        others = max((b for k, b in enumerate(bottoms) if k != highest), default=0)   # the highest but one
        homeless: dict[int, int] = {}
        best = 0
        best_rise: float | None = None
        tried_empty = False
        for j, column in enumerate(columns):
            if column:
                rise = cost(column + (number,), row_ends) - cost(column, row_ends)
                left_empty = empty
            elif tried_empty:
                continue
            else:
                tried_empty = True
                rise = cost((number,), row_ends) + w.empty
                left_empty = empty - 1
            if not left_empty:
                top = max(number, others if j == highest else bottoms[highest])
                if top not in homeless:
                    homeless[top] = self.evaluate.homeless(top, row_ends, unseen)
                rise += w.homeless * homeless[top]
            if best_rise is None or rise < best_rise:
                best, best_rise = j, rise
        return best

    def move_all(self, ends: list[int], columns: list[tuple[int, ...]], unseen: list[int]) -> None:
        """Move fitting bottoms onto rows while any fits; when two compete, strong's evaluation picks the set."""
        while True:
            ready = [j for j, column in enumerate(columns) if column and fits(column[-1], ends)]
            if not ready:
                return
            if len(ready) > 1:
                break
            column = columns[ready[0]]
            ends[ends.index(column[-1] - 1)] = column[-1]
            columns[ready[0]] = column[:-1]
        best = self._best_moves(tuple(ends), tuple(columns), unseen, {})
        ends[:] = best.board.ends
        columns[:] = best.board.columns

    def _best_moves(self, ends: tuple[int, ...], columns: tuple[tuple[int, ...], ...], unseen: list[int],
                    seen: dict[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], Judged]) -> Judged:
        """The best board (strong's evaluation) among those where no more tile fits, searched from here."""
        key = (tuple(sorted(ends)), columns)
        if key in seen:
            return seen[key]
        best: Judged | None = None
        for j, column in enumerate(columns):
            if column and fits(column[-1], ends):
                moved = list(ends)
                moved[moved.index(column[-1] - 1)] = column[-1]
                rest = list(columns)
                rest[j] = column[:-1]
                found = self._best_moves(tuple(moved), tuple(rest), unseen, seen)
                if best is None or found.score < best.score:
                    best = found
        if best is None:
            board = Board(ends, columns)
            best = Judged(self.evaluate(board, unseen), board)
        seen[key] = best
        return best

"""Online players for simulation: they see the board, the number called and what is still to come, never the order.

`naive` puts each number on its shortest column and moves every tile the moment it fits.

`strong` looks at every column the number could go to and at every set of moves onto rows after it, and keeps the
position a static evaluation likes best. The evaluation reads each column from top to bottom: a column drains
cleanly when its tiles fall towards the bottom (the smallest, needed first, at the bottom). Every tile lying
below a smaller one forces the rows apart: the row that takes the lower tile must pass the upper one first, so
another row has to take it. A run of tiles that never falls, from the top down to a tile, needs a row of its
own for each tile, and only rows that have not passed a tile can take it: a run longer than those rows strands
a tile for good. A high bottom tile or an empty column is room for the high numbers still to come.
The weights were tuned by simulation on seeded deals with 5 columns (coordinate search on deals 1000-1299,
checked on deals 0-299).

`lookahead` plans against the unseen tiles. It takes strong's best few positions after the call and judges each
again by the next call: every number still to come may be next, with a chance in proportion to how many of it
are left, and for each the best position strong would reach from there is evaluated; the position with the best
mean wins (an expectimax of one chance step). It needs only the counts of the uncalled numbers, never their order.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Protocol, Sequence

from .engine import place, shift
from .notation import ROW
from .rules import Board, Rules, fits, legal_places, legal_shifts


@dataclass(frozen=True)
class Choice:
    """Where the called tile went (ROW or a column), the columns moved from in order, and the board after."""

    place: int
    moves: tuple[int, ...]
    board: Board


class Strategy(Protocol):
    name: str

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        """`unseen[v]` is how many tiles numbered v are still to be called (public knowledge)."""


def greedy_moves(board: Board) -> tuple[tuple[int, ...], Board]:
    """Move bottom tiles onto rows, leftmost column first, until none fits."""
    moves: list[int] = []
    while shifts := legal_shifts(board):
        board = shift(board, shifts[0])
        moves.append(shifts[0])
    return tuple(moves), board


def reachable(board: Board, limit: int = 256) -> list[tuple[tuple[int, ...], Board]]:
    """Every distinct board reachable by moves (moving nothing included), with one move sequence for each."""
    seen = {(tuple(sorted(board.ends)), board.columns)}
    out = [((), board)]
    i = 0
    while i < len(out) and len(out) < limit:
        moves, here = out[i]
        i += 1
        for column in legal_shifts(here):
            moved = shift(here, column)
            key = (tuple(sorted(moved.ends)), moved.columns)
            if key not in seen:
                seen.add(key)
                out.append((moves + (column,), moved))
    return out


#: lookahead re-judges this many of strong's best positions: on deals 1000-1199 with 5 columns, 3 won 48.0% (0.09 s per
#: game), 6 won 51.0% (0.15 s), 12 won 52.5% (0.19 s); a risk term on the spread of the outcomes only lost
KEEP = 6


class Naive:
    """The baseline: no planning at all."""

    name = "naive"

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        places = legal_places(self.rules, board, number)
        where = min(places, key=lambda c: 0 if c == ROW else len(board.columns[c]))
        moves, after = greedy_moves(place(board, number, where))
        return Choice(where, moves, after)


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


class Strong:
    """One-ply search over placements and move sets, judged by `evaluate` (see the module docstring)."""

    name = "strong"

    def __init__(self, rules: Rules, weights: Weights = Weights()) -> None:
        self.rules = rules
        self.w = weights

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        return self.options(board, number, unseen)[0][1]

    def options(self, board: Board, number: int, unseen: Sequence[int]) -> list[tuple[float, Choice]]:
        """Every distinct position the call can lead to, with its evaluation, best first (ties in the order found)."""
        found = [(self.evaluate(after, unseen), Choice(where, moves, after))
                 for where, moves, after in self._positions(board, number)]
        found.sort(key=lambda option: option[0])
        return found

    def best_score(self, board: Board, number: int, unseen: Sequence[int]) -> float | None:
        """The evaluation of the best position the call can lead to (None when the number has nowhere to go)."""
        return min((self.evaluate(after, unseen) for _, _, after in self._positions(board, number)), default=None)

    def _positions(self, board: Board, number: int) -> Iterator[tuple[int, tuple[int, ...], Board]]:
        """(place, moves, board after) for every distinct position: each distinct place, then each move set."""
        for where in _distinct_places(legal_places(self.rules, board, number), board):
            for moves, after in reachable(place(board, number, where)):
                yield where, moves, after

    def evaluate(self, board: Board, unseen: Sequence[int]) -> float:
        w, rows = self.w, self.rules.rows
        ends = board.ends
        score = -w.on_rows * sum(ends) + w.spread * (max(ends) - min(ends))
        top = 0
        empty = 0
        for column in board.columns:
            if not column:
                empty += 1
                continue
            top = max(top, column[-1])
            score += _column_cost(column, ends, w, rows)
        score -= w.empty * empty
        if not empty:
            homeless = sum(unseen[v] for v in range(top + 1, self.rules.high + 1) if not fits(v, ends))
            score += w.homeless * homeless
        return score


class Lookahead:
    """Strong's best few positions, judged again by what the next call may bring (see the module docstring)."""

    name = "lookahead"

    def __init__(self, rules: Rules, weights: Weights = Weights(), keep: int = KEEP) -> None:
        self.rules = rules
        self.strong = Strong(rules, weights)
        self.keep = keep

    def choose(self, board: Board, number: int, unseen: Sequence[int]) -> Choice:
        options = self.strong.options(board, number, unseen)[: self.keep]
        if len(options) == 1 or not any(unseen):
            return options[0][1]
        return min(options, key=lambda option: (self.expected(option[1].board, unseen), option[0]))[1]

    def expected(self, board: Board, unseen: Sequence[int]) -> float:
        """The mean, over the tiles still to come (each number weighted by its count), of the evaluation of the
        best position Strong reaches from `board` when that number is called next."""
        total = weight = 0.0
        after = list(unseen)
        for number, count in enumerate(unseen):
            if count:
                after[number] -= 1
                score = self.strong.best_score(board, number, after)
                after[number] += 1
                if score is not None:
                    total += count * score
                    weight += count
        return total / weight if weight else 0.0


@lru_cache(maxsize=1 << 16)
def _column_cost(column: tuple[int, ...], ends: tuple[int, ...], w: Weights, rows: int) -> float:
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


def _distinct_places(places: tuple[int, ...], board: Board) -> list[int]:
    """One column of each content (two empty columns are the same choice); a row start stays as it is."""
    seen = set()
    out = []
    for where in places:
        content = None if where == ROW else board.columns[where]
        if content not in seen:
            seen.add(content)
            out.append(where)
    return out


STRATEGIES = {"naive": Naive, "strong": Strong, "lookahead": Lookahead}

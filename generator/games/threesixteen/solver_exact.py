"""Exact search: can the calls be played leaving at most `target` tiles? Proofs come from here.

A state is the row ends (sorted: rows with equal ends are interchangeable) and the columns (sorted: columns
with equal contents are interchangeable, empty ones included), each column top to bottom. At each call the
tile is placed (a 1 starts a row; any other number goes under one of the distinct columns), then any set of
moves is tried, except moves proven safe, which are always made (see `_safe`). A transposition table keeps,
per state, the best lower bound proven so far (the static bound on a first visit), so iterative deepening on
`target` reuses earlier work and computes a state's bound once.

The lower bound (`bound`) counts tiles that can never leave their column and what that costs the rows:
- a tile can leave only after every tile below it, onto a row ending one lower; a fixpoint over the columns
  finds tiles no row can ever take (optimistic about future calls);
- in one column, tiles that all leave and read top to bottom with non-decreasing numbers need different
  rows (the lower one leaves first, onto a row that already holds the upper one's number), so a column with
  such a chain longer than the rows able to take them loses its top part;
- a row passes number v only with a copy of every number up to v, so lost copies cap how far rows can get.
"""
from __future__ import annotations

from typing import Sequence

from .notation import ROW
from .rules import fits
from .solver_budget import Budget
from .solver_plan import Step

Ends = tuple[int, ...]              # row ends, sorted
Column = tuple[int, ...]            # one column, top to bottom
Columns = tuple[Column, ...]        # the columns, sorted
State = tuple[Ends, Columns]
# an action in canonical terms: (content of the column placed into, or None for a row start;
#                                contents of the columns moved from, in order)
Action = tuple[Column | None, Columns]


def _bump(ends: tuple[int, ...], number: int) -> tuple[int, ...]:
    """Row ends after `number` goes onto a row ending at number - 1."""
    out = list(ends)
    out[out.index(number - 1)] = number
    out.sort()
    return tuple(out)


def _replace(cols: tuple[tuple[int, ...], ...], i: int, column: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(cols[:i] + (column,) + cols[i + 1:]))


class ExactSearch:
    def __init__(self, calls: Sequence[int], columns: int, high: int, rows: int, budget: Budget) -> None:
        self.calls = list(calls)
        self.budget = budget
        self.n = len(calls)
        self.columns = columns
        self.high = high
        self.rows = rows
        self.total = [0] * (high + 2)
        for number in calls:
            self.total[number] += 1
        counts = [0] * (high + 2)
        self.future = [tuple(counts)] * (self.n + 1)
        for t in range(self.n - 1, -1, -1):
            counts[calls[t]] += 1
            self.future[t] = tuple(counts)
        self.table: dict[State, int] = {}
        self.nodes = 0
        self.path: list[Action] = []
        self.blocked: dict[Column, int] = {}

    # ---- the root and the driver

    def root(self) -> State:
        return (0,) * self.rows, ((),) * self.columns

    def prove(self, target: int) -> bool:
        """True with `self.path` set if some plan leaves at most `target` tiles; False if none does.

        Raises OutOfBudget when the budget's slice is spent (one node per state visited).
        """
        return self.prove_from(0, *self.root(), target)

    def prove_from(self, t: int, ends: Sequence[int], columns: Sequence[tuple[int, ...]], target: int) -> bool:
        """`prove` from a board after the first t calls (a player's position mid-game), for an online player
        that solves imagined futures; the table is kept, so boards of the same calls share their work."""
        self.path = []
        found = self._search(t, tuple(sorted(ends)), tuple(sorted(columns)), target)
        self.path.reverse()
        return found

    def steps(self, actions: Sequence[Action]) -> list[Step]:
        """Turn canonical actions into column indices by replaying them on labelled columns."""
        cols: list[list[int]] = [[] for _ in range(self.columns)]
        steps = []
        for number, (placed, moved) in zip(self.calls, actions):
            if placed is None:
                place = ROW
            else:
                place = next(j for j in range(self.columns) if tuple(cols[j]) == placed)
                cols[place].append(number)
            moves = []
            for content in moved:
                j = next(j for j in range(self.columns) if tuple(cols[j]) == content)
                cols[j].pop()
                moves.append(j)
            steps.append(Step(place, tuple(moves)))
        return steps

    # ---- search

    def _search(self, t: int, ends: tuple[int, ...], cols: tuple[tuple[int, ...], ...], target: int) -> bool:
        self.budget.spend()
        self.nodes += 1
        if t == self.n:
            return sum(map(len, cols)) <= target
        key = (ends, cols)
        low = self.table.get(key)
        if low is None:
            low = self.table[key] = self.bound(t, ends, cols)
        if low > target:
            return False
        for (child_ends, child_cols), action in self._children(t, ends, cols):
            if self._search(t + 1, child_ends, child_cols, target):
                self.path.append(action)
                return True
        self.table[key] = target + 1
        return False

    def _children(self, t: int, ends: Ends, cols: Columns) -> list[tuple[State, Action]]:
        number = self.calls[t]
        out: dict[State, Action] = {}
        if number == 1:
            self._closure(_bump(ends, 1), cols, None, out)
        elif fits(number, ends) and self._safe(ends, number):
            # it fits a row and moving it is safe: place it anywhere and move it at once
            placed = cols[0]
            self._closure(_bump(ends, number), cols, placed, out, (placed + (number,),))
        else:
            previous = None
            for i, column in enumerate(cols):
                if column != previous:
                    previous = column
                    self._closure(ends, _replace(cols, i, column + (number,)), column, out)
        return sorted(out.items(), key=self._promise)

    def _safe(self, ends: tuple[int, ...], number: int) -> bool:
        """Moving a bottom `number` onto a row ending at number - 1 now loses nothing.

        With m rows ending at number - 1 and at most m - 1 other copies of `number` that could still reach a
        row, some row ending at number - 1 would never get one otherwise; taking that row now is as good as
        any later use of the tile (the row it would have gone to later can hand its future over). The test is
        `copies of number <= rows ending at number - 1 or higher`.
        """
        return self.total[number] <= sum(1 for end in ends if end >= number - 1)

    def _closure(self, ends: Ends, cols: Columns, placed: Column | None, out: dict[State, Action],
                 first_moves: Columns = ()) -> None:
        """Every state the moves can reach from (ends, cols); safe moves are always made."""
        stack = [(ends, cols, first_moves)]
        seen: set[State] = set()
        while stack:
            ends, cols, moves = stack.pop()
            ends, cols, moves = self._safe_moves(ends, cols, moves)
            key = (ends, cols)
            if key in seen:
                continue
            seen.add(key)
            out.setdefault(key, (placed, moves))
            previous = None
            for i, column in enumerate(cols):
                if column and column != previous and fits(column[-1], ends):
                    stack.append((_bump(ends, column[-1]), _replace(cols, i, column[:-1]), moves + (column,)))
                previous = column

    def _safe_moves(self, ends: Ends, cols: Columns, moves: Columns) -> tuple[Ends, Columns, Columns]:
        """Make every safe move (see `_safe`) while one is left; `moves` gains the columns moved from."""
        moved = True
        while moved:
            moved = False
            for i, column in enumerate(cols):
                if column and fits(column[-1], ends) and self._safe(ends, column[-1]):
                    ends = _bump(ends, column[-1])
                    cols = _replace(cols, i, column[:-1])
                    moves = moves + (column,)
                    moved = True
                    break
        return ends, cols, moves

    def _promise(self, item: tuple[State, Action]) -> tuple[int, int]:
        """Children worth trying first: more tiles on rows, then fewer pairs a lower tile must leave before."""
        (ends, cols), _ = item
        blocked = 0
        for column in cols:
            pairs = self.blocked.get(column)
            if pairs is None:
                pairs = self.blocked[column] = _blocked_pairs(column)
            blocked += pairs
        return -sum(ends), blocked

    # ---- the lower bound

    def bound(self, t: int, ends: tuple[int, ...], cols: tuple[tuple[int, ...], ...]) -> int:
        """Tiles that will surely be left at the end, whatever is played from here."""
        high = self.high
        future = self.future[t]
        started = [e for e in ends if e > 0]
        can_start = min(self.rows - len(started), future[1])
        leavable = self._leavable(ends, cols, future, started, can_start)
        eligible = [0] * (high + 2)
        for w in range(1, high + 2):
            eligible[w] = can_start + sum(1 for e in started if e < w)
        lost = [0] * (high + 2)
        for column, free in zip(cols, leavable):
            first = len(column) - free
            first += _chain_loss(column[first:], eligible)
            for number in column[:first]:
                lost[number] += 1
        cap = len(started) + can_start
        on_rows = 0
        for v in range(1, high + 1):
            cap = min(cap, self.total[v] - lost[v])
            on_rows += cap
        return self.n - on_rows

    def _leavable(self, ends: Ends, cols: Columns, future: tuple[int, ...], started: list[int], can_start: int
                  ) -> list[int]:
        """Per column, how many bottom tiles could ever leave if later calls never got in the way."""
        high = self.high
        free = [0] * len(cols)
        available = list(future)
        while True:
            reach = [False] * (high + 2)
            for e in started:
                reach[e] = True
            if can_start:
                reach[1] = True
            for u in range(1, high):
                if reach[u] and available[u + 1]:
                    reach[u + 1] = True
            changed = False
            for i, column in enumerate(cols):
                k = len(column)
                j = free[i]
                while j < k and reach[column[k - 1 - j] - 1]:
                    available[column[k - 1 - j]] += 1
                    j += 1
                if j != free[i]:
                    free[i] = j
                    changed = True
            if not changed:
                return free


def _chain_loss(segment: tuple[int, ...], eligible: list[int]) -> int:
    """How many top tiles of `segment` (all able to leave so far) must stay for its chains to fit the rows."""
    for start in range(len(segment) + 1):
        if _chains_fit(segment[start:], eligible):
            return start
    return len(segment)


def _chains_fit(segment: tuple[int, ...], eligible: list[int]) -> bool:
    """Every non-decreasing run (top to bottom) ending at a tile w is no longer than the rows that can take w."""
    longest: list[int] = []
    for i, w in enumerate(segment):
        best = 1
        for j in range(i):
            if segment[j] <= w and longest[j] >= best:
                best = longest[j] + 1
        if best > eligible[w]:
            return False
        longest.append(best)
    return True


def _blocked_pairs(column: tuple[int, ...]) -> int:
    """Pairs in a column whose lower tile is not smaller than the upper one (the lower must leave first)."""
    blocked = 0
    for i in range(1, len(column)):
        w = column[i]
        for j in range(i):
            if column[j] <= w:
                blocked += 1
    return blocked

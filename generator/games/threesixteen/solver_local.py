"""Local search for good plans, fast: wins are found here; the exact search proves what is left.

A plan is described by a leave order `pi` over row slots (row r's copy of number v, rows numbered in the
order their 1s are called; each row's slots in number order). Playing it is a greedy simulation: each
called tile takes a free slot of its number and goes under the column whose bottom leaves soonest after
it by `pi` (so every column leaves bottom first), choosing the slot with the tightest fit; a tile that fits
its row goes there at once, and every column bottom that fits its row moves as soon as it can. When no
column fits, the tile still goes somewhere legal (a crossing) and the simulation plays on.

Simulated annealing moves one slot within its row's neighbours in `pi`; the cost is tiles left plus
crossings. Runs restart from three starting orders (the ideal order if columns were endless, number by
number, row by row) with fresh seeded random generators and growing budgets, since run times are
heavy-tailed. Budgets count plans tried, never seconds, so a run is the same on any machine.
A plan places every tile where the rules allow by construction; the solver replays the best one through the
rules (solver_plan.replay) before it reports it.
"""
from __future__ import annotations

import math
import random
from typing import Iterator, Sequence

from .notation import ROW
from .solver_budget import Budget
from .solver_plan import Step

FAR = 1 << 30
CROSS = -2          # no column fits: the tile must cross a bottom that leaves before it
EMPTY = -1          # the bottom rank of an empty column
JUNK = -1           # a tile no row can take (it never leaves its column)
STARTS = ("ideal", "number", "row")
FIRST_RUN_PLANS = 3000
RUN_GROWTH = 1.5
PLAN_NODES = 4      # one plan played costs about as much as four exact-search nodes


class LocalSearch:
    def __init__(self, calls: Sequence[int], columns: int, high: int, rows: int, budget: Budget) -> None:
        self.calls = list(calls)
        self.budget = budget
        self.columns = columns
        self.high = high
        ones = [i for i, number in enumerate(calls) if number == 1]
        self.rows = min(rows, len(ones))
        self.starts = ones[: self.rows]
        self.width = high + 1
        self.plans_tried = 0
        self.best_left = FAR
        self.best_steps: list[Step] = []
        self._schedule = self._runs()
        self._run: _Run | None = None

    def first_plan(self) -> None:
        """Play the first starting order (free of budget), so there is a plan even with no budget at all."""
        self._current()

    def _current(self) -> _Run:
        """The run under way; the first one when none has started."""
        if self._run is None:
            self._run = next(self._schedule)
        return self._run

    def run(self, goal: int) -> None:
        """Search until a plan leaves at most `goal` tiles (see best_left/best_steps); OutOfBudget ends it."""
        run = self._current()
        while self.best_left > goal:
            if run.spent >= run.budget:
                self.budget.spend(PLAN_NODES)
                run = self._run = next(self._schedule)
            run.work(goal)

    def _runs(self) -> Iterator[_Run]:
        """Annealing runs, round robin over the starting orders, each round with new seeds and longer budgets."""
        budget = FIRST_RUN_PLANS
        seed = 0
        while True:
            for start in STARTS:
                yield _Run(self, self._start_order(start), random.Random(seed), budget)
            seed += 1
            budget = int(budget * RUN_GROWTH)

    def _start_order(self, start: str) -> list[int]:
        rows, high, width = self.rows, self.high, self.width
        if start == "number":
            return [r * width + v for v in range(2, high + 1) for r in range(rows)]
        if start == "row":
            return [r * width + v for r in range(rows) for v in range(2, high + 1)]
        # ideal: each copy goes to the row ready first, as if columns were endless; order by that time
        copies: dict[int, list[int]] = {}
        for i, number in enumerate(self.calls):
            copies.setdefault(number, []).append(i)
        ready = list(self.starts)
        when = {}
        for v in range(2, high + 1):
            order = sorted(range(rows), key=lambda r: ready[r])
            times = copies.get(v, [])
            for k, r in enumerate(order):
                ready[r] = max(ready[r], times[k]) if k < len(times) else FAR
                when[r * width + v] = (ready[r], v, r)
        return sorted(when, key=when.__getitem__)

    # ---- playing a leave order

    def _evaluate(self, pi: list[int]) -> int:
        """Cost of the plan `pi` describes; keeps the best plan seen."""
        self.plans_tried += 1
        left, crossings = self._play(pi, None)
        if left < self.best_left:
            steps: list[Step] = []
            self._play(pi, steps)
            self.best_left, self.best_steps = left, steps
        return left + crossings

    def _play(self, pi: list[int], steps: list[Step] | None) -> tuple[int, int]:
        """Simulate the plan; returns (tiles left, crossings) and appends the steps when asked."""
        calls, ncols, nrows, width = self.calls, self.columns, self.rows, self.width
        rank = [FAR] * (nrows * width)
        for k, slot in enumerate(pi):
            rank[slot] = k
        taken = bytearray(nrows * width)
        ends = [0] * nrows
        started = 0
        cols: list[list[int]] = [[] for _ in range(ncols)]   # slots, or JUNK for a tile no row can take
        bottom = [EMPTY] * ncols                             # rank of each column's bottom tile
        crossings = 0
        for number in calls:
            moves: list[int] = []
            if number == 1:
                ends[started] = 1
                started += 1
                place = ROW
            else:
                place, slot = _choose(number, nrows, width, taken, ends, rank, bottom)
                if slot == JUNK or place == CROSS:
                    if place == CROSS:
                        crossings += 1
                        place = bottom.index(max(bottom))
                    cols[place].append(slot)
                    bottom[place] = rank[slot] if slot != JUNK else FAR
                else:
                    taken[slot] = 1
                    if place == ROW:            # it fits its row: through a column, straight on
                        ends[slot // width] = number
                        place = bottom.index(EMPTY) if EMPTY in bottom else 0
                        moves.append(place)
                    else:
                        cols[place].append(slot)
                        bottom[place] = rank[slot]
            if place == ROW or moves:           # a row end changed: bottoms may fit now
                _cascade(cols, bottom, rank, ends, width, moves)
            if steps is not None:
                steps.append(Step(place, tuple(moves)))
        return sum(map(len, cols)), crossings


class _Run:
    """One annealing run over a leave order, `budget` plans long; `work` can stop when the search's budget is
    spent (OutOfBudget, before any change to the order) and carry on later exactly where it stopped."""

    def __init__(self, search: LocalSearch, pi: list[int], rng: random.Random, budget: int) -> None:
        self.search = search
        self.pi = pi
        self.rng = rng
        self.budget = budget
        self.spent = 0
        self.temperature = 0.6
        self.cost = search._evaluate(pi)

    def work(self, goal: int) -> None:
        search, pi, rng = self.search, self.pi, self.rng
        width = search.width
        size = len(pi)
        if size < 2:
            self.spent = self.budget
            return
        while search.best_left > goal and self.spent < self.budget:
            search.budget.spend(PLAN_NODES)
            self.spent += 1
            if not self.spent & 255:
                self.temperature = max(0.05, self.temperature * 0.98)
            p = rng.randrange(size)
            slot = pi[p]
            row = slot // width
            low = p
            while low > 0 and pi[low - 1] // width != row:
                low -= 1
            high = p
            while high < size - 1 and pi[high + 1] // width != row:
                high += 1
            q = p + rng.choice((-1, 1)) if rng.random() < 0.5 else rng.randint(low, high)
            if q == p or not low <= q <= high:
                continue
            del pi[p]
            pi.insert(q, slot)
            new = search._evaluate(pi)
            if new <= self.cost or rng.random() < math.exp((self.cost - new) / self.temperature):
                self.cost = new
            else:
                del pi[q]
                pi.insert(p, slot)


def _choose(number: int, nrows: int, width: int, taken: bytearray, ends: list[int], rank: list[int],
            bottom: list[int]) -> tuple[int, int]:
    """(column, slot) for a called tile: column ROW when its slot's row ends one lower (it goes straight on),
    CROSS when no column fits; slot JUNK when no row can take the number (then an empty or junk column)."""
    best_place, best_slot, best_score = CROSS, JUNK, FAR + 1
    empty = bottom.index(EMPTY) if EMPTY in bottom else CROSS
    for r in range(nrows):
        slot = r * width + number
        if taken[slot] or ends[r] >= number:
            continue
        if ends[r] == number - 1:
            return ROW, slot
        k = rank[slot]
        fit_rank = FAR + 1
        for b in bottom:
            if k < b < fit_rank:
                fit_rank = b
        if fit_rank <= FAR:
            fit, score = bottom.index(fit_rank), fit_rank - k
        elif empty != CROSS:
            fit, score = empty, FAR // 2 - k
        else:
            fit, score = CROSS, FAR - k
        if score < best_score:
            best_place, best_slot, best_score = fit, slot, score
    if best_slot == JUNK:
        # blocks nothing on an empty column or under another such tile; else it must cross
        best_place = next((j for j, b in enumerate(bottom) if b == EMPTY or b == FAR), CROSS)
    return best_place, best_slot


def _cascade(cols: list[list[int]], bottom: list[int], rank: list[int], ends: list[int], width: int,
             moves: list[int]) -> None:
    """Move every column bottom that fits its row, as long as any does."""
    moved = True
    while moved:
        moved = False
        for j, column in enumerate(cols):
            while column and column[-1] != JUNK:
                slot = column[-1]
                r = slot // width
                if ends[r] != slot - r * width - 1:
                    break
                ends[r] += 1
                column.pop()
                bottom[j] = (rank[column[-1]] if column[-1] != JUNK else FAR) if column else EMPTY
                moves.append(j)
                moved = True

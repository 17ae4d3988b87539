"""Exact search by constraint programming (OR-Tools CP-SAT): the whole deal as one model, plans and proofs.

Every tile that is not a 1 goes to a column and either leaves onto one row or is lost. A leave happens at a
rank: call j is placed at rank j * SPREAD, and the moves after it take the ranks above that, up to and with
(j + 1) * SPREAD, in order; a lost tile "leaves" at LOST, after every rank. The rules become:
- rows are not named (a tile goes onto any row ending one lower): a copy of v may leave at rank t when the
  copies of v that leave by t (itself among them) are no more than the copies of v - 1 (the 1s: the rows
  started) that left before t, since each row ending at v - 1 takes one v; by Hall's theorem that is exactly
  when the leaves can be dealt to rows. So no row literals, and no symmetry between rows with equal ends;
- every tile leaves after its own call;
- a column is a stack: when tile j goes under tile i (same column, i still there), j leaves first, unless i is
  lost (then anything may go under it; a lost tile never lets a live one above it out).
Columns are interchangeable, so they are labelled in order of first use. The objective is the tiles left.
Redundant chain levels (_chain_levels) state what the stacks imply at the moments when most tiles wait: no
more than one tile per column in a chain that rises in call order and in leave rank. CP-SAT finds the
pigeonhole argument behind them slowly; with them it decides every 4- and 5-column deal of the bench's 200
and 198 of the 3-column ones at 1,000,000 nodes (`make bench`).

CP-SAT runs on one worker with a fixed seed and a deterministic-time limit, so the same calls and budget give
the same answer on any machine under any load; the wall-clock limit is only the safety stop: CP-SAT gets what is
left of it once the model is built, and a search it ends says so (`timed_out`). A known plan
(the local search's best) is given as a hint. Its proofs are checked by the brute-force tests and its plans
are replayed by the rules before they are reported.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Sequence

from ortools.sat.python import cp_model

from .notation import ROW
from .solver_hindsight import release_moments
from .solver_plan import Step

SPREAD = 64                 # ranks per call: more than the tiles that can move after one call


@dataclass(frozen=True, slots=True)
class CpOutcome:
    steps: list[Step] | None    # the best plan found, or None
    left: int | None            # its tiles left
    bound: int                  # no plan leaves fewer (proven)
    work: float                 # deterministic time spent (CP-SAT's own measure of work)
    timed_out: bool             # the safety time limit, not the work limit, ended the search


def cp_solve(calls: Sequence[int], columns: int, rows: int, high: int, work: float, deadline: float | None,
             hint: Sequence[Step] | None = None, at_least: int = 0) -> CpOutcome:
    """The fewest tiles left, searched for at most `work` deterministic seconds and, as a safety stop, until
    `deadline` (a `time.monotonic()` reading; None: no stop but the work)."""
    model = _Model(calls, columns, rows, high)
    if hint is not None:
        model.hint(hint)
    model.m.add(model.left >= at_least)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = max(0.0, work)
    if deadline is not None:
        left = deadline - time.monotonic()      # building the model took some of it
        if left <= 0:
            return CpOutcome(None, None, at_least, 0.0, True)
        solver.parameters.max_time_in_seconds = left
    status = solver.solve(model.m)
    spent = solver.deterministic_time
    # only two limits can end a search that settled nothing: the work (spent reaches it) or the wall clock
    timed_out = deadline is not None and status in (cp_model.FEASIBLE, cp_model.UNKNOWN) and spent < work
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        bound = at_least if status != cp_model.INFEASIBLE else len(calls) + 1
        return CpOutcome(None, None, bound, spent, timed_out)
    left = round(solver.objective_value)
    bound = left if status == cp_model.OPTIMAL else max(at_least, _ceil(solver.best_objective_bound))
    return CpOutcome(model.steps(solver), left, bound, spent, timed_out)


def _ceil(value: float) -> int:
    whole = int(value)
    return whole + 1 if value > whole + 1e-6 else whole


class _Model:
    def __init__(self, calls: Sequence[int], columns: int, rows: int, high: int) -> None:
        self.calls = list(calls)
        n = len(calls)
        self.lost_rank = lost_rank = n * SPREAD
        m = self.m = cp_model.CpModel()
        starts = [i for i, number in enumerate(calls) if number == 1][:rows]
        self.tiles = tiles = [i for i, number in enumerate(calls) if number != 1]
        self.column = {i: m.new_int_var(0, columns - 1, f"column{i}") for i in tiles}
        self.rank = {i: m.new_int_var(i * SPREAD + 1, lost_rank, f"rank{i}") for i in tiles}
        self.lost = {i: m.new_bool_var(f"lost{i}") for i in tiles}
        copies: dict[int, list[int]] = {}
        for i in tiles:
            copies.setdefault(calls[i], []).append(i)
            m.add(self.rank[i] == lost_rank).OnlyEnforceIf(self.lost[i])
            m.add(self.rank[i] < lost_rank).OnlyEnforceIf(self.lost[i].Not())
        for v in range(2, high + 1):
            mine, below = copies.get(v, []), copies.get(v - 1, [])
            for i in mine:
                if v == 2:          # the 1s are on rows from their calls: rank start * SPREAD
                    ready = sum(1 for start in starts if start < i)
                    earlier = [self._before(start * SPREAD, self.rank[i]) for start in starts if start > i]
                else:
                    ready, earlier = 0, [self._before(self.rank[j], self.rank[i]) for j in below]
                level = [self._before(self.rank[k], self.rank[i] + 1) for k in mine if k != i]
                m.add(1 + sum(level) <= ready + sum(earlier)).OnlyEnforceIf(self.lost[i].Not())
            m.add(sum(self.lost[i].Not() for i in mine)
                  <= (len(starts) if v == 2 else sum(self.lost[j].Not() for j in below)))
        self.there: dict[tuple[int, int], cp_model.IntVar] = {}    # (i, j): i is still in its column when j is placed
        for k, i in enumerate(tiles):
            for j in tiles[k + 1:]:
                same = m.new_bool_var("")
                m.add(self.column[i] == self.column[j]).OnlyEnforceIf(same)
                m.add(self.column[i] != self.column[j]).OnlyEnforceIf(same.Not())
                there = self.there[i, j] = self._before(j * SPREAD, self.rank[i])
                m.add(self.rank[j] < self.rank[i]).OnlyEnforceIf([same, there, self.lost[i].Not()])
        self._chain_levels(columns, release_moments(calls, high, rows))
        if tiles:                                   # columns labelled in order of first use
            m.add(self.column[tiles[0]] == 0)
            used = m.new_constant(0)
            for i in tiles[1:]:
                m.add(self.column[i] <= used + 1)
                widened = m.new_int_var(0, columns - 1, "")
                m.add_max_equality(widened, [used, self.column[i]])
                used = widened
        self.left = m.new_int_var(0, len(tiles), "left")
        m.add(self.left == sum(self.lost.values()))
        m.minimize(self.left)

    def _chain_levels(self, columns: int, moments: Sequence[int]) -> None:
        """Redundant: at the placement of tile j, no more than `columns` waiting tiles rise in both call and leave.

        Waiting tiles i < k (both still in columns when j is placed) with i leaving first and not lost cannot
        share a column (k was placed on i while i was there, so k would have to leave first). So a chain of
        such tiles, rising in call order and in leave rank, needs one column per tile: each tile gets a level,
        the longest chain ending at it, from 1 to `columns`. The column model implies this, but only through
        a pigeonhole argument that CP-SAT finds slowly; the levels make it plain propagation. Stated at the
        moments just before a call that lets more copies leave (solver_hindsight.release_moments), when the
        most tiles wait.
        """
        m, rank = self.m, self.rank
        rises: dict[tuple[int, int], cp_model.IntVar] = {}
        for j in moments:
            if j not in self.rank:
                continue                            # a 1 was placed: it goes onto a row, not into a column
            waiting = [i for i in self.tiles if i <= j]
            level = {i: m.new_int_var(1, columns, "") for i in waiting}
            for a, i in enumerate(waiting):
                for k in waiting[a + 1:]:
                    if (i, k) not in rises:
                        rises[i, k] = self._before(rank[i], rank[k])
                    there = [self.there[t, j] for t in (i, k) if t != j]
                    m.add(level[k] > level[i]).OnlyEnforceIf([rises[i, k], self.lost[i].Not(), *there])

    def _before(self, a: cp_model.LinearExprT, b: cp_model.LinearExprT) -> cp_model.IntVar:
        """A literal that is true exactly when a < b."""
        literal = self.m.new_bool_var("")
        self.m.add(a < b).OnlyEnforceIf(literal)
        self.m.add(a >= b).OnlyEnforceIf(literal.Not())
        return literal

    def steps(self, solver: cp_model.CpSolver) -> list[Step]:
        """The plan in the solution: placements, then the moves after each call in rank order."""
        leaving: dict[int, list[tuple[int, int]]] = {}
        for i in self.tiles:
            rank = solver.value(self.rank[i])
            if rank < self.lost_rank:
                leaving.setdefault((rank - 1) // SPREAD, []).append((rank, solver.value(self.column[i])))
        return [Step(ROW if number == 1 else solver.value(self.column[j]),
                     tuple(column for _, column in sorted(leaving.get(j, ()))))
                for j, number in enumerate(self.calls)]

    def hint(self, steps: Sequence[Step]) -> None:
        """Suggest a known plan to the search (its count becomes the first upper bound).

        Its columns are relabelled in order of first use, as the model labels them.
        """
        labels: dict[int, int] = {}
        for place, _ in steps:
            if place != ROW and place not in labels:
                labels[place] = len(labels)
        steps = [Step(place if place == ROW else labels[place], tuple(labels[c] for c in moves))
                 for place, moves in steps]
        stacks: dict[int, list[int]] = {}
        for j, (place, moves) in enumerate(steps):
            if place != ROW:
                stacks.setdefault(place, []).append(j)
                self.m.add_hint(self.column[j], place)
            for k, column in enumerate(moves):
                i = stacks[column].pop()
                self.m.add_hint(self.rank[i], j * SPREAD + 1 + k)
                self.m.add_hint(self.lost[i], 0)
        for stack in stacks.values():
            for i in stack:
                self.m.add_hint(self.lost[i], 1)
                self.m.add_hint(self.rank[i], self.lost_rank)

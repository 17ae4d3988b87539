"""The hindsight solver: knowing every call in advance, how few tiles can a player leave?

`solve` starts from two lower bounds (the exact search's static bound on the empty board and the hindsight
bound of solver_hindsight), then spends the first FIRST_NODES of its budget of search nodes on two searches
that alternate in growing slices until they meet:
- a local search (solver_local) finds good plans fast: with five columns nearly every deal is won, and a
  win (0 tiles left) needs no further proof;
- an exact search (solver_exact) proves lower bounds by iterative deepening on the tiles-left target; it also
  finds plans, and on small games it settles everything alone.
The rest of the budget goes to a constraint model of the whole deal (solver_cp, CP-SAT), hinted with the best
plan so far. It finds far better plans (most 4-column deals the local search leaves at 4-19 are wins) and
proves, with its chain levels, nearly every loss at 3 to 5 columns. (A lower bound from cut deals, the calls
without the tiles above h, was dropped: since the model names no rows it decided nothing the whole-deal model
did not, and the time it took cost a win.)
The budget is counted in nodes (solver_budget; CP-SAT's deterministic time converts at NODES_PER_WORK), so
the same calls and budget give the same answer on any machine under any load. By default nothing else stops the
search. A time limit, when given, is only a safety stop: every phase looks at the clock (CP-SAT gets what is left
of it after its model is built), and when it ends the search the result says so (`stopped` TIME, never NODES);
a search the node budget finishes in time gives exactly the answer it gives without one.
A known plan (a player's own valid play) is an upper bound from the start: when it meets the static bound,
nothing is searched. The result is never a guess: `proven` only when the lower bound meets the plan's count.
The plan is replayed once more (solver_plan.replay) so its count is the one reported.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Sequence

from .solver_budget import DONE, NODES as NODES_STOP, TIME, Budget, OutOfBudget
from .solver_exact import ExactSearch
from .solver_hindsight import hindsight_bound
from .solver_local import LocalSearch
from .solver_plan import Step, column_letters, replay, token

NODES = 1_000_000           # the default budget: about 10 s of search on one unloaded core of the team's machine
TIME_LIMIT: float | None = None     # no safety stop by default: the node budget alone decides
FIRST_SLICE = 10_000        # nodes in the first local-search slice; each slice doubles
EXACT_SHARE = 0.25          # the exact search gets this much of each local-search slice
FIRST_NODES = 100_000       # the local and exact searches get this much of the budget first; CP-SAT the rest
NODES_PER_WORK = 100_000    # budget nodes per second of CP-SAT's deterministic time


@dataclass(frozen=True)
class SolveResult:
    min_tiles_left: int     # the best plan found leaves this many (an upper bound on the optimum)
    proven: bool            # no plan leaves fewer
    lower_bound: int        # proven: every plan leaves at least this many
    plan: list[str]         # one notation token per call: the best plan found
    nodes: int              # budget spent: exact-search states, local-search plans (PLAN_NODES), CP-SAT work
    seconds: float          # wall time (depends on the machine; everything else does not)
    node_budget: int
    time_limit: float | None
    stopped: str            # solver_budget.DONE (settled or out of work), NODES (budget spent) or TIME (safety stop)


def deal(seed: int, high: int = 16, copies: int = 3) -> list[int]:
    """A full random call order: `random.Random(seed).shuffle` of 1..high, `copies` times."""
    tiles = list(range(1, high + 1)) * copies
    random.Random(seed).shuffle(tiles)
    return tiles


def validate_calls(calls: Sequence[int], high: int, copies: int, rows: int) -> None:
    """ValueError unless every call is a tile number, none more than `copies` times, 1s no more than rows."""
    counts = [0] * (high + 1)
    for number in calls:
        if not isinstance(number, int) or not 1 <= number <= high:
            raise ValueError(f"{number!r} is not a tile number 1-{high}")
        counts[number] += 1
        if counts[number] > copies:
            raise ValueError(f"{number} is called more than {copies} times")
    if counts[1] > rows:
        raise ValueError(f"{counts[1]} ones are called but only {rows} rows can start")


def solve(calls: Sequence[int], columns: int = 5, nodes: int = NODES, time_limit: float | None = TIME_LIMIT,
          high: int = 16, copies: int = 3, rows: int = 3, known: Sequence[Step] | None = None,
          letters: str | None = None) -> SolveResult:
    """The fewest tiles left after `calls` with `columns` columns, with the plan that leaves them.

    `known` is a legal plan already played (its count is an upper bound); ValueError when it is not legal.
    `letters` names the columns in the plan (the game's, `Rules.column_letters`; A, B, C ... when not given).
    """
    if not 1 <= columns <= 26 or rows < 1 or high < 1 or copies < 1:
        raise ValueError("columns must be 1-26; rows, high and copies at least 1")
    letters = column_letters(columns) if letters is None else letters
    if len(letters) < columns or len(set(letters)) != len(letters) or "R" in letters.upper():
        raise ValueError(f"{columns} columns need as many different letters, none of them R, not {letters!r}")
    validate_calls(calls, high, copies, rows)
    started = time.monotonic()
    deadline = None if time_limit is None else started + max(0.0, time_limit)
    budget = Budget(min(max(0, nodes), FIRST_NODES), deadline)
    exact = ExactSearch(calls, columns, high, rows, budget)
    local = LocalSearch(calls, columns, high, rows, budget)
    if known is not None:
        best_left, steps = replay(calls, known, columns, rows, high, letters), list(known)
    # a known win is proven as it stands: no bound needs computing
    won = known is not None and best_left == 0
    low = 0 if won else max(exact.bound(0, *exact.root()), hindsight_bound(calls, columns, high, rows))
    if known is None or best_left > low:
        local.first_plan()                      # one plan at once, so there is a plan even with no budget
        if known is None or local.best_left < best_left:
            best_left, steps = local.best_left, local.best_steps
    target = low
    slice_nodes = FIRST_SLICE
    while best_left > low and not budget.exhausted:
        try:
            budget.slice(int(slice_nodes * EXACT_SHARE))
            while target < best_left:
                if exact.prove(target):
                    best_left, steps = target, exact.steps(exact.path)
                else:
                    target += 1
                    low = target
        except OutOfBudget:
            pass
        if best_left > low and not budget.exhausted:
            try:
                budget.slice(slice_nodes)
                local.run(low)
            except OutOfBudget:
                pass
            if local.best_left < best_left:
                best_left, steps = local.best_left, local.best_steps
        slice_nodes *= 2
    used, timed_out = budget.used, budget.timed_out
    if best_left > low and not timed_out and nodes > used:
        from ...extras import need  # OR-Tools (pnp[solver]): imported only by a deal the first searches leave open

        cp_solve = need("generator.games.threesixteen.solver_cp", "solver",
                        f"the 3x16 solver, past its first {FIRST_NODES:,} nodes,").cp_solve

        work = (nodes - used) / NODES_PER_WORK
        outcome = cp_solve(calls, columns, rows, high, work, deadline, hint=steps, at_least=low)
        used += round(outcome.work * NODES_PER_WORK)
        timed_out = outcome.timed_out
        if outcome.left is not None and outcome.left < best_left:
            best_left, steps = outcome.left, outcome.steps
        low = max(low, outcome.bound)
    left = replay(calls, steps, columns, rows, high, letters)
    return SolveResult(min_tiles_left=left, proven=low >= left, lower_bound=min(low, left),
                       plan=[token(step, letters) for step in steps], nodes=min(used, nodes),
                       seconds=time.monotonic() - started, node_budget=nodes, time_limit=time_limit,
                       stopped=DONE if low >= left else TIME if timed_out else NODES_STOP)


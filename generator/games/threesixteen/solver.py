"""The hindsight solver: knowing every call in advance, how few tiles can a player leave?

`solve` alternates two searches on a shared clock, in growing slices, until they meet:
- a local search (solver_local) finds good plans fast: with five columns nearly every deal is won, and a
  win (0 tiles left) needs no further proof;
- an exact search (solver_exact) proves lower bounds by iterative deepening on the tiles-left target,
  starting from a static bound; it also finds plans, and on small games it settles everything alone.
The result is never a guess: `proven` only when the lower bound meets the plan's count. The plan is replayed
once more (solver_plan.replay) so its count is the one reported.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Sequence

from .solver_exact import ExactSearch, Timeout
from .solver_local import LocalSearch
from .solver_plan import column_letters, replay, token

FIRST_SLICE_SECONDS = 0.1
EXACT_SHARE = 0.25          # the exact search gets this much of each local-search slice


@dataclass(frozen=True)
class SolveResult:
    min_tiles_left: int     # the best plan found leaves this many (an upper bound on the optimum)
    proven: bool            # no plan leaves fewer
    lower_bound: int        # proven: every plan leaves at least this many
    plan: list[str]         # one notation token per call: the best plan found
    nodes: int              # exact-search states visited plus plans tried by the local search
    seconds: float


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


def solve(calls: Sequence[int], columns: int = 5, time_limit: float = 10.0, high: int = 16, copies: int = 3,
          rows: int = 3) -> SolveResult:
    """The fewest tiles left after `calls` with `columns` columns, with the plan that leaves them."""
    if not 1 <= columns <= 26 or rows < 1 or high < 1 or copies < 1:
        raise ValueError("columns must be 1-26; rows, high and copies at least 1")
    validate_calls(calls, high, copies, rows)
    started = time.monotonic()
    deadline = started + max(0.0, time_limit)
    exact = ExactSearch(calls, columns, high, rows)
    local = LocalSearch(calls, columns, high, rows)
    low = exact.bound(0, *exact.root())
    local.run(started, low)                     # one plan at once, so there is a plan even with no time
    best_left, steps = local.best_left, local.best_steps
    target = low
    slice_seconds = FIRST_SLICE_SECONDS
    while best_left > low and time.monotonic() < deadline:
        try:
            exact_until = min(deadline, time.monotonic() + slice_seconds * EXACT_SHARE)
            while target < best_left:
                if exact.prove(target, exact_until):
                    best_left, steps = target, exact.steps(exact.path)
                else:
                    target += 1
                    low = target
        except Timeout:
            pass
        if best_left > low:
            local.run(min(deadline, time.monotonic() + slice_seconds), low)
            if local.best_left < best_left:
                best_left, steps = local.best_left, local.best_steps
        slice_seconds *= 2
    left = replay(calls, steps, columns, rows)
    letters = column_letters(columns)
    return SolveResult(min_tiles_left=left, proven=low >= left, lower_bound=min(low, left),
                       plan=[token(step, letters) for step in steps], nodes=exact.nodes + local.plans_tried,
                       seconds=time.monotonic() - started)

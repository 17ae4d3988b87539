"""The solver's budget: search work counted in nodes, so the same deal and budget give the same answer on any
machine under any load. A time limit is only a safety stop; `stopped` says which one ended the search."""
from __future__ import annotations

import time

CLOCK_EVERY = 1024          # spends between two looks at the clock (the safety stop only)
DONE, NODES, TIME = "done", "nodes", "time"


class OutOfBudget(Exception):
    """The current slice (or the whole budget, or the safety time limit) is used up; work done stays valid."""


class Budget:
    def __init__(self, nodes: int, deadline: float | None) -> None:
        """`nodes` to spend; `deadline`, a `time.monotonic()` reading, is the safety stop (None: none)."""
        self.nodes = nodes
        self.deadline = deadline
        self.used = 0
        self.stop = nodes
        self.timed_out = False
        self._until_clock = CLOCK_EVERY

    @property
    def exhausted(self) -> bool:
        return self.timed_out or self.used >= self.nodes

    @property
    def stopped(self) -> str:
        """Why the search would end now: the safety time limit, the node budget, or neither."""
        return TIME if self.timed_out else NODES if self.used >= self.nodes else DONE

    def slice(self, nodes: int) -> None:
        """Let the next piece of work spend at most `nodes` more (never beyond the whole budget)."""
        self.stop = min(self.nodes, self.used + max(1, nodes))

    def spend(self, nodes: int = 1) -> None:
        """Count work; OutOfBudget when the slice is used up or the safety time limit has passed."""
        self.used += nodes
        if self.used > self.stop:
            raise OutOfBudget
        self._until_clock -= 1
        if not self._until_clock:
            self._until_clock = CLOCK_EVERY
            if self.deadline is not None and time.monotonic() > self.deadline:
                self.timed_out = True
                raise OutOfBudget

"""A lower bound from the whole call order (hindsight): tiles that must be waiting at once in too few columns.

At any moment s, a copy of number v is on a row only if some row has passed v by then, and a row has passed v
only if its 1 and a copy of every number 2..v were called by s. So at most P_s(v) copies of v have left the
columns by s, where P_s(v) is the least of the rows started by s and the copies of 2..v called by s; every other
copy called by s is in a column. In one column, tiles that will all leave and read non-decreasing from top
(placed earlier) to bottom need different rows (the lower leaves first, so one row would take them out of
order), so each column's leaving tiles hold no non-decreasing run longer than the rows R. Read in call order,
the leaving tiles of all columns are then a union of R x C strictly decreasing runs (R per column), and by
Greene's theorem the most tiles such a union can hold is the sum of the first R x C columns of the sequence's
RSK shape. Whatever the columns hold beyond that never leaves: those tiles are left at the end.

The bound takes, for every moment s and every number u, the tiles of numbers above u called by s: its deficit
(tiles beyond the best union) less the copies of those numbers that may have left by s (removing one tile
lowers the deficit by at most one). It looks only at the calls, so it is computed once per deal.
"""
from __future__ import annotations

from bisect import bisect_right
from typing import Sequence


def hindsight_bound(calls: Sequence[int], columns: int, high: int, rows: int) -> int:
    """Tiles surely left at the end of any play of `calls` (see the module docstring)."""
    lanes = min(rows, sum(1 for number in calls if number == 1)) * columns
    best = 0
    called = [0] * (high + 2)
    started = 0
    for s, number in enumerate(calls):
        if number == 1:
            started += 1
        else:
            called[number] += 1
        last = s == len(calls) - 1
        if not last and not _may_leave_more(calls[s + 1], called, started, rows):
            continue            # the deficit only grows until a call lets more copies leave: look just before it
        passed = _passed(called, started, rows, high)
        for u in range(1, high):
            waiting = [x for x in calls[: s + 1] if x > u]
            if len(waiting) <= lanes:
                break
            left_early = sum(passed[u + 1:])
            if len(waiting) - left_early <= best:
                break
            best = max(best, len(waiting) - _greene(waiting, lanes) - left_early)
    return best


def _passed(called: list[int], started: int, rows: int, high: int) -> list[int]:
    """P(v): at most this many rows have passed v (so at most this many copies of v have left the columns)."""
    out = [0] * (high + 2)
    most = min(started, rows)
    for v in range(2, high + 1):
        most = min(most, called[v])
        out[v] = most
    return out


def _may_leave_more(number: int, called: list[int], started: int, rows: int) -> bool:
    """Whether calling `number` next can raise some P(v) (a 1 while rows are left to start, or a bottleneck copy)."""
    if number == 1:
        return started < rows
    return all(called[u] > called[number] for u in range(2, number)) and called[number] < min(started, rows)


def release_moments(calls: Sequence[int], high: int, rows: int) -> list[int]:
    """The calls s after which calls[s + 1] may let more copies leave: the moments when most tiles wait."""
    called = [0] * (high + 2)
    started = 0
    out = []
    for s, number in enumerate(calls[:-1]):
        if number == 1:
            started += 1
        else:
            called[number] += 1
        if _may_leave_more(calls[s + 1], called, started, rows):
            out.append(s)
    return out


def _greene(sequence: Sequence[int], k: int) -> int:
    """The most tiles of `sequence` that k strictly decreasing runs can hold: the first k columns of its RSK shape.

    Rows are weakly increasing (insertion bumps the first larger entry), so the first row is the longest
    non-decreasing run, and the columns count strictly decreasing runs (Greene's theorem).
    """
    tableau: list[list[int]] = []
    for x in sequence:
        for row in tableau:
            i = bisect_right(row, x)
            if i == len(row):
                row.append(x)
                break
            row[i], x = x, row[i]
        else:
            tableau.append([x])
    return sum(min(k, len(row)) for row in tableau)

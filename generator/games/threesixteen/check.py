"""`pnp check threesixteen`: replay a record against every rule, then say who won and what was possible.

`verdict.judge` is the pure part; `check_file` reads the file, asks the hindsight solver for the best result
the same calls allowed, and wraps everything in a Report for text or JSON.
"""
from __future__ import annotations

from pathlib import Path

from ...content.required import rule_values
from .record import Record, load_record
from .report import Report
from .verdict import judge


def best_possible(record: Record, seconds: float):
    """The solver's best result for these calls (exact, or bounds when `seconds` ran out)."""
    from .solver import solve  # only a valid record needs it

    rules = record.rules
    return solve(list(record.calls), columns=rules.columns, time_limit=seconds, high=rules.high,
                 copies=rules.copies, rows=rules.rows)


def check_file(path: str | Path, content, lang: str, *, solve_seconds: float | None = 10.0) -> Report:
    """Check one record file. Malformed input raises InputError; a broken rule is a Report with ok False.

    `solve_seconds=None` skips the hindsight solver (the benchmark measures replay alone).
    """
    texts = content.texts("threesixteen", lang)
    record = load_record(path, content.threesixteen, texts)
    verdict = judge(record)
    best = best_possible(record, solve_seconds) if verdict.ok and solve_seconds is not None else None
    values = {**rule_values(content.threesixteen), "columns": record.rules.columns}
    return Report(verdict, texts, values, best, solve_seconds)

"""`pnp check threesixteen`: replay a record against every rule, then say who won and what was possible.

`verdict.judge` is the pure part; `check_file` reads the file, asks the hindsight solver for the best result
the same calls allowed, and wraps everything in a Report for text or JSON. The best player's own play goes to
the solver as a known plan: the best shown is never above what a player reached, and a player who left no
tiles is told "0 (proven)" without any search.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .record import KEYS as RECORD_KEYS  # noqa: F401 (pnp check names a wrong `game:` by them)
from ...errors import InputError
from .record import Record, load_record, parse_record
from .report import Report
from .rules import SLIP
from .text_keys import rule_values
from .verdict import Verdict, judge

if TYPE_CHECKING:
    from ...content.load import Content
    from .solver import SolveResult


def best_possible(record: Record, verdict: Verdict, nodes: int | None, time_limit: float | None) -> SolveResult:
    """The solver's best result for these calls (exact, or bounds when the budget ran out).

    None for `nodes` or `time_limit` is the solver's default."""
    from .solver import NODES, TIME_LIMIT, solve  # only a valid record needs it

    rules = record.rules
    best = min(range(len(record.players)), key=lambda i: verdict.results[i].tiles_left)
    known = [(place, tuple(column for column, _ in moves)) for _, place, moves in record.players[best].parsed]
    return solve(list(record.calls), columns=rules.columns, nodes=NODES if nodes is None else nodes,
                 time_limit=TIME_LIMIT if time_limit is None else time_limit, high=rules.high, copies=rules.copies,
                 rows=rules.rows, known=known, letters=rules.column_letters)


def check_file(path: str | Path, content: Content, lang: str, *, nodes: int | None = None,
               time_limit: float | None = None) -> Report:
    """Check one record file. Malformed input, and a number written in a token that does not match (a slip
    in writing the game down, not a broken rule), raise InputError; a broken rule is a Report with ok False.

    `nodes` is the solver's budget and `time_limit` its safety stop (None: the solver's defaults); `nodes=0`
    skips the hindsight solver (the benchmark measures replay alone).
    """
    texts = content.texts("threesixteen", lang)
    return _checked(load_record(path, content.games["threesixteen"], texts), content, texts, nodes, time_limit)


def check_text(text: str, path: str, content, lang: str, *, nodes: int | None = None,
               time_limit: float | None = None) -> Report:
    """`check_file` of record `text` (named `path` in messages), for a record that is not a file."""
    texts = content.texts("threesixteen", lang)
    record = parse_record(text, path, content.games["threesixteen"], texts)
    return _checked(record, content, texts, nodes, time_limit)


def _count_slip(verdict: Verdict, texts) -> None:
    """A tiles-left count copied from the log sheet that the moves do not leave: a slip in counting, not a
    broken rule, so an InputError at the count (as a wrong number in a token is)."""
    left = {result.name: result.tiles_left for result in verdict.results}
    for written in verdict.record.tiles_left:
        if written.tiles != left[written.name]:
            raise InputError.at(written.position, texts.get("check.record.tiles_left_slip", name=written.name,
                                                            written=written.tiles, tiles=left[written.name]),
                                "record")


def _checked(record: Record, content, texts, nodes: int | None, time_limit: float | None) -> Report:
    verdict = judge(record)
    values = {**rule_values(content.games["threesixteen"]), "columns": record.rules.columns}
    if verdict.broken is not None and verdict.broken.rule == SLIP:
        raise Report(verdict, texts, values).slip_error(verdict.broken)
    if verdict.ok:
        _count_slip(verdict, texts)
    best = best_possible(record, verdict, nodes, time_limit) if verdict.ok and nodes != 0 else None
    return Report(verdict, texts, values, best)

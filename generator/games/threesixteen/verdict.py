"""The verdict on a record: the first broken rule, or each player's result and the winners (R13).

Pure: a parsed Record in, a Verdict out. The Report turns it into words.
"""
from __future__ import annotations

from dataclasses import dataclass

from .engine import replay
from .rules import TokenViolation, check_calls
from .record import Record

WIN_FINISHED = "finished"
WIN_FEWEST = "fewest"


@dataclass(frozen=True)
class PlayerResult:
    name: str
    tiles_left: int
    on_rows: int
    finished_at: int | None


@dataclass(frozen=True)
class Verdict:
    """`broken`: the first broken rule in call order (its `player` None when the call itself breaks it)."""

    record: Record
    broken: TokenViolation | None
    results: list[PlayerResult]
    winners: list[str]
    win: str | None

    @property
    def ok(self) -> bool:
        return self.broken is None


def judge(record: Record) -> Verdict:
    """Replay every call and token; the earliest violation wins (the call before the players, then seat order)."""
    rules, calls = record.rules, record.calls
    broken = check_calls(rules, calls, record.call_positions)
    playable = calls if broken is None else calls[: broken.number]
    results = []
    for player in record.players:
        outcome = replay(rules, playable, player.parsed, positions=player.positions)
        found = outcome.violation
        if found is not None and (broken is None or _call(found) < _call(broken)):
            found.player = player.name
            broken = found
        results.append(PlayerResult(player.name, outcome.board.tiles_left, outcome.board.on_rows,
                                    outcome.finished_at))
    if broken is not None:
        return Verdict(record, broken, [], [], None)
    winners, win = standings(results)
    return Verdict(record, None, results, winners, win)


def _call(v: TokenViolation) -> int:
    """The 0-based call of a violation (every 3x16 violation has one)."""
    assert v.number is not None
    return v.number


def standings(results: list[PlayerResult]) -> tuple[list[str], str]:
    """R13: the first to complete three rows wins; else the fewest tiles left. Ties share the win."""
    finished = [r.finished_at for r in results if r.finished_at is not None]
    if finished:
        first = min(finished)
        return [r.name for r in results if r.finished_at == first], WIN_FINISHED
    fewest = min(r.tiles_left for r in results)
    return [r.name for r in results if r.tiles_left == fewest], WIN_FEWEST

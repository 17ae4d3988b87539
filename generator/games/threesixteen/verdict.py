"""The verdict on a record: the first broken rule, or each player's result and the winners (R13).

Pure: a parsed Record in, a Verdict out. The Report turns it into words.
"""
from __future__ import annotations

from dataclasses import dataclass

from .engine import replay
from .rules import Violation, check_calls
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
class Broken:
    """The first broken rule in call order; `player` is None when the call itself breaks it (R5)."""

    violation: Violation
    player: str | None
    token: str | None


@dataclass(frozen=True)
class Verdict:
    record: Record
    broken: Broken | None
    results: list[PlayerResult]
    winners: list[str]
    win: str | None

    @property
    def ok(self) -> bool:
        return self.broken is None


def judge(record: Record) -> Verdict:
    """Replay every call and token; the earliest violation wins (the call before the players, then seat order)."""
    rules, calls = record.rules, record.calls
    bad_call = check_calls(rules, calls, record.call_positions)
    playable = calls if bad_call is None else calls[: bad_call.call]
    broken = Broken(bad_call, None, None) if bad_call else None
    results = []
    for player in record.players:
        outcome = replay(rules, playable, player.parsed, positions=player.positions)
        found = outcome.violation
        if found is not None and (broken is None or found.call < broken.violation.call):
            broken = Broken(found, player.name, player.written[found.call])
        results.append(PlayerResult(player.name, outcome.board.tiles_left, outcome.board.on_rows,
                                    outcome.finished_at))
    if broken is not None:
        return Verdict(record, broken, [], [], None)
    winners, win = standings(results)
    return Verdict(record, None, results, winners, win)


def standings(results: list[PlayerResult]) -> tuple[list[str], str]:
    """R13: the first to complete three rows wins; else the fewest tiles left. Ties share the win."""
    finished = [r.finished_at for r in results if r.finished_at is not None]
    if finished:
        first = min(finished)
        return [r.name for r in results if r.finished_at == first], WIN_FINISHED
    fewest = min(r.tiles_left for r in results)
    return [r.name for r in results if r.tiles_left == fewest], WIN_FEWEST

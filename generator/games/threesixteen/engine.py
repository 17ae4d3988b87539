"""The 3x16 engine: apply tokens that passed the rules, and replay a player's tokens to the first broken rule.

Pure: nothing is read or printed. Legality is the rules module's (`rules.check_token`); this module only applies
what passed. The replay loop works on plain lists (row ends, columns) because checking speed matters; a Board
is built once at the end, and the violation (with the board at the moment of the broken rule) comes from the
rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...errors import Position
from .notation import ROW, Token
from .rules import Board, Rules, TokenViolation, check_token


@dataclass(frozen=True)
class Outcome:
    """The end of a replay: the board reached (or at the broken rule, as in the violation) and when rows filled."""

    board: Board
    violation: TokenViolation | None
    finished_at: int | None


def place(board: Board, number: int, where: int) -> Board:
    """The board after the called `number` goes to `where` (ROW or a column), a place `rules.legal_places` gave."""
    if where == ROW:
        ends = list(board.ends)
        ends[ends.index(0)] = 1
        return Board(tuple(ends), board.columns)
    columns = list(board.columns)
    columns[where] = columns[where] + (number,)
    return Board(board.ends, tuple(columns))


def shift(board: Board, column: int) -> Board:
    """The board after `column`'s bottom tile moves onto a row, a move `rules.legal_shifts` gave."""
    stack = board.columns[column]
    ends = list(board.ends)
    ends[ends.index(stack[-1] - 1)] = stack[-1]
    columns = list(board.columns)
    columns[column] = stack[:-1]
    return Board(tuple(ends), tuple(columns))


def replay(rules: Rules, calls: Sequence[int], tokens: Sequence[Token], board: Board | None = None,
           positions: Sequence[Position] | None = None) -> Outcome:
    """Apply one player's tokens to the calls in order; stop at the first token that breaks a rule.

    Calls are taken as valid (see `rules.check_calls`). `positions[i]` is looked up only for a breaking token.
    """
    start = board if board is not None else Board.empty(rules)
    ends = list(start.ends)
    cols = [list(c) for c in start.columns]
    full = rules.rows * rules.high
    on_rows = sum(ends)
    finished_at = None
    for i, (number, token) in enumerate(zip(calls, tokens)):
        violation = check_token(rules, ends, cols, number, token, i)
        if violation is not None:
            if positions is not None:
                violation.position = positions[i]
            assert violation.state is not None  # a token's violation shows the board
            return Outcome(violation.state, violation, finished_at)
        _, where, moves = token
        if where == ROW:
            ends[ends.index(0)] = 1
            on_rows += 1
        else:
            cols[where].append(number)
        for column, _ in moves:
            tile = cols[column].pop()
            ends[ends.index(tile - 1)] = tile
        on_rows += len(moves)
        if on_rows == full and finished_at is None:
            finished_at = i + 1
    return Outcome(Board(tuple(ends), tuple(map(tuple, cols))), None, finished_at)


def step(rules: Rules, board: Board, number: int, token: Token) -> Board | TokenViolation:
    """One call for one player: the board after the token, or the rule it breaks."""
    outcome = replay(rules, (number,), (token,), board)
    return outcome.violation or outcome.board

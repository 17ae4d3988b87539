"""The 3x16 rules engine: a player's board, one token per call, and the first rule a token breaks.

Pure: `replay` and `step` take a board and return a new board or a Violation; nothing is read or printed.
The replay loop works on plain lists (row ends, columns) because checking speed matters; a Violation, the
board at the moment of the broken rule and its position are built only when a rule is broken.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...errors import Position
from .notation import ROW, Token, extended_letters


@dataclass(frozen=True)
class Rules:
    """The numbers that shape a game: tiles 1..high, `copies` of each, `rows` main rows, `columns` columns."""

    high: int = 16
    copies: int = 3
    rows: int = 3
    columns: int = 5
    letters: str = "ABCDE"

    @classmethod
    def from_game(cls, game, columns: int | None = None) -> "Rules":
        """Rules of `content.games["threesixteen"]`; a record may play with fewer columns than the game allows."""
        letters = "".join(game.columns)
        return cls(game.high, game.copies, game.rows, columns or len(letters), letters)

    @property
    def column_letters(self) -> str:
        return self.letters[: self.columns]

    @property
    def tiles(self) -> int:
        return self.high * self.copies


@dataclass(frozen=True)
class Board:
    """One player's tiles: each main row is 1..end (0 = not started yet); columns top to bottom."""

    ends: tuple[int, ...]
    columns: tuple[tuple[int, ...], ...]

    @classmethod
    def empty(cls, rules: Rules) -> "Board":
        return cls((0,) * rules.rows, ((),) * rules.columns)

    @property
    def on_rows(self) -> int:
        """Tiles in the main rows: a row ending at e holds e tiles."""
        return sum(self.ends)

    @property
    def tiles_left(self) -> int:
        """Called tiles not in a main row (they are all in columns)."""
        return sum(map(len, self.columns))


@dataclass(frozen=True)
class Violation:
    """The first broken rule: which call, which part of the token, and the facts that explain it.

    `reason` names the explanation (`check.explain.<reason>` in the language files), `facts` fills it.
    `part` is 0 for the placement (or the call itself) and n for the n-th move of the token. `board` is the
    board at that moment: before the token for part 0, else after the placement and the moves before move n,
    so the board and the explanation describe one state. `marked` is the column whose bottom tile the broken
    move tried to take, or None.
    """

    rule: str
    call: int
    reason: str
    facts: dict = field(default_factory=dict)
    part: int = 0
    board: Board | None = None
    position: Position | None = None
    marked: int | None = None


@dataclass(frozen=True)
class Outcome:
    """The end of a replay: the board reached (or at the broken rule, as in the Violation) and when rows filled."""

    board: Board
    violation: Violation | None
    finished_at: int | None


def check_calls(rules: Rules, calls: Sequence[int], positions: Sequence[Position] | None = None) -> Violation | None:
    """R5: only tile numbers are called, none more than `copies` times."""
    counts = [0] * (rules.high + 1)
    high, copies = rules.high, rules.copies
    for i, number in enumerate(calls):
        if not 1 <= number <= high:
            return Violation("R5", i, "number_range", {"number": number, "high": high},
                             position=positions[i] if positions is not None else None)
        counts[number] += 1
        if counts[number] > copies:
            return Violation("R5", i, "number_copies", {"number": number, "count": counts[number], "copies": copies},
                             position=positions[i] if positions is not None else None)
    return None


def replay(rules: Rules, calls: Sequence[int], tokens: Sequence[Token], board: Board | None = None,
           positions: Sequence[Position] | None = None) -> Outcome:
    """Apply one player's tokens to the calls in order; stop at the first token that breaks a rule.

    Calls are taken as valid (see `check_calls`). `positions[i]` is looked up only for a breaking token.
    """
    start = board if board is not None else Board.empty(rules)
    ends = list(start.ends)
    cols = [list(c) for c in start.columns]
    ncols = rules.columns
    full = rules.rows * rules.high
    on_rows = sum(ends)
    finished_at = None
    for i, (number, (written, place, moves)) in enumerate(zip(calls, tokens)):
        if written is not None and written != number:
            return _broken(rules, ends, cols, positions, finished_at, i, "R6", "wrong_number",
                           {"written": written, "number": number})
        if place == ROW:
            if number != 1:
                return _broken(rules, ends, cols, positions, finished_at, i, "R8", "needs_column",
                               {"number": number})
            if 0 not in ends:
                return _broken(rules, ends, cols, positions, finished_at, i, "R7", "rows_full",
                               {"rows": rules.rows})
            ends[ends.index(0)] = 1
            on_rows += 1
        elif place >= ncols:
            return _broken(rules, ends, cols, positions, finished_at, i, "R9", "no_column",
                           _no_column(rules, place))
        elif number == 1:
            return _broken(rules, ends, cols, positions, finished_at, i, "R7", "one_to_column",
                           {"column": rules.letters[place]})
        else:
            cols[place].append(number)
        part = 0
        for column, said in moves:
            part += 1
            if column >= ncols:
                return _broken(rules, ends, cols, positions, finished_at, i, "R9", "no_column",
                               _no_column(rules, column), part)
            stack = cols[column]
            if not stack:
                return _broken(rules, ends, cols, positions, finished_at, i, "R10", "empty_column",
                               {"column": rules.letters[column]}, part)
            tile = stack[-1]
            if said is not None and said != tile:
                return _broken(rules, ends, cols, positions, finished_at, i, "R10", "wrong_bottom",
                               {"column": rules.letters[column], "bottom": tile, "written": said}, part, column)
            if tile - 1 not in ends:
                facts = {"column": rules.letters[column], "tile": tile, "need": tile - 1, "ends": list(ends)}
                return _broken(rules, ends, cols, positions, finished_at, i, "R11", "no_fit", facts, part, column)
            ends[ends.index(tile - 1)] = tile
            stack.pop()
            on_rows += 1
        if on_rows == full and finished_at is None:
            finished_at = i + 1
    return Outcome(Board(tuple(ends), tuple(map(tuple, cols))), None, finished_at)


def step(rules: Rules, board: Board, number: int, token: Token) -> Board | Violation:
    """One call for one player: the board after the token, or the rule it breaks."""
    outcome = replay(rules, (number,), (token,), board)
    return outcome.violation or outcome.board


def _no_column(rules: Rules, column: int) -> dict:
    """R9's facts: any Latin letter names a column, so `F` (or `E` with four columns) breaks the columns rule."""
    return {"column": extended_letters(rules.letters)[column], "columns": rules.columns,
            "letters": rules.column_letters}


def _broken(rules: Rules, ends: list[int], cols: list[list[int]], positions, finished_at, i: int, rule: str,
            reason: str, facts: dict, part: int = 0, marked: int | None = None) -> Outcome:
    """The Outcome of a broken rule, with the board as it stands at that moment (see Violation)."""
    board = Board(tuple(ends), tuple(map(tuple, cols)))
    violation = Violation(rule, i, reason, facts, part, board, positions[i] if positions is not None else None,
                          marked)
    return Outcome(board, violation, finished_at)

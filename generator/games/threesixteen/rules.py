"""The one home of 3x16 legality: where a called tile may go, which column bottoms may move, and the first rule a
token breaks.

Python-chess is the model. `legal_places` and `legal_shifts` say what a player may do now (place the called tile,
then move column bottoms onto rows one at a time); `check` returns None or the Violation a token commits, and
`is_legal` says yes or no. The engine applies only tokens that passed `check`; the record replay, the strategies,
the solver's plans and the simulator ask here, and nothing else decides legality. `check_token` reads plain
sequences (row ends, columns) and never changes them, so the replay loop can keep its own fast lists.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...errors import Position
from .notation import ROW, Token, extended_letters

#: what a Violation cites instead of a rule when a number written in a token does not match the call or the tile
#: it moves: the letters say what happened, so the record has a slip of the pen, and no rule is broken
SLIP = "slip"


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
        """Rules of the game data (`content.games["threesixteen"]`); a record may play with fewer columns than the
        game allows."""
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


def fits(tile: int, ends: Sequence[int]) -> bool:
    """R11: a tile may go onto a row whose last tile is one less (a 1 onto a row not started)."""
    return tile - 1 in ends


def legal_places(rules: Rules, board: Board, number: int) -> tuple[int, ...]:
    """Where a called `number` may go: a 1 starts a row while one is free (R7), any other number goes under any
    column (R8, R9)."""
    if number == 1:
        return (ROW,) if 0 in board.ends else ()
    return tuple(range(rules.columns))


def legal_shifts(board: Board) -> tuple[int, ...]:
    """The columns whose bottom tile may move onto a row now (R10, R11), left to right."""
    ends = board.ends
    return tuple(i for i, column in enumerate(board.columns) if column and fits(column[-1], ends))


def check(rules: Rules, board: Board, number: int, token: Token) -> Violation | None:
    """The first rule a token breaks for a called `number` on `board`, or None when it is legal."""
    return check_token(rules, board.ends, board.columns, number, token)


def is_legal(rules: Rules, board: Board, number: int, token: Token) -> bool:
    return check_token(rules, board.ends, board.columns, number, token) is None


def check_token(rules: Rules, ends: Sequence[int], columns: Sequence[Sequence[int]], number: int, token: Token,
                call: int = 0) -> Violation | None:
    """`check` on plain sequences, for call index `call`; `ends` and `columns` are read, never changed.

    A number written in the token that does not match is a slip only when the letters alone break no rule: `3B>A2`
    where column A's bottom tile is 4 breaks R11 as `3B>A` does, and that rule is what is cited."""
    broken = _check_token(rules, ends, columns, number, token, call)
    if broken is not None and broken.rule == SLIP:
        letters_only = (None, token[1], tuple((column, None) for column, _ in token[2]))
        return _check_token(rules, ends, columns, number, letters_only, call) or broken
    return broken


def _check_token(rules: Rules, ends: Sequence[int], columns: Sequence[Sequence[int]], number: int, token: Token,
                 call: int) -> Violation | None:
    written, place, moves = token
    if written is not None and written != number:
        return _broken(ends, columns, call, SLIP, "wrong_number", {"written": written, "number": number})
    if place == ROW:
        if number != 1:
            return _broken(ends, columns, call, "R8", "needs_column", {"number": number})
        if 0 not in ends:
            return _broken(ends, columns, call, "R7", "rows_full", {"rows": rules.rows})
    elif place >= rules.columns:
        return _broken(ends, columns, call, "R9", "no_column", _no_column(rules, place))
    elif number == 1:
        return _broken(ends, columns, call, "R7", "one_to_column", {"column": rules.letters[place]})
    if not moves:
        return None
    # each move reads the board after the placement and the moves before it; nothing is copied but the row ends:
    # `taken[c]` counts the tiles moved off column c so far, and the placed tile is under its column
    row_ends = list(ends)
    if place == ROW:
        row_ends[row_ends.index(0)] = 1
    taken = dict.fromkeys((column for column, _ in moves), 0)
    part = 0
    for column, said in moves:
        part += 1
        if column >= rules.columns:
            return _broken(row_ends, columns, call, "R9", "no_column", _no_column(rules, column), part,
                           number, place, taken)
        stack = columns[column]
        depth = len(stack) + (column == place) - taken[column]     # tiles in the column now
        if not depth:
            return _broken(row_ends, columns, call, "R10", "empty_column", {"column": rules.letters[column]}, part,
                           number, place, taken)
        tile = number if depth > len(stack) else stack[depth - 1]
        if said is not None and said != tile:
            return _broken(row_ends, columns, call, SLIP, "wrong_bottom",
                           {"column": rules.letters[column], "bottom": tile, "written": said}, part, number, place,
                           taken, column)
        if tile - 1 not in row_ends:
            return _broken(row_ends, columns, call, "R11", "no_fit",
                           {"column": rules.letters[column], "tile": tile, "need": tile - 1, "ends": list(row_ends)},
                           part, number, place, taken, column)
        row_ends[row_ends.index(tile - 1)] = tile
        taken[column] += 1
    return None


def _no_column(rules: Rules, column: int) -> dict:
    """R9's facts: any Latin letter names a column, so `F` (or `E` with four columns) breaks the columns rule."""
    return {"column": extended_letters(rules.letters)[column], "columns": rules.columns,
            "letters": rules.column_letters}


def _broken(ends: Sequence[int], columns: Sequence[Sequence[int]], call: int, rule: str, reason: str, facts: dict,
            part: int = 0, number: int = 0, place: int = ROW, taken: dict[int, int] | None = None,
            marked: int | None = None) -> Violation:
    """The Violation with the board as it stands at that moment: after the placement of `number` at `place` and
    the `taken` tiles moved off their columns, for a move (part > 0); the board before the token for part 0."""
    board = Board(tuple(ends), tuple(map(tuple, columns)))
    if part:
        board = Board(board.ends, tuple(
            (column + (number,) if i == place else column)[: len(column) + (i == place) - (taken or {}).get(i, 0)]
            for i, column in enumerate(board.columns)))
    return Violation(rule, call, reason, facts, part, board, None, marked)

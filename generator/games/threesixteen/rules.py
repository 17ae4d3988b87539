"""The one home of 3x16 legality: where a called tile may go, which column bottoms may move, and the first rule a
token breaks.

Python-chess is the model. `legal_places` and `legal_shifts` say what a player may do now (place the called tile,
then move column bottoms onto rows one at a time); `check` returns None or the Violation a token commits, and
`is_legal` says yes or no. The engine applies only tokens that passed `check`; the record replay, the strategies,
the solver's plans and the simulator ask here, and nothing else decides legality. `check_token` reads plain
sequences (row ends, columns) and never changes them, so the replay loop can keep its own fast lists.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import NamedTuple, Protocol, Sequence

from ...checking import Violation
from ...errors import Position
from .notation import ROW, Move, Token, extended_letters

#: what a Violation cites instead of a rule when a number written in a token does not match the call or the tile
#: it moves: the letters say what happened, so the record has a slip of the pen, and no rule is broken
SLIP = "slip"


class Rule(StrEnum):
    """Every rule the code cites, by the name game.yaml gives it; its printed id (R11) comes from there."""

    CALLS = "calls"
    ONES_START_ROWS = "ones_start_rows"
    OTHERS_TO_COLUMNS = "others_to_columns"
    COLUMNS = "columns"
    COLUMN_BOTTOMS = "column_bottoms"
    ROW_FIT = "row_fit"
    WINNER = "winner"
    SOLO = "solo"


class _NamedRule(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


class GameData(Protocol):
    """What the rules read of the game data (model.ThreeSixteenGame)."""

    @property
    def high(self) -> int: ...

    @property
    def copies(self) -> int: ...

    @property
    def rows(self) -> int: ...

    @property
    def columns(self) -> Sequence[str]: ...

    @property
    def rules(self) -> Sequence[_NamedRule]: ...


def rule_ids(game: GameData) -> dict[str, str]:
    """The printed id of each rule name of the game data."""
    return {rule.name: rule.id for rule in game.rules}


@cache
def _shipped_rule_ids() -> dict[str, str]:
    """The rule ids of the shipped game data, for Rules made without game data (a test's, the caller's)."""
    from ...content.folders import default_root
    from ...content.load import load_game
    from ...content.model_parts import NamedRuleRef

    game, _ = load_game(default_root(), "threesixteen")    # 3x16's model: its rules are NamedRuleRefs
    return {rule.name: rule.id for rule in game.rules if isinstance(rule, NamedRuleRef)}


@dataclass(frozen=True)
class Rules:
    """The numbers that shape a game: tiles 1..high, `copies` of each, `rows` main rows, `columns` columns; and
    the printed id of each rule name (the shipped game data's when none are given)."""

    high: int = 16
    copies: int = 3
    rows: int = 3
    columns: int = 5
    letters: str = "ABCDE"
    ids: Mapping[str, str] | None = field(default=None, compare=False)

    @classmethod
    def from_game(cls, game: GameData, columns: int | None = None) -> "Rules":
        """Rules of the game data (`content.games["threesixteen"]`); a record may play with fewer columns than the
        game allows."""
        letters = "".join(game.columns)
        return cls(game.high, game.copies, game.rows, columns or len(letters), letters, rule_ids(game))

    def cite(self, rule: str) -> str:
        """The id the rulebook prints for `rule` (a Rule; SLIP stays itself: it is no rule)."""
        if rule == SLIP:
            return SLIP
        return (self.ids if self.ids is not None else _shipped_rule_ids())[rule]

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


class TokenPart(NamedTuple):
    """Which piece of a token broke a rule: `move` 0 for the placement (or the call itself), n for the token's
    n-th move; `column` the column whose bottom tile that move tried to take, or None."""

    move: int = 0
    column: int | None = None


#: a 3x16 broken rule: `number` is the 0-based call, `state` the board at that moment (before the token for
#: move 0, else after the placement and the moves before move n, so the board and the explanation describe one
#: state), `player` the player's name (None: the call itself breaks it)
TokenViolation = Violation[TokenPart, Board]


def check_calls(rules: Rules, calls: Sequence[int], positions: Sequence[Position] | None = None) -> TokenViolation | None:
    """Only tile numbers are called, none more than `copies` times."""
    counts = [0] * (rules.high + 1)
    high, copies = rules.high, rules.copies
    for i, number in enumerate(calls):
        where = positions[i] if positions is not None else None
        if not 1 <= number <= high:
            return TokenViolation(rules.cite(Rule.CALLS), "number_range", {"number": number, "high": high}, TokenPart(),
                             where, i)
        counts[number] += 1
        if counts[number] > copies:
            return TokenViolation(rules.cite(Rule.CALLS), "number_copies",
                             {"number": number, "count": counts[number], "copies": copies}, TokenPart(), where, i)
    return None


def fits(tile: int, ends: Sequence[int]) -> bool:
    """A tile may go onto a row whose last tile is one less (a 1 onto a row not started)."""
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


def check(rules: Rules, board: Board, number: int, token: Token) -> TokenViolation | None:
    """The first rule a token breaks for a called `number` on `board`, or None when it is legal."""
    return check_token(rules, board.ends, board.columns, number, token)


def is_legal(rules: Rules, board: Board, number: int, token: Token) -> bool:
    return check_token(rules, board.ends, board.columns, number, token) is None


def check_token(rules: Rules, ends: Sequence[int], columns: Sequence[Sequence[int]], number: int, token: Token,
                call: int = 0) -> TokenViolation | None:
    """`check` on plain sequences, for call index `call`; `ends` and `columns` are read, never changed.

    A number written in the token that does not match is a slip only when the letters alone break no rule: `3B>A2`
    where column A's bottom tile is 4 breaks R11 as `3B>A` does, and that rule is what is cited."""
    broken = _check_token(rules, ends, columns, number, token, call)
    if broken is not None and broken.rule == SLIP:
        _, place, moves = token
        letters_only = Token(None, place, tuple(Move(column, None) for column, _ in moves))
        return _check_token(rules, ends, columns, number, letters_only, call) or broken
    return broken


def _check_token(rules: Rules, ends: Sequence[int], columns: Sequence[Sequence[int]], number: int, token: Token,
                 call: int) -> TokenViolation | None:
    written, place, moves = token
    if written is not None and written != number:
        return _broken(rules, ends, columns, call, SLIP, "wrong_number", {"written": written, "number": number})
    if place == ROW:
        if number != 1:
            return _broken(rules, ends, columns, call, Rule.OTHERS_TO_COLUMNS, "needs_column", {"number": number})
        if 0 not in ends:
            return _broken(rules, ends, columns, call, Rule.ONES_START_ROWS, "rows_full", {"rows": rules.rows})
    elif place >= rules.columns:
        return _broken(rules, ends, columns, call, Rule.COLUMNS, "no_column", _no_column(rules, place))
    elif number == 1:
        return _broken(rules, ends, columns, call, Rule.ONES_START_ROWS, "one_to_column",
                       {"column": rules.letters[place]})
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
            return _broken(rules, row_ends, columns, call, Rule.COLUMNS, "no_column", _no_column(rules, column),
                           part, number, place, taken)
        stack = columns[column]
        depth = len(stack) + (column == place) - taken[column]     # tiles in the column now
        if not depth:
            return _broken(rules, row_ends, columns, call, Rule.COLUMN_BOTTOMS, "empty_column",
                           {"column": rules.letters[column]}, part, number, place, taken)
        tile = number if depth > len(stack) else stack[depth - 1]
        if said is not None and said != tile:
            return _broken(rules, row_ends, columns, call, SLIP, "wrong_bottom",
                           {"column": rules.letters[column], "bottom": tile, "written": said}, part, number, place,
                           taken, column)
        if tile - 1 not in row_ends:
            return _broken(rules, row_ends, columns, call, Rule.ROW_FIT, "no_fit",
                           {"column": rules.letters[column], "tile": tile, "need": tile - 1, "ends": list(row_ends)},
                           part, number, place, taken, column)
        row_ends[row_ends.index(tile - 1)] = tile
        taken[column] += 1
    return None


def _no_column(rules: Rules, column: int) -> dict[str, object]:
    """The columns rule's facts: any Latin letter names a column, so `F` (or `E` with four columns) breaks it."""
    return {"column": extended_letters(rules.letters)[column], "columns": rules.columns,
            "letters": rules.column_letters}


def _broken(rules: Rules, ends: Sequence[int], columns: Sequence[Sequence[int]], call: int, rule: str, reason: str,
            facts: dict[str, object], part: int = 0, number: int = 0, place: int = ROW,
            taken: dict[int, int] | None = None, marked: int | None = None) -> TokenViolation:
    """The Violation with the board as it stands at that moment: after the placement of `number` at `place` and
    the `taken` tiles moved off their columns, for a move (part > 0); the board before the token for part 0."""
    board = Board(tuple(ends), tuple(map(tuple, columns)))
    if part:
        board = Board(board.ends, tuple(
            (column + (number,) if i == place else column)[: len(column) + (i == place) - (taken or {}).get(i, 0)]
            for i, column in enumerate(board.columns)))
    return TokenViolation(rules.cite(rule), reason, facts, TokenPart(part, marked), None, call, None, board)

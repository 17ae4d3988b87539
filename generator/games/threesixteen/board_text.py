"""A player's board drawn as text for a checker message: rows left to right, columns side by side downward."""
from __future__ import annotations

from ...content.texts import Texts
from .rules import Board, Rules


MARK = "*"


def board_lines(board: Board, rules: Rules, texts: Texts, indent: str = "  ", marked: int | None = None) -> list[str]:
    """Rows first (each row is 1..its end), then the columns with their bottom tile lowest, as on the table.

    `marked` is a column whose bottom tile gets a star (the tile a broken move tried to take).
    """
    empty = texts.get("check.empty_row")
    lines = []
    for n, end in enumerate(board.ends, 1):
        tiles = " ".join(map(str, range(1, end + 1))) if end else empty
        lines.append(f"{indent}{texts.get('board.row', n=n)}: {tiles}")
    lines.append(indent + texts.get("check.columns_header"))
    width = max(2, len(str(rules.high)))
    columns = board.columns
    slot = "" if marked is None else " "       # room after each cell for the mark, so the cells stay aligned
    lines.append(indent + "  " + " ".join(letter.rjust(width) + slot for letter in rules.column_letters).rstrip())
    depth = max(1, max(map(len, columns), default=0))
    for level in range(depth):
        cells = [str(c[level]) if level < len(c) else (empty if level == 0 else "") for c in columns]
        cells = [cell.rjust(width) + slot for cell in cells]
        if marked is not None and level == len(columns[marked]) - 1:
            cells[marked] = cells[marked][:-1] + MARK
        lines.append((indent + "  " + " ".join(cells)).rstrip())
    if marked is not None:
        lines.append(indent + texts.get("check.marked", mark=MARK))
    return lines


def board_json(board: Board, rules: Rules, marked: int | None = None) -> dict[str, object]:
    """Rows as their tiles, columns by letter from top to bottom (the last is the bottom tile), the marked column."""
    return {
        "rows": [list(range(1, end + 1)) for end in board.ends],
        "columns": {letter: list(column) for letter, column in zip(rules.column_letters, board.columns)},
        "marked": rules.column_letters[marked] if marked is not None else None,
    }
